"""Upper bounds on what an agent could do within a task's round budget: walking, fighting, skills.

Every number here is an over-approximation of an agent's ability, so that "the team without R
cannot do X" stays true of every real run (the audit's soundness). The bounds, and why each one
over-approximates the engine (`world/production.py`, `world/fighting.py`, `world/npcs.py`):

- Walking: the fewest tiles of a 4-neighbour path (A* on the real grid, the engine's own path
  search; Manhattan distance when the bounded search gives up, which is never longer). An action
  at a place can happen at the earliest in round ceil(tiles / move_speed) + 1.
- Damage: a hit deals at most player_max_hit(skill + the best potion boost, strength bonus) and
  every attack is assumed to hit; the strength bonus is the best weapon the agent could wield
  plus the best item of every other slot.
- Skills: XP is cumulative and levels follow the curve, so a level bound is the level of
  (start XP + an XP bound). Every action gives at most one gather's XP, one lesson
  (rules.lesson_xp) or an attack's share of a kill's XP (shared by damage, so at most
  max hit / HP of it); quests add each reward once. Crafting XP is bounded by material, not actions (one
  craft may make many): every unit the team could ever obtain is credited the most XP its whole
  chain of recipes could give (`xp_per_unit`, a potential no craft can raise), and units come
  from starting inventories, ground items, gathers (one per action plus the best tool bonus and
  rare finds), kills, quests and coins spent on the best XP per coin each shop's stock allows
  (see economy.py). The level bound is the least fixed point of "the XP reachable
  with recipes and nodes up to level L", starting from the agent's level (a real run can use a
  level-L recipe only after reaching L, so it never passes the fixed point).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable

from agentworld.task_world import replaced_spawns
from agentworld.world.combat import STYLE_SKILLS, player_max_hit
from agentworld.world.content import level_for_xp, xp_for_level
from agentworld.world.pathfinding import find_path_grid

if TYPE_CHECKING:
    from agentworld.tasks import AgentSpec, Task
    from agentworld.world.content import Content, Item

INF = math.inf
Tile = tuple[int, int]
PATH_EXPANSIONS = 60_000  # A* bound per query; past it the Manhattan lower bound is used


# --- walking -----------------------------------------------------------------------------------
class Travel:
    """Lower bounds on walking, cached per content (the grid never changes)."""

    def __init__(self, content: "Content"):
        self.content = content
        self.speed = content.rules.move_speed
        self._cache: dict[tuple[Tile, Tile, int], int] = {}

    def tiles(self, start: Tile, goal: Tile, near: int = 0) -> int:
        """The fewest tiles walked from start to a tile within Chebyshev `near` of goal."""
        key = (start, goal, near)
        if key not in self._cache:
            gmap = self.content.map
            path = find_path_grid(
                gmap.walkable_grid, gmap.width, gmap.height, start, goal, near, PATH_EXPANSIONS
            )
            self._cache[key] = len(path) if path is not None else manhattan_near(start, goal, near)
        return self._cache[key]

    def first_round(self, start: Tile, goal: Tile, near: int = 0) -> int:
        """The earliest round in which an agent starting at `start` can act within `near` of goal."""
        return math.ceil(self.tiles(start, goal, near) / self.speed) + 1

    def nearest_round(self, start: Tile, goals: Iterable[Tile], near: int = 0) -> float:
        """first_round to the nearest of many goals (by Manhattan lower bound: cheap for node fields)."""
        best = min((manhattan_near(start, g, near) for g in goals), default=None)
        return INF if best is None else math.ceil(best / self.speed) + 1


def manhattan_near(start: Tile, goal: Tile, near: int) -> int:
    """Tiles a 4-neighbour walk needs at least to come within Chebyshev `near` of goal."""
    return max(0, abs(start[0] - goal[0]) - near) + max(0, abs(start[1] - goal[1]) - near)


# --- crafting XP per unit of material ----------------------------------------------------------
@lru_cache(maxsize=4096)
def _xp_per_unit(content: "Content", skill: str, cap: int) -> dict[str, float]:
    """item -> most `skill` XP one unit of it can earn through recipes of level <= cap (and their products).

    A recipe's XP plus its outputs' worth is shared among its inputs in proportion to the effort
    of getting one (`effort`): a lantern's XP goes mostly to its linen (three flax gathers), not its
    iron bar. Any split whose shares add up to the whole is a valid bound (a potential that no
    craft raises); this one makes the credit per turn of work about even across inputs."""
    by_input: dict[str, list] = {}
    for recipe in content.recipes.values():
        if recipe.level <= cap:
            for item in recipe.inputs:
                by_input.setdefault(item, []).append(recipe)
    values: dict[str, float] = {}
    visiting: set[str] = set()
    worth = effort(content)

    def value(item: str) -> float:
        if item in values:
            return values[item]
        if item in visiting:
            return INF  # a recipe cycle: no finite bound, so none is claimed
        visiting.add(item)
        best = 0.0
        for recipe in by_input.get(item, ()):
            gained = (recipe.xp if recipe.skill == skill else 0) + sum(
                n * value(out) for out, n in recipe.outputs.items()
            )
            if gained > 0:
                best = max(best, gained * worth[item] / sum(n * worth[i] for i, n in recipe.inputs.items()))
        visiting.discard(item)
        values[item] = best
        return best

    for item in content.items:
        value(item)
    return values


@lru_cache(maxsize=8)
def effort(content: "Content") -> dict[str, float]:
    """item -> a rough number of turns one unit takes to come by: the cheapest of a gather (yield
    plus a better tool's extra unit), a kill (HP at a typical max hit, over the drop count), a
    purchase (price at a typical earning per turn) or a craft (its inputs' effort over its
    output). Only a weight for sharing credit (any weights keep the bounds sound)."""
    typical_hit, coins_per_turn, unknown = 10.0, 20.0, 10.0
    cost: dict[str, float] = {}
    for kind in content.node_kinds.values():
        for item, n in kind.yields.items():
            cost[item] = min(cost.get(item, INF), 1.0 / (n + (1 if kind.tool else 0)))
        for rare in kind.rare:
            cost[rare.item] = min(cost.get(rare.item, INF), 1.0 / (rare.chance * rare.count))
    for mob in content.mobs.values():
        for drop in mob.drops:
            top = drop.count if isinstance(drop.count, int) else drop.count[1]
            cost[drop.item] = min(
                cost.get(drop.item, INF), math.ceil(mob.hp / typical_hit) / (drop.chance * top)
            )
    for npc in content.npcs.values():
        for entry in npc.shop.stock if npc.shop else ():
            cost[entry.item] = min(cost.get(entry.item, INF), max(entry.price, 1) / coins_per_turn)
    for _ in range(len(content.recipes)):  # relax along recipe chains until nothing gets cheaper
        changed = False
        for recipe in content.recipes.values():
            made = sum(n * cost.get(i, unknown) for i, n in recipe.inputs.items()) + 1.0
            for out, n in recipe.outputs.items():
                if made / n < cost.get(out, INF):
                    cost[out] = made / n
                    changed = True
        if not changed:
            break
    return {item: max(cost.get(item, unknown), 0.01) for item in content.items}


def xp_per_unit(content: "Content", skill: str, cap: int) -> dict[str, float]:
    return _xp_per_unit(content, skill, min(cap, content.rules.max_level))


# --- fighting ----------------------------------------------------------------------------------
def damage_skill(style: str) -> str:
    return STYLE_SKILLS.get(style, STYLE_SKILLS["melee"])[1]


def hit_skill(style: str) -> str:
    return STYLE_SKILLS.get(style, STYLE_SKILLS["melee"])[0]


def weapons(content: "Content", items: Iterable[str] | None = None) -> list["Item"]:
    """Weapon items (of the given ids, or of the whole content)."""
    pool = (
        content.items.values() if items is None else (content.items[i] for i in items if i in content.items)
    )
    return [it for it in pool if it.slot == "weapon" and it.stats is not None]


def best_worn_strength(content: "Content", items: Iterable[str] | None = None) -> int:
    """The largest strength bonus the non-weapon slots could add (best item per slot)."""
    best: dict[str, int] = {}
    pool = (
        content.items.values() if items is None else (content.items[i] for i in items if i in content.items)
    )
    for it in pool:
        if it.slot and it.slot != "weapon" and it.stats is not None and it.stats.strength > 0:
            best[it.slot] = max(best.get(it.slot, 0), it.stats.strength)
    return sum(best.values())


# --- skill levels --------------------------------------------------------------------------------
class SkillBounds:
    """The highest level each agent could reach in each skill within the task's rounds."""

    def __init__(self, content: "Content", task: "Task", material_budget, reach=None):
        """`material_budget(skill, cap)` bounds the crafting XP of the whole team's material;
        `reach(agent name, tile)` is the earliest round the agent can act next to tile."""
        self.content = content
        self.task = task
        self.rounds = task.max_rounds
        self.material_budget = material_budget
        self.reach = reach or (lambda _agent, _tile: 1)
        self._cache: dict[tuple[str, str], int] = {}
        self._quest_xp: dict[str, dict[str, int]] = {}
        self.lesson = content.rules.lesson_xp
        self.npc_tile = {npc: tuple(tile) for npc, tile in content.map.npc_positions.items()}
        self.mob_tiles: dict[str, list[tuple[int, int]]] = {}
        gone = replaced_spawns(task, content.map)  # world mobs the task's own stand in for
        for mob, tile in content.map.mob_spawns:
            if tuple(tile) not in gone:
                self.mob_tiles.setdefault(mob, []).append(tuple(tile))
        for spec in task.world.mobs:
            self.mob_tiles.setdefault(spec.type, []).append(tuple(content.map.resolve(spec.position)))
        # a potion's effect raises a skill for some rounds, and fights use the raised level
        self.boost: dict[str, int] = {}
        for item in content.items.values():
            for skill, amount in item.effects.items():
                if skill != "duration":
                    self.boost[skill] = max(self.boost.get(skill, 0), amount)
        self.worn = best_worn_strength(content)
        self.weapons = weapons(content)

    def start(self, agent: "AgentSpec", skill: str) -> int:
        return agent.skills.get(skill, 1)

    def level(self, agent: "AgentSpec", skill: str) -> int:
        key = (agent.name, skill)
        if key not in self._cache:
            self._cache[key] = self._fixed_point(agent, skill)
        return self._cache[key]

    def _fixed_point(self, agent: "AgentSpec", skill: str) -> int:
        level = self.start(agent, skill)
        xp0 = xp_for_level(level)
        while True:
            reach = min(
                level_for_xp(int(min(xp0 + self._xp_bound(agent, skill, level), 10**9))),
                self.content.rules.max_level,
            )
            if reach <= level:
                return level
            level = reach

    def _lessons(self, agent: "AgentSpec", skill: str, level: int) -> float:
        """rules.lesson_xp per turn at the nearest trainer still teaching past `level`."""
        turns = max(
            [
                self.rounds - self.reach(agent.name, self.npc_tile[npc.id]) + 1
                for npc in self.content.npcs.values()
                if npc.teaches.get(skill, 0) > level and npc.id in self.npc_tile
            ]
            + [0]
        )
        return turns * self.lesson

    def quest_xp(self, agent: "AgentSpec", skill: str) -> int:
        """XP rewards in `skill` of every quest whose NPCs `agent` can reach in time, each once."""
        if agent.name not in self._quest_xp:
            totals: dict[str, int] = {}
            for npc in self.content.npcs.values():
                for quest in npc.quests:
                    talkers = {npc.id} | {stage.npc for stage in quest.stages if stage.npc}
                    if all(
                        t in self.npc_tile and self.reach(agent.name, self.npc_tile[t]) <= self.rounds
                        for t in talkers
                    ):
                        for s, xp in quest.rewards.xp.items():
                            totals[s] = totals.get(s, 0) + xp
            self._quest_xp[agent.name] = totals
        return self._quest_xp[agent.name].get(skill, 0)

    def _xp_bound(self, agent: "AgentSpec", skill: str, level: int) -> float:
        """XP `agent` could gain in `skill` while its level stays <= `level`."""
        kind = self.content.skills[skill].kind
        lessons = self._lessons(agent, skill, level)
        quests = self.quest_xp(agent, skill)
        if kind == "production":  # crafting XP comes from material (see module docstring), not turns
            return self.material_budget(skill, level) + lessons + quests
        # each turn is a lesson, a gather or an attack: fill the turns with the best XP per turn first
        options = [(self.lesson, INF)] if lessons else []
        once = 0.0
        if kind == "gathering":
            nodes = self.content.node_kinds.values()
            options.append((max([k.xp for k in nodes if k.skill == skill and k.level <= level] + [0]), INF))
        else:
            attacks, once = self._combat_xp(agent, skill, level)
            options.extend(attacks)
        total, turns = 0.0, float(self.rounds)
        for per_turn, most in sorted(options, key=lambda o: -o[0]):
            if per_turn <= 0 or turns <= 0:
                break
            used = min(turns, most / per_turn)
            total += used * per_turn
            turns -= used
        return total + once + quests

    def _strength(self, style: str, skill: str, level: int) -> int:
        """The largest strength bonus a weapon of `style` wieldable at `skill` `level` (other
        requirements assumed met) plus the best item of every other slot could give."""
        unarmed = self.content.rules.unarmed
        usable = [
            w.stats.strength
            for w in self.weapons
            if w.stats.style == style and w.requires.get(skill, 0) <= level
        ]
        return max(usable + ([unarmed.strength] if unarmed.style == style else [0])) + self.worn

    def _combat_xp(self, agent: "AgentSpec", skill: str, level: int) -> tuple[list, float]:
        """([(most `skill` XP per attack, most XP in all)] per mob kind within reach, 0.0). Kill XP
        goes to the style's to-hit skill, a third of it to health, shared by damage dealt (at least
        the mob's HP in all), so an attack earns at most max_hit / HP of it; kills of a kind are at
        most its spawns times (1 + its respawns in the rounds; a boss never respawns). Strength and
        defense grow only by lessons and quests."""
        share = 1 / 3 if skill == "health" else 1.0
        max_hit = 0
        for style, (hit, dmg) in STYLE_SKILLS.items():
            if skill in (hit, "health"):
                dmg_level = (level if dmg == skill else self.level(agent, dmg)) + self.boost.get(dmg, 0)
                max_hit = max(max_hit, player_max_hit(dmg_level, self._strength(style, skill, level)))
        if not max_hit:
            return [], 0.0
        attacks, once = [], 0.0
        for mob in self.content.mobs.values():
            spawns = self.mob_tiles.get(mob.id, [])
            if not spawns or min(self.reach(agent.name, t) for t in spawns) > self.rounds:
                continue
            xp = mob.xp * share
            kills = len(spawns) * (1 + (self.rounds // mob.respawn if mob.respawn else 0))
            attacks.append((xp * min(1.0, max_hit / mob.hp), kills * xp))
        return attacks, once
