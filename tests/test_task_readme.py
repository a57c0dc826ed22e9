"""The task README's audit table is the audit's own output (scripts/audit_table.py), never hand-edited."""

from __future__ import annotations

from pathlib import Path

from agentworld.task_sources import TASKS_DIR
from script_module import load_script


def _script():
    return load_script("audit_table")


def test_the_readme_audit_table_is_the_audits_output():
    readme = (Path(TASKS_DIR) / "README.md").read_text()
    assert _script().table() in readme, "run: python scripts/audit_table.py --write"


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
