"""Small pieces every action module shares: the error type and message formatting."""

from __future__ import annotations

import difflib
import functools

from .entities import GroundItem, Landmark, Mob, Node, Npc, Player, Site, Station


class ActionError(Exception):
    """An impossible action; the message is the precise reason shown to the agent."""


KIND_OF = {
    Player: "player",
    Mob: "mob",
    Npc: "npc",
    Node: "node",
    Station: "station",
    GroundItem: "ground",
    Site: "site",
    Landmark: "landmark",
}


def suggest(name: str, options) -> str:
    """'; did you mean 'x'?' for the closest option (difflib, else a containing id), or ''.

    Cached: agents repeat the same slips, and difflib over every item or entity id is the
    slowest thing an invalid action does.
    """
    return _suggest(str(name), tuple(options))


@functools.lru_cache(maxsize=4096)
def _suggest(name: str, options: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(name, options, n=1, cutoff=0.5)
    if not close and len(name) >= 3:
        close = sorted((o for o in options if name in o), key=lambda o: (len(o), o))[:1]
    return f"; did you mean '{close[0]}'?" if close else ""


def suggest_ranked(name: str, options, rank) -> str:
    """Like `suggest`, but among the close or containing options the lowest `rank(option)` wins
    (ties keep suggest's order), so what the agent has been told about beats a far look-alike."""
    candidates = _candidates(str(name), tuple(options))
    if not candidates:
        return ""
    best = min(range(len(candidates)), key=lambda i: (rank(candidates[i]), i))
    return f"; did you mean '{candidates[best]}'?"


@functools.lru_cache(maxsize=4096)
def _candidates(name: str, options: tuple[str, ...]) -> tuple[str, ...]:
    close = difflib.get_close_matches(name, options, n=5, cutoff=0.5)
    containing = (
        sorted((o for o in options if name in o and o not in close), key=lambda o: (len(o), o))
        if len(name) >= 3
        else []
    )
    return tuple(close + containing)


def fmt_items(items: dict[str, int]) -> str:
    return ", ".join(f"{k} x{v}" for k, v in items.items()) or "nothing"


def article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def mob_return(mob: Mob) -> str:
    """When a dead mob comes back, in words."""
    if mob.respawn_round is None:
        return "it never respawns"
    return f"it respawns at the start of round {mob.respawn_round}"
