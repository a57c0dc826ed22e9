"""Task files: the pydantic schema, loading with precise errors, lookups, ablations and YAML output.

A task is one YAML file in `agentworld/tasks/` (see docs/ARCHITECTURE.md). `load_task` checks
the schema (unknown fields are errors) and then cross-checks every id against the loaded world
content, so a typo fails at load time with `task_01.yaml: agents[1].skills.fletchin: unknown
skill 'fletchin'` rather than mid-episode. The oracle plan steps are task_steps.py's, the
cross-checks task_checks.py's, the ablations ablations.py's and the CLI verbs (`agentworld tasks`,
`agentworld validate`) task_cli.py's; the steps, checks and ablations stay importable from here.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import yaml
from pydantic import (
    BeforeValidator,
    Field,
    PlainSerializer,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)

from agentworld.ablations import (  # noqa: F401 (re-exported: public imports from agentworld.tasks)
    apply_options,
    no_docs,
    random_spawns,
    solo,
    with_max_rounds,
    without_agent,
    without_roles,
)
from agentworld.conditions import Condition, dump_condition, parse_condition
from agentworld.safe_yaml import YAMLInputError, load_yaml
from agentworld.task_checks import _loc, check_task
from agentworld.task_sources import AUGMENTED_DIR, TASK_SETS, TASKS_DIR, list_task_ids, resolve_path  # noqa: F401
from agentworld.task_steps import (  # noqa: F401 (re-exported: public imports from agentworld.tasks)
    STEP_MODELS,
    AttackStep,
    BuildStep,
    ChatStep,
    CraftStep,
    DropStep,
    GatherStep,
    GiveStep,
    InspectStep,
    ItemStep,
    Model,
    MoveToStep,
    PickUpStep,
    Position,
    ShopStep,
    Step,
    TalkStep,
    TradeAcceptStep,
    TradeOfferStep,
    UnequipStep,
    UseStep,
    WaitForStep,
    WaitStep,
    parse_step,
)

if TYPE_CHECKING:
    from agentworld.world.content import Content

CATEGORIES = (
    "crafting",
    "combat",
    "gathering",
    "trading",
    "construction",
    "coordination",
    "survival",
    "exploration",
)

Place = Union[str, Position]  # a landmark id or [x, y]
NAME_PATTERN = r"^[a-z][a-z0-9_]*$"


class TaskError(ValueError):
    """A task file is invalid; `problems` lists every problem as 'file: field: problem'."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


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


class ShelterSpec(Model):
    """A finished site that shelters whoever stands within `radius` of it from exposures (world/exposure.py):
    a fire, a windbreak, an awning. With `fuel` it is a fire: it burns `burns` rounds from its completion
    and `burns` more for each unit of fuel a `build` feeds it (one unit a build)."""

    protects: dict[str, int] = Field(min_length=1)  # exposure kind -> HP kept off a round
    radius: int = Field(1, ge=0)
    fuel: str | None = None
    burns: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _fuel_burns(self) -> "ShelterSpec":
        if (self.fuel is None) != (self.burns is None):
            raise ValueError("a fire needs both `fuel` and `burns` (a shelter without fuel has neither)")
        return self


class SiteSpec(Model):
    id: str = Field(pattern=NAME_PATTERN)
    name: str = ""
    position: Place
    materials: dict[str, int] = Field(default_factory=dict)
    work: int = Field(0, ge=0)
    skill: str | None = None
    level: int = Field(1, ge=1)
    shelter: ShelterSpec | None = None


class StationSpec(Model):
    """A station the task sets up (a field alchemy table by a camp): id `<kind>#<place>`."""

    kind: str
    place: str = Field("field", pattern=NAME_PATTERN)
    position: Place


class WorldSpec(Model):
    mobs: list[MobSpec] = Field(default_factory=list)
    nodes: list[NodeSpec] = Field(default_factory=list)
    ground_items: list[GroundItemSpec] = Field(default_factory=list)
    sites: list[SiteSpec] = Field(default_factory=list)
    exposure: list[str] = Field(default_factory=list)  # exposures (map.yaml) this task turns on
    stations: list[StationSpec] = Field(default_factory=list)


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
    category: Literal[
        "crafting",
        "combat",
        "gathering",
        "trading",
        "construction",
        "coordination",
        "survival",
        "exploration",
    ]
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
    def _unique(self) -> Task:
        for what, ids in (
            ("agent name", [a.name for a in self.agents]),
            ("checkpoint id", [c.id for c in self.checkpoints]),
            ("site id", [s.id for s in self.world.sites]),
        ):
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
def load_task(
    id_or_path: str | Path | dict, *, content: Content | None = None, check_content: bool = True
) -> Task:
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
            raise TaskError(
                [f"{fname}: the file must hold a mapping (id, name, agents, ...), got {type(raw).__name__}"]
            )
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


def check_loaded(task: Task, *, content: Content | None = None, check_content: bool = True) -> Task:
    """A parsed task cross-checked (content ids, verifier, oracle plan): the task, or TaskError."""
    fname = task.source.name if task.source is not None else "<dict>"
    problems = [
        f"{fname}: {p}"
        for p in check_task(task, content if content is not None else (_content() if check_content else None))
    ]
    if problems:
        raise TaskError(problems)
    return task


def _content():
    from agentworld.world.content import load_content

    return load_content()


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
        out.append(
            {
                "id": task.id,
                "name": task.name,
                "category": task.category,
                "agents": len(task.agents),
                "max_rounds": task.max_rounds,
                "variant_of": task.variant_of,
                "transforms": task.transforms,
            }
        )
    return out


def task_to_yaml(task: Task) -> str:
    return yaml.safe_dump(
        task.model_dump(mode="json", by_alias=True, exclude_none=True), sort_keys=False, allow_unicode=True
    )
