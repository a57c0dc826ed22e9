"""Task 08, Elemental Bosses: the Rime Colossus, the Cinder Ogre and the Thaw Serpent die, and
nobody on the team dies.

Why each role is needed (the world enforces it; `agentworld audit task_08` proves all five, and
tests/test_task_alternatives.py plays routes without a role):
- pyromancer, axeman, archer: each boss is wounded by one weapon only (mobs.yaml `wounded_by`: the
  emberheart staff, the froststeel greataxe, the frostbark bow), and nobody else has one or the level
  to wield it (capability).
- warden: the bosses strike surely (`sure_strike` 72 minus armour, every round of a fight,
  wherever the target stands); only the warden's armour (30, defense 40 to wear) leaves a member a
  strike it survives: everyone else has at most 65 HP (volume).
- alchemist: the only greater healing draughts (+45), brought and brewed at the task's field alchemy
  table by Frostmere Camp (alchemy 28) from frostpetals she and the archer pick. A strike costs the
  warden 42; the best other healing is 26 a use, so without the draughts the warden cannot take a
  boss's strikes. The eighteen she carries do not last the colossus and the ogre: the second batch
  must be brewed and walked to the warden in the ogre fight.
What each must learn from another: where each boss stands and where to go in (its damage dealer's),
how many draughts the warden needs (his), where the frostpetals bloom (the alchemist's), and when
each boss is held (the warden's word).
Success (task_08.yaml `success:`): the three bosses are dead and nobody died. Checkpoints (the petals
for the second batch gathered, each boss's death) only measure progress.
Legal alternatives: any order of bosses, the draughts handed over in other parts, the petals
gathered by anyone who can (tests/test_task_alternatives.py).
"""

from __future__ import annotations

CHECKPOINTS: dict = {}
