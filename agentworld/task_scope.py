"""The world a task is played and audited in: the whole content, or the base world alone when the task
cannot touch a region bundle.

Region bundles (data/regions/) lie beyond the Eastmarch Stair, farther on foot from the base map than
any task's budget lets an agent walk (world/frontier.py). A task that cannot reach them plays on the
base world alone, exactly as it did before they existed: the same map, entities, ids, observations,
random choices and reset time; and the audit reads the same world. That is sound: a bundle whose
nearest thing no agent can reach in the rounds changes nothing an agent can do (the audit's own bounds,
some content-wide and its reach a Manhattan lower bound, would otherwise loosen for every task).

A task touches the bundles when it names anything only a bundle defines (an item in a pack or a
condition, a kind it places, a landmark: task_checks finds those its world names, a scan of its
conditions and oracle plan the rest, its own site, checkpoint and agent names aside), places or
spawns anything outside the base map, or one of its agents could walk to a bundle's nearest thing
within the rounds (every walk into the bundles passes a portal, and from there goes at least
`nearest_thing` steps; an attack may land `strike_range` short of a mob's tile, counted twice here
as the audit's reach allows that slack on each axis).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from agentworld.task_checks import _content_problems
from agentworld.world.frontier import frontier

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content

TABLES = ("items", "stations", "recipes", "node_kinds", "mobs", "npcs")


def world_for(task: "Task", content: "Content") -> "Content":
    """`content` without its region bundles if the task cannot touch them, else `content` itself."""
    if not content.map.extensions or touches_bundles(task, content):
        return content
    return content.base_world()


def touches_bundles(task: "Task", content: "Content") -> bool:
    """Whether a bundle's content could matter to the task (see the module docstring)."""
    gmap = content.map
    if _content_problems(task, content.base_world()):  # its world names what only bundles define
        return True
    plan = task.model_dump(mode="json", include={"success", "checkpoints", "oracle"})
    own = {task.id, *task.agent_names, *(c.id for c in task.checkpoints)}
    own |= {name for site in task.world.sites for name in (site.id, f"site#{site.id}")}
    bundle_ids = {ident for (table, ident), _ in content.origin.items() if content.from_bundle(table, ident)}
    bundle_ids |= {lm.id for _, ext in gmap.extensions for lm in ext.landmarks}
    if (_strings(plan) - own) & bundle_ids:
        return True
    tiles = [gmap.resolve(a.spawn) for a in task.agents]
    world = task.world
    tiles += [
        gmap.resolve(x.position) for x in (*world.nodes, *world.mobs, *world.ground_items, *world.sites)
    ]
    if not all(gmap.in_base(*tile) for tile in tiles):
        return True
    front = frontier(content)
    if front.nearest_thing < 0:
        return False
    portals = [(p % gmap.width, p // gmap.width) for p in front.portals]
    near = content.rules.mob_leash + max([it.stats.range for it in content.items.values() if it.stats] + [1])
    for agent in task.agents:
        x, y = gmap.resolve(agent.spawn)
        walk = min(abs(x - px) + abs(y - py) for px, py in portals) + front.nearest_thing
        first_round = math.ceil(max(0, walk - 2 * near) / content.rules.move_speed) + 1
        if first_round <= task.max_rounds:
            return True
    return False


def _strings(value: Any) -> set[str]:
    """Every string in a JSON-like value (keys included)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()
