"""Task 14, The Fallen Knight: kill the knight in the keep's hall with nobody on the team dying.

Why each role is needed (the world enforces it; `agentworld audit task_14` proves all three, and
tests/test_task_14_roles.py plays routes without a role):
- archer: only the hallowed longbow wounds the knight (mobs.yaml `wounded_by`), it needs archery
  40, and nobody else has one or the level (capability).
- shieldbearer: the knight strikes surely (`sure_strike` 70 minus armour, every round of the
  fight, wherever its target stands); the knight takes at least 8 such strikes to kill (300 HP,
  at most 36 a round), and only the bulwark (armour 28, defense 40 to wear) leaves a member a
  strike it survives (42 of 65 HP): the archer (35 HP) and cleric (35 HP) die to any strike.
- cleric: the only greater healing draughts (+45): she brews them at the field alchemy table east of
  the gate (alchemy 28), from the healing draughts she carries and those she brews from greenleaf
  the team gathers. A strike costs the shieldbearer 42; the best other healing the team could get is
  26 a use, one use a round, so without her the shieldbearer loses at least 16 HP a strike and
  cannot take 8.
What each must learn from another: where the knight stands and how to draw it (the archer's), how
many draughts the shieldbearer needs (his), where the greenleaf grows and the table stands (the
cleric's).
Success (task_14.yaml `success:`): the knight is dead and nobody on the team died (the objective
says both). Checkpoints only measure progress: the draughts brewed, the knight fighting the
shieldbearer, down to half its HP, dead (the knight's type is read from the task, so the
stronger-enemy variant's knight counts).
Legal alternatives: anyone may gather the greenleaf, the shieldbearer may fetch the draughts at the
table or take them in two lots, the archer may shoot from any tile in reach and sight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import target_type

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World


def knight_engaged(world: World, task: Task) -> bool:
    knight = target_type(task)
    return any(m.type == knight and m.alive and m.target == "shieldbearer" for m in world.mobs.values())


def knight_wounded(world: World, task: Task) -> bool:
    knight = target_type(task)
    return any(m.type == knight and (not m.alive or 2 * m.hp <= m.max_hp) for m in world.mobs.values())


CHECKPOINTS = {
    "knight_engaged": knight_engaged,
    "knight_wounded": knight_wounded,
}
