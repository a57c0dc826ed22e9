"""The generated tasks: one call of a motif per task, with the parameters that make it distinct.

`scripts/generate_tasks.py` calibrates and writes every entry of `drafts()` to
agentworld/tasks/<id>.yaml. Ids continue after the hand-written tasks (task_17 onward).
"""

from __future__ import annotations

from agentworld.taskgen import suite_a, suite_b
from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import (
    Source,
    Trader,
    escort,
    exchange,
    forge,
    haul,
    hunt,
    raise_site,
    survey,
    vigil,
)


def drafts() -> list[Draft]:
    return (
        [
            forge(
                "task_17",
                "The Seer's Pearl Circlet",
                intro=(
                    "The seer of Brindlemark needs a pearl circlet: a starsilver band set with two moon pearls, "
                    "which only the jeweller can set, from pearls only the pearl diver can raise."
                ),
                sources=[Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "mossy_pond", (-1, 1))],
                makers=[
                    {
                        "name": "jeweller",
                        "title": "Jeweller",
                        "recipes": [("pearl_circlet", 1)],
                        "station": "workbench#town",
                        "spawn": "brindlemark_market",
                        "start": {"starsilver_bar": 1},
                        "fed_by": ["pearl_diver"],
                    }
                ],
                wielder={
                    "name": "seer",
                    "title": "Seer",
                    "skills": {"magic": 45},
                    "spawn": "greenhollow_farm",
                    "item": "pearl_circlet",
                },
            ),
            haul(
                "task_18",
                "Stores for the Deep Forge",
                intro=(
                    "The Deep Forge at Stonefoot Camp is lighting its furnaces again and needs rare stock: "
                    "starsilver ore from the peaks and heartwood logs from Whisperwood."
                ),
                sources=[
                    Source("prospector", "Prospector", "starsilver_vein", 4, "deepdelve_mine", (-1, -1)),
                    Source(
                        "heartwood_feller",
                        "Heartwood feller",
                        "heartwood_tree",
                        4,
                        "woodcutters_camp",
                        (0, 1),
                    ),
                ],
                keeper={
                    "name": "forgemaster",
                    "title": "Forgemaster",
                    "spawn": "north_crossroads",
                    "place": "stonefoot_camp",
                },
            ),
            raise_site(
                "task_19",
                "The Lakeside Shrine Roof",
                intro=(
                    "The roof of the lakeside shrine fell in: it must be rebuilt from heartwood beams lashed with "
                    "wild silk, under a master joiner's hand."
                ),
                sources=[
                    Source(
                        "heartwood_feller", "Heartwood feller", "heartwood_tree", 3, "old_oak_grove", (1, 0)
                    ),
                    Source(
                        "silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 3, "mirrorlake_causeway", (1, 1)
                    ),
                ],
                site={
                    "id": "shrine_roof",
                    "name": "Shrine roof",
                    "near": "lakeview_hamlet",
                    "materials": {"heartwood_log": 3, "wild_silk": 3},
                    "work": 3,
                    "skill": "crafting",
                    "level": 50,
                },
                builder={"name": "joiner", "title": "Master joiner", "spawn": "town_square"},
            ),
            exchange(
                "task_20",
                "Pearls for Silk at Lakeview",
                market="lakeview_hamlet",
                intro=(
                    "Four traders from four corners of the map meet at Lakeview Hamlet to settle two old bargains."
                ),
                traders=[
                    Trader(
                        "pearl_trader", "Pearl trader", "saltreach_village", "moon_pearl", 3, "silk_trader"
                    ),
                    Trader("silk_trader", "Silk trader", "shrine_steps", "wild_silk", 4, "pearl_trader"),
                    Trader(
                        "ore_trader", "Ore trader", "broken_colonnade", "starsilver_ore", 5, "lily_trader"
                    ),
                    Trader("lily_trader", "Lily trader", "gullwatch_pier", "dawnlily", 6, "ore_trader"),
                ],
            ),
            exchange(
                "task_21",
                "The Sunken Bazaar Swap",
                market="sunken_bazaar",
                intro=(
                    "Five traders meet at the Sunken Bazaar: one pair settles a debt, three others close a circle."
                ),
                traders=[
                    Trader("eel_trader", "Eel trader", "old_mill", "stormeel", 4, "ember_trader"),
                    Trader("ember_trader", "Ember trader", "woodcutters_camp", "emberstone", 3, "eel_trader"),
                    Trader(
                        "plank_trader", "Plank trader", "water_shrine", "heartwood_plank", 2, "cord_trader"
                    ),
                    Trader("cord_trader", "Cord trader", "greenhollow_farm", "silk_cord", 2, "stave_trader"),
                    Trader(
                        "stave_trader", "Stave trader", "town_square", "ghostpine_stave", 2, "plank_trader"
                    ),
                ],
            ),
            vigil(
                "task_22",
                "The Three Lamps of Mirrorlake",
                intro=(
                    "Storms are coming over Mirrorlake: three keepers must hold a lamp vigil at the causeway, the "
                    "shrine steps and Lakeview Hamlet."
                ),
                keepers=[
                    ("causeway_keeper", "Causeway keeper", "town_square", "mirrorlake_causeway"),
                    ("steps_keeper", "Steps keeper", "greenhollow_farm", "shrine_steps"),
                    ("hamlet_keeper", "Hamlet keeper", "mayors_hall", "lakeview_hamlet"),
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
            forge(
                "task_24",
                "A Circlet from Scratch",
                intro=(
                    "The oracle of Greenhollow wants a pearl circlet made from fresh starsilver and moon pearls: the "
                    "master smith must both smelt the starsilver and set the pearls."
                ),
                sources=[
                    Source("prospector", "Prospector", "starsilver_vein", 2, "stonefoot_camp", (1, 1)),
                    Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "mossy_pond", (-1, 1)),
                ],
                makers=[
                    {
                        "name": "master_smith",
                        "title": "Master smith",
                        "recipes": [("starsilver_bar", 1), ("pearl_circlet", 1)],
                        "station": "furnace#town",
                        "spawn": "mayors_hall",
                        "fed_by": ["prospector", "pearl_diver"],
                    }
                ],
                wielder={
                    "name": "oracle_of_greenhollow",
                    "title": "Oracle of Greenhollow",
                    "skills": {"magic": 45},
                    "spawn": "old_mill",
                    "item": "pearl_circlet",
                },
            ),
            forge(
                "task_25",
                "The Ranger's Ghostpine Bow",
                intro=(
                    "The ranger of the Frostmere needs a ghostpine bow: a ghostpine stave strung with silk cord. The "
                    "weaver braids the cord, the bowyer cuts the stave and strings the bow."
                ),
                sources=[
                    Source(
                        "silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "murkfen_landing", (1, 0)
                    ),
                    Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 2, "frostford", (1, 1)),
                ],
                makers=[
                    {
                        "name": "weaver",
                        "title": "Weaver",
                        "recipes": [("silk_cord", 1)],
                        "station": "loom#town",
                        "spawn": "brindlemark_inn",
                        "fed_by": ["silk_gatherer"],
                    },
                    {
                        "name": "bowyer",
                        "title": "Bowyer",
                        "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                        "station": "fletching_bench#town",
                        "spawn": "north_crossroads",
                        "fed_by": ["mistwood_feller"],
                    },
                ],
                wielder={
                    "name": "ranger",
                    "title": "Ranger",
                    "skills": {"archery": 45},
                    "spawn": "frostmere_camp",
                    "item": "ghostpine_bow",
                },
            ),
            haul(
                "task_26",
                "Provisions for Saltreach",
                intro=(
                    "The Saltreach guild pays for rare goods only when its factor holds them in the village: emberstone "
                    "from the peaks, stormeels from the lake and dawnlilies from the meadows."
                ),
                sources=[
                    Source("ember_miner", "Ember miner", "emberstone_seam", 3, "broken_colonnade", (1, -1)),
                    Source("eel_fisher", "Eel fisher", "stormeel_run", 3, "shrine_steps", (0, 1)),
                    Source("lily_picker", "Lily picker", "dawnlily_patch", 3, "greenhollow_farm", (1, 1)),
                ],
                keeper={
                    "name": "factor",
                    "title": "Guild factor",
                    "spawn": "sunscar_oasis",
                    "place": "saltreach_village",
                },
            ),
            raise_site(
                "task_27",
                "The Heartwood Bridge",
                intro=(
                    "The old footbridge at the Old Mill is to be rebuilt of heartwood planks, sawn by the carpenter from "
                    "logs only the heartwood feller can fell, and raised by the bridgewright."
                ),
                sources=[
                    Source(
                        "heartwood_feller",
                        "Heartwood feller",
                        "heartwood_tree",
                        4,
                        "whisperwood_clearing",
                        (1, 0),
                    )
                ],
                makers=[
                    {
                        "name": "carpenter",
                        "title": "Carpenter",
                        "recipes": [("heartwood_plank", 2)],
                        "station": "workbench#camp",
                        "spawn": "mossy_pond",
                        "fed_by": ["heartwood_feller"],
                    }
                ],
                site={
                    "id": "heartwood_bridge",
                    "name": "Heartwood bridge",
                    "near": "old_mill",
                    "materials": {"heartwood_plank": 2},
                    "work": 3,
                    "skill": "crafting",
                    "level": 50,
                },
                builder={"name": "bridgewright", "title": "Bridgewright", "spawn": "brindlemark_inn"},
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
            exchange(
                "task_29",
                "The Saltreach Moot",
                market="saltreach_village",
                intro=(
                    "Eight traders settle the season's bargains at the Saltreach moot: two pairs and a circle of four."
                ),
                traders=[
                    Trader("pearl_trader", "Pearl trader", "sunscar_oasis", "moon_pearl", 2, "eel_trader"),
                    Trader("eel_trader", "Eel trader", "water_shrine", "stormeel", 3, "pearl_trader"),
                    Trader(
                        "ore_trader", "Ore trader", "greenhollow_farm", "starsilver_ore", 4, "silk_trader"
                    ),
                    Trader("silk_trader", "Silk trader", "sunken_bazaar", "wild_silk", 3, "ore_trader"),
                    Trader("plank_trader", "Plank trader", "old_mill", "heartwood_plank", 2, "oil_trader"),
                    Trader("oil_trader", "Oil trader", "lakeview_hamlet", "stormeel_oil", 2, "core_trader"),
                    Trader("core_trader", "Core trader", "scorched_obelisk", "ember_core", 1, "lily_trader"),
                    Trader("lily_trader", "Lily trader", "broken_colonnade", "dawnlily", 5, "plank_trader"),
                ],
            ),
            exchange(
                "task_30",
                "The Great Brindlemark Exchange",
                market="town_square",
                intro=(
                    "Twenty traders from every region of the map come to the town square for the Great Exchange, where "
                    "five circles of barter are settled at once."
                ),
                traders=[
                    Trader("ore_trader", "Ore trader", "deepdelve_mine", "starsilver_ore", 4, "ember_trader"),
                    Trader("ember_trader", "Ember trader", "greyhorn_lookout", "emberstone", 3, "ore_trader"),
                    Trader("log_trader", "Log trader", "old_oak_grove", "heartwood_log", 4, "pine_trader"),
                    Trader("pine_trader", "Pine trader", "frostford", "ghostpine_log", 3, "pearl_trader"),
                    Trader("pearl_trader", "Pearl trader", "gullwatch_pier", "moon_pearl", 2, "log_trader"),
                    Trader("eel_trader", "Eel trader", "frostmere_tarn", "stormeel", 3, "lily_trader"),
                    Trader("lily_trader", "Lily trader", "drowned_chapel", "dawnlily", 4, "silk_trader"),
                    Trader("silk_trader", "Silk trader", "witch_hut", "wild_silk", 3, "bar_trader"),
                    Trader("bar_trader", "Bar trader", "ice_lair", "starsilver_bar", 2, "eel_trader"),
                    Trader(
                        "plank_trader",
                        "Plank trader",
                        "whisperwood_clearing",
                        "heartwood_plank",
                        2,
                        "stave_trader",
                    ),
                    Trader(
                        "stave_trader",
                        "Stave trader",
                        "fallen_watchtower",
                        "ghostpine_stave",
                        1,
                        "cord_trader",
                    ),
                    Trader("cord_trader", "Cord trader", "smugglers_cove", "silk_cord", 2, "tincture_trader"),
                    Trader(
                        "tincture_trader",
                        "Tincture trader",
                        "gullwatch_lighthouse",
                        "dawnlily_tincture",
                        1,
                        "oil_trader",
                    ),
                    Trader("oil_trader", "Oil trader", "lakeview_hamlet", "stormeel_oil", 2, "plank_trader"),
                    Trader("core_trader", "Core trader", "ogre_den_mouth", "ember_core", 1, "lamp_trader"),
                    Trader(
                        "lamp_trader", "Lamp trader", "hollowcrown_keep", "stormlamp", 1, "circlet_trader"
                    ),
                    Trader(
                        "circlet_trader",
                        "Circlet trader",
                        "sunken_bazaar",
                        "pearl_circlet",
                        1,
                        "charm_trader",
                    ),
                    Trader(
                        "charm_trader",
                        "Charm trader",
                        "scorched_obelisk",
                        "tideward_charm",
                        1,
                        "shield_trader",
                    ),
                    Trader(
                        "shield_trader",
                        "Shield trader",
                        "murkfen_landing",
                        "heartwood_shield",
                        1,
                        "mantle_trader",
                    ),
                    Trader(
                        "mantle_trader", "Mantle trader", "glacier_gate", "dawnlily_mantle", 1, "core_trader"
                    ),
                ],
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
            hunt(
                "task_32",
                "Scales of the Ashmaw Drake",
                intro=(
                    "An ashmaw drake has settled by the Scorched Obelisk. Its scales, riveted on a heartwood plank, make "
                    "the only buckler that turns the desert's fire, and the hunter who brings the drake down is to carry "
                    "it."
                ),
                hunter={
                    "name": "drake_hunter",
                    "title": "Drake hunter",
                    "spawn": "sunscar_oasis",
                    "skills": {"archery": 60, "defense": 45, "health": 40},
                    "equipment": {"weapon": "ghostpine_bow"},
                },
                beast={"type": "ashmaw_drake", "near": "scorched_obelisk", "direction": (1, -1), "away": 6},
                armourer={
                    "name": "armourer",
                    "title": "Armourer",
                    "recipe": "drakescale_buckler",
                    "station": "workbench#town",
                    "spawn": "brindlemark_smithy",
                },
                carpenter={
                    "name": "carpenter",
                    "title": "Carpenter",
                    "spawn": "woodcutters_camp",
                    "station": "workbench#camp",
                    "logs": 2,
                },
            ),
            escort(
                "task_33",
                "A Lamp in Hollowcrown Keep",
                intro=(
                    "A barrow warden has risen in the only gap of Hollowcrown Keep's south wall. The keep must "
                    "show a stormlamp again from inside its walls, which means the warden has to fall first."
                ),
                fighter={
                    "name": "blademaster",
                    "title": "Blademaster",
                    "spawn": "ruins_gate",
                    "skills": {"accuracy": 60, "strength": 60, "health": 40},
                    "equipment": {"weapon": "starsilver_blade"},
                },
                guard={
                    "type": "barrow_warden",
                    "position": [210, 55],
                    "stand": [210, 56],
                    "guards": [[210, 54], [211, 54], [211, 55]],
                },
                lampwright={
                    "name": "lampwright",
                    "title": "Lampwright",
                    "station": "workbench#town",
                    "spawn": "brindlemark_inn",
                },
                courier={
                    "name": "lamp_bearer",
                    "title": "Lamp bearer",
                    "spawn": "old_mill",
                    "place": [210, 50],
                    "range": "cooking_range#town",
                    "place_name": "the keep's south court, inside the gap",
                },
            ),
            survey(
                "task_34",
                "The Three Lost Relics of the Old Kingdom",
                intro=(
                    "Three relics of the old kingdom lie lost far from any road: a reliquary in the lake, a crown in a "
                    "sealed barrow and an idol under the moss. The curator of the Mayor's Hall wants them all."
                ),
                diggers=[
                    {
                        "name": "diver",
                        "title": "Relic diver",
                        "node": "sunken_reliquary",
                        "spawn": "gullwatch_pier",
                        "site_near": "mirrorlake_causeway",
                        "direction": (1, 1),
                        "away": 9,
                    },
                    {
                        "name": "delver",
                        "title": "Barrow delver",
                        "node": "sealed_barrow",
                        "spawn": "frostford",
                        "site_near": "greyhorn_lookout",
                        "direction": (1, 1),
                        "away": 9,
                    },
                    {
                        "name": "moss_digger",
                        "title": "Moss digger",
                        "node": "overgrown_idol",
                        "spawn": "witch_hut",
                        "site_near": "old_oak_grove",
                        "direction": (0, 1),
                        "away": 9,
                    },
                ],
                curator={
                    "name": "curator",
                    "title": "Curator",
                    "spawn": "greenhollow_farm",
                    "place": "mayors_hall",
                },
            ),
            survey(
                "task_35",
                "Two Relics for the Lakeview Elders",
                intro=(
                    "The elders of Brindlemark lost two relics in the old wars: a crown sealed in a barrow near the "
                    "Hollowcrown Gate and an idol overgrown near the Murkfen Landing."
                ),
                diggers=[
                    {
                        "name": "delver",
                        "title": "Barrow delver",
                        "node": "sealed_barrow",
                        "spawn": "saltreach_village",
                        "site_near": "ruins_gate",
                        "direction": (-1, 1),
                        "away": 9,
                    },
                    {
                        "name": "moss_digger",
                        "title": "Moss digger",
                        "node": "overgrown_idol",
                        "spawn": "old_mill",
                        "site_near": "murkfen_landing",
                        "direction": (1, 0),
                        "away": 9,
                    },
                ],
                curator={
                    "name": "elder",
                    "title": "Elder",
                    "spawn": "frostmere_camp",
                    "place": "brindlemark_inn",
                },
            ),
            forge(
                "task_36",
                "The Archmage's Emberheart Staff",
                intro=(
                    "The archmage of the Mayor's Hall will make and carry an emberheart staff: a heartwood plank, an "
                    "ember core fused from emberstone and a moon pearl eye. Only the archmage can assemble it."
                ),
                sources=[
                    Source("ember_miner", "Ember miner", "emberstone_seam", 2, "stonefoot_camp", (1, -1)),
                    Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "mossy_pond", (0, 1)),
                ],
                makers=[
                    {
                        "name": "smith",
                        "title": "Smith",
                        "recipes": [("ember_core", 1)],
                        "station": "furnace#mine",
                        "spawn": "deepdelve_mine",
                        "fed_by": ["ember_miner"],
                    },
                    {
                        "name": "archmage",
                        "title": "Archmage",
                        "recipes": [("emberheart_staff", 1)],
                        "station": "workbench#town",
                        "spawn": "mayors_hall",
                        "start": {"heartwood_plank": 1},
                        "fed_by": ["pearl_diver"],
                    },
                ],
                wields={"magic": 50},
            ),
            haul(
                "task_37",
                "The Quartermaster's Own Load",
                intro=(
                    "The Frostmere garrison's quartermaster must bring rare stock to Frostmere Camp: stormeels she "
                    "catches herself, and dawnlilies and starsilver ore the others bring."
                ),
                sources=[
                    Source("lily_picker", "Lily picker", "dawnlily_patch", 3, "north_crossroads", (1, 1)),
                    Source("prospector", "Prospector", "starsilver_vein", 3, "stonefoot_camp", (1, 1)),
                ],
                own=Source("quartermaster", "Quartermaster", "stormeel_run", 3, "frostford", (-1, 1)),
                keeper={
                    "name": "quartermaster",
                    "title": "Quartermaster",
                    "spawn": "frostford",
                    "place": "frostmere_camp",
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
            exchange(
                "task_39",
                "A Three-Way Bargain",
                market="old_mill",
                intro=(
                    "Three traders who will not trust one another meet at the Old Mill to close a circle of goods."
                ),
                traders=[
                    Trader("ember_trader", "Ember trader", "stonefoot_camp", "emberstone", 3, "eel_trader"),
                    Trader("eel_trader", "Eel trader", "lakeview_hamlet", "stormeel", 4, "silk_trader"),
                    Trader("silk_trader", "Silk trader", "witch_hut", "wild_silk", 3, "ember_trader"),
                ],
            ),
            forge(
                "task_40",
                "A Bow for the Greyhorn Scout",
                intro=(
                    "The scout of Greyhorn Lookout needs a ghostpine bow. The bowyer has the silk cord already; the "
                    "stave must be cut from ghostpine logs that only the mistwood feller can bring down."
                ),
                sources=[
                    Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 2, "frostford", (1, 1))
                ],
                makers=[
                    {
                        "name": "bowyer",
                        "title": "Bowyer",
                        "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                        "station": "fletching_bench#camp",
                        "spawn": "mossy_pond",
                        "start": {"silk_cord": 1},
                        "fed_by": ["mistwood_feller"],
                    }
                ],
                wielder={
                    "name": "scout",
                    "title": "Greyhorn scout",
                    "skills": {"archery": 45},
                    "spawn": "stonefoot_camp",
                    "item": "ghostpine_bow",
                },
            ),
            exchange(
                "task_41",
                "The Frostmere Circle",
                market="frostmere_camp",
                intro=("Four traders bound by an old debt meet at Frostmere Camp: each owes the next."),
                traders=[
                    Trader("pearl_trader", "Pearl trader", "mossy_pond", "moon_pearl", 3, "stave_trader"),
                    Trader("stave_trader", "Stave trader", "ruins_gate", "ghostpine_stave", 2, "oil_trader"),
                    Trader("oil_trader", "Oil trader", "old_mill", "stormeel_oil", 2, "ore_trader"),
                    Trader("ore_trader", "Ore trader", "ogre_den_mouth", "starsilver_ore", 5, "pearl_trader"),
                ],
            ),
            exchange(
                "task_42",
                "Three Pairs at the Crossroads",
                market="north_crossroads",
                intro=("Three pairs of traders settle three separate swaps at the North Crossroads."),
                traders=[
                    Trader(
                        "pearl_trader", "Pearl trader", "saltreach_village", "moon_pearl", 2, "ember_trader"
                    ),
                    Trader("ember_trader", "Ember trader", "ogre_den_mouth", "emberstone", 2, "pearl_trader"),
                    Trader("silk_trader", "Silk trader", "murkfen_landing", "wild_silk", 3, "log_trader"),
                    Trader("log_trader", "Log trader", "ruins_gate", "heartwood_log", 3, "silk_trader"),
                    Trader("lily_trader", "Lily trader", "sunscar_oasis", "dawnlily", 4, "eel_trader"),
                    Trader("eel_trader", "Eel trader", "greyhorn_lookout", "stormeel", 4, "lily_trader"),
                ],
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
            haul(
                "task_44",
                "Stock for the Guildhall Vaults",
                intro=(
                    "The guildhall vaults under the Mayor's Hall are to be stocked with four rare goods, one from each "
                    "kind of wild: mine, forest, water and field."
                ),
                sources=[
                    Source("prospector", "Prospector", "starsilver_vein", 3, "stonefoot_camp", (1, 1)),
                    Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 3, "frostford", (1, 1)),
                    Source("pearl_diver", "Pearl diver", "pearl_bed", 3, "mossy_pond", (0, 1)),
                    Source("lily_picker", "Lily picker", "dawnlily_patch", 3, "greenhollow_farm", (1, 1)),
                ],
                keeper={
                    "name": "vault_warden",
                    "title": "Vault warden",
                    "spawn": "old_mill",
                    "place": "mayors_hall",
                },
            ),
            raise_site(
                "task_45",
                "The Tarn Observatory",
                intro=(
                    "An observatory is to rise beside Frostmere Camp: starsilver for its ring, heartwood for its frame and "
                    "moon pearls for its lenses, set by the master builder."
                ),
                sources=[
                    Source("prospector", "Prospector", "starsilver_vein", 3, "stonefoot_camp", (1, 1)),
                    Source(
                        "heartwood_feller",
                        "Heartwood feller",
                        "heartwood_tree",
                        3,
                        "woodcutters_camp",
                        (0, -1),
                    ),
                    Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "frostford", (1, 1)),
                ],
                site={
                    "id": "tarn_observatory",
                    "name": "Tarn observatory",
                    "near": "frostmere_camp",
                    "materials": {"starsilver_ore": 3, "heartwood_log": 3, "moon_pearl": 2},
                    "work": 3,
                    "skill": "crafting",
                    "level": 50,
                },
                builder={"name": "master_builder", "title": "Master builder", "spawn": "north_crossroads"},
            ),
            raise_site(
                "task_46",
                "The Starsilver Gate of Greenhollow",
                intro=(
                    "Greenhollow Farm wants a gate of starsilver bars hung on heartwood posts; the smelter makes the bars, the "
                    "gatewright raises the gate."
                ),
                sources=[
                    Source("prospector", "Prospector", "starsilver_vein", 4, "broken_colonnade", (0, 1)),
                    Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 2, "mossy_pond", (1, 1)),
                ],
                makers=[
                    {
                        "name": "smelter",
                        "title": "Smelter",
                        "recipes": [("starsilver_bar", 2)],
                        "station": "furnace#town",
                        "spawn": "brindlemark_smithy",
                        "fed_by": ["prospector"],
                    }
                ],
                site={
                    "id": "greenhollow_gate",
                    "name": "Greenhollow gate",
                    "near": "greenhollow_farm",
                    "materials": {"starsilver_bar": 2, "heartwood_log": 2},
                    "work": 3,
                    "skill": "crafting",
                    "level": 50,
                },
                builder={"name": "gatewright", "title": "Gatewright", "spawn": "sunscar_oasis"},
            ),
            forge(
                "task_47",
                "The Jeweller's Own Circlet",
                intro=(
                    "The old jeweller of Greenhollow will wear one last pearl circlet, smelted and set by her own hand "
                    "from starsilver and moon pearls that others must raise for her."
                ),
                sources=[
                    Source("prospector", "Prospector", "starsilver_vein", 2, "broken_colonnade", (0, 1)),
                    Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "sunscar_oasis", (1, 0)),
                ],
                makers=[
                    {
                        "name": "jeweller",
                        "title": "Jeweller",
                        "recipes": [("starsilver_bar", 1), ("pearl_circlet", 1)],
                        "station": "furnace#town",
                        "spawn": "greenhollow_farm",
                        "fed_by": ["prospector", "pearl_diver"],
                    }
                ],
                wields={"magic": 45},
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
            haul(
                "task_49",
                "The Saltreach Provisioner",
                intro=(
                    "The provisioner of Saltreach sails at dusk and will take only what she holds on the quay: her own "
                    "wild silk, and emberstone, moon pearls and heartwood logs from three other hands."
                ),
                sources=[
                    Source("ember_miner", "Ember miner", "emberstone_seam", 2, "ruins_gate", (1, 1)),
                    Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "shrine_steps", (0, 1)),
                    Source(
                        "lumber_hand", "Heartwood feller", "heartwood_tree", 2, "greenhollow_farm", (1, 1)
                    ),
                ],
                own=Source("provisioner", "Provisioner", "silkmoth_cocoons", 2, "sunscar_oasis", (1, 1)),
                keeper={
                    "name": "provisioner",
                    "title": "Provisioner",
                    "spawn": "sunscar_oasis",
                    "place": "saltreach_village",
                },
            ),
        ]
        + suite_a.drafts()
        + suite_b.drafts()
    )
