"""The audit is sound against real play: no run refutes a "necessary" verdict or a bound.

- For every shipped task and every role the audit calls necessary by capability, presence or
  volume, the team without that role (`without_agent`) fails when played by the oracle plans of
  the others and by random agents. A role necessary only because the outcome names it is checked
  on the world without it: the condition naming it is false there and no player of that name exists.
- The bounds the verdicts rest on hold in real episodes: no agent ever passes the skill level the
  audit says it could reach, the team never holds more coins than the audit's coin bound, and no
  agent is ever farther from its spawn (in walked tiles) than the walking bound allows.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from agentworld.agents import make_agent
from agentworld.audit import audit_task
from agentworld.audit.context import TaskContext
from agentworld.audit.team import Team
from agentworld.episode import Episode, make_briefing
from agentworld.runner import run_episode
from agentworld.task_world import build_world
from agentworld.tasks import list_task_ids, load_task, without_agent
from agentworld.world.content import load_content

TASK_IDS = list_task_ids()


@lru_cache(maxsize=None)
def _audit(task_id: str):
    return audit_task(load_task(task_id), load_content())


NECESSARY = [
    (tid, role.agent, tuple(role.kinds))
    for tid in TASK_IDS
    for role in _audit(tid).roles
    if role.verdict == "necessary"
]
PLAYED = [case for case in NECESSARY if case[2] != ("outcome",)]
NAMED = [case for case in NECESSARY if "outcome" in case[2]]


def test_the_audit_finds_necessary_roles_to_check():
    assert len(PLAYED) >= 4 and len(NAMED) >= 8  # the checks below are not vacuous


@pytest.mark.parametrize("task_id,missing,kinds", PLAYED, ids=[f"{t}-{a}" for t, a, _ in PLAYED])
def test_a_team_without_a_necessary_role_fails(task_id, missing, kinds):
    task = without_agent(load_task(task_id), missing)
    for agents in ("oracle", "random"):
        result = run_episode(task, agents, seed=0, progress=False)
        assert result["status"] == "ok"
        assert not result["success"], (
            f"{task_id} succeeded without {missing} ({agents}): the audit said {kinds}"
        )


@pytest.mark.parametrize("task_id", sorted({t for t, _, _ in NAMED}))
def test_a_role_the_outcome_names_cannot_be_replaced(task_id):
    task = load_task(task_id)
    world = build_world(task, load_content(), seed=0)
    for _tid, missing, _kinds in [case for case in NAMED if case[0] == task_id]:
        naming = [c for c in task.success if missing in c.agents()]
        player = world.players.pop(missing)  # the world of the team without it has no such player
        try:
            assert naming and not any(c.met(world, without_agent(task, missing)) for c in naming)
        finally:
            world.players[missing] = player


def _play(task_id: str, kind: str, seed: int) -> tuple[Episode, list[int], dict]:
    """Play a whole team of `kind` agents; returns the episode, the team's coins after each round
    and each agent's position after each round."""
    ep = Episode(task_id, seed=seed)
    team = {name: make_agent(kind, **({"seed": seed} if kind == "random" else {})) for name in ep.agents}
    for name, agent in team.items():
        agent.reset(name, make_briefing(ep.task, name, include_plan=agent.needs_plan))
    coins, where = [], {name: [] for name in ep.agents}
    while not ep.status()["done"]:
        for name in ep.agents:
            ep.act(name, team[name].act(ep.observe(name)))
        for name, player in ep.world.players.items():
            where[name].append((player.x, player.y))
        ep.end_round()
        coins.append(sum(p.inventory.count("coins") for p in ep.world.players.values()))
    return ep, coins, where


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_real_play_stays_within_the_audits_bounds(task_id):
    """The oracle team (it gathers, crafts, trades and fights) never passes a level or coin bound."""
    ep, coins, where = _play(task_id, "oracle", seed=1)
    ctx = TaskContext(ep.task, ep.content)
    for spec in ep.task.agents:
        player = ep.world.players[spec.name]
        for skill, level in player.skills.items():
            bound = ctx.skills.level(spec, skill)
            assert level <= bound, f"{spec.name} reached {skill} {level}, above the audit's bound {bound}"
    assert max(coins) <= ctx.coin_bound(tuple(ctx.agents))
    speed = ep.content.rules.move_speed
    for name, tiles in where.items():  # the round each agent got farthest ahead of the walking bound
        x0, y0 = ctx.spawn[name]
        rounds, tile = max(
            enumerate(tiles, 1), key=lambda rt: (abs(rt[1][0] - x0) + abs(rt[1][1] - y0)) / rt[0]
        )
        walked = ctx.travel.tiles((x0, y0), tile)
        assert walked <= rounds * speed, (
            f"{name} stood at {tile} in round {rounds}: {walked} tiles from its spawn"
        )


SURVIVAL = [
    (tid, role.agent)
    for tid in TASK_IDS
    for role in _audit(tid).roles
    if role.verdict == "necessary" and any(f.key.startswith("survive:") for f in role.reasons)
]


@pytest.mark.parametrize("task_id,missing", SURVIVAL, ids=[f"{t}-{a}" for t, a in SURVIVAL])
def test_without_a_role_the_sure_strikes_need_even_the_best_food_fails(task_id, missing):
    """The audit says no team without `missing` outlives the sure strikes: give every other member
    20 of the best healing item the audit says they could get, and let them eat whenever hurt."""
    task = without_agent(load_task(task_id), missing)
    ctx = TaskContext(task, load_content())
    team = Team(ctx, tuple(ctx.agents))
    best = max(
        (item for item in ctx.content.items.values() if item.heal > 0 and team.has(item.id)),
        key=lambda item: item.heal,
    )
    agents = [
        a.model_copy(update={"inventory": {**a.inventory, best.id: a.inventory.get(best.id, 0) + 20}})
        for a in task.agents
    ]
    result = run_episode(
        task.model_copy(update={"agents": agents}),
        "oracle",
        seed=0,
        progress=False,
        agent_options={"oracle": {"heal_below": 1.0}},
    )
    assert result["status"] == "ok"
    assert not result["success"], f"{task_id} succeeded without {missing} eating {best.id}"


def test_the_survival_bound_has_roles_to_check():
    assert {t for t, _ in SURVIVAL} >= {"task_06", "task_14", "task_16"}
