"""Run a GameServer on its own event loop in a background thread (tests, benchmarks, scripts).

Why a thread: tests and the env's callers are blocking Python; the server is asyncio. `call`
runs a function on the server's loop, so a test can read or change server state safely.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable

from agentworld.server_bridge.games import EpisodeFactory
from agentworld.server_bridge.server import GameServer, ServerConfig


class ServerThread:
    """Run a GameServer on its own event loop in a background thread (tests, benchmarks)."""

    def __init__(self, config: ServerConfig | None = None, episode_factory: EpisodeFactory | None = None):
        config = config or ServerConfig(port=0)
        self.server = GameServer(config, episode_factory)
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="agentworld-server", daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self.server.start())
        except BaseException as exc:  # noqa: BLE001 - reported by start()
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.server.stop())
        self.loop.close()

    def start(self) -> "ServerThread":
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        return self

    @property
    def url(self) -> str:
        return f"ws://{self.server.config.host}:{self.server.port}/ws"

    @property
    def http_url(self) -> str:
        return f"http://{self.server.config.host}:{self.server.port}/"

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run fn on the server's loop (to read or change its state safely) and return its result."""

        async def _call() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(_call(), self.loop).result(10)

    def stop(self) -> None:
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)

    def __enter__(self) -> "ServerThread":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
