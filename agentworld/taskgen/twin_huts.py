"""The `twin_huts` survival motif (holdouts.py says what the survival motifs share): two shelters far
apart closed within a few rounds of each other, in order (`relay`), a builder at each agreeing by chat,
both fed in the weather by a cook who fishes and cooks and keeps the stores.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.holdouts import (
    Cook,
    Position,
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
    setting = _setting(exposure, area, huts, builders, cook, gap, hold)
    lead, other = builders
    first, second = huts
    agents = [
        _builder(setting, lead, first, other, True),
        _builder(setting, other, second, lead, False),
        _cook(setting),
    ]
    return Draft(
        task_id,
        name,
        "survival",
        _objective(setting, intro),
        agents,
        _success(setting),
        _checkpoints(setting),
        "twin_huts",
        f"twin_huts:2B(relay{gap})+{cook.recipe}",
        world=_world(setting, huts),
        alternatives=[_far_hut_first(agents[-1])],
        why=_why(setting),
    )


@dataclass(frozen=True)
class _Setting:
    """The motif's arguments and what follows from them in the content: what every part is written from."""

    exposure: str
    area: str
    first: dict  # the hut that closes first, the lead builder's
    second: dict
    lead: dict  # the builder who surveyed both huts
    other: dict
    cook: Cook
    gap: int  # most rounds between the two closings
    hold: int  # food the team must keep in store
    food: str  # what the cook makes
    food_name: str
    skill: str  # the skill the huts need
    spots: list[Position]  # the huts' tiles, in closing order


def _setting(
    exposure: str, area: str, huts: list[dict], builders: list[dict], cook: Cook, gap: int, hold: int
) -> _Setting:
    content = places.content()
    food = next(iter(content.recipes[cook.recipe].outputs))
    lead, other = builders
    first, second = huts
    return _Setting(
        exposure,
        area,
        first,
        second,
        lead,
        other,
        cook,
        gap,
        hold,
        food=food,
        food_name=content.items[food].name.lower(),
        skill=first["skill"],
        spots=[(h["position"][0], h["position"][1]) for h in huts],
    )


def _builder(setting: _Setting, who: dict, hut: dict, partner: dict, leads: bool) -> Agent:
    """A builder at one hut: the lead knows both huts and closes first; the other closes on its word."""
    first, second, spots, skill = setting.first, setting.second, setting.spots, setting.skill
    cook = setting.cook
    tile = (hut["position"][0], hut["position"][1])
    context = (
        f"You are a {who['title'].lower()}: {skill} {who['level']}, enough to raise a shelter ({skill} "
        f"{hut['level']}). You start at {spawn_text(who['spawn'])} with 95 "
        f"HP.\n{exposure_text(setting.exposure, setting.area)}"
    )
    plan: list[dict] = []
    if leads:
        context += (
            f"\nYou laid out the shelters: the {first['name'].lower()} (`site#{first['id']}`) at "
            f"{xy(spots[0])} and the {second['name'].lower()} (`site#{second['id']}`) at {xy(spots[1])}, "
            f"{first['work']} turns of `build` each."
        )
        plan += [
            chat(
                partner["name"],
                f"Take the {second['name'].lower()} at {xy(spots[1])}, {second['work']} turns of work. "
                f"Mine, the {first['name'].lower()} at {xy(spots[0])}, must close first and yours at most "
                f"{setting.gap} rounds after: build to your last turn, tell me, and close it when I say "
                "mine is closed.",
            ),
            chat(
                cook.name,
                f"We build in the open all the while: bring {setting.food_name} to the "
                f"{first['name'].lower()} at {xy(spots[0])} and to the {second['name'].lower()} at "
                f"{xy(spots[1])}, {cook.rations.get(setting.lead['name'], 0)} and "
                f"{cook.rations.get(partner['name'], 0)}, and keep {setting.hold} in store.",
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


def _cook(setting: _Setting) -> Agent:
    """Fishes and cooks enough for both builders and the stores, and carries the food to each hut (first
    what it already carries, then what it cooks)."""
    content = places.content()
    cook, food = setting.cook, setting.food
    node = content.node_kinds[cook.node]
    recipe = content.recipes[cook.recipe]
    per = next(iter(recipe.inputs.values()))
    stock = cook.pack.get(food, 0)  # food already in its pack goes out first; it cooks the rest
    made = sum(cook.rations.values()) + setting.hold - stock
    catch = [
        {"move_to": {"target": list(below(cook.holes[0], 1))}},
        {"gather": {"target": cook.node, "count": made * per}},
        {"craft": {"recipe": cook.recipe, "count": made}},
    ]
    rounds = [{"wait_for": {"message_from": setting.lead["name"]}}]
    for who, hut in ((setting.lead, setting.spots[0]), (setting.other, setting.spots[1])):
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
        f"{recipe.level + 5}. You know the {node_text(cook.node)} at "
        f"{' and '.join(xy(h) for h in cook.holes)}. {recipe_text(cook.recipe)}; "
        f"{item_text(food)}.{carried} You start at {spawn_text(cook.spawn)} with 95 "
        f"HP.\n{exposure_text(setting.exposure, setting.area)}"
    )
    return Agent(
        cook.name,
        cook.title,
        cook.spawn,
        skills,
        context,
        plan,
        inventory={"fishing_rod": 1, **cook.pack},
        kind="cook",
    )


def _world(setting: _Setting, huts: list[dict]) -> dict:
    cook = setting.cook
    return {
        "nodes": [{"kind": cook.node, "position": list(h)} for h in cook.holes],
        "sites": [dict(h) for h in huts],
        "exposure": [setting.exposure],
    }


def _success(setting: _Setting) -> list[dict]:
    return [
        {"relay": {"sites": [setting.first["id"], setting.second["id"]], "max_gap": setting.gap}},
        {"holds": {"items": {setting.food: setting.hold}}},
        {"nobody_died": {}},
    ]


def _checkpoints(setting: _Setting) -> list[dict]:
    first, second, other = setting.first, setting.second, setting.other
    catch = next(iter(places.content().node_kinds[setting.cook.node].yields))
    fed = {"holds": {"agent": other["name"], "items": {setting.food: 1}}}
    return [
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


def _objective(setting: _Setting, intro: str) -> str:
    return (
        f"{intro} The task is complete when the {setting.first['name'].lower()} and then the "
        f"{setting.second['name'].lower()} are closed, the second at most {setting.gap} rounds after the "
        f"first, the team still holds {setting.hold} {setting.food_name} in store, and nobody on the team "
        "has died."
    )


def _why(setting: _Setting) -> str:
    spec = places.content().exposures[setting.exposure]
    return (
        f"two shelters {setting.first['work']} turns each, far apart, closed within {setting.gap} rounds of "
        f"each other (a builder at each, agreeing by chat) in the {spec.name.lower()}, fed by the cook's "
        f"{setting.food_name}; {setting.hold} kept; nobody may die"
    )


def _far_hut_first(cook_agent: Agent) -> tuple[str, dict[str, list]]:
    """Another legal route: the cook takes the food to the far shelter first, then to the near one."""
    plan = list(cook_agent.plan)
    legs = [i for i, step in enumerate(plan) if "give" in step]
    (a, b) = legs[:2]
    plan[a - 1 : a + 1], plan[b - 1 : b + 1] = plan[b - 1 : b + 1], plan[a - 1 : a + 1]
    return ("the cook takes the food to the far shelter first", {cook_agent.name: plan})
