"""Task 15, The Old Mill Restored: the race the whole team digs, the foundation on it, the wheel on that.

Objective: the wheel stands on the finished foundation and the foundation on the dug race.

Order comes from the event log: every build on a stage must come in a round after the one in which
the stage beneath it was finished, so a stage started early can never be counted.

Success (task file): `built_on` the foundation on the race and the wheel on the foundation. Why each
role is needed: the race is 46 turns of groundwork, more than any one hand has in the 43-round budget
(volume: every agent alone, and one agent holding everyone's skills and items, fails it); hardpan
sandstone needs mining 20 (quarryman; no shop sells it), the stonework crafting 30 (mason), pine
lumberjacking 10 and an axe (pine feller), the planks and the wheelwright's work fletching 30
(millwright; no trainer teaches past 25), and the mill's axle is the quartermaster's, the only one in
the world (forging another needs smithing 50); the quartermaster's purse buys the 20 nails (80 coins).
Nobody's notes say who brings what: the mason holds the miller's plan and tells it, the millwright
knows where the pines stand and where he saws, and the mason tells the millwright when the foundation
is finished.

Legal alternatives that pass (tests/test_task_alternatives.py): the quarryman and the quartermaster
put the stone, the nails and the axle into the stages themselves; anyone who raises 80 coins may buy
the nails.
Checkpoints: stone quarried, planks sawn, nails bought, race dug, foundation laid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held, site_complete

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

RACE, FOUNDATION, WHEEL = "site#mill_race", "site#mill_foundation", "site#mill_wheel"


def _delivered(world: World, site_id: str, item: str) -> int:
    site = world.sites.get(site_id)
    return 0 if site is None else site.required.get(item, 0) - site.materials.get(item, 0)


def stone_quarried(world: World, task: Task) -> bool:
    return held(world, "hardpan_sandstone") + _delivered(world, FOUNDATION, "hardpan_sandstone") >= 6


def planks_sawn(world: World, task: Task) -> bool:
    return held(world, "pine_plank") + _delivered(world, WHEEL, "pine_plank") >= 2


def nails_bought(world: World, task: Task) -> bool:
    return held(world, "iron_nails") + _delivered(world, WHEEL, "iron_nails") >= 20


def race_dug(world: World, task: Task) -> bool:
    return site_complete(world, RACE)


def foundation_laid(world: World, task: Task) -> bool:
    return site_complete(world, FOUNDATION)


CHECKPOINTS = {
    "stone_quarried": stone_quarried,
    "planks_sawn": planks_sawn,
    "nails_bought": nails_bought,
    "race_dug": race_dug,
    "foundation_laid": foundation_laid,
}
