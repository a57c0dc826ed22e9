"""An eval directory read for the report: its configuration, its episodes and what lies beside them.

`load_eval(DIR)` checks the directory (missing, not an eval, no finished episode: a ReportError
naming it), reads eval.json and results.jsonl, and for every episode the split it belongs to:
"augmented" when its task record has `variant_of` set or its id ends with `_aug`, else "main".
Run directories (trajectory, cce.json, task.yaml) are read lazily, only by the sections that
need them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from agentworld.evaluation.results import CONFIG, RESULTS, read_results
from agentworld.options import HARNESS_LIMITS
from agentworld.safe_yaml import YAMLInputError, load_yaml

# episode option -> how the report names the baseline or ablation it turns on
OPTION_LABELS = {
    "no_docs": "no-docs",
    "max_rounds": "horizon",
    "random_spawns": "spawn",
    "no_chat": "no-chat",
    "solo": "solo",
    "without": "without",
    "oracle_comm": "oracle-comm",
    "shared_plan": "shared-plan",
    "merged_agent": "merged-agent",
    "discussion_rounds": "discussion",
    "anonymous_roles": "anonymous-roles",
}
ANALYSIS = "analysis.json"  # `agentworld analyze DIR --out DIR/analysis.json`, read when present
JUDGE_MODELS = "judge_models.json"  # `agentworld judge --judge llm --model A,B DIR`


class ReportError(ValueError):
    """An eval directory the report cannot use; the message names it and says why."""


@dataclass
class Episode:
    """One finished episode of an eval: its results.jsonl record and where its run directory is."""

    record: dict[str, Any]  # the results.jsonl line
    run_dir: Path  # OUT/<task>/<seed>

    @property
    def task(self) -> str:
        """The task id (a task given as a YAML path: its file name without .yaml)."""
        task = str(self.record["task"])
        return Path(task).stem if task.endswith((".yaml", ".yml")) else task

    @property
    def key(self) -> str:
        """'task/seed', how --episodes names it (the run directory's place in the eval)."""
        return f"{self.task}/{self.record['seed']}"

    @property
    def ok(self) -> bool:
        return self.record.get("status") == "ok"

    @cached_property
    def task_record(self) -> dict[str, Any]:
        path = self.run_dir / "task.yaml"
        try:
            return load_yaml(path.read_text(encoding="utf-8")) or {} if path.is_file() else {}
        except YAMLInputError:
            return {}

    @property
    def split(self) -> str:
        """'augmented' for a variant of another task, else 'main'."""
        return "augmented" if self.task_record.get("variant_of") or self.task.endswith("_aug") else "main"

    @cached_property
    def cce(self) -> dict[str, Any] | None:
        """The run's cce.json (None when it was not judged)."""
        return _json_or_none(self.run_dir / "cce.json")

    def roles(self) -> dict[str, str]:
        """agent name -> role, from the run's task.yaml."""
        return {
            a["name"]: str(a.get("role") or a["name"])
            for a in self.task_record.get("agents") or []
            if isinstance(a, dict) and "name" in a
        }


@dataclass
class EvalDir:
    """One eval directory: its label (agents, model, baselines), configuration and episodes."""

    path: Path
    config: dict[str, Any]
    episodes: list[Episode]
    label: str = ""
    settings: list[str] = field(default_factory=list)  # the baselines / ablations it was run with

    def optional_json(self, name: str) -> dict[str, Any] | None:
        return _json_or_none(self.path / name)


def load_eval(path: str | Path) -> EvalDir:
    """The eval directory at `path`, or a ReportError saying what is wrong with it."""
    out = Path(path)
    if not out.is_dir():
        raise ReportError(f"{out}: no such directory (give the --out folder of `agentworld eval`)")
    if not (out / RESULTS).is_file():
        raise ReportError(f"{out}: no {RESULTS} (not an eval directory written by `agentworld eval --out`?)")
    records = [r for r in read_results(out).values() if r.get("status") != "unfinished"]
    if not records:
        raise ReportError(f"{out}: {RESULTS} holds no finished episode")
    config = _json_or_none(out / CONFIG) or {}
    episodes = [
        Episode(r, out / str(r.get("run_dir") or f"{Path(r['task']).stem}/{r['seed']}"))
        for r in sorted(records, key=lambda r: (r["task"], r["seed"]))
    ]
    settings = eval_settings(config)
    return EvalDir(out, config, episodes, describe(config, settings) or out.name, settings)


def eval_settings(config: dict[str, Any]) -> list[str]:
    """The baselines and ablations of an eval from its options ('random', 'no-docs', 'horizon=10'...)."""
    kinds = str(config.get("agents") or "")
    found = [k for k in ("random", "noop") if kinds and set(kinds.split(",")) == {k}]
    if (config.get("agent_options") or {}).get("single_agent"):
        found.append("single-agent")
    limits = config.get("agent_options") or {}
    found += [f"{label}={limits[k]}" for k, label in HARNESS_LIMITS.items() if k in limits]
    for key, value in (config.get("episode_options") or {}).items():
        if key not in OPTION_LABELS or not value:
            continue
        name = OPTION_LABELS[key]
        if (
            key in ("max_rounds", "discussion_rounds")
            or (key == "without" and value)
            or (key == "random_spawns" and value == "any")
        ):
            found.append(f"{name}={','.join(value) if isinstance(value, list) else value}")
        else:
            found.append(name)
    return found


def describe(config: dict[str, Any], settings: list[str]) -> str:
    """'llm:gpt-x +no-docs' or 'oracle +oracle-comm': who played and under which setting."""
    kinds = str(config.get("agents") or "")
    model = (config.get("agent_options") or {}).get("model")
    seats = (config.get("agent_options") or {}).get("seat_models") or {}
    if model and seats:  # a heterogeneous team: 'llm:gpt-x,wizard=qwen'
        model += "".join(f",{seat}={spec.get('model')}" for seat, spec in sorted(seats.items()))
    who = f"{kinds}:{model}" if model else kinds
    extra = [s for s in settings if s not in ("random", "noop")]
    return " ".join([who, *(f"+{s}" for s in extra)]).strip()


def unique_labels(evals: list[EvalDir]) -> None:
    """Two evals with the same setting get their directory names added, so columns stay apart."""
    seen: dict[str, int] = {}
    for e in evals:
        seen[e.label] = seen.get(e.label, 0) + 1
    for e in evals:
        if seen[e.label] > 1:
            e.label = f"{e.label} ({e.path.name})"


def _json_or_none(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, OSError):
        return None
    return data if isinstance(data, dict) else None
