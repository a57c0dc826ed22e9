"""The generated trading tasks (ids 20, 21, 29, 30, 39, 41, 42, 52, 63, 64, 65, 66, 70, 71): one market
per task (agentworld/taskgen/market.py), composed of the parts that make it distinct. Here the markets
of cargoes and rings; the ones built round makers (commissions, the Great Exchange) are in
trading_makers.py."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.bargains import cargo, ring
from agentworld.taskgen.orders import commission as market_commission
from agentworld.taskgen.market import Catch, market
from agentworld.taskgen.suite.trading_makers import drafts as makers


def drafts() -> list[Draft]:
    return makers() + [
        market(
            "task_20",
            "Oysters for the Heron",
            parts=[
                cargo(
                    pair=(
                        Catch("north_picker", "Oyster picker", (237, 196), "oyster_rocks", 16, (0, -1)),
                        Catch("south_picker", "Oyster picker", (237, 204), "oyster_rocks", 16, (0, 1)),
                    ),
                    extras=(Catch("salt_raker", "Salt raker", (229, 192), "salt_pan", 8, (-1, 0)),),
                    buyer={
                        "name": "heron_purser",
                        "title": "Purser of the Heron",
                        "spawn": (241, 200),
                        "sheet": "You are the purser of the Heron, a coaster moored at Gullwatch Pier; you keep "
                        "the ship's purse and stores, and can neither pick oysters nor rake salt.",
                        "came_for": "The Heron sails north with a hold of live oysters packed in salt: you came "
                        "to buy 32 rock oysters (`rock_oyster`) and 8 sea salt (`sea_salt`), and must hold "
                        "them all before she sails.",
                        "message": "Purser of the Heron, on the pier: buying 32 rock oysters and 8 sea salt at "
                        "the market's prices, coins on the spot. Who sells?",
                    },
                )
            ],
            objective="The Heron takes on live oysters and salt at Gullwatch Pier, bought at the market's "
            "prices. The task is complete when the purser of the Heron holds 32 rock oysters and 8 sea salt "
            "and every picker and raker holds the coins for its goods, with nobody's worth (coins plus goods "
            "at the market's prices) ever having fallen.",
        ),
        market(
            "task_21",
            "The Sunken Bazaar Swap",
            parts=[
                cargo(
                    pair=(
                        Catch(
                            "dune_picker",
                            "Amber picker",
                            (133, 222),
                            "amber_shingle",
                            15,
                            (-1, 0),
                            style="quick",
                        ),
                        Catch(
                            "drift_picker",
                            "Amber picker",
                            (140, 214),
                            "amber_shingle",
                            15,
                            (0, -1),
                            style="quick",
                        ),
                    ),
                    extras=(
                        Catch("pan_raker", "Salt raker", (140, 231), "salt_pan", 6, (0, 1), style="quick"),
                    ),
                    broker={
                        "name": "bazaar_factor",
                        "title": "Caravan factor",
                        "spawn": (139, 222),
                        "sheet": "You are the factor of a caravan house at the Sunken Bazaar: you carry the "
                        "house's coins, and want lanterns and sunroot for the house's trade in the north; you "
                        "gather nothing yourself.",
                        "came_for": "You came to turn the house's coins into lanterns (`lantern`) and sunroot "
                        "(`sunroot`), which the house sells in the north; you must end holding them.",
                        "message": "Factor of the caravan house at the bazaar: I pay coins on the spot for amber "
                        "and sea salt, any amount, and I want lanterns and sunroot.",
                        "pays": Catch(
                            "glass_merchant", "Glass merchant", (141, 224), "sunroot_tuft", 10, (1, 1)
                        ),
                    },
                    buyer={
                        "name": "glass_merchant",
                        "title": "Glass merchant",
                        "spawn": (141, 224),
                        "sheet": "You are a glass merchant of the Sunken Bazaar, who makes amber glass (amber "
                        "melted with salt for flux); you pay in the lanterns of your workshop and the sunroot "
                        "you dig beside your stall, with a few coins to make up the sum.",
                        "carries": {"lantern": 32},
                        "came_for": "You came to buy 30 amber (`amber`) and 6 sea salt (`sea_salt`) for your "
                        "furnace, paying in lanterns and sunroot; you must hold them all.",
                        "message": "Glass merchant at the bazaar: I need 30 amber and 6 sea salt, and I pay in "
                        "lanterns (35 each) and sunroot (55 a root) that I dig, not in coin.",
                    },
                )
            ],
            objective="At the Sunken Bazaar the amber pickers and a salt raker want coins, a glass merchant who "
            "needs their amber and salt pays in lanterns and sunroot, and a caravan factor has coins and "
            "wants those goods. The task is complete when the glass merchant holds 30 amber and 6 sea salt, "
            "the factor holds the merchant's lanterns and sunroot, and every picker and raker holds the coins "
            "for its goods, with nobody's worth (coins plus goods at the market's prices) ever having fallen.",
        ),
        market(
            "task_29",
            "The Greenhollow Moot",
            parts=[
                cargo(
                    pair=(
                        Catch(
                            "gravel_digger",
                            "Amber digger",
                            (158, 146),
                            "amber_shingle",
                            16,
                            (0, 1),
                            style="quick",
                        ),
                        Catch(
                            "ford_digger",
                            "Amber digger",
                            (166, 140),
                            "amber_shingle",
                            16,
                            (1, 0),
                            style="quick",
                        ),
                    ),
                    extras=(Catch("spring_raker", "Salt raker", (158, 130), "salt_pan", 8, (0, -1)),),
                    buyer={
                        "name": "farm_provisioner",
                        "title": "Provisioner",
                        "spawn": (160, 139),
                        "sheet": "You are a provisioner who buys for the Brindlemark chandlers at the "
                        "Greenhollow moot; you gather nothing yourself.",
                        "came_for": "You came to buy 32 amber (`amber`) and 8 sea salt (`sea_salt`) for the "
                        "chandlers, and must hold them all.",
                        "message": "Provisioner at the farm: buying 32 amber and 8 sea salt at the market's "
                        "prices, coins on the spot.",
                    },
                ),
                market_commission(
                    sources=[
                        Catch(
                            "lily_picker",
                            "Dawnlily picker",
                            (150, 132),
                            "dawnlily_patch",
                            6,
                            (-1, -1),
                            style="early",
                        ),
                        Catch("well_diver", "Pearl diver", (150, 148), "pearl_bed", 3, (-1, 1)),
                    ],
                    maker={
                        "name": "town_apothecary",
                        "title": "Apothecary",
                        "spawn": (140, 130),
                        "sheet": "You are an apothecary of Brindlemark, who steeps at the town's alchemy table "
                        "(`alchemy_table#town`); you can neither pick dawnlilies nor dive for pearls.",
                        "recipes": [("dawnlily_tincture", 3)],
                        "came_for": "A physician has ordered three dawnlily tinctures (`dawnlily_tincture`): you "
                        "must buy the dawnlilies and moon pearls with your own coins, and you are paid when you "
                        "hand the tinctures over.",
                        "message": "Apothecary of Brindlemark: I buy dawnlilies and moon pearls at the market "
                        "price, and I steep dawnlily tinctures to order.",
                    },
                    patron={
                        "name": "town_physician",
                        "title": "Physician",
                        "spawn": (136, 126),
                        "sheet": "You are a physician of Brindlemark; you can neither pick, dive nor steep.",
                        "came_for": "You ordered three dawnlily tinctures (`dawnlily_tincture`) for the fever "
                        "ward and carry their price; you must hold all three.",
                        "message": "Physician of Brindlemark: I pay for three dawnlily tinctures on delivery. "
                        "Who steeps them?",
                    },
                    maker_buys=True,
                ),
            ],
            objective="The Greenhollow moot: a provisioner buys amber and salt for the town's chandlers, and an "
            "apothecary fills a physician's order for dawnlily tinctures. The task is complete when the "
            "provisioner holds 32 amber and 8 sea salt, the physician holds three dawnlily tinctures, the "
            "apothecary holds their price and every gatherer holds the coins for its goods, with nobody's "
            "worth (coins plus goods at the market's prices) ever having fallen.",
        ),
        market(
            "task_39",
            "A Three-Way Bargain",
            parts=[
                ring(
                    members=[
                        Catch("amber_digger", "Amber digger", (112, 140), "amber_shingle", 8),
                        Catch("salt_boiler", "Salt boiler", (100, 158), "salt_pan", 13, (0, 1), style="heed"),
                        Catch(
                            "wrack_cutter",
                            "Wrack cutter",
                            (99, 143),
                            "wrack_line",
                            18,
                            (-1, 0),
                            style="early",
                        ),
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
        market(
            "task_41",
            "The Frostmere Circle",
            parts=[
                ring(
                    members=[
                        Catch("vein_miner", "Starsilver miner", (118, 60), "starsilver_vein", 9, (-1, 0)),
                        Catch(
                            "ice_angler", "Ice angler", (122, 70), "frostgill_hole", 10, (0, 1), style="early"
                        ),
                        Catch(
                            "lily_gatherer",
                            "Dawnlily gatherer",
                            (136, 52),
                            "dawnlily_patch",
                            10,
                            (1, -1),
                            style="heed",
                        ),
                        Catch(
                            "pine_feller",
                            "Ghostpine feller",
                            (140, 60),
                            "ghostpine_tree",
                            9,
                            (1, 0),
                            style="early",
                        ),
                    ],
                    sheets={
                        "vein_miner": "You mine the starsilver veins that break the snow west of Frostmere Camp.",
                        "ice_angler": "You fish the frostgill holes cut in the ice south of the camp.",
                        "lily_gatherer": "You gather the dawnlilies that open in the snow north of the camp.",
                        "pine_feller": "You fell the ghostpines that grow in the mist east of the camp.",
                    },
                )
            ],
            objective="Four traders of the Frostmere bring what another of them needs and need what another "
            "brings, and none wants what the one it needs from wants. The task is complete when each holds "
            "the goods it came for, with nobody's worth (coins plus goods at the market's prices) ever having "
            "fallen.",
        ),
        market(
            "task_42",
            "Two Bargains at the Crossroads",
            parts=[
                cargo(
                    pair=(
                        Catch("west_cutter", "Woad cutter", (120, 86), "woad_patch", 16, (-1, 0)),
                        Catch("east_cutter", "Woad cutter", (136, 88), "woad_patch", 16, (1, 1)),
                    ),
                    buyer={
                        "name": "cloth_dyer",
                        "title": "Cloth dyer",
                        "spawn": (128, 87),
                        "sheet": "You are a cloth dyer from Brindlemark with a season's bolts to dye blue; you "
                        "cannot cut woad yourself.",
                        "came_for": "You came to buy 32 woad (`woad`) for the dye vats, and must hold it all "
                        "before you go home.",
                        "message": "Cloth dyer at the crossroads: buying 32 woad at the market price, coins on "
                        "the spot. Who cuts woad?",
                    },
                ),
                ring(
                    members=[
                        Catch(
                            "cairn_miner",
                            "Starsilver miner",
                            (124, 78),
                            "starsilver_vein",
                            8,
                            (0, -1),
                            style="early",
                        ),
                        Catch("pool_diver", "Pearl diver", (134, 78), "pearl_bed", 7, (1, -1), style="heed"),
                        Catch(
                            "grove_feller",
                            "Heartwood feller",
                            (124, 94),
                            "heartwood_tree",
                            9,
                            (-1, 1),
                            style="early",
                        ),
                    ],
                    sheets={
                        "cairn_miner": "You mine the starsilver of the cairn field north of the North Crossroads.",
                        "pool_diver": "You dive the cold pools north of the North Crossroads for moon pearls.",
                        "grove_feller": "You fell the old heartwood south of the North Crossroads.",
                    },
                ),
            ],
            objective="Two bargains are struck at the North Crossroads: a dyer buys the woad harvest, and three "
            "traders who each need what another brings settle a ring. The task is complete when the dyer "
            "holds 32 woad, every woad cutter holds the coins for its woad, and each of the three holds the "
            "goods it came for, with nobody's worth (coins plus goods at the market's prices) ever having "
            "fallen.",
        ),
        market(
            "task_70",
            "The Fenfolk's Market",
            parts=[
                cargo(
                    pair=(
                        Catch(
                            "north_wracker",
                            "Wrack cutter",
                            (78, 174),
                            "wrack_line",
                            18,
                            (0, -1),
                            style="early",
                        ),
                        Catch("east_wracker", "Wrack cutter", (84, 180), "wrack_line", 18, (1, 0)),
                    ),
                    buyer={
                        "name": "fen_boatwright",
                        "title": "Boatwright",
                        "spawn": (80, 177),
                        "sheet": "You are the boatwright of Murkfen Landing, with three punts to plank before "
                        "the floods; you cannot cut the wrack yourself.",
                        "came_for": "You came to buy 36 driftwood (`driftwood`) for the punts, and must hold it "
                        "all.",
                        "message": "Boatwright of the Landing: I buy seasoned driftwood at the market price, "
                        "36 of it. Tell me where you cut and I will come with the coins.",
                    },
                    buyer_goes=True,
                ),
                ring(
                    members=[
                        Catch("fen_digger", "Amber digger", (70, 176), "amber_shingle", 6, (0, -1)),
                        Catch("brine_raker", "Salt raker", (84, 188), "salt_pan", 10, (1, 1), style="early"),
                        Catch(
                            "mere_picker",
                            "Oyster picker",
                            (62, 182),
                            "oyster_rocks",
                            8,
                            (-1, 0),
                            style="heed",
                        ),
                        Catch(
                            "lily_wader",
                            "Dawnlily wader",
                            (76, 190),
                            "dawnlily_patch",
                            5,
                            (0, 1),
                            style="early",
                        ),
                        Catch(
                            "woad_grower", "Woad grower", (66, 176), "woad_patch", 7, (-1, -1), style="heed"
                        ),
                    ],
                    sheets={
                        "fen_digger": "You dig bog amber on the Landing's north bank.",
                        "brine_raker": "You rake the brine pans east of the Landing.",
                        "mere_picker": "You pick the mere oysters west of the Landing.",
                        "lily_wader": "You wade for dawnlilies south of the Landing.",
                        "woad_grower": "You grow woad in the plots behind the Landing.",
                    },
                ),
            ],
            objective="The fenfolk pole their boats to Murkfen Landing: the boatwright buys the wrack cutters' "
            "driftwood, and five traders who each need what another brings settle a ring. The task is "
            "complete when the boatwright holds 36 driftwood, every wrack cutter holds the coins for its "
            "driftwood, and each of the five holds the goods it came for, with nobody's worth (coins plus "
            "goods at the market's prices) ever having fallen.",
        ),
        market(
            "task_71",
            "The Lighthouse Fair",
            parts=[
                cargo(
                    pair=(
                        Catch(
                            "rock_picker",
                            "Oyster picker",
                            (230, 200),
                            "oyster_rocks",
                            15,
                            (1, 0),
                            style="quick",
                        ),
                        Catch(
                            "point_picker",
                            "Oyster picker",
                            (226, 186),
                            "oyster_rocks",
                            15,
                            (1, -1),
                            style="quick",
                        ),
                    ),
                    extras=(
                        Catch("pan_keeper", "Salt raker", (214, 188), "salt_pan", 6, (0, -1), style="quick"),
                        Catch(
                            "beachcomber", "Beachcomber", (224, 196), "wrack_line", 8, (1, 1), style="quick"
                        ),
                    ),
                    buyer={
                        "name": "ship_chandler",
                        "title": "Ship chandler",
                        "spawn": (218, 194),
                        "sheet": "You are the ship chandler of the Gullwatch coast, who victuals and mends the "
                        "ships that call at the lighthouse; you gather nothing yourself.",
                        "came_for": "You came to stock your store: 30 rock oysters (`rock_oyster`), 6 sea salt "
                        "(`sea_salt`) and 8 driftwood (`driftwood`), which you must hold.",
                        "message": "Ship chandler on the coast road: I buy oysters, sea salt and driftwood at the "
                        "market's prices, coins on the spot.",
                    },
                ),
                market_commission(
                    sources=[Catch("eel_fisher", "Stormeel fisher", (200, 196), "stormeel_run", 8, (-1, 0))],
                    maker={
                        "name": "oil_renderer",
                        "title": "Oil renderer",
                        "spawn": (206, 200),
                        "sheet": "You are the oil renderer of Saltreach Village, who renders at the village's "
                        "cooking range (`cooking_range#saltreach`); you cannot fish stormeels yourself.",
                        "recipes": [("stormeel_oil", 4)],
                        "came_for": "The lighthouse needs four flasks of stormeel oil (`stormeel_oil`): you must "
                        "buy the stormeels with your own coins, and you are paid when you hand the oil over.",
                        "message": "Oil renderer at Saltreach: I buy stormeels at the market price and render "
                        "stormeel oil to order.",
                    },
                    patron={
                        "name": "light_keeper",
                        "title": "Lighthouse keeper",
                        "spawn": (206, 192),
                        "sheet": "You are the keeper of the Gullwatch Lighthouse, down at the village for the "
                        "fair; you can neither fish stormeels nor render oil.",
                        "came_for": "The lamp burns only stormeel oil (`stormeel_oil`): you came for four flasks "
                        "and carry their price; you must hold all four.",
                        "message": "Keeper of the lighthouse: I pay for four flasks of stormeel oil when they "
                        "are ready. Who renders it?",
                    },
                    patron_buys=True,
                ),
            ],
            objective="Traders meet at the Lighthouse Fair on the Gullwatch coast: a ship chandler stocks up on "
            "oysters, salt and driftwood, and the lighthouse keeper orders oil for the lamp. The task is "
            "complete when the chandler holds 30 rock oysters, 6 sea salt and 8 driftwood, the keeper holds "
            "four flasks of stormeel oil, the renderer holds their price and every gatherer holds the coins "
            "for its goods, with nobody's worth (coins plus goods at the market's prices) ever having fallen.",
        ),
    ]
