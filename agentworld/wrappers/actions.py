"""A task's fixed list of affordances: Discrete action i <-> one tool call, and a mask of what is legal now.

The list is built once per task from its vocabulary: wait; a step in each of 8 directions; walking
to each landmark; for each kind of entity (node, mob, npc, ground item, site, station) walking to
and using the k nearest in view; walking to each teammate; crafting each recipe; giving each item
to each teammate; accepting / declining a teammate's offer; buying / selling / equipping / using
each item; unequipping each slot; and a few chat templates to the team. `call` turns an index into
the same `{"tool", "args"}` dict an LLM would send, so trajectories, replay and CCE do not fork.
`mask` uses the same checks as the text env's tool_mask (agentworld.affordances): 1 means the
call could succeed now; an index whose target is absent (no 3rd mob in view) is 0 and maps to
`wait` if sent anyway.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from agentworld import affordances as aff
from agentworld.tools import ENTITY_TOOL, TOOL_NAMES, TOOLS

if TYPE_CHECKING:
    from agentworld.world.content import Content
    from agentworld.wrappers.vocabulary import Vocabulary

DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))  # N, NE, E, ... NW
ENTITY_KINDS = ("node", "mob", "npc", "ground", "site", "station")  # the table's order
ENTITY_TOOLS = {kind: ENTITY_TOOL.get(kind) for kind in ENTITY_KINDS}  # None: approach only
# verb -> the tool it calls, from each tool's traits.numeric ('apply' calls ENTITY_TOOLS[kind])
VERB_TOOL = {verb: name for name, cls in TOOLS.items() for verb in cls.traits.numeric if verb != "apply"}
ENTITY_ARG = {tool: next(iter(TOOLS[tool].model_fields)) for tool in ENTITY_TOOL.values()}  # gather: target
CHAT_TEMPLATES = ("I need help here.", "On my way.", "My part is done.", "Come to me.")
_TOOL = {name: i for i, name in enumerate(TOOL_NAMES)}


_STEPS: "weakref.WeakKeyDictionary[Content, np.ndarray]" = weakref.WeakKeyDictionary()


def step_table(content: Content) -> np.ndarray:
    """int8 (height, width, 8): 1 where a step in that direction (DIRECTIONS) from the tile lands on a
    walkable tile `rules.move_speed` tiles away or nearer (what `_step_target` looks for), per content."""
    table = _STEPS.get(content)
    if table is None:
        gmap, reach = content.map, content.rules.move_speed
        walk = np.frombuffer(gmap.walkable_grid, dtype=np.uint8).reshape(gmap.height, gmap.width) == 1
        padded = np.pad(walk, reach)  # off the map is not walkable
        table = np.zeros((gmap.height, gmap.width, len(DIRECTIONS)), dtype=np.int8)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            for step in range(1, reach + 1):
                ox, oy = reach + dx * step, reach + dy * step
                table[:, :, d] |= padded[oy : oy + gmap.height, ox : ox + gmap.width]
        _STEPS[content] = table
    return table


class Affordance(NamedTuple):
    """One entry of the action list: what it does and on what (an id, an index or a name)."""

    verb: str  # wait, step, landmark, approach, apply, mate, craft, give, accept, decline,
    # buy, sell, equip, use, unequip, chat
    target: str = ""  # entity kind, landmark, teammate, recipe, item or slot
    index: int = 0  # direction, k-th nearest, chat template
    item: str = ""  # give: the item

    @property
    def label(self) -> str:
        return (
            ":".join(str(p) for p in (self.verb, self.target, self.index, self.item) if p not in ("", 0))
            or self.verb
        )


class Slots(NamedTuple):
    """The per-turn context an index is resolved against (built once per observation)."""

    view: aff.View
    by_kind: dict[str, list[dict]]  # kind -> its k chosen nearby entries
    mates: dict[str, dict]  # teammate name -> nearby entry (when in view)
    position: tuple[int, int]
    reach: int  # weapon range
    shops: list[dict]  # shop NPCs within interact range (nearest first)
    equipment: dict[str, str]  # slot -> item ("" or None when empty)
    offers: dict[str, dict]  # teammate -> its first pending offer to me


def _first_offers(offers) -> dict[str, dict]:
    """Each sender's first pending offer (the one accept / decline resolve to)."""
    first: dict[str, dict] = {}
    for o in offers:
        first.setdefault(o["from"], o)
    return first


class ActionTable:
    """The Discrete action list of one agent of one task."""

    def __init__(self, vocab: Vocabulary, content: Content, agent: str, k_nearest: int = 3) -> None:
        self.content, self.k, self.vocab, self.agent = content, k_nearest, vocab, agent
        self.rules = aff.rules_for(content)
        self._preferred = frozenset(vocab.node_kinds)  # node kinds that yield the task's items
        self.landmarks = {lid: content.map.landmarks[lid] for lid in vocab.landmarks}
        self.mates = [a for a in vocab.agents if a != agent]
        self.walkable = content.map.walkable
        self.move_speed = content.rules.move_speed
        self.prices = {
            npc.id: {s.item: s.price for s in npc.shop.stock}
            for npc in content.npcs.values()
            if npc.shop is not None
        }
        items = content.items
        table: list[Affordance] = [Affordance("wait")]
        table += [Affordance("step", index=i) for i in range(len(DIRECTIONS))]
        table += [Affordance("landmark", lid) for lid in vocab.landmarks]
        for kind, tool in ENTITY_TOOLS.items():
            table += [Affordance("approach", kind, j) for j in range(k_nearest)]
            if tool is not None:
                table += [Affordance("apply", kind, j) for j in range(k_nearest)]
        table += [Affordance("mate", m) for m in self.mates]
        table += [Affordance("craft", r) for r in vocab.recipes]
        table += [Affordance("give", m, item=i) for m in self.mates for i in vocab.items]
        table += [Affordance(v, m) for v in ("accept", "decline") for m in self.mates]
        sold = {i for p in self.prices.values() for i in p}
        table += [Affordance("buy", i) for i in vocab.items if i in sold]
        table += [Affordance("sell", i) for i in vocab.items if i != "coins"]
        table += [Affordance("equip", i) for i in vocab.items if items[i].slot is not None]
        table += [Affordance("use", i) for i in vocab.items if i in self.rules.usable]
        table += [Affordance("unequip", s) for s in content.rules.equipment_slots]
        if self.mates:
            table += [Affordance("chat", index=i) for i in range(len(CHAT_TEMPLATES))]
        self.table = table
        self.n = len(table)
        self.tool_index = np.array([_TOOL[self._tool(a)] for a in table], dtype=np.intp)
        # give entries (teammates x items) are most of the table: the mask handles them per teammate
        # teammate -> (its give entries, the vocabulary position of each one's item)
        gives: dict[str, list[tuple[int, int]]] = {}
        item_position = {item: j for j, item in enumerate(vocab.items)}
        for i, a in enumerate(table):
            if a.verb == "give":
                gives.setdefault(a.target, []).append((i, item_position[a.item]))
        self._gives = {
            mate: (
                np.array([i for i, _ in pairs], dtype=np.intp),
                np.array([j for _, j in pairs], dtype=np.intp),
            )
            for mate, pairs in gives.items()
        }
        # the other entries by verb, each group checked in one go by `mask`
        at = {verb: [(i, a) for i, a in enumerate(table) if a.verb == verb] for verb in [*VERB_TOOL, "apply"]}
        self._chats = np.array([i for i, _ in at["chat"]], dtype=np.intp)
        self._steps = np.array([i for i, _ in at["step"]], dtype=np.intp)  # in DIRECTIONS order
        self._step_ok = step_table(content)
        self._landmarks = np.array([i for i, _ in at["landmark"]], dtype=np.intp)
        self._landmark_x = np.array([self.landmarks[a.target][0] for _, a in at["landmark"]])
        self._landmark_y = np.array([self.landmarks[a.target][1] for _, a in at["landmark"]])
        # entity kind -> index of its j-th nearest's approach entry and of its apply entry (or -1)
        self._entities = {
            kind: [
                (
                    next(i for i, a in at["approach"] if a.target == kind and a.index == j),
                    next((i for i, a in at["apply"] if a.target == kind and a.index == j), -1),
                )
                for j in range(k_nearest)
            ]
            for kind in ENTITY_TOOLS
        }
        self._mate_moves = [(i, a.target) for i, a in at["mate"]]
        self._crafts = [(i, content.recipes[a.target]) for i, a in at["craft"]]
        self._trades = {a.target: (i, j) for (i, a), (j, _) in zip(at["accept"], at["decline"])}  # mate ->
        self._buys = [(i, a.target) for i, a in at["buy"]]
        self._sells = {a.target: i for i, a in at["sell"]}
        self._equips = {a.target: i for i, a in at["equip"]}
        self._uses = {a.target: i for i, a in at["use"]}
        self._unequips = [(i, a.target) for i, a in at["unequip"]]
        self._enabled: tuple[np.ndarray | None, np.ndarray | None] = (None, None)  # tools, over the table

    @staticmethod
    def _tool(a: Affordance) -> str:
        """The tool an affordance calls (fixed per entry, whatever the turn)."""
        return ENTITY_TOOLS[a.target] if a.verb == "apply" else VERB_TOOL[a.verb]

    # --- per turn ---------------------------------------------------------------------------
    def slots(self, obs: dict) -> Slots:
        """The turn's context: the k nearest of each kind (nodes: the task's kinds first, then those
        with something left, each group nearest first), teammates in view, shops in reach, offers."""
        view = aff.view_of(obs)
        preferred = self._preferred
        by_kind: dict[str, list[dict]] = {k: [] for k in ENTITY_TOOLS}
        ranked: tuple[list, list, list, list] = ([], [], [], [])  # task kind and not depleted, ..., neither
        mates: dict[str, dict] = {}
        for e in view.nearby:  # nearest first (then by id): each group below keeps that order
            kind = e["kind"]
            if kind == "node":
                other = e["id"].partition("#")[0] not in preferred
                ranked[2 * other + ("depleted" in e["detail"])].append(e)
            elif kind == "player":
                mates[e["id"]] = e
            else:
                entries = by_kind.get(kind)
                if entries is not None:
                    entries.append(e)
        k = self.k
        for kind, entries in by_kind.items():
            del entries[k:]
        nodes = by_kind["node"]
        for group in ranked:
            nodes += group[: k - len(nodes)]
        x, y = obs["position"]
        interact, prices = self.rules.interact_range, self.prices
        return Slots(
            view,
            by_kind,
            mates,
            (int(x), int(y)),
            aff.weapon_range(self.rules, view, obs),
            [e for e in by_kind["npc"] if e["id"] in prices and e["distance"] <= interact],
            obs.get("equipment") or {},
            _first_offers(view.offers) if view.offers else {},
        )

    def mask(self, obs: dict, slots: Slots | None = None, enabled: np.ndarray | None = None) -> np.ndarray:
        """int8 over the table: 1 where the call could succeed now (and its tool is enabled).

        The tools are those of the observation's `tool_mask` (enabled and usable now), or `enabled`
        (the episode's tools, int8 over TOOL_NAMES) for an observation without one: an entry this
        mask allows is always a usable call of its tool, so only being enabled is left to check.
        Each group of entries is checked in one go, only where something is there to check (an
        entity in view, an item held, an offer, a shop in reach)."""
        slots = slots or self.slots(obs)
        out = np.zeros(self.n, dtype=np.int8)
        out[0] = 1  # wait
        view = slots.view
        if view.alive:
            x, y = slots.position
            out[self._steps] = self._step_ok[y, x]
            out[self._landmarks] = (self._landmark_x != x) | (self._landmark_y != y)
            out[self._chats] = 1
            self._entity_entries(out, slots)
            self._team_entries(out, slots)
            self._item_entries(out, slots)
        if enabled is None:
            return out & obs["tool_mask"][self.tool_index]
        if enabled is not self._enabled[0]:  # an episode's tools never change: worked out once
            self._enabled = (enabled, enabled[self.tool_index])
        return out & self._enabled[1]

    def _entity_entries(self, out: np.ndarray, slots: Slots) -> None:
        """Walking to and using the k nearest of each kind (only those in view have entries to set)."""
        rules, view = self.rules, slots.view
        for kind, entries in slots.by_kind.items():
            indices = self._entities[kind]
            near = 0 if kind in ("ground", "site") else 1
            for j, e in enumerate(entries):
                approach, apply = indices[j]
                distance = e["distance"]
                if distance > near:
                    out[approach] = 1
                if apply < 0:
                    continue
                if kind == "node":
                    ok = aff.can_gather(rules, view, e)
                elif kind == "mob":
                    ok = aff.can_attack(e, slots.reach)
                elif kind == "site":
                    ok = aff.can_build(view, e, rules.interact_range)
                else:
                    ok = distance <= rules.interact_range
                if ok:
                    out[apply] = 1

    def _team_entries(self, out: np.ndarray, slots: Slots) -> None:
        """Walking to teammates, giving them what is held, answering their offers."""
        rules, view, mates = self.rules, slots.view, slots.mates
        for index, mate in self._mate_moves:
            e = mates.get(mate)
            if e is None or e["distance"] > 1:
                out[index] = 1
        held = None
        for mate, (indices, items) in self._gives.items():
            e = mates.get(mate)
            if e is not None and aff.can_give_to(rules, view, e):
                if held is None:  # vocabulary items in hand, once per turn
                    inventory = view.inventory
                    held = np.array([inventory.get(item, 0) > 0 for item in self.vocab.items], dtype=np.int8)
                out[indices] = held[items]
        for mate, offer in slots.offers.items():
            trade = self._trades.get(mate)
            if trade is not None:
                out[trade[1]] = 1  # decline
                if aff.can_accept(rules, view, offer):
                    out[trade[0]] = 1

    def _item_entries(self, out: np.ndarray, slots: Slots) -> None:
        """Crafting, buying and selling, equipping, using and unequipping."""
        rules, view = self.rules, slots.view
        inventory = view.inventory
        if inventory:
            stations = aff.stations_in_reach(rules, view)
            for index, recipe in self._crafts:
                if aff.can_craft(recipe, view, stations):
                    out[index] = 1
            for item in inventory:
                index = self._equips.get(item)
                if index is not None and aff.can_equip(rules, view, item):
                    out[index] = 1
                index = self._uses.get(item)
                if index is not None and aff.can_use(rules, view, item):
                    out[index] = 1
        if slots.shops:
            coins = inventory.get("coins", 0)
            for index, item in self._buys:
                shop = self._shop(item, slots, True)
                if shop is not None and coins >= self.prices[shop["id"]][item]:
                    out[index] = 1
            paid = rules.shops[slots.shops[0]["id"]][1]  # selling goes to the nearest shop in reach
            for item, count in inventory.items():
                index = self._sells.get(item)
                if index is not None and count > 0 and item in paid:
                    out[index] = 1
        equipment = slots.equipment
        for index, slot in self._unequips:
            if equipment.get(slot):
                out[index] = 1

    def call(self, index: int, obs: dict, slots: Slots | None = None) -> dict:
        """The tool call for action `index` (wait when its target is absent or the index is out of range)."""
        if not 0 <= int(index) < self.n:
            return {"tool": "wait", "args": {}}
        resolved = self._resolve(self.table[int(index)], slots or self.slots(obs))
        if resolved is None:
            return {"tool": "wait", "args": {}}
        return {"tool": resolved[0], "args": resolved[1]}

    # --- resolution and legality ------------------------------------------------------------
    def _entity(self, a: Affordance, slots: Slots) -> dict | None:
        entries = slots.by_kind[a.target]
        return entries[a.index] if a.index < len(entries) else None

    def _step_target(self, a: Affordance, slots: Slots) -> list[int] | None:
        dx, dy = DIRECTIONS[a.index]
        x, y = slots.position
        for s in range(self.move_speed, 0, -1):
            if self.walkable(x + dx * s, y + dy * s):
                return [x + dx * s, y + dy * s]
        return None

    def _offer(self, mate: str, slots: Slots) -> dict | None:
        return slots.offers.get(mate)

    def _shop(self, item: str, slots: Slots, buying: bool) -> dict | None:
        for e in slots.shops:
            if not buying or item in self.prices[e["id"]]:
                return e
        return None

    def _resolve(self, a: Affordance, slots: Slots) -> tuple[str, dict] | None:
        verb = a.verb
        if verb == "wait":
            return "wait", {}
        if verb == "step":
            target = self._step_target(a, slots)
            return None if target is None else ("move_to", {"target": target})
        if verb == "landmark":
            return "move_to", {"target": a.target}
        if verb in ("approach", "apply"):
            e = self._entity(a, slots)
            if e is None:
                return None
            if verb == "approach":
                return "move_to", {"target": e["id"]}
            tool = ENTITY_TOOLS[a.target]
            return tool, {ENTITY_ARG[tool]: e["id"]}
        if verb == "mate":
            return "move_to", {"target": a.target}
        if verb == "craft":
            return "craft", {"recipe": a.target, "count": 1}
        if verb == "give":
            return "give", {"to": a.target, "item": a.item, "count": 1}
        if verb in ("accept", "decline"):
            offer = self._offer(a.target, slots)
            return None if offer is None else (f"trade_{verb}", {"offer_id": int(offer["id"])})
        if verb in ("buy", "sell"):
            shop = self._shop(a.target, slots, verb == "buy")
            return None if shop is None else (verb, {"npc": shop["id"], "item": a.target, "count": 1})
        if verb in ("equip", "use"):
            return verb, {"item": a.target}
        if verb == "unequip":
            return "unequip", {"slot": a.target}
        return "chat", {"to": "team", "message": CHAT_TEMPLATES[a.index]}
