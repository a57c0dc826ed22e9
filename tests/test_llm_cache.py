"""The response cache (--cache DIR): a rerun replays every answer for free and exactly, and any
change in what shapes an answer (sampling parameters, the prompt) asks the server again."""

from __future__ import annotations

import json
from pathlib import Path

from agentworld.cli import main
from agentworld.runner import run_episode
from fake_openai import FakeOpenAI, call
from test_eval_env import oracle_policy

FAST = {"model": "fake-model", "api_key": "test", "backoff_base": 0.001, "max_retries": 1}
PRICES = {"fake-model": {"input": 2.0, "output": 8.0}}


def played(run_dir: Path) -> list[tuple]:
    rows = [json.loads(line) for line in (run_dir / "trajectory.jsonl").read_text().splitlines()]
    return [
        (r["agent"], r["round"], r["tool"], r["args"], r["ok"], r["result"], r["error"])
        for r in rows
        if r["type"] == "action"
    ]


def usage(run_dir: Path) -> dict:
    return json.loads((run_dir / "metrics.json").read_text())["usage"]


def test_a_rerun_replays_for_free_and_exactly(tmp_path):
    cache = tmp_path / "cache"
    options = {**FAST, "cache": str(cache), "prices": PRICES}
    with FakeOpenAI(policy=oracle_policy(tmp_path)) as server:
        first = run_episode(
            "task_01",
            "llm",
            seed=0,
            out_dir=tmp_path / "first",
            progress=False,
            agent_options={"llm": {**options, "base_url": server.base_url}},
        )
    assert first["success"]
    # The rerun's server would only ever answer `wait`: every answer must come from the cache.
    with FakeOpenAI(policy=lambda body: call("wait")) as other:
        again = run_episode(
            "task_01",
            "llm",
            seed=0,
            out_dir=tmp_path / "again",
            progress=False,
            agent_options={"llm": {**options, "base_url": other.base_url}},
        )
    assert other.requests == [] and again["success"]
    assert played(tmp_path / "again") == played(tmp_path / "first")
    before, after = usage(tmp_path / "first"), usage(tmp_path / "again")
    assert before["cache_misses"] == before["calls"] > 0 and before["cache_hits"] == 0 and before["cost"] > 0
    assert after["cache_hits"] == before["calls"] and after["cache_misses"] == 0 and after["cost"] == 0
    assert len(list(cache.glob("*/*.json"))) == before["calls"]


def test_other_sampling_parameters_miss_the_cache(tmp_path):
    options = {**FAST, "cache": str(tmp_path / "cache")}
    with FakeOpenAI() as server:
        for temperature in (0.0, 0.0, 0.7):
            run_episode(
                "task_01",
                "llm",
                seed=0,
                options={"max_rounds": 2},
                out_dir=tmp_path / f"t{temperature}",
                progress=False,
                agent_options={"llm": {**options, "base_url": server.base_url, "temperature": temperature}},
            )
    calls = 3 * 2  # task_01's three seats, two rounds
    assert len(server.requests) == 2 * calls  # the repeat at 0.0 was free; 0.7 asked again
    assert usage(tmp_path / "t0.7")["cache_misses"] == calls


def test_eval_cache_option_is_counted_in_the_run(tmp_path):
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
            "--episodes",
            "1",
            "--max-rounds",
            "1",
            "--quiet",
            "--judge",
            "none",
            "--cache",
            str(tmp_path / "c"),
        ]
        assert main(args + ["--out", str(tmp_path / "a")]) == 0
        assert main(args + ["--out", str(tmp_path / "b")]) == 0
    assert len(server.requests) == 3
    assert usage(tmp_path / "b" / "task_01" / "0")["cache_hits"] == 3
