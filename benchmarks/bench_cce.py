"""How fast the provenance judge scores a big episode: 20 agents x 55 rounds (1,100 actions).

The episode is synthetic (agentworld.causal.synthetic.synthetic_episode): gatherers feed
crafters who feed a leader, fighters share kills (and miss, and drink draughts), builders work
on a site, everyone walks and chats, with engine-style item/damage/labor links, holdings events,
heal events and checkpoint descriptions (so every edge source runs: links, walks, chat uptake,
state support, healing, standing). Target: < 100 ms per episode.

    /work/venv/bin/python benchmarks/bench_cce.py [--agents 20] [--rounds 55] [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

from agentworld.causal import judge_records
from agentworld.causal.mentions import content_vocabulary
from agentworld.causal.synthetic import SYNTHETIC_CHECKPOINTS, synthetic_episode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=55)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    records = synthetic_episode(args.agents, args.rounds, args.seed).records
    t0 = time.perf_counter()
    content_vocabulary()  # one-time per process: world content ids (cached)
    load_ms = (time.perf_counter() - t0) * 1000

    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        result = judge_records(records, success=True, checkpoints=SYNTHETIC_CHECKPOINTS)
        times.append((time.perf_counter() - t0) * 1000)
    kinds: dict[str, int] = {}
    for e in result["edges"]:
        kinds[e["kind"]] = kinds.get(e["kind"], 0) + 1
    chats = sum(1 for r in records if r.get("type") == "action" and r.get("tool") == "chat")
    print(
        f"episode: {args.agents} agents x {args.rounds} rounds = {result['actions']} actions ({chats} chat), "
        f"{len(result['edges'])} edges {dict(sorted(kinds.items()))}"
    )
    print(
        f"CCE {result['cce']:.3f} ({result['contributing_count']} contributing, "
        f"{len(result['success_actions'])} success actions)"
    )
    print(f"one-time content vocabulary load: {load_ms:.1f} ms")
    median, best = statistics.median(times), min(times)
    verdict = "OK" if median < 100 else "TOO SLOW"
    print(
        f"provenance judge: median {median:.1f} ms, best {best:.1f} ms over {args.repeat} runs "
        f"(target < 100 ms: {verdict})"
    )


if __name__ == "__main__":
    main()
