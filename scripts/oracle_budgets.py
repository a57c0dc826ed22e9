"""Print how much of each task's round budget the oracle team uses on seeds 0-9 (issue 9: 50-85%).

    python scripts/oracle_budgets.py [TASK ...] [--seeds 10] [--write]

One line per task: id, budget, min/max rounds the oracle team needed, min/max percent of the
budget, and whether every seed succeeded. Plays on agentworld.episode.Episode directly (fast).
--write replaces the table in agentworld/tasks/README.md ("Round budgets"), so it is this output and
never edited by hand (tests/test_task_readme.py compares them); with task ids, --write replaces only
their rows.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from agentworld.agents import make_agent
from agentworld.episode import Episode, make_briefing
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import Task, list_task_ids

HEADER = (
    "| task | budget | oracle rounds (min-max) | % of budget | all seeds succeed |\n"
    "|------|-------:|------------------------|-------------|-------------------|"
)


def oracle_rounds(
    task: Task | str, seed: int, plans: dict[str, list] | None = None
) -> tuple[bool, int, Episode]:
    """(success, rounds used, episode) of the oracle team (or of `plans`, an alternative plan per agent)."""
    ep = Episode(task, seed=seed)
    team = {}
    for name in ep.agents:
        agent = make_agent("oracle", plan=plans.get(name, []) if plans is not None else None)
        agent.reset(name, make_briefing(ep.task, name, include_plan=True))
        team[name] = agent
    ep.play(team)
    status = ep.status()
    return bool(status["success"]), int(status["round"]), ep


def row(task_id: str, seeds: int = 10) -> tuple[str, bool]:
    """(the table row of one task, whether every seed succeeds within 50-85% of the budget)."""
    runs = [oracle_rounds(task_id, seed) for seed in range(seeds)]
    budget = runs[0][2].task.max_rounds
    rounds = [r for _, r, _ in runs]
    ok = all(s for s, _, _ in runs)
    low, high = min(rounds) * 100 // budget, max(rounds) * 100 // budget
    inside = ok and low >= 50 and max(rounds) * 100 <= 85 * budget
    text = (
        f"| {task_id} | {budget} | {min(rounds)}-{max(rounds)} | {low}-{high}% | "
        f"{'yes' if ok else 'NO'}{'' if inside else '  <-- outside 50-85%'} |"
    )
    return text, inside


def write(readme: Path, table: str, only: list[str] | None = None) -> None:
    """Replace the README's budget table (its header line to the first blank line) with `table`, or only
    the rows of the tasks `only` names (each `table` row replaces the old row of its task)."""
    old = readme.read_text()
    start = old.find(HEADER)
    if start < 0:
        raise SystemExit(f"{readme}: no oracle budget table to replace (its header line is missing)")
    end = old.find("\n\n", start)
    end = end if end >= 0 else len(old)
    if only:
        new_rows = {line.split(" | ")[0]: line for line in table.splitlines()[2:]}
        lines = [new_rows.get(line.split(" | ")[0], line) for line in old[start:end].splitlines()]
        table = "\n".join(lines)
    readme.write_text(old[:start] + table + old[end:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", nargs="*", default=None)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument(
        "--write", action="store_true", help="write the table into agentworld/tasks/README.md"
    )
    args = parser.parse_args(argv)
    rows = [row(task_id, args.seeds) for task_id in args.tasks or list_task_ids()]
    table = "\n".join([HEADER] + [text for text, _ in rows])
    print(table)
    if args.write:
        write(Path(TASKS_DIR) / "README.md", table, args.tasks)
    return 0 if all(inside for _, inside in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
