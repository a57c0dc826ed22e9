"""The generated survival tasks (ids 50, 53, 54, 55, 56, 57, 58): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source
from agentworld.taskgen.holdouts import Cook, FireKeeper, Hand, Tailor, gale_works, twin_huts, watch_and_dig
from agentworld.taskgen.motifs_a import holdout


def drafts() -> list[Draft]:
    return [
        twin_huts(
            "task_50",
            "Shelters before the Blizzard",
            exposure="frostmere_blizzard",
            area="anywhere in the Frostmere Reaches (north of y 80, from x 90 to 169)",
            huts=[
                {
                    "id": "camp_shelter",
                    "name": "Camp shelter",
                    "position": [127, 60],
                    "work": 28,
                    "skill": "crafting",
                    "level": 20,
                },
                {
                    "id": "gate_shelter",
                    "name": "Gate shelter",
                    "position": [148, 44],
                    "work": 28,
                    "skill": "crafting",
                    "level": 20,
                },
            ],
            builders=[
                {"name": "warden", "title": "Camp warden", "spawn": "north_crossroads", "level": 25},
                {"name": "gatekeeper", "title": "Gate keeper", "spawn": "glacier_gate", "level": 25},
            ],
            cook=Cook(
                "camp_cook",
                "Camp cook",
                "frostmere_camp",
                "frostgill_hole",
                [(138, 64), (140, 63), (139, 61)],
                "frostgill_broth",
                rations={"warden": 1, "gatekeeper": 1, "camp_cook": 1},
            ),
            gap=2,
            hold=2,
            intro=(
                "A blizzard is coming down on the Frostmere Reaches. The camp and the road to the Glacier Gate each need a shelter closed "
                "before it peaks, the camp's first, and broth in store."
            ),
        ),
        watch_and_dig(
            "task_53",
            "Loaves for the Oasis Siege",
            exposure="sunscar_noon",
            area="anywhere in the Sunscar Desert (south of y 170, from x 90 to 169)",
            site={
                "id": "oasis_cistern",
                "name": "Oasis cistern",
                "position": [126, 202],
                "work": 10,
                "skill": "crafting",
                "level": 20,
            },
            post=(126, 185),
            keeper={
                "name": "steward",
                "title": "Oasis steward",
                "spawn": "sunken_bazaar",
                "level": 25,
                "ration": "travellers_ration",
                "rations": 4,
            },
            digger={
                "name": "root_digger",
                "title": "Root digger",
                "spawn": "scorched_obelisk",
                "node": "sunroot_tuft",
                "tufts": [(125, 186), (127, 186)],
                "count": 10,
                "refuge": [130, 165],
            },
            baker={
                "name": "baker",
                "title": "Baker",
                "spawn": "brindlemark_inn",
                "station": "cooking_range#town",
                "recipes": ["sunroot_flour", "sunroot_loaf"],
            },
            hold=2,
            intro=(
                "Sand raiders have ringed the Sunscar Oasis, its old cistern has silted up, and its stores are down "
                "to four rations."
            ),
        ),
        gale_works(
            "task_54",
            "Cloaks at the Glacier Gate",
            exposure="glacier_gale",
            area="in the yard of the Glacier Lair Gate (from (138, 29) to (162, 40))",
            site={
                "id": "gate_wall",
                "name": "Gate wall",
                "position": [150, 38],
                "work": 24,
                "skill": "mining",
                "level": 20,
            },
            wait=(150, 41),
            hands=[Hand("mason", "Mason", "north_crossroads")],
            tailor=Tailor("tailor", "Tailor", (207, 63), "workbench#ruins"),
            cook=Cook(
                "cook",
                "Cook",
                "frostmere_camp",
                "frostgill_hole",
                [(138, 64), (140, 63), (139, 61)],
                "frostgill_broth",
                rations={"mason": 2},
            ),
            hold=2,
            intro=(
                "The ice in the Glacier Lair has groaned all winter, and the wall across its gate has fallen. The "
                "wind that pours out of the gate freezes anyone in its yard."
            ),
        ),
        gale_works(
            "task_55",
            "Fire on the Frostmere Tarn",
            exposure="tarn_gale",
            area="on or by the frozen Frostmere Tarn (from (100, 10) to (130, 30))",
            site={
                "id": "fishers_hut",
                "name": "Ice-fishers' hut",
                "position": [112, 29],
                "materials": {"pine_log": 4},
                "work": 16,
                "skill": "crafting",
                "level": 20,
            },
            wait=(112, 35),
            hands=[Hand("warden", "Tarn warden", "brindlemark_inn")],
            firekeeper=FireKeeper(
                "woodcutter",
                "Woodcutter",
                "frostford",
                [(112, 34), (111, 34), (113, 34)],
                fire={
                    "id": "tarn_fire",
                    "name": "Tarn fire",
                    "position": [112, 32],
                    "materials": {"pine_log": 2},
                    "shelter": {"protects": {"cold": 23}, "radius": 3, "fuel": "pine_log", "burns": 2},
                },
                logs=22,
                feed=4,
            ),
            cook=Cook(
                "cook",
                "Cook",
                "frostmere_camp",
                "frostgill_hole",
                [(138, 64), (140, 63), (139, 61)],
                "frostgill_broth",
                rations={"warden": 3},
            ),
            hold=2,
            intro=(
                "The ice-fishers of the Frostmere Tarn lost their hut to the winter, and the wind off the ice "
                "freezes anyone on the tarn."
            ),
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
