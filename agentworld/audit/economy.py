"""Bounds on coins and on crafting material: what a team could earn and feed into recipes.

Coins a team could hold at once are at most: its coins; everything it holds, sold at its best
(`sell_values`: as is at the best buy_ratio, plus the value crafting could add) except units the
outcome needs that nothing can replace; what its turns could bring in (`turns_worth`: every
member gathering its best all along, plus the most that kills, counted by spawns and respawns,
could add over gathering, every attack hitting for its max; bosses' drops once; quests); and
what crafting shop stock once could add. Crafted sell values use only recipes some agent could
reach the level of, and those levels depend on the coins (crafting XP is bought material), so
`settle` iterates: every round starts from sound bounds (all recipes allowed at first) and
yields sound, tighter ones.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from agentworld.audit.bounds import INF, SkillBounds, xp_per_unit

if TYPE_CHECKING:
    from agentworld.audit.context import TaskContext

SETTLE_ROUNDS = 4  # tightening rounds of the coins <-> crafting levels loop (each result is sound)


def max_count(drop) -> int:
    return drop.count if isinstance(drop.count, int) else drop.count[1]


class Economy:
    """Coin and material bounds of one task's agents; `settle()` returns the final SkillBounds."""

    def __init__(self, ctx: "TaskContext"):
        self.ctx = ctx
        content = ctx.content
        self.production = [s.id for s in content.skills.values() if s.kind == "production"]
        self.caps = {s: content.rules.max_level for s in self.production}
        self._reset()

    def _reset(self) -> None:
        self.sell = sell_values(self.ctx.content, self.ctx.places.best_ratio, self.caps)
        self._coins: dict[tuple, float] = {}
        self._material: dict[tuple[str, int], float] = {}
        self._per_turn: dict[tuple, tuple] = {}  # (kind, agent, id(value)) -> (value, amount)

    def settle(self) -> SkillBounds:
        ctx = self.ctx
        skills = None
        for _ in range(SETTLE_ROUNDS):
            skills = ctx.skills = SkillBounds(
                ctx.content,
                ctx.task,
                self.material_budget,
                lambda agent, tile: ctx.reach_any(agent, ctx.tile_list(tile)),
            )
            ctx._hits.clear()
            caps = {s: max(skills.level(a, s) for a in ctx.agents.values()) for s in self.production}
            if caps == self.caps:
                break
            self.caps = caps
            self._reset()
        return skills

    # --- coins -----------------------------------------------------------------------------------
    def coins(self, members: tuple[str, ...], reserved: dict[str, int] | None = None) -> float:
        """Most coins `members` could hold at once (see the module docstring)."""
        key = (tuple(sorted(members)), tuple(sorted((reserved or {}).items())))
        if key not in self._coins:
            self._coins[key] = self._coin_bound(key[0], dict(key[1]))
        return self._coins[key]

    def _coin_bound(self, members: tuple[str, ...], keep: dict[str, int]) -> float:
        ctx, sell = self.ctx, self.sell
        if ctx.places.arbitrage:
            return INF  # buy low, sell high, again and again: no bound is claimed
        total = 0.0
        for name in members:
            spec = ctx.agents[name]
            held = dict(spec.inventory)
            for item in spec.equipment.values():
                held[item] = held.get(item, 0) + 1
            for item, n in held.items():
                kept = min(n, keep.get(item, 0))
                keep[item] = keep.get(item, 0) - kept
                total += (n - kept) * sell.get(item, 0)
        content = ctx.content
        total += self.turns_worth(members, sell)
        for npc in content.npcs.values():  # bought once, crafted and sold (crafting never refills the stock)
            for entry in npc.shop.stock if npc.shop else ():
                total += entry.quantity * max(0.0, sell.get(entry.item, 0) - entry.price)
        return total

    def _cached(self, kind: str, name: str, value: dict[str, float], compute) -> float:
        key = (kind, name, id(value))
        if key not in self._per_turn:  # the entry keeps `value` alive, so its id is never reused
            self._per_turn[key] = (value, compute(name, value))
        return self._per_turn[key][1]

    def gathering(self, name: str, value: dict[str, float]) -> float:
        """Most of `value` one gather of `name` could bring in (nodes it has the level for)."""
        return self._cached("gathering", name, value, self._gathering)

    def _gathering(self, name: str, value: dict[str, float]) -> float:
        spec = self.ctx.agents[name]
        gathers, _kills, _bosses = self._cached("worth", "", value, self._worth)
        level = self.ctx.skills.level
        return max([worth for kind, worth in gathers if level(spec, kind.skill) >= kind.level] + [0.0])

    def turns_worth(self, members: tuple[str, ...], value: dict[str, float]) -> float:
        """Most of `value` every turn of `members` could bring in: each member gathering its best all
        along, plus what kills could add over that (at most as many kills of a kind as its spawns
        and respawns allow in the rounds, each taking ceil(HP / best max hit) turns of gathering
        from the member that gathers least), the drops of every mob that never respawns, once, if
        the members could deal its HP in the rounds, and quests."""
        if not members:
            return 0.0
        ctx = self.ctx
        gather = {m: self.gathering(m, value) for m in members}
        least = min(gather.values())
        hit = max(ctx.max_hit(m) for m in members)
        total = ctx.rounds * sum(gather.values())
        _gathers, kills, bosses = self._cached("worth", "", value, self._worth)
        for mob, worth in kills:
            most = len(ctx.mobs[mob.id]) * (1 + ctx.rounds // mob.respawn)
            total += most * max(0.0, worth - math.ceil(mob.hp / hit) * least)
        for mob, worth in bosses:
            if self.damage(members, mob) >= mob.hp:
                total += worth * len(ctx.mobs[mob.id])
        return total + sum(self.quest_gain(m, value) for m in members)

    def damage(self, members: tuple[str, ...], mob) -> float:
        """Most damage `members` could deal a mob of this kind in the rounds, walking there first."""
        ctx = self.ctx
        tiles = ctx.mobs[mob.id]
        return sum(
            ctx.max_hit(m) * max(0.0, ctx.rounds - ctx.reach_any(m, tiles, ctx.strike_range) + 1)
            for m in members
        )

    def _worth(self, _name: str, value: dict[str, float]) -> tuple[list, list, list]:
        """Once per value table: (node kind, most value per gather), (mob, most value of its drops)
        for mobs that respawn, and the drops of every mob that never respawns (a boss dies once)."""
        ctx = self.ctx
        power = ctx.places.power_tools
        gathers = [
            (kind, gather_value(kind, value, kind.tool in power)) for kind in ctx.content.node_kinds.values()
        ]
        kills, bosses = [], []
        for mob in ctx.content.mobs.values():
            worth = sum(max_count(d) * value.get(d.item, 0) for d in mob.drops)
            if worth > 0:
                (kills if mob.respawn is not None else bosses).append((mob, worth))
        return [g for g in gathers if g[1] > 0], kills, bosses

    def quest_gain(self, name: str, value: dict[str, float]) -> float:
        """Most `value` quests could add for `name` beyond spending their turns on its best earning:
        each quest once, if its giver is within reach: its reward, minus what its bring stages take,
        minus its turns (a talk per stage, the attacks of its kills) times that earning."""
        return self._cached("quests", name, value, self._quest_gain)

    def _quest_gain(self, name: str, value: dict[str, float]) -> float:
        ctx = self.ctx
        per_turn = self.gathering(name, value)
        hit = ctx.max_hit(name)
        total = 0.0
        for npc in ctx.content.npcs.values():
            if not npc.quests or not ctx.in_time(name, ctx.npc_tiles[npc.id]):
                continue
            for quest in npc.quests:
                reward = sum(n * value.get(i, 0) for i, n in quest.rewards.items.items())
                taken = sum(n * value.get(i, 0) for stage in quest.stages for i, n in stage.items.items())
                turns = len(quest.stages) + sum(
                    n * math.ceil(ctx.content.mobs[m].hp / hit)
                    for stage in quest.stages
                    for m, n in stage.mobs.items()
                )
                total += max(0.0, reward - taken - turns * per_turn)
        return total

    # --- crafting material -----------------------------------------------------------------------
    def material_budget(self, skill: str, cap: int) -> float:
        """Most `skill` XP crafting could earn (recipes up to `cap`) from every unit the whole team
        could obtain: held, on the ground, earned each turn, bought with all its coins, rewarded."""
        key = (skill, cap)
        if key not in self._material:
            self._material[key] = self._material_budget(skill, cap)
        return self._material[key]

    def _material_budget(self, skill: str, cap: int) -> float:
        ctx, content = self.ctx, self.ctx.content
        per_unit = xp_per_unit(content, skill, cap)
        total = sum(per_unit.get(i, 0) * n for a in ctx.agents.values() for i, n in a.inventory.items())
        total += sum(per_unit.get(i, 0) for a in ctx.agents.values() for i in a.equipment.values())
        total += sum(per_unit.get(item, 0) * n for item, n, _ in ctx.ground)
        total += self._best_shopping(per_unit, self.coins(tuple(ctx.agents)))
        return total + self.turns_worth(tuple(ctx.agents), per_unit)

    def _best_shopping(self, value: dict[str, float], coins: float) -> float:
        """Most `value` the coins could buy from every shop's stock (best value per coin first)."""
        offers = []
        for npc in self.ctx.content.npcs.values():
            for entry in npc.shop.stock if npc.shop else ():
                if value.get(entry.item, 0) > 0:
                    offers.append((value[entry.item] / entry.price if entry.price else INF, entry))
        total = 0.0
        for _ratio, entry in sorted(offers, key=lambda o: -o[0]):
            units = entry.quantity if entry.price == 0 else min(entry.quantity, coins / entry.price)
            total += units * value[entry.item]
            coins -= units * entry.price
            if coins <= 0 and entry.price:
                break
        return total


def gather_value(kind, value: dict[str, float], bonus: bool) -> float:
    """Most of `value` one gather at a node of `kind` yields (a better tool adds one main unit)."""
    main = next(iter(kind.yields))
    total = sum(n * value.get(i, 0) for i, n in kind.yields.items()) + (value.get(main, 0) if bonus else 0)
    return total + sum(r.count * value.get(r.item, 0) for r in kind.rare)


def sell_values(content, ratio: float, caps: dict[str, int]) -> dict[str, float]:
    """item -> what one unit is worth in coins: sold as is at the best ratio, plus the largest share
    of the value that crafting it (recipes within `caps`) and its products could add.

    A recipe's gain (outputs' worth - inputs' as-is worth) is shared among its inputs in proportion
    to their as-is worth (equally when they are worthless), so for any craft the inputs' worth
    covers the outputs' worth: with potential coins + worth of everything
    held, no craft, sale or buy of a non-arbitrage item raises it; only gathers, kills, rewards
    and the shop stock (bought once) do."""
    by_input: dict[str, list] = {}
    for recipe in content.recipes.values():
        if recipe.level <= caps.get(recipe.skill, content.rules.max_level):
            for item in recipe.inputs:
                by_input.setdefault(item, []).append(recipe)

    def as_is(item: str) -> float:
        return 1.0 if item == "coins" else content.items[item].value * ratio

    added: dict[str, float] = {}
    visiting: set[str] = set()

    def share(item: str) -> float:
        if item in added:
            return added[item]
        if item in visiting:
            return INF  # a recipe cycle: no bound is claimed
        visiting.add(item)
        best = 0.0
        for recipe in by_input.get(item, ()):
            worth_in = sum(n * as_is(i) for i, n in recipe.inputs.items())
            gain = sum(n * (as_is(out) + share(out)) for out, n in recipe.outputs.items()) - worth_in
            if gain > 0:
                part = gain * as_is(item) / worth_in if worth_in > 0 else gain / sum(recipe.inputs.values())
                best = max(best, part)
        visiting.discard(item)
        added[item] = best
        return best

    return {item: as_is(item) + share(item) for item in content.items}
