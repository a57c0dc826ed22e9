"""The results store of an eval directory: OUT/results.jsonl, OUT/eval.json and OUT/summary.json.

results.jsonl holds one record per played episode, appended (and flushed) as each finishes and
rewritten sorted by task and seed at the end. Reading it is forgiving: a torn last line (a write
killed midway) is ignored and ended before the next append; any other unusable line is skipped
with a warning naming it. eval.json pins the configuration, so one directory never mixes runs of
different ones (transport settings such as the server URL or the rate limits may change).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, StrictStr, ValidationError

RESULTS = "results.jsonl"
SUMMARY = "summary.json"
CONFIG = "eval.json"
LIMITS = ".limits.json"  # the shared pace and budget of the running eval (agentworld.limits)
# Fields of a result record that depend on wall-clock time (ignored when comparing runs).
VOLATILE = ("elapsed",)


class ResultRecord(BaseModel):
    """The fields of a results.jsonl line that resume and the summary read (others are kept as they are)."""

    model_config = ConfigDict(extra="allow")

    task: StrictStr
    seed: StrictInt
    category: StrictStr | None = None
    status: StrictStr = "ok"
    success: StrictBool = False
    psr: float | None = None
    rounds: int | None = None
    messages_per_agent: float | None = None
    first_chat_round: int | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cost: float | None = None
    cce: float | None = None
    max_prompt_tokens: int | None = None


def check_record(rec: Any) -> str | None:
    """None for a usable results line, else what is wrong with it."""
    if not isinstance(rec, dict):
        return f"not a JSON object ({type(rec).__name__})"
    try:
        ResultRecord.model_validate(rec)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(x) for x in err["loc"]) or "record"
        return f"{where}: {err['msg'].lower()} (got {err.get('input')!r})"
    return None


def read_results(out: Path, warn: Callable[[str], None] | None = None) -> dict[tuple[str, int], dict]:
    """The latest record per (task, seed) in OUT/results.jsonl. A torn last line is ignored silently;
    any other unusable line (bad JSON, `seed` null, `task` a list...) is skipped with a warning naming it."""
    path = out / RESULTS
    warn = warn or (lambda text: print(text, file=sys.stderr))
    done: dict[tuple[str, int], dict] = {}
    if not path.exists():
        return done
    with open(path, encoding="utf-8", errors="replace") as fh:
        lines = fh.read().split("\n")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            if number < len(
                lines
            ):  # the last piece has no newline: a write cut short, already reported by resume
                warn(f"{path} line {number}: not valid JSON; line skipped")
            continue
        problem = check_record(rec)
        if problem:
            warn(f"{path} line {number}: {problem}; line skipped")
            continue
        done[(rec["task"], rec["seed"])] = rec
    return done


def open_results_log(out: Path) -> TextIO:
    """OUT/results.jsonl opened for appending. A torn last line (a write killed midway, no final
    newline) is ended first, so the next record starts on a line of its own instead of being glued
    onto the broken one (both would be unreadable)."""
    path = out / RESULTS
    try:
        log = open(path, "a+b")
    except OSError as exc:
        raise ResultsNotWritable(os_error(exc)) from None
    if log.tell() > 0:
        log.seek(-1, os.SEEK_END)
        if log.read(1) != b"\n":
            log.write(b"\n")
            log.flush()
    log.close()
    return open(path, "a", encoding="utf-8")


def write_results(out: Path, records: dict[tuple[str, int], dict]) -> None:
    tmp = out / (RESULTS + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        for key in sorted(records):
            fh.write(json.dumps(records[key], sort_keys=True) + "\n")
    os.replace(tmp, out / RESULTS)


class ResultsNotWritable(OSError):
    """OUT/results.jsonl (or the directory) cannot be written: said before any episode runs."""


def os_error(exc: OSError) -> str:
    return f"{exc.filename}: {exc.strerror}" if exc.filename and exc.strerror else str(exc)


def check_config(out: Path, config: dict, force: bool) -> None:
    """An eval directory holds one configuration: refuse to mix runs of different ones."""
    path = out / CONFIG
    if path.exists() and not force:
        old, new = _identity(json.loads(path.read_text(encoding="utf-8"))), _identity(config)
        previous = json.loads(path.read_text(encoding="utf-8"))
        if "pinned" not in old:  # written before configurations were pinned: nothing to compare
            new.pop("pinned", None)
        diff = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
        diff += _changed_tasks(previous.get("pinned") or {}, config.get("pinned") or {})
        if diff:
            raise ValueError(
                f"{out} holds an eval with a different configuration ({', '.join(diff)} differ); "
                "use another --out, or --force to mix them"
            )
        config = _with_earlier_tasks(previous, config)
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def _changed_tasks(old: dict, new: dict) -> list[str]:
    """'task X file' for every task both pinned with different hashes (a task may join or leave the selection)."""
    before, now = old.get("tasks") or {}, new.get("tasks") or {}
    return [f"task {Path(t).stem} file" for t in sorted(set(before) & set(now)) if before[t] != now[t]]


def _with_earlier_tasks(previous: dict, config: dict) -> dict:
    """The pinned task hashes of earlier runs of this eval kept beside this run's (the episodes are all here)."""
    from agentworld.evaluation.pinned import sha256

    pinned = config.get("pinned")
    earlier = (previous.get("pinned") or {}).get("tasks") or {}
    if not pinned or not earlier:
        return config
    tasks = {**earlier, **pinned["tasks"]}
    return {
        **config,
        "pinned": {**pinned, "tasks": tasks, "tasks_hash": sha256(json.dumps(tasks, sort_keys=True))},
    }


# Settings that change how episodes reach the model, not what is measured: free to change on resume.
TRANSPORT_OPTIONS = (
    "base_url",
    "timeout",
    "max_retries",
    "backoff_base",
    "backoff_max",
    "turn_deadline",
    "max_retry_after",
    "max_rpm",
    "max_tpm",
    "max_cost",
    "limits_file",
)


# parts of the pinned configuration that resume compares in another way (or not: the version)
PINNED_ELSEWHERE = ("version", "tasks", "tasks_hash", "seat_models", "budgets")


def _identity(config: dict) -> dict:
    ident = {k: v for k, v in config.items() if k != "version"}
    if "pinned" in ident:  # what was measured (prompt and tool hashes...), not which release measured it;
        # task hashes are compared task by task (_changed_tasks), seats and budgets as agent options are
        ident["pinned"] = {k: v for k, v in ident["pinned"].items() if k not in PINNED_ELSEWHERE}
    ident["agent_options"] = {
        k: v for k, v in (config.get("agent_options") or {}).items() if k not in TRANSPORT_OPTIONS
    }
    if ident["agent_options"].get("seat_models"):  # a seat's model is measured, its server is transport
        ident["agent_options"]["seat_models"] = {
            seat: {k: v for k, v in spec.items() if k not in TRANSPORT_OPTIONS}
            for seat, spec in ident["agent_options"]["seat_models"].items()
        }
    return ident
