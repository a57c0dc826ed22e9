"""The generated survival tasks (ids 50, 53, 54, 55, 56, 57, 58): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source
from agentworld.taskgen.motifs_a import holdout


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
    ]
