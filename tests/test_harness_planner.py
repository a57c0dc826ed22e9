"""The central-planner harness plays task_01 end to end against a loopback fake OpenAI server."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from agentworld.cli import main
from agentworld.runner import run_episode
from fake_openai import FakeOpenAI, calls


def _oracle_rounds(tmp_path: Path) -> list[list[dict]]:
    """The oracle run's actions grouped by round, in turn order."""
    run_episode("task_01", agents="oracle", seed=0, out_dir=tmp_path / "oracle", progress=False)
    rounds: dict[int, list[dict]] = defaultdict(list)
    for line in (tmp_path / "oracle" / "trajectory.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["type"] == "action":
            rounds[rec["round"]].append(rec)
    return [rounds[r] for r in sorted(rounds)]


def test_planner_replays_the_oracle_on_task_01(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rounds = _oracle_rounds(tmp_path)
    # one planner reply per round: a tool call per avatar, naming it (the oracle's own actions)
    script = [calls(*[(a["tool"], {"avatar": a["agent"], **a["args"]}) for a in acts]) for acts in rounds]
    with FakeOpenAI(script) as server:
        code = main(
            [
                "run",
                "task_01",
                "--agents",
                "planner",
                "--model",
                "fake-planner",
                "--base-url",
                server.base_url,
                "--out",
                str(tmp_path / "planner"),
                "--json",
            ]
        )
        requests = list(server.requests)
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["success"] is True
    assert len(requests) == len(rounds)  # one request per round, not one per avatar
    first = requests[0]
    # one context sees every avatar: all three briefings are in the one prompt, every tool names its avatar
    prompt = first["messages"][-1]["content"]
    assert all(f"## {name}" in prompt for name in ("lumberjack", "woodworker", "wizard"))
    assert all(t["function"]["parameters"]["required"][0] == "avatar" for t in first["tools"])
    # the same actions as the oracle, in the same rounds
    played = [
        json.loads(line) for line in (tmp_path / "planner" / "trajectory.jsonl").read_text().splitlines()
    ]
    acts = [(r["round"], r["agent"], r["tool"], r["args"]) for r in played if r["type"] == "action"]
    assert acts == [(a["round"], a["agent"], a["tool"], a["args"]) for r in rounds for a in r]
    plans = [
        json.loads(line) for line in (tmp_path / "planner" / "llm_transcript.jsonl").read_text().splitlines()
    ]
    assert len(plans) == len(rounds) and all(row["harness"] == "planner" for row in plans)
    config = json.loads((tmp_path / "planner" / "config.json").read_text())
    assert {a["kind"] for a in config["agents"].values()} == {"planner"}
    assert {a["harness"] for a in config["agents"].values()} == {"planner"}
    metrics = json.loads((tmp_path / "planner" / "metrics.json").read_text())
    assert metrics["usage"]["calls"] == len(rounds) and metrics["usage"]["prompt_tokens"] > 0


def test_planner_cannot_be_mixed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "task_01", "--agents", "planner,oracle,oracle", "--model", "m"]) == 2
    assert "cannot be mixed" in capsys.readouterr().err


def test_report_compares_the_planner_with_per_avatar_llm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fake_openai import call

    rounds = _oracle_rounds(tmp_path)
    script = [calls(*[(a["tool"], {"avatar": a["agent"], **a["args"]}) for a in acts]) for acts in rounds]
    with FakeOpenAI(script) as server:
        assert (
            main(
                [
                    "eval",
                    "--tasks",
                    "task_01",
                    "--agents",
                    "planner",
                    "--model",
                    "fake",
                    "--base-url",
                    server.base_url,
                    "--out",
                    str(tmp_path / "planner"),
                    "--quiet",
                ]
            )
            == 0
        )
    with FakeOpenAI(policy=lambda body: call("wait")) as server:
        assert (
            main(
                [
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
                    "3",
                    "--out",
                    str(tmp_path / "llm"),
                    "--quiet",
                ]
            )
            == 0
        )
        per_avatar_requests = len(server.requests)
    capsys.readouterr()
    assert per_avatar_requests == 9  # 3 rounds x 3 avatars: one context each
    assert main(["report", str(tmp_path / "planner"), str(tmp_path / "llm"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    planner, llm = data[str(tmp_path / "planner")]["overall"], data[str(tmp_path / "llm")]["overall"]
    assert planner["sr"] == 1.0 and llm["sr"] == 0.0
    assert planner["prompt_tokens_per_episode"] > 0 and llm["prompt_tokens_per_episode"] > 0
    assert main(["report", str(tmp_path / "planner"), str(tmp_path / "llm")]) == 0
    table = capsys.readouterr().out
    assert "planner / fake" in table and "llm / fake" in table
