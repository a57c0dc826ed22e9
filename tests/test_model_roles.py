"""Model roles (issue 26 item 3): a heterogeneous team (one model per seat, each on its own server)
and a judge model apart from the models under test, end to end through `agentworld eval` and the
real `openai` client against loopback servers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agentworld.cli import main
from agentworld.options import seat_options
from agentworld.tasks import load_task
from fake_openai import FakeOpenAI, call, text

PAIR = re.compile(r"Pair (\d+):\n  A: #\d+")
SEAT = re.compile(r"You are (\w+), the team")


def seat_of(body: dict) -> str:
    return SEAT.search(body["messages"][1]["content"]).group(1)


def oracle_policy(tmp_path: Path):
    """A fake model that plays each seat's oracle actions (keyed by seat name and turn number)."""
    assert main(["run", "task_01", "--agents", "oracle", "--out", str(tmp_path / "oracle"), "--quiet"]) == 0
    per_agent: dict[str, list[dict]] = {}
    for line in (tmp_path / "oracle" / "trajectory.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["type"] == "action":
            per_agent.setdefault(rec["agent"], []).append(rec)

    def policy(body: dict) -> dict:
        seq = per_agent[seat_of(body)]
        turn = sum(1 for m in body["messages"] if m["role"] == "assistant")
        return call(seq[turn]["tool"], **seq[turn]["args"]) if turn < len(seq) else call("wait")

    return policy


def judge_policy(body: dict) -> dict:
    """Every candidate pair enables (the judge's JSON answer format)."""
    user = body["messages"][-1]["content"]
    return text(
        json.dumps(
            {"answers": [{"pair": int(i), "enables": True, "reason": "fake"} for i in PAIR.findall(user)]}
        )
    )


def test_two_model_team_and_a_separate_judge_end_to_end(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    policy = oracle_policy(tmp_path)
    out = tmp_path / "eval"
    prices = tmp_path / "prices.json"
    prices.write_text(
        json.dumps({m: {"input": 1.0, "output": 2.0} for m in ("model-a", "model-b", "judge-model")})
    )
    with (
        FakeOpenAI(policy=policy) as team_a,
        FakeOpenAI(policy=policy) as team_b,
        FakeOpenAI(policy=judge_policy) as judge,
    ):
        url_b = team_b.base_url
        code = main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "llm",
                "--model",
                "model-a",
                "--base-url",
                team_a.base_url,
                "--model-for",
                f"Wizard=model-b@{team_b.base_url}",
                "--judge",
                "llm",
                "--judge-model",
                "judge-model",
                "--judge-base-url",
                judge.base_url,
                "--prices",
                str(prices),
                "--backoff-base",
                "0.001",
                "--quiet",
                "--out",
                str(out),
            ]
        )
    assert code == 0
    record = json.loads((out / "results.jsonl").read_text().splitlines()[0])
    assert record["status"] == "ok" and record["success"] and record["cce"] is not None
    # the judge's calls are priced from the same table and reported apart from the team's cost
    judged = json.loads((out / "task_01" / "0" / "cce.json").read_text())["llm"]
    assert judged["cost"] > 0 and record["judge_cost"] == pytest.approx(judged["cost"], abs=1e-6)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["judge_cost"] == pytest.approx(judged["cost"], abs=1e-6)
    assert summary["overall"]["cost"] == pytest.approx(record["cost"]) and record["cost"] > 0
    # each server got exactly its seats' requests, under its own model name
    assert team_a.requests and {seat_of(b) for b in team_a.requests} == {"lumberjack", "woodworker"}
    assert team_b.requests and {seat_of(b) for b in team_b.requests} == {"wizard"}
    assert {b["model"] for b in team_a.requests} == {"model-a"}
    assert {b["model"] for b in team_b.requests} == {"model-b"}
    assert judge.requests and {b["model"] for b in judge.requests} == {"judge-model"}
    assert not any("tools" in b for b in judge.requests)  # the judge is not a player
    # recorded: per seat in the run's config.json, and pinned in eval.json and summary.json
    seats = json.loads((out / "task_01" / "0" / "config.json").read_text())["agents"]
    assert {n: s["model"] for n, s in seats.items()} == {
        "lumberjack": "model-a",
        "woodworker": "model-a",
        "wizard": "model-b",
    }
    assert seats["wizard"]["base_url"] == url_b
    pinned = json.loads((out / "summary.json").read_text())["pinned"]
    assert pinned["models"] == ["model-a", "model-b"] and pinned["judge"]["model"] == "judge-model"
    assert pinned["seat_models"] == {"wizard": {"model": "model-b", "base_url": url_b}}
    from agentworld.report.data import load_eval

    assert load_eval(out).label == "llm:model-a,wizard=model-b"
    # the analysis model apart too: `analyze --llm-model` on its own server
    with FakeOpenAI(policy=lambda body: text('{"labels": [], "reason": "fine"}')) as analyst:
        assert (
            main(
                [
                    "analyze",
                    str(out / "task_01" / "0"),
                    "--json",
                    "--llm-model",
                    "analyst",
                    "--base-url",
                    analyst.base_url,
                ]
            )
            == 0
        )
    assert analyst.requests and {b["model"] for b in analyst.requests} == {"analyst"}


def test_seat_options_match_names_before_roles_and_refuse_typos(capsys):
    task = load_task("task_01")
    options = {"model": "m", "seat_models": {"wizard": {"model": "w"}, "woodworker": {"model": "n"}}}
    assert {n: o["model"] for n, o in seat_options(task, options).items()} == {
        "lumberjack": "m",
        "woodworker": "n",
        "wizard": "w",
    }
    assert all("seat_models" not in o for o in seat_options(task, options).values())
    with pytest.raises(ValueError, match="single-agent"):
        seat_options(task, {**options, "single_agent": True})
    assert (
        main(["run", "task_01", "--agents", "llm", "--model", "m", "--model-for", "wizzard=x", "--quiet"])
        == 2
    )
    err = capsys.readouterr().err
    assert "no agent or role 'wizzard'" in err and "did you mean 'wizard'" in err
    with pytest.raises(SystemExit):
        main(["run", "task_01", "--agents", "llm", "--model", "m", "--model-for", "wizard"])


def test_resume_lets_a_seat_change_its_server_not_its_model(tmp_path, capsys):
    from agentworld.evaluation.results import check_config

    def config(model: str, url: str) -> dict:
        return {
            "agents": "llm",
            "episode_options": {},
            "judge": None,
            "agent_options": {"model": "m", "seat_models": {"wizard": {"model": model, "base_url": url}}},
        }

    check_config(tmp_path, config("w", "http://127.0.0.1:1/v1"), force=False)
    check_config(tmp_path, config("w", "http://127.0.0.1:2/v1"), force=False)  # transport: free to change
    with pytest.raises(ValueError, match="agent_options differ"):
        check_config(tmp_path, config("w2", "http://127.0.0.1:2/v1"), force=False)
    assert main(["run", "task_01", "--agents", "noop", "--model-for", "wizard=x", "--quiet"]) == 2
    assert "--model-for gives LLM seats their models" in capsys.readouterr().err
