"""Print (or write into agentworld/tasks/README.md) how much harder each augmented variant is, by the numbers.

    python scripts/variant_table.py [--write]

One row per shipped variant: its transforms, the round budget (the original's), the oracle team's
mean rounds and work (actions other than wait and chat) on seeds 0-4 for the original and the
variant with the rise in percent, and the variant's slowest seed as a share of the budget; a last
row gives the suite's means. Harder by the numbers (issue 25) is +15% rounds or +25% work within
85% of the budget; tests/test_augment.py measures every variant again, independently, and checks
its row. --write replaces the table under its header, so it is never edited by hand.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from statistics import mean

from agentworld.augment.checks import measure
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import list_task_ids, load_task

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/ is no package: its sibling by path
from audit_table import replace_table

HEADER = (
    "| variant | transforms | budget | rounds: original -> variant | work: original -> variant | "
    "slowest seed |\n"
    "|---------|------------|-------:|-----------------------------|---------------------------|-------------:|"
)


def rise(before: float, after: float) -> float:
    """The rise from `before` to `after`, in percent."""
    return 100 * (after - before) / before if before else 0.0


def figures(variant_id: str) -> dict:
    """The oracle's mean rounds and work on seeds 0-4, original and variant, and the variant's
    slowest seed as a share of its budget."""
    variant = load_task(variant_id)
    original, got = measure(load_task(variant.variant_of)), measure(variant)
    return {
        "variant": variant.id,
        "transforms": list(variant.transforms or ()),
        "budget": variant.max_rounds,
        "rounds": (round(original.mean_rounds, 1), round(got.mean_rounds, 1)),  # as the table shows them
        "work": (round(original.mean_work, 1), round(got.mean_work, 1)),
        "slowest": max(got.rounds) / variant.max_rounds,
    }


def row(f: dict) -> str:
    (r0, r1), (w0, w1) = f["rounds"], f["work"]
    return (
        f"| {f['variant']} | {', '.join(f['transforms'])} | {f['budget']} | "
        f"{r0:.1f} -> {r1:.1f} ({rise(r0, r1):+.0f}%) | {w0:.1f} -> {w1:.1f} ({rise(w0, w1):+.0f}%) | "
        f"{100 * f['slowest']:.0f}% |"
    )


def table(rows: list[dict]) -> str:
    rounds = mean(rise(*f["rounds"]) for f in rows) if rows else 0.0
    work = mean(rise(*f["work"]) for f in rows) if rows else 0.0
    suite = f"| mean of {len(rows)} | | | {rounds:+.1f}% | {work:+.1f}% | |"
    return "\n".join([HEADER, *(row(f) for f in rows), suite])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--write", action="store_true", help="replace the table in agentworld/tasks/README.md"
    )
    args = parser.parse_args(argv)
    text = table([figures(v) for v in list_task_ids("augmented")])
    if args.write:
        replace_table(Path(TASKS_DIR) / "README.md", HEADER, text, "variant")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
