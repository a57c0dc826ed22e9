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
                    knows=["scree", "furnace#mine"],
                    plan=[
                        (
                            "tell",
                            ["east_rockhound", "west_rockhound"],
                            ["scree", ("bring", GEODE, "furnace#mine")],
                        ),
                        ("go", "furnace#mine"),
                        ("take", GEODE, 30),
                        ("make", "geode_flux", 15),
                    ],
                ),
                Role(
                    "east_rockhound",
                    "Rockhound",
                    "deepdelve_mine",
                    plan=[("hear", "forgemaster"), ("pick", "scree", 15), ("give", "forgemaster", GEODE, 15)],
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
                "bed": Field("moonmussel_bed", "cooking_range#saltreach", 7, (1, 1), 4),
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
                        ("take", "pickled_moonmussel", 19),
                    ],
                ),
                Role(
                    "brine_cook",
                    "Brine cook",
                    "shrine_steps",
                    knows=["cooking_range#saltreach"],
                    plan=[
                        (
                            "tell",
                            ["north_raker", "south_raker", "factor"],
                            ("bring", MUSSEL, "cooking_range#saltreach"),
                        ),
                        ("go", "cooking_range#saltreach"),
                        ("take", MUSSEL, 38),
                        ("make", "pickled_moonmussel", 19),
                        ("give", "factor", "pickled_moonmussel", 19),
                    ],
                ),
                Role(
                    "north_raker",
                    "Mussel raker",
                    "smugglers_cove",
                    plan=[
                        ("hear", "factor"),
                        ("pick", "bed", 20),
                        ("hear", "south_raker"),
                        ("give", "south_raker", MUSSEL, 20),
                    ],
                ),
                Role(
                    "south_raker",
                    "Mussel raker",
                    "gullwatch_pier",
                    plan=[
                        ("hear", "factor"),
                        ("pick", "bed", 18),
                        (
                            "tell",
                            "north_raker",
                            "My share is picked: hand me yours and I carry them all to the cook.",
                        ),
                        ("take", MUSSEL, 20),
                        ("hear", "brine_cook"),
                        ("give", "brine_cook", MUSSEL, 38),
                    ],
                ),
            ],
            success=[
                {"holds": {"agent": "factor", "items": {"pickled_moonmussel": 19, LILY: 6}}},
                {"at": {"agent": "factor", "place": "saltreach_village", "within": 3}},
            ],
            outcome="the guild factor holds 19 crocks of pickled moonmussels and 6 dawnlilies at Saltreach Village",
            signature="G2v(carry)>M>GH@place",
            why="38 moonmussels (raked by hand: more than one raker can rake in the budget), carried in by one raker "
            "-> pickled by the brine cook (cooking 45) -> held by the factor, who picks the dawnlilies herself",
        ),
        stock(
            "task_37",
            "The Garrison's Winter Store",
            intro=(
                "The Frostmere garrison lays in its winter store against the snow fever: more dawnlilies than one "
                "picker can gather before the frost, and stormeel oil for the watch lamps, stocked at the store by "
                "Frostmere Camp."
            ),
            fields={
                "lilies": Field("dawnlily_patch", "frostmere_camp", 6, (1, 1), 3),
                "run": Field("stormeel_run", "cooking_range#frostmere", 2, (1, -1), 6),
            },
            sites=[
                {
                    "id": "winter_store",
                    "name": "Winter store",
                    "near": "frostmere_camp",
                    "materials": {LILY: 32, "stormeel_oil": 3},
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
                        ("pick", "lilies", 16),
                        ("tell", "lily_picker", "My share is picked: hand me yours here."),
                        ("take", LILY, 16),
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
                    "frostmere_camp",
                    plan=[
                        ("hear", "eel_smoker"),
                        ("pick", "lilies", 16),
                        ("hear", "quartermaster"),
                        ("give", "quartermaster", LILY, 16),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "winter_store"}}],
            outcome="the winter store by Frostmere Camp is stocked",
            signature="GvB+Gv+GM>W",
            why="32 dawnlilies (picked by hand: the quartermaster and the lily picker share the patch) + stormeel "
            "oil (only the eel smoker: fishing 50, cooking 45, rendered on the way) -> the winter store",
        ),
        stock(
            "task_44",
            "Stock for the Guild Cellars",
            intro=(
                "The merchants' guild keeps its strong stock in the cellars under the Drowsy Gander Inn, and its "
                "warden wants the cellars full before the winter fairs: amber varnish by the cask, starsilver bars "
                "and fresh dawnlilies, all in her hands there."
            ),
            fields={
                "weep": Field("amber_weep", "brindlemark_inn", 6, (1, 1), 14),
                "vein": Field("starsilver_vein", "north_crossroads", 2, (1, -1), 8),
                "lilies": Field("dawnlily_patch", "mayors_hall", 1, (1, -1), 16),
            },
            roles=[
                Role(
                    "vault_warden",
                    "Vault warden",
                    "old_mill",
                    knows=["weep", "vein", "lilies", "brindlemark_inn"],
                    plan=[
                        ("tell", ["gate_cutter", "mill_cutter", "prospector"], ["weep", "vein"]),
                        ("tell", ["alchemist", "prospector"], ("keep", "brindlemark_inn")),
                        ("pick", "lilies", 6),
                        ("go", "brindlemark_inn"),
                        ("take", "amber_varnish", 15),
                        ("take", "starsilver_bar", 4),
                    ],
                ),
                Role(
                    "alchemist",
                    "Alchemist",
                    "brindlemark_market",
                    knows=["alchemy_table#town"],
                    plan=[
                        ("tell", ["gate_cutter", "mill_cutter"], ("bring", AMBER, "alchemy_table#town")),
                        ("go", "alchemy_table#town"),
                        ("take", AMBER, 30),
                        ("make", "amber_varnish", 15),
                        ("hear", "vault_warden"),
                        ("give", "vault_warden", "amber_varnish", 15, "brindlemark_inn"),
                    ],
                ),
                Role(
                    "gate_cutter",
                    "Amber cutter",
                    "town_square",
                    plan=[
                        ("hear", "vault_warden"),
                        ("pick", "weep", 15),
                        ("give", "alchemist", AMBER, 15, "alchemy_table#town"),
                    ],
                ),
                Role(
                    "mill_cutter",
                    "Amber cutter",
                    "greenhollow_farm",
                    plan=[
                        ("hear", "vault_warden"),
                        ("pick", "weep", 15),
                        ("give", "alchemist", AMBER, 15, "alchemy_table#town"),
                    ],
                ),
                Role(
                    "prospector",
                    "Prospector",
                    "frostmere_camp",
                    knows=["furnace#town"],
                    plan=[
                        ("hear", "vault_warden"),
                        ("pick", "vein", 8),
                        ("make", "starsilver_bar", 4, "furnace#town"),
                        ("hear", "vault_warden"),
                        ("give", "vault_warden", "starsilver_bar", 4, "brindlemark_inn"),
                    ],
                ),
            ],
            success=[
                {
                    "holds": {
                        "agent": "vault_warden",
                        "items": {"amber_varnish": 15, "starsilver_bar": 4, LILY: 6},
                    }
                },
                {"at": {"agent": "vault_warden", "place": "brindlemark_inn", "within": 3}},
            ],
            outcome="the vault warden holds 15 amber varnish, 4 starsilver bars and 6 dawnlilies at the Drowsy Gander Inn",
            signature="G2v>M+GM>GH@place",
            why="30 pine amber (broken off by hand: more than one cutter can in the budget) -> amber varnish (only "
            "the alchemist) + starsilver ore smelted on the way (only the prospector: mining 50, smithing 50) -> "
            "held by the vault warden, who picks the dawnlilies",
        ),
    ]
