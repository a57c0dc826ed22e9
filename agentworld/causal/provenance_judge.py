"""The provenance judge: exact, deterministic, LLM-free edges of the Causal Action Graph.

Six sources of "a enabled b":

1. Engine provenance. Every action record carries ``links`` ({"from": action id, "kind":
   item|damage|labor|trade|quest, "detail"}): item lineage (produced -> given/traded ->
   consumed/equipped), damage that contributed to a kill, labor on a site, trades, quests.
   The events copied into the record back this up: ``item_loss`` lots name the actions
   that produced the items, and ``kill`` events name every damaging action.
2. Movement. Interactions need range. For each agent, the run of its ``move_to`` actions
   right before an action that needed range (gather, attack, give, talk, craft at a station,
   buy, sell, build, pick_up, trade_offer, trade_accept) enables that action (a craft whose
   recipe the world content says is made by hand needs no walk), and every later such action
   the agent takes while it still stands where the walk ended (same recorded ``position``,
   no new walk): the five gathers at a tree, or the hits after a first miss, all needed the
   walk. Inside a run each move enables the next, so a run that ends in a checkpoint-reaching
   move is kept whole. The agent's chat/wait/inspect turns and failed actions do not break a
   run (the agent stays put); any other action ends it. Failed moves (``ok`` false) moved
   nothing and enable nothing.
3. Chat uptake (a heuristic). A message from A to B enables an action of B taken after it
   and within ``window`` rounds (default 3) when the action's arguments (or, for a reply
   message, its text) name something the message named: an item id, an entity id, a
   landmark, an agent name or coordinates (or a tile next to them: interacting needs only
   adjacency). Names of the two talkers themselves do not
   count between two messages, so "ok wizard" does not link a reply to every message.
4. State support. A checkpoint (and each success condition, at the success action: the task's
   ``success:`` list in words, e.g. "archivist holds 1 lost_locket, 1 ancient_tablet, 1 shrine_key")
   is a predicate on the world state, so the action that
   completes it may rely on items made long before (the smith's last craft completes "the
   smith holds a pickaxe, a spear and a rope", but the rope was made earlier). When the
   task's checkpoint descriptions are known, every item the description names that is
   held right after the success action (by the agents the description names, or by anyone
   if it names none) links the actions that put those units in their holders' hands (the
   holdings are replayed from the ``item_gain`` / ``item_loss`` events), and every earlier
   kill of a mob kind the description names ("all four dire wolves") links too. A
   description that says a named agent holds/carries/wields something but names no item
   id it holds ("the archivist holds all three relics") links everything that agent gained.
5. Healing. An action that healed agent X (a ``heal`` event) kept X in the game: it enables
   X's next successful action that is not chat, wait, inspect, use or an attack that only
   missed (a tank that drinks and then misses twice is kept going until its next hit).
6. Standing. A checkpoint may need agents to *be* somewhere ("all four wardens stand on
   their stones"). At each success action, every other agent that the checkpoint's
   description names (its id, a word of its id such as "wardens", or the place it walked
   to), whose latest successful action (chat/wait/inspect aside) was a finished walk (its
   next action is not another move_to the same target), is standing there: that last move
   enables the success action.
7. Protection (the paper's inclusive rule for tanks). When a mob spends its turn at the end of
   round r attacking agent X (its ``damage``/``miss`` events in the round_end record), X is
   holding it off: X's latest world-changing action up to round r enables every world-changing
   action that a teammate Y took in round r or r+1 within ``protect_radius`` tiles of X, unless
   that same mob attacked Y too in those rounds. So the guard that keeps four archers busy, and
   through the heal rule the draughts that keep the guard standing, are credited when the
   scholar's copying under their eyes is.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from typing import Any, Iterable

from agentworld.causal.holdings import replay_holdings
from agentworld.tools import RANGE_TOOLS, TRANSPARENT_TOOLS

from .graph import Edge, Record, action_records
from .mentions import (
    action_names,
    arg_names,
    episode_vocabulary,
    recipe_needs_station,
    recipients,
    singulars,
    text_names,
)

# RANGE_TOOLS act on something within a distance; TRANSPARENT_TOOLS leave the agent where it is
# and so do not interrupt a walk (both from the tool registry, agentworld/tools.py)


class ProvenanceJudge:
    """Edges from engine links, walks, chat uptake and checkpoint state support; no model calls."""

    name = "provenance"

    def __init__(
        self,
        window: int = 3,
        movement: bool = True,
        chat: bool = True,
        checkpoints: dict[str, str] | None = None,
        protect_radius: int = 8,
        success_conditions: list[str] | None = None,
    ) -> None:
        if window < 0:
            raise ValueError(f"chat uptake window must be >= 0 rounds, got {window}")
        if protect_radius < 0:
            raise ValueError(f"protect_radius must be >= 0 tiles, got {protect_radius}")
        self.window = window
        self.protect_radius = protect_radius
        self.movement = movement
        self.chat = chat
        self.checkpoints = dict(checkpoints or {})  # checkpoint id -> description
        # the success conditions in words: the success action relies on them like on a checkpoint
        self.success = {f"success[{i}]": text for i, text in enumerate(success_conditions or [])}
        self.checkpoints.update(self.success)

    def _reached(self, rec: Record) -> list[str]:
        """The checkpoints a record reached, and the success conditions if it is the success action."""
        return list(rec.get("checkpoints") or []) + (list(self.success) if "success_actions" in rec else [])

    def edges(self, records: list[Record], targets: Iterable[int] | None = None) -> list[Edge]:
        """Every edge the evidence supports (targets are not needed: the graph is exact)."""
        actions = action_records(records)
        out = self.link_edges(actions)
        if self.movement:
            out += self.movement_edges(actions)
        if self.chat:
            out += self.chat_edges(actions)
        if self.checkpoints:
            out += self.state_edges(records, actions)
        out += self.heal_edges(actions)
        out += self.protection_edges(records, actions)
        if self.movement:
            out += self.standing_edges(actions)
        return out

    def protection_edges(self, records: list[Record], actions: list[Record]) -> list[Edge]:
        attacked: dict[int, dict[str, set[str]]] = defaultdict(
            lambda: defaultdict(set)
        )  # round -> agent -> mobs
        for rec in records:
            if rec.get("type") != "round_end" or not _is_round(rec.get("round")):
                continue
            for ev in rec.get("events") or []:
                if (
                    ev.get("kind") in ("damage", "miss")
                    and isinstance(ev.get("mob"), str)
                    and isinstance(ev.get("target"), str)
                ):
                    attacked[rec["round"]][ev["target"]].add(ev["mob"])
        if not attacked:
            return []
        out: list[Edge] = []
        latest: dict[str, Record] = {}  # agent -> its latest world-changing action so far
        for b in actions:
            if b.get("ok", True) and b.get("tool") not in TRANSPARENT_TOOLS and _is_round(b.get("round")):
                for holder, action in latest.items():
                    if holder == b["agent"] or not _near(action, b, self.protect_radius):
                        continue
                    rounds = (b["round"], b["round"] + 1)
                    held = set().union(*(attacked.get(r - 1, {}).get(holder, set()) for r in rounds))
                    hit_too = set().union(*(attacked.get(r - 1, {}).get(b["agent"], set()) for r in rounds))
                    mobs = sorted(held - hit_too)
                    if mobs:
                        out.append(
                            Edge(
                                action["id"],
                                b["id"],
                                "protection",
                                f"{holder} held {', '.join(mobs)} off while {b['agent']} acted",
                                self.name,
                            )
                        )
                latest[b["agent"]] = b
        return out

    def heal_edges(self, actions: list[Record]) -> list[Edge]:
        out: list[Edge] = []
        pending: dict[str, list[int]] = defaultdict(list)  # healed agent -> healing actions
        for b in actions:
            if (
                pending.get(b["agent"])
                and b.get("ok", True)
                and b.get("tool") not in TRANSPARENT_TOOLS | {"use"}
                and not _missed(b)
            ):
                for h in pending.pop(b["agent"]):
                    out.append(Edge(h, b["id"], "heal", f"the heal kept {b['agent']} going", self.name))
            for ev in b.get("events") or []:
                if ev.get("kind") == "heal":
                    target = ev.get("target") or ev.get("agent")
                    if isinstance(target, str):
                        pending[target].append(b["id"])
        return out

    def standing_edges(self, actions: list[Record]) -> list[Edge]:
        if not self.checkpoints:
            return []
        vocab = episode_vocabulary(actions)
        mentioned: dict[str, tuple[set[str], set[str]]] = {}  # checkpoint -> (names, singular words)
        for cp, text in self.checkpoints.items():
            words = {w for word in re.findall(r"[a-z0-9]+", text.lower()) for w in singulars(word)}
            mentioned[cp] = (text_names(text, vocab), words)
        # each agent's walks: (last move, the agent's next world-changing action or None)
        nxt: dict[int, Record | None] = {}
        last: dict[str, Record] = {}
        for b in actions:
            if b.get("ok", True) and b.get("tool") not in TRANSPARENT_TOOLS:
                prev = last.get(b["agent"])
                if prev is not None and prev.get("tool") == "move_to":
                    nxt[prev["id"]] = b
                last[b["agent"]] = b
        standing: dict[str, Record | None] = {}  # agent -> its last move, while it has not acted since
        out: list[Edge] = []
        for b in actions:
            for cp in self._reached(b):
                names, words = mentioned.get(cp, (set(), set()))
                for agent, move in standing.items():
                    if move is None or agent == b["agent"]:
                        continue
                    after = nxt.get(move["id"])
                    target = (move.get("args") or {}).get("target")
                    if (
                        after is not None
                        and after.get("tool") == "move_to"
                        and (after.get("args") or {}).get("target") == target
                    ):
                        continue  # still on the way there
                    named = agent.lower() in names or any(
                        len(p) >= 4 and p in words for p in agent.lower().split("_")
                    )
                    if named or arg_names(target) & names:
                        out.append(
                            Edge(
                                move["id"],
                                b["id"],
                                "position",
                                f"checkpoint {cp} needs {agent} standing at {target}",
                                self.name,
                            )
                        )
            if b.get("ok", True) and b.get("tool") not in TRANSPARENT_TOOLS:
                standing[b["agent"]] = b if b.get("tool") == "move_to" else None
        return out

    # ------------------------------------------------------------------ sources

    def link_edges(self, actions: list[Record]) -> list[Edge]:
        out: list[Edge] = []
        for b in actions:
            for link in b.get("links") or []:
                src = link.get("from") if isinstance(link, dict) else None
                if isinstance(src, int) and not isinstance(src, bool):
                    kind = str(link.get("kind", "item"))
                    detail = link.get("detail") or ""
                    out.append(Edge(src, b["id"], kind, f"{kind} provenance {detail}".strip(), self.name))
            for ev in b.get("events") or []:
                kind = ev.get("kind")
                if kind == "item_loss":
                    for lot in ev.get("lots") or []:
                        if isinstance(lot, (list, tuple)) and lot and isinstance(lot[0], int):
                            item = ev.get("item", "item")
                            out.append(
                                Edge(
                                    lot[0],
                                    b["id"],
                                    "item",
                                    f"item provenance {item} x{lot[1] if len(lot) > 1 else '?'}",
                                    self.name,
                                )
                            )
                elif kind == "kill":
                    for src, dmg in (ev.get("contributors") or {}).items():
                        try:
                            src_id = int(src)
                        except (TypeError, ValueError):
                            continue
                        out.append(
                            Edge(
                                src_id,
                                b["id"],
                                "damage",
                                f"damage provenance {dmg} dmg to {ev.get('target')}",
                                self.name,
                            )
                        )
        return [e for e in out if e.src != e.dst]  # a killing blow lists itself among the contributors

    def movement_edges(self, actions: list[Record]) -> list[Edge]:
        out: list[Edge] = []
        run: dict[str, list[Record]] = defaultdict(list)  # per agent: current walk
        stay: dict[
            str, tuple[Record, int]
        ] = {}  # per agent: (last move, length) of the walk it still stands at
        for b in actions:
            agent, tool = b["agent"], b.get("tool")
            walk = run[agent]
            if tool == "move_to":
                if b.get("ok", True):
                    if walk:
                        out.append(Edge(walk[-1]["id"], b["id"], "move", "continues the walk", self.name))
                    walk.append(b)
                    stay.pop(agent, None)
                continue
            if tool in TRANSPARENT_TOOLS or not b.get("ok", True):
                continue  # the agent stayed where it was: the walk goes on
            if walk:
                stay[agent] = (walk[-1], len(walk))
                run[agent] = []
            held = stay.get(agent)
            if held is not None and not _same_place(held[0], b):
                del stay[agent]  # moved by something else (death and respawn, a teleport): the walk is over
                held = None
            needs_range = tool in RANGE_TOOLS and (
                tool != "craft" or recipe_needs_station((b.get("args") or {}).get("recipe"))
            )
            if needs_range and held is not None:
                last, n = held
                out.append(
                    Edge(
                        last["id"],
                        b["id"],
                        "move",
                        f"walk of {n} move(s) brought {agent} in range{_target_of(b)}",
                        self.name,
                    )
                )
        return out

    def chat_edges(self, actions: list[Record]) -> list[Edge]:
        agents = sorted({a["agent"] for a in actions})
        vocab = episode_vocabulary(actions)
        by_agent: dict[str, list[Record]] = defaultdict(list)
        for a in actions:
            by_agent[a["agent"]].append(a)
        ids = {agent: [a["id"] for a in acts] for agent, acts in by_agent.items()}
        names_cache: dict[int, set[str]] = {}

        def names(a: Record) -> set[str]:
            if a["id"] not in names_cache:
                names_cache[a["id"]] = action_names(a, vocab)
            return names_cache[a["id"]]

        out: list[Edge] = []
        for m in actions:
            if m.get("tool") != "chat" or not m.get("ok", True):
                continue
            said = _around(text_names(str((m.get("args") or {}).get("message", "")), vocab))
            if not said:
                continue
            last_round = m["round"] + self.window
            for receiver in recipients(m, agents):
                later = by_agent.get(receiver, [])
                for b in later[bisect_right(ids.get(receiver, []), m["id"]) :]:
                    if b["round"] > last_round:
                        break
                    shared = said & names(b)
                    if b.get("tool") == "chat":
                        shared -= {m["agent"].lower(), receiver.lower()}
                    if shared:
                        out.append(
                            Edge(
                                m["id"],
                                b["id"],
                                "chat",
                                f"{receiver} acted on {m['agent']}'s message naming {', '.join(sorted(shared))}",
                                self.name,
                            )
                        )
        return out

    def state_edges(self, records: list[Record], actions: list[Record]) -> list[Edge]:
        vocab = episode_vocabulary(actions)
        agents = {a["agent"].lower(): a["agent"] for a in actions}
        wanted: dict[str, tuple[set[str], set[str]]] = {}  # checkpoint -> (names, holders)
        possessive: set[str] = set()  # checkpoints saying a named agent holds something
        for cp, text in self.checkpoints.items():
            names = text_names(str(text), vocab)
            holders = {agents[n] for n in names if n in agents}
            wanted[cp] = (names - set(agents), holders)
            if holders and _POSSESSION.search(str(text)):
                possessive.add(cp)
        held: dict[str, dict[str, list[list[Any]]]] = defaultdict(lambda: defaultdict(list))
        kills: list[tuple[int, str, str]] = []  # (action, mob kind, mob id)
        out: list[Edge] = []
        for rec in records:
            for ev in rec.get("events") or []:
                replay_holdings(held, ev)
                if (
                    ev.get("kind") == "kill"
                    and rec.get("type") == "action"
                    and isinstance(ev.get("target"), str)
                ):
                    kills.append((rec["id"], ev["target"].split("#", 1)[0], ev["target"]))
            if rec.get("type") != "action" or not self._reached(rec):
                continue
            for cp in self._reached(rec):
                names, holders = wanted.get(cp, (set(), set()))
                for kid, kind, mob in kills:
                    if kid != rec["id"] and (kind in names or mob in names):
                        out.append(
                            Edge(
                                kid,
                                rec["id"],
                                "state",
                                f"checkpoint {cp} counts the kill of {mob}",
                                self.name,
                            )
                        )
                for holder in sorted(holders or held):
                    items = names & held[holder].keys()
                    if not items and cp in possessive and not any(names & held[h].keys() for h in holders):
                        # "the archivist holds all three relics": the description names no item id,
                        # so everything the named holders gained during the episode counts
                        items = {i for i in held[holder] if not i.startswith("#slot:")}
                    for item in sorted(items):
                        for origin, _n in held[holder][item]:
                            if isinstance(origin, int) and origin != rec["id"]:
                                out.append(
                                    Edge(
                                        origin,
                                        rec["id"],
                                        "state",
                                        f"checkpoint {cp} needs {item} held by {holder}",
                                        self.name,
                                    )
                                )
        return out


def _around(names: set[str]) -> set[str]:
    """Names plus the tiles next to every named coordinate: a walk to (22, 130) acts on a
    message saying the locket lies at (22, 131), since interacting needs only adjacency."""
    out = set(names)
    for key in names:
        if key.startswith("xy:"):
            x, y = map(int, key[3:].split(","))
            out |= {f"xy:{x + dx},{y + dy}" for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return out


# verbs of holding; not "has"/"have", mostly auxiliaries ("the sentinel has eaten a meal")
_POSSESSION = re.compile(r"\b(holds?|held|carr(?:y|ies)|owns?|wields?|wears?|possess(?:es)?|keeps?)\b", re.I)


def _missed(action: Record) -> bool:
    """An attack that only missed: it changed nothing, so it is not what a heal kept going."""
    kinds = {ev.get("kind") for ev in action.get("events") or []}
    return action.get("tool") == "attack" and "miss" in kinds and "damage" not in kinds


def _is_round(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _near(a: Record, b: Record, radius: int) -> bool:
    """Both records have positions within `radius` tiles (Chebyshev) of each other."""
    pa, pb = a.get("position"), b.get("position")
    if not (isinstance(pa, list) and isinstance(pb, list) and len(pa) == 2 and len(pb) == 2):
        return False
    return max(abs(pa[0] - pb[0]), abs(pa[1] - pb[1])) <= radius


def _same_place(a: Record, b: Record) -> bool:
    """Both records stand at the same recorded position (true when either lacks one)."""
    pa, pb = a.get("position"), b.get("position")
    return pa is None or pb is None or list(pa) == list(pb)


def _target_of(action: Record) -> str:
    args: dict[str, Any] = action.get("args") or {}
    for key in ("target", "to", "npc", "site"):
        if key in args:
            return f" of {args[key]}"
    if "recipe" in args:
        return f" to craft {args['recipe']}"
    return ""
