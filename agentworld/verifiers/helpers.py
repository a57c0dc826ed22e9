"""Small read-only queries on a World that checkpoint predicates share.

Predicates must only read the world (never change it) and stay cheap: they run after every action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.world.engine import World


def held(world: World, item: str, agent: str | None = None) -> int:
    """Units of `item` in players' inventories and equipment (one agent's, or everyone's).

    An agent who is not in the world (removed by an ablation such as solo) holds nothing.
    """
    if agent:
        player = world.players.get(agent)
        players = [player] if player is not None else []
    else:
        players = world.players.values()
    total = 0
    for p in players:
        total += p.inventory.count(item)
        if item in p.equipment.values():  # rarely: an item worn is counted too
            total += sum(1 for worn in p.equipment.values() if worn == item)
    return total


def wields(world: World, agent: str, item: str, slot: str = "weapon") -> bool:
    """True if `agent` has `item` equipped in `slot`."""
    player = world.players.get(agent)
    return player is not None and player.equipment.get(slot) == item
