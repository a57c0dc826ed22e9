"""Prompt size: how many tokens a list of chat messages is estimated to take (the context budget)."""

from __future__ import annotations

import json


def estimate_tokens(messages: list[dict]) -> int:
    """Rough prompt size in tokens (4 characters per token), for the context budget."""
    return sum(len(str(m.get("content") or "")) + len(json.dumps(m.get("tool_calls") or "")) for m in messages) // 4
