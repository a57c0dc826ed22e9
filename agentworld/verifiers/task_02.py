"""Task 02, Resource Caravan: ore, logs and flax from three biomes -> the smith's pickaxe, spear and bowstrings.

Success (task file): the smith holds a starsilver pickaxe, a starsilver spear and two bowstrings. Why
each role is needed: starsilver ore needs mining 45 (miner), heartwood needs lumberjacking 45
(lumberjack) and flax needs foraging 5 and a knife (forager); no shop sells or mob drops any of
them, nor the bars, sticks, bowstrings or tools made from them, and nobody else could train a
gathering skill that far in 35 rounds. Only the smith has smithing 45-48 for the bars, the pickaxe
and the spear (no trainer teaches smithing that high). `agentworld audit task_02` certifies all four
by capability. Legal alternatives that pass: the lumberjack whittles the sticks on the way
(fletching 1), deliveries in any order. Checkpoints: ore mined, logs felled, flax cut, bars smelted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World


def ore_mined(world: World, task: Task) -> bool:
    return held(world, "starsilver_ore") >= 4


def logs_felled(world: World, task: Task) -> bool:
    return held(world, "heartwood_log") >= 2


def flax_cut(world: World, task: Task) -> bool:
    return held(world, "flax") >= 4


def bars_smelted(world: World, task: Task) -> bool:
    """Two bars exist at once (or some are already forged into the smith's pickaxe and spear)."""
    tools = held(world, "starsilver_pickaxe", "smith") + held(world, "starsilver_spear", "smith")
    return held(world, "starsilver_bar") + tools >= 2


CHECKPOINTS = {
    "ore_mined": ore_mined,
    "logs_felled": logs_felled,
    "flax_cut": flax_cut,
    "bars_smelted": bars_smelted,
}
