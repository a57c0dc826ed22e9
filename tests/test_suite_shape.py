"""The main suite has the paper's shape (issue 11): 100 tasks, eight categories of at least 9, mostly
3 agents, at least 10 with 8 or more and 3 with 20, budgets 25-55 with a mean of 35-41."""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter

import pytest

from agentworld.cli import main

CATEGORIES = {
    "crafting",
    "gathering",
    "trading",
    "construction",
    "coordination",
    "survival",
    "combat",
    "exploration",
}


@pytest.fixture(scope="module")
def main_tasks() -> list[dict]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["tasks", "--json"]) == 0
    return [t for t in json.loads(out.getvalue()) if not t.get("variant_of")]


def test_one_hundred_main_tasks_task_01_to_task_100(main_tasks):
    assert sorted(t["id"] for t in main_tasks) == sorted(f"task_{n:02d}" for n in range(1, 101))


def test_every_category_has_at_least_nine_tasks(main_tasks):
    counts = Counter(t["category"] for t in main_tasks)
    assert set(counts) == CATEGORIES
    assert min(counts.values()) >= 9, counts


def test_team_sizes_follow_the_papers_distribution(main_tasks):
    agents = Counter(t["agents"] for t in main_tasks)
    assert min(agents) >= 3 and max(agents) <= 20
    assert agents[3] >= 45 and agents.most_common(1)[0][0] == 3
    assert sum(n for size, n in agents.items() if size >= 8) >= 10
    assert agents[20] >= 3


def test_budgets_lie_in_25_to_55_with_a_mean_of_35_to_41(main_tasks):
    budgets = [t["max_rounds"] for t in main_tasks]
    assert min(budgets) >= 25 and max(budgets) <= 55
    assert 35 <= sum(budgets) / len(budgets) <= 41
