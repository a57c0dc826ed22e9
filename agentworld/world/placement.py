"""Where things may go on a map being built (GameMap._place): the tiles taken so far, the checks every
fixed place passes (on the map, walkable, reachable from the hub; a region bundle's things in its own
regions, beyond the margin) and the seeded scatter of node fields and mob spawns over a region's free
tiles. Problems are appended, never raised, so a broken map.yaml is reported whole.

The base map scatters first, with its own generator, over the tiles reachable inside its own rectangle
and with neighbours looked up only inside it: what it places is what it would place alone. Each bundle
then scatters with its own generator (`begin`), only in its own regions and beyond the margin."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.world.gamemap import GameMap

Position = tuple[int, int]


class Placer:
    """Where things may go on a map being built: the tiles taken so far, and the problems found."""

    def __init__(self, gmap: GameMap, hub: str, problems: list[str], margin: int = 0) -> None:
        self.map, self.hub, self.p, self.margin = gmap, hub, problems, margin
        self.occupied = bytearray(gmap.width * gmap.height)  # 1 where something is placed
        self.bounds = (gmap.width, gmap.height)  # the rectangle whose tiles `near` looks at

    def check(
        self, where: str, pos: str | Position, claim: bool = True, home: set[int] | None = None
    ) -> Position | None:
        """The tile of a landmark id or a position, if it is on the map, walkable and reachable (and
        then taken, with `claim`). Without `home` it is the base map's and must lie in it; with `home` (a
        bundle's region indices) it must lie in one of them, more than the margin from the base map.
        Else None and a problem."""
        m, p = self.map, self.p
        if isinstance(pos, str):
            if pos not in m.landmarks:
                p.append(f"{where}: unknown landmark '{pos}'")
                return None
            xy = m.landmarks[pos]
        else:
            xy = (int(pos[0]), int(pos[1]))
        if not m.in_bounds(*xy) or (home is None and not m.in_base(*xy)):  # the base map's own, alone
            p.append(f"{where}: position {list(xy)} is outside the {m.base_width}x{m.base_height} map")
            return None
        if home is not None and not check_home(m, where, xy, home, self.margin, p):
            return None
        if not m.walkable(*xy):
            p.append(f"{where}: position {list(xy)} is on unwalkable terrain '{m.terrain_at(*xy)}'")
            return None
        if not m.reachable[xy[1] * m.width + xy[0]]:
            p.append(f"{where}: position {list(xy)} cannot be reached from the hub '{self.hub}'")
            return None
        if claim:
            self.occupied[xy[1] * m.width + xy[0]] = 1
        return xy

    def start_scatter(self, base_reach: bytes) -> None:
        """The free reachable tiles per region, in index order (deterministic): a base tile counts if
        `base_reach` (the flood inside the base map) has it; a bundle's tile if the whole map's flood
        does and it lies beyond the margin."""
        m = self.map
        self.rindex = {r: i for i, r in enumerate(m._region_ids)}
        self.tindex = {t.id: i for i, t in enumerate(m.terrain_types)}
        self.by_region: dict[int, list[int]] = {i: [] for i in range(len(m._region_ids))}
        w, bw, bh = m.width, m.base_width, m.base_height
        reach, rgrid = m.reachable, m.region_grid
        for i in range(w * m.height):
            y, x = divmod(i, w)
            if x < bw and y < bh:
                if base_reach[i]:
                    self.by_region[rgrid[i]].append(i)
            elif reach[i] and max(x - bw + 1, y - bh + 1) > self.margin:
                self.by_region[rgrid[i]].append(i)

    def begin(self, seed: int, bounds: tuple[int, int]) -> None:
        """A new scatter pass: its own generator, and `near` looking only inside `bounds` (width, height)."""
        self.rng = random.Random(seed)
        self.bounds = bounds

    def scatter(
        self,
        where: str,
        region: str,
        count: int,
        terrain: list[str] | None = None,
        near: list[str] | None = None,
        home: set[int] | None = None,
    ) -> list[Position]:
        """`count` free tiles of `region` (of the given terrains, next to the `near` ones), chosen by the rng;
        with `home`, the region must be one of them (a bundle scatters only in its own regions)."""
        m, p, w = self.map, self.p, self.map.width
        if region not in self.rindex:
            p.append(f"{where}: unknown region '{region}'")
            return []
        if home is not None and self.rindex[region] not in home:
            p.append(f"{where}: region '{region}' is not one of this bundle's regions")
            return []
        for t in (terrain or []) + (near or []):
            if t not in self.tindex:
                p.append(f"{where}: unknown terrain '{t}'")
                return []
        tiles = self.by_region[self.rindex[region]]
        if terrain:  # the same tiles in the same order whichever filter runs first; this one is cheaper
            allowed = m.terrain.translate(
                bytes(1 if c in {self.tindex[t] for t in terrain} else 0 for c in range(256))
            )
            tiles = [i for i in tiles if allowed[i]]
        occupied = self.occupied
        tiles = [i for i in tiles if not occupied[i]]
        if near:
            codes = {self.tindex[t] for t in near}
            mask = m.terrain.translate(bytes(1 if c in codes else 0 for c in range(256)))
            bw, bh = self.bounds
            n = bh * w
            tiles = [
                i
                for i in tiles
                if (i % w > 0 and mask[i - 1])
                or (i % w < bw - 1 and mask[i + 1])
                or (i >= w and mask[i - w])
                or (i + w < n and mask[i + w])
            ]
        if len(tiles) < count:
            p.append(f"{where}: only {len(tiles)} free tiles fit in region '{region}', {count} wanted")
            return []
        chosen = self.rng.sample(tiles, count)
        for i in chosen:
            occupied[i] = 1
        return [(i % w, i // w) for i in chosen]


def check_home(gmap: GameMap, where: str, xy: Position, home: set[int], margin: int, p: list[str]) -> bool:
    """Whether a bundle's thing at `xy` lies in one of its own regions, more than `margin` tiles from the
    base map (a player standing there never sees it); else a problem."""
    if not gmap.in_bounds(*xy) or gmap.region_grid[xy[1] * gmap.width + xy[0]] not in home:
        p.append(f"{where}: position {list(xy)} is not in one of this bundle's regions")
        return False
    if gmap.base_distance(*xy) <= margin:
        p.append(
            f"{where}: position {list(xy)} is {gmap.base_distance(*xy)} tiles from the base map; a bundle "
            f"places things more than {margin} tiles from it (beyond a player's view)"
        )
        return False
    return True
