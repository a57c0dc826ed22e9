"""`agentworld run` end to end in a subprocess, and failure handling of the runner."""

from __future__ import annotations

import json
import subprocess
import sys

from agentworld.agents.base import Agent
from agentworld.runner import run_episode


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "agentworld.cli", *args], capture_output=True, text=True, timeout=120)


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
    result = run_episode("task_01", ["oracle", Exploding(), "oracle"], seed=0, out_dir=tmp_path / "r", progress=False)
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
    assert out.returncode == 2 and "cannot create the run directory" in out.stderr and "Traceback" not in out.stderr
    assert "round" not in out.stderr  # no episode was played


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_bad_or_unreachable_server_is_a_one_line_error(capsys):
    """Issue 10 item 8: `run --server` with a closed port or an http:// URL exits 2 with one line."""
    from agentworld.cli import main

    port = _closed_port()
    for url, expected in ((f"ws://127.0.0.1:{port}", "cannot reach an AgentWorld server"),
                          (f"http://127.0.0.1:{port}", f"did you mean 'ws://127.0.0.1:{port}'"),
                          ("localhost:8765", "did you mean 'ws://localhost:8765'")):
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
        proc = subprocess.Popen([sys.executable, "-m", "agentworld.cli", "tasks", "--json"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env)
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
