"""The generated gathering tasks (ids 18, 26, 37, 44, 49, 85, 86, 87, 100): one `stock` call per task
(taskgen/stockpile.py), each a stockpile with its own structure. Most need a hand-picked material in such
volume that two gatherers share it; the plan entries are listed in the motif's docstring."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.stockpile import Field, Role, stock

AMBER, GEODE, MUSSEL, LILY, BERRY = "pine_amber", "hollow_geode", "moonmussel", "dawnlily", "fenberry"


def drafts() -> list[Draft]:
    return [
        stock(
            "task_18",
            "Flux for the Deep Forge",
            intro=(
                "The Deep Forge at Stonefoot Camp will pour starsilver again once it has flux for a whole "
                "season: geodes from the high scree, roasted and ground at the mine furnace."
            ),
            fields={"scree": Field("geode_scree", "furnace#mine", 6, (-1, 1), 3)},
            roles=[
                Role(
                    "forgemaster",
                    "Forgemaster",
                    "north_crossroads",
                    knows=["scree"],
                    plan=[
                        (
                            "tell",
                            ["east_rockhound", "west_rockhound"],
                            ["scree", "Pick them and hand them to me there: I roast them into flux."],
                        ),
                        ("hear", "east_rockhound"),
                        ("go", ("furnace#mine", "scree")),
                        ("take", GEODE, 30),
                        ("make", "geode_flux", 15),
                    ],
                ),
                Role(
                    "east_rockhound",
                    "Rockhound",
                    "deepdelve_mine",
                    knows=["furnace#mine"],
                    plan=[
                        ("tell", "forgemaster", ("station", "furnace#mine")),
                        ("hear", "forgemaster"),
                        ("pick", "scree", 15),
                        ("give", "forgemaster", GEODE, 15),
                    ],
                ),
                Role(
                    "west_rockhound",
                    "Rockhound",
                    "ogre_den_mouth",
                    plan=[("hear", "forgemaster"), ("pick", "scree", 15), ("give", "forgemaster", GEODE, 15)],
                ),
            ],
            success=[{"holds": {"items": {"geode_flux": 15}}}],
            outcome="the team holds 15 geode flux",
            signature="G2v>M",
            why="30 hollow geodes (picked by hand, one a turn: more than one rockhound picks in the budget) "
            "-> geode flux (only the forgemaster: smithing 45)",
        ),
        stock(
            "task_26",
            "Provisions for Saltreach",
            intro=(
                "The Saltreach guild sends a ship north before the ice and pays only for what its factor holds in "
                "the village: crocks of pickled moonmussels and a few fresh dawnlilies for the captain's table."
            ),
            fields={
                "bed": Field("moonmussel_bed", "cooking_range#saltreach", 7, (1, 1), 2),
                "lilies": Field("dawnlily_patch", "saltreach_village", 1, (-1, -1), 7),
            },
            roles=[
                Role(
                    "factor",
                    "Guild factor",
                    "sunscar_oasis",
                    knows=["bed", "lilies"],
                    plan=[
                        ("tell", ["north_raker", "south_raker"], "bed"),
                        ("pick", "lilies", 6),
                        ("hear", "brine_cook"),
                        ("go", (202, 202)),
                        ("take", "pickled_moonmussel", 20),
                    ],
                ),
                Role(
                    "brine_cook",
                    "Brine cook",
                    "shrine_steps",
                    plan=[
                        ("hear", "south_raker"),
                        ("tell", ["south_raker", "factor"], ("bring", MUSSEL, "cooking_range#saltreach")),
                        ("go", ("cooking_range#saltreach", "bed")),
                        ("take", MUSSEL, 40),
                        ("make", "pickled_moonmussel", 20),
                        ("give", "factor", "pickled_moonmussel", 20),
                    ],
                ),
                Role(
                    "north_raker",
                    "Mussel raker",
                    "smugglers_cove",
                    plan=[
                        ("hear", "factor"),
                        ("pick", "bed", 21),
                        ("give", "south_raker", MUSSEL, 21),
                    ],
                ),
                Role(
                    "south_raker",
                    "Mussel raker",
                    "gullwatch_pier",
                    knows=["cooking_range#saltreach"],
                    plan=[
                        ("tell", "brine_cook", ("station", "cooking_range#saltreach")),
                        ("hear", "factor"),
                        ("pool", "bed", 19, 21),
                        ("hear", "brine_cook"),
                        ("give", "brine_cook", MUSSEL, 40),
                    ],
                ),
            ],
            success=[
                {"holds": {"agent": "factor", "items": {"pickled_moonmussel": 20, LILY: 6}}},
                {"at": {"agent": "factor", "place": "saltreach_village", "within": 3}},
            ],
            outcome="the guild factor holds 20 crocks of pickled moonmussels and 6 dawnlilies at Saltreach Village",
            signature="G2v(carry)>M>GH@place",
            why="40 moonmussels (raked by hand: more than one raker can rake in the budget), carried in by one raker "
            "-> pickled by the brine cook (cooking 45) -> held by the factor, who picks the dawnlilies herself",
        ),
        stock(
            "task_37",
            "The Garrison's Winter Store",
            intro=(
                "The Frostmere garrison lays in its winter store against the snow fever: more dawnlilies than one "
                "pair of hands can gather before the frost, and stormeel oil for the watch lamps, stocked at the store by "
                "Frostmere Camp."
            ),
            fields={
                "lilies": Field("dawnlily_patch", "frostmere_camp", 6, (-1, -1), 3),
                "run": Field("stormeel_run", "cooking_range#frostmere", 2, (1, -1), 6),
            },
            sites=[
                {
                    "id": "winter_store",
                    "name": "Winter store",
                    "near": "frostmere_camp",
                    "materials": {LILY: 34, "stormeel_oil": 3},
                    "direction": (1, 0),
                    "away": 2,
                }
            ],
            roles=[
                Role(
                    "quartermaster",
                    "Quartermaster",
                    "north_crossroads",
                    knows=["run", "winter_store"],
                    plan=[
                        ("tell", "eel_smoker", ["run", "winter_store"]),
                        ("hear", "eel_smoker"),
                        ("pool", "lilies", 18, 16),
                        ("take", "stormeel_oil", 3),
                        ("build", "winter_store"),
                    ],
                ),
                Role(
                    "eel_smoker",
                    "Eel smoker",
                    "frostmere_tarn",
                    knows=["lilies", "cooking_range#frostmere"],
                    plan=[
                        ("tell", ["quartermaster", "lily_picker"], "lilies"),
                        ("hear", "quartermaster"),
                        ("pick", "run", 6),
                        ("make", "stormeel_oil", 3, "cooking_range#frostmere"),
                        ("give", "quartermaster", "stormeel_oil", 3, "frostmere_camp"),
                    ],
                ),
                Role(
                    "lily_picker",
                    "Lily picker",
                    "glacier_gate",
                    plan=[
                        ("hear", "eel_smoker"),
                        ("pick", "lilies", 16),
                        ("give", "quartermaster", LILY, 16),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "winter_store"}}],
            outcome="the winter store by Frostmere Camp is stocked",
            signature="GvB+Gv+GM>W",
            why="34 dawnlilies (picked by hand: the quartermaster and the lily picker share the patch) + stormeel "
            "oil (only the eel smoker: fishing 50, cooking 45, rendered on the way) -> the winter store",
        ),
        stock(
            "task_44",
            "Stock for the Guild Cellars",
            intro=(
                "The merchants' guild keeps its strong stock in a cellar by the town's alchemy table and wants it "
                "full before the winter fairs: amber varnish by the cask from the old bloodpines of the inn yard, "
                "starsilver bars and fresh dawnlilies."
            ),
            fields={
                "weep": Field("amber_weep", "alchemy_table#town", 7, (1, -1), 2),
                "vein": Field("starsilver_vein", "furnace#town", 2, (1, -1), 10),
                "lilies": Field("dawnlily_patch", "mayors_hall", 1, (1, -1), 16),
            },
            sites=[
                {
                    "id": "guild_cellar",
                    "name": "Guild cellar",
                    "near": "alchemy_table#town",
                    "materials": {"amber_varnish": 17, "starsilver_bar": 4, LILY: 6},
                    "direction": (1, 0),
                    "away": 1,
                }
            ],
            roles=[
                Role(
                    "cellarer",
                    "Cellarer",
                    "brindlemark_market",
                    knows=["weep"],
                    plan=[
                        (
                            "tell",
                            ["gate_cutter", "mill_cutter"],
                            ["weep", "Break off the amber and hand it to me there: I boil it into varnish."],
                        ),
                        ("hear", "gate_cutter"),
                        ("hear", "herb_warden"),
                        (
                            "tell",
                            ["herb_warden", "prospector"],
                            ("bring", "starsilver_bar", "alchemy_table#town"),
                        ),
                        ("go", ("alchemy_table#town", "weep")),
                        ("take", AMBER, 34),
                        ("make", "amber_varnish", 17),
                        ("take", LILY, 6),
                        ("take", "starsilver_bar", 4),
                        ("build", "guild_cellar"),
                    ],
                ),
                Role(
                    "herb_warden",
                    "Herb warden",
                    "north_crossroads",
                    knows=["vein", "lilies", "guild_cellar"],
                    plan=[
                        ("tell", "prospector", "vein"),
                        ("tell", "cellarer", "guild_cellar"),
                        ("pick", "lilies", 6),
                        ("hear", "cellarer"),
                        ("give", "cellarer", LILY, 6, "alchemy_table#town"),
                    ],
                ),
                Role(
                    "gate_cutter",
                    "Amber cutter",
                    "town_square",
                    knows=["alchemy_table#town"],
                    plan=[
                        ("tell", "cellarer", ("station", "alchemy_table#town")),
                        ("hear", "cellarer"),
                        ("pick", "weep", 16),
                        ("give", "cellarer", AMBER, 16),
                    ],
                ),
                Role(
                    "mill_cutter",
                    "Amber cutter",
                    "brindlemark_inn",
                    plan=[("hear", "cellarer"), ("pick", "weep", 18), ("give", "cellarer", AMBER, 18)],
                ),
                Role(
                    "prospector",
                    "Prospector",
                    "north_crossroads",
                    knows=["furnace#town"],
                    plan=[
                        ("hear", "herb_warden"),
                        ("pick", "vein", 8),
                        ("make", "starsilver_bar", 4, "furnace#town"),
                        ("hear", "cellarer"),
                        ("give", "cellarer", "starsilver_bar", 4, "alchemy_table#town"),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "guild_cellar"}}],
            outcome="the guild cellar is stocked",
            signature="G2v>MB+GM+G",
            why="34 pine amber (broken off by hand: more than one cutter can in the budget) -> amber varnish (only "
            "the cellarer, who stocks the cellar) + starsilver ore smelted on the way (only the prospector: mining "
            "50, smithing 50) + dawnlilies (only the herb warden) -> the guild cellar",
        ),
        stock(
            "task_49",
            "The Saltreach Provisioner",
            intro=(
                "A Saltreach ship sails at dusk and will not go without its hold stocked: fenberry preserve boiled "
                "at the village range, from thickets that fruit again a few days after they are stripped, and moon "
                "pearls to trade in the south."
            ),
            fields={
                "thickets": Field("fenberry_thicket", "cooking_range#saltreach", 8, (1, 1), 2),
                "pearls": Field("pearl_bed", "smugglers_cove", 2, (1, -1), 6),
            },
            sites=[
                {
                    "id": "ship_hold",
                    "name": "Ship's hold",
                    "near": "cooking_range#saltreach",
                    "materials": {"fenberry_preserve": 12, "moon_pearl": 4},
                    "direction": (1, 0),
                    "away": 1,
                }
            ],
            roles=[
                Role(
                    "provisioner",
                    "Provisioner",
                    "gullwatch_pier",
                    knows=["thickets"],
                    plan=[
                        (
                            "tell",
                            ["berry_picker", "bramble_picker"],
                            ["thickets", "Pick them and hand the berries to me there: I boil them down."],
                        ),
                        ("hear", "berry_picker"),
                        ("tell", "pearl_diver", ("bring", "moon_pearl", "cooking_range#saltreach")),
                        ("go", ("cooking_range#saltreach", "thickets")),
                        ("take", "moon_pearl", 4),
                        ("take", BERRY, 36),
                        ("make", "fenberry_preserve", 12),
                        ("build", "ship_hold"),
                    ],
                ),
                Role(
                    "berry_picker",
                    "Berry picker",
                    "saltreach_village",
                    knows=["cooking_range#saltreach", "ship_hold"],
                    plan=[
                        ("tell", "provisioner", [("station", "cooking_range#saltreach"), "ship_hold"]),
                        ("hear", "provisioner"),
                        ("pick", "thickets", 18),
                        ("give", "provisioner", BERRY, 18),
                    ],
                ),
                Role(
                    "bramble_picker",
                    "Berry picker",
                    "saltreach_village",
                    plan=[
                        ("hear", "provisioner"),
                        ("pick", "thickets", 18),
                        ("give", "provisioner", BERRY, 18),
                    ],
                ),
                Role(
                    "pearl_diver",
                    "Pearl diver",
                    "gullwatch_lighthouse",
                    knows=["pearls"],
                    plan=[
                        ("pick", "pearls", 4),
                        ("hear", "provisioner"),
                        ("give", "provisioner", "moon_pearl", 4, "cooking_range#saltreach"),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "ship_hold"}}],
            outcome="the ship's hold is stocked",
            signature="G2v(regrow)>MB+G",
            why="36 fenberries from thickets that are stripped in three picks and fruit again eight rounds later (more "
            "than one picker can pick in the budget) -> fenberry preserve (only the provisioner: "
            "cooking 45, who stocks the hold) + moon pearls (only the pearl diver) -> the hold",
        ),
        stock(
            "task_85",
            "Winter Stores for Two Camps",
            intro=(
                "Winter is coming to the north: the cellar of Frostmere Camp wants crocks of pickled moonmussels and "
                "dawnlilies against the snow fever, and the store at the Glacier Lair Gate wants fresh moonmussels "
                "and starsilver ore for its forge; the moonmussels come from one cold bed below the camp."
            ),
            fields={
                "bed": Field("moonmussel_bed", "cooking_range#frostmere", 5, (1, 1), 2),
                "vein": Field("starsilver_vein", "glacier_gate", 2, (-1, 0), 6),
                "lilies": Field("dawnlily_patch", "frostmere_camp", 2, (-1, -1), 9),
            },
            sites=[
                {
                    "id": "camp_cellar",
                    "name": "Camp cellar",
                    "near": "cooking_range#frostmere",
                    "materials": {"pickled_moonmussel": 10, LILY: 8},
                    "direction": (-1, 0),
                    "away": 1,
                },
                {
                    "id": "gate_store",
                    "name": "Gate store",
                    "near": "glacier_gate",
                    "materials": {MUSSEL: 6, "starsilver_ore": 6},
                    "direction": (0, 1),
                    "away": 2,
                },
            ],
            roles=[
                Role(
                    "gate_warden",
                    "Gate warden",
                    "frostmere_tarn",
                    knows=["vein", "gate_store", "cooking_range#frostmere"],
                    plan=[
                        ("tell", "camp_cook", ("station", "cooking_range#frostmere")),
                        ("hear", "mussel_raker"),
                        (
                            "tell",
                            "mussel_raker",
                            "The gate store takes six fresh moonmussels: hand me your first six.",
                        ),
                        ("go", "bed"),
                        ("take", MUSSEL, 6),
                        ("pick", "vein", 6),
                        ("build", "gate_store"),
                    ],
                ),
                Role(
                    "camp_cook",
                    "Camp cook",
                    "north_crossroads",
                    knows=["lilies"],
                    plan=[
                        ("hear", "gate_warden"),
                        ("tell", "lily_picker", ["lilies", ("bring", LILY, "cooking_range#frostmere")]),
                        ("tell", "mussel_raker", ("bring", MUSSEL, "cooking_range#frostmere")),
                        ("hear", "lily_picker"),
                        ("go", "cooking_range#frostmere"),
                        ("take", LILY, 8),
                        ("take", MUSSEL, 20),
                        ("make", "pickled_moonmussel", 10),
                        ("build", "camp_cellar"),
                    ],
                ),
                Role(
                    "mussel_raker",
                    "Mussel raker",
                    "frostmere_camp",
                    knows=["bed"],
                    plan=[
                        ("tell", "gate_warden", "bed"),
                        ("hear", "gate_warden"),
                        ("pick", "bed", 6),
                        ("give", "gate_warden", MUSSEL, 6),
                        ("pick", "bed", 20),
                        ("hear", "camp_cook"),
                        ("give", "camp_cook", MUSSEL, 20),
                    ],
                ),
                Role(
                    "lily_picker",
                    "Lily picker",
                    "frostford",
                    knows=["camp_cellar"],
                    plan=[
                        ("tell", "camp_cook", "camp_cellar"),
                        ("hear", "camp_cook"),
                        ("pick", "lilies", 8),
                        ("give", "camp_cook", LILY, 8, "cooking_range#frostmere"),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "camp_cellar"}}, {"site_built": {"site": "gate_store"}}],
            outcome="the camp cellar and the gate store are both stocked",
            signature="G(share)>M+G>W|GW",
            why="26 moonmussels (only the raker: fishing 50), six shared out first to the gate warden, who mines "
            "starsilver ore (only she: mining 50) for the gate store, the rest pickled (only the camp cook: cooking "
            "45) with the lily picker's dawnlilies for the camp cellar",
        ),
        stock(
            "task_86",
            "Lacquer for the Silverrun Barges",
            intro=(
                "The barges that carry the Old Mill's flour down the Silverrun rot unless they are lacquered: amber "
                "from the old bloodpines of the inn yard, boiled with stormeel oil at the town's alchemy table, cask "
                "after cask."
            ),
            fields={
                "weep": Field("amber_weep", "alchemy_table#town", 6, (1, -1), 2),
                "run": Field("stormeel_run", "old_mill", 2, (-1, 0), 8),
            },
            roles=[
                Role(
                    "lacquerer",
                    "Lacquerer",
                    "town_square",
                    plan=[
                        ("hear", "amber_cutter"),
                        ("hear", "eel_smoker"),
                        ("tell", "eel_smoker", ("bring", "stormeel_oil", "alchemy_table#town")),
                        ("pool", "weep", 18, 18),
                        ("take", "stormeel_oil", 6),
                        ("make", "amber_lacquer", 6, "alchemy_table#town"),
                    ],
                ),
                Role(
                    "amber_cutter",
                    "Amber cutter",
                    "brindlemark_market",
                    knows=["alchemy_table#town"],
                    plan=[
                        ("tell", "lacquerer", ("station", "alchemy_table#town")),
                        ("hear", "eel_smoker"),
                        ("pick", "weep", 18),
                        ("give", "lacquerer", AMBER, 18),
                    ],
                ),
                Role(
                    "eel_smoker",
                    "Eel smoker",
                    "old_mill",
                    knows=["run", "weep", "cooking_range#town"],
                    plan=[
                        ("tell", ["lacquerer", "amber_cutter"], "weep"),
                        ("pick", "run", 12),
                        ("make", "stormeel_oil", 6, "cooking_range#town"),
                        ("hear", "lacquerer"),
                        ("give", "lacquerer", "stormeel_oil", 6, "alchemy_table#town"),
                    ],
                ),
            ],
            success=[{"holds": {"items": {"amber_lacquer": 6}}}],
            outcome="the team holds 6 casks of amber lacquer",
            signature="GvM+Gv+GM",
            why="36 pine amber (broken off by hand: the lacquerer and the amber cutter share the weeps) + stormeel oil "
            "(only the eel smoker) -> amber lacquer (only the lacquerer: alchemy 50)",
        ),
        stock(
            "task_87",
            "Draughts for the Fever Season",
            intro=(
                "The fen fever comes back every autumn, and Morwen's neighbours want fever draughts laid by "
                "against it: dawnlilies from the fen meadow by her hut, steeped with ground moon pearls at the fen's "
                "alchemy table, more than one pair of hands can pick before the mists."
            ),
            fields={
                "lilies": Field("dawnlily_patch", "alchemy_table#murkfen", 6, (0, -1), 1),
                "pearls": Field("pearl_bed", "alchemy_table#murkfen", 2, (1, -1), 6),
            },
            roles=[
                Role(
                    "stillwife",
                    "Stillwife",
                    (62, 196),
                    plan=[
                        ("hear", "fen_picker"),
                        ("hear", "pearl_diver"),
                        ("tell", "pearl_diver", ("bring", "moon_pearl", "alchemy_table#murkfen")),
                        ("pool", "lilies", 18, 18),
                        ("take", "moon_pearl", 12),
                        ("make", "fever_draught", 12, "alchemy_table#murkfen"),
                    ],
                ),
                Role(
                    "fen_picker",
                    "Fen picker",
                    "drowned_chapel",
                    knows=["alchemy_table#murkfen"],
                    plan=[
                        ("tell", "stillwife", ("station", "alchemy_table#murkfen")),
                        ("hear", "pearl_diver"),
                        ("pick", "lilies", 18),
                        ("give", "stillwife", LILY, 18),
                    ],
                ),
                Role(
                    "pearl_diver",
                    "Pearl diver",
                    "drowned_chapel",
                    knows=["lilies", "pearls"],
                    plan=[
                        ("tell", ["stillwife", "fen_picker"], "lilies"),
                        ("hear", "stillwife"),
                        ("pick", "pearls", 12),
                        ("give", "stillwife", "moon_pearl", 12, "alchemy_table#murkfen"),
                    ],
                ),
            ],
            success=[{"holds": {"items": {"fever_draught": 12}}}],
            outcome="the team holds 12 fever draughts",
            signature="GvM+Gv+G",
            why="36 dawnlilies (picked by hand: the stillwife and the fen picker share the meadow) + 12 moon pearls "
            "(only the pearl diver) -> fever draught (only the stillwife: alchemy 45)",
        ),
        stock(
            "task_100",
            "The Guild Store of Brindlemark",
            intro=(
                "The guilds of Brindlemark fill one strong store by the smithy before the winter: geode flux by the "
                "sack from the scree carted down to the smithy yard, amber varnish, dawnlilies and moon pearls, and "
                "crocks of pickled moonmussels from the town range."
            ),
            fields={
                "scree": Field("geode_scree", "furnace#town", 7, (-1, 1), 2),
                "weep": Field("amber_weep", "alchemy_table#town", 2, (1, -1), 2),
                "lilies": Field("dawnlily_patch", "north_crossroads", 1, (-1, 1), 8),
                "bed": Field("moonmussel_bed", "old_mill", 1, (-1, 0), 8),
            },
            sites=[
                {
                    "id": "guild_store",
                    "name": "Guild store",
                    "near": "furnace#town",
                    "materials": {"geode_flux": 20, "amber_varnish": 4, LILY: 6, "pickled_moonmussel": 3},
                    "direction": (0, -1),
                    "away": 2,
                }
            ],
            roles=[
                Role(
                    "storekeeper",
                    "Storekeeper",
                    "old_mill",
                    knows=["scree"],
                    plan=[
                        ("tell", ["north_rockhound", "south_rockhound"], "scree"),
                        ("hear", "alchemist"),
                        ("hear", "north_rockhound"),
                        ("tell", "mussel_raker", ("bring", MUSSEL, "cooking_range#town")),
                        (
                            "tell",
                            ["alchemist", "smelter", "herbalist"],
                            ["guild_store", "Bring me your part there."],
                        ),
                        ("go", "cooking_range#town"),
                        ("take", MUSSEL, 6),
                        ("make", "pickled_moonmussel", 3),
                        ("go", ("guild_store", ("furnace#town", "scree"))),
                        ("take", LILY, 6),
                        ("take", "amber_varnish", 4),
                        ("take", "geode_flux", 20),
                        ("build", "guild_store"),
                    ],
                ),
                Role(
                    "smelter",
                    "Smelter",
                    "greenhollow_farm",
                    plan=[
                        ("hear", "mussel_raker"),
                        ("tell", ["north_rockhound", "south_rockhound"], ("bring", GEODE, "furnace#town")),
                        ("go", ("furnace#town", "scree")),
                        ("take", GEODE, 40),
                        ("make", "geode_flux", 20),
                        ("hear", "storekeeper"),
                        ("give", "storekeeper", "geode_flux", 20),
                    ],
                ),
                Role(
                    "alchemist",
                    "Alchemist",
                    "brindlemark_inn",
                    knows=["cooking_range#town"],
                    plan=[
                        ("tell", "storekeeper", ("station", "cooking_range#town")),
                        ("hear", "herbalist"),
                        ("tell", "amber_cutter", ("bring", AMBER, "alchemy_table#town")),
                        ("go", "alchemy_table#town"),
                        ("take", AMBER, 8),
                        ("make", "amber_varnish", 4),
                        ("hear", "storekeeper"),
                        ("give", "storekeeper", "amber_varnish", 4, "guild_store"),
                    ],
                ),
                Role(
                    "north_rockhound",
                    "Rockhound",
                    "north_crossroads",
                    knows=["guild_store"],
                    plan=[
                        ("tell", "storekeeper", "guild_store"),
                        ("hear", "storekeeper"),
                        ("hear", "smelter"),
                        ("pick", "scree", 20),
                        ("give", "smelter", GEODE, 20),
                    ],
                ),
                Role(
                    "south_rockhound",
                    "Rockhound",
                    "greenhollow_farm",
                    plan=[
                        ("hear", "storekeeper"),
                        ("hear", "smelter"),
                        ("pick", "scree", 20),
                        ("give", "smelter", GEODE, 20),
                    ],
                ),
                Role(
                    "amber_cutter",
                    "Amber cutter",
                    "old_mill",
                    knows=["weep"],
                    plan=[
                        ("pick", "weep", 8),
                        ("hear", "alchemist"),
                        ("give", "alchemist", AMBER, 8, "alchemy_table#town"),
                    ],
                ),
                Role(
                    "herbalist",
                    "Herbalist",
                    "frostmere_camp",
                    knows=["lilies", "alchemy_table#town"],
                    plan=[
                        ("tell", "alchemist", ("station", "alchemy_table#town")),
                        ("pick", "lilies", 6),
                        ("hear", "storekeeper"),
                        ("give", "storekeeper", LILY, 6, "guild_store"),
                    ],
                ),
                Role(
                    "mussel_raker",
                    "Mussel raker",
                    "murkfen_landing",
                    knows=["bed", "furnace#town"],
                    plan=[
                        ("tell", "smelter", ("station", "furnace#town")),
                        ("pick", "bed", 6),
                        ("hear", "storekeeper"),
                        ("give", "storekeeper", MUSSEL, 6, "cooking_range#town"),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "guild_store"}}],
            outcome="the guild store by the smithy is stocked",
            signature="G2v>M+G>M+G+G>MB",
            why="40 hollow geodes (picked by hand: more than one rockhound can in the budget) -> geode flux (only the "
            "smelter) + amber varnish (amber cutter -> alchemist) + dawnlilies (herbalist) + moonmussels (raker) "
            "pickled by the storekeeper (cooking 45), who stocks the guild store",
        ),
    ]
