"""The world's content: ``load_content()`` reads the data files in ``data/`` into ``Content``.

Everything the engine knows about items, recipes, mobs, NPCs and the map comes from the
YAML files beside this module, so the world can be changed without touching code. Loading
validates every entry (unknown fields are errors, so typos are caught) and every
cross-reference, and raises one ``ContentError`` listing all problems, each naming the file,
the entry and the field.
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
from agentworld.world.gamemap import GameMap, MapSpec

# the XP curve is xp.py's (pure arithmetic); importers of content keep finding it here
from agentworld.world.xp import MAX_LEVEL, XP_LINEAR, XP_QUADRATIC, level_for_xp, xp_for_level  # noqa: F401

DATA_DIR = Path(__file__).parent / "data"
FILES = ("rules", "skills", "items", "recipes", "mobs", "npcs", "map")


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


def load_content(data_dir: str | Path | None = None, overrides: dict[str, dict] | None = None) -> Content:
    """Load and validate the world's content.

    The default directory is cached per process. ``overrides`` maps a file stem
    ("rules", "items", …) to top-level keys replacing those of that file (for tests).
    """
    global _CACHE
    default = data_dir is None and not overrides
    if default and _CACHE is not None:
        return _CACHE
    directory = Path(data_dir) if data_dir is not None else DATA_DIR
    raw = _read_files(directory)
    for stem, keys in (overrides or {}).items():
        if stem not in raw:
            raise ContentError([f"overrides: unknown data file '{stem}' (known: {', '.join(FILES)})"])
        raw[stem] = {**raw[stem], **copy.deepcopy(keys)}
    content = _build(raw, directory)
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


def _entry_name(entry: Any) -> str:
    """How an entry of a list is named in errors: its id, else a name/kind/mob/station field."""
    if isinstance(entry, dict):
        for key in ("id", "name", "kind", "mob", "station"):
            if isinstance(entry.get(key), str) and entry[key]:
                return entry[key]
    return "?"


def _fmt_errors(where: str, exc: ValidationError, data: Any = None) -> list[str]:
    """One line per pydantic error; `section[i] 'name'` replaces list indexes of ``data``."""
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
            head = f"{where.split(':')[0]}: {loc[0]}[{loc[1]}] '{_entry_name(data[loc[0]][loc[1]])}'"
            loc = loc[2:]
        text = ".".join(str(part) for part in loc)
        out.append(f"{head}: {text + ': ' if text else ''}{err['msg']}")
    return out


class _Loader:
    """Collects problems while validating sections, so one error lists them all."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def one(self, file: str, key: str, model: type[BaseModel], data: Any) -> Any:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            self.problems.extend(_fmt_errors(f"{file}: {key}", exc, data))
            return None

    def table(
        self, file: str, section: str, model: type[BaseModel], raw: dict, *, min_count: int = 0
    ) -> dict:
        """Validate a list of entries with ids into an id -> model dict."""
        entries = raw.get(section)
        if entries is None:
            self.problems.append(f"{file}: missing section '{section}'")
            return {}
        if not isinstance(entries, list):
            self.problems.append(f"{file}: '{section}' must be a list")
            return {}
        out: dict[str, Any] = {}
        for i, entry in enumerate(entries):
            ident = entry.get("id", "?") if isinstance(entry, dict) else "?"
            where = f"{file}: {section}[{i}] '{ident}'"
            if not isinstance(entry, dict):
                self.problems.append(f"{where}: must be a mapping")
                continue
            try:
                obj = model.model_validate(entry)
            except ValidationError as exc:
                self.problems.extend(_fmt_errors(where, exc))
                continue
            if obj.id in out:
                self.problems.append(f"{where}: duplicate id '{obj.id}'")
                continue
            out[obj.id] = obj
        return out


def _build(raw: dict[str, dict], directory: Path) -> Content:
    ld = _Loader()
    p = ld.problems

    def known(extra_keys: set[str], file: str, data: dict) -> None:
        for key in data:
            if key not in extra_keys:
                p.append(f"{file}: unknown top-level key '{key}' (expected: {', '.join(sorted(extra_keys))})")

    rules_raw = raw["rules"]
    rules = ld.one("rules.yaml", "rules", Rules, rules_raw)

    sk = raw["skills"]
    known({"curve", "skills"}, "skills.yaml", sk)
    curve = ld.one("skills.yaml", "curve", XpCurve, sk.get("curve"))
    if curve is not None and (curve.quadratic, curve.linear, curve.max_level) != (
        XP_QUADRATIC,
        XP_LINEAR,
        MAX_LEVEL,
    ):
        p.append(
            f"skills.yaml: curve: must match the engine's xp_for_level "
            f"(quadratic {XP_QUADRATIC}, linear {XP_LINEAR}, max_level {MAX_LEVEL})"
        )
    skills = ld.table("skills.yaml", "skills", Skill, sk)

    it = raw["items"]
    known({"items"}, "items.yaml", it)
    items = ld.table("items.yaml", "items", Item, it)

    rc = raw["recipes"]
    known({"stations", "recipes"}, "recipes.yaml", rc)
    stations = ld.table("recipes.yaml", "stations", Station, rc)
    recipes = ld.table("recipes.yaml", "recipes", Recipe, rc)

    mb = raw["mobs"]
    known({"mobs"}, "mobs.yaml", mb)
    mobs = ld.table("mobs.yaml", "mobs", Mob, mb)

    nc = raw["npcs"]
    known({"npcs"}, "npcs.yaml", nc)
    npcs = ld.table("npcs.yaml", "npcs", Npc, nc)

    mp = dict(raw["map"])
    node_kinds = ld.table("map.yaml", "node_kinds", NodeKind, mp)
    mp.pop("node_kinds", None)
    exposures = ld.table("map.yaml", "exposures", Exposure, {"exposures": mp.pop("exposures", [])})
    spec = ld.one("map.yaml", "map", MapSpec, mp)

    cross_check(p, Tables(rules, skills, items, stations, recipes, node_kinds, mobs, npcs, spec, exposures))
    if p or rules is None or spec is None:
        raise ContentError(p)

    gmap = GameMap.build(
        spec, npc_positions={n.id: n.position for n in npcs.values()}, hub=rules.hub, problems=p
    )
    placed = {s for s, _, _ in gmap.placed_stations}
    for i, r in enumerate(recipes.values()):
        if r.station is not None and r.station not in placed:
            p.append(
                f"recipes.yaml: recipes[{i}] '{r.id}': station: no '{r.station}' is placed in map.yaml stations"
            )
    if p:
        raise ContentError(p)
    return Content(
        rules, skills, items, stations, recipes, node_kinds, mobs, npcs, gmap, directory, exposures
    )
