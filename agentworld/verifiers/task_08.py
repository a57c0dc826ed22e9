"""Task 08, Elemental Bosses: the Ice Guardian, the Iron Ogre and the Water Guardian die, and no hero falls.

Bosses never respawn, so 'dead now' and 'was killed' agree; kill events are checked as well.
A tank left without healing, or a damage dealer who draws a guardian's attention, dies: the last
checkpoint fails for good once any player has died.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import deaths, mob_type_killed

BOSSES = ("ice_guardian", "iron_ogre", "water_guardian")


def _defeated(mob_type: str):
    def predicate(world: Any, task: Any) -> bool:
        return mob_type_killed(world, mob_type)
    predicate.__doc__ = f"The {mob_type} has been killed."
    return predicate


def no_hero_fallen(world: Any, task: Any) -> bool:
    """All three guardians are dead and no player has died on the way."""
    return all(mob_type_killed(world, b) for b in BOSSES) and deaths(world) == 0


CHECKPOINTS = {
    "ice_guardian_defeated": _defeated("ice_guardian"),
    "iron_ogre_defeated": _defeated("iron_ogre"),
    "water_guardian_defeated": _defeated("water_guardian"),
    "no_hero_fallen": no_hero_fallen,
}
