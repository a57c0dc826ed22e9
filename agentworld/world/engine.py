"""World: the deterministic game engine (reset / add_* / act / end_round / observe / snapshot).

One `World` is one episode's state. All randomness comes from `self.rng`, seeded at reset;
every iteration runs over insertion-ordered dicts or sorted lists, so the same seed and the
same actions always give the same event log. `act` never raises on bad arguments or
impossible actions: it returns `Outcome(ok=False, error=...)` naming what was wrong.

Timing rules (documented for task authors):
- a node depleted in round r is back at the start of round r + node.respawn;
- a mob killed in round r is back (full HP, at its spawn) at the start of round r + mob.respawn;
- a player killed during end_round of round r is dead for rules.respawn_delay_rounds rounds
  and back (full HP, at their spawn, keeping all items) at the start of round r + delay + 1;
- a trade offer made in round r can be accepted until the end of round r + expiry - 1;
- mobs act in end_round: an aggressive mob targets the nearest living player within its aggro
  radius, an attacked mob targets its first attacker; each round it attacks its target if in
  range, else walks up to combat.MOB_SPEED tiles toward it. When its target dies or leaves the
  leash (combat.MOB_LEASH tiles from the mob's spawn) it turns on the living attacker that dealt
  it most damage; with none left it heals to full and walks home.
"""

from __future__ import annotations

import difflib
import pickle
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from . import combat
from .entities import GroundItem, Landmark, Mob, Node, Npc, Offer, Player, Site, Station
from .inventory import Inventory
from .pathfinding import chebyshev, find_path_grid, straight_path
from .provenance import Provenance
from .spatial import SpatialGrid

MOB_PATH_EXPANSIONS = 400


@dataclass
class Outcome:
    ok: bool
    result: str
    error: str | None
    events: list[dict] = field(default_factory=list)
    links: list[dict] = field(default_factory=list)


class ActionError(Exception):
    """An impossible action; the message is the precise reason shown to the agent."""


KIND_OF = {Player: "player", Mob: "mob", Npc: "npc", Node: "node", Station: "station",
           GroundItem: "ground", Site: "site", Landmark: "landmark"}


def _suggest(name: str, options) -> str:
    """'; did you mean 'x'?' for the closest option (difflib, else a containing id), or ''."""
    options = list(options)
    close = difflib.get_close_matches(str(name), options, n=1, cutoff=0.5)
    if not close and len(str(name)) >= 3:
        close = sorted((o for o in options if str(name) in o), key=lambda o: (len(o), o))[:1]
    return f"; did you mean '{close[0]}'?" if close else ""


def _fmt_items(items: dict[str, int]) -> str:
    return ", ".join(f"{k} x{v}" for k, v in items.items()) or "nothing"


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


class _Index:
    """Lookups derived once per Content (content is immutable and shared)."""

    def __init__(self, content) -> None:
        self.content = content
        gmap = content.map
        self.walkable: Callable[[int, int], bool] = gmap.walkable
        self.walk_grid: bytes = gmap.walkable_grid
        self.width, self.height = gmap.width, gmap.height
        self.max_expansions = max(2000, min(gmap.width * gmap.height, 200_000))
        tools: dict[str, list[tuple[int, str]]] = {}
        for item in content.items.values():
            if item.tool is not None:
                tools.setdefault(item.tool.skill, []).append((-item.tool.power, item.id))
        self.tools_by_skill = {s: [i for _p, i in sorted(v)] for s, v in tools.items()}
        # "a lumberjacking tool such as bronze_axe" (the most basic one)
        self.tool_hint = {s: f"a {s} tool such as {v[-1]}" for s, v in self.tools_by_skill.items()}
        self.quest_giver: dict[str, str] = {}
        self.quests: dict[str, Any] = {}
        for npc in content.npcs.values():
            for q in npc.quests:
                self.quest_giver[q.id] = npc.id
                self.quests[q.id] = q
        self.skill_ids = list(content.skills)
        self.slots = list(content.rules.equipment_slots)
        self.reachable: bytes = gmap.reachable
        self.max_aggro = max([m.aggro_radius for m in content.mobs.values() if m.aggressive] or [0])
        self.node_names = {k: v.name for k, v in content.node_kinds.items()}
        self.mob_names = {k: v.name for k, v in content.mobs.items()}
        self.item_names = {k: v.name for k, v in content.items.items()}
        self.static_detail: dict[str, str] = {}  # NPCs, stations, landmarks never change their detail
        # fixed beginnings of node / mob details ("lumberjacking 1, needs ...", "level 8 aggressive")
        self.node_head = {k.id: f"{k.skill} {k.level}" + (f", needs {self.tool_hint.get(k.tool, k.tool + ' tool')}"
                                                          if k.tool else "")
                          for k in content.node_kinds.values()}
        self.mob_head = {m.id: f"level {m.level}" + (" boss" if m.boss else "") + (" aggressive" if m.aggressive else "")
                         for m in content.mobs.values()}


_INDEXES: dict[int, _Index] = {}


def _index_for(content) -> _Index:
    idx = _INDEXES.get(id(content))
    if idx is None or idx.content is not content:
        idx = _INDEXES[id(content)] = _Index(content)
    return idx


class World:
    """See module docstring and docs/ARCHITECTURE.md (Engine)."""

    _STATIC = ("content", "rules", "map", "_ix", "_out", "_links")

    def __init__(self, content) -> None:
        self._attach(content)
        self.round = 0
        self.seed = 0
        self.rng = random.Random(0)
        self._clear()

    def _attach(self, content) -> None:
        self.content = content
        self.rules = content.rules
        self.map = content.map
        self._ix = _index_for(content)
        self._out: list[dict] | None = None
        self._links: list[dict] | None = None

    def _clear(self) -> None:
        self.players: dict[str, Player] = {}
        self.mobs: dict[str, Mob] = {}
        self.nodes: dict[str, Node] = {}
        self.npcs: dict[str, Npc] = {}
        self.stations: dict[str, Station] = {}
        self.ground: dict[str, GroundItem] = {}
        self.sites: dict[str, Site] = {}
        self.landmarks: dict[str, Landmark] = {}
        self.entities: dict[str, Any] = {}       # every non-player entity by id
        self.active: dict[str, Mob] = {}         # mobs with a target or away from their spawn
        self.dead_mobs: dict[str, Mob] = {}      # waiting to respawn
        self.depleted: dict[str, Node] = {}      # waiting to grow back
        self.offers: dict[int, Offer] = {}
        self.counters: dict[str, int] = {}
        self.next_offer = 0
        self.grid = SpatialGrid(8)
        self.provenance = Provenance()

    # --- lifecycle -------------------------------------------------------------------------
    def reset(self, seed: int | None = 0) -> None:
        """Fresh state from content: placed nodes, mob spawns, NPCs, stations, landmarks; round 1."""
        self.seed = 0 if seed is None else int(seed)
        self.rng = random.Random(self.seed)
        self.round = 1
        self._clear()
        c, gmap = self.content, self.map
        for lid, (x, y) in gmap.landmarks.items():
            self._place(Landmark(lid, gmap.landmark_names.get(lid, lid), x, y), self.landmarks)
        for station, place, (x, y) in gmap.placed_stations:
            sid = f"{station}#{place}"
            self._place(Station(sid, station, c.stations[station].name, x, y), self.stations)
        for npc_id, (x, y) in gmap.npc_positions.items():
            spec = c.npcs[npc_id]
            stock = {s.item: s.quantity for s in spec.shop.stock} if spec.shop else {}
            self._place(Npc(npc_id, spec.name, x, y, stock), self.npcs)
        for kind, pos in gmap.placed_nodes:
            self._new_node(kind, pos)
        for mob_type, pos in gmap.mob_spawns:
            self._new_mob(mob_type, pos)

    @property
    def events(self) -> list[dict]:
        return self.provenance.events

    def _place(self, ent, table: dict) -> None:
        table[ent.id] = ent
        self.entities[ent.id] = ent
        self.grid.add(ent.id, ent)

    def _next_id(self, prefix: str) -> str:
        n = self.counters.get(prefix, 0) + 1
        self.counters[prefix] = n
        return f"{prefix}#{n}"

    def _new_node(self, kind: str, pos) -> str:
        k = self.content.node_kinds[kind]
        node = Node(self._next_id(kind), kind, int(pos[0]), int(pos[1]), k.capacity, k.capacity)
        self._place(node, self.nodes)
        return node.id

    def _new_mob(self, mob_type: str, pos) -> str:
        m = self.content.mobs[mob_type]
        x, y = int(pos[0]), int(pos[1])
        mob = Mob(self._next_id(mob_type), mob_type, x, y, (x, y), m.hp, m.hp, seq=len(self.mobs))
        self._place(mob, self.mobs)
        return mob.id

    def _resolve_setup_pos(self, position, what: str) -> tuple[int, int]:
        if isinstance(position, str):
            if position not in self.map.landmarks:
                raise ValueError(f"{what}: unknown landmark '{position}'{_suggest(position, self.map.landmarks)}")
            return self.map.landmarks[position]
        try:
            x, y = int(position[0]), int(position[1])
        except (TypeError, ValueError, IndexError):
            raise ValueError(f"{what}: position must be [x, y] or a landmark id, got {position!r}") from None
        if not self.map.in_bounds(x, y):
            raise ValueError(f"{what}: position ({x}, {y}) is outside the {self.map.width}x{self.map.height} map")
        if not self._ix.walkable(x, y):
            raise ValueError(f"{what}: position ({x}, {y}) is on unwalkable terrain '{self.map.terrain_at(x, y)}'")
        return (x, y)

    # --- task setup (raise ValueError on bad setup: these come from validated task files) --
    def add_player(self, name: str, position=None, skills: dict | None = None, inventory: dict | None = None,
                   equipment: dict | None = None) -> Player:
        c = self.content
        if name in self.players or name in self.entities:
            raise ValueError(f"add_player: the name '{name}' is already taken")
        x, y = self._resolve_setup_pos(position if position is not None else self.rules.hub, f"player '{name}'")
        levels = {s: 1 for s in self._ix.skill_ids}
        for s, lv in (skills or {}).items():
            if s not in levels:
                raise ValueError(f"player '{name}': unknown skill '{s}'{_suggest(s, levels)}")
            levels[s] = max(1, min(int(lv), self.rules.max_level))
        from .content import xp_for_level
        xp = {s: xp_for_level(lv) for s, lv in levels.items()}
        hp = self.rules.max_hp(levels.get("health", 1))
        p = Player(name, x, y, (x, y), hp, hp, levels, xp)
        p.equipment = {slot: None for slot in self._ix.slots}
        p.equip_origin = {slot: None for slot in self._ix.slots}
        for item, n in (inventory or {}).items():
            if item not in c.items:
                raise ValueError(f"player '{name}': unknown item '{item}'{_suggest(item, c.items)}")
            p.inventory.add(item, int(n), None)
        for slot, item in (equipment or {}).items():
            if item is None:
                continue
            spec = c.items.get(item)
            if spec is None:
                raise ValueError(f"player '{name}': unknown item '{item}'{_suggest(item, c.items)}")
            if slot not in p.equipment or spec.slot != slot:
                raise ValueError(f"player '{name}': {item} goes in slot '{spec.slot}', not '{slot}'")
            p.equipment[slot] = item
        self.players[name] = p
        self.grid.add(name, p)
        return p

    def add_mob(self, mob_type: str, position) -> str:
        if mob_type not in self.content.mobs:
            raise ValueError(f"add_mob: unknown mob type '{mob_type}'{_suggest(mob_type, self.content.mobs)}")
        return self._new_mob(mob_type, self._resolve_setup_pos(position, f"mob '{mob_type}'"))

    def add_node(self, node_kind: str, position) -> str:
        if node_kind not in self.content.node_kinds:
            raise ValueError(f"add_node: unknown node kind '{node_kind}'{_suggest(node_kind, self.content.node_kinds)}")
        return self._new_node(node_kind, self._resolve_setup_pos(position, f"node '{node_kind}'"))

    def add_ground_item(self, item: str, count: int, position) -> str:
        if item not in self.content.items:
            raise ValueError(f"add_ground_item: unknown item '{item}'{_suggest(item, self.content.items)}")
        if int(count) < 1:
            raise ValueError(f"add_ground_item: count must be >= 1, got {count}")
        x, y = self._resolve_setup_pos(position, f"ground item '{item}'")
        g = GroundItem(self._next_id("ground"), item, x, y, [(None, int(count))])
        self._place(g, self.ground)
        return g.id

    def add_site(self, site_id: str, position, materials: dict | None = None, work: int = 0,
                 skill: str | None = None, level: int = 1, name: str | None = None) -> str:
        sid = site_id if site_id.startswith("site#") else f"site#{site_id}"
        if sid in self.sites:
            raise ValueError(f"add_site: site '{sid}' already exists")
        for item in materials or {}:
            if item not in self.content.items:
                raise ValueError(f"add_site '{sid}': unknown material '{item}'{_suggest(item, self.content.items)}")
        if skill is not None and skill not in self.content.skills:
            raise ValueError(f"add_site '{sid}': unknown skill '{skill}'{_suggest(skill, self.content.skills)}")
        x, y = self._resolve_setup_pos(position, f"site '{sid}'")
        mats = {k: int(v) for k, v in (materials or {}).items() if int(v) > 0}
        site = Site(sid, name or site_id, x, y, dict(mats), dict(mats), max(0, int(work)), skill=skill,
                    level=int(level))
        self._place(site, self.sites)
        return sid

    # --- events and links -----------------------------------------------------------------
    def _ev(self, kind: str, agent: str | None, action: int | None, **fields) -> dict:
        e = {"kind": kind, "round": self.round, "agent": agent, "action": action, **fields}
        self.provenance.events.append(e)
        if self._out is not None:
            self._out.append(e)
        return e

    def _link(self, origin: int | None, kind: str, detail: str) -> None:
        if origin is not None and self._links is not None:
            self._links.append({"from": origin, "kind": kind, "detail": detail})

    def _link_lots(self, taken, item: str, kind: str = "item") -> None:
        for origin, n in taken:
            self._link(origin, kind, f"{item} x{n}")

    def _gain(self, p: Player, item: str, count: int, aid: int | None) -> None:
        p.inventory.add(item, count, aid)
        self._ev("item_gain", p.name, aid, item=item, count=count, origin=aid)

    def _lose(self, p: Player, item: str, count: int, aid: int | None, link: bool = True):
        taken = p.inventory.remove(item, count)
        self._ev("item_loss", p.name, aid, item=item, count=count, lots=[[o, n] for o, n in taken])
        if link:
            self._link_lots(taken, item)
        return taken

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
                raise ActionError(f"unknown tool '{tool}'{_suggest(tool, _HANDLERS)}")
            if not player.alive and tool != "wait":
                raise ActionError(f"you are dead and respawn at the start of round {player.respawn_round}; "
                                  f"until then you can only wait")
            if not isinstance(args, dict):
                args = {} if args is None else None
                if args is None:
                    raise ActionError("arguments must be a mapping of name -> value")
            result = handler(self, player, args, action_id)
            out = Outcome(True, result, None, events, links)
        except ActionError as exc:
            out = Outcome(False, "", str(exc), events, links)
        finally:
            self._out = self._links = None
        self.provenance.add_links(action_id, links)
        player.last_result = out.result
        player.last_error = out.error
        return out

    # argument helpers
    @staticmethod
    def _arg_str(args: dict, key: str) -> str:
        v = args.get(key)
        if not isinstance(v, str) or not v:
            raise ActionError(f"argument '{key}' must be a non-empty string, got {v!r}")
        return v

    @staticmethod
    def _arg_count(args: dict, key: str = "count") -> int:
        v = args.get(key, 1)
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ActionError(f"argument '{key}' must be a whole number >= 1, got {v!r}")
        return v

    def _item_id(self, item: str) -> str:
        if item not in self.content.items:
            raise ActionError(f"unknown item '{item}'{_suggest(item, self.content.items)}")
        return item

    def _need_items(self, p: Player, item: str, count: int, verb: str = "have") -> None:
        have = p.inventory.count(item)
        if have < count:
            extra = ""
            if have == 0 and item in p.equipment.values():
                extra = f" (your {item} is equipped; unequip it first)"
            raise ActionError(f"you need {count} {item} to {verb} (you have {have}){extra}")

    def _in_range(self, p: Player, ent, rng: int, what: str) -> int:
        d = chebyshev((p.x, p.y), (ent.x, ent.y))
        if d > rng:
            raise ActionError(f"{ent.id} is {d} tiles away ({what} range {rng}); move_to it first")
        return d

    def _nearest(self, p: Player, radius: int, pred) -> tuple[Any, int] | None:
        best = None
        for ident, ent, d in self.grid.near(p.x, p.y, radius):
            if ent is p or not pred(ent):
                continue
            if best is None or (d, ident) < best[:2]:
                best = (d, ident, ent)
        return (best[2], best[0]) if best else None

    def _lookup(self, target: str):
        """A player or entity by id; None if unknown."""
        ent = self.players.get(target)
        return ent if ent is not None else self.entities.get(target)

    def _unknown_target(self, target: str, kinds: str) -> ActionError:
        pool = list(self.players) + list(self.entities)
        return ActionError(f"unknown {kinds} '{target}'{_suggest(target, pool)}")

    # --- movement ----------------------------------------------------------------------------
    def _move_goal(self, p: Player, target) -> tuple[tuple[int, int], int, str]:
        """(goal tile, how near, label) for a move_to target."""
        if isinstance(target, (list, tuple)):
            if len(target) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in target):
                raise ActionError(f"move_to target must be [x, y] with two integers, got {target!r}")
            x, y = target
            if not self.map.in_bounds(x, y):
                raise ActionError(f"({x}, {y}) is outside the map (0..{self.map.width - 1}, 0..{self.map.height - 1})")
            if not self._ix.walkable(x, y):
                raise ActionError(f"({x}, {y}) is {self.map.terrain_at(x, y)} and cannot be walked on; pick a walkable tile")
            return (x, y), 0, f"({x}, {y})"
        if not isinstance(target, str) or not target:
            raise ActionError(f"move_to target must be [x, y] or an id/name string, got {target!r}")
        if target == p.name:
            raise ActionError("you cannot move to yourself")
        ent = self._lookup(target)
        if ent is None:
            raise self._unknown_target(target, "move target")
        if isinstance(ent, Landmark):
            return (ent.x, ent.y), 0, ent.name
        if isinstance(ent, Mob) and not ent.alive:
            raise ActionError(f"{target} is dead (it respawns at the start of round {ent.respawn_round})")
        if isinstance(ent, Player) and not ent.alive:
            raise ActionError(f"{target} is dead")
        return (ent.x, ent.y), 1, target

    def _may_reach(self, start, goal, near: int) -> bool:
        """Cheap pre-check with the map's hub-connectivity: from the hub's area, a goal whose
        whole target box lies outside that area is unreachable (no need to flood the map)."""
        reach, w = self._ix.reachable, self._ix.width
        if not reach or not reach[start[1] * w + start[0]]:
            return True  # start outside the hub's area (task spawn): let A* decide
        gx, gy = goal
        for y in range(max(0, gy - near), min(self._ix.height - 1, gy + near) + 1):
            for x in range(max(0, gx - near), min(w - 1, gx + near) + 1):
                if reach[y * w + x]:
                    return True
        return False

    def _step_along(self, ident: str, ent, path: list, steps: int) -> list:
        """Move an entity `steps` tiles along `path`; returns the rest of the path."""
        if not path or steps <= 0:
            return path
        k = min(steps, len(path))
        ox, oy = ent.x, ent.y
        ent.x, ent.y = path[k - 1]
        self.grid.move(ident, ent, ox, oy)
        return path[k:]

    def _do_move_to(self, p: Player, args: dict, aid: int) -> str:
        if "target" not in args:
            raise ActionError("move_to needs a 'target': [x, y], an entity id, an agent name or a landmark id")
        goal, near, label = self._move_goal(p, args["target"])
        start = (p.x, p.y)
        if chebyshev(start, goal) <= near:
            p.path, p.path_goal = [], None
            return f"you are already {'at' if near == 0 else 'next to'} {label} at ({p.x}, {p.y})"
        key = (goal, near)
        path = p.path
        if not (p.path_goal == key and path and abs(path[0][0] - p.x) + abs(path[0][1] - p.y) == 1):
            if not self._may_reach(start, goal, near):
                raise ActionError(f"no walkable path from ({p.x}, {p.y}) to {label}; it is cut off by "
                                  f"water or walls")
            ix = self._ix
            path = straight_path(ix.walk_grid, ix.width, ix.height, start, goal, near)
            if path is None:
                path = find_path_grid(ix.walk_grid, ix.width, ix.height, start, goal, near, ix.max_expansions)
            if path is None:
                raise ActionError(f"no walkable path from ({p.x}, {p.y}) to {label}; it may be cut off by "
                                  f"water or walls")
        rest = self._step_along(p.name, p, path, self.rules.move_speed)
        p.path, p.path_goal = rest, (key if rest else None)
        self._ev("move", p.name, aid, frm=[start[0], start[1]], to=[p.x, p.y], steps=len(path) - len(rest))
        if rest:
            return (f"moved {len(path) - len(rest)} tiles to ({p.x}, {p.y}); {len(rest)} tiles left to {label} "
                    f"(call move_to again)")
        return f"arrived {'at' if near == 0 else 'next to'} {label}: you are at ({p.x}, {p.y})"

    # --- gathering ---------------------------------------------------------------------------
    def _tool_for(self, p: Player, skill: str) -> tuple[str, int | None] | None:
        """The best held or wielded item that is a tool for `skill`: (item, lot origin)."""
        for item in self._ix.tools_by_skill.get(skill, ()):
            if p.inventory.count(item):
                return item, p.inventory.lots[item][0][0]
            for slot, eq in p.equipment.items():
                if eq == item:
                    return item, p.equip_origin.get(slot)
        return None

    def _do_gather(self, p: Player, args: dict, aid: int) -> str:
        target = self._arg_str(args, "target")
        rng = self.rules.interact_range
        node = self.nodes.get(target)
        if node is None:
            if target in self.content.node_kinds:
                found = self._nearest(p, rng, lambda e: isinstance(e, Node) and e.kind == target and not e.depleted)
                if found is None:
                    far = self._nearest(p, self.rules.view_radius,
                                        lambda e: isinstance(e, Node) and e.kind == target and not e.depleted)
                    hint = f"; nearest is {far[0].id}, {far[1]} tiles away: move_to it first" if far else \
                        f"; none in view (within {self.rules.view_radius} tiles)"
                    raise ActionError(f"no {target} with resources left within {rng} tile(s){hint}")
                node = found[0]
            else:
                ent = self._lookup(target)
                if ent is not None:
                    raise ActionError(f"{target} is not a resource node")
                raise ActionError(f"unknown node '{target}'{_suggest(target, list(self.content.node_kinds))}")
        kind = self.content.node_kinds[node.kind]
        if node.depleted:
            raise ActionError(f"{node.id} is depleted; it grows back at the start of round {node.respawn_round}")
        self._in_range(p, node, rng, "gather")
        lv = p.skills.get(kind.skill, 1)
        if lv < kind.level:
            raise ActionError(f"you need {kind.skill} {kind.level} to gather {node.id} (you have {lv})")
        tool_used = None
        if kind.tool is not None:
            tool_used = self._tool_for(p, kind.tool)
            if tool_used is None:
                raise ActionError(f"you need {self._ix.tool_hint.get(kind.tool, 'a ' + kind.tool + ' tool')} "
                                  f"(an item with tool skill {kind.tool}) in your inventory or equipped")
            self._link(tool_used[1], "item", f"used {tool_used[0]}")
        gained = dict(kind.yields)
        for rare in kind.rare:
            if self.rng.random() < rare.chance:
                gained[rare.item] = gained.get(rare.item, 0) + rare.count
        for item, n in gained.items():
            self._gain(p, item, n, aid)
        self._add_xp(p, kind.skill, kind.xp, aid)
        node.capacity -= 1
        extra = ""
        if node.capacity <= 0:
            node.respawn_round = self.round + kind.respawn
            self.depleted[node.id] = node
            self._ev("node_depleted", p.name, aid, node=node.id, respawn_round=node.respawn_round)
            extra = f"; {node.id} is now depleted (back in round {node.respawn_round})"
        else:
            extra = f"; {node.capacity} gathers left in {node.id}"
        return f"gathered {_fmt_items(gained)} from {node.id} (+{kind.xp} {kind.skill} xp){extra}"

    def _add_xp(self, p: Player, skill: str, amount: int, aid: int | None) -> None:
        if amount <= 0 or skill not in p.xp:
            return
        from .content import level_for_xp
        p.xp[skill] += amount
        old = p.skills[skill]
        new = min(level_for_xp(p.xp[skill]), self.rules.max_level)
        self._ev("xp", p.name, aid, skill=skill, amount=amount, level=new)
        if new > old:
            p.skills[skill] = new
            self._ev("level_up", p.name, aid, skill=skill, level=new)
            if skill == "health":
                new_max = self.rules.max_hp(new)
                p.hp += new_max - p.max_hp
                p.max_hp = new_max

    # --- crafting ----------------------------------------------------------------------------
    def _do_craft(self, p: Player, args: dict, aid: int) -> str:
        rid = self._arg_str(args, "recipe")
        count = self._arg_count(args)
        recipe = self.content.recipes.get(rid)
        if recipe is None:
            # an output item name is a common slip: point at its recipes
            makers = [r.id for r in self.content.recipes.values() if rid in r.outputs]
            if makers:
                raise ActionError(f"unknown recipe '{rid}'; recipes that make {rid}: {', '.join(makers)}")
            raise ActionError(f"unknown recipe '{rid}'{_suggest(rid, self.content.recipes)}")
        if recipe.station is not None:
            rng = self.rules.interact_range
            if self._nearest(p, rng, lambda e: isinstance(e, Station) and e.kind == recipe.station) is None:
                far = self._nearest(p, self.rules.view_radius,
                                    lambda e: isinstance(e, Station) and e.kind == recipe.station)
                hint = f"; nearest is {far[0].id}, {far[1]} tiles away" if far else \
                    f"; find one ({', '.join(s.id for s in self.stations.values() if s.kind == recipe.station) or 'none on the map'})"
                raise ActionError(f"{recipe.id} needs {_a(recipe.station)} within {rng} tile(s){hint}")
        lv = p.skills.get(recipe.skill, 1)
        if lv < recipe.level:
            raise ActionError(f"you need {recipe.skill} {recipe.level} to craft {recipe.id} (you have {lv})")
        missing = {i: n * count - p.inventory.count(i) for i, n in recipe.inputs.items()
                   if p.inventory.count(i) < n * count}
        if missing:
            have = {i: p.inventory.count(i) for i in missing}
            raise ActionError(f"{recipe.id} x{count} needs {_fmt_items({i: n * count for i, n in recipe.inputs.items()})}; "
                              f"missing {_fmt_items(missing)} (you have {_fmt_items(have) if any(have.values()) else 'none of them'})")
        for t in recipe.tools:
            if not p.inventory.count(t) and t not in p.equipment.values():
                raise ActionError(f"{recipe.id} needs the tool {t} in your inventory")
        for t in recipe.tools:
            if p.inventory.count(t):
                self._link(p.inventory.lots[t][0][0], "item", f"used {t}")
            else:
                slot = next(s for s, e in p.equipment.items() if e == t)
                self._link(p.equip_origin.get(slot), "item", f"used {t}")
        for item, n in recipe.inputs.items():
            self._lose(p, item, n * count, aid)
        made = {item: n * count for item, n in recipe.outputs.items()}
        for item, n in made.items():
            self._gain(p, item, n, aid)
        self._add_xp(p, recipe.skill, recipe.xp * count, aid)
        return f"crafted {_fmt_items(made)} from {_fmt_items({i: n * count for i, n in recipe.inputs.items()})} (+{recipe.xp * count} {recipe.skill} xp)"

    # --- items between players ------------------------------------------------------------
    def _other_player(self, p: Player, name, rng: int | None, verb: str) -> Player:
        if not isinstance(name, str) or not name:
            raise ActionError(f"'to' must be an agent name, got {name!r}")
        other = self.players.get(name)
        if other is None:
            raise ActionError(f"unknown agent '{name}'{_suggest(name, self.players)}; agents: {', '.join(self.players)}")
        if other is p:
            raise ActionError(f"you cannot {verb} yourself")
        if not other.alive:
            raise ActionError(f"{name} is dead (back at the start of round {other.respawn_round})")
        if rng is not None:
            d = chebyshev((p.x, p.y), (other.x, other.y))
            if d > rng:
                raise ActionError(f"{name} is not within {rng} tiles (they are {d} tiles away at ({other.x}, {other.y})); "
                                  f"move_to {name} first")
        return other

    def _do_give(self, p: Player, args: dict, aid: int) -> str:
        other = self._other_player(p, args.get("to"), self.rules.give_range, "give to")
        item = self._item_id(self._arg_str(args, "item"))
        count = self._arg_count(args)
        self._need_items(p, item, count, "give")
        self._lose(p, item, count, aid)
        self._gain(other, item, count, aid)
        return f"gave {item} x{count} to {other.name}"

    def _check_bundle(self, bundle, what: str) -> dict[str, int]:
        if not isinstance(bundle, dict) or not bundle:
            raise ActionError(f"'{what}' must be a non-empty mapping {{item: count}}, got {bundle!r}")
        out = {}
        for item, n in bundle.items():
            self._item_id(item)
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ActionError(f"'{what}': the count of {item} must be a whole number >= 1, got {n!r}")
            out[item] = n
        return out

    def _do_trade_offer(self, p: Player, args: dict, aid: int) -> str:
        other = self._other_player(p, args.get("to"), None, "trade with")
        give = self._check_bundle(args.get("give"), "give")
        want = self._check_bundle(args.get("want"), "want")
        for item, n in give.items():
            self._need_items(p, item, n, "offer")
        oid = self.next_offer
        self.next_offer += 1
        expires = self.round + self.rules.trade_offer_expiry_rounds
        self.offers[oid] = Offer(oid, p.name, other.name, give, want, self.round, aid, expires)
        self._ev("trade_offer", p.name, aid, offer=oid, to=other.name, give=give, want=want, expires=expires)
        return (f"offered {other.name} trade #{oid}: your {_fmt_items(give)} for their {_fmt_items(want)}; "
                f"they can accept until round {expires - 1} while within {self.rules.give_range} tiles of you")

    def _offer_arg(self, p: Player, args: dict) -> Offer:
        oid = args.get("offer_id")
        if isinstance(oid, bool) or not isinstance(oid, int):
            raise ActionError(f"'offer_id' must be an offer number, got {oid!r}")
        offer = self.offers.get(oid)
        if offer is None:
            mine = [o.id for o in self.offers.values() if o.to == p.name]
            raise ActionError(f"no pending trade offer #{oid} (it may have expired or been answered); "
                              f"your pending offers: {mine or 'none'}")
        return offer

    def _do_trade_accept(self, p: Player, args: dict, aid: int) -> str:
        offer = self._offer_arg(p, args)
        if offer.to != p.name:
            raise ActionError(f"offer #{offer.id} is for {offer.to}, not for you")
        sender = self.players[offer.sender]
        if not sender.alive:
            raise ActionError(f"{sender.name} is dead; the trade cannot happen now")
        d = chebyshev((p.x, p.y), (sender.x, sender.y))
        if d > self.rules.give_range:
            raise ActionError(f"{sender.name} is not within {self.rules.give_range} tiles (they are {d} tiles away); "
                              f"move_to {sender.name} first")
        for item, n in offer.give.items():
            if sender.inventory.count(item) < n:
                raise ActionError(f"{sender.name} no longer has {item} x{n} (has {sender.inventory.count(item)}); "
                                  f"the trade cannot happen")
        for item, n in offer.want.items():
            self._need_items(p, item, n, "complete this trade")
        # all checks passed: swap atomically
        self._link(offer.action, "trade", f"trade offer #{offer.id}")
        given = [(item, n, self._lose(sender, item, n, aid)) for item, n in offer.give.items()]
        taken = [(item, n, self._lose(p, item, n, aid)) for item, n in offer.want.items()]
        for item, n, _lots in given:
            self._gain(p, item, n, aid)
        for item, n, _lots in taken:
            self._gain(sender, item, n, aid)
        del self.offers[offer.id]
        self._ev("trade_done", p.name, aid, offer=offer.id, sender=sender.name, receiver=p.name,
                 give=dict(offer.give), want=dict(offer.want))
        return f"trade #{offer.id} done: you got {_fmt_items(offer.give)} and gave {_fmt_items(offer.want)} to {sender.name}"

    def _do_trade_decline(self, p: Player, args: dict, aid: int) -> str:
        offer = self._offer_arg(p, args)
        if p.name not in (offer.to, offer.sender):
            raise ActionError(f"offer #{offer.id} is between {offer.sender} and {offer.to}, not you")
        del self.offers[offer.id]
        self._ev("trade_declined", p.name, aid, offer=offer.id, sender=offer.sender, to=offer.to,
                 reason="withdrawn" if p.name == offer.sender else "declined")
        return f"trade #{offer.id} {'withdrawn' if p.name == offer.sender else 'declined'}"

    # --- equipment and consumables ----------------------------------------------------------
    def _do_equip(self, p: Player, args: dict, aid: int) -> str:
        item = self._item_id(self._arg_str(args, "item"))
        spec = self.content.items[item]
        if spec.slot is None:
            raise ActionError(f"{item} cannot be equipped (it has no equipment slot)")
        self._need_items(p, item, 1, "equip it")
        for skill, lv in spec.requires.items():
            if p.skills.get(skill, 1) < lv:
                raise ActionError(f"you need {skill} {lv} to equip {item} (you have {p.skills.get(skill, 1)})")
        slot = spec.slot
        old = p.equipment.get(slot)
        # equipping moves a unit from inventory to a slot: the holder keeps it (no item_loss/item_gain)
        taken = p.inventory.remove(item, 1)
        self._link_lots(taken, item)
        note = ""
        if old is not None:
            self._link(p.equip_origin.get(slot), "item", f"swapped out {old}")
            p.inventory.add(old, 1, aid)
            self._ev("unequip", p.name, aid, slot=slot, item=old, origin=aid)
            note = f" ({old} went back to your inventory)"
        p.equipment[slot] = item
        p.equip_origin[slot] = aid
        self._ev("equip", p.name, aid, slot=slot, item=item, lots=[[o, n] for o, n in taken])
        return f"equipped {item} in slot {slot}{note}"

    def _do_unequip(self, p: Player, args: dict, aid: int) -> str:
        slot = self._arg_str(args, "slot")
        if slot not in p.equipment:
            # accept an item id too
            slots = [s for s, e in p.equipment.items() if e == slot]
            if not slots:
                raise ActionError(f"unknown slot '{slot}'{_suggest(slot, p.equipment)}; slots: {', '.join(p.equipment)}")
            slot = slots[0]
        item = p.equipment[slot]
        if item is None:
            raise ActionError(f"nothing is equipped in slot {slot}")
        self._link(p.equip_origin.get(slot), "item", f"unequipped {item}")
        p.equipment[slot] = None
        p.equip_origin[slot] = None
        p.inventory.add(item, 1, aid)
        self._ev("unequip", p.name, aid, slot=slot, item=item, origin=aid)
        return f"unequipped {item} from slot {slot}; it is in your inventory"

    def _do_use(self, p: Player, args: dict, aid: int) -> str:
        item = self._item_id(self._arg_str(args, "item"))
        spec = self.content.items[item]
        effects = {k: v for k, v in spec.effects.items() if k != "duration"}
        if spec.heal <= 0 and not effects:
            raise ActionError(f"{item} cannot be used; usable items are food and potions")
        self._need_items(p, item, 1, "use it")
        if not effects and p.hp >= p.max_hp:
            raise ActionError(f"you are already at full HP ({p.hp}/{p.max_hp}); keep the {item} for later")
        self._lose(p, item, 1, aid)
        parts = []
        if spec.heal > 0:
            healed = min(spec.heal, p.max_hp - p.hp)
            p.hp += healed
            self._ev("heal", p.name, aid, target=p.name, amount=healed, hp=p.hp)
            parts.append(f"healed {healed} HP ({p.hp}/{p.max_hp})")
        if effects:
            until = self.round + int(spec.effects.get("duration", 10))
            for skill, amount in effects.items():
                p.boosts[skill] = (int(amount), until)
            self._ev("boost", p.name, aid, effects=effects, until=until)
            parts.append(f"boosted {_fmt_items(effects)} until round {until}")
        return f"used {item}: " + ", ".join(parts)

    # --- ground items -------------------------------------------------------------------------
    def _do_drop(self, p: Player, args: dict, aid: int) -> str:
        item = self._item_id(self._arg_str(args, "item"))
        count = self._arg_count(args)
        self._need_items(p, item, count, "drop")
        taken = self._lose(p, item, count, aid)
        g = GroundItem(self._next_id("ground"), item, p.x, p.y, list(taken))
        self._place(g, self.ground)
        self._ev("drop", p.name, aid, item=item, count=count, ground=g.id, position=[p.x, p.y])
        return f"dropped {item} x{count} at ({p.x}, {p.y}) as {g.id}"

    def _do_pick_up(self, p: Player, args: dict, aid: int) -> str:
        target = self._arg_str(args, "target")
        rng = self.rules.interact_range
        g = self.ground.get(target)
        if g is None:
            if target in self.content.items:
                found = self._nearest(p, rng, lambda e: isinstance(e, GroundItem) and e.item == target)
                if found is None:
                    raise ActionError(f"no {target} on the ground within {rng} tile(s)")
                g = found[0]
            else:
                raise ActionError(f"unknown ground item '{target}'{_suggest(target, self.ground)}")
        self._in_range(p, g, rng, "pick_up")
        count = g.count
        del self.ground[g.id]
        del self.entities[g.id]
        self.grid.remove(g.id, g.x, g.y)
        self._link_lots(g.lots, g.item)
        self._ev("pick_up", p.name, aid, item=g.item, count=count, ground=g.id)
        self._gain(p, g.item, count, aid)
        return f"picked up {g.item} x{count}"

    # --- NPCs: shops and quests -------------------------------------------------------------
    def _npc_near(self, p: Player, args: dict) -> tuple[Npc, Any]:
        nid = self._arg_str(args, "npc")
        npc = self.npcs.get(nid)
        if npc is None:
            raise ActionError(f"unknown NPC '{nid}'{_suggest(nid, self.npcs)}")
        self._in_range(p, npc, self.rules.interact_range, "talk/trade")
        return npc, self.content.npcs[nid]

    def _do_buy(self, p: Player, args: dict, aid: int) -> str:
        npc, spec = self._npc_near(p, args)
        item = self._item_id(self._arg_str(args, "item"))
        count = self._arg_count(args)
        if spec.shop is None:
            raise ActionError(f"{npc.id} does not run a shop")
        entry = next((s for s in spec.shop.stock if s.item == item), None)
        if entry is None:
            raise ActionError(f"{npc.id} does not sell {item}; stock: {', '.join(s.item for s in spec.shop.stock)}")
        left = npc.stock.get(item, 0)
        if left < count:
            raise ActionError(f"{npc.id} has only {left} {item} left")
        price = entry.price * count
        if p.inventory.count("coins") < price:
            raise ActionError(f"{item} x{count} costs {price} coins (you have {p.inventory.count('coins')})")
        if price:
            self._lose(p, "coins", price, aid)
        npc.stock[item] = left - count
        self._gain(p, item, count, aid)
        self._ev("shop_buy", p.name, aid, npc=npc.id, item=item, count=count, price=price)
        return f"bought {item} x{count} from {npc.id} for {price} coins"

    def _do_sell(self, p: Player, args: dict, aid: int) -> str:
        npc, spec = self._npc_near(p, args)
        item = self._item_id(self._arg_str(args, "item"))
        count = self._arg_count(args)
        if spec.shop is None:
            raise ActionError(f"{npc.id} does not run a shop")
        if item == "coins":
            raise ActionError("you cannot sell coins")
        unit = int(self.content.items[item].value * spec.shop.buy_ratio)
        if unit <= 0:
            raise ActionError(f"{npc.id} will not buy {item} (it is worthless to the shop)")
        self._need_items(p, item, count, "sell")
        self._lose(p, item, count, aid)
        npc.stock[item] = npc.stock.get(item, 0) + count
        self._gain(p, "coins", unit * count, aid)
        self._ev("shop_sell", p.name, aid, npc=npc.id, item=item, count=count, price=unit * count)
        return f"sold {item} x{count} to {npc.id} for {unit * count} coins"

    def _stage_npc(self, quest_id: str, stage) -> str:
        return stage.npc or self._ix.quest_giver[quest_id]

    def _try_stage(self, p: Player, quest_id: str, npc_id: str, aid: int) -> tuple[bool, str]:
        """Try to complete the current stage of an active quest by talking to npc_id."""
        quest = self._ix.quests[quest_id]
        stage = quest.stages[p.quests[quest_id]]
        if self._stage_npc(quest_id, stage) != npc_id:
            return False, ""
        if stage.kind == "bring":
            missing = {i: n - p.inventory.count(i) for i, n in stage.items.items() if p.inventory.count(i) < n}
            if missing:
                return False, f"{quest.name}: still bring {_fmt_items(stage.items)} (missing {_fmt_items(missing)})"
            for item, n in stage.items.items():
                self._lose(p, item, n, aid)
        elif stage.kind == "kill":
            got = p.quest_kills.get(quest_id, {})
            missing = {m: n - got.get(m, 0) for m, n in stage.mobs.items() if got.get(m, 0) < n}
            if missing:
                return False, f"{quest.name}: still kill {_fmt_items(missing)}"
            for kill_aid in p.quest_kill_actions.get(quest_id, []):
                self._link(kill_aid, "quest", f"kill for {quest_id}")
        for prev in p.quest_actions.get(quest_id, []):
            if prev != aid:
                self._link(prev, "quest", f"earlier stage of {quest_id}")
        if aid not in p.quest_actions.setdefault(quest_id, []):
            p.quest_actions[quest_id].append(aid)
        p.quests[quest_id] += 1
        p.quest_kills[quest_id] = {}
        p.quest_kill_actions[quest_id] = []
        idx = p.quests[quest_id]
        if idx >= len(quest.stages):
            self._ev("quest_done", p.name, aid, quest=quest_id, npc=npc_id)
            for item, n in quest.rewards.items.items():
                self._gain(p, item, n, aid)
            for skill, xp in quest.rewards.xp.items():
                self._add_xp(p, skill, xp, aid)
            rewards = _fmt_items(dict(quest.rewards.items)) if quest.rewards.items else "no items"
            return True, f"quest '{quest.name}' complete! rewards: {rewards}"
        nxt = quest.stages[idx]
        self._ev("quest_stage", p.name, aid, quest=quest_id, stage=idx, text=nxt.text)
        return True, f"{quest.name}: stage {idx + 1}/{len(quest.stages)}: {nxt.text}"

    def _do_talk(self, p: Player, args: dict, aid: int) -> str:
        npc, spec = self._npc_near(p, args)
        n_talks = p.talked.get(npc.id, 0)
        p.talked[npc.id] = n_talks + 1
        lines = [f'{spec.name}: "{spec.dialogue[n_talks % len(spec.dialogue)]}"']
        # 1) progress every active quest whose current stage is handled by this NPC (repeat while it advances)
        for qid in list(p.quests):
            while p.quests[qid] < len(self._ix.quests[qid].stages):
                advanced, msg = self._try_stage(p, qid, npc.id, aid)
                if msg:
                    lines.append(msg)
                if not advanced:
                    break
        # 2) offer this NPC's next quest not yet started (one at a time)
        for quest in spec.quests:
            if quest.id in p.quests:
                if p.quests[quest.id] < len(quest.stages):
                    break  # still in progress: finish it first
                continue
            p.quests[quest.id] = 0
            p.quest_npc[quest.id] = npc.id
            p.quest_actions[quest.id] = [aid]
            p.quest_kills[quest.id] = {}
            p.quest_kill_actions[quest.id] = []
            self._ev("quest_stage", p.name, aid, quest=quest.id, stage=0, text=quest.stages[0].text)
            lines.append(f"new quest '{quest.name}': {quest.description} Stage 1/{len(quest.stages)}: "
                         f"{quest.stages[0].text}")
            # stages handled by this same NPC ("talk to me", items already carried) are done at once
            while p.quests[quest.id] < len(quest.stages):
                stage = quest.stages[p.quests[quest.id]]
                if stage.kind == "kill":
                    break  # kills must happen after the stage starts
                advanced, msg = self._try_stage(p, quest.id, npc.id, aid)
                if not advanced:
                    break
                lines.append(msg)
            break
        self._ev("talk", p.name, aid, npc=npc.id)
        return " ".join(lines)

    # --- construction ---------------------------------------------------------------------------
    def _do_build(self, p: Player, args: dict, aid: int) -> str:
        sid = self._arg_str(args, "site")
        site = self.sites.get(sid) or self.sites.get(f"site#{sid}")
        if site is None:
            raise ActionError(f"unknown site '{sid}'{_suggest(sid, self.sites)}")
        if site.complete:
            raise ActionError(f"{site.id} is already complete")
        self._in_range(p, site, self.rules.interact_range, "build")
        deliver = {i: min(n, p.inventory.count(i)) for i, n in site.materials.items() if p.inventory.count(i) > 0}
        if deliver:
            for item, n in deliver.items():
                self._lose(p, item, n, aid)
                site.materials[item] -= n
                if site.materials[item] <= 0:
                    del site.materials[item]
            site.builders.append(aid)
            self._ev("site_progress", p.name, aid, site=site.id, delivered=deliver, remaining=dict(site.materials),
                     work_done=site.work_done, work=site.work)
            msg = f"delivered {_fmt_items(deliver)} to {site.id}"
            if site.materials:
                return f"{msg}; it still needs {_fmt_items(site.materials)}"
            if site.work > 0:
                return f"{msg}; all materials are in: {site.work} work point(s) to go (build again)"
            self._complete_site(p, site, aid)
            return f"{msg}; {site.id} is complete!"
        if site.materials:
            raise ActionError(f"{site.id} still needs {_fmt_items(site.materials)} and you carry none of it")
        if site.skill is not None and p.skills.get(site.skill, 1) < site.level:
            raise ActionError(f"you need {site.skill} {site.level} to work on {site.id} "
                              f"(you have {p.skills.get(site.skill, 1)})")
        site.work_done += 1
        site.builders.append(aid)
        self._ev("site_progress", p.name, aid, site=site.id, delivered={}, remaining={},
                 work_done=site.work_done, work=site.work)
        if site.work_done >= site.work:
            self._complete_site(p, site, aid)
            return f"worked on {site.id}: it is complete!"
        return f"worked on {site.id}: {site.work_done}/{site.work} work done"

    def _complete_site(self, p: Player, site: Site, aid: int) -> None:
        site.complete = True
        for b in site.builders:
            if b != aid:
                self._link(b, "labor", f"built {site.id}")
        self._ev("site_done", p.name, aid, site=site.id, builders=list(site.builders))

    # --- combat ----------------------------------------------------------------------------------
    def _level(self, p: Player, skill: str) -> int:
        lv = p.skills.get(skill, 1)
        boost = p.boosts.get(skill)
        return lv + boost[0] if boost is not None else lv

    def _player_ratings(self, p: Player) -> tuple[int, int, int, int, int, str]:
        items = self.content.items
        weapon = p.equipment.get("weapon")
        wstats = items[weapon].stats if weapon is not None and items[weapon].stats is not None else self.rules.unarmed
        worn = [items[e].stats for s, e in p.equipment.items()
                if e is not None and s != "weapon" and items[e].stats is not None]
        levels = p.skills if not p.boosts else {s: self._level(p, s) for s in p.skills}
        return combat.player_ratings(levels, wstats, worn)

    def _do_attack(self, p: Player, args: dict, aid: int) -> str:
        target = self._arg_str(args, "target")
        attack, _defence, max_hit, _armour, wrange, style = self._player_ratings(p)
        mob = self.mobs.get(target)
        if mob is None:
            if target in self.content.mobs:
                found = self._nearest(p, wrange, lambda e: isinstance(e, Mob) and e.type == target and e.alive)
                if found is None:
                    far = self._nearest(p, self.rules.view_radius,
                                        lambda e: isinstance(e, Mob) and e.type == target and e.alive)
                    hint = f"; nearest is {far[0].id}, {far[1]} tiles away: move_to it first" if far else \
                        f"; none in view (within {self.rules.view_radius} tiles)"
                    raise ActionError(f"no living {target} within your weapon range {wrange}{hint}")
                mob = found[0]
            else:
                ent = self._lookup(target)
                if isinstance(ent, Player):
                    raise ActionError("you cannot attack other players")
                if ent is not None:
                    raise ActionError(f"{target} is not a mob and cannot be attacked")
                raise ActionError(f"unknown mob '{target}'{_suggest(target, list(self.content.mobs))}")
        if not mob.alive:
            raise ActionError(f"{mob.id} is dead (it respawns at the start of round {mob.respawn_round})")
        self._in_range(p, mob, wrange, "weapon")
        spec = self.content.mobs[mob.type]
        weapon = p.equipment.get("weapon")
        if weapon is not None:
            self._link(p.equip_origin.get("weapon"), "item", f"used {weapon}")
        if mob.target is None:
            mob.target = p.name
            self.active[mob.id] = mob
        dmg = combat.roll(self.rng, attack, spec.defense, max_hit, 0)
        if dmg is None:
            self._ev("miss", p.name, aid, target=mob.id, by_action=aid)
            return f"you attack {mob.id} and miss ({mob.hp}/{mob.max_hp} HP left)"
        mob.hp -= dmg
        if dmg:
            mob.damage_by[aid] = mob.damage_by.get(aid, 0) + dmg
            mob.damage_agents[p.name] = mob.damage_agents.get(p.name, 0) + dmg
        self._ev("damage", p.name, aid, target=mob.id, amount=dmg, by_action=aid, hp=max(mob.hp, 0))
        if mob.hp > 0:
            return f"you hit {mob.id} for {dmg} ({mob.hp}/{mob.max_hp} HP left)"
        return self._kill(p, mob, spec, aid, dmg, style)

    def _kill(self, p: Player, mob: Mob, spec, aid: int, dmg: int, style: str) -> str:
        mob.hp = 0
        mob.alive = False
        contributors = dict(mob.damage_by)
        for src in contributors:
            if src != aid:
                self._link(src, "damage", f"damaged {mob.id}")
        self._ev("kill", p.name, aid, target=mob.id, mob=mob.type, contributors=contributors,
                 agents=dict(mob.damage_agents))
        drops: dict[str, int] = {}
        for d in spec.drops:
            if d.chance < 1.0 and self.rng.random() >= d.chance:
                continue
            n = d.count if isinstance(d.count, int) else self.rng.randint(d.count[0], d.count[1])
            drops[d.item] = drops.get(d.item, 0) + n
        for item, n in drops.items():
            self._gain(p, item, n, aid)
        total = sum(mob.damage_agents.values()) or 1
        for name, share in mob.damage_agents.items():
            pl = self.players[name]
            xp = spec.xp * share // total
            hit_skill = combat.STYLE_SKILLS.get(self._player_ratings(pl)[5], ("accuracy",))[0]
            self._add_xp(pl, hit_skill, xp, aid)
            self._add_xp(pl, "health", xp // 3, aid)
            pl.kills[mob.type] = pl.kills.get(mob.type, 0) + 1
            for qid, stage_idx in pl.quests.items():
                quest = self._ix.quests[qid]
                if stage_idx < len(quest.stages) and quest.stages[stage_idx].kind == "kill" \
                        and mob.type in quest.stages[stage_idx].mobs:
                    kills = pl.quest_kills.setdefault(qid, {})
                    kills[mob.type] = kills.get(mob.type, 0) + 1
                    pl.quest_kill_actions.setdefault(qid, []).append(aid)
        mob.damage_by = {}
        mob.damage_agents = {}
        mob.target = None
        mob.path, mob.path_goal = [], None
        self.active.pop(mob.id, None)
        mob.respawn_round = self.round + spec.respawn if spec.respawn is not None else None
        if mob.respawn_round is not None:
            self.dead_mobs[mob.id] = mob
        self.grid.remove(mob.id, mob.x, mob.y)
        back = f"; it respawns at the start of round {mob.respawn_round}" if mob.respawn_round else ""
        return f"you hit {mob.id} for {dmg} and killed it! drops: {_fmt_items(drops)}{back}"

    # --- chat, wait, inspect ------------------------------------------------------------------
    def _do_chat(self, p: Player, args: dict, aid: int) -> str:
        to = args.get("to")
        message = args.get("message")
        if not isinstance(message, str) or not message.strip():
            raise ActionError("chat needs a non-empty 'message'")
        limit = self.rules.max_message_chars
        if len(message) > limit:
            raise ActionError(f"message is {len(message)} characters; the limit is {limit}")
        if to == "team":
            recipients = [n for n in self.players if n != p.name]
        else:
            names = [to] if isinstance(to, str) else to
            if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
                raise ActionError(f"'to' must be 'team', an agent name or a list of agent names, got {to!r}")
            unknown = [n for n in names if n not in self.players]
            if unknown:
                raise ActionError(f"unknown recipient(s) {', '.join(repr(n) for n in unknown)}; "
                                  f"agents: {', '.join(self.players)} (or 'team')")
            recipients = []
            for n in names:
                if n != p.name and n not in recipients:
                    recipients.append(n)
            if not recipients:
                raise ActionError("you cannot send a message only to yourself")
        if not recipients:
            raise ActionError("there is nobody else on the team to message")
        msg = {"round": self.round, "from": p.name, "to": list(recipients), "text": message}
        for n in recipients:
            self.players[n].messages.append(msg)
        self._ev("chat", p.name, aid, to=list(recipients), message=message)
        return f"message sent to {', '.join(recipients)}"

    def _do_wait(self, p: Player, args: dict, aid: int) -> str:
        if not p.alive:
            return f"you wait for your respawn (round {p.respawn_round})"
        return "you wait"

    def _do_inspect(self, p: Player, args: dict, aid: int) -> str:
        target = self._arg_str(args, "target")
        c = self.content
        ent = self._lookup(target)
        if ent is not None and not isinstance(ent, Landmark):
            d = chebyshev((p.x, p.y), (ent.x, ent.y))
            if d > self.rules.view_radius and ent is not p:
                raise ActionError(f"{target} is not in view (it is more than {self.rules.view_radius} tiles away)")
            return self._describe(ent, d)
        if ent is not None:
            return f"{ent.name} ({ent.id}) at ({ent.x}, {ent.y}), {chebyshev((p.x, p.y), (ent.x, ent.y))} tiles away"
        if target in c.items:
            it = c.items[target]
            parts = [f"{it.name} ({it.id}): {it.category}, value {it.value}. {it.description}"]
            if it.slot:
                parts.append(f"slot {it.slot}")
            if it.stats:
                s = it.stats
                parts.append(f"stats accuracy {s.accuracy}, strength {s.strength}, defense {s.defense}, "
                             f"range {s.range}, style {s.style}")
            if it.requires:
                parts.append(f"requires {_fmt_items(it.requires)}")
            if it.heal:
                parts.append(f"heals {it.heal} HP")
            if it.tool:
                parts.append(f"tool for {it.tool.skill} (power {it.tool.power})")
            makers = [r.id for r in c.recipes.values() if target in r.outputs]
            if makers:
                parts.append(f"made by recipe(s) {', '.join(makers)}")
            return "; ".join(parts)
        if target in c.recipes:
            r = c.recipes[target]
            where = f"at {_a(r.station)}" if r.station else "anywhere (no station)"
            tools = f", tools {', '.join(r.tools)}" if r.tools else ""
            return (f"recipe {r.id} ({r.name}): {_fmt_items(dict(r.inputs))} -> {_fmt_items(dict(r.outputs))}; "
                    f"needs {r.skill} {r.level}, {where}{tools}; +{r.xp} xp")
        if target in c.skills:
            s = c.skills[target]
            return f"skill {s.id}: {s.description} You have level {p.skills.get(s.id, 1)} ({p.xp.get(s.id, 0)} xp)"
        if target in c.node_kinds:
            k = c.node_kinds[target]
            return (f"{k.name} nodes: {k.skill} {k.level}{', tool for ' + k.tool if k.tool else ''}; "
                    f"yields {_fmt_items(dict(k.yields))}; {k.capacity} gathers, back after {k.respawn} rounds")
        if target in c.mobs:
            m = c.mobs[target]
            return (f"{m.name} ({m.id}): level {m.level}, {m.hp} HP, max hit {m.max_hit}, range {m.attack_range}, "
                    f"{'aggressive' if m.aggressive else 'passive'}{', BOSS' if m.boss else ''}. {m.description}")
        pool = list(self.players) + list(self.entities) + list(c.items) + list(c.recipes)
        raise ActionError(f"nothing called '{target}' to inspect{_suggest(target, pool)}")

    def _describe(self, ent, d: int) -> str:
        kind = KIND_OF[type(ent)]
        ident = ent.name if isinstance(ent, Player) else ent.id
        return f"{ident} ({kind}) at ({ent.x}, {ent.y}), {d} tiles away: {self._detail(ent, full=True)}"

    # --- the round's end: mobs, deaths, respawns, expiries --------------------------------------
    def end_round(self) -> list[dict]:
        """Mobs act (aggro, retaliation, movement), deaths and respawns, expiries; round += 1."""
        events: list[dict] = []
        self._out = events
        try:
            self._mobs_act()
            self.round += 1
            r = self.round
            for p in self.players.values():
                if not p.alive and p.respawn_round is not None and r >= p.respawn_round:
                    self._respawn_player(p)
                if p.boosts:
                    for skill in [s for s, (_a2, until) in p.boosts.items() if until < r]:
                        del p.boosts[skill]
            for mob in sorted((m for m in self.dead_mobs.values() if r >= m.respawn_round), key=lambda m: m.seq):
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

    def _mobs_act(self) -> None:
        """Aggressive mobs notice players; every mob with a target attacks it or walks toward it;
        mobs that lost their target walk home. Only active mobs are visited, in creation order."""
        players = self.players
        mob_specs = self.content.mobs
        for p in players.values():
            if not p.alive:
                continue
            for _ident, ent, d in self.grid.near(p.x, p.y, self._ix.max_aggro):
                if type(ent) is Mob and ent.target is None and ent.alive:
                    spec = mob_specs[ent.type]
                    if spec.aggressive and d <= spec.aggro_radius:
                        ent.target = self._closest_player(ent, spec.aggro_radius)
                        self.active[ent.id] = ent
        if not self.active:
            return
        for mob in sorted(self.active.values(), key=lambda m: m.seq):
            if not mob.alive:
                self.active.pop(mob.id, None)
                continue
            if mob.target is None:
                if (mob.x, mob.y) != mob.spawn:
                    self._mob_walk(mob, mob.spawn, 0)
                if (mob.x, mob.y) == mob.spawn:
                    self.active.pop(mob.id, None)
                continue
            spec = mob_specs[mob.type]
            tgt = players.get(mob.target)
            if tgt is None or not tgt.alive or chebyshev(mob.spawn, (tgt.x, tgt.y)) > combat.MOB_LEASH:
                mob.target = self._next_target(mob)
                tgt = players.get(mob.target) if mob.target else None
                if tgt is None:
                    self._mob_reset(mob)
                    continue
            d = chebyshev((mob.x, mob.y), (tgt.x, tgt.y))
            if d > spec.attack_range:
                if not self._mob_walk(mob, (tgt.x, tgt.y), spec.attack_range):
                    mob.target = None  # cannot reach it: give up and go home
                    continue
                d = chebyshev((mob.x, mob.y), (tgt.x, tgt.y))
                if d > spec.attack_range:
                    continue
            self._mob_attack(mob, spec, tgt)

    def _mob_reset(self, mob: Mob) -> None:
        """No attacker left alive within its leash: the mob forgets the fight and heals fully
        (so nobody wears a boss down alone by dying and coming back)."""
        mob.damage_by = {}
        mob.damage_agents = {}
        if mob.hp < mob.max_hp:
            amount = mob.max_hp - mob.hp
            mob.hp = mob.max_hp
            self._ev("heal", None, None, target=mob.id, amount=amount, hp=mob.hp)

    def _closest_player(self, mob: Mob, radius: int) -> str | None:
        best = None
        for p in self.players.values():
            if p.alive:
                d = chebyshev((mob.x, mob.y), (p.x, p.y))
                if d <= radius and (best is None or (d, p.name) < best):
                    best = (d, p.name)
        return best[1] if best else None

    def _next_target(self, mob: Mob) -> str | None:
        """After losing a target: the living player in leash who dealt it the most damage."""
        best = None
        for name, dmg in mob.damage_agents.items():
            p = self.players[name]
            if p.alive and chebyshev(mob.spawn, (p.x, p.y)) <= combat.MOB_LEASH:
                if best is None or (-dmg, name) < best:
                    best = (-dmg, name)
        return best[1] if best else None

    def _mob_walk(self, mob: Mob, goal, near: int) -> bool:
        """Walk up to MOB_SPEED tiles toward goal (path cached while the goal stays put).

        A mob that cannot find a way home within the search bound is put back at its spawn.
        Returns False when no path was found."""
        key = (goal, near)
        path = mob.path
        if near > 0 and self._mob_greedy(mob, goal, near):
            return True
        if not (mob.path_goal == key and path and abs(path[0][0] - mob.x) + abs(path[0][1] - mob.y) == 1):
            ix = self._ix
            path = find_path_grid(ix.walk_grid, ix.width, ix.height, (mob.x, mob.y), goal, near, MOB_PATH_EXPANSIONS)
            if path is None:
                mob.path, mob.path_goal = [], None
                if near == 0 and goal == mob.spawn:
                    start = [mob.x, mob.y]
                    ox, oy = mob.x, mob.y
                    mob.x, mob.y = mob.spawn
                    self.grid.move(mob.id, mob, ox, oy)
                    self._ev("move", None, None, mob=mob.id, frm=start, to=[mob.x, mob.y])
                return False
        if not path:
            return True
        start = [mob.x, mob.y]
        rest = self._step_along(mob.id, mob, path, combat.MOB_SPEED)
        mob.path, mob.path_goal = rest, (key if rest else None)
        self._ev("move", None, None, mob=mob.id, frm=start, to=[mob.x, mob.y])
        return True

    def _mob_greedy(self, mob: Mob, goal, near: int) -> bool:
        """Chase in a straight line (longer axis first) while the way is open: no search needed.

        Returns False, without moving, when the first step is blocked (then the caller path-finds)."""
        ix = self._ix
        walk, w = ix.walk_grid, ix.width
        x, y = mob.x, mob.y
        gx, gy = goal
        moved = 0
        while moved < combat.MOB_SPEED and max(abs(x - gx), abs(y - gy)) > near:
            dx, dy = gx - x, gy - y
            sx = (dx > 0) - (dx < 0)
            sy = (dy > 0) - (dy < 0)
            options = ((x + sx, y), (x, y + sy)) if abs(dx) >= abs(dy) else ((x, y + sy), (x + sx, y))
            for nx, ny in options:
                if (nx, ny) != (x, y) and 0 <= nx < w and 0 <= ny < ix.height and walk[ny * w + nx]:
                    x, y = nx, ny
                    moved += 1
                    break
            else:
                break
        if not moved:
            return False
        start = [mob.x, mob.y]
        ox, oy = mob.x, mob.y
        mob.x, mob.y = x, y
        self.grid.move(mob.id, mob, ox, oy)
        mob.path, mob.path_goal = [], None
        self._ev("move", None, None, mob=mob.id, frm=start, to=[x, y])
        return True

    def _mob_attack(self, mob: Mob, spec, p: Player) -> None:
        _attack, defence, _mh, armour, _r, _s = self._player_ratings(p)
        dmg = combat.roll(self.rng, spec.accuracy, defence, spec.max_hit, armour)
        if dmg is None:
            self._ev("miss", None, None, mob=mob.id, target=p.name, by_action=None)
            return
        dmg = min(dmg, p.hp)
        p.hp -= dmg
        self._ev("damage", None, None, mob=mob.id, target=p.name, amount=dmg, by_action=None, hp=p.hp)
        if p.hp <= 0:
            p.alive = False
            p.respawn_round = self.round + self.rules.respawn_delay_rounds + 1
            p.path, p.path_goal = [], None
            self.grid.remove(p.name, p.x, p.y)
            # mobs fighting them switch to another attacker or reset (see _mobs_act); offers survive
            self._ev("death", None, None, player=p.name, by=mob.id, respawn_round=p.respawn_round)

    # --- observation -----------------------------------------------------------------------------
    def _detail(self, ent, full: bool = False) -> str:
        c = self.content
        if isinstance(ent, Node):
            head = self._ix.node_head[ent.kind]
            if ent.capacity <= 0:
                return f"{head}; depleted until round {ent.respawn_round}"
            return f"{head}; {ent.capacity} left"
        if isinstance(ent, Mob):
            fight = f", fighting {ent.target}" if ent.target else ""
            return f"{self._ix.mob_head[ent.type]}, HP {ent.hp}/{ent.max_hp}{fight}"
        if isinstance(ent, Player):
            if not ent.alive:
                return f"dead (back in round {ent.respawn_round})"
            return f"player, HP {ent.hp}/{ent.max_hp}"
        if isinstance(ent, Npc):
            spec = c.npcs[ent.id]
            extra = ", has a shop" if spec.shop else ""
            if spec.quests:
                extra += ", gives quests"
            return f"{spec.role}{extra}"
        if isinstance(ent, Station):
            return f"{ent.name} (crafting station)"
        if isinstance(ent, GroundItem):
            return f"{ent.item} x{ent.count} on the ground"
        if isinstance(ent, Site):
            if ent.complete:
                return "complete"
            needs = f"needs {_fmt_items(ent.materials)}; " if ent.materials else ""
            return f"construction site: {needs}work {ent.work_done}/{ent.work}"
        if isinstance(ent, Landmark):
            return "landmark"
        return ""

    def observe(self, agent: str) -> dict:
        """The agent's own view (see docs/ARCHITECTURE.md); drains its pending messages."""
        p = self.players[agent]
        c = self.content
        ix = self._ix
        static = ix.static_detail
        node_head, mob_head = ix.node_head, ix.mob_head
        px, py = p.x, p.y
        radius = self.rules.view_radius
        found = []
        # the spatial grid's near() inlined: this is the hottest loop of a training run
        size = self.grid.size
        buckets = self.grid.buckets
        for by in range((py - radius) // size, (py + radius) // size + 1):
            for bx in range((px - radius) // size, (px + radius) // size + 1):
                bucket = buckets.get((bx, by))
                if not bucket:
                    continue
                for ident, ent in bucket.items():
                    dx = ent.x - px
                    dy = ent.y - py
                    dx = -dx if dx < 0 else dx
                    dy = -dy if dy < 0 else dy
                    d = dx if dx > dy else dy
                    if d <= radius and ent is not p:
                        found.append((d, ident, ent))
        found.sort(key=lambda f: (f[0], f[1]))
        nearby = []
        for d, ident, ent in found:
            t = type(ent)
            if t is Node:
                name = ix.node_names[ent.kind]
                if ent.capacity > 0:
                    detail = f"{node_head[ent.kind]}; {ent.capacity} left"
                else:
                    detail = f"{node_head[ent.kind]}; depleted until round {ent.respawn_round}"
            elif t is Mob:
                name = ix.mob_names[ent.type]
                if ent.target:
                    detail = f"{mob_head[ent.type]}, HP {ent.hp}/{ent.max_hp}, fighting {ent.target}"
                else:
                    detail = f"{mob_head[ent.type]}, HP {ent.hp}/{ent.max_hp}"
            elif t is Player:
                name = ent.name
                detail = f"player, HP {ent.hp}/{ent.max_hp}" if ent.alive else self._detail(ent)
            elif t is GroundItem:
                name = ix.item_names[ent.item]
                detail = f"{ent.item} x{ent.count} on the ground"
            elif t is Site:
                name = ent.name
                detail = self._detail(ent)
            else:  # NPC, station, landmark: their detail never changes
                name = ent.name
                detail = static.get(ident)
                if detail is None:
                    detail = static[ident] = self._detail(ent)
            nearby.append({"id": ident, "kind": KIND_OF[t], "name": name, "position": [ent.x, ent.y],
                           "distance": d, "detail": detail})

        messages = p.messages
        if messages:
            p.messages = []
        quests = []
        for qid, idx in p.quests.items():
            q = self._ix.quests[qid]
            quests.append({"npc": p.quest_npc.get(qid, self._ix.quest_giver[qid]), "quest": qid,
                           "stage": q.stages[idx].text if idx < len(q.stages) else "complete"})
        region = self.map.region_at(p.x, p.y)
        return {
            "agent": p.name, "round": self.round, "position": [p.x, p.y],
            "region": self.map.region_name(region),
            "hp": p.hp, "max_hp": p.max_hp, "alive": p.alive,
            "skills": dict(p.skills),
            "inventory": p.inventory.counts(),
            "equipment": dict(p.equipment),
            "nearby": nearby,
            "messages": messages,
            "offers": [{"id": o.id, "from": o.sender, "give": dict(o.give), "want": dict(o.want)}
                       for o in self.offers.values() if o.to == agent],
            "quests": quests,
            "last_result": p.last_result, "last_error": p.last_error,
        }

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
        state["content"] = self.content   # default content pickles as a reference (load_content())
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


_HANDLERS: dict[str, Callable[[World, Player, dict, int], str]] = {
    "move_to": World._do_move_to, "gather": World._do_gather, "craft": World._do_craft,
    "attack": World._do_attack, "pick_up": World._do_pick_up, "drop": World._do_drop,
    "give": World._do_give, "trade_offer": World._do_trade_offer, "trade_accept": World._do_trade_accept,
    "trade_decline": World._do_trade_decline, "equip": World._do_equip, "unequip": World._do_unequip,
    "use": World._do_use, "talk": World._do_talk, "buy": World._do_buy, "sell": World._do_sell,
    "build": World._do_build, "chat": World._do_chat, "wait": World._do_wait, "inspect": World._do_inspect,
}
TOOL_NAMES = tuple(_HANDLERS)
