"""The building blocks a motif composes: one agent each (its spawn, skills, items, documentation
in task_01's voice, and its oracle plan), plus the world changes its work needs.

A part knows only its own job and whom it hands to or waits for; the motif wires parts together
and states the outcome. Documentation says what the role can do, where it starts and who it
depends on (never the other roles' steps).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agentworld.taskgen import places

Position = tuple[int, int]

TOOLS = {
    "mining": "bronze_pickaxe",
    "lumberjacking": "bronze_axe",
    "fishing": "fishing_rod",
    "foraging": "knife",
}


@dataclass
class Agent:
    """One generated agent: the task YAML's agent entry and its oracle plan."""

    name: str
    role: str
    spawn: str | Position
    skills: dict[str, int]
    context: str
    plan: list[dict]
    inventory: dict[str, int] = field(default_factory=dict)
    equipment: dict[str, str] = field(default_factory=dict)
    kind: str = ""  # gather / make / hold / build / trade / keep ... (the structural signature reads it)

    def entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "name": self.name,
            "role": self.role,
            "spawn": self.spawn if isinstance(self.spawn, str) else list(self.spawn),
            "skills": dict(self.skills),
        }
        if self.inventory:
            entry["inventory"] = dict(self.inventory)
        if self.equipment:
            entry["equipment"] = dict(self.equipment)
        entry["context"] = self.context
        return entry


@dataclass
class Spot:
    """Where a hand-over happens: a station or landmark id agents can `move_to`, and its tile."""

    target: str
    name: str
    position: Position

    @classmethod
    def at_station(cls, station_id: str) -> "Spot":
        kind = places.content().stations[station_id.split("#")[0]].name if "#" in station_id else station_id
        return cls(station_id, f"{kind.lower()} `{station_id}`", places.station(station_id))

    @classmethod
    def at_landmark(cls, landmark_id: str) -> "Spot":
        return cls(
            landmark_id,
            f"{places.landmark_name(landmark_id)} (`{landmark_id}`)",
            places.landmark(landmark_id),
        )

    def walk_target(self) -> str | list[int]:
        """What an oracle `move_to` aims at: the id, or for a site the tile just south of it."""
        if self.target.startswith("site#"):
            return [self.position[0], self.position[1] + 1]
        return self.target

    def where(self) -> str:
        return f"{self.name} at {xy(self.position)} in {places.region_name(self.position)}"


def xy(where: Position) -> str:
    return f"({where[0]}, {where[1]})"


def item_name(item: str, count: int = 1) -> str:
    name = places.content().items[item].name.lower()
    return f"{count} {name}" if count != 1 else f"one {name}" if not name.endswith("s") else name


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def spawn_text(spawn: str | Position) -> str:
    if isinstance(spawn, str):
        return f"{places.landmark_name(spawn)} {xy(places.landmark(spawn))}"
    return f"{xy(spawn)} in {places.region_name(spawn)}"


def recipe_line(recipe_id: str) -> str:
    recipe = places.content().recipes[recipe_id]
    ins = " + ".join(f"{n} {i}" for i, n in recipe.inputs.items())
    outs = " + ".join(f"{n} {i}" for i, n in recipe.outputs.items())
    where = f"at a {recipe.station.replace('_', ' ')}" if recipe.station else "by hand, anywhere"
    tools = f", holding a {', '.join(recipe.tools)}" if recipe.tools else ""
    return f"`{recipe_id}`: {ins} -> {outs} ({recipe.skill} {recipe.level}, {where}{tools})"


@dataclass
class Delivery:
    """Whom a part hands its goods to, and where that agent waits."""

    to: str
    title: str
    spot: Spot


def gatherer(
    name: str,
    title: str,
    node_kind: str,
    count: int,
    spawn: str,
    node_tiles: list[Position],
    deliver: Delivery,
    extra: str = "",
) -> tuple[Agent, list[dict]]:
    """Gathers `count` of the node's yield at task-placed nodes and brings them to `deliver`."""
    node = places.content().node_kinds[node_kind]
    item = next(iter(node.yields))
    skill = node.skill
    tool = TOOLS[skill] if node.tool else None
    level = node.level + 5
    holding = (
        (f" and a {places.content().items[tool].name.lower()} (keep it in your inventory; gathering uses it)")
        if tool
        else ""
    )
    stands = " and ".join(xy(t) for t in node_tiles)
    context = (
        f"You are the team's {title.lower()} and the only one who can work the {node.name.lower()}s: "
        f"you have {skill} {level}{holding}, and they need {skill} {node.level}, far beyond what anyone "
        f"else on the team could learn in time.\n"
        f"You start at {spawn_text(spawn)}. The {node.name.lower()}s (`{node_kind}`) this task needs are at "
        f"{stands}; stand next to one (within 1 tile) and `gather` it for one {places.content().items[item].name.lower()} "
        f"per turn.\n"
        f"The {deliver.title.lower()} needs {count} {item} and waits at the {deliver.spot.where()}: bring "
        f"them there and `give` them (within 2 tiles).{extra}"
    )
    first = min(
        node_tiles,
        key=lambda t: abs(t[0] - places.landmark(spawn)[0]) + abs(t[1] - places.landmark(spawn)[1]),
    )
    plan = [
        {
            "move_to": {
                "target": [first[0], first[1] + 1]
                if _walk(first[0], first[1] + 1)
                else [first[0] + 1, first[1]]
            }
        },
        {"gather": {"target": node_kind, "count": count}},
        {"move_to": {"target": deliver.spot.walk_target()}},
        {"give": {"to": deliver.to, "item": item, "count": count}},
    ]
    agent = Agent(
        name,
        title,
        spawn,
        {skill: level},
        context,
        plan,
        inventory={tool: 1} if tool else {},
        kind=f"gather:{skill}",
    )
    nodes = [{"kind": node_kind, "position": list(t)} for t in node_tiles]
    return agent, nodes


def _walk(x: int, y: int) -> bool:
    return places.content().map.walkable(x, y)


def maker(
    name: str,
    title: str,
    recipes: list[tuple[str, int]],
    spot: Spot,
    spawn: str | Position,
    suppliers: list[tuple[str, str, int]],
    deliver: Delivery | None,
    tools: dict[str, int] | None = None,
    extra: str = "",
) -> Agent:
    """Crafts `recipes` (id, times) at `spot` from what `suppliers` (title, item, count) bring, then
    hands the last recipe's output to `deliver` (or keeps it when None)."""
    content = places.content()
    first = content.recipes[recipes[0][0]]
    if first.station and not spot.target.startswith(first.station + "#"):
        raise ValueError(f"{name} works at {spot.target}, but {first.id} needs a {first.station}")
    skills: dict[str, int] = {}
    for recipe_id, _ in recipes:
        recipe = content.recipes[recipe_id]
        skills[recipe.skill] = max(skills.get(recipe.skill, 1), recipe.level + 5)
    inventory = dict(tools or {})
    for recipe_id, _ in recipes:
        for tool in content.recipes[recipe_id].tools:
            inventory.setdefault(tool, 1)
    lines = "\n".join(f"  - {recipe_line(r)}" for r, _ in recipes)
    levels = " and ".join(f"{s} {lvl}" for s, lvl in skills.items())
    bring = "; ".join(f"the {t.lower()} brings {n} {i}" for t, i, n in suppliers)
    final_recipe = content.recipes[recipes[-1][0]]
    output = next(iter(final_recipe.outputs))
    made = sum(final_recipe.outputs[output] * times for r, times in recipes if r == recipes[-1][0])
    hand = (
        f"When it is made, hand the {output} to the {deliver.title.lower()} (`give`, within 2 tiles), who "
        f"waits at the {deliver.spot.where()}."
        if deliver
        else ""
    )
    tool_text = (
        " You carry "
        + _and(
            [
                item_name(t, n) if n > 1 else f"a {places.content().items[t].name.lower()}"
                for t, n in inventory.items()
            ]
        )
        + "."
        if inventory
        else ""
    )
    context = (
        f"You are the team's {title.lower()}: {levels}, the only one on the team who can work these recipes "
        f"(nobody else could train that far in time).{tool_text}\n"
        f"Your recipes:\n{lines}\n"
        f"You start at {spawn_text(spawn)}; work at the {spot.where()} (stand within 1 tile of it). "
        f"You cannot gather the materials yourself: {bring}.\n{hand}{extra}"
    ).rstrip("\n")
    plan: list[dict] = [{"move_to": {"target": spot.target}}]
    needed: dict[str, int] = {}
    for _t, item, n in suppliers:
        needed[item] = needed.get(item, 0) + n
    for recipe_id, times in recipes:
        recipe = content.recipes[recipe_id]
        for item, n in recipe.inputs.items():
            if item in needed:
                plan.append({"wait_for": {"item": item, "count": n * times}})
        plan.append({"craft": {"recipe": recipe_id, "count": times}})
    if deliver:
        if deliver.spot.target != spot.target:
            plan.append({"move_to": {"target": deliver.spot.walk_target()}})
        plan.append({"give": {"to": deliver.to, "item": output, "count": made}})
    return Agent(
        name, title, spawn, skills, context, plan, inventory=inventory, kind=f"make:{final_recipe.skill}"
    )
