"""Task 06, Siege of Frostmere Camp: fish -> meals -> a fed sentinel kills the pack, and nobody dies."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import all_task_mobs_killed, any_event, deaths, held


def fish_caught(world: Any, task: Any) -> bool:
    return held(world, "raw_icefish") + held(world, "cooked_icefish") >= 4


def meals_cooked(world: Any, task: Any) -> bool:
    return held(world, "cooked_icefish") >= 4


def sentinel_fed(world: Any, task: Any) -> bool:
    """The sentinel has eaten (a `use` of food shows as a heal event)."""
    return any_event(world, "heal", agent="sentinel")


def pack_slain(world: Any, task: Any) -> bool:
    return all_task_mobs_killed(world, task, "dire_wolf")


def nobody_died(world: Any, task: Any) -> bool:
    return pack_slain(world, task) and deaths(world) == 0


CHECKPOINTS = {
    "fish_caught": fish_caught,
    "meals_cooked": meals_cooked,
    "sentinel_fed": sentinel_fed,
    "pack_slain": pack_slain,
    "nobody_died": nobody_died,
}
