"""Why a team falls short, in words (the reasons the audit's failures and providers give): why no
source of an item is open to it, source by source (a shop out of its means, a recipe or node beyond its
levels or tools, a mob it cannot kill in time), the best level a member reaches in a skill, and a bound
as text.
"""

from __future__ import annotations

import math
from typing import Any

from agentworld.audit.team import Team


def why_missing(team: Team, item: str, depth: int = 0) -> str:
    """Why no source of `item` is open to the team, source by source (for people)."""
    ctx = team.ctx
    content = ctx.content
    parts: list[str] = []
    for npc in content.npcs.values():
        for entry in npc.shop.stock if npc.shop else ():
            if entry.item == item:
                parts.append(
                    f"{npc.id} sells it for {entry.price} coins but the team can raise at most "
                    f"{bound_text(team.coins)}"
                    if entry.price > team.coins
                    else f"{npc.id} is out of reach"
                )
    for recipe in content.recipes.values():
        if item in recipe.outputs:
            parts.append(f"recipe {recipe.id}: {_recipe_gap(team, recipe, depth)}")
    for kind in content.node_kinds.values():
        if item in kind.yields or any(r.item == item for r in kind.rare):
            parts.append(f"node {kind.id}: {_node_gap(team, kind)}")
    for mob in content.mobs.values():
        if any(d.item == item for d in mob.drops):
            parts.append(f"{mob.id} drops it but the team cannot kill one in time")
    if not parts:
        parts.append("only starting inventories or the ground hold it, and no member has it")
    return "; ".join(parts[:4]) + (f"; and {len(parts) - 4} more" if len(parts) > 4 else "")


def _recipe_gap(team: Team, recipe: Any, depth: int) -> str:
    if not any(team.level(m, recipe.skill) >= recipe.level for m in team.members):
        return f"needs {recipe.skill} {recipe.level} ({best_level(team, recipe.skill)})"
    missing = [i for i in list(recipe.inputs) + list(recipe.tools) if not team.has(i)]
    if missing:
        inner = f" ({why_missing(team, missing[0], depth + 1)})" if depth < 1 else ""
        return f"no {', '.join(missing)}{inner}"
    if recipe.station:
        return f"no qualified member reaches a {recipe.station} in time"
    return "not within the budget"


def _node_gap(team: Team, kind: Any) -> str:
    if not any(team.level(m, kind.skill) >= kind.level for m in team.members):
        return f"needs {kind.skill} {kind.level} ({best_level(team, kind.skill)})"
    if kind.tool and not any(
        it.tool and it.tool.skill == kind.tool and team.has(it.id) for it in team.ctx.content.items.values()
    ):
        return f"needs a {kind.tool} tool, and the team has none"
    return "none within reach in time"


def best_level(team: Team, skill: str | None) -> str:
    if skill is None:
        return ""
    ranked = sorted(((team.level(m, skill), m) for m in team.members), reverse=True)
    if not ranked:
        return "no members"
    level, who = ranked[0]
    start = team.ctx.agents[who].skills.get(skill, 1)
    return f"the best is {who} with {skill} {start}, at most {level} within the budget"


def bound_text(x: float) -> str:
    return "unbounded" if math.isinf(x) else f"{int(x)}"
