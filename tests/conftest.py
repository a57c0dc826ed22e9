"""Fixtures every test module gets."""

from __future__ import annotations

from typing import Iterator

import pytest

from process_groups import started_by_tests, stop


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
