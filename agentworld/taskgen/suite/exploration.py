"""The generated exploration tasks (ids 34, 35, 72, 77, 78, 79, 80, 81, 94, 99): one `stock` call per task
(taskgen/stockpile.py). Each hides what the team must find at a place nobody is told: a member's old notes
give only a clue (a landmark and a side, taskgen/clues.py), often another member's, passed on in chat;
once found, the place takes real work (a hoard two must empty, a relic to raise, restore and carry)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.stockpile import Field, Role, stock

SILVER, GOLD, SPICE, LILY = "hoard_silver", "grave_gold", "cache_spice", "dawnlily"


def _vault(site_id: str, name: str, near: str, materials: dict, direction=(0, 1), away=2, skill="smithing"):
    """A site the outcome needs finished: its materials, and one turn of work only `skill` 50 can do."""
    return {
        "id": site_id,
        "name": name,
        "near": near,
        "materials": materials,
        "direction": direction,
        "away": away,
        "work": 1,
        "skill": skill,
        "level": 50,
    }


def _digger(name: str, title: str, spawn, field: str, n: int, to: str, item: str, hear: list[str]) -> Role:
    """A member who hears where to dig, finds the place, digs `n` and hands them over there."""
    return Role(
        name,
        title,
        spawn,
        plan=[*(("hear", h) for h in hear), ("seek", field), ("pick", field, n), ("give", to, item, n)],
    )


def drafts() -> list[Draft]:
    return [
        stock(
            "task_34",
            "The Drowned Hoard of Mirrorlake",
            intro=(
                "The old kingdom sank its treasury in the Mirrorlake shallows when the crown fell, and a barrow of "
                "its lords lies somewhere on the Hollowcrown heath. Nobody living knows either place: only old "
                "notes give a landmark and a side. The salvage raft is to carry the silver home with the crown, its "
                "strongbox riveted shut."
            ),
            fields={
                "hoard": Field("drowned_hoard", "mirrorlake_causeway", 1, (-1, -1), 7),
                "barrow": Field("sealed_barrow", "broken_colonnade", 1, (1, 1), 7),
            },
            sites=[
                _vault(
                    "salvage_raft",
                    "Salvage raft",
                    "mirrorlake_causeway",
                    {SILVER: 52, "barrow_crown": 1, "oak_log": 10},
                    (-1, -1),
                    6,
                )
            ],
            roles=[
                Role(
                    "bargemaster",
                    "Bargemaster",
                    "town_square",
                    knows=["clue:barrow"],
                    skills={"smithing": 55, "lumberjacking": 10},
                    items={"bronze_axe": 1},
                    also="Smithing 55 rivets a strongbox shut (a site's last `build`, smithing 50); your bronze axe "
                    "fells oak (`oak_tree`, lumberjacking 1) for beams.",
                    plan=[
                        ("tell", "delver", ("clue", "barrow")),
                        ("hear", "delver"),
                        ("seek", "hoard"),
                        ("harvest", "oak_tree", 10),
                        ("go", "hoard"),
                        ("take", "barrow_crown", 1),
                        ("take", SILVER, 52),
                        ("build", "salvage_raft"),
                    ],
                ),
                Role(
                    "delver",
                    "Barrow delver",
                    "ruins_gate",
                    knows=["clue:hoard"],
                    plan=[
                        ("tell", ["bargemaster", "east_diver", "west_diver"], ("clue", "hoard")),
                        ("hear", "bargemaster"),
                        ("seek", "barrow"),
                        ("pick", "barrow", 1),
                        ("seek", "hoard"),
                        ("give", "bargemaster", "barrow_crown", 1),
                    ],
                ),
                _digger(
                    "east_diver", "Diver", "shrine_steps", "hoard", 26, "bargemaster", SILVER, ["delver"]
                ),
                _digger(
                    "west_diver", "Diver", "greenhollow_farm", "hoard", 26, "bargemaster", SILVER, ["delver"]
                ),
            ],
            success=[{"site_built": {"site": "salvage_raft"}}],
            outcome="the salvage raft is loaded and its strongbox riveted shut",
            signature="S?G2v+S?G>BW",
            why="a drowned hoard and a barrow whose places only the other's old notes give (clues, relayed) -> 52 "
            "hoard silver (brought up by hand: two divers) + the barrow crown (the delver) -> the raft, riveted only by "
            "the bargemaster (smithing 50)",
            category="exploration",
        ),
        stock(
            "task_35",
            "The Barrow Hoard of Hollowcrown",
            intro=(
                "The lords of Hollowcrown were buried with their gold in a barrow on the heath below the gate, and "
                "the keep wants the gold back in its vault, more than one pair of hands can lever out before the snows; "
                "only an old chronicle says near which landmark the barrow lies."
            ),
            fields={"barrow": Field("barrow_hoard", "ruins_gate", 1, (-1, 1), 8)},
            sites=[_vault("keep_vault", "Keep vault", "ruins_gate", {GOLD: 56, "ember_moss": 6}, (-1, 1), 7)],
            roles=[
                Role(
                    "castellan",
                    "Castellan",
                    "broken_colonnade",
                    knows=["clue:barrow"],
                    skills={"smithing": 55, "foraging": 30},
                    items={"knife": 1},
                    also="Smithing 55 forges a vault's door shut (a site's last `build`, smithing 50); with foraging 30 "
                    "and a knife you cut ember moss (`ember_moss_patch`, foraging 25), which packs a door's seams.",
                    plan=[
                        ("tell", ["west_delver", "east_delver"], ("clue", "barrow")),
                        ("seek", "barrow"),
                        ("harvest", "ember_moss_patch", 6),
                        ("go", "barrow"),
                        ("take", GOLD, 56),
                        ("build", "keep_vault"),
                    ],
                ),
                _digger("west_delver", "Delver", (222, 50), "barrow", 28, "castellan", GOLD, ["castellan"]),
                _digger("east_delver", "Delver", (218, 52), "barrow", 28, "castellan", GOLD, ["castellan"]),
            ],
            success=[{"site_built": {"site": "keep_vault"}}],
            outcome="the keep vault holds the barrow's gold and its door is forged shut",
            signature="S?G2v>BW",
            why="a barrow hoard whose place only the castellan's chronicle gives -> 56 grave gold (levered out by "
            "hand: two delvers) -> the keep vault, shut only by the castellan (smithing 50)",
            category="exploration",
        ),
        stock(
            "task_77",
            "The Warden's Own Hoard",
            intro=(
                "The Old Mill's vault is to hold the grave gold of a barrow somewhere in the meadows, and the storm "
                "totem of a lightning-riven oak to guard it: more gold than one pair of hands can lever out in time. "
                "Where the barrow and the oak are, only old notes say."
            ),
            fields={
                "barrow": Field("barrow_hoard", "old_mill", 1, (1, 1), 8),
                "oak": Field("riven_oak", "old_oak_grove", 1, (1, -1), 8),
            },
            sites=[_vault("mill_vault", "Mill vault", "old_mill", {GOLD: 56, "storm_totem": 1}, (1, 1), 7)],
            roles=[
                Role(
                    "warden",
                    "Warden",
                    (98, 138),
                    skills={"smithing": 55},
                    also="Smithing 55 forges a vault's door shut (a site's last `build`, smithing 50).",
                    plan=[
                        ("hear", "totem_feller"),
                        ("seek", "barrow"),
                        ("pool", "barrow", 28, 28),
                        ("take", "storm_totem", 1),
                        ("build", "mill_vault"),
                    ],
                ),
                Role(
                    "delver",
                    "Delver",
                    (102, 136),
                    knows=["clue:oak"],
                    plan=[
                        ("tell", "totem_feller", ("clue", "oak")),
                        ("hear", "totem_feller"),
                        ("seek", "barrow"),
                        ("pick", "barrow", 28),
                        ("give", "warden", GOLD, 28),
                    ],
                ),
                Role(
                    "totem_feller",
                    "Totem feller",
                    "whisperwood_clearing",
                    knows=["clue:barrow"],
                    plan=[
                        ("tell", ["warden", "delver"], ("clue", "barrow")),
                        ("hear", "delver"),
                        ("seek", "oak"),
                        ("pick", "oak", 1),
                        ("seek", "barrow"),
                        ("give", "warden", "storm_totem", 1),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "mill_vault"}}],
            outcome="the mill vault holds the gold and the totem and its door is forged shut",
            signature="S?GvBW+G?Gv+G?G",
            why="a barrow hoard and a riven oak whose places only the other digger's notes give -> 56 grave gold "
            "(levered out by hand: the warden and the delver) + the storm totem (only the totem feller) -> the "
            "vault, shut only by the warden (smithing 50)",
            category="exploration",
        ),
        stock(
            "task_81",
            "Two Museums, Two Finds",
            intro=(
                "Two collections want what the old kingdom lost: the lake museum a drowned hoard of silver, brought "
                "up where it lies and locked in its strongbox, and the Mayor's Hall an idol overgrown somewhere in "
                "the Murkfen. Only old notes say near which landmarks they lie."
            ),
            fields={
                "hoard": Field("drowned_hoard", "lakeview_hamlet", 1, (-1, 1), 8),
                "idol": Field("overgrown_idol", "murkfen_landing", 1, (-1, 1), 8),
            },
            sites=[
                _vault(
                    "lake_museum",
                    "Lake museum strongbox",
                    "lakeview_hamlet",
                    {SILVER: 56, "flax": 10},
                    (-1, 1),
                    7,
                ),
                {
                    "id": "hall_museum",
                    "name": "Hall museum plinth",
                    "near": "mayors_hall",
                    "materials": {"moss_idol": 1},
                    "direction": (0, -1),
                    "away": 3,
                },
            ],
            roles=[
                Role(
                    "curator",
                    "Curator",
                    "shrine_steps",
                    knows=["clue:idol", "hall_museum"],
                    skills={"smithing": 55, "foraging": 10},
                    items={"knife": 1},
                    also="Smithing 55 locks a strongbox (a site's last `build`, smithing 50); with foraging 10 and a "
                    "knife you cut flax (`flax_field`, foraging 5) to pack silver in.",
                    plan=[
                        ("tell", "moss_digger", [("clue", "idol"), "hall_museum"]),
                        ("hear", "moss_digger"),
                        ("seek", "hoard"),
                        ("harvest", "flax_field", 10),
                        ("go", "hoard"),
                        ("take", SILVER, 56),
                        ("build", "lake_museum"),
                    ],
                ),
                Role(
                    "moss_digger",
                    "Moss digger",
                    "old_mill",
                    knows=["clue:hoard"],
                    plan=[
                        ("tell", ["curator", "north_diver", "south_diver"], ("clue", "hoard")),
                        ("hear", "curator"),
                        ("seek", "idol"),
                        ("pick", "idol", 1),
                        ("build", "hall_museum"),
                    ],
                ),
                _digger("north_diver", "Diver", (254, 92), "hoard", 28, "curator", SILVER, ["moss_digger"]),
                _digger("south_diver", "Diver", (250, 91), "hoard", 28, "curator", SILVER, ["moss_digger"]),
            ],
            success=[{"site_built": {"site": "lake_museum"}}, {"site_built": {"site": "hall_museum"}}],
            outcome="the lake museum's strongbox holds the hoard and the idol stands in the Mayor's Hall",
            signature="S?G2v>BW|G?B",
            why="a drowned hoard and an overgrown idol whose places only the other's notes give -> 56 hoard silver "
            "(two divers) locked in by the curator (smithing 50) + the moss idol (only the moss digger) set up in "
            "the hall",
            category="exploration",
        ),
        stock(
            "task_94",
            "The Cartographer's Buried Caravan",
            intro=(
                "Old Saltreach charts show where a lost caravan's saffron lies buried in the Sunscar, and a storm "
                "totem in a riven oak of the Whisperwood that is to mark the map room by the cache; the cache holds "
                "more than one pair of hands can empty in time."
            ),
            fields={
                "cache": Field("desert_cache", "scorched_obelisk", 1, (1, 1), 8),
                "oak": Field("riven_oak", "mossy_pond", 1, (-1, 1), 8),
            },
            sites=[
                {
                    "id": "map_room",
                    "name": "Map room",
                    "near": "scorched_obelisk",
                    "materials": {SPICE: 56, "storm_totem": 1},
                    "direction": (1, 1),
                    "away": 7,
                }
            ],
            roles=[
                Role(
                    "cartographer",
                    "Cartographer",
                    (96, 222),
                    knows=["clue:cache", "clue:oak"],
                    plan=[
                        ("tell", ["sand_digger", "totem_feller"], [("clue", "cache"), ("clue", "oak")]),
                        ("seek", "cache"),
                        ("pool", "cache", 28, 28),
                        ("take", "storm_totem", 1),
                        ("build", "map_room"),
                    ],
                ),
                _digger(
                    "sand_digger",
                    "Sand digger",
                    (100, 220),
                    "cache",
                    28,
                    "cartographer",
                    SPICE,
                    ["cartographer"],
                ),
                Role(
                    "totem_feller",
                    "Totem feller",
                    "old_mill",
                    plan=[
                        ("hear", "cartographer"),
                        ("seek", "oak"),
                        ("pick", "oak", 1),
                        ("seek", "cache"),
                        ("give", "cartographer", "storm_totem", 1),
                    ],
                ),
            ],
            success=[{"site_built": {"site": "map_room"}}],
            outcome="the map room is stocked with the caravan's saffron and the storm totem",
            signature="S!GvB+Gv+G",
            why="a caravan cache and a riven oak only the cartographer's charts give -> 56 caravan saffron (dug by "
            "hand: the cartographer and the sand digger) + the storm totem (only the totem feller) -> the map room",
            category="exploration",
        ),
        stock(
            "task_99",
            "The Keep's Lost Treasury",
            intro=(
                "The old kingdom's mountain treasury was buried in a barrow in the peaks when the crown fell, and "
                "its hall is to be guarded again by a storm totem from a lightning-riven oak; the gold goes back "
                "into a treasury chest forged shut. Only old notes say where barrow and oak lie."
            ),
            fields={
                "barrow": Field("barrow_hoard", "stonefoot_camp", 1, (1, 1), 8),
                "oak": Field("riven_oak", "woodcutters_camp", 1, (1, -1), 8),
            },
            sites=[
                _vault(
                    "treasury_chest",
                    "Treasury chest",
                    "stonefoot_camp",
                    {GOLD: 56, "storm_totem": 1, "coal": 10},
                    (1, 1),
                    7,
                )
            ],
            roles=[
                Role(
                    "castellan",
                    "Castellan",
                    "frostford",
                    knows=["clue:oak"],
                    skills={"smithing": 55, "mining": 25},
                    items={"bronze_pickaxe": 1},
                    also="Smithing 55 forges a chest shut (a site's last `build`, smithing 50); mining 25 and your "
                    "bronze pickaxe break coal (`coal_rock`, mining 20) for the forge.",
                    plan=[
                        ("tell", "totem_feller", ("clue", "oak")),
                        ("hear", "totem_feller"),
                        ("seek", "barrow"),
                        ("harvest", "coal_rock", 10),
                        ("go", "barrow"),
                        ("take", "storm_totem", 1),
                        ("take", GOLD, 56),
                        ("build", "treasury_chest"),
                    ],
                ),
                Role(
                    "totem_feller",
                    "Totem feller",
                    "old_oak_grove",
                    knows=["clue:barrow"],
                    plan=[
                        ("tell", ["castellan", "gate_delver", "heath_delver"], ("clue", "barrow")),
                        ("hear", "castellan"),
                        ("seek", "oak"),
                        ("pick", "oak", 1),
                        ("seek", "barrow"),
                        ("give", "castellan", "storm_totem", 1),
                    ],
                ),
                _digger(
                    "gate_delver",
                    "Delver",
                    "deepdelve_mine",
                    "barrow",
                    28,
                    "castellan",
                    GOLD,
                    ["totem_feller"],
                ),
                _digger(
                    "heath_delver", "Delver", "frostford", "barrow", 28, "castellan", GOLD, ["totem_feller"]
                ),
            ],
            success=[{"site_built": {"site": "treasury_chest"}}],
            outcome="the treasury chest holds the barrow's gold and the storm totem and is forged shut",
            signature="S?G2v+S?G>BW",
            why="a barrow hoard and a riven oak whose places only the other's notes give -> 56 grave gold (two "
            "delvers) + the storm totem (only the totem feller) -> the chest, forged shut only by the castellan "
            "(smithing 50)",
            category="exploration",
        ),
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
                _vault(
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
                    skills={"foraging": 10},
                    also="The flood took the bell to one of two places: the Old Mill (106, 148) or the Mossy Pond "
                    "(70, 129). Greenleaf (`greenleaf_patch`, foraging 1, by hand) grows in the meadows east of town.",
                    plan=[
                        (
                            "tell",
                            "bell_diver",
                            "Search by the Old Mill (106, 148); I send the bellfounder to the pond.",
                        ),
                        (
                            "tell",
                            "bellfounder",
                            "Search by the Mossy Pond (70, 129); the diver takes the Old Mill.",
                        ),
                        ("hear", "bell_diver"),
                        (
                            "tell",
                            ["bellfounder", "bell_diver"],
                            "Bring what you have for me to the Town Square (130, 122).",
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
                        ("hear", "chaplain"),
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
                        ("hear", "chaplain"),
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
                        ("harvest", "oak_tree", 6),
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
            success=[{"holds": {"items": {"tuned_orrery": 1, "stormeel_oil": 4, "sunbloom": 6, "oak_log": 6}}}],
            outcome="the team holds the tuned orrery, 4 stormeel oil and 6 sunbloom for its lamps and 6 oak logs for its stand",
            signature="G?G+GM>M",
            why="a sand drift whose place only the oil renderer's notes give -> the brass orrery (only the sand "
            "digger: foraging 50) + stormeel oil (only the oil renderer: fishing 50, cooking 45) -> tuned by the "
            "astronomer (crafting 50)",
            category="exploration",
        ),
    ]
