"""Price tables: model -> dollars per million input and output tokens (a file, a dict or $AGENTWORLD_PRICES)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def load_prices(prices: dict[str, Any] | str | os.PathLike | None) -> dict[str, tuple[float, float]]:
    """Price table model -> ($ per 1M input tokens, $ per 1M output tokens)."""
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
            raise ValueError(f"price table {path}: expected an object {{model: {{input, output}}}}")
    table = {}
    for model, entry in prices.items():
        if isinstance(entry, dict) and {"input", "output"} <= set(entry):
            table[model] = (float(entry["input"]), float(entry["output"]))
        elif isinstance(entry, (list, tuple)) and len(entry) == 2:
            table[model] = (float(entry[0]), float(entry[1]))
        else:
            raise ValueError(f"price table entry {model!r}: expected {{'input': $/1M, 'output': $/1M}}, got {entry!r}")
    return table


def price_of(table: dict[str, tuple[float, float]], model: str) -> tuple[float, float] | None:
    """Exact model name first, then the name without a provider prefix ('openai/gpt-4o')."""
    return table.get(model) or table.get(model.split("/")[-1])
