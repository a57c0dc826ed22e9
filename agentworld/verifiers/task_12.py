"""Task 12, The Warding Ritual: the four ward stones re-cut and raised, and the circle finished
(elixirs laid, three chants) while all four stones are held.

Where each player stood at each build comes from the event log (moves and respawns up to that
build), so a chant made while a stone was empty can never be repaired by arriving later.

Success (task file): `built_while_held` of the circle, someone within 1 tile of each of the four
stones at every build on it, and each stone's own site built (sandstone and mining 30 for the
north and east stones, oak logs and lumberjacking 30 for the west and south ones, gathered by the
stone). Why each role is needed: at every build five places are occupied at once, the circle (the
chanter) and four stones 26-63 tiles apart and 27-36 from the circle, so the ritual needs five
different agents and the team has exactly five (presence); only the ritualist has alchemy 30 for
the chants (capability: no trainer teaches it past Morwen's 30, in the Murkfen, 40 XP a talk), and
only the ritualist's map says where the stones are and what each takes. The wardens are named
alike: they tell the ritualist what they can do (two miners, two woodcutters), and the ritualist
sends each to a stone its skill can raise, either miner to either stone of sandstone. Legal
alternatives that pass: the two miners (or the two woodcutters) swapping stones, wardens arriving
in any order.
Checkpoints: two stones held at once, all four held at once, a first chant with all held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import site_steps

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

SITE = "site#ritual_circle"
WARDENS = ("ash_warden", "bryn_warden", "cole_warden", "dara_warden")
STONES = {"north": (130, 85), "west": (100, 122), "south": (106, 148), "east": (160, 122)}


def _stones_held(positions: dict[str, tuple[int, int]]) -> int:
    """How many stones have a warden within 1 tile (the stones are far apart: one warden, one stone)."""
    return sum(
        1
        for sx, sy in STONES.values()
        if any(max(abs(x - sx), abs(y - sy)) <= 1 for w, (x, y) in positions.items() if w in WARDENS)
    )


def _held(positions: dict[str, tuple[int, int]]) -> bool:
    return _stones_held(positions) == len(STONES)


def _now(world: World) -> dict[str, tuple[int, int]]:
    return {w: (p.x, p.y) for w, p in world.players.items() if w in WARDENS and p.alive}


def two_stones_held(world: World, task: Task) -> bool:
    return _stones_held(_now(world)) >= 2


def stones_held(world: World, task: Task) -> bool:
    return _held(_now(world))


def _chants(world: World) -> list[dict[str, tuple[int, int]]]:
    """Positions of everyone at each chant (a build that added work)."""
    return [pos for event, pos in site_steps(world, SITE) if not event.get("delivered")]


def first_chant(world: World, task: Task) -> bool:
    chants = _chants(world)
    return bool(chants) and _held(chants[0])


CHECKPOINTS = {
    "two_stones_held": two_stones_held,
    "stones_held": stones_held,
    "first_chant": first_chant,
}
