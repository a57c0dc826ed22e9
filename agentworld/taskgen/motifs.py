"""Motifs: reusable collaboration structures, each a function from parameters to a Draft.

- `forge`: gatherers feed makers whose last product one named agent must wield (crafting);
- `raise_site`: gatherers deliver a site's materials, and only a master builder can work it
  (construction).

Every motif makes roles necessary through the world, not the wording: rare nodes (levels
45-50) and recipes (45-55) no trainer reaches, materials no shop sells or mob drops, and an
outcome that names the agent who must end up wielding, holding or standing somewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import Agent, Delivery, Spot, gatherer, maker, recipe_line, spawn_text, xy

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


def raise_site(
    task_id: str,
    name: str,
    *,
    sources: list[Source],
    site: dict,
    builder: dict,
    intro: str,
    makers: list[dict] | None = None,
) -> Draft:
    """Gatherers (and optionally makers between them and the site) supply a site that only the
    master builder's skill can work."""
    taken: set[Position] = set()
    anchor = places.landmark(site["near"])
    position = places.free_tile(anchor, 4, taken, site.get("direction", (0, 1)))
    site_spot = Spot(f"site#{site['id']}", f"{site['name']} (`site#{site['id']}`)", position)
    makers = makers or []
    m_spots = [Spot.at_station(m["station"]) for m in makers]
    deliveries: dict[str, Delivery] = {}
    for m, spot in zip(makers, m_spots):
        for fed in m["fed_by"]:
            deliveries[fed] = Delivery(m["name"], m["title"], spot)
    for s in sources:
        deliveries.setdefault(s.name, Delivery(builder["name"], builder["title"], site_spot))
    gatherers, nodes = _sources(sources, deliveries, taken)
    by_name = {s.name: s for s in sources}
    built = []
    for m, spot in zip(makers, m_spots):
        suppliers = [(by_name[f].title, _yield(by_name[f].node), by_name[f].count) for f in m["fed_by"]]
        built.append(
            maker(
                m["name"],
                m["title"],
                m["recipes"],
                spot,
                m["spawn"],
                suppliers,
                Delivery(builder["name"], builder["title"], site_spot),
                tools=m.get("start"),
            )
        )
    materials = dict(site["materials"])
    skill, level = site["skill"], site["level"]
    listing = ", ".join(f"{n} {i}" for i, n in materials.items())
    suppliers = [s for s in sources if deliveries[s.name].to == builder["name"]]
    context = (
        f"You are the team's {builder['title'].lower()}: {skill} {level + 5}, the only one who can work on the "
        f"{site['name'].lower()} (it needs {skill} {level}; nobody else could train that far in time). You start "
        f"at {spawn_text(builder['spawn'])}.\nThe site (`site#{site['id']}`) is marked at {position[0], position[1]} "
        f"near {places.landmark_name(site['near'])}; it needs {listing} delivered and then {site['work']} turns of "
        f"work: stand within 1 tile and `build` it (each `build` delivers what you carry, then works). The "
        + ", ".join([f"{s.title.lower()}" for s in suppliers] + [m["title"].lower() for m in makers])
        + " will bring you the materials; you cannot gather or make them yourself."
    ).replace(f"({position[0]}, {position[1]})", f"({position[0]}, {position[1]})")
    context = context.replace(
        f"marked at {(position[0], position[1])}", f"marked at ({position[0]}, {position[1]})"
    )
    plan = [{"move_to": {"target": site_spot.walk_target()}}]
    plan += [{"wait_for": {"item": i, "count": n}} for i, n in materials.items()]
    plan += [{"build": {"site": site["id"]}}]
    b_agent = Agent(
        builder["name"], builder["title"], builder["spawn"], {skill: level + 5}, context, plan, kind="build"
    )
    agents = gatherers + built + [b_agent]
    checkpoints = [
        _checkpoint(
            f"{i}_ready",
            f"The {builder['title'].lower()} holds the {i.replace('_', ' ')}.",
            {"holds": {"agent": builder["name"], "items": {i: n}}},
        )
        for i, n in materials.items()
    ]
    for m in makers:
        out = next(iter(places.content().recipes[m["recipes"][-1][0]].outputs))
        checkpoints.insert(
            0,
            _checkpoint(
                f"{out}_made", f"The {out.replace('_', ' ')} has been made.", {"holds": {"items": {out: 1}}}
            ),
        )
    checkpoints.append(
        _checkpoint(
            "first_gather",
            "Work has begun on the rare materials.",
            {"holds": {"items": {_yield(sources[0].node): 1}}},
        )
    )
    objective = f"{intro} The task is complete when the {site['name'].lower()} is built."
    world = {
        "nodes": nodes,
        "sites": [
            {
                "id": site["id"],
                "name": site["name"],
                "position": list(position),
                "materials": materials,
                "work": site["work"],
                "skill": skill,
                "level": level,
            }
        ],
    }
    shape = f"G{len(sources)}" + "".join(f">{_maker_token(m)}" for m in makers) + ">B"
    alternatives = []
    for s, g in zip(sources, gatherers):
        receiver = (
            b_agent
            if deliveries[s.name].to == builder["name"]
            else next(a for a in built if a.name == deliveries[s.name].to)
        )
        alternatives.append(_fetch_alternative(s, g, receiver))
    return Draft(
        task_id,
        name,
        "construction",
        objective,
        agents,
        [{"site_built": {"site": site["id"]}}],
        checkpoints[:6],
        "raise_site",
        f"raise_site:{shape}",
        world=world,
        alternatives=alternatives,
        why=" + ".join([_source_why(s) for s in sources] + [_maker_why(m) for m in makers])
        + f" -> built by the {builder['title'].lower()} (only {skill} {level})",
    )


@dataclass(frozen=True)
class Trader:
    """One member of an exchange: starts at `spawn` with `count` of `good` (no one else has any, and
    no shop or node supplies it), and must end holding what the trader named `wants_from` brought."""

    name: str
    title: str
    spawn: str
    good: str
    count: int
    wants_from: str


def exchange(task_id: str, name: str, *, traders: list[Trader], market: str, intro: str) -> Draft:
    """A barter network at one market: each trader's good goes to the trader who needs it. The
    structure is the permutation's cycle type (2+2, 2+3, 4+4 ...), so no two exchanges share one."""
    spot = Spot.at_landmark(market)
    by_name = {t.name: t for t in traders}
    wanted_by = {t.wants_from: t for t in traders}
    assert sorted(wanted_by) == sorted(by_name), "every good must be wanted by exactly one trader"
    content = places.content()
    agents = []
    for t in traders:
        source, buyer = by_name[t.wants_from], wanted_by[t.name]
        want = f"{source.count} {content.items[source.good].name.lower()}"
        context = (
            f"You are the {t.title.lower()}. You start at {spawn_text(t.spawn)} with {t.count} "
            f"{content.items[t.good].name.lower()} (`{t.good}`); nobody else has any, and no shop sells it.\n"
            f"You need {want} (`{source.good}`), which only the {source.title.lower()} has, and the "
            f"{buyer.title.lower()} needs your {t.good}. The traders meet at {spot.where()} "
            f"(`move_to` `{spot.target}`). Hand over goods with `give` (or `trade_offer`), within 2 tiles; "
            f"you are done when you hold your {want}, whoever hands it to you."
        )
        plan = [
            {"move_to": {"target": spot.target}},
            {"give": {"to": buyer.name, "item": t.good, "count": t.count}},
            {"wait_for": {"item": source.good, "count": source.count}},
        ]
        agents.append(
            Agent(t.name, t.title, t.spawn, {}, context, plan, inventory={t.good: t.count}, kind="trade")
        )
    gifts = {a.name: a.plan for a in agents}
    chain = _swap_chain_plans(_cycles({t.name: t.wants_from for t in traders}), by_name, spot)
    for agent in agents:
        agent.plan = chain[agent.name]
    success = [
        {"holds": {"agent": t.name, "items": {by_name[t.wants_from].good: by_name[t.wants_from].count}}}
        for t in traders
    ]
    cycles = _cycles({t.name: t.wants_from for t in traders})
    checkpoints = []
    for i, cycle in enumerate(sorted(cycles, key=len)[:3]):
        first = by_name[cycle[0]]
        src = by_name[first.wants_from]
        checkpoints.append(
            _checkpoint(
                f"{first.name}_supplied",
                f"The {first.title.lower()} holds its {src.good.replace('_', ' ')}.",
                {"holds": {"agent": first.name, "items": {src.good: src.count}}},
            )
        )
    if len(checkpoints) < 3:
        for t in traders:
            if len(checkpoints) >= 3:
                break
            if any(c["id"] == f"{t.name}_supplied" for c in checkpoints):
                continue
            src = by_name[t.wants_from]
            checkpoints.append(
                _checkpoint(
                    f"{t.name}_supplied",
                    f"The {t.title.lower()} holds its {src.good.replace('_', ' ')}.",
                    {"holds": {"agent": t.name, "items": {src.good: src.count}}},
                )
            )
    objective = (
        f"{intro} Every trader starts with a good only they have and needs another's. The task is "
        f"complete when every one of the {len(traders)} traders holds the good they need."
    )
    shape = "+".join(str(n) for n in sorted(len(c) for c in cycles))
    alt = _broker_plans(cycles, by_name, wanted_by, spot)
    return Draft(
        task_id,
        name,
        "trading",
        objective,
        agents,
        success,
        checkpoints[:6],
        "exchange",
        f"exchange:cycles {shape}",
        alternatives=[
            ("every good is handed straight to the trader who needs it, as a gift", gifts),
            ("pairs swap in one trade; in longer cycles one member brokers every good", alt),
        ],
        why=f"{len(traders)} traders, each the only holder of one good, in barter cycles of {shape} at "
        f"{places.landmark_name(market)}; the outcome names every trader",
    )


def _swap_chain_plans(cycles: list[list[str]], by_name: dict[str, Trader], spot: Spot) -> dict[str, list]:
    """The oracle's route: each cycle as a chain of swaps. The first member trades its good for the
    next member's; that member, now holding the first good, trades it on for the next one's, and so
    on, until the last member receives the first good, which is what it needs."""
    plans: dict[str, list] = {}
    go = {"move_to": {"target": spot.target}}
    for cycle in cycles:
        order = [cycle[0]]
        while len(order) < len(cycle):
            order.append(by_name[order[-1]].wants_from)
        first = by_name[order[0]]
        for k, name in enumerate(order):
            plan = [go]
            if k > 0:
                plan.append({"trade_accept": {"from": order[k - 1]}})
            if k + 1 < len(order):
                nxt = by_name[order[k + 1]]
                plan += [
                    {"wait_for": {"item": first.good, "count": first.count}},
                    {
                        "trade_offer": {
                            "to": nxt.name,
                            "give": {first.good: first.count},
                            "want": {nxt.good: nxt.count},
                        }
                    },
                    {"wait_for": {"item": nxt.good, "count": nxt.count}},
                ]
            plans[name] = plan
    return plans


def _broker_plans(
    cycles: list[list[str]], by_name: dict[str, Trader], wanted_by: dict[str, Trader], spot: Spot
) -> dict[str, list]:
    """Another legal route: a pair swaps in one trade (offer and accept), and in a longer cycle one
    member brokers: everyone hands their good to the broker, who hands each member what they need."""
    plans: dict[str, list] = {}
    go = {"move_to": {"target": spot.target}}
    for cycle in cycles:
        if len(cycle) == 2:
            a, b = by_name[cycle[0]], by_name[cycle[1]]
            plans[a.name] = [
                go,
                {"trade_offer": {"to": b.name, "give": {a.good: a.count}, "want": {b.good: b.count}}},
                {"wait_for": {"item": b.good, "count": b.count}},
            ]
            plans[b.name] = [go, {"trade_accept": {"from": a.name}}]
            continue
        broker = by_name[cycle[0]]
        plan = [go]
        for name in cycle[1:]:
            t = by_name[name]
            plan.append({"wait_for": {"item": t.good, "count": t.count}})
        for name in cycle[1:]:
            t = by_name[name]
            source = by_name[t.wants_from]
            plan.append({"give": {"to": t.name, "item": source.good, "count": source.count}})
        plan.append(
            {"wait_for": {"item": by_name[broker.wants_from].good, "count": by_name[broker.wants_from].count}}
        )
        plans[broker.name] = plan
        for name in cycle[1:]:
            t = by_name[name]
            source = by_name[t.wants_from]
            plans[t.name] = [
                go,
                {"give": {"to": broker.name, "item": t.good, "count": t.count}},
                {"wait_for": {"item": source.good, "count": source.count}},
            ]
    return plans


def _cycles(wants_from: dict[str, str]) -> list[list[str]]:
    seen: set[str] = set()
    cycles = []
    for start in wants_from:
        if start in seen:
            continue
        cycle, at = [], start
        while at not in seen:
            seen.add(at)
            cycle.append(at)
            at = wants_from[at]
        cycles.append(cycle)
    return cycles


def vigil(
    task_id: str,
    name: str,
    *,
    keepers: list[tuple[str, str, str | Position, str]],
    lampwright: dict,
    intro: str,
    renderer: dict | None = None,
) -> Draft:  # lampwright["post"]: it keeps one lamp and holds a post too
    """Keepers (name, title, spawn, post) must all stand at their far-apart posts at the same moment,
    each holding a stormlamp that only the lampwright can assemble (from starsilver and stormeel oil;
    with a `renderer`, the oil comes from a cook who renders the lampwright's stormeel)."""
    keepers = list(keepers)
    k = len(keepers) + (1 if lampwright.get("post") else 0)  # lamps to make
    bench = Spot.at_station(lampwright["station"])
    start = {"starsilver_bar": k}
    if renderer is None:
        start["stormeel_oil"] = k
    lw_recipes = [("stormlamp", k)]
    suppliers = []
    agents: list[Agent] = []
    if renderer:
        r_spot = Spot.at_station(renderer["station"])
        r_agent = maker(
            renderer["name"],
            renderer["title"],
            [("stormeel_oil", k)],
            r_spot,
            renderer["spawn"],
            [],
            Delivery(lampwright["name"], lampwright["title"], bench),
            tools={"stormeel": 2 * k},
        )
        r_agent.context = r_agent.context.replace(
            "You cannot gather the materials yourself: .", f"You carry the {2 * k} stormeels the oil needs."
        )
        r_agent.plan = [s for s in r_agent.plan if "wait_for" not in s]
        agents.append(r_agent)
        suppliers.append((renderer["title"], "stormeel_oil", k))
    lw = maker(
        lampwright["name"],
        lampwright["title"],
        lw_recipes,
        bench,
        lampwright["spawn"],
        suppliers,
        None,
        tools=start,
    )
    lw.context = lw.context.replace("You cannot gather the materials yourself: .", "")
    lw.context += (
        f"\nThe {k} keepers come to your bench for their lamps: `give` each one a stormlamp (within 2 tiles)."
    )
    lw.plan += [{"give": {"to": kname, "item": "stormlamp", "count": 1}} for kname, *_ in keepers]
    agents.append(lw)
    own_post = lampwright.get("post")
    if own_post:
        lw.plan.append({"move_to": {"target": own_post}})
        lw.context = lw.context.replace(f"The {k} keepers come", f"The other {k - 1} keepers come")
        lw.context += (
            f"\nOne lamp is yours: after the others have theirs, hold your own post at "
            f"{places.landmark_name(own_post)} {xy(places.landmark(own_post))} (`{own_post}`) with it."
        )
        lw.kind = "make+keep"
    success: list[dict] = []
    used: dict[str, int] = {}
    taken: set[Position] = set()
    for i, (kname, title, spawn, post) in enumerate(keepers):
        used[spawn] = used.get(spawn, 0) + 1
        if used[spawn] > 1:  # two keepers waiting at one landmark stand on different tiles
            keepers[i] = (kname, title, places.free_tile(places.landmark(spawn), used[spawn], taken), post)
    for kname, title, spawn, post in keepers:
        others = ", ".join(places.landmark_name(p) for _, _, _, p in keepers if p != post)
        context = (
            f"You are the {title.lower()}. You start at {spawn_text(spawn)}; your post is {places.landmark_name(post)} "
            f"{xy(places.landmark(post))} (`{post}`). The vigil holds only while every keeper stands at their post "
            f"(within 3 tiles) with a lit stormlamp at the same moment: the others keep {others}.\n"
            f"Only the {lampwright['title'].lower()} can assemble a stormlamp; collect yours at the {bench.where()} "
            f"and carry it to your post. Once there, stay: leaving breaks the vigil."
        )
        plan = [
            {"move_to": {"target": bench.target}},
            {"wait_for": {"item": "stormlamp"}},
            {"move_to": {"target": post}},
        ]
        agents.append(Agent(kname, title, spawn, {}, context, plan, kind="keep"))
        success += [
            {"holds": {"agent": kname, "items": {"stormlamp": 1}}},
            {"at": {"agent": kname, "place": post, "within": 3}},
        ]
    if own_post:
        success += [
            {"holds": {"agent": lw.name, "items": {"stormlamp": 1}}},
            {"at": {"agent": lw.name, "place": own_post, "within": 3}},
        ]
    checkpoints = [
        _checkpoint("first_lamp", "A stormlamp has been assembled.", {"holds": {"items": {"stormlamp": 1}}}),
        _checkpoint("all_lamps", f"All {k} stormlamps exist.", {"holds": {"items": {"stormlamp": k}}}),
        _checkpoint(
            f"{keepers[0][0]}_posted",
            f"The {keepers[0][1].lower()} stands at their post.",
            {"at": {"agent": keepers[0][0], "place": keepers[0][3], "within": 3}},
        ),
    ]
    if renderer:
        checkpoints.insert(
            0,
            _checkpoint(
                "oil_rendered",
                "Stormeel oil has been rendered.",
                {"holds": {"agent": lampwright["name"], "items": {"stormeel_oil": k}}},
            ),
        )
    objective = (
        f"{intro} The task is complete when all {k} keepers stand at their posts at the same moment, "
        f"each holding a stormlamp."
    )
    shape = f"M1>M1>K{k}" if renderer else f"M1>K{k}"
    if own_post:
        shape = shape.replace(f"M1>K{k}", f"MK>K{k - 1}")
    first = keepers[0][0]
    shared = len(keepers)
    relay = {
        lw.name: [s for s in lw.plan if "give" not in s and "move_to" not in s or s is lw.plan[0]]
        + [{"give": {"to": first, "item": "stormlamp", "count": shared}}]
        + ([{"move_to": {"target": own_post}}] if own_post else []),
        first: [{"move_to": {"target": bench.target}}, {"wait_for": {"item": "stormlamp", "count": shared}}]
        + [{"give": {"to": kname, "item": "stormlamp", "count": 1}} for kname, *_ in keepers[1:]]
        + [{"move_to": {"target": keepers[0][3]}}],
    }
    return Draft(
        task_id,
        name,
        "coordination",
        objective,
        agents,
        success,
        checkpoints[:6],
        "vigil",
        f"vigil:{shape}",
        alternatives=[
            (f"the lampwright hands every lamp to the {keepers[0][1].lower()}, who shares them out", relay)
        ],
        why=(f"stormeel oil (only {renderer['title'].lower()}: cooking 45) -> " if renderer else "")
        + f"{k} stormlamps (only {lampwright['title'].lower()}: crafting 50) -> {k} keepers at {k} far-apart "
        f"posts at once (the outcome names each)",
    )


def _wounding(spec, with_ids: bool = False) -> str:
    """What the mob's `wounded_by` means to a fighter ("" when any weapon wounds it), item ids optional."""
    items = places.content().items
    names = [(items[w].name.lower(), f" (`{w}`)" if with_ids else "") for w in spec.wounded_by]
    listed = " or ".join(f"{'an' if n[0] in 'aeiou' else 'a'} {n}{tag}" for n, tag in names)
    return f" Only {listed} wounds it; any other weapon or a bare hand does no harm." if names else ""


def _fighter(
    name: str,
    title: str,
    spawn: str,
    mob: str,
    where: Position,
    stand: Position,
    skills: dict[str, int],
    equipment: dict[str, str],
    then: str,
) -> Agent:
    """The team's only real fighter: attacks the task-placed mob until it dies."""
    spec = places.content().mobs[mob]
    weapon = places.content().items[equipment["weapon"]]
    context = (
        f"You are the team's {title.lower()} and its only real fighter: "
        + ", ".join(f"{s} {lvl}" for s, lvl in skills.items())
        + f", with a {weapon.name.lower()} (range {weapon.stats.range if weapon.stats else 1}). Nobody else on the "
        f"team could wear it down in time.\nYou start at {spawn_text(spawn)}. The {spec.name.lower()} (`{mob}`, "
        f"{spec.hp} HP, hits back for up to {spec.max_hit}) stands at {xy(where)}: `attack` it every turn until it "
        f"dies (it only fights those who strike it).{_wounding(spec)}\n{then}"
    )
    plan = [{"move_to": {"target": list(stand)}}, {"attack": {"target": mob}}]
    return Agent(name, title, spawn, dict(skills), context, plan, equipment=dict(equipment), kind="fight")


def hunt(
    task_id: str, name: str, *, hunter: dict, beast: dict, armourer: dict, carpenter: dict, intro: str
) -> Draft:
    """A fighter kills a beast whose drops only an armourer can work, on a plank only a carpenter can
    saw; the fighter must end up wearing the result (combat: kill, join, equip)."""
    taken: set[Position] = set()
    content = places.content()
    spec = content.mobs[beast["type"]]
    lair = places.free_tile(
        places.landmark(beast["near"]), beast.get("away", 6), taken, beast.get("direction", (0, -1))
    )
    # the fighter walks up beside the lair its context names (the beast only fights those who strike
    # it), so the walk is justified by what it was told
    stand = places.free_tile(lair, 1, taken, beast.get("approach", (0, 1)))
    bench = Spot.at_station(armourer["station"])
    recipe = content.recipes[armourer["recipe"]]
    output = next(iter(recipe.outputs))
    item = content.items[output]
    need = ", ".join(f"{s} {lvl}" for s, lvl in (item.requires or {}).items())
    ((scale, count),) = ((d.item, d.count) for d in spec.drops)
    hunter_agent = _fighter(
        hunter["name"],
        hunter["title"],
        hunter["spawn"],
        beast["type"],
        lair,
        stand,
        hunter["skills"],
        hunter["equipment"],
        f"Its {count} {scale} are yours when it dies: bring them to the {armourer['title'].lower()} "
        f"at the {bench.where()} and `give` them (within 2 tiles). The {item.name.lower()} "
        f"(`{output}`) made from them is for you to wear ({need}): `equip` it when it is handed "
        f"to you.",
    )
    hunter_agent.plan += [
        {"move_to": {"target": bench.target}},
        {"give": {"to": armourer["name"], "item": scale, "count": count}},
        {"wait_for": {"item": output}},
        {"equip": {"item": output}},
    ]
    c_bench = Spot.at_station(carpenter["station"])
    carp = maker(
        carpenter["name"],
        carpenter["title"],
        [("heartwood_plank", 1)],
        c_bench,
        carpenter["spawn"],
        [],
        Delivery(armourer["name"], armourer["title"], bench),
        tools={"heartwood_log": carpenter["logs"]},
    )
    carp.context = carp.context.replace(
        "You cannot gather the materials yourself: .\n",
        f"You carry the {carpenter['logs']} heartwood logs it needs.\n",
    )
    carp.plan = [s for s in carp.plan if "wait_for" not in s]
    smith = maker(
        armourer["name"],
        armourer["title"],
        [(armourer["recipe"], 1)],
        bench,
        armourer["spawn"],
        [(hunter["title"], scale, count), (carpenter["title"], "heartwood_plank", 1)],
        Delivery(hunter["name"], hunter["title"], bench),
    )
    agents = [hunter_agent, carp, smith]
    success = [{"killed": {"mob": beast["type"]}}, {"wields": {"agent": hunter["name"], "item": output}}]
    checkpoints = [
        _checkpoint("beast_slain", f"The {spec.name.lower()} is dead.", {"killed": {"mob": beast["type"]}}),
        _checkpoint(
            "plank_sawn",
            f"The {armourer['title'].lower()} holds the heartwood plank.",
            {"holds": {"agent": armourer["name"], "items": {"heartwood_plank": 1}}},
        ),
        _checkpoint(
            f"{scale}_delivered",
            f"The {armourer['title'].lower()} holds the {scale.replace('_', ' ')}s.",
            {"holds": {"agent": armourer["name"], "items": {scale: count}}},
        ),
        _checkpoint(f"{output}_made", f"The {item.name.lower()} exists.", {"holds": {"items": {output: 1}}}),
    ]
    objective = (
        f"{intro} The task is complete when the {spec.name.lower()} is dead and the "
        f"{hunter['title'].lower()} wears the {item.name.lower()}."
    )
    fetch = {
        armourer["name"]: [{"move_to": {"target": c_bench.target}}, {"wait_for": {"item": "heartwood_plank"}}]
        + smith.plan,
        carpenter["name"]: carp.plan[:-2] + [{"give": {"to": armourer["name"], "item": "heartwood_plank"}}],
    }
    return Draft(
        task_id,
        name,
        "combat",
        objective,
        agents,
        success,
        checkpoints,
        "hunt",
        "hunt:F>M1>M2>F",
        world={"mobs": [{"type": beast["type"], "position": list(lair)}]},
        alternatives=[
            (f"the {armourer['title'].lower()} fetches the plank from the carpenter's bench", fetch)
        ],
        why=f"{spec.name.lower()} ({spec.hp} HP; only the {hunter['title'].lower()} can fight) -> "
        f"{output.replace('_', ' ')} (only {armourer['title'].lower()}: {recipe.skill} {recipe.level}) "
        f"on a heartwood plank (only {carpenter['title'].lower()}: fletching 45) -> worn by the "
        f"{hunter['title'].lower()} (named by the outcome)",
    )


def escort(
    task_id: str, name: str, *, fighter: dict, guard: dict, lampwright: dict, courier: dict, intro: str
) -> Draft:
    """A guard mob holds the only way into a place; the fighter must bring it down before the
    courier can carry what the lampwright makes inside (combat: clear, make, carry)."""
    mob = places.content().mobs[guard["type"]]
    bench = Spot.at_station(lampwright["station"])
    post = tuple(guard["position"])
    stand = tuple(guard["stand"])
    f_agent = _fighter(
        fighter["name"],
        fighter["title"],
        fighter["spawn"],
        guard["type"],
        post,
        stand,
        fighter["skills"],
        fighter["equipment"],
        f"While it stands, nobody can pass the tiles it guards ({', '.join(xy(t) for t in guard['guards'])}); "
        f"tell the {courier['title'].lower()} in chat when it is down.",
    )
    f_agent.plan += [
        {"chat": {"to": courier["name"], "message": "The way in is clear."}},
        {"move_to": {"target": [courier["place"][0] + 1, courier["place"][1]]}},
    ]
    f_agent.context += (
        f" Then hold {courier['place_name']} {xy(tuple(courier['place']))} beside the "
        f"{courier['title'].lower()}: the hall counts as retaken only with you standing in it."
    )
    lw = maker(
        lampwright["name"],
        lampwright["title"],
        [("stormlamp", 1)],
        bench,
        lampwright["spawn"],
        [(courier["title"], "stormeel_oil", 1)],
        Delivery(courier["name"], courier["title"], bench),
        tools={"starsilver_bar": 1},
    )
    target = tuple(courier["place"])
    range_spot = Spot.at_station(courier["range"])
    c_context = (
        f"You are the team's {courier['title'].lower()}: the stormlamp counts only once you carry it to "
        f"{xy(target)}, {courier['place_name']}. You start at {spawn_text(courier['spawn'])} and cannot fight.\n"
        f"The lamp burns stormeel oil, and only you can render it: cooking 50 and the 2 stormeels you carry "
        f"({recipe_line('stormeel_oil')}); use the {range_spot.where()}, then `give` the oil to the "
        f"{lampwright['title'].lower()} at the {bench.where()} and wait there for the lamp.\nThe only way in "
        f"passes {', '.join(xy(t) for t in guard['guards'])}, which the {mob.name.lower()} (`{guard['type']}`) holds "
        f"while it stands: wait for the {fighter['title'].lower()}'s word that it is down, then walk in and stay."
    )
    c_plan = [
        {"move_to": {"target": range_spot.target}},
        {"craft": {"recipe": "stormeel_oil"}},
        {"move_to": {"target": bench.target}},
        {"give": {"to": lampwright["name"], "item": "stormeel_oil"}},
        {"wait_for": {"item": "stormlamp"}},
        {"wait_for": {"message_from": fighter["name"]}},
        {"move_to": {"target": list(target)}},
    ]
    c_agent = Agent(
        courier["name"],
        courier["title"],
        courier["spawn"],
        {"cooking": 50},
        c_context,
        c_plan,
        inventory={"stormeel": 2},
        kind="make+carry",
    )
    success = [
        {"killed": {"mob": guard["type"]}},
        {"holds": {"agent": courier["name"], "items": {"stormlamp": 1}}},
        {"at": {"agent": courier["name"], "place": list(target), "within": 2}},
        {"at": {"agent": fighter["name"], "place": list(target), "within": 3}},
    ]
    checkpoints = [
        _checkpoint("lamp_made", "The stormlamp exists.", {"holds": {"items": {"stormlamp": 1}}}),
        _checkpoint(
            "lamp_carried",
            f"The {courier['title'].lower()} carries the stormlamp.",
            {"holds": {"agent": courier["name"], "items": {"stormlamp": 1}}},
        ),
        _checkpoint(
            "guard_down", f"The {mob.name.lower()} is destroyed.", {"killed": {"mob": guard["type"]}}
        ),
    ]
    objective = (
        f"{intro} The task is complete when the {mob.name.lower()} is destroyed and the "
        f"{courier['title'].lower()} stands at {courier['place_name']} with the stormlamp, the "
        f"{fighter['title'].lower()} beside them."
    )
    alt = {
        lampwright["name"]: lw.plan[:-1]
        + [{"move_to": {"target": list(stand)}}, {"give": {"to": courier["name"], "item": "stormlamp"}}],
        courier["name"]: c_plan[:4]
        + [
            {"move_to": {"target": list(stand)}},
            {"wait_for": {"item": "stormlamp"}},
            {"wait_for": {"message_from": fighter["name"]}},
            {"move_to": {"target": list(target)}},
        ],
    }
    return Draft(
        task_id,
        name,
        "combat",
        objective,
        [f_agent, lw, c_agent],
        success,
        checkpoints,
        "escort",
        "escort:F|C>M1>C@place",
        world={
            "mobs": [
                {"type": guard["type"], "position": list(post), "guards": [list(t) for t in guard["guards"]]}
            ]
        },
        alternatives=[("the lampwright carries the lamp to the courier at the gate instead", alt)],
        why=f"{mob.name.lower()} ({mob.hp} HP) holds the only way in: only the {fighter['title'].lower()} "
        f"brings it down in time; stormeel oil (only {courier['title'].lower()}: cooking 45) -> "
        f"stormlamp (only {lampwright['title'].lower()}: crafting 50) -> the {courier['title'].lower()} "
        f"must stand inside with it",
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
