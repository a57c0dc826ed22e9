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


def node_text(kind: str, named: bool = True) -> str:
    """A node kind as a character knows it: its skill, yield and capacity (with its id when `named`)."""
    node = places.content().node_kinds[kind]
    item = next(iter(node.yields))
    ident = f"`{kind}`, " if named else ""
    return (
        f"{node.name.lower()}s ({ident}{node.skill} {node.level}: one {item} a `gather`, "
        f"{node.capacity} before it is spent)"
    )


def _checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


def _beside(spot: Position, trees: list[Position]) -> Position:
    """A walkable tile within 1 of `spot` and of the first tree: where a fire tender fells and feeds."""
    gmap = places.content().map
    tx, ty = trees[0]
    for dx in (0, -1, 1):
        for dy in (1, 0, -1):
            x, y = spot[0] + dx, spot[1] + dy
            if max(abs(x - tx), abs(y - ty)) <= 1 and (x, y) not in trees and gmap.walkable(x, y):
                return (x, y)
    raise ValueError(f"no tile beside both {spot} and {trees[0]}")


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
    """A builder of one of the works (`site`: its id, default the first); the first hand has surveyed the
    works and leads."""

    name: str
    title: str
    spawn: str | Position
    level: int = 25
    site: str | None = None
    pack: dict[str, int] = field(default_factory=dict)  # what it carries (rations of its own)


@dataclass
class Tailor:
    """Sews at the nearest `recipe` station from what it carries: cloaks (one per builder, handed out at the
    meeting place) or a site's materials (handed to the hand who builds it)."""

    name: str
    title: str
    spawn: str | Position
    recipes: tuple[str, ...] = ("fur_cloak",)
    builds: bool = False  # builds the first site too (crafting)

    def cloak(self) -> str | None:
        """The recipe (and item) of its cloaks, if it sews any."""
        content = places.content()
        return next((r for r in self.recipes if content.items[_made(r)].protects), None)


def _made(recipe_id: str) -> str:
    return next(iter(places.content().recipes[recipe_id].outputs))


@dataclass
class FireKeeper:
    """Fells pine at `trees` (beside the fire), lights the fire `fire` (a site with a shelter) and feeds it:
    with `tended`, the first work counts only while someone stands by the fire (`built_while_held`), so it
    stays there, felling and feeding, until the work is done. Pine the works need it hands to their lead."""

    name: str
    title: str
    spawn: str | Position
    trees: list[Position]
    fire: dict
    logs: int  # logs it fells in all (the fire's, the feeding, the works' timber)
    feed: int  # logs fed once the fire burns, before the team is told
    tended: bool = True


@dataclass
class Cook:
    """Catches at `holes` and cooks `recipe` at the nearest range; hands out `rations` at the meeting place
    and keeps the stores."""

    name: str
    title: str
    spawn: str | Position
    node: str
    holes: list[Position]
    recipe: str
    rations: dict[str, int] = field(default_factory=dict)  # agent -> units of food handed at the works
    pack: dict[str, int] = field(default_factory=dict)  # what it carries for the recipe besides its catch
    cloaked: bool = False  # its holes lie in the gale: it waits for a cloak of the tailor's first
    rations_first: bool = False  # cooks and hands out the rations first, then goes back for the stores
    to_each: bool = False  # walks to each builder in turn with its rations (they work apart)


def gale_works(
    task_id: str,
    name: str,
    *,
    exposure: str,
    area: str,
    sites: list[dict],
    wait: Position,
    hands: list[Hand],
    cook: Cook,
    hold: int,
    intro: str,
    tailor: Tailor | None = None,
    firekeeper: FireKeeper | None = None,
) -> Draft:
    """Builders raise `sites` inside a killing gale (`exposure`; `area` says where in words) kept alive by the
    tailor's cloaks or the woodcutter's fire and the cook's food; the team must hold `hold` of the food at the
    end; nobody may die. The first hand has surveyed the works and tells the others what they need."""
    content = places.content()
    spec = content.exposures[exposure]
    food = next(iter(content.recipes[cook.recipe].outputs))
    food_name = content.items[food].name.lower()
    main = sites[0]
    by_id = {s["id"]: s for s in sites}
    lead = hands[0]
    cloak = tailor.cloak() if tailor else None
    builders = [h.name for h in hands] + ([tailor.name] if tailor and tailor.builds else [])
    wearers = builders + ([cook.name] if cook.cloaked else [])
    meet = list(wait)
    agents: list[Agent] = []
    for hand in hands:
        work = by_id[hand.site or main["id"]]
        agents.append(_hand(hand, lead, work, sites, exposure, area, wait, cloak, firekeeper, cook))
        if hand is lead:
            agents[-1].plan[:0] = chats = _lead_chats(
                hands, tailor, firekeeper, cook, sites, wait, hold, food_name, spec
            )
    if tailor:
        agents.append(_tailor(tailor, wearers, lead, meet, main))
    if firekeeper:
        agents.append(_fire_keeper(firekeeper, lead, spec, sites))
    agents.append(_gale_cook(cook, lead, food, meet, hold, cloak if cook.cloaked else None))
    word = {"wait_for": {"message_from": lead.name}}
    for agent in agents[1:]:  # the lead's word may take several messages: each waits for all of them
        if word in agent.plan:
            at = agent.plan.index(word)
            agent.plan[at : at + 1] = [word] * len(chats)

    world: dict[str, list] = {
        "nodes": [{"kind": cook.node, "position": list(h)} for h in cook.holes],
        "sites": [dict(s) for s in sites],
        "exposure": [exposure],
    }
    success: list[dict] = [{"site_built": {"site": s["id"]}} for s in sites]
    if firekeeper:
        world["nodes"] += [{"kind": "pine_tree", "position": list(t)} for t in firekeeper.trees]
        world["sites"].append(dict(firekeeper.fire))
        if firekeeper.tended:
            fire = firekeeper.fire["position"]
            success[0] = {"built_while_held": {"site": main["id"], "places": [fire], "within": 1}}
    success += [{"holds": {"items": {food: hold}}}, {"nobody_died": {}}]
    catch = next(iter(content.node_kinds[cook.node].yields))
    checkpoints = [
        _checkpoint(f"{catch}_caught", "The first catch is in.", {"holds": {"items": {catch: 2}}}),
        _checkpoint(f"{food}_cooked", f"The first {food_name} is cooked.", {"holds": {"items": {food: 2}}}),
        *(
            _checkpoint(
                f"{s['id']}_built", f"The {s['name'].lower()} stands.", {"site_built": {"site": s["id"]}}
            )
            for s in sites
        ),
    ]
    if tailor:
        made = _made(tailor.recipes[0])
        sewn = {"holds": {"items": {made: len(wearers) if made == cloak else main["materials"][made]}}}
        checkpoints.insert(0, _checkpoint(f"{made}_sewn", "The tailor's first work is done.", sewn))
    if firekeeper:
        lit = {"site_built": {"site": firekeeper.fire["id"]}}
        checkpoints.insert(0, _checkpoint("fire_lit", "The fire is lit.", lit))
    names = " and the ".join(s["name"].lower() for s in sites)
    tended = (
        f", the {main['name'].lower()} with its fire tended at every turn of its work,"
        if firekeeper and firekeeper.tended
        else ""
    )
    objective = (
        (
            f"{intro} The task is complete when the {names} stand{'s' if len(sites) == 1 else ''}{tended} the team "
            f"still holds {hold} {food_name} in store, and nobody on the team has died."
        )
        .replace("stands the team", "stands, the team")
        .replace("stand the team", "stand, the team")
    )
    alternatives = [_gale_alternative(agents, lead, cook, firekeeper)]
    warmth = "+".join((["cloaks"] if cloak else []) + (["fire"] if firekeeper else []))
    shape = (
        f"gale_works:{len(sites)}S{len(builders)}B+{warmth}{'(tended)' if tended else ''}"
        f"{'+screens' if tailor and any(r != cloak for r in tailor.recipes) else ''}+{cook.recipe}"
    )
    return Draft(
        task_id,
        name,
        "survival",
        objective,
        agents,
        success,
        checkpoints,
        "gale_works",
        shape,
        world=world,
        alternatives=alternatives,
        why=f"{' + '.join(str(s['work']) for s in sites)} turns of building in the {spec.name.lower()} by "
        f"{len(builders)} builders, kept alive by {warmth.replace('+', ' and ')} and the cook's {food_name}"
        f"{' (the fire tended throughout)' if tended else ''}; {hold} kept in store; nobody may die",
    )


def _gale_alternative(agents: list[Agent], lead: Hand, cook: Cook, firekeeper) -> tuple[str, dict[str, list]]:
    """Another legal route: the lead briefs each trade in a message of its own, the cook hands the rations out
    in the other order, and the woodcutter feeds its fire a log at a time."""
    by_name = {a.name: a for a in agents}
    word = {"wait_for": {"message_from": lead.name}}
    team_chats = [s for s in by_name[lead.name].plan if "chat" in s and s["chat"]["to"] == "team"]
    text = " ".join(s["chat"]["message"] for s in team_chats)
    others = [a.name for a in agents if a.name != lead.name]
    plans: dict[str, list] = {}
    lead_plan = [s for s in by_name[lead.name].plan if s not in team_chats]
    plans[lead.name] = [_chat(name, text[:480]) for name in others] + lead_plan
    for name in others:
        plan = [s for s in by_name[name].plan if s != word]
        plans[name] = [word] + plan
    plan = plans[cook.name]
    gives = [i for i, s in enumerate(plan) if "give" in s]
    if len(gives) > 1:  # each give with the walk to its builder before it, if any (`Cook.to_each`)
        rounds = [
            plan[i - 1 : i + 1]
            if plan[i - 1].get("move_to", {}).get("target") == plan[i]["give"]["to"]
            else [plan[i]]
            for i in gives
        ]
        start = gives[0] - (len(rounds[0]) - 1)
        plan[start : gives[-1] + 1] = [s for r in rounds[::-1] for s in r]
    if firekeeper:
        fire_id = firekeeper.fire["id"]
        plan = []
        for step in plans[firekeeper.name]:
            feed = step.get("build", {}).get("feed", 0) if "build" in step else 0
            if feed > 1 and step["build"]["site"] == fire_id:
                plan += [{"build": {"site": fire_id, "feed": 1}} for _ in range(feed)]
            else:
                plan.append(step)
        plans[firekeeper.name] = plan
    what = "the lead briefs each trade on its own, the cook hands the rations out in the other order"
    return (what + (", the fire is fed a log at a time" if firekeeper else ""), plans)


def _hand(hand, lead, site, sites, exposure, area, wait, tailor, firekeeper, cook) -> Agent:
    """A builder: its trade and the weather; the lead also the survey of the works, the cook's holes and the
    woodcutter's pines and fire pit. It waits for what keeps it warm, builds its work and steps out."""
    skill, name = site["skill"], site["name"].lower()
    context = (
        f"You are a {hand.title.lower()}: {skill} {hand.level}, enough for the {name} ({skill} {site['level']}). "
        f"You start at {spawn_text(hand.spawn)} with 95 HP.\n{exposure_text(exposure, area)}"
    )
    plan: list[dict] = []
    if hand is lead:
        survey = "; ".join(
            f"the {s['name'].lower()} (`site#{s['id']}`) at {xy(tuple(s['position']))}, {s['work']} turns of `build` "
            f"({s['skill']} {s['level']})"
            + (f" once {_and_items(s['materials'])} are in" if s.get("materials") else "")
            for s in sites
        )
        context += f"\nYou surveyed the works: {survey}. {xy(wait)} is just out of the gale."
        node = places.content().node_kinds[cook.node]
        context += f" {node.name}s (`{cook.node}`) open at {_and_tiles(cook.holes)}."
        if firekeeper:
            fire = firekeeper.fire
            context += (
                f" A fire pit (`site#{fire['id']}`) is laid at {xy(tuple(fire['position']))}, and pine trees "
                f"(`pine_tree`) stand by it at {_and_tiles(firekeeper.trees)}."
            )
    else:
        plan.append({"wait_for": {"message_from": lead.name}})
    plan.append({"move_to": {"target": list(wait)}})
    if tailor:
        plan += [{"wait_for": {"item": tailor, "count": 1}}, {"equip": {"item": tailor}}]
    if firekeeper:
        plan.append({"wait_for": {"message_from": firekeeper.name}})
    for item, n in site.get("materials", {}).items() if hand is lead else ():
        plan.append({"wait_for": {"item": item, "count": n}})
    plan += [{"build": {"site": site["id"]}}, {"move_to": {"target": list(wait)}}]
    skills = {skill: hand.level, "health": 25}
    if hand.pack:
        context += "".join(f" You carry {n} {item_text(item)}." for item, n in hand.pack.items())
    return Agent(
        hand.name, hand.title, hand.spawn, skills, context, plan, inventory=dict(hand.pack), kind="build"
    )


def _and_tiles(tiles: list[Position]) -> str:
    return ", ".join(xy(t) for t in tiles[:-1]) + f" and {xy(tiles[-1])}" if len(tiles) > 1 else xy(tiles[0])


def _and_items(items: dict[str, int]) -> str:
    return " and ".join(f"{n} {item}" for item, n in items.items())


def _lead_chats(hands, tailor, firekeeper, cook, sites, wait, hold, food_name, spec) -> list[dict]:
    """What the lead tells the team: the works and their builders, where to meet, where the others' work lies
    and what each must bring (messages are at most 500 characters: split when longer)."""
    parts = [f"We build in a gale of {spec.damage} a round; meet at {xy(wait)}, just out of it."]
    for hand in hands:
        site = next(s for s in sites if s["id"] == (hand.site or sites[0]["id"]))
        parts.append(
            f"{hand.name}: the {site['name'].lower()} (`site#{site['id']}`) at {xy(tuple(site['position']))}, "
            f"{site['work']} turns."
        )
    if tailor:
        parts.append(f"{tailor.name}: bring what you sew.")
    if firekeeper:
        fire = firekeeper.fire
        fuel = fire["shelter"]["fuel"]
        timber = {i: n for s in sites for i, n in s.get("materials", {}).items() if i == fuel}
        bring = f" Bring me {_and_items(timber)}." if timber else ""
        parts.append(
            f"{firekeeper.name}: pines (`pine_tree`) at {_and_tiles(firekeeper.trees)}; light the fire pit "
            f"`site#{fire['id']}` at {xy(tuple(fire['position']))}; the work counts only while you stand by it, so keep "
            f"it fed until we are done.{bring}"
        )
    rations = ", ".join(f"{n} for {who}" for who, n in cook.rations.items())
    parts.append(
        f"{cook.name}: {places.content().node_kinds[cook.node].name.lower()}s (`{cook.node}`) at "
        f"{_and_tiles(cook.holes)}; {food_name}: {rations}, and {hold} more kept in store."
    )
    out, text = [], ""
    for part in parts:
        if len(text) + len(part) + 1 > 480:
            out.append(_chat("team", text))
            text = ""
        text = f"{text} {part}".strip()
    return out + [_chat("team", text)]


def _chat(to: str, message: str) -> dict:
    return {"chat": {"to": to, "message": message}}


def _tailor(tailor: Tailor, builders: list[str], lead: Hand, meet: list, main: dict) -> Agent:
    """Sews what its recipes make: a cloak for every builder, and the first work's materials; brings them to
    the meeting place (the cloaks to their wearers, the materials to the lead), and builds the first work
    when it `builds`."""
    content = places.content()
    cloak = tailor.cloak()
    counts = {r: len(builders) if r == cloak else main["materials"][_made(r)] for r in tailor.recipes}
    pack: dict[str, int] = {}
    for recipe_id, n in counts.items():
        recipe = content.recipes[recipe_id]
        for item, k in recipe.inputs.items():
            pack[item] = pack.get(item, 0) + k * n
        pack.update({tool: 1 for tool in recipe.tools})
    level = max(content.recipes[r].level for r in tailor.recipes) + 5
    sews = "; ".join(
        f"{recipe_text(r)}: "
        + (
            f"a {item_text(_made(r))}"
            if r == cloak
            else f"{content.items[_made(r)].name.lower()}s (`{_made(r)}`)"
        )
        for r in tailor.recipes
    )
    tools = [t for r in tailor.recipes for t in content.recipes[r].tools]
    stuff = " and ".join(f"{k} {item}" for item, k in pack.items() if item not in tools)
    context = (
        f"You are a tailor: crafting {level}, and no one else in the vale sews furs against the cold. {sews}. You "
        f"carry {stuff}."
        + "".join(f" You carry a {content.items[t].name.lower()}." for t in dict.fromkeys(tools))
        + f" You start at {spawn_text(tailor.spawn)} with 95 HP."
    )
    plan: list[dict] = [{"craft": {"recipe": r, "count": n}} for r, n in counts.items()]
    plan += [{"wait_for": {"message_from": lead.name}}, {"move_to": {"target": meet}}]
    for recipe_id, n in counts.items():
        if recipe_id == cloak:
            plan += [{"give": {"to": b, "item": cloak, "count": 1}} for b in builders if b != tailor.name]
        else:
            plan.append({"give": {"to": lead.name, "item": _made(recipe_id), "count": n}})
    if tailor.builds:
        plan += [{"equip": {"item": cloak}}] if cloak else []
        plan += [{"build": {"site": main["id"]}}, {"move_to": {"target": meet}}]
    skills = {"crafting": level, "health": 25}
    return Agent(tailor.name, tailor.title, tailor.spawn, skills, context, plan, inventory=pack, kind="make")


def _fire_keeper(keeper: FireKeeper, lead: Hand, spec, sites: list[dict]) -> Agent:
    """Told where the pines and the fire pit are, fells beside the pit, lights the fire, hands the works'
    timber to the lead, feeds the fire, tells the team, then fells and feeds in batches until the end."""
    fire = keeper.fire
    shelter = fire["shelter"]
    fuel = shelter["fuel"]
    laid = sum(fire["materials"].values())
    timber = sum(s.get("materials", {}).get(fuel, 0) for s in sites)
    spot = (fire["position"][0], fire["position"][1])
    context = (
        f"You are a woodcutter: lumberjacking 20 and a bronze axe, enough for {node_text('pine_tree', named=False)}. "
        f"You know fires: {laid} {fuel} light a laid fire pit (`build` beside it), and a fire keeps "
        f"{shelter['protects'][spec.kind]} {spec.kind} a round off everyone within {shelter['radius']} tiles for "
        f"{shelter['burns']} rounds, {shelter['burns']} more for each log it is fed (`build` it again holding a log). "
        f"You start at {spawn_text(keeper.spawn)} with 95 HP."
    )
    first = laid + keeper.feed + timber
    plan = [
        {"wait_for": {"message_from": lead.name}},
        {"move_to": {"target": list(_beside(spot, keeper.trees))}},
        {"gather": {"target": "pine_tree", "count": first}},
        {"build": {"site": fire["id"]}},
    ]
    if timber:  # the lead carries it in (it waits within give range): the giver stays by the fire
        plan.append({"give": {"to": lead.name, "item": fuel, "count": timber}})
    plan += [
        {"build": {"site": fire["id"], "feed": keeper.feed}},
        _chat("team", f"The fire at {xy(spot)} burns."),
    ]
    rest = keeper.logs - first
    while keeper.tended and rest > 0:
        batch = min(rest, 4)
        plan += [
            {"gather": {"target": "pine_tree", "count": batch}},
            {"build": {"site": fire["id"], "feed": batch}},
        ]
        rest -= batch
    skills = {"lumberjacking": 20, "health": 25}
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


def _gale_cook(cook: Cook, lead: Hand, food: str, meet: list, hold: int, cloak: str | None) -> Agent:
    """Fishes and cooks the rations and the stores, hands the rations out at the works and keeps the stores."""
    content = places.content()
    node = content.node_kinds[cook.node]
    recipe = content.recipes[cook.recipe]
    per = recipe.inputs[next(iter(node.yields))]
    made = sum(cook.rations.values()) + hold
    plan: list[dict] = [{"wait_for": {"message_from": lead.name}}]
    if cloak:
        plan += [
            {"move_to": {"target": meet}},
            {"wait_for": {"item": cloak, "count": 1}},
            {"equip": {"item": cloak}},
        ]
    holes = {"move_to": {"target": list(_below(cook.holes[0], 1))}}
    first = sum(cook.rations.values()) if cook.rations_first else made
    plan += [
        holes,
        {"gather": {"target": cook.node, "count": first * per}},
        {"craft": {"recipe": cook.recipe, "count": first}},
        {"move_to": {"target": meet}},
    ]
    for who, k in cook.rations.items():
        if cook.to_each:
            plan.append({"move_to": {"target": who}})
        plan.append({"give": {"to": who, "item": food, "count": k}})
    if cook.rations_first:  # the stores last, cooked once the builders are fed
        plan += [
            holes,
            {"gather": {"target": cook.node, "count": hold * per}},
            {"craft": {"recipe": cook.recipe, "count": hold}},
        ]
    else:
        plan.append({"move_to": {"target": meet}})
    skills = {"fishing": node.level + 5, "cooking": recipe.level + 5, "health": 25}
    carried = "".join(
        f" Your pack holds {places.content().items[item].name.lower()} (`{item}`)." for item in cook.pack
    )
    context = (
        f"You are a cook who fishes for the pot: fishing {node.level + 5} with a fishing rod, enough for "
        f"{node_text(cook.node, named=False)}, and cooking {recipe.level + 5}. {recipe_text(cook.recipe)}; "
        f"{item_text(food)}.{carried} You start at {spawn_text(cook.spawn)} with 95 HP."
    )
    inventory = {"fishing_rod": 1, **cook.pack}
    return Agent(cook.name, cook.title, cook.spawn, skills, context, plan, inventory=inventory, kind="cook")


# --- watch_and_dig -------------------------------------------------------------------------------------
def watch_and_dig(
    task_id: str,
    name: str,
    *,
    exposure: str,
    area: str,
    site: dict,
    post: Position,
    keeper: dict,
    digger: dict,
    baker: dict,
    hold: int,
    intro: str,
) -> Draft:
    """The keeper works `site` only while someone stands watch at `post` (`built_while_held`); the digger
    keeps the watch and lifts the roots that grow there, then carries them to the baker, who mills them by
    hand, bakes at its range and carries the bread out; the keeper, worn down all along, must hold `hold` loaves
    at the site at the end (it starts with a few rations it must eat). Nobody may die.

    keeper: {name, title, spawn, level, ration, rations}; digger: {name, title, spawn, node, tufts, count};
    baker: {name, title, spawn, station, recipes: [by hand, at the range]}."""
    content = places.content()
    spec = content.exposures[exposure]
    node = content.node_kinds[digger["node"]]
    root = next(iter(node.yields))
    mill, bake = baker["recipes"]
    flour = next(iter(content.recipes[mill].outputs))
    loaf = next(iter(content.recipes[bake].outputs))
    loaf_name = content.items[loaf].name.lower()
    tile = (site["position"][0], site["position"][1])
    site_id, site_name = site["id"], site["name"].lower()
    roots = digger["count"]
    loaves = roots // content.recipes[mill].inputs[root]
    tufts = " and ".join(xy(t) for t in digger["tufts"])
    watch = list(post)

    lead = (
        f"You are the {keeper['title'].lower()}: crafting {keeper['level']}, enough for the {site_name} (`site#{site_id}`, "
        f"crafting {site['level']}, {site['work']} turns of `build` within 1 tile) at {xy(tile)}. You start at "
        f"{spawn_text(keeper['spawn'])} with 95 HP and {keeper['rations']} {content.items[keeper['ration']].name.lower()}s, "
        f"the last of the stores ({item_text(keeper['ration'])}).\n{exposure_text(exposure, area)}\n"
        f"Your scouts' reports: raiders watch the {site_name} from the south, so any work on it counts only while "
        f"someone stands within 2 tiles of the lookout at {xy(post)}; {node.name.lower()}s grow right by the "
        f"lookout, at {tufts}."
    )
    keeper_plan = [
        _chat(
            digger["name"],
            f"Raiders watch the {site_name} from the lookout at {xy(post)}: I can only work while someone stands "
            f"within 2 tiles of it. {node.name}s grow right there, at {tufts}. Hold the lookout and dig, tell me "
            f"when you are there, and stay until I say the work is done.",
        ),
        _chat(
            baker["name"],
            f"We need {loaf_name}s at the {site_name}, {xy(tile)}: {hold} for the stores and some to eat. The "
            f"{root} grows at the lookout, {xy(post)}.",
        ),
        {"move_to": {"target": list(_below(tile, 1))}},
        {"wait_for": {"message_from": digger["name"]}},
        {"build": {"site": site_id}},
        _chat(digger["name"], f"The {site_name} is done: you may leave the lookout."),
        {"use": {"item": keeper["ration"], "count": 1}},
        {"wait": {"rounds": 3}},
        {"use": {"item": keeper["ration"], "count": 1}},
    ]
    keeper_agent = Agent(
        keeper["name"],
        keeper["title"],
        keeper["spawn"],
        {"crafting": keeper["level"], "health": 25},
        lead,
        keeper_plan,
        inventory={keeper["ration"]: keeper["rations"]},
        kind="build+keep",
    )
    level = node.level + 5
    digger_agent = Agent(
        digger["name"],
        digger["title"],
        digger["spawn"],
        {node.skill: level, "health": 25},
        f"You are a {digger['title'].lower()}: {node.skill} {level} and a {content.items[TOOLS[node.skill]].name.lower()}, "
        f"enough for {node_text(digger['node'])}; nobody else on the team could learn it in time. You start at "
        f"{spawn_text(digger['spawn'])} with 95 HP"
        + "".join(f" and {n} {item_text(item)}" for item, n in digger.get("pack", {}).items())
        + f".\n{exposure_text(exposure, area)}",
        [
            {"wait_for": {"message_from": keeper["name"]}},
            {"move_to": {"target": watch}},
            _chat(keeper["name"], f"I hold the lookout at {xy(post)}."),
            {"gather": {"target": digger["node"], "count": roots}},
            {"wait_for": {"message_from": keeper["name"]}},
            {"move_to": {"target": baker["name"]}},
            {"give": {"to": baker["name"], "item": root, "count": roots}},
        ],
        inventory={TOOLS[node.skill]: 1, **digger.get("pack", {})},
        kind="gather+watch",
    )
    cook_level = max(content.recipes[r].level for r in (mill, bake)) + 5
    station = baker["station"]
    baker_agent = Agent(
        baker["name"],
        baker["title"],
        baker["spawn"],
        {"cooking": cook_level, "health": 25},
        f"You are a {baker['title'].lower()}: cooking {cook_level}. {recipe_text(mill)}; {recipe_text(bake)}; "
        f"{item_text(loaf)}. The nearest cooking range is `{station}` at {xy(places.station(station))}. You start at "
        f"{spawn_text(baker['spawn'])} with 95 HP.\n{exposure_text(exposure, area)}",
        [
            {"move_to": {"target": station}},
            _chat(
                digger["name"], f"I bake at `{station}`, {xy(places.station(station))}: bring me the {root}."
            ),
            {"wait_for": {"message_from": keeper["name"]}},
            {"wait_for": {"item": root, "count": roots}},
            {"craft": {"recipe": mill, "count": loaves}},
            {"craft": {"recipe": bake, "count": loaves}},
        ],
        kind="make",
    )
    world = {
        "nodes": [{"kind": digger["node"], "position": list(t)} for t in digger["tufts"]],
        "sites": [dict(site)],
        "exposure": [exposure],
    }
    success = [
        {"built_while_held": {"site": site_id, "places": [watch], "within": 2}},
        {"holds": {"items": {loaf: hold}}},
        {"nobody_died": {}},
    ]
    checkpoints = [
        _checkpoint(f"{root}_dug", f"The first {root} is dug.", {"holds": {"items": {root: 2}}}),
        _checkpoint(f"{site_id}_built", f"The {site_name} is finished.", {"site_built": {"site": site_id}}),
        _checkpoint(f"{flour}_milled", f"The {root} is milled.", {"holds": {"items": {flour: loaves}}}),
        _checkpoint(f"{loaf}_stored", "The stores hold their bread.", {"holds": {"items": {loaf: hold}}}),
    ]
    objective = (
        f"{intro} The task is complete when the {site_name} has been built with the lookout held at every turn of "
        f"its work, the team holds {hold} {loaf_name}s in store, and nobody on the team has died."
    )
    return Draft(
        task_id,
        name,
        "survival",
        objective,
        agents=[digger_agent, baker_agent, keeper_agent],
        success=success,
        checkpoints=checkpoints,
        motif="watch_and_dig",
        signature=f"watch_and_dig:G{roots}@post>M2>K{hold}",
        world=world,
        alternatives=[
            (
                "the baker fetches the roots at the lookout and mills them there",
                {
                    baker["name"]: [
                        {"wait_for": {"message_from": keeper["name"]}},
                        {"move_to": {"target": watch}},
                        {"wait_for": {"item": root, "count": roots}},
                        {"craft": {"recipe": mill, "count": loaves}},
                        {"move_to": {"target": station}},
                        {"craft": {"recipe": bake, "count": loaves}},
                    ],
                    digger["name"]: [
                        s for s in digger_agent.plan if "move_to" not in s or s["move_to"]["target"] == watch
                    ]
                    + [
                        {"move_to": {"target": digger.get("refuge", "north_crossroads")}}
                    ],  # out of the weather
                },
            )
        ],
        why=f"the {site_name} rises only while the lookout is held ({digger['title'].lower()} digs {root} there) -> "
        f"{baker['title'].lower()} mills and bakes -> the {keeper['title'].lower()} eats and keeps {hold}; "
        f"{spec.name.lower()} all along; nobody may die",
    )


def _far_hut_first(cook_agent: Agent) -> tuple[str, dict[str, list]]:
    """Another legal route: the cook takes the food to the far shelter first, then to the near one."""
    plan = list(cook_agent.plan)
    legs = [i for i, step in enumerate(plan) if "give" in step]
    (a, b) = legs[:2]
    plan[a - 1 : a + 1], plan[b - 1 : b + 1] = plan[b - 1 : b + 1], plan[a - 1 : a + 1]
    return ("the cook takes the food to the far shelter first", {cook_agent.name: plan})


# --- twin_huts -----------------------------------------------------------------------------------------
def twin_huts(
    task_id: str,
    name: str,
    *,
    exposure: str,
    area: str,
    huts: list[dict],
    builders: list[dict],
    cook: Cook,
    gap: int,
    hold: int,
    intro: str,
) -> Draft:
    """Two shelters far apart must be closed within `gap` rounds of each other, in order (`relay`): one
    builder at each, each holding its last turn of work until the other is ready (they agree by chat);
    the weather wears them down all along, and the cook, who fishes and cooks, must reach both with food
    and keep `hold` in store. Nobody may die.

    huts: [{id, name, position, work, skill, level}] in closing order; builders: [{name, title, spawn,
    level}] (the first has surveyed both huts and leads)."""
    content = places.content()
    spec = content.exposures[exposure]
    food = next(iter(content.recipes[cook.recipe].outputs))
    food_name = content.items[food].name.lower()
    lead, other = builders
    first, second = huts
    skill = first["skill"]
    spots = [(h["position"][0], h["position"][1]) for h in huts]

    def builder(who: dict, hut: dict, partner: dict, leads: bool) -> Agent:
        tile = (hut["position"][0], hut["position"][1])
        context = (
            f"You are a {who['title'].lower()}: {skill} {who['level']}, enough to raise a shelter ({skill} "
            f"{hut['level']}). You start at {spawn_text(who['spawn'])} with 95 HP.\n{exposure_text(exposure, area)}"
        )
        plan: list[dict] = []
        if leads:
            context += (
                f"\nYou laid out the shelters: the {first['name'].lower()} (`site#{first['id']}`) at {xy(spots[0])} and the "
                f"{second['name'].lower()} (`site#{second['id']}`) at {xy(spots[1])}, {first['work']} turns of `build` "
                f"each."
            )
            plan += [
                _chat(
                    partner["name"],
                    f"Take the {second['name'].lower()} at {xy(spots[1])}, {second['work']} turns of work. Mine, the "
                    f"{first['name'].lower()} at {xy(spots[0])}, must close first and yours at most {gap} rounds "
                    f"after: build to your last turn, tell me, and close it when I say mine is closed.",
                ),
                _chat(
                    cook.name,
                    f"We build in the open all the while: bring {food_name} to the {first['name'].lower()} at "
                    f"{xy(spots[0])} and to the {second['name'].lower()} at {xy(spots[1])}, "
                    f"{cook.rations.get(lead['name'], 0)} and {cook.rations.get(partner['name'], 0)}, and keep {hold} "
                    f"in store.",
                ),
            ]
        else:
            plan.append({"wait_for": {"message_from": partner["name"]}})
        plan += [
            {"move_to": {"target": list(_below(tile, 1))}},
            {"build": {"site": hut["id"], "times": hut["work"] - 1}},
        ]
        if leads:
            plan += [
                {"wait_for": {"message_from": partner["name"]}},
                {"build": {"site": hut["id"]}},
                _chat(partner["name"], f"The {first['name'].lower()} is closed: close yours."),
            ]
        else:
            plan += [
                _chat(partner["name"], "I am one turn from closing mine."),
                {"wait_for": {"message_from": partner["name"]}},
                {"build": {"site": hut["id"]}},
            ]
        skills = {skill: who["level"], "health": 25}
        return Agent(who["name"], who["title"], who["spawn"], skills, context, plan, kind="build")

    agents = [builder(lead, first, other, True), builder(other, second, lead, False)]
    node = content.node_kinds[cook.node]
    recipe = content.recipes[cook.recipe]
    per = next(iter(recipe.inputs.values()))
    stock = cook.pack.get(food, 0)  # food already in its pack goes out first; it cooks the rest
    made = sum(cook.rations.values()) + hold - stock
    catch = [
        {"move_to": {"target": list(_below(cook.holes[0], 1))}},
        {"gather": {"target": cook.node, "count": made * per}},
        {"craft": {"recipe": cook.recipe, "count": made}},
    ]
    rounds = [{"wait_for": {"message_from": lead["name"]}}]
    for who, hut in ((lead, spots[0]), (other, spots[1])):
        rounds += [
            {"move_to": {"target": list(_below(hut, 1))}},
            {"give": {"to": who["name"], "item": food, "count": cook.rations[who["name"]]}},
        ]
    if cook.rations.get(cook.name):
        rounds.append({"use": {"item": food, "count": cook.rations[cook.name]}})
    plan = rounds + catch if stock else catch + rounds
    skills = {"fishing": node.level + 5, "cooking": recipe.level + 5, "health": 25}
    carried = "".join(f" You carry {n} {item_text(item)}." for item, n in cook.pack.items())
    context = (
        f"You are a cook who fishes for the pot: fishing {node.level + 5} with a fishing rod, and cooking "
        f"{recipe.level + 5}. You know the {node_text(cook.node)} at {' and '.join(xy(h) for h in cook.holes)}. "
        f"{recipe_text(cook.recipe)}; {item_text(food)}.{carried} You start at {spawn_text(cook.spawn)} with 95 "
        f"HP.\n{exposure_text(exposure, area)}"
    )
    agents.append(
        Agent(
            cook.name,
            cook.title,
            cook.spawn,
            skills,
            context,
            plan,
            inventory={"fishing_rod": 1, **cook.pack},
            kind="cook",
        )
    )
    world = {
        "nodes": [{"kind": cook.node, "position": list(h)} for h in cook.holes],
        "sites": [dict(h) for h in huts],
        "exposure": [exposure],
    }
    success = [
        {"relay": {"sites": [first["id"], second["id"]], "max_gap": gap}},
        {"holds": {"items": {food: hold}}},
        {"nobody_died": {}},
    ]
    catch = next(iter(node.yields))
    fed = {"holds": {"agent": other["name"], "items": {food: 1}}}
    checkpoints = [
        _checkpoint(f"{catch}_caught", "The first catch is in.", {"holds": {"items": {catch: 2}}}),
        _checkpoint(f"{other['name']}_fed", f"The {other['title'].lower()} has been brought food.", fed),
        _checkpoint(
            f"{first['id']}_closed",
            f"The {first['name'].lower()} is closed.",
            {"site_built": {"site": first["id"]}},
        ),
        _checkpoint(
            f"{second['id']}_closed",
            f"The {second['name'].lower()} is closed.",
            {"site_built": {"site": second["id"]}},
        ),
    ]
    objective = (
        f"{intro} The task is complete when the {first['name'].lower()} and then the {second['name'].lower()} are "
        f"closed, the second at most {gap} rounds after the first, the team still holds {hold} {food_name} in store, "
        f"and nobody on the team has died."
    )
    return Draft(
        task_id,
        name,
        "survival",
        objective,
        agents,
        success,
        checkpoints,
        "twin_huts",
        f"twin_huts:2B(relay{gap})+{cook.recipe}",
        world=world,
        alternatives=[_far_hut_first(agents[-1])],
        why=f"two shelters {first['work']} turns each, far apart, closed within {gap} rounds of each other (a builder "
        f"at each, agreeing by chat) in the {spec.name.lower()}, fed by the cook's {food_name}; {hold} kept; nobody "
        f"may die",
    )
