"""`agentworld serve`: the command line of the game server (options, checks, links printed).

Every bad option is a one-line error and exit code 2, never a traceback. SIGTERM (systemd, docker,
`kill`) and SIGINT (Ctrl-C) stop the server cleanly: every live episode ends as "stopped" and, with
--out, is saved whole before the connections close; the exit code is 0.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from agentworld.server_bridge import protocol as P
from agentworld.server_bridge.protocol import ProtocolError
from agentworld.server_bridge.recording import SERVER_STOPPED
from agentworld.server_bridge.server import GameServer, ServerConfig

log = logging.getLogger("agentworld.server")


def configure_serve(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default: loopback only)")
    parser.add_argument("--port", type=int, default=8765, help="TCP port for websockets and the browser page")
    parser.add_argument(
        "--task",
        default=None,
        help="start this task right away and print the seat links: an id, a --tasks-dir id "
        "or a path to a task YAML (as `agentworld run` takes it)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the episode started with --task")
    parser.add_argument(
        "--turn-timeout",
        type=float,
        default=None,
        help="seconds a seat may take before its turn is played as a wait (default: wait forever)",
    )
    add_limit_arguments(parser)
    parser.add_argument(
        "--out", default=None, help="save every episode as a run directory here, written as it is played"
    )
    parser.add_argument(
        "--allow-client-tasks",
        action="store_true",
        help="let clients send whole task specs (size-checked; a verifier only by the id of a "
        "task this server serves). Default: clients start this server's tasks by id",
    )
    add_access_arguments(parser)


def add_access_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--private",
        action="store_true",
        help="private mode (studies): spectating and history need the spectator token printed "
        "here, so a seat sees only its own observation and the chat addressed to it",
    )


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    defaults = ServerConfig()
    parser.add_argument(
        "--max-message-bytes", type=int, default=defaults.max_message_bytes, help="largest accepted message"
    )
    parser.add_argument(
        "--rate-limit", type=float, default=defaults.rate_limit, help="messages per second per connection"
    )
    parser.add_argument(
        "--burst", type=int, default=defaults.burst, help="messages a connection may send at once"
    )
    parser.add_argument(
        "--max-episodes",
        type=int,
        default=defaults.max_episodes,
        help="episodes anonymous clients may play at once on this server",
    )
    parser.add_argument(
        "--max-buffer-bytes",
        type=int,
        default=defaults.max_buffer_bytes,
        help="unread bytes queued for one connection before it is disconnected",
    )
    parser.add_argument(
        "--max-total-buffer-bytes",
        type=int,
        default=defaults.max_total_buffer_bytes,
        help="unread bytes of all connections together; past it the slowest readers are dropped",
    )
    parser.add_argument(
        "--max-connections",
        type=int,
        default=defaults.max_connections,
        help="websocket connections open at once (more get HTTP 503)",
    )
    parser.add_argument(
        "--max-episode-bytes",
        type=int,
        default=defaults.max_episode_bytes,
        help="recorded trajectory bytes after which an episode is stopped",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests for this Host name (besides 127.0.0.1, localhost, [::1])",
    )


def check_limits(args: argparse.Namespace) -> str | None:
    """The first problem with the server options, or None."""
    if not 0 <= args.port <= 65535:
        return f"--port must be between 0 and 65535, got {args.port}"
    if getattr(args, "turn_timeout", None) is not None and args.turn_timeout <= 0:
        return "--turn-timeout must be a positive number of seconds"
    if args.max_message_bytes < 1024:
        return "--max-message-bytes must be at least 1024"
    if args.max_buffer_bytes < 4 * args.max_message_bytes:
        return "--max-buffer-bytes must be at least 4 x --max-message-bytes"
    for flag, value in (
        ("--rate-limit", args.rate_limit),
        ("--burst", args.burst),
        ("--max-episodes", args.max_episodes),
        ("--max-episode-bytes", args.max_episode_bytes),
        ("--max-total-buffer-bytes", args.max_total_buffer_bytes),
        ("--max-connections", args.max_connections),
    ):
        if value <= 0:
            return f"{flag} must be positive, got {value}"
    return None


def limit_config(args: argparse.Namespace) -> dict:
    return {
        "host": args.host,
        "port": args.port,
        "max_message_bytes": args.max_message_bytes,
        "rate_limit": args.rate_limit,
        "burst": args.burst,
        "max_episodes": args.max_episodes,
        "max_buffer_bytes": args.max_buffer_bytes,
        "max_episode_bytes": args.max_episode_bytes,
        "max_total_buffer_bytes": args.max_total_buffer_bytes,
        "max_connections": args.max_connections,
        "allow_hosts": tuple(args.allow_host),
    }


def check_out_dir(out: str | None) -> str | None:
    if out is None:
        return None
    try:
        Path(out).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot create the --out directory {out}: {exc.strerror or exc}"
    return None


def command_serve(args: argparse.Namespace) -> int:
    problem = check_limits(args) or check_out_dir(args.out)
    task, task_problem = (None, None) if args.task is None else operator_task(args.task)
    problem = problem or task_problem
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    config = ServerConfig(
        task=task,
        seed=args.seed,
        turn_timeout=args.turn_timeout,
        out=args.out,
        allow_client_tasks=args.allow_client_tasks,
        private=args.private,
        own_process=True,
        **limit_config(args),
    )
    if (
        args.out
    ):  # what saving needs (seconds to import), loaded now rather than on the loop at the first record
        import agentworld.runner  # noqa: F401
    setup_logging()
    try:
        stopped_by = asyncio.run(_serve_forever(config))
        print(f"server stopped ({stopped_by})", flush=True)
    except KeyboardInterrupt:  # where signal handlers cannot be installed (Windows)
        print("server stopped")
    except ProtocolError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except (OSError, OverflowError) as exc:
        print(f"error: cannot listen on {config.host}:{config.port}: {exc}", file=sys.stderr)
        return 1
    return 0


def operator_task(given: str) -> tuple[object, str | None]:
    """The operator's --task as `agentworld run` resolves it (task_sources): a served id stays an id,
    a path or another file becomes the loaded Task; or a one-line problem."""
    from agentworld.task_sources import looks_like_path
    from agentworld.tasks import TaskError, list_task_ids, load_task

    served = list_task_ids("all")
    if given not in served and not looks_like_path(given) and not Path(given).exists():
        return (
            None,
            f"unknown task {given!r}: give a task id (`agentworld tasks`, --tasks-dir) or a task YAML path",
        )
    try:
        task = load_task(given)
    except (TaskError, ValueError, FileNotFoundError) as exc:
        return None, f"--task {given}: {exc}"
    return (given if given in served else task), None


def print_private(server: GameServer) -> None:
    """Private mode's spectator link, for the operator's eyes only (never sent over a seat's websocket)."""
    token = server.config.spectator_token
    if server.config.private and token:
        print(f"private: spectators need the token {token}", flush=True)
        print(f"  spectator page: {base_url(server)}spectate?token={token}", flush=True)


def setup_logging() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)


def base_url(server: GameServer) -> str:
    host = server.config.host if ":" not in server.config.host else f"[{server.config.host}]"
    return f"http://{host}:{server.port}/"


def _on_stop_signals(loop: asyncio.AbstractEventLoop, main: asyncio.Task, caught: list[str]) -> list[int]:
    """SIGTERM and SIGINT cancel `main` (once) and name themselves in `caught`; the signals handled."""

    def stop(sig: signal.Signals) -> None:
        if not caught:
            caught.append(sig.name)
            main.cancel()

    handled = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop, sig)
            handled.append(sig)
        except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
            pass
    return handled


async def _serve_forever(config: ServerConfig) -> str:
    """Serve until SIGTERM or SIGINT (returned by name), then end and save every episode."""
    server = GameServer(config)
    await server.start()
    page = base_url(server)
    print(
        f"AgentWorld server (protocol {P.PROTOCOL_VERSION}) on {page.replace('http', 'ws', 1)}ws", flush=True
    )
    print(f"browser page: {page}  (spectators: {page}spectate)", flush=True)
    print_private(server)
    game = server.game
    if game is not None:
        print(f"episode {game.number}: task {game.task} seed {game.seed}", flush=True)
        print(f"control token: {game.control_token}", flush=True)
        for name, seat in game.seats.items():
            print(f"  seat {name}: {page}?seat={name}&token={seat.token}", flush=True)
    loop, caught = asyncio.get_running_loop(), []
    handled = _on_stop_signals(loop, asyncio.current_task(), caught)
    try:
        await asyncio.Future()  # until a signal cancels it
    except asyncio.CancelledError:
        if not caught:
            raise
    finally:
        for sig in handled:
            loop.remove_signal_handler(sig)
        reason = f"{SERVER_STOPPED} ({caught[0]})" if caught else SERVER_STOPPED
        log.info(
            "stopping: %s; ending %d live episodes", reason, sum(not g.over for g in server.games.values())
        )
        await server.stop(reason)
    return caught[0]
