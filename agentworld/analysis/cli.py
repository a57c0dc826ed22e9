"""`agentworld analyze RUN_DIR|EVAL_DIR... [--json]`: the communication failure modes of runs.

Each run is classified by agentworld/analysis/communication.py; the table gives counts and
shares per label (overall, of the failed messages, per agent), like the paper's Table 5,
for every run and pooled over all of them. ``--out FILE`` also writes the JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from agentworld.causal.cli import expand_dirs
from agentworld.causal.graph import CausalError

from .communication import DEFAULT_WINDOW, FAILURES, LABELS, aggregate, classify_run


def configure_analyze(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dirs", nargs="+", metavar="DIR",
                        help="run directories (each with trajectory.jsonl), or eval directories holding them")
    parser.add_argument("--window", type=int, default=DEFAULT_WINDOW,
                        help=f"rounds k for uptake and promises (default {DEFAULT_WINDOW})")
    parser.add_argument("--json", action="store_true", help="print the result as JSON (every message's labels too)")
    parser.add_argument("--out", metavar="FILE", help="also write the JSON result to FILE")


def command_analyze(args: argparse.Namespace) -> int:
    if args.window < 0:
        print(f"agentworld analyze: error: --window must be >= 0, got {args.window}", file=sys.stderr)
        return 2
    runs, failures = [], 0
    for d in expand_dirs(args.dirs):
        try:
            runs.append(classify_run(d, args.window))
        except (CausalError, OSError) as exc:
            print(f"agentworld analyze: error: {d}: {exc}", file=sys.stderr)
            failures += 1
    result = {"runs": runs, "all": aggregate(runs)}
    if args.out:
        try:
            Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"agentworld analyze: error: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        _print(runs, result["all"])
    return 1 if failures or not runs else 0


def _print(runs: list[dict[str, Any]], pooled: dict[str, Any]) -> None:
    head = "".join(f"{lab:>16}" for lab in LABELS)
    print(f"{'run':<40}{'messages':>9}{head}")
    for r in runs + ([{"run_dir": f"all ({pooled['runs']} runs)", **pooled}] if len(runs) > 1 else []):
        cells = "".join(f"{r['counts'][lab]:>7} ({r['share'][lab]:>5.1%})" for lab in LABELS)
        name = r["run_dir"] if len(r["run_dir"]) <= 40 else "…" + r["run_dir"][-39:]
        print(f"{name:<40}{r['total']:>9}{cells}")
    if pooled["errors"]:
        shares = ", ".join(f"{lab} {pooled['error_share'][lab]:.1%}" for lab in FAILURES)
        print(f"share of the {pooled['errors']} failed messages: {shares}")
    for agent, row in pooled["per_agent"].items():
        counts = ", ".join(f"{lab} {row['counts'][lab]}" for lab in LABELS if row["counts"][lab])
        print(f"  {agent}: {row['total']} messages: {counts}")
