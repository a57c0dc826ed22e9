"""`agentworld export` and the rollout function: the exact prompts an LLM saw, as training data.

An LLM run is played against the loopback fake OpenAI server (scripted with the oracle's calls),
so the requests the real `openai` client sent are the ground truth the export must reproduce.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from fake_openai import FakeOpenAI, call
from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageParam, ChatCompletionToolParam
from pydantic import TypeAdapter

from agentworld.cli import main as cli_main
from agentworld.export import export, export_run
from agentworld.rollout import rollout
from agentworld.runner import run_episode

FAST = {"model": "fake", "api_key": "x", "max_retries": 0, "timeout": 10}
MESSAGES = TypeAdapter(list[ChatCompletionMessageParam])
TOOLS = TypeAdapter(list[ChatCompletionToolParam])


def actions(run_dir: Path) -> list[dict]:
    lines = (run_dir / "trajectory.jsonl").read_text().splitlines()
    return [r for r in map(json.loads, lines) if r["type"] == "action"]


@pytest.fixture(scope="module")
def llm_run(tmp_path_factory) -> tuple[Path, list[dict]]:
    """task_01 played by LLM agents answering with the oracle's calls; (run dir, request bodies)."""
    tmp = tmp_path_factory.mktemp("export")
    assert run_episode("task_01", "oracle", seed=0, out_dir=tmp / "oracle", progress=False)["success"]
    script = [call(r["tool"], **(r["args"] or {})) for r in actions(tmp / "oracle")]
    with FakeOpenAI(script) as server:
        result = run_episode(
            "task_01",
            "llm",
            seed=0,
            out_dir=tmp / "llm",
            progress=False,
            agent_options={
                "llm": {**FAST, "base_url": server.base_url, "history": "last", "history_turns": 3}
            },
        )
    assert result["success"]
    return tmp / "llm", server.requests


def roundtrip(adapter: TypeAdapter, value: list[dict]) -> list[dict]:
    """Validate against the openai param types and serialise back (strict: unknown shapes raise)."""
    return json.loads(adapter.dump_json(adapter.validate_python(value, strict=True), exclude_none=True))


def _without_ids(messages: list[dict]) -> list[dict]:
    """Tool-call ids are the server's own choice; everything else must match exactly."""
    out = []
    for m in messages:
        m = {k: v for k, v in m.items() if k != "tool_call_id" and not (k == "content" and v is None)}
        if "tool_calls" in m:
            m["tool_calls"] = [{k: v for k, v in c.items() if k != "id"} for c in m["tool_calls"]]
        out.append(m)
    return out


def check_chat(messages: list[dict]) -> None:
    """Roles, tool calls and tool results form a valid chat: each result answers the call before it."""
    assert messages[0]["role"] == "system" and messages[1]["role"] == "user"
    open_call = None
    for m in messages:
        assert m["role"] in ("system", "user", "assistant", "tool")
        if m["role"] == "tool":
            assert open_call is not None and m["tool_call_id"] == open_call
            open_call = None
        elif m["role"] == "assistant":
            calls = m.get("tool_calls") or []
            assert len(calls) <= 1
            open_call = calls[0]["id"] if calls else None
    assert messages[-1]["role"] == "assistant" and messages[-1]["tool_calls"]


def test_export_reproduces_the_prompts_the_model_saw(llm_run, tmp_path):
    run_dir, requests = llm_run
    out = tmp_path / "sft.jsonl"
    counts = export([str(run_dir)], out, "openai-chat", metadata=True)
    examples = [json.loads(line) for line in out.read_text().splitlines()]
    records = actions(run_dir)
    assert counts == {"runs": 1, "examples": len(records)} and len(examples) == len(requests)
    for example, request, record in zip(examples, requests, records):
        prompt, answer = example["messages"][:-1], example["messages"][-1]
        assert _without_ids(prompt) == _without_ids(request["messages"])
        assert example["tools"] == request["tools"]
        function = answer["tool_calls"][0]["function"]
        assert (function["name"], json.loads(function["arguments"])) == (record["tool"], record["args"])
        check_chat(example["messages"])
        assert roundtrip(MESSAGES, example["messages"]) == [
            {k: v for k, v in m.items() if v is not None} for m in example["messages"]
        ]
        assert roundtrip(TOOLS, example["tools"]) == example["tools"]
        assert ChatCompletionMessage.model_validate(answer).model_dump(exclude_none=True) == {
            k: v for k, v in answer.items() if v is not None
        }
        meta = example["metadata"]
        assert meta["action_id"] == record["id"] and meta["agent"] == record["agent"]
        assert meta["success"] and meta["psr"] == 1.0 and meta["team_return"] == 2.0
    assert any(e["metadata"]["contributing"] for e in examples)


def test_filters_and_sharegpt(llm_run, tmp_path):
    run_dir, _ = llm_run
    everything = list(export_run(run_dir, metadata=True))
    contributing = list(export_run(run_dir, only_contributing=True, metadata=True))
    assert 0 < len(contributing) < len(everything) and all(
        e["metadata"]["contributing"] for e in contributing
    )
    cce = json.loads((run_dir / "cce.json").read_text()) if (run_dir / "cce.json").exists() else None
    assert cce is None or {e["metadata"]["action_id"] for e in contributing} <= set(cce["contributing"])
    failed = tmp_path / "failed"
    run_episode("task_01", "random", seed=0, options={"max_rounds": 2}, out_dir=failed, progress=False)
    assert list(export_run(failed, only_success=True)) == [] and list(export_run(failed))
    shared = list(export_run(run_dir, "sharegpt"))
    assert len(shared) == len(everything)
    for example in shared:
        roles = [t["from"] for t in example["conversations"]]
        assert roles[0] == "human" and roles[-1] == "function_call"
        assert set(roles) <= {"human", "gpt", "function_call", "observation"}
        assert all(
            json.loads(t["value"])["name"] for t in example["conversations"] if t["from"] == "function_call"
        )
        assert example["system"] and json.loads(example["tools"])[0]["name"] == "move_to"


def test_cli_export_and_its_errors(llm_run, tmp_path, capsys):
    run_dir, _ = llm_run
    out = tmp_path / "x.jsonl"
    assert (
        cli_main(["export", str(run_dir.parent), "--only-success", "--format", "sharegpt", "--out", str(out)])
        == 0
    )
    assert "examples from 2 runs" in capsys.readouterr().out  # the eval-style parent holds oracle + llm
    assert out.read_text().count("\n") > 10
    assert cli_main(["export", str(tmp_path / "nope"), "--out", str(out)]) == 2
    assert "not a run directory" in capsys.readouterr().err


def test_rollout_with_an_async_policy_solves_the_task(llm_run):
    run_dir, _ = llm_run
    plan: dict[str, list[dict]] = {}
    for r in actions(run_dir):
        plan.setdefault(r["agent"], []).append({"name": r["tool"], "arguments": json.dumps(r["args"])})
    seen: list[tuple[str, int]] = []

    async def policy(agent: str, messages: list[dict], tools: list[dict]) -> dict:
        await asyncio.sleep(0)
        seen.append((agent, len(messages)))
        assert messages[0]["role"] == "system" and {t["function"]["name"] for t in tools} >= {
            "gather",
            "craft",
        }
        return plan[agent].pop(0)

    result = asyncio.run(rollout("task_01", policy, seed=0))
    assert result.status["success"] and result.total_reward == pytest.approx(2.0)
    assert sum(result.rewards) == pytest.approx(2.0) and len(seen) == len(actions(run_dir))
    for agent, played in result.agents.items():
        assert played.turns and all(t.ok for t in played.turns)
        assert played.conversation[-1]["role"] == "assistant" and played.conversation[-1]["tool_calls"]
        check_chat(played.conversation)
        assert played.total_reward == pytest.approx(sum(t.reward for t in played.turns))


def test_rollout_accepts_sync_policies_and_text_replies():
    result = asyncio.run(
        rollout("task_01", lambda agent, messages, tools: "I am thinking", seed=0, options={"max_rounds": 2})
    )
    turns = result.agents["lumberjack"].turns
    assert len(turns) == 2 and not turns[0].ok and turns[0].call is None
    assert "no tool call" in turns[1].messages[-1]["content"]  # the model-style feedback, next turn
    assert result.rewards == [0.0, 0.0] and result.status["truncated"]
