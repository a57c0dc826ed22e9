"""Causal Collaboration Effectiveness (CCE): causal action graphs of episodes and their judges.

``judge_run(run_dir)`` scores one run directory with the provenance judge (exact, no LLM)
or the LLM judge (the paper's backward tracing) and writes ``cce.json`` beside the
trajectory. See graph.py for the metric, provenance_judge.py and llm_judge.py for the judges.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol

from .graph import CausalError, CausalGraph, Edge, Record, load_run, score, success_actions, episode_success

__all__ = [
    "CausalError",
    "CausalGraph",
    "Edge",
    "Judge",
    "judge_run",
    "judge_records",
    "make_judge",
    "task_context",
    "JUDGES",
]

JUDGES = ("provenance", "llm")
PROVENANCE_OPTIONS = frozenset({"window", "movement", "chat", "checkpoints", "success_conditions"})
LLM_OPTIONS = frozenset(
    {
        "model",
        "base_url",
        "api_key",
        "window",
        "batch_size",
        "max_candidates",
        "concurrency",
        "cache_dir",
        "prompt_dir",
        "attempts",
        "backoff",
        "timeout",
        "context",
        "client",
        "prices",
    }
)


class Judge(Protocol):
    """A source of "a enabled b" edges for an episode, traced back from ``targets``."""

    name: str

    def edges(self, records: list[Record], targets: list[int]) -> list[Edge]: ...


def make_judge(judge: str | Judge = "provenance", **options: Any) -> Judge:
    """A judge by name ("provenance" or "llm") with its options, or a ready judge object."""
    if not isinstance(judge, str):
        return judge
    if judge not in JUDGES:
        raise CausalError(f"unknown judge {judge!r}; choose one of: {', '.join(JUDGES)}")
    # each judge ignores the other's options, so one option set can drive both (--compare, eval)
    own, other = (
        (PROVENANCE_OPTIONS, LLM_OPTIONS) if judge == "provenance" else (LLM_OPTIONS, PROVENANCE_OPTIONS)
    )
    unknown = sorted(set(options) - own - other)
    if unknown:
        raise CausalError(
            f"unknown option(s) for the {judge} judge: {', '.join(unknown)}; known: {', '.join(sorted(own))}"
        )
    kwargs = {k: v for k, v in options.items() if k in own and v is not None}
    if judge == "provenance":
        from .provenance_judge import ProvenanceJudge

        return ProvenanceJudge(**kwargs)
    from .llm_judge import LLMJudge

    return LLMJudge(**kwargs)


def task_context(run_dir: str | Path) -> dict[str, Any]:
    """Task name, objective, agent roles and order from the run's task.yaml (empty if absent)."""
    path = Path(run_dir) / "task.yaml"
    if not path.is_file():
        return {}
    # local, as the yaml import was: only a run with a task.yaml needs it
    from agentworld.safe_yaml import YAMLInputError, load_yaml

    try:
        data = load_yaml(path.read_text(encoding="utf-8")) or {}
    except YAMLInputError as exc:
        raise CausalError(f"{path}: not valid YAML ({exc})") from None
    agents = [a for a in data.get("agents") or [] if isinstance(a, dict) and "name" in a]
    return {
        "name": data.get("name", data.get("id", "")),
        "objective": str(data.get("objective", "")).strip(),
        "roles": {a["name"]: a.get("role", "") for a in agents},
        "agents": [a["name"] for a in agents],
        "checkpoints": {
            c["id"]: str(c.get("description", ""))
            for c in data.get("checkpoints") or []
            if isinstance(c, dict) and "id" in c
        },
        "success": [_describe_condition(c) for c in data.get("success") or []],
    }


def _describe_condition(raw: Any) -> str:
    """A success condition of task.yaml in words ("archivist holds 1 lost_locket, ..."), for state support."""
    try:
        from agentworld.conditions import parse_condition

        return parse_condition(raw).describe()
    except Exception:  # an unknown or malformed condition: its raw text still names things
        return str(raw)


def judge_records(
    records: list[Record],
    success: bool,
    judge: str | Judge = "provenance",
    agents: list[str] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Score a list of trajectory records (no files touched).

    A judge that costs money (the LLM judge) does not trace failed episodes, whose CCE is 0
    anyway, unless ``trace_failed=True``.
    """
    trace_failed = bool(options.pop("trace_failed", False))
    j = make_judge(judge, **options)
    targets, _ = success_actions(records)
    if not success and getattr(j, "costly", False) and not trace_failed:
        targets = []
    result = score(records, j.edges(records, targets), success, j.name, agents)
    if hasattr(j, "stats"):
        result["llm"] = {"model": j.model, **j.stats.to_json()}
        result["judgments"] = [x.to_json() for x in j.judgments]
    return result


def judge_run(
    run_dir: str | Path,
    judge: str | Judge = "provenance",
    *,
    output: str = "cce.json",
    plot: bool | str | Path = False,
    references: list[str | Path] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Score one run directory, write ``output`` (cce.json) into it and return the result.

    The result has at least ``cce``, ``pac`` (per agent), ``success``, ``contributing``,
    ``success_actions`` and ``edges``. ``plot`` True writes cce.png beside it; a path
    writes the picture there. LLM options: model, base_url, api_key, window, batch_size,
    max_candidates, concurrency; the judgment cache lives in RUN_DIR/.judge_cache/.
    ``references`` (run directories) adds ``forest``: the collaboration-graph metrics against the
    successful runs of the same task among them (forest.py).
    """
    run_dir = Path(run_dir)
    records, metrics, _config = load_run(run_dir)
    context = task_context(run_dir)
    if judge == "llm":
        options.setdefault("cache_dir", run_dir / ".judge_cache")
        options.setdefault("context", context)
    elif judge == "provenance":
        options.setdefault("checkpoints", context.get("checkpoints"))
        options.setdefault("success_conditions", context.get("success"))
    success = episode_success(records, metrics)
    result = judge_records(records, success, judge, context.get("agents") or None, **options)
    result["run_dir"] = str(run_dir)
    if references is not None:
        from .forest import forest_metrics, forest_of, reference_forests

        agents = context.get("agents") or ()
        refs = reference_forests(references, _config.get("task"), exclude=run_dir)
        result["forest"] = forest_metrics(
            forest_of(records, result["edges"], result["contributing"], agents), refs, success
        )
    if plot:
        from .plot import plot_episode

        path = Path(plot) if not isinstance(plot, bool) else run_dir / (Path(output).stem + ".png")
        plot_episode(records, result, path, title=f"{context.get('name') or run_dir.name}")
        result["plot"] = str(path)
    (run_dir / output).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return result
