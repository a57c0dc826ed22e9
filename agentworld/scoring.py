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
import warnings
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable

from agentworld.conditions import Condition, Predicate, check_condition, parse_condition

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

CheckpointFn = Callable[[Any, Any], bool]


class VerifierError(ValueError):
    """The task's verifier cannot be loaded or does not define what the task file names."""


def load_verifier_module(task: "Task") -> ModuleType | None:
    """The task's verifier module; None when the task names none and none is shipped under its id."""
    name = task.verifier_module
    try:
        return importlib.import_module(f"agentworld.verifiers.{name}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(f"verifiers.{name}"):
            if task.verifier is None:
                return None
            raise VerifierError(f"no module agentworld/verifiers/{name}.py") from None
        raise VerifierError(f"importing {name} failed: {exc}") from None
    except Exception as exc:  # a broken verifier is a task problem, reported like the others
        raise VerifierError(f"importing {name} failed: {type(exc).__name__}: {exc}") from None


def verifier_problems(task: "Task", module: ModuleType | None, content: Any) -> list[str]:
    """Every mismatch between the task file and its verifier (named by field), for `validate`."""
    problems: list[str] = []
    predicates = getattr(module, "CHECKPOINTS", {}) if module is not None else {}
    if not isinstance(predicates, dict):
        return [f"verifier: agentworld/verifiers/{task.verifier_module}.py: CHECKPOINTS must be a dict"]
    for i, spec in enumerate(task.checkpoints):
        if spec.when is None and spec.id not in predicates:
            where = f"the verifier {task.verifier_module}" if module is not None else "any verifier (the task has none)"
            problems.append(f"checkpoints[{i}] '{spec.id}': no `when:` condition and no predicate in {where}")
        elif spec.when is not None and spec.id in predicates:
            problems.append(f"checkpoints[{i}] '{spec.id}': both a `when:` condition and a verifier predicate")
    declared = {c.id for c in task.checkpoints}
    for cid in predicates:
        if cid not in declared:
            problems.append(f"verifier: predicate '{cid}' is not declared under checkpoints")
    for i, condition in enumerate(task.success):
        problems.extend(f"success[{i}]: {p}" for p in check_condition(condition, task, content, module))
    for i, spec in enumerate(task.checkpoints):
        if spec.when is not None:
            problems.extend(f"checkpoints[{i}].when: {p}" for p in check_condition(spec.when, task, content, module))
    return problems


def _bind(condition: Condition, module: ModuleType | None) -> Condition:
    if isinstance(condition, Predicate):
        return condition.model_copy(update={"function": getattr(module, condition.name)})
    return condition


@dataclass
class Scorer:
    """Checkpoint predicates and success conditions of one task, bound to its verifier."""

    task: "Task"
    checkpoints: dict[str, CheckpointFn]
    success: list[Condition]
    reached: dict[str, bool] = field(init=False)
    succeeded: bool = field(init=False, default=False)
    success_actions: list[int] = field(init=False, default_factory=list)
    _since: list[int | None] = field(init=False, default_factory=list)  # achiever of each condition
    _true: list[bool] = field(init=False, default_factory=list)
    _crashed: set[str] = field(init=False, default_factory=set)

    @classmethod
    def for_task(cls, task: "Task") -> "Scorer":
        module = load_verifier_module(task)
        predicates = getattr(module, "CHECKPOINTS", {}) if module is not None else {}
        checkpoints: dict[str, CheckpointFn] = {}
        for spec in task.checkpoints:
            if spec.when is not None:
                checkpoints[spec.id] = spec.when.met
            elif spec.id in predicates:
                checkpoints[spec.id] = predicates[spec.id]
            else:
                raise VerifierError(f"checkpoint '{spec.id}' has no `when:` condition and no verifier predicate")
        for condition in task.success:
            if isinstance(condition, Predicate) and not callable(getattr(module, condition.name, None)):
                raise VerifierError(f"success predicate '{condition.name}' is not a function of the verifier")
        return cls(task, checkpoints, [_bind(c, module) for c in task.success])

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.reached = dict.fromkeys(self.checkpoints, False)
        self.succeeded = False
        self.success_actions = []
        self._since = [None] * len(self.success)
        self._true = [False] * len(self.success)
        self._crashed = set()

    def _safe(self, label: str, fn: CheckpointFn, world: "World", task: "Task") -> bool:
        try:
            return bool(fn(world, task))
        except Exception as exc:  # a predicate crashing on an odd state counts as not met...
            if label not in self._crashed:  # ...but a verifier bug must not pass unnoticed
                self._crashed.add(label)
                warnings.warn(f"{task.id}: {label} raised {type(exc).__name__}: {exc} (round {world.round}); "
                              f"it counts as not met", RuntimeWarning, stacklevel=3)
            return False

    def check(self, world: "World", task: "Task", action_id: int | None) -> tuple[list[str], bool]:
        """(checkpoints newly reached, whether success was reached just now) after `action_id`."""
        new = []
        for cid, fn in self.checkpoints.items():
            if not self.reached[cid] and self._safe(f"checkpoint '{cid}'", fn, world, task):
                self.reached[cid] = True
                new.append(cid)
        if self.succeeded:
            return new, False
        for i, condition in enumerate(self.success):
            now = self._safe(f"success condition '{condition.describe()}'", condition.met, world, task)
            if now and not self._true[i]:
                self._since[i] = action_id
            self._true[i] = now
        if all(self._true):
            self.succeeded = True
            self.success_actions = sorted({a for a in self._since if a is not None})
            return new, True
        return new, False

    def start(self, world: "World", task: "Task") -> None:
        """The starting state: checkpoints and conditions already true latch with no achiever."""
        self.reset()
        self.check(world, task, None)

    @property
    def psr(self) -> float:
        if self.succeeded:
            return 1.0
        return sum(self.reached.values()) / len(self.reached) if self.reached else 0.0
