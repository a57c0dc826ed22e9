"""Task 16, Under the Archers' Eyes: eight rounds of copying while the guard holds four archers; nobody dies."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import deaths, site_complete, site_steps, task_mobs

SITE = "site#inscription"


def archers_drawn(world: Any, task: Any) -> bool:
    archers = task_mobs(world, task, "skeleton_archer")
    return bool(archers) and all(not m.alive or m.target == "guard" for m in archers) and \
        any(m.target == "guard" for m in archers)


def copying_begun(world: Any, task: Any) -> bool:
    return bool(site_steps(world, SITE))


def inscription_copied(world: Any, task: Any) -> bool:
    return site_complete(world, SITE)


def nobody_died(world: Any, task: Any) -> bool:
    return site_complete(world, SITE) and deaths(world) == 0


CHECKPOINTS = {
    "archers_drawn": archers_drawn,
    "copying_begun": copying_begun,
    "inscription_copied": inscription_copied,
    "nobody_died": nobody_died,
}
