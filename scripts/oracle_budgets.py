"""Print how much of each task's round budget the oracle team uses on seeds 0-9 (issue 9: 50-85%).

    python scripts/oracle_budgets.py [TASK ...] [--seeds 10]

One line per task: id, budget, min/max rounds the oracle team needed, min/max percent of the
budget, and whether every seed succeeded. Plays on agentworld.episode.Episode directly (fast).
"""

from __future__ import annotations

import argparse
import sys

from agentworld.agents import make_agent
from agentworld.episode import Episode, make_briefing
from agentworld.tasks import Task, list_task_ids


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", nargs="*", default=None)
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args(argv)
    print("| task | budget | oracle rounds (min-max) | % of budget | all seeds succeed |")
    print("|------|-------:|------------------------|-------------|-------------------|")
    worst = 0
    for task_id in args.tasks or list_task_ids():
        runs = [oracle_rounds(task_id, seed) for seed in range(args.seeds)]
        budget = runs[0][2].task.max_rounds
        rounds = [r for _, r, _ in runs]
        ok = all(s for s, _, _ in runs)
        low, high = min(rounds) * 100 // budget, max(rounds) * 100 // budget
        inside = ok and low >= 50 and max(rounds) * 100 <= 85 * budget
        worst |= not inside
        print(
            f"| {task_id} | {budget} | {min(rounds)}-{max(rounds)} | {low}-{high}% | "
            f"{'yes' if ok else 'NO'}{'' if inside else '  <-- outside 50-85%'} |"
        )
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
