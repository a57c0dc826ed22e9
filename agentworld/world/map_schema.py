"""The schema of data/map.yaml and of a region bundle's `map:`: terrains, regions, features, landmarks and
what is placed on them, as pydantic models (unknown fields are errors, loaded entries are immutable).
gamemap.py paints and places them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

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
    climate: str = ""  # its weather and ground: what living and travelling there is like


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


class MapExtension(_Model):
    """A region bundle's part of the map (``map:`` of a data/regions/*.yaml file): its own terrains,
    regions (outside the base map), features (inside its regions) and what it places there."""

    seed: int = 0  # its own scatter generator: another bundle never moves what this one scatters
    terrain: list[Terrain] = Field(default_factory=list)
    regions: list[Region] = Field(min_length=1)
    features: list[Feature] = Field(default_factory=list)
    landmarks: list[Landmark] = Field(default_factory=list)
    stations: list[PlacedStation] = Field(default_factory=list)
    node_fields: list[NodeField] = Field(default_factory=list)
    nodes: list[ExplicitNode] = Field(default_factory=list)
    spawns: list[Spawn] = Field(default_factory=list)
