"""The editor's Run oracle / Run noop: one episode, bounded in size and time, stopped when nobody waits.

The page plays whatever task it holds, and the author can type 2,000 agents or 10,000 rounds as
easily as 3 and 30; unbounded, such a run held the editor (and a gigabyte) long after the page had
given up. So a play is refused before any world is built when the document has more agents or
rounds than `RunLimits` allows (`agentworld edit --run-max-agents/--run-max-rounds`), and stopped,
with the rounds played so far reported as `status: "stopped"`, once it has run `seconds` of wall
time or its `stop` event is set (the server sets it when the requesting page closes its
connection). Only one play runs at a time; `agentworld run` plays any task without these bounds.

The bounds are checked between turns, by a thin wrapper around each agent: the runner's turn loop
stays the one every command uses.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentworld.agents import Agent, make_agent
from agentworld.editor.document import DocumentError, check_document, problems_json
from agentworld.runner import run_episode

TEAMS = ("oracle", "noop")  # the teams the page can run: the task's plan, and nobody acting
KEPT = (
    "success",
    "psr",
    "rounds",
    "max_rounds",
    "actions",
    "invalid_actions",
    "checkpoints",
    "status",
    "error",
    "seconds",
)  # the metrics the page shows


@dataclass(frozen=True, slots=True)
class RunLimits:
    """How large a task the editor plays and for how long (the `agentworld edit --run-*` options)."""

    max_agents: int = 32  # the largest shipped task has 20
    max_rounds: int = 1_000  # the shipped tasks allow at most 55
    seconds: float = 60.0  # wall time of one play; the largest shipped task's oracle takes a few seconds

    def problems(self) -> list[str]:
        """What is wrong with the limits themselves (each must be positive)."""
        named = {
            "--run-max-agents": self.max_agents,
            "--run-max-rounds": self.max_rounds,
            "--run-seconds": self.seconds,
        }
        return [f"{flag} must be positive, got {value}" for flag, value in named.items() if not value > 0]


class RunBusyError(DocumentError):
    """Another play is still running (the editor plays one at a time)."""


class _Stop(Exception):
    """Raised from a turn when the play must end; the runner records it as the agent failing."""


class _Guard:
    """Whether the play must stop now: its deadline passed or its page went away."""

    def __init__(self, limits: RunLimits, stop: threading.Event | None):
        self.deadline = time.monotonic() + limits.seconds
        self.limits = limits
        self.stop = stop
        self.reason: str | None = None

    def check(self) -> None:
        if self.stop is not None and self.stop.is_set():
            self.reason = "stopped: the page went away (its connection closed) before the play ended"
        elif time.monotonic() > self.deadline:
            self.reason = (
                f"stopped after {self.limits.seconds:g} s of wall time (the editor's --run-seconds "
                "limit); `agentworld run` plays it without one"
            )
        if self.reason is not None:
            raise _Stop(self.reason)


class _Bounded(Agent):
    """An agent whose every turn first asks the guard (kind, plan and usage are the wrapped agent's)."""

    def __init__(self, inner: Agent, guard: _Guard):
        super().__init__()
        self.inner, self.guard = inner, guard
        self.kind, self.needs_plan = inner.kind, inner.needs_plan
        self.usage = inner.usage

    def reset(self, name: str, briefing: dict) -> None:
        self.guard.check()
        self.inner.reset(name, briefing)

    def act(self, observation: dict) -> dict | str:
        self.guard.check()
        return self.inner.act(observation)

    def config(self) -> dict:
        return self.inner.config()


def size_problems(document: Any, limits: RunLimits) -> list[str]:
    """Why the document is too large to play here (read from the raw document, before any world exists)."""
    if not isinstance(document, dict):
        return []  # check_document says what is wrong with it
    problems = []
    agents = document.get("agents")
    if isinstance(agents, list) and len(agents) > limits.max_agents:
        problems.append(
            f"agents: {len(agents)} agents; the editor plays at most {limits.max_agents} "
            "(agentworld edit --run-max-agents)"
        )
    rounds = document.get("max_rounds")
    if isinstance(rounds, int) and rounds > limits.max_rounds:
        problems.append(
            f"max_rounds: {rounds} rounds; the editor plays at most {limits.max_rounds} "
            "(agentworld edit --run-max-rounds)"
        )
    return problems


class Plays:
    """The editor's plays: one at a time, each within `limits`."""

    def __init__(self, limits: RunLimits | None = None):
        self.limits = limits or RunLimits()
        self._one = threading.Lock()

    def run_team(
        self, document: Any, folder: Path, team: str, seed: int = 0, stop: threading.Event | None = None
    ) -> dict:
        """Play the task once with the oracle or noop team (no run directory): metrics, or the problems."""
        if team not in TEAMS:
            raise DocumentError(f"team must be one of {', '.join(TEAMS)}, got {team!r}")
        too_large = size_problems(document, self.limits)
        if too_large:
            raise DocumentError("not played: " + "; ".join(too_large) + "; `agentworld run` plays any size")
        if not self._one.acquire(blocking=False):
            raise RunBusyError(
                "another play is still running (the editor plays one at a time); it ends "
                f"within {self.limits.seconds:g} s, or when the page that started it closes"
            )
        try:
            return self._play(document, folder, team, seed, stop)
        finally:
            self._one.release()

    def _play(self, document: Any, folder: Path, team: str, seed: int, stop: threading.Event | None) -> dict:
        task, problems = check_document(document, folder)
        if task is None:
            return {"ok": False, "problems": problems_json(problems)}
        if team == "oracle" and not any(task.oracle.get(name) for name in task.agent_names):
            return {
                "ok": True,
                "team": team,
                "seed": seed,
                "no_plan": True,
                "message": "this task has no oracle plan (add steps under 'Oracle plan'), so there is "
                "no oracle to run",
            }
        guard = _Guard(self.limits, stop)
        agents = [_Bounded(make_agent(team), guard) for _ in task.agents]
        result = run_episode(task, agents, seed=seed, progress=False)
        if guard.reason is not None:
            result = {**result, "status": "stopped", "error": guard.reason}
        return {"ok": True, "team": team, "seed": seed, **{k: result.get(k) for k in KEPT}}
