"""CLI verbs over task files: `agentworld tasks` (list the shipped tasks) and `agentworld validate`
(load and cross-check task files, then check what their text claims against the world)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from agentworld.task_sources import AUGMENTED_DIR, TASK_SETS, TASKS_DIR, resolve_path
from agentworld.tasks import CATEGORIES, Task, TaskError, list_tasks, load_task


def configure_tasks(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        action="store_true",
        help="print a JSON list of {id, name, category, agents, max_rounds, variant_of, transforms}",
    )
    parser.add_argument(
        "--set",
        dest="task_set",
        choices=TASK_SETS,
        default="main",
        help="main tasks (default), their augmented variants, or all",
    )
    parser.add_argument("--category", choices=CATEGORIES, help="only the tasks of this category")


def command_tasks(args: argparse.Namespace) -> int:
    try:
        rows = [r for r in list_tasks(args.task_set) if args.category in (None, r["category"])]
    except TaskError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{'id':<14} {'category':<13} {'agents':>6} {'rounds':>6}  name")
    for r in rows:
        changed = f"  [{r['variant_of']}: {', '.join(r['transforms'] or [])}]" if r["transforms"] else ""
        print(
            f"{r['id']:<14} {r['category']:<13} {r['agents']:>6} {r['max_rounds']:>6}  {r['name']}{changed}"
        )
    return 0


def configure_validate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths", nargs="*", help="task YAML files, directories of them, or ids (default: every shipped task)"
    )
    parser.add_argument(
        "--no-truth",
        action="store_true",
        help="skip the objective-truth check (what the text says about weapons, places and "
        "starting counts, against the world: agentworld/audit/truth.py)",
    )


def _untrue(task: Task) -> list:
    """The false statements of a task's text (agentworld/audit/truth.py)."""
    from agentworld.audit.truth import check_truth  # imported here so `agentworld --help` stays fast

    return check_truth(task).false


def command_validate(args: argparse.Namespace) -> int:
    targets: list[str] = []
    for target in args.paths or [str(TASKS_DIR), *([str(AUGMENTED_DIR)] if AUGMENTED_DIR.is_dir() else [])]:
        if Path(target).is_dir():
            found = sorted(str(f) for f in Path(target).glob("*.y*ml") if f.suffix in (".yaml", ".yml"))
            if not found:
                print(f"{target}: no .yaml task files in this directory", file=sys.stderr)
                return 1
            targets.extend(found)
        else:
            targets.append(target)
    failed = 0
    for target in targets:
        try:
            task = load_task(target)
        except TaskError as exc:
            failed += 1
            for problem in exc.problems:
                print(problem)
            continue
        name = resolve_path(target).name
        untrue = [] if getattr(args, "no_truth", False) else _untrue(task)
        if untrue:
            failed += 1
            for statement in untrue:
                print(f'{name}: truth: {statement.field}: {statement.problem}: "{statement.sentence}"')
            continue
        print(f"ok  {name}: {task.name} ({len(task.agents)} agents, {len(task.checkpoints)} checkpoints)")
    if failed:
        print(f"{failed} of {len(targets)} task file(s) invalid", file=sys.stderr)
    return 1 if failed else 0
