"""One writer per eval directory: OUT/.eval.lock, an OS lock held for the life of the eval.

Two evals writing one directory interleave the trajectories of the same episodes and pay every
model call twice, so the second is refused. The lock is the kernel's (`fcntl.flock` on the lock
file), which makes it race-free: of two evals starting at once exactly one gets it. The kernel
also drops it when its process ends, however it ends (kill -9 included), so a lock can never be
left held by a dead process. The file's body is JSON naming the holder (pid, host, start time,
command), for the refusal message; an eval that ends normally empties it.

A body still naming a holder when the lock is free is what a process that died without
releasing it leaves behind: it is taken over, with a notice on stderr. One exception: a body
written on another host is reported, not taken over. On a network filesystem whose locks are not
shared between machines (NFS mounted with `nolock`), a free lock says nothing about an eval on
another host; once that eval is known to be stopped, delete the lock file.

Worker processes do not hold the lock: after a kill -9 of the eval they notice their parent is
gone within about half a second and exit (evaluation.executors).
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import shlex
import socket
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterator

LOCK = ".eval.lock"


class EvalLocked(ValueError):
    """Another eval holds this directory (or its lock cannot be taken): the message names it."""


@dataclass(frozen=True)
class Holder:
    """Who holds an eval directory's lock: the lock file's JSON body."""

    pid: int  # process id on `host`
    host: str  # socket.gethostname() of the holder
    started: str  # when it took the lock, ISO 8601 UTC
    command: str  # its command line

    def describe(self) -> str:
        return f"pid {self.pid} on host {self.host}, started {self.started}: {self.command}"

    @staticmethod
    def me() -> "Holder":
        program = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python"
        if program in ("cli.py", "__main__.py"):  # python -m agentworld.cli
            program = "agentworld"
        return Holder(
            os.getpid(),
            socket.gethostname(),
            time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            shlex.join([program, *sys.argv[1:]]),
        )


_HELD: dict[Path, tuple[int, int, int]] = {}  # resolved OUT -> (lock fd, owning thread, depth)
_HELD_GUARD = threading.Lock()


@contextmanager
def eval_lock(out: str | os.PathLike, warn: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold OUT's lock for the block (OUT is created). Raises EvalLocked naming the holder.
    Re-entrant on one thread (command_eval takes it, then run_eval inside it)."""
    path = Path(out)
    path.mkdir(parents=True, exist_ok=True)
    key = path.resolve()
    me = threading.get_ident()
    with _HELD_GUARD:
        held = _HELD.get(key)
        if held and held[1] == me:
            _HELD[key] = (held[0], me, held[2] + 1)
            fd = None
        else:
            fd = _acquire(path / LOCK, warn or (lambda text: print(text, file=sys.stderr)))
            _HELD[key] = (fd, me, 1)
    try:
        yield
    finally:
        with _HELD_GUARD:
            lock_fd, owner, depth = _HELD[key]
            if depth > 1:
                _HELD[key] = (lock_fd, owner, depth - 1)
            else:
                del _HELD[key]
                _release(lock_fd)


def _acquire(lock_path: Path, warn: Callable[[str], None]) -> int:
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = read_holder(fd)
            who = holder.describe() if holder else "its pid, host and start time are not written yet"
            raise EvalLocked(
                f"{lock_path.parent} is being written by another eval ({who}); wait for it to end "
                "or stop it, or use another --out"
            ) from None
        except OSError as exc:  # ENOLCK: a filesystem without locks
            detail = "this filesystem does not support locks" if exc.errno == errno.ENOLCK else exc.strerror
            raise EvalLocked(f"cannot lock {lock_path}: {detail}; use an --out on a local disk") from None
        previous = read_holder(fd)
        if previous and previous.host != socket.gethostname():
            raise EvalLocked(
                f"{lock_path.parent} was being written by an eval on another host ({previous.describe()}), "
                f"which cannot be checked from here; if it is no longer running, delete {lock_path} "
                "and run this command again"
            )
        if previous:
            state = (
                "no longer runs"
                if not _alive(previous.pid)
                else "no longer holds it (its pid is another process now)"
            )
            warn(
                f"eval: taking over the lock of {lock_path.parent}: the eval that held it ({previous.describe()}) "
                f"{state}; its unfinished episodes are played again"
            )
        body = json.dumps(asdict(Holder.me())).encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, body + b"\n", 0)
        return fd
    except BaseException:
        os.close(fd)  # also releases the flock, if taken
        raise


def _release(fd: int) -> None:
    """Empty the body (the directory is free, nobody died holding it), then drop the lock."""
    try:
        os.ftruncate(fd, 0)
    except OSError:
        pass
    os.close(fd)


def read_holder(fd: int) -> Holder | None:
    """The holder a lock file's body names, or None (empty, torn or not ours)."""
    try:
        data = json.loads(os.pread(fd, 1 << 16, 0) or b"null")
        return Holder(int(data["pid"]), str(data["host"]), str(data["started"]), str(data["command"]))
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True
