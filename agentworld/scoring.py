"""Scoring a task: its checkpoints (partial progress, PSR) and its success conditions (the outcome).

Success is the objective's outcome: every condition of the task's `success:` list holds at the same
moment. Checkpoints measure progress and never gate success; a checkpoint is either a declarative
`when:` condition or a predicate in the task's verifier module (`CHECKPOINTS[id]`).

`Scorer.check` is called after every world-changing action and at every round end. It latches
checkpoints, and tracks for each success condition the action after which it last became true:
when the conjunction first holds, those actions are the episode's success actions (what CCE traces
back from). A condition true from the start (e.g. nobody has died) has no achiever.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import TYPE_CHECKING, Callable, Literal

from agentworld.conditions import Condition, Predicate, check_condition

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content
    from agentworld.world.engine import World

CheckpointFn = Callable[["World", "Task"], bool]  # a verifier's predicate


class VerifierError(ValueError):
    """The task's verifier cannot be loaded or does not define what the task file names."""


VERIFIERS_DIR = Path(__file__).parent / "verifiers"


@dataclass(frozen=True, slots=True)
class VerifierSource:
    """Where a task's verifier comes from, found without importing anything (what trust is decided on)."""

    kind: Literal["shipped", "file", "module"]  # agentworld/verifiers/<name>.py, a .py by path, importable
    name: str  # shipped: the module name; file: the path; module: the `module[:attr]` spec as written
    path: Path | None = None  # the .py file (shipped and file), for comparing a run directory's copy


def shipped_verifier(name: str) -> VerifierSource | None:
    """agentworld/verifiers/<name>.py if it exists, or a module already imported under that name (a
    test's, a notebook's: importing it again runs nothing new)."""
    if not name or "." in name:
        return None
    path, module = VERIFIERS_DIR / f"{name}.py", f"agentworld.verifiers.{name}"
    if path.is_file():
        return VerifierSource("shipped", module, path)
    return VerifierSource("shipped", module) if module in sys.modules else None


def locate_verifier(task: Task) -> VerifierSource | None:
    """The task's verifier: what `verifier:` names, else `<id>.py` beside the task file, else the
    shipped `agentworld/verifiers/<id>.py`, else the same two for `variant_of` (an augmented
    variant is scored by its original's verifier); None when there is none (every checkpoint then needs
    `when:` and no success condition may be a `predicate`).

    `verifier:` may be a `.py` path (relative to the task file), a shipped verifier's name, or an
    importable `module[:attr]` (attr: an object holding CHECKPOINTS and the predicates).
    """
    spec, base = task.verifier, task.source.parent if task.source is not None else None
    if spec is None:
        # a variant (augmented or ablated) is checked by its original's verifier when it has none of its own
        for name in dict.fromkeys(n for n in (task.id, task.variant_of) if n):
            beside = base / f"{name}.py" if base is not None else None
            if beside is not None and beside.is_file():
                return VerifierSource("file", str(beside), beside)
            shipped = shipped_verifier(name)
            if shipped is not None:
                return shipped
        return None
    if spec.endswith(".py") or "/" in spec or "\\" in spec:
        path = Path(spec).expanduser()
        if not path.is_absolute() and base is not None:
            path = base / path
        if not path.is_file():
            raise VerifierError(f"no verifier file {path}")
        return VerifierSource("file", str(path), path)
    module_name, _, attr = spec.partition(":")
    return (shipped_verifier(module_name) if not attr else None) or VerifierSource("module", spec)


def load_verifier_module(task: Task) -> ModuleType | None:
    """The task's verifier module, from where `locate_verifier` finds it (importing it runs its code)."""
    source = locate_verifier(task)
    if source is None:
        return None
    if source.kind == "shipped":
        return _import(source.name, optional=False)
    if source.kind == "file":
        return _from_file(source.path)
    module_name, _, attr = source.name.partition(":")
    module = _import(module_name, optional=False, shown=source.name)
    if attr:
        target = getattr(module, attr, None)
        if target is None:
            raise VerifierError(f"verifier {source.name}: module {module_name} has no attribute '{attr}'")
        return target if not isinstance(target, dict) else SimpleNamespace(**target)
    return module


def verifier_file(task: Task) -> Path | None:
    """The .py file a task's verifier is loaded from by path (None for shipped or importable ones)."""
    source = locate_verifier(task)
    return source.path.resolve() if source is not None and source.kind == "file" else None


def _import(name: str, optional: bool, shown: str | None = None) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and name.startswith(exc.name) or exc.name == name:
            if optional:
                return None
            raise VerifierError(
                f"no verifier '{shown or name}': neither agentworld/verifiers/{shown or name}.py "
                f"nor an importable module (a .py path relative to the task file works too)"
            ) from None
        raise VerifierError(f"importing {name} failed: {exc}") from None
    except Exception as exc:  # a broken verifier is a task problem, reported like the others
        raise VerifierError(f"importing {name} failed: {type(exc).__name__}: {exc}") from None


_FILE_MODULES: dict[tuple[Path, float], ModuleType] = {}
_FILE_PREFIX = "agentworld_task_verifier_"


def _from_file(path: Path) -> ModuleType:
    """A verifier .py loaded by path (cached while the file is unchanged); its folder is importable
    during the load, so it may import helpers that sit beside it."""
    path = path.resolve()
    key = (path, path.stat().st_mtime)
    if key in _FILE_MODULES:
        return _FILE_MODULES[key]
    name = f"{_FILE_PREFIX}{abs(hash(path))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise VerifierError(f"cannot load the verifier file {path}")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise VerifierError(f"the verifier file {path} failed: {type(exc).__name__}: {exc}") from None
    finally:
        sys.path.remove(str(path.parent))
    _FILE_MODULES[key] = module
    return module


def verifier_problems(task: Task, module: ModuleType | None, content: Content) -> list[str]:
    """Every mismatch between the task file and its verifier (named by field), for `validate`."""
    problems: list[str] = []
    predicates = getattr(module, "CHECKPOINTS", {}) if module is not None else {}
    if not isinstance(predicates, dict):
        return [f"verifier: {task.verifier_label}: CHECKPOINTS must be a dict"]
    for i, spec in enumerate(task.checkpoints):
        if spec.when is None and spec.id not in predicates:
            where = (
                f"the verifier {task.verifier_label}"
                if module is not None
                else "any verifier (the task has none)"
            )
            problems.append(f"checkpoints[{i}] '{spec.id}': no `when:` condition and no predicate in {where}")
        elif spec.when is not None and spec.id in predicates:
            problems.append(
                f"checkpoints[{i}] '{spec.id}': both a `when:` condition and a verifier predicate"
            )
    declared = {c.id for c in task.checkpoints}
    for cid in predicates:
        if cid not in declared:
            problems.append(f"verifier: predicate '{cid}' is not declared under checkpoints")
    for i, condition in enumerate(task.success):
        problems.extend(f"success[{i}]: {p}" for p in check_condition(condition, task, content, module))
    for i, spec in enumerate(task.checkpoints):
        if spec.when is not None:
            problems.extend(
                f"checkpoints[{i}].when: {p}" for p in check_condition(spec.when, task, content, module)
            )
    return problems


def _bind(condition: Condition, module: ModuleType | None) -> Condition:
    if isinstance(condition, Predicate):
        return condition.model_copy(update={"function": getattr(module, condition.name)})
    return condition


@dataclass
class Scorer:
    """Checkpoint predicates and success conditions of one task, bound to its verifier."""

    task: Task
    checkpoints: dict[str, CheckpointFn]
    success: list[Condition]
    reached: dict[str, bool] = field(init=False)
    succeeded: bool = field(init=False, default=False)
    success_actions: list[int] = field(init=False, default_factory=list)
    _since: list[int | None] = field(init=False, default_factory=list)  # achiever of each condition
    _true: list[bool] = field(init=False, default_factory=list)
    _crashed: set[str] = field(init=False, default_factory=set)
    _labels: list[str] = field(init=False, default_factory=list)  # a success condition's, for a warning

    @classmethod
    def for_task(cls, task: Task) -> Scorer:
        module = load_verifier_module(task)
        predicates = getattr(module, "CHECKPOINTS", {}) if module is not None else {}
        checkpoints: dict[str, CheckpointFn] = {}
        for spec in task.checkpoints:
            if spec.when is not None:
                checkpoints[spec.id] = spec.when.met
            elif spec.id in predicates:
                checkpoints[spec.id] = predicates[spec.id]
            else:
                raise VerifierError(
                    f"checkpoint '{spec.id}' has no `when:` condition and no verifier predicate"
                )
        for condition in task.success:
            if isinstance(condition, Predicate) and not callable(getattr(module, condition.name, None)):
                raise VerifierError(f"success predicate '{condition.name}' is not a function of the verifier")
        return cls(task, checkpoints, [_bind(c, module) for c in task.success])

    def __post_init__(self) -> None:
        # described once: check() runs after every action, describing each condition each time cost
        # a third of the scoring of a 20-agent task
        self._labels = [f"success condition '{c.describe()}'" for c in self.success]
        self.reset()

    def reset(self) -> None:
        self.reached = dict.fromkeys(self.checkpoints, False)
        self.succeeded = False
        self.success_actions = []
        self._since = [None] * len(self.success)
        self._true = [False] * len(self.success)
        self._crashed = set()

    def _safe(self, label: str, fn: CheckpointFn, world: World, task: Task) -> bool:
        try:
            return bool(fn(world, task))
        except Exception as exc:  # a predicate crashing on an odd state counts as not met...
            if label not in self._crashed:  # ...but a verifier bug must not pass unnoticed
                self._crashed.add(label)
                warnings.warn(
                    f"{task.id}: {label} raised {type(exc).__name__}: {exc} (round {world.round}); "
                    f"it counts as not met",
                    RuntimeWarning,
                    stacklevel=3,
                )
            return False

    def check(self, world: World, task: Task, action_id: int | None) -> tuple[list[str], bool]:
        """(checkpoints newly reached, whether success was reached just now) after `action_id`."""
        new = []
        for cid, fn in self.checkpoints.items():
            if not self.reached[cid] and self._safe(f"checkpoint '{cid}'", fn, world, task):
                self.reached[cid] = True
                new.append(cid)
        if self.succeeded:
            return new, False
        for i, condition in enumerate(self.success):
            now = self._safe(self._labels[i], condition.met, world, task)
            if now and not self._true[i]:
                self._since[i] = action_id
            self._true[i] = now
        if all(self._true):
            self.succeeded = True
            self.success_actions = sorted({a for a in self._since if a is not None})
            return new, True
        return new, False

    def start(self, world: World, task: Task) -> None:
        """The starting state: checkpoints and conditions already true latch with no achiever."""
        self.reset()
        self.check(world, task, None)

    @property
    def psr(self) -> float:
        if self.succeeded:
            return 1.0
        return sum(self.reached.values()) / len(self.reached) if self.reached else 0.0
