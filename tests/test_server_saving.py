"""`agentworld serve --out DIR`: every finished or aborted episode becomes a normal run directory
that `agentworld replay` and `agentworld judge` accept (issue 12)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from agentworld.runner import run_episode
from agentworld.server_bridge.client import Connection, SeatClient
from agentworld.server_bridge.background import ServerThread
from agentworld.server_bridge.server import ServerConfig
from agentworld.trajectory import load_run, replay, strip_volatile

pytestmark = pytest.mark.timeout(120)


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentworld.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_finished_and_aborted_episodes_are_saved_as_run_directories(tmp_path):
    served = tmp_path / "served"
    srv = ServerThread(ServerConfig(port=0, out=str(served))).start()
    try:
        played = run_episode(
            "task_01", agents="oracle", seed=3, server=srv.url, out_dir=tmp_path / "local", progress=False
        )
        assert played["success"]
        # a second game, stopped half-way by the server stopping
        control = Connection(srv.url, timeout=20)
        started = control.request("start", task="task_01", seed=5)
        seats = {n: SeatClient(srv.url, n, t, timeout=20) for n, t in started["seats"].items()}
        for name in started["agents"]:
            seats[name].act({"tool": "wait"})
        seats["lumberjack"].wait_turn(timeout=10)
        seats["lumberjack"].act({"tool": "chat", "args": {"to": "team", "message": "bye"}})
    finally:
        srv.stop()
    dirs = sorted(p.name for p in served.iterdir())
    assert dirs == [
        "episode_0001_task_01_seed3",
        "episode_0002_task_01_seed5",
    ]  # run --server starts one episode
    finished, aborted = (served / d for d in dirs)

    # the finished one is the same run `agentworld run --out` wrote, record for record
    here, there = load_run(tmp_path / "local"), load_run(finished)
    assert [strip_volatile(r) for r in there["trajectory"]] == [strip_volatile(r) for r in here["trajectory"]]
    for key in ("success", "psr", "rounds", "actions", "messages", "checkpoints", "status"):
        assert there["metrics"][key] == here["metrics"][key], key
    assert there["config"]["seed"] == 3 and there["config"]["task"] == "task_01"
    assert replay(finished)["match"]

    metrics = json.loads((aborted / "metrics.json").read_text())
    assert metrics["status"] == "error" and metrics["error"] == "aborted: the server stopped"
    assert metrics["actions"] == 4 and metrics["messages"] == 1 and not metrics["success"]
    assert replay(aborted)["match"]

    for run_dir in (finished, aborted):
        assert cli("replay", str(run_dir)).returncode == 0
        judged = cli("judge", str(run_dir), "--json")
        assert judged.returncode == 0, judged.stderr
        assert (run_dir / "cce.json").exists()


def test_serve_out_must_be_writable(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    bad = cli("serve", "--out", str(blocker / "sub"), "--port", "0")
    assert bad.returncode == 2 and "cannot create the --out directory" in bad.stderr
