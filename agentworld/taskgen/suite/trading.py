"""The generated trading tasks (ids 20, 21, 29, 30, 39, 41, 42, 52, 63, 64, 65, 66, 70, 71): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.market import Catch, cargo, market, ring
from agentworld.taskgen.motifs import Source, Trader, exchange
from agentworld.taskgen.motifs_a import commission


def drafts() -> list[Draft]:
    return [
        market(
            "task_20",
            "Oysters for the Heron",
            parts=[
                cargo(
                    pair=(
                        Catch("north_picker", "Oyster picker", (237, 196), "oyster_rocks", 13, (0, -1)),
                        Catch("south_picker", "Oyster picker", (237, 204), "oyster_rocks", 13, (0, 1)),
                    ),
                    extras=(Catch("salt_raker", "Salt raker", (229, 192), "salt_pan", 6, (-1, 0)),),
                    buyer={
                        "name": "heron_purser",
                        "title": "Purser of the Heron",
                        "spawn": (241, 200),
                        "sheet": "You are the purser of the Heron, a coaster moored at Gullwatch Pier; you keep "
                        "the ship's purse and stores, and can neither pick oysters nor rake salt.",
                        "came_for": "The Heron sails north with a hold of live oysters packed in salt: you came "
                        "to buy 26 rock oysters (`rock_oyster`) and 6 sea salt (`sea_salt`), and must hold "
                        "them all before she sails.",
                        "message": "Purser of the Heron, on the pier: buying 26 rock oysters and 6 sea salt at "
                        "the market's prices, coins on the spot. Who sells?",
                    },
                )
            ],
            objective="The Heron takes on live oysters and salt at Gullwatch Pier, bought at the market's "
            "prices. The task is complete when the purser of the Heron holds 26 rock oysters and 6 sea salt "
            "and every picker and raker holds the coins for its goods, with nobody's worth (coins plus goods "
            "at the market's prices) ever having fallen.",
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
                Trader("plank_trader", "Plank trader", "water_shrine", "heartwood_plank", 2, "cord_trader"),
                Trader("cord_trader", "Cord trader", "greenhollow_farm", "silk_cord", 2, "stave_trader"),
                Trader("stave_trader", "Stave trader", "town_square", "ghostpine_stave", 2, "plank_trader"),
            ],
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
                Trader("ore_trader", "Ore trader", "greenhollow_farm", "starsilver_ore", 4, "silk_trader"),
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
                Trader("lamp_trader", "Lamp trader", "hollowcrown_keep", "stormlamp", 1, "circlet_trader"),
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
                Trader("mantle_trader", "Mantle trader", "glacier_gate", "dawnlily_mantle", 1, "core_trader"),
            ],
        ),
        market(
            "task_39",
            "A Three-Way Bargain",
            parts=[
                ring(
                    members=[
                        Catch("amber_digger", "Amber digger", (112, 140), "amber_shingle", 6),
                        Catch("salt_boiler", "Salt boiler", (100, 158), "salt_pan", 9, (0, 1)),
                        Catch("wrack_cutter", "Wrack cutter", (99, 143), "wrack_line", 12, (-1, 0)),
                    ],
                    sheets={
                        "amber_digger": "You dig amber out of the old river terraces by the Old Mill.",
                        "salt_boiler": "You work the brine pans below the Old Mill, where a salt spring rises.",
                        "wrack_cutter": "You cut the seasoned timber the Silverrun leaves on its banks.",
                    },
                )
            ],
            objective="Three traders of the Old Mill each bring what one of the others needs and need what "
            "another brings, and none of them wants what the one beside it brings. The task is complete "
            "when each holds the goods it came for, with nobody's worth (coins plus goods at the market's "
            "prices) ever having fallen.",
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
                Trader("pearl_trader", "Pearl trader", "saltreach_village", "moon_pearl", 2, "ember_trader"),
                Trader("ember_trader", "Ember trader", "ogre_den_mouth", "emberstone", 2, "pearl_trader"),
                Trader("silk_trader", "Silk trader", "murkfen_landing", "wild_silk", 3, "log_trader"),
                Trader("log_trader", "Log trader", "ruins_gate", "heartwood_log", 3, "silk_trader"),
                Trader("lily_trader", "Lily trader", "sunscar_oasis", "dawnlily", 4, "eel_trader"),
                Trader("eel_trader", "Eel trader", "greyhorn_lookout", "stormeel", 4, "lily_trader"),
            ],
        ),
        commission(
            "task_52",
            "The Bowyer's Price",
            price=400,
            intro=(
                "A captain of the Frostmere garrison has ordered a ghostpine bow from the bowyer of the camp "
                "workshop, at four hundred coins, paid on delivery."
            ),
            sources=[Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 2, "frostford", (1, 1))],
            makers=[
                {
                    "name": "bowyer",
                    "title": "Bowyer",
                    "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#camp",
                    "spawn": "woodcutters_camp",
                    "start": {"silk_cord": 1},
                    "fed_by": ["mistwood_feller"],
                }
            ],
            patron={
                "name": "captain",
                "title": "Garrison captain",
                "skills": {"archery": 45},
                "spawn": "north_crossroads",
            },
            wear=True,
        ),
        commission(
            "task_63",
            "Broth for the Drowsy Gander",
            price=250,
            intro=(
                "The innkeeper of the Drowsy Gander has promised her guests frostgill broth and will pay the camp "
                "cook two hundred and fifty coins for a pot of it."
            ),
            sources=[Source("ice_fisher", "Ice fisher", "frostgill_hole", 2, "frostford", (1, 1))],
            makers=[
                {
                    "name": "cook",
                    "title": "Cook",
                    "recipes": [("frostgill_broth", 1)],
                    "station": "cooking_range#town",
                    "spawn": "old_mill",
                    "fed_by": ["ice_fisher"],
                }
            ],
            patron={"name": "innkeeper", "title": "Innkeeper", "spawn": "brindlemark_inn"},
        ),
        commission(
            "task_64",
            "A Loaf for the Caravan Master",
            price=300,
            intro=(
                "A caravan master crossing the Sunscar will buy one sunroot loaf for three hundred coins, the only "
                "bread that keeps for the whole crossing."
            ),
            sources=[Source("root_digger", "Root digger", "sunroot_tuft", 2, "scorched_obelisk", (1, 1))],
            makers=[
                {
                    "name": "baker",
                    "title": "Baker",
                    "recipes": [("sunroot_flour", 1), ("sunroot_loaf", 1)],
                    "station": "cooking_range#saltreach",
                    "spawn": (241, 200),
                    "fed_by": ["root_digger"],
                }
            ],
            patron={"name": "caravan_master", "title": "Caravan master", "spawn": "sunken_bazaar"},
        ),
        commission(
            "task_65",
            "The Seeress Pays in Gold",
            price=500,
            wear=True,
            intro=(
                "The seeress of Lakeview has ordered a glasswing amulet from the jeweller and will pay five hundred "
                "coins for it, to wear at the midsummer rite."
            ),
            sources=[
                Source("vent_miner", "Vent miner", "blackglass_seam", 1, "stonefoot_camp", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "mirrorlake_causeway", (0, 1)),
            ],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("glasswing_amulet", 1)],
                    "station": "workbench#town",
                    "spawn": "brindlemark_smithy",
                    "fed_by": ["vent_miner", "pearl_diver"],
                }
            ],
            patron={
                "name": "seeress",
                "title": "Seeress",
                "skills": {"magic": 45},
                "spawn": "lakeview_hamlet",
            },
        ),
        commission(
            "task_66",
            "A Circlet on Account",
            price=450,
            wear=True,
            intro=(
                "A magistrate has ordered a pearl circlet from the ruin-workshop's jeweller, who has the starsilver "
                "but needs two moon pearls; she pays four hundred and fifty coins and wears it home."
            ),
            sources=[Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "water_shrine", (0, 1))],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("pearl_circlet", 1)],
                    "station": "workbench#ruins",
                    "spawn": "hollowcrown_keep",
                    "start": {"starsilver_bar": 1},
                    "fed_by": ["pearl_diver"],
                }
            ],
            patron={
                "name": "magistrate",
                "title": "Magistrate",
                "skills": {"magic": 45},
                "spawn": "fallen_watchtower",
            },
        ),
        exchange(
            "task_70",
            "The Fenfolk's Market",
            market="murkfen_landing",
            intro=(
                "Eight traders pole their boats to the Murkfen Landing: three settle a circle, five another."
            ),
            traders=[
                Trader("glass_trader", "Glass trader", "deepdelve_mine", "blackglass", 3, "root_trader"),
                Trader("root_trader", "Root trader", "sunscar_oasis", "sunroot", 4, "gill_trader"),
                Trader("gill_trader", "Gill trader", "frostford", "frostgill", 3, "glass_trader"),
                Trader(
                    "flour_trader", "Flour trader", "saltreach_village", "sunroot_flour", 2, "edge_trader"
                ),
                Trader("edge_trader", "Edge trader", "stonefoot_camp", "blackglass_edge", 1, "broth_trader"),
                Trader("broth_trader", "Broth trader", "frostmere_camp", "frostgill_broth", 2, "loaf_trader"),
                Trader("loaf_trader", "Loaf trader", "scorched_obelisk", "sunroot_loaf", 2, "hide_trader"),
                Trader("hide_trader", "Hide trader", "witch_hut", "mire_hide", 2, "flour_trader"),
            ],
        ),
        exchange(
            "task_71",
            "The Lighthouse Fair",
            market="gullwatch_lighthouse",
            intro=("Eight traders meet under the Gullwatch Lighthouse: one pair, and a long circle of six."),
            traders=[
                Trader("eye_trader", "Eye trader", "scorched_obelisk", "basilisk_eye", 1, "fang_trader"),
                Trader("fang_trader", "Fang trader", "greyhorn_lookout", "rime_fang", 2, "eye_trader"),
                Trader("stew_trader", "Stew trader", "frostmere_camp", "hearth_stew", 2, "glass_trader"),
                Trader("glass_trader", "Glass trader", "broken_colonnade", "blackglass", 3, "root_trader"),
                Trader("root_trader", "Root trader", "sunken_bazaar", "sunroot", 3, "gill_trader"),
                Trader("gill_trader", "Gill trader", "lakeview_hamlet", "frostgill", 3, "hide_trader"),
                Trader("hide_trader", "Hide trader", "murkfen_landing", "mire_hide", 2, "pearl_trader"),
                Trader("pearl_trader", "Pearl trader", "smugglers_cove", "moon_pearl", 2, "stew_trader"),
            ],
        ),
    ]
