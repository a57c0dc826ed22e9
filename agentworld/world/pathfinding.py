"""A* on the tile grid (4-neighbour moves), bounded so a hopeless search stays cheap.

The grid is a row-major walkability byte string (1 = walkable), the form the engine's index
keeps. Ties are broken deterministically (neighbours in the fixed order +x, -x, +y, -y, then
insertion order), so the same map and query always give the same path.

Walking is the engine's hottest code in training (masked random play walks to far landmarks and
teammates), so both searches are written for speed: each grid's walkable neighbours are listed
once (`_neighbours`), A*'s heap holds plain ints that order exactly like its (f, -g, counter)
tuples, and its recent answers are kept (`_PATHS`: a search depends on nothing but its query). tests/test_world_pathfinding.py checks both against the straightforward versions they
replaced, path for path.
"""

from __future__ import annotations

import heapq
import itertools
from array import array

Tile = tuple[int, int]

DEFAULT_MAX_EXPANSIONS = 20_000

# A grid's walkable neighbours of every tile: [(index, x, y), ...] in the order +x, -x, +y, -y
Neighbours = list[tuple[tuple[int, int, int], ...] | None]
_NEIGHBOURS: dict[tuple[int, int, int], tuple[bytes, Neighbours]] = {}  # (id, width, height) -> grid, table
PATH_CACHE = 4096  # A* answers kept (a path of 100 tiles takes 400 bytes)
_PATHS: dict[tuple, tuple[bytes, array | None]] = {}  # query -> the grid, the path's tile indices or None


def chebyshev(a: Tile, b: Tile) -> int:
    """Chebyshev distance: the range metric used for every interaction."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _tile_neighbours(walk: bytes, width: int, height: int, i: int) -> tuple[tuple[int, int, int], ...]:
    y, x = divmod(i, width)
    candidates = (
        (i + 1, x + 1, y, x < width - 1),
        (i - 1, x - 1, y, x > 0),
        (i + width, x, y + 1, y < height - 1),
        (i - width, x, y - 1, y > 0),
    )
    return tuple((j, nx, ny) for j, nx, ny, inside in candidates if inside and walk[j])


def _neighbours(walk: bytes, width: int, height: int) -> Neighbours:
    """The walkable neighbours of every tile, per grid: each tile's are listed the first time a search
    expands it (None until then), so no search pays for tiles it never reaches."""
    key = (id(walk), width, height)
    found = _NEIGHBOURS.get(key)
    if found is not None and (found[0] is walk or found[0] == walk):
        return found[1]
    table: Neighbours = [None] * (width * height)
    if len(_NEIGHBOURS) >= 8:  # a few grids per process at most (the world's map, test grids)
        _NEIGHBOURS.clear()
    _NEIGHBOURS[key] = (walk, table)
    return table


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
    must be walkable. The answer depends on nothing but the arguments, so the last PATH_CACHE
    answers are kept (as tile indices) and a repeated query costs no search.
    """
    sx, sy = int(start[0]), int(start[1])
    gx, gy = int(goal[0]), int(goal[1])
    if max(abs(sx - gx), abs(sy - gy)) <= near:
        return []
    if near == 0 and not (0 <= gx < width and 0 <= gy < height and walk[gy * width + gx]):
        return None
    key = (id(walk), width, height, sx, sy, gx, gy, near, max_expansions)
    known = _PATHS.get(key)
    if known is not None and known[0] is walk:  # the entry holds the grid: its id is not reused
        return None if known[1] is None else [(i % width, i // width) for i in known[1]]
    path = _search(walk, width, height, sx, sy, gx, gy, near, max_expansions)
    if len(_PATHS) >= PATH_CACHE:
        for old in list(itertools.islice(_PATHS, PATH_CACHE // 4)):  # the oldest quarter
            del _PATHS[old]
    _PATHS[key] = (walk, None if path is None else array("i", [y * width + x for x, y in path]))
    return path


def _search(
    walk: bytes, width: int, height: int, sx: int, sy: int, gx: int, gy: int, near: int, max_expansions: int
) -> list[Tile] | None:
    """A* proper. Tiles are handled as integer indices y * width + x. The heap's entries order by
    f, then deeper first (larger g, fewer expansions), then first pushed; each is one int,
    (f << g_bits | g_max - g) << c_bits | counter, whose counter indexes `tiles`."""
    neighbours = _neighbours(walk, width, height)
    size = width * height
    g_bits = (size + 1).bit_length()  # g <= tiles on the map
    c_bits = (4 * max_expansions + 8).bit_length()  # pushes <= 4 per expansion, plus the start
    g_max, c_mask, f_shift = (1 << g_bits) - 1, (1 << c_bits) - 1, g_bits + c_bits
    s = sy * width + sx
    came: dict[int, int] = {s: -1}
    cost: dict[int, int] = {s: 0}
    hx = abs(sx - gx) - near
    hy = abs(sy - gy) - near
    tiles = [s]
    heap = [((hx if hx > 0 else 0) + (hy if hy > 0 else 0)) << f_shift | g_max << c_bits]
    push, pop, known = heapq.heappush, heapq.heappop, cost.get
    expansions = 0
    while heap:
        key = pop(heap)
        i = tiles[key & c_mask]
        rest = key >> c_bits
        g = g_max - (rest & g_max)
        if g > cost[i]:
            continue
        if rest >> g_bits == g:  # f == g: h is 0, so the tile is within `near` of the goal
            path: list[Tile] = []
            while i != s:
                y, x = divmod(i, width)
                path.append((x, y))
                i = came[i]
            path.reverse()
            return path
        expansions += 1
        if expansions > max_expansions:
            return None
        ng = g + 1
        deeper = (g_max - ng) << c_bits
        # the fixed neighbour order (+x, -x, +y, -y) decides which of several shortest paths wins
        around = neighbours[i]
        if around is None:
            around = neighbours[i] = _tile_neighbours(walk, width, height, i)
        for j, nx, ny in around:
            old = known(j)
            if old is not None and old <= ng:
                continue
            cost[j] = ng
            came[j] = i
            hx = (nx - gx if nx > gx else gx - nx) - near
            hy = (ny - gy if ny > gy else gy - ny) - near
            push(heap, (ng + (hx if hx > 0 else 0) + (hy if hy > 0 else 0)) << f_shift | deeper | len(tiles))
            tiles.append(j)
    return None


def straight_path(
    walk: bytes, width: int, height: int, start: Tile, goal: Tile, near: int = 0
) -> list[Tile] | None:
    """A monotone walk (each step closes the gap on the axis with the larger gap) if one is open.

    On a 4-neighbour grid every monotone walk to the goal box is a shortest path, so when this
    succeeds A* is not needed; None means the straight way is blocked (use A*). Each step tries the
    axis with the larger gap first (x on a tie), then the other one if it still has a gap to close.
    """
    x, y = int(start[0]), int(start[1])
    gx, gy = int(goal[0]), int(goal[1])
    step_x, step_y = (1 if gx > x else -1), (1 if gy > y else -1)
    gap_x, gap_y = abs(gx - x), abs(gy - y)
    row = step_y * width
    path: list[Tile] = []
    append = path.append
    while gap_x > near or gap_y > near:
        i = y * width + x
        nx, ny = x + step_x, y + step_y
        can_x = gap_x > near and 0 <= nx < width and 0 <= y < height and walk[i + step_x]
        if gap_x >= gap_y and can_x:
            x, gap_x = nx, gap_x - 1
        elif gap_y > near and 0 <= ny < height and 0 <= x < width and walk[i + row]:
            y, gap_y = ny, gap_y - 1
        elif can_x:
            x, gap_x = nx, gap_x - 1
        else:
            return None
        append((x, y))
    return path
