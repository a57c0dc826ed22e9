"""Communication failure modes on hand-made trajectories: one episode per label, each with a
twin that must NOT get the label, so every rule is shown to discriminate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentworld.analysis.communication import aggregate, classify_messages, classify_run
from agentworld.cli import main

AGENTS = ["smith", "miner"]


class Episode:
    """Builds action and round_end records the way the engine writes them."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self.next_id = 0
        self.pos = {"smith": [10, 10], "miner": [40, 40]}

    def act(
        self,
        rnd: int,
        agent: str,
        tool: str,
        args: dict[str, Any],
        events: list[dict[str, Any]] | None = None,
        ok: bool = True,
    ) -> int:
        aid = self.next_id
        self.next_id += 1
        evs = [{"round": rnd, "agent": agent, "action": aid, **e} for e in events or []]
        for e in evs:
            if e["kind"] == "move" and "mob" not in e:
                self.pos[agent] = e["to"]
        self.records.append(
            {
                "type": "action",
                "id": aid,
                "round": rnd,
                "agent": agent,
                "tool": tool,
                "args": args,
                "ok": ok,
                "result": "",
                "error": None,
                "position": list(self.pos[agent]),
                "events": evs,
                "links": [],
                "checkpoints": [],
            }
        )
        return aid

    def chat(self, rnd: int, agent: str, message: str, to: Any = "team") -> int:
        return self.act(
            rnd, agent, "chat", {"to": to, "message": message}, [{"kind": "chat", "message": message}]
        )

    def move(self, rnd: int, agent: str, to: list[int]) -> int:
        return self.act(
            rnd,
            agent,
            "move_to",
            {"target": to},
            [{"kind": "move", "frm": self.pos[agent], "to": to, "steps": 5}],
        )

    def gain(self, rnd: int, agent: str, item: str, n: int) -> int:
        return self.act(
            rnd,
            agent,
            "gather",
            {"target": "iron_rock#1"},
            [{"kind": "item_gain", "item": item, "count": n, "origin": self.next_id}],
        )

    def wait(self, rnd: int, agent: str) -> int:
        return self.act(rnd, agent, "wait", {})

    def end_rounds(self, last: int) -> list[dict[str, Any]]:
        rounds = sorted({r["round"] for r in self.records} | set(range(1, last + 1)))
        out: list[dict[str, Any]] = []
        for rnd in rounds:
            out += [r for r in self.records if r["round"] == rnd]
            out.append({"type": "round_end", "round": rnd, "events": [], "checkpoints": []})
        return out


def labels(ep: Episode, last_round: int = 10, **kw: Any) -> dict[int, list[str]]:
    return {m.action: m.labels for m in classify_messages(ep.end_rounds(last_round), agents=AGENTS, **kw)}


def test_stale_position_and_count_claims() -> None:
    ep = Episode()
    ep.move(1, "smith", [20, 10])
    stale_pos = ep.chat(1, "smith", "I am at (10, 10).")  # it left that tile this round
    true_pos = ep.chat(1, "smith", "I am at (20, 10).")
    ep.gain(2, "smith", "iron_ore", 2)
    true_count = ep.chat(2, "smith", "I have 2 iron ore.")
    stale_count = ep.chat(2, "smith", "I have 5 iron ore.")
    got = labels(ep)
    assert "stale" in got[stale_pos] and "stale" not in got[true_pos]
    assert "stale" in got[stale_count] and "stale" not in got[true_count]


def test_stale_when_an_offer_is_gone_or_the_mob_is_dead() -> None:
    ep = Episode()
    ep.act(
        1,
        "smith",
        "trade_offer",
        {"to": "miner", "give": {"coin": 1}, "want": {"iron_ore": 1}},
        [{"kind": "trade_offer", "offer": 7, "to": "miner"}],
    )
    pending = ep.chat(1, "smith", "Please accept offer 7.")
    ep.act(2, "miner", "trade_decline", {"offer_id": 7}, [{"kind": "trade_declined", "offer": 7}])
    gone = ep.chat(2, "smith", "Please accept offer 7.", to="miner")
    ep.act(
        3, "miner", "attack", {"target": "wolf#3"}, [{"kind": "kill", "target": "wolf#3", "contributors": {}}]
    )
    dead = ep.chat(3, "smith", "wolf#3 is coming for you")
    news = ep.chat(3, "smith", "wolf#3 is dead, well done")
    got = labels(ep)
    assert "stale" not in got[pending] and "stale" in got[gone]
    assert "stale" in got[dead] and "stale" not in got[news]


def test_redundant_repeats_and_what_the_recipient_sees() -> None:
    ep = Episode()
    ep.wait(1, "smith")
    ep.wait(1, "miner")  # positions are known from each agent's first action record
    first = ep.chat(1, "smith", "The iron rock is north of the mine.", to="miner")
    again = ep.chat(2, "smith", "the iron rock is north of the mine", to="miner")  # same words
    visible = ep.chat(2, "smith", "miner is at (40, 40).", to="miner")  # the miner stands there
    far = ep.chat(2, "miner", "smith is at (10, 10).", to="smith")  # 0 tiles from smith: visible too
    unseen = ep.chat(2, "smith", "I am at (10, 10).", to="miner")  # 30 tiles from the miner
    got = labels(ep)
    assert "redundant" not in got[first] and "redundant" in got[again]
    assert "redundant" in got[visible] and "redundant" in got[far] and "redundant" not in got[unseen]


def test_ignored_without_uptake_within_k_rounds() -> None:
    ep = Episode()
    taken = ep.chat(1, "smith", "Gather iron_rock#5 please.", to="miner")
    ep.act(2, "miner", "gather", {"target": "iron_rock#5"})
    late = ep.chat(3, "smith", "Go to (12, 12) please.", to="miner")
    ep.move(7, "miner", [12, 12])  # 4 rounds later: outside k = 3
    got = labels(ep)
    assert "ignored" not in got[taken] and "ignored" in got[late]
    assert "ignored" not in labels(ep, window=4)[late]


def test_unkept_promise() -> None:
    ep = Episode()
    ep.gain(1, "smith", "iron_bar", 1)
    kept = ep.chat(1, "smith", "I will give the iron bar to miner.", to="miner")
    ep.act(2, "smith", "give", {"to": "miner", "item": "iron_bar", "count": 1})
    broken = ep.chat(2, "smith", "I'll craft a bronze sword next.", to="miner")
    ep.act(3, "smith", "craft", {"recipe": "iron_bar", "count": 1})  # a different recipe
    undecided = ep.chat(9, "smith", "I will craft a bronze sword.", to="miner")  # window past the end
    got = labels(ep)
    assert "unkept_promise" not in got[kept]
    assert "unkept_promise" in got[broken]
    assert "unkept_promise" not in got[undecided]


def test_contradictory_only_when_the_truth_did_not_change() -> None:
    ep = Episode()
    ep.gain(1, "smith", "iron_ore", 3)
    ep.chat(1, "smith", "I have 3 iron ore.")
    flip = ep.chat(2, "smith", "I have no iron ore.")  # still holds 3: changes its story
    ep.gain(3, "smith", "iron_ore", 2)
    update = ep.chat(3, "smith", "I have 5 iron ore.")  # the world changed: an update
    got = labels(ep)
    assert "contradictory" in got[flip] and "stale" in got[flip]
    assert "contradictory" not in got[update]


def test_useful_and_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ep = Episode()
    useful = ep.chat(1, "smith", "Gather iron_rock#5 please.", to="miner")
    ep.act(2, "miner", "gather", {"target": "iron_rock#5"})
    ignored = ep.chat(2, "miner", "Nice weather.", to="smith")
    msgs = classify_messages(ep.end_rounds(6), agents=AGENTS)
    assert [(m.action, m.primary) for m in msgs] == [(useful, "useful"), (ignored, "ignored")]
    run = tmp_path / "run"
    run.mkdir()
    (run / "trajectory.jsonl").write_text("".join(json.dumps(r) + "\n" for r in ep.end_rounds(6)))
    (run / "config.json").write_text(json.dumps({"agents": AGENTS}))
    res = classify_run(run)
    assert res["counts"]["useful"] == 1 and res["counts"]["ignored"] == 1 and res["share"]["useful"] == 0.5
    assert res["per_agent"]["miner"]["counts"]["ignored"] == 1 and res["error_share"]["ignored"] == 1.0
    assert aggregate([res, res])["counts"]["useful"] == 2
    assert main(["analyze", str(tmp_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["all"]["total"] == 2 and out["runs"][0]["messages"][1]["primary"] == "ignored"
    assert main(["analyze", str(tmp_path / "nothing")]) == 2  # a missing input
    assert "nothing" in capsys.readouterr().err


def test_oracle_run_of_task_01(tmp_path: Path) -> None:
    """On a real run: every delivered chat is labelled once, and the scripted woodworker's chats
    are taken up (its team chat says where the staff is made, its word to the wizard that the
    sticks are whittled: the wizard walks to it and hands over the bead)."""
    from agentworld.runner import run_episode  # noqa: PLC0415 (runs an episode: only this test needs it)

    out = tmp_path / "t01"
    run_episode("task_01", "oracle", out_dir=out, progress=False)
    res = classify_run(out)
    records = [json.loads(x) for x in (out / "trajectory.jsonl").read_text().splitlines()]
    chats = [r for r in records if r.get("tool") == "chat" and r.get("ok")]
    assert res["total"] == len(chats) > 0
    assert sum(res["counts"].values()) == res["total"]
    assert [m["primary"] for m in res["messages"] if m["sender"] == "woodworker"] == ["useful", "useful"]


def test_promise_and_claim_parsing() -> None:
    from agentworld.analysis.communication import claims_of, promises_of

    vocab = frozenset({"oak_log", "woodworker", "town_square", "bead"})
    assert promises_of("I'm going to bring the oak logs to woodworker.", vocab) == [
        ("bring", {"oak_log", "woodworker"})
    ]
    assert promises_of("I'm going to the town square", vocab) == [("go", {"town_square"})]
    assert promises_of("I have two oak logs and am bringing them over", vocab) == [("bring", set())]
    assert promises_of("I am at (3, 4). I am waiting.", vocab) == []
    claims = claims_of(
        "I have two oak logs; woodworker is at (3, 4). Accept offer #5",
        "smith",
        ["smith", "woodworker"],
        vocab,
        frozenset({"oak_log", "bead"}),
    )
    assert [(c.kind, c.subject, c.value) for c in claims] == [
        ("count", "smith:oak_log", (2,)),
        ("pos", "woodworker", (3, 4)),
        ("offer", "5", ()),
    ]


def test_a_message_that_ends_a_wait_is_taken_up() -> None:
    ep = Episode()
    ep.wait(1, "smith")
    signal = ep.chat(1, "miner", "Now!", to="smith")  # names nothing, but the waiting smith starts
    ep.act(2, "smith", "craft", {"recipe": "iron_bar"})
    ep.act(3, "smith", "craft", {"recipe": "iron_bar"})
    busy = ep.chat(3, "miner", "Now!!", to="smith")  # the smith was not waiting: nothing released
    ep.act(4, "smith", "craft", {"recipe": "iron_bar"})
    ep.wait(5, "smith")
    unanswered = ep.chat(5, "miner", "Go!", to="smith")
    ep.wait(6, "smith")  # still waiting after it
    got = labels(ep)
    assert "ignored" not in got[signal]
    assert "ignored" in got[busy] and "ignored" in got[unanswered]
