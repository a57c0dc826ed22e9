"""`agentworld run`: its flags, and one episode played from them with a summary (or JSON) printed.

The episode itself is runner.py's; this module turns the command line into a team and options, stops
cleanly on SIGINT/SIGTERM (what was played is kept) and says what went wrong in the exit code."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path
from typing import Any

from agentworld.options import (
    add_ablation_arguments,
    add_harness_arguments,
    add_llm_arguments,
    build_team,
    check_seat_models,
    episode_options,
    parse_kinds,
    team_options,
    write_transcript,
)
from agentworld.runner import run_episode
from agentworld.tasks import TaskError, load_task


def configure_run(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("task", help="task id (e.g. task_01) or path to a task YAML")
    parser.add_argument(
        "--agents",
        default="oracle",
        help="oracle|random|noop|llm, a team harness: planner (one model context for every avatar) or "
        "orchestrator (a lead context and the workers it spawns), or a comma list with one kind per agent",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="world seed (default 0); same seed + actions = same run"
    )
    parser.add_argument("--out", help="write a run directory here")
    parser.add_argument("--json", action="store_true", help="print one JSON object with the result")
    parser.add_argument(
        "--server", help="play on an AgentWorld server (ws://host:port) instead of in-process"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_ablation_arguments(parser)
    add_llm_arguments(parser)
    add_harness_arguments(parser)


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


class Interrupted(KeyboardInterrupt):
    """SIGTERM (or SIGINT) during `run`: handled like Ctrl-C (args[0] is the signal number)."""


def command_run(args: argparse.Namespace) -> int:
    caught: list[int] = []

    def interrupt(signum: int, frame: Any) -> None:
        caught.append(signum)
        raise Interrupted(signum)

    for sig in (
        signal.SIGINT,
        signal.SIGTERM,
    ):  # kill or Ctrl-C: the episode stops and what was played is kept
        if signal.getsignal(sig) is not signal.SIG_IGN:
            signal.signal(sig, interrupt)
    try:
        check_server_url(args.server)
        kinds = parse_kinds(args.agents)
        agent_opts = team_options(args, kinds)
        check_seat_models([load_task(args.task)], agent_opts)
        agents = build_team(args.task, ",".join(kinds), agent_opts, episode_options(args))
        try:
            result = run_episode(
                args.task,
                agents=agents,
                seed=args.seed,
                options=episode_options(args),
                out_dir=args.out,
                server=args.server,
                progress=not (args.quiet or args.json),
                agent_options={"llm": agent_opts},
            )
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
    if caught:
        return 128 + caught[0]
    return 0 if result["status"] == "ok" else 1


def _summary(r: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{r['task']} (seed {r['seed']})", show_header=False)
    table.add_row("success", "[green]yes[/green]" if r["success"] else "[red]no[/red]")
    table.add_row("PSR", f"{r['psr']:.1%}")
    table.add_row("rounds", f"{r['rounds']}/{r['max_rounds']}")
    table.add_row("actions", f"{r['actions']} ({r['invalid_actions']} invalid)")
    table.add_row("messages", str(r["messages"]))
    table.add_row("checkpoints", ", ".join(f"{k} {'✓' if v else '✗'}" for k, v in r["checkpoints"].items()))
    if r["usage"].get("prompt_tokens") or r["usage"].get("completion_tokens"):
        u = r["usage"]
        table.add_row(
            "tokens",
            f"prompt {u.get('prompt_tokens', 0)}, completion {u.get('completion_tokens', 0)}, "
            f"cost {u.get('cost', 0.0):.4f}",
        )
    if r["status"] != "ok":
        table.add_row("status", f"[red]{r['status']}: {r['error']}[/red]")
    if r.get("run_dir"):
        table.add_row("run dir", r["run_dir"])
    Console().print(table)
