"""The site conditions that say when and with whom a site is built: `relay`, `built_while_held`, `built_on`.

Each is checked twice on small in-memory tasks: in play (a scripted agent meets it or breaks it, and a
broken one cannot be repaired later) and in the audit (the crew or the waiting it implies makes roles
necessary exactly when no single agent could do the job, and not when one could).
"""

from __future__ import annotations

from types import SimpleNamespace

from agentworld.audit import audit_task
from agentworld.tasks import Task
from agentworld.verifiers.common import site_steps
from task_play import play

TOWN = (131, 121)


def agent(name: str, spawn, skills=None) -> dict:
    return {
        "name": name,
        "role": name.title(),
        "spawn": list(spawn),
        "skills": skills or {},
        "context": "Build.",
    }


def site(sid: str, position, work: int = 1, skill: str | None = None, level: int = 1) -> dict:
    out = {"id": sid, "position": list(position), "work": work}
    return out | ({"skill": skill, "level": level} if skill else {})


def task(
    agents: list[dict],
    sites: list[dict],
    success: list[dict],
    rounds: int = 12,
    objective: str = "Build (131, 126), (131, 160), (131, 100) and (131, 140).",
) -> Task:
    """(The objective names every place the tests hold, so no role is needed for knowing one.)"""
    return Task.model_validate(
        {
            "id": "fixture",
            "name": "Fixture",
            "category": "construction",
            "objective": objective,
            "max_rounds": rounds,
            "agents": agents,
            "world": {"sites": sites},
            "success": success,
            "checkpoints": [
                {
                    "id": "started",
                    "description": "a site is built",
                    "when": {"site_built": {"site": sites[0]["id"]}},
                }
            ],
        }
    )


def build(sid: str) -> dict:
    return {"build": {"site": f"site#{sid}"}}


def wait(rounds: int) -> dict:
    return {"wait_for": {"rounds": rounds}}


def verdicts(result) -> dict[str, tuple[str, list[str]]]:
    return {r.agent: (r.verdict, r.kinds) for r in result.roles}


# --- relay ------------------------------------------------------------------------------------------
NEAR = [site("a", (131, 121)), site("b", (131, 123))]


def relay(min_gap=1, max_gap=2, from_round=1, sites=("a", "b")) -> list[dict]:
    return [
        {"relay": {"sites": list(sites), "min_gap": min_gap, "max_gap": max_gap, "from_round": from_round}}
    ]


def test_a_relay_holds_only_in_order_within_its_gaps_and_after_its_start():
    one = [agent("one", (131, 122))]
    assert play(task(one, NEAR, relay()), {"one": [build("a"), build("b")]}).status()["success"]
    assert play(task(one, NEAR, relay()), {"one": [build("a"), wait(1), build("b")]}).status()["success"]
    assert not play(task(one, NEAR, relay()), {"one": [build("b"), build("a")]}).status()["success"]  # order
    assert not play(task(one, NEAR, relay()), {"one": [build("a"), wait(3), build("b")]}).status()["success"]
    late = relay(from_round=3)
    assert not play(task(one, NEAR, late), {"one": [build("a"), build("b")]}).status()["success"]  # too early
    assert play(task(one, NEAR, late), {"one": [wait(2), build("a"), build("b")]}).status()["success"]


FAR = [site("a", (74, 122)), site("b", (174, 122))]  # 100 tiles apart on foot: 10 turns of walking
KEEPERS = [agent("west", (74, 121)), agent("east", (174, 121))]


def test_a_relay_too_fast_for_one_walker_needs_a_member_per_site():
    result = audit_task(task(KEEPERS, FAR, relay(max_gap=4), rounds=30))
    assert verdicts(result) == {"west": ("necessary", ["presence"]), "east": ("necessary", ["presence"])}
    assert result.ok and not result.solo_routes
    # 10 turns of walking fit in an 11-round gap: one keeper could light both, so nobody is needed
    slow = audit_task(task(KEEPERS, FAR, relay(max_gap=11), rounds=30))
    assert {v for v, _ in verdicts(slow).values()} == {"unnecessary"} and set(slow.solo_routes) == {
        "west",
        "east",
    }


def test_the_relay_bound_holds_in_play():
    """The walker who lights the west fire reaches the east one 11 rounds later, never within 4."""
    alone = task([agent("west", (74, 121))], FAR, relay(max_gap=4), rounds=30)
    ep = play(alone, {"west": [build("a"), {"move_to": {"target": [174, 121]}}, build("b")]})
    done = {e["site"]: e["round"] for e in ep.world.events if e["kind"] == "site_done"}
    assert done["site#b"] - done["site#a"] > 4 and not ep.status()["success"]


# --- built_while_held ------------------------------------------------------------------------------
CIRCLE = [site("circle", TOWN, work=2)]


def held_at(place, within=1) -> list[dict]:
    return [{"built_while_held": {"site": "circle", "places": [place], "within": within}}]


def test_every_build_must_find_every_place_held():
    """(An oracle `build` step builds until the site is complete: two chants in rounds 1 and 2.)"""
    team = [agent("chanter", (131, 122)), agent("warden", (131, 126))]
    goal = held_at([131, 126])
    assert play(task(team, CIRCLE, goal), {"chanter": [build("circle")], "warden": [wait(5)]}).status()[
        "success"
    ]
    # the warden walks off after the first chant: the second is made on an empty place, and that is final
    away_and_back = [{"move_to": {"target": [131, 140]}}, {"move_to": {"target": [131, 126]}}]
    ep = play(task(team, CIRCLE, goal), {"chanter": [build("circle")], "warden": away_and_back})
    assert ep.world.sites["site#circle"].complete and not ep.status()["success"]
    assert (ep.world.players["warden"].x, ep.world.players["warden"].y) == (131, 126)  # back, too late


def test_places_far_from_the_site_need_a_member_each():
    team = [agent("chanter", (131, 122)), agent("warden", (131, 126))]
    far = audit_task(task(team, CIRCLE, held_at([131, 160])))
    assert verdicts(far) == {"chanter": ("necessary", ["presence"]), "warden": ("necessary", ["presence"])}
    crew = next(r for r in far.requirements if r.key == "crew:circle")
    assert {p.agent for p in crew.providers} == {"chanter", "warden"}
    # a place within both reaches (2 tiles from the site, 1 + 1) can be held by the builder itself
    near = audit_task(task(team, CIRCLE, held_at([131, 123])))
    assert not any(r.key.startswith("crew:") for r in near.requirements)
    assert set(near.solo_routes) == {"chanter", "warden"}


def test_a_crew_role_is_necessary_only_when_nobody_else_can_stand_in():
    """Posts: the circle (alchemy 30: only the chanter) and two stones 30 tiles either side, where the
    wardens start. A spare agent in town can take either stone in a 20-round budget, so no warden is
    needed; in 2 rounds it cannot get there, and then each warden is (the matching, not a head count)."""
    team = [
        agent("chanter", (131, 122), {"alchemy": 30}),
        agent("north", (131, 91)),
        agent("south", (131, 151)),
        agent("spare", (131, 123)),
    ]
    ritual = [site("circle", TOWN, work=1, skill="alchemy", level=30)]
    goal = [{"built_while_held": {"site": "circle", "places": [[131, 91], [131, 151]], "within": 1}}]
    told = "Hold (131, 91) and (131, 151) while the circle is built."
    roomy = verdicts(audit_task(task(team, ritual, goal, rounds=20, objective=told)))
    assert roomy["north"][0] == roomy["south"][0] == roomy["spare"][0] == "unnecessary"
    assert roomy["chanter"][0] == "necessary" and "capability" in roomy["chanter"][1]
    tight = verdicts(audit_task(task(team, ritual, goal, rounds=2, objective=told)))
    assert tight["north"] == ("necessary", ["presence"]) and tight["south"] == ("necessary", ["presence"])
    assert tight["spare"][0] == "unnecessary"


# --- built_on ---------------------------------------------------------------------------------------
STACK = [site("base", TOWN, work=3), site("top", (131, 123), work=2)]
ON = [{"built_on": {"site": "top", "base": "base"}}]


def test_a_site_built_on_another_counts_only_builds_after_the_base_is_finished():
    """(An oracle `build` step builds until the site is complete.)"""
    one = [agent("one", (131, 122))]
    assert play(task(one, STACK, ON), {"one": [build("base"), build("top")]}).status()["success"]
    two = one + [agent("early", (131, 124))]
    early = play(task(two, STACK, ON), {"one": [build("base")], "early": [build("top")]})
    assert early.world.sites["site#top"].complete and early.world.sites["site#base"].complete
    assert not early.status()["success"]


def test_the_audit_counts_the_top_sites_work_only_after_the_base_could_be_done():
    """Base: 3 work, finished in round 3 at the earliest; top: 2 work after that, so 5 rounds, not 4."""
    one = [agent("one", (131, 122))]
    short = audit_task(task(one, STACK, ON, rounds=4))
    assert [(f.key, f.kind) for f in short.team] == [("work:top", "volume")]
    stacked_apart = [{"site_built": {"site": "base"}}, {"site_built": {"site": "top"}}]
    assert audit_task(task(one, STACK, stacked_apart, rounds=4)).team == []  # without the order it would fit
    assert audit_task(task(one, STACK, ON, rounds=5)).team == []
    assert not play(task(one, STACK, ON, rounds=4), {"one": [build("base"), build("top")]}).status()[
        "success"
    ]


def test_a_dead_player_holds_no_place():
    """Where players stood at each build comes from the event log; a player dead at that moment (its body
    still on the place) is left out until it respawns."""

    def build_event(rnd: int) -> dict:
        return {
            "kind": "site_progress",
            "round": rnd,
            "agent": "chanter",
            "site": "site#circle",
            "delivered": {},
        }

    world = SimpleNamespace(
        players={"chanter": SimpleNamespace(spawn=(131, 122)), "warden": SimpleNamespace(spawn=(131, 126))},
        events=[
            build_event(1),
            {"kind": "death", "round": 1, "player": "warden"},
            build_event(2),
            {"kind": "respawn", "round": 3, "player": "warden", "position": [131, 126]},
            build_event(3),
        ],
    )
    held = [sorted(where) for _event, where in site_steps(world, "circle")]
    assert held == [["chanter", "warden"], ["chanter"], ["chanter", "warden"]]
