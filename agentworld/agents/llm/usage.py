"""One LLM seat's usage counters: tokens, calls, cost, retries and every reply quirk counted.

One dict per seat (and one per conversation), summed into a run's usage record; the keys are what
`report`, the eval summaries and the cost accounting read (docs/LLM.md).
"""

from __future__ import annotations

from typing import Any

from agentworld.agents.llm.context import counting_method


def new_usage(counting: str | None = None) -> dict[str, Any]:
    return {
        "prompt_tokens": 0,
        "cached_tokens": 0,
        "completion_tokens": 0,
        "calls": 0,
        "cost": 0.0,
        "retries": 0,
        "per_turn_prompt_tokens": [],
        "max_prompt_tokens": 0,
        "estimated_tokens": False,
        "no_tool_call": 0,
        "extra_tool_calls": 0,
        "invalid_arguments": 0,
        "malformed_tool_call": 0,
        "latency": 0.0,
        "deadline_turns": 0,
        "truncated_replies": 0,
        "max_counted_prompt_tokens": 0,
        "context_folds": 0,
        "observation_cuts": 0,
        "context_exceeded": 0,
        "text_tool_calls": 0,
        "reasoning_content": 0,
        "finish_length": 0,
        "empty_choices": 0,
        "rate_limited": 0,
        "cache_hits": 0,
        "cache_misses": 0,
        "token_counting": counting or counting_method(),
    }


def merge_usage(usages: list[dict[str, Any]]) -> dict[str, Any]:
    """One seat's usage over several contexts (a team harness: the lead's requests made at its turns
    and its worker's): counts add up, peaks (max_*) take the maximum, flags are or-ed, lists join."""
    total: dict[str, Any] = {}
    for usage in usages:
        for key, value in usage.items():
            if isinstance(value, bool):
                total[key] = total.get(key, False) or value
            elif isinstance(value, int | float):
                before = total.get(key, 0)
                total[key] = max(before, value) if key.startswith("max_") else before + value
            elif isinstance(value, list):
                total[key] = [*total.get(key, []), *value]
            else:
                total.setdefault(key, value)
    if "cost" in total:
        total["cost"] = round(total["cost"], 8)
    return total
