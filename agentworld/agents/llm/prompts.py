"""Prompt templates (agentworld/prompts/ or an edited copy) and the text they are filled with.

Templates are rendered with `string.Template` ($name placeholders); each template may use only
its own placeholders, so a typo in an edited copy is an error naming the file, not a blank.
"""

from __future__ import annotations

import json
import os
import string
from pathlib import Path
from typing import Any

PROMPTS_DIR = Path(__file__).resolve().parent.parent.parent / "prompts"
TEMPLATES = ("system.md", "user.md", "turn.md", "team_user.md", "team_member.md")
# Placeholders each template may use (anything else is an error naming the file).
PLACEHOLDERS = {
    "system.md": {"max_rounds"},
    "user.md": {
        "task_id",
        "task_name",
        "objective",
        "name",
        "role",
        "teammates",
        "documentation",
        "history",
        "round",
        "max_rounds",
        "rounds_left",
        "feedback",
        "observation",
    },
    "turn.md": {"name", "role", "round", "max_rounds", "rounds_left", "feedback", "observation"},
    "team_user.md": {
        "task_id",
        "task_name",
        "objective",
        "name",
        "role",
        "teammates",
        "members",
        "history",
        "round",
        "max_rounds",
        "rounds_left",
        "feedback",
        "observation",
    },
    "team_member.md": {"name", "role", "documentation"},
}
NO_DOCS = "(No documentation is available for this task.)"


def load_templates(directory: str | os.PathLike | None = None) -> dict[str, string.Template]:
    """Templates from `directory`, falling back per file to the shipped ones; placeholders checked."""
    out = {}
    for name in TEMPLATES:
        path = Path(directory) / name if directory else None
        if path is None or not path.is_file():
            path = PROMPTS_DIR / name
        text = path.read_text(encoding="utf-8")
        template = string.Template(text)
        if not template.is_valid():
            raise ValueError(f"prompt template {path}: invalid '$' placeholder (write $$ for a literal $)")
        unknown = set(template.get_identifiers()) - PLACEHOLDERS[name]
        if unknown:
            raise ValueError(
                f"prompt template {path} uses unknown placeholder(s) {sorted(unknown)}; "
                f"known: {sorted(PLACEHOLDERS[name])}"
            )
        out[name] = template
    return out


def render(template: string.Template, **values: Any) -> str:
    """Fill a template; missing placeholders render as empty (templates may drop any of them)."""
    names = template.get_identifiers()
    return template.substitute({n: "" if values.get(n) is None else str(values[n]) for n in names})


def observation_text(observation: Any) -> str:
    """The LLM-ready text of an observation (env observations carry it under 'text')."""
    if isinstance(observation, str):
        return observation
    if isinstance(observation, dict):
        for key in ("text", "llm_text", "prompt"):
            if isinstance(observation.get(key), str):
                return observation[key]
        return json.dumps(observation, sort_keys=True, default=str)
    return str(observation)


def observation_field(observation: Any, key: str) -> Any:
    if isinstance(observation, dict):
        if key in observation:
            return observation[key]
        inner = observation.get("state") or observation.get("raw")
        if isinstance(inner, dict):
            return inner.get(key)
    return None


def clip(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
