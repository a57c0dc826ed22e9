"""The context budget (agents/llm/context.py) against the loopback server and the real `openai` client:
no request passes --context-tokens, old turns fold first (never the task or documentation), a server's
"context length exceeded" answer gets one retry with a tighter budget, and the prompt prefix stays
byte-stable between folds (what provider prompt caches reward)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agentworld.agents.llm import LLMAgent, LLMUnavailable, make_team, parse_options
from agentworld.agents.llm.context import prompt_limit, prompt_tokens, tools_tokens
from agentworld.options import build_team
from agentworld.runner import run_episode
from fake_openai import FakeOpenAI, call, error

FAST = {"model": "fake-model", "api_key": "test", "backoff_base": 0.001, "max_retries": 1}
BRIEFING = {
    "task_id": "task_x",
    "task_name": "Test task",
    "objective": "Make a plank.",
    "role": "Lumberjack",
    "teammates": [],
    "context": "You can chop trees. DOCS-MARKER",
    "max_rounds": 200,
}
ROUND = re.compile(r"# Round (\d+) of")


def obs(rnd: int, text: str) -> dict:
    return {"text": text, "round": rnd, "last_result": f"result {rnd}"}


def replay_policy(oracle_dir: Path, delay: int):
    """A model that plays each seat's oracle call of round r - delay (wait before and after): a team
    that uses the whole round budget. The seat comes from the briefing, the round from the newest
    observation, so it keeps working after old turns folded away."""
    plan: dict[tuple[str, int], dict] = {}
    for line in (oracle_dir / "trajectory.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["type"] == "action":
            plan[(rec["agent"], rec["round"])] = rec

    def policy(body: dict) -> dict:
        name = re.search(r"You are (\w+), the team", body["messages"][1]["content"]).group(1)
        rnd = int(ROUND.findall(body["messages"][-1]["content"])[-1])
        rec = plan.get((name, rnd - delay))
        return call(rec["tool"], **(rec["args"] or {})) if rec else call("wait")

    return policy


def test_task_31_to_its_full_budget_never_passes_32k(tmp_path):
    oracle = run_episode("task_31", "oracle", seed=0, out_dir=tmp_path / "oracle", progress=False)
    delay = oracle["max_rounds"] - oracle["rounds"]  # the oracle's plan, shifted to end on the last round
    assert delay > 0
    sizes: list[int] = []
    with FakeOpenAI(policy=replay_policy(tmp_path / "oracle", delay), record=False) as server:
        original = server._completion

        def measured(body: dict, spec: dict) -> dict:  # the server's own count, tool schemas included
            out = original(body, spec)
            sizes.append(out["usage"]["prompt_tokens"] + len(json.dumps(body.get("tools") or [])) // 4)
            return out

        server._completion = measured
        team = build_team("task_31", "llm", {**FAST, "base_url": server.base_url, "context_tokens": 32768})
        result = run_episode("task_31", team, seed=0, out_dir=tmp_path / "llm", progress=False)
    assert result["status"] == "ok" and result["rounds"] == oracle["max_rounds"]
    assert len(sizes) == result["actions"] >= 20 * (oracle["max_rounds"] - 1)
    usage = json.loads((tmp_path / "llm" / "metrics.json").read_text())["usage"]
    assert usage["context_folds"] > 0  # the budget was needed: without it the prompts grow past 32k
    assert usage["max_counted_prompt_tokens"] <= 32768 - 1024
    assert max(sizes) <= 32768 and usage["max_prompt_tokens"] <= 32768
    rows = [row for seat in team.values() for row in seat.transcript]
    assert (
        len(rows) == len(sizes)
        and max(r["counted_prompt_tokens"] for r in rows) == usage["max_counted_prompt_tokens"]
    )


def agent(server: FakeOpenAI, **options) -> LLMAgent:
    a = LLMAgent(**FAST, base_url=server.base_url, **options)
    a.reset("lumberjack", BRIEFING)
    return a


def test_every_prompt_fits_and_only_old_turns_fold():
    with FakeOpenAI() as server:
        a = agent(server, context_tokens=6000, max_tokens=500)
        for rnd in range(1, 41):
            a.act(obs(rnd, f"observation {rnd}: " + "tree " * 120))
    conv = a.conversation
    limit = prompt_limit(6000, 500, None)
    tools = tools_tokens(server.requests[0]["tools"])
    sizes = [prompt_tokens(req["messages"], tools) for req in server.requests]
    assert max(sizes) <= limit and a.usage["max_counted_prompt_tokens"] == max(sizes)
    assert a.usage["context_folds"] >= 2 and a.usage["observation_cuts"] == 0
    last = server.requests[-1]["messages"]
    assert "DOCS-MARKER" in last[1]["content"] and "Make a plank." in last[1]["content"]  # never folded
    assert "observation 40" in last[-1]["content"] and "Summary of your earlier turns" in last[1]["content"]
    assert conv.start > 0


def test_consecutive_prompts_share_a_byte_stable_prefix():
    """Between folds each prompt is the previous one plus the new turn; at a fold the system message
    and the task and documentation (the user message up to the digest) still repeat byte for byte."""
    with FakeOpenAI() as server:
        a = agent(server, context_tokens=6000, max_tokens=500)
        for rnd in range(1, 41):
            a.act(obs(rnd, f"observation {rnd}: " + "tree " * 120))
    folds = 0
    for before, after in zip(server.requests, server.requests[1:]):
        old, new = before["messages"], after["messages"]
        if json.dumps(new[: len(old)]) == json.dumps(old):
            continue
        folds += 1
        assert new[0] == old[0]
        head = old[1]["content"].split("\n# Summary of your earlier turns")[0].split("\n# Round")[0]
        assert new[1]["content"].startswith(head) and "DOCS-MARKER" in head
    assert 2 <= folds == a.usage["context_folds"] <= 10  # folds come in chunks, not every turn


def test_a_huge_observation_is_cut_to_fit():
    with FakeOpenAI() as server:
        a = agent(server, context_tokens=6000, max_tokens=500)
        a.act(obs(1, "start"))
        a.act(obs(2, "giant " * 10_000))
    limit = prompt_limit(6000, 500, None)
    tools = tools_tokens(server.requests[0]["tools"])
    assert prompt_tokens(server.requests[-1]["messages"], tools) <= limit
    assert "characters cut to fit the context window" in server.requests[-1]["messages"][-1]["content"]
    assert a.usage["observation_cuts"] == 1


def test_a_briefing_too_big_for_the_context_is_a_clear_error():
    with FakeOpenAI() as server:
        a = LLMAgent(**FAST, base_url=server.base_url, context_tokens=4000, max_tokens=100)
        a.reset("lumberjack", {**BRIEFING, "context": "documentation " * 3000})
        with pytest.raises(
            RuntimeError, match=r"fixed part .* takes \d+ tokens, over the prompt limit of 3900"
        ):
            a.act(obs(1, "start"))
    assert server.requests == []


def test_context_tokens_must_leave_room_for_the_completion():
    with pytest.raises(ValueError, match="context_tokens 1000 leaves no room"):
        make_team(["a"], **FAST, base_url="http://127.0.0.1:9/v1", context_tokens=1000, max_tokens=2000)
    with pytest.raises(ValueError, match="context_tokens"):
        parse_options({"context_tokens": 10})


def context_error(window: int) -> dict:
    return error(
        400,
        message=f"This model's maximum context length is {window} tokens. However, your messages "
        f"resulted in {window + 900} tokens. Please reduce the length of the messages.",
        code="context_length_exceeded",
    )


def test_context_length_exceeded_gets_one_retry_with_a_tighter_budget():
    script = [call("wait")] * 19 + [context_error(9000)]
    with FakeOpenAI(script) as server:
        a = agent(server)
        for rnd in range(1, 22):
            a.act(obs(rnd, f"observation {rnd}: " + "tree " * 120))
    refused, retried = server.requests[19], server.requests[20]
    tools = tools_tokens(refused["tools"])
    sent = prompt_tokens(refused["messages"], tools)
    tighter = min(int(sent * 0.75), 9000 - 1024)
    assert sent > 9000 - 1024 and prompt_tokens(retried["messages"], tools) <= tighter
    assert a.usage["context_exceeded"] == 1 and a.usage["calls"] == 21 and len(server.requests) == 22
    row = [r for r in a.transcript if "context_exceeded" in r["issues"]]
    assert len(row) == 1 and row[0]["round"] == 20
    assert prompt_tokens(server.requests[21]["messages"], tools) <= tighter  # the tighter limit stays


def test_a_second_context_error_ends_the_turn_with_a_clear_error():
    with FakeOpenAI([call("wait")] * 19 + [context_error(9000), context_error(9000)]) as server:
        a = agent(server)
        for rnd in range(1, 20):
            a.act(obs(rnd, f"observation {rnd}: " + "tree " * 120))
        with pytest.raises(LLMUnavailable, match="prompt too long.*maximum context length is 9000"):
            a.act(obs(20, "start"))
    assert len(server.requests) == 21


def test_each_seat_of_a_real_episode_resends_its_previous_prompt_byte_for_byte(tmp_path):
    from test_eval_env import oracle_policy

    with FakeOpenAI(policy=oracle_policy(tmp_path)) as server:
        result = run_episode(
            "task_01",
            "llm",
            seed=0,
            out_dir=tmp_path / "llm",
            progress=False,
            agent_options={"llm": {**FAST, "base_url": server.base_url}},
        )
    assert result["success"]
    by_seat: dict[str, list[str]] = {}
    for body in server.requests:
        seat = re.search(r"You are (\w+), the team", body["messages"][1]["content"]).group(1)
        by_seat.setdefault(seat, []).append(json.dumps(body["messages"]))
    assert len(by_seat) == 3
    for prompts in by_seat.values():
        assert len(prompts) > 2
        for before, after in zip(prompts, prompts[1:]):
            assert after.startswith(before[:-1])  # the previous list of messages, then the new turn
