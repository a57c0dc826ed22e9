"""The generated trading tasks built round makers (ids 30, 52, 63, 64, 65, 66): commissions, where
gatherers sell to a maker who sells to a patron, and the Great Exchange (trading.py lists them all)."""

from __future__ import annotations

from agentworld.taskgen.bargains import cargo, ring
from agentworld.taskgen.build import Draft
from agentworld.taskgen.market import Catch, market
from agentworld.taskgen.orders import commission as market_commission
from agentworld.taskgen.orders import scarce


def drafts() -> list[Draft]:
    return [
        market(
            "task_30",
            "The Great Brindlemark Exchange",
            parts=[
                cargo(
                    pair=(
                        Catch(
                            "south_digger",
                            "Amber digger",
                            (124, 146),
                            "amber_shingle",
                            16,
                            (-1, 1),
                            style="quick",
                        ),
                        Catch(
                            "gate_digger",
                            "Amber digger",
                            (136, 146),
                            "amber_shingle",
                            16,
                            (1, 1),
                            style="quick",
                        ),
                    ),
                    extras=(
                        Catch("ditch_raker", "Salt raker", (112, 146), "salt_pan", 6, (-1, 0), style="quick"),
                        Catch("river_wracker", "Wrack cutter", (146, 146), "wrack_line", 8, (1, 0)),
                    ),
                    broker={
                        "name": "guild_factor",
                        "title": "Guild factor",
                        "spawn": (130, 144),
                        "sheet": "You are the factor of the Brindlemark merchants' guild: you carry the guild's "
                        "coins and want lanterns and stormeels for the guild's warehouses; you gather nothing.",
                        "came_for": "You came to turn the guild's coins into lanterns (`lantern`) and "
                        "stormeels (`stormeel`); you must end holding them.",
                        "message": "Guild factor at the south gate: I pay coins on the spot for amber, sea salt "
                        "and driftwood, any amount, and I want lanterns and stormeels.",
                        "pays": Catch(
                            "lacquer_maker", "Lacquer maker", (130, 150), "stormeel_run", 10, (0, 1)
                        ),
                    },
                    buyer={
                        "name": "lacquer_maker",
                        "title": "Lacquer maker",
                        "spawn": (130, 150),
                        "sheet": "You are a lacquer maker from the coast, come to the Great Exchange; you pay in "
                        "the lanterns you lacquer and the stormeels you fish from the south pools, with a few "
                        "coins to make up the sum.",
                        "carries": {"lantern": 36},
                        "came_for": "You came to buy 32 amber (`amber`), 6 sea salt (`sea_salt`) and 8 driftwood "
                        "(`driftwood`) for your varnish kettles, paying in lanterns and stormeels; you must "
                        "hold them all.",
                        "message": "Lacquer maker south of town: I need 32 amber, 6 sea salt and 8 driftwood, "
                        "and I pay in lanterns (35 each) and stormeels (65 each) that I fish, not in coin.",
                    },
                ),
                market_commission(
                    sources=[
                        Catch(
                            "mist_feller",
                            "Ghostpine feller",
                            (106, 122),
                            "ghostpine_tree",
                            4,
                            (-1, 0),
                            style="early",
                        ),
                        Catch("moth_keeper", "Silk gatherer", (104, 130), "silkmoth_cocoons", 4, (-1, 1)),
                    ],
                    maker={
                        "name": "guild_bowyer",
                        "title": "Bowyer",
                        "spawn": (122, 120),
                        "sheet": "You are a bowyer of the Brindlemark guild, who works at the town's fletching "
                        "bench (`fletching_bench#town`) and loom (`loom#town`); you can neither fell ghostpine "
                        "nor gather silk.",
                        "recipes": [("ghostpine_stave", 2), ("silk_cord", 2), ("ghostpine_bow", 2)],
                        "came_for": "You have an order for two ghostpine bows (`ghostpine_bow`): you must buy "
                        "their ghostpine and wild silk with your own coins, and you are paid when you hand "
                        "them over.",
                        "message": "Bowyer of the guild: I buy ghostpine logs and wild silk at the market price, "
                        "and I make ghostpine bows to order.",
                    },
                    patron={
                        "name": "watch_captain",
                        "title": "Captain of the watch",
                        "spawn": (138, 110),
                        "sheet": "You are the captain of the Brindlemark watch, an archer (archery 45); you can "
                        "neither fell, gather nor make a bow.",
                        "skills": {"archery": 45},
                        "wears": True,
                        "came_for": "You ordered two ghostpine bows (`ghostpine_bow`) for the watch and carry "
                        "their price; you must hold both and wield one.",
                        "message": "Captain of the watch: I ordered two ghostpine bows. Who makes them?",
                    },
                    patron_buys=True,
                ),
                ring(
                    members=[
                        Catch("ember_miner", "Emberstone miner", (154, 114), "emberstone_seam", 5, (1, 0)),
                        Catch(
                            "moat_diver", "Pearl diver", (154, 104), "pearl_bed", 5, (1, -1), style="early"
                        ),
                        Catch(
                            "hedge_picker",
                            "Dawnlily picker",
                            (154, 128),
                            "dawnlily_patch",
                            7,
                            (1, 1),
                            style="heed",
                        ),
                        Catch("oak_feller", "Heartwood feller", (146, 98), "heartwood_tree", 7, (0, -1)),
                    ],
                    sheets={
                        "ember_miner": "You mine the emberstone seam east of the town walls.",
                        "moat_diver": "You dive the old moat pools north-east of town for moon pearls.",
                        "hedge_picker": "You pick the dawnlilies of the east hedges.",
                        "oak_feller": "You fell the heartwood north of the town walls.",
                    },
                ),
                ring(
                    members=[
                        Catch(
                            "gill_fisher",
                            "Frostgill fisher",
                            (118, 98),
                            "frostgill_hole",
                            5,
                            (0, -1),
                            style="early",
                        ),
                        Catch("root_forager", "Sunroot forager", (104, 114), "sunroot_tuft", 6, (-1, 0)),
                        Catch(
                            "vent_digger",
                            "Blackglass miner",
                            (112, 98),
                            "blackglass_seam",
                            4,
                            (-1, -1),
                            style="heed",
                        ),
                    ],
                    sheets={
                        "gill_fisher": "You fish the cold springs north of the town for frostgill.",
                        "root_forager": "You dig sunroot in the west meadows.",
                        "vent_digger": "You mine the blackglass of the old vents north-west of town.",
                    },
                ),
                scarce(
                    seller={
                        "name": "dye_merchant",
                        "title": "Dye merchant",
                        "spawn": (116, 114),
                        "sheet": "You are a dye merchant at the Great Exchange with a stall by the loom.",
                        "one": "murex_dye",
                        "gathers": Catch(
                            "dye_merchant", "Dye merchant", (116, 114), "woad_patch", 6, (-1, -1)
                        ),
                        "message": "Dye merchant by the loom: I have one vial of murex dye, the only one this "
                        "season, and I can cut woad to order.",
                    },
                    needy={
                        "name": "robe_tailor",
                        "title": "Tailor",
                        "spawn": (116, 126),
                        "sheet": "You are the tailor who sews the mayor's robe of office at the town loom "
                        "(`loom#town`); the charter says it is dyed sea-purple.",
                        "recipes": ["mayors_robe"],
                        "start": {"linen": 3},
                        "came_for": "You must make the mayor's robe (`mayors_robe`) for the Exchange's closing, "
                        "and hold it.",
                        "message": "Tailor here: the mayor's robe takes murex dye and nothing else. I must have "
                        "the murex.",
                    },
                    flexible={
                        "name": "banner_maker",
                        "title": "Banner maker",
                        "spawn": (122, 112),
                        "sheet": "You are the banner maker who dyes the town banner at the town loom "
                        "(`loom#town`).",
                        "recipes": ["town_banner", "town_banner_woad"],
                        "start": {"linen": 2},
                        "came_for": "You must make the town banner (`town_banner`) for the market cross, and "
                        "hold it.",
                        "message": "Banner maker here: I dye the town banner, with murex or with woad.",
                    },
                ),
            ],
            objective="Twenty traders come to the Great Exchange at Brindlemark: a guild factor turns coins into "
            "lanterns and stormeels by buying the diggers' amber, a bowyer fills the watch's order, two rings of traders "
            "swap what each needs, and two makers share out a dye market with one vial of murex. The task is "
            "complete when every trader holds what it came for, with nobody's worth (coins plus goods at the "
            "market's prices) ever having fallen.",
        ),
        market(
            "task_52",
            "The Bowyer's Price",
            parts=[
                market_commission(
                    sources=[
                        Catch(
                            "ghostpine_feller",
                            "Ghostpine feller",
                            (80, 104),
                            "ghostpine_tree",
                            6,
                            style="early",
                        )
                    ],
                    maker={
                        "name": "camp_bowyer",
                        "title": "Bowyer",
                        "spawn": "woodcutters_camp",
                        "sheet": "You are the bowyer of the Woodcutters' Camp, who works at the camp's fletching "
                        "bench (`fletching_bench#camp`); you cannot fell ghostpine yourself.",
                        "recipes": [("ghostpine_stave", 3), ("ghostpine_bow", 3)],
                        "start": {"silk_cord": 3},
                        "came_for": "You have taken an order for three ghostpine bows (`ghostpine_bow`) and hold "
                        "the silk cord for them; you must buy the ghostpine logs they need with your own coins, "
                        "and you will be paid the bows' price when you hand them over.",
                        "message": "Bowyer at the Woodcutters' Camp: I buy ghostpine logs at the market price, "
                        "and I have three ghostpine bows to make for whoever ordered them.",
                    },
                    patron={
                        "name": "frontier_captain",
                        "title": "Frontier captain",
                        "spawn": (104, 116),
                        "sheet": "You are the captain of the Whisperwood frontier post, an archer (archery 45); "
                        "you can neither fell ghostpine nor work a bow.",
                        "skills": {"archery": 45},
                        "wears": True,
                        "came_for": "You ordered three ghostpine bows (`ghostpine_bow`) for your archers and carry "
                        "their price; you must hold all three, one of them strung on your own back.",
                        "message": "Captain of the frontier post: I ordered three ghostpine bows and carry their "
                        "price. Who is making them, and where?",
                    },
                    patron_buys=True,
                )
            ],
            objective="A frontier captain has ordered three ghostpine bows, to be paid on delivery. The task is "
            "complete when the captain wields a ghostpine bow and holds all three, the bowyer holds their "
            "price and the feller the price of its logs, with nobody's worth (coins plus goods at the "
            "market's prices) ever having fallen.",
        ),
        market(
            "task_63",
            "Broth for the Frostmere Hall",
            parts=[
                market_commission(
                    sources=[Catch("ice_fisher", "Ice fisher", (124, 56), "frostgill_hole", 14, (-1, 0))],
                    maker={
                        "name": "camp_cook",
                        "title": "Cook",
                        "spawn": (128, 70),
                        "sheet": "You are the cook of Frostmere Camp, who works at the camp's cooking range "
                        "(`cooking_range#frostmere`); you cannot fish the frostgill holes yourself.",
                        "recipes": [("frostgill_broth", 7)],
                        "came_for": "You have a standing order for seven pots of frostgill broth "
                        "(`frostgill_broth`): you must buy the frostgill with your own coins, and you are paid "
                        "the broth's price when you hand it over.",
                        "message": "Cook of Frostmere Camp: I buy frostgill at the market price, coins on the "
                        "spot, and I cook frostgill broth for whoever ordered it.",
                    },
                    patron={
                        "name": "hall_steward",
                        "title": "Steward of the hall",
                        "spawn": "frostmere_camp",
                        "sheet": "You are the steward of the Frostmere hall, where the garrison eats; you can "
                        "neither fish nor cook, but you know the amber of the moraine.",
                        "pays": Catch(
                            "hall_steward",
                            "Steward of the hall",
                            "frostmere_camp",
                            "amber_shingle",
                            11,
                            (0, 1),
                        ),
                        "came_for": "The garrison needs seven pots of frostgill broth (`frostgill_broth`) for the "
                        "cold nights: you pay for them in amber from the moraine beside the camp, with coins to "
                        "make up the difference, and must hold all seven.",
                        "message": "Steward of the Frostmere hall, at the camp: I will pay for seven pots of "
                        "frostgill broth on delivery. Who cooks it?",
                    },
                    maker_buys=True,
                )
            ],
            objective="The Frostmere hall orders seven pots of frostgill broth, paid on delivery. The task is "
            "complete when the steward of the hall holds the seven pots, the cook holds their price and the "
            "ice fisher the price of its frostgill, with nobody's worth (coins plus goods at the market's "
            "prices) ever having fallen.",
        ),
        market(
            "task_64",
            "Loaves for the Caravan",
            parts=[
                market_commission(
                    sources=[
                        Catch(
                            "root_digger",
                            "Root digger",
                            (198, 194),
                            "sunroot_tuft",
                            14,
                            (0, -1),
                            style="quick",
                        )
                    ],
                    maker={
                        "name": "saltreach_baker",
                        "title": "Baker",
                        "spawn": (202, 206),
                        "sheet": "You are the baker of Saltreach Village, who bakes at the village's cooking "
                        "range (`cooking_range#saltreach`); you cannot dig sunroot yourself.",
                        "recipes": [("sunroot_flour", 7), ("sunroot_loaf", 7)],
                        "came_for": "A caravan has ordered seven sunroot loaves (`sunroot_loaf`): you must buy the "
                        "sunroot with your own coins, and you are paid the loaves' price when you hand them over.",
                        "message": "Baker of Saltreach: I buy sunroot at the market price and bake sunroot "
                        "loaves to order.",
                    },
                    patron={
                        "name": "caravan_master",
                        "title": "Caravan master",
                        "spawn": "saltreach_village",
                        "sheet": "You are the master of a caravan about to cross the Sunscar; you can neither "
                        "dig roots nor bake, but you know the amber of the shingle by the village.",
                        "pays": Catch(
                            "caravan_master",
                            "Caravan master",
                            "saltreach_village",
                            "amber_shingle",
                            12,
                            (-1, 0),
                        ),
                        "came_for": "Only sunroot loaves (`sunroot_loaf`) keep for the whole crossing: you came "
                        "for seven of them, to be paid in amber from the shingle beside the village and coins "
                        "for the rest; you must hold all seven.",
                        "message": "Caravan master at Saltreach: I pay for seven sunroot loaves on delivery. Who "
                        "bakes them?",
                    },
                )
            ],
            objective="A caravan about to cross the Sunscar orders seven sunroot loaves, paid on delivery. The "
            "task is complete when the caravan master holds the seven loaves, the baker holds their price and "
            "the root digger the price of its sunroot, with nobody's worth (coins plus goods at the market's "
            "prices) ever having fallen.",
        ),
        market(
            "task_65",
            "The Seeress Pays in Amber",
            parts=[
                market_commission(
                    sources=[
                        Catch("vent_miner", "Vent miner", (196, 74), "blackglass_seam", 5, (0, 1)),
                        Catch("pearl_diver", "Pearl diver", (218, 58), "pearl_bed", 5, (1, 0)),
                    ],
                    maker={
                        "name": "ruin_jeweller",
                        "title": "Jeweller",
                        "spawn": (214, 62),
                        "sheet": "You are a jeweller camped in the Hollowcrown ruins, who sets stones at the "
                        "ruins' workbench (`workbench#ruins`); you can neither mine blackglass nor dive for pearls.",
                        "recipes": [("glasswing_amulet", 5)],
                        "came_for": "You have an order for five glasswing amulets (`glasswing_amulet`): you "
                        "must buy their blackglass and moon pearls with your own coins, and you are paid the "
                        "amulets' price when you hand them over.",
                        "message": "Jeweller at the Hollowcrown ruins: I buy blackglass and moon pearls at the "
                        "market price, and I set glasswing amulets to order.",
                    },
                    patron={
                        "name": "hollow_seeress",
                        "title": "Seeress",
                        "spawn": (222, 70),
                        "sheet": "You are the seeress of the Hollowcrown (magic 45), who keeps the midsummer "
                        "rite with four acolytes; you can neither mine, dive nor set stones, but you know the "
                        "amber of the heath east of the ruins.",
                        "skills": {"magic": 45},
                        "wears": True,
                        "pays": Catch("hollow_seeress", "Seeress", (222, 70), "amber_shingle", 8, (1, 0)),
                        "came_for": "You ordered five glasswing amulets (`glasswing_amulet`) for the rite: you pay "
                        "for them in amber from the shingle beside you, with coins for the rest, and must hold "
                        "all five and wear one.",
                        "message": "Seeress of the Hollowcrown: I will pay for five glasswing amulets when they "
                        "are ready. Who sets them?",
                    },
                    maker_buys=True,
                    patron_buys=True,
                )
            ],
            objective="The seeress of the Hollowcrown has ordered five glasswing amulets for the midsummer rite. "
            "The task is complete when the seeress wears one and holds all five, the jeweller holds the "
            "seeress's amber and coins and the miner and the diver the prices of their stones, with nobody's "
            "worth (coins plus goods at the market's prices) ever having fallen.",
        ),
        market(
            "task_66",
            "A Circlet for the Magistrate",
            parts=[
                market_commission(
                    sources=[
                        Catch(
                            "reef_diver",
                            "Pearl diver",
                            (218, 58),
                            "pearl_bed",
                            10,
                            (1, 0),
                            style="early quick",
                        )
                    ],
                    maker={
                        "name": "keep_jeweller",
                        "title": "Jeweller",
                        "spawn": (214, 62),
                        "sheet": "You are a jeweller lodging at Hollowcrown Keep, who sets circlets at the "
                        "ruins' workbench (`workbench#ruins`); you cannot dive for pearls.",
                        "recipes": [("pearl_circlet", 5)],
                        "start": {"starsilver_bar": 5},
                        "came_for": "You have an order for five pearl circlets (`pearl_circlet`) and hold the "
                        "starsilver for them: you must buy their moon pearls with your own coins, and you will "
                        "be paid the circlets' worth when you hand them over.",
                        "message": "Jeweller at the Hollowcrown ruins: I buy moon pearls at the market price, "
                        "and I set pearl circlets to order.",
                    },
                    patron={
                        "name": "march_magistrate",
                        "title": "Magistrate",
                        "spawn": (222, 70),
                        "sheet": "You are the magistrate of the Hollowcrown march (magic 45), who sits with four "
                        "assessors; you can neither dive nor set stones, but the amber of the heath east of the "
                        "ruins is yours to take.",
                        "skills": {"magic": 45},
                        "wears": True,
                        "pays": Catch(
                            "march_magistrate", "Magistrate", (222, 70), "amber_shingle", 18, (1, 0)
                        ),
                        "came_for": "You ordered five pearl circlets (`pearl_circlet`) for yourself and your "
                        "assessors: you pay in amber from the heath, with coins for the rest, and must hold all "
                        "five and wear one.",
                        "message": "Magistrate of the march: I ordered five pearl circlets. Who sets them?",
                    },
                )
            ],
            objective="The magistrate of the Hollowcrown march has ordered five pearl circlets, paid for on "
            "delivery. The task is complete when the magistrate wears one and holds all five, the jeweller "
            "holds the magistrate's amber and coins and the diver the price of its pearls, with nobody's "
            "worth (coins plus goods at the market's prices) ever having fallen.",
        ),
    ]
