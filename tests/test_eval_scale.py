"""Evaluation at scale: episodes in flight as asyncio tasks (and in worker processes) give the same
results as sequential play; a killed eval keeps every finished action; the eval resumes."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agentworld import evaluation as ev
from agentworld.cli import main
from fake_openai import FakeOpenAI
from test_eval_env import oracle_policy


def stable(out: Path) -> list[dict]:
    return [
        {k: v for k, v in json.loads(line).items() if k not in ev.VOLATILE}
        for line in (out / ev.RESULTS).read_text().splitlines()
    ]


def trajectories(out: Path) -> dict[str, list[dict]]:
    """Every run directory's records without the wall-clock field."""
    found = {}
    for path in sorted(out.glob("*/*/trajectory.jsonl")):
        found[str(path.parent.relative_to(out))] = [
            {k: v for k, v in json.loads(line).items() if k != "t"} for line in path.read_text().splitlines()
        ]
    return found


@pytest.mark.parametrize("agents", ["oracle", "random"])
def test_concurrent_episodes_equal_sequential_ones_for_scripted_teams(tmp_path, agents):
    args = [
        "eval",
        "--tasks",
        "task_01,task_02",
        "--agents",
        agents,
        "--episodes",
        "3",
        "--max-rounds",
        "8",
        "--quiet",
        "--judge",
        "provenance",
    ]
    assert main(args + ["--out", str(tmp_path / "s")]) == 0
    assert main(args + ["--concurrency", "4", "--out", str(tmp_path / "c")]) == 0
    assert stable(tmp_path / "s") == stable(tmp_path / "c") and len(stable(tmp_path / "s")) == 6
    assert trajectories(tmp_path / "s") == trajectories(tmp_path / "c")


def test_llm_team_in_flight_at_once_equals_sequential(tmp_path):
    """The fake model plays the oracle's moves for 2 episodes in flight at once (and on 2 processes)."""
    with FakeOpenAI(policy=oracle_policy(tmp_path)) as server:
        args = [
            "eval",
            "--tasks",
            "task_01",
            "--agents",
            "llm",
            "--model",
            "fake-model",
            "--base-url",
            server.base_url,
            "--episodes",
            "2",
            "--quiet",
            "--backoff-base",
            "0.001",
        ]
        assert main(args + ["--out", str(tmp_path / "s")]) == 0
        assert main(args + ["--concurrency", "2", "--out", str(tmp_path / "c")]) == 0
        assert (
            main(
                args
                + ["--concurrency", "2", "--workers", "2", "--episodes", "2", "--out", str(tmp_path / "p")]
            )
            == 0
        )
    serial = stable(tmp_path / "s")
    assert serial[0]["success"] and serial[0]["prompt_tokens"] > 0 and len(serial) == 2
    assert stable(tmp_path / "c") == serial and stable(tmp_path / "p") == serial
    assert trajectories(tmp_path / "c") == trajectories(tmp_path / "s") == trajectories(tmp_path / "p")
    for out in ("c", "p"):  # the per-turn transcript is written by the async path too
        transcript = (tmp_path / out / "task_01" / "0" / "llm_transcript.jsonl").read_text().splitlines()
        assert len(transcript) == serial[0]["actions"]


def test_episodes_really_overlap_in_one_process(tmp_path):
    """With --concurrency N the model sees N episodes' calls at once (it counts the calls open at a time)."""
    open_calls, peak = [0], [0]
    import threading

    lock = threading.Lock()

    def policy(body: dict) -> dict:
        with lock:
            open_calls[0] += 1
            peak[0] = max(peak[0], open_calls[0])
        time.sleep(0.05)
        with lock:
            open_calls[0] -= 1
        return {"tool_calls": [("wait", "{}")]}

    with FakeOpenAI(policy=policy) as server:
        assert (
            main(
                [
                    "eval",
                    "--tasks",
                    "task_01",
                    "--agents",
                    "llm",
                    "--model",
                    "m",
                    "--base-url",
                    server.base_url,
                    "--episodes",
                    "4",
                    "--max-rounds",
                    "2",
                    "--judge",
                    "none",
                    "--quiet",
                    "--concurrency",
                    "4",
                    "--out",
                    str(tmp_path / "e"),
                ]
            )
            == 0
        )
    assert peak[0] == 4  # one call per episode at a time (turns stay in order), four episodes at once
    assert len(stable(tmp_path / "e")) == 4


HANGING_EVAL = """
import sys
from agentworld.cli import main
sys.exit(main(["eval", "--tasks", "task_01", "--agents", "llm", "--model", "m", "--base-url", sys.argv[2],
               "--episodes", "3", "--max-rounds", "12", "--judge", "none", "--quiet", "--concurrency", "3",
               "--out", sys.argv[1]]))
"""


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_a_stopped_concurrent_eval_keeps_every_finished_action_and_resumes(tmp_path, sig):
    from agentworld.trajectory import UNFINISHED, replay

    out = tmp_path / "e"
    with FakeOpenAI(latency=0.01) as server:
        proc = subprocess.Popen(
            [sys.executable, "-c", HANGING_EVAL, str(out), server.base_url],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 60
        while sum(len(p.read_text().splitlines()) for p in out.glob("task_01/*/trajectory.jsonl")) < 18:
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
            time.sleep(0.02)
        proc.send_signal(sig)
        assert proc.wait(timeout=20) == (128 + sig if sig != signal.SIGKILL else -sig)
        runs = sorted(out.glob("task_01/*"))
        assert len(runs) == 3
        for run in runs:  # every line whole, every action kept, replay agrees
            records = [json.loads(line) for line in (run / "trajectory.jsonl").read_text().splitlines()]
            assert records and replay(run)["match"]
            if sig == signal.SIGKILL:
                assert (run / UNFINISHED).exists()
            else:  # stopped like Ctrl-C: the run dir says so in metrics.json
                metrics = json.loads((run / "metrics.json").read_text())
                assert metrics["status"] == "error" and metrics["error"] == "interrupted (SIGTERM)"
        assert not (out / ev.RESULTS).read_text().strip()  # nothing finished, nothing recorded
        # the same command resumes and plays them all
        assert (
            subprocess.run(
                [sys.executable, "-c", HANGING_EVAL, str(out), server.base_url],
                capture_output=True,
                timeout=120,
            ).returncode
            == 0
        )
    records = stable(out)
    assert [r["status"] for r in records] == ["ok"] * 3 and all(r["rounds"] == 12 for r in records)
    assert not list(out.glob("task_01/*/" + UNFINISHED))


def test_bad_concurrency_and_ray_address_without_ray_executor_are_refused(tmp_path, capsys):
    assert main(["eval", "--tasks", "task_01", "--concurrency", "0", "--out", str(tmp_path / "a")]) == 2
    assert "--concurrency must be >= 1" in capsys.readouterr().err.replace(
        "and --concurrency", "--concurrency"
    )
    assert (
        main(["eval", "--tasks", "task_01", "--ray-address", "127.0.0.1:1", "--out", str(tmp_path / "b")])
        == 2
    )
    assert "--ray-address needs --executor ray" in capsys.readouterr().err
