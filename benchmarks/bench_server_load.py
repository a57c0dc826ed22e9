"""Memory of the game server under hostile load on loopback (issue 10): it must stay under a bound.

Runs `agentworld serve` as a separate process and, against it:
  1. history flood: one client plays an episode of task_01 with a huge round budget and fills it
     with long chats (until the episode's byte budget stops it), then S slow readers each ask
     for the history R times and never read a reply;
  2. 200 connections: each says hello and spectates the latest episode; half never read while
     a second episode is played turn by turn (every turn is pushed to all of them);
  3. the same 200 keep asking for history pages without reading.
The server's peak resident memory (VmHWM from /proc) is printed with the stated bound; the
script exits 1 if the peak is over it. Bounded in time: every phase has a fixed size.

    python benchmarks/bench_server_load.py [--bound-mb 200] [--connections 200] [--slow 20]
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from agentworld.server_bridge.client import Connection, ServerError


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def fill_episode(url: str, chats: int) -> int:
    """Start task_01 with a huge round budget and chat until the episode is full; returns chats sent."""
    conn = Connection(url, timeout=60)
    started = conn.request("start", task="task_01", seed=0, options={"max_rounds": 1_000_000})
    for name, token in started["seats"].items():
        conn.request("join", seat=name, token=token, observe=False)
    agents, sent = started["agents"], 0
    try:
        for i in range(chats):
            conn.request(
                "submit",
                seat=agents[i % len(agents)],
                action={"tool": "chat", "args": {"to": "team", "message": f"{i:06d} " + "x" * 480}},
            )
            sent += 1
    except ServerError as exc:
        if exc.code != "episode_over":
            raise
    conn.close()
    return sent


def raw(url: str):
    return connect(url, max_size=None, close_timeout=1, open_timeout=30, ping_interval=None).__enter__()


def send_quietly(ws, message: dict, times: int) -> int:
    """Send without reading; returns how many went out before the server closed the connection."""
    for i in range(times):
        try:
            ws.send(json.dumps(message))
        except Exception:  # noqa: BLE001 - closed by the server as a slow reader
            return i
    return times


def closed_reason(ws) -> str:
    """Read what the server sent until it closed the connection; the close reason ('' if still open)."""
    try:
        while True:
            ws.recv(timeout=5)
    except ConnectionClosed as exc:
        return exc.rcvd.reason if exc.rcvd else str(exc)
    except TimeoutError:
        return ""


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--bound-mb", type=float, default=200.0, help="stated bound on the server's peak RSS")
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--slow", type=int, default=20, help="slow readers flooding history requests")
    parser.add_argument("--requests", type=int, default=200, help="history requests per slow reader")
    parser.add_argument("--chats", type=int, default=20_000, help="chats sent to fill the first episode")
    args = parser.parse_args()

    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "agentworld.cli",
            "serve",
            "--port",
            str(port),
            "--rate-limit",
            "100000",
            "--burst",
            "100000",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    url = f"ws://127.0.0.1:{port}/ws"
    opened: list = []
    try:
        proc.stdout.readline()
        t0 = time.monotonic()
        idle_kb = memory_kb(proc.pid, "VmRSS")
        sent = fill_episode(url, args.chats)
        print(
            f"episode filled with {sent} chats (stopped by max_episode_bytes: {sent < args.chats}); "
            f"server RSS {memory_kb(proc.pid, 'VmRSS') / 1024:.0f} MB"
        )

        slow = [raw(url) for _ in range(args.slow)]
        opened += slow
        asked = sum(send_quietly(ws, {"type": "spectate", "history": True}, args.requests) for ws in slow)
        time.sleep(1.0)
        rss = memory_kb(proc.pid, "VmRSS") / 1024
        reasons = [closed_reason(ws) for ws in slow]
        dropped = sum("reads too slowly" in r for r in reasons)
        print(
            f"{args.slow} slow readers sent {asked} history requests unread; RSS {rss:.0f} MB; "
            f"{dropped} were disconnected ({reasons[0]!r})"
        )

        crowd = [raw(url) for _ in range(args.connections)]
        opened += crowd
        for ws in crowd:
            ws.send(json.dumps({"type": "spectate", "history": False}))
        for ws in crowd[::2]:  # half of them read their replies; the others never read
            ws.recv(timeout=30)
        player = Connection(url, timeout=60)
        started = player.request("start", task="task_01", seed=1, options={"max_rounds": 1_000_000})
        for ws in crowd:
            ws.send(json.dumps({"type": "spectate", "episode": started["episode"], "history": False}))
        for name, token in started["seats"].items():
            player.request("join", seat=name, token=token, observe=False)
        for i in range(3000):  # every turn is pushed to all 200
            player.request(
                "submit",
                seat=started["agents"][i % 3],
                action={"tool": "chat", "args": {"to": "team", "message": "y" * 400}},
            )
        asked = sum(send_quietly(ws, {"type": "history", "episode": 1, "start": 0}, 20) for ws in crowd[1::2])
        time.sleep(1.0)
        hello = player.request("hello")
        peak_mb = memory_kb(proc.pid, "VmHWM") / 1024
        print(
            f"{args.connections} connections ({args.connections // 2} never reading) watched 3000 turns and "
            f"sent {asked} more history requests; "
            f"server still answers: {hello['type'] == 'hello'}"
        )
        print(
            f"server RSS idle {idle_kb / 1024:.0f} MB, peak {peak_mb:.0f} MB (bound {args.bound_mb:.0f} MB) "
            f"in {time.monotonic() - t0:.1f}s; limits {hello['limits']}"
        )
        player.close()
        return 0 if peak_mb <= args.bound_mb else 1
    finally:
        proc.terminate()  # first, so the unread connections close at once
        proc.wait(10)
        for ws in opened:
            try:
                ws.socket.close()  # not ws.close(): a close handshake with a dead server waits for its timeout
            except Exception:  # noqa: BLE001
                pass


if __name__ == "__main__":
    sys.exit(main())
