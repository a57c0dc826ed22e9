"""An agent that always waits: the 'doing nothing fails' baseline."""

from __future__ import annotations

from agentworld.agents.base import Agent


class NoopAgent(Agent):
    kind = "noop"

    def act(self, observation: dict) -> dict:
        return {"tool": "wait", "args": {}}
