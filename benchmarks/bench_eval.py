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

    python benchmarks/bench_eval.py [--latency 0.5] [--rounds 5] [--max-concurrency 128] [--episodes-per-slot 2]
    python benchmarks/bench_eval.py --latency 0.3 --levels 16 --episodes-per-slot 1   # issue 14's 16-episode case

Target: at least 0.8 of ideal at 64 episodes in flight on one core.
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


def serve(latency: float, port_out: "multiprocessing.Queue", core: int | None) -> None:
    """The fake model server, in its own process until terminated."""
    from fake_openai import FakeOpenAI

    if core is not None:
        os.sched_setaffinity(0, {core})
    server = FakeOpenAI(latency=latency, record=False, keep_alive=True).start()
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


def measure(base_url: str, concurrency: int, episodes: int, rounds: int, out: Path) -> tuple[float, int, float]:
    """(seconds, model calls, peak RSS MB) of one eval into the new directory `out`."""
    from agentworld.evaluation import make_jobs, run_eval

    config = {"agents": "llm", "agent_options": {"model": "bench", "base_url": base_url, "api_key": "x",
                                                 "max_retries": 0, "timeout": 120},
              "episode_options": {"max_rounds": rounds}, "judge": None}
    jobs = make_jobs(out, [(TASK, "crafting")], list(range(episodes)), config)
    with PeakRSS() as rss:
        start = time.perf_counter()
        summary = run_eval(out, jobs, concurrency=concurrency, progress=False)
        seconds = time.perf_counter() - start
    overall = summary["overall"]
    if overall["errors"]:
        raise SystemExit(f"concurrency {concurrency}: {overall['errors']} episodes failed; see {out}/results.jsonl")
    return seconds, episodes * AGENTS * rounds, rss.peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.5, help="seconds the model takes per call")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per episode (turns = 3 x rounds)")
    parser.add_argument("--max-concurrency", type=int, default=128)
    parser.add_argument("--levels", default=None,
                        help="comma list of concurrencies to measure (default: 1, 2, 4, ... up to --max-concurrency)")
    parser.add_argument("--episodes-per-slot", type=int, default=2, help="episodes played = this x concurrency")
    args = parser.parse_args()

    cores = sorted(os.sched_getaffinity(0))
    eval_core, server_core = (cores[0], cores[1]) if len(cores) >= 2 else (None, None)
    ctx = multiprocessing.get_context("spawn")
    urls = ctx.Queue()
    server = ctx.Process(target=serve, args=(args.latency, urls, server_core), daemon=True)
    server.start()
    base_url = urls.get(timeout=60)
    if eval_core is not None:
        os.sched_setaffinity(0, {eval_core})
    import agentworld.agents.llm  # noqa: F401  (imports out of the first measurement)
    import openai  # noqa: F401

    turns = AGENTS * args.rounds
    levels = ([int(c) for c in args.levels.split(",")] if args.levels else
              [c for c in (1, 2, 4, 8, 16, 32, 64, 128, 256) if c <= args.max_concurrency])
    print(f"# eval throughput: {TASK}, {AGENTS} LLM seats x {args.rounds} rounds = {turns} model calls per episode, "
          f"model latency {args.latency} s, eval on {'one core' if eval_core is not None else 'any core'}")
    print("| in flight | episodes | seconds | episodes/hour | ideal | ratio | calls/s | peak RSS MB | MB per added episode |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    try:
        with tempfile.TemporaryDirectory(prefix="bench_eval_") as tmp:
            measure(base_url, 2, 2, 1, Path(tmp) / "warm-up")  # imports, clients, templates, task loading
            previous = (0, rss_mb())
            for concurrency in levels:
                episodes = max(2, args.episodes_per_slot * concurrency)
                seconds, calls, peak = measure(base_url, concurrency, episodes, args.rounds, Path(tmp) / f"c{concurrency}")
                per_hour = episodes * 3600 / seconds
                ideal = concurrency * 3600 / (turns * args.latency)
                print(f"| {concurrency} | {episodes} | {seconds:.1f} | {per_hour:,.0f} | {ideal:,.0f} | "
                      f"{per_hour / ideal:.2f} | {calls / seconds:.1f} | {peak:.0f} | "
                      f"{max(0.0, peak - previous[1]) / (concurrency - previous[0]):.2f} |", flush=True)
                previous = (concurrency, max(peak, previous[1]))
    finally:
        server.terminate()
        server.join()


if __name__ == "__main__":
    main()
