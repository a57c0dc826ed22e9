"""The XP curve: total XP per skill level and back (documented in skills.yaml; content.py checks
the file agrees). Pure integer arithmetic, shared by the engine, the loader and the audit's bounds."""

from __future__ import annotations

import math

XP_QUADRATIC = 20
XP_LINEAR = 30
MAX_LEVEL = 99


def xp_for_level(level: int) -> int:
    """Total XP needed to reach ``level`` (level 1 needs 0): 20*(L-1)^2 + 30*(L-1)."""
    n = max(1, min(int(level), MAX_LEVEL)) - 1
    return XP_QUADRATIC * n * n + XP_LINEAR * n


def level_for_xp(xp: int) -> int:
    """The level reached with ``xp`` total XP (the inverse of xp_for_level, capped at 99)."""
    if xp <= 0:
        return 1
    # solve 20 n^2 + 30 n = xp for n, then correct rounding with exact integer checks
    n = int((-XP_LINEAR + math.sqrt(XP_LINEAR**2 + 4 * XP_QUADRATIC * xp)) / (2 * XP_QUADRATIC))
    level = max(1, min(n + 1, MAX_LEVEL))
    while level < MAX_LEVEL and xp_for_level(level + 1) <= xp:
        level += 1
    while level > 1 and xp_for_level(level) > xp:
        level -= 1
    return level
