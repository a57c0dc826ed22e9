"""The report's tables, as data (html.py renders them): one function per section.

Every numeric cell keeps its value (and interval) beside its text, so the page can carry them as
data attributes and a test can compare them with numbers it computes itself. A section with
nothing to show returns None (the page says so instead of printing an empty table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agentworld.analysis.communication import FAILURES, LABELS, aggregate, classify_run
from agentworld.causal.graph import CausalError
from agentworld.evaluation.summary import pass_hat_k, standard_error
from agentworld.report.data import ANALYSIS, JUDGE_MODELS, EvalDir
from agentworld.report.stats import Estimate, GroupStats, group_stats, mean_or_none

METRICS = ("sr", "psr", "cce")
METRIC_NAMES = {"sr": "SR", "psr": "PSR", "cce": "CCE"}


@dataclass
class Cell:
    """A table cell: its text, and for numbers the value (and 95% interval) it shows."""

    text: str
    value: float | None = None
    low: float | None = None
    high: float | None = None
    key: str = ""  # what the cell measures, e.g. "sr" (a data attribute of the page)


@dataclass
class Table:
    id: str
    title: str
    columns: list[str]
    rows: list[list[Cell]]
    note: str = ""
    row_keys: list[str] = field(default_factory=list)  # one name per row (a data attribute)


def text(value: Any) -> Cell:
    return Cell("-" if value is None else str(value))


def number(value: float | None, digits: int = 2, key: str = "") -> Cell:
    return Cell("-" if value is None else f"{value:.{digits}f}", value, key=key)


def estimate_cell(est: Estimate, metric: str) -> Cell:
    """'52.0% [41.2, 62.5]' for SR and PSR, '0.320 [0.28, 0.35]' for CCE."""
    if est.value is None:
        return Cell("-", key=metric)
    if metric == "cce":
        shown = f"{est.value:.3f} [{est.low:.3f}, {est.high:.3f}]"
    else:
        shown = f"{100 * est.value:.1f}% [{100 * est.low:.1f}, {100 * est.high:.1f}]"
    return Cell(shown, est.value, est.low, est.high, key=metric)


def _estimates(stats: GroupStats) -> list[Cell]:
    return [estimate_cell(getattr(stats, m), m) for m in METRICS]


# --------------------------------------------------------------------------- outcome


def overview(evals: list[EvalDir], seed: int) -> Table:
    """One row per eval: who played, under which baseline/ablation, SR/PSR/CCE with intervals."""
    rows = []
    for e in evals:
        stats = group_stats(e.episodes, seed)
        records = [ep.record for ep in e.episodes]
        se = standard_error(1.0 if r.get("success") else 0.0 for r in records)
        passes = pass_hat_k(records)
        rows.append(
            [
                text(e.label),
                text(", ".join(e.settings) or "standard"),
                number(stats.episodes, 0, "episodes"),
                number(stats.errors, 0, "errors"),
                *_estimates(stats),
                Cell("-" if se is None else f"{100 * stats.sr.value:.1f}% ± {100 * se:.1f}", se, key="sr_se"),
                Cell(
                    " / ".join(f"{100 * v:.1f}" for v in passes.values()) + "%" if passes else "-",
                    passes[max(passes, key=int)] if passes else None,
                    key="pass_k",
                ),
            ]
        )
    return Table(
        "overview",
        "Overall (95% confidence intervals over episodes)",
        [
            "eval",
            "baseline / ablation",
            "episodes",
            "errors",
            "SR",
            "PSR",
            "CCE",
            "SR ± standard error",
            "pass^k (k = 1, 2 ...)",
        ],
        rows,
        "SR: Wilson interval. PSR, CCE: percentile bootstrap (2,000 resamples, seeded). pass^k: tau-bench's "
        "(mean over tasks of C(c, k) / C(n, k)), up to the fewest seeds any task was played; its cell's value "
        "is the largest k.",
        [e.label for e in evals],
    )


def by_category(evals: list[EvalDir], seed: int, metric: str) -> Table:
    """One row per category, one column per eval, for one metric."""
    categories = sorted({str(ep.record.get("category") or "?") for e in evals for ep in e.episodes})
    rows = []
    for category in categories:
        row = [text(category)]
        for e in evals:
            group = [ep for ep in e.episodes if str(ep.record.get("category") or "?") == category]
            row.append(
                estimate_cell(getattr(group_stats(group, seed), metric), metric) if group else text(None)
            )
        rows.append(row)
    return Table(
        f"category-{metric}",
        f"{METRIC_NAMES[metric]} per category",
        ["category", *[e.label for e in evals]],
        rows,
        row_keys=categories,
    )


def by_split(evals: list[EvalDir], seed: int) -> Table:
    """Main tasks and augmented variants side by side (augmented columns only when there are some)."""
    splits = (
        ["main", "augmented"]
        if any(ep.split == "augmented" for e in evals for ep in e.episodes)
        else ["main"]
    )
    columns, rows = ["eval"], []
    for split in splits:
        columns += [f"{METRIC_NAMES[m]} ({split})" for m in METRICS] + [f"episodes ({split})"]
    for e in evals:
        row = [text(e.label)]
        for split in splits:
            group = [ep for ep in e.episodes if ep.split == split]
            stats = group_stats(group, seed)
            cells = _estimates(stats) + [number(stats.episodes, 0, "episodes")]
            for cell in cells:
                cell.key = f"{split}-{cell.key}"
            row += cells
        rows.append(row)
    note = "" if len(splits) == 2 else "Every task of these evals is a main task (none has variant_of set)."
    return Table("split", "Main tasks vs augmented variants", columns, rows, note, [e.label for e in evals])


# --------------------------------------------------------------------------- communication


def communication(evals: list[EvalDir]) -> Table:
    """Messages per episode and per agent, the first chat round, and chat's share of failed episodes' actions."""
    rows = []
    for e in evals:
        ok = [ep.record for ep in e.episodes if ep.ok]
        failed = [r for r in ok if not r.get("success")]
        actions = sum(int(r.get("actions") or 0) for r in failed)
        share = sum(int(r.get("messages") or 0) for r in failed) / actions if actions else None
        rows.append(
            [
                text(e.label),
                number(mean_or_none(r.get("messages") for r in ok), 2, "messages_per_episode"),
                number(mean_or_none(r.get("messages_per_agent") for r in ok), 2, "messages_per_agent"),
                number(mean_or_none(r.get("first_chat_round") for r in ok), 1, "first_chat_round"),
                Cell("-" if share is None else f"{100 * share:.1f}%", share, key="chat_share_failed"),
                number(len(failed), 0, "failed_episodes"),
            ]
        )
    return Table(
        "communication",
        "Communication",
        [
            "eval",
            "messages / episode",
            "messages / agent",
            "first chat round",
            "chat share of actions (failed episodes)",
            "failed episodes",
        ],
        rows,
        "Over episodes that finished without error; a message is one delivered chat action.",
        [e.label for e in evals],
    )


def failure_modes(evals: list[EvalDir]) -> Table | None:
    """The paper's Table 5: messages per communication failure mode (from DIR/analysis.json, or computed)."""
    rows = []
    for e in evals:
        pooled = (e.optional_json(ANALYSIS) or {}).get("all") or _analyse(e)
        if not pooled or not pooled.get("total"):
            continue
        cells = [
            Cell(
                f"{pooled['counts'][lab]} ({100 * pooled['share'][lab]:.1f}%)", pooled["counts"][lab], key=lab
            )
            for lab in LABELS
        ]
        errors = pooled.get("errors", 0)
        rows.append(
            [text(e.label), number(pooled["total"], 0, "messages"), *cells, number(errors, 0, "errors")]
        )
    if not rows:
        return None
    return Table(
        "failure-modes",
        "Communication failure modes (messages by primary label)",
        ["eval", "messages", *LABELS, "failed messages"],
        rows,
        f"Exact labels from agentworld/analysis ({', '.join(FAILURES)} are failures); "
        f"read from DIR/{ANALYSIS} when present, else computed here.",
        [r[0].text for r in rows],
    )


def _analyse(e: EvalDir) -> dict[str, Any] | None:
    runs = []
    for ep in e.episodes:
        if ep.ok and (ep.run_dir / "trajectory.jsonl").is_file():
            try:
                runs.append(classify_run(ep.run_dir))
            except (CausalError, OSError):
                continue
    return aggregate(runs) if runs else None


# --------------------------------------------------------------------------- causal contribution


def pac_by_role(evals: list[EvalDir]) -> Table | None:
    """Mean Per-Agent Contribution of each role over the judged episodes (0 in failed ones, as CCE)."""
    per_eval: list[dict[str, list[float]]] = []
    for e in evals:
        values: dict[str, list[float]] = {}
        for ep in e.episodes:
            pac = (ep.cce or {}).get("pac") if ep.ok else None
            if not isinstance(pac, dict):
                continue
            roles = ep.roles()
            for agent, share in pac.items():
                values.setdefault(roles.get(agent, agent), []).append(float(share))
        per_eval.append(values)
    roles = sorted({role for values in per_eval for role in values})
    if not roles:
        return None
    rows = [
        [text(role), *[number(mean_or_none(values.get(role, [])), 3, "pac") for values in per_eval]]
        for role in roles
    ]
    return Table(
        "pac",
        "Per-Agent Contribution (PAC) by role",
        ["role", *[e.label for e in evals]],
        rows,
        "Contributing actions / actions of the role's agent, from each run's cce.json, averaged over episodes.",
        roles,
    )


def forest(evals: list[EvalDir]) -> Table | None:
    """Forest Match, Node Validity and content redundancy from cce.json's `forest` (when judged with references)."""
    rows = []
    for e in evals:
        found = [ep.cce["forest"] for ep in e.episodes if ep.cce and isinstance(ep.cce.get("forest"), dict)]
        if not found:
            continue
        rows.append(
            [
                text(e.label),
                number(mean_or_none(f.get("forest_match") for f in found), 3, "forest_match"),
                number(mean_or_none(f.get("node_validity") for f in found), 3, "node_validity"),
                number(mean_or_none(f.get("content_redundancy") for f in found), 3, "content_redundancy"),
                number(sum(1 for f in found if f.get("forest_match") is not None), 0, "scored"),
            ]
        )
    if not rows:
        return None
    return Table(
        "forest",
        "Collaboration forests (Forest Match, Node Validity)",
        ["eval", "Forest Match", "Node Validity", "content redundancy", "runs with FM"],
        rows,
        "Means over the runs whose cce.json has a forest entry (agentworld judge --references).",
        [r[0].text for r in rows],
    )


def judge_comparison(evals: list[EvalDir]) -> list[Table]:
    """The paper's Table 6 from each eval's judge_models.json: mean CCE per team and judge, and judge pairs."""
    tables = []
    for e in evals:
        data = e.optional_json(JUDGE_MODELS)
        if not data or not data.get("judges"):
            continue
        judges = list(data["judges"])
        teams = [
            [text(f"{t['team']} ({t['runs']})"), *[number(t["cce"].get(j), 3, f"cce:{j}") for j in judges]]
            for t in data.get("teams") or []
        ]
        tables.append(
            Table(
                f"judges-{len(tables)}",
                f"Judge comparison: {e.label}",
                ["team (runs)", *judges],
                teams,
                f"Largest absolute CCE shift between two judges: {data.get('max_abs_shift', 0):.3f}",
                [t["team"] for t in data.get("teams") or []],
            )
        )
        pairs = [
            [
                text(" vs ".join(p["judges"])),
                number(p.get("kendall_tau_runs"), 3, "kendall_tau_runs"),
                number(p.get("kendall_tau_teams"), 3, "kendall_tau_teams"),
                number(p.get("max_abs_shift"), 3, "shift"),
            ]
            for p in data.get("pairs") or []
        ]
        tables.append(
            Table(
                f"judges-{len(tables)}",
                f"Judge agreement: {e.label}",
                ["judges", "Kendall tau (runs)", "Kendall tau (teams)", "largest |CCE shift|"],
                pairs,
            )
        )
    return tables
