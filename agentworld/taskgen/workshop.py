"""The workshop motif (issue 24, crafting): a team gathers, processes and assembles a set of goods,
and what each member knows is split so that the plan travels by chat.

A crafting task of the main suite is written member by member (`Hand`): a character sheet (skills,
items, spawn, what it knows, in the voice of task_01) and its oracle plan. The motif does what every
such task needs and no task should repeat:

- `Patch`es place the task's nodes in tight clusters: a stand tile near an anchor (a landmark, a
  station or a tile) and the nodes on the tiles around it, so one gatherer works a whole patch
  without stepping (the work is gathering, not walking);
- texts name places symbolically, resolved once the patches are placed: `{east}` in a context, an
  objective or a chat message is the patch's node tiles ("(61, 59), (62, 59) and (62, 60)"),
  `{east.stand}` its stand tile, and `@east` as a `move_to` target walks to the stand tile;
- it checks the rules of issue 24 that a text can break: no member's documentation names a
  teammate (whom to meet or give to travels by chat), and the objective names only the agents the
  outcome names.

Necessity comes from the world: nodes and recipes at levels 45-55 no trainer
reaches, goods no shop sells, and, for most tasks, volume: a set of goods whose raw material (from
nodes worked by hand, one unit a turn, audit/team.py) takes more turns than one agent has in the
budget, so two gatherers must share it and no merged agent could do it alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import Agent, xy

Position = tuple[int, int]
NEIGHBOURS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]
TOKEN = re.compile(r"[a-z0-9_]+")
HARDY = 40  # health of a workshop hand (140 HP): gatherers stand at a patch for twenty turns, and a wolf
# that finds them there should slow the work, not end it


@dataclass(frozen=True)
class Patch:
    """A cluster of task-placed nodes: the stand tile `away` tiles (Chebyshev) from `near` (a landmark
    id, a station id such as `workbench#camp`, `@name` of a patch placed before it, or a tile),
    towards `direction`, and `nodes` nodes of `kind` on the tiles around it."""

    name: str
    kind: str
    near: str | Position
    away: int = 2
    direction: Position = (0, 1)
    nodes: int = 3


@dataclass(frozen=True)
class Placed:
    """A placed patch as texts name it: `{name}` its node tiles, `{name.stand}` its stand tile."""

    stand: Position
    tiles: tuple[Position, ...]

    def __format__(self, spec: str) -> str:
        return _listing([xy(t) for t in self.tiles])

    @property
    def at(self) -> str:
        return xy(self.stand)


@dataclass
class Hand:
    """One member of a workshop: its task-file entry and its oracle plan (with `@patch` targets and
    `{patch}` placeholders in chat messages)."""

    name: str
    title: str
    spawn: str | Position
    skills: dict[str, int]
    context: str
    plan: list[dict]
    inventory: dict[str, int] = field(default_factory=dict)


def _listing(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _anchor(near: str | Position, spots: dict[str, Placed]) -> Position:
    if not isinstance(near, str):
        return (int(near[0]), int(near[1]))
    if near.startswith("@"):  # beside another patch of the task
        return spots[near[1:]].stand
    return places.station(near) if "#" in near else places.landmark(near)


def _free(tile: Position, busy: set[Position]) -> bool:
    gmap = places.content().map
    return (
        gmap.in_bounds(*tile)
        and gmap.walkable(*tile)
        and bool(gmap.reachable[tile[1] * gmap.width + tile[0]])
        and tile not in busy
    )


def _apart(tile: Position, tiles: list[Position]) -> bool:
    return all(max(abs(tile[0] - t[0]), abs(tile[1] - t[1])) >= 2 for t in tiles)


def place(patch: Patch, taken: set[Position], spots: dict[str, Placed]) -> Placed:
    """The stand tile nearest `away` tiles from the anchor (preferring `direction`) that has `nodes`
    free tiles around it; the nodes go on those tiles, the ones furthest towards `direction` first.
    No node is within reach of another patch's stand, nor a stand of another patch's nodes, so each
    gatherer works its own patch. Every tile used is added to `taken`."""
    base = _anchor(patch.near, spots)
    busy = places._occupied() | taken
    stands = [p.stand for p in spots.values()]
    others = [t for p in spots.values() for t in p.tiles]
    dx0, dy0 = patch.direction
    for distance in range(patch.away, patch.away + 8):
        ring = [
            (base[0] + dx, base[1] + dy)
            for dy in range(-distance, distance + 1)
            for dx in range(-distance, distance + 1)
            if max(abs(dx), abs(dy)) == distance
        ]
        ring.sort(key=lambda t: (-((t[0] - base[0]) * dx0 + (t[1] - base[1]) * dy0), t[1], t[0]))
        for stand in ring:
            if not _free(stand, busy) or not _apart(stand, others):
                continue
            around = [(stand[0] + dx, stand[1] + dy) for dx, dy in NEIGHBOURS]
            around = [t for t in around if _free(t, busy) and t != base and _apart(t, stands)]
            around.sort(key=lambda t: (-((t[0] - stand[0]) * dx0 + (t[1] - stand[1]) * dy0), t[1], t[0]))
            if len(around) >= patch.nodes:
                tiles = tuple(sorted(around[: patch.nodes], key=lambda t: (t[1], t[0])))
                taken.update((stand, *tiles))
                return Placed(stand, tiles)
    raise ValueError(f"patch {patch.name}: no stand tile near {base} with {patch.nodes} free tiles around it")


class _Texts(dict):
    """format_map's mapping: patch names to their Placed (a missing name is an error, not a blank)."""

    def __missing__(self, key: str) -> Any:
        raise KeyError(f"no patch named {key!r} (texts name patches as {{name}} or {{name.at}})")


def _resolve(value: Any, spots: _Texts) -> Any:
    """A plan step with its `@patch` targets and `{patch}` texts resolved."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "target" and isinstance(item, str) and item.startswith("@"):
                out[key] = list(spots[item[1:]].stand)
            elif key == "message" and isinstance(item, str):
                out[key] = item.format_map(spots)
            else:
                out[key] = _resolve(item, spots)
        return out
    if isinstance(value, list):
        return [_resolve(item, spots) for item in value]
    return value


def _tokens(text: str) -> set[str]:
    return set(TOKEN.findall(text.lower()))


def _named_by_outcome(success: list[dict]) -> set[str]:
    names: set[str] = set()
    for condition in success:
        for body in condition.values():
            if isinstance(body, dict):
                if body.get("agent"):
                    names.add(body["agent"])
                names.update(body.get("agents") or [])
    return names


def _check(hands: list[Hand], objective: str, success: list[dict]) -> None:
    """Issue 24's rules a text can break: no documentation names a teammate, the objective names
    only the agents the outcome names."""
    names = {h.name for h in hands}
    for hand in hands:
        mates = (names - {hand.name}) & _tokens(hand.context)
        if mates:
            raise ValueError(f"{hand.name}'s documentation names {sorted(mates)}: that is for chat to say")
    extra = (names & _tokens(objective)) - _named_by_outcome(success)
    if extra:
        raise ValueError(f"the objective names {sorted(extra)}, whom the outcome does not name")


def recipe_line(recipe_id: str) -> str:
    """A recipe as a character sheet lists it (parts.recipe_line's form, with "an" before a vowel)."""
    recipe = places.content().recipes[recipe_id]
    ins = " + ".join(f"{n} {i}" for i, n in recipe.inputs.items())
    outs = " + ".join(f"{n} {i}" for i, n in recipe.outputs.items())
    station = (recipe.station or "").replace("_", " ")
    where = f"at {'an' if station[:1] in 'aeiou' else 'a'} {station}" if station else "by hand, anywhere"
    tools = f", holding a {', '.join(recipe.tools)}" if recipe.tools else ""
    return f"`{recipe_id}`: {ins} -> {outs} ({recipe.skill} {recipe.level}, {where}{tools})"


def checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


def workshop(
    task_id: str,
    name: str,
    *,
    objective: str,
    patches: list[Patch],
    hands: list[Hand],
    success: list[dict],
    checkpoints: list[dict],
    tag: str,
    why: str,
    alternatives: list[tuple[str, dict[str, list]]] = (),
) -> Draft:
    """A crafting task from its members, patches, outcome and milestones (see the module docstring).

    `alternatives` are other legal routes (what differs, {member: plan}), with the same `@patch`
    targets and `{patch}` texts; `tag` names the structure for the draft's signature."""
    taken: set[Position] = set()
    spots = _Texts()
    nodes: list[dict] = []
    for patch in patches:
        if patch.kind not in places.content().node_kinds:
            raise ValueError(f"patch {patch.name}: unknown node kind {patch.kind}")
        spots[patch.name] = placed = place(patch, taken, spots)
        nodes += [{"kind": patch.kind, "position": list(t)} for t in placed.tiles]
    objective = objective.format_map(spots)
    agents = [
        Agent(
            h.name,
            h.title,
            h.spawn,
            {**dict(h.skills), "health": h.skills.get("health", HARDY)},
            h.context.format_map(spots).rstrip("\n"),
            _resolve(h.plan, spots),
            inventory=dict(h.inventory),
            kind="workshop",
        )
        for h in hands
    ]
    _check([Hand(a.name, a.role, a.spawn, a.skills, a.context, a.plan) for a in agents], objective, success)
    return Draft(
        task_id,
        name,
        "crafting",
        objective,
        agents,
        success,
        checkpoints,
        "workshop",
        f"workshop:{tag}",
        world={"nodes": nodes},
        alternatives=[(what, _resolve(plans, spots)) for what, plans in alternatives],
        why=why,
    )


# --- plan steps, as the suite writes them -----------------------------------------------------------
def say(to: str | list[str], message: str) -> dict:
    return {"chat": {"to": to, "message": message}}


def hear(sender: str) -> dict:
    return {"wait_for": {"message_from": sender}}


def walk(target: str | Position) -> dict:
    return {"move_to": {"target": target}}


def gather(kind: str, count: int) -> dict:
    """Gather until `count` of the node's yield are in the inventory (a teammate's deliveries count too)."""
    return {"gather": {"target": kind, "count": count}}


def craft(recipe: str, count: int = 1) -> dict:
    return {"craft": {"recipe": recipe, "count": count}}


def give(to: str, item: str, count: int = 1) -> dict:
    return {"give": {"to": to, "item": item, "count": count}}


def wait_for(item: str, count: int = 1) -> dict:
    return {"wait_for": {"item": item, "count": count}}


def equip(item: str) -> dict:
    return {"equip": {"item": item}}


def holds(items: dict[str, int], agent: str | None = None) -> dict:
    """A `holds` condition (the team's when no agent is named)."""
    return {"holds": {"items": dict(items)} if agent is None else {"agent": agent, "items": dict(items)}}
