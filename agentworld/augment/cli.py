"""`agentworld augment TASK [--transform NAME[,NAME]] [--seed N] [--out PATH]`: write a task's augmented variant.

Prints what changed, and the variant's YAML when there is no --out. Exit codes: 0 written,
1 refused (every reason is printed: unprovable, less collaborative, not harder, not applicable),
2 bad input (an unknown task or transform, with a did-you-mean; an invalid task file; a variant
given as TASK).
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from agentworld.augment.transforms import DEFAULT_ORDER, TRANSFORMS


def configure_augment(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Write the augmented variant of a task: the same objective and order of work, harder "
        "(heavier demands, farther spawns, fewer starting items, a stronger enemy). The variant "
        "must keep the oracle succeeding on seeds 0-4 within the budget, keep the audit's "
        "necessary roles, open no solo route and need more rounds or more work; otherwise it is "
        "refused with the reasons. See agentworld/tasks/README.md."
    )
    parser.add_argument("task", help="a main task id (task_01) or task YAML path")
    parser.add_argument(
        "--transform",
        action="append",
        default=[],
        metavar="NAME",
        help=f"{'|'.join(TRANSFORMS)}; repeat or comma-separate to combine in order "
        f"(default: the first of {', '.join(DEFAULT_ORDER)} that passes)",
    )
    parser.add_argument("--seed", type=int, default=0, help="chooses among the candidates (deterministic)")
    parser.add_argument("--out", default=None, help="write the variant here (default: print it)")


def _transforms(values: list[str]) -> list[str]:
    names = [n.strip() for value in values for n in value.split(",") if n.strip()]
    for name in names:
        if name not in TRANSFORMS:
            close = difflib.get_close_matches(name, list(TRANSFORMS), n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise ValueError(f"unknown transform '{name}'; {hint}known: {', '.join(TRANSFORMS)}")
    return names


def command_augment(args: argparse.Namespace) -> int:
    # imported here so `agentworld --help` stays fast
    from agentworld.augment.variants import AugmentError, augment
    from agentworld.tasks import TaskError, load_task

    try:
        names = _transforms(args.transform)
        task = load_task(args.task)
        if task.variant_of:
            raise ValueError(f"{task.id} is already a variant of {task.variant_of}; augment the original")
    except (TaskError, ValueError) as exc:
        print(f"agentworld augment: {exc}", file=sys.stderr)
        return 2
    try:
        variant = augment(task, names or None, seed=args.seed)
    except AugmentError as exc:
        print(f"agentworld augment: {exc}", file=sys.stderr)
        return 1
    print(
        f"{variant.task.id}: " + "; ".join(variant.changes),
        file=sys.stderr if args.out is None else sys.stdout,
    )
    if args.out is None:
        print(variant.text(), end="")
        return 0
    try:
        Path(args.out).write_text(variant.text(), encoding="utf-8")
    except OSError as exc:
        print(f"agentworld augment: cannot write {args.out}: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}")
    return 0
