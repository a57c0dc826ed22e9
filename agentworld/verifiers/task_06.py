"""Task 06, Siege of Frostmere Camp: fish -> meals -> a fed sentinel kills the pack, and nobody dies.

Success (task file): every dire wolf of the pack is killed and nobody has died. Why each role is
needed: the sentinel is the only fighter, and alone (no food) dies to the pack on its 35 HP (seeds
0-9); icefish need fishing 35 and a rod (the angler), cooking them needs cooking 32 (the cook);
nobody has coins for the furrier's cooked icefish. Legal alternatives that pass: the angler hands
all eight fish over at once, the sentinel fetches the meals from the range himself.
Checkpoints: four fish caught, four meals cooked, the sentinel has eaten, one and two wolves slain.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import any_event, held, killed_ids, task_mobs


def fish_caught(world: Any, task: Any) -> bool:
    return held(world, "raw_icefish") + held(world, "cooked_icefish") >= 4


def meals_cooked(world: Any, task: Any) -> bool:
    return held(world, "cooked_icefish") >= 4


def sentinel_fed(world: Any, task: Any) -> bool:
    """The sentinel has eaten (a `use` of food shows as a heal event)."""
    return any_event(world, "heal", agent="sentinel")


def _slain(world: Any, task: Any) -> int:
    dead = killed_ids(world)
    return sum(1 for mob in task_mobs(world, task, "dire_wolf") if mob.id in dead)


def first_wolf_slain(world: Any, task: Any) -> bool:
    return _slain(world, task) >= 1


def pair_slain(world: Any, task: Any) -> bool:
    return _slain(world, task) >= 2


CHECKPOINTS = {
    "fish_caught": fish_caught,
    "meals_cooked": meals_cooked,
    "sentinel_fed": sentinel_fed,
    "first_wolf_slain": first_wolf_slain,
    "pair_slain": pair_slain,
}
