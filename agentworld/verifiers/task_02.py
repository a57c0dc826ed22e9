"""Task 02, Resource Caravan: ore, logs and flax from three biomes -> the smith's pickaxe, spear and rope.

Success (task file): the smith holds a bronze pickaxe, a bronze spear and a rope. Why each role
is needed: ore needs the only pickaxe (miner), logs the only axe (lumberjack), flax the only
knife (forager); only the smith has a hammer and smithing 5 for the spear, and nobody has coins
to buy tools, bars or rope instead. The three sources lie in three biomes 40-160 tiles from the
smithy, so no gatherer can fetch a second material within the budget.
Legal alternatives that pass: the lumberjack whittles the sticks on the way (fletching 1),
deliveries in any order. Checkpoints: ore mined, logs felled, flax cut, bars smelted.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held


def ore_mined(world: Any, task: Any) -> bool:
    return held(world, "copper_ore") >= 2 and held(world, "tin_ore") >= 2


def logs_felled(world: Any, task: Any) -> bool:
    return held(world, "oak_log") >= 2


def flax_cut(world: Any, task: Any) -> bool:
    return held(world, "flax") >= 4


def bars_smelted(world: Any, task: Any) -> bool:
    """Two bars exist at once (or some are already forged into the smith's pickaxe and spear)."""
    tools = held(world, "bronze_pickaxe", "smith") + held(world, "bronze_spear", "smith")
    return held(world, "bronze_bar") + tools >= 2


CHECKPOINTS = {
    "ore_mined": ore_mined,
    "logs_felled": logs_felled,
    "flax_cut": flax_cut,
    "bars_smelted": bars_smelted,
}
