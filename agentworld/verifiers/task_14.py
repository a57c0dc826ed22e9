"""Task 14, The Fallen Knight: the shieldbearer holds it, the archer kills it, the cleric's draughts keep everyone alive."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import deaths, mob_type_killed


def knight_engaged(world: Any, task: Any) -> bool:
    return any(m.type == "fallen_knight" and m.alive and m.target == "shieldbearer" for m in world.mobs.values())


def knight_slain(world: Any, task: Any) -> bool:
    return mob_type_killed(world, "fallen_knight")


def nobody_died(world: Any, task: Any) -> bool:
    return knight_slain(world, task) and deaths(world) == 0


CHECKPOINTS = {
    "knight_engaged": knight_engaged,
    "knight_slain": knight_slain,
    "nobody_died": nobody_died,
}
