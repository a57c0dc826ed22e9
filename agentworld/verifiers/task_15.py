"""Task 15, The Old Mill Restored: the stone foundation first, then the wheel on top of it.

Order comes from the event log: every build on the wheel must come in a round after the one in
which the foundation was finished, so a wheel started early can never be counted.

Success (task file): `built_on` the wheel on the foundation. Why each role is needed (all by
capability): hardpan sandstone needs mining 20 (quarryman: the others start at 1 and could reach
9 in the budget, and no shop sells it), the stonework crafting 30 (mason: the others could reach
18), pine lumberjacking 10 (pine feller: the others could reach 4), the wheelwright's work
fletching 30 (millwright: the others could reach 24, and no trainer teaches past 25), and the
mill's axle is the quartermaster's, the only one in the world (forging another needs smithing 50);
the quartermaster's purse buys the 20 nails (80 coins). Legal alternatives that pass: the
quarryman and the quartermaster deliver their materials to the sites themselves; anyone who
raises 80 coins may buy the nails.
Checkpoints: stone quarried, planks sawn, nails bought, foundation laid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held, site_complete

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

FOUNDATION, WHEEL = "site#mill_foundation", "site#mill_wheel"


def _delivered(world: World, site_id: str, item: str) -> int:
    site = world.sites.get(site_id)
    return 0 if site is None else site.required.get(item, 0) - site.materials.get(item, 0)


def stone_quarried(world: World, task: Task) -> bool:
    return held(world, "hardpan_sandstone") + _delivered(world, FOUNDATION, "hardpan_sandstone") >= 6


def planks_sawn(world: World, task: Task) -> bool:
    return held(world, "pine_plank") + _delivered(world, WHEEL, "pine_plank") >= 2


def nails_bought(world: World, task: Task) -> bool:
    return held(world, "iron_nails") + _delivered(world, WHEEL, "iron_nails") >= 20


def foundation_laid(world: World, task: Task) -> bool:
    return site_complete(world, FOUNDATION)


CHECKPOINTS = {
    "stone_quarried": stone_quarried,
    "planks_sawn": planks_sawn,
    "nails_bought": nails_bought,
    "foundation_laid": foundation_laid,
}
