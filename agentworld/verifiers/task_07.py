"""Task 07, The Scattered Relics: three relics found in three regions and brought to the archivist.

Success (task file): the archivist holds the locket, the tablet and the key. Why each role is
needed: each relic is dug with its own skill at 45 (the locket cut from oak roots: lumberjacking;
the tablet levered from under a slab: mining; the key dug from deep sand: foraging), and only the
scout of its region has that skill (no trainer teaches near 45, no grinding reaches it in the
budget); the archivist, who must end up holding all three, has none of them. Each relic's place
is in nobody's briefing: another scout's notes give only a clue (a region and a landmark), so the
scout must hear it in chat and search near the landmark until the dig site comes into view; the
relics lie 100-140 tiles from the town and from each other. Legal alternatives that pass: the
archivist walks out to
meet a scout, a scout hands a relic to another scout who carries it in.
Checkpoints: each relic picked up, a first relic archived.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

RELICS = ("crown_locket", "crown_tablet", "coral_key")


def _found(item: str):
    def predicate(world: World, task: Task) -> bool:
        return held(world, item) > 0

    predicate.__doc__ = f"Someone holds the {item} (it starts on the ground)."
    return predicate


def first_relic_archived(world: World, task: Task) -> bool:
    return any(held(world, item, "archivist") > 0 for item in RELICS)


CHECKPOINTS = {
    "locket_found": _found("crown_locket"),
    "tablet_found": _found("crown_tablet"),
    "key_found": _found("coral_key"),
    "first_relic_archived": first_relic_archived,
}
