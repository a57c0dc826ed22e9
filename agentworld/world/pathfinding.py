"""A* on the tile grid (4-neighbour moves), bounded so a hopeless search stays cheap.

The grid is a row-major walkability byte string (1 = walkable), the form the engine's index
keeps. Ties are broken deterministically (neighbours in the fixed order +x, -x, +y, -y, then
insertion order), so the same map and query always give the same path.
"""

from __future__ import annotations

import heapq

Tile = tuple[int, int]

DEFAULT_MAX_EXPANSIONS = 20_000


def chebyshev(a: Tile, b: Tile) -> int:
    """Chebyshev distance: the range metric used for every interaction."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def find_path_grid(
    walk: bytes,
    width: int,
    height: int,
    start: Tile,
    goal: Tile,
    near: int = 0,
    max_expansions: int = DEFAULT_MAX_EXPANSIONS,
) -> list[Tile] | None:
    """Shortest 4-neighbour path from start to a walkable tile within Chebyshev `near` of goal.

    Returns the tiles to step on (start excluded; empty if start already qualifies), or None when
    no such tile is reachable within `max_expansions` node expansions. With near=0 the goal itself
    must be walkable. Tiles are handled as integer indices y * width + x for speed; heap entries are
    (f, -g, counter, tile): on equal f the deeper node first (fewer expansions).
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
        # the fixed neighbour order (+x, -x, +y, -y) decides which of several shortest paths wins
        for j, nx, ny, ok in (
            (i + 1, x + 1, y, x < last_x),
            (i - 1, x - 1, y, x > 0),
            (i + width, x, y + 1, y < last_y),
            (i - width, x, y - 1, y > 0),
        ):
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


def straight_path(
    walk: bytes, width: int, height: int, start: Tile, goal: Tile, near: int = 0
) -> list[Tile] | None:
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
