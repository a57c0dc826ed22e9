"""`agentworld content`: look up what the world holds, by kind, name and place.

Task authors need ids and coordinates (items, recipes, mobs, NPCs, shops, landmarks, resource
nodes, stations, regions) and what each needs or gives. Everything here is read from the
loaded Content and from a freshly reset World (so node and mob ids are exactly those agents
see at the start of an episode); nothing is written down twice.

`catalog(content, kind, query, near, radius)` returns JSON-friendly entries, one shape per
kind (see the `_<kind>` builders). Placed things carry `position` ([x, y]) and `region`; mob
and node entries are types with their placements (`spawns` / `placed`). With `near`, only
what lies within `radius` tiles (Chebyshev, like the game's ranges) is kept, nearest first,
with a `distance`; a type keeps only its placements in range.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from typing import Any, Callable

from agentworld.world.content import Content, ContentError, load_content
from agentworld.world.engine import World
from agentworld.world.index import index_for
from agentworld.world.pathfinding import chebyshev

Entry = dict[str, Any]
KINDS = ("items", "recipes", "mobs", "npcs", "shops", "landmarks", "nodes", "stations", "regions")
PLACED = ("mobs", "npcs", "shops", "landmarks", "nodes", "stations", "regions")  # kinds --near applies to


class CatalogError(ValueError):
    """A bad lookup (unknown kind, bad --near); the message says what to type instead."""


def _where(world: World, x: int, y: int) -> dict:
    return {"position": [x, y], "region": world.map.region_at(x, y)}


# --- one builder per kind: (content, a reset world) -> entries in data order ------------------
def _items(c: Content, world: World) -> list[Entry]:
    out = []
    for it in c.items.values():
        out.append(
            {
                "id": it.id,
                "name": it.name,
                "category": it.category,
                "value": it.value,
                "description": it.description,
                "slot": it.slot,
                "stats": it.stats.model_dump() if it.stats else None,
                "requires": dict(it.requires),
                "heal": it.heal,
                "effects": dict(it.effects),
                "tool": it.tool.model_dump() if it.tool else None,
                "made_by": [r.id for r in c.recipes.values() if it.id in r.outputs],
                "used_in": [r.id for r in c.recipes.values() if it.id in r.inputs or it.id in r.tools],
                "sold_by": [
                    {"npc": n.id, "price": s.price, "quantity": s.quantity}
                    for n in c.npcs.values()
                    if n.shop
                    for s in n.shop.stock
                    if s.item == it.id
                ],
                "dropped_by": [
                    {"mob": m.id, "count": d.count, "chance": d.chance}
                    for m in c.mobs.values()
                    for d in m.drops
                    if d.item == it.id
                ],
                "gathered_from": [
                    k.id
                    for k in c.node_kinds.values()
                    if it.id in k.yields or any(r.item == it.id for r in k.rare)
                ],
            }
        )
    return out


def _recipes(c: Content, world: World) -> list[Entry]:
    return [
        {
            "id": r.id,
            "name": r.name,
            "skill": r.skill,
            "level": r.level,
            "station": r.station,
            "stations_at": [s.id for s in world.stations.values() if s.kind == r.station],
            "tools": list(r.tools),
            "inputs": dict(r.inputs),
            "outputs": dict(r.outputs),
            "xp": r.xp,
        }
        for r in c.recipes.values()
    ]


def _mobs(c: Content, world: World) -> list[Entry]:
    out = []
    for m in c.mobs.values():
        entry = m.model_dump(exclude={"drops"})
        entry["drops"] = [d.model_dump() for d in m.drops]
        entry["spawns"] = [
            {"id": mob.id, **_where(world, *mob.spawn)} for mob in world.mobs.values() if mob.type == m.id
        ]
        out.append(entry)
    return out


def _npcs(c: Content, world: World) -> list[Entry]:
    out = []
    for npc in world.npcs.values():
        spec = c.npcs[npc.id]
        out.append(
            {
                "id": npc.id,
                "name": npc.name,
                "role": spec.role,
                **_where(world, npc.x, npc.y),
                "description": spec.description,
                "shop": spec.shop is not None,
                "teaches": dict(spec.teaches),
                "quests": [
                    {
                        "id": q.id,
                        "name": q.name,
                        "stages": [s.text for s in q.stages],
                        "rewards": q.rewards.model_dump(),
                    }
                    for q in spec.quests
                ],
            }
        )
    return out


def _shops(c: Content, world: World) -> list[Entry]:
    out = []
    for npc in world.npcs.values():
        shop = c.npcs[npc.id].shop
        if shop is not None:
            out.append(
                {
                    "id": npc.id,
                    "name": npc.name,
                    **_where(world, npc.x, npc.y),
                    "buy_ratio": shop.buy_ratio,
                    "stock": [
                        {
                            "item": s.item,
                            "name": c.items[s.item].name,
                            "price": s.price,
                            "quantity": s.quantity,
                        }
                        for s in shop.stock
                    ],
                }
            )
    return out


def _landmarks(c: Content, world: World) -> list[Entry]:
    described = c.map.landmark_descriptions  # the base map's landmarks and the region bundles' alike
    return [
        {"id": lm.id, "name": lm.name, **_where(world, lm.x, lm.y), "description": described.get(lm.id, "")}
        for lm in world.landmarks.values()
    ]


def _nodes(c: Content, world: World) -> list[Entry]:
    out = []
    for k in c.node_kinds.values():
        entry = k.model_dump(exclude={"rare"})
        entry["rare"] = [r.model_dump() for r in k.rare]
        entry["tool_hint"] = index_for(c).tool_hint.get(k.tool, k.tool) if k.tool else None
        entry["placed"] = [
            {"id": n.id, **_where(world, n.x, n.y)} for n in world.nodes.values() if n.kind == k.id
        ]
        out.append(entry)
    return out


def _stations(c: Content, world: World) -> list[Entry]:
    return [
        {
            "id": s.id,
            "station": s.kind,
            "name": s.name,
            **_where(world, s.x, s.y),
            "description": c.stations[s.kind].description,
            "recipes": [r.id for r in c.recipes.values() if r.station == s.kind],
        }
        for s in world.stations.values()
    ]


def _regions(c: Content, world: World) -> list[Entry]:
    out = []
    for r in c.map.regions.values():

        def inside(x: int, y: int, rid: str = r.id) -> bool:
            return world.map.region_at(x, y) == rid

        nodes: dict[str, int] = {}
        for n in world.nodes.values():
            if inside(n.x, n.y):
                nodes[n.kind] = nodes.get(n.kind, 0) + 1
        mobs: dict[str, int] = {}
        for m in world.mobs.values():
            if inside(*m.spawn):
                mobs[m.type] = mobs.get(m.type, 0) + 1
        out.append(
            {
                "id": r.id,
                "name": r.name,
                "rect": list(r.rect),
                "terrain": r.terrain,
                "description": r.description,
                "climate": r.climate,
                "landmarks": [lm.id for lm in world.landmarks.values() if inside(lm.x, lm.y)],
                "npcs": [n.id for n in world.npcs.values() if inside(n.x, n.y)],
                "stations": [s.id for s in world.stations.values() if inside(s.x, s.y)],
                "nodes": nodes,
                "mobs": mobs,
            }
        )
    return out


BUILDERS: dict[str, Callable[[Content, World], list[Entry]]] = {
    "items": _items,
    "recipes": _recipes,
    "mobs": _mobs,
    "npcs": _npcs,
    "shops": _shops,
    "landmarks": _landmarks,
    "nodes": _nodes,
    "stations": _stations,
    "regions": _regions,
}
assert tuple(BUILDERS) == KINDS


# --- selecting ------------------------------------------------------------------------------------
def resolve_kind(kind: str) -> str:
    """A kind from what was typed: any case, singular or plural ('NPC', 'item'); else CatalogError."""
    key = kind.strip().lower().replace("-", "_")
    key = {"resource_nodes": "nodes", "resources": "nodes", "shop": "shops"}.get(key, key)
    if key in KINDS:
        return key
    if key + "s" in KINDS:
        return key + "s"
    close = difflib.get_close_matches(key, KINDS, n=1, cutoff=0.5)
    hint = f"did you mean '{close[0]}'? " if close else ""
    raise CatalogError(f"unknown kind '{kind}'; {hint}kinds: {', '.join(KINDS)}")


def parse_near(text: str, content: Content) -> tuple[int, int]:
    """'X,Y' or a landmark id -> (x, y) on the map; else CatalogError."""
    gmap = content.map
    if text in gmap.landmarks:
        return gmap.landmarks[text]
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (int(v) for v in parts) if len(parts) == 2 else (None, None)
    except ValueError:
        x = y = None
    if x is None or y is None:
        close = difflib.get_close_matches(text, list(gmap.landmarks), n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise CatalogError(f"--near must be X,Y (e.g. 45,120) or a landmark id, got '{text}'{hint}")
    if not gmap.in_bounds(x, y):
        raise CatalogError(f"--near ({x}, {y}) is outside the {gmap.width}x{gmap.height} map")
    return x, y


def _matches(entry: Entry, query: str) -> bool:
    q = query.lower()
    return q in entry["id"].lower() or q in str(entry.get("name", "")).lower()


def _rect_distance(point: tuple[int, int], rect: list[int]) -> int:
    x, y = point
    dx = max(rect[0] - x, 0, x - rect[2])
    dy = max(rect[1] - y, 0, y - rect[3])
    return max(dx, dy)


def _within(kind: str, entries: list[Entry], point: tuple[int, int], radius: int) -> list[Entry]:
    """Entries within `radius` of `point` with a `distance`, nearest first (placements likewise)."""
    kept: list[Entry] = []
    for entry in entries:
        if kind in ("mobs", "nodes"):
            key = "spawns" if kind == "mobs" else "placed"
            places = [{**p, "distance": chebyshev(point, tuple(p["position"]))} for p in entry[key]]
            places = sorted(
                (p for p in places if p["distance"] <= radius), key=lambda p: (p["distance"], p["id"])
            )
            if places:
                kept.append({**entry, key: places, "distance": places[0]["distance"]})
            continue
        d = (
            _rect_distance(point, entry["rect"])
            if kind == "regions"
            else chebyshev(point, tuple(entry["position"]))
        )
        if d <= radius:
            kept.append({**entry, "distance": d})
    return sorted(kept, key=lambda e: (e["distance"], e["id"]))


def catalog(
    content: Content,
    kind: str,
    query: str | None = None,
    near: tuple[int, int] | None = None,
    radius: int | None = None,
) -> list[Entry]:
    """Entries of `kind` whose id or name contains `query` (any case), optionally within `radius`
    tiles of `near` (default radius: the agents' view radius). CatalogError on a bad kind or a
    query that matches nothing (with a did-you-mean)."""
    kind = resolve_kind(kind)
    if near is not None and kind not in PLACED:
        raise CatalogError(f"--near applies to {', '.join(PLACED)}; {kind} have no place on the map")
    world = World(content)
    world.reset(0)
    entries = BUILDERS[kind](content, world)
    if query:
        found = [e for e in entries if _matches(e, query)]
        if not found:
            close = difflib.get_close_matches(query.lower(), [e["id"] for e in entries], n=1, cutoff=0.5)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise CatalogError(f"no {kind} match '{query}'{hint}")
        entries = found
    if near is not None:
        entries = _within(kind, entries, near, content.rules.view_radius if radius is None else radius)
    return entries


# --- CLI --------------------------------------------------------------------------------------------
def configure_content(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kind", help=f"what to list: {', '.join(KINDS)}")
    parser.add_argument("query", nargs="?", help="only entries whose id or name contains this (any case)")
    parser.add_argument("--near", metavar="X,Y", help="only what lies near this tile (or landmark id)")
    parser.add_argument(
        "--radius", type=int, default=None, help="tiles around --near (default: the view radius)"
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list of entries (every field)")
    parser.add_argument(
        "--data-dir", metavar="DIR", help="load the content from this directory, not the built-in one"
    )


def command_content(args: argparse.Namespace) -> int:
    try:
        content = load_content(args.data_dir)
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        if args.radius is not None and args.radius < 0:
            raise CatalogError(f"--radius must be >= 0, got {args.radius}")
        if args.radius is not None and args.near is None:
            raise CatalogError("--radius needs --near X,Y")
        near = parse_near(args.near, content) if args.near is not None else None
        entries = catalog(content, args.kind, args.query, near, args.radius)
    except CatalogError as exc:
        print(f"content: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(entries))
        return 0
    _print_table(resolve_kind(args.kind), entries, near is not None)
    return 0


def _summary(kind: str, e: Entry) -> str:
    """One line of what matters most about an entry, for the table."""

    def items(d: dict) -> str:
        return ", ".join(f"{k} x{v}" for k, v in d.items())

    if kind == "items":
        ways = [
            f"craft {', '.join(e['made_by'])}" if e["made_by"] else "",
            "buy " + ", ".join(f"{s['npc']} {s['price']}c" for s in e["sold_by"]) if e["sold_by"] else "",
            "drop " + ", ".join(d["mob"] for d in e["dropped_by"]) if e["dropped_by"] else "",
            f"gather {', '.join(e['gathered_from'])}" if e["gathered_from"] else "",
        ]
        return f"{e['category']}, value {e['value']}" + "".join(f"; {w}" for w in ways if w)
    if kind == "recipes":
        where = f"at {e['station']}" if e["station"] else "by hand"
        return f"{items(e['inputs'])} -> {items(e['outputs'])}; {e['skill']} {e['level']}, {where}" + (
            f", tools {', '.join(e['tools'])}" if e["tools"] else ""
        )
    if kind == "mobs":
        drops = ", ".join(d["item"] for d in e["drops"]) or "nothing"
        return (
            f"level {e['level']}, {e['hp']} HP{', aggressive' if e['aggressive'] else ''}"
            f"{', BOSS' if e['boss'] else ''}; drops {drops}; {len(e['spawns'])} spawn(s)"
        )
    if kind == "nodes":
        tool = f", needs {e['tool_hint']}" if e["tool_hint"] else ""
        return f"{e['skill']} {e['level']}{tool}; yields {items(e['yields'])}; {len(e['placed'])} placed"
    if kind == "npcs":
        extra = [
            f"teaches {items(e['teaches'])}" if e["teaches"] else "",
            f"quests {', '.join(q['id'] for q in e['quests'])}" if e["quests"] else "",
            "shop" if e["shop"] else "",
        ]
        return ", ".join([e["role"], *(x for x in extra if x)])
    if kind == "shops":
        return ", ".join(f"{s['item']} {s['price']}c (x{s['quantity']})" for s in e["stock"])
    if kind == "stations":
        return f"{e['station']}: {', '.join(e['recipes']) or 'no recipes'}"
    if kind == "regions":
        climate = f"; {e['climate']}" if e["climate"] else ""
        return f"rect {e['rect']}; landmarks {', '.join(e['landmarks']) or 'none'}{climate}"
    return e.get("description", "")


def _print_table(kind: str, entries: list[Entry], near: bool) -> None:
    from rich.console import Console  # imported here so `agentworld --help` stays fast
    from rich.table import Table

    table = Table(title=f"{kind} ({len(entries)})")
    for column in ("id", "name", "where", *(("distance",) if near else ()), "what"):
        table.add_column(column, overflow="fold")
    for e in entries:
        if kind in ("mobs", "nodes"):
            places = e["spawns" if kind == "mobs" else "placed"]
            where = ", ".join(f"{p['id']} ({p['position'][0]}, {p['position'][1]})" for p in places[:3])
            where += f" +{len(places) - 3} more" if len(places) > 3 else ""
        elif "position" in e:
            where = f"({e['position'][0]}, {e['position'][1]}) {e['region'] or ''}".strip()
        else:
            where = ""
        row = [
            e["id"],
            str(e.get("name", "")),
            where,
            *((str(e["distance"]),) if near else ()),
            _summary(kind, e),
        ]
        table.add_row(*row)
    Console().print(table)
