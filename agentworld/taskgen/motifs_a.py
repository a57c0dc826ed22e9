"""Motifs of tasks 50-75, each built on `forge`'s chain (gatherers -> makers -> one named agent)
and changing what that last agent must do with the product (the survival tasks' `holdout` gave way to
taskgen/holdouts.py in issue 24):

- `armed` (combat): a fighter takes up the weapon or armour only the makers can make and kills a
  task-placed beast;

The world, not the wording, makes each role necessary: rare nodes (gathering 45-50) only the
gatherers can work, recipes (45-55) only the makers know, and an outcome naming the last agent.
Signatures are prefixed with the motif's name, so none can equal a `forge` task's.
"""

from __future__ import annotations

from collections.abc import Callable

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, _checkpoint, _wounding, forge
from agentworld.taskgen.parts import spawn_text, xy

Plan = list[dict]
Position = tuple[int, int]


def _final(makers: list[dict]) -> tuple[str, int]:
    """The last maker's product and how many units it makes."""
    recipe_id, times = makers[-1]["recipes"][-1]
    recipe = places.content().recipes[recipe_id]
    item, per = next(iter(recipe.outputs.items()))
    return item, per * times


def _rewrite(draft: Draft, name: str, plan: Callable[[Plan], Plan]) -> None:
    """Rewrite agent `name`'s plan in the draft and in every alternative route that names it."""
    agent = next(a for a in draft.agents if a.name == name)
    agent.plan = plan(agent.plan)
    draft.alternatives = [
        (what, {n: plan(p) if n == name else p for n, p in plans.items()})
        for what, plans in draft.alternatives
    ]


def _chain(
    task_id: str, name: str, sources: list[Source], makers: list[dict], last: dict | None, intro: str
) -> Draft:
    """forge's chain, ending with `last` (name, title, skills, spawn) receiving the final product,
    or (None) with the last maker keeping it. With `last["gathers"]`, `last` is one of the sources:
    it gathers its load, hands it on, and later receives the product."""
    if last is None:
        return forge(task_id, name, sources=sources, makers=makers, intro=intro, wields={}, relay=False)
    item, _count = _final(makers)
    own = bool(last.get("gathers"))
    stand_in = f"{last['name']}__receiver" if own else last["name"]
    draft = forge(
        task_id,
        name,
        sources=sources,
        makers=makers,
        intro=intro,
        wielder={
            "name": stand_in,
            "title": last["title"],
            "skills": dict(last.get("skills", {})),
            "spawn": last["spawn"],
            "item": item,
        },
        relay=False,
    )
    if own:
        _merge(draft, last["name"], stand_in)
    return draft


def _merge(draft: Draft, gatherer: str, stand_in: str) -> None:
    """Make the gatherer named `gatherer` also play the stand-in receiver's part (after its own),
    in the task and in every alternative route; hand-overs to the stand-in go to the gatherer."""
    g = next(a for a in draft.agents if a.name == gatherer)
    w = next(a for a in draft.agents if a.name == stand_in)

    def renamed(plan: Plan) -> Plan:
        return [
            {
                kind: (
                    {**args, "to": gatherer}
                    if isinstance(args, dict) and args.get("to") == stand_in
                    else args
                )
                for kind, args in step.items()
            }
            for step in plan
        ]

    def merged(plans: dict[str, Plan]) -> dict[str, Plan]:
        out = {n: renamed(p) for n, p in plans.items() if n not in (gatherer, stand_in)}
        if gatherer in plans or stand_in in plans:
            out[gatherer] = renamed(plans.get(gatherer, g.plan) + plans.get(stand_in, w.plan))
        return out

    g.plan = renamed(g.plan + w.plan)
    g.skills.update(w.skills)
    g.kind = f"{g.kind}+{w.kind}"
    draft.agents = [a for a in draft.agents if a is not w]
    for a in draft.agents:
        a.plan = renamed(a.plan) if a is not g else a.plan
        a.context = a.context.replace(stand_in, gatherer)
    draft.alternatives = [(what, merged(plans)) for what, plans in draft.alternatives]
    draft.success = [
        {k: ({**v, "agent": gatherer} if v.get("agent") == stand_in else v) for k, v in c.items()}
        for c in draft.success
    ]
    draft.checkpoints = [
        {
            **c,
            "when": {
                k: ({**v, "agent": gatherer} if v.get("agent") == stand_in else v)
                for k, v in c["when"].items()
            },
        }
        for c in draft.checkpoints
    ]
    shape = draft.signature.rsplit(">", 1)
    draft.signature = f"{shape[0]}>G{shape[1]}"  # the receiver is a gatherer too


def _signature(draft: Draft, motif: str, last: str) -> str:
    """forge's shape under the motif's name, its final W (the wielder) replaced by `last`."""
    shape = draft.signature.split(":", 1)[1]
    return f"{motif}:{shape[:-1]}{last}"


def _why(draft: Draft, end: str) -> str:
    """forge's collaboration line up to the product, then what the motif does with it."""
    chain = draft.why.split(" -> wielded by")[0].split(", who wields it")[0]
    return f"{chain} -> {end}"


def armed(
    task_id: str,
    name: str,
    *,
    sources: list[Source],
    makers: list[dict],
    fighter: dict,
    beast: dict,
    intro: str,
    trophy: bool = False,
) -> Draft:
    """Gatherers -> makers -> a fighter who must take up the piece and kill a task-placed beast.

    fighter: {name, title, skills, spawn, equipment?}, or with `makes: True` the last maker itself;
    beast: {type, near, direction?, away?, approach?}. With `trophy`, the beast's drops are an input
    of the first maker whose recipe needs them: the fighter kills it first and brings them."""
    piece, _count = _final(makers)
    self_made = bool(fighter.get("makes"))
    draft = _chain(task_id, name, sources, makers, None if self_made else fighter, intro)
    content = places.content()
    spec = content.mobs[beast["type"]]
    taken = {tuple(n["position"]) for n in draft.world.get("nodes", [])}
    lair = places.free_tile(
        places.landmark(beast["near"]), beast.get("away", 6), taken, beast.get("direction", (0, -1))
    )
    # beside the lair the fighter is told of (the beast fights only those who strike it): a justified walk
    stand = places.free_tile(lair, 1, taken, beast.get("approach", (0, 1)))
    item = content.items[piece]
    need = ", ".join(f"{s} {lvl}" for s, lvl in (item.requires or {}).items())
    drop = spec.drops[0]
    drop_count = drop.count if isinstance(drop.count, int) else drop.count[0]
    taker = next(
        (m for m in makers if any(drop.item in content.recipes[r].inputs for r, _ in m["recipes"])), None
    )
    if trophy and taker is None:
        raise ValueError(f"{task_id}: no maker's recipe uses the {beast['type']}'s {drop.item}")
    station = next(a for a in draft.agents if a.name == makers[-1]["name"]).plan[0]["move_to"]["target"]
    go = [{"move_to": {"target": list(stand)}}, {"attack": {"target": beast["type"]}}]

    def hunt(plan: Plan) -> Plan:
        if not trophy:
            return plan + go
        if taker["name"] == fighter["name"]:  # the fighter works the drops itself
            return go + plan
        to_taker = next(a for a in draft.agents if a.name == taker["name"]).plan[0]
        return go + [to_taker, {"give": {"to": taker["name"], "item": drop.item, "count": drop_count}}] + plan

    _rewrite(draft, fighter["name"], hunt)
    me = next(a for a in draft.agents if a.name == fighter["name"])
    me.kind = (
        "make+wield+fight" if self_made else "gather+wield+fight" if fighter.get("gathers") else "wield+fight"
    )
    me.skills.update(fighter["skills"])
    me.equipment = dict(fighter.get("equipment", {}))
    held = (
        f" You carry a {content.items[me.equipment['weapon']].name.lower()}."
        if me.equipment.get("weapon")
        else ""
    )
    skills = ", ".join(f"{s} {lvl}" for s, lvl in fighter["skills"].items())
    beast_line = (
        f"The {spec.name.lower()} (`{beast['type']}`, {spec.hp} HP, hits back for up to {spec.max_hit}) "
        f"waits at {xy(lair)}: `attack` it every turn until it dies (it fights only those who strike it)."
    )
    beast_line += _wounding(spec, with_ids=True)
    if trophy:
        use = (
            "your own recipe needs them"
            if taker["name"] == fighter["name"]
            else f"the {taker['title'].lower()} needs them, so `give` them over (within 2 tiles)"
        )
        beast_line += f" What it drops ({drop_count} {drop.item}) is yours when it dies: {use}."
    if self_made:
        me.context = me.context.split("\nThe " + item.name.lower())[0] + (
            f"\nYou are also the team's only fighter ({skills}).{held} Once the {item.name.lower()} is made, "
            f"`equip` it and keep it on.\n{beast_line}"
        )
    elif fighter.get("gathers"):
        me.context += (
            f"\nYou are also the team's only fighter: {skills}.{held} The {item.name.lower()} (`{piece}`; it needs "
            f"{need}, which only you have) is for you: once your load is delivered, collect it from the "
            f"{makers[-1]['title'].lower()} at `{station}`, `equip` it and keep it on.\n{beast_line}"
        )
    else:
        me.context = (
            f"You are the team's {fighter['title'].lower()} and its only fighter: {skills}.{held} The "
            f"{item.name.lower()} (`{piece}`; it needs {need}, which only you have) is being made for you: collect it "
            f"from the {makers[-1]['title'].lower()} at `{station}`, `equip` it and keep it on.\nYou start at "
            f"{spawn_text(fighter['spawn'])}. {beast_line}"
        )
    if trophy and taker["name"] != fighter["name"]:
        maker_agent = next(a for a in draft.agents if a.name == taker["name"])
        maker_agent.context += (
            f"\nThe {drop_count} {drop.item} come from the {spec.name.lower()}: the "
            f"{fighter['title'].lower()} brings them once it is dead."
        )
    draft.category, draft.motif = "combat", "armed"
    draft.signature = _signature(draft, "armed:T+" if trophy else "armed", "F").replace(":T+:", ":T+")
    draft.world = {**draft.world, "mobs": [{"type": beast["type"], "position": list(lair)}]}
    draft.success = [
        {"wields": {"agent": fighter["name"], "item": piece}},
        {"killed": {"mob": beast["type"]}},
    ]
    draft.checkpoints = [c for c in draft.checkpoints if c["id"] != f"{piece}_made"][:4] + [
        _checkpoint(
            f"{beast['type']}_slain", f"The {spec.name.lower()} is dead.", {"killed": {"mob": beast["type"]}}
        ),
        _checkpoint(f"{piece}_made", f"The {item.name.lower()} exists.", {"holds": {"items": {piece: 1}}}),
    ]
    draft.objective = (
        f"{intro} The task is complete when the {fighter['title'].lower()} wields the "
        f"{item.name.lower()} and the {spec.name.lower()} is dead."
    )
    draft.why = _why(
        draft,
        f"taken up by the {fighter['title'].lower()} (named by the outcome), who kills the "
        f"{spec.name.lower()} ({spec.hp} HP)"
        + (f", whose {drop.item.replace('_', ' ')} only the kill yields" if trophy else ""),
    )
    return draft
