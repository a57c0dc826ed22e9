"""Events that happen to an agent reach its observation (issue 12): who hit it and for how much, its
death and respawn, what a teammate gave it, a trade offered to it. Text only (the gym fields are
unchanged), read from the event log, so observing twice tells the same news and acting clears it."""

from __future__ import annotations

import re

from agentworld.episode import Episode

WAIT = {"tool": "wait", "args": {}}


def news(text: str) -> list[str]:
    if "Since your last turn:" not in text:
        return []
    lines = []
    for line in text.split("Since your last turn:\n", 1)[1].splitlines():
        if not line.startswith("  - "):
            break  # the next section
        lines.append(line[4:])
    return lines


def test_hits_death_and_respawn_are_news_to_the_victim():
    ep = Episode("task_01", seed=0)  # the lumberjack spawns next to an aggressive wolf
    seen: list[str] = []
    back = 11 + ep.world.rules.respawn_delay_rounds + 1  # killed in round 11, back at the start of this round
    for _ in range(back):
        for agent in ep.agents:
            ep.act(agent, WAIT)
        ep.end_round()
        obs = ep.observe("lumberjack")
        lines = [line for line in news(obs["text"]) if not line.startswith("(")]
        assert news(ep.observe("lumberjack")["text"]) == news(obs["text"])  # observing again: the same news
        hits = [re.fullmatch(r"round \d+: wolf#7 hit you for (\d+) \(HP (\d+)\)", line) for line in lines]
        if any(hits) and obs["alive"]:
            assert int([h for h in hits if h][-1][2]) == obs["hp"]  # the last hit left it at its current HP
        seen += lines
    assert any(re.fullmatch(r"round \d+: wolf#7 hit you for \d+ \(HP \d+\)", line) for line in seen)
    assert (
        f"round 11: you were killed by wolf#7; you are back at your spawn (45, 120) with full HP and your items "
        f"at the start of round {back}"
    ) in seen
    assert f"round {back}: you respawned at (45, 120)" in seen
    ep.act("lumberjack", WAIT)  # having acted, the agent has heard its news
    assert news(ep.observe("lumberjack")["text"]) == []
    assert news(ep.observe("wizard")["text"]) == []  # none of it is the wizard's news


def test_gifts_and_trade_offers_are_news_to_the_receiver():
    ep = Episode("task_01", seed=0)
    woodworker = ep.world.players["woodworker"]
    for name, dx in (("lumberjack", -1), ("wizard", 1)):  # both stand next to the woodworker
        ep.world.players[name].x, ep.world.players[name].y = woodworker.x + dx, woodworker.y
    offer = ep.act(
        "lumberjack",
        {
            "tool": "trade_offer",
            "args": {"to": "woodworker", "give": {"bronze_axe": 1}, "want": {"coins": 1}},
        },
    )
    assert offer["ok"], offer["error"]
    ep.act("woodworker", WAIT)  # heard: the offer came before its turn
    assert news(ep.observe("woodworker")["text"]) == []
    gift = ep.act("wizard", {"tool": "give", "args": {"to": "woodworker", "item": "bead"}})
    assert gift["ok"], gift["error"]
    assert news(ep.observe("woodworker")["text"]) == ["round 1: wizard gave you bead x1"]
    assert news(ep.observe("wizard")["text"]) == [] and news(ep.observe("lumberjack")["text"]) == []
    ep.end_round()
    ep.act(
        "lumberjack",
        {
            "tool": "trade_offer",
            "args": {"to": "woodworker", "give": {"bronze_axe": 1}, "want": {"coins": 2}},
        },
    )
    offered = news(ep.observe("woodworker")["text"])
    assert offered[0] == "round 1: wizard gave you bead x1"  # still news: the woodworker has not acted since
    assert re.fullmatch(r"round 2: lumberjack offered you a trade \(offer \d+\)", offered[1]), offered
