"""One task's world as the audit reads it: where things are, who starts where with what, the budget,
and what each agent alone could do (walk where in time, reach which level, hit how hard).

Built once per task (map-wide lookups once per content) and shared by every team the audit
tries, so auditing all shipped tasks stays well under a second or two.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from agentworld.audit.bounds import Travel, best_worn_strength, weapons
from agentworld.audit.economy import Economy
from agentworld.task_world import replaced_spawns
from agentworld.world.combat import STYLE_SKILLS, player_max_hit

if TYPE_CHECKING:
    from agentworld.tasks import AgentSpec, Task
    from agentworld.world.content import Content

Tile = tuple[int, int]


class ContentPlaces:
    """Map-wide positions by kind (nodes, mob spawns, stations, NPCs), once per content."""

    def __init__(self, content: "Content"):
        gmap = content.map
        self.nodes: dict[str, list[Tile]] = {}
        for kind, pos in gmap.placed_nodes:
            self.nodes.setdefault(kind, []).append(tuple(pos))
        self.mobs: dict[str, list[Tile]] = {}
        for mob, pos in gmap.mob_spawns:
            self.mobs.setdefault(mob, []).append(tuple(pos))
        self.stations: dict[str, list[Tile]] = {}
        for station, _place, pos in gmap.placed_stations:
            self.stations.setdefault(station, []).append(tuple(pos))
        self.npcs: dict[str, Tile] = {k: tuple(v) for k, v in gmap.npc_positions.items()}
        self.travel = Travel(content)
        self.best_ratio = max([n.shop.buy_ratio for n in content.npcs.values() if n.shop] + [0.0])
        self.power_tools = {it.tool.skill for it in content.items.values() if it.tool and it.tool.power > 1}
        # shop items that sell back for more than they cost: coins without a bound
        self.arbitrage = [
            f"{e.item} at {npc.id}"
            for npc in content.npcs.values()
            if npc.shop
            for e in npc.shop.stock
            if content.items[e.item].value * self.best_ratio > e.price
        ]


@lru_cache(maxsize=8)
def places_for(content: "Content") -> ContentPlaces:
    return ContentPlaces(content)


class TaskContext:
    """Positions, starting holdings and bounds of one task (shared by every team audited)."""

    def __init__(self, task: "Task", content: "Content"):
        self.task = task
        self.content = content
        self.places = places_for(content)
        self.travel = self.places.travel
        self.rounds = task.max_rounds
        gmap = content.map
        self.agents: dict[str, "AgentSpec"] = {a.name: a for a in task.agents}
        self.spawn: dict[str, Tile] = {a.name: tuple(gmap.resolve(a.spawn)) for a in task.agents}
        # ctx-owned lists for every kind (reach_any caches by the list's id)
        self.nodes = {k: list(self.places.nodes.get(k, [])) for k in content.node_kinds}
        for node in task.world.nodes:
            self.nodes.setdefault(node.kind, []).append(tuple(gmap.resolve(node.position)))
        self.task_mobs: dict[str, list[Tile]] = {}
        for mob in task.world.mobs:
            self.task_mobs.setdefault(mob.type, []).append(tuple(gmap.resolve(mob.position)))
        gone = replaced_spawns(task, gmap)  # world mobs the task's own stand in for
        self.mobs = {k: [t for t in self.places.mobs.get(k, []) if t not in gone] for k in content.mobs}
        for kind, tiles in self.task_mobs.items():
            self.mobs.setdefault(kind, []).extend(tiles)
        self.ground: list[tuple[str, int, Tile]] = [
            (g.item, g.count, tuple(gmap.resolve(g.position))) for g in task.world.ground_items
        ]
        self.stations = {k: list(self.places.stations.get(k, [])) for k in content.stations}
        for st in task.world.stations:  # the task's own (a field alchemy table by a camp)
            self.stations[st.kind].append(tuple(gmap.resolve(st.position)))
        self.ground_tiles = {tile: [tile] for _item, _n, tile in self.ground}
        self.sites = {s.id: s for s in task.world.sites}
        self.site_tile = {s.id: tuple(gmap.resolve(s.position)) for s in task.world.sites}
        self.interact = content.rules.interact_range
        self.weapons = weapons(content)
        # an attack can land this far from a mob's spawn: a teammate may lure it to its leash, and
        # the longest weapon reaches that far beyond
        self.strike_range = content.rules.mob_leash + max([w.stats.range for w in self.weapons] + [1])
        self.worn_strength = best_worn_strength(content)
        self._reach: dict[tuple, tuple] = {}  # (agent, id(goals), near) -> (goals, round)
        self._tile_lists: dict[Tile, list[Tile]] = {}
        self.npc_tiles = {npc: self.tile_list(tile) for npc, tile in self.places.npcs.items()}
        self._hits: dict[str, int] = {}
        self.economy = Economy(self)
        self.skills = self.economy.settle()
        self._abilities()

    def coin_bound(self, members: tuple[str, ...], reserved: dict[str, int] | None = None) -> float:
        return self.economy.coins(members, reserved)

    # --- walking ---------------------------------------------------------------------------------
    def reach_round(self, agent: str, goal: Tile, near: int | None = None) -> int:
        """Earliest round `agent` can act within `near` (default: interact range) of goal (A*)."""
        return self.travel.first_round(self.spawn[agent], goal, self.interact if near is None else near)

    def reach_any(self, agent: str, goals: list[Tile], near: int | None = None) -> float:
        """Earliest round `agent` could act next to the nearest of goals (a Manhattan lower bound)."""
        key = (agent, id(goals), near)
        if key not in self._reach:  # the entry keeps `goals` alive, so its id is never reused
            self._reach[key] = (
                goals,
                self.travel.nearest_round(self.spawn[agent], goals, self.interact if near is None else near),
            )
        return self._reach[key][1]

    def tile_list(self, tile: Tile) -> list[Tile]:
        """The one list this context keeps for a single tile (reach_any caches by the list)."""
        return self._tile_lists.setdefault(tile, [tile])

    def in_time(self, agent: str, goals: list[Tile], near: int | None = None) -> bool:
        return self.reach_any(agent, goals, near) <= self.rounds

    # --- per-agent abilities, independent of the team (each Team intersects them with its members) ---
    def _abilities(self) -> None:
        content, rounds = self.content, self.rounds
        names = list(self.agents)
        level = lambda m, skill: self.skills.level(self.agents[m], skill)  # noqa: E731
        self.tools_for: dict[str, list[str]] = {}
        for item in content.items.values():
            if item.tool:
                self.tools_for.setdefault(item.tool.skill, []).append(item.id)
        self.npc_walkers = {
            npc: {m for m in names if self.in_time(m, tiles)} for npc, tiles in self.npc_tiles.items()
        }
        for npc in content.npcs:
            self.npc_walkers.setdefault(npc, set())
        self.recipe_makers = {
            r.id: {
                m
                for m in names
                if level(m, r.skill) >= r.level
                and (r.station is None or self.in_time(m, self.stations[r.station]))
            }
            for r in content.recipes.values()
        }
        self.node_turns: dict[str, dict[str, int]] = {}
        for kind in content.node_kinds.values():
            turns = {}
            for m in names:
                first = self.reach_any(m, self.nodes[kind.id])
                if level(m, kind.skill) >= kind.level and first <= rounds:
                    turns[m] = int(rounds - first + 1)
            self.node_turns[kind.id] = turns
        self.mob_damage: dict[str, dict[str, float]] = {}
        for mob in content.mobs.values():
            damage = {}
            for m in names:
                first = self.reach_any(m, self.mobs[mob.id], self.strike_range)
                if first <= rounds:
                    damage[m] = self.max_hit(m) * (rounds - first + 1)
            self.mob_damage[mob.id] = damage

    def max_hit(self, agent: str) -> int:
        """The most damage one attack of `agent` could do: its damage level bound plus the best potion
        boost, the best weapon of each style it could wield and the best strength of every other slot."""
        if agent not in self._hits:
            spec = self.agents[agent]
            best = 0
            for style, (_hit, dmg) in STYLE_SKILLS.items():
                usable = [
                    w
                    for w in self.weapons
                    if w.stats.style == style
                    and all(self.skills.level(spec, s) >= lv for s, lv in w.requires.items())
                ]
                strength = max([w.stats.strength for w in usable] + [self.content.rules.unarmed.strength])
                level = self.skills.level(spec, dmg) + self.skills.boost.get(dmg, 0)
                best = max(best, player_max_hit(level, strength + self.worn_strength))
            self._hits[agent] = best
        return self._hits[agent]
