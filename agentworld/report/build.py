"""Assemble the report of eval directories: the sections in order, then the HTML file and PNG files.

The order follows what a reader asks first: how well did each team do (overall, per category,
main vs augmented), how did they talk, who contributed, how far the judges agree, for an eval grid how
each harness fares against the tasks' dependency sparsity (report/grid.py), and what two episodes
looked like. A grid directory (evaluation/grid.py) stands for its cells, each an eval of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path

from agentworld.evaluation.grid import expand
from agentworld.report import figures, tables
from agentworld.report.data import ANALYSIS, JUDGE_MODELS, EvalDir, ReportError, load_eval, unique_labels
from agentworld.report.grid import GridView, cells_table, grid_chart, grid_views, tasks_table
from agentworld.report.html import Figure, Section, page


@dataclass
class Written:
    """What build_report wrote."""

    html: Path | None
    pngs: list[Path]


def build_report(
    dirs: list[str | Path],
    html: str | Path | None = None,
    png_dir: str | Path | None = None,
    episodes: list[str] | None = None,
    seed: int = 0,
) -> Written:
    """Read the eval directories (a grid's: its cells) and write the HTML page and/or the figures as PNG files."""
    paths = expand([Path(d) for d in dirs])
    if not paths:
        raise ReportError(f"{', '.join(map(str, dirs))}: an eval grid without any cell played yet")
    evals = [load_eval(d) for d in paths]
    unique_labels(evals)
    grids = grid_views([Path(d) for d in dirs], evals)
    drawn = _figures(evals, episodes, seed) + [
        (
            f"grid-{i}",
            f"{v.path.name}: SR and tokens per episode of every cell over the tasks' dependency sparsity",
            grid_chart(v),
        )
        for i, v in enumerate(grids)
    ]
    pngs = []
    try:
        if png_dir is not None:
            pngs = [figures.save_png(fig, Path(png_dir) / f"{name}.png") for name, _, fig in drawn]
        if html is not None:
            svgs = [Figure(name, caption, figures.to_svg(fig)) for name, caption, fig in drawn]
            html_path = Path(html)
            html_path.parent.mkdir(parents=True, exist_ok=True)
            html_path.write_text(
                page("AgentWorld report", [_intro(e) for e in evals], _sections(evals, svgs, seed, grids)),
                encoding="utf-8",
            )
    finally:
        for _, _, fig in drawn:
            figures.close(fig)
    return Written(Path(html) if html is not None else None, pngs)


def _figures(
    evals: list[EvalDir], episodes: list[str] | None, seed: int
) -> list[tuple[str, str, figures.Figure]]:
    """(file name, caption, figure): the outcome chart, then one timeline per chosen episode."""
    drawn = [
        ("outcome", "SR, PSR and CCE of every eval with 95% intervals", figures.outcome_chart(evals, seed))
    ]
    for e, ep in figures.choose_episodes(evals, episodes):
        outcome = "succeeded" if ep.record.get("success") else "failed"
        name = f"episode-{len(drawn)}-{ep.task}-{ep.record['seed']}"
        caption = (
            f"{e.label}: {ep.key} {outcome}. Actions by round and agent; coloured actions are on a causal "
            "path to success (contributing), stars are success actions, arrows are 'enables' edges."
        )
        drawn.append((name, caption, figures.episode_timeline(ep)))
    return drawn


def _intro(e: EvalDir) -> str:
    settings = ", ".join(e.settings) or "standard"
    return (
        f"<b>{escape(e.label)}</b>: <code>{escape(str(e.path))}</code>, {len(e.episodes)} episodes, "
        f"baseline/ablation: {escape(settings)}{_pinned(e.config.get('pinned'))}"
    )


def _pinned(pinned: dict | None) -> str:
    """The pinned configuration in a few words (evaluation/pinned.py), or nothing for an eval without one."""
    if not pinned:
        return ""
    sampling = ", ".join(f"{k} {v}" for k, v in (pinned.get("sampling") or {}).items() if v is not None)
    parts = [
        f"agentworld {pinned.get('version')}",
        f"models {', '.join(pinned.get('models') or []) or '-'}",
        f"tasks {str(pinned.get('tasks_hash'))[:12]}",
        f"prompts {str(pinned.get('prompts_hash'))[:12]}",
        f"tools {str(pinned.get('tools_hash'))[:12]}",
    ] + ([sampling] if sampling else [])
    return f'<br><span class="pinned">pinned: {escape("; ".join(parts))}</span>'


def _sections(evals: list[EvalDir], svgs: list[Figure], seed: int, grids: list[GridView]) -> list[Section]:
    charts = [f for f in svgs if f.id.startswith("grid-")]
    outcome, timelines = svgs[:1], [f for f in svgs[1:] if f not in charts]
    failure = tables.failure_modes(evals)
    pac, forest = tables.pac_by_role(evals), tables.forest(evals)
    grid = [
        Section(
            "grid",
            "Harness grid",
            [t for i, v in enumerate(grids) for t in (cells_table(v, i, seed), tasks_table(v, i))],
            charts,
        )
    ]
    return [
        Section("outcome", "Outcome", [tables.overview(evals, seed)], outcome),
        Section(
            "categories", "Per category", [tables.by_category(evals, seed, m) for m in tables.METRICS], []
        ),
        Section("splits", "Main vs augmented", [tables.by_split(evals, seed)], []),
        Section(
            "communication",
            "Communication",
            [tables.communication(evals)] + ([failure] if failure else []),
            [],
        ),
        Section(
            "contribution",
            "Causal contribution",
            [t for t in (pac, forest) if t],
            [],
            "No run has a cce.json (evaluate with --judge provenance or llm, or run `agentworld judge`).",
        ),
        Section(
            "judges",
            "Judge comparison",
            tables.judge_comparison(evals),
            [],
            f"No {JUDGE_MODELS} in these eval directories (`agentworld judge --judge llm --model A,B DIR`).",
        ),
        *(grid if grids else []),
        Section("episodes", "Episodes", [], timelines, "No finished episode to draw."),
    ]


__all__ = ["ANALYSIS", "JUDGE_MODELS", "Written", "build_report"]
