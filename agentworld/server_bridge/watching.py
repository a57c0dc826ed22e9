"""Reading the server's games: a seat's observation, spectating, history pages, the map and status.

Why apart from server.py: these requests change no game; they only decide what a connection may
see. On a private server (`private`) everything but a seat's own view needs the spectator token or
the episode's control token (`_may_watch`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agentworld.server_bridge import protocol as P
from agentworld.server_bridge.games import Game, Games, same_token
from agentworld.server_bridge.protocol import ProtocolError, jsonable
from agentworld.server_bridge.turns import end_report
from agentworld.server_bridge.visibility import PUBLIC_STATUS
from agentworld.server_bridge.worldmap import world_map

if TYPE_CHECKING:
    from agentworld.server_bridge.connection import Client
    from agentworld.server_bridge.server import ServerConfig

MAX_HISTORY_RECORDS = 1000  # records in one history page (also capped by history_page_bytes)


class Watching:
    """Mixin of GameServer (server.py): the read-only requests."""

    config: ServerConfig
    games: Games
    game: Game | None  # the latest episode (a property of GameServer)
    lobby: set[Client]  # spectators waiting for the next episode
    _map: str | None  # the encoded world map, made on first request

    @staticmethod
    def summary(game: Game | None) -> dict | None:
        return None if game is None else game.summary()

    def _observe(self, client: Client, request: P.Observe) -> dict:
        game, seat = self.games.held_seat(client, request.seat)
        observation = game.episode.observe(seat.name)
        return {"type": "observation", "seat": seat.name, "round": game.round, "observation": observation}

    def _spectate(self, client: Client, request: P.Spectate) -> dict:
        """Watch one episode (the given one, else the latest; with none yet, the next one started)."""
        game = self.games.pick(request.episode) if request.episode is not None else self.game
        self._check_private(request.token, game, "spectate")
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
            if game.over:
                reply["report"] = end_report(game)
            if request.history:
                records, following = self._page(game, 0, MAX_HISTORY_RECORDS)
                reply.update(history=records, history_next=following, history_total=len(game.record_sizes))
        return reply

    def _history(self, client: Client, request: P.History) -> dict:
        """One page of an episode's records: `records` from `start`, `next` (null at the end), `total`."""
        if request.episode is not None:
            game = self.games.pick(request.episode)
        else:
            game = client.watching or next(iter(client.seats.values()), None) or self.games.pick(None)
        self._check_private(request.token, game, "history")
        records, following = self._page(game, request.start, request.limit)
        return {
            "type": "history",
            "episode": game.number,
            "start": request.start,
            "records": records,
            "next": following,
            "total": len(game.record_sizes),
        }

    def _page(self, game: Game, start: int, limit: int) -> tuple[list[dict], int | None]:
        """Records [start, end) whose encoded size fits history_page_bytes (at least one), and end or None."""
        sizes = game.record_sizes
        end, total = start, 0
        while end < len(sizes) and end - start < limit:
            if end > start and total + sizes[end] > self.config.history_page_bytes:
                break
            total += sizes[end]
            end += 1
        return game.episode.trajectory[start:end], (end if end < len(sizes) else None)

    def _map_message(self) -> dict:
        """The map of the world the latest episode plays in (the base world alone when its task cannot
        reach a region bundle, task_scope.py), encoded once per world: static content every seat may know."""
        episode = self.game.episode if self.game is not None else None
        content = getattr(episode, "content", None)  # (an episode that does not say: the shipped world)
        if self._map is None or self._map[0] is not content:
            self._map = (content, P.encode(world_map(content)))
        return P.decode(self._map[1])

    def _status_message(self, client: Client, request: P.Status) -> dict:
        """Status of the given episode, else the one this connection plays or watches, else the latest."""
        if request.episode is not None:
            game: Game | None = self.games.pick(request.episode)
        else:
            game = next(iter(client.seats.values()), None) or client.watching or self.game
        if game is not None:  # live: checkpoints can be reached mid-round
            game.status = jsonable(game.episode.status())
        status = None if game is None else game.status
        if status is not None and not self._may_watch(request.token, game):  # a seat's view: no checkpoints
            status = {k: status[k] for k in PUBLIC_STATUS if k in status}
        return {"type": "status", "episode": self.summary(game), "status": status}

    def _may_watch(self, token: str | None, game: Game | None) -> bool:
        """Whether a connection may see everything of `game`: always on an open server; on a private one
        with the spectator token, or with that episode's control token (an env watching its own episode)."""
        if not self.config.private:
            return True
        if self.config.spectator_token and same_token(token, self.config.spectator_token):
            return True
        return game is not None and same_token(token, game.control_token)

    def _check_private(self, token: str | None, game: Game | None, what: str) -> None:
        if not self._may_watch(token, game):
            raise ProtocolError(
                "private",
                f"this server is private: {what} needs the spectator token the "
                "operator was given (or the control token of your own episode)",
            )
