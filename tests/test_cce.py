"""CCE on hand-built trajectories with known causal graphs (provenance judge, graph, CLI, plot)."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from agentworld.causal import CausalError, judge_records, judge_run
from agentworld.causal.graph import CausalGraph, Edge, action_records, score
from agentworld.causal.mentions import episode_vocabulary, text_names
from agentworld.causal.provenance_judge import ProvenanceJudge
from agentworld.causal.synthetic import (
    STAFF_CONTRIBUTING,
    STAFF_TASK,
    TrajectoryBuilder,
    staff_episode,
    synthetic_episode,
)
from agentworld.cli import main


def test_staff_episode_scores_12_of_27() -> None:
    res = judge_records(staff_episode().records, success=True)
    assert res["actions"] == 27
    assert set(res["contributing"]) == STAFF_CONTRIBUTING
    assert res["cce"] == pytest.approx(12 / 27)
    assert res["pac"] == pytest.approx({"lumberjack": 5 / 9, "woodworker": 5 / 9, "wizard": 2 / 9})
    assert res["success_actions"] == [26]
    assert res["acyclic"] and res["dropped_edges"] == []
    kinds = {(e["src"], e["dst"]): e["kind"] for e in res["edges"]}
    assert kinds[(25, 26)] == "item" and kinds[(12, 15)] == "move" and kinds[(1, 3)] == "chat"
    assert (0, 3) not in kinds and (5, 26) not in kinds  # greetings name nothing
    # who enabled whom: 6,9 -> 15 stay with the lumberjack; 15 -> 19, 1 -> 3/6/9, 20 -> 22/25, 25 -> 26 cross
    assert res["enabled"] == {
        "lumberjack": {"woodworker": 1},
        "woodworker": {"lumberjack": 3, "wizard": 1},
        "wizard": {"woodworker": 2},
    }


def test_failed_episode_scores_zero_but_keeps_the_partial_fraction(tmp_path: Path) -> None:
    run = staff_episode().write_run(tmp_path / "run", success=False)
    res = judge_run(run)
    assert res["success"] is False and res["cce"] == 0.0
    assert set(res["pac"].values()) == {0.0}
    assert res["cce_partial"] == pytest.approx(12 / 27)
    assert json.loads((run / "cce.json").read_text())["cce"] == 0.0


def test_success_falls_back_to_last_round_status_without_metrics() -> None:
    b = staff_episode()
    assert judge_records(b.records, success=True)["cce"] > 0
    from agentworld.causal.graph import episode_success

    assert episode_success(b.records, {}) is True
    assert episode_success(b.records, {"success": False}) is False


def _links_only(records: list[dict]) -> float:
    return judge_records(records, True, movement=False, chat=False)["cce"]


def test_each_source_of_edges_can_be_switched_off() -> None:
    recs = staff_episode().records
    # item links alone: 6, 9, 15, 19, 22, 25, 26
    assert _links_only(recs) == pytest.approx(7 / 27)
    no_chat = judge_records(recs, True, chat=False)
    assert set(no_chat["contributing"]) == STAFF_CONTRIBUTING - {1, 20}


def test_links_recovered_from_events_when_links_are_missing() -> None:
    b = TrajectoryBuilder()
    a1 = b.act("a", "attack", {"target": "wolf#1"})
    a2 = b.act("b", "attack", {"target": "wolf#1"})
    b.act("c", "wait")
    b.end_round()
    g = b.act("a", "gather", {"target": "oak_tree#1"})
    kill = b.act(
        "b",
        "attack",
        {"target": "wolf#1"},
        checkpoints=["wolf_dead"],
        events=[{"kind": "kill", "target": "wolf#1", "contributors": {str(a1): 4, str(a2): 6}}],
    )
    use = b.act(
        "c",
        "use",
        {"item": "oak_log"},
        checkpoints=["log_used"],
        events=[{"kind": "item_loss", "item": "oak_log", "count": 1, "lots": [[g, 1]]}],
    )
    b.end_round(success=True)
    res = judge_records(b.records, True)
    assert set(res["contributing"]) == {a1, a2, g, kill, use}
    assert res["cce"] == pytest.approx(5 / 6)


def test_walk_rule_chat_and_failures_are_transparent_failed_moves_enable_nothing_other_tools_break_the_walk() -> (
    None
):
    b = TrajectoryBuilder()
    m1 = b.act("a", "move_to", {"target": [5, 5]})
    b.end_round()
    bad = b.act("a", "move_to", {"target": [9, 9]}, ok=False)
    b.end_round()
    m2 = b.act("a", "move_to", {"target": "oak_tree#4"})
    b.end_round()
    talk = b.act("a", "chat", {"to": "team", "message": "nearly there"})
    b.end_round()
    too_far = b.act("a", "gather", {"target": "oak_tree#4"}, ok=False)
    b.end_round()
    gather = b.act("a", "gather", {"target": "oak_tree#4"}, checkpoints=["wood"])
    b.end_round()
    m3 = b.act("a", "move_to", {"target": [1, 1]})
    b.end_round()
    eq = b.act("a", "equip", {"item": "bronze_axe"})
    b.end_round()
    gather2 = b.act("a", "gather", {"target": "oak_tree#5"}, checkpoints=["more_wood"])
    b.end_round(success=True)
    res = judge_records(b.records, True)
    # the equip ends the walk to (1, 1) but the agent still stands there: that walk enabled gather2
    assert set(res["contributing"]) == {m1, m2, gather, m3, gather2}
    assert (
        bad not in res["contributing"]
        and talk not in res["contributing"]
        and too_far not in res["contributing"]
    )
    assert eq not in res["contributing"]
    edges = {(e["src"], e["dst"]): e["kind"] for e in res["edges"]}
    assert edges[(m3, gather2)] == "move" and (m2, gather2) not in edges


def test_a_walk_enables_every_range_action_while_the_agent_stays_where_it_ended() -> None:
    b = TrajectoryBuilder()
    walk = b.act("fighter", "move_to", {"target": "ogre#1"})
    b.records[-1]["position"] = [4, 4]
    b.end_round()
    miss = b.act("fighter", "attack", {"target": "ogre#1"}, events=[{"kind": "miss", "target": "ogre#1"}])
    b.records[-1]["position"] = [4, 4]
    b.end_round()
    hit = b.act("fighter", "attack", {"target": "ogre#1"})
    b.records[-1]["position"] = [4, 4]
    b.end_round()
    moved = b.act("fighter", "attack", {"target": "ogre#1"})  # stands elsewhere (respawned): the walk is over
    b.records[-1]["position"] = [9, 9]
    b.end_round()
    again = b.act("fighter", "attack", {"target": "ogre#1"})
    b.records[-1]["position"] = [4, 4]
    kill = b.act(
        "archer",
        "attack",
        {"target": "ogre#1"},
        links=[(hit, "damage"), (again, "damage")],
        checkpoints=["ogre_dead"],
    )
    b.end_round(success=True)
    res = judge_records(b.records, True)
    edges = {(e["src"], e["dst"]) for e in res["edges"] if e["kind"] == "move"}
    assert edges == {(walk, miss), (walk, hit)}  # not (walk, moved) nor (walk, again): it left the spot
    assert set(res["contributing"]) == {walk, hit, again, kill}
    assert miss not in res["contributing"] and moved not in res["contributing"]


def test_a_walk_ending_on_a_checkpoint_is_kept_whole() -> None:
    b = TrajectoryBuilder()
    ids = [b.act("scout", "move_to", {"target": "summit"}) for _ in range(3)]
    b.records[-1]["checkpoints"] = ["at_summit"]
    b.end_round(success=True)
    assert judge_records(b.records, True)["cce"] == 1.0
    assert len(ids) == 3


def _message_then_action(gap: int) -> list[dict]:
    b = TrajectoryBuilder()
    b.act("a", "chat", {"to": "b", "message": "Bring 3 oak logs to the town_square, at (12, 7)"})
    b.act("b", "wait")
    for _ in range(gap):
        b.end_round()
        b.act("a", "wait")
        b.act("b", "wait")
    b.end_round()
    b.act("a", "wait")
    b.act("b", "give", {"to": "a", "item": "oak_log", "count": 3}, checkpoints=["delivered"])
    b.end_round(success=True)
    return b.records


@pytest.mark.parametrize(
    "gap, window, linked", [(0, 3, True), (2, 3, True), (3, 3, False), (3, 4, True), (0, 0, False)]
)
def test_chat_uptake_window(gap: int, window: int, linked: bool) -> None:
    recs = _message_then_action(gap)
    res = judge_records(recs, True, window=window)
    assert (0 in res["contributing"]) is linked


def test_message_names_plurals_coordinates_entities_and_landmarks() -> None:
    recs = _message_then_action(0)
    vocab = episode_vocabulary(action_records(recs)) | {"town_square"}
    names = text_names("Bring 3 oak logs to the town_square, at (12, 7) near wolf#3", vocab)
    assert {"oak_log", "town_square", "xy:12,7", "wolf#3", "wolf"} <= names
    assert text_names("hello there, all good?", vocab) == set()


def test_a_message_giving_a_spot_links_the_walk_next_to_it_and_the_pick_up_of_what_it_named() -> None:
    """task_07: "the lost locket lies at (22, 131)" -> the receiver walks to (22, 130), picks up
    ground#1 (the locket); a walk two tiles off or a pick_up of something else is not uptake."""
    b = TrajectoryBuilder()
    tip = b.act(
        "north", "chat", {"to": "west", "message": "My diary says the lost locket lies at (22, 131)."}
    )
    b.end_round()
    walk = b.act("west", "move_to", {"target": [22, 130]})
    b.act("west", "chat", {"to": "north", "message": "on my way to 22, 133"})  # two tiles off: not uptake
    b.end_round()
    pick = b.act("west", "pick_up", {"target": "ground#1"}, events=[_gain("west", "lost_locket", 2)])
    b.end_round()
    res = judge_records(b.records, True, movement=False)
    chat = {(e["src"], e["dst"]) for e in res["edges"] if e["kind"] == "chat"}
    assert chat == {(tip, walk), (tip, pick)}
    tip2 = TrajectoryBuilder()
    tip2.act("north", "chat", {"to": "west", "message": "the lost locket lies at (22, 131)"})
    tip2.act("west", "move_to", {"target": [22, 129]})
    tip2.act("west", "pick_up", {"target": "ground#2"}, events=[_gain("west", "coins", 2)])
    tip2.end_round(success=True)
    assert not [e for e in judge_records(tip2.records, True)["edges"] if e["kind"] == "chat"]


def test_graph_refuses_edges_backwards_in_time_and_unknown_actions() -> None:
    recs = staff_episode().records
    g = CausalGraph(
        action_records(recs), [Edge(5, 3, "x", "", "t"), Edge(3, 99, "x", "", "t"), Edge(3, 6, "x", "", "t")]
    )
    assert len(g.edges) == 1 and len(g.dropped) == 2
    g.add_edges([Edge(3, 6, "x", "again", "t")])
    assert len(g.edges) == 1 and "again" in g.edges[0].reason
    # same id order but a later round cannot enable an earlier one
    recs2 = [{**r, "round": 99} if r.get("id") == 3 else r for r in recs]
    g2 = CausalGraph(action_records(recs2), [Edge(3, 6, "x", "", "t")])
    assert g2.edges == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), agents=st.integers(2, 6), rounds=st.integers(3, 15))
def test_synthetic_graphs_are_acyclic_and_respect_time(seed: int, agents: int, rounds: int) -> None:
    recs = synthetic_episode(agents, rounds, seed).records
    acts = {a["id"]: a for a in action_records(recs)}
    edges = ProvenanceJudge().edges(recs)
    g = CausalGraph(list(acts.values()), edges)
    assert g.is_acyclic()
    for e in g.edges:
        assert e.src < e.dst and acts[e.src]["round"] <= acts[e.dst]["round"]
    res = score(recs, edges, True, "provenance")
    assert 0.0 <= res["cce"] <= 1.0
    assert set(res["success_actions"]) <= set(res["contributing"])


def _insert_spam(records: list[dict], spam: list[tuple[int, str, str, str]]) -> list[dict]:
    """Insert chat actions at action positions, renumbering ids and links."""
    acts = [r for r in records if r["type"] == "action"]
    out: list[dict] = []
    for pos, (at, sender, to, text) in enumerate(sorted(spam)):
        host = acts[min(at, len(acts) - 1)]
        out.append(
            (
                host["id"] - 0.5 + pos * 1e-6,
                {
                    "type": "action",
                    "round": host["round"],
                    "agent": sender,
                    "tool": "chat",
                    "args": {"to": to, "message": text},
                    "ok": True,
                    "links": [],
                    "checkpoints": [],
                    "events": [],
                },
            )
        )
    merged = sorted([(a["id"], dict(a)) for a in acts] + out, key=lambda x: x[0])
    new_id = {}
    for i, (old, rec) in enumerate(merged):
        if isinstance(old, int):
            new_id[old] = i
        rec["id"] = i
    for _, rec in merged:
        rec["links"] = [{**l, "from": new_id[l["from"]]} for l in rec.get("links", [])]
    return [rec for _, rec in merged]


AGENTS = ["lumberjack", "woodworker", "wizard"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    spam=st.lists(
        st.tuples(
            st.integers(0, 26),
            st.sampled_from(AGENTS),
            st.sampled_from(AGENTS + ["team"]),
            st.text(alphabet=string.ascii_lowercase + " ,.!?", max_size=40),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_chat_spam_never_raises_cce(spam: list[tuple[int, str, str, str]]) -> None:
    base = staff_episode().records
    vocab = episode_vocabulary(action_records(base))
    assume(all(not text_names(t, vocab) for *_, t in spam))  # spam: names nothing anyone acts on
    spammed = _insert_spam(base, spam)
    before = judge_records(base, True)["cce"]
    after = judge_records(spammed, True)
    assert after["actions"] == 27 + len(spam)
    assert after["cce"] <= before
    assert after["contributing_count"] == 12


def test_spam_on_a_random_synthetic_episode_never_raises_cce() -> None:
    rng = random.Random(7)
    base = synthetic_episode(6, 12, seed=3).records
    names = sorted({a["agent"] for a in action_records(base)})
    before = judge_records(base, True)["cce"]
    for _ in range(20):
        spam = [
            (rng.randrange(72), rng.choice(names), rng.choice(names + ["team"]), "ok sounds good")
            for _ in range(rng.randrange(1, 10))
        ]
        assert judge_records(_insert_spam(base, spam), True)["cce"] <= before


def test_cli_writes_cce_json_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = staff_episode().write_run(tmp_path / "run", success=True, task=STAFF_TASK)
    failed = staff_episode().write_run(tmp_path / "failed", success=False, task=STAFF_TASK)
    assert main(["judge", str(run), str(failed), "--plot"]) == 0
    out = capsys.readouterr().out
    assert "0.444" in out and "mean CCE over 2 runs: 0.222" in out
    data = json.loads((run / "cce.json").read_text())
    assert data["cce"] == pytest.approx(12 / 27) and data["judge"] == "provenance"
    assert data["success_actions"] == [26] and len(data["contributing"]) == 12
    assert all({"src", "dst", "reason", "judge"} <= e.keys() for e in data["edges"])
    for d in (run, failed):
        png = (d / "cce.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000
    custom = tmp_path / "pics" / "staff.png"
    assert main(["judge", str(run), "--plot", str(custom)]) == 0
    assert custom.is_file()


def test_cli_reports_bad_run_directories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", str(tmp_path / "missing")]) == 2  # a missing input, like every command
    assert "no such run directory" in capsys.readouterr().err
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "trajectory.jsonl").write_text('{"type": "action", "id": 0, "round": 1, "agent": "a"}\n{oops\n')
    assert main(["judge", str(bad)]) == 1
    assert "trajectory.jsonl:2: not valid JSON" in capsys.readouterr().err
    broken = staff_episode()
    broken.records[0]["links"] = [3]
    with pytest.raises(CausalError, match="action 0: 'links' must be a list of objects"):
        judge_records(broken.records, True)
    blocker = tmp_path / "a_file"
    blocker.write_text("x")
    assert (
        main(
            [
                "judge",
                str(staff_episode().write_run(tmp_path / "ok0", True)),
                "--plot",
                str(blocker / "x.png"),
            ]
        )
        == 1
    )
    assert "a_file" in capsys.readouterr().err
    with pytest.raises(CausalError, match="unknown judge"):
        judge_run(staff_episode().write_run(tmp_path / "ok", True), judge="oracle")
    with pytest.raises(CausalError, match="unknown option.*windw"):
        judge_records(staff_episode().records, True, windw=3)
    # the LLM judge's options are ignored by the provenance judge (one option set drives both)
    assert judge_records(staff_episode().records, True, model="m", batch_size=4)["cce"] == pytest.approx(
        12 / 27
    )


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("args", "x", "'args' must be an object"),
        ("tool", 7, "'tool' must be a string or null"),
        ("ok", "no", "'ok' must be true or false"),
        ("position", 5, r"'position' must be \[x, y\] integers"),
        ("round", True, "'round' must be an integer"),
        (
            "events",
            [{"kind": "kill", "contributors": [1, 2]}],
            "kill event's 'contributors' must be an object",
        ),
        ("events", [{"kind": "item_loss", "lots": "zz"}], "item_loss event's 'lots' must be a list"),
    ],
)
def test_hand_edited_fields_of_the_wrong_shape_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: object, message: str
) -> None:
    b = staff_episode()
    next(r for r in b.records if r.get("id") == 5)[field] = value
    with pytest.raises(CausalError, match=f"action 5: .*{message}"):
        judge_records(b.records, True)
    assert main(["judge", str(b.write_run(tmp_path / "run", True))]) == 1
    assert "action 5:" in capsys.readouterr().err


def test_cli_warns_about_backward_links_and_empty_trajectories(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = staff_episode()
    acts = {r["id"]: r for r in edited.records if r["type"] == "action"}
    acts[0]["links"] = [{"from": 20, "kind": "item"}]  # a hand-edited link back in time
    acts[3]["links"] = [{"from": 999, "kind": "item"}]  # to an action that does not exist
    run = edited.write_run(tmp_path / "edited", True)
    assert main(["judge", str(run)]) == 0  # scored without those links ...
    err = capsys.readouterr().err
    assert "2 edge(s) ignored" in err and "20->0: does not point forward in time" in err and "999->" in err
    assert json.loads((run / "cce.json").read_text())["cce"] == pytest.approx(12 / 27)
    empty = staff_episode().write_run(tmp_path / "empty", True)
    (empty / "trajectory.jsonl").write_text("")
    assert main(["judge", str(empty)]) == 0
    assert "no action records" in capsys.readouterr().err
    assert main(["judge", str(staff_episode().write_run(tmp_path / "fine", True))]) == 0
    assert capsys.readouterr().err == ""


def test_cli_expands_an_eval_directory_into_its_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in (0, 1):
        staff_episode().write_run(tmp_path / "out" / "task_01" / str(seed), success=seed == 0)
    assert main(["judge", str(tmp_path / "out"), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["cce"] for r in rows] == [pytest.approx(12 / 27), 0.0]
    assert (tmp_path / "out" / "task_01" / "1" / "cce.json").is_file()


def _gain(agent: str, item: str, origin: int, n: int = 1) -> dict:
    return {"kind": "item_gain", "agent": agent, "action": origin, "item": item, "count": n, "origin": origin}


def test_state_support_links_what_a_checkpoint_description_names() -> None:
    """The last craft completes "the smith holds pickaxe, spear and rope"; the earlier crafts of
    what is still held count, a rope given away and an unrelated torch do not."""
    b = TrajectoryBuilder()
    rope_gone = b.act("smith", "craft", {"recipe": "rope"}, events=[_gain("smith", "rope", 0)])
    give = b.act(
        "smith",
        "give",
        {"to": "miner", "item": "rope"},
        events=[
            {"kind": "item_loss", "agent": "smith", "item": "rope", "count": 1, "lots": [[0, 1]]},
            _gain("miner", "rope", 1),
        ],
    )
    b.end_round()
    rope = b.act("smith", "craft", {"recipe": "rope"}, events=[_gain("smith", "rope", 2)])
    pick = b.act("smith", "craft", {"recipe": "bronze_pickaxe"}, events=[_gain("smith", "bronze_pickaxe", 3)])
    torch = b.act("smith", "craft", {"recipe": "torch"}, events=[_gain("smith", "torch", 4)])
    spear = b.act(
        "smith",
        "craft",
        {"recipe": "bronze_spear"},
        checkpoints=["outfitted"],
        events=[_gain("smith", "bronze_spear", 5)],
    )
    b.end_round(success=True)
    desc = {"outfitted": "The smith holds a bronze pickaxe, a bronze spear and a rope."}
    res = judge_records(b.records, True, checkpoints=desc)
    assert set(res["contributing"]) == {rope, pick, spear}
    assert {rope_gone, give, torch}.isdisjoint(res["contributing"])
    assert judge_records(b.records, True)["contributing"] == [spear]  # no descriptions, no state edges


def test_a_holder_checkpoint_naming_no_item_id_counts_everything_the_holder_gained() -> None:
    """task_07: "The archivist holds all three relics" names no item id; the two earlier
    deliveries count, what the holder gave away and what others hold do not."""
    b = TrajectoryBuilder()
    got1 = b.act(
        "north",
        "give",
        {"to": "archivist", "item": "ancient_tablet"},
        events=[_gain("archivist", "ancient_tablet", 0)],
    )
    got2 = b.act(
        "west",
        "give",
        {"to": "archivist", "item": "lost_locket"},
        events=[_gain("archivist", "lost_locket", 1)],
    )
    other = b.act("south", "pick_up", {"target": "ground#7"}, events=[_gain("south", "coins", 2)])
    b.end_round()
    junk = b.act(
        "west", "give", {"to": "archivist", "item": "bread"}, events=[_gain("archivist", "bread", 3)]
    )
    eaten = b.act(
        "archivist",
        "use",
        {"item": "bread"},
        events=[{"kind": "item_loss", "agent": "archivist", "item": "bread", "count": 1, "lots": [[3, 1]]}],
    )
    last = b.act(
        "south",
        "give",
        {"to": "archivist", "item": "shrine_key"},
        checkpoints=["archived"],
        events=[_gain("archivist", "shrine_key", 5)],
    )
    b.end_round(success=True)
    desc = {"archived": "The archivist holds all three relics."}
    assert set(judge_records(b.records, True, checkpoints=desc)["contributing"]) == {got1, got2, last}
    assert {other, junk, eaten}.isdisjoint(judge_records(b.records, True, checkpoints=desc)["contributing"])
    # no possession verb, or a description that names an item the holder has: no fallback
    assert judge_records(b.records, True, checkpoints={"archived": "The archivist is pleased."})[
        "contributing"
    ] == [last]
    # "has" is mostly an auxiliary (task_06: "The sentinel has eaten a cooked meal"): no fallback
    assert judge_records(b.records, True, checkpoints={"archived": "The archivist has read them."})[
        "contributing"
    ] == [last]
    named = {"archived": "The archivist holds the shrine key and the lost locket."}
    assert set(judge_records(b.records, True, checkpoints=named)["contributing"]) == {got2, last}


def test_state_support_counts_earlier_kills_and_kept_equipment() -> None:
    b = TrajectoryBuilder()
    kill1 = b.act(
        "a",
        "attack",
        {"target": "dire_wolf#1"},
        events=[{"kind": "kill", "target": "dire_wolf#1", "contributors": {}}],
    )
    sword = b.act(
        "a",
        "equip",
        {"item": "iron_sword"},
        events=[
            {
                "kind": "equip",
                "agent": "a",
                "action": 1,
                "slot": "weapon",
                "item": "iron_sword",
                "lots": [[None, 1]],
            }
        ],
    )
    club = b.act(
        "a",
        "equip",
        {"item": "club"},
        events=[
            {
                "kind": "equip",
                "agent": "a",
                "action": 2,
                "slot": "offhand",
                "item": "club",
                "lots": [[None, 1]],
            }
        ],
    )
    unequip = b.act(
        "a",
        "unequip",
        {"slot": "offhand"},
        events=[
            {"kind": "unequip", "agent": "a", "action": 3, "slot": "offhand", "item": "club", "origin": 3}
        ],
    )
    b.end_round()
    kill2 = b.act(
        "a",
        "attack",
        {"target": "dire_wolf#2"},
        checkpoints=["pack_slain", "armed"],
        events=[{"kind": "kill", "target": "dire_wolf#2", "contributors": {}}],
    )
    b.end_round(success=True)
    desc = {"pack_slain": "All the dire wolves are dead.", "armed": "Agent a wields the iron sword."}
    res = judge_records(b.records, True, checkpoints=desc)
    assert kill1 in res["contributing"] and sword in res["contributing"] and kill2 in res["contributing"]
    assert club not in res["contributing"] and unequip not in res["contributing"]


def test_a_heal_enables_the_healed_agents_next_real_action() -> None:
    b = TrajectoryBuilder()
    brew = b.act("cleric", "craft", {"recipe": "healing_potion"})
    b.act("tank", "attack", {"target": "ogre#1"})
    b.end_round()
    give = b.act("cleric", "give", {"to": "tank", "item": "healing_potion"}, links=[(brew, "item")])
    drink = b.act(
        "tank",
        "use",
        {"item": "healing_potion"},
        links=[(give, "item")],
        events=[{"kind": "heal", "agent": "tank", "target": "tank", "amount": 40}],
    )
    b.end_round()
    b.act("cleric", "wait")
    b.act("tank", "chat", {"to": "team", "message": "thanks"})
    b.end_round()
    miss = b.act("tank", "attack", {"target": "ogre#1"}, events=[{"kind": "miss", "target": "ogre#1"}])
    b.end_round()
    kill = b.act(
        "tank",
        "attack",
        {"target": "ogre#1"},
        checkpoints=["ogre_dead"],
        events=[{"kind": "damage", "target": "ogre#1", "amount": 9}, {"kind": "kill", "target": "ogre#1"}],
    )
    b.end_round(success=True)
    res = judge_records(b.records, True)
    assert {brew, give, drink, kill} == set(
        res["contributing"]
    )  # a missed attack is skipped, not the end of the heal
    heals = {(e["src"], e["dst"]) for e in res["edges"] if e["kind"] == "heal"}
    assert heals == {(drink, kill)} and miss not in res["contributing"]


def test_agents_standing_where_a_checkpoint_needs_them() -> None:
    b = TrajectoryBuilder()
    walks = {}
    for name, spot in (("north_warden", [5, 1]), ("west_warden", [1, 5]), ("cook", [9, 9])):
        walks[name] = [b.act(name, "move_to", {"target": spot})]
    b.end_round()
    walks["north_warden"].append(b.act("north_warden", "move_to", {"target": [5, 1]}))  # arrives now
    b.act("west_warden", "chat", {"to": "team", "message": "West in place"})
    b.act("cook", "wait")
    b.end_round()
    arrive = b.act("north_warden", "chat", {"to": "team", "message": "North in place"})
    last = b.act("west_warden", "move_to", {"target": [1, 6]}, checkpoints=["stones_held"])
    b.act("cook", "wait")
    b.end_round(success=True)
    desc = {"stones_held": "Both wardens stand on their stones at the same time."}
    res = judge_records(b.records, True, checkpoints=desc)
    assert set(walks["north_warden"]) <= set(res["contributing"])  # named ("wardens"), arrived, stayed
    assert walks["cook"][0] not in res["contributing"]  # not named by the checkpoint
    assert arrive not in res["contributing"] and last in res["contributing"]
    # while the north warden is still on its way it does not count as standing there
    early = TrajectoryBuilder()
    m1 = early.act("north_warden", "move_to", {"target": [5, 1]})
    early.act("west_warden", "move_to", {"target": [1, 5]}, checkpoints=["stones_held"])
    early.end_round()
    early.act("north_warden", "move_to", {"target": [5, 1]})
    early.end_round(success=True)
    assert m1 not in judge_records(early.records, True, checkpoints=desc)["contributing"]


def _holding_fight(scholar_at: list[int], archer_hits_scholar: bool = False) -> list[dict]:
    """Round 1: the guard attacks; at its end the archer shoots the guard (and maybe the scholar).
    Round 2: the scholar copies the inscription (the success action)."""

    def act(i: int, rnd: int, agent: str, tool: str, pos: list[int], **extra) -> dict:
        return {
            "type": "action",
            "id": i,
            "round": rnd,
            "agent": agent,
            "tool": tool,
            "args": {},
            "ok": True,
            "position": pos,
            "events": [],
            "links": [],
            "checkpoints": [],
            **extra,
        }

    shots = [{"kind": "damage", "mob": "archer#1", "target": "guard", "amount": 5}]
    if archer_hits_scholar:
        shots.append({"kind": "damage", "mob": "archer#1", "target": "scholar", "amount": 5})
    return [
        act(0, 1, "guard", "attack", [10, 10]),
        act(1, 1, "scholar", "wait", scholar_at),
        {"type": "round_end", "round": 1, "events": shots, "checkpoints": []},
        act(2, 2, "guard", "wait", [10, 10]),
        act(3, 2, "scholar", "build", scholar_at, success_actions=[3]),
        {"type": "round_end", "round": 2, "events": [], "checkpoints": []},
    ]


@pytest.mark.parametrize(
    "scholar_at, hit_too, credited",
    [
        ([14, 12], False, True),  # the archer shot the guard instead of the scholar working 4 tiles away
        ([30, 10], False, False),  # too far from the guard to have been covered
        ([14, 12], True, False),  # the archer shot the scholar as well: nothing was held off
    ],
)
def test_a_teammate_holding_a_mob_off_enables_the_work_done_beside_it(scholar_at, hit_too, credited) -> None:
    records = _holding_fight(scholar_at, hit_too)
    edges = ProvenanceJudge().protection_edges(records, action_records(records))
    assert [(e.src, e.dst, e.kind) for e in edges] == ([(0, 3, "protection")] if credited else [])
    result = judge_records(records, success=True)
    assert (result["pac"]["guard"] > 0) is credited
