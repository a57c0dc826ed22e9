"""The generated tasks (task_17 onward), one module per category, each a list of motif calls.

A category's module may continue in others (gathering -> gathering_stores, exploration ->
exploration_relics, trading -> trading_makers, construction -> construction_sites, crafting ->
crafting_amber, crafting_arrows, crafting_dawnlily, crafting_small_chains, combat -> combat_spears,
combat_basilisk, combat_mill, coordination -> coordination_fires, coordination_in_order,
coordination_held) whose drafts it appends to its own.
`scripts/generate_tasks.py` calibrates and writes every entry of `drafts()` to
agentworld/tasks/<id>.yaml. Ids continue after the hand-written tasks (task_01-16).
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.suite import (
    combat,
    construction,
    coordination,
    crafting,
    exploration,
    gathering,
    survival,
    trading,
)

CATEGORIES = (crafting, gathering, trading, construction, coordination, combat, survival, exploration)


def drafts() -> list[Draft]:
    """Every generated draft, in task-id order."""
    out = [draft for module in CATEGORIES for draft in module.drafts()]
    return sorted(out, key=lambda d: int(d.id.split("_")[1]))
