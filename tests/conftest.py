"""Fixtures every test module gets."""

from __future__ import annotations

import signal
from typing import Iterator

import pytest

from process_groups import started_by_tests, stop


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C raises KeyboardInterrupt here and in the processes the tests start, however the run was
    launched: a shell starts a background job (`bash .ci/run &`) with SIGINT ignored, Python then never
    installs its handler, the children inherit the ignoring, and the tests of interrupted runs fail."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _stop_what_the_test_started() -> Iterator[None]:
    """Every process group a test started with process_groups.spawn (a server, a CLI run) is stopped
    when the test ends, passed or failed; module fixtures' groups are theirs to stop."""
    before = {proc.pid for proc in started_by_tests()}
    yield
    for proc in reversed(started_by_tests()):
        if proc.pid not in before:
            stop(proc)


@pytest.fixture(autouse=True)
def _forget_task_folders(monkeypatch) -> Iterator[None]:
    """A test whose CLI call names `--tasks-dir` must not leave that folder's tasks visible to the next
    test (an id listing or a "did you mean" would then depend on test order)."""
    from agentworld import task_sources

    monkeypatch.delenv(task_sources.ENV_VAR, raising=False)
    yield
    task_sources.clear_task_dirs()
