"""What a client may ask the game server to build: the operator's tasks by id; a whole task spec only
under `serve --allow-client-tasks`, size-checked before any world exists, its verifier named, never given.

Why a module of its own: this is the server's trust boundary (issue 22). A task's `verifier:` is code
the scorer imports. On the command line that is the user's own choice; sent by a websocket client it
would be code a stranger chose (`verifier: this`, `verifier: /tmp/x.py`). So a client's spec may name
as its verifier only a task the server already serves (shipped, augmented, `--tasks-dir`,
`$AGENTWORLD_TASKS_PATH`, installed packs: the operator's choice), and the server takes that task's
verifier from the operator's own file. A name that is not one of those is refused with an error that
names no file, so a client learns nothing about the server's disk. The size check reads the raw spec
(counts of agents, rounds, world additions, conditions, bytes), so refusing a 1,000-agent spec costs
well under a millisecond, not a world.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import re
import sys
import time
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from agentworld.server_bridge.protocol import ProtocolError
from agentworld.task_sources import list_task_ids, looks_like_path

if TYPE_CHECKING:
    from agentworld.tasks import Task

log = logging.getLogger("agentworld.server")

NAME = re.compile(r"^[a-z0-9_]{1,64}$")  # a task id, which is what a client may give as `verifier:`
SHIPPED_PACKAGE = "agentworld.verifiers"
SERVED_TTL = 5.0  # seconds the list of served task ids is reused (reading the folders costs ~3 ms)
_ABSOLUTE_PATH = re.compile(r"(?<![\w.])(?:[A-Za-z]:)?[/\\][^\s'\"]+")

# Verifiers of the operator's task folders, bound for client specs: name -> module (see ClientTasks.bind)
SERVED: dict[str, Any] = {}
SERVED_PREFIX = "served_"  # no attribute of this module starts so: only SERVED names resolve that way


def __getattr__(name: str) -> Any:
    """`verifier: agentworld.server_bridge.admission:served_NAME` resolves here (scoring's module:attr form)."""
    if name.startswith(SERVED_PREFIX) and name[len(SERVED_PREFIX) :] in SERVED:
        return SERVED[name[len(SERVED_PREFIX) :]]
    raise AttributeError(name)


@dataclass(frozen=True)
class SpecLimits:
    """How big a world a client's task spec may ask for (the shipped tasks stay well inside each)."""

    max_agents: int = 32  # shipped: 20 at most (task_13); each agent is a player, a briefing, an observation
    max_rounds: int = (
        1000  # shipped: 55 at most; the episode's trajectory is bounded by max_episode_bytes too
    )
    max_world_additions: int = 200  # mobs + nodes + ground items + sites + guarded tiles; shipped: 11
    max_conditions: int = 200  # success conditions + checkpoints, checked after every action
    max_task_bytes: int = 64 * 1024  # the spec as JSON; shipped: 29 KB at most

    def as_dict(self) -> dict[str, int]:
        """As `hello` states them."""
        return {
            "max_task_agents": self.max_agents,
            "max_task_rounds": self.max_rounds,
            "max_task_world_additions": self.max_world_additions,
            "max_task_conditions": self.max_conditions,
            "max_task_bytes": self.max_task_bytes,
        }


@dataclass(frozen=True)
class ClientSpec:
    """A task spec a client sent, size-checked; bound to a Task (and its verifier) off the event loop."""

    spec: dict[str, Any]


def _count(value: Any) -> int:
    return len(value) if isinstance(value, (list, dict)) else 0


def size_problems(spec: dict[str, Any], limits: SpecLimits) -> list[str]:
    """Every limit the raw spec is over (read before validation, so it costs nothing to refuse)."""
    world = spec.get("world") if isinstance(spec.get("world"), dict) else {}
    mobs = world.get("mobs") if isinstance(world.get("mobs"), list) else []
    guards = sum(_count(m.get("guards")) for m in mobs if isinstance(m, dict))
    additions = sum(_count(world.get(k)) for k in ("mobs", "nodes", "ground_items", "sites")) + guards
    rounds = spec.get("max_rounds")
    size = len(json.dumps(spec, separators=(",", ":")))
    found = {
        "agents": (_count(spec.get("agents")), limits.max_agents),
        "max_rounds": (rounds if isinstance(rounds, int) else 0, limits.max_rounds),
        "world additions (mobs, nodes, ground items, sites, guarded tiles)": (
            additions,
            limits.max_world_additions,
        ),
        "success conditions and checkpoints": (
            _count(spec.get("success")) + _count(spec.get("checkpoints")),
            limits.max_conditions,
        ),
        "bytes of JSON": (size, limits.max_task_bytes),
    }
    return [f"{what}: {n} (at most {bound})" for what, (n, bound) in found.items() if n > bound]


def scrub(text: str) -> str:
    """An error for a client with every absolute path taken out (the server's disk is not its business)."""
    return _ABSOLUTE_PATH.sub("<server path>", text)


class ClientTasks:
    """The operator's rule for `start` messages: task ids always; task specs only if allowed."""

    def __init__(self, allow: bool, limits: SpecLimits | None = None):
        self.allow = allow
        self.limits = limits or SpecLimits()
        self._modules: dict[str, ModuleType | None] = {}  # served task id -> its verifier (loaded once)
        self._served: tuple[float, set[str]] | None = None  # (when read, the served ids)

    def admit(self, task: Any) -> Any:
        """A task id as given; a spec as a size-checked ClientSpec whose verifier names a served task.
        Cheap (no world, no import), so it runs on the event loop before anything else."""
        if not isinstance(task, dict):
            if looks_like_path(str(task)):
                raise ProtocolError(
                    "unknown_task",
                    "a client names a task by its id (see `agentworld tasks`), never by a path",
                )
            return task
        if not self.allow:
            raise ProtocolError(
                "specs_refused",
                "this server plays only its own tasks: send a task id "
                "(see `agentworld tasks`); task specs need `serve --allow-client-tasks`",
            )
        problems = size_problems(task, self.limits)
        if problems:
            raise ProtocolError(
                "task_too_large",
                f"task spec {str(task.get('id', '?'))[:64]!r} is too large: " + "; ".join(problems),
            )
        for field in ("verifier", "variant_of"):
            value = task.get(field)
            if value is not None and not (isinstance(value, str) and NAME.match(value)):
                raise ProtocolError(
                    "bad_task",
                    f"task spec: this {field} is not allowed: a client names a verifier "
                    "by the id of a task this server serves (a-z, 0-9, _), never by a path or "
                    "module",
                )
        if task.get("verifier") is not None and task["verifier"] not in self.served():
            raise ProtocolError(
                "bad_task",
                f"task spec: verifier {task['verifier']!r} is not one this server "
                "serves; name the id of one of its tasks (see `agentworld tasks`)",
            )
        return ClientSpec(task)

    def served(self) -> set[str]:
        """Ids of the tasks this server serves (the folders are read again after SERVED_TTL seconds)."""
        now = time.monotonic()
        if self._served is None or now - self._served[0] > SERVED_TTL:
            self._served = (now, set(list_task_ids("all")))
        return self._served[1]

    def bind(self, given: ClientSpec) -> Task:
        """The spec as a Task whose verifier is one the operator serves (runs in a build thread)."""
        from agentworld.tasks import Task, TaskError

        try:
            task = Task.model_validate(given.spec)
        except ValueError as exc:
            raise TaskError([f"task spec: {exc}"]) from None
        return self._with_served_verifier(task)

    def _with_served_verifier(self, task: Task) -> Task:
        """Point the task at the verifier of the served task it names (or, with none, of its id or
        variant_of, as scoring looks them up); the spec keeps its own text where that is already so."""
        served = self.served()
        if task.verifier is not None:
            candidates = [task.verifier]  # admit() checked it is served
        else:
            candidates = [n for n in dict.fromkeys((task.id, task.variant_of)) if n in served]
        for name in candidates:
            module = self._served_module(name)
            if module is None:
                continue
            if module is sys.modules.get(f"{SHIPPED_PACKAGE}.{name}"):
                if task.verifier == name or name == task.id or not _shipped_exists(task.id):
                    return task  # scoring finds exactly this shipped module from the spec as written
                return task.model_copy(update={"verifier": name})
            SERVED[name] = module  # an operator folder's verifier: bound by name, no path in the spec
            return task.model_copy(update={"verifier": f"{__name__}:{SERVED_PREFIX}{name}"})
        if task.verifier is not None:
            raise ProtocolError("bad_task", f"task spec: the server's task {task.verifier!r} has no verifier")
        if any(_shipped_exists(n) for n in (task.id, task.variant_of) if n):
            # scoring would import a shipped helper module that is no served task's verifier
            raise ProtocolError(
                "bad_task",
                f"task spec {task.id!r}: its id or variant_of names no task this "
                "server serves; give `verifier:` the id of one that does",
            )
        return task

    def _served_module(self, name: str) -> ModuleType | None:
        """The verifier of the operator's task `name`, loaded from the operator's file (None: it has none)."""
        from agentworld.scoring import load_verifier_module
        from agentworld.tasks import load_task

        if name in self._modules:
            return self._modules[name]
        try:
            module = self._modules[name] = load_verifier_module(load_task(name, check_content=False))
            return module
        except Exception as exc:  # noqa: BLE001 - the operator's problem: logged in full, told without paths
            log.warning(
                "the verifier of served task %s cannot be loaded: %s: %s", name, type(exc).__name__, exc
            )
            raise ProtocolError(
                "bad_task",
                f"the verifier of this server's task {name!r} cannot be loaded (the server's log says why)",
            ) from None


def _shipped_exists(name: str) -> bool:
    return importlib.util.find_spec(f"{SHIPPED_PACKAGE}.{name}") is not None
