"""A* against breadth-first search, bounded search, inventory lots and provenance queries."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentworld.world.inventory import Inventory
from agentworld.world.pathfinding import find_path_grid
from agentworld.world.provenance import Provenance


def bfs_len(grid: list[list[int]], start, goal, near: int) -> int | None:
    h, w = len(grid), len(grid[0])
    seen = {start: 0}
    q = deque([start])
    while q:
        x, y = q.popleft()
        if max(abs(x - goal[0]), abs(y - goal[1])) <= near:
            return seen[(x, y)]
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (x + dx, y + dy)
            if 0 <= n[0] < w and 0 <= n[1] < h and grid[n[1]][n[0]] and n not in seen:
                seen[n] = seen[(x, y)] + 1
                q.append(n)
    return None


grids = st.integers(4, 14).flatmap(
    lambda w: st.integers(4, 14).flatmap(
        lambda h: st.lists(
            st.lists(st.sampled_from([1, 1, 1, 0]), min_size=w, max_size=w), min_size=h, max_size=h
        )
    )
)


@settings(max_examples=60, deadline=None)
@given(grid=grids, data=st.data())
def test_astar_is_shortest(grid, data):
    h, w = len(grid), len(grid[0])
    start = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    goal = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    near = data.draw(st.integers(0, 2))
    grid[start[1]][start[0]] = 1
    walkable = lambda x, y: 0 <= x < w and 0 <= y < h and grid[y][x] == 1  # noqa: E731
    flat = bytes(v for row in grid for v in row)
    a = find_path_grid(flat, w, h, start, goal, near)
    expect = bfs_len(grid, start, goal, near)
    if near == 0 and not grid[goal[1]][goal[0]]:
        expect = None
    if expect is None:
        assert a is None
    else:
        assert a is not None and len(a) == expect
        prev = start
        for step in a:
            assert abs(step[0] - prev[0]) + abs(step[1] - prev[1]) == 1 and walkable(*step)
            prev = step
        assert max(abs(prev[0] - goal[0]), abs(prev[1] - goal[1])) <= near


def test_search_is_bounded():
    w = h = 200
    flat = bytearray([1]) * (w * h)
    for y in range(h):  # a wall with no gap: the goal is unreachable
        flat[y * w + 100] = 0
    assert find_path_grid(bytes(flat), w, h, (10, 10), (150, 10), 0, max_expansions=500) is None
    assert find_path_grid(bytes(flat), w, h, (10, 10), (90, 10), 0, max_expansions=500) is not None


def test_inventory_lots_fifo_and_counts():
    inv = Inventory()
    inv.add("log", 2, 1)
    inv.add("log", 3, 2)
    inv.add("log", 1, 2)  # same origin as the newest lot: merged
    assert inv.lots["log"] == [[1, 2], [2, 4]] and inv.count("log") == 6
    assert inv.origins("log", 3) == [(1, 2), (2, 1)]
    assert inv.remove("log", 3) == [(1, 2), (2, 1)]
    assert inv.counts() == {"log": 3}
    with pytest.raises(ValueError):
        inv.remove("log", 4)
    inv.remove("log", 3)
    assert inv.counts() == {} and "log" not in inv.lots


def test_provenance_lineage():
    pv = Provenance()
    pv.add_links(3, [{"from": 1, "kind": "item", "detail": ""}, {"from": 2, "kind": "item", "detail": ""}])
    pv.add_links(5, [{"from": 3, "kind": "item", "detail": ""}])
    pv.add_links(6, [{"from": 4, "kind": "labor", "detail": ""}])
    assert pv.inputs_of(5) == {3}
    assert pv.lineage(5) == {1, 2, 3}
    assert pv.lineage(6) == {4} and pv.lineage(1) == set()
    assert pv.links_of(6) == [{"from": 4, "kind": "labor", "detail": ""}] and pv.links_of(1) == []
    pv.record({"kind": "move", "round": 1, "agent": "a", "action": 5})
    pv.record({"kind": "respawn", "round": 1, "agent": None, "action": None})
    pv.record({"kind": "xp", "round": 2, "agent": "a", "action": 5})
    assert [e["kind"] for e in pv.events_of(5)] == ["move", "xp"] and pv.events_of(6) == []


@settings(max_examples=60, deadline=None)
@given(grid=grids, data=st.data())
def test_straight_path_when_open_is_shortest(grid, data):
    from agentworld.world.pathfinding import straight_path

    h, w = len(grid), len(grid[0])
    start = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    goal = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    near = data.draw(st.integers(0, 2))
    grid[start[1]][start[0]] = 1
    flat = bytes(v for row in grid for v in row)
    path = straight_path(flat, w, h, start, goal, near)
    if path is not None:
        assert len(path) == bfs_len(grid, start, goal, near)
        assert all(grid[y][x] for x, y in path)
