"""Task 16, Under the Archers' Eyes: eight rounds of copying while the guard holds the pillar warden,
the warden destroyed, nobody dead.

Success (task file): the inscription site is complete, the pillar warden is dead and nobody has
died. Why each role is needed (`agentworld audit task_16` proves all three from the content):
- scholar: copying needs crafting 25, and nobody else can reach it in the budget (capability).
- guard: only the crownsteel sword wounds the warden, and only the guard can wield it (accuracy
  50, no trainer teaches past 30); the warden strikes surely (`sure_strike` 70 minus armour, every
  round of its fight, wherever its target stands), so it takes at least 6 strikes, and only the
  crownguard armour (defense 40 to wear) leaves anyone a strike they survive (30 of 65 HP): the
  35-HP scholar and healer die to any strike.
- healer: the only greater healing draughts (+45). The guard must spend about seven rounds
  attacking; every other round it can heal at most the best heal the team has, and without the
  draughts that is 26 against 30 a strike.
Legal alternatives that pass: the healer hands the draughts over in two batches; the scholar
copies after the warden is dead if the budget allows. Checkpoints: warden drawn, copying begun,
half the copying done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import site_steps, task_mobs

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

SITE = "site#inscription"


def warden_drawn(world: World, task: Task) -> bool:
    wardens = task_mobs(world, task, "pillar_warden")
    return bool(wardens) and all(not m.alive or m.target == "guard" for m in wardens)


def copying_begun(world: World, task: Task) -> bool:
    return bool(site_steps(world, SITE))


def half_copied(world: World, task: Task) -> bool:
    site = world.sites.get(SITE)
    return site is not None and (site.complete or site.work_done >= 4)


CHECKPOINTS = {
    "warden_drawn": warden_drawn,
    "copying_begun": copying_begun,
    "half_copied": half_copied,
}
