"""The baselines of issue 26 item 6 as episode options: merged agent, discussion rounds, anonymous roles.
Each is recorded in the run's options, so replay plays it again and the report names it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agentworld.cli import main
from agentworld.report.data import load_eval
from agentworld.runner import run_episode
from agentworld.tasks import apply_options, load_task
from agentworld.trajectory import replay
from fake_openai import FakeOpenAI, call


def records(run_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "trajectory.jsonl").read_text().splitlines()]


def test_merged_agent_holds_every_members_abilities():
    task = load_task("task_01")
    sword = task.agents[1].model_copy(update={"equipment": {"weapon": "bronze_sword"}})
    axe = task.agents[2].model_copy(update={"equipment": {"weapon": "bronze_axe"}})
    task = task.model_copy(update={"agents": [task.agents[0], sword, axe]})
    merged = apply_options(task, {"merged_agent": True})
    assert merged.agent_names == ["lumberjack"] and merged.agents[0].spawn == task.agents[0].spawn
    spec = merged.agents[0]
    assert spec.skills == {"lumberjacking": 50, "fletching": 15, "crafting": 50, "magic": 10}
    assert spec.equipment == {"weapon": "bronze_sword"}  # the slot was taken: the second weapon is carried
    assert spec.inventory == {"bronze_axe": 2, "bead": 1}  # one axe carried, one from the wizard's slot
    assert "As wizard (Wizard)" in spec.context and "You play the whole team alone" in spec.context
    assert [c.agent for c in merged.success] == [
        "lumberjack"
    ]  # 'the wizard wields' now means the merged agent
    assert not any("give" in step or "chat" in step for step in merged.oracle["lumberjack"])


def test_merged_agent_oracle_solves_task_01_and_replays(tmp_path):
    result = run_episode(
        "task_01", "oracle", options={"merged_agent": True}, out_dir=tmp_path / "m", progress=False
    )
    assert result["success"] and result["status"] == "ok"
    assert {r["agent"] for r in records(tmp_path / "m") if r["type"] == "action"} == {"lumberjack"}
    assert json.loads((tmp_path / "m" / "config.json").read_text())["options"]["merged_agent"] is True
    assert replay(tmp_path / "m")["match"]


def test_discussion_rounds_allow_only_chat_then_close_it(tmp_path):
    result = run_episode(
        "task_01", "oracle", options={"discussion_rounds": 2}, out_dir=tmp_path / "d", progress=False
    )
    assert result["status"] == "ok"
    actions = [r for r in records(tmp_path / "d") if r["type"] == "action"]
    early = [r for r in actions if r["round"] <= 2]
    late = [r for r in actions if r["round"] > 2]
    assert all(r["tool"] in ("chat", "wait") for r in early if r["ok"])
    refused = [r for r in early if r["tool"] is None]
    assert refused and all("is a discussion round" in r["error"] for r in refused)
    assert any(r["tool"] == "chat" and r["ok"] for r in early)
    assert not any(r["tool"] == "chat" for r in late)  # every later chat was refused
    closed = [r for r in late if r["error"] and "chat is closed" in r["error"]]
    assert closed and all(r["raw"]["tool"] == "chat" for r in closed)
    assert (
        "Rounds 1-2 are for discussion only"
        in apply_options(load_task("task_01"), {"discussion_rounds": 2}).objective
    )
    assert replay(tmp_path / "d")["match"]


def test_anonymous_roles_rename_the_team_everywhere(tmp_path):
    task = apply_options(load_task("task_01"), {"anonymous_roles": True})
    assert task.agent_names == ["agent_1", "agent_2", "agent_3"]
    assert {a.role for a in task.agents} == {"unassigned"}
    assert [c.agent for c in task.success] == ["agent_3"] and set(task.oracle) == set(task.agent_names)
    words = re.compile(r"\b(lumberjack|woodworker|wizard)\b")
    for spec in task.agents:
        assert spec.context.startswith("Roles are not assigned in this team")
        assert not words.search(spec.context)
    result = run_episode(
        "task_01", "oracle", options={"anonymous_roles": True}, out_dir=tmp_path / "a", progress=False
    )
    assert result["success"] and replay(tmp_path / "a")["match"]


def test_anonymous_roles_reach_the_model_and_bad_tasks_are_refused(tmp_path, capsys):
    with FakeOpenAI(policy=lambda body: call("wait")) as server:
        result = run_episode(
            "task_01",
            "llm",
            options={"anonymous_roles": True, "max_rounds": 1},
            progress=False,
            agent_options={"llm": {"model": "m", "api_key": "k", "base_url": server.base_url}},
        )
        prompts = [b["messages"][1]["content"] for b in server.requests]
    assert result["status"] == "ok" and len(prompts) == 3
    assert all("Roles are not assigned" in p and "agent_" in p for p in prompts)
    assert not any(re.search(r"\b(lumberjack|woodworker|wizard)\b", p) for p in prompts)
    code = main(
        [
            "eval",
            "--tasks",
            "task_01,task_14",
            "--agents",
            "noop",
            "--anonymous-roles",
            "--quiet",
            "--out",
            str(tmp_path / "e"),
        ]
    )
    assert code == 2 and "task_14's verifier" in capsys.readouterr().err
    with pytest.raises(ValueError, match="discussion_rounds"):
        run_episode("task_01", "noop", options={"discussion_rounds": 0}, progress=False)
    assert (
        main(["run", "task_01", "--agents", "noop", "--discussion-rounds", "2", "--no-chat", "--quiet"]) == 2
    )
    assert "discussion_rounds needs chat" in capsys.readouterr().err


def test_eval_keeps_the_baselines_in_its_options_and_report_names_them(tmp_path):
    out = tmp_path / "e"
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "oracle",
                "--merged-agent",
                "--discussion-rounds",
                "1",
                "--judge",
                "none",
                "--quiet",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    options = json.loads((out / "eval.json").read_text())["episode_options"]
    assert options == {"merged_agent": True, "discussion_rounds": 1}
    run_options = json.loads((out / "task_01" / "0" / "config.json").read_text())["options"]
    assert run_options["merged_agent"] is True and run_options["discussion_rounds"] == 1
    assert set(load_eval(out).settings) == {"merged-agent", "discussion=1"}
    assert replay(out / "task_01" / "0")["match"]


def test_merged_agent_is_one_llm_seat_told_it_plays_the_team(tmp_path):
    with FakeOpenAI(policy=lambda body: call("wait")) as server:
        result = run_episode(
            "task_01",
            "llm",
            options={"merged_agent": True, "max_rounds": 2},
            progress=False,
            agent_options={"llm": {"model": "m", "api_key": "k", "base_url": server.base_url}},
        )
        prompts = [b["messages"][1]["content"] for b in server.requests]
    assert result["status"] == "ok" and len(prompts) == 2  # one seat, two rounds
    assert "You play the whole team alone" in prompts[0] and "As wizard (Wizard)" in prompts[0]
