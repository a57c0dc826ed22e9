"""The generated exploration tasks (ids 34, 35, 72, 77, 78, 79, 80, 81, 94, 99): one `stock` call per task
(taskgen/stockpile.py). Each hides what the team must find at a place nobody is told: a member's old notes
give only a clue (a landmark and a side, taskgen/clues.py), often another member's, passed on in chat;
once found, the place takes real work (a hoard two must empty, a relic to raise, restore and carry). This
module holds the hoards (34, 35, 77, 81, 94, 99); exploration_relics.py the waymark, the split search and
the relics to restore (72, 78, 79, 80)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.stockpile import Field, Role, digger, stock, vault
from agentworld.taskgen.suite import exploration_relics as relics

SILVER, GOLD, SPICE, LILY = "hoard_silver", "grave_gold", "cache_spice", "dawnlily"


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
                vault(
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
                digger("east_diver", "Diver", "shrine_steps", "hoard", 26, "bargemaster", SILVER, ["delver"]),
                digger(
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
            sites=[vault("keep_vault", "Keep vault", "ruins_gate", {GOLD: 56, "ember_moss": 6}, (-1, 1), 7)],
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
                digger("west_delver", "Delver", (222, 50), "barrow", 28, "castellan", GOLD, ["castellan"]),
                digger("east_delver", "Delver", (218, 52), "barrow", 28, "castellan", GOLD, ["castellan"]),
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
            sites=[vault("mill_vault", "Mill vault", "old_mill", {GOLD: 56, "storm_totem": 1}, (1, 1), 7)],
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
                vault(
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
                digger("north_diver", "Diver", (254, 92), "hoard", 28, "curator", SILVER, ["moss_digger"]),
                digger("south_diver", "Diver", (250, 91), "hoard", 28, "curator", SILVER, ["moss_digger"], 2),
            ],
            success=[{"site_built": {"site": "lake_museum"}}, {"site_built": {"site": "hall_museum"}}],
            outcome="the lake museum's strongbox holds the hoard and the idol stands in the Mayor's Hall",
            routes=[
                (
                    "the south diver hands over his silver in one load",
                    {
                        "south_diver": [
                            ("hear", "moss_digger"),
                            ("seek", "hoard"),
                            ("pick", "hoard", 28),
                            ("give", "curator", SILVER, 28),
                        ]
                    },
                )
            ],
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
                digger(
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
                "The old kingdom's forest treasury was buried in a barrow in the Whisperwood when the crown fell, "
                "and its hall is to be guarded again by a storm totem from a lightning-riven oak; the gold goes back "
                "into a treasury chest of new pine, forged shut. Only old notes say where barrow and oak lie."
            ),
            fields={
                "barrow": Field("barrow_hoard", "mossy_pond", 1, (1, 1), 8),
                "oak": Field("riven_oak", "woodcutters_camp", 1, (1, -1), 8),
            },
            sites=[
                vault(
                    "treasury_chest",
                    "Treasury chest",
                    "mossy_pond",
                    {GOLD: 56, "storm_totem": 1, "pine_log": 10},
                    (1, 1),
                    7,
                )
            ],
            roles=[
                Role(
                    "castellan",
                    "Castellan",
                    "north_crossroads",
                    knows=["clue:oak"],
                    skills={"smithing": 55, "lumberjacking": 15},
                    items={"bronze_axe": 1},
                    also="Smithing 55 forges a chest shut (a site's last `build`, smithing 50); your bronze axe fells "
                    "pine (`pine_tree`, lumberjacking 10) for its boards.",
                    plan=[
                        ("tell", "totem_feller", ("clue", "oak")),
                        ("hear", "totem_feller"),
                        ("harvest", "pine_tree", 10),
                        ("seek", "barrow"),
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
                        ("tell", ["castellan", "pond_delver", "mill_delver"], ("clue", "barrow")),
                        ("hear", "castellan"),
                        ("seek", "oak"),
                        ("pick", "oak", 1),
                        ("seek", "barrow"),
                        ("give", "castellan", "storm_totem", 1),
                    ],
                ),
                digger(
                    "pond_delver",
                    "Delver",
                    "whisperwood_clearing",
                    "barrow",
                    28,
                    "castellan",
                    GOLD,
                    ["totem_feller"],
                ),
                digger(
                    "mill_delver", "Delver", "old_mill", "barrow", 28, "castellan", GOLD, ["totem_feller"]
                ),
            ],
            success=[{"site_built": {"site": "treasury_chest"}}],
            outcome="the treasury chest holds the barrow's gold and the storm totem and is forged shut",
            signature="S?G2v+S?G>G+BW",
            why="a barrow hoard and a riven oak whose places only the other's notes give -> 56 grave gold (two "
            "delvers) + the storm totem (only the totem feller) -> the chest, forged shut only by the castellan "
            "(smithing 50)",
            category="exploration",
        ),
    ] + relics.drafts()
