"""Dependency structure (causal/dependencies.py): bridges and sparsity on graphs checked by hand."""

from __future__ import annotations

import json

import pytest

from agentworld.causal.dependencies import bridges, dependency_structure, task_dependencies
from agentworld.cli import main


def _act(i: int, agent: str) -> dict:
    return {"type": "action", "id": i, "agent": agent}


def _edge(a: int, b: int, kind: str = "item") -> dict:
    return {"src": a, "dst": b, "kind": kind, "reason": "", "judge": "provenance"}


def test_two_cycles_joined_by_one_cross_agent_edge() -> None:
    # ann: 0->1->2 and 0->2 (a cycle); bob: 3->4->5 and 3->5; one hand-over 2->3; action 6 has no edge
    records = [
        _act(0, "ann"),
        _act(1, "ann"),
        _act(2, "ann"),
        _act(3, "bob"),
        _act(4, "bob"),
        _act(5, "bob"),
        _act(6, "cy"),
    ]
    edges = [
        _edge(0, 1),
        _edge(1, 2),
        _edge(0, 2),
        _edge(3, 4),
        _edge(4, 5),
        _edge(3, 5),
        _edge(2, 3),
        _edge(2, 3, "move"),
    ]  # the same pair twice counts once
    dep = dependency_structure(records, edges, ["ann", "bob", "cy"])
    assert dep["edges"] == 7 and dep["cross_agent_edges"] == 1
    assert dep["cross_agent_share"] == round(1 / 7, 4) and dep["sparsity"] == round(6 / 7, 4)
    assert dep["isolated_actions"] == 1
    assert dep["action_bridges"] == [{"a": 2, "b": 3, "agents": ["ann", "bob"], "cross_agent": True}]
    assert dep["action_components"] == [{"actions": 3, "agents": ["ann"]}, {"actions": 3, "agents": ["bob"]}]
    assert dep["agent_links"] == [{"agents": ["ann", "bob"], "edges": 1}]
    assert dep["agent_bridges"] == [["ann", "bob"]]
    assert dep["agent_components"] == [["ann"], ["bob"], ["cy"]]


def test_a_bridge_between_ids_of_different_lengths_splits_the_components() -> None:
    # ann: 7 -> 8 -> 9 and 7 -> 9 (a cycle); the hand-over 9 -> 11 to bob is the only bridge; bob: 11, 12, 13 a
    # cycle. Ids of one and two digits: a bridge kept as (11, 9) would never be removed from the pairs (9, 11)
    records = [_act(i, "ann") for i in (7, 8, 9)] + [_act(i, "bob") for i in (11, 12, 13)]
    edges = [_edge(7, 8), _edge(8, 9), _edge(7, 9), _edge(9, 11), _edge(11, 12), _edge(12, 13), _edge(11, 13)]
    dep = dependency_structure(records, edges, ["ann", "bob"])
    assert [(b["a"], b["b"]) for b in dep["action_bridges"]] == [(9, 11)]
    assert dep["action_components"] == [{"actions": 3, "agents": ["ann"]}, {"actions": 3, "agents": ["bob"]}]


def test_bridges_of_a_path_and_of_a_triangle() -> None:
    assert bridges("abcd", [("a", "b"), ("b", "c"), ("c", "d")]) == [("a", "b"), ("b", "c"), ("c", "d")]
    assert bridges("abc", [("a", "b"), ("b", "c"), ("c", "a")]) == []
    assert bridges("abcd", [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]) == [("c", "d")]


@pytest.fixture(scope="module")
def task_01() -> dict:
    return task_dependencies("task_01")


def test_task_01_oracle_structure_by_hand(task_01: dict) -> None:
    # From the provenance edges of the seed-0 oracle run (42 distinct pairs over 48 actions). Issue 24's
    # task_01: the woodworker's chat (action 1) says where the staff is made; the lumberjack fells two
    # logs, answers it (9) and walks them to the camp (12-24); the woodworker whittles the sticks and
    # tells the wizard (28), who walks the bead over; the staff hand-over (46) meets the equip (47).
    dep = task_01
    assert dep["oracle_success"] and dep["actions"] == 48 and dep["edges"] == 42
    assert dep["cross_agent_edges"] == 18 and dep["sparsity"] == round(1 - 18 / 42, 4)
    assert dep["agent_links"] == [
        {"agents": ["lumberjack", "wizard"], "edges": 4},
        {"agents": ["lumberjack", "woodworker"], "edges": 5},
        {"agents": ["wizard", "woodworker"], "edges": 9},
    ]
    # three agents, all pairs linked: a triangle, no agent-level bridge
    assert dep["agent_bridges"] == [] and dep["agent_components"] == [["lumberjack", "wizard", "woodworker"]]
    # action-level bridges: the woodworker's chat to the lumberjack's answer (1 -> 9), the lumberjack's
    # walk to the camp and hand-over (12-15-18-21-24), the woodworker's word to the wizard (28 -> 38)
    # and the staff hand-over to the equip (46 -> 47)
    got = [(b["a"], b["b"]) for b in dep["action_bridges"]]
    assert got == [(1, 9), (12, 15), (15, 18), (18, 21), (21, 24), (28, 38), (46, 47)]
    assert [(b["a"], b["b"]) for b in dep["action_bridges"] if b["cross_agent"]] == [
        (1, 9),
        (28, 38),
        (46, 47),
    ]
    sizes = [c["actions"] for c in dep["action_components"]]
    assert sizes == [22] + [1] * 7
    assert dep["action_components"][0]["agents"] == ["lumberjack", "wizard", "woodworker"]


def test_audit_dependencies_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--dependencies", "task_01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["task"] for d in data] == ["task_01"] and data[0]["cross_agent_edges"] == 18
    assert main(["audit", "--dependencies", "task_nope"]) == 2
    assert "unknown task 'task_nope'" in capsys.readouterr().err


def test_every_shipped_task_has_its_dependency_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """`audit --dependencies --set all`: every main task and augmented variant, each oracle run succeeding,
    its figures consistent with their definitions (docs/AUDIT.md "Dependency structure")."""
    from agentworld.tasks import list_tasks

    shipped = {t["id"]: t["agents"] for t in list_tasks("all")}
    assert main(["audit", "--dependencies", "--set", "all", "--json", "--jobs", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(d["task"] for d in data) == sorted(shipped)
    for dep in data:
        assert dep["oracle_success"] and dep["agents"] == shipped[dep["task"]], dep["task"]
        assert 0 <= dep["cross_agent_edges"] <= dep["edges"], dep["task"]
        share = dep["cross_agent_edges"] / dep["edges"] if dep["edges"] else 0.0
        assert dep["sparsity"] == round(1 - share, 4), dep["task"]
        assert len(dep["cross_agent"]) == dep["cross_agent_edges"]
        assert sum(link["edges"] for link in dep["agent_links"]) == dep["cross_agent_edges"]
        touched = dep["actions"] - dep["isolated_actions"]
        assert sum(c["actions"] for c in dep["action_components"]) == touched, dep["task"]
        # removing the bridges splits the graph into exactly one more component per bridge (a forest of them)
        assert len(dep["action_components"]) >= len(dep["action_bridges"]) + 1
        members = [a for c in dep["agent_components"] for a in c]
        assert len(members) == len(set(members)) == dep["agents"], dep["task"]  # every agent in one component
