"""The generated coordination tasks (ids 22, 23, 28, 31, 38, 43, 48, 91, 92, 93, 98): one motif call per task.

Every task is a `watch` (taskgen/posts.py): keepers who must work out who holds which post and when, then
raise their posts from what grows beside them and light them together, in order from a signal, or hold
them while a central site is built; makers bring what only they can make.
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.posts import Central, Keeper, Maker, Post, Stage, Top, Watch, watch

TOWN_BENCH = "workbench#town"
AXE, PICK, KNIFE = {"bronze_axe": 1}, {"bronze_pickaxe": 1}, {"knife": 1}  # the gathering tools keepers carry


def _lamp(post: str, name: str, oil: bool = False) -> Top:
    """The lamp hung on a post: a stormlamp (and its first filling of stormeel oil), lit by its last build."""
    return Top(f"{post}_lamp", f"{name} lamp", {"stormlamp": 1, **({"stormeel_oil": 1} if oil else {})})


def drafts() -> list[Draft]:
    made = [
        task_22(),
        task_23(),
        task_28(),
        task_31(),
        task_38(),
        task_43(),
        task_48(),
        task_91(),
        task_92(),
        task_93(),
        task_98(),
    ]
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


def task_23(light=28) -> Draft:
    posts = [
        Post(
            "village_light",
            "Saltreach light",
            (199, 197),
            "first_keeper",
            node="palm_tree",
            gather=9,
            nodes=2,
            recipe="palm_stick",
            supply={"stormeel_oil": 1},
            work=4,
            skill="crafting",
            level=30,
            direction=(0, -1),
        ),
        Post(
            "strand_light",
            "Strand light",
            (226, 214),
            "second_keeper",
            node="reed_bed",
            gather=18,
            recipe="reed_basket",
            supply={"stormeel_oil": 1},
            work=4,
            skill="crafting",
            level=30,
            direction=(0, 1),
            nodes=3,
        ),
        Post(
            "lighthouse_light",
            "Lighthouse light",
            (232, 240),
            "third_keeper",
            node="sandstone_rock",
            gather=10,
            nodes=2,
            supply={"stormeel_oil": 1},
            work=4,
            skill="crafting",
            level=30,
            direction=(0, -1),
        ),
    ]
    keepers = [
        Keeper(
            "first_keeper",
            "Coast warden",
            "saltreach_village",
            {"crafting": 35, "lumberjacking": 20, "fletching": 20, "foraging": 10},
            {"bronze_axe": 1, "knife": 1},
            ["palm_stick", "reed_basket"],
        ),
        Keeper(
            "second_keeper",
            "Coast warden",
            (201, 199),
            {"crafting": 35, "foraging": 10, "mining": 10},
            {"knife": 1, "bronze_pickaxe": 1},
            ["reed_basket"],
        ),
        Keeper(
            "third_keeper",
            "Coast warden",
            (202, 201),
            {"crafting": 35, "mining": 10, "lumberjacking": 20, "fletching": 20},
            {"bronze_pickaxe": 1, "bronze_axe": 1},
            ["palm_stick"],
        ),
    ]
    makers = [
        Maker(
            "oil_renderer",
            "Oil renderer",
            (204, 205),
            {"fishing": 55, "cooking": 50},
            {"fishing_rod": 1},
            [
                Stage("gather", "stormeel_run", 6, (208, 210)),
                Stage("craft", "stormeel_oil", 3, "cooking_range#saltreach"),
                Stage("give", "stormeel_oil", 1, "first_keeper"),
                Stage("give", "stormeel_oil", 1, "second_keeper"),
                Stage("give", "stormeel_oil", 1, "third_keeper"),
            ],
        ),
    ]
    w = Watch(
        "order",
        posts,
        keepers,
        makers,
        surveyor="oil_renderer",
        herald="third_keeper",
        signal=light,
        light=light,
    )
    return watch(
        "task_23",
        "Three Lights on the Gullwatch Coast",
        intro=(
            "The Gullwatch lighthouse lens is cracked: until it is mended, ships find the channel by "
            "three oil lights along the coast, lit one after another from Saltreach to the lighthouse."
        ),
        w=w,
        tag="coast3",
        why=(
            "stormeel oil (only the renderer: cooking 45), brought to each post -> 3 coast lights raised "
            "from palm, reeds and sandstone by 3 keepers (crafting 30) and lit one a round from the "
            "signal the lighthouse keeper knows"
        ),
    )


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


def task_93() -> Draft:
    posts = [
        Post(
            "north_ward",
            "North ward",
            (20, 119),
            "first_keeper",
            node="oak_tree",
            gather=8,
            recipe="oak_stick",
            supply={"heartwood_stick": 2},
            work=4,
            skill="lumberjacking",
            level=30,
            direction=(0, -1),
        ),
        Post(
            "east_ward",
            "East ward",
            (29, 134),
            "second_keeper",
            node="willow_tree",
            gather=6,
            supply={"heartwood_stick": 2},
            work=4,
            skill="lumberjacking",
            level=30,
            direction=(1, 0),
            nodes=2,
        ),
    ]
    keepers = [
        Keeper(
            "first_keeper",
            "Forest warden",
            (36, 128),
            {"lumberjacking": 35, "fletching": 5},
            {"bronze_axe": 1},
            ["oak_stick"],
        ),
        Keeper(
            "second_keeper",
            "Forest warden",
            (36, 126),
            {"lumberjacking": 35, "fletching": 5},
            {"bronze_axe": 1},
            ["oak_stick"],
        ),
    ]
    makers = [
        Maker(
            "shrine_carver",
            "Shrine carver",
            (36, 130),
            {"lumberjacking": 50, "fletching": 50},
            {"bronze_axe": 1},
            [
                Stage("gather", "heartwood_tree", 5, (13, 124)),
                Stage("craft", "heartwood_stick", 5),
                Stage("give", "heartwood_stick", 2, "first_keeper"),
                Stage("give", "heartwood_stick", 2, "second_keeper"),
            ],
        ),
    ]
    central = Central(
        "grove_shrine",
        "Grove shrine",
        "old_oak_grove",
        "shrine_carver",
        {"heartwood_stick": 6},
        work=5,
        skill="fletching",
        level=50,
        within=3,
        direction=(0, 1),
    )
    w = Watch("held", posts, keepers, makers, central=central, surveyor="shrine_carver")
    return watch(
        "task_93",
        "The Shrine of the Old Oak Grove",
        intro=(
            "The old shrine in the Old Oak Grove must be carved anew in heartwood, and the carving holds "
            "only if the grove's north and east wards are kept while it is made."
        ),
        w=w,
        tag="shrine",
        why=(
            "heartwood sticks (only the carver: lumberjacking 45) for the shrine and both wards -> 2 "
            "wards raised by 2 wardens and held at every build of the shrine (fletching 50, the carver) "
            "until it is done"
        ),
        swaps=[("first_keeper", "second_keeper")],
    )


def task_98(light=21) -> Draft:
    posts = [
        Post(
            "mouth_lamp",
            "Mine Mouth lamp",
            (56, 41),
            "first_keeper",
            node="sandstone_rock",
            gather=4,
            recipe="glass_vial",
            station="furnace#mine",
            work=4,
            skill="mining",
            level=30,
            direction=(0, 1),
        ),
        Post(
            "stonefoot_lamp",
            "Stonefoot lamp",
            (62, 54),
            "second_keeper",
            node="pine_tree",
            gather=8,
            recipe="pine_stick",
            work=4,
            skill="mining",
            level=30,
            direction=(0, 1),
        ),
        Post(
            "ridge_lamp",
            "East Ridge lamp",
            (80, 52),
            "third_keeper",
            node="coal_rock",
            gather=8,
            work=4,
            skill="mining",
            level=30,
            direction=(1, 0),
            nodes=2,
        ),
    ]
    keepers = [
        Keeper(
            "first_keeper",
            "Lamp miner",
            "stonefoot_camp",
            {"mining": 35, "lumberjacking": 15, "fletching": 10, "crafting": 5},
            {"bronze_pickaxe": 1, "bronze_axe": 1},
            ["glass_vial", "pine_stick"],
        ),
        Keeper(
            "second_keeper",
            "Lamp miner",
            "deepdelve_mine",
            {"mining": 35, "lumberjacking": 15, "fletching": 10},
            {"bronze_pickaxe": 1, "bronze_axe": 1},
            ["pine_stick"],
        ),
        Keeper(
            "third_keeper",
            "Lamp miner",
            (70, 49),
            {"mining": 35, "crafting": 5},
            {"bronze_pickaxe": 1},
            ["glass_vial"],
        ),
    ]
    w = Watch(
        "order", posts, keepers, surveyor="first_keeper", herald="second_keeper", signal=light, light=light
    )
    return watch(
        "task_98",
        "Three Lamps at Deepdelve",
        intro=(
            "The miners of Deepdelve will go down only when the lamps on the mine road are lit one after "
            "another from the mine mouth outwards."
        ),
        w=w,
        tag="mine3",
        why=(
            "3 lamps raised from glass blown at the furnace, pine sticks and coal by 3 miners (mining 30)"
            " who choose posts their skills allow, lit one a round from the signal"
        ),
    )


def task_28(light=19) -> Draft:
    raise_with = dict(skill="mining", level=30)
    posts = [
        Post(
            "mine_beacon",
            "Mine Road beacon",
            (56, 40),
            "beacon_keeper_1",
            node="pine_tree",
            gather=6,
            recipe="pine_stick",
            work=3,
            direction=(0, -1),
            **raise_with,
        ),
        Post(
            "crag_beacon",
            "Crag beacon",
            (72, 56),
            "beacon_keeper_2",
            node="sandstone_rock",
            gather=4,
            recipe="glass_vial",
            station="furnace#mine",
            work=3,
            direction=(0, 1),
            **raise_with,
        ),
        Post(
            "ridge_beacon",
            "Ridge beacon",
            (88, 46),
            "beacon_keeper_3",
            node="coal_rock",
            gather=4,
            also={"sandstone_rock": 3},
            work=4,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "hollow_beacon",
            "Hollow beacon",
            (116, 60),
            "beacon_keeper_4",
            node="oak_tree",
            gather=6,
            recipe="oak_stick",
            work=4,
            direction=(0, 1),
            **raise_with,
        ),
        Post(
            "tarn_road_beacon",
            "Tarn Road beacon",
            (115, 45),
            "beacon_keeper_5",
            node="iron_rock",
            gather=6,
            work=4,
            direction=(-1, 0),
            nodes=2,
            **raise_with,
        ),
        Post(
            "camp_beacon",
            "Camp beacon",
            (130, 50),
            "beacon_keeper_6",
            node="reed_bed",
            gather=6,
            recipe="reed_basket",
            also={"iron_rock": 3},
            work=4,
            direction=(0, -1),
            nodes=3,
            **raise_with,
        ),
        Post(
            "gate_road_beacon",
            "Gate Road beacon",
            (145, 46),
            "beacon_keeper_7",
            node="pine_tree",
            gather=5,
            also={"iron_rock": 3},
            work=5,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "gate_beacon",
            "Glacier Gate beacon",
            (150, 34),
            "beacon_keeper_8",
            node="sandstone_rock",
            gather=8,
            work=5,
            direction=(0, 1),
            nodes=2,
            **raise_with,
        ),
    ]

    def keeper(name, spawn, skills, inv, recipes):
        return Keeper(name, "Beacon keeper", spawn, {"mining": 35, **skills}, inv, recipes)

    keepers = [
        keeper(
            "beacon_keeper_1",
            "deepdelve_mine",
            {"lumberjacking": 20, "fletching": 10},
            {**AXE, **PICK},
            ["pine_stick", "oak_stick"],
        ),
        keeper("beacon_keeper_2", "stonefoot_camp", {"crafting": 5}, PICK, ["glass_vial"]),
        keeper("beacon_keeper_3", (86, 50), {"lumberjacking": 20}, {**PICK, **AXE}, []),
        keeper(
            "beacon_keeper_4",
            (114, 64),
            {"lumberjacking": 20, "fletching": 10},
            {**AXE, **PICK},
            ["oak_stick", "pine_stick"],
        ),
        keeper("beacon_keeper_5", (116, 56), {"crafting": 5}, PICK, ["glass_vial"]),
        keeper(
            "beacon_keeper_6",
            "frostmere_camp",
            {"foraging": 10, "crafting": 5},
            {**KNIFE, **PICK},
            ["reed_basket"],
        ),
        keeper("beacon_keeper_7", (132, 62), {"lumberjacking": 20}, {**AXE, **PICK}, []),
        keeper(
            "beacon_keeper_8",
            (134, 62),
            {"foraging": 10, "crafting": 5},
            {**KNIFE, **PICK},
            ["reed_basket", "glass_vial"],
        ),
    ]
    w = Watch(
        "order",
        posts,
        keepers,
        surveyor="beacon_keeper_1",
        herald="beacon_keeper_8",
        signal=light,
        light=light,
        reports=True,
    )
    return watch(
        "task_28",
        "The Eight Beacons of the North",
        intro=(
            "A blizzard is closing the northern passes: the beacons along the road from Deepdelve to the "
            "Glacier Gate must be lit one after another, from the mine eastwards, starting at the signal."
        ),
        w=w,
        tag="north8",
        why=(
            "8 beacons raised from what grows on the north road (pine, glass blown at the mine furnace, "
            "coal, oak, iron, reeds, sandstone) by 8 keepers (mining 30) who report what they can do, "
            "sent to posts by the surveyor, lit one a round from the signal the last keeper knows"
        ),
    )


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


def task_38() -> Draft:
    posts = [
        Post(
            "north_watch",
            "North watch post",
            (106, 134),
            "first_watcher",
            node="oak_tree",
            gather=6,
            recipe="oak_stick",
            work=5,
            skill="lumberjacking",
            level=30,
            direction=(0, -1),
        ),
        Post(
            "west_watch",
            "West watch post",
            (98, 140),
            "second_watcher",
            node="sandstone_rock",
            gather=6,
            work=5,
            skill="lumberjacking",
            level=30,
            direction=(-1, 0),
        ),
        Post(
            "east_watch",
            "East watch post",
            (121, 151),
            "third_watcher",
            node="reed_bed",
            gather=12,
            recipe="reed_basket",
            work=5,
            skill="lumberjacking",
            level=30,
            direction=(1, 0),
            nodes=3,
        ),
    ]

    def watcher(name, spawn, skills, inv, recipes, pines):
        return Maker(
            name,
            "Watcher",
            spawn,
            skills,
            inv,
            [
                Stage("gather", "pine_tree", 4, pines, nodes=1),
                Stage("give", "pine_log", 4, "mastwright", via="signal_mast"),
            ],
            recipes=recipes,
        )

    makers = [
        watcher(
            "first_watcher",
            "old_mill",
            {"lumberjacking": 35, "fletching": 5},
            {"bronze_axe": 1},
            ["oak_stick"],
            (100, 142),
        ),
        watcher(
            "second_watcher",
            (104, 146),
            {"lumberjacking": 35, "mining": 10},
            {"bronze_axe": 1, "bronze_pickaxe": 1},
            [],
            (98, 156),
        ),
        watcher(
            "third_watcher",
            (108, 146),
            {"lumberjacking": 35, "foraging": 10, "crafting": 5},
            {"bronze_axe": 1, "knife": 1},
            ["reed_basket"],
            (114, 144),
        ),
        Maker(
            "mastwright",
            "Mastwright",
            (107, 150),
            {"fletching": 55, "foraging": 20, "crafting": 10},
            {"knife": 1},
            [Stage("gather", "flax_field", 4, (112, 156)), Stage("craft", "rope", 1)],
        ),
    ]
    central = Central(
        "signal_mast",
        "signal mast",
        (106, 150),
        "mastwright",
        {"pine_log": 12, "rope": 1},
        work=6,
        skill="fletching",
        level=50,
        within=3,
        direction=(0, 1),
    )
    w = Watch("held", posts, [], makers, central=central, surveyor="mastwright")
    return watch(
        "task_38",
        "The Signal Mast at the Old Mill",
        intro=(
            "Wolves have been seen on the mill road: a signal mast must be raised by the Old Mill, and "
            "the three watch posts around it kept while it goes up."
        ),
        w=w,
        tag="mast",
        why=(
            "3 watchers bring pine to the mastwright, then raise their watch posts; the mast (fletching "
            "50, only the mastwright, who twists its rope) is built while all three posts are held"
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


def task_91() -> Draft:
    raise_with = dict(skill="crafting", level=30)
    posts = [
        Post(
            "north_cairn",
            "North Hill cairn",
            (211, 168),
            "shore_warden_1",
            node="sandstone_rock",
            gather=9,
            work=5,
            nodes=2,
            direction=(0, -1),
            **raise_with,
        ),
        Post(
            "dune_cairn",
            "Dune cairn",
            (218, 180),
            "shore_warden_2",
            node="palm_tree",
            gather=7,
            recipe="palm_stick",
            work=5,
            direction=(0, -1),
            **raise_with,
        ),
        Post(
            "west_cairn",
            "West Hill cairn",
            (181, 186),
            "shore_warden_3",
            node="reed_bed",
            gather=8,
            recipe="reed_basket",
            also={"sandstone_rock": 3},
            work=4,
            direction=(-1, 0),
            nodes=2,
            **raise_with,
        ),
        Post(
            "east_cairn",
            "East Shore cairn",
            (229, 197),
            "shore_warden_4",
            node="flax_field",
            gather=8,
            recipe="rope",
            work=4,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "cove_cairn",
            "Cove Road cairn",
            (175, 203),
            "shore_warden_5",
            node="palm_tree",
            gather=4,
            also={"sandstone_rock": 3},
            work=4,
            direction=(-1, 0),
            **raise_with,
        ),
        Post(
            "bay_cairn",
            "Crag cairn",
            (187, 177),
            "shore_warden_6",
            node="sandstone_rock",
            gather=8,
            work=5,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "hill_cairn",
            "Beacon Hill cairn",
            (194, 191),
            "oil_renderer",
            node="reed_bed",
            gather=6,
            recipe="reed_basket",
            work=3,
            direction=(0, 1),
            **raise_with,
        ),
    ]

    def keeper(name, spawn, skills, inv, recipes):
        return Keeper(name, "Coast warden", spawn, {"crafting": 35, **skills}, inv, recipes)

    keepers = [
        keeper("shore_warden_1", (200, 186), {"mining": 10}, PICK, []),
        keeper("shore_warden_2", (202, 186), {"lumberjacking": 20, "fletching": 20}, AXE, ["palm_stick"]),
        keeper(
            "shore_warden_3",
            (204, 186),
            {"foraging": 10, "mining": 10},
            {**KNIFE, **PICK},
            ["reed_basket", "rope"],
        ),
        keeper("shore_warden_4", (200, 188), {"foraging": 10}, KNIFE, ["rope", "reed_basket"]),
        keeper(
            "shore_warden_5", (202, 188), {"lumberjacking": 20, "mining": 10}, {**AXE, **PICK}, ["palm_stick"]
        ),
        keeper("shore_warden_6", (204, 188), {"mining": 10}, PICK, []),
    ]
    makers = [
        Maker(
            "oil_renderer",
            "Oil renderer",
            (206, 188),
            {"fishing": 55, "cooking": 50, "crafting": 35, "foraging": 10},
            {"fishing_rod": 1, "knife": 1},
            [
                Stage("gather", "stormeel_run", 6, (198, 177)),
                Stage("craft", "stormeel_oil", 3, "cooking_range#saltreach"),
                Stage("give", "stormeel_oil", 3, "beaconwright", via="harbour_beacon"),
            ],
            recipes=["reed_basket"],
        ),
        Maker(
            "beaconwright",
            "Beaconwright",
            (206, 186),
            {"lumberjacking": 25, "crafting": 55},
            {"bronze_axe": 1},
            [Stage("gather", "duskwood_tree", 6, (212, 178))],
        ),
    ]
    central = Central(
        "harbour_beacon",
        "harbour beacon",
        (205, 182),
        "beaconwright",
        {"duskwood_log": 6, "stormeel_oil": 3},
        work=6,
        skill="crafting",
        level=50,
        within=3,
        direction=(0, 1),
    )
    w = Watch("held", posts, keepers, makers, central=central, surveyor="beaconwright")
    return watch(
        "task_91",
        "The Harbour Beacon of Saltreach",
        intro=(
            "A sea fog is rolling over the Gullwatch coast: the harbour beacon above Saltreach must be "
            "rebuilt, and it holds only if every cairn on the hills around it is kept while it goes up."
        ),
        w=w,
        tag="harbour",
        why=(
            "stormeel oil (only the renderer, who also keeps a cairn) and duskwood for the harbour beacon"
            " (crafting 50, only the beaconwright), built while all 7 shore cairns are held and raised"
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
