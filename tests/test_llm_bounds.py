"""Waits and what a reply may keep are bounded (the real `openai` client against tests/fake_openai.py):
a Retry-After is honoured up to --max-retry-after and only within --turn-deadline, for the caller
told and for everyone sharing its limiter; a reply's text and arguments are capped in the
conversation, the transcript marks what was cut and the episode counts it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agentworld.agents.llm import (
    MAX_ARGUMENT_CHARS,
    MAX_REPLY_CHARS,
    ChatClient,
    TurnDeadline,
    make_team,
    parse_options,
)
from agentworld.limits import Limiter, Limits
from agentworld.options import write_transcript
from agentworld.runner import run_episode
from fake_openai import FakeOpenAI, call, error

ROOT = Path(__file__).resolve().parent.parent
HOUR = 3600


def _client(server: FakeOpenAI, sleeps: list, limiter: Limiter, **options) -> ChatClient:
    """A client whose sleeps are recorded, not slept: the waits it asks for are the test's subject."""
    opts = parse_options(
        {"model": "m", "base_url": server.base_url, "api_key": "k", "backoff_base": 0.01, **options}
    )
    return ChatClient(opts, sleep=sleeps.append, limiter=limiter)


HI = [{"role": "user", "content": "hi"}]


def test_a_retry_after_of_an_hour_is_cut_to_max_retry_after():
    sleeps: list[float] = []
    limiter = Limiter(Limits())
    with FakeOpenAI([error(429, retry_after=HOUR), call("wait")]) as server:
        reply = _client(server, sleeps, limiter, max_retry_after=2).complete(HI, [])
    assert reply.tool_calls[0]["name"] == "wait" and reply.retries == 1
    assert max(sleeps) <= 2.0 and sum(sleeps) <= 4.0, (
        sleeps
    )  # asked for 3,600 s; waited 2 (own + shared pause)
    assert limiter.book(1).paused <= 2.0  # the pause put on every other caller is cut as well


def test_a_retry_after_past_the_turn_deadline_ends_the_turn_at_the_deadline():
    """Default cap (60 s) and a 5 s deadline: the turn waits out its deadline and no longer, and
    nothing more is sent (the old code slept the whole hour on the shared limiter, then retried)."""
    sleeps: list[float] = []
    limiter = Limiter(Limits())
    with FakeOpenAI([error(429, retry_after=HOUR), call("wait")]) as server:
        with pytest.raises(
            TurnDeadline, match=r"turn deadline of 5 s \(1 tries\).*asked to wait 3600 s.*up to 60 s"
        ):
            _client(server, sleeps, limiter, max_retries=1, turn_deadline=5).complete(HI, [])
        assert server.count == 1
    assert sleeps and max(sleeps) <= 5.0 and sum(sleeps) <= 5.0, sleeps
    assert 50 < limiter.book(1).paused <= 60.0


def test_others_sharing_the_limiter_wait_for_a_pause_only_within_their_own_deadline():
    sleeps: list[float] = []
    limiter = Limiter(Limits())
    limiter.pause(60)  # another caller was told Retry-After (cut to the default 60 s)
    with FakeOpenAI() as server:
        with pytest.raises(TurnDeadline, match=r"\(0 tries\).*s were left of a Retry-After pause"):
            _client(server, sleeps, limiter, turn_deadline=5).complete(HI, [])
        assert server.count == 0  # no slot booked, nothing sent into the pause
        short: list[float] = []
        limiter.pause(0)
        reply = _client(server, short, Limiter(Limits()), turn_deadline=5).complete(
            HI, []
        )  # a limiter not paused
    assert (
        sleeps == [pytest.approx(5.0, abs=0.5)] and reply.tool_calls[0]["name"] == "wait" and max(short) == 0
    )


def test_eval_with_a_retry_after_of_an_hour_finishes_within_its_turn_deadlines(tmp_path):
    """The issue's run: 429 with Retry-After 3600, --max-retries 1 --turn-deadline 5. Every seat of
    the round waits at most its 5 s deadline (the pause is shared), the turns are waits, the eval
    ends. A separate process: the pause stays on its process-wide limiter."""
    out = tmp_path / "e"
    with FakeOpenAI([error(429, retry_after=HOUR)]) as server:
        start = time.monotonic()
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "agentworld.cli",
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "llm",
                "--model",
                "m",
                "--base-url",
                server.base_url,
                "--max-rounds",
                "1",
                "--judge",
                "none",
                "--quiet",
                "--max-retries",
                "1",
                "--turn-deadline",
                "5",
                "--out",
                str(out),
            ],
            capture_output=True,
            text=True,
            timeout=HOUR / 4,
            env={**os.environ, "PYTHONPATH": str(ROOT), "OPENAI_API_KEY": "k"},
        )
        elapsed = time.monotonic() - start
        assert server.statuses == [429]  # the other seats sent nothing into the pause
    assert proc.returncode == 0, proc.stderr
    assert elapsed < HOUR / 6  # generous: the waits inside were at most 3 x 5 s
    record = json.loads((out / "results.jsonl").read_text())
    assert record["status"] == "ok" and record["actions"] == 3
    rows = [
        json.loads(line) for line in (out / "task_01" / "0" / "llm_transcript.jsonl").read_text().splitlines()
    ]
    assert [r["issues"] for r in rows] == [["turn_deadline"]] * 3
    assert "asked to wait 3600 s (Retry-After: honoured up to 60 s" in rows[0]["error"]
    metrics = json.loads((out / "task_01" / "0" / "metrics.json").read_text())
    assert metrics["usage"]["deadline_turns"] == 3


def test_a_ten_megabyte_reply_is_cut_in_the_conversation_marked_and_counted(tmp_path):
    huge = 10_000_000
    big_text = {
        "content": "x" * huge,
        "tool_calls": [("wait", "{}")],
    }  # lumberjack: a novel, then a valid call
    big_args = call("chat", '{"to": "lumberjack", "message": "' + "y" * huge + '"}')  # woodworker
    big_no_call = {"content": "z" * huge, "tool_calls": []}  # wizard: only text
    with FakeOpenAI([big_text, big_args, big_no_call]) as server:
        team = make_team(
            ["lumberjack", "woodworker", "wizard"], model="m", base_url=server.base_url, api_key="k"
        )
        result = run_episode(
            "task_01", team, seed=0, options={"max_rounds": 4}, out_dir=tmp_path / "r", progress=False
        )
        write_transcript(tmp_path / "r", team)  # as eval and run write it
        sizes = [len(json.dumps(body)) for body in server.requests]
        later = server.requests[3:]
    assert result["status"] == "ok" and len(sizes) == 12
    cap = MAX_REPLY_CHARS + MAX_ARGUMENT_CHARS
    assert max(sizes[3:]) < sizes[0] + 2 * cap, sizes  # the prompts grow by at most the caps, not by 10 MB
    assert max(sizes[3:]) - min(sizes[3:]) < 2 * cap

    by_seat = {name: [b for b in later if f"You are {name}" in b["messages"][1]["content"]] for name in team}
    lumberjack = by_seat["lumberjack"][0]["messages"]
    kept = next(m for m in lumberjack if m["role"] == "assistant")["content"]
    assert kept.startswith("x" * 100) and len(kept) < MAX_REPLY_CHARS + 100 and "more characters cut]" in kept
    assert f"only its first {MAX_REPLY_CHARS} are kept" in lumberjack[-1]["content"]
    woodworker = by_seat["woodworker"][0]["messages"]
    assert (
        "the call chat: its arguments are 10000035 characters long; the limit is 8000"
        in woodworker[-1]["content"]
    )

    rows = {
        r["actor"]: r
        for r in map(json.loads, (tmp_path / "r").joinpath("llm_transcript.jsonl").read_text().splitlines())
        if r["round"] == 1
    }
    assert rows["lumberjack"]["truncated"] == {"content": huge}
    assert rows["woodworker"]["truncated"] == {"arguments": huge + 35}
    assert "malformed_tool_call" in rows["woodworker"]["issues"]
    assert rows["wizard"]["truncated"] == {"content": huge} and "no_tool_call" in rows["wizard"]["issues"]
    assert all("truncated_replies" in rows[n]["issues"] for n in rows)
    assert all(len(json.dumps(r)) < 5_000 for r in rows.values())
    metrics = json.loads((tmp_path / "r" / "metrics.json").read_text())
    assert metrics["usage"]["truncated_replies"] == 3
    assert {n: a["usage"]["truncated_replies"] for n, a in metrics["per_agent"].items()} == {
        "lumberjack": 1,
        "woodworker": 1,
        "wizard": 1,
    }
    first = [json.loads(line) for line in (tmp_path / "r" / "trajectory.jsonl").read_text().splitlines()][:3]
    assert first[0]["tool"] == "wait" and first[0]["ok"]
    assert not first[1]["ok"] and "characters long; the limit is 8000" in first[1]["raw"]
    assert all(len(json.dumps(r)) < 10_000 for r in first)
