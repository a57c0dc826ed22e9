"""The generated exploration tasks 72, 78, 79 and 80 (see exploration.py): a waymark whose carving points
on, a search split between two places, relics relayed and restored; one `stock` call each
(taskgen/stockpile.py)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.stockpile import Field, Role, stock, vault

SPICE, LILY = "cache_spice", "dawnlily"


def drafts() -> list[Draft]:
    return [
        stock(
            "task_72",
            "The Waymark of the Lost Caravan",
            intro=(
                "A caravan from the Sunscar vanished on the old road through the meadows with its saffron. A fallen "
                "waymark of that road is said to show the way to where the caravan buried its cache; the saffron is "
                "to be loaded on a cart heaved out of the mud there, with new oak axles and the waymark itself."
            ),
            fields={
                "waymark": Field("waymark_stone", "greenhollow_farm", 1, (-1, -1), 8),
                "cache": Field("desert_cache", "greenhollow_farm", 1, (1, 1), 6),
            },
            sites=[
                vault(
                    "caravan_cart",
                    "Caravan cart",
                    "greenhollow_farm",
                    {SPICE: 16, "carved_waymark": 1, "oak_log": 6},
                    (1, 1),
                    5,
                    "strength",
                )
                | {"work": 6}
            ],
            roles=[
                Role(
                    "wayfinder",
                    "Wayfinder",
                    "town_square",
                    knows=["clue:waymark"],
                    plan=[
                        ("seek", "waymark"),
                        ("pick", "waymark", 1),
                        ("inspect", "carved_waymark"),
                        (
                            "tell",
                            ["sand_digger", "carter"],
                            "The waymark's carving: the buried caravan cache lies a short walk south-east of "
                            "Greenhollow Farm (158, 139). The stone goes on the cart with the saffron.",
                        ),
                        ("go", (158, 139)),
                        ("go", "cache"),
                        ("give", "carter", "carved_waymark", 1),
                    ],
                ),
                Role(
                    "sand_digger",
                    "Sand digger",
                    "mirrorlake_causeway",
                    plan=[
                        ("hear", "wayfinder"),
                        ("go", (158, 139)),
                        ("pick", "cache", 16),
                        ("give", "carter", SPICE, 16),
                    ],
                ),
                Role(
                    "carter",
                    "Carter",
                    "brindlemark_inn",
                    skills={"strength": 55, "lumberjacking": 10},
                    items={"bronze_axe": 1},
                    also="Strength 55 heaves a sunk cart out of the mud (a site's last `build`, strength 50); your "
                    "bronze axe fells oak (`oak_tree`, lumberjacking 1) for new axles.",
                    plan=[
                        ("hear", "wayfinder"),
                        ("go", (158, 139)),
                        ("go", "cache"),
                        ("take", "carved_waymark", 1),
                        ("harvest", "oak_tree", 6),
                        ("go", "cache"),
                        ("take", SPICE, 16),
                        ("build", "caravan_cart"),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "caravan_cart"}}],
            outcome="the caravan cart stands loaded with 16 jars of saffron, its oak and the waymark",
            signature="S?G(read)>G>BW",
            why="a waymark whose place only the wayfinder's notes give; dug out (mining 50), its carving names the "
            "cache's landmark -> 16 saffron (only the sand digger: foraging 50) -> the cart, heaved out only by the "
            "carter (strength 50)",
            category="exploration",
        ),
        stock(
            "task_78",
            "The Bell of the Drowned Chapel",
            intro=(
                "The drowned chapel's bell was carried off by a flood, downriver to the Old Mill or into the Mossy "
                "Pond; nobody knows which. The chaplain wants it raised and recast at the town furnace, and moon "
                "pearls and greenleaf for its altar, all in his hands at the Town Square, where the bell is to hang."
            ),
            fields={
                "belfry": Field("drowned_belfry", "old_mill", 1, (-1, 1), 7),
                "pearls": Field("pearl_bed", "old_mill", 1, (1, 1), 6),
            },
            roles=[
                Role(
                    "chaplain",
                    "Chaplain",
                    "town_square",
                    knows=["town_square"],
                    skills={"foraging": 10},
                    also="The flood took the bell to one of two places: the Old Mill (106, 148) or the Mossy Pond "
                    "(70, 129). Greenleaf (`greenleaf_patch`, foraging 1, by hand) grows in the meadows east of town.",
                    plan=[
                        (
                            "tell",
                            "bell_diver",
                            "Search by the Old Mill (106, 148); I send the bellfounder to the pond. Bring what you "
                            "find for me to the Town Square (130, 122).",
                        ),
                        (
                            "tell",
                            "bellfounder",
                            "Search by the Mossy Pond (70, 129); the diver takes the Old Mill. Bring what you find "
                            "for me to the Town Square (130, 122).",
                        ),
                        ("harvest", "greenleaf_patch", 12),
                        ("go", (130, 122)),
                        ("take", "moon_pearl", 6),
                        ("take", "recast_bell", 1),
                    ],
                ),
                Role(
                    "bell_diver",
                    "Bell diver",
                    "brindlemark_inn",
                    knows=["pearls"],
                    plan=[
                        ("hear", "chaplain"),
                        ("go", (106, 148)),
                        ("tell", ["chaplain", "bellfounder"], ("found", "belfry")),
                        ("go", "belfry"),
                        ("pick", "belfry", 1),
                        ("pick", "pearls", 6),
                        ("hear", "bellfounder"),
                        ("give", "bellfounder", "chapel_bell", 1, "furnace#town"),
                        ("give", "chaplain", "moon_pearl", 6, (130, 122)),
                    ],
                ),
                Role(
                    "bellfounder",
                    "Bellfounder",
                    "woodcutters_camp",
                    knows=["furnace#town"],
                    plan=[
                        ("hear", "chaplain"),
                        ("go", (70, 129)),
                        ("hear", "bell_diver"),
                        ("tell", "bell_diver", ("bring", "chapel_bell", "furnace#town")),
                        ("go", "furnace#town"),
                        ("take", "chapel_bell", 1),
                        ("make", "recast_bell", 1),
                        ("give", "chaplain", "recast_bell", 1, (130, 122)),
                    ],
                ),
            ],
            success=[
                {
                    "holds": {
                        "agent": "chaplain",
                        "items": {"recast_bell": 1, "moon_pearl": 6, "greenleaf": 12},
                    }
                },
                {"at": {"agent": "chaplain", "place": "town_square", "within": 3}},
            ],
            outcome="the chaplain holds the recast bell, 6 moon pearls and 12 greenleaf at the Town Square",
            signature="H>S2(split)>G>M>GH@place",
            why="a bell at one of two places (the chaplain sends one searcher to each; the finder reports) -> raised "
            "(only the bell diver: fishing 50, who dives the pearls too) -> recast (only the bellfounder: smithing "
            "50) -> held by the chaplain with greenleaf he picks",
            category="exploration",
        ),
        stock(
            "task_79",
            "The Regalia of the Old Kingdom",
            intro=(
                "The old kingdom's regalia is to be made whole again: the king's seal from a cairn in the peaks, "
                "mounted on a storm totem from a lightning-riven oak, and garlanded with dawnlilies. Where cairn and oak lie, only old "
                "notes say, and each finder's notes point to the other's find."
            ),
            fields={
                "cairn": Field("kings_cairn", "frostmere_camp", 1, (1, -1), 8),
                "lilies": Field("dawnlily_patch", "brindlemark_inn", 3, (0, 1), 12),
                "oak": Field("riven_oak", "woodcutters_camp", 1, (-1, -1), 8),
            },
            roles=[
                Role(
                    "herald",
                    "Herald",
                    "greenhollow_farm",
                    knows=["alchemy_table#town", "lilies"],
                    plan=[
                        (
                            "tell",
                            ["cairn_miner", "totem_feller"],
                            ("bring", "kings_seal", "alchemy_table#town"),
                        ),
                        ("pick", "lilies", 18),
                        ("go", "alchemy_table#town"),
                        ("take", "storm_totem", 1),
                        ("take", "kings_seal", 1),
                        ("make", "kingdom_regalia", 1),
                    ],
                ),
                Role(
                    "cairn_miner",
                    "Cairn miner",
                    "frostford",
                    knows=["clue:oak"],
                    plan=[
                        ("tell", "totem_feller", ("clue", "oak")),
                        ("hear", "herald"),
                        ("hear", "totem_feller"),
                        ("seek", "cairn"),
                        ("pick", "cairn", 1),
                        ("give", "herald", "kings_seal", 1, "alchemy_table#town"),
                    ],
                ),
                Role(
                    "totem_feller",
                    "Totem feller",
                    "mossy_pond",
                    knows=["clue:cairn"],
                    plan=[
                        ("tell", "cairn_miner", ("clue", "cairn")),
                        ("hear", "herald"),
                        ("hear", "cairn_miner"),
                        ("seek", "oak"),
                        ("pick", "oak", 1),
                        ("give", "herald", "storm_totem", 1, "alchemy_table#town"),
                    ],
                ),
            ],
            success=[{"holds": {"items": {"kingdom_regalia": 1, LILY: 18}}}],
            outcome="the team holds the regalia of the old kingdom and 18 dawnlilies to garland it",
            routes=[
                (
                    "the totem feller brings the totem to the herald among the dawnlilies",
                    {
                        "herald": [
                            (
                                "tell",
                                ["cairn_miner", "totem_feller"],
                                ("bring", "kings_seal", "alchemy_table#town"),
                            ),
                            ("pick", "lilies", 18),
                            ("take", "storm_totem", 1),
                            ("go", "alchemy_table#town"),
                            ("take", "kings_seal", 1),
                            ("make", "kingdom_regalia", 1),
                        ],
                        "totem_feller": [
                            ("tell", "cairn_miner", ("clue", "cairn")),
                            ("hear", "herald"),
                            ("hear", "cairn_miner"),
                            ("seek", "oak"),
                            ("pick", "oak", 1),
                            ("give", "herald", "storm_totem", 1, "lilies"),
                        ],
                    },
                )
            ],
            signature="G?G+G?G>M",
            why="a cairn and a riven oak whose places only the other finder's notes give -> the king's seal (mining "
            "50) and the storm totem (lumberjacking 50) -> mounted by the herald (alchemy 55)",
            category="exploration",
        ),
        stock(
            "task_80",
            "The Orrery Under the Sand",
            intro=(
                "A brass orrery lies under a singing sand drift somewhere out of the Sunscar oasis. The Mayor's Hall "
                "wants it dug out and tuned with stormeel oil, and oil and sunbloom for its lamps besides."
            ),
            fields={
                "drift": Field("sand_drift", "sunscar_oasis", 1, (-1, 1), 8),
                "run": Field("stormeel_run", "old_mill", 2, (1, 1), 7),
            },
            roles=[
                Role(
                    "astronomer",
                    "Astronomer",
                    "frostmere_camp",
                    knows=["workbench#town"],
                    skills={"lumberjacking": 10},
                    items={"bronze_axe": 1},
                    also="Your bronze axe fells oak (`oak_tree`, lumberjacking 1): an orrery stands on an oak stand.",
                    plan=[
                        (
                            "tell",
                            ["sand_digger", "oil_renderer"],
                            ("bring", "brass_orrery", "workbench#town"),
                        ),
                        ("harvest", "oak_tree", 10),
                        ("go", "workbench#town"),
                        ("take", "stormeel_oil", 5),
                        ("take", "brass_orrery", 1),
                        ("make", "tuned_orrery", 1),
                    ],
                ),
                Role(
                    "oil_renderer",
                    "Oil renderer",
                    "north_crossroads",
                    knows=["clue:drift", "run", "cooking_range#town"],
                    plan=[
                        ("tell", "sand_digger", ("clue", "drift")),
                        ("pick", "run", 10),
                        ("make", "stormeel_oil", 5, "cooking_range#town"),
                        ("hear", "astronomer"),
                        ("give", "astronomer", "stormeel_oil", 5, "workbench#town"),
                    ],
                ),
                Role(
                    "sand_digger",
                    "Sand digger",
                    (140, 185),
                    skills={"foraging": 55},
                    also="Sunbloom (`sunbloom_plant`, foraging 20, by hand) grows on the dunes; its dried petals light "
                    "an orrery's lamps.",
                    plan=[
                        ("hear", "astronomer"),
                        ("hear", "oil_renderer"),
                        ("seek", "drift"),
                        ("pick", "drift", 1),
                        ("harvest", "sunbloom_plant", 6),
                        ("give", "astronomer", "brass_orrery", 1, "workbench#town"),
                    ],
                ),
            ],
            success=[
                {"holds": {"items": {"tuned_orrery": 1, "stormeel_oil": 4, "sunbloom": 6, "oak_log": 10}}}
            ],
            outcome="the team holds the tuned orrery, 4 stormeel oil and 6 sunbloom for its lamps and 10 oak logs for its stand",
            signature="G?G+GM>M",
            why="a sand drift whose place only the oil renderer's notes give -> the brass orrery (only the sand "
            "digger: foraging 50) + stormeel oil (only the oil renderer: fishing 50, cooking 45) -> tuned by the "
            "astronomer (crafting 50)",
            category="exploration",
        ),
    ]
