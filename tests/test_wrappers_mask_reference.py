"""ActionTable.mask checks its entries group by group and ActionTable.slots ranks nodes in one pass; they
must give exactly the masks and calls of the entry-by-entry version they replaced (kept below as the
reference), on the text env's observations and on the episode's state alike, over masked random play
(offers, shops, deaths and all)."""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np
import pytest

from agentworld import affordances as aff
from agentworld.tools import TOOL_NAMES
from agentworld.wrappers import make_numeric
from agentworld.wrappers.actions import (
    CHAT_TEMPLATES,
    DIRECTIONS,
    ENTITY_ARG,
    ENTITY_TOOLS,
    VERB_TOOL,
    Affordance,
)

_TOOL = {name: i for i, name in enumerate(TOOL_NAMES)}


class Slots(NamedTuple):
    """actions.Slots as it was (with the stations in reach)."""

    view: aff.View
    by_kind: dict[str, list[dict]]
    mates: dict[str, dict]
    position: tuple[int, int]
    reach: int
    stations: set[str]
    shops: list[dict]
    equipment: dict[str, str]
    offers: dict[str, dict]


def _precondition(a: Affordance) -> tuple[bool, str, bool]:
    """What an entry needs before its full check is worth running: the item in hand (sell), a k-th
    entity of its kind in view (approach / apply), an offer from its teammate (accept / decline)."""
    return (
        a.verb == "sell",
        a.target if a.verb in ("approach", "apply") else "",
        a.verb in ("accept", "decline"),
    )


def _first_offers(offers) -> dict[str, dict]:
    """Each sender's first pending offer (the one accept / decline resolve to)."""
    first: dict[str, dict] = {}
    for o in offers:
        first.setdefault(o["from"], o)
    return first


class ReferenceTable:
    """actions.ActionTable as it was before the grouped mask (entry by entry through _legal)."""

    def __init__(self, vocab, content, agent: str, k_nearest: int = 3) -> None:
        self.content, self.k, self.vocab, self.agent = content, k_nearest, vocab, agent
        self.rules = aff.rules_for(content)
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
        # the rest, minus chat (always legal while alive): (index, entry, what must be present first)
        self._chats = np.array([i for i, a in enumerate(table) if a.verb == "chat"], dtype=np.intp)
        self._others = [
            (i, a, _precondition(a)) for i, a in enumerate(table) if i > 0 and a.verb not in ("give", "chat")
        ]

    @staticmethod
    def _tool(a: Affordance) -> str:
        """The tool an affordance calls (fixed per entry, whatever the turn)."""
        return ENTITY_TOOLS[a.target] if a.verb == "apply" else VERB_TOOL[a.verb]

    # --- per turn ---------------------------------------------------------------------------
    def slots(self, obs: dict) -> Slots:
        view = aff.view_of(obs)
        preferred = set(self.vocab.node_kinds)
        by_kind: dict[str, list[dict]] = {k: [] for k in ENTITY_TOOLS}
        mates: dict[str, dict] = {}
        for e in view.nearby:
            kind = e["kind"]
            if kind == "player":
                mates[e["id"]] = e
            elif kind in by_kind:
                by_kind[kind].append(e)
        nodes = by_kind["node"]  # the task's resources first, and those with something left
        nodes.sort(
            key=lambda e: (
                e["id"].partition("#")[0] not in preferred,
                "depleted" in e["detail"],
                e["distance"],
                e["id"],
            )
        )
        for kind in by_kind:
            del by_kind[kind][self.k :]
        x, y = obs["position"]
        return Slots(
            view,
            by_kind,
            mates,
            (int(x), int(y)),
            aff.weapon_range(self.rules, view, obs),
            aff.stations_in_reach(self.rules, view),
            [
                e
                for e in by_kind["npc"]
                if e["id"] in self.prices and e["distance"] <= self.rules.interact_range
            ],
            dict(obs.get("equipment") or {}),
            _first_offers(view.offers),
        )

    def mask(self, obs: dict, slots: Slots | None = None, enabled: np.ndarray | None = None) -> np.ndarray:
        """int8 over the table: 1 where the call could succeed now (and its tool is enabled).

        The tools are those of the observation's `tool_mask` (enabled and usable now), or `enabled`
        (the episode's tools, int8 over TOOL_NAMES) for an observation without one: an entry this
        mask allows is always a usable call of its tool, so only being enabled is left to check."""
        slots = slots or self.slots(obs)
        out = np.zeros(self.n, dtype=np.int8)
        out[0] = 1  # wait
        view = slots.view
        if view.alive:
            legal, inventory, by_kind, offers = self._legal, view.inventory, slots.by_kind, slots.offers
            out[self._chats] = 1
            for i, a, (needs_item, kind, needs_offer) in self._others:  # cheap absences first
                if needs_item and inventory.get(a.target, 0) <= 0:
                    continue
                if kind and a.index >= len(by_kind[kind]):
                    continue
                if needs_offer and a.target not in offers:
                    continue
                if legal(a, slots):
                    out[i] = 1
            held = None
            for mate, (indices, items) in self._gives.items():
                e = slots.mates.get(mate)
                if e is not None and aff.can_give_to(self.rules, view, e):
                    if held is None:  # vocabulary items in hand, once per turn
                        held = np.array(
                            [inventory.get(item, 0) > 0 for item in self.vocab.items], dtype=np.int8
                        )
                    out[indices] = held[items]
        return out & (obs["tool_mask"] if enabled is None else enabled)[self.tool_index]

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

    def _legal(self, a: Affordance, slots: Slots) -> bool:
        """Could this entry's call succeed now? False when its target is absent."""
        verb, view, rules = a.verb, slots.view, self.rules
        if verb == "step":
            return self._step_target(a, slots) is not None
        if verb == "chat":
            return True
        if verb == "landmark":
            return tuple(self.landmarks[a.target]) != slots.position
        if verb == "give":
            if view.inventory.get(a.item, 0) <= 0:
                return False
            e = slots.mates.get(a.target)
            return e is not None and aff.can_give_to(rules, view, e)
        if verb == "craft":
            return aff.can_craft(self.content.recipes[a.target], view, slots.stations)
        if verb in ("approach", "apply"):
            e = self._entity(a, slots)
            if e is None:
                return False
            if verb == "approach":
                return e["distance"] > (0 if a.target in ("ground", "site") else 1)
            kind = a.target
            if kind == "node":
                return aff.can_gather(rules, view, e)
            if kind == "mob":
                return aff.can_attack(e, slots.reach)
            if kind == "site":
                return aff.can_build(view, e, rules.interact_range)
            return e["distance"] <= rules.interact_range
        if verb == "mate":
            e = slots.mates.get(a.target)
            return e is None or e["distance"] > 1
        if verb in ("accept", "decline"):
            offer = self._offer(a.target, slots)
            return offer is not None and (verb == "decline" or aff.can_accept(rules, view, offer))
        if verb == "buy":
            shop = self._shop(a.target, slots, True)
            return shop is not None and view.inventory.get("coins", 0) >= self.prices[shop["id"]][a.target]
        if verb == "sell":
            if view.inventory.get(a.target, 0) <= 0:
                return False
            shop = self._shop(a.target, slots, False)
            return shop is not None and a.target in rules.shops[shop["id"]][1]
        if verb == "equip":
            return aff.can_equip(rules, view, a.target)
        if verb == "use":
            return aff.can_use(rules, view, a.target)
        return bool(slots.equipment.get(a.target))  # unequip


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _reset_with_depleted_nodes(env) -> dict:
    """A new episode where every third node of the map is depleted (random play seldom empties one),
    so that slots must rank depleted nodes after the others; returns the infos after one wait."""
    env.reset()
    world = env._episode.world
    for node in list(world.nodes.values())[::3]:
        node.capacity, node.respawn_round = 0, 99
        world.depleted[node.id] = node
    return env.step(dict.fromkeys(env.agents, 0))[-1]


@pytest.mark.parametrize(("task", "seed"), [("task_01", 0), ("task_04", 1), ("task_08", 2), ("task_13", 3)])
def test_grouped_mask_is_the_entry_by_entry_mask(task, seed):
    env = make_numeric(task, seed=seed, max_rounds=15)
    episode = env._episode
    content = episode.content
    reference = {a: ReferenceTable(env.vocab, content, a, 3) for a in env.possible_agents}
    rng = np.random.default_rng(seed)
    fixed = ("wait", "landmark", "mate", "craft", "give", "equip", "use", "unequip", "chat")
    resolved_by_turn = {
        a: [i for i, e in enumerate(env.tables[a].table) if e.verb not in fixed] for a in env.possible_agents
    }
    infos = _reset_with_depleted_nodes(env)
    checked = allowed = 0
    for _ in range(30):
        if not env.agents:
            infos = _reset_with_depleted_nodes(env)
        for agent in env.agents:
            text = env.text_observation(agent)
            want = reference[agent].mask(text)
            assert np.array_equal(env.tables[agent].mask(text), want), agent
            assert np.array_equal(infos[agent]["action_mask"], want), agent
            table, state = env.tables[agent], episode.observe_state(agent)
            resolved = resolved_by_turn[agent]  # the entries whose call depends on the turn
            calls = [reference[agent].call(i, text) for i in resolved]
            assert [table.call(i, text) for i in resolved] == calls, agent
            assert [table.call(i, state) for i in resolved] == calls, agent
            checked += 1
            allowed += int(want.sum())
        actions = {a: int(rng.choice(np.flatnonzero(infos[a]["action_mask"]))) for a in env.agents}
        _, _, _, _, infos = env.step(actions)
    assert checked >= 30 and allowed > checked


def test_offers_and_their_answers_match_too():
    """Numeric play never offers (trade_offer has no numeric entry), so offers are made here by hand:
    each trader walks up to a teammate in view and offers one of its goods for one of theirs, or for
    more than the teammate has."""
    env = make_numeric("task_13", seed=0)
    episode = env._episode
    reference = {a: ReferenceTable(env.vocab, episode.content, a, 3) for a in env.possible_agents}
    env.reset()
    made = 0
    for i, agent in enumerate(env.agents):
        state = episode.observe_state(agent)
        mates = [e for e in state["nearby"] if e["kind"] == "player"]
        if not mates or not state["inventory"]:
            continue
        mate = mates[0]["id"]
        episode.act(agent, {"tool": "move_to", "args": {"target": mate}})  # next to it: in give range
        theirs = episode.observe_state(mate)["inventory"]
        give = next(iter(state["inventory"]))
        want = next(iter(theirs), give)
        count = 1 if i % 2 else 99  # odd traders ask for what the mate holds, even ones for too much
        call = {"tool": "trade_offer", "args": {"to": mate, "give": {give: 1}, "want": {want: count}}}
        made += episode.act(agent, call)["ok"]
    assert made >= 4
    accepts = 0
    for agent in env.agents:
        text = env.text_observation(agent)
        want = reference[agent].mask(text)
        assert np.array_equal(env.tables[agent].mask(text), want), agent
        assert np.array_equal(
            env.tables[agent].mask(episode.observe_state(agent), enabled=episode.mask), want
        )
        labels = env.action_labels(agent)
        accepts += sum(int(want[i]) for i, label in enumerate(labels) if label.startswith("accept"))
    assert accepts > 0
