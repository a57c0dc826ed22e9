"""The communication baselines, played for real: --oracle-comm (teammates' true state every round)
and --shared-plan FILE|auto (a written team plan, chat refused), with scripted teams and with LLM
seats played by the fake OpenAI server; both recorded in the run's options so reports label them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import agentworld
from agentworld.baselines import plan_in_words
from agentworld.cli import main
from agentworld.episode import Episode
from agentworld.report.data import load_eval
from agentworld.runner import run_episode
from agentworld.tasks import load_task
from fake_openai import FakeOpenAI, call
from test_eval_env import oracle_policy

TEAMMATE = re.compile(
    r"^- (\w+): (?:at \((\d+), (\d+)\)|dead \(respawns round \d+\)); holds (.*?)(?:; wears .*?)?(?:; last action (\w+)\(.*)?$"
)


def actions(run_dir: Path) -> list[dict]:
    return [
        r
        for r in map(json.loads, (run_dir / "trajectory.jsonl").read_text().splitlines())
        if r["type"] == "action"
    ]


def test_oracle_comm_tells_every_agent_the_truth_each_round(tmp_path: Path) -> None:
    result = run_episode(
        "task_01", "oracle", seed=0, options={"oracle_comm": True}, out_dir=tmp_path / "run", progress=False
    )
    assert result["success"]
    records = actions(tmp_path / "run")
    spawn = {name: player.pos for name, player in Episode("task_01", seed=0).world.players.items()}
    where, last = dict(spawn), {}  # each agent's position and last tool at the end of the previous round
    checked, died = 0, set()
    for rnd in sorted({r["round"] for r in records}):
        this_round = [r for r in records if r["round"] == rnd]
        for rec in this_round:
            lines = rec["oracle_comm"].splitlines()
            assert lines[0].startswith(f"Round {rnd}: the true state of your teammates")
            told = {m[1]: m for m in (TEAMMATE.match(line) for line in lines[1:])}
            assert set(told) == set(spawn) - {rec["agent"]}
            for name, m in told.items():
                if m[2] is None:
                    died.add(name)
                elif name in died and (int(m[2]), int(m[3])) == spawn[name]:
                    pass  # respawned at its spawn (every teammate is told so in the same round)
                else:  # alive: where it stood after its last action
                    assert (int(m[2]), int(m[3])) == where[name]
                assert m[5] == last.get(name)  # None in round 1: nobody has acted yet
                checked += 1
        for rec in this_round:
            where[rec["agent"]], last[rec["agent"]] = tuple(rec["position"]), rec["tool"]
    assert checked == 2 * len(records)
    wizard_first = records[2]["oracle_comm"]  # holdings: the task's starting inventories
    (x, y), (wx, wy) = spawn["lumberjack"], spawn["woodworker"]
    assert f"woodworker: at ({wx}, {wy}); holds nothing" in wizard_first
    assert f"lumberjack: at ({x}, {y}); holds bronze_axe x1" in wizard_first
    assert main(["replay", str(tmp_path / "run")]) == 0
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert config["options"]["oracle_comm"] is True


def test_oracle_comm_reaches_the_observation_as_a_system_message() -> None:
    env = agentworld.make("task_01", seed=0, oracle_comm=True)
    observations, _ = env.reset(seed=0)
    messages = observations["wizard"]["messages"]
    x, y = Episode("task_01", seed=0).world.players["lumberjack"].pos
    assert [m["from"] for m in messages] == ["system"] and f"lumberjack: at ({x}, {y})" in messages[0]["text"]
    plain = agentworld.make("task_01", seed=0)
    assert plain.reset(seed=0)[0]["wizard"]["messages"] == ()


def test_llm_seats_read_the_oracle_brief_in_their_prompt(tmp_path: Path) -> None:
    with FakeOpenAI(policy=oracle_policy(tmp_path)) as server:
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
                    "--oracle-comm",
                    "--quiet",
                    "--backoff-base",
                    "0.001",
                    "--out",
                    str(tmp_path / "llm"),
                ]
            )
            == 0
        )
        prompts = [body["messages"][-1]["content"] for body in server.requests]
    records = actions(tmp_path / "llm")
    assert json.loads((tmp_path / "llm" / "metrics.json").read_text())["success"]
    assert len(prompts) == len(records)
    for prompt, rec in zip(prompts, records):  # each turn's prompt holds the brief recorded on its action
        assert rec["oracle_comm"].splitlines()[1] in prompt
    assert main(["replay", str(tmp_path / "llm")]) == 0


def test_shared_plan_auto_gives_llm_seats_the_plan_and_refuses_chat(tmp_path: Path) -> None:
    def policy(body: dict) -> dict:
        first = not any(m["role"] == "assistant" for m in body["messages"])
        return call("chat", to="team", message="where are you?") if first else call("wait")

    with FakeOpenAI(policy=policy) as server:
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
                    "--shared-plan",
                    "auto",
                    "--max-rounds",
                    "2",
                    "--quiet",
                    "--backoff-base",
                    "0.001",
                    "--out",
                    str(tmp_path / "plan"),
                ]
            )
            == 0
        )
        bodies = list(server.requests)
    task = load_task("task_01")
    plan = plan_in_words(task)
    lines = plan.splitlines()
    assert [line.split(" (")[0] for line in lines] == [f"{n}. {a.name}" for n, a in enumerate(task.agents, 1)]
    for agent, line in zip(task.agents, lines):  # every gather and give step of the oracle plan, in words
        for step in task.oracle_plan(agent.name):
            if step.kind == "gather":
                assert f"gather {step.target} until you hold {step.count}" in line
            if step.kind == "give":
                assert f"give {step.item} x{step.count} to {step.to}" in line
    for body in bodies:
        prompt = "\n".join(str(m.get("content")) for m in body["messages"])
        assert "Team plan" in prompt and plan in prompt
        assert "chat" not in {t["function"]["name"] for t in body["tools"]}
    first = actions(tmp_path / "plan")[:3]
    assert [r["error"] for r in first] == ["the tool 'chat' is disabled in this episode"] * 3
    assert json.loads((tmp_path / "plan" / "metrics.json").read_text())["messages"] == 0
    assert json.loads((tmp_path / "plan" / "config.json").read_text())["options"]["shared_plan"] == "auto"
    assert main(["replay", str(tmp_path / "plan")]) == 0


def test_shared_plan_from_a_file_in_an_eval_is_recorded_and_labelled(tmp_path: Path) -> None:
    plan = tmp_path / "plan.txt"
    plan.write_text(
        "1. lumberjack: fell two oak logs and carry them to the camp.\n2. wizard: bring the bead.\n"
    )
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--agents",
                "oracle",
                "--shared-plan",
                str(plan),
                "--quiet",
                "--out",
                str(tmp_path / "e"),
            ]
        )
        == 0
    )
    config = json.loads((tmp_path / "e" / "eval.json").read_text())
    assert config["episode_options"]["shared_plan"] == plan.read_text().strip()
    assert load_eval(tmp_path / "e").settings == ["shared-plan"]
    episode = Episode("task_01", options={"shared_plan": plan.read_text().strip()})
    briefing = episode.briefing("wizard")
    assert "2. wizard: bring the bead." in briefing["objective"]
    assert "chat" not in {t["function"]["name"] for t in briefing["tools"]}
    oracle_chats = [
        r for r in actions(tmp_path / "e" / "task_01" / "0") if (r["raw"] or {}).get("tool") == "chat"
    ]
    assert oracle_chats and all(not r["ok"] for r in oracle_chats)  # the oracle's chat steps are refused too


def test_bad_shared_plan_values_are_clear_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["run", "task_01", "--shared-plan", str(tmp_path / "missing.txt")])
    assert stop.value.code == 2 and "neither 'auto' nor a readable file" in capsys.readouterr().err
    (tmp_path / "empty.txt").write_text("  \n")
    with pytest.raises(SystemExit):
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--shared-plan",
                str(tmp_path / "empty.txt"),
                "--out",
                str(tmp_path / "x"),
            ]
        )
    assert "is empty" in capsys.readouterr().err
    with pytest.raises(ValueError, match="shared_plan"):
        Episode("task_01", options={"shared_plan": 3})
