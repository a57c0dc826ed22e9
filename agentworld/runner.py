"""run_episode(): one episode of a task with a team of agents -> result (and a run directory).

Agents act in the task's agent order, one tool call per turn; each gets only its own
observation. If an agent raises (e.g. an LLM API failing hard) the episode stops with status
"error" and everything recorded so far is still written; if the model budget (--max-cost) is
spent it stops with status "unfinished" (an eval plays it again on resume).

One turn loop, two drivers: `_Episode.turns()` is a generator that yields whose turn it is and
takes their action back, so `run_episode` (blocking agents) and `run_episode_async` (agents with
`act_async`, e.g. LLM seats on the async client; many episodes in flight as asyncio tasks) play
exactly the same turns in the same order. The run directory is written as the episode goes
(trajectory.RunRecorder): a killed run keeps every finished action.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Generator

import agentworld
from agentworld.agents import Agent, make_agent
from agentworld.backend import EmbeddedBackend, make_backend
from agentworld.episode import EpisodeOptions, make_briefing
from agentworld.limits import BudgetExhausted
from agentworld.tasks import Task, load_task
from agentworld.trajectory import RunRecorder, outcome, prepare_run_dir


def _team(spec: Any, names: list[str], agent_options: dict | None, seed: int) -> dict[str, Agent]:
    """Agents for each seat from: one kind, a comma list, a list, a dict, or Agent instances."""
    agent_options = agent_options or {}
    if isinstance(spec, dict):
        kinds = [spec.get(n, "noop") for n in names]
    else:
        if isinstance(spec, str):
            spec = [s.strip() for s in spec.split(",") if s.strip()]
        spec = list(spec)
        if len(spec) == 1:
            spec = spec * len(names)
        if len(spec) != len(names):
            raise ValueError(f"{len(spec)} agent kinds given for {len(names)} agents ({', '.join(names)})")
        kinds = spec
    kinds = [k.strip().lower() if isinstance(k, str) else k for k in kinds]  # 'Oracle' is 'oracle'
    team = {}
    for i, (name, kind) in enumerate(zip(names, kinds)):
        if isinstance(kind, Agent):
            team[name] = kind
            continue
        opts = dict(agent_options.get(kind, {}))
        if kind == "random":
            opts.setdefault("seed", seed * 1000 + i)
        team[name] = make_agent(kind, **opts)
    return team


def run_episode(
    task: Task | str,
    agents: Any = "oracle",
    seed: int = 0,
    options: dict | None = None,
    out_dir: str | Path | None = None,
    server: str | None = None,
    progress: bool = True,
    agent_options: dict | None = None,
) -> dict:
    """Play one episode; returns metrics plus status/error (and writes a run dir when out_dir is set)."""
    episode = _Episode(task, agents, seed, options, out_dir, server, progress, agent_options)
    try:
        turns = episode.turns()
        name = next(turns)
        while True:
            name = turns.send(episode.call(name, lambda agent, obs: agent.act(obs)))
    except StopIteration:
        pass
    except BaseException as exc:  # KeyboardInterrupt too: what was played is kept
        episode.stopped(exc)
        if not isinstance(exc, Exception | KeyboardInterrupt):
            episode.finish()
            raise
    return episode.finish()


async def run_episode_async(
    task: Task | str,
    agents: Any = "oracle",
    seed: int = 0,
    options: dict | None = None,
    out_dir: str | Path | None = None,
    server: str | None = None,
    agent_options: dict | None = None,
) -> dict:
    """run_episode as a coroutine: agents with `act_async` are awaited, others are called directly.
    Cancelling it (an interrupted eval) writes what was played, then re-raises."""
    episode = _Episode(
        task,
        agents,
        seed,
        options,
        out_dir,
        server,
        False,
        agent_options,
        fsync=_fsync_in_thread(asyncio.get_running_loop()),
    )
    try:
        turns = episode.turns()
        name = next(turns)
        while True:
            agent = episode.team[name]
            if hasattr(agent, "act_async"):
                action = await episode.acall(name)
            else:
                action = episode.call(name, lambda agent, obs: agent.act(obs))
            name = turns.send(action)
    except StopIteration:
        pass
    except BaseException as exc:  # CancelledError too: what was played is kept
        episode.stopped(exc)
        if not isinstance(exc, Exception):
            episode.finish()
            raise
    return episode.finish()


class _Episode:
    """One episode being played: setup, the turn loop as a generator, and the result."""

    def __init__(
        self,
        task: Task | str,
        agents: Any,
        seed: int,
        options: dict | None,
        out_dir: str | Path | None,
        server: str | None,
        progress: bool,
        agent_options: dict | None,
        fsync: Any = os.fsync,
    ):
        options = dict(options or {})
        self.ep_options = EpisodeOptions.from_dict(options)
        self.base_task = task if isinstance(task, Task) else load_task(task)
        if out_dir is not None:  # fail before playing, not after
            try:
                prepare_run_dir(out_dir)  # an earlier run's cce.json etc. must not stay beside this one
            except OSError as exc:
                raise ValueError(
                    f"cannot create the run directory {out_dir}: {exc.strerror or exc}"
                ) from None
        self.backend = make_backend(self.base_task, seed, server, options)
        self.played = self.backend.task
        self.names = list(self.backend.agents)
        self.team = _team(agents, self.names, agent_options, seed)
        self.seed, self.server, self.out_dir, self.progress = seed, server, out_dir, progress
        self.started = time.time()
        self.status, self.error = "ok", None
        self.records: list[dict] = []
        self.recorder: RunRecorder | None = None
        if out_dir is not None:
            config = run_config(self.base_task, seed, self.team, self.ep_options, server)
            self.recorder = RunRecorder(out_dir, self.base_task, config, fsync=fsync)
        self.bar = _Progress(self.played, enabled=progress)

    def _record(self, rec: dict) -> dict:
        self.records.append(rec)
        if self.recorder is not None:
            self.recorder.record(rec)
        return rec

    def turns(self) -> Generator[str, Any, None]:
        """Yields the name of the agent whose turn it is; send its action back."""
        backend = self.backend
        if not _just_built(backend, self.seed):
            backend.reset(self.seed)
        for name, agent in self.team.items():
            briefing = make_briefing(
                self.played, name, self.ep_options.disabled, include_plan=agent.needs_plan
            )
            _agent_call(name, agent, agent.reset, name, briefing)
        done = False
        while not done:
            for name in self.names:
                action = yield name
                rec = self._record(backend.act(name, action))
                if "success_actions" in rec:  # the objective is met: the round stops here
                    break
            self._record(backend.end_round())
            st = backend.status()
            self.bar.update(st)
            done = st["done"]

    def call(self, name: str, act: Any) -> Any:
        agent = self.team[name]
        return _agent_call(name, agent, act, agent, self.backend.observe(name))

    async def acall(self, name: str) -> Any:
        agent = self.team[name]
        observation = self.backend.observe(name)
        try:
            return await agent.act_async(observation)
        except Exception as exc:
            raise _AgentFailed(
                f"agent {name} ({agent.kind}) raised {type(exc).__name__}: {exc}", traceback.format_exc()
            ) from exc

    def stopped(self, exc: BaseException) -> None:
        """Why the episode stopped early, as status and error."""
        if isinstance(exc, _AgentFailed) and isinstance(exc.__cause__, BudgetExhausted):
            self.status, self.error = "unfinished", str(exc.__cause__)
        elif isinstance(exc, _AgentFailed):
            self.status, self.error = "error", str(exc)
            if self.progress:
                print(exc.trace, file=sys.stderr)
        elif isinstance(exc, KeyboardInterrupt | asyncio.CancelledError):
            self.status, self.error = "error", _interrupted_text(exc)
        else:  # the backend failed (e.g. the server went away): keep what we have
            self.status, self.error = "error", f"backend failed: {type(exc).__name__}: {exc}"

    def finish(self) -> dict:
        """Metrics (and metrics.json): the result of the episode as played so far."""
        self.bar.close()
        if getattr(self, "result", None) is not None:
            return self.result
        try:
            st = self.backend.status()
        except Exception as exc:
            self.error = self.error or f"backend failed: {type(exc).__name__}: {exc}"
            st = {
                "success": False,
                "psr": 0.0,
                "max_rounds": self.played.max_rounds,
                "checkpoints": {c.id: False for c in self.played.checkpoints},
            }
            self.status = "error"
        metrics = episode_metrics(
            self.records, st, self.names, self.team, self.status, self.error, time.time() - self.started
        )
        self.result = {"task": self.played.id, "seed": self.seed, **metrics}
        if self.recorder is not None:
            self.result["run_dir"] = str(self.recorder.finish(metrics))
        try:
            self.backend.close()
        except Exception:
            pass
        return self.result


# The signal that is stopping this process's episodes, set by whoever turns a signal into task
# cancellation (evaluation.executors): a CancelledError that crossed a library's task group no
# longer carries its message.
stopping_signal: int | None = None


def _just_built(backend: Any, seed: int) -> bool:
    """The backend was reset to this seed by its constructor and nothing was played since: resetting
    again would only repeat the world's construction (a large share of an episode's setup when many
    episodes are in flight) or, on a server, start a second episode and leave the first unfinished."""
    if not isinstance(backend, EmbeddedBackend):  # a ServerBackend knows whether it has played
        return bool(getattr(backend, "untouched", False)) and getattr(backend, "seed", None) == seed
    episode = getattr(backend, "episode", None)
    return episode is not None and not episode.trajectory and episode.seed == seed


def _fsync_in_thread(loop: asyncio.AbstractEventLoop) -> Any:
    """fsync for the async runner: on a thread, so a slow disk does not stall every episode in flight
    (the records are already written; fsync only protects them from a machine crash)."""

    def sync_copy(fd: int) -> None:
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def fsync(fd: int) -> None:
        loop.run_in_executor(None, sync_copy, os.dup(fd))

    return fsync


def _interrupted_text(exc: BaseException) -> str:
    signum = exc.args[0] if exc.args and isinstance(exc.args[0], int) else None
    if signum is None and isinstance(exc, asyncio.CancelledError):
        signum = stopping_signal
    name = signal.Signals(signum).name if signum in set(signal.Signals) else None
    return f"interrupted ({name})" if name else "interrupted by the user"


class _AgentFailed(Exception):
    """An agent raised: the episode stops with status "error" (the message names the agent)."""

    def __init__(self, message: str, trace: str):
        super().__init__(message)
        self.trace = trace


def _agent_call(name: str, agent: Agent, fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception as exc:
        raise _AgentFailed(
            f"agent {name} ({agent.kind}) raised {type(exc).__name__}: {exc}", traceback.format_exc()
        ) from exc


def run_config(
    task: Task, seed: int, team: dict[str, Agent], options: EpisodeOptions, server: str | None
) -> dict:
    """config.json of a run: task id, seed, each seat's agent config, episode options, where it was played."""
    return {
        "task": task.id,
        "seed": seed,
        "agents": {n: a.config() for n, a in team.items()},
        "options": options.to_dict(),
        "server": server,
        "version": agentworld.__version__,
    }


def episode_metrics(
    trajectory: list[dict],
    status: dict,
    names: list[str],
    team: dict[str, Agent],
    run_status: str,
    error: str | None,
    seconds: float,
) -> dict:
    """metrics.json of a run: the outcome plus per-agent counts and usage (`team` needs .kind and .usage)."""
    actions = [r for r in trajectory if r.get("type") == "action"]
    per_agent = {}
    for n in names:
        mine = [r for r in actions if r["agent"] == n]
        usage = dict(getattr(team[n], "usage", {}) or {})
        per_agent[n] = {
            "kind": team[n].kind,
            "actions": len(mine),
            "invalid_actions": sum(1 for r in mine if not r["ok"]),
            "messages": sum(1 for r in mine if r["tool"] == "chat" and r["ok"]),
            "usage": usage,
        }
    totals: dict[str, Any] = {}
    for info in per_agent.values():
        for k, v in info["usage"].items():
            if isinstance(v, bool):
                totals[k] = totals.get(k, False) or v
            elif isinstance(v, (int, float)):  # counts add up; peaks (max_*) take the maximum
                totals[k] = max(totals.get(k, 0), v) if k.startswith("max_") else totals.get(k, 0) + v
    return {
        **outcome(trajectory, status),
        "status": run_status,
        "error": error,
        "per_agent": per_agent,
        "usage": totals,
        "seconds": round(seconds, 3),
    }


class _Progress:
    """A per-round progress bar on stderr (rich), silent when disabled."""

    def __init__(self, task: Task, enabled: bool):
        self.bar = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn

        self.bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            TextColumn("round {task.completed:.0f}/{task.total:.0f}"),
            TextColumn("{task.fields[info]}"),
            console=Console(stderr=True),
            transient=False,
        )
        self.bar.start()
        self.tid = self.bar.add_task(task.id, total=task.max_rounds, info="")

    def update(self, st: dict) -> None:
        if self.bar is not None:
            reached = sum(st["checkpoints"].values())
            self.bar.update(
                self.tid,
                completed=min(st["round"] - 1, st["max_rounds"]),
                info=f"checkpoints {reached}/{len(st['checkpoints'])}"
                + (" SUCCESS" if st["success"] else ""),
            )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
