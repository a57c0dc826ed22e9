"""Regenerate the generated tasks (task_17 onward) from the motifs in agentworld/taskgen.

    python scripts/generate_tasks.py [TASK ...] [--check]

Each draft of agentworld/taskgen/suite/ (one module per category) is calibrated on the oracle (seeds 0-4, budget so the
oracle uses at most 80%, never under 50%) and written to agentworld/tasks/<id>.yaml. Deterministic:
running it twice writes the same files. --check writes nothing and exits 1 when a file differs
from what the generator makes (tests/test_taskgen.py runs the same comparison).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from agentworld.taskgen.build import calibrate, oracle_rounds, render
from agentworld.taskgen.suite import drafts
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import load_task


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", nargs="*")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--readme", action="store_true", help="print the task README's rows (seeds 0-9)")
    args = parser.parse_args(argv)
    stale = 0
    for draft in drafts():
        if args.tasks and draft.id not in args.tasks:
            continue
        budget, rounds = calibrate(draft)
        if args.readme:
            used = [oracle_rounds(load_task(draft.id), seed)[1] for seed in range(10)]
            span = f"{min(used)}" if min(used) == max(used) else f"{min(used)}-{max(used)}"
            print(
                f"| {draft.id} | {draft.category} | {len(draft.agents)} | {budget} | {span} | "
                f"{draft.why} [{draft.signature}] |"
            )
            continue
        path = Path(TASKS_DIR) / f"{draft.id}.yaml"
        text = render(draft, budget)
        if args.check:
            same = path.is_file() and path.read_text() == text
            stale |= not same
            print(f"{draft.id}: {'up to date' if same else 'DIFFERS'}")
        else:
            path.write_text(text)
            print(
                f"{draft.id}: {draft.signature}, budget {budget}, oracle rounds {min(rounds)}-{max(rounds)}"
            )
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
