"""The suite report's judgements that need the audit's bounds or a second oracle run.

- `merged_agent`: one agent holding every member's skills (the maximum of each), items (summed) and
  equipment, started at any member's spawn, standing in for every agent the outcome names: does
  the audit's whole-team check find nothing it fails? If so the task is collaborative only through
  capability splits.
- `category_test`: one test per category of what the category must exercise; each says what it
  checks and which part is approximated (docs/AUDIT.md "Suite report").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from agentworld.audit.suite_knowledge import Knowledge
from agentworld.audit.suite_run import OracleRun, chebyshev, run_oracle
from agentworld.audit.verdicts import audit_task
from agentworld.conditions import site_name
from agentworld.tasks import AgentSpec

if TYPE_CHECKING:
    from agentworld.audit.model import TaskAudit
    from agentworld.tasks import Task
    from agentworld.world.content import Content

MERGED = "merged_agent"


# --- the merged agent -------------------------------------------------------------------------------
def merged_spec(task: Task, spawn) -> AgentSpec:
    """Every member in one: the highest level of each skill, all items summed, each slot's first item
    worn (the others carried)."""
    skills: dict[str, int] = {}
    inventory: dict[str, int] = {}
    equipment: dict[str, str] = {}
    for agent in task.agents:
        for skill, level in agent.skills.items():
            skills[skill] = max(skills.get(skill, 1), level)
        for item, n in agent.inventory.items():
            inventory[item] = inventory.get(item, 0) + n
        for slot, item in agent.equipment.items():
            if slot in equipment:
                inventory[item] = inventory.get(item, 0) + 1
            else:
                equipment[slot] = item
    return AgentSpec(
        name=MERGED,
        role="every role",
        spawn=spawn,
        skills=skills,
        inventory=inventory,
        equipment=equipment,
        context="\n\n".join(a.context for a in task.agents),
    )


def _renamed(condition):
    """The condition with every agent it names replaced by the merged agent."""
    update = {}
    if getattr(condition, "agent", None):
        update["agent"] = MERGED
    if getattr(condition, "agents_", None):
        update["agents_"] = [MERGED]
    return condition.model_copy(update=update) if update else condition


def merged_agent(task: Task, content: Content) -> dict:
    """{"could": bool, "spawn_of": the member whose spawn worked, "failures": [...] when it could not}."""
    failures: list[str] = []
    seen: list = []
    for member in task.agents:
        if member.spawn in seen:
            continue
        seen.append(member.spawn)
        merged = task.model_copy(
            update={
                "agents": [merged_spec(task, member.spawn)],
                "success": [_renamed(c) for c in task.success],
            }
        )
        team = audit_task(merged, content).team
        if not team:
            return {"could": True, "spawn_of": member.name, "failures": []}
        if not failures:
            failures = [f"[{f.kind}] {f.reason}" for f in team]
    return {"could": False, "spawn_of": None, "failures": failures}


# --- category tests ---------------------------------------------------------------------------------
@dataclass(slots=True)
class CategoryTest:
    """One category's test on one task."""

    category: str
    checks: str  # what the test checks, for people
    passed: bool
    detail: str  # the evidence

    def to_json(self) -> dict:
        return asdict(self)


SOLO_KINDS = {  # category -> (failure kinds, requirement key prefixes) every agent alone must fail
    "crafting": (("capability",), ("item:", "skill:")),
    "gathering": (("capability", "volume"), ("item:",)),
    "construction": (("presence", "volume"), ("",)),
    "coordination": (("presence", "volume"), ("",)),
}
USES_AUDIT = frozenset({*SOLO_KINDS, "combat"})  # the categories whose test reads the audit
CHECKS = {
    "crafting": "every agent alone fails a capability requirement on an item or skill (audit bounds)",
    "gathering": "every agent alone fails a capability or volume requirement on an item (audit bounds)",
    "construction": "every agent alone fails a presence or volume requirement (audit bounds)",
    "coordination": "every agent alone fails a presence or volume requirement (audit bounds)",
    "trading": "the oracle plan with every trade rewritten as gifts fails (one run, seed 0)",
    "combat": "a mob the outcome needs killed is wounded only by named weapons, or every agent alone fails "
    "a kill or survive requirement (audit bounds)",
    "survival": "the oracle's lowest HP is at most half, and the oracle without food or healing loses an "
    "agent or fails (one run, seed 0)",
    "exploration": "some place or thing the outcome needs is named in nobody's context or objective and "
    "within no agent's first view",
}


def category_test(task: Task, content: Content, audit: TaskAudit | None, run: OracleRun) -> CategoryTest:
    """The test of the task's category (`audit` is needed for the categories in USES_AUDIT)."""
    category = task.category
    if category in SOLO_KINDS:
        passed, detail = _solo_fails(audit, *SOLO_KINDS[category])
    else:
        passed, detail = _JUDGES[category](task, content, audit, run)
    return CategoryTest(category, CHECKS[category], passed, detail)


def _solo_fails(audit: TaskAudit, kinds: tuple[str, ...], prefixes: tuple[str, ...]) -> tuple[bool, str]:
    free = [
        agent
        for agent, failures in audit.solo.items()
        if not any(f.kind in kinds and f.key.startswith(prefixes) for f in failures)
    ]
    if len(audit.solo) < 2:
        return False, "a one-agent task"
    if free:
        return False, f"alone, {', '.join(free)} fail(s) no such requirement"
    return True, f"all {len(audit.solo)} agents alone fail one"


def _trading(task: Task, content: Content, audit: TaskAudit, run: OracleRun) -> tuple[bool, str]:
    plans = gift_plans(task)
    trades = sum(
        1 for steps in task.oracle.values() for s in steps if _kind(s) in ("trade_offer", "trade_accept")
    )
    gifts = run_oracle(task, content, plans=plans)
    what = f"{trades} trade step(s) rewritten as gifts" if trades else "the oracle plan has no trade"
    return (not gifts.success, f"{what}: the gift-only plan {'succeeds' if gifts.success else 'fails'}")


def _kind(raw) -> str:
    return raw if isinstance(raw, str) else next(iter(raw))


def gift_plans(task: Task) -> dict[str, list]:
    """The oracle plans with trades as gifts: an offer gives its `give` items to its recipient; an
    accept gives the items the matching offer wanted back to the offerer."""
    offers: dict[tuple[str, str], list[dict]] = {}
    for name, steps in task.oracle.items():
        for raw in steps:
            if _kind(raw) == "trade_offer":
                offers.setdefault((name, raw["trade_offer"]["to"]), []).append(raw["trade_offer"])
    out: dict[str, list] = {}
    for name, steps in task.oracle.items():
        plan: list = []
        for raw in steps:
            kind = _kind(raw)
            if kind == "trade_offer":
                args = raw["trade_offer"]
                plan += [{"give": {"to": args["to"], "item": i, "count": n}} for i, n in args["give"].items()]
            elif kind == "trade_accept":
                sender = (raw["trade_accept"] or {}).get("from") if isinstance(raw, dict) else None
                matches = [
                    (frm, o)
                    for (frm, to), lst in offers.items()
                    for o in lst
                    if to == name and sender in (None, frm)
                ]
                if matches:
                    frm, offer = matches[0]
                    offers[(frm, name)].remove(offer)
                    plan += [{"give": {"to": frm, "item": i, "count": n}} for i, n in offer["want"].items()]
            else:
                plan.append(raw)
        out[name] = plan
    return out


def _combat(task: Task, content: Content, audit: TaskAudit, run: OracleRun) -> tuple[bool, str]:
    mobs = {r.key.split(":")[1] for r in audit.requirements if r.key.startswith("kill:")}
    named = sorted(m for m in mobs if m in content.mobs and content.mobs[m].wounded_by)
    if named:
        return True, f"only named weapons wound {', '.join(named)}"
    passed, detail = _solo_fails(audit, ("capability", "volume", "presence"), ("kill:", "survive:"))
    return passed, (f"no required mob has wounded_by; {detail}" if mobs else "the outcome needs no kill")


def _survival(task: Task, content: Content, audit: TaskAudit, run: OracleRun) -> tuple[bool, str]:
    hp, top = min(run.lowest_hp.values(), key=lambda v: v[0] / max(v[1], 1))
    healing = {i.id for i in content.items.values() if i.heal > 0}
    plans = {
        name: [s for s in steps if not (_kind(s) == "use" and s["use"]["item"] in healing)]
        for name, steps in task.oracle.items()
    }
    starving = run_oracle(task, content, plans=plans, heal_below=0.0)
    low = hp * 2 <= top
    hurt = bool(starving.deaths) or not starving.success
    what = (f"{len(starving.deaths)} death(s)" if starving.deaths else "no death") + (
        "" if starving.success else ", fails"
    )
    return low and hurt, f"oracle lowest HP {hp}/{top}; without food or healing: {what}"


def sought(task: Task, content: Content) -> list[tuple[str, tuple[int, int]]]:
    """(name, tile) of each place or thing the outcome needs found: `at` places, sites, ground items it
    needs, task mobs it needs killed, quest NPCs."""
    gmap, out = content.map, []
    ground = {g.item: tuple(gmap.resolve(g.position)) for g in task.world.ground_items}
    sites = {s.id: tuple(gmap.resolve(s.position)) for s in task.world.sites}
    for c in task.success:
        kind = getattr(c, "kind", "")
        if kind == "at" or kind == "built_while_held":
            for place in [c.place] if kind == "at" else c.places:
                out.append((place if isinstance(place, str) else "", tuple(gmap.resolve(place))))
        for site in [getattr(c, "site", None), getattr(c, "base", None), *getattr(c, "sites", [])]:
            if site and site_name(site) in sites:
                out.append((site_name(site), sites[site_name(site)]))
        for item in _condition_items(c):
            if item in ground:
                out.append((item, ground[item]))
        if kind == "killed":
            out += [(m.type, tuple(gmap.resolve(m.position))) for m in task.world.mobs if m.type == c.mob]
        if kind == "quest_done":
            npcs = [n.id for n in content.npcs.values() if any(q.id == c.quest for q in n.quests)]
            out += [(n, tuple(gmap.npc_positions[n])) for n in npcs if n in gmap.npc_positions]
    out += _sought_nodes(task, content)
    return list(dict.fromkeys(out))


def _condition_items(condition) -> list[str]:
    """The items a success condition names (`items` counts or one `item`)."""
    named = [*(getattr(condition, "items", None) or {}), getattr(condition, "item", None)]
    return [item for item in named if isinstance(item, str)]


def _sought_nodes(task: Task, content: Content) -> list[tuple[str, tuple[int, int]]]:
    """(kind, tile) of each node the task places, of a kind found nowhere else on the map, that yields
    an item the outcome needs held or delivered (or an input of a recipe making one): the only source
    of that item, so its place must be found."""
    needed = {item for c in task.success for item in _condition_items(c)}
    for recipe in content.recipes.values():
        if needed & set(recipe.outputs):
            needed |= set(recipe.inputs)
    on_map = {kind for kind, _ in content.map.placed_nodes}
    return [
        (node.kind, tuple(content.map.resolve(node.position)))
        for node in task.world.nodes
        if node.kind in content.node_kinds
        and node.kind not in on_map
        and needed & set(content.node_kinds[node.kind].yields)
    ]


def _exploration(task: Task, content: Content, audit: TaskAudit, run: OracleRun) -> tuple[bool, str]:
    told = Knowledge.of_text(task.objective, *(a.context for a in task.agents))
    radius = content.rules.view_radius
    hidden, shown = [], []
    for name, tile in sought(task, content):
        label = f"{name or 'place'} ({tile[0]}, {tile[1]})"
        named = (
            tile in told.coords
            or (bool(name) and "#" in name and name.lower() in told.tokens)
            or (
                bool(name) and "#" not in name and name.lower() in told.tokens and not _is_item(name, content)
            )
        )
        seen = any(chebyshev(spot, tile) <= radius for spot in run.first_view.values())
        (shown if named or seen else hidden).append(
            label + (" named" if named else "") + (" in view" if seen else "")
        )
    if not hidden:
        return False, "every sought thing is told or in view: " + ("; ".join(shown) or "none sought")
    return True, "hidden: " + "; ".join(hidden)


def _is_item(name: str, content: Content) -> bool:
    """An item's or a node kind's name in a text says what to find, not where: only its place counts."""
    return name in content.items or name in content.node_kinds


_JUDGES: dict[str, Callable] = {
    "trading": _trading,
    "combat": _combat,
    "survival": _survival,
    "exploration": _exploration,
}
