"""The end-of-game summary the pages show: outcome, rounds, checkpoints and who did what.

Why only once the game is over: during play a seat sees only its own actions (visibility.py);
after the end nothing is left to play for, so every page may read the whole story. Read from
the trajectory records alone (generic over tools and event kinds), so a run directory's
records give the same summary (the replay viewer uses it too).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable


def game_report(
    records: Iterable[dict[str, Any]], status: dict[str, Any], agents: list[str]
) -> dict[str, Any]:
    """{outcome, success, rounds, max_rounds, psr, checkpoints: [...], agents: [...]} of a finished game."""
    records = list(records)
    rounds = max((int(r.get("round") or 0) for r in records), default=0)
    who: dict[str, dict[str, Any]] = {
        a: {
            "name": a,
            "turns": 0,
            "ok": 0,
            "failed": 0,
            "tools": Counter(),
            "checkpoints": [],
            "chats": 0,
            "damage_dealt": 0,
            "damage_taken": 0,
            "deaths": 0,
        }
        for a in agents
    }
    reached_by: dict[str, tuple[int, str | None]] = {}
    for rec in records:
        agent = rec.get("agent")
        for name in rec.get("checkpoints") or ():
            reached_by.setdefault(name, (int(rec.get("round") or 0), agent))
            if agent in who:
                who[agent]["checkpoints"].append(name)
        for event in rec.get("events") or ():
            _count_event(who, event)
        if rec.get("type") != "action" or agent not in who:
            continue
        row = who[agent]
        row["turns"] += 1
        row["ok" if rec.get("ok") else "failed"] += 1
        tool = rec.get("tool") or "invalid"
        row["tools"][tool] += 1
        if tool == "chat" and rec.get("ok"):
            row["chats"] += 1
    checkpoints = []
    for name, reached in (status.get("checkpoints") or {}).items():
        rnd, agent = reached_by.get(name, (None, None))
        checkpoints.append(
            {
                "name": name,
                "reached": bool(reached),
                "round": rnd if reached else None,
                "by": agent if reached else None,
            }
        )
    success = bool(status.get("success"))
    outcome = "success" if success else ("out of rounds" if status.get("truncated") else "stopped")
    return {
        "outcome": outcome,
        "success": success,
        "rounds": rounds,
        "max_rounds": status.get("max_rounds"),
        "psr": status.get("psr"),
        "checkpoints": checkpoints,
        "agents": [{**row, "tools": dict(row["tools"].most_common())} for row in who.values()],
    }


def _count_event(who: dict[str, dict[str, Any]], event: dict[str, Any]) -> None:
    """Damage and deaths, read generically: a `damage` event's actor dealt it to its `target`."""
    kind = event.get("kind")
    if kind == "damage":
        amount = int(event.get("amount") or 0)
        if event.get("agent") in who and not event.get("mob"):
            who[event["agent"]]["damage_dealt"] += amount
        if event.get("target") in who:
            who[event["target"]]["damage_taken"] += amount
    elif kind == "death" and event.get("player") in who:
        who[event["player"]]["deaths"] += 1
