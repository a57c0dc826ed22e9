"""AgentWorld: long-horizon collaboration benchmark for teams of LLM agents."""

__version__ = "0.1.0"
