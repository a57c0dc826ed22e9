"""`agentworld play TASK`: a person (or a few) play a task in the browser; built-in agents fill the other seats.

One command, one process: a game server on loopback with the task started as an operator
episode, every other seat played in-process by a built-in agent the moment its turn comes
(oracle, random or noop, briefed as in `agentworld run`), one link printed per person's seat.
People's turns never time out unless `--turn-timeout` says so. The game is saved as a normal
run directory when it ends, or when the command is stopped (Ctrl-C, SIGTERM), so `agentworld
replay DIR` and `agentworld judge DIR` work on a play-test. A finished game stays on the server
(seat and spectator pages, with the end screen) until the operator stops the command, so the
people who played can look back at it; `--exit-at-end` stops at the end instead (scripts).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
import webbrowser
from pathlib import Path

from agentworld.options import add_llm_arguments, llm_options
from agentworld.server_bridge.games import Game
from agentworld.server_bridge.protocol import ProtocolError
from agentworld.server_bridge.recording import save_game
from agentworld.server_bridge.serve import (
    add_access_arguments,
    add_limit_arguments,
    base_url,
    check_limits,
    limit_config,
    print_private,
    setup_logging,
)
from agentworld.server_bridge.server import GameServer, ServerConfig

BOT_KINDS = ("oracle", "random", "noop", "llm")
LINGER = 1.5  # seconds the pages get to show the end of the game before the server stops


def configure_play(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("task", help="task id (e.g. task_01) or path to a task YAML")
    parser.add_argument(
        "--as",
        dest="people",
        default=None,
        metavar="ROLE[,ROLE]",
        help="the seat(s) people play, by agent name or role (default: the first agent)",
    )
    parser.add_argument(
        "--others",
        default="oracle",
        metavar="KIND",
        help=f"built-in agents for the other seats: {'|'.join(BOT_KINDS)}, or a comma list "
        "with one kind per other seat in task order",
    )
    parser.add_argument("--seed", type=int, default=0, help="world seed (default 0)")
    parser.add_argument(
        "--out", default=None, help="run directory to save the game to (default: play_runs/TASK_seedN_TIME)"
    )
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default: loopback only)")
    parser.add_argument("--port", type=int, default=8765, help="TCP port of the pages and the websocket")
    parser.add_argument(
        "--turn-timeout",
        type=float,
        default=None,
        help="seconds a person may take before the turn is played as a wait (default: no limit)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="only print the links, do not open a browser"
    )
    parser.add_argument(
        "--exit-at-end",
        action="store_true",
        help="stop when the game ends (default: keep its pages open until Ctrl-C)",
    )
    add_limit_arguments(parser)
    add_access_arguments(parser)
    add_llm_arguments(parser)


def plan_seats(task, people_arg: str | None, others_arg: str) -> tuple[list[str], dict[str, str]]:
    """(the people's seats, {other seat: built-in kind}); a ValueError names what was wrong."""
    names = task.agent_names
    by_key = {a.name.lower(): a.name for a in task.agents} | {a.role.lower(): a.name for a in task.agents}
    people: list[str] = []
    for given in (people_arg or names[0]).split(","):
        name = by_key.get(given.strip().lower())
        if name is None:
            raise ValueError(f"--as {given.strip()!r} is not a seat of {task.id}; seats: {', '.join(names)}")
        if name not in people:
            people.append(name)
    others = [n for n in names if n not in people]
    kinds = [k.strip().lower() for k in others_arg.split(",") if k.strip()]
    if len(kinds) == 1:
        kinds *= len(others)
    if len(kinds) != len(others):
        raise ValueError(
            f"--others gives {len(kinds)} kinds for {len(others)} other seats ({', '.join(others)})"
        )
    bad = list(dict.fromkeys(k for k in kinds if k not in BOT_KINDS))
    if bad:
        raise ValueError(
            f"--others: unknown kind(s) {', '.join(bad)}; built-in agents: {', '.join(BOT_KINDS)}"
        )
    return people, dict(zip(others, kinds))


def make_bots(task, kinds: dict[str, str], seed: int, llm: dict | None = None) -> dict:
    """The built-in agents, seeded as `agentworld run` seeds them (random: seed * 1000 + seat index);
    LLM seats get the --model/--base-url/... options (the server lets them think in a thread)."""
    from agentworld.agents import make_agent
    from agentworld.agents.llm import make_team

    index = {name: i for i, name in enumerate(task.agent_names)}
    bots = {}
    for name, kind in kinds.items():
        if kind == "llm":
            bots[name] = make_team([name], **(llm or {}))[name]
        else:
            bots[name] = make_agent(kind, **({"seed": seed * 1000 + index[name]} if kind == "random" else {}))
    return bots


def command_play(args: argparse.Namespace) -> int:
    from agentworld.tasks import TaskError, list_task_ids, load_task

    problem = check_limits(args)
    if args.turn_timeout is not None and args.turn_timeout <= 0:
        problem = problem or "--turn-timeout must be a positive number of seconds"
    try:
        if problem:
            raise ValueError(problem)
        task = load_task(args.task)
        people, kinds = plan_seats(task, args.people, args.others)
        if "llm" in kinds.values() and not llm_options(args).get("model"):
            raise ValueError(
                "--others llm needs --model (or $AGENTWORLD_MODEL) and an OpenAI-compatible "
                "server (--base-url or $OPENAI_BASE_URL)"
            )
    except (TaskError, ValueError, FileNotFoundError) as exc:
        print(f"play: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out or f"play_runs/{task.id}_seed{args.seed}_{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"play: cannot create {out.parent}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    wire_task = (
        task.id if args.task in list_task_ids("all") else task
    )  # a file's Task keeps its verifier's path
    config = ServerConfig(
        turn_timeout=args.turn_timeout, private=args.private, own_process=True, **limit_config(args)
    )
    setup_logging()
    try:
        bots = make_bots(task, kinds, args.seed, llm_options(args))
        saved = asyncio.run(
            _play(
                config,
                wire_task,
                args.seed,
                people,
                bots,
                out,
                open_browser=not args.no_browser,
                keep_open=not args.exit_at_end,
            )
        )
    except ProtocolError as exc:
        print(f"play: {exc.message}", file=sys.stderr)
        return 2
    except (OSError, OverflowError) as exc:
        print(f"play: cannot listen on {config.host}:{config.port}: {exc}", file=sys.stderr)
        return 1
    return 1 if saved is None else 0


def _saved(game: Game, out: Path, started: float) -> Path:
    saved = save_game(game, out, started)
    print(
        f"saved the game to {saved}  (agentworld replay {saved}; agentworld judge {saved};"
        f" agentworld view {saved})",
        flush=True,
    )
    return saved


async def _play(
    config: ServerConfig,
    task,
    seed: int,
    people: list[str],
    bots: dict,
    out: Path,
    open_browser: bool,
    keep_open: bool = True,
) -> Path | None:
    server = GameServer(config)
    await server.start()
    main = asyncio.current_task()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, main.cancel)  # stop cleanly: the game is saved below
    game: Game | None = None
    saved: Path | None = None
    try:
        game, _ = server.start_episode(task, seed, {}, operator=True, bots=bots)
        page = base_url(server)
        print(
            f"AgentWorld play: {game.task} seed {seed}; built-in agents: "
            f"{', '.join(f'{n} ({type(a).__name__})' for n, a in bots.items()) or 'none'}",
            flush=True,
        )
        links = [f"{page}?seat={name}&token={game.seats[name].token}" for name in people]
        for name, link in zip(people, links):
            print(f"  your seat {name}: {link}", flush=True)
        print(f"  spectators: {page}spectate", flush=True)
        print_private(server)
        if open_browser and _has_display():
            webbrowser.open(links[0])
        while True:
            ended = await server.finished.get()
            if ended is game:
                break
        saved = _saved(game, out, server.started)
        if keep_open:
            print(
                f"the game is over; its pages stay open (spectators: {page}spectate) until you stop "
                "this command (Ctrl-C)",
                flush=True,
            )
            await asyncio.Event().wait()
        await asyncio.sleep(LINGER)  # the pages show the final status
    except asyncio.CancelledError:
        if saved is None:
            print("stopped: saving the game as it is", flush=True)
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        await server.stop()
    if game is None:
        return None
    return saved or _saved(game, out, server.started)


def _has_display() -> bool:
    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )
