"""The tile grid painted from ``data/map.yaml``: terrain, regions, placed things, PNG render.

The map is built once per Content and shared (read-only) by every World. Terrain and region
ids are stored as one byte per tile (index ``y * width + x``), so ``walkable(x, y)`` is an
O(1) lookup cheap enough for A*. x grows to the east, y to the south; (0, 0) is the
north-west corner. Rectangles are ``[x0, y0, x1, y1]`` with both corners inclusive.
"""

from __future__ import annotations

import math
from collections import deque
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from agentworld.world.placement import Placer

Position = tuple[int, int]
Rect = tuple[int, int, int, int]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Terrain(_Model):
    id: str
    name: str
    walkable: bool
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")


class Region(_Model):
    id: str
    name: str
    rect: Rect
    terrain: str | None = None  # base terrain painted over the rect before the features
    description: str = ""


class Feature(_Model):
    """A shape painted with one terrain; features are painted in file order (later wins)."""

    name: str = ""
    shape: Literal["rect", "outline", "circle", "line"]
    terrain: str
    rect: Rect | None = None  # rect, outline
    center: Position | None = None  # circle
    radius: int | tuple[int, int] | None = None  # circle: r or [rx, ry]
    points: list[Position] | None = None  # line: a polyline, 4-connected
    width: int = Field(1, ge=1)  # line thickness / outline thickness

    @model_validator(mode="after")
    def _shape_fields(self) -> "Feature":
        need = {"rect": ("rect",), "outline": ("rect",), "circle": ("center", "radius"), "line": ("points",)}
        missing = [f for f in need[self.shape] if getattr(self, f) is None]
        if missing:
            raise ValueError(f"shape '{self.shape}' needs {', '.join(missing)}")
        if self.shape == "line" and len(self.points or []) < 2:
            raise ValueError("a line needs at least 2 points")
        return self


class Landmark(_Model):
    id: str
    name: str
    position: Position
    description: str = ""


class PlacedStation(_Model):
    station: str
    place: str
    position: str | Position  # landmark id or [x, y]


class NodeField(_Model):
    """``count`` nodes of ``kind`` scattered over the free walkable tiles of ``region``."""

    kind: str
    region: str
    count: int = Field(ge=1)
    terrain: list[str] | None = None  # only on these terrains
    near: list[str] | None = None  # only on tiles 4-adjacent to one of these terrains (fishing spots)


class ExplicitNode(_Model):
    kind: str
    position: str | Position


class Spawn(_Model):
    mob: str
    region: str | None = None
    position: str | Position | None = None  # landmark id or [x, y]
    count: int = Field(1, ge=1)

    @model_validator(mode="after")
    def _where(self) -> "Spawn":
        if (self.region is None) == (self.position is None):
            raise ValueError("give exactly one of 'region' or 'position'")
        return self


class MapSpec(_Model):
    width: int = Field(ge=16, le=1024)
    height: int = Field(ge=16, le=1024)
    seed: int = 0
    default_terrain: str
    terrain: list[Terrain] = Field(min_length=1, max_length=255)
    regions: list[Region] = Field(min_length=1, max_length=254)
    features: list[Feature] = Field(default_factory=list)
    landmarks: list[Landmark] = Field(default_factory=list)
    stations: list[PlacedStation] = Field(default_factory=list)
    node_fields: list[NodeField] = Field(default_factory=list)
    nodes: list[ExplicitNode] = Field(default_factory=list)
    spawns: list[Spawn] = Field(default_factory=list)


NO_REGION = 255


class GameMap:
    """The painted grid plus everything placed on it (all positions are (x, y) tuples)."""

    def __init__(self, spec: MapSpec):
        self.spec = spec
        self.width = spec.width
        self.height = spec.height
        self.terrain_types: list[Terrain] = list(spec.terrain)
        self.regions: dict[str, Region] = {r.id: r for r in spec.regions}
        self._region_ids: list[str] = [r.id for r in spec.regions]
        self.terrain: bytes = b""  # terrain index per tile (a bytearray while painting)
        self.region_grid: bytes = b""  # region index per tile (NO_REGION if none)
        self.walkable_grid: bytes = b""  # 1 if walkable, per tile
        self.landmarks: dict[str, Position] = {}
        self.landmark_names: dict[str, str] = {}
        self.placed_stations: list[tuple[str, str, Position]] = []
        self.placed_nodes: list[tuple[str, Position]] = []
        self.mob_spawns: list[tuple[str, Position]] = []
        self.npc_positions: dict[str, Position] = {}
        self.reachable: bytes = b""  # 1 if reachable from the hub landmark

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

    # --- building ----------------------------------------------------------------------------
    @classmethod
    def build(
        cls, spec: MapSpec, npc_positions: dict[str, str | Position], hub: str, problems: list[str]
    ) -> "GameMap":
        """Paint the grid and place everything; append every problem found to ``problems``."""
        m = cls(spec)
        m._paint(problems)
        if problems:
            return m
        m._place(npc_positions, hub, problems)
        return m

    def _paint(self, p: list[str]) -> None:
        spec, w, h = self.spec, self.width, self.height
        tindex = {t.id: i for i, t in enumerate(self.terrain_types)}
        if len(tindex) != len(self.terrain_types):
            p.append("map.yaml: terrain: duplicate terrain ids")
        if len(self.regions) != len(spec.regions):
            p.append("map.yaml: regions: duplicate region ids")

        def tcode(t: str, where: str) -> int:
            if t not in tindex:
                p.append(f"{where}: unknown terrain '{t}'")
                return 0
            return tindex[t]

        self.terrain = bytearray([tcode(spec.default_terrain, "map.yaml: default_terrain")]) * (w * h)
        self.region_grid = bytearray([NO_REGION]) * (w * h)
        for i, r in enumerate(spec.regions):
            where = f"map.yaml: regions[{i}] '{r.id}'"
            x0, y0, x1, y1 = r.rect
            if not (0 <= x0 <= x1 < w and 0 <= y0 <= y1 < h):
                p.append(f"{where}: rect {list(r.rect)} is not inside the {w}x{h} map")
                continue
            for y in range(y0, y1 + 1):
                self.region_grid[y * w + x0 : y * w + x1 + 1] = bytes([i]) * (x1 - x0 + 1)
            if r.terrain is not None:
                self._fill_rect(r.rect, tcode(r.terrain, f"{where}: terrain"))
        for i, f in enumerate(spec.features):
            code = tcode(f.terrain, f"map.yaml: features[{i}] '{f.name}'")
            if f.shape == "rect":
                self._fill_rect(f.rect, code)
            elif f.shape == "outline":
                x0, y0, x1, y1 = f.rect
                k = f.width - 1
                for r in (
                    (x0, y0, x1, y0 + k),
                    (x0, y1 - k, x1, y1),
                    (x0, y0, x0 + k, y1),
                    (x1 - k, y0, x1, y1),
                ):
                    self._fill_rect(r, code)
            elif f.shape == "circle":
                rx, ry = (f.radius, f.radius) if isinstance(f.radius, int) else f.radius
                self._fill_ellipse(f.center, rx, ry, code)
            else:
                self._fill_line(f.points, f.width, code)
        walk = [1 if t.walkable else 0 for t in self.terrain_types]
        self.terrain = bytes(self.terrain)  # frozen: the map is shared by every World
        self.region_grid = bytes(self.region_grid)
        self.walkable_grid = self.terrain.translate(bytes(walk + [0] * (256 - len(walk))))
        if NO_REGION in self.region_grid:
            i = self.region_grid.index(NO_REGION)
            p.append(
                f"map.yaml: regions: tile ({i % w}, {i // w}) is in no region; regions must cover the map"
            )

    def _fill_rect(self, rect: Rect, code: int) -> None:
        w, h = self.width, self.height
        x0, y0, x1, y1 = max(0, rect[0]), max(0, rect[1]), min(w - 1, rect[2]), min(h - 1, rect[3])
        if x0 > x1:
            return
        row = bytes([code]) * (x1 - x0 + 1)
        for y in range(y0, y1 + 1):
            self.terrain[y * w + x0 : y * w + x1 + 1] = row

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

    def _flood(self, start: Position) -> bytes:
        w, h = self.width, self.height
        seen = bytearray(w * h)
        walk = self.walkable_grid
        s = start[1] * w + start[0]
        if not walk[s]:
            return bytes(seen)
        seen[s] = 1
        queue = deque([s])
        pop, push = queue.popleft, queue.append
        while queue:
            i = pop()
            x = i % w
            for j in (i - w, i + w, i - 1 if x > 0 else -1, i + 1 if x < w - 1 else -1):
                if 0 <= j < w * h and walk[j] and not seen[j]:
                    seen[j] = 1
                    push(j)
        return bytes(seen)

    def _place(self, npc_positions: dict[str, str | Position], hub: str, p: list[str]) -> None:
        """Landmarks, then everything with a fixed place (stations, NPCs, nodes), then what is scattered
        over regions (node fields, mob spawns): every tile checked walkable and reachable from the hub."""
        if not self._place_landmarks(hub, p):
            return
        placer = Placer(self, hub, p)
        self._place_fixed(placer, npc_positions)
        if p:
            return
        self._place_scattered(placer)

    def _place_landmarks(self, hub: str, p: list[str]) -> bool:
        for i, lm in enumerate(self.spec.landmarks):
            where = f"map.yaml: landmarks[{i}] '{lm.id}'"
            if lm.id in self.landmarks:
                p.append(f"{where}: duplicate landmark id")
            self.landmarks[lm.id] = tuple(lm.position)
            self.landmark_names[lm.id] = lm.name
        if hub not in self.landmarks:
            p.append(f"rules.yaml: hub: unknown landmark '{hub}'")
            return False
        if not self.walkable(*self.landmarks[hub]):
            p.append(f"rules.yaml: hub: landmark '{hub}' at {self.landmarks[hub]} is not walkable")
            return False
        self.reachable = self._flood(self.landmarks[hub])
        return True

    def _place_fixed(self, placer: Placer, npc_positions: dict[str, str | Position]) -> None:
        spec, check = self.spec, placer.check
        for i, lm in enumerate(spec.landmarks):
            check(f"map.yaml: landmarks[{i}] '{lm.id}'", tuple(lm.position), claim=False)
        for i, st in enumerate(spec.stations):
            xy = check(f"map.yaml: stations[{i}] '{st.station}#{st.place}'", st.position)
            if xy:
                self.placed_stations.append((st.station, st.place, xy))
        for npc, pos in npc_positions.items():
            xy = check(f"npcs.yaml: npc '{npc}': position", pos)
            if xy:
                self.npc_positions[npc] = xy
        for i, nd in enumerate(spec.nodes):
            xy = check(f"map.yaml: nodes[{i}] '{nd.kind}'", nd.position)
            if xy:
                self.placed_nodes.append((nd.kind, xy))

    def _place_scattered(self, placer: Placer) -> None:
        spec = self.spec
        placer.start_scatter()
        for i, f in enumerate(spec.node_fields):
            where = f"map.yaml: node_fields[{i}] '{f.kind}'"
            for xy in placer.scatter(where, f.region, f.count, f.terrain, f.near):
                self.placed_nodes.append((f.kind, xy))
        for i, sp in enumerate(spec.spawns):
            where = f"map.yaml: spawns[{i}] '{sp.mob}'"
            if sp.region is not None:
                for xy in placer.scatter(where, sp.region, sp.count):
                    self.mob_spawns.append((sp.mob, xy))
            else:
                xy = placer.check(where, sp.position, claim=False)
                if xy:
                    self.mob_spawns.extend([(sp.mob, xy)] * sp.count)

    # --- rendering ---------------------------------------------------------------------------
    def terrain_rgb(self):
        """(height, width, 3) uint8 image: each tile in its terrain's colour (the PNG's and the env's base)."""
        import numpy as np

        palette = np.array(
            [[int(t.colour[k : k + 2], 16) for k in (1, 3, 5)] for t in self.terrain_types], dtype=np.uint8
        )
        return palette[np.frombuffer(bytes(self.terrain), dtype=np.uint8).reshape(self.height, self.width)]

    def render_png(
        self,
        path: str | Path,
        *,
        dpi: int = 100,
        title: str = "AgentWorld",
        node_skills: dict[str, str] | None = None,
    ) -> Path:
        """Draw terrain colours, region names, landmarks and resource nodes to a PNG file.

        ``node_skills`` (node kind -> gathering skill) colours the node dots by skill.
        """
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        w, h = self.width, self.height
        img = self.terrain_rgb()
        fig, ax = plt.subplots(figsize=(10, 10))
        ax.imshow(img, interpolation="nearest", origin="upper")
        colours = {
            "lumberjacking": "#4e2a0c",
            "mining": "#263238",
            "fishing": "#0d2a80",
            "foraging": "#c2185b",
        }
        groups: dict[str, list[Position]] = {}
        for kind, xy in self.placed_nodes:
            groups.setdefault((node_skills or {}).get(kind, "resource"), []).append(xy)
        for skill, tiles in sorted(groups.items()):
            xs, ys = zip(*tiles)
            ax.scatter(
                xs,
                ys,
                s=5,
                c=colours.get(skill, "#2b1d0e"),
                marker="s",
                linewidths=0,
                label=f"{skill} nodes" if skill != "resource" else "resource nodes",
            )
        if self.mob_spawns:
            xs, ys = zip(*(xy for _, xy in self.mob_spawns))
            ax.scatter(xs, ys, s=7, c="#e53935", marker="x", linewidths=0.8, label="mob spawns")
        if self.placed_stations:
            xs, ys = zip(*(xy for _, _, xy in self.placed_stations))
            ax.scatter(
                xs, ys, s=14, c="#ff6f00", marker="^", linewidths=0.3, edgecolors="black", label="stations"
            )
        for r in self.regions.values():
            x0, y0, x1, y1 = r.rect
            ax.text(
                (x0 + x1) / 2,
                y0 + 4,
                r.name,
                ha="center",
                va="top",
                fontsize=9,
                weight="bold",
                color="black",
                bbox=dict(boxstyle="round,pad=0.2", fc="white", alpha=0.6, lw=0),
            )
        for lid, (x, y) in self.landmarks.items():
            ax.plot(x, y, marker="*", color="#ffd700", markeredgecolor="black", markersize=7, mew=0.5)
            ax.text(x + 1.5, y - 1.5, self.landmark_names[lid], fontsize=5, color="black")
        ax.set_title(title)
        ax.set_xlim(-0.5, w - 0.5)
        ax.set_ylim(h - 0.5, -0.5)
        ax.legend(loc="lower left", fontsize=7, markerscale=2, framealpha=0.85)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=dpi, bbox_inches="tight")
        plt.close(fig)
        return path
