"""The starting world of a task: a fresh World with the task's players and world changes applied.

Shared by the episode (every reset) and by task validation (a dry setup catches what the engine
refuses), so it depends on neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.conditions import market_prices
from agentworld.world.engine import World
from agentworld.world.exposure import shelter_of

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content
    from agentworld.world.gamemap import GameMap


def build_world(task: Task, content: Content, seed: int, world: World | None = None) -> World:
    """A fresh World with the task's players (in agent order) and world changes applied, and the
    task's market open when it trades at a price table (`fair_exchange`); `world`: an old world of the
    same content to reset in place (its map's objects renewed, see World.reset)."""
    if world is None:
        world = World(content)
        world.reset(seed)
    else:
        world.reset(seed, renew=True)
    gmap = content.map
    for a in task.agents:
        world.add_player(
            a.name,
            position=a.spawn if isinstance(a.spawn, str) else tuple(a.spawn),
            skills=dict(a.skills),
            inventory=dict(a.inventory),
            equipment=dict(a.equipment),
        )
        world.mention(a.name, task.objective, a.context, a.spawn if isinstance(a.spawn, str) else "")
    for i, m in enumerate(task.world.mobs):
        if m.replaces:
            world.remove_spawned_mob(gmap.resolve(m.position), f"world.mobs[{i}] '{m.type}'")
        world.add_mob(m.type, gmap.resolve(m.position), guards=[tuple(t) for t in m.guards])
    for n in task.world.nodes:
        world.add_node(n.kind, gmap.resolve(n.position))
    for g in task.world.ground_items:
        world.add_ground_item(g.item, g.count, gmap.resolve(g.position))
    for st in task.world.stations:
        world.add_station(st.kind, gmap.resolve(st.position), st.place)
    for s in task.world.sites:
        world.add_site(
            s.id,
            gmap.resolve(s.position),
            materials=dict(s.materials),
            work=s.work,
            skill=s.skill,
            level=s.level,
            name=s.name or s.id,
            shelter=shelter_of(s),
        )
    for exposure in task.world.exposure:
        world.add_exposure(exposure)
    prices = market_prices(task)
    if prices is not None:
        world.open_market(prices)  # on the players as the task starts them (world/market.py)
    return world


def replaced_spawns(task: Task, gmap: GameMap) -> set[tuple[int, int]]:
    """The map's mob spawn tiles a task's own mobs take over (`replaces: true`): no world mob there."""
    return {tuple(gmap.resolve(m.position)) for m in task.world.mobs if m.replaces}
