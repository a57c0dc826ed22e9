"""The members of a `gale_works` task (taskgen/gale_works.py): what a call says of each (`Hand`, `Tailor`,
`FireKeeper`; the `Cook` is holdouts.py's), and each one's character sheet and oracle plan: the builders
(the lead's survey and its briefing of the team among them), the tailor who sews cloaks or a site's
materials, the woodcutter who lights and feeds the fire, the cook who hands out the rations.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.holdouts import (
    Cook,
    Position,
    below,
    chat,
    exposure_text,
    item_text,
    node_text,
    recipe_text,
)
from agentworld.taskgen.parts import Agent, spawn_text, xy


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
        return next((r for r in self.recipes if content.items[output_of(r)].protects), None)


def output_of(recipe_id: str) -> str:
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


def hand_agent(hand, lead, site, sites, exposure, area, wait, tailor, firekeeper, cook) -> Agent:
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


def lead_chats(hands, tailor, firekeeper, cook, sites, wait, hold, food_name, spec) -> list[dict]:
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
            out.append(chat("team", text))
            text = ""
        text = f"{text} {part}".strip()
    return out + [chat("team", text)]


def tailor_agent(tailor: Tailor, builders: list[str], lead: Hand, meet: list, main: dict) -> Agent:
    """Sews what its recipes make: a cloak for every builder, and the first work's materials; brings them to
    the meeting place (the cloaks to their wearers, the materials to the lead), and builds the first work
    when it `builds`."""
    content = places.content()
    cloak = tailor.cloak()
    counts = {r: len(builders) if r == cloak else main["materials"][output_of(r)] for r in tailor.recipes}
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
            f"a {item_text(output_of(r))}"
            if r == cloak
            else f"{content.items[output_of(r)].name.lower()}s (`{output_of(r)}`)"
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
            plan.append({"give": {"to": lead.name, "item": output_of(recipe_id), "count": n}})
    if tailor.builds:
        plan += [{"equip": {"item": cloak}}] if cloak else []
        plan += [{"build": {"site": main["id"]}}, {"move_to": {"target": meet}}]
    skills = {"crafting": level, "health": 25}
    return Agent(tailor.name, tailor.title, tailor.spawn, skills, context, plan, inventory=pack, kind="make")


def fire_keeper_agent(keeper: FireKeeper, lead: Hand, spec, sites: list[dict]) -> Agent:
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
        chat("team", f"The fire at {xy(spot)} burns."),
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


def gale_cook_agent(cook: Cook, lead: Hand, food: str, meet: list, hold: int, cloak: str | None) -> Agent:
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
    holes = {"move_to": {"target": list(below(cook.holes[0], 1))}}
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
