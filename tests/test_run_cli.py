"""`agentworld run` end to end in a subprocess, and failure handling of the runner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from agentworld.agents.base import Agent
from agentworld.runner import run_episode
from process_groups import spawn


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentworld.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_run_oracle_json(tmp_path):
    out = _cli("run", "task_01", "--agents", "oracle", "--json", "--out", str(tmp_path / "r"))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["success"] is True and result["psr"] == 1.0
    assert {"success", "psr", "rounds", "actions", "messages", "checkpoints"} <= set(result)
    again = _cli("replay", str(tmp_path / "r"))
    assert again.returncode == 0 and "replay matches" in again.stdout


def test_run_ablation_flags_and_summary():
    out = _cli("run", "task_01", "--agents", "noop", "--max-rounds", "4", "--no-chat", "--no-docs")
    assert out.returncode == 0, out.stderr
    assert "PSR" in out.stdout and "rounds" in out.stdout
    bad = _cli("run", "task_01", "--agents", "oracle,noop")
    assert bad.returncode == 2 and "2 agent kinds given for 3 agents" in bad.stderr


class Exploding(Agent):
    kind = "exploding"

    def act(self, observation):
        if observation["round"] >= 3:
            raise RuntimeError("API down")
        return {"tool": "wait", "args": {}}


def test_agent_failure_ends_episode_with_error_and_keeps_trajectory(tmp_path):
    result = run_episode(
        "task_01", ["oracle", Exploding(), "oracle"], seed=0, out_dir=tmp_path / "r", progress=False
    )
    assert result["status"] == "error" and "API down" in result["error"]
    metrics = json.loads((tmp_path / "r" / "metrics.json").read_text())
    assert metrics["status"] == "error" and metrics["actions"] > 0


def test_single_agent_flag_needs_llm_and_solo_keeps_first_agent():
    bad = _cli("run", "task_01", "--agents", "oracle", "--single-agent")
    assert bad.returncode == 2 and "--solo" in bad.stderr
    solo = _cli("run", "task_01", "--agents", "oracle", "--solo", "--json")
    result = json.loads(solo.stdout)
    assert list(result["per_agent"]) == ["lumberjack"] and not result["success"]


def test_backend_failure_is_reported_not_raised(tmp_path, monkeypatch):
    from agentworld.backend import EmbeddedBackend

    calls = {"n": 0}
    original = EmbeddedBackend.act

    def flaky(self, agent, action):
        calls["n"] += 1
        if calls["n"] == 7:
            raise ConnectionError("server went away")
        return original(self, agent, action)

    monkeypatch.setattr(EmbeddedBackend, "act", flaky)
    result = run_episode("task_01", "oracle", seed=0, out_dir=tmp_path / "r", progress=False)
    assert result["status"] == "error" and "server went away" in result["error"]
    assert result["actions"] == 6 and (tmp_path / "r" / "trajectory.jsonl").exists()


def test_unwritable_out_dir_fails_before_playing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    out = _cli("run", "task_01", "--agents", "noop", "--out", str(blocker / "run"))
    assert (
        out.returncode == 2
        and "cannot create the run directory" in out.stderr
        and "Traceback" not in out.stderr
    )
    assert "round" not in out.stderr  # no episode was played


class Surrogate(Agent):
    """Sends strings no UTF-8 file can hold as they are (a lone surrogate), in a dict and as raw text."""

    kind = "surrogate"

    def act(self, observation):
        if observation["round"] == 1:
            return {"tool": "chat", "args": {"to": "team", "message": "half a pair: \ud800 end"}}
        return "not a call \udfff"


def test_odd_strings_in_actions_are_stored_safely(tmp_path):
    from agentworld.trajectory import replay

    result = run_episode(
        "task_01",
        [Surrogate(), "noop", "noop"],
        seed=0,
        options={"max_rounds": 2},
        out_dir=tmp_path / "r",
        progress=False,
    )
    assert result["status"] == "ok" and result["actions"] == 6
    lines = (tmp_path / "r" / "trajectory.jsonl").read_text(encoding="utf-8").splitlines()
    chat = json.loads(lines[0])  # the env refuses the string; the record keeps it, escaped, read back as sent
    assert chat["tool"] is None and chat["raw"]["args"]["message"] == "half a pair: \ud800 end"
    assert json.loads((tmp_path / "r" / "metrics.json").read_text())["actions"] == 6
    assert replay(tmp_path / "r")["match"]


def test_run_exits_non_zero_when_the_episode_ended_in_error(tmp_path):
    out = _cli(
        "run",
        "task_01",
        "--agents",
        "llm",
        "--model",
        "m",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--max-retries",
        "0",
        "--json",
        "--out",
        str(tmp_path / "r"),
    )
    result = json.loads(out.stdout)
    assert result["status"] == "error" and "model server" in result["error"]
    assert out.returncode == 1


def test_run_into_an_existing_run_dir_removes_what_was_derived_from_the_old_run(tmp_path):
    run = tmp_path / "r"
    assert _cli("run", "task_01", "--agents", "oracle", "--out", str(run), "--quiet").returncode == 0
    stale = ["cce.json", "cce.png", "cce_llm.json", "compare.json", "llm_transcript.jsonl", "eval_error.txt"]
    for name in stale:
        (run / name).write_text("{}")
    (run / ".judge_cache").mkdir()
    (run / "notes.txt").write_text("mine")  # not ours: kept
    assert (
        _cli(
            "run", "task_01", "--agents", "noop", "--max-rounds", "1", "--out", str(run), "--quiet"
        ).returncode
        == 0
    )
    assert not [name for name in stale + [".judge_cache"] if (run / name).exists()]
    assert (run / "notes.txt").exists() and json.loads((run / "metrics.json").read_text())["rounds"] == 1


def test_judge_compare_without_a_model_writes_no_compare_json(tmp_path, monkeypatch):
    from agentworld.cli import main

    for var in ("OPENAI_API_KEY", "AGENTWORLD_JUDGE_MODEL", "OPENAI_BASE_URL", "AGENTWORLD_MODEL"):
        monkeypatch.delenv(var, raising=False)
    run_episode("task_01", "oracle", seed=0, out_dir=tmp_path / "r", progress=False)
    assert main(["judge", str(tmp_path / "r"), "--compare"]) != 0
    assert not (tmp_path / "r" / "compare.json").exists()


def _run_until(tmp_path, server, lines: int) -> tuple[subprocess.Popen, Path]:
    """`agentworld run` with an LLM team in a subprocess, returned once trajectory.jsonl has `lines` records."""
    import time

    run = tmp_path / "r"
    proc = spawn(
        [
            sys.executable,
            "-m",
            "agentworld.cli",
            "run",
            "task_01",
            "--agents",
            "llm",
            "--model",
            "m",
            "--base-url",
            server.base_url,
            "--max-rounds",
            "40",
            "--quiet",
            "--out",
            str(run),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while (
        not (run / "trajectory.jsonl").exists()
        or len((run / "trajectory.jsonl").read_text().splitlines()) < lines
    ):
        assert proc.poll() is None and time.monotonic() < deadline, (
            proc.stderr.read() if proc.poll() is not None else "slow"
        )
        time.sleep(0.02)
    return proc, run


def test_a_killed_run_keeps_every_finished_action_and_says_it_is_unfinished(tmp_path):
    import signal

    from agentworld.causal import judge_run
    from agentworld.trajectory import UNFINISHED, replay
    from fake_openai import FakeOpenAI

    with FakeOpenAI(latency=0.01) as server:
        proc, run = _run_until(tmp_path, server, 12)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    records = [
        json.loads(line) for line in (run / "trajectory.jsonl").read_text().splitlines()
    ]  # no torn line
    assert len(records) >= 12 and (run / UNFINISHED).exists() and not (run / "metrics.json").exists()
    assert (
        len(server.requests) - len([r for r in records if r["type"] == "action"]) <= 1
    )  # at most the call in flight
    assert replay(run)["match"]
    assert judge_run(run)["actions"] == len([r for r in records if r["type"] == "action"])
    assert _cli("replay", str(run)).returncode == 0


def test_sigterm_stops_a_run_like_ctrl_c(tmp_path):
    import signal

    from agentworld.trajectory import UNFINISHED
    from fake_openai import FakeOpenAI

    with FakeOpenAI(latency=0.01) as server:
        proc, run = _run_until(tmp_path, server, 6)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 128 + signal.SIGTERM
    metrics = json.loads((run / "metrics.json").read_text())
    assert (
        metrics["status"] == "error"
        and metrics["error"] == "interrupted (SIGTERM)"
        and metrics["actions"] >= 5
    )
    assert not (run / UNFINISHED).exists() and "Traceback" not in proc.stderr.read()
    assert _cli("replay", str(run)).returncode == 0


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_bad_or_unreachable_server_is_a_one_line_error(capsys):
    """Issue 10 item 8: `run --server` with a closed port or an http:// URL exits 2 with one line."""
    from agentworld.cli import main

    port = _closed_port()
    for url, expected in (
        (f"ws://127.0.0.1:{port}", "cannot reach an AgentWorld server"),
        (f"http://127.0.0.1:{port}", f"did you mean 'ws://127.0.0.1:{port}'"),
        ("localhost:8765", "did you mean 'ws://localhost:8765'"),
    ):
        assert main(["run", "task_01", "--server", url, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert expected in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_output_closed_early_is_a_one_line_error_not_a_traceback():
    """Issue 10 item 8: `agentworld tasks --json | head` (the reader leaves before the output), with
    stdout block-buffered (the error comes at the final flush) and unbuffered (at the print)."""
    import os

    for unbuffered in ("", "1"):
        env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
        if unbuffered:
            env["PYTHONUNBUFFERED"] = unbuffered
        proc = subprocess.Popen(
            [sys.executable, "-m", "agentworld.cli", "tasks", "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        proc.stdout.close()  # long before the command writes its first byte
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 141, err
        assert err == "agentworld tasks: output closed early (broken pipe)\n", err


def test_agent_kinds_are_case_insensitive_and_typos_suggest(tmp_path):
    """Issue 10 item 10: 'Oracle', 'LLM' are kinds; 'orcale' gets a did-you-mean."""
    import pytest

    from agentworld.agents import make_agent
    from agentworld.options import parse_kinds

    assert parse_kinds("Oracle, LLM,NOOP") == ["oracle", "llm", "noop"]
    assert make_agent("Random", seed=1).kind == "random"
    assert run_episode("task_01", "Oracle", seed=0, progress=False)["success"]
    with pytest.raises(ValueError, match="did you mean 'oracle'"):
        parse_kinds("orcale")
