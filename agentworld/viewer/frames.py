"""A run directory as the replay viewer shows it: round by round, every agent's view and messages.

Why re-simulate: a run directory stores actions and results, not what each agent saw. Feeding the
recorded actions back to a fresh Episode (as `agentworld replay` does) rebuilds each agent's
observation at the moment it acted, exactly; where the re-simulation stops matching the recorded
trajectory the viewer says so (`diverged_at`) instead of showing views that did not happen.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agentworld.observation import observation_to_json
from agentworld.server_bridge.report import game_report
from agentworld.trajectory import _recorded_action, load_run, strip_volatile

VIEW_KEYS = (
    "round",
    "position",
    "region",
    "hp",
    "max_hp",
    "alive",
    "inventory",
    "nearby",
    "messages",
    "last_result",
    "last_error",
    "text",
)


def run_frames(run_dir: str | Path, trust_verifier: bool = False) -> dict[str, Any]:
    """{task, agents, metrics, report, diverged_at, rounds: [{round, turns: [...], end: {...}}]}."""
    from agentworld.episode import Episode

    run = load_run(run_dir, trust_verifier)
    cfg = run["config"]
    ep = Episode(run["task"], seed=cfg.get("seed", 0), options=cfg.get("options") or {})
    rounds: dict[int, dict[str, Any]] = {}
    diverged_at = None
    for i, rec in enumerate(run["trajectory"]):
        number = int(rec.get("round") or 0)
        frame = rounds.setdefault(number, {"round": number, "turns": [], "end": None})
        if rec.get("type") == "action":
            seen = json.loads(json.dumps(observation_to_json(ep.observe(rec["agent"]))))  # tuples -> lists
            produced = ep.act(rec["agent"], _recorded_action(rec))
            frame["turns"].append(
                {"agent": rec["agent"], "view": {k: seen.get(k) for k in VIEW_KEYS}, "action": _action(rec)}
            )
        else:
            produced = ep.end_round()
            frame["end"] = {
                "checkpoints": rec.get("checkpoints") or [],
                "events": _round_events(rec),
                "positions": {a: [p.x, p.y] for a, p in ep.world.players.items()},
                "status": rec.get("status") or {},
            }
        if diverged_at is None and strip_volatile(produced) != strip_volatile(rec):
            diverged_at = i
    status = ep.status()
    task = run["task"]
    return {
        "dir": str(run["dir"]),
        "task": {"id": task.id, "name": task.name, "objective": task.objective, "max_rounds": ep.max_rounds},
        "seed": cfg.get("seed", 0),
        "agents": list(ep.agents),
        "metrics": run["metrics"],
        "unfinished": run["unfinished"],
        "diverged_at": diverged_at,
        "report": game_report(run["trajectory"], status, list(ep.agents)),
        "rounds": [rounds[n] for n in sorted(rounds)],
    }


def _action(rec: dict) -> dict[str, Any]:
    chat = next((e for e in rec.get("events") or () if e.get("kind") == "chat"), None)
    return {
        "tool": rec.get("tool"),
        "args": rec.get("args"),
        "raw": None if rec.get("tool") else rec.get("raw"),
        "ok": bool(rec.get("ok")),
        "result": rec.get("result") or "",
        "error": rec.get("error"),
        "position": rec.get("position"),
        "checkpoints": rec.get("checkpoints") or [],
        "chat": None if chat is None else {"to": chat.get("to"), "message": chat.get("message")},
    }


def _round_events(rec: dict) -> list[str]:
    """The world's own events of a round end, one short line each (damage, deaths, respawns, ...)."""
    lines = []
    for e in rec.get("events") or ():
        kind = e.get("kind")
        if kind == "damage":
            lines.append(f"{e.get('mob') or e.get('agent')} hit {e.get('target')} for {e.get('amount')}")
        elif kind == "death":
            lines.append(f"{e.get('player')} was killed by {e.get('by') or 'something'}")
        elif kind == "respawn" and e.get("player"):
            lines.append(f"{e.get('player')} respawned")
        elif kind == "error":
            lines.append(f"error: {e.get('detail')}")
    return lines
