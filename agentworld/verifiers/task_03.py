"""Task 03, Market Day: the guard ends up wielding the watchman's sabre and wearing the ruby amulet.

Success (task file): the guard wields the watchman's sabre and wears the ruby amulet. Why each
role is needed: the sabre is the merchant's (no shop, node or mob gives one, and forging one
needs smithing 75, above every agent and trainer); the amulet is the gem trader's (no shop sells one, and setting one needs crafting
32, which nobody on the team can reach: Fenna teaches up to 20); the guard is the one who must
wield and wear them, and holds the town's gold: 6 bars fetch 252 coins at the inn (60%), which
with the guard's 30 coins pays the 120 + 150 the traders ask, while the other shops in town pay
too little (the merchant knows the prices; two 60% buyers far out of town pay as well). Legal
alternatives that pass: the traders give instead of trading, the merchant sells the gold for
the guard, the trades come in either order.
Checkpoints: gold sold, sabre with the guard, amulet with the guard, sabre wielded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import any_event, held, wields

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World


def goods_sold(world: World, task: Task) -> bool:
    """Someone sold gold bars to a shop (the guard holds them; they can be passed on first)."""
    return any_event(world, "shop_sell", item="gold_bar")


def sabre_with_guard(world: World, task: Task) -> bool:
    return held(world, "watch_sabre", "guard") > 0


def amulet_with_guard(world: World, task: Task) -> bool:
    return held(world, "ruby_amulet", "guard") > 0


def sabre_wielded(world: World, task: Task) -> bool:
    return wields(world, "guard", "watch_sabre")


CHECKPOINTS = {
    "goods_sold": goods_sold,
    "sabre_with_guard": sabre_with_guard,
    "amulet_with_guard": amulet_with_guard,
    "sabre_wielded": sabre_wielded,
}
