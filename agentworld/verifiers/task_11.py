"""Task 11, The Witch's Brew: marshcaps and slime gel brought to the apprentice, who completes Morwen's quest."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held, quest_stage

QUEST = "witchs_brew"


def _done(world: Any) -> bool:
    return quest_stage(world, "apprentice", QUEST) == "done"


def quest_taken(world: Any, task: Any) -> bool:
    return quest_stage(world, "apprentice", QUEST) is not None


def marshcaps_picked(world: Any, task: Any) -> bool:
    return held(world, "marshcap") >= 4 or _done(world)


def gel_collected(world: Any, task: Any) -> bool:
    return held(world, "slime_gel") >= 2 or _done(world)


def brew_delivered(world: Any, task: Any) -> bool:
    return _done(world)


CHECKPOINTS = {
    "quest_taken": quest_taken,
    "marshcaps_picked": marshcaps_picked,
    "gel_collected": gel_collected,
    "brew_delivered": brew_delivered,
}
