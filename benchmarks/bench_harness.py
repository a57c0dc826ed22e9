"""Tokens per episode of each team harness, through one eval grid against a model that replays the oracle.

The model is tests/fake_openai.py's loopback server with tests/harness_replay.py's policy: whichever
context asks (a per-avatar seat, the planner, the orchestrator's lead or a worker), it answers with
the oracle's calls for the avatars and round the prompt shows, and the lead hands the avatars over in
groups of at most five. Every harness then plays the oracle's trajectory exactly, so the cells differ
only in how the team's contexts are organised: what this measures is what each organisation costs in
prompt and completion tokens (the server counts a prompt's characters / 4), against each task's
dependency sparsity. It says nothing about how well a real model does: run the same grid with one.

    python benchmarks/bench_harness.py                       # task_01 and the first 20-agent main task
    python benchmarks/bench_harness.py --tasks task_01,task_02,task_13 --max-workers 1,2,4 --out runs/bench
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    from fake_openai import FakeOpenAI
    from harness_replay import ReplayModel, spawn_groups

    from agentworld.cli import main as cli
    from agentworld.runner import run_episode
    from agentworld.tasks import list_tasks, load_task

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--tasks", default=None, help="comma-separated task ids (default: task_01 and a 20-agent task)"
    )
    parser.add_argument("--harnesses", default="llm,planner,orchestrator")
    parser.add_argument("--max-workers", default="1,2")
    parser.add_argument("--max-depth", default="1")
    parser.add_argument(
        "--history", default="last", help="the seats' and workers' history (default: last 8 turns)"
    )
    parser.add_argument("--out", default=None, help="the grid's directory (default: a temporary one)")
    args = parser.parse_args()
    tasks = (args.tasks or f"task_01,{next(t['id'] for t in list_tasks('main') if t['agents'] == 20)}").split(
        ","
    )
    out = Path(args.out or tempfile.mkdtemp(prefix="agentworld-bench-harness-"))
    runs, groups = {}, {}
    for task in tasks:
        runs[task] = out / "oracle" / task
        run_episode(task, "oracle", seed=0, out_dir=runs[task], progress=False)
        groups[task] = spawn_groups(load_task(task).agent_names)
    with FakeOpenAI(policy=ReplayModel(runs, groups), record=False) as server:
        code = cli(
            [
                "eval",
                "--tasks",
                ",".join(tasks),
                "--harnesses",
                args.harnesses,
                "--max-workers",
                args.max_workers,
                "--max-depth",
                args.max_depth,
                "--model",
                "replay",
                "--base-url",
                server.base_url,
                "--history",
                args.history,
                "--quiet",
                "--out",
                str(out / "grid"),
            ]
        )
    print(f"grid: {out / 'grid'}")
    return code


if __name__ == "__main__":
    sys.exit(main())
