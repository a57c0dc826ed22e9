"""`agentworld play`: one command, built-in agents in the other seats, the game saved as a run directory."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time

import pytest

from agentworld.agents import make_agent
from agentworld.runner import run_episode
from agentworld.server_bridge.client import Connection, SeatClient, play_seat
from agentworld.trajectory import load_run, replay, strip_volatile
from process_groups import spawn

pytestmark = pytest.mark.timeout(120)


def start_play(*args: str) -> tuple[subprocess.Popen, dict[str, str], int]:
    """Run `agentworld play` on a free port; return the process, {seat: token} and the port."""
    proc = spawn(
        [sys.executable, "-m", "agentworld.cli", "play", *args, "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )  # stopped when the test ends
    seats, port = {}, 0
    for line in proc.stdout:
        found = re.search(r"your seat (\w+): http://127\.0\.0\.1:(\d+)/\?seat=\w+&token=(\S+)", line)
        if found:
            seats[found[1]], port = found[3], int(found[2])
        if "spectators:" in line:
            return proc, seats, port
    raise AssertionError(f"play printed no links (exit {proc.wait(10)})")


def test_play_fills_the_other_seats_and_saves_the_same_run_as_agentworld_run(tmp_path):
    out = tmp_path / "game"
    proc, seats, port = start_play(
        "task_01", "--as", "Lumberjack", "--others", "oracle", "--out", str(out), "--exit-at-end"
    )
    assert list(seats) == ["lumberjack"]
    summary = play_seat(
        f"ws://127.0.0.1:{port}", "lumberjack", seats["lumberjack"], make_agent("oracle"), timeout=60
    )
    assert summary["failed"] == 0
    rest = proc.stdout.read()
    assert proc.wait(30) == 0 and f"saved the game to {out}" in rest
    played = load_run(out)
    reference = run_episode("task_01", agents="oracle", seed=0, out_dir=tmp_path / "ref", progress=False)
    assert played["metrics"]["success"] and reference["success"]
    assert [strip_volatile(r) for r in played["trajectory"]] == [
        strip_volatile(r) for r in load_run(tmp_path / "ref")["trajectory"]
    ]
    assert {n: a["kind"] for n, a in played["config"]["agents"].items()} == {
        "lumberjack": "remote",
        "woodworker": "oracle",
        "wizard": "oracle",
    }
    assert replay(out)["match"]


def test_a_finished_game_stays_viewable_until_the_operator_stops_play(tmp_path):
    """Issue 29: the game is saved when it ends, and its pages keep working (seat and spectator, with
    the end screen's report) until the command is stopped."""
    out = tmp_path / "kept"
    proc, seats, port = start_play("task_01", "--as", "lumberjack", "--others", "oracle", "--out", str(out))
    url = f"ws://127.0.0.1:{port}"
    summary = play_seat(url, "lumberjack", seats["lumberjack"], make_agent("oracle"), timeout=60)
    assert summary["failed"] == 0
    for line in proc.stdout:
        if "pages stay open" in line:
            break
    assert (out / "metrics.json").exists() and replay(out)["match"]  # saved at the end, before the stop
    time.sleep(2.0)  # longer than the old linger: the server is still there
    watcher = Connection(url, timeout=20)
    seen = watcher.request("spectate", history=True)
    assert seen["episode"]["over"] and seen["report"]["outcome"] == "success"
    rows = {row["name"]: row for row in seen["report"]["agents"]}
    assert rows["lumberjack"]["tools"].get("gather", 0) >= 2 and rows["wizard"]["turns"] > 0
    assert all(c["reached"] and c["by"] for c in seen["report"]["checkpoints"])
    rejoined = watcher.request("join", seat="lumberjack", token=seats["lumberjack"])
    assert rejoined["over"] and rejoined["report"] == seen["report"]
    watcher.close()
    assert proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0
    assert "saving the game as it is" not in proc.stdout.read()  # it was saved once, at the end


def test_a_stopped_play_is_saved_as_it_is(tmp_path):
    out = tmp_path / "stopped"
    proc, seats, port = start_play(
        "task_01", "--as", "wizard", "--others", "random,noop", "--seed", "4", "--out", str(out)
    )
    person = SeatClient(f"ws://127.0.0.1:{port}", "wizard", seats["wizard"], timeout=20)
    for _ in range(3):  # the two built-in seats act at once after each of the person's turns
        person.wait_turn(timeout=20)
        person.act({"tool": "wait"})
    time.sleep(0.5)  # no turn timeout: the person's turn just waits
    person.close()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0 and "saved the game" in proc.stdout.read()
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["status"] == "error" and "aborted" in metrics["error"]
    # round 4 began: the built-in seats before the wizard played it; the wizard's turn waits, never timed out
    assert (
        metrics["per_agent"]["wizard"]["actions"] == 3 and metrics["per_agent"]["lumberjack"]["actions"] == 4
    )
    assert metrics["per_agent"]["lumberjack"]["kind"] == "random"
    assert replay(out)["match"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--as", "baker"], "--as 'baker' is not a seat of task_01"),
        (["--others", "dragon"], "--others: unknown kind(s) dragon"),
        (["--others", "oracle,noop,random"], "--others gives 3 kinds for 2 other seats"),
        (["--port", "99999"], "--port must be between 0 and 65535"),
    ],
)
def test_play_rejects_bad_options(args, words):
    bad = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "play", "task_01", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and words in bad.stderr, bad.stderr


def test_several_people_take_several_seats(tmp_path):
    proc, seats, port = start_play(
        "task_01", "--as", "lumberjack,Wizard", "--others", "noop", "--out", str(tmp_path / "two")
    )
    assert list(seats) == ["lumberjack", "wizard"]  # one link each, by agent name or role (any case)
    people = {n: SeatClient(f"ws://127.0.0.1:{port}", n, t, timeout=20) for n, t in seats.items()}
    people["lumberjack"].act({"tool": "wait"})
    people["wizard"].wait_turn(timeout=20)  # the noop woodworker played in between
    people["wizard"].act({"tool": "wait"})
    for person in people.values():
        person.close()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0
    config = json.loads((tmp_path / "two" / "config.json").read_text())
    assert {n: a["kind"] for n, a in config["agents"].items()} == {
        "lumberjack": "remote",
        "woodworker": "noop",
        "wizard": "remote",
    }


def test_llm_agents_can_take_the_other_seats(tmp_path):
    """--others llm: the model (a loopback OpenAI-compatible server) plays the other seats, in a
    thread so the server keeps answering the person; the saved run names them as llm seats."""
    from fake_openai import FakeOpenAI, call

    out = tmp_path / "llm_game"
    with FakeOpenAI(policy=lambda body: call("wait")) as model:
        proc, seats, port = start_play(
            "task_01",
            "--as",
            "lumberjack",
            "--others",
            "llm",
            "--model",
            "fake",
            "--base-url",
            model.base_url,
            "--out",
            str(out),
        )
        person = SeatClient(f"ws://127.0.0.1:{port}", "lumberjack", seats["lumberjack"], timeout=30)
        for _ in range(3):  # the two LLM seats play between the person's turns
            person.wait_turn(timeout=30)
            person.act({"tool": "wait", "args": {}})
        person.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        requests = len(model.requests)
    played = load_run(out)
    assert {n: a["kind"] for n, a in played["config"]["agents"].items()} == {
        "lumberjack": "remote",
        "woodworker": "llm",
        "wizard": "llm",
    }
    llm_turns = [r for r in played["trajectory"] if r["type"] == "action" and r["agent"] != "lumberjack"]
    assert len(llm_turns) >= 2 and all(r["tool"] == "wait" and r["ok"] for r in llm_turns)
    assert requests >= len(llm_turns)


def test_play_with_llm_seats_needs_a_model():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "agentworld.cli",
            "play",
            "task_01",
            "--others",
            "llm",
            "--no-browser",
            "--port",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={k: v for k, v in __import__("os").environ.items() if k != "AGENTWORLD_MODEL"},
    )
    assert done.returncode == 2 and "--others llm needs --model" in done.stderr
