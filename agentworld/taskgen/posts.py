"""Coordination motifs: a team works out who holds which post and when, then works the posts.

A *post* is a task site at a place: its keeper gathers what the site takes from nodes placed beside
it (and may turn that into something by hand or at a station first), delivers it and works the site
(`work` turns with a skill at a level only keepers have). A post may carry a *top*: a second site
built on the finished post (a lamp hung on the lamp post, a brand set in the pyre) that takes what a
*maker* brings, made elsewhere from gathered or carried materials; its last build lights it.

The outcome fixes when the posts are finished, and that makes the crew (docs/AUDIT.md "Timed site
conditions"): every post in one round (`relay` with no gap: an agreed round), one after another a
round apart from a signal round (`relay`), or a central site every build of which is made while each
post is held (`built_while_held`, each post's own site built too). No member holds two posts, so
every keeper is needed for presence; makers are needed for what only they can make.

Documentation informs and never scripts: a keeper's context says what it is, what it can do (skills,
tools, the recipes it knows) and what it knows of the land; one member holds the survey of the posts
(their sites, places and what each takes), another may know the signal round, a third where a
maker's materials grow; nobody is told which post is its own, when to act or whom to give to. The
oracle plan carries all of it by chat: keepers may report what they can do, the surveyor shares the
survey with the team's assignment, the herald the round, keepers say when they are in place.

This module assembles the task (objective, outcome, sites, checkpoints, alternatives); what a call
describes is post_model.py's, where things stand post_layout.py's, what the members read
post_words.py's and their oracle plans post_plans.py's.
"""

from __future__ import annotations

from dataclasses import replace

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import Agent, _and
from agentworld.taskgen.post_layout import Layout, lay_out
from agentworld.taskgen.post_model import (  # noqa: F401 (re-exported: the suite's motif calls import them from here)
    Central,
    Keeper,
    Maker,
    Position,
    Post,
    Stage,
    Top,
    Watch,
)
from agentworld.taskgen.post_plans import member_plans
from agentworld.taskgen.post_words import keeper_context, maker_context, survey, where_nodes


def _objective(w: Watch, intro: str) -> str:
    lit = [p.top.name if p.top else p.name for p in w.posts]
    names = _and([f"the {n}" for n in lit])
    if w.mode == "together":
        when = f"{names} are all lit in the same round" + (
            ", none of them before the signal" if w.signal else ""
        )
    elif w.mode == "order":
        when = (
            f"{names} are lit in that order, each exactly one round after the one before, the first in the "
            f"round of the signal or later"
        )
    else:
        assert w.central is not None
        when = (
            f"{names} are all finished, and the {w.central.name} is finished with someone standing within "
            f"{w.central.within} tiles of each of them at every build on it (deliveries included)"
        )
    return f"{intro} The task is complete when {when}."


def _success(w: Watch, layout: Layout) -> list[dict]:
    start = {"from_round": w.signal} if w.signal else {}
    lit = [p.lit() for p in w.posts]
    tops = [{"built_on": {"site": p.top.id, "base": p.id}} for p in w.posts if p.top]
    if w.mode == "together":
        return [{"relay": {"sites": lit, "min_gap": 0, "max_gap": 0, **start}}] + tops
    if w.mode == "order":
        return [{"relay": {"sites": lit, "min_gap": 1, "max_gap": 1, **start}}] + tops
    assert w.central is not None
    held = {
        "built_while_held": {
            "site": w.central.id,
            "places": [list(layout.site[p.id]) for p in w.posts],
            "within": w.central.within,
        }
    }
    return [held] + [{"site_built": {"site": p.id}} for p in w.posts]


def _site(sid: str, name: str, tile: Position, materials: dict, work: int, skill: str, level: int) -> dict:
    return {
        "id": sid,
        "name": name,
        "position": list(tile),
        "materials": dict(materials),
        "work": work,
        "skill": skill,
        "level": level,
    }


def _world(w: Watch, layout: Layout) -> dict[str, list]:
    sites = []
    for p in w.posts:
        sites.append(_site(p.id, p.name, layout.site[p.id], p.materials(), p.work, p.skill, p.level))
        if p.top:
            t = p.top
            sites.append(_site(t.id, t.name, layout.site[t.id], t.supply, t.work, p.skill, p.level))
    if w.central:
        c = w.central
        sites.append(_site(c.id, c.name, layout.site[c.id], c.materials, c.work, c.skill, c.level))
    return {"nodes": layout.nodes, "sites": sites}


def _checkpoints(w: Watch, layout: Layout) -> list[dict]:
    out = []
    supplies: dict[str, int] = {}
    for p in w.posts:
        for item, n in {**p.supply, **(p.top.supply if p.top else {})}.items():
            supplies[item] = supplies.get(item, 0) + n
    for item, n in supplies.items():
        name = places.content().items[item].name.lower()
        out.append(
            {
                "id": f"{item}_made",
                "description": f"The team holds {n} {name}.",
                "when": {"holds": {"items": {item: n}}},
            }
        )
    names = places.content().items

    def stock(p: Post) -> None:
        item, n = next(iter(p.local().items()))
        out.append(
            {
                "id": f"{p.id}_stock",
                "description": f"Someone holds the {n} {names[item].name.lower()} the {p.name} takes.",
                "when": {"holds": {"items": {item: n}}},
            }
        )

    for p in w.posts[:2]:  # (reached once: checkpoints latch)
        if p.local():
            stock(p)
        if p.top or w.mode == "held":
            out.append(
                {
                    "id": f"{p.id}_raised",
                    "description": f"The {p.name} stands.",
                    "when": {"site_built": {"site": p.id}},
                }
            )
    for p in w.posts[2:]:
        if len(out) >= 3:
            break
        if p.local():
            stock(p)
    if w.central:
        c = w.central
        out.append(
            {
                "id": f"{c.id}_done",
                "description": f"The {c.name} is finished.",
                "when": {"site_built": {"site": c.id}},
            }
        )
    return out[:6]


def _word_when_raised(plans: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """The plans with each holder's "in place" message moved after its own last build (held mode): the
    central builder starts later, and the outcome is the same."""
    out = {}
    for name, plan in plans.items():
        word = [s for s in plan if "chat" in s and s["chat"]["message"].startswith("In place at")]
        if word:
            rest = [s for s in plan if s not in word]
            last = max(i for i, s in enumerate(rest) if "build" in s)
            rest.insert(last + 1, word[0])
            out[name] = rest
    return out


def _check(w: Watch) -> None:
    names = [k.name for k in w.keepers] + [m.name for m in w.makers]
    assert len(set(names)) == len(names), names
    holders = w.holders()
    assert len(set(holders)) == len(holders) and set(holders) <= set(names), "one post per holder"
    assert {k.name for k in w.keepers} <= set(holders), "every keeper holds a post"
    assert w.surveyor in names and (w.herald is None or w.herald in names)
    assert (w.herald is None) == (w.signal is None)
    if w.mode == "held":
        assert w.central is not None and not any(p.top for p in w.posts)


def watch(task_id: str, name: str, *, intro: str, w: Watch, tag: str, why: str, swaps=()) -> Draft:
    """A coordination task: keepers hold and work posts, lit at once, in order or while a central site
    is built. `swaps`: pairs of keepers who could hold each other's posts (alternative routes); a timed
    task also has the alternative of a later agreed round."""
    _check(w)
    layout = lay_out(w)
    assignment = {p.id: p.keeper for p in w.posts}
    plans = member_plans(w, layout, assignment)
    extra: dict[str, list[str]] = {}
    extra.setdefault(w.surveyor, []).append(survey(w, layout))
    if w.herald:
        extra.setdefault(w.herald, []).append(
            f"The signal comes in round {w.signal}: no post may be lit before it."
        )
    for maker_name, scout in w.scouts.items():
        maker = next(m for m in w.makers if m.name == maker_name)
        extra.setdefault(scout, []).append(f"You know where {_and(where_nodes(maker, layout, True))} stand.")
    agents: list[Agent] = []
    for k in w.keepers:
        context = "\n".join([keeper_context(k), *extra.get(k.name, [])])
        agents.append(
            Agent(
                k.name,
                k.title,
                k.spawn,
                dict(k.skills),
                context,
                plans[k.name],
                dict(k.inventory),
                kind="keep",
            )
        )
    for m in w.makers:
        context = "\n".join([maker_context(m, layout, m.name not in w.scouts, w), *extra.get(m.name, [])])
        agents.append(
            Agent(
                m.name,
                m.title,
                m.spawn,
                dict(m.skills),
                context,
                plans[m.name],
                dict(m.inventory),
                kind="make",
            )
        )
    alternatives = []
    for a, b in swaps:
        swapped = {pid: {a: b, b: a}.get(k, k) for pid, k in assignment.items()}
        alternatives.append((f"{a} and {b} hold each other's posts", member_plans(w, layout, swapped)))
    if w.mode != "held":
        later = replace(w, light=w.light + 2)
        alternatives.append(("the team lights two rounds later", member_plans(later, layout, assignment)))
    else:
        alternatives.append(
            ("every holder gives word only once its own post stands", _word_when_raised(plans))
        )
    return Draft(
        task_id,
        name,
        "coordination",
        _objective(w, intro),
        agents,
        _success(w, layout),
        _checkpoints(w, layout),
        "watch",
        f"watch:{w.mode}:{tag}",
        world=_world(w, layout),
        alternatives=alternatives,
        why=why,
    )
