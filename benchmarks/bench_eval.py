"""Eval throughput with LLM agents whose model answers after a fixed latency: episodes/hour and
model calls/s against the number of episodes in flight in ONE process (`eval --concurrency N`).

The model is tests/fake_openai.py's OpenAI-compatible server in its own process on loopback,
answering every call after --latency seconds (a `wait` tool call, so every episode plays all its
rounds: turns per episode = agents x rounds). The eval is the real one (run_eval: the async runner,
the async OpenAI client, run directories, results.jsonl), pinned to one core with the server on
another when the machine has two. For each concurrency it plays 2 x N episodes of task_01 and
prints the ratio to the ideal, N x 3600 / (turns x latency) episodes/hour, the peak RSS, and the
memory one more episode in flight costs (the rise in peak RSS from the row above, per added episode;
the first rows also pay for the shared HTTP clients).

Each level is measured twice: `clean`, and `429`, where the server refuses every 7th request
(--refuse-every) with HTTP 429 and no Retry-After, and the agents use the default retry policy
(--backoff-base and --max-retries as `eval` sets them), so the row shows what the backoff costs.

What "ideal" means: an episode's turns are sequential (the runner awaits one seat's call before
the next seat acts), so no episode can end sooner than turns x latency, and N in flight at once
give at most N x 3600 / (turns x latency) episodes/hour. Both cases share this ideal: the server
refuses at once, before the model runs, so a refused request costs no model time and a client
that retried at once would lose nothing; whatever the 429 row loses below the clean row is the
backoff's cost. The ideal charges nothing for the eval's own CPU (episodes, prompts, JSON, HTTP)
on its one core: that overhead is what the clean row's shortfall measures, and it grows with the
machine's load (report `uptime` beside the figures).

    python benchmarks/bench_eval.py [--latency 0.5] [--rounds 5] [--max-concurrency 128] [--episodes-per-slot 2]
    python benchmarks/bench_eval.py --latency 0.3 --levels 16 --episodes-per-slot 1   # issue 14's 16-episode case
    python benchmarks/bench_eval.py --levels 16,64 --episodes-per-slot 1              # issue 26's 429 case

Targets: at least 0.8 of ideal at 64 episodes in flight on one core; 0.6 in the 429 case.
The load average is printed with the table (os.getloadavg) since the machine may be shared.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

TASK = "task_01"
AGENTS = 3  # task_01's seats


def serve(latency: float, port_out: "multiprocessing.Queue", core: int | None, refuse_every: int = 0) -> None:
    """The fake model server, in its own process until terminated."""
    from fake_openai import FakeOpenAI

    if core is not None:
        os.sched_setaffinity(0, {core})
    server = FakeOpenAI(latency=latency, record=False, keep_alive=True, refuse_every=refuse_every).start()
    port_out.put(server.base_url)
    threading.Event().wait()


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class PeakRSS:
    """Samples this process's RSS every 50 ms while a measurement runs."""

    def __enter__(self) -> "PeakRSS":
        self.peak, self.stop = rss_mb(), threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()
        return self

    def _sample(self) -> None:
        while not self.stop.wait(0.05):
            self.peak = max(self.peak, rss_mb())

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()


def measure(
    base_url: str, concurrency: int, episodes: int, rounds: int, out: Path, retries: dict | None = None
) -> tuple[float, int, float]:
    """(seconds, model calls, peak RSS MB) of one eval into the new directory `out`; `retries`: the
    retry options of the agents (default none: a clean server never refuses)."""
    from agentworld.evaluation import make_jobs, run_eval

    config = {
        "agents": "llm",
        "agent_options": {
            "model": "bench",
            "base_url": base_url,
            "api_key": "x",
            "timeout": 120,
            **({"max_retries": 0} if retries is None else retries),
        },
        "episode_options": {"max_rounds": rounds},
        "judge": None,
    }
    jobs = make_jobs(out, [(TASK, "crafting")], list(range(episodes)), config)
    with PeakRSS() as rss:
        start = time.perf_counter()
        summary = run_eval(out, jobs, concurrency=concurrency, progress=False)
        seconds = time.perf_counter() - start
    overall = summary["overall"]
    if overall["errors"]:
        raise SystemExit(
            f"concurrency {concurrency}: {overall['errors']} episodes failed; see {out}/results.jsonl"
        )
    return seconds, episodes * AGENTS * rounds, rss.peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.5, help="seconds the model takes per call")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per episode (turns = 3 x rounds)")
    parser.add_argument("--max-concurrency", type=int, default=128)
    parser.add_argument(
        "--levels",
        default=None,
        help="comma list of concurrencies to measure (default: 1, 2, 4, ... up to --max-concurrency)",
    )
    parser.add_argument(
        "--episodes-per-slot", type=int, default=2, help="episodes played = this x concurrency"
    )
    parser.add_argument(
        "--refuse-every", type=int, default=7, help="the 429 case: the server refuses every Nth request"
    )
    parser.add_argument("--cases", default="clean,429", help="which cases to measure: clean, 429 or both")
    parser.add_argument(
        "--rate-limit-backoff",
        type=float,
        default=None,
        help="the agents' first retry delay after a 429 naming no wait (default: LLMOptions' 0.25 s; "
        "1.0 is the policy before issue 26)",
    )
    args = parser.parse_args()

    cores = sorted(os.sched_getaffinity(0))
    eval_core, server_core = (cores[0], cores[1]) if len(cores) >= 2 else (None, None)
    ctx = multiprocessing.get_context("spawn")
    cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    servers, urls = [], {}
    for case in cases:
        queue = ctx.Queue()
        refuse = args.refuse_every if case == "429" else 0
        process = ctx.Process(target=serve, args=(args.latency, queue, server_core, refuse), daemon=True)
        process.start()
        servers.append(process)
        urls[case] = queue.get(timeout=60)
    if eval_core is not None:
        os.sched_setaffinity(0, {eval_core})
    import agentworld.agents.llm  # noqa: F401  (imports out of the first measurement)
    import openai  # noqa: F401

    turns = AGENTS * args.rounds
    levels = (
        [int(c) for c in args.levels.split(",")]
        if args.levels
        else [c for c in (1, 2, 4, 8, 16, 32, 64, 128, 256) if c <= args.max_concurrency]
    )
    print(
        f"# eval throughput: {TASK}, {AGENTS} LLM seats x {args.rounds} rounds = {turns} model calls per episode, "
        f"model latency {args.latency} s, eval on {'one core' if eval_core is not None else 'any core'}; "
        f"429 case: every {args.refuse_every}th request refused, default retry policy; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        "| case | in flight | episodes | seconds | episodes/hour | ideal | ratio | calls/s | peak RSS MB "
        "| MB per added episode |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    try:
        with tempfile.TemporaryDirectory(prefix="bench_eval_") as tmp:
            measure(
                urls[cases[0]], 2, 2, 1, Path(tmp) / "warm-up"
            )  # imports, clients, templates, task loading
            previous = (0, rss_mb())
            for concurrency in levels:
                for case in cases:
                    episodes = max(2, args.episodes_per_slot * concurrency)
                    retries = None  # a clean server never refuses
                    if case == "429":  # LLMOptions' defaults, as `eval` uses them
                        retries = (
                            {}
                            if args.rate_limit_backoff is None
                            else {"rate_limit_backoff": args.rate_limit_backoff}
                        )
                    seconds, calls, peak = measure(
                        urls[case],
                        concurrency,
                        episodes,
                        args.rounds,
                        Path(tmp) / f"{case}-c{concurrency}",
                        retries,
                    )
                    per_hour = episodes * 3600 / seconds
                    ideal = concurrency * 3600 / (turns * args.latency)
                    added = max(0.0, peak - previous[1]) / max(1, concurrency - previous[0])
                    print(
                        f"| {case} | {concurrency} | {episodes} | {seconds:.1f} | {per_hour:,.0f} | {ideal:,.0f} | "
                        f"{per_hour / ideal:.2f} | {calls / seconds:.1f} | {peak:.0f} | {added:.2f} |",
                        flush=True,
                    )
                previous = (concurrency, max(peak, previous[1]))
    finally:
        print(f"# load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        for process in servers:
            process.terminate()
            process.join()


if __name__ == "__main__":
    main()
