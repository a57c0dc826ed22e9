"""Task 04, The North Watchtower: logs -> beams, the garrison's spikes, delivered to the site, skilled work.

Success (task file): the watchtower site is complete. Why each role is needed: only the
lumberjack has an axe and lumberjacking 10 for pine (no shop sells pine logs); only the
carpenter has fletching 45 to join tower beams (no trainer teaches fletching near 45, and no
grinding reaches it in the budget); the garrison spikes are only in the quartermaster's store
(no shop, node or mob gives them, and stamping them needs smithing 75); and only the builder has crafting 20 for the work
(195 lessons). Legal alternatives that pass: the carpenter and the quartermaster deliver their
materials to the site themselves with `build`, in any order.
Checkpoints: logs felled, beams joined, spikes at the crossroads, materials delivered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

SITE = "site#watchtower"


def _delivered(world: World, item: str) -> int:
    site = world.sites.get(SITE)
    if site is None:
        return 0
    return site.required.get(item, 0) - site.materials.get(item, 0)


def logs_felled(world: World, task: Task) -> bool:
    """Six logs exist at once, or enough were already joined into beams."""
    beams = held(world, "tower_beam") + _delivered(world, "tower_beam")
    return held(world, "pine_log") + 2 * beams >= 6


def beams_joined(world: World, task: Task) -> bool:
    return held(world, "tower_beam") + _delivered(world, "tower_beam") >= 3


def spikes_at_crossroads(world: World, task: Task) -> bool:
    """The builder holds the twelve spikes, or they are already in the site."""
    return held(world, "garrison_spikes", "builder") + _delivered(world, "garrison_spikes") >= 12


def materials_delivered(world: World, task: Task) -> bool:
    site = world.sites.get(SITE)
    return site is not None and not site.materials


CHECKPOINTS = {
    "logs_felled": logs_felled,
    "beams_joined": beams_joined,
    "spikes_at_crossroads": spikes_at_crossroads,
    "materials_delivered": materials_delivered,
}
