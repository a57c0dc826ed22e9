"""ray_cluster's choices, with a stand-in for the ray module (no cluster started, so these run fast):
which cluster `ray.init` is asked for, what is set around it and what is left afterwards. The real
clusters are in test_eval_ray.py."""

from __future__ import annotations

import os
import signal
import sys
import types
from pathlib import Path

import pytest

from agentworld.evaluation import ray_cluster as rc


class RayError(Exception):
    pass


class AuthenticationError(RayError):
    pass


def fake_ray(monkeypatch, fail: BaseException | None = None) -> types.SimpleNamespace:
    """A `ray` module recording its init calls; init swaps SIGTERM's handler as the real one does."""
    calls = types.SimpleNamespace(init=[], shutdown=0, environ=None)

    def init(**kwargs):
        calls.init.append(kwargs)
        calls.environ = dict(os.environ)
        signal.signal(signal.SIGTERM, lambda *a: sys.exit(15))
        if kwargs.get("_temp_dir"):
            assert Path(kwargs["_temp_dir"]).is_dir()
        if fail:
            raise fail

    def shutdown():
        calls.shutdown += 1

    module = types.SimpleNamespace(
        init=init,
        shutdown=shutdown,
        is_initialized=lambda: False,
        exceptions=types.SimpleNamespace(RayError=RayError),
    )
    monkeypatch.setitem(sys.modules, "ray", module)
    for name in (*rc.AUTH_VARIABLES, "RAY_ADDRESS"):
        monkeypatch.delenv(name, raising=False)
    return calls


def test_no_address_starts_a_private_cluster_in_a_temp_dir_of_its_own(monkeypatch, tmp_path):
    calls = fake_ray(monkeypatch)
    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path))
    handler = signal.getsignal(signal.SIGTERM)
    with rc.ray_cluster(None, cpus=3):
        (kwargs,) = calls.init
        assert (
            kwargs["address"] == "local" and kwargs["num_cpus"] == 3 and kwargs["include_dashboard"] is False
        )
        assert Path(kwargs["_temp_dir"]).parent == tmp_path and Path(kwargs["_temp_dir"]).name.startswith(
            "awray-"
        )
        assert len(calls.environ["RAY_AUTH_TOKEN"]) == 64  # its own token: Ray writes no ~/.ray/auth_token
        assert signal.getsignal(signal.SIGTERM) is handler  # the eval's SIGTERM handling is kept
    assert calls.shutdown == 1 and not list(tmp_path.iterdir())  # stopped, its temp dir removed
    assert "RAY_AUTH_TOKEN" not in os.environ


def test_caller_authentication_settings_are_left_to_ray(monkeypatch, tmp_path):
    calls = fake_ray(monkeypatch)
    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path))
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    with rc.ray_cluster(None, cpus=1):
        assert "RAY_AUTH_TOKEN" not in calls.environ
    assert os.environ["RAY_AUTH_MODE"] == "disabled"


@pytest.mark.parametrize("from_env", [False, True])
def test_an_address_is_joined_as_given(monkeypatch, from_env):
    calls = fake_ray(monkeypatch)
    monkeypatch.setattr(rc, "check_reachable", lambda address, label: None)
    if from_env:
        monkeypatch.setenv("RAY_ADDRESS", "10.0.0.7:6379")
    with rc.ray_cluster(None if from_env else "10.0.0.7:6379", cpus=2):
        (kwargs,) = calls.init
        assert kwargs["address"] == "10.0.0.7:6379" and "_temp_dir" not in kwargs and "num_cpus" not in kwargs
        assert (
            "RAY_AUTH_TOKEN" not in calls.environ
        )  # no token is made up (or taken from ~/.ray) for an address


def test_a_refused_token_is_a_clear_error(monkeypatch):
    try:
        try:
            raise AuthenticationError(
                "RPC error: InvalidAuthToken: Authentication token is missing or incorrect"
            )
        except AuthenticationError as inner:
            raise RuntimeError("Failed to connect to GCS") from inner
    except RuntimeError as exc:
        refused = ConnectionError("Failed to connect to Ray cluster at 127.0.0.1:5")
        refused.__cause__ = exc
    fake_ray(monkeypatch, fail=refused)
    monkeypatch.setattr(rc, "check_reachable", lambda address, label: None)
    with pytest.raises(RuntimeError) as err:
        with rc.ray_cluster("127.0.0.1:5", cpus=1):
            pass
    assert str(err.value).startswith(
        "the Ray cluster at --ray-address 127.0.0.1:5 refused this driver's token"
    )
    assert "RAY_AUTH_MODE=token" in str(err.value)


def test_an_unreachable_address_from_the_environment_says_so(monkeypatch):
    fake_ray(monkeypatch)
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:9")
    with pytest.raises(RuntimeError, match=r"no Ray cluster at \$RAY_ADDRESS 127.0.0.1:9"):
        with rc.ray_cluster(None, cpus=1):
            pass


def test_a_private_cluster_that_cannot_start_is_a_clear_error_and_leaves_nothing(monkeypatch, tmp_path):
    calls = fake_ray(monkeypatch, fail=RuntimeError("Failed to start GCS"))
    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path))
    with pytest.raises(
        RuntimeError, match="could not start a private Ray cluster in .*: Failed to start GCS"
    ):
        with rc.ray_cluster(None, cpus=1):
            pass
    assert calls.shutdown == 1 and not list(tmp_path.iterdir()) and "RAY_AUTH_TOKEN" not in os.environ
