"""Item counting shared by the engine tests (conservation checks)."""

from __future__ import annotations

from agentworld.world import World


def units(world: World) -> dict[str, int]:
    """Every unit of every item held, worn or lying on the ground."""
    out: dict[str, int] = {}
    for p in world.players.values():
        for item, n in p.inventory.counts().items():
            out[item] = out.get(item, 0) + n
        for item in p.equipment.values():
            if item:
                out[item] = out.get(item, 0) + 1
    for g in world.ground.values():
        out[g.item] = out.get(g.item, 0) + g.count
    return out
