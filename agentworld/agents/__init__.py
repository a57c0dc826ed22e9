"""Built-in agents and `make_agent(kind, **options)`."""

from __future__ import annotations

from typing import Any

from agentworld.agents.base import Agent

KINDS = ("noop", "random", "oracle", "llm", "planner", "orchestrator")


def make_agent(kind: str, **options: Any) -> Agent:
    """Build an agent by kind (any case): noop, random (seed=...), oracle, llm (model=, base_url=, ...)."""
    kind = kind.strip().lower() if isinstance(kind, str) else kind
    if kind == "noop":
        from agentworld.agents.noop import NoopAgent

        return NoopAgent(**options)
    if kind == "random":
        from agentworld.agents.random_agent import RandomAgent

        return RandomAgent(**options)
    if kind == "oracle":
        from agentworld.agents.oracle import OracleAgent

        return OracleAgent(**options)
    if kind == "llm":
        from agentworld.agents.llm import LLMAgent  # written by the LLM engineer; imported lazily

        return LLMAgent(**options)
    if kind in ("planner", "orchestrator"):
        raise ValueError(
            f"{kind} seats share one team of model contexts: build the team with "
            f"agentworld.agents.harness.make_{kind}_team(names, ...) (or --agents {kind})"
        )
    raise ValueError(f"unknown agent kind {kind!r}; known kinds: {', '.join(KINDS)}")


__all__ = ["Agent", "make_agent", "KINDS"]
