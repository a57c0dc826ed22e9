"""`--without ROLE[,ROLE]` (run, eval, the `without` episode option): the team minus those roles."""

from __future__ import annotations

import json

import pytest

from agentworld.cli import main
from agentworld.options import build_team
from agentworld.runner import run_episode
from agentworld.tasks import load_task, without_roles
from agentworld.trajectory import read_jsonl, replay


def test_without_drops_the_roles_and_their_plans_and_replays(tmp_path):
    full = run_episode("task_01", "oracle", seed=0, progress=False)
    out = tmp_path / "run"
    result = run_episode(
        "task_01", "oracle", seed=0, options={"without": ["Wizard"]}, out_dir=out, progress=False
    )
    assert full["success"] and result["status"] == "ok" and not result["success"]  # the wizard must wield it
    assert list(result["per_agent"]) == ["lumberjack", "woodworker"]
    assert {r["agent"] for r in read_jsonl(out / "trajectory.jsonl") if r["type"] == "action"} == {
        "lumberjack",
        "woodworker",
    }
    assert json.loads((out / "config.json").read_text())["options"]["without"] == ["Wizard"]
    assert replay(out)["match"]


def test_roles_and_agent_names_match_in_any_case():
    task = load_task("task_08")
    # two agents sharing a role: naming the role removes both
    agents = [
        a.model_copy(update={"role": "Damage dealer"}) if a.name in ("axeman", "archer") else a
        for a in task.agents
    ]
    task = task.model_copy(update={"agents": agents})
    left = without_roles(task, ["damage DEALER", "WARDEN"])
    assert [a.name for a in left.agents] == ["pyromancer", "alchemist"]
    assert set(left.oracle) <= set(left.agent_names) and left.variant_of == "task_08"
    twice = without_roles(task, ["warden", "Warden"])  # naming a role twice removes it once
    assert twice.agent_names == [a.name for a in task.agents if a.name != "warden"]


@pytest.mark.parametrize(
    "roles, message",
    [
        (
            ["wizzard"],
            "task_01 has no role or agent 'wizzard'; did you mean 'wizard'?; its team: lumberjack "
            "(Lumberjack), woodworker (Woodworker), wizard (Wizard)",
        ),
        (["wizard", "woodworker", "lumberjack"], "leaves task_01 with no agents"),
    ],
)
def test_unknown_or_every_role_is_a_clear_error(roles, message):
    with pytest.raises(ValueError) as info:
        without_roles(load_task("task_01"), roles)
    assert message in str(info.value)


def test_cli_run_and_eval_take_without(tmp_path, capsys):
    assert (
        main(["run", "task_01", "--without", "wizard", "--agents", "oracle,noop", "--json", "--quiet"]) == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert (
        list(result["per_agent"]) == ["lumberjack", "woodworker"]
        and result["per_agent"]["woodworker"]["kind"] == "noop"
    )
    assert main(["run", "task_01", "--without", "wizzard", "--quiet"]) == 2
    assert "did you mean 'wizard'" in capsys.readouterr().err
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01,task_02",
                "--without",
                "wizard",
                "--agents",
                "noop",
                "--out",
                str(tmp_path / "bad"),
                "--quiet",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "task_02 has no role or agent 'wizard'" in err and "its team: miner (Miner)" in err
    assert (
        main(
            [
                "eval",
                "--tasks",
                "task_01",
                "--without",
                "wizard",
                "--agents",
                "noop",
                "--episodes",
                "1",
                "--max-rounds",
                "2",
                "--workers",
                "1",
                "--out",
                str(tmp_path / "ev"),
                "--quiet",
            ]
        )
        == 0
    )
    [record] = [json.loads(line) for line in (tmp_path / "ev" / "results.jsonl").read_text().splitlines()]
    assert record["status"] == "ok" and record["agents"] == 2 and record["actions"] == 4
    config = json.loads((tmp_path / "ev" / record["run_dir"] / "config.json").read_text())
    assert list(config["agents"]) == ["lumberjack", "woodworker"] and config["options"]["without"] == [
        "wizard"
    ]


def test_mixed_llm_team_is_sized_for_the_team_without_the_roles():
    options = {"model": "m", "base_url": "http://127.0.0.1:9/v1", "api_key": "k"}
    team = build_team("task_01", "llm,oracle", options, {"without": ["wizard"]})
    assert list(team) == ["lumberjack", "woodworker"] and team["woodworker"] == "oracle"
    with pytest.raises(ValueError, match="2 agent kinds given for 3 agents"):
        build_team("task_01", "llm,oracle", options)
