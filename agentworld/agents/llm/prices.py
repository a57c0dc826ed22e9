"""Price tables and what a call costs: model -> dollars per million input, cached-input and output
tokens (a file, a dict or $AGENTWORLD_PRICES).

cost = uncached prompt tokens x input + cached prompt tokens x cached_input + completion x output.
An entry without `cached_input` prices cached tokens as input (no discount assumed).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, NamedTuple

ENTRY = "{'input': $/1M, 'output': $/1M, 'cached_input': $/1M (optional)}"


class Price(NamedTuple):
    """Dollars per million tokens."""

    input: float
    output: float
    cached_input: float


def load_prices(prices: dict[str, Any] | str | os.PathLike | None) -> dict[str, Price]:
    """Price table model -> Price, from a dict, a JSON file or $AGENTWORLD_PRICES."""
    if prices is None:
        env = os.environ.get("AGENTWORLD_PRICES")
        if not env:
            return {}
        prices = env
    if not isinstance(prices, dict):
        path = Path(prices)
        try:
            prices = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"price table {path}: {exc}") from exc
        if not isinstance(prices, dict):
            raise ValueError(f"price table {path}: expected an object {{model: {ENTRY}}}")
    return {model: _price(model, entry) for model, entry in prices.items()}


def _price(model: str, entry: Any) -> Price:
    try:
        if isinstance(entry, dict) and {"input", "output"} <= set(entry) <= {
            "input",
            "output",
            "cached_input",
        }:
            values = [
                float(entry["input"]),
                float(entry["output"]),
                float(entry.get("cached_input", entry["input"])),
            ]
        elif isinstance(entry, (list, tuple)) and len(entry) in (2, 3):
            values = [float(v) for v in entry] + ([float(entry[0])] if len(entry) == 2 else [])
        else:
            values = []
    except (TypeError, ValueError):
        values = []
    if len(values) != 3 or any(v < 0 for v in values):
        raise ValueError(f"price table entry {model!r}: expected {ENTRY} with numbers >= 0, got {entry!r}")
    return Price(*values)


def price_of(table: dict[str, Price], model: str) -> Price | None:
    """Exact model name first, then the name without a provider prefix ('openai/gpt-4o')."""
    return table.get(model) or table.get(model.split("/")[-1])


def call_cost(price: Price, prompt_tokens: int, cached_tokens: int, completion_tokens: int) -> float:
    """Dollars for one call (cached tokens are part of prompt_tokens, as servers count them)."""
    cached = min(cached_tokens, prompt_tokens)
    return (
        (prompt_tokens - cached) * price.input
        + cached * price.cached_input
        + completion_tokens * price.output
    ) / 1_000_000
