"""One eval episode: the jobs of an eval, and turning a job into its result record (never raises).

A job is a JSON-friendly dict (task, seed, run_dir, agents, options, judge), so it crosses to
worker processes and Ray tasks unchanged. `run_job` plays it with blocking agents; `run_job_async`
plays it as a coroutine (LLM seats on the async client), so one process keeps many in flight.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import json
import time
import traceback
from pathlib import Path
from typing import Any, Callable

from agentworld.limits import Limits, limiter_for
from agentworld.options import TEAM_OPTIONS, build_team, write_transcript
from agentworld.tasks import Task, load_task


# --------------------------------------------------------------------------- task selection


def select_tasks(spec: str) -> list[tuple[str, str]]:
    """[(task, category)] for a task set ('main', 'augmented' or 'all' = both), a category name (its
    main tasks), or a comma list of task ids, task YAML paths and folders of them (a path stays a
    path: every worker loads the same file)."""
    from agentworld import tasks as tasks_mod
    from agentworld.task_sources import TASK_SETS, looks_like_path

    spec = (spec or "main").strip()
    if spec in TASK_SETS:
        return [(t["id"], t["category"]) for t in tasks_mod.list_tasks(spec)]  # natural task order
    main = {t["id"]: t["category"] for t in tasks_mod.list_tasks("main")}
    known = {**main, **{t["id"]: t["category"] for t in tasks_mod.list_tasks("augmented")}}
    categories = sorted(set(main.values()))
    if spec in categories:
        return [(tid, cat) for tid, cat in main.items() if cat == spec]  # natural task order
    out = []
    for tid in (s.strip() for s in spec.split(",") if s.strip()):
        if tid not in known and (looks_like_path(tid) or Path(tid).exists()):
            out.extend(_task_files(Path(tid)))
            continue
        if tid not in known:
            raise ValueError(
                f"unknown task or category {tid!r}{tasks_mod.suggest_task(tid)}; "
                f"categories: {', '.join(categories) or 'none'}; "
                f"tasks: {', '.join(sorted(known)) or 'none'}"
            )
        out.append((tid, known[tid]))
    if not out:
        raise ValueError("no tasks selected: give --tasks main, augmented, all, a category or task ids")
    return out


def _task_files(path: Path) -> list[tuple[str, str]]:
    """(path, category) of a task file, or of every task file in a folder; TaskError if one is invalid."""
    from agentworld.tasks import load_task

    files = (
        sorted(f for f in path.glob("*.y*ml") if f.suffix in (".yaml", ".yml")) if path.is_dir() else [path]
    )
    if not files:
        raise ValueError(f"--tasks {path}: no .yaml task files in this folder")
    return [(str(f.resolve()), load_task(f).category) for f in files]


def check_team_size(kinds: list[str], tasks: list[tuple[str, str]], episode_options: dict) -> None:
    """A comma list of kinds must name one kind per seat of every selected task (after --solo and
    --without): refused up front, since every episode would otherwise be recorded as an error."""
    if len(kinds) == 1:
        return
    from agentworld.tasks import apply_options

    team_options = {k: v for k, v in episode_options.items() if k in TEAM_OPTIONS}
    bad = []
    for tid, _ in tasks:
        seats = len(apply_options(shipped_task(tid), team_options).agent_names)
        if seats != len(kinds):
            bad.append(f"{tid} has {seats} agent{'s' if seats != 1 else ''}")
    if bad:
        raise ValueError(
            f"{len(kinds)} agent kinds given ({','.join(kinds)}), but {'; '.join(bad)}: give one kind "
            "for every seat, or a single kind for the whole team"
        )


# --------------------------------------------------------------------------- one episode (in a worker)


def job_key(job: dict) -> tuple[str, int]:
    """(task, seed): what identifies an episode in results.jsonl."""
    return (job["task"], int(job["seed"]))


def run_job(job: dict) -> dict:
    """Play one episode into job['run_dir'] and return its result record. Never raises."""
    start, record = time.monotonic(), _new_record(job)
    if budget_spent(job):
        return _unfinished(record)
    try:
        play = _resolve(job["play"]) if job.get("play") else play_episode
        record.update(episode_record(Path(job["run_dir"]), play(job)))
    except Exception as exc:  # a crash is a recorded error, the eval goes on
        _crashed(job, record, exc)
    if job.get("judge") and record.get("status") == "ok":
        record["cce"] = _judge(Path(job["run_dir"]), job["judge"], record, job.get("judge_options") or {})
    record["elapsed"] = round(time.monotonic() - start, 3)
    return record


async def run_job_async(job: dict) -> dict:
    """run_job as a coroutine, for many episodes in flight in one process. A job with its own
    blocking `play` (tests' stand-ins) runs in a thread."""
    if job.get("play"):
        return await asyncio.to_thread(run_job, job)
    start, record = time.monotonic(), _new_record(job)
    if budget_spent(job):
        return _unfinished(record)
    try:
        record.update(episode_record(Path(job["run_dir"]), await play_episode_async(job)))
    except Exception as exc:
        _crashed(job, record, exc)
    if job.get("judge") and record.get("status") == "ok":
        record["cce"] = await asyncio.to_thread(
            _judge, Path(job["run_dir"]), job["judge"], record, job.get("judge_options") or {}
        )
    record["elapsed"] = round(time.monotonic() - start, 3)
    return record


def _new_record(job: dict) -> dict[str, Any]:
    return {
        "task": job["task"],
        "category": job.get("category"),
        "seed": job["seed"],
        "run_dir": job.get("rel_dir", str(job["run_dir"])),
        "cce": None,
    }


def _crashed(job: dict, record: dict, exc: Exception) -> None:
    record.update(status="error", success=False, psr=0.0, error=f"{type(exc).__name__}: {exc}")
    run_dir = Path(job["run_dir"])
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "eval_error.txt").write_text(traceback.format_exc(), encoding="utf-8")


def budget_spent(job: dict) -> bool:
    """True once the eval's money budget (--max-cost) is spent: no episode starts after that."""
    opts = job.get("agent_options") or {}
    if opts.get("max_cost") is None:
        return False
    return limiter_for(
        Limits(opts.get("max_rpm"), opts.get("max_tpm"), opts["max_cost"], opts.get("limits_file"))
    ).exhausted()


def _unfinished(record: dict) -> dict:
    record.update(
        status="unfinished",
        success=False,
        psr=0.0,
        elapsed=0.0,
        error="not played: the model budget (--max-cost) was spent",
    )
    return record


def _resolve(path: str) -> Callable[[dict], dict]:
    """'package.module:function' -> the function (a picklable way to swap the episode player)."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def _judge(run_dir: Path, judge: str, record: dict, options: dict) -> float | None:
    try:
        from agentworld.causal import judge_run
    except ImportError:
        return None
    try:
        result = judge_run(run_dir, judge=judge, **options)
        llm = result.get("llm") or {}
        if llm:  # the judge's own model calls, counted apart from the team's
            record["judge_prompt_tokens"] = int(llm.get("prompt_tokens") or 0)
            record["judge_cost"] = round(float(llm.get("cost") or 0), 6)
        value = result.get("cce")
        return None if value is None else float(value)
    except Exception as exc:  # scoring must not lose the episode
        record["judge_error"] = f"{type(exc).__name__}: {exc}"
        return None


def play_episode(job: dict) -> dict:
    """Run one episode through runner.run_episode (which writes the run dir); returns its metrics.

    LLM seats are built by options.build_team so that their per-turn transcript (prompt sizes,
    raw tool calls, protocol problems) can be saved as RUN_DIR/llm_transcript.jsonl.
    """
    from agentworld import runner

    agents, agent_opts = _team(job)
    try:
        result = runner.run_episode(
            shipped_task(job["task"]),
            agents=agents,
            seed=job["seed"],
            options=job.get("episode_options") or {},
            out_dir=job["run_dir"],
            progress=False,
            agent_options={"llm": agent_opts},
        )
    finally:
        if isinstance(agents, dict):
            write_transcript(Path(job["run_dir"]), agents)
    return _metrics(job, result)


async def play_episode_async(job: dict) -> dict:
    """play_episode on runner.run_episode_async: LLM seats wait on the model without blocking."""
    from agentworld import runner

    agents, agent_opts = _team(job)
    try:
        result = await runner.run_episode_async(
            shipped_task(job["task"]),
            agents=agents,
            seed=job["seed"],
            options=job.get("episode_options") or {},
            out_dir=job["run_dir"],
            agent_options={"llm": agent_opts},
        )
    finally:
        if isinstance(agents, dict):
            write_transcript(Path(job["run_dir"]), agents)
    return _metrics(job, result)


def _team(job: dict) -> tuple[Any, dict]:
    agent_opts = dict(job.get("agent_options") or {})
    return build_team(
        shipped_task(job["task"]), job["agents"], agent_opts, job.get("episode_options")
    ), agent_opts


@functools.lru_cache(maxsize=None)
def shipped_task(task_id: str) -> Task:
    """A task loaded (and checked against the content) once per process, not once per episode:
    with many episodes in flight, loading dominated the time between model calls. Tasks are
    never changed in place (options make copies)."""
    return load_task(task_id)


def _metrics(job: dict, result: dict) -> dict:
    metrics_path = Path(job["run_dir"]) / "metrics.json"
    if metrics_path.exists():
        return json.loads(metrics_path.read_text(encoding="utf-8"))
    return result


def _usage_totals(metrics: dict) -> dict[str, float]:
    """prompt/completion tokens and cost from metrics.json, wherever the runner put them."""
    keys = ("prompt_tokens", "completion_tokens", "cost")
    for where in (metrics.get("usage"), metrics):
        if (
            isinstance(where, dict)
            and any(k in where for k in keys)
            and not isinstance(where.get("prompt_tokens"), dict)
        ):
            return {k: float(where.get(k) or 0) for k in keys}
    totals = dict.fromkeys(keys, 0.0)
    for entry in (metrics.get("per_agent") or {}).values():
        usage = entry.get("usage", entry) if isinstance(entry, dict) else {}
        for k in keys:
            totals[k] += float(usage.get(k) or 0)
    return totals


def first_chat_round(run_dir: Path) -> int | None:
    path = run_dir / "trajectory.jsonl"
    if not path.exists():
        return None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if '"chat"' not in line:
                continue
            rec = json.loads(line)
            if rec.get("type") == "action" and rec.get("tool") == "chat" and rec.get("ok"):
                return int(rec["round"])
    return None


# per-agent LLM usage counters summed into the episode record (context folds, provider cache, response cache)
# and the team harnesses' (workers spawned, read_messages calls: agents/harness)
USAGE_COUNTERS = (
    "cached_tokens",
    "context_folds",
    "cache_hits",
    "cache_misses",
    "spawned_workers",
    "read_messages",
)


def episode_record(run_dir: Path, metrics: dict) -> dict:
    """The per-episode fields the summary is built from."""
    n_agents = len(metrics.get("per_agent") or {}) or 1
    usage = _usage_totals(metrics)
    agent_usage = [
        a.get("usage") or {} for a in (metrics.get("per_agent") or {}).values() if isinstance(a, dict)
    ]
    return {
        **{k: sum(int(u.get(k) or 0) for u in agent_usage) for k in USAGE_COUNTERS},
        "status": metrics.get("status", "ok"),
        "error": metrics.get("error"),
        "success": bool(metrics.get("success")),
        "psr": float(metrics.get("psr") or 0.0),
        "rounds": metrics.get("rounds"),
        "actions": metrics.get("actions"),
        "messages": metrics.get("messages", 0),
        "agents": n_agents,
        "messages_per_agent": round((metrics.get("messages") or 0) / n_agents, 4),
        "first_chat_round": first_chat_round(run_dir),
        "prompt_tokens": int(usage["prompt_tokens"]),
        "completion_tokens": int(usage["completion_tokens"]),
        "cost": round(usage["cost"], 6),
        "max_prompt_tokens": max(
            (
                int((a.get("usage") or {}).get("max_prompt_tokens") or 0)
                for a in (metrics.get("per_agent") or {}).values()
                if isinstance(a, dict)
            ),
            default=0,
        ),
    }


def make_jobs(out: Path, tasks: list[tuple[str, str]], seeds: list[int], config: dict) -> list[dict]:
    jobs = []
    for tid, category in tasks:
        for seed in seeds:
            rel = f"{Path(tid).stem if tid.endswith(('.yaml', '.yml')) else tid}/{seed}"  # a path's file name
            jobs.append(
                {
                    "task": tid,
                    "category": category,
                    "seed": seed,
                    "run_dir": str(out / rel),
                    "rel_dir": rel,
                    "agents": config["agents"],
                    "agent_options": config["agent_options"],
                    "episode_options": config["episode_options"],
                    "judge": config["judge"],
                    "judge_options": config.get("judge_options") or {},
                }
            )
    return jobs


def crash_record(job: dict, error: str) -> dict:
    """The record of an episode whose process died (or whose result never came back)."""
    return {
        "task": job["task"],
        "category": job.get("category"),
        "seed": job["seed"],
        "run_dir": job.get("rel_dir", job["run_dir"]),
        "status": "error",
        "error": error,
        "success": False,
        "psr": 0.0,
        "cce": None,
    }
