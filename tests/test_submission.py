"""`agentworld submit` and `agentworld leaderboard` (issue 26 item 8): a submission is refused for a
missing task, a changed task file, an unreplayable run, no pinned configuration or no cost; the
leaderboard renders evals side by side as text and as HTML read back in Chromium."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from fake_openai import FakeOpenAI, call
from test_report_html import read_page

from agentworld.cli import main
from agentworld.tasks import TASKS_DIR

pytestmark = pytest.mark.timeout(400)
EVAL = ["eval", "--episodes", "2", "--quiet", "--judge", "provenance"]
SET = "task_01,task_02"


def results(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def evals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("submissions")
    aug = (
        root / "task_01_aug.yaml"
    )  # an augmented variant, so the leaderboard has an augmented column to fill
    data = yaml.safe_load((TASKS_DIR / "task_01.yaml").read_text())
    aug.write_text(
        yaml.safe_dump(
            {**data, "id": "task_01_aug", "variant_of": "task_01", "verifier": "task_01"}, sort_keys=False
        )
    )
    runs = {
        "oracle": ["--tasks", f"{SET},{aug}", "--agents", "oracle"],
        "random": ["--tasks", f"{SET},{aug}", "--agents", "random", "--max-rounds", "8"],
    }
    for name, args in runs.items():
        assert main([*EVAL, *args, "--out", str(root / name)]) == 0
    return {name: root / name for name in runs}


def submit(out: Path, *extra: str) -> int:
    return main(["submit", str(out), *extra])


def test_a_complete_eval_is_a_submission(evals, capsys):
    assert submit(evals["oracle"], "--check", "--set", SET) == 0
    assert "every run replayed" in capsys.readouterr().out
    sub = json.loads((evals["oracle"] / "submission.json").read_text())
    assert sub["tasks"] == ["task_01", "task_02"] and sub["seeds"] == [0, 1] and sub["replayed"] is True
    assert sub["summary"]["sr"] == 1.0 and sub["summary"]["pass_k"] == {"1": 1.0, "2": 1.0}
    assert sub["pinned"] == json.loads((evals["oracle"] / "eval.json").read_text())["pinned"]


def test_a_missing_task_is_refused(evals, capsys):
    assert submit(evals["oracle"], "--set", f"{SET},task_03") == 2
    err = capsys.readouterr().err
    assert "task_03: a task of the set with no finished episode" in err and "task_01" not in err


def test_an_unreplayable_run_is_refused_only_when_checked(evals, tmp_path, capsys):
    copy = tmp_path / "tampered"
    shutil.copytree(evals["oracle"], copy)
    path = copy / "task_01" / "1" / "trajectory.jsonl"
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    first["result"] = first["result"] + " (edited)"
    path.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    assert submit(copy, "--set", SET) == 0  # present, not replayed
    assert submit(copy, "--check", "--set", SET) == 2
    assert "task_01/1: replay differs at record 0 (fields: result)" in capsys.readouterr().err
    (copy / "task_02" / "0" / "metrics.json").unlink()
    assert submit(copy, "--set", SET) == 2
    assert "task_02/0: run directory" in capsys.readouterr().err


def test_a_changed_task_file_and_a_missing_pin_are_refused(tmp_path, capsys):
    task = tmp_path / "tasks" / "task_01.yaml"
    task.parent.mkdir()
    shutil.copyfile(TASKS_DIR / "task_01.yaml", task)
    out = tmp_path / "e"
    assert (
        main(
            [
                "eval",
                "--tasks",
                str(task),
                "--agents",
                "oracle",
                "--quiet",
                "--judge",
                "none",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    assert submit(out, "--check", "--set", str(task)) == 0
    task.write_text(task.read_text().replace("max_rounds: 25", "max_rounds: 26"))
    assert submit(out, "--set", str(task)) == 2
    assert "task_01: the task file (or its verifier) changed since the eval" in capsys.readouterr().err
    config = json.loads((out / "eval.json").read_text())
    del config["pinned"]
    (out / "eval.json").write_text(json.dumps(config))
    assert submit(out, "--set", str(task)) == 2
    assert "no pinned configuration" in capsys.readouterr().err


def test_an_llm_eval_without_prices_has_no_known_cost(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"fake": {"input": 1.0, "output": 2.0}}))
    with FakeOpenAI(policy=lambda body: call("wait")) as server:
        base = [
            "eval",
            "--tasks",
            "task_01",
            "--agents",
            "llm",
            "--model",
            "fake",
            "--base-url",
            server.base_url,
            "--max-rounds",
            "1",
            "--judge",
            "none",
            "--quiet",
        ]
        assert main([*base, "--out", str(tmp_path / "free")]) == 0
        assert main([*base, "--prices", str(prices), "--out", str(tmp_path / "priced")]) == 0
    assert submit(tmp_path / "free", "--check", "--set", "task_01") == 2
    assert "no price table" in capsys.readouterr().err
    assert submit(tmp_path / "priced", "--check", "--set", "task_01") == 0
    sub = json.loads((tmp_path / "priced" / "submission.json").read_text())
    assert sub["summary"]["cost"] > 0 and sub["pinned"]["models"] == ["fake"]


def test_leaderboard_renders_two_evals_side_by_side(evals, tmp_path, capsys):
    assert submit(evals["oracle"], "--check", "--set", SET) == 0
    html = tmp_path / "board.html"
    assert main(["leaderboard", str(evals["random"]), str(evals["oracle"]), "--html", str(html)]) == 0
    out = capsys.readouterr().out
    assert "oracle" in out and "random +horizon=8" in out and "SR (augmented)" in out
    got = read_page(html)
    assert got["requests"] == []
    board = got["tables"]["leaderboard"]
    assert [r["row"] for r in board["rows"]] == ["oracle", "random +horizon=8"]  # best SR (main) first
    for row, name in zip(board["rows"], ("oracle", "random"), strict=True):
        recs = results(evals[name])
        cells = {c["key"]: c for c in row["cells"] if c.get("key")}
        main_recs = [r for r in recs if not r["task"].endswith("task_01_aug.yaml")]
        aug_recs = [r for r in recs if r["task"].endswith("task_01_aug.yaml")]
        for key, group in (("sr_main", main_recs), ("sr_augmented", aug_recs)):
            value = sum(r["success"] for r in group) / len(group)
            assert float(cells[key]["value"]) == pytest.approx(value)
            assert float(cells[key]["low"]) <= value + 1e-9 <= float(cells[key]["high"]) + 1e-9
        assert float(cells["psr"]["value"]) == pytest.approx(sum(r["psr"] for r in recs) / len(recs))
        assert float(cells["cost"]["value"]) == 0.0 and cells["episodes"]["text"] == str(len(recs))
        ok = [r for r in recs if r["status"] == "ok"]
        assert float(cells["messages_per_agent"]["value"]) == pytest.approx(
            sum(r["messages_per_agent"] for r in ok) / len(ok)
        )
    assert board["rows"][0]["cells"][-1]["text"] == f"checked ({SET})"
    assert board["rows"][1]["cells"][-1]["text"] == "-"
    assert main(["leaderboard", str(tmp_path / "nope")]) == 2


def test_html_report_gives_pass_k_and_the_standard_error(evals, tmp_path):
    html = tmp_path / "report.html"
    assert main(["report", str(evals["oracle"]), str(evals["random"]), "--html", str(html)]) == 0
    page = read_page(html)
    overview = page["tables"]["overview"]
    pinned = json.loads((evals["oracle"] / "eval.json").read_text())["pinned"]
    assert f"tasks {pinned['tasks_hash'][:12]}" in html.read_text()
    assert "pass^k (k = 1, 2 ...)" in overview["columns"]
    for row, name in zip(overview["rows"], ("oracle", "random"), strict=True):
        recs = results(evals[name])
        wins = [1.0 if r["success"] else 0.0 for r in recs]
        mean = sum(wins) / len(wins)
        se = (sum((w - mean) ** 2 for w in wins) / (len(wins) - 1)) ** 0.5 / len(wins) ** 0.5
        cells = {c["key"]: c for c in row["cells"] if c.get("key")}
        assert float(cells["sr_se"]["value"]) == pytest.approx(se, abs=1e-4)
        per_task: dict[str, list[bool]] = {}
        for r in recs:
            per_task.setdefault(r["task"], []).append(r["success"])
        pass_2 = sum(all(t) for t in per_task.values()) / len(per_task)  # C(c,2)/C(2,2): both seeds won
        assert float(cells["pass_k"]["value"]) == pytest.approx(pass_2)
