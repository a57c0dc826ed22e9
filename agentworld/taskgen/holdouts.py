"""Survival motifs (issue 24): a team holds out where an exposure wears it down (world/exposure.py).

Every motif here turns on an exposure of map.yaml and asks that nobody dies, so the team must keep
its members alive while it works: food cooked from rare catches, cloaks only a master tailor sews,
fires a woodcutter builds and feeds. The documentation is a character sheet and what the character
knows (its trade, its recipes, what the weather does, a place it has scouted); who needs what, where
to meet and when arrives by chat in the oracle plan.

- `gale_works`: builders raise a site inside a killing gale; each build costs them the gale less what
  protects them, so the team needs the tailor's cloaks or the woodcutter's fire (the audit proves it:
  `Endure`), the cook's food to last, and more hands than one to do the work in time.
- `watch_and_dig`: a site is built while a lookout holds a far post (`built_while_held`), the lookout
  digging the food's roots there, everyone worn down by the weather until the food comes.
- `two_holds`: two outposts each hold out with food in store at the end; one cook feeds both, and the
  catch comes from holes only one member's charts place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import TOOLS, Agent, spawn_text, xy

Position = tuple[int, int]


# --- what the documentation says ---------------------------------------------------------------------
def exposure_text(exposure_id: str, where: str) -> str:
    """What the weather does, in a character's words (true of map.yaml: damage, kind)."""
    spec = places.content().exposures[exposure_id]
    return (
        f"The {spec.name.lower()} costs anyone standing {where} {spec.damage} HP at the end of every round "
        f"they end there, less what keeps the {spec.kind} off them."
    )


def item_text(item_id: str) -> str:
    """An item as a character knows it: its heal or its protection (true of items.yaml)."""
    item = places.content().items[item_id]
    if item.heal:
        return f"{item.name.lower()} (`{item_id}`, heals {item.heal} HP when eaten: `use`)"
    kept = ", ".join(f"{kind} {n}" for kind, n in item.protects.items())
    return f"{item.name.lower()} (`{item_id}`, worn on the {item.slot}: keeps {kept} HP a round off)"


def recipe_text(recipe_id: str) -> str:
    recipe = places.content().recipes[recipe_id]
    ins = " + ".join(f"{n} {i}" for i, n in recipe.inputs.items())
    outs = " + ".join(f"{n} {i}" for i, n in recipe.outputs.items())
    where = f"at a {recipe.station.replace('_', ' ')}" if recipe.station else "by hand, anywhere"
    tools = f", holding a {', '.join(recipe.tools)}" if recipe.tools else ""
    return f"`{recipe_id}`: {ins} -> {outs} ({recipe.skill} {recipe.level}, {where}{tools})"


def node_text(kind: str) -> str:
    node = places.content().node_kinds[kind]
    item = next(iter(node.yields))
    return (
        f"{node.name.lower()}s (`{kind}`, {node.skill} {node.level}: one {item} a `gather`, "
        f"{node.capacity} before it is spent)"
    )


def _checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


def _below(tile: Position, rows: int) -> Position:
    """A walkable tile `rows` south of `tile` (or the nearest free one): where a hand waits."""
    gmap = places.content().map
    x, y = tile[0], tile[1] + rows
    if gmap.walkable(x, y):
        return (x, y)
    return places.free_tile((x, y), 1, set())


# --- gale_works ----------------------------------------------------------------------------------------
@dataclass
class Hand:
    """A builder (crafting `level`); the `keeper` also holds the stores at the end."""

    name: str
    title: str
    spawn: str | Position
    level: int = 25
    keeper: bool = False


@dataclass
class Tailor:
    """Sews one cloak per builder at `station` from what it carries, and builds too."""

    name: str
    title: str
    spawn: str | Position
    station: str
    recipe: str = "fur_cloak"


@dataclass
class FireKeeper:
    """Fells pine at `trees`, lights the fire `fire` (a site with a shelter) and feeds it `feed` logs."""

    name: str
    title: str
    spawn: str | Position
    trees: list[Position]
    fire: dict
    feed: int
    builds: bool = True


@dataclass
class Cook:
    """Catches at `holes` and cooks `recipe` at `station`; hands out `rations` at the works, then builds."""

    name: str
    title: str
    spawn: str | Position
    node: str
    holes: list[Position]
    recipe: str
    station: str
    rations: dict[str, int] = field(default_factory=dict)  # agent -> units of food handed at the works
    builds: bool = True


def gale_works(
    task_id: str,
    name: str,
    *,
    exposure: str,
    area: str,
    site: dict,
    wait: Position,
    hands: list[Hand],
    cook: Cook,
    hold: int,
    intro: str,
    tailor: Tailor | None = None,
    firekeeper: FireKeeper | None = None,
) -> Draft:
    """Builders raise `site` inside a killing gale (`exposure`; `area` says where in words); the keeper among
    the hands must hold `hold` of the cook's food there at the end; nobody may die. The builders (the hands,
    the tailor, the cook) live through the work only with the tailor's cloaks or the woodcutter's fire."""
    content = places.content()
    spec = content.exposures[exposure]
    food = next(iter(content.recipes[cook.recipe].outputs))
    food_name = content.items[food].name.lower()
    tile = (site["position"][0], site["position"][1])
    site_id, site_name = site["id"], site["name"].lower()
    keeper = next(h for h in hands if h.keeper)
    lead = hands[0]
    builders = (
        [h.name for h in hands] + ([tailor.name] if tailor else []) + ([cook.name] if cook.builds else [])
    )
    meet, edge = list(wait), list(_below(tile, 3))
    warm = (
        [{"wait_for": {"item": tailor.recipe, "count": 1}}, {"equip": {"item": tailor.recipe}}]
        if tailor
        else []
    ) + ([{"wait_for": {"message_from": firekeeper.name}}] if firekeeper else [])
    agents: list[Agent] = []

    # the hands: the lead has surveyed the works and knows the gale; it tells the others
    for hand in hands:
        context = (
            f"You are a {hand.title.lower()}: crafting {hand.level}, enough for the {site_name} (crafting "
            f"{site['level']}). You start at {spawn_text(hand.spawn)} with 95 HP.\n"
            f"{exposure_text(exposure, area)}"
        )
        plan: list[dict] = []
        if hand is lead:
            context += (
                f"\nYou surveyed the works: the {site_name} (`{site_id}`) stands at {xy(tile)}, {site['work']} "
                f"turns of building (`build` within 1 tile, one a turn) for whoever can stand the gale; "
                f"{xy(wait)} is just out of it."
            )
            plan += _lead_chats(
                lead, hands, tailor, firekeeper, cook, site, tile, wait, hold, food_name, spec
            )
        else:
            plan.append({"wait_for": {"message_from": lead.name}})
        plan += [{"move_to": {"target": meet}}, *warm, {"build": {"site": site_id}}]
        if hand.keeper:
            plan += [{"move_to": {"target": edge}}, {"wait_for": {"item": food, "count": hold}}]
        skills = {"crafting": hand.level, "health": 25}
        agents.append(Agent(hand.name, hand.title, hand.spawn, skills, context, plan, kind="build"))

    if tailor:
        agents.append(_tailor(tailor, builders, cook, lead, meet, site_id))
    if firekeeper:
        agents.append(_fire_keeper(firekeeper, lead, spec, site, meet))
    agents.append(_gale_cook(cook, lead, food, meet, site_id, tailor, firekeeper, (keeper.name, hold, edge)))

    world: dict[str, list] = {
        "nodes": [{"kind": cook.node, "position": list(h)} for h in cook.holes],
        "sites": [dict(site)],
        "exposure": [exposure],
    }
    if firekeeper:
        world["nodes"] += [{"kind": "pine_tree", "position": list(t)} for t in firekeeper.trees]
        world["sites"].append(dict(firekeeper.fire))
    success = [
        {"site_built": {"site": site_id}},
        {"holds": {"agent": keeper.name, "items": {food: hold}}},
        {"at": {"agent": keeper.name, "place": list(tile), "within": 3}},
        {"nobody_died": {}},
    ]
    catch = next(iter(content.node_kinds[cook.node].yields))
    checkpoints = [
        _checkpoint(f"{catch}_caught", "The first catch is in.", {"holds": {"items": {catch: 2}}}),
        _checkpoint(f"{food}_cooked", f"The first {food_name} is cooked.", {"holds": {"items": {food: 2}}}),
        _checkpoint(f"{site_id}_built", f"The {site_name} stands.", {"site_built": {"site": site_id}}),
        _checkpoint(
            f"{food}_stored",
            f"The {keeper.title.lower()} holds the stores.",
            {"holds": {"agent": keeper.name, "items": {food: hold}}},
        ),
    ]
    if tailor:
        cloaks = {"holds": {"items": {tailor.recipe: len(builders)}}}
        checkpoints.insert(0, _checkpoint("cloaks_sewn", "Every builder's cloak is sewn.", cloaks))
    objective = (
        f"{intro} The task is complete when the {site_name} stands, the {keeper.title.lower()} is at it holding "
        f"{hold} {food_name}, and nobody on the team has died."
    )
    warmth = "cloaks" if tailor else "fire"
    return Draft(
        task_id,
        name,
        "survival",
        objective,
        agents,
        success,
        checkpoints,
        "gale_works",
        f"gale_works:{len(builders)}B+{warmth}+{cook.recipe}",
        world=world,
        why=f"{site['work']} turns of building in the {spec.name.lower()} by {len(builders)} builders, kept alive by "
        f"the {warmth} and the cook's {food_name}; the {keeper.title.lower()} holds {hold} at the end; nobody may die",
    )


def _lead_chats(lead, hands, tailor, firekeeper, cook, site, tile, wait, hold, food_name, spec) -> list[dict]:
    """What the lead tells the others: the works, where to meet, what the work needs."""
    work = f"the {site['name'].lower()} at {xy(tile)}, {site['work']} turns of work in a gale of {spec.damage} a round"
    out = [
        _chat(
            cook.name,
            f"We raise {work}: bring your {food_name} to {xy(wait)}. The stores must hold {hold} at the "
            f"end, and we eat while we build.",
        )
    ]
    if tailor:
        out.append(
            _chat(
                tailor.name,
                f"We raise {work}: sew a cloak for every builder and meet us at {xy(wait)}, "
                f"just south of the gale; we need your hands at the wall too.",
            )
        )
    if firekeeper:
        fire = tuple(firekeeper.fire["position"])
        out.append(
            _chat(
                firekeeper.name,
                f"We raise {work}: light and feed the fire at {xy(fire)} for us, and tell us when it burns.",
            )
        )
    out.append(
        _chat(
            cook.name,
            f"We raise {work}: bring your {food_name} to {xy(wait)}. The stores must hold "
            f"{hold} at the end, and we eat while we build.",
        )
    )
    for other in hands[1:]:
        out.append(_chat(other.name, f"We raise {work}; meet at {xy(wait)}, just south of the gale."))
    return out


def _chat(to: str, message: str) -> dict:
    return {"chat": {"to": to, "message": message}}


def _tailor(tailor: Tailor, builders: list[str], cook: Cook, lead: Hand, meet: list, site_id: str) -> Agent:
    content = places.content()
    recipe = content.recipes[tailor.recipe]
    n = len(builders)
    pack = {item: k * n for item, k in recipe.inputs.items()}
    pack.update({tool: 1 for tool in recipe.tools})
    level = recipe.level + 5
    station = tailor.station
    context = (
        f"You are a tailor: crafting {level}, and no one else in the vale sews furs against the cold. "
        f"{recipe_text(tailor.recipe)}; a {item_text(tailor.recipe)}. You carry "
        + ", ".join(f"{k} {item}" for item, k in pack.items())
        + f", enough for {n}. The nearest {content.stations[recipe.station].name.lower()} is `{station}` at "
        f"{xy(places.station(station))}. You start at {spawn_text(tailor.spawn)} with 95 HP."
    )
    plan = [
        {"wait_for": {"message_from": lead.name}},
        {"move_to": {"target": station}},
        {"craft": {"recipe": tailor.recipe, "count": n}},
    ]
    if cook.name in builders:
        plan += [
            {"move_to": {"target": cook.name}},
            {"give": {"to": cook.name, "item": tailor.recipe, "count": 1}},
        ]
    plan.append({"move_to": {"target": meet}})
    plan += [
        {"give": {"to": b, "item": tailor.recipe, "count": 1}}
        for b in builders
        if b not in (tailor.name, cook.name)
    ]
    plan += [{"equip": {"item": tailor.recipe}}, {"build": {"site": site_id}}, {"move_to": {"target": meet}}]
    skills = {"crafting": level, "health": 25}
    return Agent(tailor.name, tailor.title, tailor.spawn, skills, context, plan, inventory=pack, kind="make")


def _fire_keeper(keeper: FireKeeper, lead: Hand, spec, site: dict, meet: list) -> Agent:
    """Fells the logs, lights and feeds the fire, brings the site's logs, tells the team, and builds."""
    fire = keeper.fire
    shelter = fire["shelter"]
    fuel = shelter["fuel"]
    laid = sum(fire["materials"].values())
    timber = site.get("materials", {}).get(fuel, 0)
    spot = (fire["position"][0], fire["position"][1])
    site_id = site["id"]
    context = (
        f"You are a woodcutter: lumberjacking 20 and a bronze axe. You know the {node_text('pine_tree')} at "
        f"{' and '.join(xy(t) for t in keeper.trees)}. A fire (`{fire['id']}`) is laid at {xy(spot)}: {laid} "
        f"{fuel} light it (`build`), and while it burns it keeps {shelter['protects'][spec.kind]} {spec.kind} a "
        f"round off everyone within {shelter['radius']} tiles, {shelter['burns']} rounds for each log it is fed "
        f"(`build` it again holding a log). You start at {spawn_text(keeper.spawn)} with 95 HP."
    )
    plan = [
        {"wait_for": {"message_from": lead.name}},
        {"move_to": {"target": list(_below(keeper.trees[0], 1))}},
        {"gather": {"target": "pine_tree", "count": laid + keeper.feed + timber}},
        {"build": {"site": fire["id"], "feed": keeper.feed}},
    ]
    if timber:
        plan.append({"build": {"site": site_id, "turns": 1}})  # delivers the logs
    plan.append(
        _chat("team", f"The fire at {xy(spot)} burns" + (" and the timber is in." if timber else "."))
    )
    skills = {"lumberjacking": 20, "health": 25}
    if keeper.builds:
        plan += [{"build": {"site": site_id}}, {"move_to": {"target": meet}}]
        skills["crafting"] = 20
        context = context.replace(
            "lumberjacking 20 and a bronze axe.", "lumberjacking 20 and a bronze axe, crafting 20."
        )
    return Agent(
        keeper.name,
        keeper.title,
        keeper.spawn,
        skills,
        context,
        plan,
        inventory={"bronze_axe": 1},
        kind="fire",
    )


def _gale_cook(
    cook: Cook, lead: Hand, food: str, meet: list, site_id: str, tailor, firekeeper, stores
) -> Agent:
    """Fishes and cooks the rations and the stores, hands the rations out at the works, builds, and
    brings the stores (`stores`: keeper, count, where it waits) when the work is done."""
    content = places.content()
    node = content.node_kinds[cook.node]
    recipe = content.recipes[cook.recipe]
    per = next(iter(recipe.inputs.values()))
    keeper, hold, edge = stores
    made = sum(cook.rations.values()) + hold
    plan = [
        {"wait_for": {"message_from": lead.name}},
        {"move_to": {"target": list(_below(cook.holes[0], 1))}},
        {"gather": {"target": cook.node, "count": made * per}},
        {"move_to": {"target": cook.station}},
        {"craft": {"recipe": cook.recipe, "count": made}},
    ]
    if cook.builds and tailor:
        plan += [{"wait_for": {"item": tailor.recipe, "count": 1}}, {"equip": {"item": tailor.recipe}}]
    plan.append({"move_to": {"target": meet}})
    plan += [
        {"give": {"to": who, "item": food, "count": k}} for who, k in cook.rations.items() if who != cook.name
    ]
    if cook.builds:
        if firekeeper:
            plan.append({"wait_for": {"message_from": firekeeper.name}})
        plan.append({"build": {"site": site_id}})
    plan += [{"move_to": {"target": edge}}, {"give": {"to": keeper, "item": food, "count": hold}}]
    skills = {"fishing": node.level + 5, "cooking": recipe.level + 5, "crafting": 20, "health": 25}
    context = (
        f"You are a cook who fishes for the pot: fishing {node.level + 5} and a fishing rod, cooking "
        f"{recipe.level + 5}, crafting 20. You know the {node_text(cook.node)} at "
        f"{' and '.join(xy(h) for h in cook.holes)}. {recipe_text(cook.recipe)}; {item_text(food)}. The nearest "
        f"cooking range is `{cook.station}` at {xy(places.station(cook.station))}. You start at "
        f"{spawn_text(cook.spawn)} with 95 HP."
    )
    return Agent(
        cook.name, cook.title, cook.spawn, skills, context, plan, inventory={"fishing_rod": 1}, kind="cook"
    )
