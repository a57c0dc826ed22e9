"""Task 01, Cooperative Magic Staff Crafting: logs -> sticks -> magic staff -> wielded by the wizard.

Each predicate reads the world after an action; checkpoints latch once true.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.helpers import held, wields


def logs_gathered(world: Any, task: Any) -> bool:
    """Someone holds oak logs (only the lumberjack can fell oaks)."""
    return held(world, "oak_log") > 0


def sticks_crafted(world: Any, task: Any) -> bool:
    """Two sticks exist: enough for a staff."""
    return held(world, "stick") >= 2


def staff_crafted(world: Any, task: Any) -> bool:
    return held(world, "magic_staff") > 0


def staff_wielded(world: Any, task: Any) -> bool:
    return wields(world, "wizard", "magic_staff")


CHECKPOINTS = {
    "logs_gathered": logs_gathered,
    "sticks_crafted": sticks_crafted,
    "staff_crafted": staff_crafted,
    "staff_wielded": staff_wielded,
}
