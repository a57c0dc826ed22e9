"""LLM agents playing real episodes through the runner, the real `openai` client and a fake server."""

from __future__ import annotations

import json
import re
from pathlib import Path

from agentworld.agents.llm import NO_DOCS, make_team
from agentworld.runner import run_episode
from fake_openai import FakeOpenAI, call, calls, error, text, tool_message, verbatim

FAST = {"model": "fake-model", "api_key": "test", "backoff_base": 0.001, "max_retries": 1}


def actions(run_dir: Path) -> list[dict]:
    lines = (run_dir / "trajectory.jsonl").read_text().splitlines()
    return [r for r in map(json.loads, lines) if r["type"] == "action"]


def oracle_actions(tmp_path: Path, seed: int = 0) -> list[dict]:
    result = run_episode("task_01", "oracle", seed=seed, out_dir=tmp_path / "oracle", progress=False)
    assert result["success"], "the oracle must solve task_01"
    return actions(tmp_path / "oracle")


def as_reply(record: dict) -> dict:
    return call(record["tool"], **(record["args"] or {}))


def test_scripted_tool_calls_solve_task_01(tmp_path):
    expected = oracle_actions(tmp_path)
    with FakeOpenAI([as_reply(r) for r in expected]) as server:
        result = run_episode(
            "task_01",
            "llm",
            seed=0,
            out_dir=tmp_path / "llm",
            progress=False,
            agent_options={"llm": {**FAST, "base_url": server.base_url}},
        )
    assert result["status"] == "ok" and result["success"] and result["psr"] == 1.0
    got = actions(tmp_path / "llm")
    assert [(r["agent"], r["tool"], r["args"]) for r in got] == [
        (r["agent"], r["tool"], r["args"]) for r in expected
    ]
    assert len(server.requests) == len(expected)
    usage = json.loads((tmp_path / "llm" / "metrics.json").read_text())["usage"]
    assert usage["calls"] == len(expected) and usage["prompt_tokens"] > 0 and usage["completion_tokens"] > 0


def test_malformed_replies_become_recorded_errors_with_feedback(tmp_path):
    script = [
        text("Let me think about the logs first."),  # lumberjack: no tool call
        call("craft", _raw='{"recipe": oak_stick'),  # woodworker: invalid JSON
        calls(("move_to", {"target": "woodcutters_camp"}), ("chat", {"to": "team", "message": "coming"})),
    ]
    with FakeOpenAI(script) as server:
        result = run_episode(
            "task_01",
            "llm",
            seed=0,
            options={"max_rounds": 2},
            out_dir=tmp_path / "r",
            progress=False,
            agent_options={"llm": {**FAST, "base_url": server.base_url}},
        )
    assert result["status"] == "ok"
    first, second, third = actions(tmp_path / "r")[:3]
    assert first["tool"] is None and "no tool call" in json.dumps(first["raw"]) and first["error"]
    assert second["tool"] is None and "not valid JSON" in second["error"]
    assert third["tool"] == "move_to" and third["ok"]  # only the first of two calls is played
    assert sum(1 for r in actions(tmp_path / "r") if r["tool"] == "chat") == 0
    # Round 2 prompts carry the feedback.
    lumberjack_r2, woodworker_r2, wizard_r2 = server.requests[3:6]
    assert "contained no tool call" in lumberjack_r2["messages"][-1]["content"]
    assert "not valid JSON" in woodworker_r2["messages"][-1]["content"]
    assert "only the first (move_to) was carried out" in wizard_r2["messages"][-1]["content"]
    per_agent = json.loads((tmp_path / "r" / "metrics.json").read_text())["per_agent"]
    assert per_agent["lumberjack"]["usage"]["no_tool_call"] == 1
    assert per_agent["woodworker"]["usage"]["invalid_arguments"] == 1
    assert per_agent["wizard"]["usage"]["extra_tool_calls"] == 1


def test_broken_replies_never_end_the_episode(tmp_path):
    """Issue 10 item 4: junk usage, a null tool name and null arguments are played, not raised."""
    script = [
        verbatim(tool_message("wait", "{}"), usage="lots"),  # lumberjack
        verbatim(tool_message(None, "{}"), usage={"prompt_tokens": "x"}),  # woodworker
        verbatim(tool_message("wait", None), usage=None, with_usage=False),
    ]  # wizard
    with FakeOpenAI(script) as server:
        result = run_episode(
            "task_01",
            "llm",
            seed=0,
            options={"max_rounds": 2},
            out_dir=tmp_path / "r",
            progress=False,
            agent_options={"llm": {**FAST, "base_url": server.base_url}},
        )
    assert result["status"] == "ok", result.get("error")
    first, second, third = actions(tmp_path / "r")[:3]
    assert first["tool"] == "wait" and first["ok"]
    assert second["tool"] is None and "no function name" in json.dumps(second["raw"]) and second["error"]
    assert third["tool"] is None and "null arguments" in json.dumps(third["raw"]) and third["error"]
    assert len(actions(tmp_path / "r")) == 6
    per_agent = json.loads((tmp_path / "r" / "metrics.json").read_text())["per_agent"]
    assert per_agent["woodworker"]["usage"]["malformed_tool_call"] == 1
    assert per_agent["wizard"]["usage"]["malformed_tool_call"] == 1


def test_server_errors_end_the_episode_with_error_and_keep_the_trajectory(tmp_path):
    with FakeOpenAI([call("wait")] * 4, policy=lambda body: error(500)) as server:
        result = run_episode(
            "task_01",
            "llm",
            seed=0,
            out_dir=tmp_path / "r",
            progress=False,
            agent_options={"llm": {**FAST, "base_url": server.base_url}},
        )
    assert (
        result["status"] == "error" and "LLMUnavailable" in result["error"] and "HTTP 500" in result["error"]
    )
    metrics = json.loads((tmp_path / "r" / "metrics.json").read_text())
    assert metrics["status"] == "error" and metrics["actions"] == 4
    assert [r["tool"] for r in actions(tmp_path / "r")] == ["wait"] * 4
    assert server.statuses[4:] == [500, 500]  # one try + one retry, then the episode ends


def test_rate_limit_inside_an_episode_is_retried(tmp_path):
    with FakeOpenAI([error(429), call("wait"), call("wait"), error(502), call("wait")]) as server:
        result = run_episode(
            "task_01",
            "llm",
            seed=0,
            options={"max_rounds": 1},
            out_dir=tmp_path / "r",
            progress=False,
            agent_options={"llm": {**FAST, "base_url": server.base_url}},
        )
    assert result["status"] == "ok" and [r["ok"] for r in actions(tmp_path / "r")] == [True] * 3
    assert result["usage"]["retries"] == 2


def test_documentation_reaches_the_prompt_unless_no_docs(tmp_path):
    for no_docs in (False, True):
        with FakeOpenAI() as server:
            run_episode(
                "task_01",
                "llm",
                seed=0,
                options={"max_rounds": 1, "no_docs": no_docs},
                progress=False,
                agent_options={"llm": {**FAST, "base_url": server.base_url}},
            )
        users = [r["messages"][1]["content"] for r in server.requests]
        assert len(users) == 3
        assert ("You are lumberjack" in users[0]) and ("woodworker (Woodworker)" in users[0])
        assert all((NO_DOCS in u) == no_docs for u in users)
        assert ("only one who can fell heartwood" in users[0]) != no_docs


def test_no_chat_removes_the_chat_tool_from_the_schemas(tmp_path):
    with FakeOpenAI() as server:
        run_episode(
            "task_01",
            "llm",
            seed=0,
            options={"max_rounds": 1, "no_chat": True},
            progress=False,
            agent_options={"llm": {**FAST, "base_url": server.base_url}},
        )
    names = [t["function"]["name"] for t in server.requests[0]["tools"]]
    assert "chat" not in names and "give" in names


def test_single_agent_controls_every_avatar_in_one_context(tmp_path):
    expected = oracle_actions(tmp_path)
    with FakeOpenAI([as_reply(r) for r in expected]) as server:
        team = make_team(
            ["lumberjack", "woodworker", "wizard"],
            **FAST,
            base_url=server.base_url,
            single_agent=True,
            history="summary",
            history_turns=6,
        )
        result = run_episode("task_01", team, seed=0, out_dir=tmp_path / "solo", progress=False)
    assert result["success"]
    last = server.requests[-1]["messages"]
    assert "You alone control every member of this team" in last[1]["content"]
    assert "Summary of your earlier turns" in last[1]["content"]
    acting = [
        re.search(r"acting: (\w+)|- (\w+)\n", m["content"]) for m in last[1:] if m["role"] in ("user", "tool")
    ]
    assert (
        len({(a.group(1) or a.group(2)) for a in acting if a}) == 3
    )  # turns of all three avatars in one context
    per_agent = json.loads((tmp_path / "solo" / "metrics.json").read_text())["per_agent"]
    assert sum(p["usage"]["calls"] for p in per_agent.values()) == len(expected)
