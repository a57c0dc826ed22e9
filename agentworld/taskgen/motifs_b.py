"""More motifs (issue 11, tasks 76-100), composed from the same parts as motifs.py:

- `survey_b`: lost relics dug by specialists, with the knowledge of the sites either relayed
  round the diggers or held by the curator alone, the curator possibly digging one itself, relics
  possibly restored or assembled by a maker (who may be the curator), and one or two curators
  (exploration);
- `haul_b`: gatherers stock one or more keepers at far-apart places, a keeper possibly smelting
  its share first (gathering);

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
)
from agentworld.taskgen.parts import TOOLS as TOOL_ITEMS
from agentworld.taskgen.parts import (
    Agent,
    Delivery,
    Spot,
    gatherer,
    maker,
    recipe_line,
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


# --- helpers of haul_b and loop ------------------------------------------------------------------


def _gatherer_for(source: Source, to: Delivery, taken: set[Position]) -> tuple[Agent, list]:
    return gatherer(
        source.name, source.title, source.node, source.count, source.spawn, _nodes(source, taken), to
    )


def _and_list(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


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


# --- haul_b (gathering) -------------------------------------------------------------------------


def haul_b(
    task_id: str,
    name: str,
    *,
    sources: list[Source],
    keepers: list[dict],
    shares: dict[str, dict[str, int]],
    intro: str,
) -> Draft:
    """Gatherers share their loads out to keepers waiting at far-apart places.

    keepers: {name, title, spawn, place, own?: Source (gathered by the keeper itself), smelt?:
    {recipe, station, times} (the keeper turns its share of ore into bars first)}; shares: source
    name -> {keeper name: count} (a source's count is the sum of its shares).
    """
    content = places.content()
    taken: set[Position] = set()
    spots = {k["name"]: Spot.at_landmark(k["place"]) for k in keepers}
    by_keeper = {k["name"]: k for k in keepers}
    agents: list[Agent] = []
    nodes: list[dict] = []
    wanted: dict[str, dict[str, int]] = {k["name"]: {} for k in keepers}
    received: dict[str, dict[str, int]] = {k["name"]: {} for k in keepers}
    pairs = []
    for s in sources:
        item = _yield(s.node)
        first = next(iter(shares[s.name]))
        k0 = by_keeper[first]
        smelt0 = k0.get("smelt")
        to0 = Delivery(first, k0["title"], Spot.at_station(smelt0["station"]) if smelt0 else spots[first])
        agent, placed = _gatherer_for(s, to0, taken)
        nodes += placed
        plan = agent.plan[:2]
        told = []
        for kname, n in shares[s.name].items():
            k = by_keeper[kname]
            spot = Spot.at_station(k["smelt"]["station"]) if k.get("smelt") else spots[kname]
            plan += [
                {"move_to": {"target": spot.walk_target()}},
                {"give": {"to": kname, "item": item, "count": n}},
            ]
            told.append(f"the {k['title'].lower()} needs {n} at the {spot.where()}")
            received[kname][item] = n
            if not k.get("smelt") or item not in content.recipes[k["smelt"]["recipe"]].inputs:
                wanted[kname][item] = n
        agent.plan = plan
        agent.context = agent.context.split(f"\nThe {k0['title'].lower()} needs")[0] + (
            "\nYour load is shared out: " + "; ".join(told) + ". Bring each their share and `give` it "
            "(within 2 tiles)."
        )
        agents.append(agent)
    for k in keepers:
        agents.append(
            _haul_keeper(
                k, spots[k["name"]], received[k["name"]], wanted[k["name"]], sources, shares, taken, nodes
            )
        )
    roster = {a.name: a for a in agents}
    for s in sources:
        for kname in shares[s.name]:
            pairs.append((roster[s.name], roster[kname], _yield(s.node)))
    success = []
    for k in keepers:
        success += [
            {"holds": {"agent": k["name"], "items": wanted[k["name"]]}},
            {"at": {"agent": k["name"], "place": k["place"], "within": 3}},
        ]
    checkpoints = [
        _checkpoint(
            f"{_yield(s.node)}_gathered",
            f"{s.count} {_name(_yield(s.node))} have been gathered.",
            {"holds": {"items": {_yield(s.node): s.count}}},
        )
        for s in sources
    ]
    for k in keepers:
        item, n = next(iter(wanted[k["name"]].items()))
        checkpoints.append(
            _checkpoint(
                f"{k['name']}_first_load",
                f"The {k['title'].lower()} holds its {_name(item)}.",
                {"holds": {"agent": k["name"], "items": {item: n}}},
            )
        )
    objective = (
        intro
        + " The task is complete when "
        + " and ".join(
            f"the {k['title'].lower()} holds {_listing(wanted[k['name']])} at {places.landmark_name(k['place'])}"
            for k in keepers
        )
        + "."
    )
    per = "|".join(("G" if k.get("own") else "") + ("M" if k.get("smelt") else "") + "H" for k in keepers)
    why = (
        " + ".join(
            [_source_why(s) for s in sources]
            + [_source_why(k["own"]) for k in keepers if k.get("own")]
            + [
                f"{k['smelt']['recipe'].replace('_', ' ')} (only {k['title'].lower()}: "
                f"{content.recipes[k['smelt']['recipe']].skill} {content.recipes[k['smelt']['recipe']].level})"
                for k in keepers
                if k.get("smelt")
            ]
        )
        + " -> held by the "
        + " and the ".join(f"{k['title'].lower()} at {places.landmark_name(k['place'])}" for k in keepers)
    )
    return Draft(
        task_id,
        name,
        "gathering",
        objective,
        agents,
        success,
        checkpoints[:6],
        "haul_b",
        f"haul:G{len(sources)}>{per}@place" + ("s" if len(keepers) > 1 else ""),
        world={"nodes": nodes},
        alternatives=_alternatives(pairs),
        why=why,
    )


def _haul_keeper(
    k: dict,
    spot: Spot,
    received: dict[str, int],
    wanted: dict[str, int],
    sources: list[Source],
    shares: dict[str, dict[str, int]],
    taken: set[Position],
    nodes: list[dict],
) -> Agent:
    content = places.content()
    skills: dict[str, int] = {}
    inventory: dict[str, int] = {}
    plan: list[dict] = []
    lines = []
    own = k.get("own")
    if own is not None:
        _own_load(own, taken, nodes, skills, inventory, plan, lines)
        wanted[_yield(own.node)] = own.count
    smelt = k.get("smelt")
    if smelt:
        recipe = content.recipes[smelt["recipe"]]
        bench = Spot.at_station(smelt["station"])
        skills[recipe.skill] = recipe.level + 5
        out = next(iter(recipe.outputs))
        wanted[out] = recipe.outputs[out] * smelt["times"]
        plan.append({"move_to": {"target": bench.target}})
        plan += [{"wait_for": {"item": i, "count": n * smelt["times"]}} for i, n in recipe.inputs.items()]
        plan.append({"craft": {"recipe": recipe.id, "count": smelt["times"]}})
        lines.append(
            f"The stores take {_name(out)}s, not ore, and only you can make them: {recipe.skill} "
            f"{recipe.level + 5}, {recipe_line(recipe.id)}. Wait at the {bench.where()} for the ore, "
            f"craft, then go on."
        )
    bringers = [s.title.lower() for s in sources if k["name"] in shares[s.name]]
    plan.append({"move_to": {"target": spot.target}})
    plan += [{"wait_for": {"item": i, "count": n}} for i, n in wanted.items() if i in received or not smelt]
    context = (
        f"You are the team's {k['title'].lower()}: {_listing(wanted)} count only once they are in your hands at "
        f"{spot.where()} (stay within 3 tiles). You start at {spawn_text(k['spawn'])}"
        + ("." if lines else " and cannot work any of the rare nodes yourself.")
        + "\n"
        + "".join(line + "\n" for line in lines)
        + f"The {_and_list(bringers)} will bring you {'the rest' if lines else 'them'}; tell them in chat "
        f"where you are."
    )
    kind = ("gather+" if own else "") + ("make+" if smelt else "") + "hold"
    return Agent(k["name"], k["title"], k["spawn"], skills, context, plan, inventory=inventory, kind=kind)


