"""`agentworld report DIR... [--html FILE] [--png DIR]`: the text tables, or the HTML page and figures.

Without --html/--png it prints the summary tables as before (evaluation/summary.py). Exit codes:
0 written; 2 a directory that is missing, not an eval, or without finished episodes, or an
unknown --episodes id.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from agentworld.evaluation.results import os_error
from agentworld.evaluation.summary import command_report as print_report
from agentworld.evaluation.summary import configure_report as text_options


def configure_report(parser: argparse.ArgumentParser) -> None:
    text_options(parser)
    page = parser.add_argument_group("HTML report")
    page.add_argument("--html", metavar="FILE", help="write one self-contained HTML page comparing the evals")
    page.add_argument("--png", metavar="DIR", help="write the report's figures as PNG files into DIR")
    page.add_argument(
        "--episodes",
        metavar="TASK/SEED[,...]",
        type=_ids,
        default=None,
        help="episodes to draw as timelines (default: the first successful and first failed of each eval)",
    )
    page.add_argument("--seed", type=int, default=0, help="seed of the bootstrap intervals (default 0)")


def _ids(text: str) -> list[str]:
    ids = [i.strip() for i in text.split(",") if i.strip()]
    if not ids or any("/" not in i for i in ids):
        raise argparse.ArgumentTypeError(f"give episodes as task/seed, e.g. task_01/0 (got {text!r})")
    return ids


def command_report(args: argparse.Namespace) -> int:
    missing = [d for d in args.dirs if not Path(d).is_dir()]
    if missing:
        print(
            f"report: {missing[0]}: no such directory (give the --out folder of `agentworld eval`)",
            file=sys.stderr,
        )
        return 2
    if not (args.html or args.png):
        if args.episodes:
            print("report: --episodes picks the timelines of --html/--png; give one of them", file=sys.stderr)
            return 2
        return print_report(args)
    from agentworld.report.build import build_report  # matplotlib: only when a page or figure is asked for
    from agentworld.report.data import ReportError

    try:
        written = build_report(args.dirs, args.html, args.png, args.episodes, args.seed)
    except (ReportError, OSError) as exc:  # a directory the report cannot use, or an unwritable output
        print(
            f"report: {f'cannot write {os_error(exc)}' if isinstance(exc, OSError) else exc}", file=sys.stderr
        )
        return 2
    if written.html:
        print(f"report: {written.html}")
    for path in written.pngs:
        print(f"figure: {path}")
    return 0
