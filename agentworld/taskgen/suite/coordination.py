"""The generated coordination tasks (ids 22, 23, 28, 31, 38, 43, 48, 91, 92, 93, 98): one motif call per task.

Every task is a `watch` (taskgen/posts.py): keepers who must work out who holds which post and when, then
raise their posts from what grows beside them and light them together, in order from a signal, or hold
them while a central site is built; makers bring what only they can make.
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import vigil
from agentworld.taskgen.motifs_b import vigil_b
from agentworld.taskgen.posts import Central, Keeper, Maker, Post, Stage, Top, Watch, watch

TOWN_BENCH = "workbench#town"


def _lamp(post: str, name: str, oil: bool = False) -> Top:
    """The lamp hung on a post: a stormlamp (and its first filling of stormeel oil), lit by its last build."""
    return Top(f"{post}_lamp", f"{name} lamp", {"stormlamp": 1, **({"stormeel_oil": 1} if oil else {})})


def drafts() -> list[Draft]:
    made = [task_22(), task_23(), task_48(), task_93(), task_98(), *_legacy()]
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
        why="stormeel oil (only the renderer: cooking 45) -> 3 stormlamps (only the lampwright: crafting 50), "
        "collected at the bench -> 3 lamp posts raised from local timber, flax and pine by 3 keepers (fletching 40) "
        "and lit in one agreed round",
    )


def task_23(light=28):
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
        intro="The Gullwatch lighthouse lens is cracked: until it is mended, ships find the channel by three oil lights along the coast, lit one after another from Saltreach to the lighthouse.",
        w=w,
        tag="coast3",
        why="stormeel oil (only the renderer: cooking 45), brought to each post -> 3 coast lights raised from palm, "
        "reeds and sandstone by 3 keepers (crafting 30) and lit one a round from the signal the lighthouse keeper knows",
        swaps=[],
    )


def task_48(light=22):
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
        intro="Travellers cross Frostford Bridge by night only when braziers burn at both ends of it at once.",
        w=w,
        tag="braziers2",
        why="2 ember cores (only the smith: mining 50, smithing 50), brought to each bank -> 2 brazier posts raised "
        "from pine and sandstone by 2 wardens (fletching 40) and lit in one agreed round",
        swaps=[("first_keeper", "second_keeper")],
    )


def task_93():
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
        intro="The old shrine in the Old Oak Grove must be carved anew in heartwood, and the carving holds only if the grove's north and east wards are kept while it is made.",
        w=w,
        tag="shrine",
        why="heartwood sticks (only the carver: lumberjacking 45) for the shrine and both wards -> 2 wards raised by 2 "
        "wardens and held at every build of the shrine (fletching 50, the carver) until it is done",
        swaps=[("first_keeper", "second_keeper")],
    )


def task_98(light=21):
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
        intro="The miners of Deepdelve will go down only when the lamps on the mine road are lit one after another from the mine mouth outwards.",
        w=w,
        tag="mine3",
        why="3 lamps raised from glass blown at the furnace, pine sticks and coal by 3 miners (mining 30) who choose posts "
        "their skills allow, lit one a round from the signal",
    )


def _legacy() -> list[Draft]:
    return [
        vigil(
            "task_28",
            "The Six Beacons of the Frostmere",
            intro=(
                "A blizzard is closing the northern passes: six keepers must show stormlamps along the roads at "
                "the same moment, from Greyhorn Lookout to the Glacier Gate."
            ),
            keepers=[
                ("lookout_keeper", "Lookout keeper", "stonefoot_camp", "greyhorn_lookout"),
                ("ford_keeper", "Ford keeper", "north_crossroads", "frostford"),
                ("tarn_keeper", "Tarn keeper", "mayors_hall", "frostmere_tarn"),
                ("gate_keeper", "Gate keeper", "brindlemark_smithy", "glacier_gate"),
                ("den_keeper", "Den keeper", "woodcutters_camp", "ogre_den_mouth"),
                ("colonnade_keeper", "Colonnade keeper", "greenhollow_farm", "broken_colonnade"),
            ],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#frostmere",
                "spawn": "frostmere_camp",
            },
        ),
        vigil(
            "task_31",
            "The Night of Eighteen Lamps",
            intro=(
                "On the longest night, Brindlemark's old oath asks for a lamp at eighteen places across the land at "
                "once, so that every road home can be seen from the Mayor's Hall."
            ),
            keepers=[
                (f"{post}_keeper", f"Keeper of {title}", spawn, post)
                for post, title, spawn in [
                    ("lakeview_hamlet", "Lakeview Hamlet", "town_square"),
                    ("glacier_gate", "the Glacier Gate", "north_crossroads"),
                    ("gullwatch_pier", "Gullwatch Pier", "woodcutters_camp"),
                    ("gullwatch_lighthouse", "the Gullwatch Lighthouse", "frostmere_camp"),
                    ("north_crossroads", "the North Crossroads", "brindlemark_inn"),
                    ("old_mill", "the Old Mill", "town_square"),
                    ("greenhollow_farm", "Greenhollow Farm", "brindlemark_smithy"),
                    ("fallen_watchtower", "the Fallen Watchtower", "brindlemark_inn"),
                    ("frostmere_camp", "Frostmere Camp", "mayors_hall"),
                    ("mirrorlake_causeway", "the Mirrorlake Causeway", "brindlemark_smithy"),
                    ("shrine_steps", "the Shrine Steps", "mayors_hall"),
                    ("sunscar_oasis", "the Sunscar Oasis", "brindlemark_inn"),
                    ("murkfen_landing", "the Murkfen Landing", "old_mill"),
                    ("stonefoot_camp", "Stonefoot Camp", "north_crossroads"),
                    ("saltreach_village", "Saltreach Village", "greenhollow_farm"),
                    ("ruins_gate", "Hollowcrown Gate", "mirrorlake_causeway"),
                    ("scorched_obelisk", "the Scorched Obelisk", "sunscar_oasis"),
                    ("deepdelve_mine", "Deepdelve Mine", "stonefoot_camp"),
                ]
            ],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "brindlemark_inn",
            },
        ),
        vigil(
            "task_38",
            "Three Lamps at the Crossroads",
            intro=(
                "Wolves have been seen on the north road: lamps must burn at the North Crossroads, the Old Mill and "
                "Greenhollow Farm at once, and the lampwright herself keeps one of them."
            ),
            keepers=[
                ("mill_keeper", "Mill keeper", "frostmere_camp", "old_mill"),
                ("farm_keeper", "Farm keeper", "sunscar_oasis", "greenhollow_farm"),
            ],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
                "post": "north_crossroads",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "brindlemark_inn",
            },
        ),
        vigil(
            "task_43",
            "Four Lamps for the Harvest Roads",
            intro=(
                "Four roads lead into Brindlemark for the harvest fair, and each must show a lamp at its far end at "
                "the same time."
            ),
            keepers=[
                ("mill_keeper", "Mill keeper", "saltreach_village", "old_mill"),
                ("farm_keeper", "Farm keeper", "frostmere_camp", "greenhollow_farm"),
                ("crossroads_keeper", "Crossroads keeper", "sunscar_oasis", "north_crossroads"),
                ("pond_keeper", "Pond keeper", "shrine_steps", "woodcutters_camp"),
            ],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#frostmere",
                "spawn": "frostmere_camp",
            },
        ),
        vigil_b(
            "task_91",
            "Lamps on the Coast Road",
            intro=(
                "A sea fog is rolling over the south: eight lamps must burn at once along the coast road, and the oil "
                "renderer and the lampwright each carry one of them too."
            ),
            keepers=[
                ("oasis_keeper", "Oasis keeper", "town_square", "sunscar_oasis"),
                ("bazaar_keeper", "Bazaar keeper", "brindlemark_inn", "sunken_bazaar"),
                ("obelisk_keeper", "Obelisk keeper", "old_mill", "scorched_obelisk"),
                ("cove_keeper", "Cove keeper", "greenhollow_farm", "smugglers_cove"),
                ("pier_keeper", "Pier keeper", "mirrorlake_causeway", "gullwatch_pier"),
                ("lighthouse_keeper", "Lighthouse keeper", "shrine_steps", "gullwatch_lighthouse"),
            ],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
                "post": "saltreach_village",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "mayors_hall",
                "post": "murkfen_landing",
            },
        ),
        vigil_b(
            "task_92",
            "Lamps and Charms for the Flood Night",
            intro=(
                "The spring flood is due: three places along the river need a stormlamp and three by the lake a "
                "tideward charm against the water, all shown at the same moment."
            ),
            keepers=[
                ("mill_keeper", "Mill keeper", "mossy_pond", "old_mill"),
                ("crossroads_keeper", "Crossroads keeper", "frostmere_camp", "north_crossroads"),
                ("camp_keeper", "Camp keeper", "stonefoot_camp", "frostmere_camp"),
            ],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "brindlemark_inn",
            },
            charmbinder={
                "name": "charmbinder",
                "title": "Charmbinder",
                "station": "alchemy_table#town",
                "spawn": "mayors_hall",
            },
            charm_keepers=[
                ("causeway_keeper", "Causeway keeper", "greenhollow_farm", "mirrorlake_causeway"),
                ("steps_keeper", "Steps keeper", "town_square", "shrine_steps"),
                ("hamlet_keeper", "Hamlet keeper", "brindlemark_smithy", "lakeview_hamlet"),
            ],
        ),
    ]
