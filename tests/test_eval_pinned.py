"""Comparable results (issue 26 item 4): pass^k over the seeds played, standard errors, and the
configuration pinned in eval.json and summary.json."""

from __future__ import annotations

import hashlib
import json
import math
import shutil
from pathlib import Path

import pytest

from agentworld.cli import main
from agentworld.evaluation.pinned import pin, prompts_hash, task_hash, tools_hash
from agentworld.evaluation.summary import pass_hat_k, standard_error, summarise
from agentworld.tasks import TASKS_DIR

VERIFIERS = Path(TASKS_DIR).parent / "verifiers"


def records(outcomes: dict[str, list[bool]]) -> list[dict]:
    return [
        {"task": task, "seed": seed, "status": "ok", "success": won, "psr": 1.0 if won else 0.5}
        for task, wins in outcomes.items()
        for seed, won in enumerate(wins)
    ]


def test_pass_hat_k_is_tau_bench_definition():
    got = pass_hat_k(records({"a": [True, True, False], "b": [False] * 3, "c": [True] * 3}))
    # per task C(c,k)/C(n,k): a 2/3, 1/3, 0; b 0, 0, 0; c 1, 1, 1
    assert got == {"1": round(5 / 9, 4), "2": round(4 / 9, 4), "3": round(1 / 3, 4)}
    # k only up to the fewest trials of any task
    assert list(pass_hat_k(records({"a": [True, True], "b": [True]}))) == ["1"]


def test_standard_errors_in_the_summary():
    wins = [True, False, True, True]
    overall = summarise(records({"a": wins}))["overall"]
    values = [1.0 if w else 0.0 for w in wins]
    mean = sum(values) / 4
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / 3) / 2
    assert overall["sr"] == 0.75 and overall["sr_se"] == pytest.approx(se, abs=1e-4)
    assert overall["psr_se"] == pytest.approx(se / 2, abs=1e-4)  # psr is 0.5 + 0.5 * success
    assert overall["seeds"] == [0, 1, 2, 3] and overall["pass_k"]["4"] == 0.0
    assert summarise(records({"a": [True]}))["overall"]["sr_se"] is None  # one episode: no spread to measure
    assert standard_error([1.0, None]) is None and standard_error([0.0, 1.0]) == 0.5


def test_pinned_hashes_change_with_what_they_pin(tmp_path):
    task_file = Path(TASKS_DIR) / "task_01.yaml"
    want = hashlib.sha256(task_file.read_bytes() + b"\0verifier\0" + (VERIFIERS / "task_01.py").read_bytes())
    assert task_hash("task_01") == want.hexdigest()
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    assert prompts_hash(str(prompts)) == prompts_hash(None)  # every template falls back to the shipped one
    (prompts / "system.md").write_text("Play well. You have $max_rounds rounds.\n")
    assert prompts_hash(str(prompts)) != prompts_hash(None)
    assert tools_hash(frozenset({"chat"})) != tools_hash(frozenset())
    config = {
        "agents": "llm",
        "agent_options": {"model": "m", "temperature": 0.2, "max_cost": 3.0},
        "episode_options": {"max_rounds": 10, "no_chat": True},
        "judge": "provenance",
    }
    pinned = pin(config, ["task_01"])
    assert pinned["tools_hash"] == tools_hash(frozenset({"chat"}))
    assert pinned["models"] == ["m"] and pinned["sampling"]["temperature"] == 0.2
    assert pinned["budgets"]["max_rounds"] == 10 and pinned["budgets"]["max_cost"] == 3.0


def test_eval_pins_its_configuration_and_refuses_a_changed_task_on_resume(tmp_path, capsys):
    task = tmp_path / "tasks" / "task_01.yaml"
    task.parent.mkdir()
    shutil.copyfile(Path(TASKS_DIR) / "task_01.yaml", task)
    shutil.copyfile(VERIFIERS / "task_01.py", task.parent / "task_01.py")
    out = tmp_path / "eval"
    args = [
        "eval",
        "--tasks",
        str(task),
        "--agents",
        "oracle",
        "--episodes",
        "2",
        "--quiet",
        "--judge",
        "none",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["pass_k"] == {"1": 1.0, "2": 1.0} and summary["overall"]["seeds"] == [0, 1]
    pinned = json.loads((out / "eval.json").read_text())["pinned"]
    assert summary["pinned"] == pinned and pinned["tasks"] == {
        str(task.resolve()): task_hash(str(task.resolve()))
    }
    assert main(["report", str(out)]) == 0
    shown = capsys.readouterr().out
    assert (
        "pass^k" in shown and f"tasks sha256 {pinned['tasks_hash'][:12]}" in shown and "seeds [0, 1]" in shown
    )
    assert main(args[:-2] + ["--episodes", "3", "--out", str(out)]) == 0  # same configuration: resumed
    more = [a if a != str(task) else f"{task},task_02" for a in args[:-2]]
    assert main(more + ["--episodes", "1", "--out", str(out)]) == 0  # a task may join the eval
    assert set(json.loads((out / "eval.json").read_text())["pinned"]["tasks"]) == {
        str(task.resolve()),
        "task_02",
    }
    task.write_text(task.read_text().replace("max_rounds: 25", "max_rounds: 24"))
    assert main(args[:-2] + ["--episodes", "4", "--out", str(out)]) == 2
    assert "task task_01 file differ" in capsys.readouterr().err
