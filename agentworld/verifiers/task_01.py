"""Task 01, Cooperative Magic Staff Crafting: heartwood logs -> sticks -> heartwood staff -> wielded by the wizard.

Success (task file): the wizard wields a heartwood staff (the task's magic staff). Why each role is
needed: only the lumberjack can fell heartwood (lumberjacking 45; no shop sells it, no mob drops
it, and nobody else could train that far in 25 rounds), only the woodworker has crafting 45 for
the staff (Fenna teaches crafting only to 20, and no XP grinding gets near 45 in the budget), and
only the wizard has the bead and is the one who must wield the staff. `agentworld audit task_01`
certifies the lumberjack and the woodworker by capability. Legal alternatives that pass: the
lumberjack or the wizard may whittle the sticks (fletching 1 is everyone's level), any order of
deliveries. Knowledge (issue 24): only the woodworker knows the staff's recipes and where it works;
the lumberjack learns what the logs are for and where to bring them, and the wizard where to bring
the bead, from the woodworker's chat. No documentation names a teammate.
Checkpoints (partial progress, latched): logs felled, sticks whittled, the parts in one hand,
staff assembled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.helpers import held

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

STAFF, STICK, LOG = "heartwood_staff", "heartwood_stick", "heartwood_log"


def logs_gathered(world: World, task: Task) -> bool:
    """Someone holds heartwood logs (only the lumberjack can fell heartwood)."""
    return held(world, LOG) > 0


def sticks_crafted(world: World, task: Task) -> bool:
    """Two heartwood sticks exist: enough for a staff."""
    return held(world, STICK) >= 2


def parts_together(world: World, task: Task) -> bool:
    """One agent holds two heartwood sticks and the bead, or the staff was already assembled."""
    together = any(
        player.inventory.count(STICK) >= 2 and player.inventory.count("bead") >= 1
        for player in world.players.values()
    )
    return together or held(world, STAFF) > 0


def staff_crafted(world: World, task: Task) -> bool:
    """A heartwood staff exists (held or wielded by anyone)."""
    return held(world, STAFF) > 0


CHECKPOINTS = {
    "logs_gathered": logs_gathered,
    "sticks_crafted": sticks_crafted,
    "parts_together": parts_together,
    "staff_crafted": staff_crafted,
}
