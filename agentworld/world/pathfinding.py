"""A* on the tile grid (4-neighbour moves), bounded so a hopeless search stays cheap.

The map is abstracted as a `walkable(x, y) -> bool` callable so the search does not
depend on how the grid is stored. Ties are broken deterministically (by insertion
order), so the same map and query always give the same path.
"""

from __future__ import annotations

import heapq
from typing import Callable

Tile = tuple[int, int]
Walkable = Callable[[int, int], bool]

# 4-neighbour steps in a fixed order: the order decides which of several shortest paths wins.
STEPS: tuple[Tile, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DEFAULT_MAX_EXPANSIONS = 20_000


def chebyshev(a: Tile, b: Tile) -> int:
    """Chebyshev distance: the range metric used for every interaction."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan(a: Tile, b: Tile) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _heuristic(tile: Tile, goal: Tile, near: int) -> int:
    """Admissible 4-neighbour estimate of the steps to any tile within Chebyshev `near` of goal."""
    dx = abs(tile[0] - goal[0]) - near
    dy = abs(tile[1] - goal[1]) - near
    return (dx if dx > 0 else 0) + (dy if dy > 0 else 0)


def find_path(
    walkable: Walkable,
    start: Tile,
    goal: Tile,
    near: int = 0,
    max_expansions: int = DEFAULT_MAX_EXPANSIONS,
) -> list[Tile] | None:
    """Shortest 4-neighbour path from start to a walkable tile within Chebyshev `near` of goal.

    Returns the tiles to step on (start excluded; empty if start already qualifies),
    or None when no such tile is reachable within `max_expansions` node expansions.
    With near=0 the goal itself must be walkable.
    """
    start = (int(start[0]), int(start[1]))
    goal = (int(goal[0]), int(goal[1]))
    if chebyshev(start, goal) <= near:
        return []
    if near == 0 and not walkable(*goal):
        return None
    gx, gy = goal
    came: dict[Tile, Tile | None] = {start: None}
    cost: dict[Tile, int] = {start: 0}
    counter = 0
    # heap entries (f, -g, counter, tile): on equal f the deeper node first (fewer expansions)
    heap: list[tuple[int, int, int, Tile]] = [(_heuristic(start, goal, near), 0, counter, start)]
    push, pop = heapq.heappush, heapq.heappop
    expansions = 0
    while heap:
        _f, mg, _c, tile = pop(heap)
        g = -mg
        if g > cost[tile]:
            continue  # stale heap entry
        x, y = tile
        dx = x - gx
        dy = y - gy
        if -near <= dx <= near and -near <= dy <= near:
            path: list[Tile] = []
            node: Tile | None = tile
            while node is not None and node != start:
                path.append(node)
                node = came[node]
            path.reverse()
            return path
        expansions += 1
        if expansions > max_expansions:
            return None
        ng = g + 1
        for sx, sy in STEPS:
            nx = x + sx
            ny = y + sy
            nxt = (nx, ny)
            old = cost.get(nxt)
            if old is not None and old <= ng:
                continue
            if not walkable(nx, ny):
                continue
            cost[nxt] = ng
            came[nxt] = tile
            counter += 1
            # inline _heuristic: steps to the Chebyshev-`near` box around the goal
            hx = (nx - gx if nx > gx else gx - nx) - near
            hy = (ny - gy if ny > gy else gy - ny) - near
            push(heap, (ng + (hx if hx > 0 else 0) + (hy if hy > 0 else 0), -ng, counter, nxt))
    return None


def find_path_grid(
    walk: bytes,
    width: int,
    height: int,
    start: Tile,
    goal: Tile,
    near: int = 0,
    max_expansions: int = DEFAULT_MAX_EXPANSIONS,
) -> list[Tile] | None:
    """find_path on a row-major walkability byte grid (1 = walkable): same result, several times faster.

    Tiles are handled as integer indices y * width + x; neighbours are visited in STEPS order and
    ties broken exactly as in find_path, so both return the same path.
    """
    sx, sy = int(start[0]), int(start[1])
    gx, gy = int(goal[0]), int(goal[1])
    if max(abs(sx - gx), abs(sy - gy)) <= near:
        return []
    if near == 0 and not (0 <= gx < width and 0 <= gy < height and walk[gy * width + gx]):
        return None
    s = sy * width + sx
    came: dict[int, int] = {s: -1}
    cost: dict[int, int] = {s: 0}
    hx = abs(sx - gx) - near
    hy = abs(sy - gy) - near
    heap: list[tuple[int, int, int, int]] = [((hx if hx > 0 else 0) + (hy if hy > 0 else 0), 0, 0, s)]
    push, pop = heapq.heappush, heapq.heappop
    counter = 0
    expansions = 0
    last_x = width - 1
    last_y = height - 1
    while heap:
        _f, mg, _c, i = pop(heap)
        g = -mg
        if g > cost[i]:
            continue
        y, x = divmod(i, width)
        if -near <= x - gx <= near and -near <= y - gy <= near:
            path: list[Tile] = []
            while i != s:
                yy, xx = divmod(i, width)
                path.append((xx, yy))
                i = came[i]
            path.reverse()
            return path
        expansions += 1
        if expansions > max_expansions:
            return None
        ng = g + 1
        # STEPS order: (1, 0), (-1, 0), (0, 1), (0, -1)
        for j, nx, ny, ok in ((i + 1, x + 1, y, x < last_x), (i - 1, x - 1, y, x > 0),
                              (i + width, x, y + 1, y < last_y), (i - width, x, y - 1, y > 0)):
            if not ok or not walk[j]:
                continue
            old = cost.get(j)
            if old is not None and old <= ng:
                continue
            cost[j] = ng
            came[j] = i
            counter += 1
            hx = (nx - gx if nx > gx else gx - nx) - near
            hy = (ny - gy if ny > gy else gy - ny) - near
            push(heap, (ng + (hx if hx > 0 else 0) + (hy if hy > 0 else 0), -ng, counter, j))
    return None


def straight_path(walk: bytes, width: int, height: int, start: Tile, goal: Tile, near: int = 0) -> list[Tile] | None:
    """A monotone walk (each step closes the gap on the axis with the larger gap) if one is open.

    On a 4-neighbour grid every monotone walk to the goal box is a shortest path, so when this
    succeeds A* is not needed; None means the straight way is blocked (use A*).
    """
    x, y = int(start[0]), int(start[1])
    gx, gy = int(goal[0]), int(goal[1])
    path: list[Tile] = []
    while True:
        dx, dy = gx - x, gy - y
        adx, ady = (dx if dx > 0 else -dx), (dy if dy > 0 else -dy)
        if adx <= near and ady <= near:
            return path
        sx = (dx > 0) - (dx < 0) if adx > near else 0
        sy = (dy > 0) - (dy < 0) if ady > near else 0
        first, second = ((x + sx, y), (x, y + sy)) if adx >= ady else ((x, y + sy), (x + sx, y))
        for nx, ny in (first, second):
            if (nx != x or ny != y) and 0 <= nx < width and 0 <= ny < height and walk[ny * width + nx]:
                x, y = nx, ny
                path.append((x, y))
                break
        else:
            return None


def nearest_walkable(walkable: Walkable, tile: Tile, max_radius: int = 10) -> Tile | None:
    """The walkable tile closest to `tile` (rings of growing Chebyshev radius, fixed scan order)."""
    x0, y0 = int(tile[0]), int(tile[1])
    if walkable(x0, y0):
        return (x0, y0)
    for r in range(1, max_radius + 1):
        best: Tile | None = None
        best_d = None
        for y in range(y0 - r, y0 + r + 1):
            for x in range(x0 - r, x0 + r + 1):
                if max(abs(x - x0), abs(y - y0)) != r or not walkable(x, y):
                    continue
                d = manhattan((x, y), (x0, y0))
                if best_d is None or d < best_d:
                    best, best_d = (x, y), d
        if best is not None:
            return best
    return None
