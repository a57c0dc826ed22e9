"""Task 05, Beacon Relay: three far beacons lit West -> North -> East, 1-2 rounds apart, from round 12.

Lighting order and timing come from the rounds in which the sites were completed (site_done events),
so a fire lit too early or out of order can never satisfy the relay or its checkpoints.

Each beacon is a pyre: 4 oak logs and a torch, then 3 turns of work, the last of which lights it.
The keepers fell the oaks beside their beacons, cut a stick and make a torch of it with the linen
they carry, stock the pyre and raise it, and hold back the last build for the relay.

Success (task file): `relay` of the three beacons, 1-2 rounds per step, the first in round 12 or
later. Why each role is needed: the beacons are 88-100 tiles apart on foot and a walker covers 10
tiles a turn, so whoever lights one beacon cannot light another within the 2-4 rounds the relay
allows: the relay needs three different keepers at three fires, and the team has exactly three
(presence; a spare torch does not help). The signal round is only in the east keeper's notes, and
no keeper sees another's fire: the relay is passed on in chat.
Legal alternatives that pass: raise the pyre early and light later, gaps of 2 rounds instead of 1,
a later start, any keeper lighting any beacon (with logs and a torch there).
Checkpoints: beacons stocked, West lit after the signal, North lit in relay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import site_done_rounds

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

SIGNAL_ROUND = 12
WEST, NORTH, EAST = "site#west_beacon", "site#north_beacon", "site#east_beacon"


def beacons_stocked(world: World, task: Task) -> bool:
    sites = [world.sites.get(s) for s in (WEST, NORTH, EAST)]
    return all(s is not None and not s.materials for s in sites)


def west_lit(world: World, task: Task) -> bool:
    r = site_done_rounds(world).get(WEST)
    return r is not None and r >= SIGNAL_ROUND


def _follows(world: World, earlier: str, later: str) -> bool:
    done = site_done_rounds(world)
    if earlier not in done or later not in done:
        return False
    return 1 <= done[later] - done[earlier] <= 2


def north_lit(world: World, task: Task) -> bool:
    return west_lit(world, task) and _follows(world, WEST, NORTH)


CHECKPOINTS = {
    "beacons_stocked": beacons_stocked,
    "west_lit": west_lit,
    "north_lit": north_lit,
}
