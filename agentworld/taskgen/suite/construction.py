"""The generated construction tasks (ids 19, 27, 45, 46, 82, 83, 84, 95, 96): one motif call per task, with the
parameters that make it distinct.

Every task is staged works (taskgen/building.py `raise_works`): groundwork the whole team digs (more turns
than any one hand has in the budget), finishing stages built on it from rare materials gathered, made or
carried by different hands and finished by a master. What differs: how many stages and in how many
places, who makes what, who holds the plan of the works and who knows where the rare nodes stand.
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.building import Hand, Load, Stage, raise_works
from agentworld.taskgen.suite.construction_sites import finishing_stage, task_82, task_83, task_95


def drafts() -> list[Draft]:
    return [
        _task_19(),
        _task_27(),
        _task_45(),
        _task_46(),
        task_82(),
        task_83(),
        _task_84(),
        task_95(),
        _task_96(),
    ]


def _task_19() -> Draft:
    """Two gatherers who each know where the other's nodes stand; the joiner holds the plan."""
    return raise_works(
        "task_19",
        "The Lakeside Shrine Roof",
        intro=(
            "The roof of the lakeside shrine by Lakeview Hamlet fell in: its rubble must be cleared before a "
            "new roof of heartwood lashed with wild silk can go up."
        ),
        goal="the new roof stands on the cleared shrine",
        stages=[
            Stage("shrine_rubble", "Fallen roof", 46, near="lakeview_hamlet", direction=(0, -1)),
            finishing_stage(
                "shrine_roof",
                "New roof",
                {"heartwood_log": 6, "wild_silk": 6},
                "crafting",
                "shrine_rubble",
                (1, -1),
            ),
        ],
        hands=[
            Hand("joiner", "Master joiner", (236, 106), finishes=("shrine_roof",), digs=("shrine_rubble",)),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (246, 118),
                loads=(Load("heartwood_tree", 6, (244, 108), (0, 0), 1, known_by="silk_gatherer"),),
                digs=("shrine_rubble",),
                sends={"heartwood_log": "joiner"},
            ),
            Hand(
                "silk_gatherer",
                "Silk gatherer",
                (248, 76),
                loads=(Load("silkmoth_cocoons", 6, (248, 86), (0, 0), 1, known_by="heartwood_feller"),),
                digs=("shrine_rubble",),
                sends={"wild_silk": "joiner"},
            ),
        ],
        plan_with="joiner",
    )


def _task_27() -> Draft:
    """Three stages in a row (causeway, piers, deck); the carpenter hews the beams where the bridge stands."""
    return raise_works(
        "task_27",
        "The Heartwood Bridge",
        intro=(
            "The old footbridge over the Silverrun at the Old Mill is to be rebuilt: a causeway banked up on the "
            "east shore, piers sunk beside it, and a deck of hewn heartwood beams laid on the piers."
        ),
        goal="the deck stands on the piers and the piers on the causeway",
        stages=[
            Stage("bridge_causeway", "Causeway", 22, near="old_mill", direction=(-1, 0), distance=5),
            Stage("bridge_piers", "Piers", 22, on="bridge_causeway", direction=(0, -1)),
            finishing_stage(
                "bridge_deck", "Deck", {"heartwood_beam": 3}, "crafting", "bridge_piers", (0, -1)
            ),
        ],
        hands=[
            Hand(
                "bridgewright",
                "Bridgewright",
                (122, 152),
                finishes=("bridge_deck",),
                digs=("bridge_causeway", "bridge_piers"),
            ),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (120, 158),
                loads=(Load("heartwood_tree", 6, (108, 152), (0, 0), 1, known_by="carpenter"),),
                digs=("bridge_causeway", "bridge_piers"),
                sends={"heartwood_log": "carpenter"},
            ),
            Hand(
                "carpenter",
                "Carpenter",
                (118, 140),
                crafts=(("heartwood_beam", 3),),
                digs=("bridge_causeway", "bridge_piers"),
                sends={"heartwood_beam": "bridgewright"},
            ),
        ],
        plan_with="bridgewright",
    )


def _task_45() -> Draft:
    """Four hands; the master builder holds the plan and the survey of the veins and the heartwood; the pearl
    diver knows her own beds."""
    return raise_works(
        "task_45",
        "The Tarn Observatory",
        intro=(
            "An observatory is to rise beside Frostmere Camp on a levelled platform: starsilver for its ring, "
            "heartwood for its frame and moon pearls for its lenses."
        ),
        goal="the observatory stands on its platform",
        stages=[
            Stage("observatory_platform", "Platform", 40, near="frostmere_camp", direction=(-1, -1)),
            finishing_stage(
                "tarn_observatory",
                "Observatory",
                {"starsilver_ore": 4, "heartwood_log": 4, "moon_pearl": 4},
                "crafting",
                "observatory_platform",
                (-1, 0),
            ),
        ],
        hands=[
            Hand(
                "master_builder",
                "Master builder",
                "north_crossroads",
                finishes=("tarn_observatory",),
                digs=("observatory_platform",),
            ),
            Hand(
                "prospector",
                "Prospector",
                (152, 44),
                loads=(Load("starsilver_vein", 4, (140, 50), (0, 0), 2, known_by="master_builder"),),
                digs=("observatory_platform",),
                sends={"starsilver_ore": "master_builder"},
            ),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (108, 84),
                loads=(Load("heartwood_tree", 4, (118, 76), (0, 0), 2, known_by="master_builder"),),
                digs=("observatory_platform",),
                sends={"heartwood_log": "master_builder"},
            ),
            Hand(
                "pearl_diver",
                "Pearl diver",
                (160, 60),
                loads=(Load("pearl_bed", 4, (148, 62), (0, 0), 2),),
                digs=("observatory_platform",),
                sends={"moon_pearl": "master_builder"},
            ),
        ],
        plan_with="master_builder",
    )


def _task_46() -> Draft:
    """Ore smelted into bars at the town furnace; the smelter knows the veins and the gatewright the plan."""
    return raise_works(
        "task_46",
        "The Starsilver Gate of Greenhollow",
        intro=(
            "Greenhollow Farm wants a gate of starsilver bars hung on heartwood, on posts sunk deep by the road "
            "from Brindlemark."
        ),
        goal="the gate hangs on its finished posts",
        stages=[
            Stage("gate_posts", "Gateposts", 40, near="greenhollow_farm", direction=(-1, -1), distance=7),
            finishing_stage(
                "greenhollow_gate",
                "Gate",
                {"starsilver_bar": 3, "heartwood_log": 6},
                "crafting",
                "gate_posts",
                (-1, 0),
            ),
        ],
        hands=[
            Hand(
                "gatewright",
                "Gatewright",
                (166, 148),
                finishes=("greenhollow_gate",),
                digs=("gate_posts",),
            ),
            Hand(
                "prospector",
                "Prospector",
                (160, 104),
                loads=(Load("starsilver_vein", 6, (152, 108), (0, 0), 1, known_by="smelter"),),
                digs=("gate_posts",),
                sends={"starsilver_ore": "smelter"},
            ),
            Hand(
                "smelter",
                "Smelter",
                "brindlemark_smithy",
                crafts=(("starsilver_bar", 3),),
                station="furnace#town",
                digs=("gate_posts",),
                sends={"starsilver_bar": "gatewright"},
            ),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (176, 150),
                loads=(Load("heartwood_tree", 6, (168, 142), (0, 0), 2),),
                digs=("gate_posts",),
                sends={"heartwood_log": "gatewright"},
            ),
        ],
        plan_with="gatewright",
    )


def _task_84() -> Draft:
    """The fountain-maker picks her own dawnlilies; the pearl diver holds the town's plan."""
    return raise_works(
        "task_84",
        "The Pearl Fountain of Brindlemark",
        intro=(
            "The town square is to get a fountain: a basin dug and lined first, then a heartwood fountain set with "
            "moon pearls and ringed with dawnlilies."
        ),
        goal="the fountain stands in its finished basin",
        stages=[
            Stage("fountain_basin", "Basin", 44, near="town_square", direction=(1, 1), distance=4),
            finishing_stage(
                "pearl_fountain",
                "Pearl fountain",
                {"heartwood_log": 6, "moon_pearl": 4, "dawnlily": 4},
                "crafting",
                "fountain_basin",
                (1, 0),
                work=2,
            ),
        ],
        hands=[
            Hand(
                "fountain_maker",
                "Fountain-maker",
                (150, 126),
                loads=(Load("dawnlily_patch", 4, (142, 126), (0, 0), 1),),
                finishes=("pearl_fountain",),
                digs=("fountain_basin",),
            ),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (130, 146),
                loads=(Load("heartwood_tree", 6, (132, 134), (0, 0), 1, known_by="fountain_maker"),),
                digs=("fountain_basin",),
                sends={"heartwood_log": "fountain_maker"},
            ),
            Hand(
                "pearl_diver",
                "Pearl diver",
                (132, 146),
                loads=(Load("pearl_bed", 4, (138, 140), (0, 0), 2),),
                digs=("fountain_basin",),
                sends={"moon_pearl": "fountain_maker"},
            ),
        ],
        plan_with="pearl_diver",
    )


def _task_96() -> Draft:
    """A loop: the ferryman's own eels are rendered into tar by the cook, and the tar comes back to him."""
    return raise_works(
        "task_96",
        "The Ferryman's Landing",
        intro=(
            "The Murkfen ferry is to have a new landing: a bank dug out and shored, then boards of heartwood "
            "sealed with eel tar laid on it."
        ),
        goal="the landing stands on the shored bank",
        stages=[
            Stage("landing_bank", "Shored bank", 48, near="murkfen_landing", direction=(1, 0), distance=5),
            finishing_stage(
                "ferry_landing",
                "Ferry landing",
                {"heartwood_log": 6, "eel_tar": 3},
                "crafting",
                "landing_bank",
                (0, 1),
                work=2,
            ),
        ],
        hands=[
            Hand(
                "ferryman",
                "Ferryman",
                (96, 178),
                loads=(Load("stormeel_run", 6, (84, 172), (0, 0), 2),),
                finishes=("ferry_landing",),
                digs=("landing_bank",),
                sends={"stormeel": "cook"},
            ),
            Hand(
                "cook",
                "Cook",
                (64, 188),
                crafts=(("eel_tar", 3),),
                digs=("landing_bank",),
                sends={"eel_tar": "ferryman"},
            ),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (76, 158),
                loads=(Load("heartwood_tree", 6, (82, 164), (0, 0), 2, known_by="ferryman"),),
                digs=("landing_bank",),
                sends={"heartwood_log": "ferryman"},
            ),
        ],
        plan_with="cook",
    )
