"""Task 01, Cooperative Magic Staff Crafting: logs -> sticks -> magic staff -> wielded by the wizard.

Success (task file): the wizard wields a magic staff. Why each role is needed: only the
lumberjack has an axe to fell oaks (no shop sells sticks, and Hobb's one spare log costs coins nobody has), only the woodworker
has crafting 10 for the staff (Fenna's lessons are far too slow to reach it in the budget), and
only the wizard has the bead. Legal alternatives that pass: the lumberjack or the wizard may
whittle the sticks (fletching 1 is everyone's level), any order of deliveries.
Checkpoints (partial progress, latched): logs felled, sticks whittled, the parts in one hand,
staff assembled.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.helpers import held


def logs_gathered(world: Any, task: Any) -> bool:
    """Someone holds oak logs (only the lumberjack can fell oaks)."""
    return held(world, "oak_log") > 0


def sticks_crafted(world: Any, task: Any) -> bool:
    """Two sticks exist: enough for a staff."""
    return held(world, "stick") >= 2


def parts_together(world: Any, task: Any) -> bool:
    """One agent holds two sticks and the bead, or the staff was already assembled."""
    together = any(player.inventory.count("stick") >= 2 and player.inventory.count("bead") >= 1
                   for player in world.players.values())
    return together or held(world, "magic_staff") > 0


def staff_crafted(world: Any, task: Any) -> bool:
    """A magic staff exists (held or wielded by anyone)."""
    return held(world, "magic_staff") > 0


CHECKPOINTS = {
    "logs_gathered": logs_gathered,
    "sticks_crafted": sticks_crafted,
    "parts_together": parts_together,
    "staff_crafted": staff_crafted,
}
