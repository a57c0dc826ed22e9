"""Save a served episode as a normal run directory (`serve --out DIR`, `agentworld play`).

The directory is what `agentworld run --out` writes (the same files, written by the same
trajectory.RunRecorder with runner.episode_metrics), so `agentworld replay DIR` and `agentworld
judge DIR` work on a play-test.

`serve --out` writes each episode as it is played (LiveRecording), so a server that is killed
loses at most the record in flight: the run directory is opened on the episode's first record
(task.yaml, config.json and the UNFINISHED marker first), every record is appended to
trajectory.jsonl the moment the server publishes it, and metrics.json is written when the episode
ends or is taken off the server. Opened on the first record, not at `start`, because an env's
first `start` (replaced by its reset) and clients that start and leave play nothing: episodes in
which nobody acted are not saved.

Durability, and why this way: each record is one `os.write` of one whole line, with no buffer of
ours in between, so once the server has published a record it survives SIGKILL (it is in the
kernel's page cache) at the cost of one system call per record, a few microseconds. fsync is not
done per record: it costs about a millisecond on this project's disks (more on others), and on the
event loop it would stall every game; it protects only from a machine crash. It is done on a
worker thread (runner._fsync_in_thread) at a round end at most once a second per episode
(FSYNC_EVERY: a round of waits takes a millisecond, and fsync per round was a quarter more server
CPU per turn in benchmarks/bench_server.py), and at the episode's end, so a machine crash loses
at most the last second of play.

An episode taken off the server before its end (replaced, evicted, episode_full, the server
stopping, Ctrl-C) is saved whole too, with metrics status "error", `error: "aborted: REASON"` and
`outcome` saying which: "finished" (the game ended: success or its last round), "stopped" (the
server stopped: SIGTERM, SIGINT, stop()) or "aborted" (taken off for another reason).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agentworld.trajectory import UNFINISHED, RunRecorder, write_run_dir

if TYPE_CHECKING:
    from agentworld.server_bridge.games import Game

log = logging.getLogger("agentworld.server")

SERVER_STOPPED = "the server stopped"  # the reason of games ended by the server stopping (outcome "stopped")
FSYNC_EVERY = 1.0  # seconds: at most one fsync per episode this often while it is played


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


def game_outcome(game: Game) -> str:
    """finished (the game's own end), stopped (by the server stopping) or aborted (taken off otherwise)."""
    if game.ended is None:
        return "finished"
    return "stopped" if game.ended.startswith(SERVER_STOPPED) else "aborted"


def _saveable(game: Game) -> bool:
    """A real Episode (tests' stand-ins have no task file to save)."""
    return getattr(game.episode, "base_task", None) is not None and hasattr(game.episode, "options")


def _team(game: Game) -> dict[str, Any]:
    return {
        name: seat.bot if seat.bot is not None else SeatPlayer(seat.kind) for name, seat in game.seats.items()
    }


def _config(game: Game) -> dict:
    from agentworld.runner import run_config  # the runner pulls in the agents: loaded on first save only

    return run_config(
        game.episode.base_task, game.seed, _team(game), game.episode.options, "agentworld serve"
    )


def _metrics(game: Game, started: float) -> dict:
    from agentworld.runner import episode_metrics

    episode = game.episode
    run_status, error = ("ok", None) if game.ended is None else ("error", f"aborted: {game.ended}")
    metrics = episode_metrics(
        episode.trajectory,
        episode.status(),
        list(game.order),
        _team(game),
        run_status,
        error,
        time.time() - started,
    )
    return {**metrics, "outcome": game_outcome(game)}


def save_game(game: Game, path: Path, started: float) -> Path | None:
    """Write the game's run directory at `path` at once; None (logged) if its episode cannot be saved."""
    if not _saveable(game):
        log.warning("episode %d is not a real Episode; not saved", game.number)
        return None
    try:
        write_run_dir(
            path, game.episode.base_task, _config(game), game.episode.trajectory, _metrics(game, started)
        )
    except OSError as exc:
        log.error("cannot save episode %d to %s: %s", game.number, path, exc)
        return None
    log.info("episode %d saved to %s", game.number, path)
    return path


class _Throttled:
    """An fsync called at most every FSYNC_EVERY seconds, unless `always` (the episode's last one)."""

    def __init__(self, fsync: Any):
        self.fsync, self.last, self.always = fsync, float("-inf"), False

    def __call__(self, fd: int) -> None:
        now = time.monotonic()
        if self.always or now - self.last >= FSYNC_EVERY:
            self.last = now
            self.fsync(fd)


class LiveRecording:
    """One game's run directory, written as it is played (see the module docstring)."""

    def __init__(self, game: Game, path: Path):
        from agentworld.runner import _fsync_in_thread  # lazy, as below: the runner pulls in the agents

        self.path = path
        self.config = _config(game)
        self.recorder: RunRecorder | None = None
        self.written = 0  # records of the episode's trajectory already in trajectory.jsonl
        self.failed: str | None = None  # why writing stopped (then the game is saved whole at its end)
        try:
            self.fsync = _Throttled(_fsync_in_thread(asyncio.get_running_loop()))
        except RuntimeError:  # no event loop (a server driven by hand): fsync where we are
            self.fsync = _Throttled(os.fsync)
        try:
            self.recorder = RunRecorder(path, game.episode.base_task, self.config, fsync=self.fsync)
        except OSError as exc:
            self._fail(game, exc)

    def _fail(self, game: Game, exc: OSError) -> None:
        self.failed = str(exc)
        log.error(
            "cannot write episode %d to %s: %s; it is saved whole when it ends", game.number, self.path, exc
        )
        if self.recorder is not None:
            try:
                self.recorder.close()
            except OSError:
                pass
            self.recorder = None

    def catch_up(self, game: Game) -> None:
        """Append the episode's records not written yet (normally the one just published)."""
        trajectory = game.episode.trajectory
        try:
            while self.recorder is not None and self.written < len(trajectory):
                self.recorder.record(trajectory[self.written])
                self.written += 1
        except OSError as exc:
            self._fail(game, exc)

    def finish(self, game: Game, started: float) -> Path | None:
        """metrics.json last (and config.json again if a seat changed hands meanwhile: a person took it)."""
        self.catch_up(game)
        if self.recorder is None:
            return self._save_whole(game, started)
        try:
            config = _config(game)
            if config != self.config:
                tmp = self.path / "config.json.tmp"
                tmp.write_text(
                    json.dumps(
                        {
                            **json.loads((self.path / "config.json").read_text(encoding="utf-8")),
                            "agents": config["agents"],
                        },
                        indent=2,
                    ),
                    encoding="utf-8",
                )
                os.replace(tmp, self.path / "config.json")
            self.fsync.always = True  # the last one is never skipped
            self.recorder.finish(_metrics(game, started))
        except OSError as exc:
            self._fail(game, exc)
            return self._save_whole(game, started)
        log.info("episode %d saved to %s", game.number, self.path)
        return self.path

    def _save_whole(self, game: Game, started: float) -> Path | None:
        """Writing failed on the way (a full disk): a second chance, everything at once."""
        saved = save_game(game, self.path, started)
        if saved is not None:
            (saved / UNFINISHED).unlink(missing_ok=True)
        return saved


def record_live(game: Game, out: str) -> None:
    """The hook called as each record is published: open the game's run directory on its first, append."""
    if game.recording is None:
        if not _saveable(game):
            return
        game.recording = LiveRecording(game, Path(out) / run_dir_name(game))
    game.recording.catch_up(game)


def save_ended(game: Game, out: str, started: float) -> str:
    """The run directory of a game that ended or was taken off ("" if it was not saved)."""
    if game.recording is not None:
        return str(game.recording.finish(game, started) or "")
    if not game.record_sizes:  # nobody acted (an env's first start): not kept
        return ""
    return str(save_game(game, Path(out) / run_dir_name(game), started) or "")
