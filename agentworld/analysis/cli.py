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

from agentworld.causal.cli import expand_dirs, missing_dirs
from agentworld.causal.graph import CausalError

from .communication import DEFAULT_WINDOW, FAILURES, LABELS, MessageLabel, aggregate, classify_run
from .llm_labels import ClassifierError, agreement, classify_with_llm, primary


def configure_analyze(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "dirs",
        nargs="+",
        metavar="DIR",
        help="run directories (each with trajectory.jsonl), or eval directories holding them",
    )
    parser.add_argument(
        "--window",
        type=int,
        default=DEFAULT_WINDOW,
        help=f"rounds k for uptake and promises (default {DEFAULT_WINDOW})",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the result as JSON (every message's labels too)"
    )
    parser.add_argument("--out", metavar="FILE", help="also write the JSON result to FILE")
    parser.add_argument(
        "--llm-model",
        metavar="MODEL",
        help="also label every message with this LLM (OpenAI-compatible; key from $OPENAI_API_KEY) "
        "and report its agreement with the exact labels",
    )
    parser.add_argument(
        "--base-url", help="OpenAI-compatible base URL for --llm-model (default: $OPENAI_BASE_URL)"
    )


def command_analyze(args: argparse.Namespace) -> int:
    if args.window < 0:
        print(f"agentworld analyze: error: --window must be >= 0, got {args.window}", file=sys.stderr)
        return 2
    if missing_dirs("analyze", args.dirs):
        return 2
    runs, failures = [], 0
    for d in expand_dirs(args.dirs):
        try:
            runs.append(classify_run(d, args.window))
        except (CausalError, OSError) as exc:
            print(f"agentworld analyze: error: {d}: {exc}", file=sys.stderr)
            failures += 1
    result = {"runs": runs, "all": aggregate(runs)}
    if args.llm_model and runs:
        try:
            result["llm"] = _llm_labels(runs, args)
        except ClassifierError as exc:
            print(f"agentworld analyze: error: {exc}", file=sys.stderr)
            return 1
    if args.out:
        try:
            Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            print(
                f"agentworld analyze: error: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr
            )
            return 1
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        _print(runs, result["all"])
        if "llm" in result:
            agree = result["llm"]
            fmt = lambda v: "n/a" if v is None else f"{v:.3f}"  # noqa: E731
            print(
                f"LLM labels ({agree['model']}): agreement with the exact labels {fmt(agree['accuracy'])}, "
                f"Cohen's kappa {fmt(agree['kappa'])} over {agree['messages']} messages"
            )
    return 1 if failures or not runs else 0


def _llm_labels(runs: list[dict[str, Any]], args: argparse.Namespace) -> dict[str, Any]:
    """Label every message with the LLM too; agreement per run and pooled."""
    exact_all: list[str] = []
    llm_all: list[str] = []
    usage: dict[str, int] = {}
    for run in runs:
        messages = [MessageLabel(**m) for m in run["messages"]]
        answers = classify_with_llm(
            run["run_dir"], messages, args.llm_model, args.base_url, args.window, usage=usage
        )
        for m, labels in zip(run["messages"], answers):
            m["llm_labels"], m["llm_primary"] = labels, primary(labels)
        exact = [m["primary"] for m in run["messages"]]
        llm = [m["llm_primary"] for m in run["messages"]]
        run["llm_agreement"] = agreement(exact, llm)
        exact_all += exact
        llm_all += llm
    return {"model": args.llm_model, **agreement(exact_all, llm_all), "usage": usage}


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
