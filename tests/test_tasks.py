"""Task loading: shipped tasks validate, bad files give 'file: field: problem' errors, ablations."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import agentworld
from agentworld.tasks import (
    TASKS_DIR,
    TaskError,
    load_task,
    no_docs,
    parse_step,
    random_spawns,
    solo,
    with_max_rounds,
    without_agent,
)
from agentworld.world.content import load_content

TASK_01 = TASKS_DIR / "task_01.yaml"


def _write(tmp_path: Path, data: dict, name: str = "task_x.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


@pytest.fixture
def raw01() -> dict:
    return yaml.safe_load(TASK_01.read_text())


def test_shipped_tasks_load_and_list():
    task = load_task("task_01")
    assert task.name == "Cooperative Magic Staff Crafting"
    assert [a.name for a in task.agents] == ["lumberjack", "woodworker", "wizard"]
    assert task.max_rounds == 25
    assert all(a.context.strip() for a in task.agents)
    assert "task_01" in agentworld.list_tasks() and agentworld.list_tasks("crafting")[0] == "task_01"
    assert "task_08" not in agentworld.list_tasks("crafting")
    rows = agentworld.tasks.list_tasks()
    assert {
        "id": "task_01",
        "name": task.name,
        "category": "crafting",
        "agents": 3,
        "max_rounds": 25,
        "variant_of": None,
        "transforms": None,
    } in rows


@pytest.mark.parametrize(
    "mutate, expected",
    [
        (
            lambda d: d["agents"][1]["skills"].update({"fletchin": 15}),
            "task_x.yaml: agents[1].skills.fletchin: unknown skill 'fletchin'; did you mean 'fletching'?",
        ),
        (
            lambda d: d["agents"][0]["inventory"].update({"bronze_axx": 1}),
            "task_x.yaml: agents[0].inventory.bronze_axx: unknown item 'bronze_axx'",
        ),
        (
            lambda d: d["agents"][0].update({"spawn": "nowhere_land"}),
            "task_x.yaml: agents[0].spawn: unknown landmark 'nowhere_land'",
        ),
        (
            lambda d: d["agents"][0].update({"colour": "red"}),
            "task_x.yaml: agents[0].colour: Extra inputs are not permitted",
        ),
        (lambda d: d.pop("max_rounds"), "task_x.yaml: max_rounds: Field required"),
        (lambda d: d.update({"category": "dancing"}), "task_x.yaml: category: Input should be"),
        (
            lambda d: d["agents"][2].update({"equipment": {"tail": "bead"}}),
            "task_x.yaml: agents[2].equipment.tail: unknown slot 'tail'",
        ),
        (
            lambda d: d["checkpoints"].append({"id": "dance", "description": "x"}),
            "task_x.yaml: checkpoints[4] 'dance': no `when:` condition and no predicate in the verifier task_01",
        ),
        (lambda d: d.pop("success"), "task_x.yaml: success: Field required"),
        (lambda d: d.update({"success": []}), "task_x.yaml: success: List should have at least 1 item"),
        (
            lambda d: d["success"].append({"weilds": {"agent": "wizard", "item": "bead"}}),
            "task_x.yaml: success[1]: unknown condition 'weilds'; did you mean 'wields'?",
        ),
        (
            lambda d: d["success"].append({"wields": {"agent": "wizard"}}),
            "task_x.yaml: success[1]: wields.item: Field required",
        ),
        (
            lambda d: d["success"].append({"wields": {"agent": "wizzard", "item": "magic_staff"}}),
            "task_x.yaml: success[1]: unknown agent 'wizzard'; did you mean 'wizard'?",
        ),
        (
            lambda d: d["success"].append({"wields": {"agent": "wizard", "item": "oak_log"}}),
            "task_x.yaml: success[1]: oak_log cannot be equipped (it has no slot)",
        ),
        (
            lambda d: d["success"].append({"site_built": {"site": "bridge"}}),
            "task_x.yaml: success[1]: unknown site 'bridge'",
        ),
        (
            lambda d: d["success"].append({"killed": {"mob": "wolff"}}),
            "task_x.yaml: success[1]: unknown mob type 'wolff'; did you mean 'wolf'?",
        ),
        (
            lambda d: d["success"].append({"predicate": "staff_wielde"}),
            "task_x.yaml: success[1]: predicate 'staff_wielde' is not a function of the verifier task_01",
        ),
        (
            lambda d: d["success"].append({"at": {"agent": "wizard", "place": "nowhere"}}),
            "task_x.yaml: success[1]: unknown landmark 'nowhere'",
        ),
        (
            lambda d: d["checkpoints"][0].update({"when": {"holds": {"items": {"oak_log": 1}}}}),
            "task_x.yaml: checkpoints[0] 'logs_gathered': both a `when:` condition and a verifier predicate",
        ),
        (
            lambda d: d.update({"success": [{"holds": {"agent": "wizard", "items": {"bead": 1}}}]}),
            "task_x.yaml: success: every condition already holds on the starting world (nothing to do)",
        ),
        (
            lambda d: d.update({"verifier": "task_nope"}),
            "task_x.yaml: verifier: no verifier 'task_nope': neither agentworld/verifiers/task_nope.py nor an importable module",
        ),
        (
            lambda d: d["oracle"]["wizard"].append({"craft": {"recipe": "magic_stafff"}}),
            "unknown recipe 'magic_stafff'",
        ),
        (lambda d: d["oracle"]["wizard"].append({"jump": {}}), "unknown step 'jump'"),
        (
            lambda d: d["oracle"]["wizard"].append({"give": {"to": "wizzard", "item": "bead"}}),
            "unknown agent 'wizzard'",
        ),
        (
            lambda d: d["world"].update({"mobs": [{"type": "dragonn", "position": [5, 5]}]}),
            "task_x.yaml: world.mobs[0].type: unknown mob type 'dragonn'",
        ),
        (lambda d: d["agents"][1].update({"name": "lumberjack"}), "duplicate agent name"),
        (
            lambda d: d["success"].append({"relay": {"sites": ["west_fire", "east_fire"]}}),
            "task_x.yaml: success[1]: unknown site 'west_fire'",
        ),
        (
            lambda d: d["success"].append({"relay": {"sites": ["a", "b"], "min_gap": 3, "max_gap": 1}}),
            "task_x.yaml: success[1]: relay: max_gap 1 is below min_gap 3",
        ),
        (
            lambda d: d["success"].append({"relay": {"sites": ["a"]}}),
            "task_x.yaml: success[1]: relay.sites: List should have at least 2 items",
        ),
        (
            lambda d: d["success"].append({"built_on": {"site": "wheel", "base": "wheel"}}),
            "task_x.yaml: success[1]: built_on: a site cannot be built on itself (wheel)",
        ),
        (
            lambda d: d["success"].append({"built_on": {"site": "wheel", "on": "base"}}),
            "task_x.yaml: success[1]: built_on.base: Field required",
        ),
        (
            lambda d: (
                d["world"].update({"sites": [{"id": "bare", "position": [131, 121]}]}),
                d["success"].append({"built_on": {"site": "bare", "base": "bare_base"}}),
            ),
            "task_x.yaml: success[1]: site 'bare' needs no build (no materials, no work), so built_on can never hold",
        ),
        (
            lambda d: d["success"].append({"built_while_held": {"site": "circle", "places": ["nowhere"]}}),
            "task_x.yaml: success[1]: unknown landmark 'nowhere'",
        ),
        (
            lambda d: d["success"].append(
                {"built_while_held": {"site": "circle", "places": [[1, 2]], "within": -1}}
            ),
            "task_x.yaml: success[1]: built_while_held.within: Input should be greater than or equal to 0",
        ),
    ],
)
def test_errors_name_file_field_and_problem(tmp_path, raw01, mutate, expected):
    raw01.setdefault("world", {})
    mutate(raw01)
    with pytest.raises(TaskError) as info:
        load_task(_write(tmp_path, raw01))
    assert any(expected in p for p in info.value.problems), info.value.problems


def test_missing_file_and_bad_yaml(tmp_path):
    with pytest.raises(TaskError, match="task_999.yaml: no such task file"):
        load_task("task_999")
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: [unclosed")
    with pytest.raises(TaskError, match="broken.yaml: invalid YAML"):
        load_task(bad)


def test_validate_cli(tmp_path, raw01):
    ok = subprocess.run([sys.executable, "-m", "agentworld.cli", "validate"], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "ok  task_01.yaml" in ok.stdout
    raw01["agents"][1]["skills"]["fletchin"] = 3
    bad = _write(tmp_path, raw01)
    out = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "validate", str(bad)], capture_output=True, text=True
    )
    assert out.returncode == 1
    assert "agents[1].skills.fletchin: unknown skill 'fletchin'" in out.stdout


def test_validate_a_directory_and_unreadable_files(tmp_path, raw01):
    from agentworld.cli import main

    _write(tmp_path, raw01, "a.yaml")
    raw01["max_rounds"] = 0
    _write(tmp_path, raw01, "b.yaml")
    (tmp_path / "c.yaml").write_bytes(b"\xff\xfe not utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "validate", str(tmp_path)], capture_output=True, text=True
    )
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "ok  a.yaml" in out.stdout and "b.yaml: max_rounds:" in out.stdout
    assert "c.yaml: cannot read the task file" in out.stdout and "2 of 3 task file(s) invalid" in out.stderr
    assert main(["validate", str(tmp_path / "nothing_here")]) == 1
    (tmp_path / "empty").mkdir()
    assert main(["validate", str(tmp_path / "empty")]) == 1


def test_tasks_cli_json():
    out = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "tasks", "--json"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert rows[0]["id"] == "task_01" and set(rows[0]) == {
        "id",
        "name",
        "category",
        "agents",
        "max_rounds",
        "variant_of",
        "transforms",
    }


def test_tasks_cli_category_filters_and_names_the_choices():
    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "agentworld.cli", "tasks", *args], capture_output=True, text=True
        )

    combat = json.loads(run("--category", "combat", "--json").stdout)
    assert combat and {r["category"] for r in combat} == {"combat"}
    assert len(combat) < len(json.loads(run("--json").stdout))
    bad = run("--category", "cooking")
    assert bad.returncode == 2 and "invalid choice: 'cooking'" in bad.stderr and "crafting" in bad.stderr


def test_ablations_are_pure():
    task = load_task("task_01")
    assert all(a.context == "" for a in no_docs(task).agents)
    assert all(a.context for a in task.agents)  # the original is untouched
    assert with_max_rounds(task, 10).max_rounds == 10 and task.max_rounds == 25
    assert [a.name for a in solo(task).agents] == ["lumberjack"]
    assert "woodworker" not in without_agent(task, "woodworker").oracle
    content = load_content()
    a, b, c = (
        random_spawns(task, 1, content),
        random_spawns(task, 1, content),
        random_spawns(task, 2, content),
    )
    assert [x.spawn for x in a.agents] == [x.spawn for x in b.agents]
    assert [x.spawn for x in a.agents] != [x.spawn for x in c.agents]
    for spec in a.agents:
        assert content.map.walkable(*spec.spawn)


def test_parse_step_forms():
    assert parse_step("wait").kind == "wait"
    assert parse_step({"gather": {"target": "oak_tree", "count": 2}}).count == 2
    with pytest.raises(ValueError, match="exactly one of"):
        parse_step({"wait_for": {}})


def test_unwalkable_and_wrong_slot_positions_are_reported(tmp_path, raw01):
    content = load_content()
    water = next(
        (x, y)
        for y in range(content.map.height)
        for x in range(content.map.width)
        if not content.map.walkable(x, y)
    )
    raw01["agents"][0]["spawn"] = list(water)
    raw01["agents"][2]["equipment"] = {"weapon": "bead"}
    with pytest.raises(TaskError) as info:
        load_task(_write(tmp_path, raw01))
    text = "\n".join(info.value.problems)
    assert f"agents[0].spawn: position {list(water)} is on unwalkable terrain" in text
    assert "agents[2].equipment.weapon: bead goes in no slot" in text


def test_a_predicate_that_crashes_on_the_starting_world_is_reported(tmp_path, raw01, monkeypatch):
    """Episodes count a crashing predicate as 'not reached'; validation must show the crash instead."""
    import types

    from agentworld.verifiers import task_01

    broken = types.ModuleType("agentworld.verifiers.qa_broken")
    broken.CHECKPOINTS = dict(
        task_01.CHECKPOINTS, staff_crafted=lambda world, task: world.players["merlin"].hp > 0
    )
    monkeypatch.setitem(sys.modules, "agentworld.verifiers.qa_broken", broken)
    raw01["verifier"] = "qa_broken"
    with pytest.raises(TaskError) as info:
        load_task(_write(tmp_path, raw01))
    assert info.value.problems == [
        "task_x.yaml: verifier: checkpoint 'staff_crafted' raised KeyError: 'merlin' on the starting world"
    ]


@pytest.mark.parametrize("typo", ["task01", "1", "01", "Task-1", "task_1", "TASK_01x"])
def test_task_id_typos_suggest_the_task(typo):
    """Issue 10 item 10: 'task01' and '1' get "did you mean 'task_01'" (run, eval and make)."""
    from agentworld.evaluation import select_tasks

    with pytest.raises(TaskError, match=r"did you mean 'task_01'\?"):
        load_task(typo)
    with pytest.raises(ValueError, match=r"did you mean 'task_01'\?"):
        select_tasks(typo)


def test_a_far_off_task_id_gets_no_suggestion():
    with pytest.raises(TaskError) as info:
        load_task("dragon_quest")
    assert "did you mean" not in str(info.value)
