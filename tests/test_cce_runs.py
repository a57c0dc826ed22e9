"""The provenance judge on real episodes of the shipped tasks (oracle teams succeed, no-op teams fail)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import agentworld
from agentworld.causal import judge_run
from agentworld.cli import main
from agentworld.runner import run_episode

TASKS = [t["id"] for t in agentworld.list_tasks()]


def test_there_are_tasks_to_score() -> None:
    assert "task_01" in TASKS


@pytest.fixture(scope="module")
def oracle_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("oracle")
    runs = {}
    for task in TASKS:
        run_episode(task, agents="oracle", seed=0, out_dir=root / task, progress=False)
        runs[task] = root / task
    return runs


@pytest.mark.parametrize("task", TASKS)
def test_oracle_runs_have_cce_in_0_1(task: str, oracle_runs: dict[str, Path]) -> None:
    run = oracle_runs[task]
    assert json.loads((run / "metrics.json").read_text())["success"], f"oracle failed {task}"
    res = judge_run(run)
    assert res["success"] and 0.0 < res["cce"] <= 1.0
    assert res["success_actions"] and set(res["success_actions"]) <= set(res["contributing"])
    assert res["acyclic"] and res["dropped_edges"] == []
    assert any(e["kind"] in ("item", "damage", "labor", "trade", "quest") for e in res["edges"]), \
        "no engine provenance link was used"


def test_task_01_oracle_graph_follows_the_staff(oracle_runs: dict[str, Path]) -> None:
    run = oracle_runs["task_01"]
    res = judge_run(run, plot=True)
    records = [json.loads(line) for line in (run / "trajectory.jsonl").read_text().splitlines() if line.strip()]
    acts = {r["id"]: r for r in records if r["type"] == "action"}
    contributing = set(res["contributing"])
    # every successful gather, craft, give and equip is on the staff's causal path; waiting never is
    for a in acts.values():
        if a["ok"] and a["tool"] in ("gather", "craft", "give", "equip"):
            assert a["id"] in contributing, f"{a['agent']} {a['tool']} {a['args']} not contributing"
        if a["tool"] == "wait":
            assert a["id"] not in contributing
    equip = [a for a in acts.values() if a["tool"] == "equip"]
    assert equip and "staff_wielded" in equip[-1]["checkpoints"]
    png = (run / "cce.png").read_bytes()
    assert png[:4] == b"\x89PNG"


def test_a_failed_real_episode_scores_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_episode("task_01", agents="noop", seed=0, out_dir=tmp_path / "noop", progress=False)
    assert main(["judge", str(tmp_path / "noop")]) == 0
    data = json.loads((tmp_path / "noop" / "cce.json").read_text())
    assert data["success"] is False and data["cce"] == 0.0 and data["contributing"] == []
