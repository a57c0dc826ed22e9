"""The narrow interface between the env (and runner) and wherever the world runs.

Two implementations: `EmbeddedBackend` runs an `Episode` in this process (fast; training and
tests); `agentworld.server_bridge` provides a `ServerBackend` that drives the same `Episode`
inside the game server over websockets. Same seed and same actions give the same records.

Every method returns JSON-friendly data except observations, which are the gym-typed dicts
built by `agentworld.observation` (a server backend restores them with
`observation_from_json`). `make_backend` picks one: embedded, or a server when given its URL.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from agentworld.tasks import Task


@runtime_checkable
class Backend(Protocol):
    """What the env needs from a world. Agents act in `agents` order (the task's order)."""

    task: Task  # the task as played (after options such as no_docs / max_rounds)
    agents: list[str]  # round-robin order

    def reset(self, seed: int | None = None) -> dict[str, dict]:
        """Fresh episode; returns every agent's first observation."""

    def act(self, agent: str, action: Any) -> dict:
        """One turn of `agent`; returns the action record (see ARCHITECTURE.md). Never raises on bad input."""

    def end_round(self) -> dict:
        """Finish the round (mobs act, round += 1); returns the round_end record."""

    def observe(self, agent: str) -> dict:
        """The agent's current observation (gym-typed)."""

    def status(self) -> dict:
        """{round, max_rounds, checkpoints, success, psr, done, truncated}."""

    def trajectory(self) -> list[dict]:
        """Every record so far."""

    def close(self) -> None:
        """Release resources (sockets, server sessions)."""


class EmbeddedBackend:
    """Runs the episode in-process. Thin on purpose: the logic lives in Episode."""

    def __init__(self, task: Task | str, seed: int | None = None, options: Any = None, content: Any = None):
        from agentworld.episode import Episode, EpisodeOptions

        if options is None or isinstance(options, dict):
            options = EpisodeOptions.from_dict(options or {})
        self.episode = Episode(task, seed=seed, options=options, content=content)
        self.task = self.episode.task
        self.agents = list(self.episode.agents)

    def reset(self, seed: int | None = None) -> dict[str, dict]:
        return self.episode.reset(seed)

    def restart(self, seed: int | None = None) -> None:
        """reset() without observing, the World object reset in place (for the numeric wrappers,
        which read the world their own way and reset often)."""
        self.episode.restart(seed, renew=True)

    def act(self, agent: str, action: Any) -> dict:
        return self.episode.act(agent, action)

    def end_round(self) -> dict:
        return self.episode.end_round()

    def observe(self, agent: str) -> dict:
        return self.episode.observe(agent)

    def status(self) -> dict:
        return self.episode.status()

    def trajectory(self) -> list[dict]:
        return self.episode.trajectory

    def close(self) -> None:
        pass


def make_backend(
    task: Task | str, seed: int | None = None, server: str | None = None, options: dict | None = None
) -> Backend:
    """Embedded by default; a websocket ServerBackend when `server` is a URL."""
    from agentworld.episode import EpisodeOptions

    options = dict(options or {})
    EpisodeOptions.from_dict(options)  # fail early, here, on unknown options
    if server:
        from agentworld.server_bridge.client import ServerBackend

        return ServerBackend(server, task, seed=seed, options=options)
    return EmbeddedBackend(task, seed=seed, options=options)
