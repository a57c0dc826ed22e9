"""Where things may go on a map being built (GameMap._place): the tiles taken so far, the checks every
fixed place passes (on the map, walkable, reachable from the hub) and the seeded scatter of node
fields and mob spawns over a region's free tiles. Problems are appended, never raised, so a broken
map.yaml is reported whole."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.world.gamemap import GameMap

Position = tuple[int, int]


class Placer:
    """Where things may go on a map being built: the tiles taken so far, and the problems found."""

    def __init__(self, gmap: GameMap, hub: str, problems: list[str]) -> None:
        self.map, self.hub, self.p = gmap, hub, problems
        self.occupied: set[int] = set()

    def check(self, where: str, pos: str | Position, claim: bool = True) -> Position | None:
        """The tile of a landmark id or a position, if it is on the map, walkable and reachable (and
        then taken, with `claim`); else None and a problem."""
        m, p = self.map, self.p
        if isinstance(pos, str):
            if pos not in m.landmarks:
                p.append(f"{where}: unknown landmark '{pos}'")
                return None
            xy = m.landmarks[pos]
        else:
            xy = (int(pos[0]), int(pos[1]))
        if not m.in_bounds(*xy):
            p.append(f"{where}: position {list(xy)} is outside the {m.width}x{m.height} map")
            return None
        if not m.walkable(*xy):
            p.append(f"{where}: position {list(xy)} is on unwalkable terrain '{m.terrain_at(*xy)}'")
            return None
        if not m.reachable[xy[1] * m.width + xy[0]]:
            p.append(f"{where}: position {list(xy)} cannot be reached from the hub '{self.hub}'")
            return None
        if claim:
            self.occupied.add(xy[1] * m.width + xy[0])
        return xy

    def start_scatter(self) -> None:
        """The free reachable tiles per region, in index order (deterministic), and the map's generator."""
        m = self.map
        self.rindex = {r: i for i, r in enumerate(m._region_ids)}
        self.tindex = {t.id: i for i, t in enumerate(m.terrain_types)}
        self.by_region: dict[int, list[int]] = {i: [] for i in range(len(m._region_ids))}
        reach, rgrid = m.reachable, m.region_grid
        for i in range(m.width * m.height):
            if reach[i]:
                self.by_region[rgrid[i]].append(i)
        self.rng = random.Random(m.spec.seed)

    def scatter(
        self,
        where: str,
        region: str,
        count: int,
        terrain: list[str] | None = None,
        near: list[str] | None = None,
    ) -> list[Position]:
        """`count` free tiles of `region` (of the given terrains, next to the `near` ones), chosen by the rng."""
        m, p, w = self.map, self.p, self.map.width
        if region not in self.rindex:
            p.append(f"{where}: unknown region '{region}'")
            return []
        for t in (terrain or []) + (near or []):
            if t not in self.tindex:
                p.append(f"{where}: unknown terrain '{t}'")
                return []
        tiles = [i for i in self.by_region[self.rindex[region]] if i not in self.occupied]
        if terrain:
            codes = {self.tindex[t] for t in terrain}
            tiles = [i for i in tiles if m.terrain[i] in codes]
        if near:
            codes = {self.tindex[t] for t in near}
            mask = m.terrain.translate(bytes(1 if c in codes else 0 for c in range(256)))
            n = len(mask)
            tiles = [
                i
                for i in tiles
                if (i % w > 0 and mask[i - 1])
                or (i % w < w - 1 and mask[i + 1])
                or (i >= w and mask[i - w])
                or (i + w < n and mask[i + w])
            ]
        if len(tiles) < count:
            p.append(f"{where}: only {len(tiles)} free tiles fit in region '{region}', {count} wanted")
            return []
        chosen = self.rng.sample(tiles, count)
        self.occupied.update(chosen)
        return [(i % w, i // w) for i in chosen]
