"""`agentworld submit EVAL_DIR [--check] [--set SET]`: an eval checked as a leaderboard submission.

A submission is an eval whose numbers anyone can trust and reproduce, so it must have:
- every task of the set (`--set`, the same specs as `eval --tasks`; default `main`) with a
  finished episode, and every task the same seeds (pass^k compares like with like);
- the pinned configuration in eval.json (evaluation/pinned.py), and task files that still hash
  to what was pinned (a task changed after the eval would be scored against another task);
- its cost: a price table for LLM seats (without one the cost is unknown, not zero);
- every run directory present, and with `--check` replayed to the last record
  (`agentworld replay`): a run that does not replay is not evidence.

Every problem is reported at once (SubmissionError), each naming its task, episode or file. When
there are none, EVAL_DIR/submission.json holds the set, the pinned configuration, the seeds, the
summary (overall, main and augmented) and whether the runs were replayed; `agentworld leaderboard`
reads it beside the eval.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from agentworld.evaluation.pinned import task_hash
from agentworld.evaluation.results import CONFIG, read_results
from agentworld.evaluation.summary import summarise, summarise_group

SUBMISSION = "submission.json"
PINNED_KEYS = (
    "version",
    "tasks",
    "tasks_hash",
    "prompts_hash",
    "tools_hash",
    "models",
    "sampling",
    "budgets",
)
RUN_FILES = ("task.yaml", "config.json", "trajectory.jsonl", "metrics.json")


class SubmissionError(ValueError):
    """An eval that is not a valid submission; the message lists every problem."""

    def __init__(self, out: Path, problems: list[str]):
        self.problems = problems
        super().__init__(f"{out} is not a valid submission:\n" + "\n".join(f"  - {p}" for p in problems))


def task_key(task: str) -> str:
    """A task as results.jsonl names it -> its id (a task given as a YAML path: the file name)."""
    return Path(task).stem if task.endswith((".yaml", ".yml")) else task


def check_submission(out: str | Path, task_set: str = "main", replay_runs: bool = True) -> dict[str, Any]:
    """The submission of the eval at `out` (SubmissionError listing every problem if it is not one)."""
    from agentworld.evaluation.episodes import select_tasks

    out = Path(out)
    config = _config(out)
    pinned = config.get("pinned") or {}
    records = list(read_results(out).values())
    problems = (
        [f"{CONFIG}: no pinned configuration (run the eval with this version of agentworld)"]
        if not pinned
        else []
    )
    problems += [
        f"{CONFIG}: the pinned configuration has no {k}" for k in PINNED_KEYS if pinned and k not in pinned
    ]
    try:
        wanted = [tid for tid, _ in select_tasks(task_set)]
    except ValueError as exc:
        raise SubmissionError(out, [f"--set {task_set}: {exc}"]) from None
    problems += _coverage(records, wanted)
    problems += _hashes(pinned)
    problems += _cost(config, records)
    problems += _runs(out, records, replay_runs)
    if problems:
        raise SubmissionError(out, problems)
    played = [r for r in records if task_key(r["task"]) in {task_key(t) for t in wanted}]
    return {
        "format": 1,
        "eval": str(out.resolve()),
        "task_set": task_set,
        "tasks": sorted({task_key(r["task"]) for r in played}),
        "seeds": sorted({int(r["seed"]) for r in played}),
        "episodes": len(played),
        "replayed": replay_runs,
        "pinned": pinned,
        "agents": config.get("agents"),
        "judge": config.get("judge"),
        "summary": summarise(played)["overall"],
        "splits": _splits(out, played),
    }


def _config(out: Path) -> dict:
    if not (out / CONFIG).is_file():
        raise SubmissionError(
            out, [f"no {CONFIG} (not an eval directory written by `agentworld eval --out`?)"]
        )
    try:
        config = json.loads((out / CONFIG).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SubmissionError(out, [f"{CONFIG}: not valid JSON ({exc})"]) from None
    return config if isinstance(config, dict) else {}


def _coverage(records: list[dict], wanted: list[str]) -> list[str]:
    """Every task of the set finished, with the same seeds as the others; nothing left unfinished."""
    problems = []
    seeds: dict[str, set[int]] = {}
    for r in records:
        if r.get("status") == "unfinished":
            problems.append(
                f"{task_key(r['task'])}/{r['seed']}: unfinished (the money budget ran out; resume the eval)"
            )
        else:
            seeds.setdefault(task_key(r["task"]), set()).add(int(r["seed"]))
    missing = [task_key(t) for t in wanted if task_key(t) not in seeds]
    problems += [f"{t}: a task of the set with no finished episode" for t in missing]
    played = {task_key(t): sorted(seeds[task_key(t)]) for t in wanted if task_key(t) in seeds}
    common = sorted(set.intersection(*(set(s) for s in played.values()))) if played else []
    problems += [
        f"{t}: played seeds {s}, but every task of the set must play the same ones ({common} are common)"
        for t, s in played.items()
        if s != common
    ]
    return problems


def _hashes(pinned: dict) -> list[str]:
    """Each pinned task file still hashes to what the eval played."""
    problems = []
    for task, digest in (pinned.get("tasks") or {}).items():
        try:
            now = task_hash(task)
        except (OSError, ValueError) as exc:
            problems.append(f"{task_key(task)}: the task file cannot be read any more ({exc})")
            continue
        if now != digest:
            problems.append(
                f"{task_key(task)}: the task file (or its verifier) changed since the eval "
                f"(pinned sha256 {digest[:12]}..., now {now[:12]}...)"
            )
    return problems


def _cost(config: dict, records: list[dict]) -> list[str]:
    """LLM seats need a price table; every episode must carry its cost."""
    problems = []
    if "llm" in str(config.get("agents") or "").split(",") and not (config.get("agent_options") or {}).get(
        "prices"
    ):
        problems.append("no price table (--prices) for the LLM seats: the cost of this eval is unknown")
    unpriced = [
        f"{task_key(r['task'])}/{r['seed']}"
        for r in records
        if r.get("status") != "unfinished" and not isinstance(r.get("cost"), (int, float))
    ]
    if unpriced:
        problems.append(
            f"episodes without a cost: {', '.join(unpriced[:5])}{' ...' if len(unpriced) > 5 else ''}"
        )
    return problems


def _runs(out: Path, records: list[dict], replay_runs: bool) -> list[str]:
    """Every run directory present, and (with replay_runs) replaying to its last record."""
    from agentworld.trajectory import replay

    problems = []
    for r in records:
        if r.get("status") == "unfinished":
            continue
        name = f"{task_key(r['task'])}/{r['seed']}"
        run_dir = out / str(r.get("run_dir") or name)
        absent = [f for f in RUN_FILES if not (run_dir / f).is_file()]
        if absent:
            problems.append(f"{name}: run directory {run_dir} lacks {', '.join(absent)}")
            continue
        if not replay_runs:
            continue
        try:
            result = replay(run_dir)
        except (OSError, ValueError) as exc:
            problems.append(f"{name}: cannot be replayed: {exc}")
            continue
        if not result["match"]:
            mismatch = result["first_mismatch"]
            problems.append(
                f"{name}: replay differs at record {mismatch['index']} "
                f"(fields: {', '.join(map(str, mismatch['fields']))})"
            )
    return problems


def _splits(out: Path, records: list[dict]) -> dict[str, dict]:
    """The summary of the main tasks and of the augmented variants apart (as the leaderboard shows them)."""
    from agentworld.report.data import Episode

    groups: dict[str, list[dict]] = {}
    for r in records:
        split = Episode(r, out / str(r.get("run_dir") or "")).split
        groups.setdefault(split, []).append(r)
    return {split: summarise_group(group) for split, group in sorted(groups.items())}


# --------------------------------------------------------------------------- CLI


def configure_submit(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("eval_dir", metavar="EVAL_DIR", help="the --out directory of `agentworld eval`")
    parser.add_argument(
        "--check",
        action="store_true",
        help="also replay every run directory (a run that does not replay is refused)",
    )
    parser.add_argument(
        "--set",
        dest="task_set",
        default="main",
        help="the task set the submission must cover (the specs of `eval --tasks`; default main)",
    )


def command_submit(args: argparse.Namespace) -> int:
    out = Path(args.eval_dir)
    try:
        submission = check_submission(out, args.task_set, replay_runs=args.check)
    except SubmissionError as exc:
        print(f"submit: {exc}", file=sys.stderr)
        return 2
    path = out / SUBMISSION
    path.write_text(json.dumps(submission, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    replayed = "every run replayed" if args.check else "runs not replayed (add --check)"
    print(
        f"submit: {path} ({submission['episodes']} episodes of {len(submission['tasks'])} tasks, {replayed})"
    )
    return 0
