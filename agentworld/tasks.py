"""Task files: the pydantic schema, loading with precise errors, validation and ablations.

A task is one YAML file in `agentworld/tasks/` (see docs/ARCHITECTURE.md). `load_task` checks
the schema (unknown fields are errors) and then cross-checks every id against the loaded world
content, so a typo fails at load time with `task_01.yaml: agents[1].skills.fletchin: unknown
skill 'fletchin'` rather than mid-episode. CLI verbs: `agentworld tasks`, `agentworld validate`.
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import yaml
from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, PrivateAttr, ValidationError,
                      field_validator, model_validator)

from agentworld.baselines import with_shared_plan
from agentworld.conditions import Condition, dump_condition, one_key_mapping, parse_condition
from agentworld.safe_yaml import YAMLInputError, excerpt, load_yaml
from agentworld.scoring import VerifierError, load_verifier_module, verifier_problems
from agentworld.task_sources import AUGMENTED_DIR, TASK_SETS, TASKS_DIR, list_task_ids, resolve_path
from agentworld.task_world import build_world

CATEGORIES = ("crafting", "combat", "gathering", "trading", "construction", "coordination", "survival", "exploration")

Position = tuple[int, int]
Place = Union[str, Position]  # a landmark id or [x, y]
NAME_PATTERN = r"^[a-z][a-z0-9_]*$"


class TaskError(ValueError):
    """A task file is invalid; `problems` lists every problem as 'file: field: problem'."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- oracle plan steps (executed by agentworld.agents.oracle) --------------------------------
class Step(Model):
    """Base of oracle steps; `kind` is the YAML key of the one-key mapping."""

    kind: str = ""


class MoveToStep(Step):
    target: Union[str, Position]


class GatherStep(Step):
    target: str  # node kind or node id
    count: int = Field(1, ge=1)  # total wanted in inventory


class CraftStep(Step):
    recipe: str
    count: int = Field(1, ge=1)  # times to craft


class GiveStep(Step):
    to: str
    item: str
    count: int = Field(1, ge=1)


class WaitForStep(Step):
    """Wait until something shows in the agent's OWN observation (agents never see global state).

    One of: `item` (+ `count`) in the inventory; `kill` (a mob id or type) seen to die (our own
    killing blow, or it vanishing while near us); `message_from` (a chat from that agent, to us or
    the team); `checkpoint` (a chat from anyone naming that checkpoint id: observations carry no
    checkpoint progress, so a teammate's plan announces it with a `chat` step). `rounds` alone
    waits that many turns; with another condition it caps the wait and the plan goes on anyway.
    """

    item: str | None = None
    count: int = Field(1, ge=1)
    kill: str | None = None
    message_from: str | None = None
    checkpoint: str | None = None
    rounds: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _one(self) -> "WaitForStep":
        events = [k for k in ("item", "kill", "message_from", "checkpoint") if getattr(self, k) is not None]
        if len(events) > 1:
            raise ValueError(f"wait_for waits for one thing; got {', '.join(events)} "
                             "(add 'rounds' to cap the wait)")
        if not events and self.rounds is None:
            raise ValueError("wait_for needs exactly one of 'item', 'kill', 'message_from' or 'checkpoint' "
                             "(optionally capped by 'rounds'), or 'rounds' alone")
        return self


class ItemStep(Step):
    item: str


class UseStep(Step):
    item: str
    count: int = Field(1, ge=1)


class UnequipStep(Step):
    slot: str


class AttackStep(Step):
    target: str  # mob id or mob type


class TalkStep(Step):
    npc: str
    times: int = Field(1, ge=1)


class ShopStep(Step):
    npc: str
    item: str
    count: int = Field(1, ge=1)


class BuildStep(Step):
    site: str


class TradeOfferStep(Step):
    to: str
    give: dict[str, int]
    want: dict[str, int]


class TradeAcceptStep(Step):
    """trade_accept or trade_decline: answer the first offer from one agent."""

    from_: str | None = Field(None, alias="from")  # the first offer from this agent (any if None)
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PickUpStep(Step):
    target: str  # item id or ground id


class DropStep(Step):
    item: str
    count: int = Field(1, ge=1)


class ChatStep(Step):
    to: Union[str, list[str]]
    message: str


class WaitStep(Step):
    rounds: int = Field(1, ge=1)


class InspectStep(Step):
    target: str


STEP_MODELS: dict[str, type[Step]] = {
    "move_to": MoveToStep, "gather": GatherStep, "craft": CraftStep, "give": GiveStep,
    "wait_for": WaitForStep, "equip": ItemStep, "use": UseStep, "unequip": UnequipStep,
    "attack": AttackStep, "talk": TalkStep, "buy": ShopStep, "sell": ShopStep, "build": BuildStep,
    "trade_offer": TradeOfferStep, "trade_accept": TradeAcceptStep,
    "trade_decline": TradeAcceptStep, "pick_up": PickUpStep,
    "drop": DropStep, "chat": ChatStep, "wait": WaitStep, "inspect": InspectStep,
}


def parse_step(raw: Any) -> Step:
    """A plan step is a one-key mapping `{kind: {args}}` (or a bare kind string like 'wait')."""
    if isinstance(raw, str):
        raw = {raw: {}}
    kind, model, args = one_key_mapping(raw, STEP_MODELS, "step", "{gather: {target: oak_tree, count: 3}}")
    return model.model_validate({**args, "kind": kind})


# --- the task -------------------------------------------------------------------------------
class AgentSpec(Model):
    name: str = Field(pattern=NAME_PATTERN, max_length=40)
    role: str
    spawn: Place
    skills: dict[str, int] = Field(default_factory=dict)
    inventory: dict[str, int] = Field(default_factory=dict)
    equipment: dict[str, str] = Field(default_factory=dict)
    context: str = ""

    @field_validator("skills", "inventory")
    @classmethod
    def _positive(cls, value: dict[str, int]) -> dict[str, int]:
        for key, n in value.items():
            if n < 1:
                raise ValueError(f"'{key}' must be >= 1, got {n}")
        return value


class MobSpec(Model):
    type: str
    position: Place
    guards: list[Position] = Field(default_factory=list)  # tiles no agent may enter while this mob lives
    replaces: bool = False  # stands in for the world's mob that spawns on this tile (removed from the world)


class NodeSpec(Model):
    kind: str
    position: Place


class GroundItemSpec(Model):
    item: str
    count: int = Field(1, ge=1)
    position: Place


class SiteSpec(Model):
    id: str = Field(pattern=NAME_PATTERN)
    name: str = ""
    position: Place
    materials: dict[str, int] = Field(default_factory=dict)
    work: int = Field(0, ge=0)
    skill: str | None = None
    level: int = Field(1, ge=1)


class WorldSpec(Model):
    mobs: list[MobSpec] = Field(default_factory=list)
    nodes: list[NodeSpec] = Field(default_factory=list)
    ground_items: list[GroundItemSpec] = Field(default_factory=list)
    sites: list[SiteSpec] = Field(default_factory=list)


# A success or checkpoint condition as written in YAML (`{wields: {...}}`), parsed into its model.
ConditionField = Annotated[Condition, BeforeValidator(parse_condition), PlainSerializer(dump_condition)]


class CheckpointSpec(Model):
    """A milestone of partial progress (PSR); it never gates success."""

    id: str = Field(pattern=NAME_PATTERN)
    description: str
    when: ConditionField | None = None  # else the verifier's CHECKPOINTS[id] decides


class Task(Model):
    _source: Path | None = PrivateAttr(None)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    category: Literal["crafting", "combat", "gathering", "trading", "construction", "coordination", "survival", "exploration"]
    objective: str
    max_rounds: int = Field(ge=1, le=10_000)
    agents: list[AgentSpec] = Field(min_length=1)
    world: WorldSpec = WorldSpec()
    success: list[ConditionField] = Field(min_length=1)  # the objective's outcome: all hold at once
    checkpoints: list[CheckpointSpec] = Field(min_length=1)
    verifier: str | None = None
    oracle: dict[str, list[Any]] = Field(default_factory=dict)
    variant_of: str | None = None  # the original task of an ablation or augmented variant (its verifier too)
    transforms: list[str] | None = None  # what an augmented variant changed (agentworld/augment), in order
    notes: str = ""

    @model_validator(mode="after")
    def _unique(self) -> "Task":
        for what, ids in (("agent name", [a.name for a in self.agents]),
                          ("checkpoint id", [c.id for c in self.checkpoints]),
                          ("site id", [s.id for s in self.world.sites])):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {what}(s): {', '.join(dupes)}")
        if self.agents and "team" in [a.name for a in self.agents]:
            raise ValueError("'team' is reserved for chat and cannot be an agent name")
        return self

    @property
    def agent_names(self) -> list[str]:
        return [a.name for a in self.agents]

    def __eq__(self, other: object) -> bool:
        """Same fields, wherever the tasks were loaded from."""
        return isinstance(other, Task) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # (dict fields: tasks were never hashable)

    @property
    def source(self) -> Path | None:
        """The YAML file this task was loaded from (None for a dict); relative paths start beside it."""
        return self._source

    @property
    def verifier_label(self) -> str:
        return self.verifier or self.id

    def agent(self, name: str) -> AgentSpec:
        for spec in self.agents:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def oracle_plan(self, name: str) -> list[Step]:
        return [parse_step(s) for s in self.oracle.get(name, [])]


# --- loading ----------------------------------------------------------------------------------
def _loc(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("str", "tuple[int, int]", "function-after[_one(), WaitForStep]") or "[" in str(part) and "(" in str(part):
            continue
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def load_task(id_or_path: str | Path | dict, *, content: Any = None, check_content: bool = True) -> Task:
    """Load, validate and cross-check a task; raises TaskError naming file, field and problem.
    Cross-checking imports the task's verifier (Python code: a task pack's file runs here)."""
    if isinstance(id_or_path, Task):
        return id_or_path
    return check_loaded(parse_task(id_or_path), content=content, check_content=check_content)


def parse_task(id_or_path: str | Path | dict) -> Task:
    """The task read and schema-checked only: no cross-checks, so nothing is imported. What listing
    tasks reads, and what decides whether a run directory's verifier may be imported at all."""
    source = None
    if isinstance(id_or_path, dict):
        fname, raw = "<dict>", id_or_path
    else:
        path = source = resolve_path(id_or_path)
        fname = path.name
        if not path.exists():
            hint = suggest_task(str(id_or_path)) or "; `agentworld tasks --set all` lists the tasks"
            raise TaskError([f"{fname}: no such task file ({path}){hint}"])
        try:
            raw = load_yaml(path.read_text(encoding="utf-8"))
        except YAMLInputError as exc:
            raise TaskError([f"{fname}: {exc}"]) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise TaskError([f"{fname}: cannot read the task file ({path}): {exc}"]) from None
        if not isinstance(raw, dict):
            raise TaskError([f"{fname}: the file must hold a mapping (id, name, agents, ...), got {type(raw).__name__}"])
    try:
        task = Task.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            msg = err["msg"].removeprefix("Value error, ")
            problems.append(f"{fname}: {_loc(err['loc'])}: {msg}")
        raise TaskError(problems) from None
    if source is not None:
        task._source = source.resolve()
    return task


def check_loaded(task: Task, *, content: Any = None, check_content: bool = True) -> Task:
    """A parsed task cross-checked (content ids, verifier, oracle plan): the task, or TaskError."""
    fname = task.source.name if task.source is not None else "<dict>"
    problems = [f"{fname}: {p}" for p in check_task(task, content if content is not None else (_content() if check_content else None))]
    if problems:
        raise TaskError(problems)
    return task


def _content():
    from agentworld.world.content import load_content

    return load_content()


def _unknown(kind: str, value: str, known) -> str:
    close = difflib.get_close_matches(str(value), list(known), n=1)
    return f"unknown {kind} '{excerpt(value)}'" + (f"; did you mean '{close[0]}'?" if close else "")


def landmarks_of(content: Any) -> dict[str, tuple[int, int]]:
    """Landmark id -> (x, y) from the content's map (empty if the map has none)."""
    marks = getattr(getattr(content, "map", None), "landmarks", None) or {}
    out = {}
    for key, value in marks.items():
        pos = getattr(value, "position", value)
        out[key] = (int(pos[0]), int(pos[1]))
    return out


def check_task(task: Task, content: Any) -> list[str]:
    """Cross-check ids against the world content, the verifier and the oracle plan."""
    p: list[str] = []
    agents = set(task.agent_names)
    if content is not None:
        items, skills = content.items, content.skills
        slots = list(content.rules.equipment_slots)
        marks = landmarks_of(content)
        width = getattr(content.map, "width", None)
        height = getattr(content.map, "height", None)

        def place(where: str, value: Any) -> None:
            if isinstance(value, str):
                if value not in marks:
                    p.append(f"{where}: " + _unknown("landmark", value, marks))
            elif width is not None and not (0 <= value[0] < width and 0 <= value[1] < height):
                p.append(f"{where}: position {list(value)} is outside the {width}x{height} map")
            elif not content.map.walkable(value[0], value[1]):
                p.append(f"{where}: position {list(value)} is on unwalkable terrain '{content.map.terrain_at(value[0], value[1])}'")

        def item(where: str, value: str) -> None:
            if value not in items:
                p.append(f"{where}: " + _unknown("item", value, items))

        for i, a in enumerate(task.agents):
            at = f"agents[{i}]"
            place(f"{at}.spawn", a.spawn)
            for s in a.skills:
                if s not in skills:
                    p.append(f"{at}.skills.{s}: " + _unknown("skill", s, skills))
            for it in a.inventory:
                item(f"{at}.inventory.{it}", it)
            for slot, it in a.equipment.items():
                if slot not in slots:
                    p.append(f"{at}.equipment.{slot}: " + _unknown("slot", slot, slots))
                elif it in items and items[it].slot != slot:
                    where_to = f"slot '{items[it].slot}'" if items[it].slot else "no slot (it cannot be equipped)"
                    p.append(f"{at}.equipment.{slot}: {it} goes in {where_to}")
                item(f"{at}.equipment.{slot}", it)
        for i, m in enumerate(task.world.mobs):
            if m.type not in content.mobs:
                p.append(f"world.mobs[{i}].type: " + _unknown("mob type", m.type, content.mobs))
            place(f"world.mobs[{i}].position", m.position)
            for j, tile in enumerate(m.guards):
                place(f"world.mobs[{i}].guards[{j}]", tile)
        for i, n in enumerate(task.world.nodes):
            if n.kind not in content.node_kinds:
                p.append(f"world.nodes[{i}].kind: " + _unknown("node kind", n.kind, content.node_kinds))
            place(f"world.nodes[{i}].position", n.position)
        for i, g in enumerate(task.world.ground_items):
            item(f"world.ground_items[{i}].item", g.item)
            place(f"world.ground_items[{i}].position", g.position)
        for i, s in enumerate(task.world.sites):
            place(f"world.sites[{i}].position", s.position)
            for it in s.materials:
                item(f"world.sites[{i}].materials.{it}", it)
            if s.skill is not None and s.skill not in skills:
                p.append(f"world.sites[{i}].skill: " + _unknown("skill", s.skill, skills))
    world = None
    if content is not None and not p:
        # a dry setup of the world catches whatever the engine refuses (and static checks missed)
        try:
            world = build_world(task, content, seed=0)
        except ValueError as exc:
            p.append(f"world setup: {exc}")
    try:
        module = load_verifier_module(task)
    except VerifierError as exc:
        p.append(f"verifier: {exc}")
    else:
        problems = verifier_problems(task, module, content)
        p.extend(problems)
        if world is not None and not problems:
            p.extend(_starting_world_problems(task, world))
    # oracle plan
    for name, steps in task.oracle.items():
        if name not in agents:
            p.append(f"oracle.{name}: " + _unknown("agent", name, agents))
            continue
        for j, raw in enumerate(steps):
            where = f"oracle.{name}[{j}]"
            try:
                step = parse_step(raw)
            except ValidationError as exc:
                for err in exc.errors(include_url=False):
                    p.append(f"{where}.{_loc(err['loc'])}: {err['msg'].removeprefix('Value error, ')}")
                continue
            except ValueError as exc:
                p.append(f"{where}: {exc}")
                continue
            p.extend(_check_step(where, step, task, content, agents))
    return p


def _starting_world_problems(task: Task, world: Any) -> list[str]:
    """Predicates that crash on the starting world, and a success that holds before anyone acts."""
    from agentworld.scoring import Scorer

    scorer = Scorer.for_task(task)
    p = []
    named = [(f"checkpoint '{cid}'", fn) for cid, fn in scorer.checkpoints.items()]
    named += [(f"success condition '{c.describe()}'", c.met) for c in scorer.success]
    for label, fn in named:
        try:  # episodes treat a crashing predicate as 'not met': catch the crash here
            fn(world, task)
        except Exception as exc:
            p.append(f"verifier: {label} raised {type(exc).__name__}: {exc} on the starting world")
    if not p and all(c.met(world, task) for c in scorer.success):
        p.append("success: every condition already holds on the starting world (nothing to do)")
    return p


def _check_step(where: str, step: Step, task: Task, content: Any, agents: set[str]) -> list[str]:
    p: list[str] = []
    for key in ("to",):
        value = getattr(step, key, None)
        for name in ([value] if isinstance(value, str) else value or []):
            if name not in agents and not (step.kind == "chat" and name == "team"):
                p.append(f"{where}.{key}: " + _unknown("agent", name, agents))
    if isinstance(step, TradeAcceptStep) and step.from_ is not None and step.from_ not in agents:
        p.append(f"{where}.from: " + _unknown("agent", step.from_, agents))
    if isinstance(step, WaitForStep):
        if step.message_from is not None and step.message_from not in agents:
            p.append(f"{where}.message_from: " + _unknown("agent", step.message_from, agents))
        checkpoints = [c.id for c in task.checkpoints]
        if step.checkpoint is not None and step.checkpoint not in checkpoints:
            p.append(f"{where}.checkpoint: " + _unknown("checkpoint", step.checkpoint, checkpoints))
    if content is None:
        return p
    if isinstance(step, WaitForStep) and step.kill is not None and "#" not in step.kill \
            and step.kill not in content.mobs:
        p.append(f"{where}.kill: " + _unknown("mob type", step.kill, content.mobs))
    items = content.items
    for key in ("item",):
        value = getattr(step, key, None)
        if value is not None and not (step.kind == "pick_up") and value not in items:
            p.append(f"{where}.{key}: " + _unknown("item", value, items))
    if isinstance(step, CraftStep) and step.recipe not in content.recipes:
        p.append(f"{where}.recipe: " + _unknown("recipe", step.recipe, content.recipes))
    if isinstance(step, (TalkStep, ShopStep)) and step.npc not in content.npcs:
        p.append(f"{where}.npc: " + _unknown("npc", step.npc, content.npcs))
    if isinstance(step, UnequipStep) and step.slot not in content.rules.equipment_slots:
        p.append(f"{where}.slot: " + _unknown("slot", step.slot, content.rules.equipment_slots))
    if isinstance(step, GatherStep) and "#" not in step.target and step.target not in content.node_kinds:
        p.append(f"{where}.target: " + _unknown("node kind", step.target, content.node_kinds))
    if isinstance(step, AttackStep) and "#" not in step.target and step.target not in content.mobs:
        p.append(f"{where}.target: " + _unknown("mob type", step.target, content.mobs))
    if isinstance(step, BuildStep):
        sites = {f"site#{s.id}" for s in task.world.sites} | {s.id for s in task.world.sites}
        if step.site not in sites:
            p.append(f"{where}.site: " + _unknown("site", step.site, sites))
    if isinstance(step, TradeOfferStep):
        for side in ("give", "want"):
            for it in getattr(step, side):
                if it not in items:
                    p.append(f"{where}.{side}.{it}: " + _unknown("item", it, items))
    return p


@lru_cache(maxsize=None)
def _cached(task_id: str) -> Task:
    return load_task(task_id)


def get_task(task_id: str) -> Task:
    """A shipped task, loaded and validated once per process."""
    return _cached(task_id)


MAX_SUGGESTIONS = 5


def suggest_task(text: str) -> str:
    """'; did you mean 'task_01'?' for 'task01', '1', 'Task-1'; for a near spelling up to
    MAX_SUGGESTIONS close ids ('; did you mean 'task_11', 'task_13' or ...?'); else ''."""
    ids = list_task_ids("all")
    number = re.fullmatch(r"(?:task)?[ _-]?0*(\d+)([ _-]?aug)?", text.strip().lower())
    guess = f"task_{int(number.group(1)):02d}{'_aug' if number.group(2) else ''}" if number else None
    guesses = [guess] if guess in ids else _closest(text.strip().lower(), ids)
    if not guesses:
        return ""
    quoted = [f"'{g}'" for g in guesses]
    return "; did you mean " + (", ".join(quoted[:-1]) + " or " if len(quoted) > 1 else "") + quoted[-1] + "?"


def _closest(text: str, ids: list[str]) -> list[str]:
    """The ids nearest `text` (difflib ratio at least 0.6), all within 0.05 of the best, at most MAX_SUGGESTIONS."""
    scored = sorted(((difflib.SequenceMatcher(None, text, i).ratio(), i) for i in ids), key=lambda s: -s[0])
    best = scored[0][0] if scored else 0.0
    return [i for ratio, i in scored if ratio >= max(0.6, best - 0.05)][:MAX_SUGGESTIONS]


def list_tasks(task_set: str = "main") -> list[dict]:
    """Summaries of a task set (see task_sources.TASK_SETS): id, name, category, agents, max_rounds,
    variant_of and transforms (None for a main task). Read from the files alone: listing never
    imports a verifier, so listing a task pack runs none of its code (`validate` checks the rest)."""
    out = []
    for tid in list_task_ids(task_set):
        task = parse_task(tid)
        out.append({"id": task.id, "name": task.name, "category": task.category,
                    "agents": len(task.agents), "max_rounds": task.max_rounds,
                    "variant_of": task.variant_of, "transforms": task.transforms})
    return out


# --- ablations: pure functions returning a modified task --------------------------------------
def _variant(task: Task, suffix: str, **changes: Any) -> Task:
    return task.model_copy(update={"variant_of": task.variant_of or task.id, **changes})


def no_docs(task: Task) -> Task:
    """Drop every agent's documentation (the paper's 'without task documentation' ablation)."""
    return _variant(task, "no_docs", agents=[a.model_copy(update={"context": ""}) for a in task.agents])


def with_max_rounds(task: Task, max_rounds: int) -> Task:
    """Change the round budget (the paper's 10-round horizon ablation)."""
    if max_rounds < 1:
        raise ValueError(f"max_rounds must be >= 1, got {max_rounds}")
    return _variant(task, f"rounds{max_rounds}", max_rounds=max_rounds)


def solo(task: Task, name: str | None = None) -> Task:
    """Keep one agent (the first, or `name`): the solo ablation (`--solo`)."""
    if name and name not in task.agent_names:
        raise ValueError(f"solo: unknown agent {name!r}; the task's agents: {', '.join(task.agent_names)}")
    keep = task.agent(name) if name else task.agents[0]
    return _variant(task, "solo", agents=[keep], oracle={k: v for k, v in task.oracle.items() if k == keep.name})


def without_agent(task: Task, name: str) -> Task:
    """Remove one agent (collaboration-necessity checks)."""
    task.agent(name)
    return _variant(task, f"minus_{name}", agents=[a for a in task.agents if a.name != name],
                    oracle={k: v for k, v in task.oracle.items() if k != name})


def without_roles(task: Task, roles: list[str] | tuple[str, ...]) -> Task:
    """The team minus every agent whose name or role is one of `roles` (any case), their oracle
    plans dropped (`--without`); a role the task lacks is a ValueError naming the task's team."""
    team = ", ".join(f"{a.name} ({a.role})" for a in task.agents)
    gone: list[str] = []
    for wanted in roles:
        key = str(wanted).strip().lower()
        match = [a.name for a in task.agents if key in (a.name.lower(), a.role.lower())]
        if not match:
            close = difflib.get_close_matches(key, [a.name for a in task.agents] +
                                              [a.role.lower() for a in task.agents], n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise ValueError(f"without: {task.id} has no role or agent '{wanted}'{hint}; its team: {team}")
        gone += [name for name in match if name not in gone]
    if len(gone) == len(task.agents):
        raise ValueError(f"without: removing {', '.join(gone)} leaves {task.id} with no agents; its team: {team}")
    for name in gone:
        task = without_agent(task, name)
    return task


def random_spawns(task: Task, seed: int, content: Any = None, same_region: bool = True) -> Task:
    """Move every agent to a seeded random walkable tile, in its spawn's region or anywhere."""
    content = content or _content()
    gmap = content.map
    marks = landmarks_of(content)
    rng = random.Random(f"random_spawns:{task.id}:{seed}")
    walkable = _walkable_tiles(gmap)
    if not walkable:
        raise ValueError("the map has no walkable tiles")
    agents = []
    for a in task.agents:
        start = marks[a.spawn] if isinstance(a.spawn, str) else tuple(a.spawn)
        pool = walkable
        if same_region:
            pool = _walkable_tiles(gmap, _region(gmap, start)) or walkable
        agents.append(a.model_copy(update={"spawn": rng.choice(pool)}))
    return _variant(task, "random_spawns", agents=agents)


_WALKABLE: dict[int, tuple[Any, list[tuple[int, int]], dict[Any, list[tuple[int, int]]]]] = {}


def _walkable_tiles(gmap: Any, region: Any = None) -> list[tuple[int, int]]:
    """Walkable tiles reachable from the hub (so every random spawn can reach the task), cached per map."""
    cached = _WALKABLE.get(id(gmap))
    if cached is None or cached[0] is not gmap:
        w = gmap.width
        reach = getattr(gmap, "reachable", b"") or b""
        tiles = [(x, y) for y in range(gmap.height) for x in range(w)
                 if gmap.walkable(x, y) and (not reach or reach[y * w + x] == 1)]
        by_region: dict[Any, list[tuple[int, int]]] = {}
        for t in tiles:
            by_region.setdefault(_region(gmap, t), []).append(t)
        cached = _WALKABLE[id(gmap)] = (gmap, tiles, by_region)
    return cached[1] if region is None else cached[2].get(region, [])


def _region(gmap: Any, pos: tuple[int, int]) -> Any:
    return gmap.region_at(pos[0], pos[1])


def apply_options(task: Task, options: dict | None, seed: int = 0, content: Any = None) -> Task:
    """Apply task-level options: without, solo, no_docs, max_rounds, random_spawns, shared_plan."""
    options = options or {}
    if options.get("without"):
        task = without_roles(task, options["without"])
    if options.get("solo"):
        name = options["solo"] if isinstance(options["solo"], str) else None
        task = solo(task, name)
    if options.get("no_docs"):
        task = no_docs(task)
    if options.get("max_rounds") is not None:
        task = with_max_rounds(task, int(options["max_rounds"]))
    if options.get("random_spawns"):
        task = random_spawns(task, seed, content, same_region=options.get("random_spawns") != "any")
    if options.get("shared_plan"):
        task = with_shared_plan(task, options["shared_plan"])
    return task


def task_to_yaml(task: Task) -> str:
    return yaml.safe_dump(task.model_dump(mode="json", by_alias=True, exclude_none=True), sort_keys=False, allow_unicode=True)


# --- CLI ----------------------------------------------------------------------------------------
def configure_tasks(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true",
                        help="print a JSON list of {id, name, category, agents, max_rounds, variant_of, transforms}")
    parser.add_argument("--set", dest="task_set", choices=TASK_SETS, default="main",
                        help="main tasks (default), their augmented variants, or all")
    parser.add_argument("--category", choices=CATEGORIES, help="only the tasks of this category")


def command_tasks(args: argparse.Namespace) -> int:
    try:
        rows = [r for r in list_tasks(args.task_set) if args.category in (None, r["category"])]
    except TaskError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{'id':<14} {'category':<13} {'agents':>6} {'rounds':>6}  name")
    for r in rows:
        changed = f"  [{r['variant_of']}: {', '.join(r['transforms'] or [])}]" if r["transforms"] else ""
        print(f"{r['id']:<14} {r['category']:<13} {r['agents']:>6} {r['max_rounds']:>6}  {r['name']}{changed}")
    return 0


def configure_validate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*",
                        help="task YAML files, directories of them, or ids (default: every shipped task)")
    parser.add_argument("--no-truth", action="store_true",
                        help="skip the objective-truth check (what the text says about weapons, places and "
                             "starting counts, against the world: agentworld/audit/truth.py)")


def _untrue(task: Task) -> list:
    """The false statements of a task's text (agentworld/audit/truth.py)."""
    from agentworld.audit.truth import check_truth  # imported here so `agentworld --help` stays fast

    return check_truth(task).false


def command_validate(args: argparse.Namespace) -> int:
    targets: list[str] = []
    for target in args.paths or [str(TASKS_DIR), *([str(AUGMENTED_DIR)] if AUGMENTED_DIR.is_dir() else [])]:
        if Path(target).is_dir():
            found = sorted(str(f) for f in Path(target).glob("*.y*ml") if f.suffix in (".yaml", ".yml"))
            if not found:
                print(f"{target}: no .yaml task files in this directory", file=sys.stderr)
                return 1
            targets.extend(found)
        else:
            targets.append(target)
    failed = 0
    for target in targets:
        try:
            task = load_task(target)
        except TaskError as exc:
            failed += 1
            for problem in exc.problems:
                print(problem)
            continue
        name = resolve_path(target).name
        untrue = [] if getattr(args, "no_truth", False) else _untrue(task)
        if untrue:
            failed += 1
            for statement in untrue:
                print(f"{name}: truth: {statement.field}: {statement.problem}: \"{statement.sentence}\"")
            continue
        print(f"ok  {name}: {task.name} ({len(task.agents)} agents, {len(task.checkpoints)} checkpoints)")
    if failed:
        print(f"{failed} of {len(targets)} task file(s) invalid", file=sys.stderr)
    return 1 if failed else 0
