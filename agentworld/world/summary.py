"""`agentworld world`: describe the loaded world (counts) and optionally render the map PNG."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from agentworld.world.content import Content, ContentError, load_content


def world_summary(content: Content) -> dict:
    """Counts of everything in the world, for people, docs and tests."""
    m = content.map
    return {
        "items": len(content.items),
        "mob_types": len(content.mobs),
        "bosses": sum(1 for mob in content.mobs.values() if mob.boss),
        "npcs": len(content.npcs),
        "resource_nodes": len(m.placed_nodes),
        "node_kinds": len(content.node_kinds),
        "mob_spawns": len(m.mob_spawns),
        "recipes": len(content.recipes),
        "skills": len(content.skills),
        "regions": len(m.regions),
        "stations": len(m.placed_stations),
        "station_kinds": len(content.stations),
        "landmarks": len(m.landmarks),
        "quests": sum(len(n.quests) for n in content.npcs.values()),
        "map_width": m.width,
        "map_height": m.height,
    }


def configure_world(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--png", metavar="PATH", help="also render the map to this PNG file")
    parser.add_argument(
        "--check",
        action="store_true",
        help="check the content graph (every item, recipe, quest and region reachable); exit 1 on failure",
    )
    parser.add_argument(
        "--data-dir", metavar="DIR", help="load the content from this directory instead of the built-in one"
    )


def command_world(args: argparse.Namespace) -> int:
    try:
        content = load_content(args.data_dir)
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.check:
        return _check(content, args.json)
    summary = world_summary(content)
    if args.png:
        try:
            path = content.map.render_png(
                args.png,
                title="AgentWorld: the Vale of Brindlemark and the Eastmarch",
                node_skills={k.id: k.skill for k in content.node_kinds.values()},
            )
        except OSError as exc:
            print(f"world: cannot write the map PNG {args.png}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        summary_png = str(Path(path))
    else:
        summary_png = None
    if args.json:
        out = dict(summary)
        if summary_png:
            out["png"] = summary_png
        print(json.dumps(out, sort_keys=False))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title="AgentWorld content", show_header=True)
    table.add_column("what")
    table.add_column("count", justify="right")
    for key, value in summary.items():
        table.add_row(key.replace("_", " "), str(value))
    console = Console()
    console.print(table)
    regions = ", ".join(f"{r.name}" for r in content.map.regions.values())
    console.print(f"regions: {regions}")
    if summary_png:
        console.print(f"map written to {summary_png}")
    return 0


def _check(content: Content, as_json: bool) -> int:
    """`world --check`: print every unreachable item, recipe, quest or region; 1 if there is any."""
    from agentworld.world.content_check import (
        check_content,
        frontier_note,
        task_given_items,
        task_only_items,
    )

    problems = check_content(content, task_given_items())
    task_only = task_only_items(content)
    note = frontier_note(content)
    if as_json:
        print(
            json.dumps(
                {"ok": not problems, "problems": problems, "task_placed_only": task_only, "frontier": note}
            )
        )
    else:
        for line in problems:
            print(line)
        if note:
            print(f"note: {note}")
        if task_only:
            print(
                f"note: {len(task_only)} item(s) have a source only where a task places their node or mob: "
                + ", ".join(task_only)
            )
        print(
            f"world --check: {len(problems)} problem(s)"
            if problems
            else f"world --check: ok ({len(content.items)} items, {len(content.recipes)} recipes, "
            f"{sum(len(n.quests) for n in content.npcs.values())} quests, {len(content.map.regions)} regions reachable)"
        )
    return 1 if problems else 0
