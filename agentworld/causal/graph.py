"""The Causal Action Graph (CAG) and the CCE / PAC metrics computed on it.

Every trajectory record with ``type == "action"`` is one node (tool calls and chat
alike). An edge a -> b says "a enabled b"; it must point forward in time (a taken
before b, b in the same or a later round), which makes the graph a DAG.
Success actions are the actions that made the task's success conditions true (see
``success_actions``); the
contributing set is the success actions plus every action with a directed path to
one. CCE = |contributing| / |actions| (0 when the episode failed) and
PAC(agent) = contributing actions of the agent / actions of the agent.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable

Record = dict[str, Any]


class CausalError(ValueError):
    """A run directory or trajectory that cannot be scored, with the reason."""


@dataclass(frozen=True)
class Edge:
    """a -> b: action ``src`` enabled action ``dst`` (ids are trajectory action ids)."""

    src: int
    dst: int
    kind: str  # item | damage | labor | trade | quest | move | chat | llm | ...
    reason: str
    judge: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# --------------------------------------------------------------------------- loading


def load_trajectory(path: str | Path) -> list[Record]:
    """Read trajectory.jsonl; a bad line is reported with its file and line number."""
    path = Path(path)
    if not path.is_file():
        raise CausalError(f"no trajectory file: {path}")
    records: list[Record] = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise CausalError(f"{path}:{lineno}: not valid JSON ({exc.msg})") from None
            if not isinstance(rec, dict):
                raise CausalError(f"{path}:{lineno}: a record must be a JSON object")
            records.append(rec)
    return records


def load_run(run_dir: str | Path) -> tuple[list[Record], dict[str, Any], dict[str, Any]]:
    """(records, metrics, config) of a run directory; metrics/config are {} when absent."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise CausalError(f"not a run directory: {run_dir}")
    records = load_trajectory(run_dir / "trajectory.jsonl")
    out = []
    for name in ("metrics.json", "config.json"):
        p = run_dir / name
        try:
            out.append(json.loads(p.read_text(encoding="utf-8")) if p.is_file() else {})
        except json.JSONDecodeError as exc:
            raise CausalError(f"{p}: not valid JSON ({exc.msg})") from None
    return records, out[0], out[1]


def action_records(records: Iterable[Record]) -> list[Record]:
    """The graph's nodes: every action record, checked for the fields CCE needs."""
    actions = []
    seen: set[int] = set()
    for rec in records:
        if rec.get("type") != "action":
            continue
        for key in ("id", "round", "agent"):
            if key not in rec:
                raise CausalError(f"action record without '{key}': {json.dumps(rec)[:200]}")
        if not _is_int(rec["id"]) or rec["id"] in seen:
            raise CausalError(f"action id {rec['id']!r} is not a unique integer")
        if not _is_int(rec["round"]) or not isinstance(rec["agent"], str):
            raise CausalError(f"action {rec['id']}: 'round' must be an integer and 'agent' a string")
        for key in ("links", "events", "checkpoints"):
            value = rec.get(key)
            if value is not None and not (
                isinstance(value, list)
                and all(isinstance(v, str if key == "checkpoints" else dict) for v in value)
            ):
                kind = "strings" if key == "checkpoints" else "objects"
                raise CausalError(f"action {rec['id']}: '{key}' must be a list of {kind}")
        achievers = rec.get("success_actions")
        if achievers is not None and not (isinstance(achievers, list) and all(_is_int(a) for a in achievers)):
            raise CausalError(f"action {rec['id']}: 'success_actions' must be a list of action ids")
        _check_fields(rec)
        seen.add(rec["id"])
        actions.append(rec)
    actions.sort(key=lambda r: r["id"])
    return actions


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_fields(rec: Record) -> None:
    """The optional fields the judges read, when present, have the shapes the contract gives."""
    where = f"action {rec['id']}"
    problems = []
    if rec.get("tool") is not None and not isinstance(rec["tool"], str):
        problems.append("'tool' must be a string or null")
    if rec.get("args") is not None and not isinstance(rec["args"], dict):
        problems.append("'args' must be an object")
    if "ok" in rec and not isinstance(rec["ok"], bool):
        problems.append("'ok' must be true or false")
    pos = rec.get("position")
    if pos is not None and not (isinstance(pos, list) and len(pos) == 2 and all(_is_int(v) for v in pos)):
        problems.append("'position' must be [x, y] integers")
    for ev in rec.get("events") or []:
        if "contributors" in ev and not isinstance(ev["contributors"], dict):
            problems.append(
                f"its {ev.get('kind')} event's 'contributors' must be an object {{action id: damage}}"
            )
        if "lots" in ev and not (
            isinstance(ev["lots"], list) and all(isinstance(lot, list) for lot in ev["lots"])
        ):
            problems.append(f"its {ev.get('kind')} event's 'lots' must be a list of [origin, count]")
    if problems:
        raise CausalError(f"{where}: {'; '.join(problems)}")


def episode_success(records: list[Record], metrics: dict[str, Any] | None) -> bool:
    """metrics.json's ``success``; failing that, the last round_end status."""
    if metrics and "success" in metrics:
        return bool(metrics["success"])
    for rec in reversed(records):
        if rec.get("type") == "round_end" and isinstance(rec.get("status"), dict):
            return bool(rec["status"].get("success", False))
    return False


def success_actions(records: list[Record]) -> tuple[list[int], list[str]]:
    """Ids of the actions that made the task's success conditions true, plus notes on fallbacks used.

    The record on which the episode succeeded carries ``success_actions`` (the action after which
    each success condition last became true). Trajectories written before success was an outcome
    lack it: then every action that newly reached a checkpoint counts (success meant all of them).
    A condition or checkpoint first met on a ``round_end`` record (reached by the world, not by an
    action) is credited to the last action taken in that round that could change the world (not
    chat, wait or inspect, if there is one), so the episode still has a place to trace back from;
    the note says so.
    """
    ids: list[int] = []
    notes: list[str] = []
    last_action: Record | None = None
    for rec in records:
        if rec.get("type") == "action" and (
            rec.get("tool") not in ("chat", "wait", "inspect")
            or last_action is None
            or last_action.get("round") != rec.get("round")
        ):
            last_action = rec
        achievers = rec.get("success_actions")
        if achievers is None:
            continue
        ids = [int(a) for a in achievers]
        if rec.get("type") == "round_end" and last_action is not None:
            ids.append(last_action["id"])
            notes.append(
                f"success reached at the end of round {rec.get('round')}; credited to action {last_action['id']}"
            )
        return sorted(set(ids)), notes
    last_action = None
    for rec in records:
        if rec.get("type") == "action":
            if (
                rec.get("tool") not in ("chat", "wait", "inspect")
                or last_action is None
                or last_action.get("round") != rec.get("round")
            ):
                last_action = rec
            if rec.get("checkpoints"):
                ids.append(rec["id"])
        elif rec.get("type") == "round_end" and rec.get("checkpoints"):
            if last_action is not None:
                ids.append(last_action["id"])
                notes.append(
                    f"checkpoints {rec['checkpoints']} reached at the end of round {rec.get('round')}; "
                    f"credited to action {last_action['id']}"
                )
    return sorted(set(ids)), notes


# --------------------------------------------------------------------------- graph


@dataclass
class CausalGraph:
    """Nodes are action records (by id); edges are checked to point forward in time."""

    actions: list[Record]
    edges: list[Edge] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)  # edges refused, with why

    def __post_init__(self) -> None:
        self.by_id: dict[int, Record] = {a["id"]: a for a in self.actions}
        given, self.edges = self.edges, []
        self._pairs: dict[tuple[int, int], int] = {}
        self.add_edges(given)

    def add_edges(self, edges: Iterable[Edge]) -> None:
        """Add edges, merging duplicates' reasons and refusing backward/unknown ones."""
        for e in edges:
            a, b = self.by_id.get(e.src), self.by_id.get(e.dst)
            if a is None or b is None:
                self.dropped.append(f"{e.src}->{e.dst}: unknown action id")
                continue
            if not (e.src < e.dst and a["round"] <= b["round"]):
                self.dropped.append(f"{e.src}->{e.dst}: does not point forward in time")
                continue
            key = (e.src, e.dst)
            if key in self._pairs:
                i = self._pairs[key]
                old = self.edges[i]
                if e.reason not in old.reason:
                    self.edges[i] = Edge(old.src, old.dst, old.kind, f"{old.reason}; {e.reason}", old.judge)
                continue
            self._pairs[key] = len(self.edges)
            self.edges.append(e)

    def predecessors(self) -> dict[int, list[int]]:
        preds: dict[int, list[int]] = defaultdict(list)
        for e in self.edges:
            preds[e.dst].append(e.src)
        return preds

    def ancestors_of(self, targets: Iterable[int]) -> set[int]:
        """targets plus every action with a directed path to one of them."""
        preds = self.predecessors()
        seen = {t for t in targets if t in self.by_id}
        stack = list(seen)
        while stack:
            for p in preds.get(stack.pop(), ()):
                if p not in seen:
                    seen.add(p)
                    stack.append(p)
        return seen

    def reaches(self, src: int) -> set[int]:
        """Actions reachable from ``src`` by directed paths (excluding src)."""
        succ: dict[int, list[int]] = defaultdict(list)
        for e in self.edges:
            succ[e.src].append(e.dst)
        seen: set[int] = set()
        stack = [src]
        while stack:
            for n in succ.get(stack.pop(), ()):
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        return seen

    def is_acyclic(self) -> bool:
        """Kahn's algorithm; always true for edges accepted by add_edges."""
        indeg = {i: 0 for i in self.by_id}
        succ: dict[int, list[int]] = defaultdict(list)
        for e in self.edges:
            indeg[e.dst] += 1
            succ[e.src].append(e.dst)
        queue = [i for i, d in indeg.items() if d == 0]
        done = 0
        while queue:
            n = queue.pop()
            done += 1
            for m in succ[n]:
                indeg[m] -= 1
                if indeg[m] == 0:
                    queue.append(m)
        return done == len(indeg)


# --------------------------------------------------------------------------- metrics


def score(
    records: list[Record],
    edges: Iterable[Edge],
    success: bool,
    judge: str,
    agents: list[str] | None = None,
) -> dict[str, Any]:
    """CCE, PAC and the graph summary for one episode (the body of cce.json)."""
    actions = action_records(records)
    graph = CausalGraph(actions, list(edges))
    targets, notes = success_actions(records)
    contributing = graph.ancestors_of(targets)
    names = list(agents or [])
    for a in actions:
        if a["agent"] not in names:
            names.append(a["agent"])
    per_agent_total: dict[str, int] = {n: 0 for n in names}
    per_agent_contrib: dict[str, int] = {n: 0 for n in names}
    for a in actions:
        per_agent_total[a["agent"]] += 1
        if a["id"] in contributing:
            per_agent_contrib[a["agent"]] += 1
    n = len(actions)
    partial = len(contributing) / n if n else 0.0
    pac_partial = {
        ag: (per_agent_contrib[ag] / per_agent_total[ag] if per_agent_total[ag] else 0.0) for ag in names
    }
    # who enabled whom: edges on a causal path to success between two different agents
    enabled: dict[str, dict[str, int]] = {}
    for e in graph.edges:
        a, b = graph.by_id[e.src]["agent"], graph.by_id[e.dst]["agent"]
        if a != b and e.src in contributing and e.dst in contributing:
            enabled.setdefault(a, {})
            enabled[a][b] = enabled[a].get(b, 0) + 1
    if success and not targets:
        notes.append("episode succeeded but no action reached a checkpoint: CCE is 0")
    return {
        "judge": judge,
        "success": bool(success),
        "cce": partial if success else 0.0,
        "pac": pac_partial if success else {ag: 0.0 for ag in names},
        "cce_partial": partial,  # same fraction, ignoring failure: useful to analyse failed runs
        "pac_partial": pac_partial,
        "actions": n,
        "contributing_count": len(contributing),
        "actions_per_agent": per_agent_total,
        "contributing_per_agent": per_agent_contrib,
        "enabled": enabled,  # {agent A: {agent B: edges A -> B on causal paths}}
        "success_actions": targets,
        "contributing": sorted(contributing),
        "edges": [e.to_json() for e in graph.edges],
        "acyclic": graph.is_acyclic(),
        "dropped_edges": graph.dropped,
        "notes": notes,
    }
