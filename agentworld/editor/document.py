"""The task document the editor page edits: load, check, save (confined to one folder), audit.

The page holds a task as the JSON form of its YAML mapping (what `task_to_yaml` writes), so the
editor adds no second schema: checking is `load_task` on that mapping, and its problems come back
split into `field` (`agents[1].skills.fletchin`) and `message`, for the page to show by the field.

A task is checked as if it were already saved in the editor's folder: a relative `verifier:` path
and a `<id>.py` beside the task resolve against that folder, exactly as `agentworld validate` will
resolve them once the file is written there.

Saving writes one YAML file inside the folder and nothing else: the file name is relative, has no
`..`, ends in .yaml/.yml, and resolved (symlinks followed) it stays inside the folder; the write
goes through a temporary file in the same folder and `os.replace`, so a symlink at the target is
replaced, never followed.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from agentworld.task_sources import list_task_ids
from agentworld.tasks import Task, TaskError, load_task


class DocumentError(ValueError):
    """A request the editor refuses (a path out of its folder, a missing task); said to the author."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem of a task, located by the field path the page uses to mark its input."""

    field: str  # 'agents[1].skills.fletchin', 'success[0]', 'verifier', or '' for the task as a whole
    message: str


def blank_task(content: Any) -> dict:
    """A new task's starting document: one agent at the hub, every list the author fills empty."""
    return {
        "id": "my_task",
        "name": "My task",
        "category": "coordination",
        "objective": "",
        "max_rounds": 30,
        "agents": [
            {
                "name": "agent_1",
                "role": "Helper",
                "spawn": content.rules.hub,
                "skills": {},
                "inventory": {},
                "equipment": {},
                "context": "",
            }
        ],
        "world": {"mobs": [], "nodes": [], "ground_items": [], "sites": []},
        "success": [],
        "checkpoints": [],
        "oracle": {},
        "notes": "",
    }


def to_document(task: Task) -> dict:
    """The JSON mapping of a task, as its YAML file would hold it."""
    return task.model_dump(mode="json", by_alias=True, exclude_none=True)


class BrokenFile(DocumentError):
    """A task file that does not load: opened as text with its problems, so the author can repair it."""

    def __init__(self, path: Path, text: str, problems: list[str]):
        super().__init__(f"{path.name} does not load: " + "; ".join(problems))
        self.path, self.text, self.problems = path, text, problems

    def to_json(self, folder: Path) -> dict:
        name = str(self.path.relative_to(folder)) if folder in self.path.parents else self.path.name
        return {
            "broken": True,
            "file": name,
            "source": str(self.path),
            "text": self.text,
            "problems": self.problems,
        }


def load_document(ref: str, folder: Path) -> tuple[dict, str]:
    """(document, where it came from) for a task id (any task source) or a YAML file in the folder;
    a file there that does not load is a BrokenFile (its text and problems)."""
    ref = ref.strip()
    if not ref:
        raise DocumentError("name a task id or a .yaml file in the folder")
    if ref in list_task_ids() and not ref.endswith((".yaml", ".yml")):
        return open_task(ref)
    target = inside(folder, ref)
    if not target.is_file():
        raise DocumentError(f"no task file {ref} in {folder}")
    return open_task(target)


def open_task(ref: str | Path) -> tuple[dict, str]:
    """(document, source) of a task id or file, wherever it is (the `agentworld edit` argument);
    a file that does not load raises BrokenFile, a task id that does not load a DocumentError."""
    try:
        task = load_task(ref)
    except (TaskError, ValueError) as exc:
        problems = list(getattr(exc, "problems", None) or [str(exc)])
        path = Path(ref)
        if path.suffix in (".yaml", ".yml") and path.is_file():
            raise BrokenFile(
                path.resolve(), path.read_text(encoding="utf-8", errors="replace"), problems
            ) from None
        raise DocumentError("the task does not load; fix the file first:\n" + "\n".join(problems)) from None
    return to_document(task), str(task.source or ref)


def save_text(text: str, folder: Path, file: str) -> Path:
    """Write a task file's text as the author repaired it (inside the folder, like save_document),
    whether or not it loads yet: the page then opens it again, as a form once it does."""
    if not file.endswith((".yaml", ".yml")):
        raise DocumentError(f"{file}: a task file ends in .yaml or .yml")
    target = inside(folder, file)
    if target.is_dir():
        raise DocumentError(f"{file} is a folder")
    _write(target, text)
    return target


def check_document(document: Any, folder: Path) -> tuple[Task | None, list[Problem]]:
    """The task (None if invalid) and every problem `agentworld validate` would report once saved."""
    if not isinstance(document, dict):
        return None, [Problem("", f"the task must be a JSON object, got {type(document).__name__}")]
    try:
        task = load_task(_as_saved_in(document, folder))
    except TaskError as exc:
        return None, [_problem(p) for p in exc.problems]
    return task, []


def _as_saved_in(document: dict, folder: Path) -> dict:
    """The document with its verifier file (if any) named by absolute path, as seen from `folder`."""
    raw = dict(document)
    spec = raw.get("verifier")
    if isinstance(spec, str) and (spec.endswith(".py") or "/" in spec or "\\" in spec):
        if not Path(spec).expanduser().is_absolute():
            raw["verifier"] = str(folder / spec)
    elif spec is None and isinstance(raw.get("id"), str):
        beside = folder / f"{raw['id']}.py"
        if beside.is_file():
            raw["verifier"] = str(beside)
    return raw


_FIELD = re.compile(r"^([A-Za-z_][\w.\[\]]*)( '[^']*')?: (.*)$", re.S)


def _problem(text: str) -> Problem:
    """'<dict>: agents[0].spawn: position ...' -> Problem('agents[0].spawn', 'position ...')."""
    text = text.removeprefix("<dict>: ")
    match = _FIELD.match(text)
    if match is None:
        return Problem("", text)
    field, named, message = match.groups()
    return Problem(field, f"{named.strip()}: {message}" if named else message)


def problems_json(problems: list[Problem]) -> list[dict]:
    return [asdict(p) for p in problems]


# --- saving -----------------------------------------------------------------------------------
def inside(folder: Path, name: str) -> Path:
    """`name` as a path inside `folder`, or DocumentError (absolute, '..', or a symlink leading out)."""
    if not name or "\x00" in name:
        raise DocumentError("the file name is empty")
    pure = PurePosixPath(name.replace("\\", "/"))
    if pure.is_absolute() or Path(name).is_absolute() or (len(name) > 1 and name[1] == ":"):
        raise DocumentError(f"{name}: absolute paths are refused; name a file inside {folder}")
    if ".." in pure.parts:
        raise DocumentError(f"{name}: '..' is refused; the editor reads and writes only inside {folder}")
    root = folder.resolve()
    target = (root / pure).resolve()
    if target != root and root not in target.parents:
        raise DocumentError(f"{name}: leads outside {folder} (through a symlink); refused")
    return target


def save_document(document: Any, folder: Path, file: str | None = None) -> tuple[Path | None, list[Problem]]:
    """Write the task to `folder/<file or id.yaml>` if it validates; (path, []) or (None, problems)."""
    task, problems = check_document(document, folder)
    if task is None:
        return None, problems
    name = file or f"{task.id}.yaml"
    if not name.endswith((".yaml", ".yml")):
        raise DocumentError(f"{name}: a task file ends in .yaml or .yml")
    target = inside(folder, name)
    if target.is_dir():
        raise DocumentError(f"{name} is a folder")
    _write(target, dump_yaml(_saved_form(task, document)))
    return target, []


def _write(target: Path, text: str) -> None:
    """Through a temporary file and os.replace: a symlink at the target is replaced, never followed."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".editor-", suffix=".yaml", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _saved_form(task: Task, document: dict) -> dict:
    """The validated task as a mapping without default values, its verifier as the author wrote it."""
    data = task.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_defaults=True)
    data.pop("verifier", None)
    if document.get("verifier"):
        data["verifier"] = document["verifier"]
    order = list(Task.model_fields)
    rank = {key: i for i, key in enumerate(order)}
    return {key: data[key] for key in sorted(data, key=lambda k: rank.get(k, len(rank)))}


class _Dumper(yaml.SafeDumper):
    """Multi-line text as YAML block scalars and positions as [x, y], as people write task files."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value.strip() else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _list(dumper: yaml.SafeDumper, value: list) -> yaml.Node:
    short = len(value) <= 4 and all(isinstance(v, (int, float, str)) and len(str(v)) < 30 for v in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=short or None)


_Dumper.add_representer(str, _text)
_Dumper.add_representer(list, _list)  # positions as [46, 121]


def dump_yaml(data: dict) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


# --- auditing (playing is runs.py) -------------------------------------------------------------
def audit_available() -> bool:
    return importlib.util.find_spec("agentworld.audit") is not None


def audit_document(document: Any, folder: Path) -> dict:
    """`agentworld audit` of the task when that package is installed; else says it is not available."""
    if not audit_available():
        return {"available": False, "message": "audit not available (agentworld.audit is not installed)"}
    task, problems = check_document(document, folder)
    if task is None:
        return {"available": True, "ok": False, "problems": problems_json(problems)}
    audit = importlib.import_module("agentworld.audit")  # optional: only when it exists
    return {"available": True, "ok": True, "audit": audit.audit_task(task).to_json()}
