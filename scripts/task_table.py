"""Print (or write into agentworld/tasks/README.md) the list of the shipped main tasks.

    python scripts/task_table.py [--write]

One row per task, read from the task files: its name, category, team size, round budget and how
it was written: a generated task's motif signature (its `notes:`), a hand-written task's structure
as the title of its verifier's docstring says it. --write replaces the table under its
header row, so the list is never edited by hand (tests/test_task_readme.py checks it).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import list_task_ids, load_task
from agentworld.verifiers import __file__ as VERIFIERS_INIT

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/ is no package: its sibling by path
from audit_table import replace_table

HEADER = (
    "| id | name | category | agents | budget | written | structure |\n"
    "|----|------|----------|-------:|-------:|---------|-----------|"
)
SIGNATURE = re.compile(r"signature: (\S+)")


def _hand_written_structure(task_id: str) -> str:
    """What the verifier's title says after the task's name ('Task 01, Name: structure.')."""
    source = Path(VERIFIERS_INIT).with_name(f"{task_id}.py")
    doc = ast.get_docstring(ast.parse(source.read_text())) if source.exists() else None
    title = " ".join((doc or "").split("\n\n")[0].split())
    return title.split(": ", 1)[1].rstrip(".") if ": " in title else "-"


def row(task_id: str) -> str:
    task = load_task(task_id)
    signature = SIGNATURE.search(task.notes or "")
    written, structure = (
        ("generated", f"`{signature.group(1)}`")
        if signature
        else ("by hand", _hand_written_structure(task_id))
    )
    return (
        f"| {task.id} | {task.name} | {task.category} | {len(task.agents)} | {task.max_rounds} | "
        f"{written} | {structure} |"
    )


def table() -> str:
    return "\n".join([HEADER, *(row(task_id) for task_id in list_task_ids("main"))])


def write(readme: Path, text: str) -> None:
    """Replace the task table in `readme`."""
    replace_table(readme, HEADER, text, "task")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--write", action="store_true", help="replace the table in agentworld/tasks/README.md"
    )
    args = parser.parse_args(argv)
    text = table()
    if args.write:
        write(Path(TASKS_DIR) / "README.md", text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
