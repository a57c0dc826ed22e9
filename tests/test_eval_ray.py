"""`eval --executor ray`: on a Ray head started here (same results as the local executor), and on a
private cluster of its own when given no address.

Every cluster these tests use has its own temp dir (`--temp-dir`, RAY_TMPDIR), port, HOME and token,
and is stopped by process group (tests/process_groups.py) at teardown and when the run is killed, so
neither a head an earlier run left under /tmp/ray nor a token Ray left in ~/.ray/auth_token changes
a result (issue 31). To prove it, a foreign head runs under the machine's default /tmp/ray for the
whole module, and the test cluster's HOME holds a token that is not its own.

Needs the optional extra (pip install 'agentworld[ray]'); skipped only when Ray is not installed.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

ray = pytest.importorskip("ray")

from process_groups import group_members, run, spawn, stop  # noqa: E402
from test_eval_scale import stable, trajectories  # noqa: E402

RAY_CLI = str(Path(sys.executable).with_name("ray"))
HEADS_FILE = "AGENTWORLD_TEST_RAY_HEADS"  # if set, each head started here is announced there (the kill test)
RAY_STATE = ("RAY_ADDRESS", "RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH", "RAY_TMPDIR", "TMPDIR")


class Head(NamedTuple):
    address: str  # 127.0.0.1:PORT
    env: dict[str, str]  # what a process needs to use this cluster and nothing else
    root: Path  # its temp dir


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def short_temp_dir() -> Path:
    """Under /tmp, not a long $TMPDIR: Ray's unix socket paths inside must stay under ~107 characters."""
    return Path(tempfile.mkdtemp(prefix="awray", dir="/tmp"))


def ray_env(root: Path | None, token: str | None) -> dict[str, str]:
    """The environment without any Ray setting it inherited; Ray's temp dir and HOME under `root`
    (None: the machine's defaults), and `token` required (None: no authentication settings at all)."""
    env = {k: v for k, v in os.environ.items() if k not in RAY_STATE}
    env.update(
        RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0",  # a single-machine cluster: stay on loopback
        RAY_USAGE_STATS_ENABLED="0",
    )
    if root is not None:
        env.update(RAY_TMPDIR=str(root), HOME=str(root / "home"))
    if token is not None:
        env.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token)
    return env


def start_head(env: dict[str, str], temp_dir: Path | None, cpus: int) -> tuple[subprocess.Popen, str]:
    """`ray start --head --block` on free loopback ports (its own, not Ray's fixed defaults that two
    heads would share), in a process group of its own; returns once the head accepts connections."""
    port = free_port()
    args = [
        RAY_CLI,
        "start",
        "--head",
        "--block",
        "--node-ip-address=127.0.0.1",
        f"--port={port}",
        f"--num-cpus={cpus}",
        "--include-dashboard=false",
        "--disable-usage-stats",
    ]
    args += [f"--{name}-port={free_port()}" for name in ("dashboard", "dashboard-agent-listen")]
    if temp_dir is not None:
        args.append(f"--temp-dir={temp_dir}")
    log = tempfile.TemporaryFile(mode="w+")
    head = spawn(args, outlives_the_test=True, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if head.poll() is not None:
            log.seek(0)
            pytest.fail(f"ray start --head exited with {head.returncode}: {log.read()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    else:
        stop(head)
        pytest.fail("ray start --head did not listen within 120 s")
    if os.environ.get(HEADS_FILE):
        with open(os.environ[HEADS_FILE], "a") as heads:
            heads.write(json.dumps({"pgid": head.pid, "root": str(temp_dir or "")}) + "\n")
    return head, f"127.0.0.1:{port}"


@pytest.fixture(scope="module")
def foreign_head() -> Iterator[str]:
    """Someone else's head under the machine's default /tmp/ray, recorded there as the latest cluster
    (like the head a killed run left behind), wanting a token no test process has."""
    home = short_temp_dir()
    env = ray_env(None, token=secrets.token_hex(16))
    env["HOME"] = str(home)
    head, address = start_head(env, temp_dir=None, cpus=1)
    try:
        yield address
    finally:
        stop(head)
        _forget_session(Path("/tmp/ray"), head.pid, address)
        shutil.rmtree(home, ignore_errors=True)


def _forget_session(ray_dir: Path, pid: int, address: str) -> None:
    """Remove what the foreign head wrote under the shared /tmp/ray (its session, its record) and
    nothing else there."""
    for session in ray_dir.glob(f"session_*_{pid}"):
        latest = ray_dir / "session_latest"
        if latest.is_symlink() and Path(os.readlink(latest)).name == session.name:
            latest.unlink(missing_ok=True)
        shutil.rmtree(session, ignore_errors=True)
    record = ray_dir / "ray_current_cluster"
    try:
        if record.read_text().strip() == address:
            record.unlink()
    except OSError:
        pass


@pytest.fixture(scope="module")
def ray_head(foreign_head) -> Iterator[Head]:
    """The test cluster: its own temp dir, port and token; its HOME holds a token of another cluster,
    as Ray leaves in ~/.ray/auth_token after a local ray.init, which `ray start` would otherwise adopt."""
    root = short_temp_dir()
    (root / "home" / ".ray").mkdir(parents=True)
    (root / "home" / ".ray" / "auth_token").write_text(secrets.token_hex(32))
    env = ray_env(root, token=secrets.token_hex(32))
    head, address = start_head(env, temp_dir=root, cpus=2)
    try:
        yield Head(address, env, root)
    finally:
        stop(head)
        shutil.rmtree(root, ignore_errors=True)


def _eval(env: dict[str, str], *args: str):
    return run(
        [sys.executable, "-m", "agentworld.cli", "eval", "--tasks", "task_01", "--quiet", *args],
        timeout=300,
        env=env,
    )


def test_ray_executor_matches_the_local_one_and_resumes(tmp_path, ray_head):
    common = ["--agents", "random", "--episodes", "3", "--max-rounds", "6"]
    assert _eval(ray_head.env, *common, "--out", str(tmp_path / "local")).returncode == 0
    on_ray = [
        *common,
        "--executor",
        "ray",
        "--ray-address",
        ray_head.address,
        "--workers",
        "2",
        "--concurrency",
        "2",
    ]
    first = _eval(ray_head.env, *on_ray, "--episodes", "2", "--out", str(tmp_path / "ray"))
    assert first.returncode == 0, first.stderr[-3000:]
    rest = _eval(ray_head.env, *on_ray, "--out", str(tmp_path / "ray"))  # resume: only seed 2 is played
    assert rest.returncode == 0 and "2 episodes were already finished" in rest.stdout, rest.stderr[-3000:]
    assert stable(tmp_path / "ray") == stable(tmp_path / "local") and len(stable(tmp_path / "local")) == 3
    assert trajectories(tmp_path / "ray") == trajectories(tmp_path / "local")


def test_without_an_address_the_eval_starts_a_private_cluster_and_stops_it(tmp_path, foreign_head):
    """The eval's default Ray dir records the foreign head as the latest cluster (what `ray.init()`
    without an address would join: it wants a token this eval lacks, so joining fails loudly); the
    eval plays on a cluster of its own instead, writes no ~/.ray/auth_token, and leaves nothing."""
    root = short_temp_dir()
    try:
        (root / "ray").mkdir()
        (root / "ray" / "ray_current_cluster").write_text(foreign_head)
        env = ray_env(root, token=None)
        done = _eval(
            env,
            "--agents",
            "random",
            "--episodes",
            "2",
            "--max-rounds",
            "4",
            "--executor",
            "ray",
            "--workers",
            "2",
            "--out",
            str(tmp_path / "private"),
        )
        assert done.returncode == 0, done.stderr[-3000:]
        assert [r["status"] for r in stable(tmp_path / "private")] == ["ok", "ok"]
        assert sorted(p.name for p in root.iterdir()) == ["ray"]  # its temp dir is gone, no HOME was written
        assert not _processes_mentioning(str(root))
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_head_that_wants_a_token_the_eval_was_not_given_is_a_clear_error(tmp_path, ray_head):
    """The HOME token is another cluster's, and an address alone never sends it (Ray's rule)."""
    env = {k: v for k, v in ray_head.env.items() if not k.startswith("RAY_AUTH_")}
    env["RAY_gcs_server_port_wait_time_s"] = "1"  # Ray's connect retries: one, not twenty
    out = _eval(
        env,
        "--agents",
        "noop",
        "--executor",
        "ray",
        "--ray-address",
        ray_head.address,
        "--out",
        str(tmp_path / "e"),
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr[-3000:]
    assert f"--ray-address {ray_head.address} refused this driver's token" in out.stderr
    assert "RAY_AUTH_MODE=token" in out.stderr


def test_no_cluster_at_the_address_is_a_clear_error(tmp_path):
    out = _eval(
        ray_env(tmp_path, token=None),
        "--agents",
        "noop",
        "--executor",
        "ray",
        "--ray-address",
        "127.0.0.1:9",
        "--out",
        str(tmp_path / "e"),
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr and "127.0.0.1:9" in out.stderr


def test_a_test_run_killed_with_sigterm_leaves_no_ray_process(tmp_path):
    """A pytest run of the Ray test above, sent SIGTERM once its heads are up, stops both by group."""
    heads_file, log = tmp_path / "heads.jsonl", tmp_path / "inner.log"
    env = {**os.environ, HEADS_FILE: str(heads_file)}
    with log.open("w") as output:
        inner = spawn(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "-p",
                "no:xdist",
                f"{__file__}::test_ray_executor_matches_the_local_one_and_resumes",
            ],
            env=env,
            cwd=Path(__file__).parent.parent,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 240
        while _lines(heads_file) < 2 and inner.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _lines(heads_file) == 2, f"the inner run started no test head: {log.read_text()[-3000:]}"
        heads = [json.loads(line) for line in heads_file.read_text().splitlines()]
        assert all(group_members(h["pgid"]) for h in heads)  # the heads are up
        os.kill(inner.pid, signal.SIGTERM)  # the run itself, as `timeout` or a CI runner would
        assert inner.wait(timeout=60) == pytest.ExitCode.INTERRUPTED, log.read_text()[-3000:]
        for head in heads:
            assert not group_members(head["pgid"]), head
        root = Path(heads[1]["root"])
        assert not _processes_mentioning(str(root)) and not root.exists()  # and the fixtures tore down
        assert not list(Path("/tmp/ray").glob(f"session_*_{heads[0]['pgid']}"))
    finally:
        stop(inner)


def _lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def _processes_mentioning(text: str) -> list[str]:
    """Live processes whose command line names `text` (a cluster's temp dir), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            try:
                cmdline = (
                    Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                )
                state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if text in cmdline and state != "Z":
                found.append(f"{entry}: {cmdline[:200]}")
    return found
