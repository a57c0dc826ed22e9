"""Oracle plan steps that wait for an event the agent itself perceives: a kill, a chat, a
checkpoint announced by chat; each with an optional `rounds` cap."""

from __future__ import annotations

import pytest

from agentworld.agents.oracle import OracleAgent
from agentworld.tasks import parse_step

GO = {"chat": {"to": "team", "message": "go"}}


def observation(nearby=(), messages=(), result: str = "", position=(50, 50)) -> dict:
    return {
        "alive": True,
        "position": list(position),
        "hp": 50,
        "max_hp": 50,
        "inventory": [],
        "equipment": {},
        "nearby": list(nearby),
        "messages": list(messages),
        "offers": [],
        "last_result": result,
        "last_error": "",
    }


def mob(ident: str, distance: int) -> dict:
    return {
        "id": ident,
        "kind": "mob",
        "name": ident,
        "position": [50 + distance, 50],
        "distance": distance,
        "detail": "level 5",
    }


def chat(sender: str, text: str = "ready") -> dict:
    return {"round": 1, "from": sender, "to": ["me"], "text": text}


def oracle(*steps) -> OracleAgent:
    agent = OracleAgent(plan=list(steps))
    agent.reset("me", {})
    return agent


def turns_until_chat(agent: OracleAgent, observations) -> int | None:
    """The 0-based turn at which the agent moves on to the chat step (None if it never does)."""
    for turn, obs in enumerate(observations):
        if agent.act(obs)["tool"] == "chat":
            return turn
    return None


def test_message_from_waits_for_that_agent_only():
    agent = oracle({"wait_for": {"message_from": "tank"}}, GO)
    quiet = [observation(), observation(messages=[chat("archer")]), observation()]
    assert turns_until_chat(agent, quiet) is None
    assert agent.act(observation(messages=[chat("tank")]))["tool"] == "chat"


def test_a_message_that_came_during_an_earlier_step_counts_once():
    agent = oracle(
        {"wait": {"rounds": 2}},
        {"wait_for": {"message_from": "tank"}},
        GO,
        {"wait_for": {"message_from": "tank"}},
        {"chat": {"to": "team", "message": "again"}},
    )
    seen = [observation(messages=[chat("tank")]), observation(), observation()]
    assert turns_until_chat(agent, seen) == 2
    actions = [agent.act(observation())["tool"] for _ in range(3)]
    assert actions == ["wait"] * 3  # the one message was used up by the first wait_for


def test_checkpoint_is_announced_by_chat_from_anyone():
    agent = oracle({"wait_for": {"checkpoint": "knight_engaged"}}, GO)
    assert turns_until_chat(agent, [observation(messages=[chat("tank", "on my way")])]) is None
    assert agent.act(observation(messages=[chat("cleric", "knight_engaged: it is on me")]))["tool"] == "chat"


def test_rounds_caps_the_wait():
    agent = oracle({"wait_for": {"message_from": "tank", "rounds": 3}}, GO)
    assert turns_until_chat(agent, [observation()] * 6) == 3


def test_kill_seen_close_by_while_standing_still():
    agent = oracle({"wait_for": {"kill": "wolf"}}, GO)
    assert agent.act(observation(nearby=[mob("wolf#3", 4)]))["tool"] == "wait"
    assert agent.act(observation())["tool"] == "chat"  # it vanished 4 tiles away: it died


def test_how_close_counts_depends_on_how_fast_that_mob_walks():
    agent = oracle({"wait_for": {"kill": "fallen_knight"}}, GO)  # walks 8 tiles a round
    assert agent.close_view["fallen_knight"] < 4 < agent.close_view["wolf"]
    assert turns_until_chat(agent, [observation(nearby=[mob("fallen_knight#1", 4)]), observation()]) is None


def test_a_mob_that_may_have_walked_out_of_view_is_not_a_kill():
    agent = oracle({"wait_for": {"kill": "wolf#3"}}, GO)
    far = agent.close_view["wolf"] + 1
    assert (
        turns_until_chat(agent, [observation(nearby=[mob("wolf#3", far)]), observation(), observation()])
        is None
    )
    agent = oracle({"wait_for": {"kill": "wolf#3"}}, GO)
    moved = [observation(nearby=[mob("wolf#3", 2)]), observation(position=(60, 50))]
    assert turns_until_chat(agent, moved) is None  # we walked away ourselves: it may simply be behind us


def test_our_own_killing_blow_counts_and_other_kinds_do_not():
    agent = oracle({"wait_for": {"kill": "wolf"}}, GO)
    agent.act(observation(nearby=[mob("hen#2", 1), mob("wolf#3", 1)]))
    assert (
        agent.act(
            observation(
                nearby=[mob("wolf#3", 1)], result="you hit hen#2 for 3 and killed it! drops: feather x2"
            )
        )["tool"]
        == "wait"
    )
    assert (
        agent.act(observation(result="you hit wolf#3 for 9 and killed it! drops: bone x1"))["tool"] == "chat"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        ({}, "exactly one of"),
        ({"kill": "wolf", "message_from": "tank"}, "waits for one thing"),
        ({"item": "bone", "checkpoint": "x"}, "waits for one thing"),
        ({"kill": "wolf", "rounds": 0}, "greater than or equal to 1"),
    ],
)
def test_bad_wait_for_steps_are_refused(args, message):
    with pytest.raises(ValueError, match=message):
        parse_step({"wait_for": args})


def test_item_wait_can_be_capped_too():
    agent = oracle({"wait_for": {"item": "bone", "count": 2, "rounds": 2}}, GO)
    assert turns_until_chat(agent, [observation()] * 4) == 2


@pytest.mark.parametrize(
    "step, expected",
    [
        ({"wait_for": {"message_from": "wizzard"}}, "oracle.wizard[2].message_from: unknown agent 'wizzard'"),
        (
            {"wait_for": {"checkpoint": "staff_wieldd"}},
            "oracle.wizard[2].checkpoint: unknown checkpoint 'staff_wieldd'",
        ),
        (
            {"wait_for": {"kill": "wolff"}},
            "oracle.wizard[2].kill: unknown mob type 'wolff'; did you mean 'wolf'?",
        ),
    ],
)
def test_validate_names_a_wait_for_that_refers_to_nothing(tmp_path, step, expected):
    import yaml

    from agentworld.tasks import TASKS_DIR, TaskError, load_task

    raw = yaml.safe_load((TASKS_DIR / "task_01.yaml").read_text())
    raw["oracle"]["wizard"].insert(2, step)
    path = tmp_path / "task_x.yaml"
    path.write_text(yaml.safe_dump(raw))
    with pytest.raises(TaskError) as info:
        load_task(path)
    assert any(expected in p for p in info.value.problems), info.value.problems
