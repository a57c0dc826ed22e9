"""Task 14, The Fallen Knight: kill the knight in the keep's hall with nobody on the team dying.

Why each role is needed (the world, not these predicates, enforces it; tests/test_task_14_roles.py
plays each route without a role and it fails):
- shieldbearer: the knight (mobs.yaml: 300 HP, hits up to 50, walks 8 tiles a round) answers
  every arrow with a blow the same round, so nobody kites it; unarmoured players (50 HP) fall in
  one to three blows even drinking every draught, while froststeel, iron and defense 40 let the
  shieldbearer take ~10 HP a round.
- cleric: the only healing (12 greater healing draughts, +45 each; no coins, no shop in reach);
  without it the shieldbearer's 119 HP last ~11 rounds of a ~30-round fight.
- archer: the only real damage (~10 a round); the club does ~1 a round against 300 HP.
Success (task_14.yaml `success:`): the knight is dead and nobody on the team died (the objective
says both). Checkpoints only measure progress: the knight fighting the shieldbearer, down to half
its HP, dead.
Legal alternatives: anyone may hold and drink the draughts, the archer may shoot from any tile in
reach and sight; the only requirement is the outcome.
"""

from __future__ import annotations

from typing import Any


def knight_engaged(world: Any, task: Any) -> bool:
    return any(m.type == "fallen_knight" and m.alive and m.target == "shieldbearer" for m in world.mobs.values())


def knight_wounded(world: Any, task: Any) -> bool:
    return any(m.type == "fallen_knight" and (not m.alive or 2 * m.hp <= m.max_hp)
               for m in world.mobs.values())


CHECKPOINTS = {
    "knight_engaged": knight_engaged,
    "knight_wounded": knight_wounded,
}
