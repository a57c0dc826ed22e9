"""The Agent interface every team member implements (scripted, random, LLM, human seat)."""

from __future__ import annotations

from typing import Any


class Agent:
    """One seat of a team. `act` gets the agent's own observation only (blackbox play)."""

    kind = "base"
    needs_plan = False  # scripted agents that execute the task's oracle plan set this

    def __init__(self, **options: Any):
        self.options = options
        self.name = ""
        self.briefing: dict = {}
        self.usage: dict = {"prompt_tokens": 0, "completion_tokens": 0, "cost": 0.0}

    def reset(self, name: str, briefing: dict) -> None:
        """Start of an episode. briefing: task id/name/objective, role, teammates, context, tools, max_rounds."""
        self.name = name
        self.briefing = briefing

    def act(self, observation: dict) -> dict | str:
        """Return one tool call, e.g. {"tool": "wait", "args": {}}."""
        raise NotImplementedError

    def config(self) -> dict:
        """JSON-friendly description stored in the run's config.json (no secrets)."""
        return {"kind": self.kind, **{k: v for k, v in self.options.items() if "key" not in k.lower()}}
