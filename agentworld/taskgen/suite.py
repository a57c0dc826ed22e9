"""The generated tasks: one call of a motif per task, with the parameters that make it distinct.

`scripts/generate_tasks.py` calibrates and writes every entry of `drafts()` to
agentworld/tasks/<id>.yaml. Ids continue after the hand-written tasks (task_17 onward).
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, Trader, exchange, forge, haul, raise_site, vigil


def drafts() -> list[Draft]:
    return [
        forge("task_17", "The Seer's Pearl Circlet", intro=(
            "The seer of Brindlemark needs a pearl circlet: a starsilver band set with two moon pearls, "
            "which only the jeweller can set, from pearls only the pearl diver can raise."),
            sources=[Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "mossy_pond", (-1, 1))],
            makers=[{"name": "jeweller", "title": "Jeweller", "recipes": [("pearl_circlet", 1)],
                     "station": "workbench#town", "spawn": "brindlemark_market",
                     "start": {"starsilver_bar": 1}, "fed_by": ["pearl_diver"]}],
            wielder={"name": "seer", "title": "Seer", "skills": {"magic": 45}, "spawn": "greenhollow_farm",
                     "item": "pearl_circlet"}),
        haul("task_18", "Stores for the Deep Forge", intro=(
            "The Deep Forge at Stonefoot Camp is lighting its furnaces again and needs rare stock: "
            "starsilver ore from the peaks and heartwood logs from Whisperwood."),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 4, "deepdelve_mine", (-1, -1)),
                     Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 4, "woodcutters_camp", (0, 1))],
            keeper={"name": "forgemaster", "title": "Forgemaster", "spawn": "north_crossroads",
                    "place": "stonefoot_camp"}),
        raise_site("task_19", "The Lakeside Shrine Roof", intro=(
            "The roof of the lakeside shrine fell in: it must be rebuilt from heartwood beams lashed with "
            "wild silk, under a master joiner's hand."),
            sources=[Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 3, "old_oak_grove", (1, 0)),
                     Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 3, "mirrorlake_causeway", (1, 1))],
            site={"id": "shrine_roof", "name": "Shrine roof", "near": "lakeview_hamlet",
                  "materials": {"heartwood_log": 3, "wild_silk": 3}, "work": 3, "skill": "crafting", "level": 50},
            builder={"name": "joiner", "title": "Master joiner", "spawn": "town_square"}),
        exchange("task_20", "Pearls for Silk at Lakeview", market="lakeview_hamlet", intro=(
            "Four traders from four corners of the map meet at Lakeview Hamlet to settle two old bargains."),
            traders=[Trader("pearl_trader", "Pearl trader", "saltreach_village", "moon_pearl", 3, "silk_trader"),
                     Trader("silk_trader", "Silk trader", "shrine_steps", "wild_silk", 4, "pearl_trader"),
                     Trader("ore_trader", "Ore trader", "broken_colonnade", "starsilver_ore", 5, "lily_trader"),
                     Trader("lily_trader", "Lily trader", "gullwatch_pier", "dawnlily", 6, "ore_trader")]),
        exchange("task_21", "The Sunken Bazaar Swap", market="sunken_bazaar", intro=(
            "Five traders meet at the Sunken Bazaar: one pair settles a debt, three others close a circle."),
            traders=[Trader("eel_trader", "Eel trader", "old_mill", "stormeel", 4, "ember_trader"),
                     Trader("ember_trader", "Ember trader", "woodcutters_camp", "emberstone", 3, "eel_trader"),
                     Trader("plank_trader", "Plank trader", "water_shrine", "heartwood_plank", 2, "cord_trader"),
                     Trader("cord_trader", "Cord trader", "greenhollow_farm", "silk_cord", 2, "stave_trader"),
                     Trader("stave_trader", "Stave trader", "town_square", "ghostpine_stave", 2,
                            "plank_trader")]),
        vigil("task_22", "The Three Lamps of Mirrorlake", intro=(
            "Storms are coming over Mirrorlake: three keepers must hold a lamp vigil at the causeway, the "
            "shrine steps and Lakeview Hamlet."),
            keepers=[("causeway_keeper", "Causeway keeper", "town_square", "mirrorlake_causeway"),
                     ("steps_keeper", "Steps keeper", "greenhollow_farm", "shrine_steps"),
                     ("hamlet_keeper", "Hamlet keeper", "mayors_hall", "lakeview_hamlet")],
            lampwright={"name": "lampwright", "title": "Lampwright", "station": "workbench#town",
                        "spawn": "brindlemark_market"}),
        vigil("task_23", "Two Lights over Hollowcrown", intro=(
            "Travellers are lost in the Hollowcrown fog: two keepers must show stormlamps at the Fallen "
            "Watchtower and the Broken Colonnade at the same time, so the road between can be seen."),
            keepers=[("tower_keeper", "Tower keeper", "mirrorlake_causeway", "fallen_watchtower"),
                     ("colonnade_keeper", "Colonnade keeper", "frostmere_camp", "broken_colonnade")],
            lampwright={"name": "lampwright", "title": "Lampwright", "station": "workbench#ruins",
                        "spawn": "ruins_gate"}),
        forge("task_24", "A Circlet from Scratch", intro=(
            "The oracle of Greenhollow wants a pearl circlet made from fresh starsilver and moon pearls: the "
            "master smith must both smelt the starsilver and set the pearls."),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "stonefoot_camp", (1, 1)),
                     Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "mossy_pond", (-1, 1))],
            makers=[{"name": "master_smith", "title": "Master smith", "recipes": [("starsilver_bar", 1),
                                                                                  ("pearl_circlet", 1)],
                     "station": "furnace#town", "spawn": "mayors_hall", "fed_by": ["prospector", "pearl_diver"]}],
            wielder={"name": "oracle_of_greenhollow", "title": "Oracle of Greenhollow", "skills": {"magic": 45},
                     "spawn": "old_mill", "item": "pearl_circlet"}),
        forge("task_25", "The Ranger's Ghostpine Bow", intro=(
            "The ranger of the Frostmere needs a ghostpine bow: a ghostpine stave strung with silk cord. The "
            "weaver braids the cord, the bowyer cuts the stave and strings the bow."),
            sources=[Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "murkfen_landing", (1, 0)),
                     Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 2, "frostford", (1, 1))],
            makers=[{"name": "weaver", "title": "Weaver", "recipes": [("silk_cord", 1)], "station": "loom#town",
                     "spawn": "brindlemark_inn", "fed_by": ["silk_gatherer"]},
                    {"name": "bowyer", "title": "Bowyer", "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                     "station": "fletching_bench#town", "spawn": "north_crossroads", "fed_by": ["mistwood_feller"]}],
            wielder={"name": "ranger", "title": "Ranger", "skills": {"archery": 45}, "spawn": "frostmere_camp",
                     "item": "ghostpine_bow"}),
        haul("task_26", "Provisions for Saltreach", intro=(
            "The Saltreach guild pays for rare goods only when its factor holds them in the village: emberstone "
            "from the peaks, stormeels from the lake and dawnlilies from the meadows."),
            sources=[Source("ember_miner", "Ember miner", "emberstone_seam", 3, "broken_colonnade", (1, -1)),
                     Source("eel_fisher", "Eel fisher", "stormeel_run", 3, "shrine_steps", (0, 1)),
                     Source("lily_picker", "Lily picker", "dawnlily_patch", 3, "greenhollow_farm", (1, 1))],
            keeper={"name": "factor", "title": "Guild factor", "spawn": "sunscar_oasis", "place": "saltreach_village"}),
        raise_site("task_27", "The Heartwood Bridge", intro=(
            "The old footbridge at the Old Mill is to be rebuilt of heartwood planks, sawn by the carpenter from "
            "logs only the heartwood feller can fell, and raised by the bridgewright."),
            sources=[Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 4, "whisperwood_clearing",
                            (1, 0))],
            makers=[{"name": "carpenter", "title": "Carpenter", "recipes": [("heartwood_plank", 2)],
                     "station": "workbench#camp", "spawn": "mossy_pond", "fed_by": ["heartwood_feller"]}],
            site={"id": "heartwood_bridge", "name": "Heartwood bridge", "near": "old_mill",
                  "materials": {"heartwood_plank": 2}, "work": 3, "skill": "crafting", "level": 50},
            builder={"name": "bridgewright", "title": "Bridgewright", "spawn": "brindlemark_inn"}),
    ]
