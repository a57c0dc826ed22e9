"""A task's structural signature: one short string naming the shape of its collaboration, so two
tasks that differ only by names (roles, items, places) share it and two that need different
cooperation do not (issue 11, "distinct tasks, not reskins").

It is read off the audit's own derivation (requirements.py, team.py, verdicts.py), with names
abstracted away: an agent becomes the verbs it could perform toward the outcome plus its
verdict, an item the kind of steps that yield it. Seven parts joined by "|" (docs/AUDIT.md):

    agents | outcome | roles | feeds | groups | chains | markers

- agents: `3a`, the team size.
- outcome: the success condition kinds, sorted, `*n` when repeated: `at+holds+nobody_died`.
- roles: per agent `verbs:kinds`, sorted, `*n` when several agents share one. Verbs (what the
  agent could do toward the outcome within the budget; a step every agent could take is no one's
  part): h named by the outcome, p must be at a place, t starts with a chain item, f picks one off
  the ground, b buys one, g gathers one, c crafts one by hand, s crafts one at a station, l loots
  one from a mob, w builds a site, k wounds a mob the outcome kills, n alone knows where something
  another must fetch lies, x can hold a post of a crew. Kinds: the verdict's necessity kinds
  (o outcome, c capability, p presence, v volume, k knowledge-only), `-` unnecessary.
- feeds: `a>b` a chain item role a could yield goes into what role b makes, builds, holds or heals
  with; `a~b` a knowledge relay (a's documentation alone says where b's node or item lies), `a?b` one
  that gives only a clue to the place (a landmark and a side, taskgen/clues.py).
- groups: the sizes of the groups of agents the feeds and relays connect: `5+3` is two parallel
  branches (two trading cycles, two independent deliveries).
- chains: per requirement, how it comes about, nested from the last step back: `s(c(g))` crafted
  at a station from an item crafted by hand from a gathered one; alternatives are joined by `/`
  and a recipe's tools follow `^`; `W(...)` a site from its materials, `K` a kill (`K(...)`: how
  the only weapons that wound the mob come about; its fighters take them in), `V(...)` surviving
  sure strikes with the best heal the team could have, `E(...)` working in an exposure with the best
  heal and the best protection (worn items, `+W(...)` a shelter) the team could have, `$` coins.
- markers: `crewN` (N posts no one member can hold two of at once: simultaneous presence),
  `relayN` (N sites finished in order within a timing window, too far apart for one walker),
  `on` (a site built on another), `factN` (N facts only documentation states), `quest`; `-` none.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from agentworld.audit.damage import Endure, Kill, Survive
from agentworld.audit.needs import Crew, Fact, ItemNeed, Named, Need, Reach, Work
from agentworld.taskgen.clues import clue_marker

if TYPE_CHECKING:
    from agentworld.audit.context import TaskContext
    from agentworld.audit.model import RoleVerdict
    from agentworld.audit.team import Team

_KIND_INITIAL = {"outcome": "o", "capability": "c", "presence": "p", "volume": "v", "knowledge": "k"}
_SOURCE_VERB = {"start": "t", "ground": "f", "shop": "b", "gather": "g", "drop": "l", "quest": "q"}
_VERB_ORDER = "hptfbgcslwknxq"


def structure(
    conditions: list[Any], roles: list["RoleVerdict"], ctx: "TaskContext", needs: list[Need], full: "Team"
) -> str:
    """The signature from the audit's own derivation: the success `conditions`, the role verdicts, the
    task context, the expanded requirements and the whole team's acquisition bounds."""
    return _Shape(conditions, roles, ctx, needs, full).text()


def _count(words: list[str], sep: str = " ") -> str:
    """A multiset as sorted words, `*n` for repeats."""
    return sep.join(w if n == 1 else f"{w}*{n}" for w, n in sorted(Counter(words).items())) or "-"


class _Shape:
    """The abstraction of one task's audit; `text()` joins its parts."""

    def __init__(
        self,
        conditions: list[Any],
        roles: list["RoleVerdict"],
        ctx: "TaskContext",
        needs: list[Need],
        full: "Team",
    ):
        self.conditions, self.roles, self.ctx, self.needs, self.full = conditions, roles, ctx, needs, full
        self.task = ctx.task
        self.verbs: dict[str, set[str]] = {a: set() for a in ctx.agents}
        self.makes: dict[str, set[str]] = {a: set() for a in ctx.agents}  # agent -> items it could yield
        self.uses: dict[str, set[str]] = {a: set() for a in ctx.agents}  # agent -> items it takes in
        self.providers = {id(n): [p.agent for p in n.providers(full)] for n in needs}
        self.chains = [self._goal(need) for need in needs]
        self._other_verbs()
        self.told = self._knowledge()

    # --- the supply chain ----------------------------------------------------------------------
    def _goal(self, need: Need) -> str | None:
        if isinstance(need, ItemNeed):
            holder = self._holder(need)
            if holder:
                self.uses[holder].add(need.item)
            return self._item(need.item, set())
        if isinstance(need, Work):
            site = self.ctx.sites[need.site]
            for agent in self.providers[id(need)]:
                self.uses[agent].update(site.materials)
            parts = sorted(self._item(i, set()) for i in site.materials)
            return "W(" + ",".join(parts) + ")"
        if isinstance(need, Kill) and need.by is None:
            return self._kill(need)
        if isinstance(need, Survive):
            return "V(" + self._heal(need) + ")"
        if isinstance(need, Endure):
            return "E(" + self._endure(need) + ")"
        return None

    def _endure(self, need: Endure) -> str:
        """How the best heal and the best protection against the exposure come about (they bound the
        builds the members live through); the builders take them in."""
        builders = list(need.work.turns(self.full))
        kind = self.ctx.content.exposures[need.exposure].kind
        best = self.full.best_heal()
        items = [
            it.id for it in self.ctx.content.items.values() if it.heal == best > 0 and self.full.has(it.id)
        ]
        worn = [
            it.id
            for it in self.ctx.content.items.values()
            if it.protects.get(kind) and any(self.full.wieldable(m, it.id) for m in builders)
        ]
        for agent in builders:
            self.uses[agent].update(items + worn)
        parts = sorted(self._item(i, set()) for i in items + worn)
        if need.shelter(self.full):
            parts.append("W")
        return ",".join(parts) or "-"

    def _kill(self, need: Kill) -> str:
        """A kill, and for a mob only some weapons wound, how those weapons come about (the kill bound
        counts only them: team.py `max_hit_vs`); each fighter who could wield one takes it in."""
        wounding = [w for w in self.ctx.content.mobs[need.mob].wounded_by if self.full.has(w)]
        for agent in self.providers[id(need)]:
            self.uses[agent].update(w for w in wounding if self.full.wieldable(agent, w))
        ways = sorted({self._item(w, set()) for w in wounding})
        return "K(" + "/".join(ways) + ")" if ways else "K"

    def _heal(self, need: Survive) -> str:
        """How the best heal the team could have comes about (it bounds the strikes absorbed); the
        fighters take it in."""
        best = self.full.best_heal()
        items = [
            it.id for it in self.ctx.content.items.values() if it.heal == best > 0 and self.full.has(it.id)
        ]
        for kill in need.kills:
            for agent in kill.turns(self.full):
                self.uses[agent].update(items)
        return ",".join(sorted(self._item(i, set()) for i in items)) or "-"

    def _holder(self, need: ItemNeed) -> str | None:
        """The agent the same condition names, if any (the holder or wielder of the item)."""
        for other in self.needs:
            if isinstance(other, Named) and other.info.condition == need.info.condition:
                return other.agent
        return None

    def _item(self, item: str, seen: set[str]) -> str:
        """How `item` comes about, as nested step kinds (alternatives sorted, joined by /). A step every
        agent could take gives no agent a verb: it is no one's part."""
        if item in seen:
            return "@"  # a recipe cycle
        seen = seen | {item}
        ways = []
        for source in self.full.sources.get(item, []):
            doers = source.agents if len(source.agents) < len(self.ctx.agents) else ()
            for agent in doers:
                self.makes[agent].add(item)
            if source.kind == "craft":
                recipe = self.ctx.content.recipes[source.ref]
                verb = "s" if recipe.station else "c"
                for agent in doers:
                    self.verbs[agent].add(verb)
                for agent in source.agents:
                    self.uses[agent].update(recipe.inputs)
                    self.uses[agent].update(recipe.tools)
                inner = ",".join(sorted(self._item(i, seen) for i in recipe.inputs))
                tools = ",".join(sorted(self._item(t, seen) for t in recipe.tools))
                ways.append(f"{verb}({inner}{'^' + tools if tools else ''})")
            else:
                verb = _SOURCE_VERB[source.kind]
                for agent in doers:
                    self.verbs[agent].add(verb)
                ways.append(verb)
        if item == "coins":
            ways.append("$")
        return "/".join(sorted(set(ways))) or "?"

    def _other_verbs(self) -> None:
        marks = {Named: "h", Reach: "p", Work: "w", Fact: "n", Crew: "x"}
        for need in self.needs:
            verb = next((v for cls, v in marks.items() if isinstance(need, cls)), None)
            if isinstance(need, Kill):
                verb = "k"
            if verb:
                for agent in self.providers[id(need)]:
                    self.verbs[agent].add(verb)

    def _knowledge(self) -> set[tuple[str, str]]:
        """Knowledge relays (teller, doer): where a node or ground item the task places lies is in the
        teller's documentation only, and the doer, who could gather or pick it up, is not told."""
        world, ctx = self.task.world, self.ctx
        kinds = ctx.content.node_kinds
        spots = [
            (n.position, set(ctx.node_turns.get(n.kind, {})), kinds[n.kind].name.lower()) for n in world.nodes
        ]
        spots += [
            (
                g.position,
                {a for s in self.full.sources.get(g.item, []) if s.kind == "ground" for a in s.agents},
                None,
            )
            for g in world.ground_items
        ]
        contexts = {a: " ".join(spec.context.split()) for a, spec in ctx.agents.items()}  # lines unwrapped
        told = set()
        self.clued: set[tuple[str, str]] = set()  # relays of a clue only (no tile): written a?b
        for position, doers, name in spots:
            if isinstance(position, str):
                continue  # a named place: the map says where it is
            tiles = [f"{position[0]}, {position[1]}", f"{position[0]},{position[1]}"]
            clue = [clue_marker(name)] if name else []  # a clue to the node's place (taskgen/clues.py)
            if any(n in self.task.objective for n in tiles + clue):
                continue
            by_tile = {a for a, text in contexts.items() if any(n in text for n in tiles)}
            by_clue = {a for a, text in contexts.items() if any(n in text for n in clue)} - by_tile
            knowers = by_tile | by_clue
            told |= {(k, d) for k in knowers for d in doers - knowers}
            self.clued |= {(k, d) for k in by_clue for d in doers - knowers}
        for teller, _doer in told:
            self.verbs[teller].add("n")
        return told

    def groups(self) -> str:
        """The sizes of the groups of agents the feeds and relays connect (parallel branches)."""
        parent = {a: a for a in self.ctx.agents}

        def root(a: str) -> str:
            while parent[a] != a:
                a = parent[a]
            return a

        for a, b in self._edges() | self.told:
            parent[root(a)] = root(b)
        sizes = Counter(root(a) for a in self.ctx.agents)
        return "+".join(str(n) for n in sorted(sizes.values(), reverse=True))

    # --- the parts -----------------------------------------------------------------------------
    def role_word(self, agent: str) -> str:
        verbs = "".join(v for v in _VERB_ORDER if v in self.verbs[agent]) or "."
        verdict = next(r for r in self.roles if r.agent == agent)
        kinds = "".join(i for k, i in _KIND_INITIAL.items() if k in verdict.kinds) or "-"
        return f"{verbs}:{kinds}"

    def _edges(self) -> set[tuple[str, str]]:
        return {
            (a, b)
            for a in self.ctx.agents
            for b in self.ctx.agents
            if a != b and self.makes[a] & self.uses[b]
        }

    def feeds(self) -> list[str]:
        return [f"{self.role_word(a)}>{self.role_word(b)}" for a, b in self._edges()] + [
            f"{self.role_word(a)}{'?' if (a, b) in self.clued else '~'}{self.role_word(b)}"
            for a, b in self.told
        ]

    def outcome(self) -> str:
        return _count([getattr(c, "kind", "?") for c in self.conditions], "+")

    def markers(self) -> str:
        out = []
        for need in self.needs:
            if isinstance(need, Crew):
                out.append(
                    f"{'relay' if need.info.key.startswith('crew:relay') else 'crew'}{len(need.posts)}"
                )
            elif isinstance(need, Work) and need.on:
                out.append("on")
        facts = sum(isinstance(n, Fact) for n in self.needs)
        if facts:
            out.append(f"fact{facts}")
        if any(getattr(c, "kind", "") == "quest_done" for c in self.conditions):
            out.append("quest")
        return ",".join(sorted(out)) or "-"

    def text(self) -> str:
        roles = _count([self.role_word(a) for a in self.ctx.agents])
        chains = _count([c for c in self.chains if c])
        return "|".join(
            [
                f"{len(self.ctx.agents)}a",
                self.outcome(),
                roles,
                _count(self.feeds()),
                self.groups(),
                chains,
                self.markers(),
            ]
        )
