"""`agentworld judge --judge llm --model A,B`: one LLM judge per model (the real `openai` client
against the loopback fake server, two fake models answering differently) and the Table 6
comparison with the provenance judge as one more column."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from agentworld.causal.models import compare_judges, kendall_tau, output_name
from agentworld.causal.synthetic import STAFF_TASK, staff_episode, synthetic_episode
from agentworld.cli import main
from fake_openai import FakeOpenAI, text

PAIR = re.compile(r"Pair (\d+):\n  A: #\d+ \(round \d+\) (\S+):.*\n  B: #\d+ \(round \d+\) (\S+):")


def answer(body: dict) -> dict:
    """ "agreeable" says every A enabled B; "sceptic" only when A and B are the same agent."""
    user = body["messages"][-1]["content"]
    answers = [
        {"pair": int(i), "enables": body["model"] == "agreeable" or a == b, "reason": "fake"}
        for i, a, b in PAIR.findall(user)
    ]
    return text(json.dumps({"answers": answers}))


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in ("OPENAI_BASE_URL", "AGENTWORLD_JUDGE_MODEL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    yield


def test_kendall_tau_known_values() -> None:
    assert kendall_tau([1, 2, 3], [10, 20, 30]) == 1.0
    assert kendall_tau([1, 2, 3], [3, 2, 1]) == -1.0
    assert kendall_tau([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    assert kendall_tau([1, 1, 2], [1, 2, 3]) == pytest.approx(2 / (3 * 2) ** 0.5)  # tau-b with a tie
    assert kendall_tau([1], [1]) is None and kendall_tau([1, 1], [2, 3]) is None


def test_compare_judges_by_hand() -> None:
    rows = [
        {"run_dir": "a", "team": "llm:x", "cce": {"provenance": 0.2, "m": 0.3}},
        {"run_dir": "b", "team": "llm:y", "cce": {"provenance": 0.5, "m": 0.4}},
        {"run_dir": "c", "team": "llm:y", "cce": {"provenance": 0.7, "m": 0.6}},
    ]
    res = compare_judges(rows, ["provenance", "m"])
    assert res["teams"][1] == {
        "team": "llm:y",
        "runs": 2,
        "cce": {"provenance": pytest.approx(0.6), "m": 0.5},
    }
    pair = res["pairs"][0]
    assert pair["kendall_tau_runs"] == 1.0 and pair["kendall_tau_teams"] == 1.0
    assert pair["max_abs_shift"] == pytest.approx(0.1) and res["max_abs_shift"] == pytest.approx(0.1)


def test_judge_with_two_models_writes_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = [
        staff_episode().write_run(tmp_path / "staff", success=True, task=STAFF_TASK),
        staff_episode().write_run(tmp_path / "staff_failed", success=False, task=STAFF_TASK),
        synthetic_episode(n_agents=4, rounds=6, seed=1).write_run(tmp_path / "synthetic", success=True),
    ]
    for run, model in zip(runs, ("model-a", "model-a", "model-b")):
        (run / "config.json").write_text(
            json.dumps({"task": "t", "agents": {"x": {"kind": "llm", "model": model}}})
        )
    with FakeOpenAI(policy=answer) as server:
        code = main(
            [
                "judge",
                *map(str, runs),
                "--judge",
                "llm",
                "--model",
                "agreeable,sceptic",
                "--base-url",
                server.base_url,
            ]
        )
        asked = {body["model"] for body in server.requests}
    assert code == 0 and asked == {"agreeable", "sceptic"}
    out = capsys.readouterr().out
    assert "Kendall tau" in out and "judge_models.json" in out
    res = json.loads((tmp_path / "judge_models.json").read_text())
    assert res["judges"] == ["provenance", "agreeable", "sceptic"]
    by_run = {Path(r["run_dir"]).name: r["cce"] for r in res["runs"]}
    assert by_run["staff"]["provenance"] == pytest.approx(12 / 27)  # the exact task_01-like case
    for run in runs:  # each model's column is what its own cce file says
        for model in ("agreeable", "sceptic"):
            assert json.loads((run / output_name(model)).read_text())["cce"] == by_run[run.name][model]
    assert by_run["staff_failed"] == {"provenance": 0.0, "agreeable": 0.0, "sceptic": 0.0}
    # the agreeable judge credits every candidate, the sceptic only same-agent steps
    assert all(by_run[r]["agreeable"] >= by_run[r]["sceptic"] for r in by_run)
    assert by_run["staff"]["agreeable"] > by_run["staff"]["sceptic"]
    shifts = [abs(c[a] - c[b]) for c in by_run.values() for a in c for b in c]
    assert res["max_abs_shift"] == pytest.approx(max(shifts)) and res["max_abs_shift"] > 0
    assert [t["team"] for t in res["teams"]] == ["llm:model-a", "llm:model-b"]
    assert len(res["pairs"]) == 3 and all(-1 <= p["kendall_tau_runs"] <= 1 for p in res["pairs"])


def test_a_model_named_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = staff_episode().write_run(tmp_path / "r", success=True, task=STAFF_TASK)
    assert (
        main(["judge", str(run), "--judge", "llm", "--model", "a,a", "--base-url", "http://127.0.0.1:9/v1"])
        == 2
    )
    assert "twice" in capsys.readouterr().err
