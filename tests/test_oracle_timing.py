"""Oracle steps for agreed timing: `wait_for: {until_round: N}` (act in a round agreed beforehand) and
`build: {site, times: N}` (make N builds and go on, so the last one can wait for its moment)."""

from __future__ import annotations

import pytest

from agentworld.tasks import Task, parse_step
from agentworld.verifiers.common import site_done_rounds, site_steps
from task_play import play

TOWN = (131, 121)


def fixture(success: list[dict], sites: list[dict], agents: list[dict], rounds: int = 20) -> Task:
    return Task.model_validate(
        {
            "id": "fixture",
            "name": "Fixture",
            "category": "coordination",
            "objective": "Light the fires.",
            "max_rounds": rounds,
            "agents": agents,
            "world": {"sites": sites},
            "success": success,
            "checkpoints": [
                {"id": "lit", "description": "a fire is lit", "when": {"site_built": {"site": "a"}}}
            ],
        }
    )


def keeper(name: str, spawn) -> dict:
    return {"name": name, "role": name.title(), "spawn": list(spawn), "skills": {}, "context": "Keep."}


def test_until_round_waits_for_the_round_the_observation_shows():
    sites = [{"id": "a", "position": list(TOWN), "work": 1}]
    task = fixture([{"site_built": {"site": "a"}}], sites, [keeper("one", (131, 122))])
    plan = [{"wait_for": {"until_round": 6}}, {"build": {"site": "site#a"}}]
    ep = play(task, {"one": plan})
    assert ep.status()["success"] and site_done_rounds(ep.world)["site#a"] == 6


def test_two_keepers_who_agreed_a_round_light_in_that_round():
    """A relay with no gap at all (every fire in one round) is met by an agreed round, not by messages."""
    sites = [
        {"id": "a", "position": [131, 121], "work": 1},
        {"id": "b", "position": [131, 131], "work": 1},
    ]
    same = [{"relay": {"sites": ["a", "b"], "min_gap": 0, "max_gap": 0, "from_round": 4}}]
    team = [keeper("one", (131, 122)), keeper("two", (131, 132))]
    plans = {
        name: [{"wait_for": {"until_round": 5}}, {"build": {"site": f"site#{sid}"}}]
        for name, sid in (("one", "a"), ("two", "b"))
    }
    ep = play(fixture(same, sites, team), plans)
    assert ep.status()["success"] and set(site_done_rounds(ep.world).values()) == {5}


def test_build_times_stops_after_that_many_builds_and_the_last_waits():
    sites = [{"id": "a", "position": list(TOWN), "work": 3}]
    task = fixture([{"site_built": {"site": "a"}}], sites, [keeper("one", (131, 122))])
    plan = [
        {"build": {"site": "site#a", "times": 2}},
        {"wait_for": {"until_round": 8}},
        {"build": {"site": "site#a"}},
    ]
    ep = play(task, {"one": plan})
    rounds = [event["round"] for event, _where in site_steps(ep.world, "site#a")]
    assert rounds == [1, 2, 8] and ep.status()["success"]


@pytest.mark.parametrize(
    "raw,error",
    [
        ({"wait_for": {"until_round": 0}}, "greater than or equal to 1"),
        ({"wait_for": {"until_round": 3, "message_from": "x"}}, "waits for one thing"),
        ({"build": {"site": "a", "times": 0}}, "greater than or equal to 1"),
    ],
)
def test_bad_timing_steps_are_refused(raw, error):
    with pytest.raises(ValueError, match=error):
        parse_step(raw)


def test_messages_from_takes_word_from_each_in_any_order_and_leaves_the_rest():
    """Word from a whole crew arrives in whatever order its members reach their posts; a message from
    someone else that came in between stays for a later step."""
    from agentworld.agents.oracle import OracleAgent

    agent = OracleAgent(
        plan=[
            {"wait_for": {"messages_from": ["a", "b"]}},
            {"wait_for": {"message_from": "c"}},
            {"chat": {"to": "team", "message": "go"}},
        ]
    )
    agent.reset("me", {})

    def obs(*senders):
        return {
            "alive": True,
            "round": 1,
            "position": [50, 50],
            "hp": 50,
            "max_hp": 50,
            "inventory": [],
            "equipment": {},
            "nearby": [],
            "messages": [{"round": 1, "from": s, "to": ["me"], "text": "in place"} for s in senders],
            "offers": [],
            "last_result": "",
            "last_error": "",
        }

    assert agent.act(obs("b", "c"))["tool"] == "wait"  # b and c in: still no word from a
    assert agent.act(obs("a"))["tool"] == "chat"  # a too; c's message (before a's) is still there
