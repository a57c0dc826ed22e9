"""The world as the browser pages draw it (the `map` reply): static content, the same for every seat.

Why the whole map may go to a seat: it is the content every agent's documentation describes
(regions, landmarks, terrain); what changes during a game (mobs, items, other agents) is never
in it, only in each seat's own observation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.tools import TOOL_NAMES
from agentworld.world.content import load_content

if TYPE_CHECKING:
    from agentworld.world.content import Content


def world_map(content: "Content | None" = None) -> dict:
    """The world as the pages draw it (`content`: the one an episode plays in, task_scope.py; default
    the shipped world): the terrain grid (one character per tile, '0' + terrain index; rows north to
    south), terrain colours, landmarks, the view radius, equipment slots, the recipes and the tool
    order of observations' tool_mask (static, the same for every seat)."""
    content = content or load_content()
    gmap = content.map
    width = gmap.width
    grid = bytes(48 + code for code in gmap.terrain).decode("ascii")
    return {
        "type": "map",
        "width": width,
        "height": gmap.height,
        "view_radius": content.rules.view_radius,
        "terrain": [grid[y * width : (y + 1) * width] for y in range(gmap.height)],
        "palette": {
            chr(48 + i): {"id": t.id, "name": t.name, "colour": t.colour, "walkable": t.walkable}
            for i, t in enumerate(gmap.terrain_types)
        },
        "landmarks": [
            {"id": lid, "name": gmap.landmark_names.get(lid, lid), "position": list(pos)}
            for lid, pos in gmap.landmarks.items()
        ],
        "slots": list(content.rules.equipment_slots),
        "tool_names": list(TOOL_NAMES),
        "recipes": [
            {"id": r.id, "name": r.name, "station": r.station, "inputs": dict(r.inputs)}
            for r in content.recipes.values()
        ],
    }
