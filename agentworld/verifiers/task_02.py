"""Task 02, Resource Caravan: ore, logs and flax from three biomes -> the smith's pickaxe, spear and bowstrings.

Success (task file): the smith holds a bronze pickaxe, a bronze spear and two bowstrings. Why each role
is needed: flax needs foraging 5 and a knife (forager) and no shop sells bowstrings; ore needs
the only pickaxe (miner) and no shop sells bronze bars or spears; logs need the only axe
(lumberjack) and no shop sells sticks, nor more than one log (what the team raises by selling
its tools and surplus buys no more; see tests/test_task_alternatives.py); only the smith has a hammer and
smithing 5 for the spear.
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
