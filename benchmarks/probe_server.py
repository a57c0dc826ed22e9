"""A hostile client against `agentworld serve` (issue 22): 1,000 `start` and wire messages that try to run
code, probe the disk, ask for huge worlds, break the framing and read a private server's seats.

Starts `agentworld serve --private --allow-client-tasks --task task_01` as its own process on loopback,
in its own temporary folder (where a Python module and a verifier file wait that would each write a
marker file if the server ever ran them), on a free port. Meanwhile a separate heartbeat process sends
`hello` every 20 ms and times the answers, and the server's resident memory is sampled. Reports:
  - files executed (markers written, or the Zen of Python in the server's output): must be 0;
  - replies by kind of hostile message, and any reply that is not the expected refusal;
  - peak RSS of the server process (VmHWM) against the bound docs/PROTOCOL.md states;
  - the longest heartbeat round trip (an event-loop stall shows there): must be under 100 ms.
Exits 1 if any of those fails.

    python benchmarks/probe_server.py [--messages 1000] [--clients 4] [--bound-mb 400]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from agentworld.tasks import load_task

ZEN = "Beautiful is better than ugly"
STALL_BOUND_MS = 100.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def spec(**changes) -> dict:
    task = load_task("task_01").model_dump(mode="json", by_alias=True)
    task.update({"id": "probe", **changes})
    return task


def largest_allowed() -> dict:
    """A spec at the size limits (32 agents, 200 world additions): allowed, and the dearest to build."""
    task = spec(id="probe_big")
    first = task["agents"][0]
    task["agents"] = [dict(first, name=f"a{i}", context="") for i in range(32)]
    task["oracle"] = {}
    task["world"]["nodes"] = [{"kind": "oak_tree", "position": first["spawn"]}] * 200
    return task


def hostile_kinds(folder: Path, max_bytes: int) -> list[tuple[str, object, tuple[str, ...]]]:
    """(kind, frame, expected reply type or error codes). A frame is a dict (sent as JSON), str or bytes."""
    agents = [{"name": f"a{i}", "role": "r", "spawn": "town_square"} for i in range(1000)]
    start = lambda task, **more: {"type": "start", "task": task, **more}  # noqa: E731
    refused = ("bad_task",)
    return [
        ("verifier: this", start(spec(verifier="this")), refused),
        ("verifier: os", start(spec(verifier="os")), refused),
        ("verifier: importable module", start(spec(verifier="evil_module")), refused),
        ("verifier: module:attr", start(spec(verifier="evil_module:CHECKPOINTS")), refused),
        ("verifier: absolute .py", start(spec(verifier=str(folder / "evil_verifier.py"))), refused),
        ("verifier: relative .py", start(spec(verifier="evil_verifier.py")), refused),
        ("variant_of: path", start(spec(verifier=None, variant_of="../evil_module")), refused),
        ("task id: ../../etc/passwd", start("../../etc/passwd"), ("unknown_task",)),
        ("task id: /etc/passwd", start("/etc/passwd"), ("unknown_task",)),
        ("task id: a YAML path", start(str(folder / "evil_task.yaml")), ("unknown_task",)),
        ("1,000 agents", start(spec(agents=agents)), ("task_too_large",)),
        (
            "1,200 nodes",
            start(spec(world={"nodes": [{"kind": "oak_tree", "position": [9, 9]}] * 1200})),
            ("task_too_large",),
        ),
        ("10,000 rounds", start(spec(max_rounds=10_000)), ("task_too_large",)),
        ("largest allowed world", start(largest_allowed()), ("started",)),
        ("over max_message_bytes", json.dumps({"type": "hello", "client": "x" * max_bytes}), ("too_large",)),
        ("over 4x max_message_bytes", "x" * (5 * max_bytes), ("closed",)),
        ("malformed JSON", '{"type": "start", "task": ', ("bad_json",)),
        ("nested 30,000 deep", "[" * 30_000 + "]" * 30_000, ("bad_json",)),
        ("NaN", '{"type": "hello", "protocol": NaN}', ("bad_json",)),
        ("binary frame", b"\x00\x01", ("binary_frame",)),
        ("history without token", {"type": "history", "episode": 1}, ("private",)),
        ("spectate without token", {"type": "spectate", "episode": 1}, ("private",)),
        ("history, guessed token", {"type": "history", "episode": 1, "token": "0" * 32}, ("private",)),
        ("status (public part only)", {"type": "status", "episode": 1}, ("status",)),
        (
            "join, guessed token",
            {"type": "join", "seat": "wizard", "token": "0" * 32, "episode": 1},
            ("bad_token",),
        ),
        (
            "start, guessed control token",
            {"type": "start", "task": "task_01", "control_token": "0" * 32},
            ("forbidden",),
        ),
        (
            "submit, seat not held",
            {"type": "submit", "seat": "wizard", "action": {"tool": "wait"}},
            ("not_your_seat",),
        ),
        ("wrong field types", {"type": "start", "task": 5, "seed": "x"}, ("invalid_message",)),
        ("unknown type", {"type": "exec", "code": "import os"}, ("unknown_type",)),
    ]


def write_bait(folder: Path) -> None:
    """Code that leaves a marker if it ever runs, where a careless server would find it."""
    for name in ("evil_module.py", "evil_verifier.py"):
        marker = folder / f"EXECUTED_{name}"
        (folder / name).write_text(
            f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\nCHECKPOINTS = {{}}\n"
        )
    task = spec(id="evil_task", verifier="evil_verifier.py")
    (folder / "evil_task.yaml").write_text(json.dumps(task))  # JSON is YAML


def executed(folder: Path, server_output: str) -> list[str]:
    ran = [p.name for p in folder.glob("EXECUTED_*")]
    return ran + (["this (the Zen of Python was printed)"] if ZEN in server_output else [])


class Hostile(threading.Thread):
    """One hostile client: sends its share of the frames, one at a time, and notes each reply."""

    def __init__(self, url: str, frames: list, replies: collections.Counter, surprises: list):
        super().__init__(daemon=True)
        self.url, self.frames, self.replies, self.surprises = url, frames, replies, surprises
        self.ws = None

    def run(self) -> None:
        for kind, frame, expected in self.frames:
            got = self.exchange(frame)
            self.replies[(kind, got)] += 1
            if got not in expected and not (
                got == "busy" and isinstance(frame, dict) and frame["type"] == "start"
            ):
                self.surprises.append(f"{kind}: {got} (expected {'/'.join(expected)})")

    def exchange(self, frame) -> str:
        for _ in range(3):
            try:
                if self.ws is None:
                    self.ws = connect(self.url, close_timeout=1, max_size=None)
                self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))
                while True:
                    reply = json.loads(self.ws.recv(timeout=60))
                    if reply["type"] not in (
                        "update",
                        "feed",
                        "episode_start",
                        "episode_end",
                        "seat_lost",
                        "turn",
                    ):
                        break
                if reply["type"] == "status" and "checkpoints" in (reply.get("status") or {}):
                    return "status with checkpoints"
                return reply["code"] if reply["type"] == "error" else reply["type"]
            except ConnectionClosed:
                self.ws = None
                return "closed"
            except TimeoutError:
                return "no answer in 60 s"
        return "unreachable"


def heartbeat(url: str, stop: Path, every: float = 0.02) -> None:
    """Child process (its own GIL): `hello` round trips until `stop` exists; prints max, p99, count as JSON."""
    times = []
    with connect(url, close_timeout=1, max_size=None) as ws:
        print("ready", flush=True)
        while not stop.exists() or not times:
            sent = time.perf_counter()
            ws.send('{"type":"hello","id":"beat"}')
            while json.loads(ws.recv(timeout=30)).get("id") != "beat":
                pass
            times.append((time.perf_counter() - sent) * 1000)
            time.sleep(every)
    times.sort()
    print(
        json.dumps(
            {
                "max_ms": times[-1],
                "p99_ms": times[int(len(times) * 0.99)],
                "median_ms": times[len(times) // 2],
                "beats": len(times),
            }
        ),
        flush=True,
    )


def wait_ready(proc: subprocess.Popen, lines: list[str]) -> None:
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("the server exited:\n" + "".join(lines))
        lines.append(line)
        if "spectator page" in line:
            return


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=4, help="hostile connections sending at once")
    parser.add_argument("--bound-mb", type=float, default=400.0, help="the documented peak RSS bound")
    parser.add_argument(
        "--quiet-seconds",
        type=float,
        default=10.0,
        help="heartbeat alone first, to show the machine's own noise (0: skip)",
    )
    parser.add_argument(
        "--only", default=None, help="send only the kinds whose name contains this (diagnosis)"
    )
    parser.add_argument(
        "--heartbeat", default=None, help=argparse.SUPPRESS
    )  # URL: run as the heartbeat child
    parser.add_argument("--stop-file", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.heartbeat:
        heartbeat(args.heartbeat, Path(args.stop_file))
        return 0

    folder = Path(tempfile.mkdtemp(prefix="agentworld_probe_"))
    write_bait(folder)
    port = free_port()
    url = f"ws://127.0.0.1:{port}/ws"
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(Path(__file__).parents[1]), os.environ.get("PYTHONPATH", "")]),
    )
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "agentworld.cli",
            "serve",
            "--port",
            str(port),
            "--private",
            "--allow-client-tasks",
            "--task",
            "task_01",
        ],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    try:
        wait_ready(server, lines)
        drain = threading.Thread(target=lambda: lines.extend(iter(server.stdout.readline, "")), daemon=True)
        drain.start()
        process = psutil.Process(server.pid)
        idle_mb = process.memory_info().rss / 2**20
        kinds = [k for k in hostile_kinds(folder, 64 * 1024) if args.only is None or args.only in k[0]]
        frames = [kinds[i % len(kinds)] for i in range(args.messages)]
        replies: collections.Counter = collections.Counter()
        surprises: list[str] = []
        stop = folder / "STOP_HEARTBEAT"
        beat = subprocess.Popen(
            [sys.executable, __file__, "--heartbeat", url, "--stop-file", str(stop)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert beat.stdout.readline().strip() == "ready"  # the heartbeat beats before the first hostile frame
        quiet = beat_phase(folder, url, env, args.quiet_seconds) if args.quiet_seconds else {}
        began = time.monotonic()
        clients = [Hostile(url, frames[i :: args.clients], replies, surprises) for i in range(args.clients)]
        sampled_mb = 0.0
        for client in clients:
            client.start()
        while any(c.is_alive() for c in clients):
            sampled_mb = max(sampled_mb, process.memory_info().rss / 2**20)
            time.sleep(0.05)
        seconds = time.monotonic() - began
        stop.write_text("")
        out, _ = beat.communicate(timeout=60)
        stall = json.loads(out) if out.strip() else {"error": "the heartbeat printed nothing"}
        peak_mb = max(sampled_mb, vm_hwm_mb(server.pid))
    finally:
        server.terminate()
        server.wait(15)
    ran = executed(folder, "".join(lines))
    print(
        f"probe: {args.messages} hostile messages from {args.clients} connections in {seconds:.1f} s "
        f"({len(kinds)} kinds, {args.messages // len(kinds)}+ each)"
    )
    for (kind, got), n in sorted(replies.items()):
        print(f"  {n:4d} x {kind:32s} -> {got}")
    print(f"files executed: {len(ran)}" + (f" ({', '.join(ran)})" if ran else ""))
    print(f"unexpected replies: {len(surprises)}" + "".join(f"\n  {s}" for s in surprises[:20]))
    print(f"server RSS: idle {idle_mb:.0f} MB, peak {peak_mb:.0f} MB (bound {args.bound_mb:.0f} MB)")
    if quiet:
        print(
            f"heartbeat before the attack ({args.quiet_seconds:g} s, the machine's own noise): {fmt(quiet)}"
        )
    print(f"heartbeat during the attack (the longest is the longest event-loop stall): {fmt(stall)}")
    failed = bool(ran or surprises) or peak_mb > args.bound_mb or stall.get("max_ms", 1e9) >= STALL_BOUND_MS
    print("FAIL" if failed else "OK")
    return 1 if failed else 0


def beat_phase(folder: Path, url: str, env: dict, seconds: float) -> dict:
    """A heartbeat alone for `seconds`: what the machine's load adds to a round trip without any attack."""
    stop = folder / "STOP_QUIET"
    beat = subprocess.Popen(
        [sys.executable, __file__, "--heartbeat", url, "--stop-file", str(stop)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert beat.stdout.readline().strip() == "ready"
    time.sleep(seconds)
    stop.write_text("")
    out, _ = beat.communicate(timeout=60)
    return json.loads(out)


def fmt(beats: dict) -> str:
    if "max_ms" not in beats:
        return str(beats)
    return (
        f"longest {beats['max_ms']:.0f} ms, p99 {beats['p99_ms']:.0f} ms, median {beats['median_ms']:.0f} ms "
        f"over {beats['beats']} round trips"
    )


def vm_hwm_mb(pid: int) -> float:
    """The process's peak resident memory so far (Linux), 0 if unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


if __name__ == "__main__":
    sys.exit(main())
