"""Where tasks come from: the shipped folder, folders the user names, and installed task packs.

A task is named by a path to its YAML file or by its id. An id is looked up, first match wins, in
  1. folders given with `--tasks-dir` (any command) or `add_task_dirs()`,
  2. folders in the `AGENTWORLD_TASKS_PATH` environment variable (separated like PATH),
  3. task packs: installed distributions that register a folder under the entry-point group
     `agentworld.tasks` (the entry point names an object that is a path, or returns one),
  4. the tasks shipped in the package (`agentworld/tasks/`),
  5. the shipped augmented variants (`agentworld/tasks/augmented/`, written by
     scripts/augment_tasks.py; ids `task_NN_aug`).
So a user's own `task_01.yaml` in a named folder shadows the shipped one, on purpose.
Task sets: "main" (every folder but the augmented one: what `list_task_ids()` lists, as before),
"augmented" (the shipped variants) and "all" (both).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from importlib import metadata
from pathlib import Path

TASKS_DIR = Path(__file__).parent / "tasks"
AUGMENTED_DIR = TASKS_DIR / "augmented"
TASK_SETS = ("main", "augmented", "all")
ENV_VAR = "AGENTWORLD_TASKS_PATH"
ENTRY_POINT_GROUP = "agentworld.tasks"

_extra_dirs: list[Path] = []


class TaskSourceError(ValueError):
    """A task folder or task pack named by the user cannot be used."""


def add_task_dirs(dirs: list[str | Path]) -> None:
    """Search these folders for task ids (before the environment variable, packs and shipped tasks)."""
    for d in dirs:
        path = Path(d).expanduser()
        if not path.is_dir():
            raise TaskSourceError(f"--tasks-dir {d}: not a directory")
        if path.resolve() not in [p.resolve() for p in _extra_dirs]:
            _extra_dirs.append(path)
    # worker processes (eval --workers, the server's games) inherit the folders through the environment
    named = [str(p.resolve()) for p in _extra_dirs]
    inherited = [p for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p and p not in named]
    os.environ[ENV_VAR] = os.pathsep.join(named + inherited)


def clear_task_dirs() -> None:
    """Forget the folders add_task_dirs named (and take them out of the environment it set)."""
    named = {str(p.resolve()) for p in _extra_dirs}
    rest = [p for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p and p not in named]
    if rest:
        os.environ[ENV_VAR] = os.pathsep.join(rest)
    else:
        os.environ.pop(ENV_VAR, None)
    _extra_dirs.clear()


def _env_dirs() -> list[Path]:
    raw = os.environ.get(ENV_VAR, "")
    return [
        Path(p).expanduser() for p in raw.split(os.pathsep) if p.strip() and Path(p).expanduser().is_dir()
    ]


@lru_cache(maxsize=1)
def pack_dirs() -> tuple[Path, ...]:
    """Folders registered by installed task packs (entry-point group `agentworld.tasks`)."""
    found = []
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            target = entry.load()
            if callable(target):
                target = target()
        except Exception as exc:  # a broken pack must not hide the others; say which one
            raise TaskSourceError(
                f"task pack '{entry.name}' ({entry.value}) failed to load: {type(exc).__name__}: {exc}"
            ) from None
        path = Path(target)
        if not path.is_dir():
            raise TaskSourceError(
                f"task pack '{entry.name}' ({entry.value}) names {path}, which is not a directory"
            )
        found.append(path)
    return tuple(found)


def task_dirs() -> list[Path]:
    """Every folder searched for task ids, in lookup order."""
    return [*_extra_dirs, *_env_dirs(), *pack_dirs(), TASKS_DIR]


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(f for f in folder.glob("*.y*ml") if f.suffix in (".yaml", ".yml"))


def looks_like_path(text: str) -> bool:
    return Path(text).suffix in (".yaml", ".yml") or "/" in text or os.sep in text


def resolve_path(id_or_path: str | Path) -> Path:
    """A task id ('task_01') or a path to a YAML file -> the file (which may not exist)."""
    text = str(id_or_path)
    candidate = Path(text)
    if looks_like_path(text) or candidate.exists():
        return candidate
    for folder in [*task_dirs(), AUGMENTED_DIR]:
        for suffix in (".yaml", ".yml"):
            path = folder / f"{text}{suffix}"
            if path.exists():
                return path
    return TASKS_DIR / f"{text}.yaml"


def list_task_ids(task_set: str = "main") -> list[str]:
    """Ids of the tasks of a set, sorted: "main" every task an id can name in user folders, packs
    and the shipped folder; "augmented" the shipped variants; "all" both."""
    if task_set not in TASK_SETS:
        raise ValueError(f"unknown task set {task_set!r}; known: {', '.join(TASK_SETS)}")
    folders = {"main": task_dirs(), "augmented": [AUGMENTED_DIR], "all": [*task_dirs(), AUGMENTED_DIR]}[
        task_set
    ]
    return sorted(
        {f.stem for folder in folders if folder.is_dir() for f in _yaml_files(folder)}, key=natural_key
    )


def natural_key(task_id: str) -> list:
    """Sort key that puts task_9 before task_10 and task_100 after task_99."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", task_id)]


def shipped_task_ids() -> list[str]:
    return [f.stem for f in _yaml_files(TASKS_DIR)]
