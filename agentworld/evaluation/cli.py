"""`agentworld eval`: its options, the checks made before any episode, and the exit codes.

Exit codes: 0 done; 2 a problem found before playing (options, tasks, team size, an unwritable
--out, another eval writing --out: see evaluation.lock); 3 the money budget (--max-cost) was spent with episodes unfinished (run the same command,
with a larger budget, to resume); 128+N interrupted by signal N.
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from agentworld.evaluation.episodes import check_team_size, make_jobs, select_tasks, shipped_task
from agentworld.evaluation.executors import Interrupted
from agentworld.evaluation.lock import EvalLocked, eval_lock
from agentworld.evaluation.pinned import pin
from agentworld.evaluation.loop import EXECUTORS, run_eval
from agentworld.evaluation.results import LIMITS, RESULTS, ResultsNotWritable, check_config, os_error
from agentworld.evaluation.summary import print_summary
from agentworld.evaluation.grid import GridCell, cell_args, grid_cells, print_grid, write_grid
from agentworld.options import (
    HARNESS_KINDS,
    HARNESS_LIMITS,
    SEAT_MODELS,
    add_ablation_arguments,
    add_harness_arguments,
    add_llm_arguments,
    check_seat_models,
    check_without,
    episode_options,
    parse_kinds,
    team_options,
)


def configure_eval(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tasks",
        default="main",
        help="a task set: 'main' (default), 'augmented' (the variants), 'all' (both); a category "
        "(its main tasks); or comma-separated task ids, task files and folders",
    )
    parser.add_argument(
        "--agents",
        default="oracle",
        help="oracle|random|noop|llm, or a team harness: planner (one model context for all) or orchestrator "
        "(a lead context and the workers it spawns), for every seat; or a comma list with one kind per seat",
    )
    parser.add_argument(
        "--harnesses",
        metavar="KIND[,KIND]",
        default=None,
        help="a grid instead of --agents: every harness (llm, planner, orchestrator) x --max-workers x "
        "--max-depth (the orchestrator's limits; the others play once), each cell an eval directory OUT/CELL",
    )
    parser.add_argument("--episodes", type=int, default=1, help="episodes per task (seeds SEED..SEED+N-1)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="worker processes (--executor ray: Ray actors), to use more cores",
    )
    parser.add_argument(
        "--concurrency",
        type=int,
        default=1,
        help="episodes in flight per process (asyncio tasks; LLM episodes mostly wait on the model)",
    )
    parser.add_argument(
        "--executor",
        choices=EXECUTORS,
        default="local",
        help="local processes, or ray: actors on a Ray cluster (pip install 'agentworld[ray]')",
    )
    parser.add_argument(
        "--ray-address",
        default=None,
        help="the Ray cluster to join (host:port of its head; default: $RAY_ADDRESS, else a private "
        "one started for this eval and stopped at its end, never a cluster already running)",
    )
    parser.add_argument("--out", required=True, help="eval directory (resumed if it exists)")
    parser.add_argument(
        "--retry-errors", action="store_true", help="when resuming, run errored episodes again"
    )
    parser.add_argument("--force", action="store_true", help="resume even if the configuration changed")
    parser.add_argument(
        "--judge",
        default="provenance",
        choices=["provenance", "llm", "none"],
        help="CCE judge for each episode (default: provenance)",
    )
    parser.add_argument("--judge-model", default=None, help="model of the LLM judge (--judge llm)")
    parser.add_argument("--judge-base-url", default=None, help="server of the LLM judge (--judge llm)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_ablation_arguments(parser)
    add_llm_arguments(parser)
    add_harness_arguments(parser, grid=True)


def command_eval(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if args.episodes < 1 or args.workers < 1 or args.concurrency < 1:
        print("eval: --episodes, --workers and --concurrency must be >= 1", file=sys.stderr)
        return 2
    if args.ray_address and args.executor != "ray":
        print("eval: --ray-address needs --executor ray", file=sys.stderr)
        return 2
    try:
        cells = grid_cells(args)
        if cells:  # harnesses x worker limits x depths: one eval directory per cell under --out
            return _grid(args, out, [(cell, prepare(cell_args(args, cell))) for cell in cells])
        config, tasks = prepare(args)
    except ValueError as exc:
        print(f"eval: {exc}", file=sys.stderr)
        return 2
    try:
        with eval_lock(out):  # held until the eval ends: one writer per directory
            return _play(args, out, config, tasks)
    except EvalLocked as exc:
        print(f"eval: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"eval: cannot write the eval directory: {os_error(exc)}", file=sys.stderr)
        return 2


def prepare(args: argparse.Namespace) -> tuple[dict, list[tuple[str, str]]]:
    """The eval's configuration (as eval.json pins it) and its tasks, every check made before playing
    (a ValueError saying what is wrong)."""
    from agentworld import __version__

    out = Path(args.out)
    kinds = parse_kinds(args.agents)
    agent_opts = team_options(args, kinds)
    tasks = select_tasks(args.tasks)
    if any(agent_opts.get(k) for k in ("max_rpm", "max_tpm", "max_cost")):
        agent_opts["limits_file"] = str((out / LIMITS).resolve())  # one pace and budget for every worker
    if "llm" in kinds:
        from agentworld.agents.llm import Conversation, parse_options

        if not agent_opts.get("model"):
            raise ValueError("--agents llm needs --model (or $AGENTWORLD_MODEL)")
        if agent_opts.get(SEAT_MODELS):  # (loading every task only when there are seats to look for)
            check_seat_models([shipped_task(tid) for tid, _ in tasks], agent_opts)
        base = {k: v for k, v in agent_opts.items() if k != SEAT_MODELS}
        for seat in [{}, *(agent_opts.get(SEAT_MODELS) or {}).values()]:
            # options, API key, prompts, prices (of every model): fail now, not in every episode
            Conversation(parse_options({**base, **seat}))
    if set(kinds) & set(HARNESS_KINDS):  # the same for a harness's contexts
        from agentworld.agents.llm import Conversation, parse_options

        Conversation(parse_options({k: v for k, v in agent_opts.items() if k not in HARNESS_LIMITS}))
    config = {
        "agents": ",".join(kinds),
        "agent_options": agent_opts,
        "episode_options": episode_options(args),
        "judge": None if args.judge == "none" else args.judge,
        "version": __version__,
    }
    judge_opts = {k: v for k, v in (("model", args.judge_model), ("base_url", args.judge_base_url)) if v}
    if judge_opts and agent_opts.get("prices"):  # the judge's calls are priced from the same table
        judge_opts["prices"] = agent_opts["prices"]
    if judge_opts:
        config["judge_options"] = judge_opts
    if config["judge"]:
        from agentworld.causal import CausalError, make_judge
        from agentworld.causal.llm_judge import JudgeError

        try:  # a missing judge model or key: fail now, not silently in every episode
            make_judge(config["judge"], **judge_opts)
        except (CausalError, JudgeError) as exc:
            raise ValueError(
                f"--judge {config['judge']}: {exc} (eval takes --judge-model / --judge-base-url)"
            ) from None
    from agentworld.episode import EpisodeOptions

    EpisodeOptions.from_dict(config["episode_options"]).task_options()  # e.g. --max-rounds 0: fail now
    check_without([tid for tid, _ in tasks], config["episode_options"])  # a role a task lacks: fail now
    check_team_size(kinds, tasks, config["episode_options"])
    config["pinned"] = pin(config, [tid for tid, _ in tasks])
    return config, tasks


def _grid(args: argparse.Namespace, out: Path, prepared: list[tuple[GridCell, tuple[dict, list]]]) -> int:
    """Every cell of the grid in turn, each an eval of its own in OUT/CELL (under OUT's lock), then the
    grid's table. The worst exit code wins: 3 when some cell left episodes unfinished, 2 or 128+N stop it."""
    cells = [cell for cell, _ in prepared]
    tasks = [tid for tid, _ in prepared[0][1][1]]
    codes = []
    try:
        with eval_lock(out):
            write_grid(
                out, cells, tasks
            )  # grid.json, and each task's dependency figures (an oracle run each)
            for cell, (config, cell_tasks) in prepared:
                code = _play(cell_args(args, cell), out / cell.name, config, cell_tasks, show=False)
                if code not in (0, 3):
                    return code
                codes.append(code)
    except EvalLocked as exc:
        print(f"eval: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"eval: cannot write the eval directory: {os_error(exc)}", file=sys.stderr)
        return 2
    print_grid(out, title=f"AgentWorld eval grid on {args.tasks} ({out})")
    return max(codes)


def _play(
    args: argparse.Namespace, out: Path, config: dict, tasks: list[tuple[str, str]], show: bool = True
) -> int:
    """Check the directory's configuration, play what is left, print the summary (under the lock)."""
    try:
        check_config(out, config, args.force)
    except ValueError as exc:
        print(f"eval: {exc}", file=sys.stderr)
        return 2
    seeds = list(range(args.seed, args.seed + args.episodes))
    jobs = make_jobs(out, tasks, seeds, config)
    try:
        summary = run_eval(
            out,
            jobs,
            workers=args.workers,
            retry_errors=args.retry_errors,
            progress=not args.quiet,
            concurrency=args.concurrency,
            executor=args.executor,
            ray_address=args.ray_address,
        )
    except ResultsNotWritable as exc:
        print(f"eval: cannot write {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # e.g. --executor ray without Ray, or no cluster at --ray-address
        print(f"eval: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        signum = exc.args[0] if isinstance(exc, Interrupted) else signal.SIGINT
        print(
            f"eval: interrupted ({signal.Signals(signum).name}); finished episodes are kept in {out / RESULTS} "
            "- run the same command to resume",
            file=sys.stderr,
        )
        return 128 + int(signum)
    if show:
        print_summary(summary, title=f"AgentWorld eval: {args.agents} on {args.tasks} ({out})")
    if summary.get("skipped"):
        print(f"({summary['skipped']} episodes were already finished and were not run again)")
    unfinished = summary["overall"].get("unfinished")
    if unfinished:
        print(
            f"eval: the model budget (--max-cost) was spent; {unfinished} episode(s) are unfinished - run the same "
            "command (with a larger --max-cost) to play them",
            file=sys.stderr,
        )
        return 3
    return 0
