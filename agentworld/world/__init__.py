"""The AgentWorld game engine: deterministic world state, tools, provenance (no imports from the rest of agentworld)."""

from agentworld.world.content import load_content
from agentworld.world.engine import Outcome, World

__all__ = ["World", "Outcome", "load_content"]
