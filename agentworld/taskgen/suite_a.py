"""Tasks 50-75 (the suite-a share of issue 11): one motif call per task, with the parameters that
make it distinct. `suite.drafts()` appends these after tasks 17-49.
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, Trader, exchange, forge
from agentworld.taskgen.motifs_a import armed, commission, holdout


def drafts() -> list[Draft]:
    return [
        holdout(
            "task_50",
            "Broth for the Snowed-in Camp",
            camp="frostmere_camp",
            intro=(
                "A blizzard has shut Frostmere Camp off from the south. The camp holds out only if its warden has "
                "frostgill broth for the night watch: frostgill only the ice fisher can raise, simmered by the camp "
                "cook."
            ),
            sources=[Source("ice_fisher", "Ice fisher", "frostgill_hole", 4, "frostford", (1, 1))],
            makers=[
                {
                    "name": "camp_cook",
                    "title": "Camp cook",
                    "recipes": [("frostgill_broth", 2)],
                    "station": "cooking_range#frostmere",
                    "spawn": "north_crossroads",
                    "fed_by": ["ice_fisher"],
                }
            ],
            keeper={"name": "warden", "title": "Camp warden", "spawn": "glacier_gate"},
        ),
        armed(
            "task_51",
            "A Spear for the Rime Stalker",
            intro=(
                "A rime stalker hunts the road below Greyhorn Lookout, and the spearman will meet it with a "
                "blackglass spear: blackglass only the vent miner can cut, tempered and hafted by the weaponsmith."
            ),
            sources=[Source("vent_miner", "Vent miner", "blackglass_seam", 2, "stonefoot_camp", (-1, 1))],
            makers=[
                {
                    "name": "weaponsmith",
                    "title": "Weaponsmith",
                    "recipes": [("blackglass_edge", 1), ("blackglass_spear", 1)],
                    "station": "furnace#mine",
                    "spawn": "deepdelve_mine",
                    "start": {"stick": 2},
                    "fed_by": ["vent_miner"],
                }
            ],
            fighter={
                "name": "spearman",
                "title": "Spearman",
                "spawn": "ogre_den_mouth",
                "skills": {"accuracy": 60, "strength": 60, "defense": 40, "health": 40},
            },
            beast={"type": "rime_stalker", "near": "greyhorn_lookout", "direction": (1, 1), "away": 6},
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
        holdout(
            "task_53",
            "Loaves for the Oasis Siege",
            camp="sunscar_oasis",
            intro=(
                "Sand raiders have ringed the Sunscar Oasis and nobody may leave it for a month. The oasis holds out "
                "only if its steward has sunroot loaves stored: sunroot only the root digger can lift, pounded and "
                "baked by the baker at Saltreach."
            ),
            sources=[Source("root_digger", "Root digger", "sunroot_tuft", 4, "sunken_bazaar", (1, -1))],
            makers=[
                {
                    "name": "baker",
                    "title": "Baker",
                    "recipes": [("sunroot_flour", 2), ("sunroot_loaf", 2)],
                    "station": "cooking_range#saltreach",
                    "spawn": "smugglers_cove",
                    "fed_by": ["root_digger"],
                }
            ],
            keeper={"name": "steward", "title": "Oasis steward", "spawn": "scorched_obelisk"},
        ),
        holdout(
            "task_54",
            "Stew at the Glacier Gate",
            camp="glacier_gate",
            intro=(
                "The watch at the Glacier Lair Gate is cut off by snow. The stew-cook will carry hearth stew up to "
                "them: frostgill from the ice fisher and sunroot from the root digger, stewed together."
            ),
            sources=[
                Source("ice_fisher", "Ice fisher", "frostgill_hole", 2, "frostford", (1, 1)),
                Source("root_digger", "Root digger", "sunroot_tuft", 2, "north_crossroads", (1, -1)),
            ],
            makers=[
                {
                    "name": "stew_cook",
                    "title": "Stew cook",
                    "recipes": [("hearth_stew", 2)],
                    "station": "cooking_range#frostmere",
                    "spawn": "frostmere_camp",
                    "fed_by": ["ice_fisher", "root_digger"],
                }
            ],
            keeper=None,
        ),
        holdout(
            "task_55",
            "Three Broths for Greyhorn",
            camp="greyhorn_lookout",
            intro=(
                "The three sentries of Greyhorn Lookout are snowbound and their stores are gone. Their quartermaster "
                "must bring up three frostgill broths before the pass closes; only the quartermaster's charts show "
                "where the frostgill holes are."
            ),
            sources=[Source("ice_fisher", "Ice fisher", "frostgill_hole", 6, "frostford", (1, 1))],
            makers=[
                {
                    "name": "cook",
                    "title": "Cook",
                    "recipes": [("frostgill_broth", 3)],
                    "station": "cooking_range#frostmere",
                    "spawn": "frostford",
                    "fed_by": ["ice_fisher"],
                }
            ],
            keeper={
                "name": "quartermaster",
                "title": "Quartermaster",
                "spawn": "stonefoot_camp",
                "charts": True,
            },
        ),
        holdout(
            "task_56",
            "Pasties for the Drowned Chapel",
            camp="murkfen_landing",
            intro=(
                "The fen has flooded around the Murkfen Landing and the boatmen there are starving. Their ferryman "
                "must bring three stormeel pasties back across the water: sunroot flour folded round stormeel by "
                "the baker."
            ),
            sources=[
                Source("root_digger", "Root digger", "sunroot_tuft", 6, "sunscar_oasis", (-1, 0)),
                Source("eel_fisher", "Eel fisher", "stormeel_run", 3, "old_mill", (1, 1)),
            ],
            makers=[
                {
                    "name": "baker",
                    "title": "Baker",
                    "recipes": [("sunroot_flour", 3), ("stormeel_pasty", 3)],
                    "station": "cooking_range#town",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["root_digger", "eel_fisher"],
                }
            ],
            keeper={"name": "ferryman", "title": "Ferryman", "spawn": "witch_hut"},
        ),
        holdout(
            "task_57",
            "Holding Hollowcrown",
            camp="hollowcrown_keep",
            intro=(
                "Hollowcrown Keep is besieged and its castellan will not yield while there is stew in the keep: "
                "frostgill and sunroot, stewed by the cook, carried in by the castellan."
            ),
            sources=[
                Source("ice_fisher", "Ice fisher", "frostgill_hole", 2, "frostmere_camp", (1, -1)),
                Source("root_digger", "Root digger", "sunroot_tuft", 2, "broken_colonnade", (1, 1)),
            ],
            makers=[
                {
                    "name": "cook",
                    "title": "Cook",
                    "recipes": [("hearth_stew", 2)],
                    "station": "cooking_range#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["ice_fisher", "root_digger"],
                }
            ],
            keeper={"name": "castellan", "title": "Castellan", "spawn": "ruins_gate"},
        ),
        holdout(
            "task_58",
            "Winter Stores at Stonefoot",
            camp="stonefoot_camp",
            intro=(
                "The miners at Stonefoot Camp will be snowed in all winter. Their root digger will lay in three "
                "hearth stews, stewed by the camp cook from frostgill and the digger's own sunroot, and carry "
                "them up to the camp."
            ),
            sources=[
                Source("ice_fisher", "Ice fisher", "frostgill_hole", 3, "frostford", (-1, 1)),
                Source("root_digger", "Root digger", "sunroot_tuft", 3, "north_crossroads", (-1, 1)),
            ],
            makers=[
                {
                    "name": "camp_cook",
                    "title": "Camp cook",
                    "recipes": [("hearth_stew", 3)],
                    "station": "cooking_range#frostmere",
                    "spawn": "deepdelve_mine",
                    "fed_by": ["ice_fisher", "root_digger"],
                }
            ],
            keeper={
                "name": "root_digger",
                "title": "Root digger",
                "spawn": "north_crossroads",
                "gathers": True,
            },
        ),
        armed(
            "task_59",
            "The Mire Troll's Hide",
            trophy=True,
            intro=(
                "A mire troll blocks the fen road. The fen warden who kills it is to wear a cloak of its own hide, "
                "lined with wild silk and sewn by the tailor."
            ),
            sources=[Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 1, "old_mill", (-1, 1))],
            makers=[
                {
                    "name": "tailor",
                    "title": "Tailor",
                    "recipes": [("mirehide_cloak", 1)],
                    "station": "tanning_rack#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["silk_gatherer"],
                }
            ],
            fighter={
                "name": "fen_warden",
                "title": "Fen warden",
                "spawn": "witch_hut",
                "skills": {"accuracy": 60, "strength": 60, "defense": 45, "health": 40},
                "equipment": {"weapon": "starsilver_blade"},
            },
            beast={"type": "mire_troll", "near": "murkfen_landing", "direction": (1, 0), "away": 6},
        ),
        armed(
            "task_60",
            "The Basilisk's Eye",
            trophy=True,
            intro=(
                "A dune basilisk stares down travellers on the road to the Sunscar Oasis. Its eye, set in starsilver, "
                "makes a "
                "lens that shows every gap in a hide; the archer who kills it is to wear it."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "sunken_bazaar", (1, 0))],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("starsilver_bar", 1), ("basilisk_lens", 1)],
                    "station": "furnace#town",
                    "spawn": "mayors_hall",
                    "fed_by": ["prospector"],
                }
            ],
            fighter={
                "name": "archer",
                "title": "Desert archer",
                "spawn": "sunscar_oasis",
                "skills": {"archery": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "ghostpine_bow"},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (-1, -1), "away": 8},
        ),
        armed(
            "task_61",
            "The Bowyer's Own Hunt",
            intro=(
                "The old bowyer of Brindlemark has a ghostpine stave and one last hunt in her: a dune basilisk by "
                "the Sunscar Oasis. She will string the bow herself, with silk cord braided by the weaver from silk "
                "only the silk gatherer can reach."
            ),
            sources=[
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "greenhollow_farm", (1, 1))
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
                    "recipes": [("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "town_square",
                    "start": {"ghostpine_stave": 1},
                    "fed_by": [],
                },
            ],
            fighter={
                "name": "bowyer",
                "title": "Bowyer",
                "makes": True,
                "skills": {"archery": 60, "defense": 40, "health": 40},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (0, -1), "away": 8},
        ),
        armed(
            "task_62",
            "A Charm Against the Troll",
            intro=(
                "A mire troll has come up the stream to the Old Mill. The battlemage will face it only wearing a "
                "glasswing amulet: blackglass and a moon pearl, set by the jeweller."
            ),
            sources=[
                Source("vent_miner", "Vent miner", "blackglass_seam", 1, "broken_colonnade", (1, 0)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "mossy_pond", (0, 1)),
            ],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("glasswing_amulet", 1)],
                    "station": "workbench#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["vent_miner", "pearl_diver"],
                }
            ],
            fighter={
                "name": "battlemage",
                "title": "Battlemage",
                "spawn": "old_mill",
                "skills": {"magic": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "emberheart_staff"},
            },
            beast={"type": "mire_troll", "near": "old_mill", "direction": (-1, 1), "away": 6},
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
                    "spawn": "gullwatch_pier",
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
        forge(
            "task_67",
            "The Jeweller's Glasswing",
            intro=(
                "The jeweller of Brindlemark will set a glasswing amulet for herself: blackglass from the vent miner, "
                "a moon pearl from the pearl diver."
            ),
            sources=[
                Source("vent_miner", "Vent miner", "blackglass_seam", 1, "deepdelve_mine", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "old_mill", (-1, 1)),
            ],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("glasswing_amulet", 1)],
                    "station": "workbench#camp",
                    "spawn": "woodcutters_camp",
                    "fed_by": ["vent_miner", "pearl_diver"],
                }
            ],
            wields={"magic": 45},
        ),
        forge(
            "task_68",
            "The Shieldwright's Own Shield",
            intro=(
                "The shieldwright of Brindlemark has two heartwood planks put by for a shield of her own; it wants a "
                "starsilver boss, smelted by the smelter from ore only the prospector can cut."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "deepdelve_mine", (1, 1))],
            makers=[
                {
                    "name": "smelter",
                    "title": "Smelter",
                    "recipes": [("starsilver_bar", 1)],
                    "station": "furnace#mine",
                    "spawn": "stonefoot_camp",
                    "fed_by": ["prospector"],
                },
                {
                    "name": "shieldwright",
                    "title": "Shieldwright",
                    "recipes": [("heartwood_shield", 1)],
                    "station": "workbench#town",
                    "spawn": "brindlemark_smithy",
                    "start": {"heartwood_plank": 2},
                    "fed_by": [],
                },
            ],
            wields={"defense": 45},
        ),
        forge(
            "task_69",
            "A Bow from the Last Logs",
            intro=(
                "The bowyer of Brindlemark has two ghostpine logs put by for a bow of her own; she will cut the "
                "stave and string it herself, once the weaver has braided a silk cord from the silk gatherer's silk."
            ),
            sources=[
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "mirrorlake_causeway", (0, 1))
            ],
            makers=[
                {
                    "name": "weaver",
                    "title": "Weaver",
                    "recipes": [("silk_cord", 1)],
                    "station": "loom#town",
                    "spawn": "mayors_hall",
                    "fed_by": ["silk_gatherer"],
                },
                {
                    "name": "bowyer",
                    "title": "Bowyer",
                    "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "brindlemark_smithy",
                    "start": {"ghostpine_log": 2},
                    "fed_by": [],
                },
            ],
            wields={"archery": 45},
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
        armed(
            "task_72",
            "The Stalker on the Ford Road",
            intro=(
                "A rime stalker has taken the road to Frostford Bridge. The huntress of Frostmere will cut a bow "
                "from her own ghostpine logs and string it with silk cord from the weaver, then go after it."
            ),
            sources=[
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "north_crossroads", (1, 0))
            ],
            makers=[
                {
                    "name": "weaver",
                    "title": "Weaver",
                    "recipes": [("silk_cord", 1)],
                    "station": "loom#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["silk_gatherer"],
                },
                {
                    "name": "huntress",
                    "title": "Huntress",
                    "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "frostmere_camp",
                    "start": {"ghostpine_log": 2},
                    "fed_by": [],
                },
            ],
            fighter={
                "name": "huntress",
                "title": "Huntress",
                "makes": True,
                "skills": {"archery": 70, "defense": 40, "health": 40},
            },
            beast={"type": "rime_stalker", "near": "north_crossroads", "direction": (-1, -1), "away": 8},
        ),
        armed(
            "task_73",
            "The Archer Who Set Her Own Lens",
            trophy=True,
            intro=(
                "The archer-jeweller of Sunscar will kill the dune basilisk herself and set its eye in a starsilver "
                "band to wear: the bar smelted by the smelter from ore only the prospector can cut."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "broken_colonnade", (0, 1))],
            makers=[
                {
                    "name": "smelter",
                    "title": "Smelter",
                    "recipes": [("starsilver_bar", 1)],
                    "station": "furnace#town",
                    "spawn": "brindlemark_smithy",
                    "fed_by": ["prospector"],
                },
                {
                    "name": "archer_jeweller",
                    "title": "Archer-jeweller",
                    "recipes": [("basilisk_lens", 1)],
                    "station": "workbench#town",
                    "spawn": "sunscar_oasis",
                    "fed_by": [],
                },
            ],
            fighter={
                "name": "archer_jeweller",
                "title": "Archer-jeweller",
                "makes": True,
                "skills": {"archery": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "ghostpine_bow"},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (0, -1), "away": 8},
        ),
        forge(
            "task_74",
            "The Whole Bow in One Hand",
            intro=(
                "The master bowyer of the Woodcutters' Camp will make a ghostpine bow from end to end, braiding the "
                "cord from her own wild silk and cutting the stave from logs only the mistwood feller can fell; the "
                "warden of Frostford is to carry it."
            ),
            sources=[
                Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 2, "old_oak_grove", (1, 1))
            ],
            makers=[
                {
                    "name": "master_bowyer",
                    "title": "Master bowyer",
                    "recipes": [("ghostpine_stave", 1), ("silk_cord", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "brindlemark_inn",
                    "start": {"wild_silk": 2},
                    "fed_by": ["mistwood_feller"],
                }
            ],
            wielder={
                "name": "ford_warden",
                "title": "Ford warden",
                "skills": {"archery": 45},
                "spawn": "north_crossroads",
                "item": "ghostpine_bow",
            },
        ),
        armed(
            "task_75",
            "The Ranger Fells Her Own Bow",
            intro=(
                "The ranger of Whisperwood fells the ghostpine for her bow herself; the master bowyer cuts the "
                "stave, braids the cord from the silk gatherer's silk and strings it, and she takes it straight to "
                "the mire troll that has crept up the stream to the Old Mill."
            ),
            sources=[
                Source("ranger", "Ranger", "ghostpine_tree", 2, "woodcutters_camp", (1, 1)),
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "murkfen_landing", (1, -1)),
            ],
            makers=[
                {
                    "name": "master_bowyer",
                    "title": "Master bowyer",
                    "recipes": [("ghostpine_stave", 1), ("silk_cord", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["ranger", "silk_gatherer"],
                }
            ],
            fighter={
                "name": "ranger",
                "title": "Ranger",
                "gathers": True,
                "spawn": "woodcutters_camp",
                "skills": {"archery": 70, "defense": 40, "health": 40},
            },
            beast={"type": "mire_troll", "near": "old_mill", "direction": (0, 1), "away": 8},
        ),
    ]
