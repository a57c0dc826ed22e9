"""The report's harness-grid section: the cells of an eval grid (evaluation/grid.py) side by side, and
each cell's SR and tokens per episode on every task against the task's dependency sparsity.

- `cells_table`: one row per cell: harness, worker limit, depth, SR / PSR / CCE with 95% intervals
  (stats.py), tokens and cost per episode, cost, workers spawned and messages read per episode;
- `tasks_table`: one row per task, most sparse first: its dependency figures (OUT/dependencies.json:
  agents, sparsity, cross-agent share, cross-agent bridges) and each cell's SR and tokens per episode;
- `grid_chart`: the same as two panels, SR and tokens per episode over sparsity, one line per cell.
Sparsity is defined in docs/AUDIT.md ("Dependency structure"): 1 - cross-agent edges / edges of the
oracle run's causal action graph.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentworld.evaluation.grid import read_grid
from agentworld.report.data import Episode, EvalDir
from agentworld.report.stats import group_stats, mean_or_none
from agentworld.report.tables import Cell, Table, estimate_cell, number, text


@dataclass
class GridView:
    """One eval grid as the report reads it: its directory, its cells' evals, its tasks' figures."""

    path: Path
    cells: list[tuple[str, EvalDir]]  # (cell name, its eval), in the grid's order
    dependencies: dict[str, dict[str, Any]]  # task -> dependency figures (causal/dependencies.figures)

    def tasks(self) -> list[str]:
        """The tasks played, most sparse first (tasks without figures last)."""
        played = {ep.task for _, e in self.cells for ep in e.episodes}
        return sorted(played, key=lambda t: (-(self.dependencies.get(t) or {}).get("sparsity", -1.0), t))


def grid_views(dirs: list[Path], evals: list[EvalDir]) -> list[GridView]:
    """The grids among the report's directories, with the evals of their cells."""
    views = []
    for d in dirs:
        grid = read_grid(d)
        if grid:
            by_path = {e.path: e for e in evals}
            cells = [(c["name"], by_path[d / c["name"]]) for c in grid["cells"] if d / c["name"] in by_path]
            views.append(GridView(d, cells, grid["dependencies"]))
    return views


def _tokens(records: list[dict]) -> float | None:
    return mean_or_none(
        int(r.get("prompt_tokens") or 0) + int(r.get("completion_tokens") or 0) for r in records
    )


def _per_episode(records: list[dict], key: str) -> float | None:
    return mean_or_none(float(r.get(key) or 0) for r in records)


def cells_table(view: GridView, index: int, seed: int) -> Table:
    rows, names = [], []
    for name, e in view.cells:
        records = [ep.record for ep in e.episodes]
        stats, options = group_stats(e.episodes, seed), e.config.get("agent_options") or {}
        rows.append(
            [
                text(name),
                text(e.config.get("agents")),
                text(options.get("max_workers")),
                text(options.get("max_depth")),
                number(stats.episodes, 0, "episodes"),
                estimate_cell(stats.sr, "sr"),
                estimate_cell(stats.psr, "psr"),
                estimate_cell(stats.cce, "cce"),
                number(_tokens(records), 0, "tokens_per_episode"),
                number(_per_episode(records, "cost"), 4, "cost_per_episode"),
                number(sum(float(r.get("cost") or 0) for r in records), 4, "cost"),
                number(_per_episode(records, "spawned_workers"), 2, "workers_per_episode"),
                number(_per_episode(records, "read_messages"), 2, "reads_per_episode"),
            ]
        )
        names.append(name)
    return Table(
        f"grid-cells-{index}",
        f"Harness grid {view.path.name}: cells",
        [
            "cell",
            "harness",
            "max workers",
            "max depth",
            "episodes",
            "SR",
            "PSR",
            "CCE",
            "tokens / episode",
            "cost / episode",
            "cost",
            "workers spawned / episode",
            "read_messages / episode",
        ],
        rows,
        "Tokens: prompt + completion over every model context of the team. Intervals as in the overview.",
        names,
    )


def _by_task(e: EvalDir, task: str) -> list[Episode]:
    return [ep for ep in e.episodes if ep.task == task]


def tasks_table(view: GridView, index: int) -> Table:
    columns = ["task", "agents", "sparsity", "cross-agent share", "cross-agent bridges"]
    for name, _ in view.cells:
        columns += [f"SR {name}", f"tokens / episode {name}"]
    rows = []
    for task in view.tasks():
        dep = view.dependencies.get(task) or {}
        row = [
            text(task),
            number(dep.get("agents"), 0, "agents"),
            number(dep.get("sparsity"), 2, "sparsity"),
            number(dep.get("cross_agent_share"), 2, "cross_agent_share"),
            number(dep.get("cross_agent_bridges"), 0, "cross_agent_bridges"),
        ]
        for name, e in view.cells:
            records = [ep.record for ep in _by_task(e, task)]
            sr = mean_or_none(1.0 if r.get("success") else 0.0 for r in records)
            row.append(Cell("-" if sr is None else f"{100 * sr:.0f}%", sr, key=f"sr:{name}"))
            row.append(number(_tokens(records), 0, f"tokens:{name}"))
        rows.append(row)
    return Table(
        f"grid-tasks-{index}",
        f"Harness grid {view.path.name}: tasks, most sparse first",
        columns,
        rows,
        "Sparsity = 1 - cross-agent edges / edges of the task's oracle run's causal action graph (docs/AUDIT.md, "
        "'Dependency structure'); a cross-agent bridge is a single hand-over everything downstream hangs on.",
        view.tasks(),
    )


def grid_chart(view: GridView) -> Any:
    """Two panels over the tasks' sparsity: each cell's SR and its tokens per episode (log scale)."""
    import matplotlib.pyplot as plt  # report/figures.py chose the backend

    fig, (left, right) = plt.subplots(1, 2, figsize=(10.5, 3.8))
    tasks = [t for t in view.tasks() if "sparsity" in (view.dependencies.get(t) or {})]
    xs = [view.dependencies[t]["sparsity"] for t in tasks]
    for i, (name, e) in enumerate(view.cells):
        style = {
            "marker": "osD^v<>"[i % 7],
            "linestyle": ("-", "--", ":", "-.")[i % 4],
            "alpha": 0.85,
            "label": name,
        }
        srs, tokens = [], []
        for task in tasks:
            records = [ep.record for ep in _by_task(e, task)]
            srs.append(mean_or_none(1.0 if r.get("success") else 0.0 for r in records))
            tokens.append(_tokens(records))
        points = sorted((x, s, t) for x, s, t in zip(xs, srs, tokens) if s is not None)
        left.plot([p[0] for p in points], [p[1] for p in points], **style)
        right.plot([p[0] for p in points], [max(p[2] or 0, 1) for p in points], **style)
    left.set_ylim(-0.05, 1.05)
    left.set_ylabel("SR")
    right.set_ylabel("tokens / episode")
    right.set_yscale("log")
    for ax in (left, right):
        ax.set_xlabel("dependency sparsity of the task (oracle run)")
        ax.grid(alpha=0.25)
    right.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    fig.suptitle(f"harness grid {view.path.name}: {len(tasks)} tasks", fontsize=10)
    fig.tight_layout()
    return fig
