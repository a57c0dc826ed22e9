"""Motifs: reusable collaboration structures, each a function from parameters to a Draft.

- `forge`: gatherers feed makers whose last product one named agent must wield (crafting);
- `haul`: gatherers of rare materials stock a quartermaster waiting at a landmark (gathering).
(The construction motif is taskgen/building.py.)

Every motif makes roles necessary through the world, not the wording: rare nodes (levels
45-50) and recipes (45-55) no trainer reaches, materials no shop sells or mob drops, and an
outcome that names the agent who must end up wielding, holding or standing somewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.clues import site_clue
from agentworld.taskgen.parts import TOOLS as TOOL_ITEMS
from agentworld.taskgen.parts import Agent, Delivery, Spot, gatherer, maker, spawn_text, xy

Position = tuple[int, int]


@dataclass(frozen=True)
class Source:
    """One gatherer of a motif: who, which rare node, how many units, where it starts and where
    the nodes stand (the direction from its spawn, `away` tiles off so they are out of sight)."""

    name: str
    title: str
    node: str
    count: int
    spawn: str
    direction: Position = (1, 0)
    away: int = 12


def _nodes(source: Source, taken: set[Position]) -> list[Position]:
    base = places.landmark(source.spawn)
    first = places.free_tile(base, source.away, taken, source.direction)
    second = places.free_tile(first, 2, taken, source.direction)
    return [first, second]


def _yield(node: str) -> str:
    return next(iter(places.content().node_kinds[node].yields))


def _checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


def _other_station(station_id: str) -> str | None:
    """Another station of the same kind (the nearest), for a different meeting place."""
    kind = station_id.split("#")[0]
    here = places.station(station_id)
    others = [sid for sid in places.station_ids() if sid.split("#")[0] == kind and sid != station_id]
    if not others:
        return None
    return min(
        others, key=lambda sid: abs(places.station(sid)[0] - here[0]) + abs(places.station(sid)[1] - here[1])
    )


def _maker_token(m: dict) -> str:
    """M<number of gatherers feeding it>, plus r<steps> when it works more than one recipe."""
    steps = len(m["recipes"])
    return f"M{len(m['fed_by'])}" + (f"r{steps}" if steps > 1 else "")


def _source_why(s: Source) -> str:
    node = places.content().node_kinds[s.node]
    return f"{_yield(s.node).replace('_', ' ')} (only {s.title.lower()}: {node.skill} {node.level})"


def _maker_why(m: dict) -> str:
    recipe = places.content().recipes[m["recipes"][-1][0]]
    return f"{recipe.id.replace('_', ' ')} (only {m['title'].lower()}: {recipe.skill} {recipe.level})"


def _sources(
    sources: list[Source], deliver_for: dict[str, Delivery], taken: set[Position]
) -> tuple[list[Agent], list]:
    skills = [places.content().node_kinds[s.node].skill for s in sources]
    if len(set(skills)) != len(skills):
        raise ValueError(f"sources share a gathering skill ({skills}): the better gatherer could do both")
    agents, nodes = [], []
    for s in sources:
        agent, placed = gatherer(
            s.name, s.title, s.node, s.count, s.spawn, _nodes(s, taken), deliver_for[s.name]
        )
        agents.append(agent)
        nodes.extend(placed)
    return agents, nodes


def forge(
    task_id: str,
    name: str,
    *,
    sources: list[Source],
    makers: list[dict],
    wielder: dict | None = None,
    intro: str,
    wields: dict[str, int] | None = None,
    relay: bool = True,
) -> Draft:
    """Gatherers -> one or more makers (in order, each handing to the next) -> a wielder.

    makers: {name, title, recipes: [(id, times)], station, spawn, tools?, start?: {item: n},
    fed_by: [source names]}; wielder: {name, title, skills, spawn, item}. With `relay` (the forge
    motif itself; motifs built on its chain pass False for now), who needs what and where to bring it
    travels by the makers' chat instead of the gatherers' and the wielder's documentation.
    """
    taken: set[Position] = set()
    spots = [Spot.at_station(m["station"]) for m in makers]
    if wielder is None:  # the last maker makes it for itself: it must end up wielding it (skills `wields`)
        return _forge_self(task_id, name, sources=sources, makers=makers, intro=intro, wields=wields or {})
    final = wielder["item"]
    w_spot = spots[-1]
    deliveries: dict[str, Delivery] = {}
    for m, spot in zip(makers, spots):
        for fed in m["fed_by"]:
            deliveries[fed] = Delivery(m["name"], m["title"], spot)
    gatherers, nodes = _sources(sources, deliveries, taken)
    by_name = {s.name: s for s in sources}
    built: list[Agent] = []
    for i, (m, spot) in enumerate(zip(makers, spots)):
        suppliers = [(by_name[f].title, _yield(by_name[f].node), by_name[f].count) for f in m["fed_by"]]
        if i > 0:
            prev = makers[i - 1]
            out = next(iter(places.content().recipes[prev["recipes"][-1][0]].outputs))
            suppliers.append((prev["title"], out, 1))
        nxt = (
            Delivery(makers[i + 1]["name"], makers[i + 1]["title"], spots[i + 1])
            if i + 1 < len(makers)
            else Delivery(wielder["name"], wielder["title"], w_spot)
        )
        agent = maker(
            m["name"], m["title"], m["recipes"], spot, m["spawn"], suppliers, nxt, tools=m.get("start")
        )
        built.append(agent)
    item = places.content().items[final]
    need = ", ".join(f"{s} {lvl}" for s, lvl in (item.requires or {}).items())
    w_context = (
        f"You are the team's {wielder['title'].lower()} and the one who must end up wielding the "
        f"{item.name.lower()} (`{final}`; wielding it needs {need}, which only you have).\n"
        f"You start at {spawn_text(wielder['spawn'])}. The {makers[-1]['title'].lower()} will finish it at the "
        f"{w_spot.where()}: walk there (`move_to` `{w_spot.target}`), wait for it to be handed to you, then "
        f"`equip` it. You cannot gather or craft any of its parts yourself; the others depend on you to "
        f"carry it."
    )
    w_plan = [
        {"move_to": {"target": w_spot.target}},
        {"wait_for": {"item": final}},
        {"equip": {"item": final}},
    ]
    holder = Agent(
        wielder["name"],
        wielder["title"],
        wielder["spawn"],
        dict(wielder["skills"]),
        w_context,
        w_plan,
        kind="wield",
    )
    if relay:
        _relay(sources, gatherers, built, spots, holder, deliveries, item.name.lower())
    agents = gatherers + built + [holder]
    checkpoints = []
    for s in sources[:2]:
        m = next(m for m in makers if s.name in m["fed_by"])
        checkpoints.append(
            _checkpoint(
                f"{_yield(s.node)}_delivered",
                f"The {m['title'].lower()} holds the {_yield(s.node).replace('_', ' ')} it needs.",
                {"holds": {"agent": m["name"], "items": {_yield(s.node): s.count}}},
            )
        )
    for m in makers:
        out = next(iter(places.content().recipes[m["recipes"][0][0]].outputs))
        if out != final:
            checkpoints.append(
                _checkpoint(
                    f"{out}_made", f"A {out.replace('_', ' ')} has been made.", {"holds": {"items": {out: 1}}}
                )
            )
    checkpoints.insert(
        0,
        _checkpoint(
            "first_gather",
            "Work has begun on the rare materials.",
            {"holds": {"items": {_yield(sources[0].node): 1}}},
        ),
    )
    checkpoints.append(
        _checkpoint(f"{final}_made", f"The {item.name.lower()} exists.", {"holds": {"items": {final: 1}}})
    )
    alternatives = []
    for source, g_agent in zip(sources, gatherers):
        receiver = next(a for a, m in zip(built, makers) if source.name in m["fed_by"])
        alternatives.append(_fetch_alternative(source, g_agent, receiver))
    for i, m in enumerate(makers):
        other = _other_station(m["station"])
        if other and not m.get("_variant"):
            moved = [dict(mm, _variant=True) for mm in makers]
            moved[i]["station"] = other
            variant = forge(
                task_id, name, sources=sources, makers=moved, wielder=wielder, intro=intro, relay=relay
            )
            alternatives.append(
                (
                    f"the {m['title'].lower()} works at {other} instead of {m['station']}",
                    {a.name: a.plan for a in variant.agents},
                )
            )
    objective = (
        f"{intro} The task is complete when the {wielder['title'].lower()} wields the {item.name.lower()}."
    )
    shape = ">".join([f"G{len(sources)}"] + [_maker_token(m) for m in makers] + ["W"])
    return Draft(
        task_id,
        name,
        "crafting",
        objective,
        agents,
        [{"wields": {"agent": wielder["name"], "item": final}}],
        checkpoints[:6],
        "forge",
        f"forge:{shape}",
        world={"nodes": nodes},
        alternatives=alternatives,
        why=" + ".join(_source_why(s) for s in sources)
        + " -> "
        + " -> ".join(_maker_why(m) for m in makers)
        + f" -> wielded by the {wielder['title'].lower()} (named by the outcome)",
    )


def _relay(
    sources: list[Source],
    gatherers: list[Agent],
    makers: list[Agent],
    spots: list[Spot],
    holder: Agent,
    deliveries: dict[str, Delivery],
    piece: str,
) -> None:
    """Issue 24: documentation informs, chat plans. Each gatherer keeps what it can do and where its
    nodes are; the wielder keeps what it must end up wielding. Whom to bring a load to and where to
    collect the piece, each maker says first thing in chat (it knows its station and its suppliers)."""
    told: dict[str, list[tuple[str, str]]] = {}  # maker -> (recipient, what to bring / collect)
    for source, agent in zip(sources, gatherers):
        d, load = deliveries[source.name], f"{source.count} {_yield(source.node)}"
        said = (
            f"The {d.title.lower()} needs {load} and waits at the {d.spot.where()}: bring them there "
            f"and `give` them (within 2 tiles)."
        )
        if said not in agent.context:
            raise ValueError(f"{agent.name}: the delivery sentence to relay is not in its documentation")
        agent.context = agent.context.replace(
            said, "What you gather goes into a teammate's craft: hand it over with `give` (within 2 tiles)."
        )
        told.setdefault(d.to, []).append((agent.name, f"{agent.name}, bring me {load}"))
    last = makers[-1]
    told.setdefault(last.name, []).append((holder.name, f"{holder.name}, collect the {piece} from me"))
    holder.context = holder.context.split("\nYou start at")[0] + (
        f"\nYou start at {spawn_text(holder.spawn)}. You cannot gather or craft any of its parts yourself: "
        f"wait for it to be handed to you (`give`, within 2 tiles), then `equip` it."
    )
    holder.plan.insert(0, {"wait_for": {"message_from": last.name}})
    for maker_agent, spot in zip(makers, spots):
        asks = told.get(maker_agent.name)
        if not asks:
            continue
        names = [who for who, _ in asks]
        message = f"{maker_agent.role} here, at the {spot.where()}: " + "; ".join(a for _, a in asks) + "."
        maker_agent.plan.insert(
            0, {"chat": {"to": names[0] if len(names) == 1 else names, "message": message}}
        )


def _fetch_alternative(source: Source, gatherer_agent: Agent, receiver: Agent) -> tuple[str, dict[str, list]]:
    """Another legal route: the receiver walks out to the gatherer's nodes and takes the load there,
    instead of waiting for it at its station."""
    walk = next(i for i, step in enumerate(gatherer_agent.plan) if "move_to" in step)
    item, stand = _yield(source.node), gatherer_agent.plan[walk]["move_to"]["target"]
    g_plan = gatherer_agent.plan[: walk + 2] + [
        {"give": {"to": receiver.name, "item": item, "count": source.count}},
    ]
    told = [step for step in receiver.plan if "chat" in step]
    r_plan = (
        told
        + [{"move_to": {"target": stand}}, {"wait_for": {"item": item, "count": source.count}}]
        + [step for step in receiver.plan if "chat" not in step]
    )
    return (
        f"the {receiver.role.lower()} fetches the {item} from the {gatherer_agent.role.lower()} at the nodes",
        {gatherer_agent.name: g_plan, receiver.name: r_plan},
    )


def _unsurveyed(agent: Agent, source: Source, keeper_name: str) -> None:
    """A haul gatherer knows its craft, not the task's map: where its nodes stand (and where the
    stores are kept) reaches it by chat from the keeper, who holds the survey."""
    node = places.content().node_kinds[source.node]
    tool = TOOL_ITEMS[node.skill] if node.tool else None
    holding = f" and a {places.content().items[tool].name.lower()} (gathering uses it)" if tool else ""
    agent.context = (
        f"You are the team's {agent.role.lower()} and the only one who can work {node.name.lower()}s: you "
        f"have {node.skill} {node.level + 5}{holding}, and they need {node.skill} {node.level}, far beyond "
        f"what anyone else on the team could learn in time. Standing next to one (within 1 tile), `gather` "
        f"takes one {places.content().items[_yield(source.node)].name.lower()} or more per turn.\n"
        f"You start at {spawn_text(source.spawn)}. You have not been out to the {node.name.lower()}s this "
        f"task placed; the team's survey of them is not yours."
    )
    agent.plan.insert(0, {"wait_for": {"message_from": keeper_name}})


def _survey_line(source: Source, nodes: list[dict]) -> str:
    kind = places.content().node_kinds[source.node]
    where = " and ".join(xy(tuple(n["position"])) for n in nodes)
    return f"the {kind.name.lower()}s (`{source.node}`) stand at {where}"


def haul(
    task_id: str, name: str, *, sources: list[Source], keeper: dict, intro: str, own: Source | None = None
) -> Draft:
    """Gatherers bring rare raw materials to a quartermaster who must hold them all at a landmark
    (with `own`, the quartermaster gathers one of the loads itself on the way)."""
    taken: set[Position] = set()
    spot = Spot.at_landmark(keeper["place"])
    deliveries = {s.name: Delivery(keeper["name"], keeper["title"], spot) for s in sources}
    gatherers, nodes = _sources(
        sources + ([own] if own else []),
        {**deliveries, **({own.name: Delivery(keeper["name"], keeper["title"], spot)} if own else {})},
        taken,
    )
    mine = gatherers.pop() if own else None
    for s, g in zip(sources, gatherers):
        _unsurveyed(g, s, keeper["name"])
    wanted = {_yield(s.node): s.count for s in sources + ([own] if own else [])}
    listing = ", ".join(f"{n} {i}" for i, n in wanted.items())
    content = places.content()
    survey = {s.name: _survey_line(s, nodes[2 * i : 2 * i + 2]) for i, s in enumerate(sources)}
    context = (
        f"You are the team's {keeper['title'].lower()}: the stores count only once they are in your hands, at "
        f"{spot.where()}. You start at {spawn_text(keeper['spawn'])} and cannot work any of the rare nodes "
        f"yourself.\nYou hold the team's survey of the rare nodes this task placed: "
        + "; ".join(survey.values())
        + ". Who works which: "
        + ", ".join(
            f"the {s.title.lower()} ({content.node_kinds[s.node].skill}, from {places.landmark_name(s.spawn)})"
            for s in sources
        )
        + "."
    )
    plan = [
        {
            "chat": {
                "to": s.name,
                "message": f"{survey[s.name]}. I keep the stores at {spot.where()}.",
            }
        }
        for s in sources
    ]
    plan.append({"move_to": {"target": spot.target}})
    plan += [{"wait_for": {"item": i, "count": n}} for i, n in wanted.items()]
    skills, inventory = dict(keeper.get("skills", {})), {}
    if mine is not None:
        told = [step for step in plan if "chat" in step]
        plan = told + mine.plan[:2] + plan[len(told) :]
        skills.update(mine.skills)
        inventory.update(mine.inventory)
        node = places.content().node_kinds[own.node]
        where = " and ".join(xy(tuple(n["position"])) for n in nodes[-2:])
        context = context.replace(
            " and cannot work any of the rare nodes yourself.",
            f". One load is yours to gather: you have {node.skill} {node.level + 5} and a "
            f"{places.content().items[TOOL_ITEMS[node.skill]].name.lower()}, the only one who "
            f"can work the {node.name.lower()}s (`{own.node}`, {node.skill} {node.level}) at "
            f"{where}; stand next to one and `gather` {own.count} {_yield(own.node)} first.",
        )
    keeper_agent = Agent(
        keeper["name"],
        keeper["title"],
        keeper["spawn"],
        skills,
        context,
        plan,
        inventory=inventory,
        kind="hold" if mine is None else "gather+hold",
    )
    agents = gatherers + [keeper_agent]
    checkpoints = [
        _checkpoint(
            f"{i}_gathered", f"{n} {i.replace('_', ' ')} have been gathered.", {"holds": {"items": {i: n}}}
        )
        for i, n in wanted.items()
    ]
    checkpoints.append(
        _checkpoint(
            "first_delivery",
            f"The {keeper['title'].lower()} holds the first load.",
            {"holds": {"agent": keeper["name"], "items": dict([next(iter(wanted.items()))])}},
        )
    )
    objective = (
        f"{intro} The task is complete when the {keeper['title'].lower()} holds {listing} while "
        f"standing at {places.landmark_name(spot.target)}."
    )
    success = [
        {"holds": {"agent": keeper["name"], "items": wanted}},
        {"at": {"agent": keeper["name"], "place": spot.target, "within": 3}},
    ]
    shape = f"G{len(sources)}>{'GH' if own else 'H'}@place"
    alternatives = []
    for s, g in zip(sources, gatherers):
        alternatives.append(_fetch_alternative(s, g, keeper_agent))
    return Draft(
        task_id,
        name,
        "gathering",
        objective,
        agents,
        success,
        checkpoints[:6],
        "haul",
        f"haul:{shape}",
        world={"nodes": nodes},
        alternatives=alternatives,
        why=" + ".join(_source_why(s) for s in sources)
        + f" -> held by the {keeper['title'].lower()} at {places.landmark_name(spot.target)}",
    )


def _wounding(spec, with_ids: bool = False) -> str:
    """What the mob's `wounded_by` means to a fighter ("" when any weapon wounds it), item ids optional."""
    items = places.content().items
    names = [(items[w].name.lower(), f" (`{w}`)" if with_ids else "") for w in spec.wounded_by]
    listed = " or ".join(f"{'an' if n[0] in 'aeiou' else 'a'} {n}{tag}" for n, tag in names)
    return f" Only {listed} wounds it; any other weapon or a bare hand does no harm." if names else ""


def survey(task_id: str, name: str, *, diggers: list[dict], curator: dict, intro: str) -> Draft:
    """Lost relics in remote spots, each dug by one specialist, each spot known only from another
    digger's notes (they must share what they know), all brought to the curator (exploration)."""
    taken: set[Position] = set()
    content = places.content()
    spot = Spot.at_landmark(curator["place"])
    sites = []
    for d in diggers:
        sites.append(
            places.free_tile(
                places.landmark(d["site_near"]), d.get("away", 8), taken, d.get("direction", (1, 0))
            )
        )
    agents = []
    nodes = []
    n = len(diggers)
    for i, d in enumerate(diggers):
        node = content.node_kinds[d["node"]]
        relic = next(iter(node.yields))
        told = diggers[(i + 1) % n]  # this digger's notes locate the next digger's relic
        told_site = sites[(i + 1) % n]
        tool = TOOL_ITEMS.get(node.skill) if node.tool else None
        context = (
            f"You are the team's {d['title'].lower()}: {node.skill} {node.level + 5}"
            + (f" and a {content.items[tool].name.lower()}" if tool else "")
            + f", the only one who can raise the {node.name.lower()} (`{d['node']}`, {node.skill} {node.level}). "
            f"You start at {spawn_text(d['spawn'])}.\nYou do not know where it lies: the "
            f"{diggers[(i - 1) % n]['title'].lower()}'s old notes do. Yours say something else: "
            f'"{site_clue(told["node"], told["site_near"], told_site)}" (that one is the '
            f"{told['title'].lower()}'s work). Share it in chat.\nOnce you have dug out the "
            f"{content.items[relic].name.lower()}, bring it to the {curator['title'].lower()} at {spot.where()} and "
            f"`give` it (within 2 tiles)."
        )
        site = sites[i]
        plan = [
            {
                "chat": {
                    "to": told["name"],
                    "message": f"My notes say {site_clue(told['node'], told['site_near'], told_site)}.",
                }
            },
            {"move_to": {"target": d["site_near"]}},  # the clue's landmark: from there the site is in view
            {
                "move_to": {
                    "target": [site[0], site[1] + 1]
                    if content.map.walkable(site[0], site[1] + 1)
                    else [site[0] + 1, site[1]]
                }
            },
            {"gather": {"target": d["node"], "count": 1}},
            {"move_to": {"target": spot.target}},
            {"give": {"to": curator["name"], "item": relic}},
        ]
        agents.append(
            Agent(
                d["name"],
                d["title"],
                d["spawn"],
                {node.skill: node.level + 5},
                context,
                plan,
                inventory={tool: 1} if tool else {},
                kind=f"dig:{node.skill}",
            )
        )
        nodes.append({"kind": d["node"], "position": list(site)})
    relics = {next(iter(content.node_kinds[d["node"]].yields)): 1 for d in diggers}
    c_context = (
        f"You are the team's {curator['title'].lower()}: the relics count once they are all in your hands at "
        f"{spot.where()}. You start at {spawn_text(curator['spawn'])} and can neither find nor dig them.\nWait at "
        f"{spot.name} (`move_to` `{spot.target}`) for the diggers: "
        + ", ".join(f"the {d['title'].lower()}" for d in diggers)
        + "."
    )
    c_plan = [{"move_to": {"target": spot.target}}] + [{"wait_for": {"item": r}} for r in relics]
    agents.append(
        Agent(curator["name"], curator["title"], curator["spawn"], {}, c_context, c_plan, kind="hold")
    )
    success = [
        {"holds": {"agent": curator["name"], "items": relics}},
        {"at": {"agent": curator["name"], "place": spot.target, "within": 3}},
    ]
    checkpoints = [
        _checkpoint(
            f"{r}_found",
            f"The {content.items[r].name.lower()} has been dug out.",
            {"holds": {"items": {r: 1}}},
        )
        for r in relics
    ]
    checkpoints.append(
        _checkpoint(
            "first_relic_home",
            f"The {curator['title'].lower()} holds a relic.",
            {"holds": {"agent": curator["name"], "items": dict([next(iter(relics.items()))])}},
        )
    )
    objective = (
        f"{intro} The task is complete when the {curator['title'].lower()} holds "
        + ", ".join(f"the {content.items[r].name.lower()}" for r in relics)
        + f" at {places.landmark_name(spot.target)}."
    )
    alternatives = []
    curator_agent = agents[-1]
    for d, agent in zip(diggers, agents):
        relic = next(iter(content.node_kinds[d["node"]].yields))
        meet = agent.plan[2]["move_to"]["target"]  # (after the chat and the walk to the clue's landmark)
        alternatives.append(
            (
                f"the {curator['title'].lower()} meets the {d['title'].lower()} at the dig and carries "
                f"the {relic.replace('_', ' ')} home",
                {
                    agent.name: agent.plan[:4] + [{"give": {"to": curator["name"], "item": relic}}],
                    curator["name"]: [{"move_to": {"target": meet}}, {"wait_for": {"item": relic}}]
                    + curator_agent.plan,
                },
            )
        )
    return Draft(
        task_id,
        name,
        "exploration",
        objective,
        agents,
        success,
        checkpoints[:6],
        "survey",
        f"survey:G{n}(relayed sites)>H@place",
        world={"nodes": nodes},
        alternatives=alternatives,
        why=f"{n} relics in remote spots, each dug only by one specialist (level 50) whose site only "
        f"another digger's notes give -> held by the {curator['title'].lower()}",
    )


def _forge_self(
    task_id: str, name: str, *, sources: list[Source], makers: list[dict], intro: str, wields: dict[str, int]
) -> Draft:
    """forge, but the last maker keeps what it makes and wields it (the outcome names it)."""
    last = makers[-1]
    final = next(iter(places.content().recipes[last["recipes"][-1][0]].outputs))
    stand_in = {
        "name": last["name"],
        "title": last["title"],
        "skills": {},
        "spawn": last["spawn"],
        "item": final,
    }
    draft = forge(task_id, name, sources=sources, makers=makers, wielder=stand_in, intro=intro, relay=False)
    item = places.content().items[final]
    need = ", ".join(f"{s} {lvl}" for s, lvl in (item.requires or {}).items())
    agents = [a for a in draft.agents if a.kind != "wield"]
    me = next(a for a in agents if a.name == last["name"])
    me.skills.update(wields)
    me.plan = [s for s in me.plan if "give" not in s] + [{"equip": {"item": final}}]
    me.context = me.context.split("\nWhen it is made")[0] + (
        f"\nThe {item.name.lower()} is yours to wield (it needs {need}, which only you have): `equip` it once "
        f"it is made."
    )
    me.kind = "make+wield"
    draft.agents = agents
    draft.signature = draft.signature.replace(">W", "W")
    draft.why = draft.why.replace(
        f" -> wielded by the {last['title'].lower()} (named by the outcome)",
        ", who wields it (named by the outcome)",
    )
    alternatives = []
    for what, plans in draft.alternatives:
        mine = plans.get(last["name"])
        if mine is not None and not any("craft" in step for step in mine):
            continue  # (a variant where the stand-in wielder's plan replaced the maker's: not a route)
        if mine is not None:
            plans = {
                **plans,
                last["name"]: [st for st in mine if "give" not in st] + [{"equip": {"item": final}}],
            }
        alternatives.append((what, plans))
    draft.alternatives = alternatives
    return draft
