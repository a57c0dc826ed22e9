"""One websocket connection of the game server: its rate limit and its byte-bounded outbox.

Why an outbox per connection: the game runs on the event loop and must never wait for a slow
reader, so every message is queued and a writer task sends it. The queue is bounded by BYTES
(not by messages: one history page can be 256 KiB, one chat update 200 bytes), so the memory
one client can make the server hold is `max_buffer_bytes`, whatever it asks for. A client over
the bound is disconnected at once with close code 1008 and a reason saying so; its queued
messages are dropped, so the memory is freed right away.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from agentworld.server_bridge import protocol as P

if TYPE_CHECKING:
    from agentworld.server_bridge.games import Game

SLOW_READER_CLOSE = 1008  # policy violation: the client does not read what it asked for
FAIR_SHARE = 64 * 1024  # a connection with less than this unread gets its messages even when the pool is full


class BufferPool:
    """The unread bytes of every connection together, bounded: past `limit`, connections holding more
    than FAIR_SHARE are dropped first, so many slow readers cannot add up to more than about
    limit + connections x FAIR_SHARE."""

    def __init__(self, limit: int):
        self.limit = limit
        self.total = 0


class TokenBucket:
    """Per-connection rate limit: `rate` messages/s on average, bursts up to `burst`."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)


class Client:
    """One websocket connection: its seats, whether it spectates, its outgoing messages."""

    _ids = itertools.count(1)

    def __init__(
        self,
        ws: ServerConnection,
        rate_limit: float,
        burst: int,
        max_buffer_bytes: int,
        pool: BufferPool | None = None,
    ):
        self.ws = ws
        self.id = next(self._ids)
        self.name = ""  # what the client called itself in hello ("browser" for the page)
        self.seats: dict[str, Game] = {}  # seat name -> the game it belongs to
        self.feeds: set[str] = set()  # held seats whose filtered world feed this connection gets
        self.watching: Game | None = None  # the game this connection spectates
        self.bucket = TokenBucket(rate_limit, burst)
        self.strikes = 0
        self.max_buffer_bytes = max_buffer_bytes
        self.buffered = 0  # bytes of text waiting in `outbox` (JSON is ASCII: chars == bytes)
        self.outbox: deque[str] = deque()
        self.pool = pool or BufferPool(max_buffer_bytes)
        self._writer_done = False
        self._wakeup = asyncio.Event()
        self._close_with: tuple[int, str] | None = None
        self.closed = False

    @property
    def alive(self) -> bool:
        return not self.closed and self.ws.state is State.OPEN

    def push(self, message: dict[str, Any]) -> None:
        self.push_text(P.encode(message))

    def push_text(self, text: str) -> None:
        """Queue one encoded message; a client holding more than max_buffer_bytes unread is dropped."""
        if self.closed or self._writer_done:
            return
        waiting = self.buffered + len(text)
        if waiting > self.max_buffer_bytes:
            self.close(
                SLOW_READER_CLOSE,
                f"client reads too slowly: {waiting} bytes unread (max_buffer_bytes={self.max_buffer_bytes})",
                flush=False,
            )
            return
        if self.pool.total + len(text) > self.pool.limit and waiting > FAIR_SHARE:
            self.close(
                SLOW_READER_CLOSE,
                f"client reads too slowly: {waiting} bytes unread while the server's buffers are full",
                flush=False,
            )
            return
        self.outbox.append(text)
        self.buffered += len(text)
        self.pool.total += len(text)
        self._wakeup.set()

    def close(self, code: int, reason: str, flush: bool = True) -> None:
        """Close after the messages already queued (flush) or at once, dropping them (a slow reader)."""
        if self.closed:
            return
        self.closed = True
        if not flush:
            self._release()
            asyncio.ensure_future(self.ws.close(code, reason))
            self._close_with = None
        else:
            self._close_with = (code, reason)
        self._wakeup.set()

    def finish(self) -> None:
        """The connection is gone: the writer stops once the queue is empty (or at once if closed)."""
        self._wakeup.set()

    def _release(self) -> None:
        """Drop what is still queued and give its bytes back to the pool."""
        self.pool.total -= self.buffered
        self.buffered = 0
        self.outbox.clear()

    async def writer(self) -> None:
        try:
            await self._write()
        finally:
            self._writer_done = True
            self._release()

    async def _write(self) -> None:
        try:
            while True:
                while self.outbox:
                    text = self.outbox.popleft()
                    self.buffered -= len(text)
                    self.pool.total -= len(text)
                    await self.ws.send(text)
                if self._close_with is not None:
                    await self.ws.close(*self._close_with)
                    return
                if self.closed or self.ws.state is not State.OPEN:
                    return
                self._wakeup.clear()
                await self._wakeup.wait()
        except ConnectionClosed:
            return
