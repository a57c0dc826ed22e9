"""Collaboration-graph metrics (Forest Match, Node Validity, content redundancy) on small
hand-made graphs whose values are worked out by hand, and through `agentworld judge --reference`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentworld.causal.forest import (
    action_label,
    content_redundancy,
    forest_match,
    forest_metrics,
    forest_of,
    node_validity,
)
from agentworld.cli import main


def act(aid: int, agent: str, tool: str, **args: Any) -> dict[str, Any]:
    return {
        "type": "action",
        "id": aid,
        "round": aid + 1,
        "agent": agent,
        "tool": tool,
        "args": args,
        "ok": True,
        "events": [],
        "links": [],
        "checkpoints": [],
    }


def edge(a: int, b: int) -> dict[str, Any]:
    return {"src": a, "dst": b, "kind": "item", "reason": "", "judge": "test"}


# reference: cutter gathers, gives the log to the smith, who crafts    (a -> b -> c)
REF = [
    act(0, "cutter", "gather", target="oak_tree#4"),
    act(1, "cutter", "give", to="smith", item="oak_log"),
    act(2, "smith", "craft", recipe="plank"),
]
REF_EDGES = [edge(0, 1), edge(1, 2)]


def test_labels_drop_ids_and_coordinates() -> None:
    assert action_label(act(0, "cutter", "gather", target="oak_tree#4")) == "cutter:gather:oak_tree"
    assert action_label(act(0, "cutter", "move_to", target=[3, 4])) == "cutter:move_to:xy"
    assert action_label(act(0, "cutter", "give", to="smith", item="oak_log")) == "cutter:give:oak_log>smith"
    chat = act(0, "cutter", "chat", to="team", message="hi")
    assert action_label(chat, ["cutter", "smith", "guard"]) == "cutter:chat:>guard,smith"


def test_known_values_on_hand_made_graphs() -> None:
    ref = forest_of(REF, REF_EDGES, [0, 1, 2])
    assert (
        forest_match(ref, ref) == 1.0 and node_validity(ref, [ref]) == 1.0 and content_redundancy(ref) == 0.0
    )
    # run: two gathers (the second unused), the give, then the smith *buys* a plank instead of crafting
    run_records = [
        act(0, "cutter", "gather", target="oak_tree#9"),
        act(1, "cutter", "gather", target="oak_tree#9"),
        act(2, "cutter", "give", to="smith", item="oak_log"),
        act(3, "smith", "buy", npc="mira", item="plank"),
    ]
    run = forest_of(run_records, [edge(0, 2), edge(2, 3)], [0, 2, 3])
    # edges: run {gather>give, give>buy}, ref {gather>give, give>craft}: 2*1/(2+2)
    assert forest_match(run, ref) == pytest.approx(0.5)
    # contributing labels gather, give, buy: 2 of 3 appear in the reference
    assert node_validity(run, [ref]) == pytest.approx(2 / 3)
    # the second gather repeats a needed action's content without being needed: 1 of 4 actions
    assert content_redundancy(run) == pytest.approx(0.25)
    other = forest_of(run_records, [edge(0, 2), edge(2, 3)], [0, 2, 3])
    res = forest_metrics(run, [("ref", ref), ("other", other)], success=True)
    assert res["forest_match"] == 1.0 and res["best_reference"] == "other"
    assert res["per_reference"] == {"ref": pytest.approx(0.5), "other": 1.0}
    assert res["node_validity"] == 1.0  # the union of the references' labels
    failed = forest_metrics(run, [("ref", ref)], success=False)
    assert failed["forest_match"] is None and "failed" in failed["note"]
    assert forest_metrics(run, [], success=True)["node_validity"] is None


def _write(run: Path, records: list[dict[str, Any]], success: bool, task: str = "task_x") -> Path:
    run.mkdir(parents=True)
    lines = [json.dumps(r) for r in records]
    lines.append(
        json.dumps(
            {
                "type": "round_end",
                "round": 9,
                "events": [],
                "checkpoints": [],
                "success_actions": [records[-1]["id"]] if success else None,
            }
        )
    )
    (run / "trajectory.jsonl").write_text("\n".join(lines) + "\n")
    (run / "metrics.json").write_text(json.dumps({"success": success}))
    (run / "config.json").write_text(json.dumps({"task": task, "agents": {"cutter": {}, "smith": {}}}))
    return run


def test_judge_reference_writes_forest_into_cce_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    give_with_link = dict(REF[1], links=[{"from": 0, "kind": "item", "detail": "oak_log"}])
    craft_with_link = dict(REF[2], links=[{"from": 1, "kind": "item", "detail": "oak_log"}])
    records = [REF[0], give_with_link, craft_with_link]
    ref = _write(tmp_path / "refs" / "ok", records, True)
    _write(tmp_path / "refs" / "failed", records, False)  # not a reference: it failed
    _write(tmp_path / "refs" / "other_task", records, True, task="task_y")  # not the same task
    run = _write(tmp_path / "run", [records[0], dict(records[1], links=[]), records[2]], True)
    assert main(["judge", str(run), "--reference", str(tmp_path / "refs")]) == 0
    assert "forest: match" in capsys.readouterr().out
    forest = json.loads((run / "cce.json").read_text())["forest"]
    assert forest["references"] == [str(ref)]
    # the run's give is not linked to the gather, so of the reference's 2 labelled edges it has 1
    assert forest["forest_match"] == pytest.approx(2 * 1 / (1 + 2))
    assert forest["node_validity"] == 1.0
    assert main(["judge", str(run)]) == 0
    assert "forest" not in json.loads((run / "cce.json").read_text())
