"""Save a served episode as a normal run directory (`serve --out DIR`, `agentworld play`).

The directory is what `agentworld run --out` writes (trajectory.write_run_dir with
runner.episode_metrics), so `agentworld replay DIR` and `agentworld judge DIR` work on a
play-test. An episode taken off the server before its end (replaced, evicted, the server
stopping, Ctrl-C) is saved too, with metrics status "error" and the reason.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.server_bridge.games import Game

log = logging.getLogger("agentworld.server")


@dataclass
class SeatPlayer:
    """Who played a seat, as metrics.json and config.json describe it (a person, a remote client)."""

    kind: str
    usage: dict = field(default_factory=dict)

    def config(self) -> dict:
        return {"kind": self.kind}


def run_dir_name(game: Game) -> str:
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", game.task)[:60]
    return f"episode_{game.number:04d}_{safe}_seed{game.seed}"


def save_game(game: Game, path: Path, started: float) -> Path | None:
    """Write the game's run directory at `path`; None (logged) if its episode cannot be saved."""
    from agentworld.runner import episode_metrics, run_config
    from agentworld.trajectory import write_run_dir

    episode = game.episode
    base_task = getattr(episode, "base_task", None)
    if base_task is None or not hasattr(episode, "options"):
        log.warning("episode %d is not a real Episode; not saved", game.number)
        return None
    team = {name: seat.bot if seat.bot is not None else SeatPlayer(seat.kind) for name, seat in game.seats.items()}
    status = episode.status()
    run_status, error = ("ok", None) if game.ended is None else ("error", f"aborted: {game.ended}")
    metrics = episode_metrics(episode.trajectory, status, list(game.order), team, run_status, error,
                              time.time() - started)
    config = run_config(base_task, game.seed, team, episode.options, "agentworld serve")
    try:
        write_run_dir(path, base_task, config, episode.trajectory, metrics)
    except OSError as exc:
        log.error("cannot save episode %d to %s: %s", game.number, path, exc)
        return None
    log.info("episode %d saved to %s", game.number, path)
    return path

