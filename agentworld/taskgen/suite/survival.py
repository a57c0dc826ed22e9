"""The generated survival tasks (ids 50, 53, 54, 55, 56, 57, 58): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.gale_members import FireKeeper, Hand, Tailor
from agentworld.taskgen.gale_works import gale_works
from agentworld.taskgen.holdouts import Cook
from agentworld.taskgen.twin_huts import twin_huts
from agentworld.taskgen.watch_and_dig import watch_and_dig


def drafts() -> list[Draft]:
    return [
        twin_huts(
            "task_50",
            "Shelters before the Blizzard",
            exposure="frostmere_blizzard",
            area="anywhere in the Frostmere Reaches (x 90 to 169, y 0 to 79)",
            huts=[
                {
                    "id": "camp_shelter",
                    "name": "Camp shelter",
                    "position": [127, 60],
                    "work": 20,
                    "skill": "crafting",
                    "level": 25,
                },
                {
                    "id": "gate_shelter",
                    "name": "Gate shelter",
                    "position": [148, 44],
                    "work": 20,
                    "skill": "crafting",
                    "level": 25,
                },
            ],
            builders=[
                {"name": "warden", "title": "Camp warden", "spawn": "north_crossroads", "level": 25},
                {"name": "gatekeeper", "title": "Gate keeper", "spawn": "north_crossroads", "level": 30},
            ],
            cook=Cook(
                "camp_cook",
                "Camp cook",
                "frostmere_camp",
                "frostgill_hole",
                [(138, 64), (140, 63), (139, 61)],
                "frostgill_broth",
                rations={"warden": 1, "gatekeeper": 1, "camp_cook": 2},
                pack={"frostgill_broth": 4},
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
            area="anywhere in the Sunscar Desert (x 90 to 169, y 170 to 255)",
            site={
                "id": "oasis_cistern",
                "name": "Oasis cistern",
                "position": [126, 202],
                "work": 7,
                "skill": "crafting",
                "level": 25,
            },
            post=(126, 185),
            keeper={
                "name": "steward",
                "title": "Oasis steward",
                "spawn": (124, 196),
                "level": 25,
                "ration": "travellers_ration",
                "rations": 5,
            },
            digger={
                "name": "root_digger",
                "title": "Root digger",
                "spawn": (122, 178),
                "node": "sunroot_tuft",
                "tufts": [(125, 186), (127, 186)],
                "count": 6,
                "pack": {"travellers_ration": 2},
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
            area="in the yard of the Glacier Lair Gate (x 138 to 162, y 29 to 40)",
            sites=[
                {
                    "id": "gate_wall",
                    "name": "Gate wall",
                    "position": [150, 38],
                    "materials": {"hide_screen": 2},
                    "work": 12,
                    "skill": "mining",
                    "level": 20,
                }
            ],
            wait=(150, 41),
            hands=[Hand("mason", "Mason", "north_crossroads")],
            tailor=Tailor("tailor", "Tailor", (207, 63), recipes=("fur_cloak", "hide_screen")),
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
            area="on or by the frozen Frostmere Tarn (x 100 to 130, y 10 to 30)",
            sites=[
                {
                    "id": "fishers_hut",
                    "name": "Ice-fishers' hut",
                    "position": [112, 29],
                    "materials": {"pine_log": 2},
                    "work": 10,
                    "skill": "crafting",
                    "level": 25,
                }
            ],
            wait=(112, 35),
            hands=[Hand("warden", "Tarn warden", "frostford")],
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
                    "shelter": {"protects": {"cold": 24}, "radius": 3, "fuel": "pine_log", "burns": 3},
                },
                logs=22,
                feed=3,
            ),
            cook=Cook(
                "cook",
                "Cook",
                "frostmere_camp",
                "frostgill_hole",
                [(138, 64), (140, 63), (139, 61)],
                "frostgill_broth",
                rations={"warden": 2},
                rations_first=True,
            ),
            hold=2,
            intro=(
                "The ice-fishers of the Frostmere Tarn lost their hut to the winter, and the wind off the ice "
                "freezes anyone on the tarn."
            ),
        ),
        gale_works(
            "task_56",
            "Storm at Gullwatch Lighthouse",
            exposure="sea_gale",
            area="on the point of Gullwatch Lighthouse (x 228 to 242, y 238 to 250)",
            sites=[
                {
                    "id": "storm_shutters",
                    "name": "Storm shutters",
                    "position": [232, 244],
                    "materials": {"pine_log": 2},
                    "work": 10,
                    "skill": "crafting",
                    "level": 25,
                },
                {
                    "id": "boat_slip",
                    "name": "Boat slip",
                    "position": [233, 248],
                    "work": 8,
                    "skill": "smithing",
                    "level": 20,
                },
            ],
            wait=(226, 244),
            hands=[
                Hand("lamp_keeper", "Lamp keeper", (222, 242), pack={"hearth_stew": 2}),
                Hand(
                    "boatwright",
                    "Boatwright",
                    "gullwatch_pier",
                    site="boat_slip",
                    pack={"hearth_stew": 2},
                ),
            ],
            firekeeper=FireKeeper(
                "woodcutter",
                "Woodcutter",
                (222, 246),
                [(226, 247), (225, 247), (227, 247)],
                fire={
                    "id": "beacon_fire",
                    "name": "Beacon fire",
                    "position": [227, 245],
                    "materials": {"pine_log": 2},
                    "shelter": {"protects": {"cold": 21}, "radius": 6, "fuel": "pine_log", "burns": 3},
                },
                logs=24,
                feed=3,
            ),
            cook=Cook(
                "cook",
                "Cook",
                "saltreach_village",
                "stormeel_run",
                [(215, 215), (217, 215)],
                "stormeel_pasty",
                rations={"lamp_keeper": 1, "boatwright": 1},
                pack={"sunroot_flour": 6},
                to_each=True,
            ),
            hold=2,
            intro=(
                "A winter storm has torn the shutters off Gullwatch Lighthouse and smashed its boat slip, and the "
                "gale off the sea freezes anyone on the point."
            ),
        ),
        gale_works(
            "task_57",
            "Holding Hollowcrown",
            exposure="hollowcrown_pall",
            area="in the courtyard of Hollowcrown Keep (x 200 to 222, y 44 to 53)",
            sites=[
                {
                    "id": "keep_barricade",
                    "name": "Keep barricade",
                    "position": [210, 49],
                    "materials": {"hide_screen": 3, "pine_log": 2},
                    "work": 10,
                    "skill": "mining",
                    "level": 25,
                },
                {
                    "id": "sally_port",
                    "name": "Sally port",
                    "position": [214, 49],
                    "work": 8,
                    "skill": "strength",
                    "level": 40,
                },
            ],
            wait=(210, 57),
            hands=[
                Hand("castellan", "Castellan", (212, 60), level=30, pack={"hearth_stew": 2}),
                Hand(
                    "sergeant",
                    "Sergeant",
                    "ruins_gate",
                    level=45,
                    site="sally_port",
                    pack={"hearth_stew": 2},
                ),
            ],
            tailor=Tailor("tailor", "Tailor", (207, 63), recipes=("hide_screen",)),
            firekeeper=FireKeeper(
                "woodcutter",
                "Woodcutter",
                "ruins_gate",
                [(209, 57), (210, 57), (211, 57)],
                fire={
                    "id": "gate_fire",
                    "name": "Gate fire",
                    "position": [210, 55],
                    "materials": {"pine_log": 2},
                    "shelter": {"protects": {"cold": 21}, "radius": 6, "fuel": "pine_log", "burns": 3},
                },
                logs=26,
                feed=3,
            ),
            cook=Cook(
                "cook",
                "Cook",
                "frostmere_camp",
                "frostgill_hole",
                [(138, 64), (140, 63), (139, 61)],
                "frostgill_broth",
                rations={"castellan": 1, "sergeant": 1},
                to_each=True,
            ),
            hold=2,
            intro=(
                "The dead of Hollowcrown stir, and the keep's courtyard lies under a grave chill. Its barricade and "
                "its sally port must be raised again."
            ),
        ),
        gale_works(
            "task_58",
            "Winter Stores on the Tarn",
            exposure="tarn_gale",
            area="on or by the frozen Frostmere Tarn (x 100 to 130, y 10 to 30)",
            sites=[
                {
                    "id": "smoke_house",
                    "name": "Smoke-house",
                    "position": [118, 29],
                    "work": 12,
                    "skill": "crafting",
                    "level": 25,
                },
                {
                    "id": "smoke_pit",
                    "name": "Smoke pit",
                    "position": [121, 29],
                    "work": 8,
                    "skill": "mining",
                    "level": 25,
                },
            ],
            wait=(118, 32),
            hands=[Hand("storekeeper", "Storekeeper", "north_crossroads", level=30, site="smoke_pit")],
            tailor=Tailor("tailor", "Tailor", "brindlemark_market", builds=True),
            cook=Cook(
                "cook",
                "Cook",
                "frostmere_camp",
                "frostgill_hole",
                [(138, 64), (140, 63), (139, 61)],
                "frostgill_broth",
                rations={"storekeeper": 1, "tailor": 3},
            ),
            hold=2,
            intro=(
                "The tarn's fishers will winter on the ice, and their smoke-house is down. The wind off the frozen "
                "tarn freezes anyone on it."
            ),
        ),
    ]
