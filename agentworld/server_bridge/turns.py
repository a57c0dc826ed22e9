"""Playing the turns of the server's games: one action, the round's end, the game's end, timeouts,
built-in seats, and sending each record to whoever may see it.

Why apart from the request handling (server.py): this is the game's clock. It runs the Episode
in its round-robin exactly as the env does (a round ends after its last seat, or at once on
success), so a served trajectory equals an embedded one; the requests only decide who may ask.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from agentworld.server_bridge import protocol as P
from agentworld.server_bridge.games import Game, Games, Seat
from agentworld.server_bridge.protocol import jsonable
from agentworld.server_bridge.recording import record_live, save_ended
from agentworld.server_bridge.report import game_report
from agentworld.server_bridge.visibility import seat_view

if TYPE_CHECKING:
    from agentworld.server_bridge.server import ServerConfig

log = logging.getLogger("agentworld.server")


def end_report(game: Game) -> dict | None:
    """The end screen's summary (report.py) of a finished game; None while it is being played."""
    if not game.over:
        return None
    return game_report(game.episode.trajectory, game.status, game.order)


class TurnFlow:
    """Mixin of GameServer (server.py): the turn clock and the fan-out of records."""

    config: ServerConfig
    games: Games
    started: float  # wall-clock start of the server (run directories' `seconds`)
    finished: asyncio.Queue[Game] | None  # games as they end (agentworld play waits on it)

    def _act(self, game: Game, seat: Seat, action: Any, note: str | None = None) -> dict:
        """Play one turn for the current seat, publish it, then advance the round-robin."""
        if game.timer:
            game.timer.cancel()
            game.timer = None
        record = game.episode.act(seat.name, action)
        if note:  # the Episode's record (also in its trajectory) says the turn timed out
            record["result"] = f"{note}; {record.get('result') or ''}".rstrip("; ")
        self._publish(game, record)
        game.turn_index += 1
        # a round ends after its last seat, or as soon as the task succeeds (as the env does)
        succeeded = "success_actions" in record
        if game.turn_index >= len(game.order) or succeeded:
            game.turn_index = 0
            round_record = game.episode.end_round()
            self._publish(game, round_record)
            game.status = jsonable(round_record.get("status") or game.episode.status())
            game.round = int(game.status.get("round", game.round + 1))
            if game.status.get("done") or game.status.get("truncated"):
                game.over = True
                log.info(
                    "episode %d over: success=%s psr=%s",
                    game.number,
                    game.status.get("success"),
                    game.status.get("psr"),
                )
                self._broadcast(
                    game,
                    {
                        "type": "episode_end",
                        "episode": game.number,
                        "status": game.status,
                        "report": end_report(game),
                    },
                )
                self._finish(game)
        if not game.over and game.recorded_bytes > self.config.max_episode_bytes:
            self._stop_full(game)
        self._begin_turn(game)
        return record

    def _stop_full(self, game: Game) -> None:
        """An episode past max_episode_bytes is stopped: the server holds no more of it."""
        reason = (
            f"episode_full: the trajectory reached {game.recorded_bytes} bytes "
            f"(max_episode_bytes={self.config.max_episode_bytes}); start a new episode"
        )
        log.warning("episode %d stopped: %s", game.number, reason)
        game.over, game.ended = True, reason
        game.status = jsonable(game.episode.status())
        self._broadcast(
            game,
            {
                "type": "episode_end",
                "episode": game.number,
                "status": game.status,
                "reason": reason,
                "report": end_report(game),
            },
        )
        self._finish(game)

    def _begin_turn(self, game: Game) -> None:
        """Tell the seat whose turn it is (or let its built-in agent play), and arm the turn timeout."""
        game.touched = time.monotonic()
        if game.over:
            return
        seat = game.seats[game.order[game.turn_index]]
        if seat.bot is not None:
            key = (game.number, game.round, game.turn_index)
            if getattr(seat.bot, "kind", "") == "llm":  # it waits on a model: think in a thread, keep serving
                asyncio.get_running_loop().create_task(self._bot_turn_in_thread(key))
            else:
                asyncio.get_running_loop().call_soon(self._bot_turn, key)
            return
        if seat.conn is not None and seat.observe:
            observation = game.episode.observe(seat.name)
            seat.conn.push(
                {
                    "type": "turn",
                    "seat": seat.name,
                    "episode": game.number,
                    "round": game.round,
                    "observation": observation,
                }
            )
        self._arm_timer(game)

    def _bot_turn(self, key: tuple[int, int, int]) -> None:
        """A built-in agent's turn: it acts on its own observation, as in `agentworld run`."""
        game = self._current(key)
        if game is None:
            return
        seat = game.seats[game.order[game.turn_index]]
        try:
            action = seat.bot.act(game.episode.observe(seat.name))
        except Exception as exc:  # noqa: BLE001 - a failing agent's turn is recorded, the game goes on
            self._bot_failed(game, seat, exc)
            return
        self._act(game, seat, action)

    async def _bot_turn_in_thread(self, key: tuple[int, int, int]) -> None:
        """An LLM seat's turn: the model call runs in a thread so the server keeps answering meanwhile."""
        game = self._current(key)
        if game is None:
            return
        seat = game.seats[game.order[game.turn_index]]
        try:
            action = await asyncio.to_thread(seat.bot.act, game.episode.observe(seat.name))
        except Exception as exc:  # noqa: BLE001 - a failing agent's turn is recorded, the game goes on
            if self._current(key) is not None:
                self._bot_failed(game, seat, exc)
            return
        if self._current(key) is not None:  # the game may have been stopped while the model thought
            self._act(game, seat, action)

    def _current(self, key: tuple[int, int, int]) -> Game | None:
        """The game of this turn key, if that turn is still the one to play."""
        game = self.games.get(key[0])
        if game is None or game.over or (game.number, game.round, game.turn_index) != key:
            return None
        return game

    def _bot_failed(self, game: Game, seat: Any, exc: Exception) -> None:
        log.exception("built-in agent of seat %s failed", seat.name, exc_info=exc)
        note = f"the built-in agent failed ({type(exc).__name__}: {exc}); the server waited for {seat.name}"
        self._act(game, seat, {"tool": "wait", "args": {}}, note=note)

    def _arm_timer(self, game: Game) -> None:
        """Start the turn timeout of the current turn, once anyone has joined the episode.

        Before the first join nobody is playing yet (a `serve --task` episode waits for its players
        to open their links), so no turn is timed out; after it, absent seats are.
        """
        timeout = self.config.turn_timeout
        if timeout and game.joined and not game.over and game.timer is None:
            if game.seats[game.order[game.turn_index]].bot is not None:
                return
            key = (game.number, game.round, game.turn_index)
            game.timer = asyncio.get_running_loop().call_later(timeout, self._on_timeout, key)

    def _on_timeout(self, key: tuple[int, int, int]) -> None:
        game = self.games.get(key[0])
        if game is None or game.over or (game.number, game.round, game.turn_index) != key:
            return
        seat = game.seats[game.order[game.turn_index]]
        game.timer = None
        log.info(
            "episode %d: turn of %s timed out (round %d): playing wait", game.number, seat.name, game.round
        )
        try:
            record = self._act(
                game,
                seat,
                {"tool": "wait", "args": {}},
                note=f"turn timed out after {self.config.turn_timeout:g}s; the server waited for {seat.name}",
            )
            if seat.conn is not None:
                seat.conn.push({"type": "result", "seat": seat.name, "record": record, "timed_out": True})
        except Exception:  # noqa: BLE001
            log.exception("turn timeout handling failed")

    def _finish(self, game: Game) -> None:
        """A game ended or was taken off: save it once (serve --out) and tell whoever waits for it."""
        if game.saved is not None:
            return
        game.saved = ""
        if self.config.out:
            game.saved = save_ended(game, self.config.out, self.started)
        if self.finished is not None:
            self.finished.put_nowait(game)

    # ------------------------------------------------------------------ fan-out

    def _publish(self, game: Game, record: dict) -> None:
        """Count a new record's bytes, send it to the spectators (encoded once) and each seat's own view."""
        text = P.encode({"type": "update", "record": record})
        game.record_sizes.append(len(text))
        game.recorded_bytes += len(text)
        if self.config.out:  # on disk before anyone is told of it (recording.py: what a kill can lose)
            record_live(game, self.config.out)
        for client in list(game.spectators):
            client.push_text(text)
        for seat in game.seats.values():
            if seat.conn is not None and seat.name in seat.conn.feeds:
                seat.conn.push(
                    {
                        "type": "feed",
                        "seat": seat.name,
                        "episode": game.number,
                        "record": seat_view(record, seat.name),
                    }
                )

    @staticmethod
    def _broadcast(game: Game, message: dict) -> None:
        """Send to the game's spectators and seat holders (episode start/end)."""
        text = P.encode(message)
        for client in game.spectators | game.holders():
            client.push_text(text)
