"""Collaboration-graph metrics of a successful run against reference runs of the same task.

The definitions are ours (we found no published text of ForestBench's formulas to follow), made
to be exact and cheap on the causal action graph (graph.py):

- An action's **label** says what it did, independent of ids and timing: ``agent:tool:object``,
  where the object is what the call was about with entity numbers and coordinates dropped
  (``lumberjack:gather:oak_tree``, ``wizard:give:bead>woodworker``, ``smith:craft:iron_bar``,
  ``woodworker:chat:>wizard``, ``scout:move_to:xy``). Two runs of one task share agent names.
- A run's **collaboration forest** is its contributing subgraph: the contributing actions
  (success actions and their ancestors) and the edges between two of them. Its content is the
  multiset of node labels N and the multiset of labelled edges E = {(label(a), label(b))}.
- **Forest Match** (FM) with one reference = the multiset F1 of labelled edges,
  2·|E ∩ E_ref| / (|E| + |E_ref|) (1.0 when both are empty); against several references, the
  best one (tasks have several legal routes; matching any known solution is enough).
- **Node Validity** (NV) = the share of the run's contributing actions whose label is the label
  of a contributing action in at least one reference: steps some known solution also needed.
- **Content redundancy** (CR) = the share of all the run's actions that repeat, without being
  needed, the content of a needed one: not contributing, yet labelled like a contributing action
  of the run (a second gather of logs nobody used, a request sent again).

References are the successful runs of the same task among the given directories (the run itself
left out), each judged with the provenance judge, whatever judge scored the run. FM and NV are
only defined for a successful run with at least one reference; otherwise ``forest`` says why.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .graph import CausalError, Record, action_records, episode_success, load_run
from .mentions import recipients

_ENTITY_ARGS = ("target", "npc", "site", "recipe", "item")


@dataclass
class Forest:
    """The labelled content of one run's collaboration forest."""

    nodes: Counter[str]  # labels of the contributing actions
    edges: Counter[tuple[str, str]]  # labelled edges between two contributing actions
    redundant: int  # actions not contributing but labelled like a contributing one
    actions: int  # all actions of the run


def _object(value: Any) -> str:
    if isinstance(value, list):
        return "xy"
    if isinstance(value, dict):
        return "+".join(sorted(str(k) for k in value))
    text = str(value).lower()
    return text.split("#", 1)[0]


def action_label(action: Record, agents: Iterable[str] = ()) -> str:
    """``agent:tool:object``: what the action did, without ids, counts or coordinates."""
    tool = action.get("tool")
    args = action.get("args") or {}
    agent = action.get("agent", "?")
    if tool is None:
        return f"{agent}:malformed:"
    if tool == "chat":
        return f"{agent}:chat:>" + ",".join(sorted(recipients(action, list(agents) or [agent])))
    if tool in ("give", "trade_offer"):
        what = args.get("item") if tool == "give" else args.get("give")
        return f"{agent}:{tool}:{_object(what)}>{args.get('to', '')}"
    if tool == "pick_up":
        items = sorted(
            {str(ev.get("item")) for ev in action.get("events") or [] if ev.get("kind") == "pick_up"}
        )
        return f"{agent}:pick_up:{'+'.join(items)}"
    for key in _ENTITY_ARGS:
        if key in args:
            return f"{agent}:{tool}:{_object(args[key])}"
    return f"{agent}:{tool}:"


def forest_of(
    records: list[Record],
    edges: Iterable[dict[str, Any]],
    contributing: Iterable[int],
    agents: Iterable[str] = (),
) -> Forest:
    """The forest of a judged run: cce.json's ``edges`` and ``contributing`` over its records."""
    actions = action_records(records)
    names = list(agents) or sorted({a["agent"] for a in actions})
    labels = {a["id"]: action_label(a, names) for a in actions}
    needed = set(contributing)
    nodes = Counter(labels[i] for i in needed if i in labels)
    pairs = Counter(
        (labels[e["src"]], labels[e["dst"]])
        for e in edges
        if e["src"] in needed and e["dst"] in needed and e["src"] in labels and e["dst"] in labels
    )
    redundant = sum(1 for i, lab in labels.items() if i not in needed and lab in nodes)
    return Forest(nodes, pairs, redundant, len(actions))


def forest_match(run: Forest, reference: Forest) -> float:
    """Multiset F1 of the labelled edges (1.0 when both forests have no edge)."""
    total = sum(run.edges.values()) + sum(reference.edges.values())
    if total == 0:
        return 1.0
    return 2 * sum((run.edges & reference.edges).values()) / total


def node_validity(run: Forest, references: list[Forest]) -> float:
    """Share of the run's contributing actions whose label some reference's forest has."""
    known = set().union(*(set(r.nodes) for r in references)) if references else set()
    total = sum(run.nodes.values())
    if total == 0:
        return 0.0
    return sum(n for label, n in run.nodes.items() if label in known) / total


def content_redundancy(run: Forest) -> float:
    return run.redundant / run.actions if run.actions else 0.0


def forest_metrics(run: Forest, references: list[tuple[str, Forest]], success: bool) -> dict[str, Any]:
    """The ``forest`` entry of cce.json."""
    out: dict[str, Any] = {
        "content_redundancy": content_redundancy(run),
        "references": [d for d, _ in references],
        "forest_match": None,
        "node_validity": None,
        "best_reference": None,
    }
    if not success:
        out["note"] = "the run failed: Forest Match and Node Validity are defined for successful runs"
        return out
    if not references:
        out["note"] = "no successful reference run of the same task was given"
        return out
    scores = [(forest_match(run, f), d) for d, f in references]
    best, where = max(scores, key=lambda s: s[0])
    out.update(
        forest_match=best,
        best_reference=where,
        node_validity=node_validity(run, [f for _, f in references]),
        per_reference={d: s for s, d in scores},
    )
    return out


def task_of(run_dir: str | Path) -> str | None:
    _records, _metrics, config = load_run(run_dir)
    task = config.get("task")
    return str(task) if task is not None else None


def reference_forests(
    dirs: Iterable[str | Path],
    task: str | None,
    exclude: str | Path | None = None,
) -> list[tuple[str, Forest]]:
    """Forests of the successful runs of ``task`` among ``dirs`` (provenance judge), ``exclude`` left out."""
    from . import judge_records, task_context  # the package imports this module's users, not the reverse

    out = []
    skip = Path(exclude).resolve() if exclude is not None else None
    for d in dirs:
        if skip is not None and Path(d).resolve() == skip:
            continue
        try:
            records, metrics, config = load_run(d)
        except CausalError:
            continue
        if task is not None and str(config.get("task")) != task:
            continue
        success = episode_success(records, metrics)
        if not success:
            continue
        context = task_context(d)
        res = judge_records(
            records, True, "provenance", context.get("agents") or None, checkpoints=context.get("checkpoints")
        )
        out.append(
            (str(d), forest_of(records, res["edges"], res["contributing"], context.get("agents") or ()))
        )
    return out
