"""Task 76, Elemental Bosses (the paper's ten-agent task): the Ice Guardian, the Iron Ogre and the
Water Guardian, woken at once in three regions, all die.

The world's three lair guardians are replaced for this task by their woken selves (mobs.yaml
`woken_*`, placed on the lairs with `replaces: true`): the same names, lairs and HP, but each closes
its wounds every round (`regen`) and only its own bane wounds it (`wounded_by`, `full_blows`).

Why each of the ten is needed (the world enforces it; `agentworld audit task_76`):
- ice leader and frost alchemist: only emberheart fire wounds the Ice Guardian, and it closes 46 HP a
  round, more than one staff deals: both must strike together (volume).
- axeman and weaponsmith: only froststeel greataxes wound the Iron Ogre (42 a round): two at once;
  the weaponsmith carries one and forges the other (smithing 50) from froststeel bars he smelts
  (smithing 40) from frost crystals and coal only the frost miner can dig (mining 40).
- archer and blademaster: only ghostpine arrows or a starsilver blade wound the Water Guardian (40 a
  round): a bow and a blade at once. The archer's bow is the bowyer's (fletching 50-55, a cord on
  the loom, crafting 45, from the silk gatherer's wild silk, foraging 50); the blade is the
  armourer's (smithing 55).
Nobody on one squad wields another squad's weapons (the levels they need), and no single weapon
outpaces a guardian's regeneration, so one agent with everyone's skills and items could not either.
What each must learn from another: where each guardian is and what wounds it (the ice leader's),
which weapon each fighter needs (the fighter's), what each maker needs and where it works (the
maker's), and when to strike (the fighters').
Success (task_76.yaml `success:`): the three guardians are dead. Checkpoints (the greataxe and the
bow made, each guardian's death) only measure progress.
Legal alternatives: any member may fetch or carry the materials and weapons; the fights may come in
any order (tests/test_task_alternatives.py).
"""

from __future__ import annotations

CHECKPOINTS: dict = {}
