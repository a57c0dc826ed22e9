"""The episodes a game server holds and their seats: creation, lookup by number or token, eviction.

Why a registry apart from the connection handling: who may take which episode's place is a
security rule (issue 10): episodes the operator started (`serve --task`, `agentworld play`) are
never evicted and do not count against `max_episodes`, so anonymous clients can neither close
them nor take their slots. Anonymous episodes are evicted only when over or idle.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from agentworld.server_bridge.protocol import ProtocolError

if TYPE_CHECKING:
    from agentworld.agents import Agent
    from agentworld.server_bridge.connection import Client
    from agentworld.server_bridge.recording import LiveRecording

# (task id or task spec, seed, options) -> an Episode-like object, freshly reset with that seed
EpisodeFactory = Callable[[Any, int, dict], Any]

IDLE_GRACE = 60.0  # seconds an unwatched, unplayed anonymous episode is kept before it may be evicted


def default_episode_factory(task: Any, seed: int, options: dict) -> Any:
    """Build the real Episode (imported lazily so the server module loads without it).

    A task given by id must be one the server serves (shipped, augmented, `--tasks-dir`, packs;
    never a path: clients must not make the server read files). A Task object or a spec dict comes
    from the operator, or from a client through admission.py (size-checked, its verifier bound to a
    served one), like the Task objects the embedded env accepts (ablations such as without_agent are
    not full task files). A task whose verifier module does not exist is a `bad_task`, named, not a
    traceback.
    """
    from agentworld.episode import Episode, EpisodeOptions
    from agentworld.tasks import Task, TaskError, list_task_ids

    if isinstance(task, dict):
        try:
            task = Task.model_validate(task)
        except ValueError as exc:
            raise TaskError([f"task spec: {exc}"]) from None
    elif not isinstance(task, Task) and task not in list_task_ids("all"):
        raise ProtocolError("unknown_task", f"unknown task {str(task)[:200]!r}")
    try:
        return Episode(task, seed=seed, options=EpisodeOptions.from_dict(options))
    except ModuleNotFoundError as exc:
        name = task.id if isinstance(task, Task) else task
        raise ProtocolError(
            "bad_task",
            f"task {name!r} has no verifier: cannot import {exc.name!r}; "
            "a served task needs its module in agentworld/verifiers",
        ) from None


def same_token(given: str | None, expected: str) -> bool:
    return given is not None and secrets.compare_digest(given, expected)


def new_token() -> str:
    """A secret seat or control token (128 bits) in hex: a URL-safe one starts with '-' one time in 64,
    and `client --token -x...` then reads it as an option and refuses to start."""
    return secrets.token_hex(16)


@dataclass
class Seat:
    name: str
    token: str
    conn: Client | None = None
    observe: bool = True  # push observations to the holder on its turns
    bot: Agent | None = None  # an in-process agent plays this seat (agentworld play)
    kind: str = "remote"  # who played it, for metrics.json: "human" (the browser page) or "remote"


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
    operator: bool = False  # started by the server's operator: never evicted, outside max_episodes
    turn_index: int = 0
    round: int = 1
    over: bool = False
    ended: str | None = None  # why the game was taken off the server before its end (aborted)
    status: dict[str, Any] = field(default_factory=dict)
    timer: asyncio.TimerHandle | None = None
    joined: bool = False  # someone has taken a seat: turn timeouts start counting from then
    spectators: set[Client] = field(default_factory=set)
    touched: float = field(default_factory=time.monotonic)  # last start/join/turn
    record_sizes: list[int] = field(default_factory=list)  # encoded bytes of each trajectory record
    recorded_bytes: int = 0  # sum of record_sizes: the server stops an episode past max_episode_bytes
    saved: str | None = None  # the run directory it was saved to (serve --out)
    recording: LiveRecording | None = None  # its run directory being written as it is played (serve --out)

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

    def summary(self) -> dict:
        return {
            "episode": self.number,
            "task": self.task,
            "seed": self.seed,
            "agents": list(self.order),
            "round": self.round,
            "turn": self.current,
            "over": self.over,
            "connected": {
                name: seat.conn is not None or seat.bot is not None for name, seat in self.seats.items()
            },
        }


class Games(dict[int, Game]):
    """The episodes on one server by number, oldest first, and the rules for finding and evicting them."""

    def __init__(self, max_episodes: int):
        super().__init__()
        self.max_episodes = max_episodes
        self.numbers = itertools.count(1)

    @property
    def by_number(self) -> dict[int, Game]:
        return self

    @property
    def latest(self) -> Game | None:
        return next(reversed(self.values()), None)

    def new(self, task: str, seed: int, episode: Any, operator: bool) -> Game:
        order = list(episode.agents)
        return Game(
            number=next(self.numbers),
            task=task,
            seed=seed,
            episode=episode,
            order=order,
            seats={agent: Seat(agent, new_token()) for agent in order},
            control_token=new_token(),
            operator=operator,
        )

    def add(self, game: Game) -> None:
        self.by_number[game.number] = game

    def remove(self, game: Game) -> None:
        self.by_number.pop(game.number, None)

    def anonymous(self) -> list[Game]:
        return [g for g in self.by_number.values() if not g.operator]

    def evictable(self, grace: float = IDLE_GRACE) -> list[Game]:
        """Anonymous episodes to close, oldest first, so one more anonymous episode fits (or raise busy)."""
        anonymous = self.anonymous()
        excess = len(anonymous) - self.max_episodes + 1
        if excess <= 0:
            return []
        now = time.monotonic()
        idle = [g for g in anonymous if g.idle(now, grace)]
        if len(idle) < excess:
            raise ProtocolError(
                "busy",
                f"{len(anonymous)} episodes are being played or watched (max_episodes="
                f"{self.max_episodes}); try again later",
            )
        return idle[:excess]

    def by_control_token(self, token: str) -> Game:
        game = next((g for g in self.by_number.values() if same_token(token, g.control_token)), None)
        if game is None:
            raise ProtocolError("forbidden", "control_token matches no episode on this server")
        return game

    def pick(self, episode: int | None) -> Game:
        if episode is not None:
            game = self.by_number.get(episode)
            if game is None:
                raise ProtocolError(
                    "unknown_episode", f"no episode {episode}; running: {sorted(self.by_number)}"
                )
            return game
        if not self.by_number:
            raise ProtocolError("no_episode", "no episode is running; send a start message first")
        return self.latest  # type: ignore[return-value]

    def held_seat(self, client: Client, name: str) -> tuple[Game, Seat]:
        game = client.seats.get(name)
        seat = game.seats.get(name) if game is not None else None
        if game is None or seat is None or seat.conn is not client:
            if not self.by_number:
                raise ProtocolError("no_episode", "no episode is running; send a start message first")
            raise ProtocolError(
                "not_your_seat", f"this connection has not joined seat {name!r}; send join with its token"
            )
        return game, seat

    def find_seat(self, seat: str, token: str, episode: int | None) -> tuple[Game, Seat]:
        """The seat a join names: in the given episode, else the episode whose seat has that token."""
        candidates = [self.pick(episode)] if episode is not None else list(self.by_number.values())
        if not candidates:
            raise ProtocolError("no_episode", "no episode is running; send a start message first")
        named = [g for g in candidates if seat in g.seats]
        if not named:
            seats = sorted({s for g in candidates for s in g.order})
            raise ProtocolError("unknown_seat", f"unknown seat {seat!r}; seats are {seats}")
        for game in named:
            if same_token(token, game.seats[seat].token):
                if game.seats[seat].bot is not None:
                    raise ProtocolError("forbidden", f"seat {seat!r} is played by a built-in agent")
                return game, game.seats[seat]
        raise ProtocolError("bad_token", f"wrong token for seat {seat!r} (or its episode has ended)")
