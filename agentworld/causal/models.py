"""Judge robustness (the paper's Table 6): the same runs scored by several LLM judge models and
by the provenance judge, side by side.

Each model's judgments go to ``cce_llm_<model>.json`` in every run directory (the provenance
judge's to ``cce.json``). The comparison has, per run and per team (the agents' kinds and
models from config.json), the CCE under every judge; per pair of judges the ranking agreement
(Kendall's tau-b over the runs, and over the teams when there are two or more) and the largest
absolute CCE shift; and the largest shift overall. It is written to ``judge_models.json``.
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path
from typing import Any

from .graph import load_run

PROVENANCE = "provenance"


def output_name(model: str) -> str:
    """cce_llm_<model>.json with the model name made safe for a file name."""
    return f"cce_llm_{re.sub(r'[^A-Za-z0-9._-]+', '_', model)}.json"


def kendall_tau(xs: list[float], ys: list[float]) -> float | None:
    """Kendall's tau-b (ties allowed); None with fewer than two items or a constant side."""
    if len(xs) != len(ys):
        raise ValueError("kendall_tau needs two lists of the same length")
    concordant = discordant = ties_x = ties_y = 0
    for i, j in combinations(range(len(xs)), 2):
        dx, dy = xs[i] - xs[j], ys[i] - ys[j]
        if dx == 0 and dy == 0:
            continue
        if dx == 0:
            ties_x += 1
        elif dy == 0:
            ties_y += 1
        elif (dx > 0) == (dy > 0):
            concordant += 1
        else:
            discordant += 1
    denom = ((concordant + discordant + ties_x) * (concordant + discordant + ties_y)) ** 0.5
    if denom == 0:
        return None
    return (concordant - discordant) / denom


def team_of(run_dir: str | Path) -> str:
    """The agent models that played the run: "llm:gpt-x" or "oracle", joined with + when mixed."""
    _records, _metrics, config = load_run(run_dir)
    agents = config.get("agents") or {}
    specs = agents.values() if isinstance(agents, dict) else agents
    kinds = []
    for spec in specs:
        if isinstance(spec, dict):
            kind = str(spec.get("kind", "?"))
            model = spec.get("model") or (spec.get("options") or {}).get("model")
            kinds.append(f"{kind}:{model}" if model else kind)
        else:
            kinds.append(str(spec))
    return "+".join(sorted(set(kinds))) or "?"


def compare_judges(rows: list[dict[str, Any]], judges: list[str]) -> dict[str, Any]:
    """rows: {"run_dir", "team", "cce": {judge: value}} -> the Table 6 comparison."""
    teams: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        teams.setdefault(r["team"], []).append(r)
    by_team = [
        {"team": t, "runs": len(rs), "cce": {j: sum(r["cce"][j] for r in rs) / len(rs) for j in judges}}
        for t, rs in sorted(teams.items())
    ]
    pairs = []
    for a, b in combinations(judges, 2):
        pairs.append(
            {
                "judges": [a, b],
                "kendall_tau_runs": kendall_tau([r["cce"][a] for r in rows], [r["cce"][b] for r in rows]),
                "kendall_tau_teams": kendall_tau(
                    [t["cce"][a] for t in by_team], [t["cce"][b] for t in by_team]
                )
                if len(by_team) > 1
                else None,
                "max_abs_shift": max((abs(r["cce"][a] - r["cce"][b]) for r in rows), default=0.0),
                "max_abs_shift_teams": max((abs(t["cce"][a] - t["cce"][b]) for t in by_team), default=0.0),
            }
        )
    return {
        "judges": judges,
        "runs": rows,
        "teams": by_team,
        "pairs": pairs,
        "max_abs_shift": max((p["max_abs_shift"] for p in pairs), default=0.0),
        "min_kendall_tau_runs": min(
            (p["kendall_tau_runs"] for p in pairs if p["kendall_tau_runs"] is not None), default=None
        ),
    }


def format_table(result: dict[str, Any]) -> str:
    """The comparison as text: one row per run and per team, then the judge pairs."""
    judges = result["judges"]
    width = max([12] + [len(j) + 2 for j in judges])
    lines = [f"{'run':<40}" + "".join(f"{j:>{width}}" for j in judges)]
    for r in result["runs"]:
        name = r["run_dir"] if len(r["run_dir"]) <= 40 else "…" + r["run_dir"][-39:]
        lines.append(f"{name:<40}" + "".join(f"{r['cce'][j]:>{width}.3f}" for j in judges))
    lines.append(f"{'team (mean CCE)':<40}")
    for t in result["teams"]:
        name = f"{t['team'][:32]} ({t['runs']})"
        lines.append(f"  {name:<38}" + "".join(f"{t['cce'][j]:>{width}.3f}" for j in judges))
    fmt = lambda v: "n/a" if v is None else f"{v:+.3f}"  # noqa: E731
    for p in result["pairs"]:
        lines.append(
            f"{p['judges'][0]} vs {p['judges'][1]}: Kendall tau {fmt(p['kendall_tau_runs'])} over runs, "
            f"{fmt(p['kendall_tau_teams'])} over teams; largest |shift| {p['max_abs_shift']:.3f}"
        )
    lines.append(f"largest absolute CCE shift between any two judges: {result['max_abs_shift']:.3f}")
    return "\n".join(lines)
