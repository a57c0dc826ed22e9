"""Task 02, Resource Caravan: ore, logs and flax from three biomes -> the smith's pickaxe, spear and rope."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held, holds_all


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


def caravan_outfitted(world: Any, task: Any) -> bool:
    return holds_all(world, "smith", {"bronze_pickaxe": 1, "bronze_spear": 1, "rope": 1})


CHECKPOINTS = {
    "ore_mined": ore_mined,
    "logs_felled": logs_felled,
    "flax_cut": flax_cut,
    "bars_smelted": bars_smelted,
    "caravan_outfitted": caravan_outfitted,
}
