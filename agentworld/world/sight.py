"""Line of sight on the tile grid: which tile, if any, blocks a shot from one tile to another.

The line is the Bresenham line between the two tile centres, always traced from the smaller
endpoint (by (x, y)) so that sight is symmetric: if A can shoot B, B can shoot A. Only the
tiles strictly between the endpoints are tested, so neighbours (range 1) always see each other.
Which terrains block sight is data (`rules.yaml` sight_blockers); the engine keeps it as a
row-major byte string (1 = blocks), the same form as the walkability grid.
"""

from __future__ import annotations

Tile = tuple[int, int]


def line_between(a: Tile, b: Tile) -> list[Tile]:
    """The tiles strictly between a and b on their (symmetric) Bresenham line, in order from a."""
    flip = (b[0], b[1]) < (a[0], a[1])
    (x0, y0), (x1, y1) = (b, a) if flip else (a, b)
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    tiles: list[Tile] = []
    x, y = x0, y0
    while True:
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        if x == x1 and y == y1:
            break
        tiles.append((x, y))
    if flip:
        tiles.reverse()
    return tiles


def sight_blocker(blocks: bytes, width: int, a: Tile, b: Tile) -> Tile | None:
    """The first tile (seen from a) between a and b whose terrain blocks sight; None if clear."""
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1:
        return None
    for x, y in line_between(a, b):
        if blocks[y * width + x]:
            return (x, y)
    return None
