"""RL speed in one run: the numeric env against a bare PettingZoo env, mpe2 and Crafter, and vector speed-ups.

    python benchmarks/bench_rl.py            # full run (~3 minutes)
    python benchmarks/bench_rl.py --quick    # about a minute

Single-env rates are agent-steps per CPU second of this process (time.process_time, fair on a shared
machine); choosing the actions is not timed. Compared, with the same agent count:
  numeric   agentworld.wrappers.make_numeric(task), masked random actions (bench_env.run_numeric)
  bare      a PettingZoo ParallelEnv with the numeric env's spaces that does nothing but hand out
            preallocated observations: the floor any env pays under the same API
  mpe2      simple_spread_v3 (discrete actions), random actions
  engine    World.act + observe with random valid actions (bench_world.run), against Crafter's
            random agent (bench_world.crafter_steps_per_s)
Vector speed-ups are wall-clock (the work is in child processes): SuperSuit `concat_vec_envs_v1`
with 2 CPUs and PufferLib Multiprocessing with 2 workers, each over 2 envs, against one env
stepped the same way in this process. On a machine shared with other jobs they measure the
scheduler as much as the env (PufferLib's main process and idle workers also spin while they
wait), so the load average is printed beside them.
Issue 27's targets: numeric >= 2x mpe2 on task_01 and task_13, engine >= 150x Crafter, both vector
layers >= 1.6x one env.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from pathlib import Path

import numpy as np
from pettingzoo import ParallelEnv

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_env import run_numeric
from bench_world import crafter_steps_per_s
from bench_world import run as engine_run

from agentworld.world.content import load_content
from agentworld.wrappers import make_numeric

TASKS = (("task_01", 3), ("task_13", 20))
TARGETS = {"mpe2": 2.0, "crafter": 150.0, "vector": 1.6}


class BareParallelEnv(ParallelEnv):
    """The numeric env's agents and spaces, no world: observations are preallocated, episodes last
    `rounds` steps. What PettingZoo's API itself costs per step."""

    metadata = {"name": "bare_v0"}

    def __init__(self, like: ParallelEnv, rounds: int) -> None:
        self.possible_agents = list(like.possible_agents)
        self.observation_spaces = {a: like.observation_space(a) for a in self.possible_agents}
        self.action_spaces = {a: like.action_space(a) for a in self.possible_agents}
        self._obs = {a: self.observation_spaces[a].sample() for a in self.possible_agents}
        self._mask = np.ones(self.action_spaces[self.possible_agents[0]].n, dtype=np.int8)
        self.rounds, self.agents, self._round = rounds, [], 0

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.agents, self._round = list(self.possible_agents), 0
        return dict(self._obs), {a: {"action_mask": self._mask} for a in self.agents}

    def step(self, actions):
        self._round += 1
        live, done = self.agents, self._round >= self.rounds
        if done:
            self.agents = []
        return (
            dict(self._obs),
            dict.fromkeys(live, 0.0),
            dict.fromkeys(live, False),
            dict.fromkeys(live, done),
            {a: {"action_mask": self._mask} for a in live},
        )


def bare_rate(task: str, actions: int) -> float:
    env = BareParallelEnv(make_numeric(task), rounds=100)
    rng = np.random.default_rng(0)
    done, chooser = 0, 0.0
    t0 = time.process_time()
    _, infos = env.reset()
    while done < actions:
        if not env.agents:
            _, infos = env.reset()
        t1 = time.process_time()
        calls = {a: int(rng.choice(np.flatnonzero(infos[a]["action_mask"]))) for a in env.agents}
        chooser += time.process_time() - t1
        _, _, _, _, infos = env.step(calls)
        done += len(calls)
    return done / (time.process_time() - t0 - chooser)


def mpe2_rate(agents: int, actions: int) -> float | None:
    try:
        from mpe2 import simple_spread_v3
    except ImportError:
        return None
    env = simple_spread_v3.parallel_env(N=agents, max_cycles=25, continuous_actions=False)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    done = 0
    t0 = time.process_time()
    while done < actions:
        if not env.agents:
            env.reset()
        calls = {a: int(rng.integers(5)) for a in env.agents}
        env.step(calls)
        done += len(calls)
    return done / (time.process_time() - t0)


def _masked(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One random legal action per row of `masks`."""
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def supersuit_rates(task: str, rounds: int) -> tuple[float, float] | None:
    """(one env, 2 envs on 2 CPUs) agent-steps per wall second through SuperSuit."""
    try:
        import supersuit as ss
    except ImportError:
        return None
    rates = []
    for copies, cpus in ((1, 0), (2, 2)):
        vec = ss.pettingzoo_env_to_vec_env_v1(make_numeric(task, seed=0, obs_format="rllib", max_rounds=50))
        vec = ss.concat_vec_envs_v1(vec, copies, num_cpus=cpus, base_class="gymnasium")
        rng = np.random.default_rng(0)
        obs, _ = vec.reset(seed=0)
        t0 = time.perf_counter()
        for _ in range(rounds):
            obs, *_ = vec.step(_masked(obs["action_mask"], rng))
        rates.append(rounds * vec.num_envs / (time.perf_counter() - t0))
        vec.close()
    return rates[0], rates[1]


def _puffer_env(buf=None, seed=0, task="task_01"):
    from pufferlib import emulation

    return emulation.PettingZooPufferEnv(
        env=make_numeric(task, seed=seed, obs_format="rllib", max_rounds=50), buf=buf, seed=seed
    )


def pufferlib_rates(task: str, rounds: int) -> tuple[float, float] | None:
    """(Serial, one env; Multiprocessing, 2 workers x 1 env) agent-steps per wall second."""
    try:
        import pufferlib.vector as vector
    except ImportError:
        return None
    rates = []
    for backend, envs, workers in ((vector.Serial, 1, 1), (vector.Multiprocessing, 2, 2)):
        vec = vector.make(
            _puffer_env,
            backend=backend,
            num_envs=envs,
            num_workers=workers,
            seed=0,
            env_kwargs={"task": task},
        )
        n = vec.single_action_space.n
        rng = np.random.default_rng(0)
        obs, _ = vec.reset(seed=0)
        t0 = time.perf_counter()
        for _ in range(rounds):
            obs, *_ = vec.step(_masked(obs[:, :n], rng))  # rllib format: [action_mask | observations]
        rates.append(rounds * vec.num_agents / (time.perf_counter() - t0))
        vec.close()
    return rates[0], rates[1]


def _load() -> str:
    return ", ".join(f"{v:.1f}" for v in os.getloadavg())


def _verdict(ratio: float, target: float) -> str:
    return f"{ratio:.2f}x (target >= {target}x: {'meets' if ratio >= target else 'BELOW'})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="short run")
    a = ap.parse_args(argv)
    warnings.simplefilter("ignore")  # verifier warnings on odd random states are not the point here
    load_content()  # not timed: loaded once per process
    steps, rounds = (600, 40) if a.quick else (6_000, 150)
    print(f"load average {_load()} (single-env rates are CPU time; vector speed-ups are wall clock)")
    for task, agents in TASKS:
        numeric = run_numeric(task, steps)["rate_cpu"]
        bare = bare_rate(task, steps * 5)
        mpe = mpe2_rate(agents, steps)
        print(
            f"{task} ({agents} agents): numeric env {numeric:,.0f} agent-steps/s per CPU second; "
            f"bare env with its spaces {bare:,.0f} (numeric is {numeric / bare:.3f}x of it)"
        )
        if mpe is None:
            print("    mpe2 is not installed (extra `bench`): no comparison")
        else:
            print(
                f"    mpe2 simple_spread ({agents} agents) {mpe:,.0f}: numeric / mpe2 = "
                f"{_verdict(numeric / mpe, TARGETS['mpe2'])}"
            )
    engine, _ = engine_run(3, steps * 5)
    crafter = crafter_steps_per_s(steps // 3)
    if crafter is None:
        print(
            f"engine (3 agents) {engine:,.0f} agent-actions/s incl. observe; crafter not installed (extra `bench`)"
        )
    else:
        print(
            f"engine (3 agents) {engine:,.0f} agent-actions/s incl. observe; Crafter random agent {crafter:,.0f} "
            f"steps/s: engine / Crafter = {_verdict(engine / crafter, TARGETS['crafter'])}"
        )
    print(f"load average {_load()}")
    for name, measure in (
        ("SuperSuit concat_vec_envs_v1, 2 envs on 2 CPUs", supersuit_rates),
        ("PufferLib Multiprocessing, 2 workers", pufferlib_rates),
    ):
        rates = measure("task_01", rounds)
        if rates is None:
            print(f"{name}: library not installed (extra `rl`)")
            continue
        one, many = rates
        print(
            f"{name} (task_01): {many:,.0f} agent-steps per wall second vs one env {one:,.0f}: "
            f"speed-up {_verdict(many / one, TARGETS['vector'])}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
