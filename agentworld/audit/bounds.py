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
            path = find_path_grid(gmap.walkable_grid, gmap.width, gmap.height, start, goal, near, PATH_EXPANSIONS)
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

    A recipe's XP plus its outputs' worth is shared among its inputs in proportion to their value
    (equally when they are worthless): a magic staff's XP goes mostly to the bead, not the sticks.
    Any split whose shares add up to the whole is a valid bound (a potential that no craft raises);
    this one follows scarcity, since valuable inputs are the hard ones to come by."""
    by_input: dict[str, list] = {}
    for recipe in content.recipes.values():
        if recipe.level <= cap:
            for item in recipe.inputs:
                by_input.setdefault(item, []).append(recipe)
    values: dict[str, float] = {}
    visiting: set[str] = set()
    worth = {item.id: max(item.value, 1) for item in content.items.values()}

    def value(item: str) -> float:
        if item in values:
            return values[item]
        if item in visiting:
            return INF  # a recipe cycle: no finite bound, so none is claimed
        visiting.add(item)
        best = 0.0
        for recipe in by_input.get(item, ()):
            gained = (recipe.xp if recipe.skill == skill else 0) + sum(
                n * value(out) for out, n in recipe.outputs.items())
            if gained > 0:
                best = max(best, gained * worth[item] / sum(n * worth[i] for i, n in recipe.inputs.items()))
        visiting.discard(item)
        values[item] = best
        return best

    for item in content.items:
        value(item)
    return values


def xp_per_unit(content: "Content", skill: str, cap: int) -> dict[str, float]:
    return _xp_per_unit(content, skill, min(cap, content.rules.max_level))


# --- fighting ----------------------------------------------------------------------------------
def damage_skill(style: str) -> str:
    return STYLE_SKILLS.get(style, STYLE_SKILLS["melee"])[1]


def hit_skill(style: str) -> str:
    return STYLE_SKILLS.get(style, STYLE_SKILLS["melee"])[0]


def weapons(content: "Content", items: Iterable[str] | None = None) -> list["Item"]:
    """Weapon items (of the given ids, or of the whole content)."""
    pool = content.items.values() if items is None else (content.items[i] for i in items if i in content.items)
    return [it for it in pool if it.slot == "weapon" and it.stats is not None]


def best_worn_strength(content: "Content", items: Iterable[str] | None = None) -> int:
    """The largest strength bonus the non-weapon slots could add (best item per slot)."""
    best: dict[str, int] = {}
    pool = content.items.values() if items is None else (content.items[i] for i in items if i in content.items)
    for it in pool:
        if it.slot and it.slot != "weapon" and it.stats is not None and it.stats.strength > 0:
            best[it.slot] = max(best.get(it.slot, 0), it.stats.strength)
    return sum(best.values())


# --- skill levels --------------------------------------------------------------------------------
class SkillBounds:
    """The highest level each agent could reach in each skill within the task's rounds."""

    def __init__(self, content: "Content", task: "Task", material_budget):
        """`material_budget(skill, cap)` bounds the crafting XP of the whole team's material."""
        self.content = content
        self.task = task
        self.rounds = task.max_rounds
        self.material_budget = material_budget
        self._cache: dict[tuple[str, str], int] = {}
        self.lesson = content.rules.lesson_xp
        self.teachers: dict[str, int] = {}  # skill -> highest level any trainer teaches
        for npc in content.npcs.values():
            for skill, cap in npc.teaches.items():
                self.teachers[skill] = max(self.teachers.get(skill, 0), cap)
        self.quest_xp: dict[str, int] = {}  # skill -> XP of every quest reward together
        for npc in content.npcs.values():
            for quest in npc.quests:
                for skill, xp in quest.rewards.xp.items():
                    self.quest_xp[skill] = self.quest_xp.get(skill, 0) + xp
        # a potion's effect raises a skill for some rounds, and fights use the raised level
        self.boost: dict[str, int] = {}
        for item in content.items.values():
            for skill, amount in item.effects.items():
                if skill != "duration":
                    self.boost[skill] = max(self.boost.get(skill, 0), amount)
        worn = best_worn_strength(content)
        unarmed = content.rules.unarmed
        self.style_strength = {  # style -> the largest strength bonus any equipment could give it
            style: max([w.stats.strength for w in weapons(content) if w.stats.style == style]
                       + ([unarmed.strength] if unarmed.style == style else [0])) + worn
            for style in STYLE_SKILLS}

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
            reach = min(level_for_xp(int(min(xp0 + self._xp_bound(agent, skill, level), 10**9))),
                        self.content.rules.max_level)
            if reach <= level:
                return level
            level = reach

    def _lessons(self, skill: str, level: int) -> float:
        return self.rounds * self.lesson if self.teachers.get(skill, 0) > level else 0

    def _xp_bound(self, agent: "AgentSpec", skill: str, level: int) -> float:
        """XP `agent` could gain in `skill` while its level stays <= `level`."""
        kind = self.content.skills[skill].kind
        extra = self.quest_xp.get(skill, 0)
        if kind == "gathering":
            nodes = self.content.node_kinds.values()
            per_action = max([k.xp for k in nodes if k.skill == skill and k.level <= level] + [0])
            return self.rounds * max(per_action, self.lesson if self.teachers.get(skill, 0) > level else 0) + extra
        if kind == "production":
            return self.material_budget(skill, level) + self._lessons(skill, level) + extra
        return self._combat_xp(agent, skill, level) + self._lessons(skill, level) + extra

    def _combat_xp(self, agent: "AgentSpec", skill: str, level: int) -> float:
        """Kill XP goes to the style's to-hit skill, a third of it to health; strength and
        defense grow only by lessons and quests. One kill takes ceil(HP / max hit) attacks."""
        best = 0.0
        for style, (hit, dmg) in STYLE_SKILLS.items():
            if skill not in (hit, "health"):
                continue
            dmg_level = (level if dmg == skill else self.level(agent, dmg)) + self.boost.get(dmg, 0)
            max_hit = player_max_hit(dmg_level, self.style_strength[style])
            for mob in self.content.mobs.values():
                # kill XP is shared by damage dealt (at least the mob's HP in all): an attack earns
                # at most max_hit / HP of it, whoever lands the rest
                per_action = mob.xp * min(1.0, max_hit / mob.hp)
                best = max(best, per_action / 3 if skill == "health" else per_action)
        return self.rounds * best

