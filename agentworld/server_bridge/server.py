"""The AgentWorld game server: Episodes inside an asyncio websockets server, one request at a time.

Why this shape: the engine is a plain synchronous object, so every game step runs on the
event loop between awaits, one message at a time; no locks are needed and the order of
actions is exactly the Episode's round-robin. Each connection has a byte-bounded outbox and a
writer task (connection.py), so a slow reader never stalls the game nor grows the server's
memory. Episodes and seats live in games.py, the HTTP side (Host/Origin gate, pages) in
pages.py, starting and ending games (building worlds in threads) in starting.py, the turn clock and
fan-out in turns.py, the read-only requests (observe, spectate, history,
status, map) in watching.py, saving run directories in recording.py, the
command line in serve.py, running it in a thread (tests, benchmarks) in background.py.

What one client can make the server hold is bounded: its outbox (`max_buffer_bytes`; all outboxes
together `max_total_buffer_bytes`, and at most `max_connections` connections), one
history page per request (`history_page_bytes`), and per episode the recorded trajectory
(`max_episode_bytes`: past it the episode is stopped as `episode_full`).

What a client may make the server build is the operator's choice (admission.py): its tasks by id,
whole task specs only with `allow_client_tasks`, size-checked first, verifiers named, never given.
A world is built in a thread (at most `max_builds` at once), so a `start` or an env's reset never
stalls the other games. With `private` (studies), `spectate` and `history` need the operator's
spectator token (or, for one's own episode, its control token): a seat sees only its own view.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from agentworld import __version__
from agentworld.server_bridge import protocol as P
from agentworld.server_bridge.admission import ClientTasks, SpecLimits, scrub
from agentworld.server_bridge.connection import BufferPool, Client
from agentworld.server_bridge.games import (
    IDLE_GRACE,
    EpisodeFactory,
    Game,
    Games,
    default_episode_factory,
    new_token,
)
from agentworld.server_bridge.pages import Gate
from agentworld.server_bridge.protocol import ProtocolError, jsonable
from agentworld.server_bridge.recording import SERVER_STOPPED
from agentworld.server_bridge.starting import Starting
from agentworld.server_bridge.turns import end_report
from agentworld.server_bridge.visibility import seat_view
from agentworld.server_bridge.watching import Watching

log = logging.getLogger("agentworld.server")

FEED_BACKLOG = 200  # seat-view records sent with a join (the latest ones)


@dataclass
class ServerConfig:
    """Everything `agentworld serve` can set; defaults are safe for a loopback play-test."""

    host: str = "127.0.0.1"
    port: int = 8765
    task: Any = None  # start this task at launch (and default task of `start`): an id or a Task
    seed: int = 0
    turn_timeout: float | None = None  # seconds before an absent seat's turn becomes a wait
    max_message_bytes: int = 64 * 1024  # larger messages get a too_large error
    rate_limit: float = 1000.0  # messages per second per connection (token bucket refill)
    burst: int = 2000  # bucket size
    max_buffer_bytes: int = 1 << 20  # unread outgoing bytes per connection before it is dropped
    max_total_buffer_bytes: int = 64 << 20  # unread bytes of all connections (see connection.BufferPool)
    max_connections: int = 512  # websockets open at once; more get HTTP 503
    history_page_bytes: int = 256 * 1024  # records of one history page, encoded
    max_episode_bytes: int = 8 << 20  # trajectory of one episode, encoded; then it is stopped
    max_episodes: int = 32  # anonymous episodes played at once; idle ones make room for new ones
    allow_hosts: tuple[str, ...] = ()  # Host names served besides the loopback ones
    out: str | None = None  # save every finished or aborted episode as a run directory here
    allow_client_tasks: bool = False  # clients may send whole task specs (size-checked; verifiers by name)
    spec_limits: SpecLimits = field(default_factory=SpecLimits)  # how big a client's task spec may be
    max_builds: int = 1  # worlds built at once, in threads (which share the GIL); further starts wait
    private: bool = False  # spectate/history need spectator_token (or the episode's control token)
    spectator_token: str | None = (
        None  # private mode's token (made at start if not given); the operator's only
    )
    own_process: bool = False  # the server owns its process (serve, play): it may tune the GC and the GIL


def _tool_schemas() -> list:
    try:
        from agentworld.tools import schemas
    except ImportError:
        return []
    return jsonable(schemas())


class GameServer(Starting, Watching):
    """Owns the websockets server, the connections and the running episodes (Games).

    Each `start` from a connection that holds no seats opens a new episode, so several envs
    or teams can share one server; a `start` from a connection holding seats (an env's reset)
    or with an episode's control token replaces that episode.
    """

    IDLE_GRACE = IDLE_GRACE

    def __init__(self, config: ServerConfig | None = None, episode_factory: EpisodeFactory | None = None):
        self.config = config or ServerConfig()
        self.factory = episode_factory or default_episode_factory
        self.client_tasks = ClientTasks(self.config.allow_client_tasks, self.config.spec_limits)
        self.builds = asyncio.Semaphore(self.config.max_builds)
        self.building = 0  # worlds being built in threads right now (status, tests)
        if self.config.private and not self.config.spectator_token:
            self.config.spectator_token = new_token()
        self.games = Games(self.config.max_episodes)
        self.lobby: set[Client] = set()  # spectators waiting for the next episode
        self.clients: set[Client] = set()
        self.pool = BufferPool(self.config.max_total_buffer_bytes)
        self.server: Any = None
        self.port: int | None = None
        self._tools: list | None = None
        self._map: tuple | None = None  # (the world's content, its encoded map message)
        self.started = time.time()
        self.finished: asyncio.Queue[Game] | None = None  # games as they end (agentworld play waits on it)

    @property
    def game(self) -> Game | None:
        """The most recently started episode still on the server."""
        return self.games.latest

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        limit = self.config.max_message_bytes
        self.finished = asyncio.Queue()
        self.server = await serve(
            self._handle,
            self.config.host,
            self.config.port,
            process_request=Gate(
                frozenset(self.config.allow_hosts) | {self.config.host},
                full=lambda: len(self.clients) >= self.config.max_connections,
            ),
            max_size=max(4 * limit, limit + 4096),  # beyond this websockets closes with 1009
            compression=None,
            max_queue=16,
            close_timeout=2,
        )
        self.port = self.server.sockets[0].getsockname()[1]
        if self.config.task:
            self.start_episode(self.config.task, self.config.seed, {}, operator=True)
        if self.config.own_process:
            self._warm_up()

    def _warm_up(self) -> None:
        """Load what every build needs (content, the engine's modules, one throwaway episode), then freeze
        it all out of the garbage collector's sight. A full collection then walks only what came later
        (the games: a few thousand objects each, no cycles), not the content and modules: unfrozen, that
        walk held the GIL, and so stalled every game, for 200-350 ms while a client's world was built.
        Process-wide settings, so only for a server that owns its process (not ServerThread in tests)."""
        if self.factory is default_episode_factory:
            try:
                from agentworld.episode import Episode

                Episode("task_01", seed=0)
            except Exception as exc:  # noqa: BLE001 - only a warm-up: the first build will say what is wrong
                log.warning("warm-up episode failed: %s: %s", type(exc).__name__, exc)
        gc.collect()
        gc.freeze()
        # a build thread holds the GIL for up to the switch interval each time the loop wants it back
        # (every socket read and write): 1 ms instead of 5 keeps a reply from waiting ~5 ms per step
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))

    async def stop(self, reason: str = SERVER_STOPPED) -> None:
        """End every game (saved with --out, outcome "stopped"), then close the connections."""
        for game in list(self.games.values()):
            self._end_game(game, reason)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    @property
    def tools(self) -> list:
        if self._tools is None:
            self._tools = _tool_schemas()
        return self._tools

    # ------------------------------------------------------------------ connections

    async def _handle(self, ws: ServerConnection) -> None:
        client = Client(
            ws, self.config.rate_limit, self.config.burst, self.config.max_buffer_bytes, self.pool
        )
        self.clients.add(client)
        writer = asyncio.ensure_future(client.writer())
        try:
            async for frame in ws:
                if client.closed:
                    break
                await self._on_frame(client, frame)
        except ConnectionClosed:
            pass
        finally:
            self._drop(client)
            client.finish()
            try:
                await asyncio.wait_for(writer, timeout=1.0)
            except (asyncio.TimeoutError, ConnectionClosed):
                writer.cancel()

    def _drop(self, client: Client) -> None:
        """Forget a closed connection; its seats stay reserved for a reconnect with the token."""
        self.clients.discard(client)
        self.lobby.discard(client)
        if client.watching is not None:
            client.watching.spectators.discard(client)
        for name, game in client.seats.items():
            seat = game.seats.get(name)
            if seat and seat.conn is client:
                seat.conn = None
                log.info(
                    "connection %d left; seat %s of episode %d waits for its token",
                    client.id,
                    name,
                    game.number,
                )
        client.seats.clear()
        client.closed = True  # the writer still flushes a pending close (e.g. the rate limit's reason)

    async def _on_frame(self, client: Client, frame: str | bytes) -> None:
        request_id: P.RequestId = None
        if not client.bucket.take():
            client.strikes += 1
            if client.strikes > self.config.burst:
                log.warning("connection %d closed: rate limit exceeded", client.id)
                client.push(P.error_message("rate_limited", "rate limit exceeded; closing the connection"))
                client.close(1008, "rate limit exceeded")
            else:
                client.push(
                    P.error_message(
                        "rate_limited",
                        f"more than {self.config.rate_limit:g} messages/s (burst {self.config.burst}); "
                        "message dropped",
                    )
                )
            return
        client.strikes = 0
        try:
            if isinstance(frame, bytes):
                raise ProtocolError("binary_frame", "binary frames are not accepted; send JSON text frames")
            size = (
                len(frame.encode("utf-8")) if len(frame) * 4 > self.config.max_message_bytes else len(frame)
            )
            if size > self.config.max_message_bytes:
                raise ProtocolError(
                    "too_large",
                    f"message of {size} bytes exceeds max_message_bytes={self.config.max_message_bytes}",
                )
            data = P.decode(frame)
            if isinstance(data, dict) and isinstance(data.get("id"), (int, str)):
                request_id = data["id"]
            request = P.parse_request(data)
            if request.type == "start":  # builds a world in a thread: this connection waits, the others go on
                reply, free = await self._start(client, request), False
            else:
                reply, free = self._dispatch(client, request)
            if free:
                client.bucket.refund()  # in-turn submits and observes do not count as flooding
            if reply is not None:
                if request.id is not None:
                    reply["id"] = request.id
                client.push(reply)
        except ProtocolError as exc:
            client.push(P.error_message(exc.code, exc.message, request_id))
        except Exception as exc:  # noqa: BLE001 - a bug must not take the server down
            log.exception("request failed")
            client.push(P.error_message("internal", scrub(f"{type(exc).__name__}: {exc}"), request_id))

    # ------------------------------------------------------------------ requests

    def _dispatch(self, client: Client, request: Any) -> tuple[dict | None, bool]:
        kind = request.type
        if kind == "hello":
            return self._hello(client, request), False
        if kind == "join":
            return self._join(client, request), False
        if kind == "submit":
            return self._submit(client, request), True
        if kind == "observe":
            return self._observe(client, request), True
        if kind == "spectate":
            return self._spectate(client, request), False
        if kind == "history":
            return self._history(client, request), False
        if kind == "map":
            return self._map_message(), False
        if kind == "status":
            return self._status_message(client, request), False
        if kind == "leave":
            return self._leave(client, request), False
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")  # pragma: no cover

    def _hello(self, client: Client, request: P.Hello) -> dict:
        if request.protocol is not None and request.protocol != P.PROTOCOL_VERSION:
            raise ProtocolError(
                "protocol_mismatch",
                f"client speaks protocol {request.protocol}; this server speaks {P.PROTOCOL_VERSION}",
            )
        client.name = request.client or ""
        config = self.config
        return {
            "type": "hello",
            "protocol": P.PROTOCOL_VERSION,
            "server": "agentworld",
            "version": __version__,
            "episode": self.summary(self.game),
            "episodes": [g.summary() for g in self.games.values()],
            "limits": {
                "max_message_bytes": config.max_message_bytes,
                "rate_limit": config.rate_limit,
                "burst": config.burst,
                "turn_timeout": config.turn_timeout,
                "max_episodes": config.max_episodes,
                "max_buffer_bytes": config.max_buffer_bytes,
                "max_total_buffer_bytes": config.max_total_buffer_bytes,
                "max_connections": config.max_connections,
                "history_page_bytes": config.history_page_bytes,
                "max_episode_bytes": config.max_episode_bytes,
                "max_builds": config.max_builds,
                **config.spec_limits.as_dict(),
            },
            "client_tasks": config.allow_client_tasks,
            "private": config.private,
        }

    def _join(self, client: Client, request: P.Join) -> dict:
        game, seat = self.games.find_seat(request.seat, request.token, request.episode)
        if seat.conn is not None and seat.conn is not client:
            seat.conn.seats.pop(seat.name, None)
            seat.conn.feeds.discard(seat.name)
            seat.conn.push(
                {
                    "type": "seat_lost",
                    "seat": seat.name,
                    "episode": game.number,
                    "reason": "joined from another connection",
                }
            )
        previous = client.seats.get(seat.name)
        if previous is not None and previous is not game and seat.name in previous.seats:
            previous.seats[seat.name].conn = None  # one seat name per connection
        seat.conn = client
        seat.observe = request.observe
        if client.name == "browser":
            seat.kind = "human"
        client.seats[seat.name] = game
        if request.feed:
            client.feeds.add(seat.name)
        else:
            client.feeds.discard(seat.name)
        game.touched = time.monotonic()
        if not game.joined:  # the first seat taken starts the turn clock (see _begin_turn)
            game.joined = True
            self._arm_timer(game)
        log.info("connection %d took seat %s of episode %d", client.id, seat.name, game.number)
        briefing = jsonable(
            game.episode.briefing(seat.name)
            if hasattr(game.episode, "briefing")
            else self._plain_briefing(game, seat.name)
        )
        reply: dict[str, Any] = {
            "type": "joined",
            "seat": seat.name,
            "episode": game.number,
            "task": game.task,
            "agents": list(game.order),
            "briefing": briefing,
            "tools": briefing.get("tools") or self.tools,
            "round": game.round,
            "turn": game.current,
            "over": game.over,
            "status": {
                k: game.status[k]
                for k in ("round", "max_rounds", "done", "success", "truncated")
                if k in game.status
            },
        }
        if game.over:
            reply["report"] = end_report(game)
        if request.observe:
            reply["observation"] = game.episode.observe(seat.name)
        if request.feed:
            seen = [seat_view(r, seat.name) for r in game.episode.trajectory]
            reply["feed"] = [r for r in seen if r.get("tool") or r["type"] == "round_end"][-FEED_BACKLOG:]
        return reply

    @staticmethod
    def _plain_briefing(game: Game, name: str) -> dict:
        """A briefing for an Episode stand-in without briefing() (tests' fake episodes)."""
        return {
            "task": game.task,
            "name": game.task,
            "objective": "",
            "agent": name,
            "role": name,
            "context": "",
            "teammates": [a for a in game.order if a != name],
        }

    def _submit(self, client: Client, request: P.Submit) -> dict:
        game, seat = self.games.held_seat(client, request.seat)
        if game.over:
            raise ProtocolError("episode_over", f"episode {game.number} is over; start a new one")
        if game.current != seat.name:
            raise ProtocolError(
                "not_your_turn", f"it is {game.current}'s turn (round {game.round}), not yours ({seat.name})"
            )
        record = self._act(game, seat, request.action)
        return {"type": "result", "seat": seat.name, "record": record}

    def _leave(self, client: Client, request: P.Leave) -> dict:
        names = sorted(client.seats) if request.seat is None else [request.seat]
        for name in names:
            if name not in client.seats:
                raise ProtocolError("not_your_seat", f"this connection does not hold seat {name!r}")
        for name in names:
            game = client.seats.pop(name)
            client.feeds.discard(name)
            if name in game.seats and game.seats[name].conn is client:
                game.seats[name].conn = None
        if request.seat is None:
            if client.watching is not None:
                client.watching.spectators.discard(client)
            client.watching = None
            self.lobby.discard(client)
        return {
            "type": "left",
            "seats": names,
            "spectating": client.watching is not None or client in self.lobby,
        }
