"""The report's pictures (matplotlib, Agg): the outcome chart and episode timelines, as SVG or PNG.

- `outcome_chart`: SR, PSR and CCE of every eval as bars with their 95% intervals.
- `episode_timeline`: one episode's actions by round and agent, contributing actions coloured,
  success actions starred, causal edges drawn (the paper's Figures 5, 7 and 8), drawn by
  agentworld/causal/plot.py from the run's cce.json, or from the provenance judge when the run
  was not judged (nothing is written into the eval directory).
The same Figure becomes inline SVG for the HTML page and a PNG file for --png.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg", force=False)
import matplotlib.pyplot as plt  # after choosing the backend

from agentworld.causal import judge_records, task_context
from agentworld.causal.graph import episode_success, load_run
from agentworld.causal.plot import draw_episode
from agentworld.report.data import Episode, EvalDir, ReportError
from agentworld.report.stats import group_stats
from agentworld.report.tables import METRIC_NAMES, METRICS

Figure = Any  # matplotlib.figure.Figure (kept loose: the report never touches its internals)


def outcome_chart(evals: list[EvalDir], seed: int) -> Figure:
    """Grouped bars: one group per metric, one bar per eval, 95% intervals as error bars."""
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 + 1.1 * len(evals) * len(METRICS) / 2), 3.6))
    width = 0.8 / len(evals)
    for i, e in enumerate(evals):
        stats = group_stats(e.episodes, seed)
        values, lows, highs = [], [], []
        for metric in METRICS:
            est = getattr(stats, metric)
            value = est.value or 0.0
            values.append(value)
            lows.append(max(0.0, value - (est.low if est.low is not None else value)))
            highs.append(max(0.0, (est.high if est.high is not None else value) - value))
        xs = [m + (i - (len(evals) - 1) / 2) * width for m in range(len(METRICS))]
        ax.bar(xs, values, width * 0.92, yerr=[lows, highs], capsize=3, label=e.label)
    ax.set_xticks(range(len(METRICS)), [METRIC_NAMES[m] for m in METRICS])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("share (95% interval)")
    ax.grid(axis="y", alpha=0.25)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    fig.tight_layout()
    return fig


def choose_episodes(evals: list[EvalDir], wanted: list[str] | None) -> list[tuple[EvalDir, Episode]]:
    """The episodes to draw: those named 'task/seed' (in every eval that has them), else the first
    successful and the first failed episode of each eval."""
    chosen: list[tuple[EvalDir, Episode]] = []
    if wanted:
        for key in wanted:
            found = [(e, ep) for e in evals for ep in e.episodes if ep.key == key]
            if not found:
                known = ", ".join(ep.key for ep in evals[0].episodes[:8])
                raise ReportError(
                    f"--episodes: no episode {key!r} in these evals (give task/seed, e.g. {known})"
                )
            chosen += found
        return chosen
    for e in evals:
        for succeeded in (True, False):
            first = next(
                (ep for ep in e.episodes if ep.ok and bool(ep.record.get("success")) == succeeded), None
            )
            if first is not None:
                chosen.append((e, first))
    return chosen


def episode_timeline(episode: Episode) -> Figure:
    """The episode's actions by round and agent with its causal contribution highlighted."""
    try:
        records, metrics, _config = load_run(episode.run_dir)
    except (OSError, ValueError) as exc:
        raise ReportError(f"{episode.run_dir}: cannot read the run ({exc})") from None
    result = episode.cce
    if not result or "contributing" not in result:
        context = task_context(episode.run_dir)
        result = judge_records(
            records,
            episode_success(records, metrics),
            "provenance",
            context.get("agents") or None,
            checkpoints=context.get("checkpoints"),
            success_conditions=context.get("success"),
        )
    return draw_episode(records, result, title=f"{episode.key}")


def to_svg(fig: Figure) -> str:
    """The figure as an inline <svg> element (text kept as text; no date or random ids that change)."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "agentworld-report"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    svg = buffer.getvalue()
    return svg[svg.index("<svg") :]  # drop the XML prolog and doctype: the element goes inside HTML


def save_png(fig: Figure, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, format="png")
    return path


def close(fig: Figure) -> None:
    plt.close(fig)
