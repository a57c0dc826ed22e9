"""Tasks from anywhere: a task folder outside the package, verifiers by path or module, task packs.

A task written in a temporary folder (YAML + verifier .py beside it) must validate, run, replay
and be judged without touching the installed package, and its run directory must carry its
verifier so replay works after the folder is gone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import agentworld
from agentworld import task_sources
from agentworld.runner import run_episode
from agentworld.tasks import TASKS_DIR, TaskError, load_task
from agentworld.trajectory import replay

VERIFIER = '''"""My staff task: the wizard ends up with a staff."""
from agentworld.verifiers.helpers import held


def logs_gathered(world, task):
    return held(world, "heartwood_log") > 0


def sticks_crafted(world, task):
    return held(world, "heartwood_stick") >= 2


def staff_in_hand(world, task):
    """The wizard wields the staff."""
    return world.players["wizard"].equipment.get("weapon") == "heartwood_staff"


CHECKPOINTS = {"logs_gathered": logs_gathered, "sticks_crafted": sticks_crafted}
'''


def _my_task(folder: Path, task_id: str = "my_staff", **changes) -> Path:
    """task_01 copied under another id, its checkpoints split between a verifier and `when:`."""
    raw = yaml.safe_load((TASKS_DIR / "task_01.yaml").read_text())
    raw.pop("verifier", None)
    raw.update(id=task_id, name="My staff")
    raw["checkpoints"] = [
        {"id": "logs_gathered", "description": "Logs exist."},
        {"id": "sticks_crafted", "description": "Two sticks exist."},
        {
            "id": "staff_made",
            "description": "A staff exists.",
            "when": {"holds": {"items": {"heartwood_staff": 1}}},
        },
    ]
    raw["success"] = [{"predicate": "staff_in_hand"}]
    raw.update(changes)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{task_id}.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False))
    return path


def _cli(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentworld.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=300,
    )


@pytest.fixture(autouse=True)
def _no_leftover_dirs():
    yield
    task_sources.clear_task_dirs()
    task_sources.pack_dirs.cache_clear()


def test_a_task_beside_its_verifier_validates_runs_replays_and_is_judged_after_its_folder_is_gone(tmp_path):
    folder = tmp_path / "mytasks"
    path = _my_task(folder)
    (folder / "my_staff.py").write_text(VERIFIER)
    assert _cli("validate", str(path), cwd=tmp_path).returncode == 0
    ran = _cli("run", str(path), "--agents", "oracle", "--out", str(tmp_path / "run"), "--json", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout)["success"] is True
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert config["task_source"] == str(path.resolve())
    assert config["verifier_source"] == str((folder / "my_staff.py").resolve())
    shutil.rmtree(folder)  # the run directory must stand on its own
    # its verifier.py (the copy of my_staff.py) is code no installed task offers: replayed only when trusted
    assert replay(tmp_path / "run", trust_verifier=True)["match"]
    judged = _cli("judge", str(tmp_path / "run"), cwd=tmp_path)
    assert judged.returncode == 0, judged.stderr
    assert json.loads((tmp_path / "run" / "cce.json").read_text())["cce"] > 0


def test_verifier_by_relative_path_by_module_and_by_module_attribute(tmp_path, monkeypatch):
    (tmp_path / "checks").mkdir()
    (tmp_path / "checks" / "v.py").write_text(VERIFIER)
    by_path = load_task(_my_task(tmp_path / "a", verifier="../checks/v.py"))
    (tmp_path / "pkgroot").mkdir()
    (tmp_path / "pkgroot" / "my_checks.py").write_text(
        VERIFIER + "\nclass Checks:\n    CHECKPOINTS = CHECKPOINTS\n"
        "    staff_in_hand = staticmethod(staff_in_hand)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path / "pkgroot"))
    by_module = load_task(_my_task(tmp_path / "b", verifier="my_checks"))
    by_attr = load_task(_my_task(tmp_path / "c", verifier="my_checks:Checks"))
    for task in (by_path, by_module, by_attr):
        result = run_episode(task, "oracle", seed=0, progress=False)
        assert result["success"] and result["checkpoints"] == {
            "logs_gathered": True,
            "sticks_crafted": True,
            "staff_made": True,
        }


@pytest.mark.parametrize(
    "verifier, expected",
    [
        ("nope.py", "verifier: no verifier file"),
        (
            "no_such_module_xyz",
            "verifier: no verifier 'no_such_module_xyz': neither agentworld/verifiers/no_such_module_xyz.py",
        ),
        (
            "agentworld.verifiers.helpers:nothing",
            "module agentworld.verifiers.helpers has no attribute 'nothing'",
        ),
    ],
)
def test_a_verifier_that_cannot_be_found_is_a_clear_validate_error(tmp_path, verifier, expected):
    with pytest.raises(TaskError) as info:
        load_task(_my_task(tmp_path, verifier=verifier))
    assert any(expected in p for p in info.value.problems), info.value.problems


def test_a_task_without_any_verifier_needs_when_conditions(tmp_path):
    path = _my_task(tmp_path)  # no my_staff.py beside it
    with pytest.raises(TaskError) as info:
        load_task(path)
    assert (
        "my_staff.yaml: checkpoints[0] 'logs_gathered': no `when:` condition and no predicate in any verifier "
        "(the task has none)" in info.value.problems
    )
    assert any(
        "success[0]: predicate 'staff_in_hand' is not a function of the task (it has no verifier)" in p
        for p in info.value.problems
    )


def test_task_ids_are_found_in_tasks_dir_and_the_environment_variable(tmp_path):
    folder = tmp_path / "mine"
    _my_task(folder)
    (folder / "my_staff.py").write_text(VERIFIER)
    ran = _cli("run", "my_staff", "--tasks-dir", str(folder), "--agents", "oracle", "--json", cwd=tmp_path)
    assert ran.returncode == 0 and json.loads(ran.stdout)["success"], ran.stderr
    listed = _cli("tasks", "--json", cwd=tmp_path, env={task_sources.ENV_VAR: str(folder)})
    assert "my_staff" in [row["id"] for row in json.loads(listed.stdout)]
    assert "my_staff" not in [row["id"] for row in json.loads(_cli("tasks", "--json", cwd=tmp_path).stdout)]
    bad = _cli("validate", "--tasks-dir", str(tmp_path / "missing"), cwd=tmp_path)
    assert bad.returncode == 2 and "--tasks-dir" in bad.stderr and "not a directory" in bad.stderr
    task_sources.add_task_dirs([folder])
    env = agentworld.make("my_staff", seed=0)
    assert env.possible_agents == ["lumberjack", "woodworker", "wizard"]


def test_an_installed_task_pack_is_found_through_its_entry_point(tmp_path, monkeypatch):
    """A distribution on sys.path whose entry point (group agentworld.tasks) names a task folder."""
    site = tmp_path / "site"
    pack = site / "staffpack"
    _my_task(pack / "tasks", task_id="pack_staff")
    (pack / "tasks" / "pack_staff.py").write_text(VERIFIER)
    (pack / "__init__.py").write_text("from pathlib import Path\nTASKS = Path(__file__).parent / 'tasks'\n")
    info = site / "staffpack-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: staffpack\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[agentworld.tasks]\nstaff = staffpack:TASKS\n")
    monkeypatch.syspath_prepend(str(site))
    task_sources.pack_dirs.cache_clear()
    assert "pack_staff" in task_sources.list_task_ids()
    result = run_episode("pack_staff", "oracle", seed=0, progress=False)
    assert result["success"]


def test_eval_takes_task_paths_and_folders(tmp_path):
    folder = tmp_path / "mine"
    path = _my_task(folder)
    (folder / "my_staff.py").write_text(VERIFIER)
    done = _cli(
        "eval",
        "--tasks",
        f"{path},task_01",
        "--agents",
        "oracle",
        "--episodes",
        "1",
        "--out",
        str(tmp_path / "ev"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "ev" / "summary.json").read_text())
    assert summary["overall"]["episodes"] == 2 and summary["overall"]["sr"] == 1.0
    assert (tmp_path / "ev" / "my_staff" / "0" / "trajectory.jsonl").exists()
    by_folder = _cli(
        "eval",
        "--tasks",
        str(folder),
        "--agents",
        "oracle",
        "--episodes",
        "1",
        "--out",
        str(tmp_path / "ev2"),
        cwd=tmp_path,
    )
    assert by_folder.returncode == 0, by_folder.stderr
    assert json.loads((tmp_path / "ev2" / "summary.json").read_text())["overall"]["episodes"] == 1
