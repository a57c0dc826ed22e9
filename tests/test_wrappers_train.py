"""One training iteration of the numeric wrapper through each RL library's own training path (issue 27).

- RLlib: PPO on the new API stack with its ActionMaskingTorchRLModule over `obs_format="rllib"`,
  one `train()` on task_01 in a private Ray cluster (own temp dir, stopped at the end).
- PufferLib Multiprocessing (2 workers) and SuperSuit vector envs: a masked rollout with a small
  torch policy, then one policy-gradient update on it.
Each library is an optional dependency (extras `rl`, `train`): importorskip guards only the import.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from agentworld.wrappers import make_numeric


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


_RLLIB_ENVS: list = []  # the envs RLlib built in this process (num_env_runners=0: the local runner)


def _rllib_env(config: dict):
    from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv

    inner = make_numeric("task_01", seed=0, obs_format="rllib", max_rounds=8)
    _RLLIB_ENVS.append(inner)
    return ParallelPettingZooEnv(inner)


def test_rllib_new_api_stack_ppo_trains_one_iteration_with_action_masking():
    pytest.importorskip("ray.rllib")
    pytest.importorskip("torch")
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    from agentworld.evaluation.ray_cluster import ray_cluster

    register_env("agentworld_task_01_rllib", _rllib_env)
    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={"fcnet_hiddens": [32], "head_fcnet_hiddens": [32]},
    )
    config = (
        PPOConfig()
        .api_stack(enable_rl_module_and_learner=True, enable_env_runner_and_connector_v2=True)
        .environment("agentworld_task_01_rllib")
        .env_runners(num_env_runners=0)
        .learners(num_learners=0)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kw: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": module}))
        .training(train_batch_size_per_learner=48, minibatch_size=24, num_epochs=1)
    )
    with ray_cluster(None, 1):
        algo = config.build_algo()
        try:
            result = algo.train()
        finally:
            algo.stop()
    learner = result["learners"]["shared"]
    assert learner["num_module_steps_trained"] > 0 and math.isfinite(learner["total_loss"])
    assert result["env_runners"]["num_env_steps_sampled"] >= 48
    sampled = [r for env in _RLLIB_ENVS for r in env.trajectory() if r["type"] == "action"]
    # masked sampling: out of ~120 actions, mostly illegal, every one RLlib chose was legal
    assert len(sampled) >= 3 and all(r["ok"] for r in sampled), [r["error"] for r in sampled if not r["ok"]][
        :3
    ]


def test_rllib_format_is_observations_plus_float_mask():
    env = make_numeric("task_01", seed=0, obs_format="rllib")
    obs, infos = env.reset()
    space = env.observation_space("wizard")
    assert set(space.spaces) == {"observations", "action_mask"} and space.contains(obs["wizard"])
    assert obs["wizard"]["action_mask"].dtype == np.float32
    assert np.array_equal(obs["wizard"]["action_mask"], infos["wizard"]["action_mask"])
    flat = make_numeric("task_01", seed=0, flat=True).reset()[0]["wizard"]
    assert np.array_equal(obs["wizard"]["observations"], flat)
    with pytest.raises(ValueError, match="obs_format must be one of dict, flat, rllib, got 'gym'"):
        make_numeric("task_01", obs_format="gym")


def _policy_update(
    obs: np.ndarray, masks: np.ndarray, actions: np.ndarray, returns: np.ndarray, policy
) -> float:
    """One REINFORCE step on a rollout; returns how far the weights moved."""
    import torch

    before = [p.detach().clone() for p in policy.parameters()]
    optimizer = torch.optim.SGD(policy.parameters(), lr=0.1)
    logits = policy(torch.from_numpy(obs)).masked_fill(torch.from_numpy(masks) == 0, -1e9)
    logp = torch.distributions.Categorical(logits=logits).log_prob(torch.from_numpy(actions))
    advantage = torch.from_numpy(returns - returns.mean() + 1e-3)
    loss = -(logp * advantage).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    assert math.isfinite(float(loss))
    return float(sum((p.detach() - b).abs().sum() for p, b in zip(policy.parameters(), before)))


def _masked_rollout(step, obs: np.ndarray, masks: np.ndarray, policy, rounds: int):
    """Sample masked actions from `policy` for `rounds` vector steps; the batch and how many slots ended."""
    import torch

    xs, ms, acts, rewards, ended = [], [], [], [], 0
    for _ in range(rounds):
        with torch.no_grad():
            logits = policy(torch.from_numpy(obs)).masked_fill(torch.from_numpy(masks) == 0, -1e9)
            action = torch.distributions.Categorical(logits=logits).sample().numpy()
        assert masks[np.arange(len(action)), action].all()
        xs.append(obs), ms.append(masks), acts.append(action)
        obs, masks, reward, done = step(action)
        rewards.append(reward)
        ended += int(done.sum())
    returns = np.cumsum(np.array(rewards)[::-1], axis=0)[::-1].astype(np.float32)
    return np.concatenate(xs), np.concatenate(ms), np.concatenate(acts), returns.reshape(-1), ended


def _puffer_env(buf=None, seed=0):
    from pufferlib import emulation

    return emulation.PettingZooPufferEnv(
        env=make_numeric("task_01", seed=seed, obs_format="rllib", max_rounds=4), buf=buf, seed=seed
    )


def test_pufferlib_multiprocessing_two_workers_trains_one_iteration():
    vector = pytest.importorskip("pufferlib.vector")
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    vec = vector.make(_puffer_env, backend=vector.Multiprocessing, num_envs=2, num_workers=2, seed=0)
    try:
        n = vec.single_action_space.n
        obs, _ = vec.reset(seed=0)
        # obs_format="rllib" flattens (keys sorted) to [action_mask | observations], all float32
        policy = torch.nn.Linear(obs.shape[1] - n, n)

        def step(action):
            o, reward, terms, truncs, _ = vec.step(action)
            return o[:, n:].copy(), o[:, :n].copy(), reward.astype(np.float32), terms | truncs

        x, m, a, ret, ended = _masked_rollout(step, obs[:, n:].copy(), obs[:, :n].copy(), policy, rounds=9)
    finally:
        vec.close()
    assert vec.num_agents == 6 and x.shape == (54, obs.shape[1] - n)
    assert ended >= 6  # every slot of both 4-round envs finished at least once (the workers reset them)
    assert _policy_update(x, m, a, ret, policy) > 0


def test_supersuit_vector_env_trains_one_iteration():
    ss = pytest.importorskip("supersuit")
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    inner = make_numeric("task_01", seed=0, flat=True, max_rounds=5)
    vec = ss.concat_vec_envs_v1(ss.pettingzoo_env_to_vec_env_v1(inner), 2, num_cpus=0, base_class="gymnasium")
    obs, infos = vec.reset(seed=0)
    policy = torch.nn.Linear(obs.shape[1], vec.action_space.n)

    def step(action):
        o, reward, terms, truncs, infos = vec.step(action)
        return o, np.stack([i["action_mask"] for i in infos]), reward.astype(np.float32), terms | truncs

    masks = np.stack([i["action_mask"] for i in infos])
    x, m, a, ret, ended = _masked_rollout(step, obs, masks, policy, rounds=11)
    vec.close()
    assert x.shape[0] == 66 and ended >= 6
    assert _policy_update(x, m, a, ret, policy) > 0
