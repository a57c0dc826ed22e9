"""Task 03, Market Day: the guard ends up wielding the iron sword and wearing the ruby amulet.

Success (task file): the guard wields an iron sword and wears the ruby amulet. Why each role is
needed: the sword costs 170 coins and the amulet's owner wants 150, the guard has 40 and no goods;
the merchant's five gold bars (210 coins at the inn, the best buyer) are the team's only wealth;
the amulet is the gem trader's and no shop sells one, and crafting one needs crafting 32, which
nobody has (Fenna teaches up to 20). Legal alternatives that pass: the merchant buys the sword
and hands it over with the coins, the gem trader gives the amulet, the trade goes either way.
Checkpoints: gold sold, sword bought, amulet with the guard, sword wielded.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import any_event, held, wields


def goods_sold(world: Any, task: Any) -> bool:
    """Someone sold gold bars to a shop (the merchant owns them; they can be passed on first)."""
    return any_event(world, "shop_sell", item="gold_bar")


def sword_bought(world: Any, task: Any) -> bool:
    return held(world, "iron_sword") > 0


def amulet_with_guard(world: Any, task: Any) -> bool:
    return held(world, "ruby_amulet", "guard") > 0


def sword_wielded(world: Any, task: Any) -> bool:
    return wields(world, "guard", "iron_sword")


CHECKPOINTS = {
    "goods_sold": goods_sold,
    "sword_bought": sword_bought,
    "amulet_with_guard": amulet_with_guard,
    "sword_wielded": sword_wielded,
}
