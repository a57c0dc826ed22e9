"""Pictures of a built map: its terrain as an RGB array (the env's rgb_array frames, the PNG's base) and
the map PNG with region names, landmarks, resource nodes, mob spawns and stations
(`agentworld world --png`, docs/world.png). matplotlib and numpy are imported inside the functions, so
loading the world never needs them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.world.gamemap import GameMap

Position = tuple[int, int]


def terrain_rgb(gmap: "GameMap"):
    """(height, width, 3) uint8 image: each tile in its terrain's colour (the PNG's and the env's base)."""
    import numpy as np

    palette = np.array(
        [[int(t.colour[k : k + 2], 16) for k in (1, 3, 5)] for t in gmap.terrain_types], dtype=np.uint8
    )
    return palette[np.frombuffer(bytes(gmap.terrain), dtype=np.uint8).reshape(gmap.height, gmap.width)]


def render_png(
    gmap: "GameMap",
    path: str | Path,
    *,
    dpi: int = 100,
    title: str = "AgentWorld",
    node_skills: dict[str, str] | None = None,
) -> Path:
    """Draw terrain colours, region names, landmarks and resource nodes to a PNG file.

    ``node_skills`` (node kind -> gathering skill) colours the node dots by skill.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    w, h = gmap.width, gmap.height
    img = gmap.terrain_rgb()
    fig, ax = plt.subplots(figsize=(10 * max(1.0, w / h), 10))  # a wider map gets a wider picture
    ax.imshow(img, interpolation="nearest", origin="upper")
    colours = {
        "lumberjacking": "#4e2a0c",
        "mining": "#263238",
        "fishing": "#0d2a80",
        "foraging": "#c2185b",
    }
    groups: dict[str, list[Position]] = {}
    for kind, xy in gmap.placed_nodes:
        groups.setdefault((node_skills or {}).get(kind, "resource"), []).append(xy)
    for skill, tiles in sorted(groups.items()):
        xs, ys = zip(*tiles)
        ax.scatter(
            xs,
            ys,
            s=5,
            c=colours.get(skill, "#2b1d0e"),
            marker="s",
            linewidths=0,
            label=f"{skill} nodes" if skill != "resource" else "resource nodes",
        )
    if gmap.mob_spawns:
        xs, ys = zip(*(xy for _, xy in gmap.mob_spawns))
        ax.scatter(xs, ys, s=7, c="#e53935", marker="x", linewidths=0.8, label="mob spawns")
    if gmap.placed_stations:
        xs, ys = zip(*(xy for _, _, xy in gmap.placed_stations))
        ax.scatter(
            xs, ys, s=14, c="#ff6f00", marker="^", linewidths=0.3, edgecolors="black", label="stations"
        )
    for r in gmap.regions.values():
        x0, y0, x1, y1 = r.rect
        ax.text(
            (x0 + x1) / 2,
            y0 + 4,
            r.name,
            ha="center",
            va="top",
            fontsize=9,
            weight="bold",
            color="black",
            bbox=dict(boxstyle="round,pad=0.2", fc="white", alpha=0.6, lw=0),
        )
    for lid, (x, y) in gmap.landmarks.items():
        ax.plot(x, y, marker="*", color="#ffd700", markeredgecolor="black", markersize=7, mew=0.5)
        ax.text(x + 1.5, y - 1.5, gmap.landmark_names[lid], fontsize=5, color="black")
    ax.set_title(title)
    ax.set_xlim(-0.5, w - 0.5)
    ax.set_ylim(h - 0.5, -0.5)
    ax.legend(loc="lower left", fontsize=7, markerscale=2, framealpha=0.85)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    return path
