"""Print (or write into agentworld/tasks/README.md) the audit table of every shipped task.

    python scripts/audit_table.py [--write]

One row per task from `agentworld audit --all --json`: whether it follows the rules, its
necessary roles with their kinds, knowledge-only and unnecessary roles, agents with a solo route
and what was not audited. --write replaces the table under the README's audit heading, so the
table is the audit's output and never edited by hand.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from agentworld.audit import audit_task
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import list_task_ids, load_task

HEADER = (
    "| task | rules | necessary (kind) | knowledge-only | unnecessary | solo route not excluded | not audited |\n"
    "|------|-------|------------------|----------------|-------------|-------------------------|-------------|"
)
ALL_AT = 7  # from this many agents on, a verdict every role shares is written "all N"


def _roles(roles: list[dict], verdict: str, team: int, kinds: bool = False) -> str:
    chosen = [r for r in roles if r["verdict"] == verdict]
    if not chosen:
        return "-"
    if len(chosen) == team and team >= ALL_AT:
        union = sorted({k for r in chosen for k in r["kinds"]})
        return f"all {team}" + (f" ({', '.join(union)})" if kinds else "")
    return ", ".join(r["agent"] + (f" ({'/'.join(r['kinds'])})" if kinds else "") for r in chosen)


def _unaudited(notes: list[str]) -> str:
    short = []
    for note in notes:
        if note.startswith("nobody has died"):
            short.append("survival (nobody_died)")
        else:
            short.append(note.split("not audited: ", 1)[-1])
    return ", ".join(short) or "-"


def row(report: dict) -> str:
    roles, team = report["roles"], len(report["roles"])
    solo = report["solo_routes"]
    solo_text = "-" if not solo else (f"all {team}" if len(solo) == team >= ALL_AT else ", ".join(solo))
    return (
        f"| {report['task']} | {'ok' if report['ok'] else 'fails'} | {_roles(roles, 'necessary', team, True)} | "
        f"{_roles(roles, 'knowledge-only', team)} | {_roles(roles, 'unnecessary', team)} | {solo_text} | "
        f"{_unaudited(report['unaudited'])} |"
    )


def table() -> str:
    rows = [row(audit_task(load_task(task_id)).to_json()) for task_id in list_task_ids()]
    return "\n".join([HEADER, *rows])


def replace_table(readme: Path, header: str, text: str, what: str) -> None:
    """Replace the markdown table that starts with `header` in `readme` by `text` (also used by
    scripts/task_table.py); exit naming `what` table when `readme` has none."""
    old = readme.read_text()
    pattern = re.compile(re.escape(header) + r"\n(?:\|.*\|\n)*")
    if not pattern.search(old):
        raise SystemExit(f"{readme}: no {what} table (header {header.splitlines()[0]!r}) to replace")
    readme.write_text(pattern.sub(lambda _m: text + "\n", old, count=1))


def write(readme: Path, text: str) -> None:
    """Replace the audit table in `readme`."""
    replace_table(readme, HEADER, text, "audit")


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
