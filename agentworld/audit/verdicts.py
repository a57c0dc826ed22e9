"""Per-role verdicts, solo routes and the benchmark's rules for one task: `audit_task`.

A role R is *necessary* when the team without R fails some requirement other than knowledge
(kinds: outcome, capability, presence, volume), *knowledge-only* when only facts that R's
documentation alone holds are missing, else *unnecessary*. Every check is optimistic about the
remaining agents (see bounds.py and team.py), so "necessary" is a claim no run without R can
refute, while "unnecessary" only means the content does not exclude a team without R.

The rules a shipped task must satisfy (issue 9): at least two roles necessary by capability,
presence, volume or the outcome naming them, no role unnecessary, and no solo route.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agentworld.audit.context import TaskContext
from agentworld.audit.model import Failure, RoleVerdict, TaskAudit
from agentworld.audit.needs import ItemNeed, Need
from agentworld.audit.requirements import endurance, expand, fair_worth, replaceable, survival
from agentworld.audit.signature import structure
from agentworld.audit.team import Team
from agentworld.task_scope import world_for
from agentworld.world.content import load_content

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content

HARD_KINDS = ("outcome", "capability", "presence", "volume")


def audit_task(task: "Task", content: "Content | None" = None, success: list[Any] | None = None) -> TaskAudit:
    """The collaboration certificate of `task` (its `success` conditions unless given)."""
    content = world_for(task, content if content is not None else load_content())
    ctx = TaskContext(task, content)
    conditions = list(success if success is not None else task.success)
    needs, unaudited = _expand_all(conditions, ctx)
    reserved = _reserved(needs, ctx)
    names = tuple(ctx.agents)

    def failures(team: Team) -> list[Failure]:
        return [f for need in needs if (f := need.check(team)) is not None]

    full = Team(ctx, names, reserved)
    for need in needs:
        need.info.providers = need.providers(full)
    roles = []
    for spec in task.agents:
        others = Team(ctx, tuple(n for n in names if n != spec.name), reserved)
        verdict = _verdict(spec.name, spec.role, failures(others))
        if verdict.verdict != "necessary":
            verdict.alternatives = _alternatives(spec.name, needs, full, others)
        roles.append(verdict)
    solo = (
        {name: failures(Team(ctx, (name,), reserved)) for name in names} if len(names) > 1 else {names[0]: []}
    )
    audit = TaskAudit(
        task=task.id,
        max_rounds=task.max_rounds,
        requirements=[n.info for n in needs],
        roles=roles,
        solo=solo,
        unaudited=unaudited,
        team=failures(full),
        signature=structure(conditions, roles, ctx, needs, full),
    )
    audit.problems = _rules(audit)
    return audit


def _expand_all(conditions: list[Any], ctx: TaskContext) -> tuple[list[Need], list[str]]:
    """Every condition's requirements (one per key), and the conditions the audit cannot read."""
    needs: list[Need] = []
    unaudited: list[str] = []
    for condition in conditions:
        kind = getattr(condition, "kind", "")
        if kind == "predicate":
            unaudited.append(f"custom condition, not audited: predicate {condition.name}")
        needs.extend(expand(condition, ctx))
    for condition in conditions:
        if getattr(condition, "kind", "") == "fair_exchange":
            needs.extend(fair_worth(condition, conditions, ctx))
        if getattr(condition, "kind", "") == "nobody_died":
            survive = survival(needs, ctx, condition.describe()) + endurance(needs, ctx, condition.describe())
            needs.extend(survive)
            if not survive:
                unaudited.append(
                    f"{condition.describe()}: survival is audited only against mobs with sure strikes and "
                    f"work in an exposure (a runner can hold any other mob while others attack; kiting, "
                    f"food and a 5% miss chance keep anyone alive)"
                )
    return _unique(needs), unaudited


def _unique(needs: list[Need]) -> list[Need]:
    """One requirement per key (two conditions may ask for the same item): keep the largest count."""
    out: dict[str, Need] = {}
    for need in needs:
        key = need.info.key
        if key in out and getattr(out[key], "count", 0) >= getattr(need, "count", 0):
            continue
        out[key] = need
    return list(out.values())


def _reserved(needs: list[Need], ctx: TaskContext) -> dict[str, int]:
    """Units the outcome needs of items nothing in the world can make, buy, gather or drop:
    selling them for coins would break the outcome, so the coin bound does not count them."""
    return {
        n.item: n.count for n in needs if isinstance(n, ItemNeed) and not replaceable(n.item, ctx.content)
    }


def _verdict(agent: str, role: str, failed: list[Failure]) -> RoleVerdict:
    hard = [f for f in failed if f.kind in HARD_KINDS]
    if hard:
        kinds = list(dict.fromkeys(f.kind for f in hard))
        return RoleVerdict(agent, role, "necessary", kinds, hard)
    if failed:
        return RoleVerdict(agent, role, "knowledge-only", ["knowledge"], failed)
    return RoleVerdict(agent, role, "unnecessary")


def _alternatives(agent: str, needs: list[Need], full: Team, others: Team) -> list[str]:
    """The ways around `agent`: for each requirement it could meet, who else could and how; then
    for the materials of the outcome's recipes it starts with or can gather from the start (level
    and tool in hand), how the others get them."""
    out = []
    for need in needs:
        if any(p.agent == agent for p in need.info.providers):
            ways = (
                "; ".join(f"{p.agent}: {p.how}" for p in need.providers(others)) or "no direct provider left"
            )
            out.append(f"{need.info.text}: {ways}")
    wanted = [n.item for n in needs if isinstance(n, ItemNeed)]
    for item in _materials(wanted, full.ctx.content):
        mine = [
            s
            for s in full.sources.get(item, [])
            if s.kind == "start"
            and agent in s.agents
            or s.kind == "gather"
            and _gathers_now(full.ctx, agent, s.ref)
        ]
        ways = "; ".join(dict.fromkeys(s.detail for s in others.sources.get(item, [])))
        if mine and ways and item not in wanted:
            out.append(f"{item} (for the outcome's recipes): {ways}")
    return out or [f"{agent} meets none of the outcome's requirements directly"]


def _gathers_now(ctx: TaskContext, agent: str, kind_id: str) -> bool:
    """Whether `agent` starts with the level and the tool to gather nodes of this kind."""
    spec, kind = ctx.agents[agent], ctx.content.node_kinds[kind_id]
    held = [*spec.inventory, *spec.equipment.values()]
    tool = kind.tool is None or any((t := ctx.content.items[i].tool) and t.skill == kind.tool for i in held)
    return spec.skills.get(kind.skill, 1) >= kind.level and tool


def _materials(items: list[str], content: "Content", depth: int = 3) -> list[str]:
    """Inputs and tools of the recipes that make `items`, and of theirs, `depth` levels down."""
    found: dict[str, None] = {}
    frontier = list(items)
    for _ in range(depth):
        nxt = []
        for item in frontier:
            for recipe in content.recipes.values():
                if item in recipe.outputs:
                    for part in [*recipe.inputs, *recipe.tools]:
                        if part not in found:
                            found[part] = None
                            nxt.append(part)
        frontier = nxt
    return list(found)


def _rules(audit: TaskAudit) -> list[str]:
    problems = []
    if audit.team:
        problems.append(
            "the whole team fails a requirement (the task is impossible, or a bound is wrong): "
            + "; ".join(f.reason for f in audit.team)
        )
    # a role the outcome merely names is needed by the wording, not by the world: it does not count
    necessary = [
        r.agent
        for r in audit.roles
        if r.verdict == "necessary" and set(r.kinds) & {"capability", "presence", "volume"}
    ]
    if len(audit.roles) > 1 and len(necessary) < 2:
        problems.append(
            "fewer than two roles are necessary by capability, presence or volume "
            f"({', '.join(necessary) or 'none'})"
        )
    unnecessary = [r.agent for r in audit.roles if r.verdict == "unnecessary"]
    if unnecessary:
        problems.append(f"unnecessary role(s): {', '.join(unnecessary)}")
    if audit.solo_routes:
        problems.append(f"a solo route is not excluded for: {', '.join(audit.solo_routes)}")
    return problems


def signature(task: "Task", content: "Content | None" = None, success: list[Any] | None = None) -> str:
    """The structural signature of `task` (`TaskAudit.signature`; signature.py computes it)."""
    return audit_task(task, content, success).signature
