"""The `watch_and_dig` survival motif (holdouts.py says what the survival motifs share): a site is built
while a lookout holds a far post (`built_while_held`), the lookout digging the food's roots there, a baker
milling and baking them, everyone worn down by the weather until the food comes.
"""

from __future__ import annotations

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.holdouts import (
    Position,
    below,
    chat,
    checkpoint,
    exposure_text,
    item_text,
    node_text,
    recipe_text,
)
from agentworld.taskgen.parts import TOOLS, Agent, spawn_text, xy


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
        chat(
            digger["name"],
            f"Raiders watch the {site_name} from the lookout at {xy(post)}: I can only work while someone stands "
            f"within 2 tiles of it. {node.name}s grow right there, at {tufts}. Hold the lookout and dig, tell me "
            f"when you are there, and stay until I say the work is done.",
        ),
        chat(
            baker["name"],
            f"We need {loaf_name}s at the {site_name}, {xy(tile)}: {hold} for the stores and some to eat. The "
            f"{root} grows at the lookout, {xy(post)}.",
        ),
        {"move_to": {"target": list(below(tile, 1))}},
        {"wait_for": {"message_from": digger["name"]}},
        {"build": {"site": site_id}},
        chat(digger["name"], f"The {site_name} is done: you may leave the lookout."),
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
            chat(keeper["name"], f"I hold the lookout at {xy(post)}."),
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
            chat(
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
        checkpoint(f"{root}_dug", f"The first {root} is dug.", {"holds": {"items": {root: 2}}}),
        checkpoint(f"{site_id}_built", f"The {site_name} is finished.", {"site_built": {"site": site_id}}),
        checkpoint(f"{flour}_milled", f"The {root} is milled.", {"holds": {"items": {flour: loaves}}}),
        checkpoint(f"{loaf}_stored", "The stores hold their bread.", {"holds": {"items": {loaf: hold}}}),
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
