"""The training curriculum (examples/curriculum/): each stage is a valid task its oracle finishes and a random
team does not, and PPO (examples/train_ppo.py) learns the first stage from scratch in a short run. The
10-minute figures for every stage are in docs/TRAINING.md (a longer run, not a test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from script_module import load_script
from task_play import play

from agentworld.tasks import load_task

ROOT = Path(__file__).resolve().parents[1]
STAGES = sorted((ROOT / "examples" / "curriculum").glob("stage_*.yaml"))


def _play(task, kind: str, seed: int) -> bool:
    return bool(play(task, seed=seed, kind=kind).status()["success"])


def test_there_are_stages_of_growing_length():
    budgets = [load_task(str(path)).max_rounds for path in STAGES]
    assert len(STAGES) >= 3 and budgets == sorted(budgets)


@pytest.mark.parametrize("path", STAGES, ids=lambda p: p.stem)
def test_each_stage_is_finished_by_its_oracle_and_not_by_random_play(path):
    task = load_task(str(path))
    assert _play(task, "oracle", seed=0)
    assert not any(_play(task, "random", seed=seed) for seed in range(5))


def test_ppo_learns_the_first_stage_from_scratch(tmp_path):
    pytest.importorskip("torch")
    train_ppo = load_script("train_ppo", "examples")
    metrics = tmp_path / "metrics.json"
    argv = ["--task", str(STAGES[0]), "--total-steps", "12288", "--metrics", str(metrics)]
    assert train_ppo.main(argv) == 0
    history = json.loads(metrics.read_text())
    assert history[0]["success_rate"] <= 0.1  # the untrained policy almost never succeeds
    assert history[-1]["episodes"] == 50 and history[-1]["success_rate"] >= 0.5
