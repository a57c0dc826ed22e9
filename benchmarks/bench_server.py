"""Per-agent-turn overhead of playing over the game server versus in-process.

Both paths play the same real Episode with the same loop as `agentworld run` (each turn:
observe, then act; each round: end_round, status), every action a `wait`, for R rounds.
The 3-agent case is task_01; the 20-agent case is task_01's spec with its three roles
repeated to 20 seats (sent to the server as a task spec). The server runs as a separate
`agentworld serve` process on loopback (use --in-process to run it in a thread instead).

    python benchmarks/bench_server.py [--rounds 50] [--repeat 3] [--in-process] [--out DIR]

`--out DIR` runs the server with `--out DIR`, so every episode is saved as it is played.

Target: overhead < 2 ms per agent-turn on loopback.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import time
from typing import Any

from agentworld.backend import EmbeddedBackend
from agentworld.server_bridge.client import Connection, ServerBackend
from agentworld.tasks import Task, load_task

WAIT = {"tool": "wait", "args": {}}


def team_task(n: int) -> Task:
    """task_01 with its roles repeated to n seats (no oracle plan: every seat just waits)."""
    base = load_task("task_01")
    if n == len(base.agents):
        return base
    spec = base.model_dump(mode="json", by_alias=True)
    agents = []
    for i in range(n):
        agent = dict(spec["agents"][i % len(spec["agents"])])
        agent["name"] = f"{agent['name']}_{i:02d}"
        agents.append(agent)
    spec.update(id=f"task_01_x{n}", agents=agents, oracle={})
    return Task.model_validate(spec)


def play(backend: Any, rounds: int, act_only: bool) -> float:
    """Seconds for `rounds` rounds of waits (after reset)."""
    backend.reset(0)
    names = list(backend.agents)
    start = time.perf_counter()
    for _ in range(rounds):
        for name in names:
            if not act_only:
                backend.observe(name)
            backend.act(name, WAIT)
        backend.end_round()
        if not act_only:
            backend.status()
    return time.perf_counter() - start


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(in_process: bool, out: str | None = None) -> tuple[str, Any]:
    if in_process:
        from agentworld.server_bridge.background import ServerThread
        from agentworld.server_bridge.server import ServerConfig

        thread = ServerThread(ServerConfig(port=0, out=out)).start()
        return thread.url, thread.stop
    port = free_port()
    saving = ["--out", out] if out else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentworld.cli", "serve", "--port", str(port), *saving],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    proc.stdout.readline()  # the "listening" line
    url = f"ws://127.0.0.1:{port}/ws"
    deadline = time.monotonic() + 20
    while True:
        try:
            Connection(url, timeout=5).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)

    def stop() -> None:
        proc.terminate()
        proc.wait(10)

    return url, stop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs")
    parser.add_argument("--in-process", action="store_true", help="server in a thread of this process")
    parser.add_argument("--out", default=None, help="the server saves every episode under this directory")
    args = parser.parse_args()
    url, stop = start_server(args.in_process, args.out)
    print(
        f"server: {'thread' if args.in_process else 'subprocess'} at {url}; {args.rounds} rounds of waits, "
        f"best of {args.repeat}" + (f"; saving to {args.out}" if args.out else "")
    )
    print(
        f"{'agents':>6} {'loop':<16} {'embedded us/turn':>17} {'server us/turn':>15} {'overhead ms/turn':>17}"
    )
    try:
        for n in (3, 20):
            task = team_task(n)
            options = {"max_rounds": args.rounds + 5}
            embedded = EmbeddedBackend(task, seed=0, options=options)
            remote = ServerBackend(url, task, seed=0, options=options)
            turns = n * args.rounds
            for act_only, label in ((True, "act"), (False, "observe+act")):
                emb = min(play(embedded, args.rounds, act_only) for _ in range(args.repeat)) / turns
                srv = min(play(remote, args.rounds, act_only) for _ in range(args.repeat)) / turns
                print(f"{n:>6} {label:<16} {emb * 1e6:>17.1f} {srv * 1e6:>15.1f} {(srv - emb) * 1e3:>17.3f}")
            remote.close()
    finally:
        stop()


if __name__ == "__main__":
    main()
