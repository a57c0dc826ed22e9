"""Task 16, Under the Archers' Eyes: eight rounds of copying while the guard holds four archers; nobody dies.

Success (task file): the inscription site is complete and nobody has died. Why each role is needed:
copying needs crafting 15 (scholar; 50 HP, shot down by idle archers), the archers need a fighter
(guard, the only one), and the guard survives four archers only on the healer's draughts (the only
healing; nobody has coins). Legal alternatives that pass: the guard kills every archer before the
scholar walks in. Checkpoints: archers drawn, copying begun, half the copying done.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import site_steps, task_mobs

SITE = "site#inscription"


def archers_drawn(world: Any, task: Any) -> bool:
    archers = task_mobs(world, task, "skeleton_archer")
    return bool(archers) and all(not m.alive or m.target == "guard" for m in archers) and \
        any(m.target == "guard" for m in archers)


def copying_begun(world: Any, task: Any) -> bool:
    return bool(site_steps(world, SITE))


def half_copied(world: Any, task: Any) -> bool:
    site = world.sites.get(SITE)
    return site is not None and (site.complete or site.work_done >= 4)


CHECKPOINTS = {
    "archers_drawn": archers_drawn,
    "copying_begun": copying_begun,
    "half_copied": half_copied,
}
