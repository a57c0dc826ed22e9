"""Task 13, The Saltreach Harbour Market: five rings of four traders barter until all hold what they came for.

Success (task file): every trader holds the goods they came for. Why each role is needed: each
trader is the only holder of goods another trader needs and must end up holding their own; nobody
has coins, and no shop sells what a trader came for at a price their own goods can pay. Legal
alternatives that pass: gifts (`give`) instead of trades, any order, no hub at all.
Checkpoints: a first trader supplied, then each ring supplied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

# trader -> (item they came for, how many)
WANTS = {
    "fishmonger": ("glass_vial", 9),
    "netmaker": ("raw_sea_bass", 4),
    "sailmaker": ("rope", 3),
    "chandler": ("linen", 4),
    "perch_angler": ("egg", 6),
    "reed_cutter": ("cooked_perch", 3),
    "willow_carver": ("reed_basket", 2),
    "hen_keeper": ("willow_log", 4),
    "caravaneer": ("scorpion_stinger", 3),
    "treasure_hunter": ("sunbloom", 3),
    "stonecutter": ("ancient_coin", 2),
    "stinger_hunter": ("sandstone", 7),
    "baker": ("wheat", 8),
    "nailsmith": ("bread", 4),
    "flax_trader": ("iron_nails", 12),
    "farmer": ("flax", 6),
    "herbwife": ("leather", 3),
    "miller": ("marshcap", 4),
    "beekeeper": ("flour", 4),
    "tanner": ("honeycomb", 3),
}
RINGS = {
    "coast": ("fishmonger", "netmaker", "sailmaker", "chandler"),
    "lake": ("perch_angler", "reed_cutter", "willow_carver", "hen_keeper"),
    "desert": ("caravaneer", "treasure_hunter", "stonecutter", "stinger_hunter"),
    "town": ("baker", "nailsmith", "flax_trader", "farmer"),
    "fen": ("herbwife", "miller", "beekeeper", "tanner"),
}


def first_trader_supplied(world: World, task: Task) -> bool:
    """Some trader holds the goods they came for (none does at the start)."""
    return any(
        trader in world.players and held(world, item, trader) >= n for trader, (item, n) in WANTS.items()
    )


def _supplied(ring: str):
    def predicate(world: World, task: Task) -> bool:
        return all(
            trader in world.players and held(world, WANTS[trader][0], trader) >= WANTS[trader][1]
            for trader in RINGS[ring]
        )

    predicate.__doc__ = f"Every trader of the {ring} ring holds the goods they came for."
    return predicate


CHECKPOINTS = {
    "first_trader_supplied": first_trader_supplied,
    **{f"{r}_ring_supplied": _supplied(r) for r in RINGS},
}
