"""Plausible random tool calls for one agent, read off its observation (for property tests and benchmarks).

Not an agent for the benchmark (see agentworld.agents.random_agent): this one peeks at the engine
to pick mostly-valid arguments fast, so tests and speed runs exercise real state changes.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

from agentworld.tools import TOOL_WEIGHTS, TOOLS

_TOOLS = list(TOOL_WEIGHTS)
_CUM = []
_total = 0
for _t in _TOOLS:
    _total += TOOL_WEIGHTS[_t]
    _CUM.append(_total)


def _pick(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))] if seq else None


def random_action(world, agent: str, rng: random.Random, obs: dict | None = None) -> tuple[str, dict]:
    """(tool, args) for `agent`, chosen with `rng` from what it can see and hold."""
    if obs is None:
        obs = world.observe(agent)
    tool = _TOOLS[_bisect(rng.random() * _total)]
    nearby = obs["nearby"]
    inv = list(obs["inventory"])

    def reach(kind: str, rng_tiles: int, args_key: str, **extra) -> tuple[str, dict]:
        """Use `tool` on a visible entity of `kind`, or walk to it first when it is out of range."""
        ent = _pick(rng, [e for e in nearby if e["kind"] == kind])
        if ent is None:
            return "wait", {}
        if ent["distance"] > rng_tiles:
            return "move_to", {"target": ent["id"]}
        return tool, {args_key: ent["id"], **extra}

    interact = world.rules.interact_range

    if tool == "move_to":
        r = rng.random()
        if r < 0.5 and nearby:
            return tool, {"target": _pick(rng, nearby)["id"]}
        x, y = obs["position"]
        v = world.rules.view_radius
        return tool, {"target": [max(0, x + rng.randint(-v, v)), max(0, y + rng.randint(-v, v))]}
    if tool == "craft":
        recipes = world.content.recipes
        have = obs["inventory"]
        options = [
            r for r in _recipes_using(world, inv) if all(have.get(i, 0) >= n for i, n in r.inputs.items())
        ]
        r = _pick(rng, options)
        if r is None:
            return tool, {"recipe": _pick(rng, list(recipes)), "count": 1}
        if r.station is not None:
            st = [e for e in nearby if e["kind"] == "station" and e["id"].split("#")[0] == r.station]
            if st and st[0]["distance"] > interact:
                return "move_to", {"target": st[0]["id"]}
        return tool, {"recipe": r.id, "count": 1}
    if tool == "attack":
        return reach("mob", world._player_ratings(world.players[agent]).range, "target")
    if tool == "drop" and inv:
        item = _pick(rng, inv)
        return tool, {"item": item, "count": rng.randint(1, obs["inventory"][item])}
    if tool in ("give", "trade_offer") and inv:
        mate = _pick(rng, [e for e in nearby if e["kind"] == "player"])
        if mate is None:
            others = [a for a in world.players if a != agent]
            return ("move_to", {"target": _pick(rng, others)}) if others else ("wait", {})
        other = mate["id"]
        if tool == "give" and mate["distance"] > world.rules.give_range:
            return "move_to", {"target": other}
        item = _pick(rng, inv)
        n = rng.randint(1, obs["inventory"][item])
        if tool == "give":
            return tool, {"to": other, "item": item, "count": n}
        want = _pick(rng, list(world.players[other].inventory.counts()) or ["coins"])
        return tool, {"to": other, "give": {item: n}, "want": {want: 1}}
    if tool in ("trade_accept", "trade_decline"):
        offers = obs["offers"]
        if offers:
            return tool, {"offer_id": _pick(rng, offers)["id"]}
        return "wait", {}
    if tool == "equip" and inv:
        slotted = [i for i in inv if world.content.items[i].slot]
        return (tool, {"item": _pick(rng, slotted)}) if slotted else ("wait", {})
    if tool == "unequip":
        worn = [s for s, e in obs["equipment"].items() if e]
        return (tool, {"slot": _pick(rng, worn)}) if worn else ("wait", {})
    if tool == "use" and inv:
        usable = [i for i in inv if world.content.items[i].heal or world.content.items[i].effects]
        return (tool, {"item": _pick(rng, usable)}) if usable else ("wait", {})
    if tool in ("talk", "buy", "sell"):
        ent = _pick(rng, [e for e in nearby if e["kind"] == "npc"])
        if ent is None:
            return "wait", {}
        npc = ent["id"]
        if ent["distance"] > interact:
            return "move_to", {"target": npc}
        if tool == "talk":
            return tool, {"npc": npc}
        spec = world.content.npcs[npc]
        if tool == "buy" and spec.shop:
            return tool, {"npc": npc, "item": _pick(rng, [s.item for s in spec.shop.stock]), "count": 1}
        if tool == "sell" and inv:
            return tool, {"npc": npc, "item": _pick(rng, inv), "count": 1}
        return "talk", {"npc": npc}
    if tool == "chat":
        return tool, {"to": "team", "message": f"round {obs['round']}: {agent} at {obs['position']}"}
    if tool == "inspect":
        target = _pick(rng, [e["id"] for e in nearby]) or _pick(rng, inv) or agent
        return tool, {"target": target}
    entity = TOOLS[tool].traits.entity
    if entity is not None:  # gather, pick_up, build and any registered tool used on a nearby entity
        return reach(entity, interact, next(iter(TOOLS[tool].model_fields)))
    return "wait", {}


def _bisect(x: float) -> int:
    lo, hi = 0, len(_CUM)
    while lo < hi:
        mid = (lo + hi) // 2
        if _CUM[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return min(lo, len(_CUM) - 1)


_BY_INPUT: "weakref.WeakKeyDictionary[Any, dict[str, list]]" = weakref.WeakKeyDictionary()


def _recipes_using(world, items: list[str]) -> list:
    """Recipes with at least one input among `items` (index cached per live content)."""
    idx = _BY_INPUT.get(world.content)
    if idx is None:
        idx = {}
        for r in world.content.recipes.values():
            for i in r.inputs:
                idx.setdefault(i, []).append(r)
        _BY_INPUT[world.content] = idx
    seen, out = set(), []
    for i in items:
        for r in idx.get(i, ()):
            if r.id not in seen:
                seen.add(r.id)
                out.append(r)
    return out
