"""More motifs (issue 11, tasks 76-100), composed from the same parts as motifs.py:

- `survey_b`: lost relics dug by specialists, with the knowledge of the sites either relayed
  round the diggers or held by the curator alone, the curator possibly digging one itself, relics
  possibly restored or assembled by a maker (who may be the curator), and one or two curators
  (exploration);
- `raise_sites`: one or more sites, each worked only by its builder's skill, supplied by gatherers
  and makers; a builder may raise two sites or gather its own material (construction);
- `loop`: the agent who must end up with the product also gathers its raw material, which goes
  round the makers and comes back (crafting);
- `vigil_b`: vigils whose makers also keep posts, or whose posts need a lamp, a charm, or both
  (coordination).

Necessity comes from the world as in motifs.py: nodes and recipes at levels 45-55 no trainer
reaches, goods no shop sells, and an outcome that names who must hold, wield or stand where.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.clues import site_clue
from agentworld.taskgen.motifs import (
    Source,
    _checkpoint,
    _nodes,
    _source_why,
    _yield,
    vigil,
)
from agentworld.taskgen.parts import TOOLS as TOOL_ITEMS
from agentworld.taskgen.parts import (
    Agent,
    Delivery,
    Spot,
    gatherer,
    maker,
    spawn_text,
    xy,
)

Position = tuple[int, int]


# --- shared pieces -----------------------------------------------------------------------------


def _stand(tile: Position) -> list[int]:
    """Where an agent stands to work something on `tile`: south of it, or east when south is blocked."""
    x, y = tile
    return [x, y + 1] if places.content().map.walkable(x, y + 1) else [x + 1, y]


def _name(item: str) -> str:
    return places.content().items[item].name.lower()


def _listing(items: dict[str, int]) -> str:
    return _and_list([f"{n} {_name(i)}" if n > 1 else f"the {_name(i)}" for i, n in items.items()])


def _self_supplied(agent: Agent, carried: str) -> Agent:
    """A maker that starts with its inputs: no supplier to wait for."""
    agent.context = agent.context.replace("You cannot gather the materials yourself: .", carried)
    agent.plan = [s for s in agent.plan if "wait_for" not in s]
    return agent


def _fetch(giver: Agent, receiver: Agent, item: str) -> tuple[str, dict[str, list]] | None:
    """Another legal route: the receiver walks to where the giver last worked and takes `item` there,
    instead of the giver carrying it over."""
    plan = giver.plan
    gives = [
        i
        for i, s in enumerate(plan)
        if "give" in s and s["give"]["to"] == receiver.name and s["give"]["item"] == item
    ]
    if not gives or gives[0] < 2 or "move_to" not in plan[gives[0] - 1]:
        return None
    at = gives[0]
    before = next((plan[i]["move_to"]["target"] for i in range(at - 2, -1, -1) if "move_to" in plan[i]), None)
    if before is None:
        return None
    count = plan[at]["give"].get("count", 1)
    g_plan = plan[: at - 1] + plan[at:]
    r_plan = list(receiver.plan)
    waits = [i for i, s in enumerate(r_plan) if s.get("wait_for", {}).get("item")]
    moves = [i for i, s in enumerate(r_plan[: waits[0]] if waits else r_plan) if "move_to" in s]
    at = moves[-1] if moves else 0  # (on its way to where it waits; what it does before, it still does)
    r_plan[at:at] = [{"move_to": {"target": before}}, {"wait_for": {"item": item, "count": count}}]
    return (
        f"the {receiver.role.lower()} fetches the {item.replace('_', ' ')} from the {giver.role.lower()}",
        {giver.name: g_plan, receiver.name: r_plan},
    )


def _alternatives(pairs: list[tuple[Agent, Agent, str]]) -> list[tuple[str, dict[str, list]]]:
    return [alt for alt in (_fetch(g, r, item) for g, r, item in pairs) if alt is not None]


def _holder(
    name: str,
    title: str,
    spawn: str,
    spot: Spot,
    wanted: dict[str, int],
    bringers: list[str],
    can: str = "can neither find nor dig them",
) -> Agent:
    """The agent the outcome names: waits at a landmark until it holds `wanted`."""
    context = (
        f"You are the team's {title.lower()}: {_listing(wanted)} count only once they are in your hands at "
        f"{spot.where()}. You start at {spawn_text(spawn)} and {can}.\nWait there (`move_to` `{spot.target}`; "
        f"stay within 3 tiles) for " + ", ".join(f"the {b.lower()}" for b in bringers) + "."
    )
    plan = [{"move_to": {"target": spot.target}}] + [
        {"wait_for": {"item": i, "count": n}} for i, n in wanted.items()
    ]
    return Agent(name, title, spawn, {}, context, plan, kind="hold")


# --- survey_b (exploration) ----------------------------------------------------------------------


@dataclass(frozen=True)
class Dig:
    """One relic: who digs it (name/title, or the curator itself), which node, where the digger
    starts, and where the relic lies (`away` tiles from `near`, towards `direction`)."""

    name: str
    title: str
    node: str
    spawn: str
    near: str
    direction: Position = (1, 0)
    away: int = 9


@dataclass
class Keeper:
    """A curator: where it waits and which relics (by digger name) it must end up holding."""

    name: str
    title: str
    spawn: str
    place: str
    takes: list[str] = field(default_factory=list)  # digger names; empty: all


def _site_note(dig: Dig, site: Position) -> str:
    return site_clue(dig.node, dig.near, site)


def _site_message(dig: Dig, site: Position) -> str:
    clue = site_clue(dig.node, dig.near, site)
    return f"My notes say {clue}: you must dig it."


def _digger(dig: Dig, site: Position, knows: str, to: Delivery) -> Agent:
    content = places.content()
    node = content.node_kinds[dig.node]
    relic = _yield(dig.node)
    tool = TOOL_ITEMS.get(node.skill) if node.tool else None
    context = (
        f"You are the team's {dig.title.lower()}: {node.skill} {node.level + 5}"
        + (f" and a {content.items[tool].name.lower()}" if tool else "")
        + f", the only one who can raise the {node.name.lower()} (`{dig.node}`, {node.skill} {node.level}). "
        f"You start at {spawn_text(dig.spawn)}.\n{knows}\nOnce you have dug out the {_name(relic)}, bring it to "
        f"the {to.title.lower()} at the {to.spot.where()} and `give` it (within 2 tiles)."
    )
    plan = [
        {"move_to": {"target": dig.near}},  # the clue's landmark: from there the site is in view
        {"move_to": {"target": _stand(site)}},
        {"gather": {"target": dig.node, "count": 1}},
        {"move_to": {"target": to.spot.walk_target()}},
        {"give": {"to": to.to, "item": relic}},
    ]
    return Agent(
        dig.name,
        dig.title,
        dig.spawn,
        {node.skill: node.level + 5},
        context,
        plan,
        inventory={tool: 1} if tool else {},
        kind=f"dig:{node.skill}",
    )


def survey_b(
    task_id: str,
    name: str,
    *,
    digs: list[Dig],
    keepers: list[Keeper],
    intro: str,
    charts: str = "relay",
    restorer: dict | None = None,
    oil: dict | None = None,
) -> Draft:
    """Relics dug by specialists and held by curators at their places.

    charts: "relay" (each digger's notes give the next digger's site) or "keeper" (only the first
    curator knows the sites and must tell the diggers). A dig whose name is a keeper's is the
    curator's own. restorer: {name, title, spawn, station, recipe} turns the relics into the
    recipe's product, which its curator must hold (a restorer named like a curator is that curator);
    oil: {name, title, spawn, station} renders stormeel oil for the restorer's recipe.
    """
    content = places.content()
    taken: set[Position] = set()
    sites = [places.free_tile(places.landmark(d.near), d.away, taken, d.direction) for d in digs]
    spots = {k.name: Spot.at_landmark(k.place) for k in keepers}
    owner = {d.name: next(k for k in keepers if not k.takes or d.name in k.takes) for d in digs}
    keeper_names = {k.name for k in keepers}
    r_spot = Spot.at_station(restorer["station"]) if restorer else None
    r_keeper = next((k for k in keepers if restorer and k.name == restorer["name"]), None)
    agents: dict[str, Agent] = {}
    nodes = []
    n = len(digs)
    for i, (d, site) in enumerate(zip(digs, sites)):
        k = owner[d.name]
        to = (
            Delivery(restorer["name"], restorer["title"], r_spot)
            if restorer
            else Delivery(k.name, k.title, spots[k.name])
        )
        if charts == "relay":
            told, told_site = digs[(i + 1) % n], sites[(i + 1) % n]
            knows = (
                f"You do not know where it lies: the {digs[(i - 1) % n].title.lower()}'s old notes do. Yours "
                f'say something else: "{_site_note(told, told_site)}" (that one is the '
                f"{told.title.lower()}'s work). Share it in chat."
            )
        elif d.name == keepers[0].name:
            knows = f"Your own charts show where it lies: {_site_note(d, site)}."
        else:
            knows = (
                f"You do not know where it lies: only the {keepers[0].title.lower()}'s charts show it. Wait "
                f"for the {keepers[0].title.lower()}'s word in chat before you set out."
            )
        agent = _digger(d, site, knows, to)
        if charts == "relay":
            agent.plan.insert(0, {"chat": {"to": told.name, "message": _site_message(told, told_site)}})
        elif d.name != keepers[0].name:
            agent.plan.insert(0, {"wait_for": {"message_from": keepers[0].name}})
        if d.name in keeper_names and not restorer:
            agent.plan = [s for s in agent.plan if "give" not in s][:-1]  # (the curator keeps its own relic)
        agents[d.name] = agent
        nodes.append({"kind": d.node, "position": list(site)})
    # curators
    wanted_by: dict[str, dict[str, int]] = {k.name: {} for k in keepers}
    if restorer:
        product = next(iter(content.recipes[restorer["recipe"]].outputs))
        wanted_by[
            next(k.name for k in keepers if k.name == restorer["name"]) if r_keeper else keepers[0].name
        ][product] = 1
    else:
        for d in digs:
            wanted_by[owner[d.name].name][_yield(d.node)] = 1
    for k in keepers:
        bringers = (
            [restorer["title"]]
            if restorer and not r_keeper
            else [d.title for d in digs if owner[d.name] is k and d.name != k.name]
        )
        holder = _holder(k.name, k.title, k.spawn, spots[k.name], wanted_by[k.name], bringers)
        if k.name in agents:  # the curator digs one relic itself, then waits with it
            dig_part = agents[k.name]
            others = _and_list(
                [f"the {d.title.lower()}" for d in digs if owner[d.name] is k and d.name != k.name]
            )
            context = dig_part.context.split("\nOnce you have dug")[0].replace(
                f"the team's {dig_part.role.lower()}:", f"the team's {k.title.lower()}:"
            )
            context += (
                f"\nOnce you have dug out the {_name(_yield(next(d.node for d in digs if d.name == k.name)))}, carry it to {spots[k.name].where()} and wait there (within 3 tiles) for "
                f"{others}: the relics count only once they are all in your hands there."
            )
            agents[k.name] = Agent(
                k.name,
                k.title,
                k.spawn,
                dig_part.skills,
                context,
                dig_part.plan + holder.plan,
                inventory=dig_part.inventory,
                kind="dig+hold",
            )
        elif r_keeper is not None and k.name == r_keeper.name:
            continue
        else:
            agents[k.name] = holder
    extra: list[Agent] = []
    if oil:
        oiler = _self_supplied(
            maker(
                oil["name"],
                oil["title"],
                [("stormeel_oil", 1)],
                Spot.at_station(oil["station"]),
                oil["spawn"],
                [],
                Delivery(restorer["name"], restorer["title"], r_spot),
                tools={"stormeel": 2},
            ),
            "You carry the 2 stormeels the oil needs.",
        )
        extra.append(oiler)
    if restorer:
        recipe = content.recipes[restorer["recipe"]]
        suppliers = [(d.title, _yield(d.node), 1) for d in digs]
        if oil:
            suppliers.append((oil["title"], "stormeel_oil", 1))
        k = next(k for k in keepers if k.name == (r_keeper.name if r_keeper else keepers[0].name))
        deliver = None if r_keeper else Delivery(k.name, k.title, spots[k.name])
        made = maker(
            restorer["name"],
            restorer["title"],
            [(restorer["recipe"], 1)],
            r_spot,
            restorer["spawn"],
            suppliers,
            deliver,
        )
        made.kind = f"make:{recipe.skill}"
        if r_keeper:
            made.plan.append({"move_to": {"target": spots[k.name].target}})
            made.context += (
                f"\nThe {_name(product)} counts only once you hold it at {spots[k.name].where()} "
                f"(within 3 tiles): carry it there yourself."
            )
            made.role, made.kind = k.title, f"make:{recipe.skill}+hold"
            made.spawn = k.spawn
        extra.append(made)
    roster = list(agents.values()) + extra
    if charts == "keeper":
        chart_holder = next(a for a in roster if a.name == keepers[0].name)
        tell = [
            {"chat": {"to": d.name, "message": _site_message(d, site)}}
            for d, site in zip(digs, sites)
            if d.name != keepers[0].name
        ]
        chart_holder.plan = tell + chart_holder.plan
        chart_holder.context += (
            "\nOnly you hold the charts of the old sites: "
            + "; ".join(
                f"{_site_note(d, site)} (the {d.title.lower()}'s to dig)"
                for d, site in zip(digs, sites)
                if d.name != keepers[0].name
            )
            + ". Tell each digger where theirs lies."
        )
    order = [a for a in roster if a.kind.startswith("dig:")] + [
        a for a in roster if not a.kind.startswith("dig:")
    ]
    success = []
    for k in keepers:
        if wanted_by[k.name]:
            success += [
                {"holds": {"agent": k.name, "items": wanted_by[k.name]}},
                {"at": {"agent": k.name, "place": k.place, "within": 3}},
            ]
    checkpoints = [
        _checkpoint(
            f"{_yield(d.node)}_found",
            f"The {_name(_yield(d.node))} has been dug out.",
            {"holds": {"items": {_yield(d.node): 1}}},
        )
        for d in digs
    ]
    if restorer:
        relic = _yield(digs[0].node)
        checkpoints.append(
            _checkpoint(
                f"{relic}_delivered",
                f"The {restorer['title'].lower()} holds the {_name(relic)}.",
                {"holds": {"agent": restorer["name"], "items": {relic: 1}}},
            )
        )
        checkpoints.append(
            _checkpoint(
                f"{product}_made", f"The {_name(product)} exists.", {"holds": {"items": {product: 1}}}
            )
        )
        if oil:
            checkpoints.insert(
                0,
                _checkpoint(
                    "oil_rendered",
                    "Stormeel oil has been rendered.",
                    {"holds": {"items": {"stormeel_oil": 1}}},
                ),
            )
    else:
        k = keepers[0]
        first = next(iter(wanted_by[k.name]))
        checkpoints.append(
            _checkpoint(
                "first_relic_home",
                f"The {k.title.lower()} holds a relic.",
                {"holds": {"agent": k.name, "items": {first: 1}}},
            )
        )
    objective = (
        intro
        + " The task is complete when "
        + " and ".join(
            f"the {k.title.lower()} holds {_listing(wanted_by[k.name])} at {places.landmark_name(k.place)}"
            for k in keepers
            if wanted_by[k.name]
        )
        + "."
    )
    pairs = []
    by_name = {a.name: a for a in roster}
    for d in digs:
        receiver = restorer["name"] if restorer else owner[d.name].name
        if receiver != d.name:
            pairs.append((by_name[d.name], by_name[receiver], _yield(d.node)))
    shape = _survey_shape(digs, keepers, charts, restorer, oil)
    why = (
        (
            f"{n} relics in remote spots, each dug only by one specialist (level 50), "
            if n > 1
            else "a relic in a remote spot, dug only by one specialist (level 50), "
        )
        + (
            "whose site only another digger's notes give"
            if charts == "relay"
            else f"whose site only the {keepers[0].title.lower()}'s charts give"
        )
        + (
            f" -> {restorer['recipe'].replace('_', ' ')} (only {restorer['title'].lower()}: "
            f"{content.recipes[restorer['recipe']].skill} {content.recipes[restorer['recipe']].level})"
            if restorer
            else ""
        )
        + (f" with stormeel oil (only {oil['title'].lower()}: cooking 45)" if oil else "")
        + " -> held by the "
        + " and the ".join(k.title.lower() for k in keepers)
        + " (named by the outcome)"
    )
    return Draft(
        task_id,
        name,
        "exploration",
        objective,
        order,
        success,
        checkpoints[:6],
        "survey_b",
        shape,
        world={"nodes": nodes},
        alternatives=_alternatives(pairs),
        why=why,
    )


def _survey_shape(
    digs: list[Dig], keepers: list[Keeper], charts: str, restorer: dict | None, oil: dict | None
) -> str:
    own = sum(d.name in {k.name for k in keepers} for d in digs)
    shape = f"G{len(digs) - own}" + ("+GH" * own)
    shape = f"H*>{shape}" if charts == "keeper" else f"{shape}(relayed sites)"
    if restorer:
        shape += ("+M1" if oil else "") + (
            ">MH" if any(k.name == restorer["name"] for k in keepers) else ">M1>H"
        )
    else:
        shape += ">" + "|".join("H" for _ in keepers)
    return f"survey:{shape}@place" + ("s" if len(keepers) > 1 else "")


# --- raise_sites (construction) ------------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    """One construction site: where it is marked, what it needs, and who alone can work it."""

    id: str
    name: str
    near: str
    materials: dict[str, int]
    skill: str
    builder: str  # the builder's name
    direction: Position = (0, 1)
    work: int = 3
    level: int = 50


def _gatherer_for(source: Source, to: Delivery, taken: set[Position]) -> tuple[Agent, list]:
    return gatherer(
        source.name, source.title, source.node, source.count, source.spawn, _nodes(source, taken), to
    )


def raise_sites(
    task_id: str,
    name: str,
    *,
    sources: list[Source],
    sites: list[Site],
    builders: list[dict],
    intro: str,
    feeds: dict[str, str],
    makers: list[dict] | None = None,
) -> Draft:
    """Gatherers (and makers) supply sites that only their builders' skills can work.

    feeds: source name -> the site id or maker name it supplies; makers: {name, title, recipes,
    station, spawn, fed_by, site}; builders: {name, title, spawn, own?: Source} (with `own`, the
    builder first gathers that source's load itself and carries it to its site).
    """
    content = places.content()
    taken: set[Position] = set()
    makers = makers or []
    site_spots = {}
    for s in sites:
        tile = places.free_tile(places.landmark(s.near), 4, taken, s.direction)
        site_spots[s.id] = Spot(f"site#{s.id}", f"{s.name} (`site#{s.id}`)", tile)
    by_builder = {b["name"]: b for b in builders}
    b_site = {s.id: s for s in sites}
    m_spots = {m["name"]: Spot.at_station(m["station"]) for m in makers}

    def delivery(target: str) -> Delivery:
        if target in m_spots:
            m = next(m for m in makers if m["name"] == target)
            return Delivery(m["name"], m["title"], m_spots[target])
        site = b_site[target]
        return Delivery(site.builder, by_builder[site.builder]["title"], site_spots[site.id])

    agents: list[Agent] = []
    nodes: list[dict] = []
    pairs: list[tuple[Agent, str, str]] = []  # (giver, receiver name, item)
    for source in sources:
        agent, placed = _gatherer_for(source, delivery(feeds[source.name]), taken)
        agents.append(agent)
        nodes += placed
        pairs.append((agent, delivery(feeds[source.name]).to, _yield(source.node)))
    by_source = {s.name: s for s in sources}
    for m in makers:
        supplied = [(by_source[f].title, _yield(by_source[f].node), by_source[f].count) for f in m["fed_by"]]
        agent = maker(
            m["name"], m["title"], m["recipes"], m_spots[m["name"]], m["spawn"], supplied, delivery(m["site"])
        )
        agents.append(agent)
        out = next(iter(content.recipes[m["recipes"][-1][0]].outputs))
        pairs.append((agent, delivery(m["site"]).to, out))
    for b in builders:
        mine = [s for s in sites if s.builder == b["name"]]
        agents.append(_builder(b, mine, site_spots, sources, makers, feeds, taken, nodes))
    roster = {a.name: a for a in agents}
    success = [{"site_built": {"site": s.id}} for s in sites]
    checkpoints = []
    for site, item, n in ((s, item, n) for s in sites for item, n in s.materials.items()):
        checkpoints.append(
            _checkpoint(
                f"{site.id}_{item}_ready",
                f"The {by_builder[site.builder]['title'].lower()} holds "
                f"the {_name(item)} for the {site.name.lower()}.",
                {"holds": {"agent": site.builder, "items": {item: n}}},
            )
        )
    for m in makers:
        out = next(iter(content.recipes[m["recipes"][-1][0]].outputs))
        checkpoints.insert(
            0, _checkpoint(f"{out}_made", f"The {_name(out)} has been made.", {"holds": {"items": {out: 1}}})
        )
    checkpoints.append(
        _checkpoint(
            "first_gather",
            "Work has begun on the rare materials.",
            {"holds": {"items": {_yield(sources[0].node): 1}}},
        )
    )
    objective = (
        intro
        + " The task is complete when "
        + _and_list([f"the {s.name.lower()}" for s in sites])
        + (" is built." if len(sites) == 1 else " are built.")
    )
    world = {
        "nodes": nodes,
        "sites": [
            {
                "id": s.id,
                "name": s.name,
                "position": list(site_spots[s.id].position),
                "materials": dict(s.materials),
                "work": s.work,
                "skill": s.skill,
                "level": s.level,
            }
            for s in sites
        ],
    }
    shape = _raise_shape(sources, makers, sites, builders)
    why = (
        " + ".join(
            [_source_why(s) for s in sources]
            + [
                f"{m['recipes'][-1][0].replace('_', ' ')} (only {m['title'].lower()}: "
                f"{content.recipes[m['recipes'][-1][0]].skill} {content.recipes[m['recipes'][-1][0]].level})"
                for m in makers
            ]
            + [_source_why(b["own"]) for b in builders if b.get("own")]
        )
        + " -> "
        + "; ".join(
            f"{s.name.lower()} built by the {by_builder[s.builder]['title'].lower()} (only {s.skill} {s.level})"
            for s in sites
        )
    )
    return Draft(
        task_id,
        name,
        "construction",
        objective,
        agents,
        success,
        checkpoints[:6],
        "raise_sites",
        f"raise_site:{shape}",
        world=world,
        alternatives=_alternatives([(g, roster[r], item) for g, r, item in pairs]),
        why=why,
    )


def _and_list(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _builder(
    b: dict,
    mine: list[Site],
    site_spots: dict[str, Spot],
    sources: list[Source],
    makers: list[dict],
    feeds: dict[str, str],
    taken: set[Position],
    nodes: list[dict],
) -> Agent:
    """A builder: its own load first (with `own`), then each of its sites in turn."""
    skills = {s.skill: s.level + 5 for s in mine}
    inventory: dict[str, int] = {}
    plan: list[dict] = []
    lines = []
    own = b.get("own")
    if own is not None:
        _own_load(own, taken, nodes, skills, inventory, plan, lines, " and carry them to your site")
    for s in mine:
        spot = site_spots[s.id]
        bringers = [src.title.lower() for src in sources if feeds[src.name] == s.id]
        bringers += [m["title"].lower() for m in makers if m["site"] == s.id]
        lines.append(
            f"The {s.name.lower()} (`site#{s.id}`) is marked at {xy(spot.position)} near "
            f"{places.landmark_name(s.near)}; it needs {_listing(s.materials)} delivered and then {s.work} "
            f"turns of work ({s.skill} {s.level}): stand within 1 tile and `build` it (each `build` delivers "
            f"what you carry, then works). "
            + (
                f"The {_and_list(bringers)} will bring you {'its materials' if not own else 'the rest'}."
                if bringers
                else ""
            )
        )
        plan.append({"move_to": {"target": spot.walk_target()}})
        plan += [{"wait_for": {"item": i, "count": n}} for i, n in s.materials.items()]
        plan.append({"build": {"site": s.id}})
    levels = " and ".join(f"{sk} {lvl}" for sk, lvl in skills.items() if sk in {s.skill for s in mine})
    context = (
        f"You are the team's {b['title'].lower()}: {levels}, the only one who can work on "
        f"{_and_list([f'the {s.name.lower()}' for s in mine])} (nobody else could train that far in time). "
        f"You start at {spawn_text(b['spawn'])}.\n"
        + "\n".join(lines)
        + ("" if own else "\nYou cannot gather or make the materials yourself.")
    )
    kind = ("gather+" if own else "") + "build" + (str(len(mine)) if len(mine) > 1 else "")
    return Agent(b["name"], b["title"], b["spawn"], skills, context, plan, inventory=inventory, kind=kind)


def _own_load(
    own: Source,
    taken: set[Position],
    nodes: list[dict],
    skills: dict[str, int],
    inventory: dict[str, int],
    plan: list[dict],
    lines: list[str],
    then: str = "",
) -> None:
    """A load the agent gathers itself before its main role: nodes placed, skill and tool given, the
    first steps of its plan and a line of its documentation."""
    node = places.content().node_kinds[own.node]
    tiles = _nodes(own, taken)
    nodes += [{"kind": own.node, "position": list(t)} for t in tiles]
    skills[node.skill] = node.level + 5
    if node.tool:
        inventory[TOOL_ITEMS[node.skill]] = 1
    plan += [{"move_to": {"target": _stand(tiles[0])}}, {"gather": {"target": own.node, "count": own.count}}]
    lines.append(
        f"One load is yours to gather: you have {node.skill} {node.level + 5}"
        + (f" and a {_name(TOOL_ITEMS[node.skill])}" if node.tool else "")
        + f", the only one who can work the {node.name.lower()}s (`{own.node}`, {node.skill} "
        f"{node.level}) at {' and '.join(xy(t) for t in tiles)}; `gather` {own.count} {_yield(own.node)} "
        f"there first{then}."
    )


def _raise_shape(sources: list[Source], makers: list[dict], sites: list[Site], builders: list[dict]) -> str:
    shape = f"G{len(sources)}" + (f">M{len(makers)}" if makers else "")
    per = []
    for b in builders:
        n = sum(s.builder == b["name"] for s in sites)
        per.append(("G" if b.get("own") else "") + "B" + (str(n) if n > 1 else ""))
    return shape + ">" + "|".join(per)


# --- haul_b (gathering) -------------------------------------------------------------------------


# --- loop (crafting) ----------------------------------------------------------------------------


def loop(
    task_id: str,
    name: str,
    *,
    owner: dict,
    makers: list[dict],
    intro: str,
    helpers: list[Source] | None = None,
) -> Draft:
    """The owner gathers the raw material itself; it goes round the makers (each handing to the
    next, helpers' loads joining where `fed_by` says) and the last product comes back to the owner,
    who must wield it (`wields`: the skills it needs) or hold it at `place`.

    owner: {name, title, spawn, source: Source, wields?: {skill: level}, place?: landmark};
    makers: {name, title, recipes, station, spawn, start?, fed_by: [source names]}.
    """
    content = places.content()
    taken: set[Position] = set()
    helpers = helpers or []
    spots = [Spot.at_station(m["station"]) for m in makers]
    feeds = {f: (m, spot) for m, spot in zip(makers, spots) for f in m["fed_by"]}
    final = next(iter(content.recipes[makers[-1]["recipes"][-1][0]].outputs))
    own: Source = owner["source"]
    first_m, first_spot = feeds[own.name]
    o_gather, placed = _gatherer_for(own, Delivery(first_m["name"], first_m["title"], first_spot), taken)
    nodes = list(placed)
    agents: list[Agent] = []
    pairs = []
    for s in helpers:
        m, spot = feeds[s.name]
        agent, placed = _gatherer_for(s, Delivery(m["name"], m["title"], spot), taken)
        nodes += placed
        agents.append(agent)
        pairs.append((agent, m["name"], _yield(s.node)))
    by_source = {s.name: s for s in helpers + [own]}
    for i, (m, spot) in enumerate(zip(makers, spots)):
        supplied = [(by_source[f].title, _yield(by_source[f].node), by_source[f].count) for f in m["fed_by"]]
        if i > 0:
            prev_out = next(iter(content.recipes[makers[i - 1]["recipes"][-1][0]].outputs))
            supplied.append((makers[i - 1]["title"], prev_out, 1))
        to = (
            Delivery(makers[i + 1]["name"], makers[i + 1]["title"], spots[i + 1])
            if i + 1 < len(makers)
            else Delivery(owner["name"], owner["title"], spots[-1])
        )
        agent = maker(
            m["name"], m["title"], m["recipes"], spot, m["spawn"], supplied, to, tools=m.get("start")
        )
        agents.append(agent)
        if i > 0:
            pairs.append((agents[-2], m["name"], prev_out))
    item = content.items[final]
    back = [{"move_to": {"target": spots[-1].target}}, {"wait_for": {"item": final}}]
    if owner.get("wields"):
        need = ", ".join(f"{s} {lvl}" for s, lvl in (item.requires or {}).items())
        back.append({"equip": {"item": final}})
        end = (
            f"The {item.name.lower()} is yours to wield (it needs {need}, which only you have): collect it at the "
            f"{spots[-1].where()} from the {makers[-1]['title'].lower()} and `equip` it."
        )
        success = [{"wields": {"agent": owner["name"], "item": final}}]
        outcome = f"the {owner['title'].lower()} wields the {item.name.lower()}"
    else:
        spot = Spot.at_landmark(owner["place"])
        back.append({"move_to": {"target": spot.target}})
        end = (
            f"The {item.name.lower()} counts only once you hold it at {spot.where()} (within 3 tiles): collect "
            f"it at the {spots[-1].where()} from the {makers[-1]['title'].lower()} and carry it there."
        )
        success = [
            {"holds": {"agent": owner["name"], "items": {final: 1}}},
            {"at": {"agent": owner["name"], "place": owner["place"], "within": 3}},
        ]
        outcome = f"the {owner['title'].lower()} holds the {item.name.lower()} at {places.landmark_name(owner['place'])}"
    context = (
        o_gather.context.replace(f"the team's {own.title.lower()}", f"the team's {owner['title'].lower()}")
        + "\n"
        + end
    )
    o_agent = Agent(
        owner["name"],
        owner["title"],
        owner["spawn"],
        {**o_gather.skills, **owner.get("wields", {})},
        context,
        o_gather.plan + back,
        inventory=o_gather.inventory,
        kind="gather+" + ("wield" if owner.get("wields") else "hold"),
    )
    agents.insert(len(helpers), o_agent)
    roster = {a.name: a for a in agents}
    pairs.insert(0, (o_agent, first_m["name"], _yield(own.node)))
    checkpoints = [
        _checkpoint(
            f"{_yield(own.node)}_gathered",
            f"The {owner['title'].lower()} has gathered the {_name(_yield(own.node))}.",
            {"holds": {"items": {_yield(own.node): own.count}}},
        )
    ]
    for m in makers:
        out = next(iter(content.recipes[m["recipes"][-1][0]].outputs))
        checkpoints.append(
            _checkpoint(f"{out}_made", f"The {_name(out)} has been made.", {"holds": {"items": {out: 1}}})
        )
    checkpoints.append(
        _checkpoint(
            f"{final}_returned",
            f"The {owner['title'].lower()} holds the {item.name.lower()}.",
            {"holds": {"agent": owner["name"], "items": {final: 1}}},
        )
    )
    shape = (
        ("GW" if owner.get("wields") else "GH")
        + (f"+G{len(helpers)}" if helpers else "")
        + "".join(
            f">M{len(m['fed_by'])}" + (f"r{len(m['recipes'])}" if len(m["recipes"]) > 1 else "")
            for m in makers
        )
        + (">W" if owner.get("wields") else ">H@place")
    )
    why = (
        " + ".join([_source_why(own)] + [_source_why(s) for s in helpers])
        + " -> "
        + " -> ".join(
            f"{m['recipes'][-1][0].replace('_', ' ')} (only {m['title'].lower()}: "
            f"{content.recipes[m['recipes'][-1][0]].skill} {content.recipes[m['recipes'][-1][0]].level})"
            for m in makers
        )
        + f" -> back to the {owner['title'].lower()} (named by the outcome)"
    )
    return Draft(
        task_id,
        name,
        "crafting",
        f"{intro} The task is complete when {outcome}.",
        agents,
        success,
        checkpoints[:6],
        "loop",
        f"loop:{shape}",
        world={"nodes": nodes},
        alternatives=_alternatives([(g, roster[r], it) for g, r, it in pairs]),
        why=why,
    )


# --- vigil_b (coordination) ---------------------------------------------------------------------


def _post_keeper(
    name: str, title: str, spawn: str, post: str, item: str, maker_title: str, spot: Spot
) -> Agent:
    context = (
        f"You are the {title.lower()}. You start at {spawn_text(spawn)}; your post is {places.landmark_name(post)} "
        f"{xy(places.landmark(post))} (`{post}`). The vigil holds only while every keeper stands at their post "
        f"(within 3 tiles) with what they carry, all at the same moment.\nOnly the {maker_title.lower()} can make a "
        f"{_name(item)}; collect yours at the {spot.where()} and carry it to your post. Once there, stay: leaving "
        f"breaks the vigil."
    )
    plan = [{"move_to": {"target": spot.target}}, {"wait_for": {"item": item}}, {"move_to": {"target": post}}]
    return Agent(name, title, spawn, {}, context, plan, kind="keep")


def vigil_b(
    task_id: str,
    name: str,
    *,
    keepers: list[tuple[str, str, str, str]],
    lampwright: dict,
    renderer: dict,
    intro: str,
    charmbinder: dict | None = None,
    charm_keepers: list[tuple[str, str, str, str]] = (),
) -> Draft:
    """vigil(), where the oil renderer may keep a post too (renderer["post"]) and a second light, the
    tideward charm that only the charmbinder binds, is carried to other posts (charm_keepers)."""
    r_post = renderer.get("post")
    lamp_keepers = list(keepers) + (
        [(renderer["name"], renderer["title"], renderer["spawn"], r_post)] if r_post else []
    )
    draft = vigil(task_id, name, keepers=lamp_keepers, lampwright=lampwright, renderer=renderer, intro=intro)
    agents = draft.agents
    if r_post:
        both = [a for a in agents if a.name == renderer["name"]]
        cook, keep = both
        cook.context += (
            "\nOne lamp is yours to carry: your post is " + keep.context.split("; your post is ", 1)[1]
        )
        cook.plan = cook.plan + keep.plan
        cook.kind = "make+keep"
        agents.remove(keep)
    m = len(charm_keepers) + (1 if charmbinder and charmbinder.get("post") else 0)
    parts = [f"{len(lamp_keepers) + (1 if lampwright.get('post') else 0)} stormlamps"]
    if charmbinder:
        table = Spot.at_station(charmbinder["station"])
        binder = _self_supplied(
            maker(
                charmbinder["name"],
                charmbinder["title"],
                [("tideward_charm", m)],
                table,
                charmbinder["spawn"],
                [],
                None,
                tools={"dawnlily_tincture": m, "silk_cord": m},
            ),
            f"You carry the {m} dawnlily tinctures and {m} silk cords the charms need.",
        )
        binder.context += (
            f"\nThe {len(charm_keepers)} charm keepers come to your table for their charms: `give` each "
            f"one a tideward charm (within 2 tiles)."
        )
        binder.plan += [{"give": {"to": k[0], "item": "tideward_charm", "count": 1}} for k in charm_keepers]
        if charmbinder.get("post"):
            post = charmbinder["post"]
            binder.plan.append({"move_to": {"target": post}})
            binder.context += (
                f"\nOne charm is yours: after the others have theirs, hold your own post at "
                f"{places.landmark_name(post)} {xy(places.landmark(post))} (`{post}`) with it."
            )
            binder.kind = "make+keep"
            draft.success += [
                {"holds": {"agent": binder.name, "items": {"tideward_charm": 1}}},
                {"at": {"agent": binder.name, "place": post, "within": 3}},
            ]
        agents.append(binder)
        for kname, title, spawn, post in charm_keepers:
            agents.append(
                _post_keeper(kname, title, spawn, post, "tideward_charm", charmbinder["title"], table)
            )
            draft.success += [
                {"holds": {"agent": kname, "items": {"tideward_charm": 1}}},
                {"at": {"agent": kname, "place": post, "within": 3}},
            ]
        draft.checkpoints.insert(
            2,
            _checkpoint(
                "first_charm", "A tideward charm has been bound.", {"holds": {"items": {"tideward_charm": 1}}}
            ),
        )
        draft.checkpoints = draft.checkpoints[:6]
        parts.append(f"{m} tideward charms")
        binds = (
            f"; {m} tideward charms (only {charmbinder['title'].lower()}: alchemy 50) -> {len(charm_keepers)} "
            f"more keepers at their posts"
        )
    else:
        binds = ""
    posted = len(lamp_keepers) + m + (1 if lampwright.get("post") else 0)
    draft.objective = (
        f"{intro} The task is complete when all {posted} keepers stand at their posts at the same "
        f"moment, each holding what their post needs ({' and '.join(parts)} in all)."
    )
    lamps = f"M{'K' if r_post else '1'}>M{'K' if lampwright.get('post') else '1'}>K{len(keepers)}"
    charms = f"|M{'K' if charmbinder.get('post') else '1'}>K{len(charm_keepers)}" if charmbinder else ""
    draft.signature = f"vigil:{lamps}{charms}"
    draft.motif = "vigil_b"
    draft.why = (
        draft.why.replace(" -> ", f" ({'who keeps a post too' if r_post else ''}) -> ", 1).replace(
            " () ", " "
        )
        + binds
    )
    return draft
