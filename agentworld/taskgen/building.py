"""The construction motif (issue 24): staged works raised by the whole team, `raise_works`.

A task's works are stages (task sites). Groundwork stages (no skill) take more `build` turns than
one agent has in the budget, so the team digs them together: the audit's `Work` need proves that
no member alone, nor one agent with everyone's skills and items, could finish them (volume).
Finishing stages stand on a finished stage (`built_on`) and need materials and a master's skill;
the materials are gathered at rare nodes, made at stations and carried in starting stores by
different hands.

Knowledge is spread as a character would hold it: one hand has the plan of the works (where each
stage is marked and what it takes), another may know where a gatherer's nodes stand, a maker knows
its recipes and where it works. Nobody's documentation says whom to bring what or where to meet:
the oracle plan carries that by chat (the holder tells, the others `wait_for` its message).

Every hand's oracle plan is built in one order: tell what it knows, learn what it must (waiting at
the first step that needs it), gather, make, hand raw goods to their maker, dig the groundwork,
hand its goods to the stage's master (or deliver them into the stage), and, for a master, finish
its stages. A stage built on another is marked a few tiles off its base, so the step from one to
the other always costs a turn (a build in the round its base was finished would not count).
"""

from __future__ import annotations

import re

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import Agent
from agentworld.taskgen.work_plans import by_landmark, hand_context, hand_inventory, hand_plan
from agentworld.taskgen.works import (
    Hand,
    Load,
    Position,
    Stage,
    Works,
    and_list,
    anchor_tile,
    item_name,
    made_by,
    plural,
    skills_of,
    yield_of,
)

__all__ = ["Hand", "Load", "Stage", "raise_works"]


def raise_works(
    task_id: str,
    name: str,
    *,
    intro: str,
    goal: str,
    stages: list[Stage],
    hands: list[Hand],
    plan_with: str,
) -> Draft:
    """Staged works raised by the whole team: groundwork dug by every hand (more turns than one has),
    finishing stages built on it from materials several hands gather, make or carry, finished by masters.

    `goal`: the outcome in words ("the new roof stands on the cleared shrine"); `plan_with`: the hand
    whose notes hold the plan of the works (it tells each other hand the stages it goes to)."""
    works = Works({s.id: s for s in stages}, {h.name: h for h in hands}, plan_with)
    _sole_holders(works)
    works.place()
    works.compose()
    chats = works.messages()
    if plan_with in chats:  # the plan holder walks to the landmark the works are marked by, then looks
        pass
    agents = []
    for hand in hands:
        plan = hand_plan(works, hand, chats)
        if hand.name == plan_with:
            plan = by_landmark(works, plan, anchor_tile(hand.spawn))
        skills = skills_of(hand, works.stages)
        agents.append(
            Agent(
                hand.name,
                hand.title,
                hand.spawn,
                skills,
                hand_context(works, hand),
                plan,
                inventory=hand_inventory(hand),
            )
        )
    objective = (
        f"{intro} Groundwork needs no skill: any hand's `build` on it adds a work point. Nothing may be built "
        f"on a stage before the stage beneath it is finished (a build on it too early, a delivery too, spoils "
        f"it). The task is complete when {goal}."
    )
    _unnamed(objective, agents)
    bases = {s.on for s in stages if s.on}
    success = [{"built_on": {"site": s.id, "base": s.on}} for s in stages if s.on]
    success += [{"site_built": {"site": s.id}} for s in stages if not s.on and s.id not in bases]
    world = {
        "nodes": [
            {"kind": node, "position": list(t)} for (_h, node), tiles in works.nodes.items() for t in tiles
        ],
        "sites": [_site_entry(s, works.tiles[s.id]) for s in stages],
    }
    return Draft(
        task_id,
        name,
        "construction",
        objective,
        agents,
        success,
        _checkpoints(works)[:6],
        "raise_works",
        "raise_works:" + _shape(works),
        world=world,
        alternatives=_alternatives(works, agents),
        why=_why(works),
    )


def _sole_holders(works: Works) -> None:
    """Each rare node, recipe and finishing stage has one hand with the level it needs: a second hand with
    that skill could stand in, and the first would be unnecessary."""
    skills = {h.name: skills_of(h, works.stages) for h in works.hands.values()}
    for hand in works.hands.values():
        needs = [
            (places.content().node_kinds[load.node].skill, places.content().node_kinds[load.node].level)
            for load in hand.loads
        ]
        needs += [
            (places.content().recipes[r].skill, places.content().recipes[r].level) for r, _t in hand.crafts
        ]
        needs += [(works.stages[s].skill, works.stages[s].level) for s in hand.finishes]
        for skill, level in needs:
            rivals = [o for o, held in skills.items() if o != hand.name and held.get(skill, 1) >= level]
            if rivals:
                raise ValueError(
                    f"{hand.name}'s {skill} {level} is also {', '.join(rivals)}'s: give them other skills"
                )


def _unnamed(objective: str, agents: list[Agent]) -> None:
    """Nobody's documentation (nor the objective) names a teammate: who brings what is learnt by chat."""
    for agent in agents:
        for text, where in [(objective, "the objective")] + [
            (a.context, a.name) for a in agents if a is not agent
        ]:
            if agent.name in re.findall(r"[a-z0-9_]+", text.lower()):
                raise ValueError(f"{where} names the teammate {agent.name}")


def _site_entry(stage: Stage, tile: Position) -> dict:
    entry = {"id": stage.id, "name": stage.name, "position": list(tile), "materials": dict(stage.materials)}
    entry["work"] = stage.work
    if stage.skill:
        entry["skill"], entry["level"] = stage.skill, stage.level
    return entry


def _checkpoints(works: Works) -> list[dict]:
    out = []
    for stage in works.stages.values():
        if stage.skill is None:
            out.append(
                _checkpoint(
                    f"{stage.id}_dug",
                    f"The {stage.name.lower()} is finished.",
                    {"site_built": {"site": stage.id}},
                )
            )
    for hand in works.hands.values():
        for load in hand.loads:
            item = yield_of(load.node)
            out.append(
                _checkpoint(
                    f"{item}_gathered",
                    f"{load.count} {plural(item_name(item))} have been gathered.",
                    {"holds": {"items": {item: load.count}}},
                )
            )
        for recipe_id, times in hand.crafts[-1:]:
            item, n = next(iter(places.content().recipes[recipe_id].outputs.items()))
            out.insert(
                0,
                _checkpoint(
                    f"{item}_made",
                    f"{n * times} {plural(item_name(item))} have been made.",
                    {"holds": {"items": {item: n * times}}},
                ),
            )
    return out


def _checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


def _alternatives(works: Works, agents: list[Agent]) -> list[tuple[str, dict[str, list]]]:
    """Other legal routes: the suppliers deliver their goods into the stage themselves with `build`
    (after its base is finished) instead of handing them to its master."""
    by_name = {a.name: a for a in agents}
    plans: dict[str, list] = {}
    moved: list[str] = []
    for hand in works.hands.values():
        for item, dest in hand.sends.items():
            master = works.hands.get(dest)
            if master is None or master.crafts or not master.finishes:
                continue
            stage = next(s for s in master.finishes if item in works.stages[s].materials)
            plan = plans.setdefault(hand.name, list(by_name[hand.name].plan))
            at = plan.index({"give": {"to": dest, "item": item, "count": made_by(hand)[item]}})
            del plan[at]
            base = works.stages[stage].on
            digs = [
                i
                for i, step in enumerate(plan)
                if step.get("build", {}).get("site") in dug_sites(hand)
                and (base not in hand.digs or step["build"]["site"] == f"site#{base}")
            ]
            plan.insert(max([at] + [i + 1 for i in digs]), {"build": {"site": f"site#{stage}"}})
            waits = plans.setdefault(dest, list(by_name[dest].plan))
            waits[:] = [s for s in waits if s.get("wait_for", {}).get("item") != item]
            moved.append(item_name(item))
    if not plans:
        return []
    return [(f"the suppliers deliver the {and_list(sorted(set(moved)))} into the stages themselves", plans)]


def dug_sites(hand: Hand) -> set[str]:
    return {f"site#{d}" for d in hand.digs}


def _shape(works: Works) -> str:
    stages = works.stages.values()
    parts = [
        "S" + "".join("g" if s.skill is None else "f" for s in stages) + "".join("^" for s in stages if s.on),
        "H"
        + ".".join(
            ("G" * len(h.loads))
            + ("M" if h.crafts else "")
            + ("T" if h.stock else "")
            + ("B" if h.buys else "")
            + ("F" * len(h.finishes))
            + ("d" * len(h.digs))
            for h in works.hands.values()
        ),
        "k"
        + "".join(
            sorted(
                {
                    "s" if load.known_by not in (None, h.name) else "o"
                    for h in works.hands.values()
                    for load in h.loads
                }
            )
        ),
    ]
    return ":".join(parts)


def _why(works: Works) -> str:
    content = places.content()
    parts = [
        f"{s.name.lower()} ({s.work} turns of groundwork, more than one hand has)"
        for s in works.stages.values()
        if s.skill is None
    ]
    for hand in works.hands.values():
        for load in hand.loads:
            node = content.node_kinds[load.node]
            parts.append(
                f"{item_name(yield_of(load.node))} (only {hand.title.lower()}: {node.skill} {node.level})"
            )
        if hand.crafts:
            recipe = content.recipes[hand.crafts[-1][0]]
            parts.append(
                f"{recipe.id.replace('_', ' ')} (only {hand.title.lower()}: {recipe.skill} {recipe.level})"
            )
        for item in hand.stock:
            if item != "coins":
                parts.append(f"{item_name(item)} (only in the {hand.title.lower()}'s stores)")
    finished = [
        f"{works.stages[s].name.lower()} finished by the {h.title.lower()} (only {works.stages[s].skill} {works.stages[s].level})"
        for h in works.hands.values()
        for s in h.finishes
    ]
    return " + ".join(parts) + " -> " + "; ".join(finished)
