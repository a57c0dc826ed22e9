"""Limits on model calls that users of paid APIs need: requests and tokens per minute, money, and
the server's own Retry-After, shared by every episode of a process and, through a file, of processes.

Pacing, not counting: each call reserves a slot on two clocks. The request clock advances by
60 / max_rpm seconds per call and the token clock by tokens * 60 / max_tpm (the prompt's estimate,
corrected by the real usage once the reply arrives); a call may start when both clocks have
reached now. So calls are spread evenly and no minute ever holds more than max_rpm calls (+1), or
about max_tpm tokens. A Retry-After from the server pauses every caller, not only the one told,
but never for long: the caller caps it (the LLM agent's max_retry_after, a minute by default), and
`book(max_pause=)` lets each caller refuse a pause that outlasts its own turn deadline (that turn
is then played as a wait) instead of sleeping through it.
`max_cost` stops *new* calls once that many dollars are spent (calls in flight finish and are
counted, so the total can pass it by what those cost); the caller gets BudgetExhausted and the
episode ends unfinished, to be played again on resume.

State is a small dict. With `path` it lives in a JSON file guarded by an exclusive `flock`, so
worker processes of one eval (which share OUT/.limits.json) share one budget and one pace; the
lock is held only to read and rewrite a few numbers.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator, NamedTuple


class BudgetExhausted(RuntimeError):
    """The money budget (--max-cost) is spent: no new model calls. The episode stops unfinished."""


@dataclass(frozen=True)
class Limits:
    """What to enforce; None means no limit of that kind."""

    max_rpm: float | None = None  # model requests per minute, across every caller sharing the limiter
    max_tpm: float | None = None  # prompt + completion tokens per minute
    max_cost: float | None = None  # dollars (needs a price table); no new calls once spent
    path: str | None = None  # state file shared by processes (None: this process only)

    def __post_init__(self) -> None:
        for name in ("max_rpm", "max_tpm", "max_cost"):
            value = getattr(self, name)
            if value is not None and not value > 0:
                raise ValueError(f"{name} must be > 0, got {value!r}")


class Booking(NamedTuple):
    """A call's place on the limiter's clocks (Limiter.book)."""

    wait: float  # seconds until the call may be sent (0: now)
    paused: float  # of which: what is left of a server's Retry-After pause (the rest is the rpm/tpm pace)
    booked: bool  # False: the pause outlasts the caller's max_pause and nothing was booked


def _fresh() -> dict[str, float]:
    return {"next_request": 0.0, "next_token": 0.0, "pause_until": 0.0, "spent": 0.0, "calls": 0}


class Limiter:
    """One pace and one budget for every model call that goes through it (see the module docstring)."""

    def __init__(self, limits: Limits, clock: Any = time.time):
        self.limits = limits
        self.clock = clock  # wall clock: processes must agree on it
        self._lock = threading.Lock()
        self._memory = _fresh()

    @contextmanager
    def _state(self) -> Iterator[dict[str, float]]:
        """The shared state, locked for the duration of the block and saved after it."""
        with self._lock:
            if self.limits.path is None:
                yield self._memory
                return
            fd = os.open(self.limits.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                raw = os.read(fd, 1 << 16)
                try:
                    state = {**_fresh(), **json.loads(raw)} if raw else _fresh()
                except (json.JSONDecodeError, TypeError):
                    state = _fresh()
                yield state
                data = json.dumps(state).encode()
                os.lseek(fd, 0, os.SEEK_SET)
                os.ftruncate(fd, 0)
                os.write(fd, data)
            finally:
                os.close(fd)  # also releases the flock

    def reserve(self, tokens: int) -> float:
        """Book one call of about `tokens` tokens; returns how many seconds to wait before sending it.
        Raises BudgetExhausted once max_cost is spent."""
        return self.book(tokens).wait

    def book(self, tokens: int, max_pause: float = float("inf")) -> Booking:
        """Book one call unless the server's pause has more than `max_pause` seconds left (then
        nothing is booked, so a caller that gives up wastes no slot). BudgetExhausted as reserve."""
        limits = self.limits
        with self._state() as state:
            if limits.max_cost is not None and state["spent"] >= limits.max_cost:
                raise BudgetExhausted(
                    f"the model budget is spent (${state['spent']:.4f} of --max-cost "
                    f"${limits.max_cost:g}); no new calls are made"
                )
            now = self.clock()
            paused = max(0.0, state["pause_until"] - now)
            if paused > max_pause:
                return Booking(paused, paused, False)
            start = now + paused
            if limits.max_rpm:
                start = max(start, state["next_request"])
                state["next_request"] = start + 60.0 / limits.max_rpm
            if limits.max_tpm:
                start = max(start, state["next_token"])
                state["next_token"] = start + max(tokens, 1) * 60.0 / limits.max_tpm
            state["calls"] += 1
        return Booking(max(0.0, start - now), paused, True)

    def settle(self, extra_tokens: int) -> None:
        """Correct the token clock once the real usage is known (positive: the call used more)."""
        if self.limits.max_tpm and extra_tokens:
            with self._state() as state:
                state["next_token"] += extra_tokens * 60.0 / self.limits.max_tpm

    def spend(self, dollars: float) -> None:
        if dollars:
            with self._state() as state:
                state["spent"] += dollars

    def pause(self, seconds: float) -> None:
        """The server said Retry-After (capped by the caller): nobody sharing this limiter calls
        before then, or each gives up its turn when its deadline comes first (book's max_pause)."""
        if seconds > 0:
            with self._state() as state:
                state["pause_until"] = max(state["pause_until"], self.clock() + seconds)

    def exhausted(self) -> bool:
        if self.limits.max_cost is None:
            return False
        with self._state() as state:
            return state["spent"] >= self.limits.max_cost

    def spent(self) -> float:
        with self._state() as state:
            return float(state["spent"])


_LIMITERS: dict[Limits, Limiter] = {}
_REGISTRY_LOCK = threading.Lock()


def limiter_for(limits: Limits) -> Limiter:
    """The process-wide limiter for these limits: every episode of a process asking for the same
    limits (and state file) shares one pace and one budget."""
    with _REGISTRY_LOCK:
        if limits not in _LIMITERS:
            _LIMITERS[limits] = Limiter(limits)
        return _LIMITERS[limits]


def reset_shared_state(path: str | os.PathLike) -> None:
    """Start a fresh pace and budget in a state file (an eval does this once, before its workers start)."""
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(_fresh(), fh)
