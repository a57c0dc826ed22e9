"""The workshop motif (agentworld/taskgen/workshop.py) and the crafting tasks written on it (issue 24).

The motif places each patch so its gatherer works it from one stand tile, keeps patches apart so no
gatherer works another's, and refuses texts that script the plan (a teammate named in documentation,
an objective naming agents the outcome does not). The crafting tasks built on it make the team
necessary through volume: their raw goods, picked by hand, take more turns than one agent with every
member's skills and items has (the suite report's merged agent, audit bounds).
"""

from __future__ import annotations

import pytest

from agentworld.audit.suite_categories import merged_agent
from agentworld.taskgen import places
from agentworld.taskgen.suite import crafting
from agentworld.taskgen.workshop import Hand, Patch, holds, place, say, workshop
from agentworld.tasks import load_task
from agentworld.world.content import load_content

DRAFTS = {d.id: d for d in crafting.drafts()}
VOLUME = ["task_17", "task_24", "task_25", "task_36", "task_40", "task_47", "task_67", "task_68", "task_74"]
VOLUME += ["task_90", "task_97"]


def _chebyshev(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def test_a_patch_is_worked_from_its_stand_and_kept_apart_from_the_others():
    spots: dict = {}
    taken: set = set()
    spots["a"] = place(Patch("a", "dawnlily_patch", "alchemy_table#murkfen", away=1, nodes=3), taken, spots)
    spots["b"] = place(Patch("b", "dawnlily_patch", "@a", away=2, nodes=3), taken, spots)
    gmap = places.content().map
    for name, spot in spots.items():
        assert len(spot.tiles) == 3 and all(_chebyshev(spot.stand, t) == 1 for t in spot.tiles)
        assert all(gmap.walkable(*t) for t in (spot.stand, *spot.tiles))
        other = spots["b" if name == "a" else "a"]
        assert all(_chebyshev(other.stand, t) >= 2 for t in spot.tiles)
    assert (
        f"{spots['a']}".count("(") == 3 and spots["a"].at == f"({spots['a'].stand[0]}, {spots['a'].stand[1]})"
    )


def _draft(
    context: str, objective: str = "Make tea. The task is complete when the team holds 1 dawnlily tea."
):
    hands = [
        Hand("cook", "Cook", "frostmere_camp", {"cooking": 55}, context, [say("team", "at {drift}")]),
        Hand("picker", "Picker", "frostmere_camp", {"foraging": 50}, "You pick dawnlilies by hand.", []),
    ]
    return workshop(
        "task_x",
        "X",
        objective=objective,
        patches=[Patch("drift", "dawnlily_patch", "cooking_range#frostmere", away=1)],
        hands=hands,
        success=[holds({"dawnlily_tea": 1})],
        checkpoints=[],
        tag="x",
        why="x",
    )


def test_documentation_that_names_a_teammate_is_refused():
    with pytest.raises(ValueError, match="cook's documentation names \\['picker'\\]"):
        _draft("You brew tea; the picker brings you dawnlilies at {drift}.")
    with pytest.raises(ValueError, match="the objective names \\['picker'\\]"):
        _draft("You brew tea.", objective="The picker and the team make tea.")
    draft = _draft("You brew tea; dawnlilies open at {drift}.")
    assert (
        "{drift}" not in draft.agents[0].context
        and "{drift}" not in draft.agents[0].plan[0]["chat"]["message"]
    )


@pytest.mark.parametrize("task_id", sorted(DRAFTS))
def test_no_crafting_documentation_names_a_teammate(task_id):
    """Whom to meet and give to travels by chat (the motif checks it; this pins the shipped files)."""
    task = load_task(task_id)
    names = {a.name for a in task.agents}
    for agent in task.agents:
        words = set(agent.context.lower().replace("`", " ").split())
        assert not (names - {agent.name}) & {w.strip(".,:;()") for w in words}, agent.name


@pytest.mark.parametrize("task_id", VOLUME)
def test_the_merged_agent_cannot_gather_the_set_alone(task_id):
    """One agent with every member's skills and items, from any member's spawn, fails the outcome by
    volume: the hand-picked raw goods take more turns than the budget has (audit bounds)."""
    verdict = merged_agent(load_task(task_id), load_content())
    assert not verdict["could"] and any("[volume]" in f for f in verdict["failures"]), verdict


def test_a_variant_whose_moved_agent_no_longer_sees_its_patch_is_refused_as_unjustified():
    """The watch cook finds its dawnlilies by sight from Frostmere Camp; spawned elsewhere (a farther
    variant) it could not tell the team where they grow, so augment refuses that variant."""
    from agentworld.augment.checks import unjustified_refusals
    from agentworld.augment.rewrite import task_raw

    content = load_content()
    task = load_task("task_47")
    assert unjustified_refusals(task, content) == []
    raw = task_raw(task)
    next(a for a in raw["agents"] if a["name"] == "watch_cook")["spawn"] = "north_crossroads"
    reasons = unjustified_refusals(load_task(raw, content=content), content)
    assert reasons and all(r.startswith("unjustified: watch_cook step") for r in reasons), reasons
