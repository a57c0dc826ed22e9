"""Task 15, The Old Mill Restored: the stone foundation first, then the wheel on top of it.

Order comes from the event log: every build on the wheel must come in a round after the one in
which the foundation was finished, so a wheel started early can never be counted.

Success (task file): the foundation is built and `wheel_mounted` holds. Why each role is needed:
sandstone needs the only pickaxe (quarryman), the stonework mining 20 (mason), pine the only axe
and lumberjacking 10 (pine feller), planks fletching 10 and the wheel's work crafting 20
(millwright; lessons are far too slow), and the 20 nails (80 coins) the only purse
(quartermaster: the others, selling their tools and what the nodes hold, raise less). Legal alternatives
that pass: the quarryman and the quartermaster deliver their materials to the sites themselves.
Checkpoints: stone quarried, planks sawn, nails bought, foundation laid.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held, site_complete, site_done_rounds, site_steps

FOUNDATION, WHEEL = "site#mill_foundation", "site#mill_wheel"


def _delivered(world: Any, site_id: str, item: str) -> int:
    site = world.sites.get(site_id)
    return 0 if site is None else site.required.get(item, 0) - site.materials.get(item, 0)


def stone_quarried(world: Any, task: Any) -> bool:
    return held(world, "sandstone") + _delivered(world, FOUNDATION, "sandstone") >= 6


def planks_sawn(world: Any, task: Any) -> bool:
    return held(world, "pine_plank") + _delivered(world, WHEEL, "pine_plank") >= 2


def nails_bought(world: Any, task: Any) -> bool:
    return held(world, "iron_nails") + _delivered(world, WHEEL, "iron_nails") >= 20


def foundation_laid(world: Any, task: Any) -> bool:
    return site_complete(world, FOUNDATION)


def wheel_mounted(world: Any, task: Any) -> bool:
    """The wheel is complete and every build on it came after the foundation was finished."""
    done = site_done_rounds(world)
    if FOUNDATION not in done or not site_complete(world, WHEEL):
        return False
    return all(event["round"] > done[FOUNDATION] for event, _pos in site_steps(world, WHEEL))


CHECKPOINTS = {
    "stone_quarried": stone_quarried,
    "planks_sawn": planks_sawn,
    "nails_bought": nails_bought,
    "foundation_laid": foundation_laid,
}
