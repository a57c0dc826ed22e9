"""Playing scripted teams on an Episode directly (milliseconds per episode), for the task tests.

`play(task, plans, seed)` runs one oracle executor per agent on the given plans (the task's own
`oracle:` plan for agents not in `plans`), round-robin like every backend, until the episode is
done, and returns the Episode so a test can look at the final world.
"""

from __future__ import annotations

from typing import Any

from agentworld.agents import make_agent
from agentworld.episode import Episode, make_briefing
from agentworld.tasks import Task


def play(
    task: Task | str, plans: dict[str, list[Any]] | None = None, seed: int = 0, kind: str = "oracle"
) -> Episode:
    """One episode of a scripted team (`kind` 'oracle' with optional plan overrides, or 'random')."""
    ep = Episode(task, seed=seed)
    team = {}
    for name in ep.agents:
        if kind == "random":
            agent = make_agent("random", seed=seed)
        elif plans is not None and name in plans:
            agent = make_agent("oracle", plan=plans[name])
        else:
            agent = make_agent("oracle")
        agent.reset(name, make_briefing(ep.task, name, include_plan=kind == "oracle"))
        team[name] = agent
    ep.play(team)
    return ep


def last_errors(ep: Episode, agent: str) -> list[str]:
    """Every error the world returned to `agent` in this episode (the reason an attempt failed)."""
    return [r["error"] for r in ep.trajectory if r.get("agent") == agent and r.get("error")]
