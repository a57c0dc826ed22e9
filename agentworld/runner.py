"""run_episode(): one episode of a task with a team of agents -> result (and a run directory).

Agents act in the task's agent order, one tool call per turn; each gets only its own
observation. If an agent raises (e.g. an LLM API failing hard) the episode stops with status
"error" and everything recorded so far is still written.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import agentworld
from agentworld.agents import Agent, make_agent
from agentworld.env import make_backend
from agentworld.episode import EpisodeOptions, make_briefing
from agentworld.options import (add_ablation_arguments, add_llm_arguments, build_team, episode_options, llm_options,
                                parse_kinds, write_transcript)
from agentworld.tasks import Task, TaskError, load_task
from agentworld.trajectory import outcome, write_run_dir


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


def run_episode(task: Task | str, agents: Any = "oracle", seed: int = 0, options: dict | None = None,
                out_dir: str | Path | None = None, server: str | None = None, progress: bool = True,
                agent_options: dict | None = None) -> dict:
    """Play one episode; returns metrics plus status/error (and writes a run dir when out_dir is set)."""
    options = dict(options or {})
    ep_options = EpisodeOptions.from_dict(options)
    base_task = task if isinstance(task, Task) else load_task(task)
    if out_dir is not None:  # fail before playing, not after
        try:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"cannot create the run directory {out_dir}: {exc.strerror or exc}") from None
    backend = make_backend(base_task, seed, server, options)
    played = backend.task
    names = list(backend.agents)
    team = _team(agents, names, agent_options, seed)
    started = time.time()
    status, error = "ok", None
    bar = _Progress(played, enabled=progress)
    try:
        backend.reset(seed)
        for name, agent in team.items():
            briefing = make_briefing(played, name, ep_options.disabled, include_plan=agent.needs_plan)
            _agent_call(name, agent, agent.reset, name, briefing)
        done = False
        while not done:
            for name in names:
                action = _agent_call(name, team[name], team[name].act, backend.observe(name))
                rec = backend.act(name, action)
                if "success_actions" in rec:  # the objective is met: the round stops here
                    break
            backend.end_round()
            st = backend.status()
            bar.update(st)
            done = st["done"]
    except _AgentFailed as exc:
        status, error = "error", str(exc)
        if progress:
            print(exc.trace, file=sys.stderr)
    except KeyboardInterrupt:
        status, error = "error", "interrupted by the user"
    except Exception as exc:  # the backend failed (e.g. the server went away): keep what we have
        status, error = "error", f"backend failed: {type(exc).__name__}: {exc}"
    finally:
        bar.close()
    try:
        trajectory = backend.trajectory()
        st = backend.status()
    except Exception as exc:
        trajectory, error = [], error or f"backend failed: {type(exc).__name__}: {exc}"
        st = {"success": False, "psr": 0.0, "max_rounds": played.max_rounds,
              "checkpoints": {c.id: False for c in played.checkpoints}}
        status = "error"
    metrics = _metrics(trajectory, st, names, team, status, error, time.time() - started)
    result = {"task": played.id, "seed": seed, **metrics}
    if out_dir is not None:
        config = {"task": base_task.id, "seed": seed, "agents": {n: a.config() for n, a in team.items()},
                  "options": ep_options.to_dict(), "server": server, "version": agentworld.__version__}
        path = write_run_dir(out_dir, base_task, config, trajectory, metrics)
        result["run_dir"] = str(path)
    try:
        backend.close()
    except Exception:
        pass
    return result


class _AgentFailed(Exception):
    """An agent raised: the episode stops with status "error" (the message names the agent)."""

    def __init__(self, message: str, trace: str):
        super().__init__(message)
        self.trace = trace


def _agent_call(name: str, agent: Agent, fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception as exc:
        raise _AgentFailed(f"agent {name} ({agent.kind}) raised {type(exc).__name__}: {exc}",
                           traceback.format_exc()) from exc


def _metrics(trajectory: list[dict], status: dict, names: list[str], team: dict[str, Agent], run_status: str,
             error: str | None, seconds: float) -> dict:
    actions = [r for r in trajectory if r.get("type") == "action"]
    per_agent = {}
    for n in names:
        mine = [r for r in actions if r["agent"] == n]
        usage = dict(getattr(team[n], "usage", {}) or {})
        per_agent[n] = {"kind": team[n].kind, "actions": len(mine), "errors": sum(1 for r in mine if not r["ok"]),
                        "messages": sum(1 for r in mine if r["tool"] == "chat" and r["ok"]), "usage": usage}
    totals: dict[str, Any] = {}
    for info in per_agent.values():
        for k, v in info["usage"].items():
            if isinstance(v, bool):
                totals[k] = totals.get(k, False) or v
            elif isinstance(v, (int, float)):  # counts add up; peaks (max_*) take the maximum
                totals[k] = max(totals.get(k, 0), v) if k.startswith("max_") else totals.get(k, 0) + v
    return {**outcome(trajectory, status),
            "status": run_status, "error": error, "per_agent": per_agent, "usage": totals, "seconds": round(seconds, 3)}


class _Progress:
    """A per-round progress bar on stderr (rich), silent when disabled."""

    def __init__(self, task: Task, enabled: bool):
        self.bar = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn

        self.bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), TextColumn("round {task.completed:.0f}/{task.total:.0f}"),
                            TextColumn("{task.fields[info]}"), console=Console(stderr=True), transient=False)
        self.bar.start()
        self.tid = self.bar.add_task(task.id, total=task.max_rounds, info="")

    def update(self, st: dict) -> None:
        if self.bar is not None:
            reached = sum(st["checkpoints"].values())
            self.bar.update(self.tid, completed=min(st["round"] - 1, st["max_rounds"]),
                            info=f"checkpoints {reached}/{len(st['checkpoints'])}" + (" SUCCESS" if st["success"] else ""))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


# --- CLI ----------------------------------------------------------------------------------------
def configure_run(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("task", help="task id (e.g. task_01) or path to a task YAML")
    parser.add_argument("--agents", default="oracle", help="oracle|random|noop|llm, or a comma list with one kind per agent")
    parser.add_argument("--seed", type=int, default=0, help="world seed (default 0); same seed + actions = same run")
    parser.add_argument("--out", help="write a run directory here")
    parser.add_argument("--json", action="store_true", help="print one JSON object with the result")
    parser.add_argument("--server", help="play on an AgentWorld server (ws://host:port) instead of in-process")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_ablation_arguments(parser)
    add_llm_arguments(parser)


def check_server_url(url: str | None) -> None:
    """A --server value must be a websocket URL; say so (with the likely fix) before connecting."""
    if url is None or url.startswith(("ws://", "wss://")):
        return
    rest = url.split("://", 1)[1] if "://" in url else url
    raise ValueError(f"--server must be a ws:// or wss:// URL, got {url!r}; did you mean 'ws://{rest}'?")


def _server_errors(url: str | None) -> tuple[type[Exception], ...]:
    """The client's ServerError when playing on a server (imported only then: websockets is heavy)."""
    if url is None:
        return ()
    from agentworld.server_bridge.client import ServerError

    return (ServerError,)


def command_run(args: argparse.Namespace) -> int:
    try:
        check_server_url(args.server)
        kinds = parse_kinds(args.agents)
        if args.single_agent and set(kinds) != {"llm"}:
            raise ValueError("--single-agent needs --agents llm (one model context for every avatar); "
                             "--solo keeps only the first agent for any kind")
        agent_opts = llm_options(args) if "llm" in kinds else {}
        agents = build_team(args.task, ",".join(kinds), agent_opts, episode_options(args))
        try:
            result = run_episode(args.task, agents=agents, seed=args.seed, options=episode_options(args),
                                 out_dir=args.out, server=args.server, progress=not (args.quiet or args.json),
                                 agent_options={"llm": agent_opts})
        finally:
            if args.out and isinstance(agents, dict):
                write_transcript(Path(args.out), agents)
    except (TaskError, ValueError, ImportError, *_server_errors(args.server)) as exc:
        print(f"run: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        _summary(result)
    return 0 if result["status"] == "ok" else 1


def _summary(r: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{r['task']} (seed {r['seed']})", show_header=False)
    table.add_row("success", "[green]yes[/green]" if r["success"] else "[red]no[/red]")
    table.add_row("PSR", f"{r['psr']:.1%}")
    table.add_row("rounds", f"{r['rounds']}/{r['max_rounds']}")
    table.add_row("actions", f"{r['actions']} ({r['errors']} failed)")
    table.add_row("messages", str(r["messages"]))
    table.add_row("checkpoints", ", ".join(f"{k} {'✓' if v else '✗'}" for k, v in r["checkpoints"].items()))
    if r["usage"].get("prompt_tokens") or r["usage"].get("completion_tokens"):
        u = r["usage"]
        table.add_row("tokens", f"prompt {u.get('prompt_tokens', 0)}, completion {u.get('completion_tokens', 0)}, "
                                f"cost {u.get('cost', 0.0):.4f}")
    if r["status"] != "ok":
        table.add_row("status", f"[red]{r['status']}: {r['error']}[/red]")
    if r.get("run_dir"):
        table.add_row("run dir", r["run_dir"])
    Console().print(table)
