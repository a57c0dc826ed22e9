"""The N/D grid of `agentworld eval`: team harnesses x worker limit x recursion depth, one eval per cell.

`--harnesses llm,planner,orchestrator --max-workers 1,2 --max-depth 1,2` makes the cells: the
orchestrator once per (workers, depth) pair, every other harness once (the limits are the
orchestrator's: a planner with "2 workers" would be the same planner). `--agents orchestrator` with
several limits is a grid of the orchestrator alone.

Each cell is an ordinary eval directory OUT/CELL (eval.json, results.jsonl, summary.json, the run
directories), so `report`, `submit` and resuming work on it as on any eval. OUT/grid.json lists the
cells and the tasks; OUT/dependencies.json holds each task's dependency figures, read off its oracle
run's causal action graph (causal/dependencies.py; defined in docs/AUDIT.md), so that a cell's SR and
tokens can be read against the sparsity of the tasks it played (`report OUT`, `report OUT --html`).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from agentworld.options import HARNESS_KINDS, parse_kinds

GRID = "grid.json"
DEPENDENCIES = "dependencies.json"
GRID_HARNESSES = ("llm", *HARNESS_KINDS)  # per-avatar, planner, orchestrator
DEFAULT_LIMITS = {"max_workers": 4, "max_depth": 1}  # agents/harness/orchestrator.HarnessLimits


@dataclass(frozen=True)
class GridCell:
    """One cell of the grid: a harness and, for the orchestrator, its limits."""

    harness: str
    max_workers: int | None = None
    max_depth: int | None = None

    @property
    def name(self) -> str:
        """Its directory under OUT: 'planner', 'orchestrator-w2-d1'."""
        if self.max_workers is None:
            return self.harness
        return f"{self.harness}-w{self.max_workers}-d{self.max_depth}"


def grid_cells(args: argparse.Namespace) -> list[GridCell] | None:
    """The cells the options ask for, or None when they ask for one ordinary eval."""
    workers, depths = args.max_workers, args.max_depth
    if args.harnesses is None and len(workers or ()) < 2 and len(depths or ()) < 2:
        return None
    if args.harnesses is not None and args.agents != "oracle":
        raise ValueError("--harnesses takes the place of --agents: give one of them")
    harnesses = parse_kinds(args.harnesses if args.harnesses is not None else args.agents)
    odd = [h for h in harnesses if h not in GRID_HARNESSES]
    if odd:
        raise ValueError(f"a grid is over team harnesses ({', '.join(GRID_HARNESSES)}), not {', '.join(odd)}")
    if (workers or depths) and "orchestrator" not in harnesses:
        raise ValueError("--max-workers and --max-depth are the orchestrator's limits: add it to --harnesses")
    cells = []
    for harness in dict.fromkeys(harnesses):
        if harness != "orchestrator":
            cells.append(GridCell(harness))
            continue
        for w in dict.fromkeys(workers or [DEFAULT_LIMITS["max_workers"]]):
            cells += [GridCell(harness, w, d) for d in dict.fromkeys(depths or [DEFAULT_LIMITS["max_depth"]])]
    return cells


def cell_args(args: argparse.Namespace, cell: GridCell) -> argparse.Namespace:
    """The options of one cell's eval: its harness and limits, its directory under OUT."""
    limits = [cell.max_workers] if cell.max_workers is not None else None
    depth = [cell.max_depth] if cell.max_depth is not None else None
    return argparse.Namespace(
        **{
            **vars(args),
            "agents": cell.harness,
            "harnesses": None,
            "max_workers": limits,
            "max_depth": depth,
            "out": str(Path(args.out) / cell.name),
        }
    )


def task_key(task: str) -> str:
    """How a grid names a task: its id, or a task file's name without .yaml (as the report does)."""
    return Path(task).stem if task.endswith((".yaml", ".yml")) else task


def write_grid(out: Path, cells: list[GridCell], tasks: list[str]) -> dict:
    """OUT/grid.json, and OUT/dependencies.json with the figures of every task not in it yet (or whose
    file changed: the figures carry the task's pinned hash)."""
    from agentworld.causal.dependencies import figures, task_dependencies
    from agentworld.evaluation.pinned import task_hash

    out.mkdir(parents=True, exist_ok=True)
    grid = {"cells": [{"name": c.name, **asdict(c)} for c in cells], "tasks": [task_key(t) for t in tasks]}
    (out / GRID).write_text(json.dumps(grid, indent=2) + "\n", encoding="utf-8")
    known = read_dependencies(out)
    for task in tasks:
        digest = task_hash(task)  # a task file changed since: its oracle run is played again
        if (known.get(task_key(task)) or {}).get("task_hash") != digest:
            known[task_key(task)] = {**figures(task_dependencies(task)), "task_hash": digest}
    (out / DEPENDENCIES).write_text(json.dumps(known, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return grid


def read_grid(out: Path) -> dict | None:
    """OUT/grid.json with the cell directories that exist, or None when OUT is not a grid."""
    try:
        grid = json.loads((out / GRID).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    if not isinstance(grid, dict) or not isinstance(grid.get("cells"), list):
        return None
    cells = [c for c in grid["cells"] if isinstance(c, dict) and (out / str(c.get("name"))).is_dir()]
    return {**grid, "cells": cells, "dependencies": read_dependencies(out)}


def read_dependencies(out: Path) -> dict[str, dict]:
    try:
        data = json.loads((out / DEPENDENCIES).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def expand(dirs: list[Path]) -> list[Path]:
    """Eval directories, a grid's replaced by its cells' (in the grid's order)."""
    out = []
    for d in dirs:
        grid = read_grid(d)
        out += [d / c["name"] for c in grid["cells"]] if grid else [d]
    return out


def by_task(summary: dict, task: str) -> dict[str, Any]:
    return (summary.get("by_task") or {}).get(task) or next(
        (s for t, s in (summary.get("by_task") or {}).items() if task_key(t) == task), {}
    )


def print_grid(out: Path, title: str, file: Any = None) -> None:
    """The cells side by side, then each task's sparsity beside every cell's SR and tokens on it."""
    from rich.console import Console
    from rich.table import Table

    from agentworld.evaluation.summary import load_summary, render_rows

    grid = read_grid(out) or {"cells": [], "tasks": [], "dependencies": {}}
    summaries = {c["name"]: load_summary(out / c["name"]) for c in grid["cells"]}
    console = Console(file=file or sys.stdout, width=220)
    console.print(render_rows([(name, s["overall"]) for name, s in summaries.items()], title))
    table = Table(title="by task, most sparse first (sparsity: docs/AUDIT.md, 'Dependency structure')")
    for column in ["task", "agents", "sparsity", "cross-agent bridges"]:
        table.add_column(column, justify="left" if column == "task" else "right")
    for name in summaries:
        table.add_column(f"{name} SR", justify="right")
        table.add_column(f"{name} tok/ep", justify="right")
    deps = grid["dependencies"]
    for task in sorted(grid["tasks"], key=lambda t: -(deps.get(t) or {}).get("sparsity", 0.0)):
        dep = deps.get(task) or {}
        row = [task, str(dep.get("agents", "-")), f"{dep['sparsity']:.2f}" if dep else "-"]
        row.append(str(dep.get("cross_agent_bridges", "-")))
        for summary in summaries.values():
            stats = by_task(summary, task)
            row.append("-" if stats.get("sr") is None else f"{100 * stats['sr']:.0f}%")
            row.append(
                "-" if stats.get("tokens_per_episode") is None else f"{stats['tokens_per_episode']:.0f}"
            )
        table.add_row(*row)
    console.print(table)
