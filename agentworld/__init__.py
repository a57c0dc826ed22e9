"""AgentWorld: long-horizon collaboration benchmark for teams of LLM agents.

env = agentworld.make("task_01")            # PettingZoo ParallelEnv (one step = one round)
env = agentworld.make("task_01", api="aec")  # turn-by-turn AEC form
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"


def make(
    task: Any, *, seed: int | None = None, server: str | None = None, api: str = "parallel", **options: Any
):
    """Build the env for a task id or YAML path; see agentworld.env.make for the options."""
    from agentworld.env import make as _make

    return _make(task, seed=seed, server=server, api=api, **options)


def aec_env(task: Any, **kwargs: Any):
    """The turn-by-turn (AEC) form of `make`."""
    return make(task, api="aec", **kwargs)


def list_tasks(category: str | None = None, task_set: str = "main") -> list[str]:
    """Ids of the shipped tasks (of one category if given), e.g. ['task_01', ...]; `task_set`
    "augmented" gives the augmented variants ('task_01_aug', ...), "all" both.

    `agentworld.tasks.list_tasks()` gives summaries (name, category, agents, max_rounds, variant_of)."""
    from agentworld.tasks import list_tasks as _summaries

    return [t["id"] for t in _summaries(task_set) if category is None or t["category"] == category]


__all__ = ["__version__", "make", "aec_env", "list_tasks"]


def __getattr__(name: str) -> Any:
    """`agentworld.tools` (and the other submodules) without importing them at start-up."""
    import importlib

    if name in {"tools", "tasks", "env", "agents", "causal", "runner", "evaluation", "world"}:
        return importlib.import_module(f"agentworld.{name}")
    raise AttributeError(f"module 'agentworld' has no attribute {name!r}")
