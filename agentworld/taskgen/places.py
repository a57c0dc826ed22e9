"""Where a generated task puts things: free walkable tiles near the map's landmarks and stations.

Read off one reset World (the map and its static entities do not depend on the seed), so a
generated task names the same tiles every time the generator runs.
"""

from __future__ import annotations

from functools import lru_cache

from agentworld.world.content import Content, load_content
from agentworld.world.engine import World

Position = tuple[int, int]


@lru_cache(maxsize=1)
def _world() -> World:
    world = World(load_content())
    world.reset(0)
    return world


def content() -> Content:
    return load_content()


def landmark(landmark_id: str) -> Position:
    mark = _world().landmarks[landmark_id]
    return (mark.x, mark.y)


def landmark_name(landmark_id: str) -> str:
    return _world().landmarks[landmark_id].name


def station(station_id: str) -> Position:
    st = _world().stations[station_id]
    return (st.x, st.y)


def station_ids() -> list[str]:
    return list(_world().stations)


def region_name(where: Position) -> str:
    gmap = content().map
    return gmap.region_name(gmap.region_at(*where))


def occupied() -> set[Position]:
    """Tiles an entity or station of the reset world stands on."""
    return _occupied()


def _occupied() -> set[Position]:
    world = _world()
    taken = {(e.x, e.y) for e in world.entities.values()}
    taken |= {(s.x, s.y) for s in world.stations.values()}
    return taken


def free_tile(near: Position, distance: int, taken: set[Position], direction: Position = (0, 0)) -> Position:
    """A walkable, unoccupied tile reachable from the hub at Chebyshev `distance` from `near`,
    preferring the side `direction` points to; the first such tile in a fixed scan order."""
    gmap = content().map
    busy = _occupied() | taken
    best: tuple[int, Position] | None = None
    for d in range(distance, distance + 8):
        for dx in range(-d, d + 1):
            for dy in range(-d, d + 1):
                if max(abs(dx), abs(dy)) != d:
                    continue
                tile = (near[0] + dx, near[1] + dy)
                if tile in busy or not gmap.in_bounds(*tile) or not gmap.walkable(*tile):
                    continue
                if not gmap.reachable[tile[1] * gmap.width + tile[0]]:
                    continue
                # free on all four sides too, so an agent can stand next to whatever goes here
                if (
                    sum(
                        gmap.walkable(tile[0] + ax, tile[1] + ay)
                        for ax, ay in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    )
                    < 3
                ):
                    continue
                score = -(dx * direction[0] + dy * direction[1])
                if best is None or score < best[0]:
                    best = (score, tile)
        if best is not None:
            taken.add(best[1])
            return best[1]
    raise ValueError(f"no free walkable tile {distance} tiles from {near}")
