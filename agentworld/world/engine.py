"""World: the deterministic game engine (reset / add_* / act / end_round / observe / snapshot).

One `World` is one episode's state. All randomness comes from `self.rng`, seeded at reset;
every iteration runs over insertion-ordered dicts or sorted lists, so the same seed and the
same actions always give the same event log. `act` never raises on bad arguments or
impossible actions: it returns `Outcome(ok=False, error=...)` naming what was wrong.

Timing rules (documented for task authors):
- a node depleted in round r is back at the start of round r + node.respawn;
- a mob killed in round r is back (full HP, at its spawn) at the start of round r + mob.respawn;
- a player killed during end_round of round r is dead (off the map, only `wait`) for
  rules.respawn_delay_rounds whole rounds and back (full HP, at its own spawn, keeping all
  items and equipment) at the start of round r + delay + 1 (rules.yaml `death_rule`): death
  is never travel to anywhere but the spawn, and costs the rounds spent dead;
- a trade offer made in round r can be accepted until the end of round r + expiry - 1;
- mobs act in end_round: an aggressive mob targets the nearest living player within its aggro
  radius, an attacked mob targets its first attacker; each round it attacks its target if in
  range and in sight (see sight.py), else walks up to its speed (mobs.yaml `speed`, default
  rules.mob_speed) along a shortest path until it is. When its target dies or leaves the
  leash (rules.mob_leash tiles from the mob's spawn) it turns on the living attacker that dealt
  it most damage; with none left it heals to full and walks home.
"""

from __future__ import annotations

import functools
import pickle
import random
import re
from dataclasses import dataclass, field
from typing import Callable

from agentworld import tools

from .common import KIND_OF, ActionError, suggest
from .construction import Construction
from .entities import GroundItem, Landmark, Mob, Node, Npc, Player, Shelter, Site, Station
from .equipment import Equipment
from .exchange import Exchange
from .exposure import Exposing
from .fighting import Fighting
from .market import Market
from .mobs import MobBrain
from .movement import Movement
from .npcs import Npcs
from .observing import Observing
from .production import Production
from .xp import xp_for_level

__all__ = ["World", "Outcome", "ActionError", "KIND_OF"]


@dataclass
class Outcome:
    ok: bool
    result: str
    error: str | None
    events: list[dict] = field(default_factory=list)
    links: list[dict] = field(default_factory=list)


class World(
    Movement,
    Production,
    Exchange,
    Equipment,
    Npcs,
    Construction,
    Fighting,
    MobBrain,
    Exposing,
    Observing,
    Market,
):
    """See module docstring and docs/ARCHITECTURE.md (Engine). Each tool's rules live in a mixin module;
    the state tables and the helpers the mixins share are declared in core.py (WorldCore)."""

    _STATIC = ("content", "rules", "map", "_ix", "_out", "_links")

    def __init__(self, content) -> None:
        self._attach(content)
        self.round = 0
        self.seed = 0
        self.rng = random.Random(0)
        self._clear()

    # --- lifecycle -------------------------------------------------------------------------
    def reset(self, seed: int | None = 0, renew: bool = False) -> None:
        """Fresh state from content: placed nodes, mob spawns, NPCs, stations, landmarks; round 1.

        `renew`: the map's entity objects of the episode before are re-initialised in place with
        their constructor's arguments instead of new ones being made (far fewer allocations for the
        garbage collector when training resets often); the state is exactly a new world's."""
        self.seed = 0 if seed is None else int(seed)
        self.rng = random.Random(self.seed)
        self.round = 1
        old = self.entities if renew else {}
        self._clear()
        # the map's places, nodes and mobs, worked out once per content (index.py): objects (new ones, or
        # the episode before's re-initialised when renewing) put in the tables and grid buckets exactly
        # as one _place per entity would fill them, in bulk
        ix = self._ix
        landmarks = [_renewed(old, Landmark, *row) for row in ix.start_landmarks]
        stations = [_renewed(old, Station, *row) for row in ix.start_stations]
        npcs = [_renewed(old, Npc, i, name, x, y, dict(stock)) for i, name, x, y, stock in ix.start_npcs]
        nodes = [_renewed(old, Node, i, kind, x, y, cap, cap) for i, kind, x, y, cap in ix.start_nodes]
        mobs = [
            _renewed(old, Mob, i, kind, x, y, (x, y), hp, hp, seq=seq)
            for seq, (i, kind, x, y, hp) in enumerate(ix.start_mobs)
        ]
        for table, ids, made in zip(
            (self.landmarks, self.stations, self.npcs, self.nodes, self.mobs),
            ix.start_ids,
            (landmarks, stations, npcs, nodes, mobs),
        ):
            table.update(zip(ids, made))
        everything = [*landmarks, *stations, *npcs, *nodes, *mobs]
        self.entities.update(zip(ix.entity_ids, everything))
        pick = everything.__getitem__
        self.grid.buckets.update((key, dict(zip(ids, map(pick, at)))) for key, ids, at in ix.start_buckets)
        self.counters = dict(self._ix.start_counters)

    @property
    def events(self) -> list[dict]:
        return self.provenance.events

    def _new_node(self, kind: str, pos) -> str:
        k = self.content.node_kinds[kind]
        node = Node(self._next_id(kind), kind, int(pos[0]), int(pos[1]), k.capacity, k.capacity)
        self._place(node, self.nodes)
        return node.id

    def _new_mob(self, mob_type: str, pos) -> str:
        m = self.content.mobs[mob_type]
        x, y = int(pos[0]), int(pos[1])
        seq = max((mob.seq for mob in self.mobs.values()), default=-1) + 1  # len(mobs) unless one was removed
        mob = Mob(self._next_id(mob_type), mob_type, x, y, (x, y), m.hp, m.hp, seq=seq)
        self._place(mob, self.mobs)
        return mob.id

    def _resolve_setup_pos(self, position, what: str) -> tuple[int, int]:
        if isinstance(position, str):
            if position not in self.map.landmarks:
                raise ValueError(
                    f"{what}: unknown landmark '{position}'{suggest(position, self.map.landmarks)}"
                )
            return self.map.landmarks[position]
        try:
            x, y = int(position[0]), int(position[1])
        except (TypeError, ValueError, IndexError):
            raise ValueError(f"{what}: position must be [x, y] or a landmark id, got {position!r}") from None
        if not self.map.in_bounds(x, y):
            raise ValueError(
                f"{what}: position ({x}, {y}) is outside the {self.map.width}x{self.map.height} map"
            )
        if not self._ix.walkable(x, y):
            raise ValueError(
                f"{what}: position ({x}, {y}) is on unwalkable terrain '{self.map.terrain_at(x, y)}'"
            )
        return (x, y)

    # --- task setup (raise ValueError on bad setup: these come from validated task files) --
    def add_player(
        self,
        name: str,
        position=None,
        skills: dict | None = None,
        inventory: dict | None = None,
        equipment: dict | None = None,
    ) -> Player:
        c = self.content
        if name in self.players or name in self.entities:
            raise ValueError(f"add_player: the name '{name}' is already taken")
        x, y = self._resolve_setup_pos(
            position if position is not None else self.rules.hub, f"player '{name}'"
        )
        levels = {s: 1 for s in self._ix.skill_ids}
        for s, lv in (skills or {}).items():
            if s not in levels:
                raise ValueError(f"player '{name}': unknown skill '{s}'{suggest(s, levels)}")
            if isinstance(lv, bool) or not isinstance(lv, int) or not 1 <= lv <= self.rules.max_level:
                raise ValueError(
                    f"player '{name}': {s} level must be a whole number in 1..{self.rules.max_level}, "
                    f"got {lv!r}"
                )
            levels[s] = lv
        xp = {s: xp_for_level(lv) for s, lv in levels.items()}
        hp = self.rules.max_hp(levels.get("health", 1))
        p = Player(name, x, y, (x, y), hp, hp, levels, xp)
        p.equipment = {slot: None for slot in self._ix.slots}
        p.equip_origin = {slot: None for slot in self._ix.slots}
        for item, n in (inventory or {}).items():
            if item not in c.items:
                raise ValueError(f"player '{name}': unknown item '{item}'{suggest(item, c.items)}")
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ValueError(
                    f"player '{name}': inventory count of {item} must be a whole number >= 1, got {n!r}"
                )
            p.inventory.add(item, n, None)
        for slot, item in (equipment or {}).items():
            if item is None:
                continue
            spec = c.items.get(item)
            if spec is None:
                raise ValueError(f"player '{name}': unknown item '{item}'{suggest(item, c.items)}")
            if slot not in p.equipment:
                raise ValueError(
                    f"player '{name}': unknown equipment slot '{slot}'{suggest(slot, p.equipment)}"
                )
            if spec.slot is None:
                raise ValueError(f"player '{name}': {item} cannot be equipped (it has no equipment slot)")
            if spec.slot != slot:
                raise ValueError(f"player '{name}': {item} goes in slot '{spec.slot}', not '{slot}'")
            p.equipment[slot] = item
        self.players[name] = p
        self.grid.add(name, p)
        return p

    def mention(self, agent: str, *texts: str) -> None:
        """Record the ids an agent's briefing names (objective, documentation, spawn): its typo
        suggestions prefer them, so `move_to camp` offers the task's camp, not another region's."""
        self.mentioned[agent] = _words(" ".join(texts))

    def add_mob(self, mob_type: str, position, guards=None) -> str:
        """A mob at `position`; with `guards` ([x, y] tiles) it holds a passage: while it lives no
        player can step on those tiles (see movement.py), wherever the fight takes the mob."""
        if mob_type not in self.content.mobs:
            raise ValueError(f"add_mob: unknown mob type '{mob_type}'{suggest(mob_type, self.content.mobs)}")
        mob_id = self._new_mob(mob_type, self._resolve_setup_pos(position, f"mob '{mob_type}'"))
        tiles = [
            self._resolve_setup_pos(tile, f"mob '{mob_type}' guards[{i}]")
            for i, tile in enumerate(guards or ())
        ]
        for tile in tiles:
            if tile in self.guarded:
                raise ValueError(
                    f"mob '{mob_type}': tile {tile} is already guarded by {self.guarded[tile].id}"
                )
        mob = self.mobs[mob_id]
        mob.guards = tuple(tiles)
        for tile in tiles:
            self.guarded[tile] = mob
        return mob_id

    def remove_spawned_mob(self, position, what: str) -> str:
        """Take out the world's mob that spawns on `position` (a task puts its own in its place)."""
        x, y = self._resolve_setup_pos(position, what)
        spawned = {ident for ident, _type, mx, my, _hp in self._ix.start_mobs if (mx, my) == (x, y)}
        mob = next((self.mobs[i] for i in sorted(spawned) if i in self.mobs), None)
        if mob is None:
            raise ValueError(f"{what}: replaces, but no mob of the world spawns at ({x}, {y})")
        del self.mobs[mob.id], self.entities[mob.id]
        self.grid.remove(mob.id, mob.x, mob.y)
        return mob.id

    def add_node(self, node_kind: str, position) -> str:
        if node_kind not in self.content.node_kinds:
            raise ValueError(
                f"add_node: unknown node kind '{node_kind}'{suggest(node_kind, self.content.node_kinds)}"
            )
        return self._new_node(node_kind, self._resolve_setup_pos(position, f"node '{node_kind}'"))

    def add_station(self, kind: str, position, place: str = "field") -> str:
        """A station a task sets up (`<kind>#<place>`), like the map's own: a fixed place, always known."""
        if kind not in self.content.stations:
            raise ValueError(f"add_station: unknown station '{kind}'{suggest(kind, self.content.stations)}")
        sid = f"{kind}#{place}"
        if sid in self.stations:
            raise ValueError(f"add_station: station '{sid}' already exists")
        x, y = self._resolve_setup_pos(position, f"station '{sid}'")
        self._place(Station(sid, kind, self.content.stations[kind].name, x, y), self.stations)
        return sid

    def add_ground_item(self, item: str, count: int, position) -> str:
        if item not in self.content.items:
            raise ValueError(f"add_ground_item: unknown item '{item}'{suggest(item, self.content.items)}")
        if int(count) < 1:
            raise ValueError(f"add_ground_item: count must be >= 1, got {count}")
        x, y = self._resolve_setup_pos(position, f"ground item '{item}'")
        g = GroundItem(self._next_id("ground"), item, x, y, [(None, int(count))])
        self._place(g, self.ground)
        return g.id

    def add_site(
        self,
        site_id: str,
        position,
        materials: dict | None = None,
        work: int = 0,
        skill: str | None = None,
        level: int = 1,
        name: str | None = None,
        shelter: Shelter | None = None,
    ) -> str:
        sid = site_id if site_id.startswith("site#") else f"site#{site_id}"
        if sid in self.sites:
            raise ValueError(f"add_site: site '{sid}' already exists")
        for item in materials or {}:
            if item not in self.content.items:
                raise ValueError(
                    f"add_site '{sid}': unknown material '{item}'{suggest(item, self.content.items)}"
                )
        if skill is not None and skill not in self.content.skills:
            raise ValueError(
                f"add_site '{sid}': unknown skill '{skill}'{suggest(skill, self.content.skills)}"
            )
        mats = dict(materials or {})
        bad = {k: v for k, v in mats.items() if isinstance(v, bool) or not isinstance(v, int) or v < 1}
        if bad:
            raise ValueError(f"add_site '{sid}': material counts must be whole numbers >= 1, got {bad}")
        if isinstance(work, bool) or not isinstance(work, int) or work < 0:
            raise ValueError(f"add_site '{sid}': work must be a whole number >= 0, got {work!r}")
        if not mats and not work:
            raise ValueError(f"add_site '{sid}': a site needs materials or work (or both)")
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= self.rules.max_level:
            raise ValueError(
                f"add_site '{sid}': level must be a whole number in 1..{self.rules.max_level}, got {level!r}"
            )
        x, y = self._resolve_setup_pos(position, f"site '{sid}'")
        if shelter is not None and shelter.fuel is not None and shelter.fuel not in self.content.items:
            raise ValueError(f"add_site '{sid}': unknown fuel '{shelter.fuel}'")
        site = Site(
            sid,
            name or site_id,
            x,
            y,
            dict(mats),
            dict(mats),
            work,
            skill=skill,
            level=level,
            shelter=shelter,
        )
        self._place(site, self.sites)
        return sid

    # --- acting ----------------------------------------------------------------------------
    def act(self, agent: str, tool: str, args: dict | None, action_id: int) -> Outcome:
        """Apply one tool call. Never raises on bad input: errors come back in the Outcome."""
        player = self.players.get(agent)
        if player is None:
            return Outcome(False, "", f"unknown agent '{agent}'; agents: {', '.join(self.players)}", [], [])
        events: list[dict] = []
        links: list[dict] = []
        self._out, self._links = events, links
        try:
            handler = _HANDLERS.get(tool)
            if handler is None:
                raise ActionError(f"unknown tool '{tool}'{suggest(tool, _HANDLERS)}")
            if not player.alive and tool != "wait":
                raise ActionError(
                    f"you are dead and respawn at your spawn ({player.spawn[0]}, {player.spawn[1]}) "
                    f"at the start of round {player.respawn_round}; until then you can only wait"
                )
            if not isinstance(args, dict):
                args = {} if args is None else None
                if args is None:
                    raise ActionError("arguments must be a mapping of name -> value")
            result = handler(self, player, args, action_id)
            result += self._settle(player, tool, events, action_id)
            out = Outcome(True, result, None, events, links)
        except ActionError as exc:
            out = Outcome(False, "", str(exc), events, links)
        finally:
            self._out = self._links = None
        self.provenance.add_links(action_id, links)
        player.last_result = out.result
        player.last_error = out.error
        player.news_from = len(self.provenance.events)  # what happens to it from now on is news (observe)
        return out

    # --- the round's end: mobs, exposure, deaths, respawns, expiries ---------------------------
    def end_round(self) -> list[dict]:
        """Mobs act (aggro, retaliation, movement), exposures take their toll, deaths and respawns,
        expiries; round += 1."""
        events: list[dict] = []
        self._out = events
        try:
            self._mobs_act()
            if self.exposures:
                self._expose()
            self.round += 1
            r = self.round
            for p in self.players.values():
                if not p.alive and p.respawn_round is not None and r >= p.respawn_round:
                    self._respawn_player(p)
                if p.boosts:
                    for skill in [s for s, (_a2, until) in p.boosts.items() if until < r]:
                        del p.boosts[skill]
            for mob in sorted(
                (m for m in self.dead_mobs.values() if r >= m.respawn_round), key=lambda m: m.seq
            ):
                del self.dead_mobs[mob.id]
                spec = self.content.mobs[mob.type]
                mob.alive, mob.hp, mob.max_hp = True, spec.hp, spec.hp
                mob.x, mob.y = mob.spawn
                mob.respawn_round = None
                mob.target = None
                mob.path, mob.path_goal = [], None
                self.grid.add(mob.id, mob)
                self._ev("respawn", None, None, target=mob.id, position=[mob.x, mob.y])
            for node in [n for n in self.depleted.values() if r >= n.respawn_round]:
                del self.depleted[node.id]
                node.capacity = node.max_capacity
                node.respawn_round = None
                self._ev("node_respawn", None, None, node=node.id)
            for oid in [o.id for o in self.offers.values() if r >= o.expires]:
                o = self.offers.pop(oid)
                self._ev("trade_declined", None, None, offer=oid, sender=o.sender, to=o.to, reason="expired")
        finally:
            self._out = None
        return events

    def _respawn_player(self, p: Player) -> None:
        ox, oy = p.x, p.y
        p.x, p.y = p.spawn
        p.hp = p.max_hp
        p.alive = True
        p.respawn_round = None
        p.path, p.path_goal = [], None
        self.grid.add(p.name, p)
        self._ev("respawn", None, None, target=p.name, player=p.name, position=[p.x, p.y], frm=[ox, oy])

    # --- snapshots ---------------------------------------------------------------------------
    def _state(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in self._STATIC}

    def snapshot(self) -> bytes:
        """The whole mutable state (incl. the generator) as bytes; content is not included."""
        return pickle.dumps(self._state(), protocol=pickle.HIGHEST_PROTOCOL)

    def restore(self, blob: bytes) -> None:
        """Go back to a snapshot taken from a world built on the same content."""
        state = pickle.loads(blob)
        for k in list(self.__dict__):
            if k not in self._STATIC:
                del self.__dict__[k]
        self.__dict__.update(state)

    def __getstate__(self) -> dict:
        state = self._state()
        state["content"] = self.content  # default content pickles as a reference (load_content())
        return state

    def __setstate__(self, state: dict) -> None:
        content = state.pop("content")
        self.__dict__.update(state)
        self._attach(content)

    # --- convenience for verifiers ---------------------------------------------------------
    def holds(self, agent: str, item: str) -> int:
        """Units of `item` the agent has in inventory plus equipped."""
        p = self.players[agent]
        return p.inventory.count(item) + sum(1 for e in p.equipment.values() if e == item)


def _renewed(old: dict, cls: type, ident: str, *args, **kwargs):
    """cls(ident, *args, **kwargs), made by re-initialising `old[ident]` when it is one (World.reset)."""
    ent = old.get(ident)
    if type(ent) is cls:
        ent.__init__(ident, *args, **kwargs)
        return ent
    return cls(ident, *args, **kwargs)


@functools.lru_cache(maxsize=1024)
def _words(text: str) -> frozenset[str]:
    """The id-like words of a briefing (the same few texts come back at every reset of an episode)."""
    return frozenset(re.findall(r"[A-Za-z0-9_#]+", text))


# Each registered tool's rule: World._do_<name> (in its mixin module) unless its traits name one.
_HANDLERS: dict[str, Callable[[World, Player, dict, int], str]] = {
    name: cls.traits.handler or getattr(World, f"_do_{name}") for name, cls in tools.TOOLS.items()
}
TOOL_NAMES = tools.TOOL_NAMES
