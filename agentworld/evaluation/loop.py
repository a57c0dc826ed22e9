"""The eval loop: pick the episodes not finished yet, play them with an executor, record each as it
ends (results.jsonl, appended and flushed), then write the sorted results and summary.json. All of
it under the directory's lock (evaluation.lock): a second eval on the same directory is refused.

Ctrl-C or SIGTERM stops the eval at once: episodes running then are not recorded (they run again
on resume) and worker processes are stopped. Episodes left "unfinished" because the money budget
was spent are recorded as such and played again on resume, like episodes never started.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Callable

from agentworld.evaluation import results as store
from agentworld.evaluation.episodes import job_key, run_job
from agentworld.evaluation.executors import (
    Interrupted,
    run_concurrent,
    run_processes,
    run_ray,
    run_sequential,
)
from agentworld.evaluation.lock import eval_lock
from agentworld.evaluation.results import LIMITS, SUMMARY, ResultsNotWritable, open_results_log, read_results
from agentworld.evaluation.summary import summarise
from agentworld.limits import reset_shared_state

EXECUTORS = ("local", "ray")


def run_eval(
    out: str | Path,
    jobs: list[dict],
    workers: int = 1,
    retry_errors: bool = False,
    progress: bool = True,
    runner: Callable[[dict], dict] = run_job,
    concurrency: int = 1,
    executor: str = "local",
    ray_address: str | None = None,
) -> dict:
    """Run the jobs not finished yet (K worker processes x N episodes in flight each, or Ray
    actors); write results and summary."""
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ResultsNotWritable(store.os_error(exc)) from None
    with ExitStack() as held:
        try:  # one writer per directory (EvalLocked names the other); command_eval holds it already
            held.enter_context(eval_lock(out))
        except OSError as exc:
            raise ResultsNotWritable(store.os_error(exc)) from None
        return _run(out, jobs, workers, retry_errors, progress, runner, concurrency, executor, ray_address)


def _run(
    out: Path,
    jobs: list[dict],
    workers: int,
    retry_errors: bool,
    progress: bool,
    runner: Callable[[dict], dict],
    concurrency: int,
    executor: str,
    ray_address: str | None,
) -> dict:
    open_results_log(out).close()  # unwritable: say so now, before reading it or playing anything
    done = read_results(out)
    wanted = {job_key(j) for j in jobs}
    todo = [j for j in jobs if _to_play(done.get(job_key(j)), retry_errors)]
    skipped = len(jobs) - len(todo)
    if any((j.get("agent_options") or {}).get("limits_file") for j in todo):
        reset_shared_state(out / LIMITS)  # this run's pace and budget start now
    try:
        with (
            _interrupts() as caught,
            open_results_log(out) as log,
            _progress(progress, len(jobs), skipped) as bar,
        ):

            def finish(rec: dict) -> None:
                done[job_key(rec)] = rec
                log.write(json.dumps(rec, sort_keys=True) + "\n")
                log.flush()
                bar.advance(rec)

            if executor == "ray":
                run_ray(todo, workers, concurrency, finish, ray_address)
            elif workers > 1 and len(todo) > 1:
                run_processes(todo, workers, concurrency, finish, runner)
            elif concurrency > 1 and len(todo) > 1:
                run_concurrent(todo, concurrency, finish)
            else:
                run_sequential(todo, runner, finish, caught)
    except KeyboardInterrupt:  # the summary (and `agentworld report`) must show what did finish
        _write_summary(out, done, wanted, skipped, interrupted=True)
        raise
    return _write_summary(out, done, wanted, skipped)


def _to_play(rec: dict | None, retry_errors: bool) -> bool:
    if rec is None or rec.get("status") == "unfinished":
        return True
    return retry_errors and rec.get("status") != "ok"


def _write_summary(out: Path, done: dict, wanted: set, skipped: int, interrupted: bool = False) -> dict:
    """Sorted results.jsonl and summary.json over the finished episodes of this eval."""
    store.write_results(out, done)
    summary = summarise([done[k] for k in sorted(done) if k in wanted])
    summary["skipped"] = skipped
    config = _config(out)
    if config.get("pinned"):
        summary["pinned"] = config["pinned"]  # the configuration every number above holds for
    if interrupted:
        summary["interrupted"] = True
    (out / SUMMARY).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def _config(out: Path) -> dict:
    try:
        config = json.loads((out / store.CONFIG).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return config if isinstance(config, dict) else {}


@contextmanager
def _interrupts():
    """SIGINT and SIGTERM raise Interrupted; the list it yields remembers the signal even when an
    episode caught the exception. Signals ignored at start (background jobs) stay ignored."""
    caught: list[int] = []

    def handler(signum: int, frame: Any) -> None:
        caught.append(signum)
        raise Interrupted(signum)

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) is not signal.SIG_IGN:
                previous[sig] = signal.signal(sig, handler)
    try:
        yield caught
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


class _progress:
    """A rich progress bar (or nothing) that shows the running success rate."""

    def __init__(self, enabled: bool, total: int, skipped: int):
        self.enabled, self.total, self.skipped = enabled, total, skipped
        self.wins = self.count = self.errors = 0

    def __enter__(self) -> "_progress":
        if self.enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("[bold]eval"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.description}"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(file=sys.stderr),
            )
            self.bar.__enter__()
            self.task = self.bar.add_task(self._text(), total=self.total, completed=self.skipped)
        return self

    def _text(self) -> str:
        sr = f"SR {100 * self.wins / self.count:.0f}%" if self.count else "SR -"
        return f"{sr}  errors {self.errors}" + (f"  (resumed: {self.skipped} done)" if self.skipped else "")

    def advance(self, rec: dict) -> None:
        self.count += 1
        self.wins += bool(rec.get("success"))
        self.errors += rec.get("status") not in ("ok", "unfinished")
        if self.enabled:
            self.bar.update(self.task, advance=1, description=self._text())

    def __exit__(self, *exc: Any) -> None:
        if self.enabled:
            self.bar.__exit__(*exc)
