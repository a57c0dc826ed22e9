"""The world's content: ``load_content()`` reads the data files in ``data/`` into ``Content``.

Everything the engine knows about items, recipes, mobs, NPCs and the map comes from the
YAML files beside this module, so the world can be changed without touching code. Loading
validates every entry (unknown fields are errors, so typos are caught) and every
cross-reference, and raises one ``ContentError`` listing all problems, each naming the file,
the entry and the field.

Besides the seven base files, ``data/regions/*.yaml`` are region bundles, read in file-name order:
each holds one part of the world whole (its ``items``, ``stations``, ``recipes``, ``mobs``, ``npcs``
and, under ``map:``, its terrains, regions, features, landmarks, placed stations, ``node_kinds``,
node fields, nodes and spawns), in the same form as the base files. A bundle adds regions beside the
base map and never changes what the base world places or offers (gamemap.py, content_refs.py), so
tasks written against the base world stay true when a bundle is added.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

# the schema is content_schema.py's and the reference checks content_refs.py's; importers of content keep
# finding the models here
from agentworld.world.content_refs import Tables, cross_check
from agentworld.world.content_schema import (  # noqa: F401
    BUNDLE_DIR,
    ContentError,
    Model,
    Stats,
    Rules,
    Skill,
    XpCurve,
    ToolSpec,
    Item,
    Station,
    Recipe,
    RareYield,
    NodeKind,
    Drop,
    Mob,
    StockEntry,
    Shop,
    QuestStage,
    Reward,
    Quest,
    Npc,
    Exposure,
    Id,
    Position,
    Style,
)
from agentworld.world.gamemap import GameMap, MapExtension, MapSpec

# the XP curve is xp.py's (pure arithmetic); importers of content keep finding it here
from agentworld.world.xp import MAX_LEVEL, XP_LINEAR, XP_QUADRATIC, level_for_xp, xp_for_level  # noqa: F401

DATA_DIR = Path(__file__).parent / "data"
FILES = ("rules", "skills", "items", "recipes", "mobs", "npcs", "map")
BUNDLE_KEYS = ("items", "stations", "recipes", "mobs", "npcs", "map")  # a bundle's top-level sections


# --- the loaded content ----------------------------------------------------------------------
class Content:
    """All validated content plus the built map; immutable and shared by every World."""

    def __init__(
        self,
        rules: Rules,
        skills: dict[str, Skill],
        items: dict[str, Item],
        stations: dict[str, Station],
        recipes: dict[str, Recipe],
        node_kinds: dict[str, NodeKind],
        mobs: dict[str, Mob],
        npcs: dict[str, Npc],
        map: GameMap,
        data_dir: Path,
        exposures: dict[str, Exposure] | None = None,
        origin: dict[tuple[str, str], str] | None = None,
    ):
        self.rules = rules
        self.skills = skills
        self.items = items
        self.stations = stations
        self.recipes = recipes
        self.node_kinds = node_kinds
        self.mobs = mobs
        self.npcs = npcs
        self.map = map
        self.data_dir = data_dir
        self.exposures = exposures or {}  # weather a task may turn on (map.yaml exposures, world/exposure.py)
        # (table, id) -> the file an entry comes from ("items.yaml", "regions/caldera.yaml"); tables:
        # items, stations, recipes, node_kinds, mobs, npcs
        self.origin = origin or {}

    def from_bundle(self, table: str, ident: str) -> bool:
        """Whether the entry comes from a region bundle (data/regions/), not a base file."""
        return self.origin.get((table, ident), "").startswith(BUNDLE_DIR + "/")

    def base_world(self) -> "Content":
        """The same content without its region bundles (the base files as loaded, overrides included),
        built once; this content itself when it has no bundles."""
        if not self.map.extensions:
            return self
        if getattr(self, "_base_world", None) is None:
            self._base_world = _build(self._raw, self.data_dir, [])
        return self._base_world

    def __repr__(self) -> str:
        return (
            f"Content({len(self.items)} items, {len(self.recipes)} recipes, {len(self.mobs)} mobs, "
            f"{len(self.npcs)} npcs, {len(self.map.placed_nodes)} nodes, map {self.map.width}x{self.map.height})"
        )

    def __deepcopy__(self, memo: dict) -> "Content":
        return self  # immutable: worlds that deep-copy themselves share it

    def __reduce__(self):
        """Pickling a World stores only a reference to the default content (it is reloaded)."""
        if getattr(self, "_default", False):
            return (load_content, ())
        return (_restore_content, (dict(self.__dict__),))


def _restore_content(state: dict) -> Content:
    content = Content.__new__(Content)
    content.__dict__.update(state)
    return content


_CACHE: Content | None = None


def load_content(
    data_dir: str | Path | None = None, overrides: dict[str, dict] | None = None, bundles: bool = True
) -> Content:
    """Load and validate the world's content.

    The default directory is cached per process. ``overrides`` maps a file stem
    ("rules", "items", …) to top-level keys replacing those of that file (for tests).
    ``bundles=False`` leaves out the region bundles (the base world alone, for comparisons).
    """
    global _CACHE
    default = data_dir is None and not overrides and bundles
    if default and _CACHE is not None:
        return _CACHE
    directory = Path(data_dir) if data_dir is not None else DATA_DIR
    raw = _read_files(directory)
    for stem, keys in (overrides or {}).items():
        if stem not in raw:
            raise ContentError([f"overrides: unknown data file '{stem}' (known: {', '.join(FILES)})"])
        raw[stem] = {**raw[stem], **copy.deepcopy(keys)}
    content = _build(raw, directory, _read_bundles(directory) if bundles else [])
    if default:
        content._default = True
        _CACHE = content
    return content


def _read_files(directory: Path) -> dict[str, dict]:
    if not directory.is_dir():
        raise ContentError(
            [f"{directory}: no such data directory (it must hold {', '.join(FILES)} .yaml files)"]
        )
    raw: dict[str, dict] = {}
    problems = []
    for stem in FILES:
        path = directory / f"{stem}.yaml"
        try:
            with open(path, encoding="utf-8") as fh:
                data = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except FileNotFoundError:
            problems.append(f"{stem}.yaml: file not found in {directory}")
            continue
        except yaml.YAMLError as exc:
            problems.append(f"{stem}.yaml: not valid YAML: {exc}")
            continue
        if not isinstance(data, dict):
            problems.append(f"{stem}.yaml: the top level must be a mapping")
            continue
        raw[stem] = data
    if problems:
        raise ContentError(problems)
    return raw


def _read_bundles(directory: Path) -> list[tuple[str, dict]]:
    """The region bundles of a data directory as (file label, data), in file-name order."""
    out, problems = [], []
    for path in sorted((directory / BUNDLE_DIR).glob("*.yaml")):
        label = f"{BUNDLE_DIR}/{path.name}"
        try:
            with open(path, encoding="utf-8") as fh:
                data = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except yaml.YAMLError as exc:
            problems.append(f"{label}: not valid YAML: {exc}")
            continue
        if not isinstance(data, dict):
            problems.append(f"{label}: the top level must be a mapping")
            continue
        for key in data:
            if key not in BUNDLE_KEYS:
                problems.append(
                    f"{label}: unknown top-level key '{key}' (expected: {', '.join(BUNDLE_KEYS)})"
                )
        if isinstance(data.get("map"), dict) and "node_kinds" in data["map"]:
            data = {**data, "node_kinds": data["map"]["node_kinds"]}  # a table like items, validated alike
        out.append((label, data))
    if problems:
        raise ContentError(problems)
    return out


def _entry_name(entry: Any) -> str:
    """How an entry of a list is named in errors: its id, else a name/kind/mob/station field."""
    if isinstance(entry, dict):
        for key in ("id", "name", "kind", "mob", "station"):
            if isinstance(entry.get(key), str) and entry[key]:
                return entry[key]
    return "?"


def _fmt_errors(where: str, exc: ValidationError, data: Any = None, prefix: str = "") -> list[str]:
    """One line per pydantic error; `section[i] 'name'` (after `prefix`) replaces list indexes of ``data``."""
    out = []
    for err in exc.errors():
        loc = list(err["loc"])
        head = where
        if (
            isinstance(data, dict)
            and len(loc) >= 2
            and isinstance(loc[0], str)
            and isinstance(loc[1], int)
            and isinstance(data.get(loc[0]), list)
            and loc[1] < len(data[loc[0]])
        ):
            head = f"{where.split(':')[0]}: {prefix}{loc[0]}[{loc[1]}] '{_entry_name(data[loc[0]][loc[1]])}'"
            loc = loc[2:]
        text = ".".join(str(part) for part in loc)
        out.append(f"{head}: {text + ': ' if text else ''}{err['msg']}")
    return out


class _Loader:
    """Collects problems while validating sections, so one error lists them all."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.origin: dict[tuple[str, str], str] = {}  # (table, id) -> file
        self.where: dict[tuple[str, str], str] = {}  # (table, id) -> "file: section[i]"

    def one(self, file: str, key: str, model: type[BaseModel], data: Any, prefix: str = "") -> Any:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            self.problems.extend(_fmt_errors(f"{file}: {key}", exc, data, prefix))
            return None

    def known(self, keys: set[str], file: str, data: dict) -> None:
        """A problem for each top-level key of `file` that is not one of `keys`."""
        for key in data:
            if key not in keys:
                self.problems.append(
                    f"{file}: unknown top-level key '{key}' (expected: {', '.join(sorted(keys))})"
                )

    def table(self, section: str, model: type[BaseModel], sources: list[tuple[str, str, Any]]) -> dict:
        """Validate lists of entries with ids into one id -> model dict. ``sources``: (file, the
        section's name there, its list or None when the file has no such section), base file first."""
        out: dict[str, Any] = {}
        for file, shown, entries in sources:
            if entries is None:
                continue
            if not isinstance(entries, list):
                self.problems.append(f"{file}: '{shown}' must be a list")
                continue
            for i, entry in enumerate(entries):
                ident = entry.get("id", "?") if isinstance(entry, dict) else "?"
                where = f"{file}: {shown}[{i}] '{ident}'"
                if not isinstance(entry, dict):
                    self.problems.append(f"{where}: must be a mapping")
                    continue
                try:
                    obj = model.model_validate(entry)
                except ValidationError as exc:
                    self.problems.extend(_fmt_errors(where, exc))
                    continue
                if obj.id in out:
                    self.problems.append(
                        f"{where}: duplicate id '{obj.id}' (first in {self.origin[(section, obj.id)]})"
                    )
                    continue
                out[obj.id] = obj
                self.origin[(section, obj.id)] = file
                self.where[(section, obj.id)] = f"{file}: {shown}[{i}]"
        return out


def _build(raw: dict[str, dict], directory: Path, bundles: list[tuple[str, dict]] = ()) -> Content:
    """Validate every table, cross-check them, build the map, then check the map places each recipe's
    station; a step with problems raises one ContentError listing them all."""
    ld = _Loader()
    tables, npc_sources = _read_tables(ld, raw, bundles)
    cross_check(ld.problems, tables)
    if ld.problems or tables.rules is None or tables.spec is None:
        raise ContentError(ld.problems)
    gmap = _build_map(ld.problems, tables, npc_sources)
    _check_stations_placed(ld, tables.recipes, gmap)
    content = Content(
        tables.rules,
        tables.skills,
        tables.items,
        tables.stations,
        tables.recipes,
        tables.node_kinds,
        tables.mobs,
        tables.npcs,
        gmap,
        directory,
        tables.exposures,
        dict(ld.origin),
    )
    content._raw = raw  # the base files as read (Content.base_world rebuilds them without the bundles)
    return content


def _read_tables(
    ld: _Loader, raw: dict[str, dict], bundles: list[tuple[str, dict]]
) -> tuple[Tables, dict[str, tuple[str, int | None]]]:
    """Every table of the base files and the bundles, validated entry by entry, and where each bundle NPC
    stands (_extensions)."""

    def sources(stem: str, section: str, bundle_section: str | None = None) -> list[tuple[str, str, Any]]:
        """The base file's section (missing: a problem) and each bundle's (optional)."""
        base = raw[stem].get(section)
        if base is None:
            ld.problems.append(f"{stem}.yaml: missing section '{section}'")
        shown = bundle_section or section
        return [(f"{stem}.yaml", section, base)] + [
            (label, shown, data.get(section)) for label, data in bundles
        ]

    rules = ld.one("rules.yaml", "rules", Rules, raw["rules"])
    skills = _read_skills(ld, raw["skills"])
    ld.known({"items"}, "items.yaml", raw["items"])
    items = ld.table("items", Item, sources("items", "items"))
    ld.known({"stations", "recipes"}, "recipes.yaml", raw["recipes"])
    stations = ld.table("stations", Station, sources("recipes", "stations"))
    recipes = ld.table("recipes", Recipe, sources("recipes", "recipes"))
    ld.known({"mobs"}, "mobs.yaml", raw["mobs"])
    mobs = ld.table("mobs", Mob, sources("mobs", "mobs"))
    ld.known({"npcs"}, "npcs.yaml", raw["npcs"])
    npcs = ld.table("npcs", Npc, sources("npcs", "npcs"))
    node_kinds = ld.table("node_kinds", NodeKind, sources("map", "node_kinds", "map.node_kinds"))

    mp = dict(raw["map"])
    mp.pop("node_kinds", None)
    exposures = ld.table("exposures", Exposure, [("map.yaml", "exposures", mp.pop("exposures", []))])
    spec = ld.one("map.yaml", "map", MapSpec, mp)
    extensions, npc_sources = _extensions(ld, bundles, npcs)
    tables = Tables(
        rules, skills, items, stations, recipes, node_kinds, mobs, npcs, spec, exposures, ld.where, extensions
    )
    return tables, npc_sources


def _read_skills(ld: _Loader, sk: dict) -> dict:
    """skills.yaml: its XP curve, which must be the engine's (xp.py), and its skills table."""
    ld.known({"curve", "skills"}, "skills.yaml", sk)
    curve = ld.one("skills.yaml", "curve", XpCurve, sk.get("curve"))
    if curve is not None and (curve.quadratic, curve.linear, curve.max_level) != (
        XP_QUADRATIC,
        XP_LINEAR,
        MAX_LEVEL,
    ):
        ld.problems.append(
            f"skills.yaml: curve: must match the engine's xp_for_level "
            f"(quadratic {XP_QUADRATIC}, linear {XP_LINEAR}, max_level {MAX_LEVEL})"
        )
    if "skills" not in sk:
        ld.problems.append("skills.yaml: missing section 'skills'")
    return ld.table("skills", Skill, [("skills.yaml", "skills", sk.get("skills"))])


def _build_map(
    problems: list[str], tables: Tables, npc_sources: dict[str, tuple[str, int | None]]
) -> GameMap:
    """The base map with each bundle's beside it; its problems raise."""
    gmap = GameMap.build(
        tables.spec,
        npc_positions={n.id: n.position for n in tables.npcs.values()},
        hub=tables.rules.hub,
        problems=problems,
        extensions=tables.extensions,
        npc_sources=npc_sources,
        margin=tables.rules.view_radius,
    )
    if problems:
        raise ContentError(problems)
    return gmap


def _check_stations_placed(ld: _Loader, recipes: dict[str, Recipe], gmap: GameMap) -> None:
    """A recipe's station must stand somewhere on the map: only the built map knows what it places."""
    placed = {s for s, _, _ in gmap.placed_stations}
    for r in recipes.values():
        if r.station is not None and r.station not in placed:
            ld.problems.append(
                f"{ld.where[('recipes', r.id)]} '{r.id}': station: no '{r.station}' is placed in map.yaml stations"
            )
    if ld.problems:
        raise ContentError(ld.problems)


def _extensions(
    ld: _Loader, bundles: list[tuple[str, dict]], npcs: dict
) -> tuple[list[tuple[str, MapExtension]], dict[str, tuple[str, int | None]]]:
    """Each bundle's map (without its node kinds, a table of their own) and, per NPC of a bundle, its file
    and the index of its map among them (its NPCs stand in its own regions)."""
    extensions: list[tuple[str, MapExtension]] = []
    npc_sources: dict[str, tuple[str, int | None]] = {}
    for label, data in bundles:
        index = None
        if data.get("map") is not None:
            if not isinstance(data["map"], dict):
                ld.problems.append(f"{label}: 'map' must be a mapping")
                continue
            ext = ld.one(
                label,
                "map",
                MapExtension,
                {k: v for k, v in data["map"].items() if k != "node_kinds"},
                "map.",
            )
            if ext is not None:
                index = len(extensions)
                extensions.append((label, ext))
        for npc_id, file in ld.origin.items():
            if npc_id[0] == "npcs" and file == label:
                if index is None:
                    ld.problems.append(
                        f"{label}: npc '{npc_id[1]}': a bundle's NPCs stand in its own regions, "
                        "and this bundle has no 'map' with regions"
                    )
                npc_sources[npc_id[1]] = (label, index)
    return extensions, npc_sources
