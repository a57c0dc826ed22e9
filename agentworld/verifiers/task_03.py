"""Task 03, Market Day: sell goods at the best shop, fund the guard, buy the sword, trade for the amulet."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import any_event, equipped, held, wields


def goods_sold(world: Any, task: Any) -> bool:
    return any_event(world, "shop_sell", agent="merchant", item="gold_bar")


def guard_funded(world: Any, task: Any) -> bool:
    return held(world, "coins", "guard") >= 320


def sword_bought(world: Any, task: Any) -> bool:
    return held(world, "iron_sword", "guard") > 0


def amulet_traded(world: Any, task: Any) -> bool:
    """A completed player trade moved the amulet to the guard (in exchange for coins)."""
    return (any_event(world, "trade_done", receiver="guard", give={"ruby_amulet": 1}, want={"coins": 1})
            or any_event(world, "trade_done", sender="guard", want={"ruby_amulet": 1}, give={"coins": 1}))


def guard_armed(world: Any, task: Any) -> bool:
    return wields(world, "guard", "iron_sword") and equipped(world, "guard", "neck", "ruby_amulet")


CHECKPOINTS = {
    "goods_sold": goods_sold,
    "guard_funded": guard_funded,
    "sword_bought": sword_bought,
    "amulet_traded": amulet_traded,
    "guard_armed": guard_armed,
}
