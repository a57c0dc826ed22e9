"""One writer per eval directory (agentworld.evaluation.lock): a second eval on the same --out is
refused naming the first; a lock left by a killed eval is taken over and the eval resumes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from agentworld import evaluation as ev
from agentworld.cli import main
from agentworld.evaluation.lock import LOCK
from agentworld.trajectory import replay
from fake_openai import FakeOpenAI, call

ROOT = Path(__file__).resolve().parent.parent


def _eval(server: FakeOpenAI, out: Path, **popen) -> subprocess.Popen:
    args = [
        sys.executable,
        "-m",
        "agentworld.cli",
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
        "3",
        "--max-rounds",
        "2",
        "--judge",
        "none",
        "--quiet",
        "--out",
        str(out),
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENAI_API_KEY": "k"}
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, **popen)


def _until(condition, what: str, limit: float = 120.0) -> None:
    """Wait for a condition another process brings about (a generous bound: not a timing test)."""
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, f"gave up waiting for {what}"
        time.sleep(0.05)


def test_a_second_eval_is_refused_and_a_killed_ones_lock_is_taken_over(tmp_path):
    out = tmp_path / "e"
    gate = threading.Event()  # closed: the first eval's second episode hangs on its first model call
    per_episode = 6  # task_01: 3 agents x 2 rounds

    def policy(body: dict) -> dict:
        if server.count > per_episode:
            gate.wait(timeout=300)
        return call("wait")

    with FakeOpenAI(policy=policy) as server:
        first = _eval(server, out)
        try:
            _until(
                lambda: (
                    (out / ev.RESULTS).is_file()
                    and (out / ev.RESULTS).read_text().count("\n") == 1
                    and server.count > per_episode
                ),
                "the first eval to finish one episode and start the next",
            )
            holder = json.loads((out / LOCK).read_text())
            assert holder["pid"] == first.pid and holder["host"] == socket.gethostname()
            results_before, config_before = (out / ev.RESULTS).read_text(), (out / ev.CONFIG).read_text()

            second = _eval(server, out)
            _, err = second.communicate(timeout=120)
            assert second.returncode == 2, err
            assert f"pid {first.pid} on host {socket.gethostname()}" in err and "another eval" in err, err
            assert (
                holder["started"] in err
                and "agentworld eval --tasks task_01" in err
                and "Traceback" not in err
            )
            assert (out / ev.RESULTS).read_text() == results_before  # the refused eval wrote nothing
            assert (out / ev.CONFIG).read_text() == config_before
            assert server.count == per_episode + 1  # and asked the model nothing

            first.send_signal(signal.SIGKILL)
            first.wait(timeout=60)
        finally:
            if first.poll() is None:
                first.kill()
                first.wait()
            gate.set()
        assert not (out / "task_01" / "1" / "metrics.json").exists()  # seed 1 was cut short

        third = _eval(server, out)
        stdout, err = third.communicate(timeout=300)
    assert third.returncode == 0, err
    assert "taking over the lock" in err and f"pid {first.pid}" in err and "no longer runs" in err, err
    assert "(1 episodes were already finished" in stdout
    lines = (out / ev.RESULTS).read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert [(r["seed"], r["status"], r["actions"]) for r in records] == [
        (0, "ok", 6),
        (1, "ok", 6),
        (2, "ok", 6),
    ]
    for seed in range(3):
        result = replay(out / "task_01" / str(seed))
        assert result["match"] and not result["unfinished"] and result["records"] == 8, (seed, result)
    assert (out / LOCK).read_text() == ""  # released: nobody holds it now


def test_a_lock_from_another_host_is_reported_not_taken(tmp_path, capsys):
    out = tmp_path / "e"
    out.mkdir()
    (out / LOCK).write_text(
        json.dumps(
            {
                "pid": 4242,
                "host": "elsewhere.example",
                "started": "2026-12-01T10:00:00Z",
                "command": "agentworld eval --out e",
            }
        )
    )
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "noop",
                "--max-rounds",
                "1",
                "--judge",
                "none",
                "--quiet",
                "--out",
                str(out),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert (
        "pid 4242 on host elsewhere.example, started 2026-12-01T10:00:00Z" in err
        and f"delete {out / LOCK}" in err
    )
    assert not (out / ev.RESULTS).exists() and not (out / ev.CONFIG).exists()
    (out / LOCK).unlink()  # the documented way out, once that eval is known to be stopped
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "noop",
                "--max-rounds",
                "1",
                "--judge",
                "none",
                "--quiet",
                "--out",
                str(out),
            ]
        )
        == 0
    )


def test_run_eval_in_the_same_process_is_reentrant_but_another_holder_is_refused(tmp_path):
    """command_eval holds the lock around run_eval (same thread: fine); another thread of the
    process, like another process, is refused while it is held."""
    out = tmp_path / "e"
    refused: list[str] = []
    with ev.eval_lock(out):
        with ev.eval_lock(out):
            pass
        thread = threading.Thread(target=lambda: _try_lock(out, refused))
        thread.start()
        thread.join()
        assert json.loads((out / LOCK).read_text())["pid"] == os.getpid()  # the inner release kept it
    assert refused and f"pid {os.getpid()}" in refused[0]
    with ev.eval_lock(out):  # free again, and nobody died holding it: no notice
        pass


def _try_lock(out: Path, refused: list[str]) -> None:
    try:
        with ev.eval_lock(out, warn=refused.append):
            pass
    except ev.EvalLocked as exc:
        refused.append(str(exc))
