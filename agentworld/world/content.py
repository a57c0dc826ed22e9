"""The world's content: pydantic schema of the data files in ``data/`` and ``load_content()``.

Everything the engine knows about items, recipes, mobs, NPCs and the map comes from the
YAML files beside this module, so the world can be changed without touching code. Loading
validates every entry (unknown fields are errors, so typos are caught) and every
cross-reference, and raises one ``ContentError`` listing all problems, each naming the file,
the entry and the field.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from agentworld.world.gamemap import GameMap, MapSpec

# the XP curve is xp.py's (pure arithmetic); importers of content keep finding it here
from agentworld.world.xp import MAX_LEVEL, XP_LINEAR, XP_QUADRATIC, level_for_xp, xp_for_level  # noqa: F401

DATA_DIR = Path(__file__).parent / "data"
FILES = ("rules", "skills", "items", "recipes", "mobs", "npcs", "map")


class ContentError(ValueError):
    """The data files are invalid; ``problems`` lists every error found."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        head = f"{len(self.problems)} problem(s) in the world content:"
        super().__init__("\n".join([head, *("  " + p for p in self.problems)]))


class Model(BaseModel):
    """Base of every data model: unknown fields are errors, loaded content is immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


Id = str
Position = tuple[int, int]
Style = Literal["melee", "ranged", "magic"]


# --- rules.yaml ------------------------------------------------------------------------------
class Stats(Model):
    """Combat bonuses of an item (or of bare hands)."""

    accuracy: int = 0
    strength: int = 0  # damage bonus
    defense: int = 0  # armour
    range: int = Field(1, ge=1)
    style: Style = "melee"


class Rules(Model):
    move_speed: int = Field(ge=1)
    view_radius: int = Field(ge=1)
    interact_range: int = Field(ge=0)
    give_range: int = Field(ge=0)
    max_message_chars: int = Field(ge=1)
    trade_offer_expiry_rounds: int = Field(ge=1)
    respawn_delay_rounds: int = Field(ge=0)
    base_hp: int = Field(ge=1)
    hp_per_health_level: int = Field(ge=0)
    death_rule: str
    equipment_slots: list[str] = Field(min_length=1)
    unarmed: Stats
    max_level: int = Field(MAX_LEVEL, ge=1)
    hub: Id  # landmark everything must be reachable from
    lesson_xp: int = Field(40, ge=0)  # XP per taught skill that one talk with a trainer gives
    mob_speed: int = Field(3, ge=1)  # tiles a mob walks per round
    mob_leash: int = Field(20, ge=1)  # a mob drops a target further than this from its spawn
    sight_blockers: list[Id] = Field(default_factory=list)  # terrains an attack cannot see through
    tool_bonus_per_power: float = Field(0.25, ge=0, le=1)  # extra-unit chance per tool power above 1

    def max_hp(self, health_level: int) -> int:
        """Maximum hit points for a given health level."""
        return self.base_hp + self.hp_per_health_level * health_level


# --- skills.yaml -----------------------------------------------------------------------------
class Skill(Model):
    id: Id
    name: str
    kind: Literal["gathering", "production", "combat"]
    description: str


class XpCurve(Model):
    formula: str
    quadratic: int
    linear: int
    max_level: int


# --- items.yaml ------------------------------------------------------------------------------
class ToolSpec(Model):
    """Makes an item a gathering/production tool: e.g. an axe is {skill: lumberjacking, power: 2}."""

    skill: Id
    power: int = Field(1, ge=1)


class Item(Model):
    id: Id
    name: str
    category: Literal[
        "resource", "intermediate", "tool", "weapon", "armour", "food", "potion", "quest", "currency", "misc"
    ]
    value: int = Field(ge=0)
    description: str
    slot: str | None = None
    requires: dict[Id, int] = Field(default_factory=dict)  # skill levels needed to equip
    stats: Stats | None = None
    heal: int = Field(0, ge=0)
    effects: dict[str, int] = Field(default_factory=dict)  # e.g. {strength: 3, duration: 20}
    tool: ToolSpec | None = None
    stackable: bool = True

    @model_validator(mode="after")
    def _stats_need_slot(self) -> "Item":
        if self.stats is not None and self.slot is None:
            raise ValueError("an item with stats needs an equipment slot")
        return self


# --- recipes.yaml ----------------------------------------------------------------------------
class Station(Model):
    id: Id
    name: str
    description: str


class Recipe(Model):
    id: Id
    name: str
    station: Id | None = None  # None: made by hand anywhere
    skill: Id
    level: int = Field(1, ge=1)
    inputs: dict[Id, int] = Field(min_length=1)
    outputs: dict[Id, int] = Field(min_length=1)
    xp: int = Field(ge=0)
    tools: list[Id] = Field(default_factory=list)  # held, not consumed


# --- map.yaml: node kinds --------------------------------------------------------------------
class RareYield(Model):
    item: Id
    count: int = Field(1, ge=1)
    chance: float = Field(gt=0, le=1)


class NodeKind(Model):
    id: Id
    name: str
    skill: Id
    level: int = Field(1, ge=1)
    tool: Id | None = None  # a skill: the gatherer must hold an item whose tool.skill is this
    yields: dict[Id, int] = Field(min_length=1)
    rare: list[RareYield] = Field(default_factory=list)
    xp: int = Field(ge=0)
    capacity: int = Field(ge=1)  # gathers before depleted
    respawn: int = Field(ge=1)  # rounds until a depleted node is back


# --- mobs.yaml -------------------------------------------------------------------------------
class Drop(Model):
    item: Id
    count: int | tuple[int, int] = 1
    chance: float = Field(1.0, gt=0, le=1)

    @model_validator(mode="after")
    def _count_range(self) -> "Drop":
        lo, hi = (self.count, self.count) if isinstance(self.count, int) else self.count
        if lo < 1 or hi < lo:
            raise ValueError(f"count must be >= 1 (or [min, max] with 1 <= min <= max), got {self.count}")
        return self


class Mob(Model):
    id: Id
    name: str
    level: int = Field(ge=1)
    hp: int = Field(ge=1)
    accuracy: int = Field(ge=0)
    strength: int = Field(ge=0)
    defense: int = Field(ge=0)
    max_hit: int = Field(ge=0)
    attack_range: int = Field(1, ge=1)
    speed: int | None = Field(None, ge=1)  # tiles walked per round; None = rules.mob_speed
    style: Style = "melee"
    aggressive: bool = False
    aggro_radius: int = Field(0, ge=0)
    respawn: int | None = Field(ge=1)  # rounds; None = never
    xp: int = Field(ge=0)
    boss: bool = False
    drops: list[Drop] = Field(default_factory=list)
    description: str
    # Fights whose cost the audit can prove (docs/AUDIT.md, "Sure strikes"; world/mobs.py):
    sure_strike: int = Field(
        0, ge=0
    )  # > 0: no rolled blow; whoever it fights loses this minus armour each round
    wounded_by: list[Id] = Field(
        default_factory=list
    )  # non-empty: only these weapons hurt it (others deal 0)
    full_blows: bool = False  # a blow that lands on it deals the attacker's max hit (no damage roll)


# --- npcs.yaml -------------------------------------------------------------------------------
class StockEntry(Model):
    item: Id
    price: int = Field(ge=0)
    quantity: int = Field(ge=1)


class Shop(Model):
    stock: list[StockEntry] = Field(min_length=1)
    buy_ratio: float = Field(ge=0, le=1)  # the shop pays value * buy_ratio when buying from players


class QuestStage(Model):
    kind: Literal["talk", "bring", "kill"]
    text: str
    npc: Id | None = None  # talk: whom to talk to
    items: dict[Id, int] = Field(default_factory=dict)  # bring
    mobs: dict[Id, int] = Field(default_factory=dict)  # kill

    @model_validator(mode="after")
    def _stage_target(self) -> "QuestStage":
        need = {"talk": self.npc, "bring": self.items, "kill": self.mobs}[self.kind]
        if not need:
            field = {"talk": "npc", "bring": "items", "kill": "mobs"}[self.kind]
            raise ValueError(f"a '{self.kind}' stage needs '{field}'")
        return self


class Reward(Model):
    items: dict[Id, int] = Field(default_factory=dict)
    xp: dict[Id, int] = Field(default_factory=dict)


class Quest(Model):
    id: Id
    name: str
    description: str
    stages: list[QuestStage] = Field(min_length=1)
    rewards: Reward = Reward()


class Npc(Model):
    id: Id
    name: str
    role: Literal["shopkeeper", "quest_giver", "trainer", "villager"]
    position: Id | Position
    dialogue: list[str] = Field(min_length=1)
    shop: Shop | None = None
    quests: list[Quest] = Field(default_factory=list)
    teaches: dict[Id, int] = Field(default_factory=dict)  # trainer: skill -> highest level taught
    description: str = ""


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
    spec = ld.one("map.yaml", "map", MapSpec, mp)

    _cross_check(p, rules, skills, items, stations, recipes, node_kinds, mobs, npcs, spec)
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
    return Content(rules, skills, items, stations, recipes, node_kinds, mobs, npcs, gmap, directory)


def _cross_check(
    p: list[str],
    rules: Rules | None,
    skills: dict,
    items: dict,
    stations: dict,
    recipes: dict,
    node_kinds: dict,
    mobs: dict,
    npcs: dict,
    spec: MapSpec | None,
) -> None:
    """Every id that one entry names must exist in its table."""

    def need(table: dict, ident: str, what: str, where: str) -> None:
        if ident not in table:
            p.append(f"{where}: unknown {what} '{ident}'")

    slots = set(rules.equipment_slots) if rules else set()
    for i, item in enumerate(items.values()):
        where = f"items.yaml: items[{i}] '{item.id}'"
        if item.slot is not None and rules and item.slot not in slots:
            p.append(
                f"{where}: slot: unknown equipment slot '{item.slot}' (slots: {', '.join(rules.equipment_slots)})"
            )
        for s in item.requires:
            need(skills, s, "skill", f"{where}: requires")
        if item.tool:
            need(skills, item.tool.skill, "skill", f"{where}: tool.skill")
        for key in item.effects:
            if key != "duration":
                need(skills, key, "skill (or 'duration')", f"{where}: effects")
    if "coins" not in items:
        p.append("items.yaml: items: there must be a 'coins' item (category currency)")

    for i, r in enumerate(recipes.values()):
        where = f"recipes.yaml: recipes[{i}] '{r.id}'"
        if r.station is not None:
            need(stations, r.station, "station", f"{where}: station")
        need(skills, r.skill, "skill", f"{where}: skill")
        for key, table in (("inputs", r.inputs), ("outputs", r.outputs)):
            for ident, n in table.items():
                need(items, ident, "item", f"{where}: {key}")
                if n < 1:
                    p.append(f"{where}: {key}.{ident}: count must be >= 1")
        for t in r.tools:
            need(items, t, "item", f"{where}: tools")

    for i, k in enumerate(node_kinds.values()):
        where = f"map.yaml: node_kinds[{i}] '{k.id}'"
        need(skills, k.skill, "skill", f"{where}: skill")
        if k.tool is not None:
            need(skills, k.tool, "skill", f"{where}: tool")
            if not any(it.tool and it.tool.skill == k.tool for it in items.values()):
                p.append(f"{where}: tool: no item is a tool for '{k.tool}'")
        for ident, n in k.yields.items():
            need(items, ident, "item", f"{where}: yields")
            if n < 1:
                p.append(f"{where}: yields.{ident}: count must be >= 1")
        for r in k.rare:
            need(items, r.item, "item", f"{where}: rare")

    for i, m in enumerate(mobs.values()):
        where = f"mobs.yaml: mobs[{i}] '{m.id}'"
        for d in m.drops:
            need(items, d.item, "item", f"{where}: drops")
        for weapon in m.wounded_by:
            need(items, weapon, "item", f"{where}: wounded_by")
            if weapon in items and items[weapon].slot != "weapon":
                p.append(f"{where}: wounded_by: '{weapon}' is not a weapon")

    quest_owner: dict[str, str] = {}
    for i, n in enumerate(npcs.values()):
        where = f"npcs.yaml: npcs[{i}] '{n.id}'"
        for q in n.quests:
            if q.id in quest_owner:
                p.append(f"{where}: quests '{q.id}': quest id already used by npc '{quest_owner[q.id]}'")
            quest_owner.setdefault(q.id, n.id)
        if n.shop:
            for s in n.shop.stock:
                need(items, s.item, "item", f"{where}: shop.stock")
        if n.role == "shopkeeper" and n.shop is None:
            p.append(f"{where}: a shopkeeper needs a 'shop'")
        if n.role == "quest_giver" and not n.quests:
            p.append(f"{where}: a quest_giver needs 'quests'")
        for s in n.teaches:
            need(skills, s, "skill", f"{where}: teaches")
        for q in n.quests:
            for j, st in enumerate(q.stages):
                sw = f"{where}: quests '{q.id}' stages[{j}]"
                if st.npc is not None:
                    need(npcs, st.npc, "npc", sw)
                for ident in st.items:
                    need(items, ident, "item", sw)
                for ident in st.mobs:
                    need(mobs, ident, "mob", sw)
            for ident in q.rewards.items:
                need(items, ident, "item", f"{where}: quests '{q.id}' rewards.items")
            for ident in q.rewards.xp:
                need(skills, ident, "skill", f"{where}: quests '{q.id}' rewards.xp")

    if spec is not None:
        for i, st in enumerate(spec.stations):
            need(stations, st.station, "station", f"map.yaml: stations[{i}]")
        for i, f in enumerate(spec.node_fields):
            need(node_kinds, f.kind, "node kind", f"map.yaml: node_fields[{i}]")
        for i, nd in enumerate(spec.nodes):
            need(node_kinds, nd.kind, "node kind", f"map.yaml: nodes[{i}]")
        for i, sp in enumerate(spec.spawns):
            need(mobs, sp.mob, "mob", f"map.yaml: spawns[{i}]")
        if rules is not None and rules.hub not in {lm.id for lm in spec.landmarks}:
            p.append(f"rules.yaml: hub: unknown landmark '{rules.hub}'")
        if rules is not None:
            terrains = {t.id for t in spec.terrain}
            for i, t in enumerate(rules.sight_blockers):
                need(terrains, t, "terrain", f"rules.yaml: sight_blockers[{i}]")
