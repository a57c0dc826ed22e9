"""AgentWorld: long-horizon collaboration benchmark for teams of LLM agents.

    env = agentworld.make("task_01")            # PettingZoo ParallelEnv (one step = one round)
    env = agentworld.make("task_01", api="aec")  # turn-by-turn AEC form
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"


def make(task: Any, *, seed: int | None = None, server: str | None = None, api: str = "parallel", **options: Any):
    """Build the env for a task id or YAML path; see agentworld.env.make for the options."""
    from agentworld.env import make as _make

    return _make(task, seed=seed, server=server, api=api, **options)


def aec_env(task: Any, **kwargs: Any):
    """The turn-by-turn (AEC) form of `make`."""
    return make(task, api="aec", **kwargs)


def list_tasks() -> list[dict]:
    """Summaries of the shipped tasks: id, name, category, agents, max_rounds."""
    from agentworld.tasks import list_tasks as _list

    return _list()


__all__ = ["__version__", "make", "aec_env", "list_tasks"]
