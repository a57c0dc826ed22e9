"""Task 08, Elemental Bosses: the Ice Guardian, the Iron Ogre and the Water Guardian die, and no hero falls.

Bosses never respawn, so 'dead now' and 'was killed' agree; kill events are checked as well.
Success (task file): every guardian is killed and nobody has died. Why each role is needed: without
its tank a squad's damage dealers die, without its healer the tank dies, without a damage dealer
the guardian outlives the budget; the lairs are 110-190 tiles apart, so a squad cannot help another
in time. Legal alternatives that pass: a support hands all its draughts over before the fight,
squads engage at different times. Checkpoints: each guardian's death.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import mob_type_killed

BOSSES = ("ice_guardian", "iron_ogre", "water_guardian")


def _defeated(mob_type: str):
    def predicate(world: Any, task: Any) -> bool:
        return mob_type_killed(world, mob_type)
    predicate.__doc__ = f"The {mob_type} has been killed."
    return predicate


CHECKPOINTS = {
    "ice_guardian_defeated": _defeated("ice_guardian"),
    "iron_ogre_defeated": _defeated("iron_ogre"),
    "water_guardian_defeated": _defeated("water_guardian"),
}
