"""`eval --executor ray` against a Ray head started here on loopback: same results as the local executor.

Needs the optional extra (pip install 'agentworld[ray]'); skipped only when Ray is not installed.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from test_eval_scale import stable, trajectories  # noqa: E402

# Ray announces the machine's address unless told this is a single-machine cluster: keep it on loopback.
LOOPBACK = {**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}


@pytest.fixture(scope="module")
def ray_head():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    ray_cli = str(Path(sys.executable).with_name("ray"))
    head = subprocess.Popen([ray_cli, "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}",
                             "--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats", "--block"],
                            env=LOOPBACK, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        yield f"127.0.0.1:{port}"
    finally:  # the head and everything it started share its process group
        os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(head.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        head.wait()


def _eval(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "agentworld.cli", "eval", "--tasks", "task_01", "--quiet", *args],
                          env=LOOPBACK, capture_output=True, text=True, timeout=300)


def test_ray_executor_matches_the_local_one_and_resumes(tmp_path, ray_head):
    common = ["--agents", "random", "--episodes", "3", "--max-rounds", "6"]
    assert _eval(*common, "--out", str(tmp_path / "local")).returncode == 0
    first = _eval(*common, "--episodes", "2", "--executor", "ray", "--ray-address", ray_head, "--workers", "2",
                  "--concurrency", "2", "--out", str(tmp_path / "ray"))
    assert first.returncode == 0, first.stderr[-3000:]
    rest = _eval(*common, "--executor", "ray", "--ray-address", ray_head, "--workers", "2", "--concurrency", "2",
                 "--out", str(tmp_path / "ray"))  # resume: only seed 2 is played
    assert rest.returncode == 0 and "2 episodes were already finished" in rest.stdout
    assert stable(tmp_path / "ray") == stable(tmp_path / "local") and len(stable(tmp_path / "local")) == 3
    assert trajectories(tmp_path / "ray") == trajectories(tmp_path / "local")


def test_no_cluster_at_the_address_is_a_clear_error(tmp_path):
    out = _eval("--agents", "noop", "--executor", "ray", "--ray-address", "127.0.0.1:9", "--out", str(tmp_path / "e"))
    assert out.returncode == 2 and "Traceback" not in out.stderr and "127.0.0.1:9" in out.stderr
