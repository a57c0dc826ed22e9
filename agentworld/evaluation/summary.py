"""Summaries of eval results (SR, PSR, CCE, tokens, cost per category and task) and `agentworld report`.

Over the seeds played, SR comes with pass^k (tau-bench's definition: for each task with n trials of
which c succeeded, C(c, k) / C(n, k) is the chance that k trials drawn without replacement all
succeed; pass^k is its mean over tasks, for k = 1 .. the fewest trials any task has; pass^1 is SR
when every task has as many seeds), and SR, PSR and CCE with their standard error (sample standard
deviation / sqrt(n); None for fewer than two episodes).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from statistics import mean, stdev
from typing import Any, Iterable

from agentworld.evaluation.results import CONFIG, RESULTS, SUMMARY, read_results
from agentworld.options import HARNESS_LIMITS

SUMMARY_KEYS = (
    "episodes",
    "sr",
    "psr",
    "errors",
    "mean_rounds",
    "messages_per_agent",
    "first_chat_round",
    "prompt_tokens",
    "completion_tokens",
    "cost",
    "cce",
)


def _mean(values: Iterable[Any], digits: int = 4) -> float | None:
    vals = [float(v) for v in values if v is not None]
    return round(mean(vals), digits) if vals else None


def standard_error(values: Iterable[Any], digits: int = 4) -> float | None:
    """Standard error of the mean (sample standard deviation / sqrt(n)); None below two values."""
    vals = [float(v) for v in values if v is not None]
    return round(stdev(vals) / math.sqrt(len(vals)), digits) if len(vals) >= 2 else None


def pass_hat_k(records: list[dict], digits: int = 4) -> dict[str, float]:
    """{"1": pass^1, "2": pass^2, ...}: the mean over tasks of C(c, k) / C(n, k), for k up to the
    fewest trials (seeds) any task of these records has (see the module docstring)."""
    trials: dict[str, list[bool]] = {}
    for r in records:
        trials.setdefault(str(r["task"]), []).append(bool(r.get("success")))
    if not trials:
        return {}
    fewest = min(len(t) for t in trials.values())
    return {
        str(k): round(mean(math.comb(sum(t), k) / math.comb(len(t), k) for t in trials.values()), digits)
        for k in range(1, fewest + 1)
    }


def summarise_group(records: list[dict]) -> dict:
    """SR, PSR and the rest over played episodes; unfinished ones (budget spent) are only counted."""
    unfinished = sum(1 for r in records if r.get("status") == "unfinished")
    records = [r for r in records if r.get("status") != "unfinished"]
    ok = [r for r in records if r.get("status") == "ok"]
    return {
        "episodes": len(records),
        "unfinished": unfinished,
        "sr": _mean((1.0 if r.get("success") else 0.0 for r in records)),
        "sr_se": standard_error(1.0 if r.get("success") else 0.0 for r in records),
        "pass_k": pass_hat_k(records),
        "psr": _mean((r.get("psr") or 0.0 for r in records)),
        "psr_se": standard_error(r.get("psr") or 0.0 for r in records),
        "errors": len(records) - len(ok),
        "mean_rounds": _mean(r.get("rounds") for r in ok),
        "messages_per_agent": _mean(r.get("messages_per_agent") for r in ok),
        "first_chat_round": _mean(r.get("first_chat_round") for r in ok),
        "prompt_tokens": sum(int(r.get("prompt_tokens") or 0) for r in records),
        "completion_tokens": sum(int(r.get("completion_tokens") or 0) for r in records),
        "cost": round(sum(float(r.get("cost") or 0) for r in records), 6),
        "judge_cost": round(sum(float(r.get("judge_cost") or 0) for r in records), 6),
        "cached_tokens": sum(int(r.get("cached_tokens") or 0) for r in records),
        "cache_hits": sum(int(r.get("cache_hits") or 0) for r in records),
        "cce": _mean(r.get("cce") for r in ok),
        "cce_se": standard_error(r.get("cce") for r in ok),
        "seeds": sorted({int(r["seed"]) for r in records}),
        "prompt_tokens_per_episode": _mean([r.get("prompt_tokens") or 0 for r in records], 1),
        "tokens_per_episode": _mean(
            [(r.get("prompt_tokens") or 0) + (r.get("completion_tokens") or 0) for r in records], 1
        ),
        "max_prompt_tokens": max((int(r.get("max_prompt_tokens") or 0) for r in records), default=0),
    }


def summarise(records: list[dict]) -> dict:
    by_category: dict[str, list[dict]] = {}
    by_task: dict[str, list[dict]] = {}
    for r in records:
        by_category.setdefault(r.get("category") or "?", []).append(r)
        by_task.setdefault(r["task"], []).append(r)
    return {
        "overall": summarise_group(records),
        "by_category": {c: summarise_group(rs) for c, rs in sorted(by_category.items())},
        "by_task": {t: summarise_group(rs) for t, rs in sorted(by_task.items())},
    }


def _fmt(value: Any, kind: str = "") -> str:
    if value is None:
        return "-"
    if kind == "pct":
        return f"{100 * value:.1f}%"
    if kind == "cost":
        return f"${value:.4f}"
    if kind == "whole":
        return f"{value:.0f}"
    if isinstance(value, float):
        return f"{value:.2f}" if kind != "cce" else f"{value:.3f}"
    return str(value)


def render_table(summary: dict, title: str = "AgentWorld evaluation"):
    """Overall row, then one indented row per category."""
    rows = [("overall", summary["overall"])] + [
        (f"  {c}", s) for c, s in summary.get("by_category", {}).items()
    ]
    return render_rows(rows, title)


def render_rows(rows: list[tuple[str, dict]], title: str):
    from rich.table import Table

    table = Table(title=title)
    columns = [
        ("group", ""),
        ("episodes", ""),
        ("sr", "pct"),
        ("pass_k", "passk"),
        ("psr", "pct"),
        ("cce", "cce"),
        ("errors", ""),
        ("mean_rounds", ""),
        ("messages_per_agent", ""),
        ("first_chat_round", ""),
        ("prompt_tokens", ""),
        ("completion_tokens", ""),
        ("tokens_per_episode", "whole"),
        ("cost", "cost"),
    ]
    headers = {
        "group": "group",
        "episodes": "eps",
        "sr": "SR ± se",
        "pass_k": "pass^k k=1,2..",
        "psr": "PSR ± se",
        "cce": "CCE ± se",
        "errors": "errors",
        "mean_rounds": "rounds",
        "messages_per_agent": "msgs/agent",
        "first_chat_round": "1st chat",
        "prompt_tokens": "prompt tok",
        "completion_tokens": "compl tok",
        "tokens_per_episode": "tok/ep",
        "cost": "cost",
    }
    for key, _ in columns:
        table.add_column(headers[key], justify="left" if key == "group" else "right")
    for name, stats in rows:
        table.add_row(name, *[_cell(stats, k, kind) for k, kind in columns[1:]])
    return table


def _cell(stats: dict, key: str, kind: str) -> str:
    """A value as text; SR, PSR and CCE with their standard error, pass^k as 'a / b / c%'."""
    if kind == "passk":
        values = list((stats.get(key) or {}).values())
        return " / ".join(f"{100 * v:.1f}" for v in values) + "%" if values else "-"
    shown = _fmt(stats.get(key), kind)
    se = stats.get(f"{key}_se")
    if se is not None and stats.get(key) is not None:
        shown += f" ± {100 * se:.1f}" if kind == "pct" else f" ± {se:.3f}"
    return shown


def print_summary(summary: dict, title: str = "AgentWorld evaluation", file=None) -> None:
    from rich.console import Console

    Console(file=file or sys.stdout, width=220).print(render_table(summary, title))


def print_rows(rows: list[tuple[str, dict]], title: str, file=None) -> None:
    from rich.console import Console

    Console(file=file or sys.stdout, width=220).print(render_rows(rows, title))


def configure_report(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "dirs",
        nargs="+",
        metavar="DIR",
        help="eval directories written by `agentworld eval --out DIR` (several: one comparison table)",
    )
    parser.add_argument("--json", action="store_true", help="print summary.json instead of a table")
    parser.add_argument("--tasks", action="store_true", help="also list every task")


def load_summary(out: Path) -> dict:
    """summary.json, or a summary rebuilt from results.jsonl (e.g. after an interrupted eval)."""
    if (out / SUMMARY).exists():
        return json.loads((out / SUMMARY).read_text(encoding="utf-8"))
    records = read_results(out)
    if not records:
        raise FileNotFoundError(f"{out}: no {SUMMARY} or {RESULTS} (not an eval directory?)")
    return summarise([records[k] for k in sorted(records)])


def describe(out: Path) -> str:
    """'llm / model-name +no_docs' from OUT/eval.json, or the directory name."""
    if not (out / CONFIG).exists():
        return out.name
    cfg = json.loads((out / CONFIG).read_text(encoding="utf-8"))
    model = (cfg.get("agent_options") or {}).get("model")
    seats = (cfg.get("agent_options") or {}).get("seat_models") or {}
    if model and seats:  # a heterogeneous team
        model += "".join(f", {seat}={spec.get('model')}" for seat, spec in sorted(seats.items()))
    flags = [
        k if v is True else f"{k}={v}" for k, v in sorted((cfg.get("episode_options") or {}).items()) if v
    ]
    if (cfg.get("agent_options") or {}).get("single_agent"):
        flags.append("single_agent")
    limits = cfg.get("agent_options") or {}
    flags += [f"{label}={limits[k]}" for k, label in HARNESS_LIMITS.items() if k in limits]
    return f"{cfg.get('agents')}{' / ' + model if model else ''}{''.join(' +' + f for f in flags)}"


def command_report(args: argparse.Namespace) -> int:
    from agentworld.evaluation.grid import expand, print_grid, read_grid

    grids = [Path(d) for d in args.dirs if read_grid(Path(d))]
    outs = expand([Path(d) for d in args.dirs])
    if not outs:
        print(f"report: {', '.join(args.dirs)}: a grid without any cell played yet", file=sys.stderr)
        return 2
    try:
        summaries = {out: load_summary(out) for out in outs}
    except (FileNotFoundError, json.JSONDecodeError) as exc:
        print(f"report: {exc}", file=sys.stderr)
        return 2
    if args.json:
        data = {str(o): s for o, s in summaries.items()}
        print(json.dumps(data[str(outs[0])] if len(outs) == 1 else data, indent=2))
        return 0
    if len(args.dirs) == 1 and grids and not args.json:  # one grid: its cells and tasks
        print_grid(grids[0], title=f"AgentWorld eval grid ({grids[0]})")
        return 0
    if len(outs) > 1:  # one row per eval: models or ablations side by side
        print_rows(
            [(f"{describe(o)} ({o})", s["overall"]) for o, s in summaries.items()],
            title="AgentWorld evals compared",
        )
        for grid in grids:  # and each grid's cells against the sparsity of its tasks
            print_grid(grid, title=f"grid {grid}")
        return 0
    out, summary = outs[0], summaries[outs[0]]
    print_summary(summary, title=f"AgentWorld eval: {describe(out)} ({out})")
    pinned = summary.get("pinned")
    if pinned:
        print(
            f"pinned: agentworld {pinned.get('version')}; models {', '.join(pinned.get('models') or []) or '-'}; "
            f"tasks sha256 {str(pinned.get('tasks_hash'))[:12]}; prompts {str(pinned.get('prompts_hash'))[:12]}; "
            f"tools {str(pinned.get('tools_hash'))[:12]}; seeds {summary['overall'].get('seeds')}"
        )
    if summary.get("interrupted"):
        print(
            "(the eval was interrupted: only finished episodes are counted; run the same eval command to resume)"
        )
    if args.tasks:
        print_rows(list(summary.get("by_task", {}).items()), title="by task")
    return 0
