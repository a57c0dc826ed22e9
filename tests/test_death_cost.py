"""Death has a cost the audit models (issue 23, item 2; rules.yaml `death_rule`).

The rule itself in the engine: a player killed in round r is off the map and can only wait for
rules.respawn_delay_rounds rounds, then is back at its own spawn with full HP, its items and its
equipment at the start of round r + delay + 1; the same seed and actions give the same events.

Then deliberate deaths against every presence and timing requirement of every shipped task (main
and augmented), played in the task's real world. A death is killed-at-the-end-of-the-round-it-acted
(the earliest any mob could), via the engine's own blow (`_mob_hit`, what a mob's strike calls):
- `relay` (timing, and its crew of different members): a member finishing site i who dies and
  walks from its respawn reaches site j later than the relay allows, for every member and pair;
  the audit's `death_gap` never claims more than that; and under the old one-round delay the same
  attack fits the gap and the audit drops the crew (the attack is real, the test can fail);
- `at`, `quest_done` talks, `built_while_held` posts (presence, measured from the spawn): every
  member killed in round 1 is off the map while dead (it stands on no post, meets no `at`) and
  comes back exactly at the spawn tile the audit walks from, delay + 1 rounds later, so no death
  arrives anywhere before the audit's first arrival.
"""

from __future__ import annotations

import pytest

from agentworld.audit.context import TaskContext
from agentworld.audit.requirements import _relay, death_gap
from agentworld.conditions import At
from agentworld.task_world import build_world
from agentworld.tasks import list_task_ids, load_task
from agentworld.world.content import load_content
from agentworld.world.engine import World
from agentworld.world.pathfinding import chebyshev

CONTENT = load_content()
DELAY = CONTENT.rules.respawn_delay_rounds
TASKS = {
    tid: load_task(tid, check_content=False) for tid in list_task_ids("main") + list_task_ids("augmented")
}
PRESENCE_KINDS = ("at", "quest_done", "relay", "built_while_held")
SPOT = (120, 120)  # a walkable tile in town, away from the hub


def _kill(world: World, name: str) -> int:
    """The earliest death: a mob's blow for all its HP at the end of this round. Returns that round."""
    mob = next(iter(world.mobs.values()))  # any of the world's mobs: where it stands does not matter
    player = world.players[name]
    world._mob_hit(mob, player, player.hp)
    assert not player.alive
    return world.round


def _world() -> World:
    world = World(CONTENT)
    world.reset(0)
    return world


# --- the rule in the engine ------------------------------------------------------------------------
def test_the_rule_is_costly_and_data_driven():
    assert DELAY >= 2, "a one-round delay makes death free travel (task_05's relay fell to it)"
    text = CONTENT.rules.death_rule
    assert "respawn_delay_rounds" in text and "own spawn" in text


def test_a_killed_player_waits_the_delay_and_is_back_at_its_own_spawn_with_everything():
    world = _world()
    p = world.add_player(
        "v",
        SPOT,
        skills={"health": 5},
        inventory={"bread": 3, "coins": 40},
        equipment={"weapon": "bronze_sword"},
    )
    for _ in range(2):
        assert world.act("v", "move_to", {"target": "town_square"}, 0).ok
        world.end_round()
    assert (p.x, p.y) != SPOT
    died = _kill(world, "v")
    assert p.respawn_round == died + DELAY + 1
    world.end_round()
    news = " ".join(world.observe("v")["happened"])
    assert f"back at your spawn ({SPOT[0]}, {SPOT[1]})" in news and f"round {died + DELAY + 1}" in news
    for _ in range(DELAY):  # dead: off the map, only wait; told where and when it is back
        assert not p.alive and all(ident != "v" for ident, _e, _d in world.grid.near(p.x, p.y, 0))
        out = world.act("v", "move_to", {"target": "town_square"}, 1)
        assert (
            not out.ok and f"({SPOT[0]}, {SPOT[1]})" in out.error and f"round {died + DELAY + 1}" in out.error
        )
        assert world.act("v", "wait", {}, 2).ok
        world.end_round()
    assert world.round == died + DELAY + 1
    assert p.alive and (p.x, p.y) == SPOT and p.hp == p.max_hp
    assert p.inventory.counts() == {"bread": 3, "coins": 40} and p.equipment.get("weapon") == "bronze_sword"


def test_deaths_are_deterministic():
    def run() -> list[dict]:
        world = _world()
        world.add_player("v", SPOT, skills={"health": 1})
        world.add_mob("dire_wolf", (SPOT[0] + 2, SPOT[1]))  # aggressive: it kills a level-1 player
        for _ in range(DELAY + 12):
            world.act("v", "wait", {}, 0)
            world.end_round()
        return world.events

    first = run()
    assert any(e["kind"] == "death" for e in first) and any(
        e["kind"] == "respawn" and e.get("player") for e in first
    )
    assert first == run()


# --- deliberate deaths against every presence and timing requirement ---------------------------------
def _tasks_with(*kinds: str) -> list[str]:
    return [tid for tid, task in TASKS.items() if any(c.kind in kinds for c in task.success)]


def _death_route(task, name: str, died_at: int, site: str) -> int:
    """Rounds from `name`'s last action (it dies at the end of round `died_at`) to its first round able to
    act at `site`, played in the task's world: wait while dead, then walk there from the respawn."""
    world = build_world(task, CONTENT, 0)
    while world.round < died_at:
        world.end_round()
    _kill(world, name)
    world.end_round()
    p, tile, reach = world.players[name], world.sites[f"site#{site}"], CONTENT.rules.interact_range
    while not (p.alive and chebyshev((p.x, p.y), (tile.x, tile.y)) <= reach):
        assert world.round < died_at + 200, f"{name} never reaches {site}"
        assert world.act(name, "move_to" if p.alive else "wait", {"target": f"site#{site}"}, 0).ok
        world.end_round()
    return world.round - died_at


RELAY_TASKS = _tasks_with("relay")


def test_some_shipped_task_has_a_relay():
    assert RELAY_TASKS, "the relay attack below would test nothing"


@pytest.mark.parametrize("task_id", RELAY_TASKS)
def test_dying_between_relay_sites_is_too_slow_for_every_member(task_id):
    task = TASKS[task_id]
    ctx = TaskContext(task, CONTENT)
    for relay in (c for c in task.success if c.kind == "relay" and c.max_gap is not None):
        sites = [s.removeprefix("site#") for s in relay.sites]
        crew = [n for n in _relay(relay, ctx, "") if n.info.key.startswith("crew:relay")]
        assert crew and len(crew[0].posts) == len(sites), "the audit says each site needs its own member"
        for j in range(1, len(sites)):
            allowed = relay.max_gap
            claimed = death_gap(ctx.site_tile[sites[j]], ctx)
            for agent in task.agents:
                played = _death_route(task, agent.name, relay.from_round, sites[j])
                assert played > allowed, (
                    f"{agent.name} dies after {sites[j - 1]} and finishes {sites[j]} in time"
                )
                assert claimed <= played, "the audit's death bound claims more than the engine allows"


OLD_RULES = load_content(overrides={"rules": {"respawn_delay_rounds": 1}})


def _old_death_bridges(task_id: str) -> bool:
    """Under the old one-round delay a death could cover two steps of some relay: its steps may lie 2 or
    more rounds apart (a death costs at least 2: die, come back, act; a relay lit in one round, or exactly
    a round apart, was never open to it), and some site is within a death's reach of its predecessor
    (task_50's shelters are not: every spawn is too far from the second one even then)."""
    task = TASKS[task_id]
    ctx = TaskContext(task, OLD_RULES)
    for relay in (c for c in task.success if c.kind == "relay" and c.max_gap is not None and c.max_gap >= 2):
        sites = [s.removeprefix("site#") for s in relay.sites]
        if min(death_gap(ctx.site_tile[s], ctx) for s in sites[1:]) <= relay.max_gap:
            return True
    return False


OLD_BRIDGED = [t for t in RELAY_TASKS if _old_death_bridges(t)]


def test_some_relay_task_was_beaten_by_free_death():
    assert OLD_BRIDGED, "the attack below would test nothing"


@pytest.mark.parametrize("task_id", OLD_BRIDGED)
def test_under_the_old_one_round_delay_a_death_beats_the_relay(task_id):
    """The attack is real: with free death some member covers two sites, and the audit models it."""
    old = OLD_RULES
    task = TASKS[task_id]
    ctx = TaskContext(task, old)
    relay = next(c for c in task.success if c.kind == "relay" and c.max_gap is not None and c.max_gap >= 2)
    sites = [s.removeprefix("site#") for s in relay.sites]
    gaps = [death_gap(ctx.site_tile[s], ctx) for s in sites[1:]]
    assert min(gaps) <= relay.max_gap
    crew = [n for n in _relay(relay, ctx, "") if n.info.key.startswith("crew:relay")]
    assert not crew or len(crew[0].posts) < len(sites)
    world = build_world(task, old, 0)
    name = min(
        task.agents, key=lambda a: death_gap(ctx.site_tile[sites[1 + gaps.index(min(gaps))]], ctx)
    ).name
    died = _kill(world, name)
    world.end_round()
    while not world.players[name].alive:
        world.end_round()
    assert world.round - died == 2 and world.players[name].pos == ctx.spawn[name]


@pytest.mark.parametrize("task_id", _tasks_with(*PRESENCE_KINDS))
def test_a_death_never_arrives_before_the_audit_first_arrival(task_id):
    """Every member killed in round 1 holds no post while dead and is back exactly on the spawn tile the
    audit's walking bounds start from, DELAY + 1 rounds later: the audit's reach rounds stand."""
    task = TASKS[task_id]
    world = build_world(task, CONTENT, 0)
    gmap = CONTENT.map
    places = [c.place for c in task.success if c.kind == "at"]
    places += [p for c in task.success if c.kind == "built_while_held" for p in c.places]
    for agent in task.agents:
        _kill(world, agent.name)
    world.end_round()
    for _ in range(DELAY):
        for agent in task.agents:
            p = world.players[agent.name]
            assert not p.alive
            for place in places:
                assert not At(agent=agent.name, place=place, within=99).met(world, task)
        world.end_round()
    for agent in task.agents:
        p = world.players[agent.name]
        spawn = tuple(gmap.resolve(agent.spawn))
        assert p.alive and world.round == DELAY + 2 and p.pos == spawn, agent.name
