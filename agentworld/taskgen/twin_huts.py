"""The `twin_huts` survival motif (holdouts.py says what the survival motifs share): two shelters far
apart closed within a few rounds of each other, in order (`relay`), a builder at each agreeing by chat,
both fed in the weather by a cook who fishes and cooks and keeps the stores.
"""

from __future__ import annotations

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.holdouts import (
    Cook,
    below,
    chat,
    checkpoint,
    exposure_text,
    item_text,
    node_text,
    recipe_text,
)
from agentworld.taskgen.parts import Agent, spawn_text, xy


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
                chat(
                    partner["name"],
                    f"Take the {second['name'].lower()} at {xy(spots[1])}, {second['work']} turns of work. Mine, the "
                    f"{first['name'].lower()} at {xy(spots[0])}, must close first and yours at most {gap} rounds "
                    f"after: build to your last turn, tell me, and close it when I say mine is closed.",
                ),
                chat(
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
            {"move_to": {"target": list(below(tile, 1))}},
            {"build": {"site": hut["id"], "times": hut["work"] - 1}},
        ]
        if leads:
            plan += [
                {"wait_for": {"message_from": partner["name"]}},
                {"build": {"site": hut["id"]}},
                chat(partner["name"], f"The {first['name'].lower()} is closed: close yours."),
            ]
        else:
            plan += [
                chat(partner["name"], "I am one turn from closing mine."),
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
        {"move_to": {"target": list(below(cook.holes[0], 1))}},
        {"gather": {"target": cook.node, "count": made * per}},
        {"craft": {"recipe": cook.recipe, "count": made}},
    ]
    rounds = [{"wait_for": {"message_from": lead["name"]}}]
    for who, hut in ((lead, spots[0]), (other, spots[1])):
        rounds += [
            {"move_to": {"target": list(below(hut, 1))}},
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
        checkpoint(f"{catch}_caught", "The first catch is in.", {"holds": {"items": {catch: 2}}}),
        checkpoint(f"{other['name']}_fed", f"The {other['title'].lower()} has been brought food.", fed),
        checkpoint(
            f"{first['id']}_closed",
            f"The {first['name'].lower()} is closed.",
            {"site_built": {"site": first["id"]}},
        ),
        checkpoint(
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


def _far_hut_first(cook_agent: Agent) -> tuple[str, dict[str, list]]:
    """Another legal route: the cook takes the food to the far shelter first, then to the near one."""
    plan = list(cook_agent.plan)
    legs = [i for i, step in enumerate(plan) if "give" in step]
    (a, b) = legs[:2]
    plan[a - 1 : a + 1], plan[b - 1 : b + 1] = plan[b - 1 : b + 1], plan[a - 1 : a + 1]
    return ("the cook takes the food to the far shelter first", {cook_agent.name: plan})
