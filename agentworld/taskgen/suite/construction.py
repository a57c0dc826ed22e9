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


def drafts() -> list[Draft]:
    return [
        _task_19(),
        _task_27(),
        _task_45(),
        _task_46(),
        _task_82(),
        _task_83(),
        _task_84(),
        _task_95(),
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
            Stage(
                "shrine_roof",
                "New roof",
                3,
                materials={"heartwood_log": 6, "wild_silk": 6},
                skill="crafting",
                on="shrine_rubble",
                direction=(1, -1),
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
            Stage(
                "bridge_deck",
                "Deck",
                3,
                materials={"heartwood_beam": 3},
                skill="crafting",
                on="bridge_piers",
                direction=(0, -1),
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
            Stage(
                "tarn_observatory",
                "Observatory",
                3,
                materials={"starsilver_ore": 4, "heartwood_log": 4, "moon_pearl": 4},
                skill="crafting",
                on="observatory_platform",
                direction=(-1, 0),
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
            Stage(
                "greenhollow_gate",
                "Gate",
                3,
                materials={"starsilver_bar": 3, "heartwood_log": 6},
                skill="crafting",
                on="gate_posts",
                direction=(-1, 0),
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


def _task_82() -> Draft:
    """Two waystones at two places, both on one road the team clears; the prospector sets one himself and knows
    where the heartwood grows; the mason holds the plan."""
    return raise_works(
        "task_82",
        "Two Waystones on the North Road",
        intro=(
            "The north road between the North Crossroads and Frostmere Camp is to be cleared and marked: a "
            "starsilver marker by the crossroads and a heartwood shrine by the camp, both set on the cleared road."
        ),
        goal="both waystones stand on the cleared road",
        stages=[
            Stage("north_road", "Road", 46, near="north_crossroads", direction=(0, -1), distance=8),
            Stage(
                "crossroads_marker",
                "Starsilver marker",
                2,
                near="north_crossroads",
                materials={"starsilver_ore": 6},
                skill="crafting",
                on="north_road",
                direction=(1, -1),
                distance=3,
            ),
            Stage(
                "frostmere_shrine",
                "Heartwood shrine",
                2,
                near="frostmere_camp",
                materials={"heartwood_log": 6},
                skill="fletching",
                on="north_road",
                direction=(0, 1),
                distance=3,
            ),
        ],
        hands=[
            Hand(
                "prospector",
                "Prospector",
                (108, 72),
                loads=(Load("starsilver_vein", 6, (118, 74), (0, 0), 1),),
                finishes=("crossroads_marker",),
                digs=("north_road",),
            ),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (112, 92),
                loads=(Load("heartwood_tree", 6, (120, 86), (0, 0), 1, known_by="prospector"),),
                digs=("north_road",),
                sends={"heartwood_log": "mason"},
            ),
            Hand(
                "mason",
                "Master mason",
                "north_crossroads",
                finishes=("frostmere_shrine",),
                digs=("north_road",),
            ),
        ],
        plan_with="mason",
    )


def _task_83() -> Draft:
    """A storm wall at the village, then jetty piles at the pier on it; two masters, one gathering her own
    silk (the only task of the category grown from three hands to four)."""
    return raise_works(
        "task_83",
        "Hearth and Jetty at Saltreach",
        intro=(
            "Saltreach is rebuilding after the storm: a storm wall east of the village, then a starsilver "
            "smoke-hearth sheltered by it, and at Gullwatch Pier new piles and a heartwood jetty lashed with "
            "wild silk on them."
        ),
        goal="the smoke-hearth stands on the storm wall and the jetty on its piles",
        stages=[
            Stage("storm_wall", "Storm wall", 24, near=(232, 194), distance=0),
            Stage(
                "jetty_piles", "Jetty piles", 20, near="gullwatch_pier", on="storm_wall", direction=(-1, 0)
            ),
            Stage(
                "smoke_hearth",
                "Smoke-hearth",
                3,
                materials={"starsilver_ore": 6},
                skill="smithing",
                on="storm_wall",
                direction=(0, -1),
            ),
            Stage(
                "silk_jetty",
                "Silk jetty",
                3,
                materials={"wild_silk": 6, "heartwood_log": 4},
                skill="crafting",
                on="jetty_piles",
                direction=(0, 1),
            ),
        ],
        hands=[
            Hand(
                "hearthwright",
                "Hearthwright",
                (224, 186),
                finishes=("smoke_hearth",),
                digs=("storm_wall", "jetty_piles"),
            ),
            Hand(
                "prospector",
                "Prospector",
                (226, 172),
                loads=(Load("starsilver_vein", 6, (228, 184), (0, 0), 1, known_by="shipwright"),),
                digs=("storm_wall", "jetty_piles"),
                sends={"starsilver_ore": "hearthwright"},
            ),
            Hand(
                "shipwright",
                "Shipwright",
                "gullwatch_pier",
                loads=(Load("silkmoth_cocoons", 6, (240, 208), (0, 0), 1),),
                finishes=("silk_jetty",),
                digs=("storm_wall", "jetty_piles"),
            ),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (214, 174),
                loads=(Load("heartwood_tree", 4, (222, 180), (0, 0), 1, known_by="hearthwright"),),
                digs=("storm_wall", "jetty_piles"),
                sends={"heartwood_log": "shipwright"},
            ),
        ],
        plan_with="hearthwright",
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
            Stage(
                "pearl_fountain",
                "Pearl fountain",
                2,
                materials={"heartwood_log": 6, "moon_pearl": 4, "dawnlily": 4},
                skill="crafting",
                on="fountain_basin",
                direction=(1, 0),
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


def _task_95() -> Draft:
    """Eight hands: a harbour wall all dig, three works on it, each finished by its own master; beams hewn
    on the spot from the feller's logs."""
    return raise_works(
        "task_95",
        "The Harbour Works of Saltreach",
        intro=(
            "Saltreach is building its harbour works on a new harbour wall: a crane of hewn heartwood beams "
            "weighted with blackglass, a pearl-lit beacon house and a dawnlily smokehouse."
        ),
        goal="the crane, the beacon house and the smokehouse stand on the finished harbour wall",
        stages=[
            Stage("harbour_wall", "Harbour wall", 48, near=(216, 190), distance=0),
            Stage(
                "harbour_crane",
                "Harbour crane",
                3,
                materials={"heartwood_beam": 2, "blackglass": 4},
                skill="crafting",
                on="harbour_wall",
                direction=(-1, 0),
            ),
            Stage(
                "beacon_house",
                "Beacon house",
                3,
                materials={"moon_pearl": 4},
                skill="alchemy",
                on="harbour_wall",
                direction=(1, 0),
            ),
            Stage(
                "smokehouse",
                "Dawnlily smokehouse",
                3,
                materials={"dawnlily": 4},
                skill="cooking",
                on="harbour_wall",
                direction=(0, -1),
            ),
        ],
        hands=[
            Hand(
                "harbourmaster",
                "Harbourmaster",
                (226, 170),
                loads=(Load("pearl_bed", 4, (226, 180), (0, 0), 1),),
                digs=("harbour_wall",),
                sends={"moon_pearl": "lensmaker"},
            ),
            Hand(
                "prospector",
                "Prospector",
                (204, 184),
                loads=(Load("blackglass_seam", 4, (206, 194), (0, 0), 1, known_by="harbourmaster"),),
                digs=("harbour_wall",),
                sends={"blackglass": "cranewright"},
            ),
            Hand(
                "heartwood_feller",
                "Heartwood feller",
                (222, 168),
                loads=(Load("heartwood_tree", 4, (218, 178), (0, 0), 1, known_by="harbourmaster"),),
                digs=("harbour_wall",),
                sends={"heartwood_log": "carpenter"},
            ),
            Hand(
                "carpenter",
                "Carpenter",
                (203, 196),
                crafts=(("heartwood_beam", 2),),
                digs=("harbour_wall",),
                sends={"heartwood_beam": "cranewright"},
            ),
            Hand(
                "lily_picker",
                "Lily picker",
                (232, 204),
                loads=(Load("dawnlily_patch", 4, (226, 198), (0, 0), 1, known_by="harbourmaster"),),
                digs=("harbour_wall",),
                sends={"dawnlily": "smokemaster"},
            ),
            Hand(
                "cranewright", "Cranewright", (204, 176), finishes=("harbour_crane",), digs=("harbour_wall",)
            ),
            Hand("lensmaker", "Lensmaker", (232, 188), finishes=("beacon_house",), digs=("harbour_wall",)),
            Hand("smokemaster", "Smokemaster", (228, 200), finishes=("smokehouse",), digs=("harbour_wall",)),
        ],
        plan_with="harbourmaster",
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
            Stage("landing_bank", "Shored bank", 46, near="murkfen_landing", direction=(1, 0), distance=5),
            Stage(
                "ferry_landing",
                "Ferry landing",
                2,
                materials={"heartwood_log": 6, "eel_tar": 3},
                skill="crafting",
                on="landing_bank",
                direction=(0, 1),
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
