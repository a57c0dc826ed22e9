"""Task 02, Resource Caravan: ore, heartwood and flax from three biomes -> the expedition's cart loaded
with two starsilver pickaxes, two starsilver spears and four bowstrings.

Success (task file): the cart site `expedition_cart` by the Ashgrove Smithy is complete (all its
materials delivered with `build`). Why each role is needed: starsilver ore needs mining 45 (miner),
heartwood needs lumberjacking 45 (lumberjack) and flax needs foraging 5 and a knife (forager); no shop
sells or mob drops any of them, nor the bars, sticks, bowstrings or tools made from them, and nobody
else could train a gathering skill that far in the budget. Only the smith has smithing 45-48 for the
bars, pickaxes and spears (no trainer teaches smithing that high). `agentworld audit task_02`
certifies all four by capability. What each must bring, and where, the smith says in chat; each
gatherer's documentation says only what it can do and where its own nodes are. The lumberjack whittles
the sticks and the forager spins the bowstrings on the way. Legal alternatives that pass: the
lumberjack brings logs and the smith whittles, deliveries in any order. Checkpoints: ore mined,
sticks whittled, bowstrings spun, bars smelted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World


def _tools(world: World) -> int:
    """Pickaxes and spears made so far (held, or already loaded on the cart)."""
    cart = world.sites.get("site#expedition_cart") or world.sites.get("expedition_cart")
    loaded = 0
    if cart is not None:
        left = cart.materials
        loaded = (2 - left.get("starsilver_pickaxe", 0)) + (2 - left.get("starsilver_spear", 0))
    return held(world, "starsilver_pickaxe") + held(world, "starsilver_spear") + loaded


def ore_mined(world: World, task: Task) -> bool:
    return held(world, "starsilver_ore") >= 8 or bars_smelted(world, task)


def sticks_whittled(world: World, task: Task) -> bool:
    return held(world, "heartwood_stick") >= 6 or _tools(world) >= 4


def bowstrings_spun(world: World, task: Task) -> bool:
    cart = world.sites.get("site#expedition_cart") or world.sites.get("expedition_cart")
    loaded = 4 - cart.materials.get("bowstring", 0) if cart is not None else 0
    return held(world, "bowstring") + loaded >= 4


def bars_smelted(world: World, task: Task) -> bool:
    """Four bars exist at once (or some are already forged into tools)."""
    return held(world, "starsilver_bar") + _tools(world) >= 4


CHECKPOINTS = {
    "ore_mined": ore_mined,
    "sticks_whittled": sticks_whittled,
    "bowstrings_spun": bowstrings_spun,
    "bars_smelted": bars_smelted,
}
