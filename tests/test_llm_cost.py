"""Cost with cached prompt tokens: the servers' ways of reporting them, a price table with a cached
price, and the judge's calls priced apart from the agents' (loopback server, real `openai` client)."""

from __future__ import annotations

import json
import re

import pytest

from agentworld.agents.llm import LLMAgent, load_prices
from agentworld.causal import judge_run
from agentworld.causal.llm_judge import JudgeError
from agentworld.causal.synthetic import STAFF_TASK, staff_episode
from fake_openai import FakeOpenAI, tool_message, verbatim

FAST = {"model": "fake-model", "api_key": "test", "backoff_base": 0.001, "max_retries": 1}
PRICES = {
    "fake-model": {"input": 2.0, "cached_input": 0.5, "output": 8.0},
    "judge-model": {"input": 1.0, "cached_input": 0.25, "output": 4.0},
}
BRIEFING = {"task_id": "t", "task_name": "T", "objective": "o", "role": "r", "teammates": [], "max_rounds": 9}
PAIR = re.compile(r"Pair (\d+):\n  A: #(\d+) .*\n  B: #(\d+) ")


def wait_reply(usage: dict) -> dict:
    return verbatim(tool_message("wait", "{}"), usage=usage)


# (prompt, cached, completion) and how each kind of server words the cached count
CALLS = [
    (1000, 600, 50, {"prompt_tokens_details": {"cached_tokens": 600}}),  # OpenAI, vLLM
    (1200, 1024, 40, {"prompt_cache_hit_tokens": 1024}),  # DeepSeek
    (1300, 900, 30, {"cache_read_input_tokens": 900}),  # Anthropic-style proxies
    (1400, 0, 20, {}),
]  # no cache reported


def test_cached_tokens_are_read_and_priced_apart():
    script = [wait_reply({"prompt_tokens": p, "completion_tokens": c, **extra}) for p, _, c, extra in CALLS]
    with FakeOpenAI(script) as server:
        agent = LLMAgent(**FAST, base_url=server.base_url, prices=PRICES)
        agent.reset("seat", BRIEFING)
        for rnd in range(1, len(CALLS) + 1):
            agent.act({"text": f"round {rnd}", "round": rnd})
    by_hand = sum(((p - k) * 2.0 + k * 0.5 + c * 8.0) / 1e6 for p, k, c, _ in CALLS)
    usage = agent.usage
    assert usage["cost"] == pytest.approx(by_hand)
    assert usage["cached_tokens"] == 600 + 1024 + 900 and usage["prompt_tokens"] == 4900
    assert [row["cached_tokens"] for row in agent.transcript] == [k for _, k, _, _ in CALLS]


def test_a_cached_count_above_the_prompt_is_capped():
    usage = {"prompt_tokens": 100, "completion_tokens": 1, "prompt_tokens_details": {"cached_tokens": 5000}}
    with FakeOpenAI([wait_reply(usage)]) as server:
        agent = LLMAgent(**FAST, base_url=server.base_url, prices=PRICES)
        agent.reset("seat", BRIEFING)
        agent.act({"text": "x", "round": 1})
    assert agent.usage["cached_tokens"] == 100
    assert agent.usage["cost"] == pytest.approx((100 * 0.5 + 8.0) / 1e6)


def test_price_tables_name_bad_entries_and_default_the_cached_price():
    table = load_prices({"a": {"input": 3, "output": 9}, "b": [1, 2, 0.1]})
    assert table["a"].cached_input == 3 and table["b"].cached_input == 0.1
    with pytest.raises(ValueError, match=r"price table entry 'c': expected .*cached_input"):
        load_prices({"c": {"input": 1, "output": 2, "cache": 0.5}})
    with pytest.raises(ValueError, match="price table entry 'd'"):
        load_prices({"d": {"input": -1, "output": 2}})


def judge_policy(body: dict) -> dict:
    answers = [
        {"pair": int(i), "enables": False, "reason": "no"}
        for i, _, _ in PAIR.findall(body["messages"][-1]["content"])
    ]
    message = {"role": "assistant", "content": json.dumps({"answers": answers})}
    return verbatim(
        message,
        usage={
            "prompt_tokens": 700,
            "completion_tokens": 30,
            "prompt_tokens_details": {"cached_tokens": 500},
        },
    )


def test_judge_calls_have_their_own_cost(tmp_path):
    run = staff_episode().write_run(tmp_path / "run", success=True, task=STAFF_TASK)
    with FakeOpenAI(policy=judge_policy) as server:
        result = judge_run(
            run, "llm", model="judge-model", base_url=server.base_url, api_key="x", prices=PRICES
        )
        sent = len(server.requests)
    stats = result["llm"]
    assert sent >= 1 and stats["requests"] == sent
    assert stats["cached_tokens"] == 500 * sent and stats["prompt_tokens"] == 700 * sent
    assert stats["cost"] == pytest.approx(sent * (200 * 1.0 + 500 * 0.25 + 30 * 4.0) / 1e6)
    assert json.loads((run / "cce.json").read_text())["llm"]["cost"] == pytest.approx(stats["cost"])


def test_a_judge_price_table_without_the_judge_model_is_refused(tmp_path):
    run = staff_episode().write_run(tmp_path / "run", success=True, task=STAFF_TASK)
    with pytest.raises(JudgeError, match="no entry for the judge model 'other-judge'"):
        judge_run(
            run, "llm", model="other-judge", base_url="http://127.0.0.1:9/v1", api_key="x", prices=PRICES
        )
