"""Trust is explicit (issue 22, item 7): listing tasks imports no code; replay/export of a run directory
import its own verifier.py only when it is the installed verifier, or with --trust-run-verifier.

Every verifier here writes a marker file when imported, so "no code ran" is checked directly.
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

from agentworld import task_sources
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import list_tasks
from agentworld.trajectory import UntrustedVerifierError, load_run, replay, run_task

pytestmark = pytest.mark.timeout(300)
SHIPPED_VERIFIER = TASKS_DIR.parent / "verifiers" / "task_01.py"


def marking_verifier(marker: Path) -> str:
    """task_01's verifier, plus a line that leaves `marker` behind when the module is imported."""
    return (
        f"import pathlib\npathlib.Path({str(marker)!r}).write_text('imported')\n"
        "from agentworld.verifiers.task_01 import *  # noqa: F403\n"
        "from agentworld.verifiers.task_01 import CHECKPOINTS  # noqa: F401\n"
    )


def make_pack(folder: Path, marker: Path, task_id: str = "marked") -> Path:
    """A task folder: task_01 under another id, its verifier beside it as <id>.py (which marks)."""
    raw = yaml.safe_load((TASKS_DIR / "task_01.yaml").read_text(encoding="utf-8"))
    raw.pop("verifier", None)
    raw.update(id=task_id, name="Marked staff")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{task_id}.yaml").write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    (folder / f"{task_id}.py").write_text(marking_verifier(marker), encoding="utf-8")
    return folder / f"{task_id}.yaml"


def cli(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentworld.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=240,
    )


@pytest.fixture(autouse=True)
def _no_leftover_dirs():
    yield
    task_sources.clear_task_dirs()


@pytest.fixture
def pack(tmp_path) -> tuple[Path, Path]:
    marker = tmp_path / "marker"
    return make_pack(tmp_path / "pack", marker).parent, marker


# --- listing ------------------------------------------------------------------------------------
def test_listing_a_pack_imports_none_of_its_code(tmp_path, pack):
    folder, marker = pack
    listed = cli("tasks", "--tasks-dir", str(folder), "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "marked" in [row["id"] for row in json.loads(listed.stdout)]
    by_env = cli("tasks", "--set", "all", cwd=tmp_path, env={task_sources.ENV_VAR: str(folder)})
    assert by_env.returncode == 0 and "marked" in by_env.stdout
    task_sources.add_task_dirs([folder])
    assert "marked" in [row["id"] for row in list_tasks("all")]
    assert not marker.exists()  # nothing of the pack ran
    checked = cli("validate", str(folder / "marked.yaml"), cwd=tmp_path)  # validate does run it: documented
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert marker.exists()


# --- run directories ----------------------------------------------------------------------------
@pytest.fixture
def foreign_run(tmp_path, pack) -> tuple[Path, Path, Path]:
    """A run of the pack's task; then the pack is gone, as on another machine. (run dir, pack, marker)"""
    folder, marker = pack
    ran = cli(
        "run",
        str(folder / "marked.yaml"),
        "--agents",
        "oracle",
        "--out",
        str(tmp_path / "run"),
        "--quiet",
        cwd=tmp_path,
    )
    assert ran.returncode == 0, ran.stderr
    assert (tmp_path / "run" / "verifier.py").read_text() == (folder / "marked.py").read_text()
    marker.unlink()
    return tmp_path / "run", folder, marker


def test_replay_refuses_a_foreign_verifier_without_the_flag_and_runs_it_with(tmp_path, foreign_run):
    run, folder, marker = foreign_run
    shutil.rmtree(folder)
    refused = cli("replay", str(run), cwd=tmp_path)
    assert refused.returncode == 2 and not marker.exists()
    assert str(run) in refused.stderr and str(run / "verifier.py") in refused.stderr
    assert "--trust-run-verifier" in refused.stderr and "Traceback" not in refused.stderr
    trusted = cli("replay", str(run), "--trust-run-verifier", cwd=tmp_path)
    assert trusted.returncode == 0 and "replay matches" in trusted.stdout, trusted.stderr
    assert marker.exists()


def test_export_refuses_a_foreign_verifier_without_the_flag_and_runs_it_with(tmp_path, foreign_run):
    run, folder, marker = foreign_run
    shutil.rmtree(folder)
    out = tmp_path / "out.jsonl"
    refused = cli("export", str(run), "--out", str(out), cwd=tmp_path)
    assert refused.returncode == 2 and not marker.exists()
    assert str(run / "verifier.py") in refused.stderr and "--trust-run-verifier" in refused.stderr
    trusted = cli("export", str(run), "--out", str(out), "--trust-run-verifier", cwd=tmp_path)
    assert trusted.returncode == 0, trusted.stderr
    assert marker.exists() and out.read_text().count("\n") > 0


def test_a_copy_that_differs_from_the_installed_verifier_is_refused_and_named(tmp_path, foreign_run):
    run, folder, marker = foreign_run
    (run / "verifier.py").write_text((run / "verifier.py").read_text() + "print('also this')\n")
    refused = cli("replay", str(run), "--tasks-dir", str(folder), cwd=tmp_path)
    assert refused.returncode == 2 and not marker.exists()
    assert (
        "differs from the installed verifier" in refused.stderr
        and str(folder / "marked.py") in refused.stderr
    )


def test_a_copy_identical_to_the_installed_verifier_loads_the_installed_file(tmp_path, foreign_run):
    run, folder, _ = foreign_run
    task_sources.add_task_dirs([folder])
    task = run_task(run)
    assert task.verifier == str((folder / "marked.py").resolve())
    assert replay(run)["match"]


def test_a_copy_of_a_shipped_verifier_loads_the_shipped_module(tmp_path):
    ran = cli("run", "task_01", "--agents", "oracle", "--out", str(tmp_path / "run"), "--quiet", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    run = tmp_path / "run"
    raw = yaml.safe_load((run / "task.yaml").read_text())
    (run / "task.yaml").write_text(yaml.safe_dump({**raw, "verifier": "verifier.py"}, sort_keys=False))
    shutil.copyfile(SHIPPED_VERIFIER, run / "verifier.py")
    assert run_task(run).verifier == "task_01"
    assert replay(run)["match"]
    (run / "verifier.py").write_text(marking_verifier(tmp_path / "marker"))
    with pytest.raises(UntrustedVerifierError, match="differs from the installed verifier of task task_01"):
        load_run(run)
    assert not (tmp_path / "marker").exists()


@pytest.mark.parametrize(
    "verifier, beside, words",
    [
        (
            None,
            "task_01.py",
            "differs from the installed verifier of task task_01",
        ),  # <id>.py beside task.yaml
        ("/ABS/evil.py", None, "evil.py is Python code"),  # any path on the disk
        ("this", None, "names the module 'this'"),  # any importable module (prints the Zen of Python)
    ],
)
def test_every_way_a_run_directory_names_code_is_refused(tmp_path, verifier, beside, words):
    ran = cli("run", "task_01", "--agents", "oracle", "--out", str(tmp_path / "run"), "--quiet", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    run, marker = tmp_path / "run", tmp_path / "marker"
    raw = yaml.safe_load((run / "task.yaml").read_text())
    raw.pop("verifier", None)
    if verifier is not None:
        raw["verifier"] = verifier.replace("/ABS", str(tmp_path))
        (tmp_path / "evil.py").write_text(marking_verifier(marker))
    if beside is not None:
        (run / beside).write_text(marking_verifier(marker))
    (run / "task.yaml").write_text(yaml.safe_dump(raw, sort_keys=False))
    refused = cli("replay", str(run), cwd=tmp_path)
    assert refused.returncode == 2 and words in refused.stderr, refused.stderr
    assert not marker.exists() and "Zen of Python" not in refused.stdout
