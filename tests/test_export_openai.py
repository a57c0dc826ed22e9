"""`export --format openai-chat` writes exactly OpenAI's fine-tuning format (issue 26 item 8): only
the keys it allows, metadata only on request, and the tool-call ids the model server sent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fake_openai import FakeOpenAI, call
from test_export import actions

from agentworld.cli import main
from agentworld.export import OPENAI_MESSAGE_KEYS, ExportError, _openai, export, openai_chat_problems


@pytest.fixture(scope="module")
def cli_run(tmp_path_factory) -> tuple[Path, list[dict]]:
    """task_01 played by `agentworld run --agents llm` (which saves llm_transcript.jsonl) against a
    fake server answering with the oracle's calls; (run dir, request bodies)."""
    tmp = tmp_path_factory.mktemp("export_openai")
    assert (
        main(["run", "task_01", "--agents", "oracle", "--out", str(tmp / "oracle"), "--quiet", "--json"]) == 0
    )
    script = [call(r["tool"], **(r["args"] or {})) for r in actions(tmp / "oracle")]
    with pytest.MonkeyPatch.context() as env, FakeOpenAI(script) as server:
        env.setenv("OPENAI_API_KEY", "test-key")
        assert (
            main(
                [
                    "run",
                    "task_01",
                    "--agents",
                    "llm",
                    "--model",
                    "fake",
                    "--base-url",
                    server.base_url,
                    "--history",
                    "last",
                    "--history-turns",
                    "3",
                    "--out",
                    str(tmp / "llm"),
                    "--quiet",
                    "--json",
                ]
            )
            == 0
        )
    return tmp / "llm", server.requests


def test_lines_hold_only_the_format_and_the_sent_ids(cli_run, tmp_path):
    run_dir, requests = cli_run
    out = tmp_path / "ft.jsonl"
    assert main(["export", str(run_dir), "--out", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == len(requests) == len(actions(run_dir))
    transcript = [json.loads(line) for line in (run_dir / "llm_transcript.jsonl").read_text().splitlines()]
    sent_ids = {row["tool_calls"][0]["id"] for row in transcript}
    for line, request in zip(lines, requests, strict=True):
        assert set(line) == {"messages", "tools"}  # no metadata unless asked for
        for message in line["messages"]:
            assert set(message) <= OPENAI_MESSAGE_KEYS[message["role"]] and None not in message.values()
        # the prompt is exactly what the model was sent, its tool-call ids included
        assert line["messages"][:-1] == [
            {k: v for k, v in m.items() if v is not None} for m in request["messages"]
        ]
        assert line["tools"] == request["tools"]
        assert line["messages"][-1]["tool_calls"][0]["id"] in sent_ids
    assert any(m.get("tool_call_id") for line in lines for m in line["messages"])

    with_meta = tmp_path / "meta.jsonl"
    export([str(run_dir)], with_meta, metadata=True)
    first = json.loads(with_meta.read_text().splitlines()[0])
    assert set(first) == {"messages", "tools", "metadata"} and first["metadata"]["action_id"] == 0


def test_a_line_outside_the_format_is_refused(tmp_path):
    assert openai_chat_problems({"messages": [{"role": "user", "content": "hi"}], "tools": []}) == []
    bad = {
        "messages": [
            {"role": "tool", "content": "x", "tool_call_id": "c", "name": "wait"},
            {"role": "critic", "content": "x"},
        ],
        "tools": [],
        "extra": 1,
    }
    problems = openai_chat_problems(bad)
    assert any("'extra'" in p for p in problems) and any("'name' not allowed" in p for p in problems)
    assert any("critic" in p for p in problems)
    with pytest.raises(ExportError, match="outside OpenAI's fine-tuning format"):
        _openai([{"role": "assistant", "content": "x", "reasoning": "..."}], [], None, tmp_path)
