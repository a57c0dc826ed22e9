"""The harness grid: one `agentworld eval` over harnesses x worker limits x tasks against a loopback fake
OpenAI server whose scripted model replays the oracle through whichever context asks (harness_replay.py).

Every harness (per-avatar `llm`, `planner`, `orchestrator` with 1 and 2 workers) plays task_01 and a
20-agent task (picked by its agent count: the suite's content may change) end to end; `report`
compares them with tokens per episode, beside each task's dependency figures; the HTML report's grid
section is read back from Chromium and checked against results.jsonl and dependencies.json.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from agentworld.causal.dependencies import figures, task_dependencies
from agentworld.cli import main
from agentworld.evaluation.pinned import task_hash
from agentworld.runner import run_episode
from agentworld.tasks import list_tasks, load_task
from fake_openai import FakeOpenAI
from harness_replay import ReplayModel, spawn_groups
from test_report_html import cell, read_page, results

pytestmark = pytest.mark.timeout(900)
CELLS = ["llm", "planner", "orchestrator-w1-d1", "orchestrator-w2-d1"]


def twenty_agent_task() -> str:
    return next(t["id"] for t in list_tasks("main") if t["agents"] == 20)


def actions(run_dir: Path) -> list[tuple]:
    rows = [json.loads(line) for line in (run_dir / "trajectory.jsonl").read_text().splitlines()]
    return [(r["round"], r["agent"], r["tool"], r["args"]) for r in rows if r["type"] == "action"]


@pytest.fixture(scope="module")
def grid(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = tmp_path_factory.mktemp("grid")
    tasks = ["task_01", twenty_agent_task()]
    runs, groups = {}, {}
    for task in tasks:
        runs[task] = root / "oracle" / task
        assert run_episode(task, "oracle", seed=0, out_dir=runs[task], progress=False)["success"]
        groups[task] = spawn_groups(load_task(task).agent_names)
    model = ReplayModel(runs, groups)
    command = [
        "eval",
        "--tasks",
        ",".join(tasks),
        "--harnesses",
        "llm,planner,orchestrator",
        "--max-workers",
        "1,2",
        "--model",
        "fake",
        "--history",
        "last",  # the per-avatar seats and workers keep 8 turns: the openai client's cost grows with history
        "--quiet",
        "--out",
        str(root / "grid"),
    ]
    with FakeOpenAI(policy=model, record=False) as server:
        assert main([*command, "--base-url", server.base_url]) == 0
        played = server.count
        assert main([*command, "--base-url", server.base_url]) == 0  # resumed: every episode is done
        resumed = server.count - played
    return {"out": root / "grid", "tasks": tasks, "oracle": runs, "groups": groups, "resumed": resumed}


def test_every_harness_replays_the_oracle_on_both_tasks(grid: dict) -> None:
    out = grid["out"]
    assert json.loads((out / "grid.json").read_text())["cells"] == [
        {"name": "llm", "harness": "llm", "max_workers": None, "max_depth": None},
        {"name": "planner", "harness": "planner", "max_workers": None, "max_depth": None},
        {"name": "orchestrator-w1-d1", "harness": "orchestrator", "max_workers": 1, "max_depth": 1},
        {"name": "orchestrator-w2-d1", "harness": "orchestrator", "max_workers": 2, "max_depth": 1},
    ]
    assert grid["resumed"] == 0
    for name in CELLS:
        assert [(r["task"], r["success"]) for r in results(out / name)] == [
            (t, True) for t in sorted(grid["tasks"])
        ]
        for task in grid["tasks"]:
            run = out / name / task / "0"
            assert actions(run) == actions(grid["oracle"][task]), (name, task)
            metrics = json.loads((run / "metrics.json").read_text())
            config = json.loads((run / "config.json").read_text())
            assert {a["kind"] for a in config["agents"].values()} == {name.split("-")[0]}
            usage = metrics["usage"]
            if name == "llm":  # one context per avatar, one request per avatar turn
                assert usage["calls"] == metrics["actions"]
            elif name == "planner":  # one context, one request per round
                assert usage["calls"] == metrics["rounds"]
            else:  # the lead spawns as many workers as its limit allows, one per group
                limit = int(name.split("-w")[1].split("-")[0])
                assert usage["spawned_workers"] == min(limit, len(grid["groups"][task]))
                assert {a["max_workers"] for a in config["agents"].values()} == {limit}


def test_report_compares_the_harnesses_with_tokens_per_episode(
    grid: dict, capsys: pytest.CaptureFixture[str]
) -> None:
    out, big = grid["out"], grid["tasks"][1]
    capsys.readouterr()
    assert main(["report", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == [str(out / name) for name in CELLS]
    per_episode = {}
    for name in CELLS:
        recs = results(out / name)
        expected = statistics.mean(r["prompt_tokens"] + r["completion_tokens"] for r in recs)
        overall = data[str(out / name)]["overall"]
        assert overall["tokens_per_episode"] == pytest.approx(expected, abs=0.05) and expected > 0
        per_episode[name] = data[str(out / name)]["by_task"][big]["tokens_per_episode"]
    # on the 20-agent task one rebuilt prompt per round costs far less than twenty growing histories
    assert per_episode["planner"] < per_episode["llm"] / 2

    assert main(["report", str(out)]) == 0
    text = capsys.readouterr().out
    assert "tok/ep" in text and all(name in text for name in CELLS)
    deps = json.loads((out / "dependencies.json").read_text())
    for task in grid["tasks"]:
        row = next(line for line in text.splitlines() if line.startswith(f"│ {task} "))
        assert f"{deps[task]['sparsity']:.2f}" in row

    # two cells named as ordinary eval directories compare the same way
    assert main(["report", str(out / "planner"), str(out / "orchestrator-w2-d1")]) == 0
    text = capsys.readouterr().out
    assert "planner / fake" in text and "orchestrator / fake +workers=2 +depth=1" in text


def test_the_grid_keeps_each_tasks_dependency_figures(grid: dict) -> None:
    deps = json.loads((grid["out"] / "dependencies.json").read_text())
    assert sorted(deps) == sorted(grid["tasks"])
    assert deps["task_01"] == {**figures(task_dependencies("task_01")), "task_hash": task_hash("task_01")}
    big = deps[grid["tasks"][1]]
    assert big["agents"] == 20 and big["oracle_success"] and 0 <= big["sparsity"] <= 1
    assert big["sparsity"] == pytest.approx(1 - big["cross_agent_edges"] / big["edges"], abs=1e-4)


def test_the_grid_renders_in_the_html_report(grid: dict, tmp_path: Path) -> None:
    out, html = grid["out"], tmp_path / "grid.html"
    assert main(["report", str(out), "--html", str(html)]) == 0
    page = read_page(html)
    assert page["requests"] == [] and "Harness grid" in page["headings"]
    cells, tasks = page["tables"]["grid-cells-0"], page["tables"]["grid-tasks-0"]
    assert [r["row"] for r in cells["rows"]] == CELLS
    for name in CELLS:
        recs = results(out / name)
        for key, value in (
            ("sr", statistics.mean(r["success"] for r in recs)),
            ("psr", statistics.mean(r["psr"] for r in recs)),
            ("cce", statistics.mean(r["cce"] for r in recs)),
            (
                "tokens_per_episode",
                statistics.mean(r["prompt_tokens"] + r["completion_tokens"] for r in recs),
            ),
            ("workers_per_episode", statistics.mean(r.get("spawned_workers", 0) for r in recs)),
        ):
            assert float(cell(cells, name, key)["value"]) == pytest.approx(value), (name, key)
    deps = json.loads((out / "dependencies.json").read_text())
    order = sorted(grid["tasks"], key=lambda t: -deps[t]["sparsity"])
    assert [r["row"] for r in tasks["rows"]] == order
    for task in order:
        assert float(cell(tasks, task, "sparsity")["value"]) == pytest.approx(deps[task]["sparsity"])
        for name in CELLS:
            (rec,) = [r for r in results(out / name) if r["task"] == task]
            assert float(cell(tasks, task, f"sr:{name}")["value"]) == float(rec["success"])
            assert (
                float(cell(tasks, task, f"tokens:{name}")["value"])
                == rec["prompt_tokens"] + rec["completion_tokens"]
            )
    chart = next(f for f in page["figures"] if f["id"] == "grid-0")
    assert chart["svg"] and chart["width"] > 300 and "dependency sparsity" in chart["text"]
    assert all(name in chart["text"] for name in CELLS)  # the legend names every cell
