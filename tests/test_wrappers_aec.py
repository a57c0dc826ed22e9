"""The numeric AEC view (`make_numeric(task, api="aec")`): PettingZoo's API test, and masks that are
true for the agent about to act, after the agents before it in the round have moved (issue 27)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from agentworld.wrappers import NumericAECEnv, make_numeric


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_pettingzoo_api_test():
    env = make_numeric("task_01", seed=0, api="aec", max_rounds=12)
    assert isinstance(env, NumericAECEnv)
    api_test(env, num_cycles=30)


def test_masks_are_recomputed_for_the_agent_about_to_act():
    """Masked random play on the 20-agent task_13: every chosen action succeeds, and masks taken at
    the agent's turn differ from those taken at the start of its round whenever earlier agents moved."""
    env = make_numeric("task_13", seed=3, api="aec", max_rounds=15)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    first = env.possible_agents[0]
    at_round_start: dict[str, np.ndarray] = {}
    changed = turns = 0
    for agent in env.agent_iter(max_iter=20 * 15):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        if agent == first:  # the round starts: every agent's mask as the parallel view would have it
            at_round_start = {a: env.last_action_mask(a).copy() for a in env.agents}
        mask = info["action_mask"]
        assert np.array_equal(mask, obs["action_mask"])
        changed += int(not np.array_equal(mask, at_round_start[agent]))
        turns += 1
        env.step(int(rng.choice(np.flatnonzero(mask))))
    records = [r for r in env.trajectory() if r["type"] == "action"]
    assert turns >= 100 and len(records) >= 100
    assert all(r["ok"] for r in records), [r["error"] for r in records if not r["ok"]][:3]
    assert changed > 0  # the masks really are per turn


def test_unknown_api_is_a_clear_error():
    with pytest.raises(ValueError, match="api must be 'parallel' or 'aec', got 'turns'"):
        make_numeric("task_01", api="turns")
