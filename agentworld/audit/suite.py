"""`agentworld audit --suite`: what each task and the whole suite demand of a team (issue 23).

Per task, from the task, the content and one oracle run (seed 0, suite_run.py): knowledge
justification and plan leakage (suite_knowledge.py), coordination leakage, work, the merged agent
and the category test (suite_categories.py), plan shapes. `aggregate` folds task reports into
per-category, per-set and suite-wide figures; each task's objective truth (truth.py) rides along; the report is plain JSON shared by the CLI, the
tests and scripts/suite_report_table.py. Every measure is defined in docs/AUDIT.md "Suite report".
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from agentworld.audit.suite_categories import category_test, merged_agent
from agentworld.audit.suite_knowledge import StepCheck, counts_for_leakage
from agentworld.audit.truth import check_truth
from agentworld.causal.dependencies import figures as dependency_figures
from agentworld.causal.dependencies import task_dependencies
from agentworld.audit.suite_run import (
    NOT_WORK,
    OracleRun,
    chebyshev,
    parse_plans,
    run_oracle,
    work_counts,
)
from agentworld.audit.verdicts import audit_task
from agentworld.tasks import load_task
from agentworld.world.content import load_content

if TYPE_CHECKING:
    from agentworld.audit.model import TaskAudit
    from agentworld.tasks import Task
    from agentworld.world.content import Content


def task_report(task: Task, content: Content) -> dict:
    """Every measure of one task, as JSON-ready data."""
    run = run_oracle(task, content, seed=0)
    audit = audit_task(task, content)
    names = [a.name for a in task.agents]
    judged = [c for c in run.checks if c.arguments]
    leak = [c for c in run.checks if counts_for_leakage(c)]
    coordination = coordination_steps(run, content.rules.give_range, content.rules.interact_range)
    return {
        "task": task.id,
        "category": task.category,
        "agents": len(names),
        "success": run.success,
        "rounds": run.rounds,
        "max_rounds": task.max_rounds,
        "justification": {
            "steps": len(judged),
            "unreached": run.unreached,
            "unjustified": [c.to_json() for c in judged if c.unknown],
        },
        "plan_leakage": _share(len(leak), sum(c.stated for c in leak), "stated"),
        "coordination_leakage": {
            **_share(len(coordination), sum(n for _c, _m, n in coordination), "named"),
            "unnamed": [
                f"{c.agent} step {c.index} ({c.kind} with {', '.join(m)})"
                for c, m, n in coordination
                if not n
            ],
        },
        "work": {**work(run, names), "idle": idle_agents(run, names, audit)},
        "merged_agent": merged_agent(task, content),
        "category_test": category_test(task, content, audit, run).to_json(),
        "plan_shapes": plan_shapes(task),
        "truth": check_truth(task, content).to_json(),
        # the oracle run's causal dependency structure (causal/dependencies.py, issue 32)
        "dependencies": {**dependency_figures(task_dependencies(task)), "task": task.id},
    }


def _share(total: int, part: int, name: str) -> dict:
    return {"steps": total, name: part, "share": round(part / total, 4) if total else None}


# --- coordination leakage ---------------------------------------------------------------------------
def coordination_steps(
    run: OracleRun, give_range: int, near: int = 0
) -> list[tuple[StepCheck, list[str], bool]]:
    """(step, its counterparts, whether the agent's own context names one of them or the meeting place)
    for every met step that involves a teammate: give and trade steps, a move_to to a teammate or
    ending within give range of where a teammate does work in this run, a wait_for an item a teammate
    gives or trades to the agent."""
    works = [
        (r["agent"], tuple(r["position"])) for r in run.actions if r["tool"] and r["tool"] not in NOT_WORK
    ]
    deliveries: dict[tuple[str, str], set[str]] = {}  # (receiver, item) -> givers
    for r in run.actions:
        args = r["args"] or {}
        if r["tool"] == "give":
            deliveries.setdefault((args.get("to"), args.get("item")), set()).add(r["agent"])
        elif r["tool"] == "trade_offer":
            for item in args.get("give", {}):
                deliveries.setdefault((args.get("to"), item), set()).add(r["agent"])
    out = []
    for check in run.checks:
        step = run.plans[check.agent][check.index]
        mates = _counterparts(check, step, run, works, deliveries, give_range)
        if mates:
            stated = run.stated[check.agent]
            place = (
                check.kind == "move_to" and bool(check.arguments) and stated.knows(check.arguments[0], near)
            )
            out.append((check, mates, place or any(m in stated.tokens for m in mates)))
    return out


def _counterparts(check: StepCheck, step, run: OracleRun, works, deliveries, give_range: int) -> list[str]:
    me = check.agent
    if check.kind in ("give", "trade_offer"):
        return [step.to]
    if check.kind == "trade_accept":
        if step.from_:
            return [step.from_]
        return sorted(
            n for n, plan in run.plans.items() if any(s.kind == "trade_offer" and s.to == me for s in plan)
        )
    if check.kind == "move_to":
        if isinstance(step.target, str) and step.target in run.plans and step.target != me:
            return [step.target]
        if check.position is None:
            return []
        return sorted({a for a, spot in works if a != me and chebyshev(spot, check.position) <= give_range})
    if check.kind == "wait_for" and step.item is not None:
        return sorted(deliveries.get((me, step.item), set()) - {me})
    return []


# --- work and plan shapes ---------------------------------------------------------------------------
def work(run: OracleRun, names: list[str]) -> dict:
    tools = Counter(r["tool"] for r in run.actions)
    per_agent = work_counts(run.actions, names)
    counts = list(per_agent.values())
    total = len(run.actions)
    return {
        "actions": total,
        "move_to": tools["move_to"],
        "wait": tools["wait"],
        "share": round((tools["move_to"] + tools["wait"]) / total, 4) if total else None,
        "per_agent": per_agent,
        "median": statistics.median(counts),
        "min": min(counts),
        "at_most_one": sum(1 for n in counts if n <= 1),
    }


def idle_agents(run: OracleRun, names: list[str], audit: TaskAudit) -> list[dict]:
    """Agents with no work action in the run, each with whether its role is to be somewhere: the audit
    finds it necessary by presence (the issue's rule: no idle agent unless the audit says so)."""
    per_agent = work_counts(run.actions, names)
    verdicts = {r.agent: r for r in audit.roles}
    return [
        {"agent": name, "presence": name in verdicts and "presence" in verdicts[name].kinds}
        for name in names
        if per_agent[name] == 0
    ]


def shape(steps: Iterable) -> str:
    """A plan's step kinds in order, chat dropped, runs of one kind merged: 'move_to, gather, give'."""
    kinds: list[str] = []
    for step in steps:
        if step.kind != "chat" and (not kinds or kinds[-1] != step.kind):
            kinds.append(step.kind)
    return ", ".join(kinds) or "(nothing)"


def plan_shapes(task: Task) -> dict:
    agents = {name: shape(steps) for name, steps in parse_plans(task).items()}
    return {"agents": agents, "team": " | ".join(sorted(set(agents.values())))}


# --- the suite --------------------------------------------------------------------------------------
def aggregate(reports: list[dict]) -> dict:
    """Suite-wide figures of a group of task reports (shares over the summed counts)."""
    per_agent = [n for r in reports for n in r["work"]["per_agent"].values()]
    actions = sum(r["work"]["actions"] for r in reports)
    move_wait = sum(r["work"]["move_to"] + r["work"]["wait"] for r in reports)
    shapes = Counter(s for r in reports for s in r["plan_shapes"]["agents"].values())
    top, top_n = shapes.most_common(1)[0] if shapes else ("", 0)
    sparsity = [r["dependencies"]["sparsity"] for r in reports]

    def share(measure: str, part: str) -> float | None:
        total = sum(r[measure]["steps"] for r in reports)
        return round(sum(r[measure][part] for r in reports) / total, 4) if total else None

    return {
        "tasks": len(reports),
        "oracle_failures": [r["task"] for r in reports if not r["success"]],
        "steps_judged": sum(r["justification"]["steps"] for r in reports),
        "unjustified_steps": sum(len(r["justification"]["unjustified"]) for r in reports),
        "tasks_with_unjustified": [r["task"] for r in reports if r["justification"]["unjustified"]],
        "statements_read": sum(sum(r["truth"]["read"].values()) for r in reports),
        "false_statements": sum(len(r["truth"]["false"]) for r in reports),
        "tasks_with_false": [r["task"] for r in reports if r["truth"]["false"]],
        "dependency_sparsity": round(statistics.median(sparsity), 4) if sparsity else None,
        "tasks_with_agent_bridge": sum(1 for r in reports if r["dependencies"]["agent_bridges"]),
        "plan_leakage": share("plan_leakage", "stated"),
        "coordination_leakage": share("coordination_leakage", "named"),
        "move_wait_share": round(move_wait / actions, 4) if actions else None,
        "work_per_agent": {
            "agents": len(per_agent),
            "median": statistics.median(per_agent) if per_agent else None,
            "min": min(per_agent, default=None),
            "at_most_one": sum(1 for n in per_agent if n <= 1),
            "idle": sum(len(r["work"].get("idle", [])) for r in reports),
            "idle_not_presence": [
                f"{r['task']}:{i['agent']}"
                for r in reports
                for i in r["work"].get("idle", [])
                if not i["presence"]
            ],
        },
        "merged_agent_could": sum(1 for r in reports if r["merged_agent"]["could"]),
        "category_tests_passed": sum(1 for r in reports if r["category_test"]["passed"]),
        "top_shape": {"shape": top, "share": round(top_n / sum(shapes.values()), 4) if shapes else None},
        "distinct_agent_shapes": len(shapes),
        "distinct_team_shapes": len({r["plan_shapes"]["team"] for r in reports}),
    }


def suite_report(task_ids: dict[str, list[str]], jobs: int = 2) -> dict:
    """The report over named task sets ({"main": [...], "augmented": [...]}): every task's measures,
    then per category, per set and over all of them. `jobs` processes play the oracle runs."""
    order = [(name, tid) for name, ids in task_ids.items() for tid in ids]
    flat = [tid for _, tid in order]
    if jobs > 1 and len(flat) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            reports = list(pool.map(_report_by_id, flat, chunksize=1))
    else:
        reports = [_report_by_id(tid) for tid in flat]
    for (name, _), report in zip(order, reports):
        report["set"] = name
    categories = sorted({r["category"] for r in reports})
    return {
        "seed": 0,
        "tasks": reports,
        "categories": {c: aggregate([r for r in reports if r["category"] == c]) for c in categories},
        "sets": {name: aggregate([r for r in reports if r["set"] == name]) for name in task_ids},
        "suite": aggregate(reports),
    }


def _report_by_id(task_id: str) -> dict:
    content = load_content()
    return task_report(load_task(task_id, content=content), content)


# --- text -------------------------------------------------------------------------------------------
def render(report: dict) -> str:
    """A compact table (one row per task), then per-set and per-category figures, then the unjustified steps."""
    width = max([len(r["task"]) for r in report["tasks"]] + [4])
    header = (
        f"{'task':<{width}}  {'category':<12} {'ok':<3} {'unjust':>6} {'plan%':>5} {'coord%':>6} "
        f"{'mv+wt%':>6} {'work med/min/<=1':>16}  {'merged':<6}  {'test':<4}  {'false':>5}  shape of the team"
    )
    lines = [header]
    for r in report["tasks"]:
        w = r["work"]
        lines.append(
            f"{r['task']:<{width}}  {r['category']:<12} {'yes' if r['success'] else 'NO':<3} "
            f"{len(r['justification']['unjustified']):>6} {_pct(r['plan_leakage']['share']):>5} "
            f"{_pct(r['coordination_leakage']['share']):>6} {_pct(w['share']):>6} "
            f"{_num(w['median']) + '/' + str(w['min']) + '/' + str(w['at_most_one']):>16}  "
            f"{'could' if r['merged_agent']['could'] else 'no':<6}  "
            f"{'pass' if r['category_test']['passed'] else 'FAIL':<4}  {len(r['truth']['false']):>5}  "
            f"{r['plan_shapes']['team'][:60]}"
        )
    for title, groups in (("set", report["sets"]), ("category", report["categories"])):
        lines.append("")
        for name, figures in groups.items():
            lines.append(f"{title} {name}: {summary(figures)}")
    lines.append("")
    lines.append(f"suite: {summary(report['suite'])}")
    for r in report["tasks"]:
        for step in r["justification"]["unjustified"]:
            lines.append(
                f"  unjustified: {r['task']} {step['agent']} step {step['step']} ({step['kind']}, round "
                f"{step['round']}): {', '.join(step['unknown'])}"
            )
        for false in r["truth"]["false"]:
            lines.append(f"  false: {r['task']} {false['field']} ({false['kind']}): {false['problem']}")
    return "\n".join(lines)


def summary(figures: dict) -> str:
    work_figures = figures["work_per_agent"]
    return (
        f"{figures['tasks']} tasks, {figures['unjustified_steps']} unjustified of {figures['steps_judged']} "
        f"steps; plan leakage {_pct(figures['plan_leakage'])}, coordination leakage "
        f"{_pct(figures['coordination_leakage'])}, move_to+wait {_pct(figures['move_wait_share'])} of actions; "
        f"work per agent median {_num(work_figures['median'])}, min {work_figures['min']}, "
        f"{work_figures['at_most_one']} of {work_figures['agents']} agents at most 1, "
        f"{len(work_figures.get('idle_not_presence', []))} idle without presence; merged agent could in "
        f"{figures['merged_agent_could']}; category tests passed {figures['category_tests_passed']}; top shape "
        f"'{figures['top_shape']['shape']}' {_pct(figures['top_shape']['share'])}; "
        f"{figures['distinct_team_shapes']} distinct team shapes; {figures['false_statements']} false of "
        f"{figures['statements_read']} statements read; dependency sparsity median "
        f"{_num(figures['dependency_sparsity'])}, {figures['tasks_with_agent_bridge']} with an agent bridge"
    )


def _pct(share: float | None) -> str:
    return "-" if share is None else f"{share * 100:.0f}%"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"
