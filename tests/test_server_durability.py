"""`agentworld serve --out DIR` loses nothing when the server stops (issue 22, item 2).

Every episode's run directory is written as it is played, so SIGKILL leaves each one replayable up
to its last action; SIGTERM and SIGINT end every live episode as "stopped", save it whole, and the
server exits 0. Before this, the server wrote an episode only when it ended: SIGKILL and SIGTERM
(which Python does not turn into an exception) lost every live episode.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from agentworld.runner import run_episode
from agentworld.server_bridge.background import ServerThread
from agentworld.server_bridge.client import Connection
from agentworld.server_bridge.recording import save_game
from agentworld.server_bridge.server import ServerConfig
from agentworld.trajectory import UNFINISHED, RunRecorder, load_run, replay, strip_volatile

pytestmark = pytest.mark.timeout(180)

REPO = Path(__file__).resolve().parents[1]
TURNS = (5, 8, 10, 13)  # turns played in each of the 4 episodes (3 seats: whole rounds and partial ones)


def turn_action(i: int) -> object:
    """A mix of what seats send: chat, wait, a move, and a message that is no tool call (replayed as raw)."""
    return (
        {"tool": "chat", "args": {"to": "team", "message": f"turn {i}: héllo"}},
        {"tool": "wait", "args": {}},
        {"tool": "move_to", "args": {"target": [40 + i, 40]}},
        "not a tool call",
    )[i % 4]


@pytest.fixture
def server_process(tmp_path):
    """A real `agentworld serve --out` in its own process group, on a free loopback port; killed in teardown."""
    out = tmp_path / "served"
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentworld.cli", "serve", "--port", "0", "--out", str(out)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        first = proc.stdout.readline()
        match = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", first)
        assert match, first + proc.stderr.read()
        yield proc, f"ws://127.0.0.1:{match.group(1)}/ws", out
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)
        proc.stdout.close()
        proc.stderr.close()


def play_four_episodes(url: str) -> tuple[list[Connection], dict[int, list[dict]]]:
    """Four episodes in flight, each with some turns played; the action records each submit returned."""
    conns, played = [], {}
    for k, turns in enumerate(TURNS):
        conn = Connection(url, timeout=30)
        started = conn.request("start", task="task_01", seed=10 + k)
        for name, token in started["seats"].items():
            conn.request("join", seat=name, token=token, observe=False)
        agents = started["agents"]
        played[started["episode"]] = [
            conn.request("submit", seat=agents[i % len(agents)], action=turn_action(i))["record"]
            for i in range(turns)
        ]
        conns.append(conn)
    return conns, played


def saved_dirs(out: Path, played: dict[int, list[dict]]) -> dict[int, Path]:
    dirs = {int(p.name.split("_")[1]): p for p in out.iterdir()}
    assert sorted(dirs) == sorted(played), sorted(p.name for p in out.iterdir())
    return dirs


def check_prefix(run_dir: Path, records: list[dict]) -> dict:
    """The run directory holds exactly the actions played (as the seats were told) and replays."""
    run = load_run(run_dir)
    actions = [r for r in run["trajectory"] if r["type"] == "action"]
    assert [strip_volatile(r) for r in actions] == [strip_volatile(r) for r in records]
    rounds_ended = len(records) // 3
    assert [r["round"] for r in run["trajectory"] if r["type"] == "round_end"] == list(
        range(1, rounds_ended + 1)
    )
    result = replay(run_dir)
    assert result["match"], result["first_mismatch"]
    assert result["compared"] == len(records) + rounds_ended
    return run


def cli_replay(run_dir: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "replay", str(run_dir)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )


def test_sigkill_leaves_every_episode_replayable_up_to_its_last_action(server_process):
    proc, url, out = server_process
    conns, played = play_four_episodes(url)
    os.killpg(proc.pid, signal.SIGKILL)
    assert proc.wait(30) == -signal.SIGKILL
    for conn in conns:
        conn.close()
    for number, run_dir in saved_dirs(out, played).items():
        run = check_prefix(run_dir, played[number])
        assert run["unfinished"] and not run["metrics"] and not run["torn"]
        assert json.loads((run_dir / "config.json").read_text())["seed"] == 10 + list(played).index(number)
    shown = cli_replay(run_dir)
    assert shown.returncode == 0, shown.stderr
    assert "replay matches" in shown.stdout and "did not finish" in shown.stdout


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_sigint_save_every_live_episode_whole_as_stopped(server_process, stop):
    proc, url, out = server_process
    conns, played = play_four_episodes(url)
    proc.send_signal(stop)
    assert proc.wait(30) == 0, proc.stderr.read()[-3000:]
    assert f"server stopped ({stop.name})" in proc.stdout.read()
    for conn in conns:
        conn.close()
    for number, run_dir in saved_dirs(out, played).items():
        run = check_prefix(run_dir, played[number])  # replay checks metrics.json against the trajectory too
        assert not run["unfinished"] and not (run_dir / UNFINISHED).exists()
        metrics = run["metrics"]
        assert metrics["outcome"] == "stopped" and metrics["status"] == "error"
        assert metrics["error"] == f"aborted: the server stopped ({stop.name})"
        assert metrics["actions"] == len(played[number]) and not metrics["success"]
    shown = cli_replay(run_dir)
    assert (
        shown.returncode == 0
        and f"did not reach its end: aborted: the server stopped ({stop.name})" in shown.stdout
    )


def test_a_finished_episode_is_saved_byte_for_byte_as_the_whole_writer_saved_it(tmp_path):
    """Streaming the records changes no byte of a finished episode's files (nor of one stopped after a
    seat changed hands: config.json says who held it at the end, as before)."""
    served = tmp_path / "served"
    srv = ServerThread(ServerConfig(port=0, out=str(served))).start()
    try:
        played = run_episode("task_01", agents="oracle", seed=3, server=srv.url, progress=False)
        assert played["success"]
        finished = srv.server.games[1]  # the one episode run --server played
        conn = Connection(srv.url, timeout=20)
        started = conn.request("start", task="task_01", seed=4)
        agents = started["agents"]
        for name in agents:
            conn.request("join", seat=name, token=started["seats"][name], observe=False)
        conn.request("submit", seat=agents[0], action={"tool": "wait", "args": {}})
        person = Connection(srv.url, timeout=20)  # the browser page takes the next seat: config says "human"
        person.request("hello", client="browser")
        person.request("join", seat=agents[1], token=started["seats"][agents[1]], observe=False)
        person.request(
            "submit", seat=agents[1], action={"tool": "chat", "args": {"to": "team", "message": "hi"}}
        )
        stopped = srv.server.games[started["episode"]]
    finally:
        srv.stop()
    assert finished.saved and stopped.saved
    for game in (finished, stopped):  # the whole writer, as the server used it before (and `play` still does)
        whole = save_game(game, tmp_path / f"whole_{game.number}", srv.server.started)
        for name in ("task.yaml", "config.json", "trajectory.jsonl"):
            assert (Path(game.saved) / name).read_bytes() == (whole / name).read_bytes(), (game.number, name)
    config = json.loads((Path(stopped.saved) / "config.json").read_text())
    assert config["agents"][agents[1]] == {"kind": "human"} and config["agents"][agents[0]] == {
        "kind": "remote"
    }
    assert json.loads((Path(finished.saved) / "metrics.json").read_text())["outcome"] == "finished"


def test_replay_leaves_out_a_torn_last_line_of_an_unfinished_run_only(tmp_path):
    """A write of more than a page can be cut by SIGKILL: that record was in flight, the others replay."""
    from agentworld.episode import Episode
    from agentworld.tasks import load_task

    task = load_task("task_01")
    episode = Episode(task, seed=0)
    recorder = RunRecorder(tmp_path / "run", task, {"task": "task_01", "seed": 0, "options": {}})
    for agent in episode.agents:
        recorder.record(episode.act(agent, {"tool": "wait", "args": {}}))
    recorder.close()
    with open(tmp_path / "run" / "trajectory.jsonl", "a", encoding="utf-8") as fh:
        fh.write('{"type": "action", "id": 3, "agent": "lumb')
    result = replay(tmp_path / "run")
    assert result["match"] and result["torn"] and result["compared"] == len(episode.agents)
    assert "torn by the stop" in cli_replay(tmp_path / "run").stdout
    (tmp_path / "run" / UNFINISHED).unlink()  # a finished run with a bad last line is damaged: said so
    damaged = cli_replay(tmp_path / "run")
    assert damaged.returncode == 2 and "not valid JSON" in damaged.stderr


def test_an_episode_whose_writes_fail_midway_is_saved_whole_at_its_end(tmp_path, monkeypatch):
    """A full disk mid-episode stops the streaming, not the saving: at its end the episode is written whole."""
    import errno

    real_record = RunRecorder.record

    def record(self, rec):
        if rec.get("id") == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_record(self, rec)

    monkeypatch.setattr(RunRecorder, "record", record)
    served = tmp_path / "served"
    srv = ServerThread(ServerConfig(port=0, out=str(served))).start()
    try:
        conn = Connection(srv.url, timeout=20)
        started = conn.request("start", task="task_01", seed=1)
        for name in started["agents"]:
            conn.request("join", seat=name, token=started["seats"][name], observe=False)
        played = [
            conn.request("submit", seat=started["agents"][i % 3], action={"tool": "wait", "args": {}})[
                "record"
            ]
            for i in range(7)
        ]
    finally:
        srv.stop()
    (run_dir,) = served.iterdir()
    assert not (run_dir / UNFINISHED).exists()
    check_prefix(run_dir, played)
    assert json.loads((run_dir / "metrics.json").read_text())["outcome"] == "stopped"
