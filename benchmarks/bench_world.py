"""Engine speed: random valid actions per second (each followed by observe()), reset time, the env's
speed with full text observations, and Crafter's steps/s.

    python benchmarks/bench_world.py            # full run (~1 minute)
    python benchmarks/bench_world.py --quick    # a few seconds
    python benchmarks/bench_world.py --profile  # cProfile of the 3-agent run, top functions

Rates are per CPU second of this process (time.process_time), so other jobs on the machine
do not distort them; choosing the random actions is not timed (since 2026-12-07; before, it was,
about a tenth of the figure). Targets: >= 10,000 agent-actions/s with 3 agents and >= 5,000 with 20 agents on one core,
each action followed by world.observe(acting agent); World.reset < 50 ms.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentworld.world import World, load_content
from agentworld.world.randomplay import random_action

SPAWNS = [
    "town_square",
    "whisperwood_clearing",
    "woodcutters_camp",
    "greenhollow_farm",
    "old_mill",
    "north_crossroads",
    "mossy_pond",
    "brindlemark_market",
]


def make_world(agents: int, seed: int = 0) -> World:
    w = World(load_content())
    w.reset(seed)
    kit = {
        "coins": 300,
        "bronze_axe": 1,
        "bronze_pickaxe": 1,
        "bronze_sword": 1,
        "cooked_trout": 5,
        "oak_log": 4,
        "stick": 2,
        "oak_plank": 4,
    }
    skills = {
        "lumberjacking": 20,
        "mining": 20,
        "fletching": 20,
        "crafting": 20,
        "foraging": 20,
        "accuracy": 20,
        "strength": 20,
        "defense": 20,
        "health": 25,
    }
    for i in range(agents):
        w.add_player(f"agent{i}", SPAWNS[i % len(SPAWNS)], skills=skills, inventory=kit)
    w.add_site("bench_site", "town_square", materials={"oak_plank": 20}, work=50, skill="crafting", level=1)
    return w


def run(agents: int, actions: int, seed: int = 0, episode_rounds: int = 50) -> tuple[float, dict]:
    """Round-robin random valid actions, observe() after each, a fresh episode (reset + setup,
    timed too) every `episode_rounds` rounds as in real tasks; returns (actions/s, info). Choosing
    the actions (randomplay reading the world, the agent's part) is not timed."""
    rng = random.Random(seed)
    done = ok = episodes = 0
    choosing = 0.0
    t0 = time.process_time()  # CPU time of this process: fair on a machine shared with other jobs
    while done < actions:
        w = make_world(agents, seed + episodes)
        episodes += 1
        names = list(w.players)
        obs = {n: w.observe(n) for n in names}
        for _round in range(episode_rounds):
            for n in names:
                c0 = time.process_time()
                tool, args = random_action(w, n, rng, obs[n])
                choosing += time.process_time() - c0
                out = w.act(n, tool, args, done)
                ok += out.ok
                obs[n] = w.observe(n)
                done += 1
            w.end_round()
            if done >= actions:
                break
    dt = time.process_time() - t0 - choosing
    return done / dt, {"ok_ratio": ok / done, "episodes": episodes}


def reset_ms(repeats: int = 20) -> float:
    w = World(load_content())
    best = float("inf")
    for i in range(repeats):
        t0 = time.process_time()
        w.reset(i)
        best = min(best, time.process_time() - t0)
    return best * 1000


def env_rate(task: str, actions: int, seed: int = 0) -> float:
    """agentworld.make(task) stepped by seeded random agents: agent-actions/s including the full
    env observation (gym dict + LLM text) of every agent each round; the agents' own time excluded."""
    import agentworld
    from agentworld.agents import make_agent
    from agentworld.episode import make_briefing

    env = agentworld.make(task)
    obs, _ = env.reset(seed=seed)
    team = {a: make_agent("random", seed=i) for i, a in enumerate(env.possible_agents)}
    for name, agent in team.items():
        agent.reset(name, make_briefing(env.task, name))
    done = 0
    agent_time = 0.0
    t0 = time.process_time()
    while done < actions:
        if not env.agents:
            obs, _ = env.reset()
        t1 = time.process_time()
        calls = {a: team[a].act(obs[a]) for a in env.agents}
        agent_time += time.process_time() - t1
        obs, *_ = env.step(calls)
        done += len(calls)
    return done / (time.process_time() - t0 - agent_time)


def crafter_steps_per_s(steps: int) -> float | None:
    try:
        import crafter
    except ImportError:
        return None
    env = crafter.Env(seed=0)
    env.reset()
    rng = random.Random(0)
    n = env.action_space.n
    t0 = time.process_time()
    for _ in range(steps):
        _obs, _r, done, _info = env.step(rng.randrange(n))
        if done:
            env.reset()
    return steps / (time.process_time() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="short run")
    ap.add_argument("--profile", action="store_true", help="cProfile the 3-agent run")
    a = ap.parse_args(argv)
    n3, n20, nc = (5_000, 5_000, 1_000) if a.quick else (60_000, 60_000, 10_000)
    load_content()  # not timed: loaded once per process
    if a.profile:
        prof = cProfile.Profile()
        prof.enable()
        run(3, n3)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return 0
    print(f"World.reset: {reset_ms():.2f} ms (target < 50 ms)")
    rate3, info3 = run(3, n3)
    print(
        f"3 agents:  {rate3:,.0f} agent-actions/s incl. observe (target >= 10,000); "
        f"{info3['ok_ratio']:.0%} of actions succeeded, {info3['episodes']} episodes of 50 rounds"
    )
    rate20, info20 = run(20, n20)
    print(
        f"20 agents: {rate20:,.0f} agent-actions/s incl. observe (target >= 5,000); "
        f"{info20['ok_ratio']:.0%} of actions succeeded, {info20['episodes']} episodes of 50 rounds"
    )
    for task in ("task_01", "task_08"):
        print(
            f"env {task}: {env_rate(task, n3 // 3):,.0f} agent-actions/s through agentworld.make, incl. text "
            f"observations (random agents)"
        )
    crafter_rate = crafter_steps_per_s(nc)
    if crafter_rate is None:
        print("crafter is not installed: no comparison")
    else:
        print(
            f"Crafter random agent: {crafter_rate:,.0f} steps/s; AgentWorld (3 agents) / Crafter = "
            f"{rate3 / crafter_rate:.1f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
