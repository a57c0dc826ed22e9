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
