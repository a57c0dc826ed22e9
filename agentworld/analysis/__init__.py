"""Analyses of finished runs: communication failure modes from the engine's truth, no model
needed (communication.py), an optional LLM classifier with the same labels (llm_labels.py) and
the `agentworld analyze` command (cli.py). Collaboration-graph metrics live with the causal graph
they read (agentworld/causal/forest.py)."""

from __future__ import annotations

from .communication import LABELS, MessageLabel, aggregate, classify_messages, classify_run

__all__ = ["LABELS", "MessageLabel", "aggregate", "classify_messages", "classify_run"]
