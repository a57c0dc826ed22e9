"""LLMAgent through the real `openai` client against the fake server in tests/fake_openai.py."""

from __future__ import annotations

import json
import shutil

import pytest

from agentworld.agents.llm import NO_DOCS, PROMPTS_DIR, LLMAgent, LLMUnavailable, load_templates, make_team
from agentworld.tool_calls import parse_action
from agentworld.tools import ParseError, ToolCall
from fake_openai import FakeOpenAI, call, calls, error, garbage, slow, text, tool_message, verbatim

BRIEFING = {
    "task_id": "task_x",
    "task_name": "Staff Crafting",
    "objective": "Make the wizard wield a staff.",
    "role": "Lumberjack",
    "teammates": [{"name": "woodworker", "role": "Woodworker"}, {"name": "wizard", "role": "Wizard"}],
    "context": "Oak trees grow north of the clearing.",
    "max_rounds": 25,
}


def obs(r: int, body: str = "", **extra) -> dict:
    return {
        "text": body or f"Round {r}: you stand in the clearing.",
        "round": r,
        "last_result": "",
        "last_error": "",
        **extra,
    }


def agent(server: FakeOpenAI, name: str = "lumberjack", briefing: dict | None = None, **options) -> LLMAgent:
    a = LLMAgent(model="fake-model", base_url=server.base_url, api_key="test", backoff_base=0.001, **options)
    a.reset(name, briefing or BRIEFING)
    return a


def test_user_prompt_renders_briefing_and_observation():
    with FakeOpenAI([call("wait")]) as server:
        agent(server).act(obs(3, "You see oak_tree#4."))
        body = server.requests[0]
    msgs = body["messages"]
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert "exactly one tool call" in msgs[0]["content"].lower()
    user = msgs[1]["content"]
    for piece in (
        "Staff Crafting",
        "Make the wizard wield a staff.",
        "You are lumberjack",
        "Lumberjack",
        "woodworker (Woodworker), wizard (Wizard)",
        "Oak trees grow north",
        "Round 3 of 25",
        "23 left",
        "You see oak_tree#4.",
    ):
        assert piece in user, piece
    names = [t["function"]["name"] for t in body["tools"]]
    assert "move_to" in names and "chat" in names and body["model"] == "fake-model"


def test_no_docs_option_and_empty_context_give_an_empty_documentation_section():
    with FakeOpenAI() as server:
        agent(server, no_docs=True).act(obs(1))
        agent(server, briefing={**BRIEFING, "context": ""}).act(obs(1))
    for body in server.requests:
        user = body["messages"][1]["content"]
        assert NO_DOCS in user and "Oak trees" not in user


def test_briefing_tools_are_used_so_disabled_tools_disappear():
    schemas = [
        t for t in json.loads(json.dumps(__import__("agentworld.tools").tools.schemas(frozenset({"chat"}))))
    ]
    with FakeOpenAI() as server:
        agent(server, briefing={**BRIEFING, "tools": schemas}).act(obs(1))
    assert "chat" not in [t["function"]["name"] for t in server.requests[0]["tools"]]


def test_edited_prompt_directory_is_used(tmp_path):
    shutil.copytree(PROMPTS_DIR, tmp_path / "p")
    (tmp_path / "p" / "user.md").write_text("I am $name; goal: $objective; now: $observation; budget $$5")
    with FakeOpenAI() as server:
        agent(server, prompts=str(tmp_path / "p")).act(obs(1, "OBS-TEXT"))
    assert server.requests[0]["messages"][1]["content"] == (
        "I am lumberjack; goal: Make the wizard wield a staff.; now: OBS-TEXT; budget $5"
    )


def test_unknown_placeholder_is_a_clear_error(tmp_path):
    (tmp_path / "user.md").write_text("hello $nmae")
    with pytest.raises(ValueError, match=r"user.md uses unknown placeholder\(s\) \['nmae'\]"):
        load_templates(tmp_path)


def test_tool_call_becomes_a_valid_action():
    with FakeOpenAI([call("gather", target="oak_tree#4"), call("craft", recipe="stick", count=2)]) as server:
        a = agent(server)
        first, second = a.act(obs(1)), a.act(obs(2, last_result="You gathered an oak log."))
    assert parse_action(first) == ToolCall("gather", {"target": "oak_tree#4"})
    assert parse_action(second) == ToolCall("craft", {"recipe": "stick", "count": 2})
    # The second prompt carries the first call and its answer as a tool message.
    msgs = server.requests[1]["messages"]
    assert msgs[2]["tool_calls"][0]["function"]["name"] == "gather"
    assert msgs[3]["role"] == "tool" and msgs[3]["tool_call_id"] == msgs[2]["tool_calls"][0]["id"]
    assert a.usage["calls"] == 2 and a.usage["prompt_tokens"] == sum(a.usage["per_turn_prompt_tokens"])
    assert a.usage["per_turn_prompt_tokens"][1] > a.usage["per_turn_prompt_tokens"][0] > 0


def test_reply_without_tool_call_is_an_invalid_action_with_feedback():
    with FakeOpenAI([text('{"tool": "wait", "args": {}}'), call("wait")]) as server:
        a = agent(server)
        action = a.act(obs(1))
        a.act(obs(2))
    parsed = parse_action(action)
    assert isinstance(parsed, ParseError) and "no tool call" in parsed.raw
    nxt = server.requests[1]["messages"][-1]
    assert nxt["role"] == "user" and "contained no tool call" in nxt["content"]
    assert "do not write the call as text" in nxt["content"]  # the env's JSON hint must not lure it into text
    assert a.usage["no_tool_call"] == 1


def test_invalid_json_arguments_are_rejected_by_parse_action():
    with FakeOpenAI([call("gather", _raw='{"target": oak'), call("wait")]) as server:
        a = agent(server)
        action = a.act(obs(1))
        a.act(obs(2, last_error="gather: 'arguments' is not valid JSON"))
    parsed = parse_action(action)
    assert isinstance(parsed, ParseError) and "not valid JSON" in parsed.error
    assert a.usage["invalid_arguments"] == 1
    # History keeps it as text so servers that re-parse past arguments do not choke.
    assert "tool_calls" not in server.requests[1]["messages"][2]


def test_extra_tool_calls_are_ignored_and_reported():
    with FakeOpenAI(
        [calls(("move_to", {"target": "wizard"}), ("chat", {"to": "team", "message": "hi"})), call("wait")]
    ) as server:
        a = agent(server)
        action = a.act(obs(1))
        a.act(obs(2))
    assert parse_action(action) == ToolCall("move_to", {"target": "wizard"})
    kept = server.requests[1]["messages"][2]
    assert [c["function"]["name"] for c in kept["tool_calls"]] == ["move_to"]
    assert "only the first (move_to) was carried out" in server.requests[1]["messages"][3]["content"]
    assert a.usage["extra_tool_calls"] == 1 and a.transcript[0]["issues"] == ["extra_tool_calls"]
    assert [c["name"] for c in a.transcript[0]["tool_calls"]] == [
        "move_to",
        "chat",
    ]  # the ignored call is recorded


def test_rate_limit_is_retried_then_succeeds():
    with FakeOpenAI([error(429, retry_after=0), error(503), call("wait")]) as server:
        a = agent(server)
        assert parse_action(a.act(obs(1))) == ToolCall("wait", {})
    assert server.statuses == [429, 503, 200]
    assert a.usage["retries"] == 2 and a.usage["calls"] == 1


def test_timeout_is_retried():
    with FakeOpenAI([slow(1.0, call("gather", target="oak_tree#1")), call("wait")]) as server:
        a = agent(server, timeout=0.2)
        assert parse_action(a.act(obs(1))) == ToolCall("wait", {})
    assert len(server.requests) == 2 and a.usage["retries"] == 1


def test_single_agent_needs_a_shared_team():
    with pytest.raises(ValueError, match="make_team"):
        LLMAgent(model="m", base_url="http://127.0.0.1:9/v1", single_agent=True)


def test_persistent_server_errors_raise_llm_unavailable():
    with FakeOpenAI(policy=lambda body: error(500)) as server:
        a = agent(server, max_retries=2)
        with pytest.raises(LLMUnavailable, match="failed 3 times.*HTTP 500"):
            a.act(obs(1))
    assert server.statuses == [500, 500, 500]


def test_garbage_answers_are_retried_then_a_clear_error():
    page = garbage("<html><body>502 Bad Gateway</body></html>", "text/html")
    script = [
        page,
        garbage("{not json"),
        garbage('{"id": "x", "object": "chat.completion", "choices": []}'),
        garbage('{"unexpected": 1}'),
        call("wait"),
    ]
    with FakeOpenAI(script) as server:
        a = agent(server)
        assert parse_action(a.act(obs(1))) == ToolCall("wait", {})
    assert a.usage["retries"] == 4 and len(server.requests) == 5
    with FakeOpenAI(policy=lambda body: page) as server:
        with pytest.raises(LLMUnavailable, match="failed 2 times.*not a chat completion.*502 Bad Gateway"):
            agent(server, max_retries=1).act(obs(1))
    with FakeOpenAI(policy=lambda body: garbage("{not json")) as server:
        with pytest.raises(LLMUnavailable, match="not JSON"):
            agent(server, max_retries=0).act(obs(1))


def test_client_errors_are_not_retried():
    with FakeOpenAI(policy=lambda body: error(400)) as server:
        with pytest.raises(LLMUnavailable, match="refused the request.*HTTP 400"):
            agent(server).act(obs(1))
    assert server.statuses == [400]


def test_connection_refused_raises_llm_unavailable():
    server = FakeOpenAI().start()
    url = server.base_url
    server.stop()
    a = LLMAgent(model="m", base_url=url, api_key="k", max_retries=1, backoff_base=0.001, timeout=2)
    a.reset("lumberjack", BRIEFING)
    with pytest.raises(LLMUnavailable, match="APIConnectionError"):
        a.act(obs(1))


def test_settings_from_environment(monkeypatch):
    with FakeOpenAI() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "env-key")
        monkeypatch.setenv("AGENTWORLD_MODEL", "env-model")
        a = LLMAgent(backoff_base=0.001)
        a.reset("lumberjack", BRIEFING)
        a.act(obs(1))
    assert server.requests[0]["model"] == "env-model"


def test_missing_model_is_a_clear_error(monkeypatch):
    monkeypatch.delenv("AGENTWORLD_MODEL", raising=False)
    with pytest.raises(ValueError, match="no model given"):
        LLMAgent(base_url="http://127.0.0.1:9/v1")
    with pytest.raises(ValueError, match="invalid LLM agent options: histroy: unknown option"):
        LLMAgent(model="m", base_url="http://127.0.0.1:9/v1", histroy="full")


def test_prices_give_cost(tmp_path):
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"fake-model": {"input": 2.0, "output": 10.0}}))
    with FakeOpenAI() as server:
        a = agent(server, prices=str(prices))
        a.act(obs(1))
    u = a.usage
    assert u["cost"] == pytest.approx((u["prompt_tokens"] * 2 + u["completion_tokens"] * 10) / 1e6)
    with FakeOpenAI() as server, pytest.raises(ValueError, match="no entry for model 'fake-model'"):
        agent(server, prices={"other": {"input": 1, "output": 1}})


def test_missing_usage_is_estimated():
    with FakeOpenAI(usage=False) as server:
        a = agent(server)
        a.act(obs(1))
    assert a.usage["estimated_tokens"] and a.usage["prompt_tokens"] > 100


@pytest.mark.parametrize("mode", ["last", "summary"])
def test_bounded_history_keeps_last_turns(mode):
    with FakeOpenAI() as server:
        a = agent(server, history=mode, history_turns=2)
        for r in range(1, 8):
            a.act(
                obs(
                    r,
                    f"observation number {r}",
                    last_result=f"result {r}",
                    messages=[{"from": "wizard", "text": f"note {r}"}],
                )
            )
    last = server.requests[-1]["messages"]
    # system + user + 2 kept (assistant, tool) pairs
    assert len(last) == 2 + 2 * 2
    joined = json.dumps(last)
    assert "observation number 7" in joined and "observation number 5" in joined
    assert "observation number 4" not in joined
    if mode == "last":
        assert "4 earlier turns are not shown" in last[1]["content"]
    else:
        assert "Summary of your earlier turns" in last[1]["content"]
        assert (
            "round 2: wait {} -> result 3" in last[1]["content"]
            and "wizard said: note 1" in last[1]["content"]
        )
    full = FakeOpenAI()
    with full:
        a = agent(full)
        for r in range(1, 5):
            a.act(obs(r))
    assert len(full.requests[-1]["messages"]) == 2 + 2 * 3


def test_context_budget_moves_old_turns_into_the_digest():
    with FakeOpenAI() as server:
        a = agent(server, context_budget=4500)  # prompt tokens counted with the ~3k of tool schemas
        for r in range(1, 12):
            a.act(obs(r, f"observation {r}: " + "tree " * 150, last_result=f"result {r}"))
    sizes = [len(json.dumps(req["messages"])) // 4 for req in server.requests]
    assert max(sizes) < 1500 + 300  # the tool-call ids and JSON framing are not in the estimate
    last = server.requests[-1]["messages"]
    assert "observation 11" in last[-1]["content"] and "Summary of your earlier turns" in last[1]["content"]
    assert "round 1: wait {} -> result 2" in last[1]["content"]


def test_single_agent_team_shares_one_conversation():
    names = ["lumberjack", "woodworker"]
    with FakeOpenAI() as server:
        team = make_team(
            names,
            model="fake-model",
            base_url=server.base_url,
            api_key="t",
            single_agent=True,
            backoff_base=0.001,
        )
        for name in names:
            teammates = [{"name": n, "role": n.title()} for n in names if n != name]
            team[name].reset(
                name,
                {**BRIEFING, "role": name.title(), "teammates": teammates, "context": f"docs for {name}"},
            )
        for r in (1, 2):
            for name in names:
                team[name].act(obs(r, f"{name} sees things"))
    last = server.requests[-1]["messages"]
    first_user = last[1]["content"]
    assert "You alone control every member" in first_user
    assert "docs for lumberjack" in first_user and "docs for woodworker" in first_user
    assert "acting: lumberjack" in first_user
    assert len(last) == 2 + 2 * 3 and "- woodworker" in last[-1]["content"]
    assert team["lumberjack"].usage["calls"] == 2 and team["woodworker"].usage["calls"] == 2
    assert team["lumberjack"].conversation is team["woodworker"].conversation


def test_reset_starts_a_new_conversation():
    with FakeOpenAI() as server:
        a = agent(server)
        a.act(obs(1))
        a.reset("lumberjack", BRIEFING)
        a.act(obs(1))
    assert len(server.requests[1]["messages"]) == 2 and a.usage["calls"] == 1


def test_junk_usage_is_estimated_never_a_crash():
    """Issue 10 item 4: usage as a string or token counts as words must not end the episode."""
    script = [
        verbatim(tool_message("wait", "{}"), usage="lots"),
        verbatim(tool_message("wait", "{}"), usage={"prompt_tokens": "many", "completion_tokens": "3"}),
        verbatim(tool_message("wait", "{}"), usage={"prompt_tokens": True, "completion_tokens": [1]}),
        verbatim(tool_message("wait", "{}"), usage={"prompt_tokens": "40", "completion_tokens": "2"}),
    ]
    with FakeOpenAI(script) as server:
        a = agent(server)
        for r in range(1, 5):
            assert parse_action(a.act(obs(r))) == ToolCall("wait", {})
    per_turn = a.usage["per_turn_prompt_tokens"]
    assert a.usage["estimated_tokens"] and all(n > 0 for n in per_turn[:3]) and per_turn[3] == 40
    assert a.usage["calls"] == 4 and a.usage["malformed_tool_call"] == 0


@pytest.mark.parametrize(
    "name, arguments, problem",
    [
        (None, "{}", "no function name"),
        (7, "{}", "no function name"),
        ("", "{}", "no function name"),
        ("wait", None, "null arguments"),
    ],
)
def test_a_tool_call_with_null_name_or_arguments_is_an_invalid_action_reported_back(name, arguments, problem):
    for usage in ({"prompt_tokens": 10, "completion_tokens": 2}, None):
        with FakeOpenAI(
            [verbatim(tool_message(name, arguments), usage=usage, with_usage=usage is not None), call("wait")]
        ) as server:
            a = agent(server)
            first = parse_action(a.act(obs(1)))
            assert isinstance(first, ParseError) and problem in json.dumps(first.raw)
            assert parse_action(a.act(obs(2, last_error=first.error))) == ToolCall("wait", {})
            follow_up = server.requests[1]["messages"]
        assert "tool call was malformed (" in follow_up[-1]["content"] and problem in follow_up[-1]["content"]
        # the malformed call is kept as text, so the next request never carries a null function name
        assert all(
            isinstance(c["function"]["name"], str) and c["function"]["name"]
            for m in follow_up
            for c in m.get("tool_calls") or []
        )
        assert a.usage["malformed_tool_call"] == 1 and a.usage["calls"] == 2
