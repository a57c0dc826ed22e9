"""Limits on model calls (requests/tokens per minute, money, Retry-After) and the per-turn deadline."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from agentworld import evaluation as ev
from agentworld.agents.llm import ChatClient, parse_options
from agentworld.cli import main
from agentworld.limits import BudgetExhausted, Limiter, Limits
from agentworld.runner import run_episode
from fake_openai import FakeOpenAI, call, error, slow


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_requests_are_paced_evenly_and_tokens_per_minute_too():
    clock = Clock()
    rpm = Limiter(Limits(max_rpm=120), clock=clock)
    assert [rpm.reserve(10) for _ in range(4)] == [0.0, 0.5, 1.0, 1.5]  # 60 / 120 s apart
    clock.now += 10
    assert rpm.reserve(10) == 0.0  # idle time is not banked into a burst beyond the pace
    tpm = Limiter(Limits(max_tpm=6000), clock=clock)
    assert tpm.reserve(1000) == 0.0 and tpm.reserve(1000) == pytest.approx(
        10.0
    )  # 1000 tokens = 10 s of budget
    tpm.settle(500)  # the second call really used 1500 tokens
    assert tpm.reserve(100) == pytest.approx(25.0)


def test_retry_after_pauses_everyone_and_money_stops_new_calls():
    clock = Clock()
    limiter = Limiter(Limits(max_cost=1.0), clock=clock)
    limiter.pause(7)
    assert limiter.reserve(1) == 7.0
    limiter.spend(0.6)
    limiter.reserve(1)
    limiter.spend(0.6)
    assert limiter.exhausted()
    with pytest.raises(BudgetExhausted, match=r"--max-cost \$1"):
        limiter.reserve(1)


PROCESS = """
import json, sys
from agentworld.limits import Limiter, Limits
limiter = Limiter(Limits(max_rpm=600, path=sys.argv[1]), clock=lambda: 1000.0)  # a stopped clock: exact slots
starts = []
for _ in range(20):
    starts.append(1000.0 + limiter.reserve(1))
print(json.dumps(starts))
"""


def test_processes_sharing_the_state_file_share_one_pace(tmp_path):
    path = str(tmp_path / "limits.json")
    procs = [
        subprocess.Popen([sys.executable, "-c", PROCESS, path], stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    starts = sorted(s for p in procs for s in json.loads(p.communicate(timeout=60)[0]))
    assert len(starts) == 40
    assert starts == pytest.approx(
        [1000.0 + 0.1 * i for i in range(40)]
    )  # 600 a minute across both, one per slot
    assert json.loads(Path(path).read_text())["calls"] == 40


def _client(server: FakeOpenAI, sleeps: list, limiter: Limiter | None = None, **options) -> ChatClient:
    opts = parse_options(
        {"model": "m", "base_url": server.base_url, "api_key": "k", "backoff_base": 0.01, **options}
    )
    return ChatClient(opts, sleep=sleeps.append, limiter=limiter or Limiter(Limits()))


def test_retry_after_is_honoured_even_beyond_the_backoff_cap_and_shared():
    sleeps: list[float] = []
    limiter = Limiter(Limits())
    with FakeOpenAI([error(429, retry_after=90), call("wait")]) as server:
        reply = _client(server, sleeps, limiter, backoff_max=5, max_retry_after=120).complete(
            [{"role": "user", "content": "hi"}], []
        )
    assert reply.tool_calls[0]["name"] == "wait" and reply.retries == 1
    assert max(sleeps) >= 90  # not clipped to backoff_max
    assert limiter.reserve(1) > 80  # every other caller of this limiter waits too


def test_turn_deadline_bounds_all_tries_of_a_turn_and_the_turn_becomes_a_wait(tmp_path):
    """The first seat's call hangs far longer than the deadline; its turn is a wait, play goes on."""
    from agentworld.agents.llm import make_team

    with FakeOpenAI([slow(30, call("gather", target="oak_tree"))]) as server:
        team = make_team(
            ["lumberjack", "woodworker", "wizard"],
            model="m",
            base_url=server.base_url,
            api_key="k",
            turn_deadline=3,
            timeout=60,
        )
        result = run_episode(
            "task_01", team, seed=0, options={"max_rounds": 2}, out_dir=tmp_path / "r", progress=False
        )
    assert result["status"] == "ok" and result["rounds"] == 2 and result["actions"] == 6
    first = json.loads((tmp_path / "r" / "trajectory.jsonl").read_text().splitlines()[0])
    assert first["agent"] == "lumberjack" and first["tool"] == "wait" and first["ok"]
    transcript = team["lumberjack"].transcript
    assert transcript[0]["issues"] == ["turn_deadline"] and "turn deadline of 3 s" in transcript[0]["error"]
    assert team["lumberjack"].usage["deadline_turns"] == 1
    second = [r for r in server.requests if "You are lumberjack" in r["messages"][1]["content"]][-1]
    assert "did not answer your previous turn in time" in second["messages"][-1]["content"]


def test_turn_deadline_in_flight_episodes(tmp_path):
    """The same with the async client (eval --concurrency): one hung call does not hold the others."""
    with FakeOpenAI([slow(30, call("wait"))]) as server:
        assert (
            main(
                [
                    "eval",
                    "--tasks",
                    "task_01",
                    "--agents",
                    "llm",
                    "--model",
                    "m",
                    "--base-url",
                    server.base_url,
                    "--episodes",
                    "2",
                    "--max-rounds",
                    "2",
                    "--judge",
                    "none",
                    "--quiet",
                    "--concurrency",
                    "2",
                    "--turn-deadline",
                    "3",
                    "--out",
                    str(tmp_path / "e"),
                ]
            )
            == 0
        )
    records = [json.loads(line) for line in (tmp_path / "e" / ev.RESULTS).read_text().splitlines()]
    assert [r["status"] for r in records] == ["ok", "ok"] and all(r["actions"] == 6 for r in records)
    issues = [
        json.loads(line)["issues"]
        for run in ("0", "1")
        for line in (tmp_path / "e" / "task_01" / run / "llm_transcript.jsonl").read_text().splitlines()
    ]
    assert issues.count(["turn_deadline"]) == 1


def _prices(tmp_path: Path) -> str:
    path = tmp_path / "prices.json"
    path.write_text(json.dumps({"m": {"input": 1000, "output": 1000}}))  # about $1.5 per call here
    return str(path)


def test_max_cost_stops_new_calls_records_unfinished_and_resume_finishes(tmp_path, capsys):
    out = tmp_path / "e"
    with FakeOpenAI() as server:
        args = [
            "eval",
            "--tasks",
            "task_01",
            "--agents",
            "llm",
            "--model",
            "m",
            "--base-url",
            server.base_url,
            "--episodes",
            "2",
            "--max-rounds",
            "2",
            "--judge",
            "none",
            "--quiet",
            "--prices",
            _prices(tmp_path),
            "--out",
            str(out),
        ]
        assert main(args + ["--max-cost", "2"]) == 3
        assert len(server.requests) == 2  # the third call would start after $2 were spent
        assert "run the same command (with a larger --max-cost)" in capsys.readouterr().err
        records = [json.loads(line) for line in (out / ev.RESULTS).read_text().splitlines()]
        assert [r["status"] for r in records] == ["unfinished", "unfinished"]
        assert (
            "budget" in records[0]["error"] and not (out / "task_01" / "1").exists()
        )  # seed 1 never started
        metrics = json.loads((out / "task_01" / "0" / "metrics.json").read_text())
        assert metrics["status"] == "unfinished" and metrics["actions"] == 2
        summary = json.loads((out / ev.SUMMARY).read_text())["overall"]
        assert summary["episodes"] == 0 and summary["unfinished"] == 2
        assert main(args + ["--max-cost", "1000"]) == 0  # resume: both played now
    summary = json.loads((out / ev.SUMMARY).read_text())["overall"]
    assert summary["episodes"] == 2 and summary["unfinished"] == 0 and summary["errors"] == 0


def test_limits_are_shared_by_every_episode_and_worker_of_an_eval(tmp_path):
    out = tmp_path / "e"
    with FakeOpenAI() as server:
        assert (
            main(
                [
                    "eval",
                    "--tasks",
                    "task_01",
                    "--agents",
                    "llm",
                    "--model",
                    "m",
                    "--base-url",
                    server.base_url,
                    "--episodes",
                    "4",
                    "--max-rounds",
                    "1",
                    "--judge",
                    "none",
                    "--quiet",
                    "--workers",
                    "2",
                    "--concurrency",
                    "2",
                    "--max-rpm",
                    "60000",
                    "--max-tpm",
                    "1e9",
                    "--out",
                    str(out),
                ]
            )
            == 0
        )
    assert json.loads((out / ".limits.json").read_text())["calls"] == len(server.requests) == 12


def test_max_cost_without_prices_is_refused_up_front(tmp_path, capsys):
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "llm",
                "--model",
                "m",
                "--base-url",
                "http://127.0.0.1:9/v1",
                "--max-cost",
                "5",
                "--quiet",
                "--out",
                str(tmp_path / "e"),
            ]
        )
        == 2
    )
    assert "needs a price table" in capsys.readouterr().err
