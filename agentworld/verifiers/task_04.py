"""Task 04, The North Watchtower: logs -> planks, bought nails, delivery to the builder, skilled work."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held, site_complete

SITE = "site#watchtower"


def _delivered(world: Any, item: str) -> int:
    site = world.sites.get(SITE)
    if site is None:
        return 0
    return site.required.get(item, 0) - site.materials.get(item, 0)


def logs_felled(world: Any, task: Any) -> bool:
    """Six logs exist at once, or enough were already sawn into planks."""
    planks = held(world, "oak_plank") + _delivered(world, "oak_plank")
    return held(world, "oak_log") + 2 * planks >= 6


def planks_sawn(world: Any, task: Any) -> bool:
    return held(world, "oak_plank") + _delivered(world, "oak_plank") >= 3


def nails_bought(world: Any, task: Any) -> bool:
    return held(world, "iron_nails") + _delivered(world, "iron_nails") >= 12


def materials_delivered(world: Any, task: Any) -> bool:
    site = world.sites.get(SITE)
    return site is not None and not site.materials


def tower_built(world: Any, task: Any) -> bool:
    return site_complete(world, SITE)


CHECKPOINTS = {
    "logs_felled": logs_felled,
    "planks_sawn": planks_sawn,
    "nails_bought": nails_bought,
    "materials_delivered": materials_delivered,
    "tower_built": tower_built,
}
