"""The generated gathering tasks (ids 18, 26, 37, 44, 49, 85, 86, 87, 100): one `stock` call per task
(taskgen/stockpile.py), each a stockpile with its own structure. Most need a hand-picked material in such
volume that two gatherers share it; the plan entries are listed in the motif's docstring. This module
holds the single stockpiles (18-49); gathering_stores.py the stores at two places and the longer chains
(85-100)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.stockpile import Field, Role, stock
from agentworld.taskgen.suite import gathering_stores as stores

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
            routes=[
                (
                    "each raker brings his own mussels to the brine cook",
                    {
                        "north_raker": [
                            ("hear", "factor"),
                            ("pick", "bed", 21),
                            ("give", "brine_cook", MUSSEL, 21),
                        ],
                        "south_raker": [
                            ("tell", "brine_cook", ("station", "cooking_range#saltreach")),
                            ("hear", "factor"),
                            ("pick", "bed", 19),
                            ("hear", "brine_cook"),
                            ("give", "brine_cook", MUSSEL, 19),
                        ],
                    },
                )
            ],
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
                    (196, 206),
                    plan=[
                        ("hear", "provisioner"),
                        ("pick", "thickets", 9),
                        ("give", "provisioner", BERRY, 9),
                        ("pick", "thickets", 9),
                        ("give", "provisioner", BERRY, 9),
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
    ] + stores.drafts()
