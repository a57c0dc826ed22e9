"""Dependency structure of a run's causal action graph: who depends on whom, and where it splits.

Read a harness's results against it: a task whose oracle graph has few cross-agent edges and
cross-agent bridges is one where isolated contexts should pay (issue 32). Definitions (docs/AUDIT.md,
"Dependency structure"):

- edges: distinct (src, dst) action pairs among the judge's edges (kinds merged);
- cross-agent edge: src and dst taken by different agents;
- cross_agent_share = cross-agent edges / edges; sparsity = 1 - cross_agent_share (1.0 when no edges);
- bridge: an edge of the undirected graph whose removal disconnects its two ends; computed on the
  action level (nodes: actions with an edge) and on the agent level (nodes: the task's agents, an
  edge between two agents when any cross-agent edge joins them);
- components: what is left connected once every bridge is removed (2-edge-connected components).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from typing import Any

Record = dict[str, Any]


def _ordered(items: Iterable[Hashable]) -> list[Hashable]:
    """Sorted in their own order (action ids as numbers: 9 before 11), else by repr for mixed kinds."""
    items = list(items)
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=repr)


def bridges(
    nodes: Iterable[Hashable], pairs: Iterable[tuple[Hashable, Hashable]]
) -> list[tuple[Hashable, Hashable]]:
    """Bridges of the undirected simple graph (Tarjan's low-link, iterative), each as a sorted pair
    (sorted as `dependency_structure` sorts its pairs, so removing the bridges from them removes them)."""
    adj: dict[Hashable, set[Hashable]] = {n: set() for n in nodes}
    for a, b in pairs:
        if a != b:
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
    order: dict[Hashable, int] = {}
    low: dict[Hashable, int] = {}
    found: list[tuple[Hashable, Hashable]] = []
    for root in sorted(adj, key=repr):
        if root in order:
            continue
        order[root] = low[root] = len(order)
        stack = [(root, None, iter(sorted(adj[root], key=repr)))]
        while stack:
            node, parent, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                if parent is not None:
                    low[parent] = min(low[parent], low[node])
                    if low[node] > order[parent]:
                        found.append(tuple(_ordered((parent, node))))
            elif child == parent:
                continue
            elif child in order:
                low[node] = min(low[node], order[child])
            else:
                order[child] = low[child] = len(order)
                stack.append((child, node, iter(sorted(adj[child], key=repr))))
    return _ordered(found)


def components(nodes: Iterable[Hashable], pairs: Iterable[tuple[Hashable, Hashable]]) -> list[list[Hashable]]:
    """Connected components of the undirected graph, each sorted, largest first."""
    adj: dict[Hashable, set[Hashable]] = {n: set() for n in nodes}
    for a, b in pairs:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    seen: set[Hashable] = set()
    out = []
    for start in sorted(adj, key=repr):
        if start in seen:
            continue
        seen.add(start)
        todo, comp = [start], []
        while todo:
            n = todo.pop()
            comp.append(n)
            for m in adj[n] - seen:
                seen.add(m)
                todo.append(m)
        out.append(_ordered(comp))
    rank = {first: i for i, first in enumerate(_ordered(c[0] for c in out))}
    return sorted(out, key=lambda c: (-len(c), rank[c[0]]))


def dependency_structure(
    records: list[Record], edges: list[dict[str, Any]], agents: list[str] | None = None
) -> dict[str, Any]:
    """The figures above for one run: records are its trajectory, edges the judge's (cce.json "edges")."""
    owner = {r["id"]: r["agent"] for r in records if r.get("type") == "action"}
    names = list(agents) if agents else sorted(set(owner.values()))
    pairs = sorted({(e["src"], e["dst"]) for e in edges if e["src"] in owner and e["dst"] in owner})
    cross = [(a, b) for a, b in pairs if owner[a] != owner[b]]
    undirected = {tuple(_ordered(p)) for p in pairs}
    touched = sorted({n for p in pairs for n in p})
    action_bridges = bridges(touched, undirected)
    kept = undirected - set(action_bridges)
    action_components = components(touched, kept)

    between: dict[tuple[str, str], int] = defaultdict(int)
    for a, b in cross:
        between[tuple(sorted((owner[a], owner[b])))] += 1
    agent_bridges = bridges(names, between)
    agent_components = components(names, set(between) - set(agent_bridges))
    share = len(cross) / len(pairs) if pairs else 0.0
    return {
        "agents": len(names),
        "actions": len(owner),
        "edges": len(pairs),
        "cross_agent_edges": len(cross),
        "cross_agent_share": round(share, 4),
        "sparsity": round(1.0 - share, 4),
        "isolated_actions": len(owner) - len(touched),
        "cross_agent": [{"src": a, "dst": b, "from": owner[a], "to": owner[b]} for a, b in cross],
        "action_bridges": [
            {"a": a, "b": b, "agents": sorted({owner[a], owner[b]}), "cross_agent": owner[a] != owner[b]}
            for a, b in action_bridges
        ],
        "action_components": [
            {"actions": len(c), "agents": sorted({owner[n] for n in c})} for c in action_components
        ],
        "agent_links": [{"agents": list(k), "edges": v} for k, v in sorted(between.items())],
        "agent_bridges": [list(b) for b in agent_bridges],
        "agent_components": agent_components,
    }


def task_dependencies(task: str, seed: int = 0) -> dict[str, Any]:
    """Play the task's oracle once (in a temporary run dir), judge it by provenance, return its structure."""
    import tempfile
    from pathlib import Path

    from agentworld.causal import judge_run
    from agentworld.causal.graph import load_trajectory
    from agentworld.runner import run_episode

    with tempfile.TemporaryDirectory(prefix="agentworld-deps-") as tmp:
        run = Path(tmp) / "run"
        run_episode(task, agents="oracle", seed=seed, out_dir=run, progress=False)
        res = judge_run(run)
        records = load_trajectory(run / "trajectory.jsonl")
        agents = sorted(res.get("pac") or {}) or None
        out = dependency_structure(records, res["edges"], agents)
    return {"task": task, "seed": seed, "oracle_success": bool(res["success"]), **out}


def figures(dep: dict[str, Any]) -> dict[str, Any]:
    """The structure in numbers (what an eval grid keeps beside its cells: evaluation/grid.py)."""
    kept = ("task", "agents", "actions", "edges", "cross_agent_edges", "cross_agent_share", "sparsity")
    return {
        **{k: dep[k] for k in kept if k in dep},
        "action_bridges": len(dep["action_bridges"]),
        "cross_agent_bridges": sum(b["cross_agent"] for b in dep["action_bridges"]),
        "action_components": len(dep["action_components"]),
        "agent_bridges": len(dep["agent_bridges"]),
        "agent_components": len(dep["agent_components"]),
        "oracle_success": dep.get("oracle_success"),
    }


def render(dep: dict[str, Any]) -> str:
    """One task's structure as a few lines of text."""
    lines = [
        f"{dep['task']}: {dep['actions']} actions, {dep['edges']} edges, {dep['cross_agent_edges']} cross-agent "
        f"(share {dep['cross_agent_share']:.2f}, sparsity {dep['sparsity']:.2f})"
        + ("" if dep.get("oracle_success", True) else "  ! the oracle run failed")
    ]
    links = ", ".join(f"{'-'.join(x['agents'])} x{x['edges']}" for x in dep["agent_links"]) or "none"
    lines.append(f"  agent links: {links}")
    lines.append(f"  agent bridges: {', '.join('-'.join(b) for b in dep['agent_bridges']) or 'none'}")
    lines.append("  agent components: " + " | ".join(", ".join(c) for c in dep["agent_components"]))
    crossing = sum(b["cross_agent"] for b in dep["action_bridges"])
    lines.append(
        f"  action bridges: {len(dep['action_bridges'])} ({crossing} cross-agent); "
        f"components: {len(dep['action_components'])} (sizes "
        f"{', '.join(str(c['actions']) for c in dep['action_components'][:8])}"
        f"{', ...' if len(dep['action_components']) > 8 else ''})"
    )
    return "\n".join(lines)
