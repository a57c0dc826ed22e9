"""The numeric wrapper under the RL libraries people train with, stepped with masked random actions.

Each library is an optional dependency (extra `rl`): importorskip guards only the import; once
imported, the library must accept the env and step it through episode ends.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from agentworld.wrappers import make_numeric


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def _all_ok(env) -> list[dict]:
    records = [r for r in env.trajectory() if r["type"] == "action"]
    assert records and all(r["ok"] for r in records), [r["error"] for r in records if not r["ok"]][:3]
    return records


@pytest.mark.parametrize("flat", [False, True])
def test_supersuit_vector_envs(flat: bool):
    ss = pytest.importorskip("supersuit")
    envs = [make_numeric("task_01", seed=0, flat=flat, max_rounds=6)]
    vec = ss.pettingzoo_env_to_vec_env_v1(envs[0])
    vec = ss.concat_vec_envs_v1(vec, 2, num_cpus=0, base_class="gymnasium")
    obs, infos = vec.reset(seed=0)
    rng = np.random.default_rng(0)
    n = vec.num_envs
    assert n == 6 and (obs["grid"].shape[0] if not flat else obs.shape[0]) == n
    masks = [i["action_mask"] for i in infos] if infos and "action_mask" in infos[0] else None
    done = 0
    for _ in range(15):  # two episodes of 6 rounds: the vector env resets by itself
        if masks is None:
            masks = [np.ones(vec.action_space.n, dtype=np.int8)] * n
        actions = np.array([_pick(m, rng) for m in masks])
        obs, rewards, terms, truncs, infos = vec.step(actions)
        assert rewards.shape == (n,)
        done += int(truncs.sum())
        masks = [i.get("action_mask") for i in infos]
        masks = None if any(m is None for m in masks) else masks
    assert done >= n


def test_pufferlib_pettingzoo_emulation():
    emulation = pytest.importorskip("pufferlib.emulation")
    inner = make_numeric("task_01", seed=0, max_rounds=5)
    env = emulation.PettingZooPufferEnv(env=inner)
    rng = np.random.default_rng(1)
    episodes = 0
    obs, infos = env.reset(seed=0)
    assert env.single_action_space.n == inner.action_space("wizard").n
    for _ in range(12):
        masks = [inner.last_action_mask(a) for a in inner.possible_agents]
        obs, rewards, terms, truncs, infos = env.step(np.array([_pick(m, rng) for m in masks]))
        if env.done:
            _all_ok(inner)
            episodes += 1
            obs, infos = env.reset()
    assert episodes >= 2


@pytest.mark.parametrize("flat", [False, True])
def test_rllib_parallel_pettingzoo_env_and_default_preprocessor(flat: bool):
    pytest.importorskip("ray.rllib")
    from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv
    from ray.rllib.models.preprocessors import get_preprocessor

    inner = make_numeric("task_01", seed=0, flat=flat, max_rounds=8)
    env = ParallelPettingZooEnv(inner)
    space = (
        env.observation_space["wizard"] if hasattr(env.observation_space, "spaces") else env.observation_space
    )
    prep = get_preprocessor(space)(space)
    obs, infos = env.reset(seed=0)
    rng = np.random.default_rng(2)
    for _ in range(20):
        for agent, o in obs.items():
            assert prep.transform(o).shape == prep.shape
        actions = {a: _pick(infos[a]["action_mask"], rng) for a in obs}
        obs, rewards, terms, truncs, infos = env.step(actions)
        if truncs["__all__"] or terms["__all__"]:
            break
    assert truncs["__all__"]
    _all_ok(inner)


def _puffer_env(buf=None, seed=0):
    emulation = pytest.importorskip("pufferlib.emulation")
    return emulation.PettingZooPufferEnv(
        env=make_numeric("task_01", seed=seed, max_rounds=4), buf=buf, seed=seed
    )


def test_scalar_infos_are_numbers_a_vector_layer_can_average():
    env = make_numeric("task_01", seed=0)
    obs, infos = env.reset()
    for _ in range(3):
        obs, rewards, terms, truncs, infos = env.step({a: 0 for a in env.agents})
        for info in infos.values():
            mask = info.pop("action_mask")
            assert mask.dtype == np.int8
            assert info and all(isinstance(v, (int, float)) for v in info.values()), info


def test_pufferlib_serial_vector_env_runs_episodes():
    """Issue 27: PufferLib's Serial vector env averages infos (np.mean of every list); with the text
    env's action records in infos it raised TypeError, so the default infos are numbers only."""
    vector = pytest.importorskip("pufferlib.vector")
    vec = vector.make(_puffer_env, backend=vector.Serial, num_envs=2, seed=0)
    vec.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(10):  # 4-round episodes: each env ends and resets at least twice
        obs, rewards, terms, truncs, infos = vec.step(
            rng.integers(0, vec.single_action_space.n, size=vec.num_agents)
        )
        assert rewards.shape == (vec.num_agents,)
    vec.close()
