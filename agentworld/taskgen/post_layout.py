"""Where a `watch` task (taskgen/posts.py) puts things: each post's site and the tile its keeper stands
on to build, the central site, and the nodes placed beside the posts and at the makers' gathering
stages (a short walk apart), all on free tiles near the places the call names.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.post_model import Position, Watch
from agentworld.world.pathfinding import find_path_grid


def tile_of(where: str | Position) -> Position:
    return places.landmark(where) if isinstance(where, str) else (where[0], where[1])


def _walk(a: Position, b: Position) -> int:
    """Tiles of walking from `a` to within 1 of `b` (a large number when there is no short way)."""
    ix = places._world()._ix
    path = find_path_grid(ix.walk_grid, ix.width, ix.height, a, b, 1, 4000)
    return 999 if path is None else len(path)


def _beside(tile: Position, taken: set[Position]) -> Position:
    """A walkable free tile next to `tile` (south first): where a member stands to build on it."""
    gmap = places.content().map
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        spot = (tile[0] + dx, tile[1] + dy)
        if gmap.walkable(*spot) and spot not in taken:
            return spot
    raise ValueError(f"nothing walkable beside {tile}")


@dataclass
class Layout:
    """The tiles a motif call puts things on: sites, where to stand at them, nodes."""

    site: dict[str, Position] = field(default_factory=dict)  # site id -> tile
    stand: dict[str, Position] = field(default_factory=dict)  # site id or "maker:stage" -> tile
    nodes: list[dict] = field(default_factory=list)  # the task's node entries
    taken: set[Position] = field(default_factory=set)

    def place_site(self, key: str, near: str | Position, away: int, direction: Position) -> Position:
        tile = places.free_tile(tile_of(near), away, self.taken, direction)
        self.site[key] = tile
        self.stand[key] = _beside(tile, self.taken)
        self.taken.add(self.stand[key])
        return tile

    def place_nodes(self, kind: str, around: Position, count: int) -> list[Position]:
        sides = ((1, 0), (-1, 0), (0, 1), (0, -1))
        tiles = [places.free_tile(around, 2, self.taken, sides[i % 4]) for i in range(count)]
        for tile in tiles[1:]:  # a short walk apart (not across a wall or water)
            if _walk(tiles[0], tile) > 8:
                raise ValueError(
                    f"{kind} nodes around {around}: {tile} is {_walk(tiles[0], tile)} tiles from {tiles[0]}"
                )
        self.nodes += [{"kind": kind, "position": list(t)} for t in tiles]
        return tiles


def lay_out(w: Watch) -> Layout:
    layout = Layout()
    for post in w.posts:
        tile = layout.place_site(post.id, post.near, post.away, post.direction)
        if post.top:
            layout.site[post.top.id] = tile  # the top stands on the post
            layout.stand[post.top.id] = layout.stand[post.id]
        if post.node:
            layout.place_nodes(post.node, tile, post.nodes)
        for kind in post.also:
            layout.place_nodes(kind, tile, 1)
    if w.central:
        c = w.central
        layout.place_site(c.id, c.near, c.away, c.direction)
    for maker in w.makers:
        for i, stage in enumerate(maker.stages):
            if stage.kind == "gather" and stage.at is not None:
                tiles = layout.place_nodes(stage.what, tile_of(stage.at), stage.nodes)
                layout.stand[f"{maker.name}:{i}"] = _beside(tiles[0], layout.taken)
                layout.taken.add(layout.stand[f"{maker.name}:{i}"])
    return layout
