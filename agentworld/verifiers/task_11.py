"""Task 11, The Witch's Brew: marshcaps and slime gel brought to the apprentice, who completes Morwen's quest.

Success (task file): the apprentice has finished Morwen's quest. Why each role is needed: the
quest is the apprentice's; marshcaps need foraging 10 (forager; nobody teaches foraging, Morwen's
marshcaps cost coins nobody has, marsh toads drop them too rarely for the budget); slime gel needs
a fighter (hunter: a 20-HP slime takes an unarmed player dozens of turns). Legal alternatives
that pass: the forager carries the hunter's gel too, the apprentice walks out to meet them.
Checkpoints: marshcaps picked, gel collected, the apprentice supplied (taking the quest is one
`talk` from the spawn, so it is no milestone).
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held, quest_stage

QUEST = "witchs_brew"


def _done(world: Any) -> bool:
    return quest_stage(world, "apprentice", QUEST) == "done"


def marshcaps_picked(world: Any, task: Any) -> bool:
    return held(world, "marshcap") >= 4 or _done(world)


def gel_collected(world: Any, task: Any) -> bool:
    return held(world, "slime_gel") >= 2 or _done(world)


def apprentice_supplied(world: Any, task: Any) -> bool:
    """The apprentice holds every ingredient at once, or has already handed them in."""
    return (held(world, "marshcap", "apprentice") >= 4 and held(world, "slime_gel", "apprentice") >= 2) or _done(world)


CHECKPOINTS = {
    "marshcaps_picked": marshcaps_picked,
    "gel_collected": gel_collected,
    "apprentice_supplied": apprentice_supplied,
}
