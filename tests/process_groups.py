"""Processes a test starts (a Ray head, a game server, a CLI run), each in a process group of its own
and stopped by group, so nothing a test started outlives it (issue 31: a Ray head left behind by a
killed run turned every later CI red).

A group is stopped (SIGTERM, then SIGKILL after a grace) when the test lets it go (`stop`, or
conftest.py when the test that started it ends, passed or failed), when the test run is interrupted (SIGTERM, SIGINT:
every group is stopped in the handler, then the run is interrupted as by Ctrl-C so fixtures still
tear down; a pytest-timeout raises in the test, so teardown runs), at interpreter exit, and when the run dies
outright (kill -9, a timeout that calls os._exit): a watchdog process, in a session of its own,
holds the other end of a pipe from this process and stops every group still registered when that
pipe closes.
"""

from __future__ import annotations

import atexit
import os
import signal
import subprocess
import sys
import threading
import time
from typing import Any

GRACE = 5.0  # seconds between SIGTERM and SIGKILL

_WATCHDOG = r"""
import os, signal, sys, time
groups = set()
for line in sys.stdin:  # "+PGID" / "-PGID" until the test process is gone
    (groups.add if line[0] == "+" else groups.discard)(int(line[1:]))
def send(sig):
    for group in groups:
        try:
            os.killpg(group, sig)
        except OSError:
            pass
if groups:
    send(signal.SIGTERM)
    time.sleep(float(sys.argv[1]))
    send(signal.SIGKILL)
"""

_running: dict[int, subprocess.Popen] = {}  # group id (the leader's pid) -> its leader
_outliving_a_test: set[int] = set()  # groups of module fixtures (a Ray head), not the test's to stop
_lock = threading.RLock()  # reentrant: a signal handler may stop groups while stop() holds it
_watchdog: subprocess.Popen | None = None
_owner = 0  # the pid that installed the handlers (a forked child must not act on its parent's groups)


def spawn(cmd: list[str], outlives_the_test: bool = False, **popen_kwargs: Any) -> subprocess.Popen:
    """subprocess.Popen(cmd) as the leader of a new session, registered until `stop`. Unless it
    `outlives_the_test` (started by a module fixture, which stops it), conftest.py stops it when
    the test that started it ends."""
    _install()
    proc = subprocess.Popen(cmd, start_new_session=True, **popen_kwargs)
    with _lock:
        _running[proc.pid] = proc
        if outlives_the_test:
            _outliving_a_test.add(proc.pid)
        _tell_watchdog(f"+{proc.pid}")
    return proc


def started_by_tests() -> list[subprocess.Popen]:
    """The groups still running that a test started (not a module fixture), oldest first."""
    with _lock:
        return [proc for pid, proc in _running.items() if pid not in _outliving_a_test]


def stop(proc: subprocess.Popen, grace: float = GRACE) -> int | None:
    """Stop `proc`'s whole group (the leader may have exited and left children); its exit code."""
    _signal_group(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and _group_alive(proc.pid):
        proc.poll()
        time.sleep(0.05)
    _signal_group(proc.pid, signal.SIGKILL)
    code = proc.wait()
    with _lock:
        _running.pop(proc.pid, None)
        _outliving_a_test.discard(proc.pid)
        _tell_watchdog(f"-{proc.pid}")
    return code


def run(cmd: list[str], timeout: float, **popen_kwargs: Any) -> subprocess.CompletedProcess:
    """subprocess.run(cmd, capture_output=True, text=True, timeout=timeout), in a group of its own that
    is stopped however this ends (what cmd left running too)."""
    proc = spawn(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen_kwargs)
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        stop(proc)
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def stop_all(grace: float = GRACE) -> None:
    with _lock:
        procs = list(_running.values())
    for proc in procs:
        stop(proc, grace)


def group_members(pgid: int) -> list[int]:
    """The live processes of group `pgid` (zombies excluded), from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            members.append(int(entry))
    return members


def _group_alive(pgid: int) -> bool:
    return bool(group_members(pgid)) if os.path.isdir("/proc") else _signal_group(pgid, 0)


def _signal_group(pgid: int, sig: int) -> bool:
    try:
        os.killpg(pgid, sig)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def _tell_watchdog(line: str) -> None:
    if _watchdog is not None and _watchdog.poll() is None:
        try:
            _watchdog.stdin.write(line + "\n")
            _watchdog.stdin.flush()
        except OSError:
            pass


def _install() -> None:
    """Once per process: the watchdog, the signal handlers and the exit hook."""
    global _watchdog, _owner
    if _owner == os.getpid():
        return
    _owner = os.getpid()
    _running.clear()
    _watchdog = subprocess.Popen(
        [sys.executable, "-c", _WATCHDOG, str(GRACE)],
        stdin=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    atexit.register(_at_exit)
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGINT):
            previous = signal.getsignal(sig)
            if previous is not signal.SIG_IGN:
                signal.signal(sig, _on_signal(previous))


def _on_signal(previous: Any) -> Any:
    """Stop every group now, then interrupt the run as Ctrl-C does, so pytest still tears its fixtures
    down (temp dirs removed) and exits "interrupted"; a second SIGTERM kills at once."""

    def handler(signum: int, frame: Any) -> None:
        signal.signal(signum, previous if callable(previous) else signal.SIG_DFL)
        if os.getpid() == _owner:
            stop_all(grace=2.0)
        if callable(previous):
            previous(signum, frame)
        else:
            raise KeyboardInterrupt(f"signal {signum}")

    return handler


def _at_exit() -> None:
    if os.getpid() == _owner:
        stop_all(grace=2.0)
        if _watchdog is not None and _watchdog.stdin:
            _watchdog.stdin.close()
