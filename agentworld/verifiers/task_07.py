"""Task 07, The Scattered Relics: three relics found in three regions and brought to the archivist."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held, holds_all

RELICS = ("lost_locket", "ancient_tablet", "shrine_key")


def _found(item: str):
    def predicate(world: Any, task: Any) -> bool:
        return held(world, item) > 0
    predicate.__doc__ = f"Someone holds the {item} (it starts on the ground)."
    return predicate


def relics_archived(world: Any, task: Any) -> bool:
    return holds_all(world, "archivist", {item: 1 for item in RELICS})


CHECKPOINTS = {
    "locket_found": _found("lost_locket"),
    "tablet_found": _found("ancient_tablet"),
    "key_found": _found("shrine_key"),
    "relics_archived": relics_archived,
}
