"""A task's own stations (`world.stations`): a field station set up for the task alone, without
changing the world map (a station added to map.yaml moves the scatter of every node and mob of its
region, and so every task's world). task_08 and task_14 brew their draughts at one."""

from __future__ import annotations

import pytest

from agentworld.audit.context import TaskContext
from agentworld.task_world import build_world
from agentworld.tasks import Task, load_task
from agentworld.world.content import load_content


def _with_station(kind: str, place: str = "camp", position=(128, 95)) -> Task:
    raw = load_task("task_01").model_dump(mode="json", by_alias=True, exclude_none=True)
    raw["world"]["stations"] = [{"kind": kind, "place": place, "position": list(position)}]
    return Task.model_validate(raw)


def test_the_station_stands_in_the_task_world_and_is_known_everywhere():
    content = load_content()
    world = build_world(_with_station("alchemy_table"), content, 0)
    station = world.stations["alchemy_table#camp"]
    assert (station.x, station.y) == (128, 95) and station.kind == "alchemy_table"
    plain = build_world(load_task("task_01"), content, 0)
    assert "alchemy_table#camp" not in plain.stations
    # the rest of the world is exactly the map's: the same nodes and mobs where they were
    assert {n.id: (n.x, n.y) for n in world.nodes.values()} == {
        n.id: (n.x, n.y) for n in plain.nodes.values()
    }
    assert {m.id: (m.x, m.y) for m in world.mobs.values()} == {m.id: (m.x, m.y) for m in plain.mobs.values()}


def test_the_audit_counts_the_task_station_for_its_recipes():
    content = load_content()
    ctx = TaskContext(_with_station("alchemy_table"), content)
    assert (128, 95) in ctx.stations["alchemy_table"]
    assert (128, 95) not in TaskContext(load_task("task_01"), content).stations["alchemy_table"]


def test_an_unknown_station_kind_is_a_task_error():
    from agentworld.task_checks import check_task

    problems = check_task(_with_station("alchemy_tabel"), load_content())
    assert any("world.stations[0].kind" in p and "alchemy_table" in p for p in problems), problems


@pytest.mark.parametrize(
    "task_id, station", [("task_08", "alchemy_table#frostmere"), ("task_14", "alchemy_table#ruins")]
)
def test_the_combat_healers_brew_at_their_field_table(task_id, station):
    from task_play import play

    ep = play(task_id, seed=0)
    assert ep.status()["success"]
    brews = [
        r
        for r in ep.trajectory
        if r.get("type") == "action"
        and r.get("tool") == "craft"
        and r.get("ok")
        and r["args"]["recipe"] == "greater_healing_draught"
    ]
    table = ep.world.stations[station]
    assert brews and all(
        max(abs(r["position"][0] - table.x), abs(r["position"][1] - table.y)) <= 1 for r in brews
    )
