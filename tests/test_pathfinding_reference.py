"""The fast A* (and its kept answers) and straight walk give exactly the paths of the straightforward
versions they replaced.

The references below are agentworld/world/pathfinding.py as it was before the speed-up (tuple heap
entries, bounds checks per neighbour, tuple candidates per step), kept here to compare against:
the same map and query must give the same path, tile for tile, or trajectories would change.
"""

from __future__ import annotations

import heapq
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentworld.world.content import load_content
from agentworld.world.pathfinding import find_path_grid, straight_path

Tile = tuple[int, int]


def reference_find_path(
    walk: bytes,
    width: int,
    height: int,
    start: Tile,
    goal: Tile,
    near: int = 0,
    max_expansions: int = 20_000,
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


def reference_straight_path(
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


grids = st.integers(1, 24).flatmap(
    lambda w: st.integers(1, 24).flatmap(
        lambda h: st.tuples(
            st.just((w, h)),
            st.lists(st.sampled_from([1, 1, 1, 0]), min_size=w * h, max_size=w * h),
        )
    )
)


@settings(max_examples=300, deadline=None)
@given(grid=grids, data=st.data())
def test_paths_match_the_reference_on_random_grids(grid, data):
    (w, h), cells = grid
    walk = bytes(cells)
    for _ in range(4):
        start = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
        goal = (data.draw(st.integers(-2, w + 1)), data.draw(st.integers(-2, h + 1)))
        near = data.draw(st.integers(0, 3))
        limit = data.draw(st.sampled_from([1, 5, 20_000]))
        assert find_path_grid(walk, w, h, start, goal, near, limit) == reference_find_path(
            walk, w, h, start, goal, near, limit
        )
        assert straight_path(walk, w, h, start, goal, near) == reference_straight_path(
            walk, w, h, start, goal, near
        )


@pytest.mark.parametrize("seed", [0, 1])
def test_paths_match_the_reference_on_the_world_map(seed):
    """Long walks across the shipped map (rivers, walls, forests): where the searches are hot."""
    gmap = load_content().map
    walk, w, h = gmap.walkable_grid, gmap.width, gmap.height
    rng = random.Random(seed)
    walkable = [i for i in range(w * h) if walk[i]]
    searched = 0
    for _ in range(60):
        s, g = rng.choice(walkable), rng.choice(walkable)
        start, goal = (s % w, s // w), (g % w, g // w)
        near = rng.choice([0, 1])
        fast = find_path_grid(walk, w, h, start, goal, near, 3_000)
        assert fast == reference_find_path(walk, w, h, start, goal, near, 3_000)
        again = find_path_grid(walk, w, h, start, goal, near, 3_000)  # the kept answer, as a new list
        assert again == fast and (again is not fast or fast is None)
        if again:
            again.pop()  # what a caller does to its path leaves the kept answer alone
            assert find_path_grid(walk, w, h, start, goal, near, 3_000) == fast
        assert straight_path(walk, w, h, start, goal, near) == reference_straight_path(
            walk, w, h, start, goal, near
        )
        searched += fast is not None
    assert searched > 10
