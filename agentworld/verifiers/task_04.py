"""Task 04, The North Watchtower: a footing the whole team digs, then the tower built on it.

Objective: raise the watchtower at the North Crossroads on its finished footing.

Success (task file): `built_on` the tower on the footing (every build on the tower, deliveries too,
comes in a round after the footing was finished). Why each role is needed: the footing is 38 turns
of groundwork, more than any one hand has in the 36-round budget (volume: every agent alone, and
one agent holding everyone's skills and items, fails it); only the lumberjack has an axe and the
lumberjacking for pine; only the carpenter has fletching 45 to join tower beams (no trainer teaches
fletching near 45); the garrison spikes are only in the quartermaster's store (no shop, node or mob
gives them, and stamping them needs smithing 75); only the builder has crafting 20 for the tower's
work. Nobody's notes say who brings what: the quartermaster holds the garrison's plan and tells it,
the carpenter knows where the pines stand and where he works.

Legal alternatives that pass (tests/test_task_alternatives.py): the carpenter and the quartermaster
put the beams and the spikes into the tower themselves with `build`, once the footing is dug.
Checkpoints: logs felled, beams joined, spikes with the builder, footing dug.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held, site_complete

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

FOOTING, TOWER = "site#watchtower_footing", "site#watchtower"


def _delivered(world: World, item: str) -> int:
    site = world.sites.get(TOWER)
    if site is None:
        return 0
    return site.required.get(item, 0) - site.materials.get(item, 0)


def logs_felled(world: World, task: Task) -> bool:
    """Six logs exist at once, or enough were already joined into beams."""
    beams = held(world, "tower_beam") + _delivered(world, "tower_beam")
    return held(world, "pine_log") + 2 * beams >= 6


def beams_joined(world: World, task: Task) -> bool:
    return held(world, "tower_beam") + _delivered(world, "tower_beam") >= 3


def spikes_with_builder(world: World, task: Task) -> bool:
    """The builder holds the twelve spikes, or they are already in the tower."""
    return held(world, "garrison_spikes", "builder") + _delivered(world, "garrison_spikes") >= 12


def footing_dug(world: World, task: Task) -> bool:
    return site_complete(world, FOOTING)


CHECKPOINTS = {
    "logs_felled": logs_felled,
    "beams_joined": beams_joined,
    "spikes_with_builder": spikes_with_builder,
    "footing_dug": footing_dug,
}
