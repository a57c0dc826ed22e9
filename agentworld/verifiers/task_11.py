"""Task 11, The Witch's Brew: witchlight caps and mire eels brought to the apprentice, who completes Morwen's quest.

Success (task file): the apprentice has finished Morwen's quest (eight witchlight caps and four
mire eels, handed in by her). Why each role is needed: the quest is the apprentice's; witchlight
caps need foraging 45 (forager) and mire eels fishing 45 and a fishing tool (eel hunter); no shop
sells either, no mob drops either, only the task's rings and eel holes yield them (the two rings
hold exactly the eight caps), and nobody teaches foraging or fishing (nor could anyone else grind
that far in the budget). `agentworld audit task_11` certifies the forager and the eel hunter by
capability. What the quest asks only Morwen tells the apprentice, and the apprentice tells the
others in chat; the gatherers' documentation says only what they can do and where their rings and
holes are. Legal alternatives that pass: the hunter brings his eels to the apprentice himself, the
forager carries them (the oracle's route). Checkpoints: caps found, eels caught, the apprentice
supplied (taking the quest is one `talk` from the spawn, so it is no milestone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held, quest_stage

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

QUEST = "witchs_brew"
CAP, EEL = "witchlight_cap", "mire_eel"


def _done(world: World) -> bool:
    return quest_stage(world, "apprentice", QUEST) == "done"


def caps_found(world: World, task: Task) -> bool:
    return held(world, CAP) >= 8 or _done(world)


def eels_caught(world: World, task: Task) -> bool:
    return held(world, EEL) >= 4 or _done(world)


def apprentice_supplied(world: World, task: Task) -> bool:
    """The apprentice holds every ingredient at once, or has already handed them in."""
    return (held(world, CAP, "apprentice") >= 8 and held(world, EEL, "apprentice") >= 4) or _done(world)


CHECKPOINTS = {
    "caps_found": caps_found,
    "eels_caught": eels_caught,
    "apprentice_supplied": apprentice_supplied,
}
