"""The report's numbers: SR, PSR and CCE of a group of episodes with 95% confidence intervals.

- SR: the share of successful episodes, with the Wilson score interval (sound at 0% and 100%
  and for few episodes, unlike the normal approximation).
- PSR and CCE: means over episodes with a percentile bootstrap interval (2,000 resamples from a
  generator seeded by the report's seed, so the same eval gives the same interval every time).

Which episodes count follows evaluation/summary.py: SR and PSR over every played episode
(errored ones count as failures), CCE over the episodes that finished and were judged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

import numpy as np

from agentworld.report.data import Episode

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile
BOOTSTRAP_RESAMPLES = 2000


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval over n episodes (all None when no episode counts)."""

    value: float | None
    low: float | None
    high: float | None
    n: int


@dataclass(frozen=True)
class GroupStats:
    """SR, PSR and CCE of one group of episodes."""

    episodes: int
    errors: int
    sr: Estimate
    psr: Estimate
    cce: Estimate


def wilson(successes: int, n: int, z: float = Z95) -> Estimate:
    """The share successes/n with its Wilson score interval."""
    if n == 0:
        return Estimate(None, None, None, 0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the interval holds p exactly (rounding could leave 1.0 a hair above the upper end)
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)), n)


def bootstrap_mean(values: Iterable[float], seed: int = 0, resamples: int = BOOTSTRAP_RESAMPLES) -> Estimate:
    """The mean with its 95% percentile bootstrap interval (seeded: the same values give the same interval)."""
    data = np.asarray([float(v) for v in values], dtype=float)
    if data.size == 0:
        return Estimate(None, None, None, 0)
    mean = float(data.mean())
    if data.size == 1 or np.all(data == data[0]):
        return Estimate(mean, mean, mean, int(data.size))
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, data.size, size=(resamples, data.size))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return Estimate(mean, float(low), float(high), int(data.size))


def group_stats(episodes: list[Episode], seed: int = 0) -> GroupStats:
    """SR (Wilson), PSR and CCE (bootstrap) of these episodes."""
    records = [e.record for e in episodes]
    judged = [float(r["cce"]) for r in records if r.get("status") == "ok" and r.get("cce") is not None]
    return GroupStats(
        episodes=len(records),
        errors=sum(1 for r in records if r.get("status") != "ok"),
        sr=wilson(sum(1 for r in records if r.get("success")), len(records)),
        psr=bootstrap_mean((float(r.get("psr") or 0.0) for r in records), seed),
        cce=bootstrap_mean(judged, seed),
    )


def mean_or_none(values: Iterable[float | None]) -> float | None:
    """The mean of the values that are not None (None when there are none)."""
    kept = [float(v) for v in values if v is not None]
    return sum(kept) / len(kept) if kept else None
