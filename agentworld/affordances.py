"""What an agent could do right now, read from its engine observation (`World.observe`).

One place for the legality rules the text env's `tool_mask` and the numeric wrappers' action
mask share. Each check mirrors the engine handler's preconditions (range, skill level, tools,
inputs held, a station in reach, a pending offer, ...) using only what the agent observes plus
the immutable content, so it costs a pass over `nearby` and a few dict lookups, never a world
query. Where the observation cannot tell (a shop's stock left, a site's skill requirement, a
trade partner's inventory) the check says "could succeed" and the engine's error stays the
final word; everything the observation does show is checked.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from agentworld.tools import ALWAYS_USABLE, TOOL_NAMES, TOOLS

if TYPE_CHECKING:
    from agentworld.world.content import Content

TOOL_INDEX = {name: i for i, name in enumerate(TOOL_NAMES)}


class Rules:
    """Lookups derived once per content: node requirements, tools, weapon ranges, recipes, shops."""

    def __init__(self, content: Content) -> None:
        rules = content.rules
        self.interact_range = rules.interact_range
        self.give_range = rules.give_range
        self.unarmed_range = rules.unarmed.range
        items = content.items
        self.tool_items: dict[str, frozenset[str]] = {}
        for item in items.values():
            if item.tool is not None:
                self.tool_items[item.tool.skill] = self.tool_items.get(item.tool.skill, frozenset()) | {
                    item.id
                }
        self.weapon_range = {i.id: i.stats.range for i in items.values() if i.stats is not None}
        self.equip_requires = {i.id: dict(i.requires) for i in items.values() if i.slot is not None}
        self.heal_only = {
            i.id for i in items.values() if i.heal > 0 and not any(k != "duration" for k in i.effects)
        }
        self.usable = self.heal_only | {
            i.id for i in items.values() if any(k != "duration" for k in i.effects)
        }
        self.nodes = {k.id: (k.skill, k.level, k.tool) for k in content.node_kinds.values()}
        self.recipes = list(content.recipes.values())
        self.recipes_by_input: dict[str, list] = {}
        for r in self.recipes:
            self.recipes_by_input.setdefault(next(iter(r.inputs)), []).append(r)
        self.shops: dict[str, tuple[int, frozenset[str]]] = {}  # npc -> (cheapest price, items it pays for)
        for npc in content.npcs.values():
            if npc.shop is not None:
                paid = frozenset(
                    i.id for i in items.values() if i.id != "coins" and int(i.value * npc.shop.buy_ratio) > 0
                )
                self.shops[npc.id] = (min(s.price for s in npc.shop.stock), paid)


_RULES: "weakref.WeakKeyDictionary[Any, Rules]" = weakref.WeakKeyDictionary()
_LAST: list = [None, None]  # the content asked for last (nearly always the only one) and its rules


def rules_for(content: Content) -> Rules:
    if _LAST[0] is content:
        return _LAST[1]
    found = _RULES.get(content)
    if found is None:
        found = _RULES[content] = Rules(content)
    _LAST[:] = [content, found]
    return found


@dataclass(slots=True)
class View:
    """The parts of one engine observation the checks read, normalised once."""

    alive: bool
    hp: int
    max_hp: int
    skills: dict[str, int]
    inventory: dict[str, int]  # item -> count held (not worn)
    worn: set[str]  # items in equipment slots
    nearby: Sequence[dict]  # the `nearby` entries (sorted by distance, then id)
    offers: Sequence[dict]  # pending trade offers to this agent


def view_of(raw: dict) -> View:
    """Works on the engine's observation and on the env's gym-typed one alike."""
    inventory = raw.get("inventory") or {}
    if not isinstance(inventory, dict):  # env-style tuple of {item, count}
        inventory = {e["item"]: e["count"] for e in inventory}
    return View(
        raw.get("alive", True) not in (False, 0),
        raw.get("hp") or 0,
        raw.get("max_hp") or 0,
        raw.get("skills") or {},
        inventory,
        {e for e in (raw.get("equipment") or {}).values() if e},
        raw.get("nearby") or (),
        raw.get("offers") or (),
    )


def weapon_range(rules: Rules, view: View, raw: dict) -> int:
    weapon = (raw.get("equipment") or {}).get("weapon")
    return rules.weapon_range.get(weapon, rules.unarmed_range) if weapon else rules.unarmed_range


def can_gather(rules: Rules, view: View, entry: dict) -> bool:
    """A node in interact range, not depleted, with the skill level and a tool for it held or worn."""
    if entry["kind"] != "node" or entry["distance"] > rules.interact_range or "depleted" in entry["detail"]:
        return False
    skill, level, tool = rules.nodes.get(entry["id"].partition("#")[0], ("", 10**9, None))
    if view.skills.get(skill, 1) < level:
        return False
    if tool is None:
        return True
    tools = rules.tool_items.get(tool, frozenset())
    return any(t in view.inventory or t in view.worn for t in tools)


def stations_in_reach(rules: Rules, view: View) -> set[str]:
    return {
        e["id"].partition("#")[0]
        for e in view.nearby
        if e["kind"] == "station" and e["distance"] <= rules.interact_range
    }


def can_craft(recipe: Any, view: View, stations: set[str]) -> bool:
    """Inputs for one craft held, skill level met, tools held or worn, the station (if any) in reach."""
    if recipe.station is not None and recipe.station not in stations:
        return False
    if view.skills.get(recipe.skill, 1) < recipe.level:
        return False
    inventory = view.inventory
    if any(inventory.get(i, 0) < n for i, n in recipe.inputs.items()):
        return False
    return all(t in inventory or t in view.worn for t in recipe.tools)


def can_attack(entry: dict, reach: int) -> bool:
    return entry["kind"] == "mob" and entry["distance"] <= reach  # dead mobs are not in view


def teammate_alive(entry: dict) -> bool:
    return entry["kind"] == "player" and entry["detail"].startswith("player")


def can_give_to(rules: Rules, view: View, entry: dict) -> bool:
    return bool(view.inventory) and teammate_alive(entry) and entry["distance"] <= rules.give_range


def can_equip(rules: Rules, view: View, item: str) -> bool:
    needs = rules.equip_requires.get(item)
    return (
        needs is not None
        and view.inventory.get(item, 0) > 0
        and all(view.skills.get(s, 1) >= lv for s, lv in needs.items())
    )


def can_use(rules: Rules, view: View, item: str) -> bool:
    if item not in rules.usable or view.inventory.get(item, 0) <= 0:
        return False
    return item not in rules.heal_only or view.hp < view.max_hp


def can_accept(rules: Rules, view: View, offer: dict) -> bool:
    """The sender alive in give range and the wanted items held (the sender's own side is not visible)."""
    sender = offer["from"]
    near = any(
        e["id"] == sender and teammate_alive(e) and e["distance"] <= rules.give_range for e in view.nearby
    )
    return near and all(view.inventory.get(i, 0) >= n for i, n in _bundle(offer["want"]).items())


def _bundle(b: Any) -> dict[str, int]:
    return b if isinstance(b, dict) else {e["item"]: e["count"] for e in b}


def can_build(view: View, entry: dict, interact_range: int) -> bool:
    """A site in reach, not complete, and either a needed material carried or only work left; or a
    finished fire in reach and a unit of its fuel carried."""
    detail = entry["detail"]
    if entry["kind"] != "site" or entry["distance"] > interact_range or detail == "complete":
        return False
    if detail.startswith("complete"):  # a finished fire takes its fuel (world/exposure.py)
        fuel = detail.rpartition("; feed: ")[2] if "; feed: " in detail else ""
        return bool(fuel) and view.inventory.get(fuel, 0) > 0
    if not detail.startswith("construction site: needs "):
        return True  # only work left (its skill requirement is not in the observation)
    needs = detail[len("construction site: needs ") :].partition(";")[0]
    return any(view.inventory.get(part.rpartition(" x")[0], 0) > 0 for part in needs.split(", "))


def can_shop(rules: Rules, view: View, entry: dict, tool: str) -> bool:
    shop = rules.shops.get(entry["id"]) if entry["kind"] == "npc" else None
    if shop is None or entry["distance"] > rules.interact_range:
        return False
    if tool == "buy":
        return view.inventory.get("coins", 0) >= shop[0]
    return any(item in shop[1] for item in view.inventory)


_BIT = {name: 1 << i for i, name in enumerate(TOOL_NAMES)}
_ALWAYS = sum(_BIT[name] for name in ALWAYS_USABLE)
# tools registered with their own check (traits.affordance a function), beside the built-in ones below
_OWN_CHECKS = [
    (_BIT[name], cls.traits.affordance) for name, cls in TOOLS.items() if callable(cls.traits.affordance)
]
_MASKS: dict[tuple[int, bytes], np.ndarray] = {}  # (usable bits, enabled) -> the shared int8 vector


def usable_tools(raw: dict, content: Content, enabled: np.ndarray) -> np.ndarray:
    """int8 over TOOL_NAMES: 1 where the tool is enabled and some call of it could succeed now.

    Runs for every observation, so it works on a bit set and returns one shared (read-only)
    array per distinct answer.
    """
    rules = rules_for(content)
    view = view_of(raw)
    bits = _usable_bits(rules, view, raw) if view.alive else _BIT["wait"]
    key = (bits, enabled.tobytes())
    mask = _MASKS.get(key)
    if mask is None:
        mask = np.array([1 if bits >> i & 1 else 0 for i in range(len(TOOL_NAMES))], dtype=np.int8) & enabled
        mask.flags.writeable = False
        if len(_MASKS) < 65_536:
            _MASKS[key] = mask
    return mask


def _usable_bits(rules: Rules, view: View, raw: dict) -> int:
    bits = _ALWAYS
    inventory = view.inventory
    if inventory:
        bits |= _BIT["drop"] | _BIT["trade_offer"]
        if any(can_equip(rules, view, i) for i in inventory):
            bits |= _BIT["equip"]
        if any(can_use(rules, view, i) for i in inventory):
            bits |= _BIT["use"]
    if view.worn:
        bits |= _BIT["unequip"]
    if view.offers:
        bits |= _BIT["trade_decline"]
        if any(can_accept(rules, view, o) for o in view.offers):
            bits |= _BIT["trade_accept"]
    bits |= _nearby_bits(rules, view, raw)
    if inventory and _any_craftable(rules, view):
        bits |= _BIT["craft"]
    for bit, usable in _OWN_CHECKS:
        if usable(rules, view, raw):
            bits |= bit
    return bits


def _nearby_bits(rules: Rules, view: View, raw: dict) -> int:
    """One pass over `nearby`: attack, gather, pick_up, give, talk, buy, sell, build."""
    reach = weapon_range(rules, view, raw)
    interact = rules.interact_range
    bits = 0
    for e in view.nearby:
        kind, d = e["kind"], e["distance"]
        if kind == "mob":
            if d <= reach:
                bits |= _BIT["attack"]
        elif d > interact and kind != "player":
            continue
        elif kind == "node":
            if can_gather(rules, view, e):
                bits |= _BIT["gather"]
        elif kind == "ground":
            bits |= _BIT["pick_up"]
        elif kind == "player":
            if can_give_to(rules, view, e):
                bits |= _BIT["give"]
        elif kind == "npc":
            bits |= _BIT["talk"]
            if can_shop(rules, view, e, "buy"):
                bits |= _BIT["buy"]
            if can_shop(rules, view, e, "sell"):
                bits |= _BIT["sell"]
        elif kind == "site":
            if can_build(view, e, interact):
                bits |= _BIT["build"]
    return bits


def _any_craftable(rules: Rules, view: View) -> bool:
    stations = stations_in_reach(rules, view)
    for item in view.inventory:
        for recipe in rules.recipes_by_input.get(item, ()):
            if can_craft(recipe, view, stations):
                return True
    return False
