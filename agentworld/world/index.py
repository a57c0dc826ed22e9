"""Lookups derived once per Content (content is immutable and shared by every World)."""

from __future__ import annotations

import weakref
from typing import Any, Callable

BUCKET = 8  # tiles per side of a spatial grid bucket (World's SpatialGrid)


class ContentIndex:
    """Lookups derived once per Content (content is immutable and shared)."""

    def __init__(self, content) -> None:
        gmap = content.map
        self.walkable: Callable[[int, int], bool] = gmap.walkable
        self.walk_grid: bytes = gmap.walkable_grid
        self.width, self.height = gmap.width, gmap.height
        self.max_expansions = max(2000, min(gmap.width * gmap.height, 200_000))
        blockers = set(content.rules.sight_blockers)
        opaque = [1 if t.id in blockers else 0 for t in gmap.terrain_types]
        # 1 where the terrain blocks line of sight (rules.sight_blockers), like walk_grid
        self.sight_grid: bytes = gmap.terrain.translate(bytes(opaque + [0] * (256 - len(opaque))))
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
        self.mob_speed = {m.id: m.speed or content.rules.mob_speed for m in content.mobs.values()}
        self.max_aggro = max([m.aggro_radius for m in content.mobs.values() if m.aggressive] or [0])
        self.node_names = {k: v.name for k, v in content.node_kinds.items()}
        self.mob_names = {k: v.name for k, v in content.mobs.items()}
        self.item_names = {k: v.name for k, v in content.items.items()}
        self.static_detail: dict[str, str] = {}  # NPCs, stations, landmarks never change their detail
        # fixed beginnings of node / mob details ("lumberjacking 1, needs ...", "level 8 aggressive")
        self.node_head = {
            k.id: f"{k.skill} {k.level}"
            + (f", needs {self.tool_hint.get(k.tool, k.tool + ' tool')}" if k.tool else "")
            for k in content.node_kinds.values()
        }
        self.mob_head = {
            m.id: f"level {m.level}" + (" boss" if m.boss else "") + (" aggressive" if m.aggressive else "")
            for m in content.mobs.values()
        }
        # The map's nodes and mobs as World.reset places them (ids numbered like World._next_id),
        # worked out once: resets are frequent in training and these are the bulk of the world.
        counters: dict[str, int] = {}

        def next_id(prefix: str) -> str:
            counters[prefix] = counters.get(prefix, 0) + 1
            return f"{prefix}#{counters[prefix]}"

        self.start_nodes = [
            (next_id(kind), kind, int(x), int(y), content.node_kinds[kind].capacity)
            for kind, (x, y) in gmap.placed_nodes
        ]
        self.start_mobs = [
            (next_id(mob), mob, int(x), int(y), content.mobs[mob].hp) for mob, (x, y) in gmap.mob_spawns
        ]
        self.start_counters = dict(counters)
        self._start_layout(content)

    def _start_layout(self, content) -> None:
        """What World.reset builds, worked out once: the fixed places' fields, every table's ids, and the
        spatial grid's buckets as one `_place` per entity fills them (landmarks, stations, NPCs, nodes,
        mobs, in that order): per bucket, in the order the buckets appear, its ids and their positions
        in that entity order (a later entity with the same id takes the place of the earlier one)."""
        gmap = content.map
        self.start_landmarks = [
            (lid, gmap.landmark_names.get(lid, lid), x, y) for lid, (x, y) in gmap.landmarks.items()
        ]
        self.start_stations = [
            (f"{station}#{place}", station, content.stations[station].name, x, y)
            for station, place, (x, y) in gmap.placed_stations
        ]
        self.start_npcs = []
        for npc_id, (x, y) in gmap.npc_positions.items():
            spec = content.npcs[npc_id]
            stock = tuple((s.item, s.quantity) for s in spec.shop.stock) if spec.shop else ()
            self.start_npcs.append((npc_id, spec.name, x, y, stock))
        tables = (
            self.start_landmarks,
            self.start_stations,
            self.start_npcs,
            self.start_nodes,
            self.start_mobs,
        )
        self.start_ids = [[row[0] for row in rows] for rows in tables]
        places = [(row[0], row[2], row[3]) for row in self.start_landmarks]  # (id, x, y) in reset's order
        places += [(row[0], row[3], row[4]) for row in self.start_stations]
        places += [
            (row[0], row[2], row[3]) for row in (*self.start_npcs, *self.start_nodes, *self.start_mobs)
        ]
        self.entity_ids = [ident for ident, _x, _y in places]
        buckets: dict[tuple[int, int], dict[str, int]] = {}
        for at, (ident, x, y) in enumerate(places):
            buckets.setdefault((x // BUCKET, y // BUCKET), {})[ident] = at
        self.start_buckets = [
            (key, list(members), list(members.values())) for key, members in buckets.items()
        ]


# one index per live Content; a weak key, so a discarded Content (and its index) can be freed
_INDEXES: "weakref.WeakKeyDictionary[Any, ContentIndex]" = weakref.WeakKeyDictionary()


def index_for(content) -> "ContentIndex":
    idx = _INDEXES.get(content)
    if idx is None:
        idx = _INDEXES[content] = ContentIndex(content)
    return idx
