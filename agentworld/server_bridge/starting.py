"""Starting and ending the server's games: a client's `start` (admitted, built in a thread, put on the
server in place of the episode it replaces or beside the others), the operator's own starts, and taking
a game off the server.

Why apart from server.py: this is where worlds are built and games are born and end; the request
handling there only decides who may ask. Building touches no server state (it runs in a thread, at most
`max_builds` at once); putting the game on the server runs on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, NamedTuple

from agentworld.server_bridge import protocol as P
from agentworld.server_bridge.admission import ClientSpec, ClientTasks, scrub
from agentworld.server_bridge.games import EpisodeFactory, Game, Games
from agentworld.server_bridge.protocol import ProtocolError, jsonable
from agentworld.server_bridge.turns import TurnFlow

if TYPE_CHECKING:
    from agentworld.server_bridge.connection import Client
    from agentworld.server_bridge.server import ServerConfig

log = logging.getLogger("agentworld.server")


class Built(NamedTuple):
    """A world built for a start (in a thread), not yet on the server."""

    episode: Any  # the Episode, freshly reset with the seed
    observations: dict  # every seat's first observation
    name: str  # the task's id as given (a stand-in episode may have no task)


class Starting(TurnFlow):
    """Mixin of GameServer (server.py): games begin and end here; the turn clock is TurnFlow's."""

    IDLE_GRACE: float  # seconds an episode must be idle before a new one may evict it
    config: ServerConfig
    games: Games
    lobby: set[Client]  # spectators waiting for the next episode
    client_tasks: ClientTasks  # what a client may ask the server to build (admission.py)
    factory: EpisodeFactory
    builds: asyncio.Semaphore  # worlds built at once
    building: int  # worlds being built in threads right now

    async def _start(self, client: Client, request: P.Start) -> dict:
        replace = self._replaced(client, request)
        if request.task is not None:
            task = self.client_tasks.admit(request.task)  # refused here, before any world is built
        elif self.config.task:
            task = self.config.task
        else:
            raise ProtocolError("invalid_message", "start needs a task (this server has no --task)")
        seed = self.config.seed if request.seed is None else request.seed
        operator = replace is not None and replace.operator  # the control token holder keeps its slot
        if replace is None:
            self.games.evictable(self.IDLE_GRACE)  # busy: refused before building, not after
        async with self.builds:
            self.building += 1
            try:
                built = await asyncio.to_thread(self.build_episode, task, seed, request.options)
            finally:
                self.building -= 1
        if replace is not None and replace.number not in self.games:  # ended while the world was built
            replace, operator = None, False
        game = self.open_game(built, seed, replace=replace, operator=operator)
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
            reply["observations"] = built.observations
        return reply

    def _replaced(self, client: Client, request: P.Start) -> Game | None:
        """The episode a start replaces: the control token's, or the one this connection plays (all seats)."""
        if request.control_token is not None:
            return self.games.by_control_token(request.control_token)
        if not client.seats:
            return None
        replace = next(iter(client.seats.values()))  # an env resetting the episode it plays
        others = [s.name for s in replace.seats.values() if s.conn is not client]
        if others:
            raise ProtocolError(
                "forbidden",
                f"episode {replace.number} also has seats {others} not held by this connection; "
                "replacing it needs its control_token",
            )
        return replace

    def start_episode(
        self,
        task: Any,
        seed: int,
        options: dict,
        replace: Game | None = None,
        operator: bool = False,
        bots: dict[str, Any] | None = None,
    ) -> tuple[Game, dict]:
        """Build a new Episode here and now (the operator's own starts: `serve --task`, `agentworld play`):
        a new game, or in place of `replace` (whose seats are then lost).

        `operator`: started by whoever runs the server (never evicted); `bots`: seat -> Agent
        played in-process when its turn comes (agentworld play).
        """
        if replace is None and not operator:
            self.games.evictable(self.IDLE_GRACE)
        built = self.build_episode(task, seed, options)
        return self.open_game(built, seed, replace=replace, operator=operator, bots=bots), built.observations

    def build_episode(self, task: Any, seed: int, options: dict) -> Built:
        """A fresh Episode and every seat's first observation; touches no server state, so it runs in a
        thread. A client's spec is bound to a served verifier first (admission.py)."""
        if isinstance(task, (ClientSpec, dict)):
            name = str((task.spec if isinstance(task, ClientSpec) else task).get("id", "?"))[:64]
        else:
            name = str(getattr(task, "id", task))
        try:
            if isinstance(task, ClientSpec):
                task = self.client_tasks.bind(task)
            episode = self.factory(task, seed, dict(options))  # a fresh episode, reset with seed
            observations = {agent: episode.observe(agent) for agent in episode.agents}
        except ProtocolError:
            raise
        except (KeyError, FileNotFoundError) as exc:
            raise ProtocolError("unknown_task", scrub(f"cannot load task {name!r}: {exc}")) from None
        except Exception as exc:  # noqa: BLE001 - task specs and options are user input
            code = "bad_task" if type(exc).__name__ in ("TaskError", "VerifierError") else "bad_options"
            raise ProtocolError(code, scrub(f"cannot start {name!r}: {type(exc).__name__}: {exc}")) from None
        return Built(episode, observations, name)

    def open_game(
        self,
        built: Built,
        seed: int,
        replace: Game | None = None,
        operator: bool = False,
        bots: dict[str, Any] | None = None,
    ) -> Game:
        """Put a built Episode on the server: evict idle episodes it needs room from, seat the bots,
        hand over the spectators, tell them, and begin the first turn."""
        evict = [] if replace is not None or operator else self.games.evictable(self.IDLE_GRACE)
        for old in evict:
            self._end_game(old, "the episode was closed to make room for a new one")
            for client in old.spectators:
                client.watching = None
        episode = built.episode
        task = getattr(getattr(episode, "task", None), "id", None) or built.name
        game = self.games.new(task, seed, episode, operator)
        for seat_name, agent in (bots or {}).items():
            game.seats[seat_name].bot = agent
            agent.reset(
                seat_name, episode.briefing(seat_name, include_plan=getattr(agent, "needs_plan", False))
            )
        game.status = jsonable(episode.status())
        game.round = int(game.status.get("round", 1))
        game.over = bool(game.status.get("done") or game.status.get("truncated")) or not game.order
        if replace is not None:
            self._end_game(replace, "a new episode started")
            game.spectators = replace.spectators
        else:
            game.spectators = set(self.lobby)
            self.lobby.clear()
        for client in game.spectators:
            client.watching = game
        self.games.add(game)
        log.info(
            "episode %d started: task %s seed %d, seats %s", game.number, task, seed, ", ".join(game.order)
        )
        self._broadcast(
            game,
            {
                "type": "episode_start",
                "episode": game.number,
                "task": task,
                "seed": seed,
                "agents": game.order,
            },
        )
        if bots:
            game.joined = True  # built-in seats play at once
        self._begin_turn(game)
        return game

    def _end_game(self, game: Game, reason: str) -> None:
        """Take a game off the server; its seat holders are told; with --out it is saved."""
        if game.timer:
            game.timer.cancel()
            game.timer = None
        if not game.over and game.ended is None:
            game.ended = reason
        for seat in game.seats.values():
            if seat.conn is not None:
                seat.conn.seats.pop(seat.name, None)
                seat.conn.feeds.discard(seat.name)
                seat.conn.push(
                    {"type": "seat_lost", "seat": seat.name, "episode": game.number, "reason": reason}
                )
                seat.conn = None
        self.games.remove(game)
        self._finish(game)
