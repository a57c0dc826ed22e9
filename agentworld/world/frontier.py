"""Where the base map meets the region bundles, and the two promises bundles keep across it.

The base map (map.yaml's width x height, from (0, 0)) is the world every shipped task is written
against; region bundles (data/regions/) add regions beside it (gamemap.py). Walking from one to the
other crosses the frontier at *portals*: base tiles with a walkable bundle tile beside them.

- **No shortcut.** For every two portals, the way between them inside the base map is shorter than
  any way through the bundles, so no shortest path between two base tiles leaves the base map (a
  path through a bundle leaves and re-enters at portals; replacing that stretch shortens it), and
  every base tile reachable on the whole map is reachable inside the base map.
- **Distance.** ``beyond`` holds, for every bundle tile, the fewest steps from any base tile to it:
  the last stretch of any walk to it lies in the bundles and starts next to a portal, so a
  breadth-first search over bundle tiles from the portals gives a lower bound on every walk. The
  audit reads a task's world without the bundles when none of their things is within its agents'
  walk (audit/scope.py); ``nearest_thing`` is that distance for the nearest placed bundle thing.
"""

from __future__ import annotations

import weakref
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.world.content import Content
    from agentworld.world.gamemap import GameMap

UNREACHED = -1


@dataclass(frozen=True, slots=True)
class Frontier:
    """The frontier of one map (see the module docstring); tiles are indices y * width + x."""

    portals: tuple[int, ...]  # base tiles with a walkable bundle tile 4-adjacent, in index order
    beyond: tuple[int, ...]  # per tile: fewest steps from the base map (0 on it, UNREACHED if none)
    nearest_thing: int  # `beyond` of the nearest placed bundle node, spawn, NPC or station (-1: none)
    nearest_name: str  # what that thing is ("cinder_rat spawn at (330, 40)")


_CACHE: "weakref.WeakKeyDictionary[GameMap, Frontier]" = weakref.WeakKeyDictionary()


def frontier(content: "Content") -> Frontier:
    """The frontier of the content's map (computed once per map)."""
    gmap = content.map
    if gmap not in _CACHE:
        _CACHE[gmap] = _build(gmap)
    return _CACHE[gmap]


def _neighbours(i: int, w: int, n: int) -> tuple[int, ...]:
    x = i % w
    return tuple(j for j in (i - w, i + w, i - 1 if x > 0 else -1, i + 1 if x < w - 1 else -1) if 0 <= j < n)


def _build(gmap: "GameMap") -> Frontier:
    w, h = gmap.width, gmap.height
    n, walk = w * h, gmap.walkable_grid
    inside = gmap.in_base
    portals = []
    beyond = [UNREACHED] * n
    queue: deque[int] = deque()
    for i in range(n):
        y, x = divmod(i, w)
        if inside(x, y):
            beyond[i] = 0
            if walk[i] and (x == gmap.base_width - 1 or y == gmap.base_height - 1):
                if any(walk[j] and not inside(j % w, j // w) for j in _neighbours(i, w, n)):
                    portals.append(i)
    for p in portals:
        for j in _neighbours(p, w, n):
            if walk[j] and beyond[j] == UNREACHED:
                beyond[j] = 1
                queue.append(j)
    while queue:
        i = queue.popleft()
        for j in _neighbours(i, w, n):
            if walk[j] and beyond[j] == UNREACHED:
                beyond[j] = beyond[i] + 1
                queue.append(j)
    things = [(f"{k} node", xy) for k, xy in gmap.placed_nodes]
    things += [(f"{m} spawn", xy) for m, xy in gmap.mob_spawns]
    things += [(f"npc {npc}", xy) for npc, xy in gmap.npc_positions.items()]
    things += [(f"{s}#{place} station", xy) for s, place, xy in gmap.placed_stations]
    outside = [(beyond[y * w + x], f"{name} at ({x}, {y})") for name, (x, y) in things if not inside(x, y)]
    nearest = min(outside, default=(UNREACHED, ""))
    return Frontier(tuple(portals), tuple(beyond), nearest[0], nearest[1])


def shortcuts(content: "Content") -> list[str]:
    """Every way the bundles change walking on the base map, one line each: two portals closer through
    the bundles than inside the base map, or a base tile reachable only through a bundle."""
    gmap, front = content.map, frontier(content)
    w, n, walk = gmap.width, gmap.width * gmap.height, gmap.walkable_grid
    problems = []
    base_reach = gmap._flood(gmap.landmarks[content.rules.hub], (gmap.base_width, gmap.base_height))
    for y in range(gmap.base_height):
        row = slice(y * w, y * w + gmap.base_width)
        if base_reach[row] != gmap.reachable[row]:
            x = next(x for x in range(gmap.base_width) if base_reach[y * w + x] != gmap.reachable[y * w + x])
            problems.append(f"base tile ({x}, {y}) is reachable from the hub only through a region bundle")
    for a in front.portals:
        inside_dist = _distances(gmap, [a], base_only=True)
        through = _distances(gmap, [j for j in _neighbours(a, w, n) if walk[j] and not _base(gmap, j)], False)
        for b in front.portals:
            if b <= a:
                continue
            via = min((through[j] + 2 for j in _neighbours(b, w, n) if through[j] >= 0), default=None)
            if via is not None and (inside_dist[b] < 0 or via <= inside_dist[b]):
                problems.append(
                    f"portals ({a % w}, {a // w}) and ({b % w}, {b // w}): {via} steps through the bundles, "
                    f"{inside_dist[b] if inside_dist[b] >= 0 else 'no way'} inside the base map"
                )
    return problems


def _base(gmap: "GameMap", i: int) -> bool:
    return gmap.in_base(i % gmap.width, i // gmap.width)


def _distances(gmap: "GameMap", starts: list[int], base_only: bool) -> list[int]:
    """Steps from `starts` (distance 0 at the base_only search's start, 1 for bundle starts) to every
    tile, walking only on base tiles (base_only) or only on bundle tiles."""
    w, n, walk = gmap.width, gmap.width * gmap.height, gmap.walkable_grid
    dist = [UNREACHED] * n
    first = 0 if base_only else 1
    queue = deque(starts)
    for s in starts:
        dist[s] = first
    while queue:
        i = queue.popleft()
        for j in _neighbours(i, w, n):
            if walk[j] and dist[j] == UNREACHED and _base(gmap, j) == base_only:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist
