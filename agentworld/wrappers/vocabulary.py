"""A task's fixed vocabulary: the items, recipes, places and kinds its numeric views are built over.

RL spaces need fixed shapes, so each task gets one list of each, derived from the task file
(anything it names) and closed over the recipes that make those items. The lists are sorted, so
the same task always gives the same spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content

_TOKEN = re.compile(r"[a-z][a-z0-9_]*")
RECIPE_DEPTH = 3  # how many recipe steps back from a named item its inputs join the vocabulary


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """Sorted id lists; positions in them are the numeric views' indices."""

    agents: tuple[str, ...]  # the task's agents, in turn order
    items: tuple[str, ...]  # inventory features, give/equip/use/buy/sell actions
    recipes: tuple[str, ...]  # craft actions
    landmarks: tuple[str, ...]  # move-to-landmark actions
    node_kinds: tuple[str, ...]  # resource kinds that yield a vocabulary item (preferred targets)
    checkpoints: tuple[str, ...]  # progress features


def task_vocabulary(task: Task, content: Content) -> Vocabulary:
    tokens = set(_TOKEN.findall(task.model_dump_json()))
    items = {t for t in tokens if t in content.items} | {"coins"}
    recipes = {t for t in tokens if t in content.recipes}
    for _ in range(RECIPE_DEPTH):
        makers = {r.id for r in content.recipes.values() if set(r.outputs) & items} | recipes
        for rid in makers:
            r = content.recipes[rid]
            items |= set(r.inputs) | set(r.outputs) | set(r.tools)
        recipes = makers
    nodes = {k.id for k in content.node_kinds.values() if set(k.yields) & items or k.id in tokens}
    for kind in nodes:  # the tools their gatherers need
        tool = content.node_kinds[kind].tool
        items |= {
            i.id
            for i in content.items.values()
            if i.tool is not None and i.tool.skill == tool and i.id in tokens
        }
    landmarks = {t for t in tokens if t in content.map.landmarks} | {content.rules.hub}
    return Vocabulary(
        agents=tuple(task.agent_names),
        items=tuple(sorted(items)),
        recipes=tuple(sorted(recipes)),
        landmarks=tuple(sorted(landmarks)),
        node_kinds=tuple(sorted(nodes)),
        checkpoints=tuple(c.id for c in task.checkpoints),
    )
