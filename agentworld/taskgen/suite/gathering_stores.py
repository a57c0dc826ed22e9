"""The generated gathering tasks 85, 86, 87 and 100 (see gathering.py): stores at two places, processing
on the way and the eight-member guild store, one `stock` call each (taskgen/stockpile.py)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.stockpile import Field, Role, stock

AMBER, GEODE, MUSSEL, LILY = "pine_amber", "hollow_geode", "moonmussel", "dawnlily"


def drafts() -> list[Draft]:
    return [
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
