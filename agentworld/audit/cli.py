"""`agentworld audit TASK... [--all] [--json]`: print each task's collaboration certificate;
`agentworld audit --suite [--set S] [TASK...] [--json]`: the suite report (suite.py);
`agentworld audit --dependencies [TASK... | --set S] [--json]`: each task's dependency structure from its
oracle run's causal graph (causal/dependencies.py; every main task when none is named).

Each task's report ends with its objective truth (truth.py: what its text says about weapons, places
and starting counts, against the world); JSON has it under "truth".
Exit codes: 0 every task follows the rules and its text holds, 1 some task breaks them (see
verdicts.py) or states something false (for --suite: some oracle step is unjustified or some oracle
run fails), 2 bad input (an unknown task id, with a did-you-mean, or an invalid task file).
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from agentworld.audit.model import TaskAudit
from agentworld.audit.truth import Truth


def configure_audit(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Audit tasks: expand each success condition into requirements from the world content, "
        "bound what every team of the task's agents could do within the rounds, and say per "
        "role whether it is necessary (with the reason), knowledge-only or unnecessary, and "
        "whether one agent could finish alone. See docs/AUDIT.md."
    )
    parser.add_argument("tasks", nargs="*", help="task ids (task_01) or task YAML paths")
    parser.add_argument("--all", action="store_true", help="audit every shipped task")
    parser.add_argument(
        "--json", action="store_true", help="print JSON (one object per task) instead of a table"
    )
    parser.add_argument(
        "--suite",
        action="store_true",
        help="the suite report: what each task and the suite demand, from one oracle run per task "
        "(knowledge justification, leakage, work, merged agent, category tests, plan shapes)",
    )
    parser.add_argument(
        "--set",
        dest="task_set",
        choices=("main", "augmented", "all"),
        default=None,
        help="with --suite: which shipped tasks (default: all, unless tasks are named); with --dependencies "
        "(default: main)",
    )
    parser.add_argument(
        "--dependencies",
        action="store_true",
        help="the dependency structure of each task's oracle run: cross-agent edges, bridge edges, "
        "the components they separate and the sparsity (default: every main task)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=2,
        help="with --suite or --dependencies: processes for the oracle runs (default 2)",
    )


def command_audit(args: argparse.Namespace) -> int:
    # imported here so `agentworld --help` stays fast
    from agentworld.audit.truth import check_truth
    from agentworld.audit.verdicts import audit_task
    from agentworld.task_sources import looks_like_path
    from agentworld.tasks import TaskError, list_task_ids, load_task, suggest_task
    from agentworld.world.content import load_content

    if args.suite:
        return command_suite(args)
    if args.dependencies:
        return command_dependencies(args)
    if args.task_set is not None:
        print("agentworld audit: --set goes with --suite (use --all for every shipped task)", file=sys.stderr)
        return 2
    names = list(args.tasks)
    if args.all:
        names += [t for t in list_task_ids() if t not in names]
    if not names:
        print("agentworld audit: name at least one task (or --all)", file=sys.stderr)
        return 2
    known = list_task_ids()
    tasks = []
    for name in names:
        if name not in known and not looks_like_path(name) and not Path(name).exists():
            hint = suggest_task(name) or f"; known tasks: {', '.join(known)}"
            print(f"agentworld audit: unknown task '{name}'{hint}", file=sys.stderr)
            return 2
        try:
            tasks.append(load_task(name))
        except TaskError as exc:
            print(f"agentworld audit: {exc}", file=sys.stderr)
            return 2
    content = load_content()
    audits = [audit_task(task, content) for task in tasks]
    truths = [check_truth(task, content) for task in tasks]
    if args.json:
        print(json.dumps([{**a.to_json(), "truth": t.to_json()} for a, t in zip(audits, truths)], indent=2))
    else:
        print("\n\n".join(render(a, t) for a, t in zip(audits, truths)))
    return 0 if all(a.ok and not t.false for a, t in zip(audits, truths)) else 1


def command_suite(args: argparse.Namespace) -> int:
    """The suite report over a task set, or over the named tasks (grouped as set "named")."""
    from agentworld.audit.suite import render as render_suite
    from agentworld.audit.suite import suite_report
    from agentworld.tasks import TaskError, list_task_ids, load_task, suggest_task

    if args.jobs < 1:
        print(f"agentworld audit: --jobs must be at least 1, got {args.jobs}", file=sys.stderr)
        return 2
    if args.tasks and args.task_set is not None:
        print("agentworld audit: name tasks or give --set, not both", file=sys.stderr)
        return 2
    if args.tasks:
        known = list_task_ids("all")
        for name in args.tasks:
            if name not in known and not Path(name).exists():
                hint = suggest_task(name) or f"; known tasks: {', '.join(known)}"
                print(f"agentworld audit: unknown task '{name}'{hint}", file=sys.stderr)
                return 2
        sets = {"named": list(args.tasks)}
    else:
        chosen = args.task_set or "all"
        sets = {
            name: list_task_ids(name) for name in (("main", "augmented") if chosen == "all" else (chosen,))
        }
    try:
        for ids in sets.values():
            for task_id in ids:
                load_task(task_id)
    except TaskError as exc:
        print(f"agentworld audit: {exc}", file=sys.stderr)
        return 2
    report = suite_report(sets, jobs=args.jobs)
    print(json.dumps(report, indent=1) if args.json else render_suite(report))
    suite = report["suite"]
    return 1 if suite["unjustified_steps"] or suite["oracle_failures"] else 0


def command_dependencies(args: argparse.Namespace) -> int:
    """Play each task's oracle once and print its dependency structure; 1 when an oracle run fails."""
    from agentworld.causal.dependencies import render as render_deps
    from agentworld.causal.dependencies import task_dependencies
    from agentworld.tasks import TaskError, list_task_ids, load_task, suggest_task

    if args.tasks and args.task_set is not None:
        print("agentworld audit: name tasks or give --set, not both", file=sys.stderr)
        return 2
    if args.jobs < 1:
        print(f"agentworld audit: --jobs must be at least 1, got {args.jobs}", file=sys.stderr)
        return 2
    names = list(args.tasks) or list_task_ids(args.task_set or "main")
    known = list_task_ids("all")
    for name in names:
        if name not in known and not Path(name).exists():
            hint = suggest_task(name) or f"; known tasks: {', '.join(known)}"
            print(f"agentworld audit: unknown task '{name}'{hint}", file=sys.stderr)
            return 2
        try:
            load_task(name)
        except TaskError as exc:
            print(f"agentworld audit: {exc}", file=sys.stderr)
            return 2
    if args.jobs > 1 and len(names) > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            deps = list(pool.map(task_dependencies, names, chunksize=1))
    else:
        deps = [task_dependencies(name) for name in names]
    print(json.dumps(deps, indent=1) if args.json else "\n".join(render_deps(d) for d in deps))
    return 0 if all(d["oracle_success"] for d in deps) else 1


def render(audit: TaskAudit, truth: Truth | None = None) -> str:
    """A human-readable table of one audit."""
    width = max([len(r.agent) for r in audit.roles] + [5])
    lines = [
        f"{audit.task} ({audit.max_rounds} rounds): {'ok' if audit.ok else 'FAILS THE RULES'}",
        f"  {'agent':<{width}}  {'verdict':<14}  why",
    ]
    for role in audit.roles:
        why = "; ".join(f"[{f.kind}] {f.reason}" for f in role.reasons) or "the others could do it without it"
        lines.append(f"  {role.agent:<{width}}  {role.verdict:<14}  {why}")
        for way in role.alternatives:
            lines.append(f"  {'':<{width}}  {'':<14}    without it: {way}")
    solo = audit.solo_routes
    lines.append(
        f"  solo route: {'not excluded for ' + ', '.join(solo) if solo else 'excluded for every agent'}"
    )
    lines.append(f"  signature: {audit.signature}")
    for note in audit.unaudited:
        lines.append(f"  not audited: {note}")
    for problem in audit.problems:
        lines.append(f"  ! {problem}")
    if truth is not None:
        read = ", ".join(f"{n} {kind}" for kind, n in truth.read.items())
        lines.append(f"  truth: {len(truth.false)} false of the statements read ({read})")
        for statement in truth.false:
            lines.append(
                f"  ! false ({statement.kind}) in {statement.field}: {statement.problem}: "
                f'"{statement.sentence}"'
            )
    return "\n".join(lines)
