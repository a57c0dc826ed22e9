"""The generated coordination tasks 31, 43 and 48 (see coordination.py): fires and braziers lit together
at the signal, twenty round Brindlemark (31), five bonfires with harvest loaves (43), two braziers at
the ford (48); one `watch` call each (taskgen/posts.py)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.posts import Keeper, Maker, Post, Stage, Top, Watch, watch


_FIRES = [  # (post id, name, near, the side its site stands on)
    ("north_mill", "North Mill fire", (109, 96), (0, -1)),
    ("north_road", "North Road fire", (120, 96), (0, -1)),
    ("goblin_hill", "Hill fire", (142, 96), (0, -1)),
    ("orchard", "Orchard fire", (153, 96), (0, -1)),
    ("east_wood", "East Wood fire", (160, 111), (1, 0)),
    ("east_road", "East Road fire", (160, 122), (1, 0)),
    ("pasture", "Pasture fire", (160, 133), (1, 0)),
    ("farm_lane", "Farm Lane fire", (153, 150), (0, 1)),
    ("brook", "Brook fire", (142, 150), (0, 1)),
    ("south_road", "South Road fire", (131, 150), (0, 1)),
    ("mill_lane", "Mill Lane fire", (120, 150), (0, 1)),
    ("old_mill", "Old Mill fire", (109, 150), (0, 1)),
    ("river_bend", "River Bend fire", (100, 133), (-1, 0)),
    ("west_road", "West Road fire", (100, 122), (-1, 0)),
    ("west_field", "West Field fire", (104, 112), (-1, 0)),
    ("north_west", "Northwest fire", (104, 104), (-1, -1)),
    ("south_field", "South Field fire", (126, 158), (0, 1)),
    ("east_hill", "East Hill fire", (156, 106), (1, -1)),
    ("lake_road", "Lake Road fire", (165, 128), (1, 0)),
    ("far_south", "Far South fire", (100, 144), (-1, 1)),
]


# (node, gather, recipe, also, station, keeper skills, tools, recipes)
_FIRE_WORK = [  # in turn: how a fire is raised (Post fields), and the skills and tools its keeper brings
    (dict(node="sandstone_rock", gather=10), {"mining": 10}, {"bronze_pickaxe": 1}, []),
    (
        dict(node="oak_tree", gather=8, recipe="oak_stick"),
        {"lumberjacking": 15},
        {"bronze_axe": 1},
        ["oak_stick"],
    ),
    (
        dict(node="pine_tree", gather=6, also={"sandstone_rock": 4}),
        {"lumberjacking": 15, "mining": 10},
        {"bronze_axe": 1, "bronze_pickaxe": 1},
        [],
    ),
    (
        dict(node="flax_field", gather=8, recipe="rope", also={"oak_tree": 3}),
        {"foraging": 10, "crafting": 5, "lumberjacking": 15},
        {"knife": 1, "bronze_axe": 1},
        ["rope"],
    ),
    (
        dict(node="sandstone_rock", gather=3, also={"reed_bed": 12}, also_recipe="reed_basket"),
        {"foraging": 10, "crafting": 5, "mining": 10},
        {"knife": 1, "bronze_pickaxe": 1},
        ["reed_basket"],
    ),
]


# each keeper starts a short walk from some post (the survey, not the spawn, says whose post is whose)
_FIRE_SPAWNS = [
    (114, 100),
    (125, 100),
    (137, 100),
    (149, 100),
    (155, 115),
    (155, 126),
    (155, 137),
    (149, 145),
    (137, 145),
    (126, 145),
    (115, 145),
    (104, 146),
    (106, 129),
    (106, 118),
    (108, 108),
    (110, 103),
    (130, 155),
    (151, 104),
    (160, 126),
    (105, 140),
]


def drafts() -> list[Draft]:
    return [task_31(), task_43(), task_48()]


def task_48(light=22) -> Draft:
    posts = [
        Post(
            "west_bank_post",
            "West Bank brazier post",
            (90, 37),
            "first_keeper",
            node="pine_tree",
            gather=6,
            recipe="pine_stick",
            top=Top("west_bank_brazier", "West Bank brazier", {"ember_core": 1}),
            work=4,
            direction=(0, 1),
        ),
        Post(
            "east_bank_post",
            "East Bank brazier post",
            (102, 37),
            "second_keeper",
            node="sandstone_rock",
            gather=6,
            top=Top("east_bank_brazier", "East Bank brazier", {"ember_core": 1}),
            work=4,
            direction=(0, 1),
        ),
    ]
    keepers = [
        Keeper(
            "first_keeper",
            "Bridge warden",
            "stonefoot_camp",
            {"fletching": 45, "lumberjacking": 20, "mining": 10},
            {"bronze_axe": 1, "bronze_pickaxe": 1},
            ["pine_stick"],
        ),
        Keeper(
            "second_keeper",
            "Bridge warden",
            (71, 48),
            {"fletching": 45, "lumberjacking": 20, "mining": 10},
            {"bronze_axe": 1, "bronze_pickaxe": 1},
            ["pine_stick"],
        ),
    ]
    makers = [
        Maker(
            "ember_smith",
            "Ember smith",
            "deepdelve_mine",
            {"mining": 55, "smithing": 55},
            {"bronze_pickaxe": 1},
            [
                Stage("gather", "emberstone_seam", 4, (62, 47)),
                Stage("craft", "ember_core", 2, "furnace#mine"),
                Stage("give", "ember_core", 1, "first_keeper"),
                Stage("give", "ember_core", 1, "second_keeper"),
            ],
        ),
    ]
    w = Watch("together", posts, keepers, makers, surveyor="ember_smith", light=light, reports=True)
    return watch(
        "task_48",
        "Two Braziers at the Ford",
        intro=(
            "Travellers cross Frostford Bridge by night only when braziers burn at both ends of it at once."
        ),
        w=w,
        tag="braziers2",
        why=(
            "2 ember cores (only the smith: mining 50, smithing 50), brought to each bank -> 2 brazier "
            "posts raised from pine and sandstone by 2 wardens (fletching 40) and lit in one agreed round"
        ),
        swaps=[("first_keeper", "second_keeper")],
    )


def task_31(light=27) -> Draft:
    posts, keepers = [], []
    for i, (pid, name, at, side) in enumerate(_FIRES):
        work, skills, tools, recipes = _FIRE_WORK[i % len(_FIRE_WORK)]
        keeper = f"keeper_{i + 1:02d}"
        posts.append(
            Post(
                f"{pid}_fire",
                name,
                at,
                keeper,
                **work,
                work=3,
                nodes=2,
                direction=side,
                skill="fletching",
                level=40,
            )
        )
        keepers.append(
            Keeper(keeper, "Fire keeper", _FIRE_SPAWNS[i], {"fletching": 45, **skills}, dict(tools), recipes)
        )
    w = Watch("together", posts, keepers, surveyor="keeper_01", herald="keeper_20", signal=light, light=light)
    return watch(
        "task_31",
        "The Night of Twenty Fires",
        intro=(
            "On the longest night, Brindlemark's old oath asks for fires at twenty places around the "
            "town, all lit together at the signal, so that every road home can be seen from the walls."
        ),
        w=w,
        tag="fires20",
        why=(
            "20 fires raised around Brindlemark from sandstone, sticks, pine and stone, rope and oak, "
            "reed baskets by 20 keepers (fletching 40), each sent to a post by the surveyor, all lit in "
            "the round of the signal"
        ),
    )


def _offering(pid: str, name: str) -> Top:
    """A harvest loaf laid in a bonfire, lit by its last build."""
    return Top(f"{pid}_fire", f"{name} fire", {"harvest_loaf": 1})


def task_43(light=32) -> Draft:
    posts = [
        Post(
            "gate_post",
            "East Gate bonfire",
            (150, 112),
            "first_keeper",
            node="oak_tree",
            gather=4,
            recipe="oak_stick",
            fetch=(158, 137),
            top=_offering("gate", "East Gate"),
            work=4,
            direction=(1, 0),
        ),
        Post(
            "meadow_post",
            "Meadow bonfire",
            (166, 128),
            "second_keeper",
            node="pine_tree",
            gather=6,
            fetch=(158, 137),
            top=_offering("meadow", "Meadow"),
            work=4,
            direction=(0, -1),
        ),
        Post(
            "farm_post",
            "Farm bonfire",
            (172, 145),
            "third_keeper",
            node="flax_field",
            gather=8,
            recipe="rope",
            fetch=(158, 137),
            top=_offering("farm", "Farm"),
            work=3,
            direction=(1, 0),
        ),
        Post(
            "brook_post",
            "Brook bonfire",
            (158, 152),
            "fourth_keeper",
            node="reed_bed",
            gather=12,
            recipe="reed_basket",
            fetch=(158, 137),
            top=_offering("brook", "Brook"),
            work=4,
            direction=(0, 1),
            nodes=3,
        ),
        Post(
            "mill_post",
            "Mill Road bonfire",
            (146, 142),
            "fifth_keeper",
            node="sandstone_rock",
            gather=6,
            fetch=(158, 137),
            top=_offering("mill", "Mill Road"),
            work=4,
            direction=(-1, 0),
        ),
    ]
    keepers = [
        Keeper(
            "first_keeper",
            "Harvest warden",
            "greenhollow_farm",
            {"fletching": 45, "lumberjacking": 15, "crafting": 5, "foraging": 10},
            {"bronze_axe": 1, "knife": 1},
            ["oak_stick", "rope", "reed_basket"],
        ),
        Keeper(
            "second_keeper",
            "Harvest warden",
            (157, 138),
            {"fletching": 45, "lumberjacking": 15},
            {"bronze_axe": 1},
            ["oak_stick"],
        ),
        Keeper(
            "third_keeper",
            "Harvest warden",
            (159, 138),
            {"fletching": 45, "foraging": 10, "crafting": 5},
            {"knife": 1},
            ["rope", "reed_basket"],
        ),
        Keeper(
            "fourth_keeper",
            "Harvest warden",
            (157, 140),
            {"fletching": 45, "foraging": 10, "crafting": 5, "mining": 10},
            {"knife": 1, "bronze_pickaxe": 1},
            ["reed_basket", "rope"],
        ),
        Keeper(
            "fifth_keeper",
            "Harvest warden",
            (159, 140),
            {"fletching": 45, "mining": 10},
            {"bronze_pickaxe": 1},
            [],
        ),
    ]
    makers = [
        Maker(
            "baker",
            "Harvest baker",
            "brindlemark_inn",
            {"foraging": 25, "cooking": 80},
            {"knife": 1, "wheat": 10},
            [
                Stage("gather", "wild_hive", 5, (135, 136), nodes=3),
                Stage("craft", "harvest_loaf", 5, "cooking_range#town"),
                Stage("give", "harvest_loaf", 1, "second_keeper", meet=True, via=(158, 137)),
                Stage("give", "harvest_loaf", 1, "fifth_keeper", meet=True),
                Stage("give", "harvest_loaf", 1, "fourth_keeper", meet=True),
                Stage("give", "harvest_loaf", 1, "first_keeper", meet=True),
                Stage("give", "harvest_loaf", 1, "third_keeper", meet=True),
            ],
        ),
    ]
    w = Watch(
        "together",
        posts,
        keepers,
        makers,
        surveyor="first_keeper",
        herald="fifth_keeper",
        signal=light,
        light=light,
    )
    return watch(
        "task_43",
        "Five Fires for the Harvest Roads",
        intro=(
            "The harvest fair opens when bonfires burn together on the five roads into Greenhollow, each "
            "with a harvest loaf laid in it, at the signal and not before."
        ),
        w=w,
        tag="harvest5",
        why=(
            "5 harvest loaves (only the baker: cooking 75), handed over at the farm -> 5 bonfires raised "
            "by 5 wardens (fletching 40) and lit together at the signal"
        ),
    )
