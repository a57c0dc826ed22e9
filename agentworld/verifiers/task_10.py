"""Task 10, The Frost Staff: ironwood + rimeheart -> staff core; + sticks + cut star sapphire -> frost staff.

Success (task file): the archmage wields a frost staff. Why each role is needed: ironwood needs
lumberjacking 35 and an axe (forester), rimeheart crystals mining 45 and a pickaxe (ice miner; no
shop sells them and no mob drops them), the one star sapphire is the jeweller's, the plank needs
fletching 35 (artificer; lessons stop at 25), and wielding needs magic 30 (archmage).
`agentworld audit task_10` certifies the forester, ice miner, jeweller and artificer by
capability. Legal alternatives that pass: the jeweller hands the star sapphire and the chisel to
the artificer, who cuts it (crafting 40 >= 20); the forester whittles the sticks.
Knowledge (issue 24): the archmage knows the staff's making and the artificer only its own skill
levels, so the recipes reach the artificer by the archmage's chat; where to bring the materials
reaches the gatherers by the artificer's. No documentation names a teammate.
Checkpoints: crystals mined, sapphire cut, core bound, staff assembled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World


def crystals_mined(world: World, task: Task) -> bool:
    """Two crystals exist at once, or they are already bound into a core or a staff."""
    bound = held(world, "staff_core") + held(world, "frost_staff")
    return held(world, "rimeheart_crystal") + 2 * bound >= 2


def sapphire_cut(world: World, task: Task) -> bool:
    return held(world, "cut_star_sapphire") + held(world, "frost_staff") > 0


def core_bound(world: World, task: Task) -> bool:
    return held(world, "staff_core") + held(world, "frost_staff") > 0


def staff_assembled(world: World, task: Task) -> bool:
    return held(world, "frost_staff") > 0


CHECKPOINTS = {
    "crystals_mined": crystals_mined,
    "sapphire_cut": sapphire_cut,
    "core_bound": core_bound,
    "staff_assembled": staff_assembled,
}
