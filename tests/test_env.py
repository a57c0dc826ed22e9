"""The PettingZoo envs: API and seed tests for both forms, spaces, rewards, hostile actions."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import agentworld
from agentworld.agents import make_agent
from agentworld.tools import TOOL_NAMES


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_parallel_api_and_seed():
    env = agentworld.make("task_01")
    assert env.metadata["name"] == "agentworld_v0"
    parallel_api_test(env, num_cycles=30)
    parallel_seed_test(lambda: agentworld.make("task_01"), num_cycles=15)


def test_aec_api_and_seed():
    env = agentworld.make("task_01", api="aec")
    api_test(env, num_cycles=30)
    seed_test(lambda: agentworld.aec_env("task_01"), num_cycles=15)


def test_observations_fit_the_space_and_carry_fields():
    env = agentworld.make("task_01", seed=3)
    obs, infos = env.reset()
    for agent in env.agents:
        space = env.observation_space(agent)
        assert space is env.observation_space(agent)
        assert space.contains(obs[agent])
        o = obs[agent]
        assert o["text"].startswith("Round 1 of 25")
        assert isinstance(o["position"], tuple) and o["tool_mask"].dtype == np.int8
        assert "action_mask" not in o
        assert infos[agent]["psr"] == 0.0 and infos[agent]["round"] == 1
    wizard = obs["wizard"]
    assert {"item": "bead", "count": 1} in wizard["inventory"]
    for _ in range(3):
        actions = {a: env.action_space(a).sample() for a in env.agents}
        obs, rewards, term, trunc, infos = env.step(actions)
        for a in env.agents:
            assert env.observation_space(a).contains(obs[a])


def test_hostile_actions_never_raise_and_errors_reach_the_agent():
    env = agentworld.make("task_01")
    env.reset(seed=0)
    hostile = [
        "",
        "x" * 200_000,
        None,
        12,
        [1, 2],
        {"tool": "craft", "args": {"recipe": 5}},
        {"tool": "gahter", "args": {}},
        b"\xff\xfe",
        {"name": "chat", "arguments": "{bad"},
        {"tool": "move_to", "args": {"target": [10**12, -5]}},
        float("nan"),
        object(),
    ]
    for junk in hostile:
        obs, rewards, term, trunc, infos = env.step({"lumberjack": junk, "woodworker": junk, "wizard": junk})
        for a in ("lumberjack", "woodworker", "wizard"):
            assert infos[a]["error"], junk
            assert obs[a]["last_error"] == infos[a]["error"][: len(obs[a]["last_error"])]
            assert "FAILED" in obs[a]["text"]
            json.dumps(infos[a]["action"])
        if not env.agents:
            break
    assert env.agents, "12 junk rounds must not end a 25-round episode"
    unknown = env.step({"lumberjack": {"tool": "gahter", "args": {"target": "x"}}})
    assert "did you mean 'gather'" in unknown[4]["lumberjack"]["error"]
    assert unknown[4]["wizard"]["error"].startswith(
        "no action given"
    )  # a missing action: a no-op with an error


def test_no_chat_option_disables_chat():
    env = agentworld.make("task_01", no_chat=True)
    obs, _ = env.reset(seed=0)
    assert obs["wizard"]["tool_mask"][TOOL_NAMES.index("chat")] == 0
    _, _, _, _, infos = env.step({"wizard": {"tool": "chat", "args": {"to": "team", "message": "hi"}}})
    assert "disabled" in infos["wizard"]["error"]


def test_truncation_at_max_rounds_and_team_reward():
    env = agentworld.make("task_01", max_rounds=3)
    env.reset(seed=0)
    steps = 0
    while env.agents:
        _, rewards, term, trunc, _ = env.step({a: {"tool": "wait", "args": {}} for a in env.agents})
        steps += 1
        assert len(set(rewards.values())) == 1  # one team reward
    assert steps == 3 and all(trunc.values()) and not any(term.values())


def test_aec_agents_see_earlier_turns_of_the_same_round():
    env = agentworld.aec_env("task_01")
    env.reset(seed=0)
    assert env.agent_selection == "lumberjack"
    env.step({"tool": "chat", "args": {"to": "woodworker", "message": "logs coming"}})
    assert env.agent_selection == "woodworker"
    obs, *_ = env.last()
    assert any(m["text"] == "logs coming" and m["round"] == 1 for m in obs["messages"])
    assert obs["round"] == 1


def test_unknown_option_and_api_fail_clearly():
    with pytest.raises(ValueError, match="unknown episode option"):
        agentworld.make("task_01", colour="red")
    with pytest.raises(ValueError, match="api must be"):
        agentworld.make("task_01", api="sideways")


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("success_bonus", "abc", "success_bonus='abc': must be a number"),
        ("no_chat", "yes", "no_chat='yes': must be true or false"),
        ("max_rounds", "5", "max_rounds='5': must be a whole number >= 1"),
        ("random_spawns", "maybe", "random_spawns='maybe': must be false, true (same region) or 'any'"),
        ("disabled_tools", "chat", "disabled_tools='chat': must be a list of tool names"),
        ("solo", "ghost", "solo: unknown agent 'ghost'; the task's agents: lumberjack, woodworker, wizard"),
    ],
)
def test_badly_typed_options_are_named(option, value, message):
    with pytest.raises(ValueError) as info:
        agentworld.make("task_01", **{option: value})
    assert message in str(info.value)


def test_seed_must_be_an_integer():
    with pytest.raises(ValueError, match="seed must be an integer or None, got str 'x'"):
        agentworld.make("task_01", seed="x")
    env = agentworld.make("task_01", seed=np.int64(3))
    with pytest.raises(ValueError, match="got float 1.5"):
        env.reset(seed=1.5)
    obs, _ = env.reset()
    assert obs["lumberjack"]["round"] == 1


def test_well_typed_options_are_accepted():
    env = agentworld.make(
        "task_01",
        success_bonus=2,
        disabled_tools=["chat"],
        max_rounds=None,
        random_spawns="any",
        solo="wizard",
    )
    obs, _ = env.reset(seed=0)
    assert env.agents == ["wizard"] and obs["wizard"]["tool_mask"][TOOL_NAMES.index("chat")] == 0


def test_observation_json_round_trip_restores_equal_observation():
    from gymnasium.utils.env_checker import data_equivalence

    from agentworld.observation import observation_from_json, observation_to_json

    env = agentworld.make("task_01")
    obs, _ = env.reset(seed=0)
    obs, *_ = env.step(
        {
            "lumberjack": {"tool": "chat", "args": {"to": "team", "message": "hi\nthere"}},
            "woodworker": "garbage",
            "wizard": {"tool": "wait", "args": {}},
        }
    )
    for agent, o in obs.items():
        back = observation_from_json(json.loads(json.dumps(observation_to_json(o))))
        assert data_equivalence(back, o)
        assert env.observation_space(agent).contains(back)


def test_random_agent_is_seeded_and_uses_the_mask():
    from agentworld.runner import run_episode

    a = run_episode("task_01", "random", seed=5, progress=False)
    b = run_episode("task_01", "random", seed=5, progress=False)
    assert a["per_agent"] == b["per_agent"] and a["checkpoints"] == b["checkpoints"]
    env = agentworld.make("task_01", disabled_tools=["chat", "attack"])
    obs, _ = env.reset(seed=0)
    agent = make_agent("random", seed=1)
    agent.reset("wizard", {"teammates": [{"name": "lumberjack"}]})
    tools = {agent.act(obs["wizard"])["tool"] for _ in range(300)}
    usable = {t for t, m in zip(TOOL_NAMES, obs["wizard"]["tool_mask"]) if m}  # truthful: usable now
    assert "chat" not in tools and "attack" not in tools and tools == usable and len(tools) >= 4


def test_unseeded_resets_are_fresh_but_reproducible():
    def first_obs_sequence():
        env = agentworld.make("task_01", seed=11, random_spawns=True)
        return [env.reset()[0]["wizard"]["position"] for _ in range(3)]

    a, b = first_obs_sequence(), first_obs_sequence()
    assert a == b and len(set(a)) > 1


def test_ansi_render_shows_status_and_every_agent():
    env = agentworld.make("task_01", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text.startswith("task_01 round 1/25") and all(f"[{a}]" in text for a in env.possible_agents)
    assert agentworld.make("task_01").render() is None


def test_well_formed_but_odd_calls_never_crash_the_engine():
    """Random schema-valid calls over real ids and junk: every one becomes a record, none an engine crash."""
    import random

    from agentworld.tools import TOOLS
    from agentworld.world.content import load_content

    content = load_content()
    vocab = (
        list(content.items)[:40]
        + list(content.recipes)[:20]
        + list(content.npcs)
        + [
            "lumberjack",
            "woodworker",
            "wizard",
            "team",
            "oak_tree#1",
            "wolf#7",
            "site#x",
            "ground#1",
            "workbench#camp",
            "town_square",
            "#",
            "a" * 100,
            "weapon",
            "head",
        ]
    )
    rng = random.Random(0)

    def value():
        r = rng.random()
        if r < 0.5:
            return rng.choice(vocab)
        if r < 0.7:
            return rng.randint(0, 30_000)
        if r < 0.8:
            return [rng.randint(0, 300), rng.randint(0, 300)]
        if r < 0.9:
            return {rng.choice(vocab): rng.randint(1, 50)}
        return [rng.choice(vocab)]

    ok = 0
    for seed in range(6):
        env = agentworld.make("task_01", max_rounds=20)
        env.reset(seed=seed)
        while env.agents:
            actions = {
                a: {
                    "tool": (t := rng.choice(list(TOOLS))),
                    "args": {f: value() for f in TOOLS[t].model_fields if rng.random() < 0.9},
                }
                for a in env.agents
            }
            _, _, _, _, infos = env.step(actions)
            for info in infos.values():
                assert "internal engine error" not in (info["error"] or ""), info["action"]
                ok += info["action"]["ok"]
    assert ok > 0


def test_make_accepts_a_yaml_path_and_a_task_object():
    from agentworld.tasks import TASKS_DIR, load_task

    by_path = agentworld.make(str(TASKS_DIR / "task_01.yaml"))
    by_task = agentworld.make(load_task("task_01"))
    assert by_path.possible_agents == by_task.possible_agents == ["lumberjack", "woodworker", "wizard"]
    assert by_path.reset(seed=1)[0]["wizard"]["text"] == by_task.reset(seed=1)[0]["wizard"]["text"]


def test_a_crashing_predicate_counts_as_not_reached_and_warns_once(monkeypatch):
    from agentworld.episode import Episode

    ep = Episode("task_01", seed=0)
    calls = []

    def broken(world, task):
        calls.append(world.round)
        raise ZeroDivisionError("oops")

    monkeypatch.setitem(ep.scorer.checkpoints, "logs_gathered", broken)
    with pytest.warns(
        RuntimeWarning, match="checkpoint 'logs_gathered' raised ZeroDivisionError: oops"
    ) as rec:
        ep.reset(0)
        for agent in ep.agents:
            ep.act(agent, {"tool": "move_to", "args": {"target": "town_square"}})
    assert len(calls) == 4 and len([w for w in rec if "logs_gathered" in str(w.message)]) == 1
    assert ep.status()["checkpoints"]["logs_gathered"] is False


def test_predicates_are_rechecked_only_after_actions_that_can_change_the_world(monkeypatch):
    """wait, inspect and unparseable actions leave the world as it was: the last check stands."""
    from agentworld.episode import Episode

    ep = Episode("task_01", seed=0)
    calls = []
    real = ep.scorer.checkpoints["logs_gathered"]
    monkeypatch.setitem(
        ep.scorer.checkpoints, "logs_gathered", lambda w, t: calls.append(w.round) or real(w, t)
    )
    for action in (
        {"tool": "wait", "args": {}},
        {"tool": "inspect", "args": {"target": "nowhere"}},
        "not json",
        {"tool": "fly"},
    ):
        ep.act("lumberjack", action)
    assert calls == []
    ep.act("lumberjack", {"tool": "move_to", "args": {"target": "town_square"}})
    ep.act("lumberjack", {"tool": "craft", "args": {"recipe": "stick"}})  # fails, but still re-checked
    assert len(calls) == 2
    ep.end_round()
    assert len(calls) == 3
