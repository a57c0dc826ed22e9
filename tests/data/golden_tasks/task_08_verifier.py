"""Task 08, Elemental Bosses: the Rime Colossus, the Cinder Ogre and the Thaw Serpent die, and
nobody on the team dies.

Why each role is needed (the world enforces it; `agentworld audit task_08` proves all five, and
tests/test_task_alternatives.py plays routes without a role):
- pyromancer, axeman, archer: each boss is wounded by one weapon only (mobs.yaml `wounded_by`: the
  ember wand, the froststeel greataxe, the frostbark bow), and nobody else has one or the level to
  wield it (capability).
- warden: the bosses strike surely (`sure_strike` 70 minus armour, every round of a fight,
  wherever the target stands); only the warden's armour (28, defense 40 to wear) leaves a member
  a strike it survives: everyone else has at most 65 HP (volume).
- alchemist: the only greater healing draughts (+45). A strike costs the warden 42; the best
  other healing is 26 a use, so without the draughts the warden cannot take a boss's strikes.
Success (task_08.yaml `success:`): the three bosses are dead and nobody died. Checkpoints (each
boss's death) only measure progress.
Legal alternatives: any order of bosses, the draughts handed over in parts between fights.
"""

from __future__ import annotations

CHECKPOINTS: dict = {}
