"""Task 05, Beacon Relay: three distant beacons lit West -> North -> East, each 1-2 rounds apart, none before round 10.

Lighting order and timing come from the rounds in which the sites were completed (site_done events),
so a fire lit too early or out of order can never satisfy the relay checkpoints.

Success (task file): the East Beacon is built and `relay_complete` holds. Why each role is needed:
the beacons are 45-55 tiles apart and a walker covers 10 tiles a turn, so one keeper cannot light
two beacons 1-2 rounds apart; each keeper holds the torch of their own beacon (torches need coins
or linen, which nobody has); the signal round is only in the east keeper's notes. Legal
alternatives that pass: deliver early and light later, gaps of 2 rounds instead of 1, a later start.
Checkpoints: beacons stocked, West lit after the signal, North lit in relay.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import site_done_rounds

SIGNAL_ROUND = 10
WEST, NORTH, EAST = "site#west_beacon", "site#north_beacon", "site#east_beacon"


def beacons_stocked(world: Any, task: Any) -> bool:
    sites = [world.sites.get(s) for s in (WEST, NORTH, EAST)]
    return all(s is not None and not s.materials for s in sites)


def west_lit(world: Any, task: Any) -> bool:
    r = site_done_rounds(world).get(WEST)
    return r is not None and r >= SIGNAL_ROUND


def _follows(world: Any, earlier: str, later: str) -> bool:
    done = site_done_rounds(world)
    if earlier not in done or later not in done:
        return False
    return 1 <= done[later] - done[earlier] <= 2


def north_lit(world: Any, task: Any) -> bool:
    return west_lit(world, task) and _follows(world, WEST, NORTH)


def relay_complete(world: Any, task: Any) -> bool:
    """The three beacons were lit in a valid relay: West after the signal, then North, then East."""
    return north_lit(world, task) and _follows(world, NORTH, EAST)


CHECKPOINTS = {
    "beacons_stocked": beacons_stocked,
    "west_lit": west_lit,
    "north_lit": north_lit,
}
