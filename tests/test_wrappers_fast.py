"""The numeric views' in-process path (the episode's state, no text) gives exactly what their path over
the text env's observations gives: observations, masks, rewards, infos and the trajectory, step by
step (turn by turn in the AEC view), across episode ends."""

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


def _through_text(env):
    """The same env, made to read the text env's observations (as over a server)."""
    env._episode = None
    return env


def _same(a, b, where: str) -> None:
    if isinstance(a, (tuple, list)):
        assert type(a) is type(b) and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), where
        for key in a:
            _same(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b), where
    else:
        assert a == b and type(a) is type(b), (where, a, b)


@pytest.mark.parametrize(
    ("task", "options"),
    [
        ("task_01", {"obs_format": "dict", "max_rounds": 12}),
        ("task_04", {"obs_format": "flat"}),
        ("task_08", {"obs_format": "rllib", "rich_infos": True}),
        ("task_13", {"max_rounds": 8}),
        ("task_01", {"no_chat": True, "rich_infos": True, "max_rounds": 10}),
    ],
)
def test_in_process_path_equals_the_text_path(task, options):
    fast = make_numeric(task, seed=5, **options)
    slow = _through_text(make_numeric(task, seed=5, **options))
    assert fast._episode is not None
    rng = np.random.default_rng(5)
    got, want = fast.reset(), slow.reset()
    _same(got, want, "reset")
    steps = 0
    while steps < 40:
        if not fast.agents:
            assert not slow.agents
            got, want = fast.reset(), slow.reset()
            _same(got, want, "reset")
        infos = got[-1]
        actions = {a: int(rng.choice(np.flatnonzero(infos[a]["action_mask"]))) for a in fast.agents}
        got, want = fast.step(actions), slow.step(actions)
        _same(got, want, f"step {steps}")
        steps += 1
    strip = lambda rs: [{k: v for k, v in r.items() if k != "t"} for r in rs]  # noqa: E731
    assert strip(fast.trajectory()) == strip(slow.trajectory())
    agent = fast.possible_agents[-1]
    assert fast.text_observation(agent) == slow.env.backend.observe(agent)


@pytest.mark.parametrize("task", ["task_01", "task_13"])
def test_aec_in_process_path_equals_the_text_path(task):
    fast = make_numeric(task, seed=4, api="aec", max_rounds=6)
    slow = _through_text(make_numeric(task, seed=4, api="aec", max_rounds=6))
    rng = np.random.default_rng(4)
    for env in (fast, slow):
        env.reset(seed=4)
    turns = 0
    for agent, other in zip(fast.agent_iter(max_iter=400), slow.agent_iter(max_iter=400)):
        assert agent == other
        got, want = fast.last(), slow.last()
        _same(got, want, f"turn {turns}")
        _same(fast.infos, slow.infos, f"infos {turns}")
        obs, _, term, trunc, info = got
        action = None if term or trunc else int(rng.choice(np.flatnonzero(info["action_mask"])))
        fast.step(action)
        slow.step(action)
        turns += 1
    assert turns > 20
    strip = lambda rs: [{k: v for k, v in r.items() if k != "t"} for r in rs]  # noqa: E731
    assert strip(fast.trajectory()) == strip(slow.trajectory())
