"""`agentworld eval` (many episodes, in flight at once, resumable) and `agentworld report`.

Layout of an eval directory OUT:
    OUT/eval.json            the configuration (agents, agent options, episode options, judge)
    OUT/<task>/<seed>/       one run directory per episode (written by runner.run_episode)
    OUT/results.jsonl        one record per played episode (appended as episodes finish,
                             rewritten sorted by task and seed at the end)
    OUT/summary.json         {"overall", "by_category", "by_task"}: SR, PSR, CCE, tokens, cost...
    OUT/.limits.json         the shared pace and budget while an eval with --max-rpm/-tpm/-cost runs
    OUT/.eval.lock           the one-writer lock (flock) and who holds it (empty when none does)

Resuming: episodes already in results.jsonl are skipped (errored ones too, unless
--retry-errors; unfinished ones, stopped by the money budget, always run again). An episode that
crashes is recorded with status "error" and the run goes on. SR and PSR count errored episodes as
failures, so look at the `errors` column. `--agents` takes one kind for every seat or a comma
list (a mixed team); LLM seats are built here so their per-turn transcript is saved as
RUN_DIR/llm_transcript.jsonl. `agentworld report DIR [DIR...]` prints one summary, or several
evals side by side.

The modules, one job each: episodes (a job -> its result record), executors (sequential,
asyncio, worker processes, Ray), results (results.jsonl, eval.json), lock (one eval per directory), summary (SR/PSR/...
and `report`), loop (run_eval), cli (`eval`).
"""

from agentworld.evaluation import results
from agentworld.evaluation.cli import command_eval, configure_eval
from agentworld.evaluation.episodes import (
    episode_record,
    job_key,
    make_jobs,
    run_job,
    run_job_async,
    select_tasks,
)
from agentworld.evaluation.executors import Interrupted
from agentworld.evaluation.lock import EvalLocked, eval_lock
from agentworld.evaluation.loop import run_eval
from agentworld.evaluation.results import (
    CONFIG,
    RESULTS,
    SUMMARY,
    VOLATILE,
    check_config,
    read_results,
    write_results,
)
from agentworld.evaluation.summary import (
    SUMMARY_KEYS,
    command_report,
    configure_report,
    load_summary,
    summarise,
)

__all__ = [
    "CONFIG",
    "RESULTS",
    "SUMMARY",
    "SUMMARY_KEYS",
    "VOLATILE",
    "EvalLocked",
    "Interrupted",
    "check_config",
    "command_eval",
    "command_report",
    "configure_eval",
    "configure_report",
    "episode_record",
    "eval_lock",
    "job_key",
    "load_summary",
    "make_jobs",
    "read_results",
    "results",
    "run_eval",
    "run_job",
    "run_job_async",
    "select_tasks",
    "summarise",
    "write_results",
]
