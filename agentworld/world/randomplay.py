"""Plausible random tool calls for one agent, read off its observation (for property tests and benchmarks).

Not an agent for the benchmark (see agentworld.agents.random_agent): this one peeks at the engine
to pick mostly-valid arguments fast, so tests and speed runs exercise real state changes.
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass
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
    turn = _Turn(world, agent, rng, obs, tool, obs["nearby"], list(obs["inventory"]))
    chooser = _CHOOSERS.get(tool)
    call = chooser(turn) if chooser else None
    if call is not None:
        return call
    entity = TOOLS[tool].traits.entity
    if entity is not None:  # gather, pick_up, build and any registered tool used on a nearby entity
        return turn.reach(entity, world.rules.interact_range, next(iter(TOOLS[tool].model_fields)))
    return "wait", {}


@dataclass(slots=True)
class _Turn:
    """What one choice reads: the world, the agent, the generator, its observation and the drawn tool."""

    world: Any
    agent: str
    rng: random.Random
    obs: dict
    tool: str
    nearby: list[dict]
    inv: list[str]  # the item ids it holds

    def reach(self, kind: str, rng_tiles: int, args_key: str) -> tuple[str, dict]:
        """Use the tool on a visible entity of `kind`, or walk to it first when it is out of range."""
        ent = _pick(self.rng, [e for e in self.nearby if e["kind"] == kind])
        if ent is None:
            return "wait", {}
        if ent["distance"] > rng_tiles:
            return "move_to", {"target": ent["id"]}
        return self.tool, {args_key: ent["id"]}


# Each chooser returns (tool, args), or None to fall back to the entity rule (or a wait).
def _move_to(t: _Turn) -> tuple[str, dict]:
    if t.rng.random() < 0.5 and t.nearby:
        return t.tool, {"target": _pick(t.rng, t.nearby)["id"]}
    x, y = t.obs["position"]
    v = t.world.rules.view_radius
    return t.tool, {"target": [max(0, x + t.rng.randint(-v, v)), max(0, y + t.rng.randint(-v, v))]}


def _craft(t: _Turn) -> tuple[str, dict]:
    have = t.obs["inventory"]
    options = [
        r for r in _recipes_using(t.world, t.inv) if all(have.get(i, 0) >= n for i, n in r.inputs.items())
    ]
    r = _pick(t.rng, options)
    if r is None:
        return t.tool, {"recipe": _pick(t.rng, list(t.world.content.recipes)), "count": 1}
    if r.station is not None:
        st = [e for e in t.nearby if e["kind"] == "station" and e["id"].split("#")[0] == r.station]
        if st and st[0]["distance"] > t.world.rules.interact_range:
            return "move_to", {"target": st[0]["id"]}
    return t.tool, {"recipe": r.id, "count": 1}


def _attack(t: _Turn) -> tuple[str, dict]:
    return t.reach("mob", t.world._player_ratings(t.world.players[t.agent]).range, "target")


def _drop(t: _Turn) -> tuple[str, dict] | None:
    if not t.inv:
        return None
    item = _pick(t.rng, t.inv)
    return t.tool, {"item": item, "count": t.rng.randint(1, t.obs["inventory"][item])}


def _give_or_offer(t: _Turn) -> tuple[str, dict] | None:
    if not t.inv:
        return None
    world, rng = t.world, t.rng
    mate = _pick(rng, [e for e in t.nearby if e["kind"] == "player"])
    if mate is None:
        others = [a for a in world.players if a != t.agent]
        return ("move_to", {"target": _pick(rng, others)}) if others else ("wait", {})
    other = mate["id"]
    if t.tool == "give" and mate["distance"] > world.rules.give_range:
        return "move_to", {"target": other}
    item = _pick(rng, t.inv)
    n = rng.randint(1, t.obs["inventory"][item])
    if t.tool == "give":
        return t.tool, {"to": other, "item": item, "count": n}
    want = _pick(rng, list(world.players[other].inventory.counts()) or ["coins"])
    return t.tool, {"to": other, "give": {item: n}, "want": {want: 1}}


def _answer_offer(t: _Turn) -> tuple[str, dict]:
    offers = t.obs["offers"]
    return (t.tool, {"offer_id": _pick(t.rng, offers)["id"]}) if offers else ("wait", {})


def _equip(t: _Turn) -> tuple[str, dict] | None:
    if not t.inv:
        return None
    slotted = [i for i in t.inv if t.world.content.items[i].slot]
    return (t.tool, {"item": _pick(t.rng, slotted)}) if slotted else ("wait", {})


def _unequip(t: _Turn) -> tuple[str, dict]:
    worn = [s for s, e in t.obs["equipment"].items() if e]
    return (t.tool, {"slot": _pick(t.rng, worn)}) if worn else ("wait", {})


def _use(t: _Turn) -> tuple[str, dict] | None:
    if not t.inv:
        return None
    items = t.world.content.items
    usable = [i for i in t.inv if items[i].heal or items[i].effects]
    return (t.tool, {"item": _pick(t.rng, usable)}) if usable else ("wait", {})


def _npc(t: _Turn) -> tuple[str, dict]:
    ent = _pick(t.rng, [e for e in t.nearby if e["kind"] == "npc"])
    if ent is None:
        return "wait", {}
    npc = ent["id"]
    if ent["distance"] > t.world.rules.interact_range:
        return "move_to", {"target": npc}
    if t.tool == "talk":
        return t.tool, {"npc": npc}
    spec = t.world.content.npcs[npc]
    if t.tool == "buy" and spec.shop:
        return t.tool, {"npc": npc, "item": _pick(t.rng, [s.item for s in spec.shop.stock]), "count": 1}
    if t.tool == "sell" and t.inv:
        return t.tool, {"npc": npc, "item": _pick(t.rng, t.inv), "count": 1}
    return "talk", {"npc": npc}


def _chat(t: _Turn) -> tuple[str, dict]:
    return t.tool, {"to": "team", "message": f"round {t.obs['round']}: {t.agent} at {t.obs['position']}"}


def _inspect(t: _Turn) -> tuple[str, dict]:
    target = _pick(t.rng, [e["id"] for e in t.nearby]) or _pick(t.rng, t.inv) or t.agent
    return t.tool, {"target": target}


def _wait(t: _Turn) -> tuple[str, dict]:
    return "wait", {}


_CHOOSERS = {  # every tool without an entity to act on (those go through _Turn.reach)
    "wait": _wait,
    "move_to": _move_to,
    "craft": _craft,
    "attack": _attack,
    "drop": _drop,
    "give": _give_or_offer,
    "trade_offer": _give_or_offer,
    "trade_accept": _answer_offer,
    "trade_decline": _answer_offer,
    "equip": _equip,
    "unequip": _unequip,
    "use": _use,
    "talk": _npc,
    "buy": _npc,
    "sell": _npc,
    "chat": _chat,
    "inspect": _inspect,
}


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
