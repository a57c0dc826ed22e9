"""`agentworld eval` (many episodes, in parallel, resumable) and `agentworld report`.

Layout of an eval directory OUT:
    OUT/eval.json            the configuration (agents, agent options, episode options, judge)
    OUT/<task>/<seed>/       one run directory per episode (written by runner.run_episode)
    OUT/results.jsonl        one record per finished episode (appended as episodes finish,
                             rewritten sorted by task and seed at the end)
    OUT/summary.json         {"overall", "by_category", "by_task"}: SR, PSR, CCE, tokens, cost...

Resuming: episodes already in results.jsonl are skipped (errored ones too, unless
--retry-errors). An episode that crashes is recorded with status "error" and the run goes on.
Ctrl-C or SIGTERM stops the eval at once: the episodes running then are not recorded (they
run again on resume) and worker processes are stopped; workers also exit if the eval dies.
SR and PSR count errored episodes as failures, so look at the `errors` column.
`--agents` takes one kind for every seat or a comma list (a mixed team); LLM seats are built
here so their per-turn transcript is saved as RUN_DIR/llm_transcript.jsonl.
`agentworld report DIR [DIR...]` prints one summary, or several evals side by side.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from statistics import mean
from typing import Any, Callable, Iterable

from agentworld.options import (add_ablation_arguments, add_llm_arguments, build_team, check_without, episode_options,
                                llm_options, parse_kinds, write_transcript)

RESULTS = "results.jsonl"
SUMMARY = "summary.json"
CONFIG = "eval.json"
# Fields of a result record that depend on wall-clock time (ignored when comparing runs).
VOLATILE = ("elapsed",)
SUMMARY_KEYS = ("episodes", "sr", "psr", "errors", "mean_rounds", "messages_per_agent", "first_chat_round",
                "prompt_tokens", "completion_tokens", "cost", "cce")


# --------------------------------------------------------------------------- task selection

def select_tasks(spec: str) -> list[tuple[str, str]]:
    """[(task id, category)] for 'all', a category name, or comma-separated task ids."""
    from agentworld import tasks as tasks_mod

    known = {t["id"]: t["category"] for t in tasks_mod.list_tasks()}
    spec = (spec or "all").strip()
    if spec == "all":
        return sorted(known.items())
    categories = sorted(set(known.values()))
    if spec in categories:
        return sorted((tid, cat) for tid, cat in known.items() if cat == spec)
    out = []
    for tid in (s.strip() for s in spec.split(",") if s.strip()):
        if tid not in known:
            raise ValueError(f"unknown task or category {tid!r}{tasks_mod.suggest_task(tid)}; "
                             f"categories: {', '.join(categories) or 'none'}; "
                             f"tasks: {', '.join(sorted(known)) or 'none'}")
        out.append((tid, known[tid]))
    if not out:
        raise ValueError("no tasks selected: give --tasks all, a category or task ids")
    return out


# --------------------------------------------------------------------------- one episode (in a worker)

def job_key(job: dict) -> tuple[str, int]:
    return (job["task"], int(job["seed"]))


def run_job(job: dict) -> dict:
    """Play one episode into job['run_dir'] and return its result record. Never raises."""
    start = time.monotonic()
    run_dir = Path(job["run_dir"])
    record: dict[str, Any] = {"task": job["task"], "category": job.get("category"), "seed": job["seed"],
                              "run_dir": job.get("rel_dir", str(run_dir))}
    try:
        play = _resolve(job["play"]) if job.get("play") else play_episode
        metrics = play(job)
        record.update(episode_record(run_dir, metrics))
    except Exception as exc:  # a crash is a recorded error, the eval goes on
        record.update(status="error", success=False, psr=0.0,
                      error=f"{type(exc).__name__}: {exc}")
        run_dir.mkdir(parents=True, exist_ok=True)
        (run_dir / "eval_error.txt").write_text(traceback.format_exc(), encoding="utf-8")
    record["cce"] = None
    if job.get("judge") and record.get("status") == "ok":
        record["cce"] = _judge(run_dir, job["judge"], record, job.get("judge_options") or {})
    record["elapsed"] = round(time.monotonic() - start, 3)
    return record


def _resolve(path: str) -> Callable[[dict], dict]:
    """'package.module:function' -> the function (a picklable way to swap the episode player)."""
    import importlib

    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def _judge(run_dir: Path, judge: str, record: dict, options: dict) -> float | None:
    try:
        from agentworld.causal import judge_run
    except ImportError:
        return None
    try:
        value = judge_run(run_dir, judge=judge, **options).get("cce")
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

    agent_opts = dict(job.get("agent_options") or {})
    agents = build_team(job["task"], job["agents"], agent_opts, job.get("episode_options"))
    try:
        result = runner.run_episode(job["task"], agents=agents, seed=job["seed"],
                                    options=job.get("episode_options") or {}, out_dir=job["run_dir"],
                                    progress=False, agent_options={"llm": agent_opts})
    finally:
        if isinstance(agents, dict):
            write_transcript(Path(job["run_dir"]), agents)
    metrics_path = Path(job["run_dir"]) / "metrics.json"
    if metrics_path.exists():
        return json.loads(metrics_path.read_text(encoding="utf-8"))
    return result


def _usage_totals(metrics: dict) -> dict[str, float]:
    """prompt/completion tokens and cost from metrics.json, wherever the runner put them."""
    keys = ("prompt_tokens", "completion_tokens", "cost")
    for where in (metrics.get("usage"), metrics):
        if isinstance(where, dict) and any(k in where for k in keys) and not isinstance(where.get("prompt_tokens"), dict):
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


def episode_record(run_dir: Path, metrics: dict) -> dict:
    """The per-episode fields the summary is built from."""
    n_agents = len(metrics.get("per_agent") or {}) or 1
    usage = _usage_totals(metrics)
    return {
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
        "max_prompt_tokens": max((int((a.get("usage") or {}).get("max_prompt_tokens") or 0)
                                  for a in (metrics.get("per_agent") or {}).values() if isinstance(a, dict)), default=0),
    }


# --------------------------------------------------------------------------- summary

def _mean(values: Iterable[Any], digits: int = 4) -> float | None:
    vals = [float(v) for v in values if v is not None]
    return round(mean(vals), digits) if vals else None


def summarise_group(records: list[dict]) -> dict:
    ok = [r for r in records if r.get("status") == "ok"]
    return {
        "episodes": len(records),
        "sr": _mean((1.0 if r.get("success") else 0.0 for r in records)),
        "psr": _mean((r.get("psr") or 0.0 for r in records)),
        "errors": len(records) - len(ok),
        "mean_rounds": _mean(r.get("rounds") for r in ok),
        "messages_per_agent": _mean(r.get("messages_per_agent") for r in ok),
        "first_chat_round": _mean(r.get("first_chat_round") for r in ok),
        "prompt_tokens": sum(int(r.get("prompt_tokens") or 0) for r in records),
        "completion_tokens": sum(int(r.get("completion_tokens") or 0) for r in records),
        "cost": round(sum(float(r.get("cost") or 0) for r in records), 6),
        "cce": _mean(r.get("cce") for r in ok),
        "prompt_tokens_per_episode": _mean([r.get("prompt_tokens") or 0 for r in records], 1),
        "max_prompt_tokens": max((int(r.get("max_prompt_tokens") or 0) for r in records), default=0),
    }


def summarise(records: list[dict]) -> dict:
    by_category: dict[str, list[dict]] = {}
    by_task: dict[str, list[dict]] = {}
    for r in records:
        by_category.setdefault(r.get("category") or "?", []).append(r)
        by_task.setdefault(r["task"], []).append(r)
    return {
        "overall": summarise_group(records),
        "by_category": {c: summarise_group(rs) for c, rs in sorted(by_category.items())},
        "by_task": {t: summarise_group(rs) for t, rs in sorted(by_task.items())},
    }


def _fmt(value: Any, kind: str = "") -> str:
    if value is None:
        return "-"
    if kind == "pct":
        return f"{100 * value:.1f}%"
    if kind == "cost":
        return f"${value:.4f}"
    if isinstance(value, float):
        return f"{value:.2f}" if kind != "cce" else f"{value:.3f}"
    return str(value)


def render_table(summary: dict, title: str = "AgentWorld evaluation"):
    """Overall row, then one indented row per category."""
    rows = [("overall", summary["overall"])] + [(f"  {c}", s) for c, s in summary.get("by_category", {}).items()]
    return render_rows(rows, title)


def render_rows(rows: list[tuple[str, dict]], title: str):
    from rich.table import Table

    table = Table(title=title)
    columns = [("group", ""), ("episodes", ""), ("sr", "pct"), ("psr", "pct"), ("cce", "cce"), ("errors", ""),
               ("mean_rounds", ""), ("messages_per_agent", ""), ("first_chat_round", ""),
               ("prompt_tokens", ""), ("completion_tokens", ""), ("cost", "cost")]
    headers = {"group": "group", "episodes": "eps", "sr": "SR", "psr": "PSR", "cce": "CCE", "errors": "errors",
               "mean_rounds": "rounds", "messages_per_agent": "msgs/agent", "first_chat_round": "1st chat",
               "prompt_tokens": "prompt tok", "completion_tokens": "compl tok", "cost": "cost"}
    for key, _ in columns:
        table.add_column(headers[key], justify="left" if key == "group" else "right")
    for name, stats in rows:
        table.add_row(name, *[_fmt(stats.get(k), kind) for k, kind in columns[1:]])
    return table


def print_summary(summary: dict, title: str = "AgentWorld evaluation", file=None) -> None:
    from rich.console import Console

    Console(file=file or sys.stdout, width=160).print(render_table(summary, title))


def print_rows(rows: list[tuple[str, dict]], title: str, file=None) -> None:
    from rich.console import Console

    Console(file=file or sys.stdout, width=160).print(render_rows(rows, title))


# --------------------------------------------------------------------------- the eval loop

def read_results(out: Path) -> dict[tuple[str, int], dict]:
    """The latest record per (task, seed) in OUT/results.jsonl (a torn last line is ignored)."""
    path = out / RESULTS
    done: dict[tuple[str, int], dict] = {}
    if not path.exists():
        return done
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(rec, dict) and "task" in rec and "seed" in rec:
                done[(rec["task"], int(rec["seed"]))] = rec
    return done


def write_results(out: Path, records: dict[tuple[str, int], dict]) -> None:
    tmp = out / (RESULTS + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        for key in sorted(records):
            fh.write(json.dumps(records[key], sort_keys=True) + "\n")
    os.replace(tmp, out / RESULTS)


def check_config(out: Path, config: dict, force: bool) -> None:
    """An eval directory holds one configuration: refuse to mix runs of different ones."""
    path = out / CONFIG
    if path.exists() and not force:
        old, new = _identity(json.loads(path.read_text(encoding="utf-8"))), _identity(config)
        diff = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
        if diff:
            raise ValueError(f"{out} holds an eval with a different configuration ({', '.join(diff)} differ); "
                             "use another --out, or --force to mix them")
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")


# Settings that change how episodes reach the model, not what is measured: free to change on resume.
TRANSPORT_OPTIONS = ("base_url", "timeout", "max_retries", "backoff_base", "backoff_max")


def _identity(config: dict) -> dict:
    ident = {k: v for k, v in config.items() if k != "version"}
    ident["agent_options"] = {k: v for k, v in (config.get("agent_options") or {}).items() if k not in TRANSPORT_OPTIONS}
    return ident


def make_jobs(out: Path, tasks: list[tuple[str, str]], seeds: list[int], config: dict) -> list[dict]:
    jobs = []
    for tid, category in tasks:
        for seed in seeds:
            rel = f"{tid}/{seed}"
            jobs.append({"task": tid, "category": category, "seed": seed, "run_dir": str(out / rel), "rel_dir": rel,
                         "agents": config["agents"], "agent_options": config["agent_options"],
                         "episode_options": config["episode_options"], "judge": config["judge"],
                         "judge_options": config.get("judge_options") or {}})
    return jobs


def run_eval(out: str | Path, jobs: list[dict], workers: int = 1, retry_errors: bool = False,
             progress: bool = True, runner: Callable[[dict], dict] = run_job) -> dict:
    """Run the jobs not finished yet (parallel when workers > 1); write results and summary."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    done = read_results(out)
    wanted = {job_key(j) for j in jobs}
    todo = [j for j in jobs if job_key(j) not in done or (retry_errors and done[job_key(j)].get("status") != "ok")]
    skipped = len(jobs) - len(todo)
    try:
        with _interrupts() as caught, open(out / RESULTS, "a", encoding="utf-8") as log, \
                _progress(progress, len(jobs), skipped) as bar:
            def finish(rec: dict) -> None:
                done[(rec["task"], int(rec["seed"]))] = rec
                log.write(json.dumps(rec, sort_keys=True) + "\n")
                log.flush()
                bar.advance(rec)

            if workers <= 1 or len(todo) <= 1:
                for job in todo:
                    rec = runner(job)
                    if caught:  # the episode swallowed the interrupt (the runner records it as an error)
                        raise Interrupted(caught[0])
                    finish(rec)
            else:
                _run_parallel(todo, workers, runner, finish)
    except KeyboardInterrupt:  # the summary (and `agentworld report`) must show what did finish
        _write_summary(out, done, wanted, skipped, interrupted=True)
        raise
    return _write_summary(out, done, wanted, skipped)


def _write_summary(out: Path, done: dict, wanted: set, skipped: int, interrupted: bool = False) -> dict:
    """Sorted results.jsonl and summary.json over the finished episodes of this eval."""
    write_results(out, done)
    summary = summarise([done[k] for k in sorted(done) if k in wanted])
    summary["skipped"] = skipped
    if interrupted:
        summary["interrupted"] = True
    (out / SUMMARY).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def _run_parallel(todo: list[dict], workers: int, runner: Callable[[dict], dict], finish: Callable[[dict], None]) -> None:
    """Episodes in spawned worker processes; a worker that dies fails its episode, not the eval.

    When a worker process dies, the pool fails every episode it was running; those are played
    again one by one in a fresh process, and only an episode that kills its process again is
    recorded as an error.
    """
    ctx = multiprocessing.get_context("spawn")
    suspects = _run_pool(todo, workers, runner, finish, ctx)
    for job in suspects:
        if _run_pool([job], 1, runner, finish, ctx):
            finish(_crash_record(job, "worker process died (killed, out of memory or a crash in native code)"))


def _run_pool(jobs: list[dict], workers: int, runner: Callable[[dict], dict], finish: Callable[[dict], None],
              ctx: Any) -> list[dict]:
    """Run jobs in one pool; return the jobs lost to a broken pool."""
    pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=ctx,
                               initializer=_worker_init, initargs=(os.getpid(),))
    futures: dict[Future, dict] = {pool.submit(runner, job): job for job in jobs}
    lost: list[dict] = []
    try:
        while futures:
            finished, _ = wait(futures, return_when=FIRST_COMPLETED)
            for fut in finished:
                job = futures.pop(fut)
                try:
                    finish(fut.result())
                except BrokenProcessPool:
                    lost.append(job)
                except Exception as exc:
                    finish(_crash_record(job, f"{type(exc).__name__}: {exc}"))
    except BaseException:  # Ctrl-C / SIGTERM: stop the running episodes now, not when they end
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True, cancel_futures=True)
    return sorted(lost, key=job_key)


def _worker_init(parent: int) -> None:
    """In each worker: Ctrl-C is the parent's to handle; exit when the parent is gone (kill -9)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during an eval (args[0] is the signal number)."""


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


def _crash_record(job: dict, error: str) -> dict:
    return {"task": job["task"], "category": job.get("category"), "seed": job["seed"],
            "run_dir": job.get("rel_dir", job["run_dir"]), "status": "error", "error": error,
            "success": False, "psr": 0.0, "cce": None}


class _progress:
    """A rich progress bar (or nothing) that shows the running success rate."""

    def __init__(self, enabled: bool, total: int, skipped: int):
        self.enabled, self.total, self.skipped = enabled, total, skipped
        self.wins = self.count = self.errors = 0

    def __enter__(self) -> "_progress":
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn("[bold]eval"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.description}"), TimeElapsedColumn(), TimeRemainingColumn(),
                                console=Console(file=sys.stderr))
            self.bar.__enter__()
            self.task = self.bar.add_task(self._text(), total=self.total, completed=self.skipped)
        return self

    def _text(self) -> str:
        sr = f"SR {100 * self.wins / self.count:.0f}%" if self.count else "SR -"
        return f"{sr}  errors {self.errors}" + (f"  (resumed: {self.skipped} done)" if self.skipped else "")

    def advance(self, rec: dict) -> None:
        self.count += 1
        self.wins += bool(rec.get("success"))
        self.errors += rec.get("status") != "ok"
        if self.enabled:
            self.bar.update(self.task, advance=1, description=self._text())

    def __exit__(self, *exc: Any) -> None:
        if self.enabled:
            self.bar.__exit__(*exc)


# --------------------------------------------------------------------------- CLI

def configure_eval(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tasks", default="all", help="'all', a category, or comma-separated task ids")
    parser.add_argument("--agents", default="oracle",
                        help="oracle|random|noop|llm for every seat, or a comma list with one kind per seat")
    parser.add_argument("--episodes", type=int, default=1, help="episodes per task (seeds SEED..SEED+N-1)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=1, help="parallel worker processes")
    parser.add_argument("--out", required=True, help="eval directory (resumed if it exists)")
    parser.add_argument("--retry-errors", action="store_true", help="when resuming, run errored episodes again")
    parser.add_argument("--force", action="store_true", help="resume even if the configuration changed")
    parser.add_argument("--judge", default="provenance", choices=["provenance", "llm", "none"],
                        help="CCE judge for each episode (default: provenance)")
    parser.add_argument("--judge-model", default=None, help="model of the LLM judge (--judge llm)")
    parser.add_argument("--judge-base-url", default=None, help="server of the LLM judge (--judge llm)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_ablation_arguments(parser)
    add_llm_arguments(parser)


def command_eval(args: argparse.Namespace) -> int:
    from agentworld import __version__

    out = Path(args.out)
    if args.episodes < 1 or args.workers < 1:
        print("eval: --episodes and --workers must be >= 1", file=sys.stderr)
        return 2
    try:
        kinds = parse_kinds(args.agents)
        if args.single_agent and set(kinds) != {"llm"}:
            raise ValueError("--single-agent needs --agents llm (one model context for every avatar); "
                             "--solo keeps only the first agent for any kind")
        tasks = select_tasks(args.tasks)
        agent_opts = llm_options(args) if "llm" in kinds else {}
        if "llm" in kinds:
            from agentworld.agents.llm import Conversation, parse_options

            if not agent_opts.get("model"):
                raise ValueError("--agents llm needs --model (or $AGENTWORLD_MODEL)")
            Conversation(parse_options(agent_opts))  # options, API key, prompts, prices: fail now, not in every episode
        config = {"agents": ",".join(kinds), "agent_options": agent_opts, "episode_options": episode_options(args),
                  "judge": None if args.judge == "none" else args.judge, "version": __version__}
        judge_opts = {k: v for k, v in (("model", args.judge_model), ("base_url", args.judge_base_url)) if v}
        if judge_opts:
            config["judge_options"] = judge_opts
        if config["judge"]:
            from agentworld.causal import CausalError, make_judge
            from agentworld.causal.llm_judge import JudgeError

            try:  # a missing judge model or key: fail now, not silently in every episode
                make_judge(config["judge"], **judge_opts)
            except (CausalError, JudgeError) as exc:
                raise ValueError(f"--judge {config['judge']}: {exc} (eval takes --judge-model / --judge-base-url)") from None
        from agentworld.episode import EpisodeOptions

        EpisodeOptions.from_dict(config["episode_options"]).task_options()  # e.g. --max-rounds 0: fail now
        check_without([tid for tid, _ in tasks], config["episode_options"])  # a role a task lacks: fail now
        check_config(out, config, args.force)
    except ValueError as exc:
        print(f"eval: {exc}", file=sys.stderr)
        return 2
    seeds = list(range(args.seed, args.seed + args.episodes))
    jobs = make_jobs(out, tasks, seeds, config)
    try:
        summary = run_eval(out, jobs, workers=args.workers, retry_errors=args.retry_errors, progress=not args.quiet)
    except KeyboardInterrupt as exc:
        signum = exc.args[0] if isinstance(exc, Interrupted) else signal.SIGINT
        print(f"eval: interrupted ({signal.Signals(signum).name}); finished episodes are kept in {out / RESULTS} "
              "- run the same command to resume", file=sys.stderr)
        return 128 + int(signum)
    print_summary(summary, title=f"AgentWorld eval: {args.agents} on {args.tasks} ({out})")
    if summary.get("skipped"):
        print(f"({summary['skipped']} episodes were already finished and were not run again)")
    return 0


def configure_report(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dirs", nargs="+", metavar="DIR",
                        help="eval directories written by `agentworld eval --out DIR` (several: one comparison table)")
    parser.add_argument("--json", action="store_true", help="print summary.json instead of a table")
    parser.add_argument("--tasks", action="store_true", help="also list every task")


def load_summary(out: Path) -> dict:
    """summary.json, or a summary rebuilt from results.jsonl (e.g. after an interrupted eval)."""
    if (out / SUMMARY).exists():
        return json.loads((out / SUMMARY).read_text(encoding="utf-8"))
    records = read_results(out)
    if not records:
        raise FileNotFoundError(f"{out}: no {SUMMARY} or {RESULTS} (not an eval directory?)")
    return summarise([records[k] for k in sorted(records)])


def describe(out: Path) -> str:
    """'llm / model-name +no_docs' from OUT/eval.json, or the directory name."""
    if not (out / CONFIG).exists():
        return out.name
    cfg = json.loads((out / CONFIG).read_text(encoding="utf-8"))
    model = (cfg.get("agent_options") or {}).get("model")
    flags = [k if v is True else f"{k}={v}" for k, v in sorted((cfg.get("episode_options") or {}).items()) if v]
    if (cfg.get("agent_options") or {}).get("single_agent"):
        flags.append("single_agent")
    return f"{cfg.get('agents')}{' / ' + model if model else ''}{''.join(' +' + f for f in flags)}"


def command_report(args: argparse.Namespace) -> int:
    outs = [Path(d) for d in args.dirs]
    try:
        summaries = {out: load_summary(out) for out in outs}
    except (FileNotFoundError, json.JSONDecodeError) as exc:
        print(f"report: {exc}", file=sys.stderr)
        return 2
    if args.json:
        data = {str(o): s for o, s in summaries.items()}
        print(json.dumps(data[str(outs[0])] if len(outs) == 1 else data, indent=2))
        return 0
    if len(outs) > 1:  # one row per eval: models or ablations side by side
        print_rows([(f"{describe(o)} ({o})", s["overall"]) for o, s in summaries.items()],
                   title="AgentWorld evals compared")
        return 0
    out, summary = outs[0], summaries[outs[0]]
    print_summary(summary, title=f"AgentWorld eval: {describe(out)} ({out})")
    if summary.get("interrupted"):
        print("(the eval was interrupted: only finished episodes are counted; run the same eval command to resume)")
    if args.tasks:
        print_rows(list(summary.get("by_task", {}).items()), title="by task")
    return 0
