"""`agentworld eval` on the real task_01: oracle and LLM teams, serial vs parallel, errors, resume."""

from __future__ import annotations

import json
import re
from pathlib import Path

from agentworld import evaluation as ev
from agentworld.cli import main
from agentworld.runner import run_episode
from fake_openai import FakeOpenAI, call, error


def stable(out: Path) -> list[dict]:
    return [
        {k: v for k, v in json.loads(line).items() if k not in ev.VOLATILE}
        for line in (out / ev.RESULTS).read_text().splitlines()
    ]


def oracle_policy(tmp_path: Path):
    """A fake model that plays each seat's oracle actions, keyed by seat name and turn number."""
    run_episode("task_01", "oracle", seed=0, out_dir=tmp_path / "oracle", progress=False)
    per_agent: dict[str, list[dict]] = {}
    for line in (tmp_path / "oracle" / "trajectory.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["type"] == "action":
            per_agent.setdefault(rec["agent"], []).append(rec)

    def policy(body: dict) -> dict:
        name = re.search(r"You are (\w+), the team", body["messages"][1]["content"]).group(1)
        turn = sum(1 for m in body["messages"] if m["role"] == "assistant")
        seq = per_agent[name]
        return call(seq[turn]["tool"], **seq[turn]["args"]) if turn < len(seq) else call("wait")

    return policy


def test_eval_oracle_parallel_equals_serial(tmp_path, capsys):
    args = ["eval", "--tasks", "task_01", "--agents", "oracle", "--episodes", "2", "--quiet"]
    assert main(args + ["--workers", "1", "--out", str(tmp_path / "s")]) == 0
    assert main(args + ["--workers", "2", "--out", str(tmp_path / "p")]) == 0
    assert stable(tmp_path / "s") == stable(tmp_path / "p")
    summary = json.loads((tmp_path / "p" / ev.SUMMARY).read_text())
    overall = summary["overall"]
    assert (
        overall["episodes"] == 2 and overall["sr"] == 1.0 and overall["psr"] == 1.0 and overall["errors"] == 0
    )
    assert 0 < overall["cce"] <= 1 and overall["first_chat_round"] == 1 and overall["mean_rounds"] > 1
    assert summary["by_category"]["crafting"]["episodes"] == 2
    for seed in (0, 1):
        assert (tmp_path / "p" / "task_01" / str(seed) / "cce.json").exists()
    out = capsys.readouterr().out
    assert "overall" in out and "100.0%" in out


def test_eval_llm_team_parallel_equals_serial(tmp_path):
    with FakeOpenAI(policy=oracle_policy(tmp_path)) as server:
        args = [
            "eval",
            "--tasks",
            "task_01",
            "--agents",
            "llm",
            "--model",
            "fake-model",
            "--base-url",
            server.base_url,
            "--episodes",
            "2",
            "--quiet",
            "--backoff-base",
            "0.001",
        ]
        assert main(args + ["--workers", "1", "--out", str(tmp_path / "s")]) == 0
        assert main(args + ["--workers", "2", "--out", str(tmp_path / "p")]) == 0
    serial, parallel = stable(tmp_path / "s"), stable(tmp_path / "p")
    assert serial == parallel and [r["seed"] for r in serial] == [0, 1]
    assert serial[0]["success"] and serial[0]["status"] == "ok" and serial[0]["prompt_tokens"] > 0
    transcript = (tmp_path / "p" / "task_01" / "0" / "llm_transcript.jsonl").read_text().splitlines()
    assert len(transcript) == serial[0]["actions"]
    assert json.loads((tmp_path / "p" / ev.CONFIG).read_text())["agent_options"]["model"] == "fake-model"


def test_eval_llm_outage_is_recorded_then_retried(tmp_path):
    out = tmp_path / "e"
    with FakeOpenAI(policy=lambda body: error(503)) as down:
        args = [
            "eval",
            "--tasks",
            "task_01",
            "--agents",
            "llm",
            "--model",
            "fake-model",
            "--episodes",
            "2",
            "--quiet",
            "--max-retries",
            "0",
            "--max-rounds",
            "2",
            "--judge",
            "none",
            "--out",
            str(out),
        ]
        assert main(args + ["--base-url", down.base_url]) == 0
    summary = json.loads((out / ev.SUMMARY).read_text())["overall"]
    assert summary["errors"] == 2 and summary["sr"] == 0.0
    metrics = json.loads((out / "task_01" / "0" / "metrics.json").read_text())
    assert metrics["status"] == "error" and "HTTP 503" in metrics["error"]
    with FakeOpenAI() as up:  # the server is back: --retry-errors plays the failed episodes again
        assert main(args + ["--base-url", up.base_url, "--retry-errors"]) == 0
    summary = json.loads((out / ev.SUMMARY).read_text())["overall"]
    assert summary["errors"] == 0 and summary["episodes"] == 2 and summary["mean_rounds"] == 2


def test_eval_single_agent_llm_and_solo(tmp_path, capsys):
    with FakeOpenAI() as server:
        args = [
            "eval",
            "--tasks",
            "task_01",
            "--agents",
            "llm",
            "--model",
            "fake-model",
            "--base-url",
            server.base_url,
            "--max-rounds",
            "1",
            "--quiet",
            "--judge",
            "none",
            "--single-agent",
            "--out",
            str(tmp_path / "one"),
        ]
        assert main(args) == 0
    assert (
        len(server.requests) == 3
        and "You alone control every member" in server.requests[2]["messages"][1]["content"]
    )
    assert [m["role"] for m in server.requests[2]["messages"]].count(
        "assistant"
    ) == 2  # one context for all seats
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "oracle",
                "--single-agent",
                "--out",
                str(tmp_path / "x"),
            ]
        )
        == 2
    )
    assert "--single-agent needs --agents llm" in capsys.readouterr().err
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "oracle",
                "--solo",
                "--quiet",
                "--out",
                str(tmp_path / "solo"),
            ]
        )
        == 0
    )
    record = stable(tmp_path / "solo")[0]
    assert record["agents"] == 1 and not record["success"]


def test_eval_mixed_team_llm_seat_with_scripted_teammates(tmp_path, capsys):
    with FakeOpenAI(policy=oracle_policy(tmp_path)) as server:
        args = [
            "eval",
            "--tasks",
            "task_01",
            "--agents",
            "oracle,llm,oracle",
            "--model",
            "fake-model",
            "--base-url",
            server.base_url,
            "--quiet",
            "--out",
            str(tmp_path / "mixed"),
        ]
        assert main(args) == 0
    names = {
        re.search(r"You are (\w+), the team", r["messages"][1]["content"]).group(1) for r in server.requests
    }
    assert names == {"woodworker"}  # only the LLM seat asks the model
    record = stable(tmp_path / "mixed")[0]
    assert record["success"] and record["prompt_tokens"] > 0
    assert main(["eval", "--tasks", "task_01", "--agents", "oracle,robot", "--out", str(tmp_path / "x")]) == 2
    assert "unknown agent kind(s) ['robot']" in capsys.readouterr().err


def test_task_selection_by_id_category_and_all():
    assert ("task_01", "crafting") in ev.select_tasks("all")
    assert ("task_01", "crafting") in ev.select_tasks("crafting")
    assert ev.select_tasks("task_01") == [("task_01", "crafting")]


def test_bad_episode_options_fail_before_any_episode(tmp_path, capsys):
    out = tmp_path / "e"
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "oracle",
                "--max-rounds",
                "0",
                "--quiet",
                "--out",
                str(out),
            ]
        )
        == 2
    )
    assert "max_rounds must be >= 1, got 0" in capsys.readouterr().err
    assert not (out / ev.RESULTS).exists()


def test_llm_setup_problems_fail_before_any_episode(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    base = ["eval", "--tasks", "task_01", "--agents", "llm", "--model", "fake-model", "--quiet"]
    assert main(base + ["--out", str(tmp_path / "a")]) == 2
    assert "no API key" in capsys.readouterr().err
    prices = tmp_path / "prices.json"
    prices.write_text('{"other-model": {"input": 1, "output": 2}}')
    assert (
        main(
            base
            + ["--base-url", "http://127.0.0.1:9/v1", "--prices", str(prices), "--out", str(tmp_path / "b")]
        )
        == 2
    )
    assert "price table has no entry for model 'fake-model'" in capsys.readouterr().err
    assert not (tmp_path / "a" / ev.RESULTS).exists() and not (tmp_path / "b" / ev.RESULTS).exists()


def test_a_team_of_the_wrong_size_is_refused_before_any_episode(tmp_path, capsys):
    out = tmp_path / "e"
    assert main(["eval", "--tasks", "task_01", "--agents", "oracle,noop", "--quiet", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "2 agent kinds" in err and "task_01 has 3 agents" in err
    assert not (out / ev.RESULTS).exists()
    # --solo keeps one seat, so one kind fits; three kinds do not
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "oracle,noop,noop",
                "--solo",
                "--quiet",
                "--out",
                str(tmp_path / "s"),
            ]
        )
        == 2
    )
    assert "task_01 has 1 agent" in capsys.readouterr().err
