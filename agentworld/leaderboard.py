"""`agentworld leaderboard DIR... [--html FILE]`: evals side by side in the form of the paper's Table 2.

One row per eval directory, best SR on the main tasks first. Columns: SR on the main tasks and on
the augmented variants (Wilson 95% intervals), pass^k at the largest k every task allows, PSR and
CCE (bootstrap 95% intervals), messages per agent and the first chat round (means with bootstrap
intervals, over episodes that finished), the total cost in dollars and whether the eval is a
checked submission (its submission.json, written by `agentworld submit --check`). The numbers are
the report's (report/stats.py), so the two never disagree; the HTML page is the report's page
with this one table, its cells carrying their values as data attributes.
"""

from __future__ import annotations

import argparse
import json
import sys
from html import escape
from pathlib import Path

from agentworld.evaluation.summary import pass_hat_k
from agentworld.report.data import EvalDir, ReportError, load_eval, unique_labels
from agentworld.report.html import Section, page
from agentworld.report.stats import Estimate, bootstrap_mean, group_stats, wilson
from agentworld.report.tables import Cell, Table, estimate_cell, number, text
from agentworld.submission import SUBMISSION

COLUMNS = [
    "eval",
    "SR (main)",
    "SR (augmented)",
    "pass^k",
    "PSR",
    "CCE",
    "messages / agent",
    "first chat round",
    "cost",
    "episodes",
    "submission",
]


def leaderboard(evals: list[EvalDir], seed: int = 0) -> Table:
    """The table: one row per eval, sorted by SR on the main tasks (best first)."""
    rows = sorted(
        (_row(e, seed) for e in evals), key=lambda r: -(r[1].value if r[1].value is not None else -1)
    )
    return Table(
        "leaderboard",
        "Leaderboard (95% intervals over episodes)",
        COLUMNS,
        rows,
        "SR: Wilson interval; PSR, CCE, messages and first chat round: percentile bootstrap (2,000 "
        "resamples, seeded). pass^k: tau-bench's, at the largest k every task was played. Cost: total $.",
        [r[0].text for r in rows],
    )


def _row(e: EvalDir, seed: int) -> list[Cell]:
    records = [ep.record for ep in e.episodes]
    ok = [r for r in records if r.get("status") == "ok"]
    stats = group_stats(e.episodes, seed)
    splits = {split: [ep for ep in e.episodes if ep.split == split] for split in ("main", "augmented")}
    sr = {
        split: wilson(sum(1 for ep in eps if ep.record.get("success")), len(eps))
        for split, eps in splits.items()
    }
    passes = pass_hat_k(records)
    k = max(passes, key=int) if passes else None
    cost = sum(float(r.get("cost") or 0) for r in records)
    return [
        text(e.label),
        _metric(sr["main"], "sr_main", "sr"),
        _metric(sr["augmented"], "sr_augmented", "sr"),
        Cell(f"{100 * passes[k]:.1f}% (k={k})" if k else "-", passes[k] if k else None, key="pass_k"),
        _metric(stats.psr, "psr", "psr"),
        _metric(stats.cce, "cce", "cce"),
        _mean_cell(
            bootstrap_mean(
                (r["messages_per_agent"] for r in ok if r.get("messages_per_agent") is not None), seed
            ),
            "messages_per_agent",
        ),
        _mean_cell(
            bootstrap_mean(
                (r["first_chat_round"] for r in ok if r.get("first_chat_round") is not None), seed
            ),
            "first_chat_round",
        ),
        Cell(f"${cost:.4f}", cost, key="cost"),
        number(len(records), 0, "episodes"),
        _submission(e.path),
    ]


def _metric(est: Estimate, key: str, kind: str) -> Cell:
    cell = estimate_cell(est, kind)
    cell.key = key
    return cell


def _mean_cell(est: Estimate, key: str) -> Cell:
    if est.value is None:
        return Cell("-", key=key)
    return Cell(f"{est.value:.2f} [{est.low:.2f}, {est.high:.2f}]", est.value, est.low, est.high, key=key)


def _submission(path: Path) -> Cell:
    """'checked' (replayed), 'unchecked' (submission.json without replay) or '-' (not submitted)."""
    try:
        data = json.loads((path / SUBMISSION).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return Cell("-", key="submission")
    return Cell(
        f"{'checked' if data.get('replayed') else 'unchecked'} ({data.get('task_set')})", key="submission"
    )


# --------------------------------------------------------------------------- CLI


def configure_leaderboard(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "dirs", nargs="+", metavar="DIR", help="eval directories (`agentworld eval --out DIR`)"
    )
    parser.add_argument("--html", metavar="FILE", help="also write the table as a self-contained HTML page")
    parser.add_argument("--seed", type=int, default=0, help="seed of the bootstrap intervals (default 0)")


def command_leaderboard(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table as RichTable

    try:
        evals = [load_eval(d) for d in args.dirs]
    except ReportError as exc:
        print(f"leaderboard: {exc}", file=sys.stderr)
        return 2
    unique_labels(evals)
    table = leaderboard(evals, args.seed)
    shown = RichTable(title=table.title, caption=table.note)
    for column in table.columns:
        shown.add_column(column, justify="left" if column in ("eval", "submission") else "right")
    for row in table.rows:
        shown.add_row(*[cell.text for cell in row])
    Console(file=sys.stdout, width=240).print(shown)
    if args.html:
        try:
            Path(args.html).parent.mkdir(parents=True, exist_ok=True)
            intro = [f"<b>{escape(e.label)}</b>: <code>{escape(str(e.path))}</code>" for e in evals]
            Path(args.html).write_text(
                page("AgentWorld leaderboard", intro, [Section("leaderboard", "Leaderboard", [table], [])]),
                encoding="utf-8",
            )
        except OSError as exc:
            print(f"leaderboard: cannot write {args.html}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(f"leaderboard: {args.html}")
    return 0
