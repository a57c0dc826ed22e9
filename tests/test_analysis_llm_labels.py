"""The optional LLM message classifier, through the real `openai` client against the loopback
fake server, and its agreement with the exact labels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fake_openai import FakeOpenAI, text

from agentworld.analysis.llm_labels import agreement, parse_labels
from agentworld.cli import main
from test_analysis_communication import AGENTS, Episode


def test_parse_labels_and_agreement() -> None:
    assert parse_labels('Sure: {"labels": ["Stale", "ignored", "nonsense"], "reason": "x"}') == [
        "stale",
        "ignored",
    ]
    assert parse_labels('{"labels": []}') == [] and parse_labels("no json") is None
    same = agreement(["useful", "ignored"], ["useful", "ignored"])
    assert same["accuracy"] == 1.0 and same["kappa"] == 1.0
    half = agreement(["useful", "ignored"], ["useful", "useful"])
    assert half["accuracy"] == 0.5 and half["kappa"] == pytest.approx(0.0)
    assert half["confusion"] == {"ignored->useful": 1, "useful->useful": 1}


def test_analyze_with_an_llm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    ep = Episode()
    ep.chat(1, "smith", "Gather iron_rock#5 please.", to="miner")
    ep.act(2, "miner", "gather", {"target": "iron_rock#5"})
    ep.chat(2, "miner", "Nice weather.", to="smith")
    run = tmp_path / "run"
    run.mkdir()
    (run / "trajectory.jsonl").write_text("".join(json.dumps(r) + "\n" for r in ep.end_rounds(6)))
    (run / "config.json").write_text(json.dumps({"agents": {a: {} for a in AGENTS}}))
    prompts: list[str] = []

    def model(body: dict) -> dict:  # calls every message useful
        prompts.append(body["messages"][-1]["content"])
        return text('{"labels": [], "reason": "fine"}')

    with FakeOpenAI(policy=model) as server:
        code = main(["analyze", str(run), "--json", "--llm-model", "fake", "--base-url", server.base_url])
    assert code == 0 and len(prompts) == 2
    assert 'gather(target="iron_rock#5")' in prompts[0]  # the evidence: what the recipient did next
    out = json.loads(capsys.readouterr().out)
    assert [m["llm_primary"] for m in out["runs"][0]["messages"]] == ["useful", "useful"]
    assert out["llm"]["accuracy"] == 0.5 and out["llm"]["messages"] == 2
    usage = out["llm"]["usage"]  # the classifier's calls, reported apart from the agents' (issue 26)
    assert usage["requests"] == 2 and usage["prompt_tokens"] > 0 and usage["cached_tokens"] == 0
    assert main(["analyze", str(run), "--llm-model", "fake", "--base-url", "http://127.0.0.1:9/v1"]) == 1
    assert "LLM classifier" in capsys.readouterr().err
