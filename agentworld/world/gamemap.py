"""The tile grid painted from ``data/map.yaml``: terrain, regions, placed things (pictures: map_render.py).

The map is built once per Content and shared (read-only) by every World. Terrain and region
ids are stored as one byte per tile (index ``y * width + x``), so ``walkable(x, y)`` is an
O(1) lookup cheap enough for A*. x grows to the east, y to the south; (0, 0) is the
north-west corner. Rectangles are ``[x0, y0, x1, y1]`` with both corners inclusive.

Region bundles (``data/regions/*.yaml``, their ``map:`` as a ``MapExtension``) add regions beside the
base map: the map grows to hold them. The base map is built exactly as it would be alone (painted
clipped to its own rectangle, scattered with its own generator over the tiles reachable inside it),
so a bundle never moves anything the base map places; each bundle paints only inside its own
regions, places its things no nearer to a base tile than ``margin`` (a player on the base map never
sees them) and scatters with its own generator after the base map.
"""

from __future__ import annotations

import math
from collections import deque
from pathlib import Path
from agentworld.world.map_schema import (  # noqa: F401 (the schema is map_schema.py's; importers find it here)
    ExplicitNode,
    Feature,
    Landmark,
    MapExtension,
    MapSpec,
    NodeField,
    PlacedStation,
    Position,
    Rect,
    Region,
    Spawn,
    Terrain,
)
from agentworld.world import map_render
from agentworld.world.placement import Placer

NO_REGION = 255


class GameMap:
    """The painted grid plus everything placed on it (all positions are (x, y) tuples)."""

    def __init__(self, spec: MapSpec, extensions: list[tuple[str, MapExtension]] = ()):
        self.spec = spec
        self.extensions = list(extensions)  # (source file, its map), in load order
        self.base_width, self.base_height = spec.width, spec.height  # the base map's rectangle
        ext_regions = [r for _, ext in self.extensions for r in ext.regions]
        self.width = max([spec.width] + [r.rect[2] + 1 for r in ext_regions])
        self.height = max([spec.height] + [r.rect[3] + 1 for r in ext_regions])
        self.terrain_types: list[Terrain] = list(spec.terrain) + [
            t for _, ext in self.extensions for t in ext.terrain
        ]
        self.regions: dict[str, Region] = {r.id: r for r in (*spec.regions, *ext_regions)}
        self._region_ids: list[str] = [r.id for r in (*spec.regions, *ext_regions)]
        self.terrain: bytes = b""  # terrain index per tile (a bytearray while painting)
        self.region_grid: bytes = b""  # region index per tile (NO_REGION if none)
        self.walkable_grid: bytes = b""  # 1 if walkable, per tile
        self.landmarks: dict[str, Position] = {}
        self.landmark_names: dict[str, str] = {}
        self.landmark_descriptions: dict[str, str] = {}
        self.placed_stations: list[tuple[str, str, Position]] = []
        self.placed_nodes: list[tuple[str, Position]] = []
        self.mob_spawns: list[tuple[str, Position]] = []
        self.npc_positions: dict[str, Position] = {}
        self.reachable: bytes = b""  # 1 if reachable from the hub landmark
        self._clip: Rect = (0, 0, self.width - 1, self.height - 1)  # painting writes only inside it
        self._owned: bytes | None = None  # while a bundle paints: its region codes (it writes only there)

    # --- queries used by the engine ----------------------------------------------------------
    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def walkable(self, x: int, y: int) -> bool:
        """True if (x, y) is on the map and its terrain can be walked on."""
        return 0 <= x < self.width and 0 <= y < self.height and self.walkable_grid[y * self.width + x] == 1

    def terrain_at(self, x: int, y: int) -> str | None:
        if not self.in_bounds(x, y):
            return None
        return self.terrain_types[self.terrain[y * self.width + x]].id

    def region_at(self, x: int, y: int) -> str | None:
        if not self.in_bounds(x, y):
            return None
        idx = self.region_grid[y * self.width + x]
        return None if idx == NO_REGION else self._region_ids[idx]

    def region_name(self, region_id: str | None) -> str:
        if region_id is None or region_id not in self.regions:
            return "the wilds"
        return self.regions[region_id].name

    def resolve(self, where: str | Position) -> Position:
        """A landmark id or an [x, y] pair -> (x, y); KeyError for an unknown landmark."""
        if isinstance(where, str):
            return self.landmarks[where]
        return (int(where[0]), int(where[1]))

    def in_base(self, x: int, y: int) -> bool:
        """Whether (x, y) lies in the base map's rectangle (map.yaml's width x height)."""
        return 0 <= x < self.base_width and 0 <= y < self.base_height

    def base_distance(self, x: int, y: int) -> int:
        """Chebyshev distance from (x, y) to the nearest tile of the base map (0 inside it)."""
        return max(0, x - (self.base_width - 1), y - (self.base_height - 1))

    # --- building ----------------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        spec: MapSpec,
        npc_positions: dict[str, str | Position],
        hub: str,
        problems: list[str],
        extensions: list[tuple[str, MapExtension]] = (),
        npc_sources: dict[str, tuple[str, int | None]] | None = None,
        margin: int = 0,
    ) -> "GameMap":
        """Paint the grid and place everything; append every problem found to ``problems``.

        ``extensions``: the region bundles' maps as (source file, map); ``npc_sources``: NPC id ->
        (its file, the index of the bundle it belongs to, None for npcs.yaml); ``margin``: the least
        Chebyshev distance from the base map at which a bundle may place anything."""
        m = cls(spec, extensions)
        m._paint(problems)
        if problems:
            return m
        m._place(npc_positions, npc_sources or {}, hub, margin, problems)
        return m

    def _paint(self, p: list[str]) -> None:
        spec, w, h = self.spec, self.width, self.height
        tindex = {t.id: i for i, t in enumerate(self.terrain_types)}
        if len(tindex) != len(self.terrain_types):
            p.append("map.yaml: terrain: duplicate terrain ids (a bundle may not redefine a terrain)")
        if len(self.regions) != len(self._region_ids):
            p.append("map.yaml: regions: duplicate region ids (a bundle may not redefine a region)")

        def tcode(t: str, where: str) -> int:
            if t not in tindex:
                p.append(f"{where}: unknown terrain '{t}'")
                return 0
            return tindex[t]

        self.terrain = bytearray([tcode(spec.default_terrain, "map.yaml: default_terrain")]) * (w * h)
        self.region_grid = bytearray([NO_REGION]) * (w * h)
        bw, bh = self.base_width, self.base_height
        self._clip = (0, 0, bw - 1, bh - 1)  # the base map paints only its own rectangle
        for i, r in enumerate(spec.regions):
            where = f"map.yaml: regions[{i}] '{r.id}'"
            x0, y0, x1, y1 = r.rect
            if not (0 <= x0 <= x1 < bw and 0 <= y0 <= y1 < bh):
                p.append(f"{where}: rect {list(r.rect)} is not inside the {bw}x{bh} map")
                continue
            self._fill_region(i, r, tcode(r.terrain, f"{where}: terrain") if r.terrain else None)
        for i, f in enumerate(spec.features):
            self._paint_feature(f, tcode(f.terrain, f"map.yaml: features[{i}] '{f.name}'"))
        index = len(spec.regions)
        for source, ext in self.extensions:
            index = self._paint_extension(source, ext, index, tcode, p)
        self._clip = (0, 0, w - 1, h - 1)
        walk = [1 if t.walkable else 0 for t in self.terrain_types]
        self.terrain = bytes(self.terrain)  # frozen: the map is shared by every World
        self.region_grid = bytes(self.region_grid)
        self.walkable_grid = self.terrain.translate(bytes(walk + [0] * (256 - len(walk))))
        if NO_REGION in self.region_grid:
            i = self.region_grid.index(NO_REGION)
            p.append(
                f"map.yaml: regions: tile ({i % w}, {i // w}) is in no region; regions must cover the map"
                + (" (region bundles grow it to hold their regions)" if self.extensions else "")
            )

    def _paint_extension(self, source: str, ext: MapExtension, index: int, tcode, p: list[str]) -> int:
        """A bundle's regions (outside the base map, on no other region) and its features (each inside
        one of its regions); returns the next region index."""
        w, own = self.width, bytes([NO_REGION, *range(index, index + len(ext.regions))])
        for i, r in enumerate(ext.regions):
            where = f"{source}: map.regions[{i}] '{r.id}'"
            x0, y0, x1, y1 = r.rect
            if not (0 <= x0 <= x1 and 0 <= y0 <= y1):
                p.append(f"{where}: rect {list(r.rect)} is not a rectangle [x0, y0, x1, y1] on the map")
            elif x0 < self.base_width and y0 < self.base_height:
                p.append(
                    f"{where}: rect {list(r.rect)} overlaps the base map ({self.base_width}x{self.base_height}); "
                    "a bundle's regions lie east or south of it"
                )
            elif any(
                self.region_grid[y * w + x0 : y * w + x1 + 1].translate(None, own) for y in range(y0, y1 + 1)
            ):
                p.append(f"{where}: rect {list(r.rect)} overlaps another bundle's region")
            else:
                self._clip = r.rect
                self._fill_region(index, r, tcode(r.terrain, f"{where}: terrain") if r.terrain else None)
            index += 1
        w, h = self.width, self.height
        for i, f in enumerate(ext.features):
            where = f"{source}: map.features[{i}] '{f.name}'"
            code = tcode(f.terrain, where)
            outside = [
                xy
                for xy in _anchors(f)
                if not (0 <= xy[0] < w and 0 <= xy[1] < h)
                or self.region_grid[xy[1] * w + xy[0]] not in own[1:]
            ]
            if outside:
                p.append(f"{where}: {list(outside[0])} is not in one of this bundle's regions")
                continue
            self._clip, self._owned = (0, 0, w - 1, h - 1), own[1:]
            self._paint_feature(f, code)  # clipped to this bundle's own tiles
            self._owned = None
        return index

    def _fill_region(self, index: int, r: Region, code: int | None) -> None:
        w = self.width
        x0, y0, x1, y1 = r.rect
        for y in range(y0, y1 + 1):
            self.region_grid[y * w + x0 : y * w + x1 + 1] = bytes([index]) * (x1 - x0 + 1)
        if code is not None:
            self._fill_rect(r.rect, code)

    def _paint_feature(self, f: Feature, code: int) -> None:
        if f.shape == "rect":
            self._fill_rect(f.rect, code)
        elif f.shape == "outline":
            x0, y0, x1, y1 = f.rect
            k = f.width - 1
            for r in ((x0, y0, x1, y0 + k), (x0, y1 - k, x1, y1), (x0, y0, x0 + k, y1), (x1 - k, y0, x1, y1)):
                self._fill_rect(r, code)
        elif f.shape == "circle":
            rx, ry = (f.radius, f.radius) if isinstance(f.radius, int) else f.radius
            self._fill_ellipse(f.center, rx, ry, code)
        else:
            self._fill_line(f.points, f.width, code)

    def _fill_rect(self, rect: Rect, code: int) -> None:
        w = self.width
        cx0, cy0, cx1, cy1 = self._clip
        x0, y0, x1, y1 = max(cx0, rect[0]), max(cy0, rect[1]), min(cx1, rect[2]), min(cy1, rect[3])
        if x0 > x1:
            return
        row = bytes([code]) * (x1 - x0 + 1)
        owned = self._owned
        for y in range(y0, y1 + 1):
            a, b = y * w + x0, y * w + x1 + 1
            if owned is None or not self.region_grid[a:b].translate(None, owned):
                self.terrain[a:b] = row
            else:  # a bundle's feature at its border: only its own tiles
                for i in range(a, b):
                    if self.region_grid[i] in owned:
                        self.terrain[i] = code

    def _fill_ellipse(self, center: Position, rx: int, ry: int, code: int) -> None:
        cx, cy = center
        for dy in range(-ry, ry + 1):
            half = int(rx * math.sqrt(max(0.0, 1 - (dy / (ry + 0.5)) ** 2)))
            self._fill_rect((cx - half, cy + dy, cx + half, cy + dy), code)

    def _fill_line(self, points: list[Position], width: int, code: int) -> None:
        """A 4-connected polyline (so walls block and roads connect under 4-neighbour moves)."""
        lo, hi = -((width - 1) // 2), width // 2
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            x, y = ax, ay
            sx, sy = (1 if bx > ax else -1), (1 if by > ay else -1)
            self._fill_rect((x + lo, y + lo, x + hi, y + hi), code)
            while (x, y) != (bx, by):
                # step along one axis at a time, keeping closest to the ideal segment
                steps = []
                if x != bx:
                    steps.append((x + sx, y))
                if y != by:
                    steps.append((x, y + sy))
                x, y = min(steps, key=lambda c: abs((c[0] - ax) * (by - ay) - (c[1] - ay) * (bx - ax)))
                self._fill_rect((x + lo, y + lo, x + hi, y + hi), code)

    def _flood(self, start: Position, bounds: tuple[int, int] | None = None) -> bytes:
        """1 per tile reachable on foot from `start`; with `bounds` (width, height) only tiles in the
        rectangle from (0, 0) of that size are walked (the base map as it is alone)."""
        w, h = self.width, self.height
        bw, bh = bounds or (w, h)
        seen = bytearray(w * h)
        walk = self.walkable_grid
        s = start[1] * w + start[0]
        if not walk[s]:
            return bytes(seen)
        seen[s] = 1
        queue = deque([s])
        pop, push = queue.popleft, queue.append
        last_x, limit = bw - 1, bh * w
        while queue:
            i = pop()
            x = i % w
            for j in (i - w, i + w, i - 1 if x > 0 else -1, i + 1 if x < last_x else -1):
                if 0 <= j < limit and walk[j] and not seen[j]:
                    seen[j] = 1
                    push(j)
        return bytes(seen)

    def _flood_on(self, base: bytes) -> bytes:
        """The whole map's flood from the hub, given the base map's own (`_flood` with bounds): walk on
        from every reached tile on the base map's east and south edges."""
        w, h, bw, bh = self.width, self.height, self.base_width, self.base_height
        seen = bytearray(base)
        walk = self.walkable_grid
        edge = [y * w + bw - 1 for y in range(bh)] + [(bh - 1) * w + x for x in range(bw)]
        queue = deque(i for i in edge if seen[i])
        pop, push = queue.popleft, queue.append
        last_x, limit = w - 1, w * h
        while queue:
            i = pop()
            x = i % w
            for j in (i - w, i + w, i - 1 if x > 0 else -1, i + 1 if x < last_x else -1):
                if 0 <= j < limit and walk[j] and not seen[j]:
                    seen[j] = 1
                    push(j)
        return bytes(seen)

    def _place(
        self,
        npc_positions: dict[str, str | Position],
        npc_sources: dict[str, tuple[str, int | None]],
        hub: str,
        margin: int,
        p: list[str],
    ) -> None:
        """Landmarks, then everything with a fixed place (stations, NPCs, nodes), then what is scattered
        over regions (node fields, mob spawns): every tile checked walkable and reachable from the hub.
        The base map first, exactly as it is alone; then each bundle, only in its own regions."""
        if not self._place_landmarks(hub, p):
            return
        placer = Placer(self, hub, p, margin)
        self._place_fixed(placer, npc_positions, npc_sources)
        if p:
            return
        self._place_scattered(placer)

    def _extension_regions(self) -> list[set[int]]:
        """The region indices of each bundle, in bundle order."""
        out, index = [], len(self.spec.regions)
        for _, ext in self.extensions:
            out.append(set(range(index, index + len(ext.regions))))
            index += len(ext.regions)
        return out

    def _place_landmarks(self, hub: str, p: list[str]) -> bool:
        named = [("map.yaml", i, lm, None) for i, lm in enumerate(self.spec.landmarks)]
        for k, (source, ext) in enumerate(self.extensions):
            named += [(source, i, lm, k) for i, lm in enumerate(ext.landmarks)]
        for source, i, lm, k in named:
            where = f"{source}: {'map.' if k is not None else ''}landmarks[{i}] '{lm.id}'"
            if lm.id in self.landmarks:
                p.append(f"{where}: duplicate landmark id")
            self.landmarks[lm.id] = tuple(lm.position)
            self.landmark_names[lm.id] = lm.name
            self.landmark_descriptions[lm.id] = lm.description
        if hub not in self.landmarks:
            p.append(f"rules.yaml: hub: unknown landmark '{hub}'")
            return False
        if not self.walkable(*self.landmarks[hub]):
            p.append(f"rules.yaml: hub: landmark '{hub}' at {self.landmarks[hub]} is not walkable")
            return False
        if self.extensions:  # the base map alone first (its scatter reads that), then onward from it
            self._base_reach = self._flood(self.landmarks[hub], (self.base_width, self.base_height))
            self.reachable = self._flood_on(self._base_reach)
        else:
            self._base_reach = self.reachable = self._flood(self.landmarks[hub])
        return True

    def _place_fixed(
        self,
        placer: Placer,
        npc_positions: dict[str, str | Position],
        npc_sources: dict[str, tuple[str, int | None]],
    ) -> None:
        spec, check = self.spec, placer.check
        for i, lm in enumerate(spec.landmarks):
            check(f"map.yaml: landmarks[{i}] '{lm.id}'", tuple(lm.position), claim=False)
        for i, st in enumerate(spec.stations):
            xy = check(f"map.yaml: stations[{i}] '{st.station}#{st.place}'", st.position)
            if xy:
                self.placed_stations.append((st.station, st.place, xy))
        homes = self._extension_regions()
        self._bundle_nodes: list[list[tuple[str, Position]]] = [[] for _ in self.extensions]
        for npc, pos in npc_positions.items():
            source, k = npc_sources.get(npc, ("npcs.yaml", None))
            xy = check(f"{source}: npc '{npc}': position", pos, home=None if k is None else homes[k])
            if xy:
                self.npc_positions[npc] = xy
        for i, nd in enumerate(spec.nodes):
            xy = check(f"map.yaml: nodes[{i}] '{nd.kind}'", nd.position)
            if xy:
                self.placed_nodes.append((nd.kind, xy))
        for k, (source, ext) in enumerate(self.extensions):
            for i, lm in enumerate(ext.landmarks):
                check(
                    f"{source}: map.landmarks[{i}] '{lm.id}'", tuple(lm.position), claim=False, home=homes[k]
                )
            for i, st in enumerate(ext.stations):
                xy = check(
                    f"{source}: map.stations[{i}] '{st.station}#{st.place}'", st.position, home=homes[k]
                )
                if xy:
                    self.placed_stations.append((st.station, st.place, xy))
            for i, nd in enumerate(ext.nodes):
                xy = check(f"{source}: map.nodes[{i}] '{nd.kind}'", nd.position, home=homes[k])
                if xy:
                    self._bundle_nodes[k].append((nd.kind, xy))  # listed after the base map's scatter

    def _place_scattered(self, placer: Placer) -> None:
        """The base map's node fields and spawns with its generator over the tiles reachable inside the
        base map (so nothing outside it can move them), then each bundle's with its own."""
        spec = self.spec
        placer.start_scatter(self._base_reach)
        placer.begin(spec.seed, bounds=(self.base_width, self.base_height))
        self._scatter("map.yaml: ", spec.node_fields, spec.spawns, placer, None)
        for k, ((source, ext), home) in enumerate(zip(self.extensions, self._extension_regions())):
            self.placed_nodes.extend(self._bundle_nodes[k])
            placer.begin(ext.seed, bounds=(self.width, self.height))
            self._scatter(f"{source}: map.", ext.node_fields, ext.spawns, placer, home)

    def _scatter(
        self, prefix: str, fields: list, spawns: list, placer: Placer, home: set[int] | None
    ) -> None:
        for i, f in enumerate(fields):
            where = f"{prefix}node_fields[{i}] '{f.kind}'"
            for xy in placer.scatter(where, f.region, f.count, f.terrain, f.near, home):
                self.placed_nodes.append((f.kind, xy))
        for i, sp in enumerate(spawns):
            where = f"{prefix}spawns[{i}] '{sp.mob}'"
            if sp.region is not None:
                for xy in placer.scatter(where, sp.region, sp.count, home=home):
                    self.mob_spawns.append((sp.mob, xy))
            else:
                xy = placer.check(where, sp.position, claim=False, home=home)
                if xy:
                    self.mob_spawns.extend([(sp.mob, xy)] * sp.count)

    # --- rendering (map_render.py) ----------------------------------------------------------
    def terrain_rgb(self):
        """(height, width, 3) uint8 image: each tile in its terrain's colour (the PNG's and the env's base)."""
        return map_render.terrain_rgb(self)

    def render_png(
        self,
        path: str | Path,
        *,
        dpi: int = 100,
        title: str = "AgentWorld",
        node_skills: dict[str, str] | None = None,
    ) -> Path:
        """Draw terrain colours, region names, landmarks and resource nodes to a PNG file (map_render.py)."""
        return map_render.render_png(self, path, dpi=dpi, title=title, node_skills=node_skills)


def _anchors(f: Feature) -> list[Position]:
    """The points that place a feature (a rectangle's corners, a circle's centre, a line's points)."""
    if f.shape in ("rect", "outline"):
        x0, y0, x1, y1 = f.rect
        return [(x0, y0), (x1, y1)]
    if f.shape == "circle":
        return [tuple(f.center)]
    return [tuple(xy) for xy in f.points]
