"""What a team (a subset of a task's agents) could obtain within the budget: items, units, coins.

An item is obtainable when some source of it is open to the team: a member starts with it, it
lies on the ground where a member can walk in time, a shop within reach sells it for no more than
the team's coin bound, a member could reach the recipe's skill level (inputs and tools being
obtainable, a station within reach), a member could reach the node's level holding an obtainable
tool, a mob the team could kill drops it, or a quest rewards it. The set is the least fixed point
of those rules (no item is assumed to make itself). Items pass freely between members (give and
trade), so every source serves the whole team; who could do the last step is kept as `agents`.
Unit counts are upper bounds too: starting units, ground units, shop stock the coins can pay,
gathers at one per turn plus the best tool bonus and rare finds, crafts from input units.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Iterable
from typing import TYPE_CHECKING

from agentworld.audit.bounds import INF, damage_skill
from agentworld.world.combat import armour_of, player_max_hit

if TYPE_CHECKING:
    from agentworld.audit.context import TaskContext


@dataclass(slots=True)
class Source:
    """One way a team gets an item."""

    kind: str  # start | ground | shop | craft | gather | drop | quest
    agents: tuple[str, ...]  # members who could do the last step
    units: float  # at most this many units this way
    detail: str  # for people: "mira sells it for 12 coins", "recipe oak_stick (fletching 1)"
    ref: str = (
        ""  # the recipe id of a craft source (its units are counted from its inputs), node kind of a gather
    )


class Team:
    """The acquisition bounds of one team; build with `Team(ctx, members, reserved)`."""

    def __init__(self, ctx: "TaskContext", members: tuple[str, ...], reserved: dict[str, int] | None = None):
        self.ctx = ctx
        self.members = tuple(m for m in ctx.agents if m in members)  # task order
        self.coins = ctx.coin_bound(self.members, reserved)
        self.sources: dict[str, list[Source]] = {}
        self._units: dict[str, float] = {}
        self._fixed_point()

    def has(self, item: str) -> bool:
        return item == "coins" and self.coins >= 1 or bool(self.sources.get(item))

    def units(self, item: str) -> float:
        """At most how many units of `item` the team could hold at once."""
        if item == "coins":
            return self.coins
        if item not in self._units:
            self._units[item] = INF  # a recipe cycle back to this item: no bound is claimed
            total = 0.0
            for source in self.sources.get(item, ()):
                total += self._craft_units(source, item) if source.kind == "craft" else source.units
            self._units[item] = total
        return self._units[item]

    def level(self, agent: str, skill: str) -> int:
        return self.ctx.skills.level(self.ctx.agents[agent], skill)

    # --- fighting, for this team (items it could obtain, levels its members could reach) ----------
    def wieldable(self, agent: str, item: str) -> bool:
        """Whether the team could obtain `item` and `agent` could reach the levels to equip it."""
        spec = self.ctx.content.items[item]
        return self.has(item) and all(self.level(agent, s) >= lv for s, lv in spec.requires.items())

    def max_hit_vs(self, agent: str, mob: str) -> int:
        """The most one attack of `agent` could take off `mob`: the task-wide bound (context.max_hit),
        or for a mob only some weapons wound, the best of those weapons this team could put in its
        hands (0 when none), with the damage level bound, the best potion and the best worn strength."""
        ctx = self.ctx
        wounding = ctx.content.mobs[mob].wounded_by
        if not wounding:
            return ctx.max_hit(agent)
        return max([self.hit_with(agent, w) for w in wounding if self.wieldable(agent, w)] + [0])

    def hit_with(self, agent: str, weapon: str) -> int:
        """The most one attack of `agent` with `weapon` could deal: the damage level bound, the best
        potion and the best worn strength."""
        stats = self.ctx.content.items[weapon].stats
        skill = damage_skill(stats.style)
        boost = max(
            [it.effects.get(skill, 0) for it in self.ctx.content.items.values() if self.has(it.id)] + [0]
        )
        worn = self._best_worn(agent, "strength", skip="weapon")
        return player_max_hit(self.level(agent, skill) + boost, stats.strength + worn)

    def round_damage(self, mob: str, members: Iterable[str]) -> int:
        """The most damage `members` could deal `mob` in one round, all striking. For a mob only some
        weapons wound, a weapon in one member's hands is in no other's: each kind counts for at most
        as many members as the team could hold units of it (the hardest hitters with it), and each
        member for at most its best blow."""
        members = list(members)
        best = sum(self.max_hit_vs(m, mob) for m in members)
        wounding = self.ctx.content.mobs[mob].wounded_by
        if not wounding:
            return best
        by_weapon = 0
        for weapon in wounding:
            hits = sorted(
                (self.hit_with(m, weapon) for m in members if self.wieldable(m, weapon)), reverse=True
            )
            units = self.units(weapon)
            by_weapon += sum(hits if units == INF else hits[: int(units)])
        return min(best, by_weapon)

    def armour(self, agent: str) -> int:
        """The most armour (worn defense // 10) `agent` could have: per slot, the best defense of an
        item the team could obtain and `agent` could equip."""
        return armour_of(self._best_worn(agent, "defense"))

    def _best_worn(self, agent: str, stat: str, skip: str = "") -> int:
        """The sum over slots (but `skip`) of the best `stat` bonus of an item the team could obtain
        and `agent` could equip."""
        best: dict[str, int] = {}
        for item in self.ctx.content.items.values():
            if (
                item.slot
                and item.slot != skip
                and item.stats is not None
                and getattr(item.stats, stat) > 0
                and self.wieldable(agent, item.id)
            ):
                best[item.slot] = max(best.get(item.slot, 0), getattr(item.stats, stat))
        return sum(best.values())

    def worn_protection(self, agent: str, kind: str) -> int:
        """The most protection against exposures of `kind` `agent` could wear: per slot, the best
        `protects[kind]` of an item the team could obtain and `agent` could equip (exposure.py)."""
        best: dict[str, int] = {}
        for item in self.ctx.content.items.values():
            amount = item.protects.get(kind, 0)
            if item.slot and amount > best.get(item.slot, 0) and self.wieldable(agent, item.id):
                best[item.slot] = amount
        return sum(best.values())

    def best_heal(self) -> int:
        """The most HP one use of an item the team could obtain heals."""
        return max(
            [it.heal for it in self.ctx.content.items.values() if it.heal > 0 and self.has(it.id)] + [0]
        )

    def healing(self) -> float:
        """All the HP the team's food and potions could heal: units obtainable x heal, every item."""
        return sum(
            self.units(item.id) * item.heal for item in self.ctx.content.items.values() if item.heal > 0
        )

    def training(self, agent: str, source: Source) -> str:
        """How `agent` gets the level a craft or gather source needs, when it does not start with it."""
        content = self.ctx.content
        spec = (
            content.recipes.get(source.ref) if source.kind == "craft" else content.node_kinds.get(source.ref)
        )
        if spec is None:
            return ""
        start = self.ctx.agents[agent].skills.get(spec.skill, 1)
        if start >= spec.level:
            return ""
        return f" [{agent} has {spec.skill} {start}, could reach {self.level(agent, spec.skill)}]"

    # --- the fixed point --------------------------------------------------------------------------
    def _fixed_point(self) -> None:
        """Seed what needs no item, then open recipes, tool-gated nodes and quests until stable."""
        self._seed()
        ctx = self.ctx
        members = set(self.members)
        recipes = {
            r.id: r for r in ctx.content.recipes.values() if members.intersection(ctx.recipe_makers[r.id])
        }
        nodes = {
            k.id: k for k in ctx.content.node_kinds.values() if members.intersection(ctx.node_turns[k.id])
        }
        quests = {
            q.id: (npc, q)
            for npc in ctx.content.npcs.values()
            for q in npc.quests
            if members.intersection(ctx.npc_walkers[npc.id])
        }
        changed = True
        while changed:
            changed = False
            for rid, recipe in list(recipes.items()):
                if all(self.has(i) for i in recipe.inputs) and all(self.has(t) for t in recipe.tools):
                    del recipes[rid]
                    self._open_recipe(recipe)
                    changed = True
            for kid, kind in list(nodes.items()):
                if kind.tool is None or any(self.has(t) for t in ctx.tools_for.get(kind.tool, ())):
                    del nodes[kid]
                    self._open_node(kind)
                    changed = True
            for qid, (npc, quest) in list(quests.items()):
                if all(self.has(i) for stage in quest.stages for i in stage.items):
                    del quests[qid]
                    takers = self._among(ctx.npc_walkers[npc.id])
                    for item, n in quest.rewards.items.items():
                        if item != "coins":
                            self._add(
                                item, Source("quest", takers, n * len(takers), f"reward of quest {quest.id}")
                            )
                    changed = True

    def _among(self, agents) -> tuple[str, ...]:
        return tuple(m for m in self.members if m in agents)

    def _add(self, item: str, source: Source) -> None:
        self.sources.setdefault(item, []).append(source)

    def _seed(self) -> None:
        ctx = self.ctx
        for name in self.members:
            spec = ctx.agents[name]
            held = dict(spec.inventory)
            for item in spec.equipment.values():
                held[item] = held.get(item, 0) + 1
            for item, n in held.items():
                if item != "coins":
                    self._add(item, Source("start", (name,), n, f"{name} starts with {n}"))
        for item, n, tile in ctx.ground:
            walkers = tuple(m for m in self.members if ctx.reach_any(m, ctx.ground_tiles[tile]) <= ctx.rounds)
            if walkers:
                self._add(item, Source("ground", walkers, n, f"{n} on the ground at {tile[0]}, {tile[1]}"))
        for npc in ctx.content.npcs.values():
            buyers = self._among(ctx.npc_walkers[npc.id])
            for entry in npc.shop.stock if npc.shop and buyers else ():
                if entry.price <= self.coins:
                    affordable = (
                        entry.quantity
                        if entry.price == 0
                        else min(entry.quantity, _whole(self.coins / entry.price))
                    )
                    detail = f"{npc.id} sells it for {entry.price} coins ({entry.quantity} in stock)"
                    self._add(entry.item, Source("shop", buyers, affordable, detail))
        for mob in ctx.content.mobs.values():
            damage = {m: d for m, d in ctx.mob_damage[mob.id].items() if m in self.members}
            kills = math.floor(sum(damage.values()) / mob.hp)
            for drop in mob.drops if kills >= 1 else ():
                top = drop.count if isinstance(drop.count, int) else drop.count[1]
                if drop.item != "coins":
                    self._add(drop.item, Source("drop", tuple(damage), kills * top, f"dropped by {mob.id}"))

    def _open_recipe(self, recipe) -> None:
        makers = self._among(self.ctx.recipe_makers[recipe.id])
        where = f" at a {recipe.station}" if recipe.station else ""
        for out in recipe.outputs:
            detail = f"recipe {recipe.id} ({recipe.skill} {recipe.level}{where})"
            self._add(out, Source("craft", makers, INF, detail, recipe.id))

    def _open_node(self, kind) -> None:
        turns = {m: t for m, t in self.ctx.node_turns[kind.id].items() if m in self.members}
        gatherers, total = tuple(turns), sum(turns.values())
        main = next(iter(kind.yields))
        tool = f", with a {kind.tool} tool" if kind.tool else ""
        for item, n in kind.yields.items():
            per_turn = n + (1 if item == main and kind.tool else 0)
            detail = f"gather {kind.id} ({kind.skill} {kind.level}{tool})"
            self._add(item, Source("gather", gatherers, total * per_turn, detail, kind.id))
        for rare in kind.rare:
            self._add(
                rare.item,
                Source(
                    "gather",
                    gatherers,
                    total * rare.count,
                    f"rare find at {kind.id} ({kind.skill} {kind.level}{tool})",
                    kind.id,
                ),
            )

    def _craft_units(self, source: Source, item: str) -> float:
        recipe = self.ctx.content.recipes[source.ref]
        runs = min(_whole(self.units(i) / n) for i, n in recipe.inputs.items())
        return runs * recipe.outputs[item]


def _whole(x: float) -> float:
    return x if math.isinf(x) else math.floor(x)
