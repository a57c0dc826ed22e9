"""The task README's generated tables are their scripts' output, never hand-edited: the task list
(scripts/task_table.py), the audit table (scripts/audit_table.py) and the round budgets
(scripts/oracle_budgets.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import list_task_ids
from script_module import load_script


def _script():
    return load_script("audit_table")


def test_the_readme_audit_table_is_the_audits_output():
    readme = (Path(TASKS_DIR) / "README.md").read_text()
    assert _script().table() in readme, "run: python scripts/audit_table.py --write"


def test_the_readme_task_list_is_the_task_files():
    readme = (Path(TASKS_DIR) / "README.md").read_text()
    assert load_script("task_table").table() in readme, "run: python scripts/task_table.py --write"


def test_the_task_list_names_a_generated_tasks_signature_and_a_hand_written_tasks_structure():
    script = load_script("task_table")
    assert script.row("task_01").endswith(
        "| by hand | heartwood logs -> sticks -> heartwood staff -> wielded by the wizard |"
    )
    assert "| generated | `workshop:" in script.row("task_17")


def test_write_refuses_a_readme_without_the_table(tmp_path):
    script = _script()
    readme = tmp_path / "README.md"
    readme.write_text("# tasks\n")
    try:
        script.write(readme, script.HEADER)
    except SystemExit as err:
        assert "no audit table" in str(err)
    else:
        raise AssertionError("write accepted a README with no audit table")


@pytest.mark.parametrize("task_id", list_task_ids())
def test_the_readme_budget_row_is_the_scripts_output(task_id):
    """Each row of the README's round-budget table is what scripts/oracle_budgets.py prints (seeds 0-9)."""
    text, inside = load_script("oracle_budgets").row(task_id)
    assert inside, text
    assert text in (Path(TASKS_DIR) / "README.md").read_text(), (
        "run: python scripts/oracle_budgets.py --write"
    )


def test_the_budget_writer_replaces_only_the_table(tmp_path):
    script = load_script("oracle_budgets")
    readme = tmp_path / "README.md"
    readme.write_text(f"# tasks\n\nintro\n\n{script.HEADER}\n| old | row |\n\nafter\n")
    script.write(readme, f"{script.HEADER}\n| new | row |")
    assert readme.read_text() == f"# tasks\n\nintro\n\n{script.HEADER}\n| new | row |\n\nafter\n"
    readme.write_text("# tasks\n")
    with pytest.raises(SystemExit, match="no oracle budget table"):
        script.write(readme, "x")


def test_the_budget_writer_can_replace_named_rows_only(tmp_path):
    script = load_script("oracle_budgets")
    readme = tmp_path / "README.md"
    readme.write_text(f"{script.HEADER}\n| task_01 | 25 | old |\n| task_02 | 35 | old |\n\nafter\n")
    script.write(readme, f"{script.HEADER}\n| task_02 | 35 | new |", only=["task_02"])
    assert readme.read_text() == f"{script.HEADER}\n| task_01 | 25 | old |\n| task_02 | 35 | new |\n\nafter\n"
