"""The generated combat tasks (ids 32, 33, 51, 59, 60, 61, 62, 72, 73, 75): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, escort, hunt
from agentworld.taskgen.motifs_a import armed
from agentworld.taskgen.motifs_b import Dig, Keeper, survey_b


def drafts() -> list[Draft]:
    return [
        hunt(
            "task_32",
            "Scales of the Ashmaw Drake",
            intro=(
                "An ashmaw drake has settled by the Scorched Obelisk. Its scales, riveted on a heartwood plank, make "
                "the only buckler that turns the desert's fire, and the hunter who brings the drake down is to carry "
                "it."
            ),
            hunter={
                "name": "drake_hunter",
                "title": "Drake hunter",
                "spawn": "sunscar_oasis",
                "skills": {"archery": 60, "defense": 45, "health": 40},
                "equipment": {"weapon": "ghostpine_bow"},
            },
            beast={"type": "ashmaw_drake", "near": "scorched_obelisk", "direction": (1, -1), "away": 6},
            armourer={
                "name": "armourer",
                "title": "Armourer",
                "recipe": "drakescale_buckler",
                "station": "workbench#town",
                "spawn": "brindlemark_smithy",
            },
            carpenter={
                "name": "carpenter",
                "title": "Carpenter",
                "spawn": "woodcutters_camp",
                "station": "workbench#camp",
                "logs": 2,
            },
        ),
        escort(
            "task_33",
            "A Lamp in Hollowcrown Keep",
            intro=(
                "A barrow warden has risen in the only gap of Hollowcrown Keep's south wall. The keep must "
                "show a stormlamp again from inside its walls, which means the warden has to fall first."
            ),
            fighter={
                "name": "blademaster",
                "title": "Blademaster",
                "spawn": "ruins_gate",
                "skills": {"accuracy": 60, "strength": 60, "health": 40},
                "equipment": {"weapon": "starsilver_blade"},
            },
            guard={
                "type": "barrow_warden",
                "position": [210, 55],
                "stand": [210, 56],
                "guards": [[210, 54], [211, 54], [211, 55]],
            },
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_inn",
            },
            courier={
                "name": "lamp_bearer",
                "title": "Lamp bearer",
                "spawn": "old_mill",
                "place": [210, 50],
                "range": "cooking_range#town",
                "place_name": "the keep's south court, inside the gap",
            },
        ),
        armed(
            "task_51",
            "A Spear for the Rime Stalker",
            intro=(
                "A rime stalker hunts the road below Greyhorn Lookout, and the spearman will meet it with a "
                "blackglass spear: blackglass only the vent miner can cut, tempered and hafted by the weaponsmith."
            ),
            sources=[Source("vent_miner", "Vent miner", "blackglass_seam", 2, "stonefoot_camp", (-1, 1))],
            makers=[
                {
                    "name": "weaponsmith",
                    "title": "Weaponsmith",
                    "recipes": [("blackglass_edge", 1), ("blackglass_spear", 1)],
                    "station": "furnace#mine",
                    "spawn": "deepdelve_mine",
                    "start": {"stick": 2},
                    "fed_by": ["vent_miner"],
                }
            ],
            fighter={
                "name": "spearman",
                "title": "Spearman",
                "spawn": "ogre_den_mouth",
                "skills": {"accuracy": 60, "strength": 60, "defense": 40, "health": 40},
            },
            beast={"type": "rime_stalker", "near": "greyhorn_lookout", "direction": (1, 1), "away": 6},
        ),
        armed(
            "task_59",
            "The Mire Troll's Hide",
            trophy=True,
            intro=(
                "A mire troll blocks the fen road. The fen warden who kills it is to wear a cloak of its own hide, "
                "lined with wild silk and sewn by the tailor."
            ),
            sources=[Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 1, "old_mill", (-1, 1))],
            makers=[
                {
                    "name": "tailor",
                    "title": "Tailor",
                    "recipes": [("mirehide_cloak", 1)],
                    "station": "tanning_rack#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["silk_gatherer"],
                }
            ],
            fighter={
                "name": "fen_warden",
                "title": "Fen warden",
                "spawn": "witch_hut",
                "skills": {"accuracy": 60, "strength": 60, "defense": 45, "health": 40},
                "equipment": {"weapon": "starsilver_blade"},
            },
            beast={"type": "mire_troll", "near": "murkfen_landing", "direction": (1, 0), "away": 6},
        ),
        armed(
            "task_60",
            "The Basilisk's Eye",
            trophy=True,
            intro=(
                "A dune basilisk stares down travellers on the road to the Sunscar Oasis. Its eye, set in starsilver, "
                "makes a "
                "lens that shows every gap in a hide; the archer who kills it is to wear it."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "sunken_bazaar", (1, 0))],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("starsilver_bar", 1), ("basilisk_lens", 1)],
                    "station": "furnace#town",
                    "spawn": "mayors_hall",
                    "fed_by": ["prospector"],
                }
            ],
            fighter={
                "name": "archer",
                "title": "Desert archer",
                "spawn": "sunscar_oasis",
                "skills": {"archery": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "ghostpine_bow"},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (-1, -1), "away": 8},
        ),
        armed(
            "task_61",
            "The Bowyer's Own Hunt",
            intro=(
                "The old bowyer of Brindlemark has a ghostpine stave and one last hunt in her: a dune basilisk by "
                "the Sunscar Oasis. She will string the bow herself, with silk cord braided by the weaver from silk "
                "only the silk gatherer can reach."
            ),
            sources=[
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "greenhollow_farm", (1, 1))
            ],
            makers=[
                {
                    "name": "weaver",
                    "title": "Weaver",
                    "recipes": [("silk_cord", 1)],
                    "station": "loom#town",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["silk_gatherer"],
                },
                {
                    "name": "bowyer",
                    "title": "Bowyer",
                    "recipes": [("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "town_square",
                    "start": {"ghostpine_stave": 1},
                    "fed_by": [],
                },
            ],
            fighter={
                "name": "bowyer",
                "title": "Bowyer",
                "makes": True,
                "skills": {"archery": 60, "defense": 40, "health": 40},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (0, -1), "away": 8},
        ),
        armed(
            "task_62",
            "A Charm Against the Troll",
            intro=(
                "A mire troll has come up the stream to the Old Mill. The battlemage will face it only wearing a "
                "glasswing amulet: blackglass and a moon pearl, set by the jeweller."
            ),
            sources=[
                Source("vent_miner", "Vent miner", "blackglass_seam", 1, "broken_colonnade", (1, 0)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "mossy_pond", (0, 1)),
            ],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("glasswing_amulet", 1)],
                    "station": "workbench#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["vent_miner", "pearl_diver"],
                }
            ],
            fighter={
                "name": "battlemage",
                "title": "Battlemage",
                "spawn": "old_mill",
                "skills": {"magic": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "emberheart_staff"},
            },
            beast={"type": "mire_troll", "near": "old_mill", "direction": (-1, 1), "away": 6},
        ),
        armed(
            "task_73",
            "The Archer Who Set Her Own Lens",
            trophy=True,
            intro=(
                "The archer-jeweller of Sunscar will kill the dune basilisk herself and set its eye in a starsilver "
                "band to wear: the bar smelted by the smelter from ore only the prospector can cut."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "broken_colonnade", (0, 1))],
            makers=[
                {
                    "name": "smelter",
                    "title": "Smelter",
                    "recipes": [("starsilver_bar", 1)],
                    "station": "furnace#town",
                    "spawn": "brindlemark_smithy",
                    "fed_by": ["prospector"],
                },
                {
                    "name": "archer_jeweller",
                    "title": "Archer-jeweller",
                    "recipes": [("basilisk_lens", 1)],
                    "station": "workbench#town",
                    "spawn": "sunscar_oasis",
                    "fed_by": [],
                },
            ],
            fighter={
                "name": "archer_jeweller",
                "title": "Archer-jeweller",
                "makes": True,
                "skills": {"archery": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "ghostpine_bow"},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (0, -1), "away": 8},
        ),
        armed(
            "task_75",
            "The Ranger Fells Her Own Bow",
            intro=(
                "The ranger of Whisperwood fells the ghostpine for her bow herself; the master bowyer cuts the "
                "stave, braids the cord from the silk gatherer's silk and strings it, and she takes it straight to "
                "the mire troll that has crept up the stream to the Old Mill."
            ),
            sources=[
                Source("ranger", "Ranger", "ghostpine_tree", 2, "woodcutters_camp", (1, 1)),
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "murkfen_landing", (1, -1)),
            ],
            makers=[
                {
                    "name": "master_bowyer",
                    "title": "Master bowyer",
                    "recipes": [("ghostpine_stave", 1), ("silk_cord", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["ranger", "silk_gatherer"],
                }
            ],
            fighter={
                "name": "ranger",
                "title": "Ranger",
                "gathers": True,
                "spawn": "woodcutters_camp",
                "skills": {"archery": 70, "defense": 40, "health": 40},
            },
            beast={"type": "mire_troll", "near": "old_mill", "direction": (0, 1), "away": 8},
        ),
        # task_76 is to become the paper's ten-agent Elemental Bosses (combat); until then its exploration draft lives here
        survey_b(
            "task_76",
            "The Archivist's Charts",
            intro=(
                "The archivist of the Mayor's Hall has found old charts of two lost treasures: the bell of the "
                "drowned chapel and the seal of the old kings, buried in a cairn under Greyhorn."
            ),
            charts="keeper",
            digs=[
                Dig(
                    "bell_diver", "Bell diver", "drowned_belfry", "murkfen_landing", "drowned_chapel", (1, -1)
                ),
                Dig(
                    "cairn_miner", "Cairn miner", "kings_cairn", "stonefoot_camp", "greyhorn_lookout", (1, 1)
                ),
            ],
            keepers=[Keeper("archivist", "Archivist", "brindlemark_inn", "mayors_hall")],
        ),
    ]
