"""What real servers send back, each produced by the loopback server and read by the real `openai`
client: tool calls written into the text (JSON, Hermes `<tool_call>` tags), reasoning_content,
several calls in one reply, finish_reason "length", empty choices. Each is handled and counted in
usage; none crashes the agent or makes it wait without saying why."""

from __future__ import annotations

import json

from agentworld.agents.llm import LLMAgent
from agentworld.tool_calls import parse_action
from agentworld.tools import ToolCall
from fake_openai import FakeOpenAI, call, calls, garbage, text, tool_message, verbatim

BRIEFING = {
    "task_id": "t",
    "task_name": "T",
    "objective": "Make a plank.",
    "role": "Lumberjack",
    "teammates": [],
    "max_rounds": 9,
}
EMPTY = garbage(
    json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "fake", "choices": []})
)


def agent(server: FakeOpenAI, **options) -> LLMAgent:
    a = LLMAgent(model="fake-model", base_url=server.base_url, api_key="t", backoff_base=0.001, **options)
    a.reset("lumberjack", BRIEFING)
    return a


def obs(rnd: int) -> dict:
    return {"text": f"round {rnd}: trees around", "round": rnd}


def test_a_json_tool_call_written_in_the_text_is_played():
    reply = text(
        'I will chop the oak now.\n```json\n{"name": "gather", "arguments": {"target": "oak_tree#1"}}\n```'
    )
    with FakeOpenAI([reply, call("wait")]) as server:
        a = agent(server)
        assert parse_action(a.act(obs(1))) == ToolCall("gather", {"target": "oak_tree#1"})
        a.act(obs(2))
    assert a.usage["text_tool_calls"] == 1 and a.usage["no_tool_call"] == 0
    kept = server.requests[1]["messages"][2]
    assert kept["tool_calls"][0]["function"] == {"name": "gather", "arguments": '{"target": "oak_tree#1"}'}
    assert server.requests[1]["messages"][3]["role"] == "tool"


def test_hermes_tool_call_tags_are_played_and_extra_ones_counted():
    reply = text(
        '<tool_call>\n{"name": "move_to", "arguments": {"target": [3, 4]}}\n</tool_call>\n'
        '<tool_call>\n{"name": "chat", "arguments": {"to": "team", "message": "hi"}}\n</tool_call>'
    )
    with FakeOpenAI([reply]) as server:
        a = agent(server)
        assert parse_action(a.act(obs(1))) == ToolCall("move_to", {"target": [3, 4]})
    assert a.usage["text_tool_calls"] == 1 and a.usage["extra_tool_calls"] == 1


def test_prose_that_only_looks_like_json_is_not_a_call():
    with FakeOpenAI([text('My teammate {"name": "Bob"} has the axe; {broken')]) as server:
        a = agent(server)
        action = a.act(obs(1))
    assert isinstance(action, str) and action.startswith("no tool call in the model reply")
    assert a.usage["no_tool_call"] == 1 and a.usage["text_tool_calls"] == 0


def test_reasoning_content_is_counted_and_kept_out_of_the_history():
    message = {**tool_message("wait", "{}"), "reasoning_content": "SECRET-THOUGHTS " * 50}
    with FakeOpenAI(
        [verbatim(message, usage={"prompt_tokens": 10, "completion_tokens": 300}), call("wait")]
    ) as server:
        a = agent(server)
        assert parse_action(a.act(obs(1))) == ToolCall("wait", {})
        a.act(obs(2))
    assert a.usage["reasoning_content"] == 1
    assert "SECRET-THOUGHTS" not in json.dumps(server.requests[1]["messages"])
    assert a.transcript[0]["reasoning_chars"] == len("SECRET-THOUGHTS " * 50)


def test_several_tool_calls_in_one_reply_play_the_first():
    with FakeOpenAI([calls(("gather", {"target": "oak_tree#1"}), ("wait", {})), call("wait")]) as server:
        a = agent(server)
        assert parse_action(a.act(obs(1))) == ToolCall("gather", {"target": "oak_tree#1"})
        a.act(obs(2))
    assert a.usage["extra_tool_calls"] == 1
    assert "only the first (gather) was carried out" in server.requests[1]["messages"][-1]["content"]


def test_a_reply_cut_at_max_tokens_loses_the_turn_and_says_why():
    cut = verbatim(
        {"role": "assistant", "content": "Let me think step by step about the trees and"},
        usage={"prompt_tokens": 10, "completion_tokens": 16},
        finish_reason="length",
    )
    with FakeOpenAI([cut, call("wait")]) as server:
        a = agent(server, max_tokens=16)
        assert a.act(obs(1)).startswith("no tool call")
        a.act(obs(2))
    assert a.usage["finish_length"] == 1 and a.transcript[0]["finish_reason"] == "length"
    assert "cut off at the completion token limit" in server.requests[1]["messages"][-1]["content"]


def test_empty_choices_are_retried_then_the_turn_is_lost_with_a_note():
    with FakeOpenAI([EMPTY, EMPTY, call("wait")]) as server:
        a = agent(server, max_retries=1)
        lost = a.act(obs(1))  # two empty answers: the retries are spent
        assert parse_action(a.act(obs(2))) == ToolCall("wait", {})
    assert isinstance(lost, str) and lost.startswith("no tool call")
    assert a.usage["empty_choices"] == 2 and a.usage["calls"] == 2 and len(server.requests) == 3
    assert "sent back no answer at all" in server.requests[2]["messages"][-1]["content"]


def test_an_empty_answer_then_a_real_one_costs_a_retry_only():
    with FakeOpenAI([EMPTY, call("wait")]) as server:
        a = agent(server, max_retries=2)
        assert parse_action(a.act(obs(1))) == ToolCall("wait", {})
    assert a.usage["empty_choices"] == 1 and a.usage["retries"] == 1 and a.usage["no_tool_call"] == 0


def test_a_429_naming_no_wait_is_retried_soon_other_errors_back_off_from_backoff_base():
    from agentworld.agents.llm import ChatClient, parse_options
    from agentworld.limits import Limiter, Limits
    from fake_openai import error

    hi = [{"role": "user", "content": "hi"}]
    for status, low, high in ((429, 0.25 * 0.75, 0.25 * 1.25), (503, 0.75, 1.25)):
        sleeps: list[float] = []
        with FakeOpenAI([error(status), call("wait")]) as server:
            options = parse_options(
                {"model": "m", "base_url": server.base_url, "api_key": "k"}
            )  # default policy
            reply = ChatClient(options, sleep=sleeps.append, limiter=Limiter(Limits())).complete(hi, [])
        waits = [s for s in sleeps if s > 0]
        assert reply.retries == 1 and len(waits) == 1 and low <= waits[0] <= high, (status, sleeps)
        assert reply.notes == (["rate_limited"] if status == 429 else [])
