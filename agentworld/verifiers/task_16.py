"""Task 16, Under the Archers' Eyes: eight turns of copying while the guard holds the pillar
warden's post, the warden destroyed, nobody dead.

Success (task file): the inscription site is complete, with someone within 2 tiles of the warden's
post (222, 77) at every turn of the copying (`built_while_held`), the pillar warden is dead and
nobody has died. Why each role is needed (`agentworld audit task_16` proves all three from the
content):
- scholar: copying needs crafting 25, and nobody else can reach it in the budget (capability);
  and the copying and the post are two places at once (presence: guard and scholar are a crew).
- guard: only the crownsteel sword wounds the warden, and only the guard can wield it (accuracy
  50, no trainer teaches past 30); the warden strikes surely (`sure_strike` 70 minus armour, every
  round of its fight, wherever its target stands), so it strikes at least 4 times before it dies,
  and only the crownguard armour (defense 40 to wear) leaves anyone a strike they survive (30 of
  65 HP): the 35-HP scholar and healer die to any strike.
- healer: the only greater healing draughts (+45). The guard spends its turns attacking; without
  the draughts the best heal the team could get is 26 against 30 a strike.
Knowledge is joined by chat: only the healer knows where the pillar and its warden stand; only the
guard knows when the warden is on it, and the scholar must not come near before.
Legal alternatives that pass: the healer hands all sixteen draughts over at once; the scholar
copies from another side of the pillar. Checkpoints: warden drawn, copying begun, half the
copying done.
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
