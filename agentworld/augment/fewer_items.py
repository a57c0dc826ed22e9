"""The fewer-items transform: an agent loses a starting item it can get another way in the world: gather
it itself (it has the level and the tool), or buy it (it gets the coins, and the walk to the shop; never in
a market task, where coins handed out would buy the trade itself)."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from agentworld.augment.candidates import Candidate, NotApplicable
from agentworld.augment.rewrite import add_note, task_raw, unsay_start_in_text
from agentworld.conditions import market_prices
from agentworld.task_world import build_world

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content


FEWER_CHOICES = 6  # single-item removals tried


def fewer_items(task: "Task", content: "Content", rng: random.Random) -> list[Candidate]:
    world = build_world(task, content, seed=0)
    # in a market (a trade at a price table) coins handed out to buy an item would buy the trade itself
    can_buy = not market_prices(task)
    ways = []
    for agent in task.agents:
        for item, count in agent.inventory.items():
            if item == "coins":
                continue
            way = _gather_way(agent, item, content, world) or (_shop_way(item, content) if can_buy else None)
            if way is not None:
                ways.append((agent.name, item, count, way))
    if not ways:
        raise NotApplicable(
            f"fewer-items: no starting item of {task.id} can be gathered by its holder or bought in a shop"
        )
    picked = rng.sample(ways, len(ways))[:FEWER_CHOICES]
    return [_fewer(task, content, *way) for way in picked]


def _gather_way(agent: Any, item: str, content: "Content", world: Any) -> tuple[str, str] | None:
    """('gather', node kind) when the agent can gather the item itself, with what else it holds."""
    held = [i for i in [*agent.inventory, *agent.equipment.values()] if i != item]
    for kind in content.node_kinds.values():
        if item not in kind.yields or agent.skills.get(kind.skill, 1) < kind.level:
            continue
        tool = kind.tool is None or any((t := content.items[i].tool) and t.skill == kind.tool for i in held)
        placed = any(ident.split("#", 1)[0] == kind.id for ident in world.entities)
        if tool and placed:
            return "gather", kind.id
    return None


def _shop_way(item: str, content: "Content") -> tuple[str, str, int] | None:
    """('buy', npc, price) at the cheapest shop that stocks the item (first by id on a tie)."""
    offers = sorted(
        (entry.price, npc.id)
        for npc in content.npcs.values()
        if npc.shop
        for entry in npc.shop.stock
        if entry.item == item
    )
    return ("buy", offers[0][1], offers[0][0]) if offers else None


def plural(name: str) -> str:
    """'cooked perch' -> 'cooked perches', 'healing draught' -> 'healing draughts', 'berry' -> 'berries'."""
    if re.search(r"(?:s|x|z|ch|sh)$", name):
        return name + "es"
    if re.search(r"[^aeiou]y$", name):
        return name[:-1] + "ies"
    return name + "s"


def _fewer(task: "Task", content: "Content", name: str, item: str, count: int, way: tuple) -> Candidate:
    raw = task_raw(task)
    agent = next(a for a in raw["agents"] if a["name"] == name)
    inventory = agent["inventory"]
    del inventory[item]
    label = content.items[item].name.lower()
    if way[0] == "gather":
        step = {"gather": {"target": way[1], "count": count}}
        how = f"a `{way[1]}` yields it, and you have the level and the tool to gather it"
        change = f"{name} starts without {count} {item} and gathers it at {way[1]}"
    else:
        npc = content.npcs[way[1]]
        where = content.map.npc_positions.get(npc.id)
        spot = f" at ({where[0]}, {where[1]})" if where else ""
        inventory["coins"] = inventory.get("coins", 0) + way[2] * count
        step = {"buy": {"npc": npc.id, "item": item, "count": count}}
        coins = inventory["coins"]
        how = f"{npc.name} (`{npc.id}`{spot}) sells it for {way[2]} coins each, and you carry {coins} coins"
        change = f"{name} starts without {count} {item} and buys it from {npc.id}"
    agent["inventory"] = inventory
    plan = list(raw["oracle"].get(name, []))
    # what the agent tells the team at the start it still tells first: the errand must not hold back a
    # teammate who acts on that chat (its steps would run before the knowledge arrives)
    told = next((i for i, s in enumerate(plan) if not (isinstance(s, dict) and "chat" in s)), len(plan))
    raw["oracle"][name] = [*plan[:told], step, *plan[told:]]
    agent["context"] = unsay_start_in_text(agent.get("context", ""), item, label, count, way[0] == "buy")
    # what the agent has and where to get it, not when: the note informs, the agent plans
    had = label if count == 1 else f"{count} {plural(label)}"
    agent["context"] = add_note(
        agent["context"], f"In this variant you do NOT start with your {had} (`{item}`): {how}."
    )
    return Candidate(raw, "fewer-items: " + change)
