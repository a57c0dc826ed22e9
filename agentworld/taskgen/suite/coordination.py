"""The generated coordination tasks (ids 22, 23, 28, 31, 38, 43, 48, 91, 92, 93, 98): one motif call per task.

Every task is a `watch` (taskgen/posts.py): keepers who must work out who holds which post and when, then
raise their posts from what grows beside them and light them together, in order from a signal, or hold
them while a central site is built; makers bring what only they can make.

This module holds the town's lamps lit together (22, 92); coordination_fires.py the fires and braziers
lit together (31, 43, 48), coordination_in_order.py the lights lit one after another from a signal
(23, 28, 98), coordination_held.py the posts held while a central site goes up (38, 91, 93). `drafts()`
lists them all, in id order.
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.posts import Keeper, Maker, Post, Stage, Top, Watch, watch
from agentworld.taskgen.suite import coordination_fires as fires
from agentworld.taskgen.suite import coordination_held as held
from agentworld.taskgen.suite import coordination_in_order as in_order
from agentworld.taskgen.suite.coordination_in_order import AXE, KNIFE, PICK


TOWN_BENCH = "workbench#town"


def _lamp(post: str, name: str, oil: bool = False) -> Top:
    """The lamp hung on a post: a stormlamp (and its first filling of stormeel oil), lit by its last build."""
    return Top(f"{post}_lamp", f"{name} lamp", {"stormlamp": 1, **({"stormeel_oil": 1} if oil else {})})


def drafts() -> list[Draft]:
    made = [task_22(), task_92()] + fires.drafts() + in_order.drafts() + held.drafts()
    return sorted(made, key=lambda d: int(d.id.split("_")[1]))


def task_22() -> Draft:
    return watch(
        "task_22",
        "The Lamps of the Town Roads",
        intro=(
            "A storm is coming down on Brindlemark: the three roads into town must show lamps together, each "
            "hung on a new post and filled with stormeel oil, so that travellers can find their way in."
        ),
        w=Watch(
            "together",
            [
                Post(
                    "north_post",
                    "North Road post",
                    (130, 100),
                    "first_keeper",
                    node="oak_tree",
                    gather=8,
                    recipe="oak_stick",
                    top=_lamp("north", "North Road", oil=True),
                    fetch=TOWN_BENCH,
                    work=4,
                ),
                Post(
                    "west_post",
                    "West Road post",
                    (108, 121),
                    "second_keeper",
                    node="pine_tree",
                    gather=8,
                    recipe="pine_plank",
                    station=TOWN_BENCH,
                    top=_lamp("west", "West Road", oil=True),
                    fetch=TOWN_BENCH,
                    work=4,
                    direction=(-1, 0),
                ),
                Post(
                    "east_post",
                    "East Road post",
                    (152, 121),
                    "third_keeper",
                    node="flax_field",
                    gather=8,
                    recipe="rope",
                    top=_lamp("east", "East Road", oil=True),
                    fetch=TOWN_BENCH,
                    work=4,
                    direction=(1, 0),
                ),
            ],
            [
                Keeper(
                    "first_keeper",
                    "Lamp keeper",
                    "town_square",
                    {"fletching": 45, "lumberjacking": 20, "foraging": 20, "crafting": 10},
                    {"bronze_axe": 1, "knife": 1},
                    ["oak_stick", "rope", "pine_plank"],
                ),
                Keeper(
                    "second_keeper",
                    "Lamp keeper",
                    "brindlemark_inn",
                    {"fletching": 45, "lumberjacking": 20},
                    {"bronze_axe": 1},
                    ["oak_stick", "pine_plank"],
                ),
                Keeper(
                    "third_keeper",
                    "Lamp keeper",
                    "mayors_hall",
                    {"fletching": 45, "foraging": 20, "lumberjacking": 20, "crafting": 10},
                    {"knife": 1, "bronze_axe": 1},
                    ["rope", "oak_stick"],
                ),
            ],
            [
                Maker(
                    "lampwright",
                    "Lampwright",
                    "brindlemark_market",
                    {"mining": 50, "smithing": 50, "crafting": 55},
                    {"bronze_pickaxe": 1},
                    [
                        Stage("gather", "starsilver_vein", 6, (138, 109)),
                        Stage("craft", "starsilver_bar", 3, "furnace#town"),
                        Stage("wait", "stormeel_oil", 3, TOWN_BENCH),
                        Stage("craft", "stormlamp", 3, TOWN_BENCH),
                        Stage("give", "stormlamp", 1, "second_keeper", meet=True),
                        Stage("give", "stormlamp", 1, "first_keeper", meet=True),
                        Stage("give", "stormlamp", 1, "third_keeper", meet=True),
                    ],
                ),
                Maker(
                    "oil_renderer",
                    "Oil renderer",
                    "brindlemark_inn",
                    {"fishing": 55, "cooking": 50},
                    {"fishing_rod": 1},
                    [
                        Stage("gather", "stormeel_run", 12, (120, 136), nodes=3),
                        Stage("craft", "stormeel_oil", 6, "cooking_range#town"),
                        Stage("give", "stormeel_oil", 3, "lampwright", via=TOWN_BENCH),
                        Stage("give", "stormeel_oil", 1, "second_keeper", meet=True),
                        Stage("give", "stormeel_oil", 1, "first_keeper", meet=True),
                        Stage("give", "stormeel_oil", 1, "third_keeper", meet=True),
                    ],
                ),
            ],
            surveyor="lampwright",
            light=32,
            scouts={"oil_renderer": "third_keeper"},
        ),
        tag="lamps3:fetch",
        why=(
            "stormeel oil (only the renderer: cooking 45) -> 3 stormlamps (only the lampwright: crafting "
            "50), collected at the bench -> 3 lamp posts raised from local timber, flax and pine by 3 "
            "keepers (fletching 40) and lit in one agreed round"
        ),
    )


_TABLE = "alchemy_table#town"


def _hung_lamp(pid: str, name: str) -> Top:
    """A stormlamp hung on a flood post."""
    return Top(f"{pid}_lamp", f"{name} lamp", {"stormlamp": 1})


def _charm(pid: str, name: str) -> Top:
    """A dawnlily tincture poured at a flood post."""
    return Top(f"{pid}_charm", f"{name} charm", {"dawnlily_tincture": 1})


def task_92(light=31) -> Draft:
    raise_with = dict(skill="fletching", level=40)
    posts = [
        Post(
            "gate_post",
            "West Gate post",
            (108, 121),
            "flood_warden_1",
            node="oak_tree",
            gather=6,
            recipe="oak_stick",
            top=_hung_lamp("gate", "West Gate"),
            work=4,
            direction=(-1, 0),
            **raise_with,
        ),
        Post(
            "ford_post",
            "Ford post",
            (104, 134),
            "flood_warden_2",
            node="reed_bed",
            gather=8,
            recipe="reed_basket",
            also={"sandstone_rock": 2},
            top=_hung_lamp("ford", "Ford"),
            work=4,
            direction=(0, 1),
            nodes=2,
            **raise_with,
        ),
        Post(
            "wood_post",
            "Woodside post",
            (112, 108),
            "flood_warden_3",
            node="sandstone_rock",
            gather=8,
            top=_hung_lamp("wood", "Woodside"),
            work=4,
            direction=(0, -1),
            nodes=2,
            **raise_with,
        ),
        Post(
            "brook_post",
            "Brook post",
            (146, 143),
            "flood_warden_4",
            node="flax_field",
            gather=8,
            recipe="rope",
            top=_charm("brook", "Brook"),
            work=4,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "meadow_post",
            "Meadow post",
            (152, 128),
            "flood_warden_5",
            node="pine_tree",
            gather=7,
            top=_charm("meadow", "Meadow"),
            work=4,
            direction=(1, 0),
            nodes=2,
            **raise_with,
        ),
        Post(
            "lane_post",
            "Mill Lane post",
            (120, 142),
            "flood_warden_6",
            node="oak_tree",
            gather=4,
            also={"flax_field": 4},
            top=_charm("lane", "Mill Lane"),
            work=4,
            direction=(0, 1),
            **raise_with,
        ),
        Post(
            "inn_post",
            "Inn Yard post",
            (118, 127),
            "oil_renderer",
            node="reed_bed",
            gather=6,
            recipe="reed_basket",
            top=Top("inn_light", "Inn Yard oil light", {"stormeel_oil": 1}),
            work=3,
            direction=(-1, 0),
            **raise_with,
        ),
    ]

    def keeper(name, spawn, skills, inv, recipes):
        return Keeper(name, "Flood warden", spawn, {"fletching": 45, **skills}, inv, recipes)

    keepers = [
        keeper("flood_warden_1", "brindlemark_inn", {"lumberjacking": 15}, {**AXE, **KNIFE}, ["oak_stick"]),
        keeper(
            "flood_warden_2",
            "town_square",
            {"crafting": 5, "mining": 10, "foraging": 10},
            {**KNIFE, **PICK},
            ["reed_basket", "rope"],
        ),
        keeper("flood_warden_3", "brindlemark_market", {"mining": 10}, {**PICK, **KNIFE}, []),
        keeper(
            "flood_warden_4", "mayors_hall", {"crafting": 5, "foraging": 10}, KNIFE, ["rope", "reed_basket"]
        ),
        keeper("flood_warden_5", "brindlemark_smithy", {"lumberjacking": 15}, {**AXE, **KNIFE}, []),
        keeper(
            "flood_warden_6",
            (131, 124),
            {"lumberjacking": 15, "crafting": 5, "foraging": 10},
            {**AXE, **KNIFE},
            ["rope"],
        ),
    ]
    makers = [
        Maker(
            "lampwright",
            "Lampwright",
            (123, 116),
            {"mining": 50, "smithing": 50, "crafting": 55},
            {"bronze_pickaxe": 1},
            [
                Stage("gather", "starsilver_vein", 6, (138, 109)),
                Stage("craft", "starsilver_bar", 3, "furnace#town"),
                Stage("wait", "stormeel_oil", 3, "workbench#town"),
                Stage("craft", "stormlamp", 3, "workbench#town"),
                Stage("give", "stormlamp", 1, "flood_warden_3"),
                Stage("give", "stormlamp", 1, "flood_warden_1"),
                Stage("give", "stormlamp", 1, "flood_warden_2"),
            ],
        ),
        Maker(
            "oil_renderer",
            "Oil renderer",
            (125, 131),
            {"fishing": 55, "cooking": 50, "fletching": 45, "foraging": 10, "crafting": 5},
            {"fishing_rod": 1, "knife": 1},
            [
                Stage("gather", "stormeel_run", 8, (120, 136)),
                Stage("craft", "stormeel_oil", 4, "cooking_range#town"),
                Stage("give", "stormeel_oil", 3, "lampwright", via="workbench#town"),
            ],
            recipes=["reed_basket"],
        ),
        Maker(
            "charmbinder",
            "Charmbinder",
            (134, 131),
            {"foraging": 50, "alchemy": 50},
            {"moon_pearl": 3},
            [
                Stage("gather", "dawnlily_patch", 6, (140, 136)),
                Stage("craft", "dawnlily_tincture", 3, _TABLE),
                Stage("give", "dawnlily_tincture", 1, "flood_warden_6"),
                Stage("give", "dawnlily_tincture", 1, "flood_warden_4"),
                Stage("give", "dawnlily_tincture", 1, "flood_warden_5"),
            ],
        ),
    ]
    w = Watch(
        "together",
        posts,
        keepers,
        makers,
        surveyor="flood_warden_1",
        herald="charmbinder",
        signal=light,
        light=light,
        scouts={"oil_renderer": "flood_warden_6"},
    )
    return watch(
        "task_92",
        "Lamps and Charms for the Flood Night",
        intro=(
            "The spring flood is due: the posts around Brindlemark must all be lit together at the "
            "signal, three with stormlamps, three with dawnlily charms against the water and one with "
            "stormeel oil."
        ),
        w=w,
        tag="flood7",
        why=(
            "stormeel oil -> 3 stormlamps (lampwright) brought to the river posts, 3 dawnlily tinctures "
            "(charmbinder) brought to the pasture posts, an oil light kept by the renderer: 7 posts "
            "(fletching 40) lit together at the signal"
        ),
    )
