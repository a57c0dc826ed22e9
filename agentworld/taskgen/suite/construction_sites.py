"""The construction tasks whose works spread over places and masters (ids 82, 83, 95): a road with a
waystone at each end, a storm wall with a jetty's piles on it at the pier, a harbour wall with three
works on it (taskgen/building.py `raise_works`; suite/construction.py lists every construction task).
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.building import Hand, Load, Stage, raise_works

Position = tuple[int, int]


def finishing_stage(
    stage_id: str,
    name: str,
    materials: dict[str, int],
    skill: str,
    on: str,
    direction: Position,
    work: int = 3,
    **more,
) -> Stage:
    """A finishing stage: materials and a master's skill (level 50), built on the stage `on`."""
    return Stage(stage_id, name, work, materials=materials, skill=skill, on=on, direction=direction, **more)


def task_82() -> Draft:
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
            finishing_stage(
                "crossroads_marker",
                "Starsilver marker",
                {"starsilver_ore": 6},
                "crafting",
                "north_road",
                (1, -1),
                near="north_crossroads",
                distance=3,
                work=2,
            ),
            finishing_stage(
                "frostmere_shrine",
                "Heartwood shrine",
                {"heartwood_log": 6},
                "fletching",
                "north_road",
                (0, 1),
                near="frostmere_camp",
                distance=3,
                work=2,
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


def task_83() -> Draft:
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
            finishing_stage(
                "smoke_hearth", "Smoke-hearth", {"starsilver_ore": 6}, "smithing", "storm_wall", (0, -1)
            ),
            finishing_stage(
                "silk_jetty",
                "Silk jetty",
                {"wild_silk": 6, "heartwood_log": 4},
                "crafting",
                "jetty_piles",
                (0, 1),
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


def task_95() -> Draft:
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
            finishing_stage(
                "harbour_crane",
                "Harbour crane",
                {"heartwood_beam": 2, "blackglass": 4},
                "crafting",
                "harbour_wall",
                (-1, 0),
            ),
            finishing_stage(
                "beacon_house", "Beacon house", {"moon_pearl": 4}, "alchemy", "harbour_wall", (1, 0)
            ),
            finishing_stage(
                "smokehouse", "Dawnlily smokehouse", {"dawnlily": 4}, "cooking", "harbour_wall", (0, -1)
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
