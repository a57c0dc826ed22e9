"""tests/process_groups.py: what a test starts is stopped by group however the test or the run ends
(issue 31). A `sleep` with a child of its own stands in for a server or a Ray head."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from process_groups import group_members, spawn, stop

HERE = Path(__file__).parent
FAMILY = ["sh", "-c", "sleep 300 & sleep 300"]  # a leader and a child, like `ray start` and its raylet

RUN_THEN = """
import os, signal, sys, time
sys.path.insert(0, sys.argv[1])
from process_groups import spawn
proc = spawn({family!r})
print(proc.pid, flush=True)
sys.stdin.readline()  # the test has seen the family start: a run that dies at once cannot race it
{then}
"""


def _wait_gone(pgid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while group_members(pgid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _kill(pgid: int) -> None:
    """Clean up after a failed assertion: nothing of this test may stay behind."""
    if group_members(pgid):
        os.killpg(pgid, signal.SIGKILL)


def _started(then: str) -> tuple[subprocess.Popen, int]:
    """A Python process that spawns FAMILY and then does `then`; (it, FAMILY's group)."""
    script = RUN_THEN.format(family=FAMILY, then=then)
    runner = subprocess.Popen(
        [sys.executable, "-c", script, str(HERE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    pgid = int(runner.stdout.readline())
    _wait_for_family(pgid)
    runner.stdin.write("go\n")
    runner.stdin.flush()
    return runner, pgid


def _wait_for_family(pgid: int) -> None:
    deadline = time.monotonic() + 10
    while len(group_members(pgid)) < 2:  # the shell and its sleeps
        assert time.monotonic() < deadline, "FAMILY never started"
        time.sleep(0.02)


def test_stop_ends_the_whole_group_even_when_its_leader_left_first():
    proc = spawn(FAMILY)
    _wait_for_family(proc.pid)
    os.kill(proc.pid, signal.SIGKILL)  # the leader goes; its child stays in the group
    proc.wait()
    assert group_members(proc.pid)
    stop(proc)
    assert not group_members(proc.pid)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signalled_run_stops_its_groups_and_ends_as_interrupted(sig):
    runner, pgid = _started("time.sleep(300)")
    try:
        runner.send_signal(sig)
        # KeyboardInterrupt (so the run's own clean-up ran), which Python ends with SIGINT
        assert runner.wait(timeout=30) == -signal.SIGINT
        assert not group_members(pgid)
    finally:
        runner.kill()
        _kill(pgid)


@pytest.mark.parametrize("end", ["os._exit(3)", "os.kill(os.getpid(), signal.SIGKILL)"])
def test_a_run_that_dies_outright_has_its_groups_stopped_by_the_watchdog(end):
    runner, pgid = _started(end)
    try:
        runner.wait(timeout=30)
        assert _wait_gone(pgid, within=15), "the group outlived the run"
    finally:
        _kill(pgid)


def test_a_failing_test_has_what_it_started_stopped_at_teardown(tmp_path):
    (tmp_path / "test_inner.py").write_text(f"""
from process_groups import spawn

def test_starts_then_fails():
    proc = spawn({FAMILY!r})
    open("pgid", "w").write(str(proc.pid))
    assert False
""")
    (tmp_path / "conftest.py").write_text((HERE / "conftest.py").read_text())
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "test_inner.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout[-2000:]
    pgid = int((tmp_path / "pgid").read_text())
    assert not group_members(pgid)
