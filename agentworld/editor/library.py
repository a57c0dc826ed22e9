"""What the editor page picks from: the world's ids and places, and the map as a tile-exact image.

Every list comes from `agentworld.world.catalog` (the `agentworld content` lookups), trimmed to the
fields a picker shows; the condition vocabulary comes from `agentworld.conditions.CONDITIONS`, so a
new condition kind appears in the page's pickers without editing this module.

The map image is one pixel per tile in the terrain's colour (`GameMap.render_png` draws a figure with
axes, legend and margins, where a click cannot be turned back into a tile). The page scales it up
without smoothing and draws landmarks, stations, regions and the task's things on top.
"""

from __future__ import annotations

import base64
import struct
import zlib
from typing import Any

from agentworld.conditions import CONDITIONS
from agentworld.tasks import CATEGORIES
from agentworld.world.catalog import catalog
from agentworld.world.content import Content


def library(content: Content) -> dict:
    """The JSON the page's pickers, sliders and map overlays read (built once per server)."""
    entries = {
        kind: catalog(content, kind)
        for kind in ("items", "mobs", "nodes", "npcs", "landmarks", "stations", "regions")
    }
    gmap = content.map
    return {
        "map": {
            "width": gmap.width,
            "height": gmap.height,
            "hub": content.rules.hub,
            "terrain": [{"id": t.id, "name": t.name, "walkable": t.walkable} for t in gmap.terrain_types],
            "tiles": base64.b64encode(bytes(gmap.terrain)).decode(),
        },  # terrain index, y * width + x
        "max_level": content.rules.max_level,
        "slots": list(content.rules.equipment_slots),
        "categories": list(CATEGORIES),
        "skills": [
            {"id": s.id, "name": s.name, "kind": s.kind, "description": s.description}
            for s in content.skills.values()
        ],
        "items": [
            _pick(e, "id", "name", "category", "slot", "requires", "value", "description")
            for e in entries["items"]
        ],
        "mobs": [
            {
                **_pick(e, "id", "name", "level", "hp", "aggressive", "boss"),
                "spawns": [p["position"] for p in e["spawns"]],
            }
            for e in entries["mobs"]
        ],
        "nodes": [
            {
                **_pick(e, "id", "name", "skill", "level"),
                "tool": e["tool_hint"],
                "placed": [p["position"] for p in e["placed"]],
            }
            for e in entries["nodes"]
        ],
        "landmarks": [_pick(e, "id", "name", "position") for e in entries["landmarks"]],
        "stations": [_pick(e, "id", "name", "position") for e in entries["stations"]],
        "npcs": [_pick(e, "id", "name", "role", "position") for e in entries["npcs"]],
        "regions": [_pick(e, "id", "name", "rect", "climate") for e in entries["regions"]],
        "quests": [
            {"id": q["id"], "name": q["name"], "npc": e["id"]} for e in entries["npcs"] for q in e["quests"]
        ],
        "conditions": condition_vocabulary(),
    }


def _pick(entry: dict, *keys: str) -> dict:
    return {key: entry[key] for key in keys}


def condition_vocabulary() -> list[dict]:
    """Each condition kind with its fields (YAML name, required or default), in CONDITIONS order."""
    out = []
    for kind, model in CONDITIONS.items():
        fields = []
        for name, info in model.model_fields.items():
            if info.exclude:
                continue
            fields.append(
                {
                    "name": info.alias or name,
                    "required": info.is_required(),
                    "default": None if info.is_required() else _json_default(info.default),
                }
            )
        doc = (model.__dict__.get("__doc__") or "").strip()
        out.append({"kind": kind, "fields": fields, "doc": doc.splitlines()[0] if doc else ""})
    return out


def _json_default(value: Any) -> Any:
    return value if isinstance(value, (int, str, float, bool, type(None), list, dict)) else None


def terrain_png(content: Content) -> bytes:
    """The map as a PNG, one pixel per tile in its terrain's colour (row 0 = y 0, the north)."""
    gmap = content.map
    palette = [bytes(int(t.colour[k : k + 2], 16) for k in (1, 3, 5)) for t in gmap.terrain_types]
    terrain = bytes(gmap.terrain)
    rows = bytearray()
    for y in range(gmap.height):
        rows.append(0)  # filter type: none
        for code in terrain[y * gmap.width : (y + 1) * gmap.width]:
            rows += palette[code]

    def chunk(kind: bytes, data: bytes) -> bytes:
        check = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", check)

    header = struct.pack(">IIBBBBB", gmap.width, gmap.height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )
