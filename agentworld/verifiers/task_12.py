"""Task 12, The Warding Ritual: three chants at the circle while all four ward stones are held.

Where each warden stood at each chant comes from the event log (moves and respawns up to that
build), so a chant made while a stone was empty can never be repaired by arriving later.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import site_complete, site_steps

SITE = "site#ritual_circle"
STONES = {
    "north_warden": (130, 85),
    "west_warden": (100, 122),
    "south_warden": (106, 148),
    "east_warden": (160, 122),
}


def _held(positions: dict[str, tuple[int, int]]) -> bool:
    for warden, (sx, sy) in STONES.items():
        pos = positions.get(warden)
        if pos is None or max(abs(pos[0] - sx), abs(pos[1] - sy)) > 1:
            return False
    return True


def stones_held(world: Any, task: Any) -> bool:
    players = world.players
    return all(w in players and players[w].alive for w in STONES) and \
        _held({w: (players[w].x, players[w].y) for w in STONES})


def _chants(world: Any) -> list[dict[str, tuple[int, int]]]:
    """Positions of everyone at each chant (a build that added work)."""
    return [pos for event, pos in site_steps(world, SITE) if not event.get("delivered")]


def first_chant(world: Any, task: Any) -> bool:
    chants = _chants(world)
    return bool(chants) and _held(chants[0])


def ritual_complete(world: Any, task: Any) -> bool:
    chants = _chants(world)
    return site_complete(world, SITE) and bool(chants) and all(_held(pos) for pos in chants)


CHECKPOINTS = {
    "stones_held": stones_held,
    "first_chant": first_chant,
    "ritual_complete": ritual_complete,
}
