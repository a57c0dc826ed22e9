"""Task 04, The North Watchtower: logs -> planks, bought nails, delivered to the site, skilled work.

Success (task file): the watchtower site is complete. Why each role is needed: only the
lumberjack has an axe and lumberjacking 10 for pine (no shop sells pine logs or planks), only
the carpenter has fletching 10 for pine planks (Fenna's lessons, 40 XP a talk, would take 48
talks), only the quartermaster has coins for the nails, and only the builder has crafting 20 for
the work (195 lessons). Legal alternatives that pass: the carpenter and
the quartermaster deliver their materials to the site themselves with `build`, in any order.
Checkpoints: logs felled, planks sawn, nails bought, materials delivered.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held

SITE = "site#watchtower"


def _delivered(world: Any, item: str) -> int:
    site = world.sites.get(SITE)
    if site is None:
        return 0
    return site.required.get(item, 0) - site.materials.get(item, 0)


def logs_felled(world: Any, task: Any) -> bool:
    """Six logs exist at once, or enough were already sawn into planks."""
    planks = held(world, "pine_plank") + _delivered(world, "pine_plank")
    return held(world, "pine_log") + 2 * planks >= 6


def planks_sawn(world: Any, task: Any) -> bool:
    return held(world, "pine_plank") + _delivered(world, "pine_plank") >= 3


def nails_bought(world: Any, task: Any) -> bool:
    return held(world, "iron_nails") + _delivered(world, "iron_nails") >= 12


def materials_delivered(world: Any, task: Any) -> bool:
    site = world.sites.get(SITE)
    return site is not None and not site.materials


CHECKPOINTS = {
    "logs_felled": logs_felled,
    "planks_sawn": planks_sawn,
    "nails_bought": nails_bought,
    "materials_delivered": materials_delivered,
}
