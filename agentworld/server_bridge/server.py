"""The AgentWorld game server: one Episode inside an asyncio websockets server.

Why this shape: the engine is a plain synchronous object, so every game step runs on the
event loop between awaits, one message at a time; no locks are needed and the order of
actions is exactly the Episode's round-robin. Each connection gets an outgoing queue and a
writer task, so a slow reader never stalls the game for the others. The same port serves
the browser page (static/) over plain HTTP via websockets' process_request hook.
"""

from __future__ import annotations

import argparse
import asyncio
import http
import itertools
import logging
import secrets
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

from agentworld import __version__
from agentworld.server_bridge import protocol as P
from agentworld.server_bridge.protocol import ProtocolError, jsonable

log = logging.getLogger("agentworld.server")

STATIC_DIR = Path(__file__).with_name("static")
STATIC_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}

# (task id or task spec, seed, options) -> an Episode-like object, freshly reset with that seed
EpisodeFactory = Callable[[Any, int, dict], Any]


@dataclass
class ServerConfig:
    """Everything `agentworld serve` can set; defaults are safe for a loopback play-test."""

    host: str = "127.0.0.1"
    port: int = 8765
    task: str | None = None  # start this task at launch (and default task of `start`)
    seed: int = 0
    turn_timeout: float | None = None  # seconds before an absent seat's turn becomes a wait
    max_message_bytes: int = 64 * 1024  # larger messages get a too_large error
    rate_limit: float = 1000.0  # messages per second per connection (token bucket refill)
    burst: int = 2000  # bucket size
    queue_limit: int = 10_000  # outgoing messages buffered per connection before dropping it
    max_episodes: int = 32  # episodes played at once; idle ones make room for new ones


def default_episode_factory(task: Any, seed: int, options: dict) -> Any:
    """Build the real Episode (imported lazily so the server module loads without it).

    A task given by id must be a shipped task (never a path: clients must not make the server
    read files). A task given as a spec dict passes the Task schema, like the Task objects the
    embedded env accepts (ablations such as without_agent are not full task files).
    """
    from agentworld.episode import Episode, EpisodeOptions
    from agentworld.tasks import Task, TaskError

    if isinstance(task, dict):
        try:
            task = Task.model_validate(task)
        except ValueError as exc:
            raise TaskError([f"task spec: {exc}"]) from None
    elif not _known_task(task):
        raise ProtocolError("unknown_task", f"unknown task {task!r}")
    return Episode(task, seed=seed, options=EpisodeOptions.from_dict(options))


def _known_task(task: str) -> bool:
    from agentworld.tasks import list_task_ids

    return task in list_task_ids()


def _tool_schemas() -> list:
    try:
        from agentworld.tools import schemas
    except ImportError:
        return []
    return jsonable(schemas())


def _same_token(given: str | None, expected: str) -> bool:
    return given is not None and secrets.compare_digest(given, expected)


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
    """One websocket connection: its seats, whether it spectates, its outgoing queue."""

    _ids = itertools.count(1)

    def __init__(self, ws: ServerConnection, config: ServerConfig):
        self.ws = ws
        self.id = next(self._ids)
        self.seats: dict[str, Game] = {}  # seat name -> the game it belongs to
        self.watching: Game | None = None  # the game this connection spectates
        self.bucket = TokenBucket(config.rate_limit, config.burst)
        self.strikes = 0
        self.queue: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue()
        self.queue_limit = config.queue_limit
        self.closed = False

    @property
    def alive(self) -> bool:
        return not self.closed and self.ws.state is State.OPEN

    def push(self, message: dict[str, Any]) -> None:
        self.push_text(P.encode(message))

    def push_text(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.queue_limit:
            self.close(1008, "client reads too slowly; outgoing queue full", flush=False)
            return
        self.queue.put_nowait(text)

    def close(self, code: int, reason: str, flush: bool = True) -> None:
        """Close after the messages already queued (flush) or at once (a client too slow to read)."""
        if self.closed:
            return
        self.closed = True
        if flush:
            self.queue.put_nowait((code, reason))
        else:
            asyncio.ensure_future(self.ws.close(code, reason))

    async def writer(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    return
                if isinstance(item, tuple):
                    await self.ws.close(*item)
                    return
                await self.ws.send(item)
        except ConnectionClosed:
            return


@dataclass
class Seat:
    name: str
    token: str
    conn: Client | None = None
    observe: bool = True  # push observations to the holder on its turns


@dataclass(eq=False)
class Game:
    """One running episode and the server's view of it (seats, whose turn, timer, spectators)."""

    number: int
    task: str  # the task id
    seed: int
    episode: Any
    order: list[str]
    seats: dict[str, Seat]
    control_token: str
    turn_index: int = 0
    round: int = 1
    over: bool = False
    status: dict[str, Any] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    joined: bool = False  # someone has taken a seat: turn timeouts start counting from then
    spectators: set[Client] = field(default_factory=set)
    touched: float = field(default_factory=time.monotonic)  # last start/join/turn

    @property
    def current(self) -> str | None:
        return None if self.over else self.order[self.turn_index]

    def holders(self) -> set[Client]:
        return {s.conn for s in self.seats.values() if s.conn is not None}

    def idle(self, now: float, grace: float) -> bool:
        """Nobody plays or watches it (or it is over): it may make room for a new episode."""
        if self.over:
            return True
        watched = any(c.alive for c in self.holders() | self.spectators)
        return not watched and now - self.touched > grace


class GameServer:
    """Owns the websockets server, the connections and the running episodes (Games).

    Each `start` from a connection that holds no seats opens a new episode, so several envs
    or teams can share one server; a `start` from a connection holding seats (an env's reset)
    or with an episode's control token replaces that episode.
    """

    IDLE_GRACE = 60.0  # seconds an unwatched, unplayed episode is kept before it may be evicted

    def __init__(self, config: ServerConfig | None = None, episode_factory: EpisodeFactory | None = None):
        self.config = config or ServerConfig()
        self.factory = episode_factory or default_episode_factory
        self.games: dict[int, Game] = {}  # by episode number, oldest first
        self.lobby: set[Client] = set()  # spectators waiting for the next episode
        self.clients: set[Client] = set()
        self.numbers = itertools.count(1)
        self.server: Any = None
        self.port: int | None = None
        self._tools: list | None = None

    @property
    def game(self) -> Game | None:
        """The most recently started episode still on the server."""
        return next(reversed(self.games.values()), None)

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        limit = self.config.max_message_bytes
        self.server = await serve(
            self._handle,
            self.config.host,
            self.config.port,
            process_request=self._process_request,
            max_size=max(4 * limit, limit + 4096),  # beyond this websockets closes with 1009
            compression=None,
            max_queue=64,
            close_timeout=2,
        )
        self.port = self.server.sockets[0].getsockname()[1]
        if self.config.task:
            self.start_episode(self.config.task, self.config.seed, {})

    async def stop(self) -> None:
        for game in self.games.values():
            if game.timer:
                game.timer.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    @property
    def tools(self) -> list:
        if self._tools is None:
            self._tools = _tool_schemas()
        return self._tools

    # ------------------------------------------------------------------ HTTP (browser page)

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        if "upgrade" in request.headers.get("Connection", "").lower():
            # a websocket handshake, on any path. Browsers send Origin: only the page this
            # server serves may connect, so another web site cannot play or reset our games.
            origin = request.headers.get("Origin")
            if origin is not None and urlsplit(origin).netloc != request.headers.get("Host"):
                log.warning("refused a websocket from origin %s", origin)
                return connection.respond(http.HTTPStatus.FORBIDDEN, f"cross-origin websocket from {origin} refused\n")
            return None
        path = request.path.split("?", 1)[0]
        if path not in STATIC_FILES:
            return connection.respond(http.HTTPStatus.NOT_FOUND, f"no page at {path}\n")
        name, content_type = STATIC_FILES[path]
        body = (STATIC_DIR / name).read_bytes()
        headers = Headers(
            [
                ("Content-Type", content_type), ("Content-Length", str(len(body))),
                ("Cache-Control", "no-store"), ("Connection", "close"),
            ]
        )
        return Response(200, "OK", headers, body)

    # ------------------------------------------------------------------ connections

    async def _handle(self, ws: ServerConnection) -> None:
        client = Client(ws, self.config)
        self.clients.add(client)
        writer = asyncio.ensure_future(client.writer())
        try:
            async for frame in ws:
                if client.closed:
                    break
                self._on_frame(client, frame)
        except ConnectionClosed:
            pass
        finally:
            was_closed = client.closed
            self._drop(client)
            if not was_closed:
                client.queue.put_nowait(None)
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
                log.info("connection %d left; seat %s of episode %d waits for its token", client.id, name,
                         game.number)
        client.seats.clear()
        client.closed = True

    def _on_frame(self, client: Client, frame: str | bytes) -> None:
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
                        f"more than {self.config.rate_limit:g} messages/s (burst {self.config.burst}); message dropped",
                    )
                )
            return
        client.strikes = 0
        try:
            if isinstance(frame, bytes):
                raise ProtocolError("binary_frame", "binary frames are not accepted; send JSON text frames")
            size = len(frame.encode("utf-8")) if len(frame) * 4 > self.config.max_message_bytes else len(frame)
            if size > self.config.max_message_bytes:
                raise ProtocolError(
                    "too_large", f"message of {size} bytes exceeds max_message_bytes={self.config.max_message_bytes}"
                )
            data = P.decode(frame)
            if isinstance(data, dict) and isinstance(data.get("id"), (int, str)):
                request_id = data["id"]
            request = P.parse_request(data)
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
            client.push(P.error_message("internal", f"{type(exc).__name__}: {exc}", request_id))

    # ------------------------------------------------------------------ requests

    def _dispatch(self, client: Client, request: Any) -> tuple[dict | None, bool]:
        kind = request.type
        if kind == "hello":
            return self._hello(request), False
        if kind == "start":
            return self._start(client, request), False
        if kind == "join":
            return self._join(client, request), False
        if kind == "submit":
            return self._submit(client, request), True
        if kind == "observe":
            return self._observe(client, request), True
        if kind == "spectate":
            return self._spectate(client, request), False
        if kind == "status":
            return self._status_message(client, request), False
        if kind == "leave":
            return self._leave(client, request), False
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")  # pragma: no cover

    def _hello(self, request: P.Hello) -> dict:
        if request.protocol is not None and request.protocol != P.PROTOCOL_VERSION:
            raise ProtocolError(
                "protocol_mismatch",
                f"client speaks protocol {request.protocol}; this server speaks {P.PROTOCOL_VERSION}",
            )
        return {
            "type": "hello",
            "protocol": P.PROTOCOL_VERSION,
            "server": "agentworld",
            "version": __version__,
            "episode": self.summary(self.game),
            "episodes": [self.summary(g) for g in self.games.values()],
            "limits": {
                "max_message_bytes": self.config.max_message_bytes,
                "rate_limit": self.config.rate_limit,
                "burst": self.config.burst,
                "turn_timeout": self.config.turn_timeout,
                "max_episodes": self.config.max_episodes,
            },
        }

    @staticmethod
    def summary(g: Game | None) -> dict | None:
        if g is None:
            return None
        return {
            "episode": g.number,
            "task": g.task,
            "seed": g.seed,
            "agents": list(g.order),
            "round": g.round,
            "turn": g.current,
            "over": g.over,
            "connected": {name: seat.conn is not None for name, seat in g.seats.items()},
        }

    def _start(self, client: Client, request: P.Start) -> dict:
        replace: Game | None = None
        if request.control_token is not None:
            replace = next((g for g in self.games.values() if _same_token(request.control_token, g.control_token)), None)
            if replace is None:
                raise ProtocolError("forbidden", "control_token matches no episode on this server")
        elif client.seats:  # an env resetting the episode it plays (it must hold every seat)
            replace = next(iter(client.seats.values()))
            others = [s.name for s in replace.seats.values() if s.conn is not client]
            if others:
                raise ProtocolError(
                    "forbidden", f"episode {replace.number} also has seats {others} not held by this connection; "
                    "replacing it needs its control_token",
                )
        task = request.task or self.config.task
        if not task:
            raise ProtocolError("invalid_message", "start needs a task (this server has no --task)")
        seed = self.config.seed if request.seed is None else request.seed
        game, observations = self.start_episode(task, seed, request.options, replace=replace)
        reply: dict[str, Any] = {
            "type": "started",
            "episode": game.number,
            "task": game.task,
            "seed": seed,
            "agents": list(game.order),
            "seats": {name: seat.token for name, seat in game.seats.items()},
            "control_token": game.control_token,
            "status": game.status,
        }
        spec = getattr(game.episode, "task", None)
        if hasattr(spec, "model_dump"):
            reply["task_spec"] = jsonable(spec.model_dump(mode="json", by_alias=True))
        if request.observations:
            reply["observations"] = observations
        return reply

    def start_episode(self, task: Any, seed: int, options: dict, replace: Game | None = None) -> tuple[Game, dict]:
        """Build a new Episode: a new game, or in place of `replace` (whose seats are then lost)."""
        if replace is None:
            self._make_room()
        name = str(task.get("id", "?")) if isinstance(task, dict) else task
        try:
            episode = self.factory(task, seed, dict(options))  # a fresh episode, reset with seed
            observations = {agent: episode.observe(agent) for agent in episode.agents}
        except ProtocolError:
            raise
        except (KeyError, FileNotFoundError) as exc:
            raise ProtocolError("unknown_task", f"cannot load task {name!r}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - task specs and options are user input
            code = "bad_task" if type(exc).__name__ == "TaskError" else "bad_options"
            raise ProtocolError(code, f"cannot start {name!r}: {type(exc).__name__}: {exc}") from None
        task = getattr(getattr(episode, "task", None), "id", None) or name
        order = list(episode.agents)
        game = Game(
            number=next(self.numbers),
            task=task,
            seed=seed,
            episode=episode,
            order=order,
            seats={agent: Seat(agent, secrets.token_urlsafe(16)) for agent in order},
            control_token=secrets.token_urlsafe(16),
        )
        game.status = jsonable(episode.status())
        game.round = int(game.status.get("round", 1))
        game.over = bool(game.status.get("done") or game.status.get("truncated")) or not order
        if replace is not None:
            self._end_game(replace, "a new episode started")
            game.spectators = replace.spectators
        else:
            game.spectators = set(self.lobby)
            self.lobby.clear()
        for client in game.spectators:
            client.watching = game
        self.games[game.number] = game
        log.info("episode %d started: task %s seed %d, seats %s", game.number, task, seed, ", ".join(order))
        self._broadcast(game, {"type": "episode_start", "episode": game.number, "task": task, "seed": seed,
                               "agents": order})
        self._begin_turn(game)
        return game, observations

    def _make_room(self) -> None:
        if len(self.games) < self.config.max_episodes:
            return
        now = time.monotonic()
        for game in list(self.games.values()):  # oldest first
            if game.idle(now, self.IDLE_GRACE):
                self._end_game(game, "the episode was closed to make room for a new one")
                for client in game.spectators:
                    client.watching = None
                if len(self.games) < self.config.max_episodes:
                    return
        raise ProtocolError(
            "busy", f"{len(self.games)} episodes are being played or watched (max_episodes="
            f"{self.config.max_episodes}); try again later",
        )

    def _end_game(self, game: Game, reason: str) -> None:
        """Take a game off the server; its seat holders are told."""
        if game.timer:
            game.timer.cancel()
        for seat in game.seats.values():
            if seat.conn is not None:
                seat.conn.seats.pop(seat.name, None)
                seat.conn.push({"type": "seat_lost", "seat": seat.name, "episode": game.number, "reason": reason})
                seat.conn = None
        self.games.pop(game.number, None)

    def _pick_game(self, episode: int | None) -> Game:
        if episode is not None:
            game = self.games.get(episode)
            if game is None:
                raise ProtocolError("unknown_episode", f"no episode {episode}; running: {sorted(self.games)}")
            return game
        if not self.games:
            raise ProtocolError("no_episode", "no episode is running; send a start message first")
        return self.game  # type: ignore[return-value]

    def _held_seat(self, client: Client, name: str) -> tuple[Game, Seat]:
        game = client.seats.get(name)
        seat = game.seats.get(name) if game is not None else None
        if game is None or seat is None or seat.conn is not client:
            if not self.games:
                raise ProtocolError("no_episode", "no episode is running; send a start message first")
            raise ProtocolError("not_your_seat", f"this connection has not joined seat {name!r}; send join with its token")
        return game, seat

    def _find_seat(self, request: P.Join) -> tuple[Game, Seat]:
        """The seat a join names: in the given episode, else the episode whose seat has that token."""
        candidates = [self._pick_game(request.episode)] if request.episode is not None else list(self.games.values())
        if not candidates:
            raise ProtocolError("no_episode", "no episode is running; send a start message first")
        named = [g for g in candidates if request.seat in g.seats]
        if not named:
            seats = sorted({s for g in candidates for s in g.order})
            raise ProtocolError("unknown_seat", f"unknown seat {request.seat!r}; seats are {seats}")
        for game in named:
            if _same_token(request.token, game.seats[request.seat].token):
                return game, game.seats[request.seat]
        raise ProtocolError("bad_token", f"wrong token for seat {request.seat!r} (or its episode has ended)")

    def _join(self, client: Client, request: P.Join) -> dict:
        game, seat = self._find_seat(request)
        if seat.conn is not None and seat.conn is not client:
            seat.conn.seats.pop(seat.name, None)
            seat.conn.push({"type": "seat_lost", "seat": seat.name, "episode": game.number,
                            "reason": "joined from another connection"})
        previous = client.seats.get(seat.name)
        if previous is not None and previous is not game and seat.name in previous.seats:
            previous.seats[seat.name].conn = None  # one seat name per connection
        seat.conn = client
        seat.observe = request.observe
        client.seats[seat.name] = game
        game.touched = time.monotonic()
        if not game.joined:  # the first seat taken starts the turn clock (see _begin_turn)
            game.joined = True
            self._arm_timer(game)
        log.info("connection %d took seat %s of episode %d", client.id, seat.name, game.number)
        briefing = jsonable(self._briefing(game, seat.name))
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
        }
        if request.observe:
            reply["observation"] = game.episode.observe(seat.name)
        return reply

    @staticmethod
    def _briefing(game: Game, name: str) -> dict:
        episode = game.episode
        if hasattr(episode, "briefing"):
            try:
                return episode.briefing(name)
            except Exception:  # noqa: BLE001 - fall back to the task fields below
                log.exception("briefing failed")
        task = getattr(episode, "task", None)
        spec = next((a for a in getattr(task, "agents", []) if getattr(a, "name", None) == name), None)
        return {
            "task": getattr(task, "id", game.task),
            "name": getattr(task, "name", game.task),
            "objective": getattr(task, "objective", ""),
            "max_rounds": getattr(task, "max_rounds", None),
            "agent": name,
            "role": getattr(spec, "role", name),
            "context": getattr(spec, "context", ""),
            "teammates": [a for a in game.order if a != name],
        }

    def _submit(self, client: Client, request: P.Submit) -> dict:
        game, seat = self._held_seat(client, request.seat)
        if game.over:
            raise ProtocolError("episode_over", f"episode {game.number} is over; start a new one")
        if game.current != seat.name:
            raise ProtocolError(
                "not_your_turn", f"it is {game.current!r}'s turn (round {game.round}), not {seat.name!r}'s"
            )
        record = self._act(game, seat, request.action)
        return {"type": "result", "seat": seat.name, "record": record}

    def _act(self, game: Game, seat: Seat, action: Any, note: str | None = None) -> dict:
        """Play one turn for the current seat, publish it, then advance the round-robin."""
        if game.timer:
            game.timer.cancel()
            game.timer = None
        record = game.episode.act(seat.name, action)
        if note:  # the Episode's record (also in its trajectory) says the turn timed out
            record["result"] = f"{note}; {record.get('result') or ''}".rstrip("; ")
        self._publish(game, {"type": "update", "record": record})  # encoded as is: no copy on the hot path
        game.turn_index += 1
        # a round ends after its last seat, or as soon as the task succeeds (as the env does)
        succeeded = "success_actions" in record
        if game.turn_index >= len(game.order) or succeeded:
            game.turn_index = 0
            round_record = game.episode.end_round()
            self._publish(game, {"type": "update", "record": round_record})
            game.status = jsonable(round_record.get("status") or game.episode.status())
            game.round = int(game.status.get("round", game.round + 1))
            if game.status.get("done") or game.status.get("truncated"):
                game.over = True
                log.info("episode %d over: success=%s psr=%s", game.number, game.status.get("success"),
                         game.status.get("psr"))
                self._broadcast(game, {"type": "episode_end", "episode": game.number, "status": game.status})
        self._begin_turn(game)
        return record

    def _begin_turn(self, game: Game) -> None:
        """Tell the seat whose turn it is, and arm the turn timeout."""
        game.touched = time.monotonic()
        if game.over:
            return
        seat = game.seats[game.order[game.turn_index]]
        if seat.conn is not None and seat.observe:
            observation = game.episode.observe(seat.name)
            seat.conn.push({"type": "turn", "seat": seat.name, "episode": game.number, "round": game.round,
                            "observation": observation})
        self._arm_timer(game)

    def _arm_timer(self, game: Game) -> None:
        """Start the turn timeout of the current turn, once anyone has joined the episode.

        Before the first join nobody is playing yet (a `serve --task` episode waits for its players
        to open their links), so no turn is timed out; after it, absent seats are.
        """
        timeout = self.config.turn_timeout
        if timeout and game.joined and not game.over and game.timer is None:
            key = (game.number, game.round, game.turn_index)
            game.timer = asyncio.get_running_loop().call_later(timeout, self._on_timeout, key)

    def _on_timeout(self, key: tuple[int, int, int]) -> None:
        game = self.games.get(key[0])
        if game is None or game.over or (game.number, game.round, game.turn_index) != key:
            return
        seat = game.seats[game.order[game.turn_index]]
        game.timer = None
        log.info("episode %d: turn of %s timed out (round %d): playing wait", game.number, seat.name, game.round)
        try:
            record = self._act(
                game, seat, {"tool": "wait", "args": {}},
                note=f"turn timed out after {self.config.turn_timeout:g}s; the server waited for {seat.name}",
            )
            if seat.conn is not None:
                seat.conn.push({"type": "result", "seat": seat.name, "record": record, "timed_out": True})
        except Exception:  # noqa: BLE001
            log.exception("turn timeout handling failed")

    def _observe(self, client: Client, request: P.Observe) -> dict:
        game, seat = self._held_seat(client, request.seat)
        observation = game.episode.observe(seat.name)
        return {"type": "observation", "seat": seat.name, "round": game.round, "observation": observation}

    def _spectate(self, client: Client, request: P.Spectate) -> dict:
        """Watch one episode (the given one, else the latest; with none yet, the next one started)."""
        game = self._pick_game(request.episode) if request.episode is not None else self.game
        if client.watching is not None:
            client.watching.spectators.discard(client)
        self.lobby.discard(client)
        client.watching = game
        if game is None:
            self.lobby.add(client)
        else:
            game.spectators.add(client)
        reply: dict[str, Any] = {"type": "spectating", "episode": self.summary(game)}
        if game is not None:
            reply["status"] = game.status
            if request.history:
                reply["history"] = list(game.episode.trajectory)
        return reply

    def _status_message(self, client: Client, request: P.Status) -> dict:
        """Status of the given episode, else the one this connection plays or watches, else the latest."""
        if request.episode is not None:
            game: Game | None = self._pick_game(request.episode)
        else:
            game = next(iter(client.seats.values()), None) or client.watching or self.game
        if game is not None:  # live: checkpoints can be reached mid-round
            game.status = jsonable(game.episode.status())
        return {"type": "status", "episode": self.summary(game), "status": None if game is None else game.status}

    def _leave(self, client: Client, request: P.Leave) -> dict:
        names = sorted(client.seats) if request.seat is None else [request.seat]
        for name in names:
            if name not in client.seats:
                raise ProtocolError("not_your_seat", f"this connection does not hold seat {name!r}")
        for name in names:
            game = client.seats.pop(name)
            if name in game.seats and game.seats[name].conn is client:
                game.seats[name].conn = None
        if request.seat is None:
            if client.watching is not None:
                client.watching.spectators.discard(client)
            client.watching = None
            self.lobby.discard(client)
        return {"type": "left", "seats": names, "spectating": client.watching is not None or client in self.lobby}

    # ------------------------------------------------------------------ fan-out

    @staticmethod
    def _publish(game: Game, message: dict) -> None:
        """Send a world update to the game's spectators (encoded once)."""
        if not game.spectators:
            return
        text = P.encode(message)
        for client in list(game.spectators):
            client.push_text(text)

    @staticmethod
    def _broadcast(game: Game, message: dict) -> None:
        """Send to the game's spectators and seat holders (episode start/end)."""
        text = P.encode(message)
        for client in game.spectators | game.holders():
            client.push_text(text)


# ---------------------------------------------------------------------- running it


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


def configure_serve(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default: loopback only)")
    parser.add_argument("--port", type=int, default=8765, help="TCP port for websockets and the browser page")
    parser.add_argument("--task", default=None, help="start this task right away and print the seat links")
    parser.add_argument("--seed", type=int, default=0, help="seed of the episode started with --task")
    parser.add_argument(
        "--turn-timeout", type=float, default=None,
        help="seconds a seat may take before its turn is played as a wait (default: wait forever)",
    )
    parser.add_argument("--max-message-bytes", type=int, default=64 * 1024, help="largest accepted message")
    parser.add_argument("--rate-limit", type=float, default=1000.0, help="messages per second per connection")
    parser.add_argument("--burst", type=int, default=2000, help="messages a connection may send at once")
    parser.add_argument("--max-episodes", type=int, default=32, help="episodes played at once on this server")


def command_serve(args: argparse.Namespace) -> int:
    if args.turn_timeout is not None and args.turn_timeout <= 0:
        print("error: --turn-timeout must be a positive number of seconds", file=sys.stderr)
        return 2
    if args.max_message_bytes < 1024:
        print("error: --max-message-bytes must be at least 1024", file=sys.stderr)
        return 2
    for flag, value in (("--rate-limit", args.rate_limit), ("--burst", args.burst), ("--max-episodes", args.max_episodes)):
        if value <= 0:
            print(f"error: {flag} must be positive, got {value}", file=sys.stderr)
            return 2
    config = ServerConfig(
        host=args.host, port=args.port, task=args.task, seed=args.seed, turn_timeout=args.turn_timeout,
        max_message_bytes=args.max_message_bytes, rate_limit=args.rate_limit, burst=args.burst,
        max_episodes=args.max_episodes,
    )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        asyncio.run(_serve_forever(config))
    except KeyboardInterrupt:
        print("server stopped")
    except ProtocolError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: cannot listen on {config.host}:{config.port}: {exc}", file=sys.stderr)
        return 1
    return 0


async def _serve_forever(config: ServerConfig) -> None:
    server = GameServer(config)
    await server.start()
    host = config.host if ":" not in config.host else f"[{config.host}]"
    print(f"AgentWorld server (protocol {P.PROTOCOL_VERSION}) on ws://{host}:{server.port}/ws", flush=True)
    print(f"browser page: http://{host}:{server.port}/", flush=True)
    game = server.game
    if game is not None:
        print(f"episode {game.number}: task {game.task} seed {game.seed}", flush=True)
        print(f"control token: {game.control_token}", flush=True)
        for name, seat in game.seats.items():
            print(f"  seat {name}: http://{host}:{server.port}/?seat={name}&token={seat.token}", flush=True)
    try:
        await asyncio.Future()  # until cancelled (Ctrl-C)
    finally:
        await server.stop()
