"""The generated coordination tasks (ids 22, 23, 28, 31, 38, 43, 48, 91, 92, 93, 98): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import vigil
from agentworld.taskgen.motifs_b import vigil_b
from agentworld.taskgen.posts import Keeper, Maker, Post, Stage, Top, Watch, watch

TOWN_BENCH = "workbench#town"


def _lamp(post: str, name: str, oil: bool = False) -> Top:
    """The lamp hung on a post: a stormlamp (and its first filling of stormeel oil), lit by its last build."""
    return Top(f"{post}_lamp", f"{name} lamp", {"stormlamp": 1, **({"stormeel_oil": 1} if oil else {})})


def drafts() -> list[Draft]:
    return [
        watch(
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
        ),
        vigil(
            "task_23",
            "Two Lights on the Gullwatch Coast",
            intro=(
                "The Gullwatch lighthouse lens is cracked: until it is mended, two keepers must show stormlamps at "
                "the pier and at the lighthouse at the same time, so ships can find the channel between them."
            ),
            keepers=[
                ("pier_keeper", "Pier keeper", "frostmere_camp", "gullwatch_pier"),
                ("lighthouse_keeper", "Lighthouse keeper", "murkfen_landing", "gullwatch_lighthouse"),
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
                "spawn": "greenhollow_farm",
            },
        ),
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
        vigil(
            "task_48",
            "Two Lamps at the Ford",
            intro=(
                "Travellers cross Frostford Bridge by night only when lamps burn at both ends: the lampwright keeps "
                "the bridge, a keeper the Frostmere Camp road, both at once."
            ),
            keepers=[("camp_keeper", "Camp keeper", "old_mill", "frostmere_camp")],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "mayors_hall",
                "post": "frostford",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "lakeview_hamlet",
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
        vigil_b(
            "task_93",
            "Three Lights at Whisperwood",
            intro=(
                "The Whisperwood road is dark: three lamps must burn at once, at the woodcutters' camp, the clearing "
                "and the old oak grove; the renderer and the lampwright each keep one."
            ),
            keepers=[("grove_keeper", "Grove keeper", "mossy_pond", "old_oak_grove")],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
                "post": "whisperwood_clearing",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "greenhollow_farm",
                "post": "woodcutters_camp",
            },
        ),
        vigil_b(
            "task_98",
            "Two Lamps at Deepdelve",
            intro=(
                "The miners of Deepdelve will go down only when lamps burn at the mine mouth and at Stonefoot Camp at "
                "once; the oil renderer keeps one of them herself."
            ),
            keepers=[("camp_keeper", "Camp keeper", "frostmere_camp", "stonefoot_camp")],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#camp",
                "spawn": "mossy_pond",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#frostmere",
                "spawn": "north_crossroads",
                "post": "deepdelve_mine",
            },
        ),
    ]
