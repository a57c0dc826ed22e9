"""The Ray cluster an eval's actors run on (`eval --executor ray`), joined or started, and stopped.

- With an address (`--ray-address`, else $RAY_ADDRESS): exactly that cluster, whatever else runs on
  the machine. Given an address, Ray's driver reads nothing recorded under /tmp/ray (it takes the
  head's temp dir from the head itself). Like Ray, it offers a token only when RAY_AUTH_MODE=token
  says so, never ~/.ray/auth_token to any address on its own; a head that wants a token it was not
  given is a clear error naming what to set, not a traceback after half a minute of retries.
- Without one: a private single-machine cluster with `cpus` CPUs, its session in a fresh temp dir
  of its own (never the shared /tmp/ray, never a head recorded there), stopped and removed at the
  end; Ray's reaper stops it too if this process is killed. Unless the caller configured Ray's
  authentication, the private cluster gets a one-off token in this process's environment: Ray
  would otherwise write ~/.ray/auth_token, and every later `ray start --head` on the machine picks
  that file up and then refuses drivers given only an address (the CI failure of issue 31).
- A caller that already called `ray.init` keeps its own cluster; it is theirs to stop.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import tempfile
from contextlib import contextmanager
from typing import Any, Iterator

AUTH_VARIABLES = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
TOKEN_HELP = (
    "if it uses token authentication, set RAY_AUTH_MODE=token and give its token in RAY_AUTH_TOKEN "
    "or in a file named by RAY_AUTH_TOKEN_PATH"
)


def import_ray() -> Any:
    try:
        import ray  # optional extra: pip install 'agentworld[ray]'
    except ImportError:
        raise RuntimeError("--executor ray needs Ray: pip install 'agentworld[ray]'") from None
    return ray


@contextmanager
def ray_cluster(address: str | None, cpus: int) -> Iterator[Any]:
    """Ray connected to the cluster at `address` (None: $RAY_ADDRESS, else a private one with
    `cpus` CPUs) while inside; yields the ray module."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    label = "--ray-address" if address else "$RAY_ADDRESS"
    address = address or os.environ.get("RAY_ADDRESS") or None
    temp_dir = None if address else private_temp_dir()
    added: list[str] = []
    try:
        with _keeping_sigterm():  # ray.init swaps in its own handler (sys.exit) for the eval's
            if address:
                _join(ray, address, label)
            else:
                added = _private_token()
                _start_private(ray, temp_dir, cpus)
        yield ray
    finally:
        ray.shutdown()
        for name in added:
            os.environ.pop(name, None)
        if temp_dir:
            shutil.rmtree(temp_dir, ignore_errors=True)


def private_temp_dir() -> str:
    """A fresh directory for a private cluster: under $RAY_TMPDIR if set, else /tmp, as Ray's own
    default; a long $TMPDIR would push Ray's unix socket paths past their ~107 characters."""
    base = os.environ.get("RAY_TMPDIR") or ("/tmp" if os.path.isdir("/tmp") else None)
    return tempfile.mkdtemp(prefix="awray-", dir=base)


def _private_token() -> list[str]:
    """A one-off token for the private cluster unless the caller configured Ray's authentication;
    the variables this added (Ray adds RAY_AUTH_MODE itself), to remove at the end."""
    if any(os.environ.get(name) for name in AUTH_VARIABLES):
        return []
    os.environ["RAY_AUTH_TOKEN"] = secrets.token_hex(32)
    return ["RAY_AUTH_TOKEN", "RAY_AUTH_MODE"]


def _start_private(ray: Any, temp_dir: str, cpus: int) -> None:
    try:
        ray.init(
            address="local",
            _temp_dir=temp_dir,
            num_cpus=cpus,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    except (ConnectionError, RuntimeError, ray.exceptions.RayError) as exc:
        raise RuntimeError(f"could not start a private Ray cluster in {temp_dir}: {str(exc)[:300]}") from None


def _join(ray: Any, address: str, label: str = "--ray-address") -> None:
    check_reachable(address, label)  # ray.init would retry an unreachable head for minutes
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    except (ConnectionError, RuntimeError, ray.exceptions.RayError) as exc:
        raise RuntimeError(join_error(f"{label} {address}", exc)) from None


def join_error(where: str, exc: BaseException) -> str:
    """What to tell a person whose driver could not join the cluster at `where` ("--ray-address HOST:PORT")."""
    chain = []
    while exc is not None and len(chain) < 5:
        chain.append(exc)
        exc = exc.__cause__ or exc.__context__
    text = " ".join(f"{type(e).__name__} {e}" for e in chain)
    if "AuthenticationError" in text or "InvalidAuthToken" in text:
        return f"the Ray cluster at {where} refused this driver's token (missing or wrong): {TOKEN_HELP}"
    return f"could not join the Ray cluster at {where}: {str(chain[0])[:300]}"


def check_reachable(address: str, label: str = "--ray-address") -> None:
    """A clear error now when nothing listens at the head's host:port."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=5).close()
    except (OSError, ValueError) as exc:
        raise RuntimeError(f"no Ray cluster at {label} {address}: {exc}") from None


@contextmanager
def _keeping_sigterm() -> Iterator[None]:
    """Put back the SIGTERM handler found on entry (the eval's: stop, keep what finished)."""
    previous = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        if previous is not None and signal.getsignal(signal.SIGTERM) is not previous:
            try:
                signal.signal(signal.SIGTERM, previous)
            except ValueError:  # not the main thread: Ray set nothing either
                pass
