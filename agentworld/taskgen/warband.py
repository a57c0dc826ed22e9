"""Combat motif of the suite rewrite (issue 24): a warband that prepares, then strikes together.

`warband` places one or two beasts that close their wounds every round they fight (`regen`,
mobs.yaml) and that only some weapons wound (`wounded_by`), then lets each member's character sheet
and oracle plan say what it is, what it knows and what it does. The world makes every member
needed, not the wording:

- *volume*: each beast regains more HP a round than any member (or any team short of one) can take
  off it, so the band must strike in the same rounds; one agent holding everyone's skills and items
  (the suite report's merged agent) never wears it down either;
- *preparation*: the weapons that wound it are forged, strung or assembled in the task from rare
  materials (nodes and recipes at levels 45-55 no trainer reaches), so the makers and gatherers are
  needed by capability;
- *knowledge*: where the beast dens, what wounds it and which recipe makes what are spread over the
  members' sheets and carried by chat in the oracle plan, so each oracle step stays justified and
  the sheets do not script the plan.

A member is written as data: its sheet and plan may name computed places with placeholders,
`{den}` / `{den:beast}` (the den's tile as "(x, y)"), `{nodes:kind}` (the tiles of the nodes a
member's `nodes` entry places, "(x, y) and (x, y)"), and in plans `"@den"`, `"@den:beast"`,
`"@by_den"` / `"@by_den:beast"` (a free tile beside the den), `"@node:kind"` (beside the first node
of that kind) or `"@vantage:name"` (a member's own tile a few steps off the den), each turned into
`[x, y]`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import Agent, xy

Position = tuple[int, int]


@dataclass(frozen=True)
class Beast:
    """A beast the band must kill: its mob type and where its den lies (a free tile `away` steps from
    a landmark, toward `direction`)."""

    type: str
    near: str
    direction: Position = (0, -1)
    away: int = 6
    at: Position | None = None  # a fixed den instead (a doorway it holds)
    guards: tuple[Position, ...] = ()  # tiles nobody may pass while it stands


@dataclass
class Member:
    """One member of the band: its agent entry with a sheet and plan that may hold placeholders.

    `nodes`: (node kind, how many, direction, steps from its spawn) placed by the task for this
    member, close enough to be seen from its spawn (so it finds them by looking, not by being told);
    `vantage`: (beast, steps from the den) a tile of its own to strike from (a bow or a staff)."""

    name: str
    title: str
    spawn: str
    skills: dict[str, int]
    sheet: str
    plan: list[dict]
    inventory: dict[str, int] = field(default_factory=dict)
    equipment: dict[str, str] = field(default_factory=dict)
    nodes: list[tuple[str, int, Position, int]] = field(default_factory=list)
    vantage: tuple[str, int, Position] | None = None
    kind: str = "fight"


PLACEHOLDER = re.compile(r"\{(den|nodes|vantage)(?::([a-z_0-9]+))?\}")


@dataclass
class _Layout:
    dens: dict[str, Position] = field(default_factory=dict)
    beside: dict[str, Position] = field(default_factory=dict)
    nodes: dict[str, list[Position]] = field(default_factory=dict)
    vantage: dict[str, Position] = field(default_factory=dict)
    first: str = ""  # the first beast's type (the default of `{den}`)

    def text(self, value: str) -> str:
        def one(match: re.Match) -> str:
            what, key = match.group(1), match.group(2)
            if what == "den":
                return xy(self.dens[key or self.first])
            if what == "vantage":
                return xy(self.vantage[key])
            tiles = self.nodes[key]
            return " and ".join(xy(t) for t in tiles)

        return PLACEHOLDER.sub(one, value)

    def tile(self, value: str) -> list[int]:
        what, _, key = value[1:].partition(":")
        if what == "den":
            return list(self.dens[key or self.first])
        if what == "by_den":
            return list(self.beside[key or self.first])
        if what == "vantage":
            return list(self.vantage[key])
        if what == "node":
            return _stand(self.nodes[key][0])
        raise ValueError(f"unknown plan placeholder {value!r}")

    def plan(self, steps: list[dict]) -> list[dict]:
        return [{kind: self._args(args) for kind, args in step.items()} for step in steps]

    def _args(self, args: Any) -> Any:
        if isinstance(args, dict):
            return {k: self._args(v) for k, v in args.items()}
        if isinstance(args, str) and args.startswith("@"):
            return self.tile(args)
        if isinstance(args, str):
            return self.text(args)
        return args


def _stand(tile: Position) -> list[int]:
    """Where an agent stands to work a node on `tile`: south of it, else east, west or north."""
    x, y = tile
    for dx, dy in ((0, 1), (1, 0), (-1, 0), (0, -1)):
        if places.content().map.walkable(x + dx, y + dy):
            return [x + dx, y + dy]
    raise ValueError(f"nothing walkable beside {tile}")


def _lay_out(beasts: list[Beast], members: list[Member]) -> tuple[_Layout, dict[str, list]]:
    """Dens, tiles beside them, members' nodes and vantage tiles; and the task's `world:` section."""
    taken: set[Position] = set()
    lay = _Layout(first=beasts[0].type)
    world: dict[str, list] = {"nodes": [], "mobs": []}
    for beast in beasts:
        den = beast.at or places.free_tile(places.landmark(beast.near), beast.away, taken, beast.direction)
        taken |= {den, *beast.guards}
        lay.dens[beast.type] = den
        lay.beside[beast.type] = places.free_tile(den, 1, taken, (0, 1))
        mob: dict[str, Any] = {"type": beast.type, "position": list(den)}
        if beast.guards:
            mob["guards"] = [list(t) for t in beast.guards]
        world["mobs"].append(mob)
    for m in members:
        home = places.landmark(m.spawn)
        for kind, count, direction, away in m.nodes:
            first = places.free_tile(home, away, taken, direction)
            tiles = [first] + [places.free_tile(first, 2, taken, direction) for _ in range(count - 1)]
            lay.nodes.setdefault(kind, []).extend(tiles)
            world["nodes"] += [{"kind": kind, "position": list(t)} for t in tiles]
        if m.vantage is not None:
            beast, away, direction = m.vantage
            lay.vantage[m.name] = places.free_tile(lay.dens[beast], away, taken, direction)
    return lay, {k: v for k, v in world.items() if v}


def warband(
    task_id: str,
    name: str,
    *,
    intro: str,
    beasts: list[Beast],
    members: list[Member],
    checkpoints: list[tuple[str, str, dict]],
    shape: str,
    why: str,
    alternatives: list[tuple[str, dict[str, list]]],
    outcome: str = "",
    success: list[dict] | None = None,
    sites: list[dict] | None = None,
) -> Draft:
    """The band's task: every beast dead (and any `success` conditions more); `outcome` ends the
    objective ("The task is complete when ..."), `shape` is the structural tag of the signature."""
    lay, world = _lay_out(beasts, members)
    if sites:
        world["sites"] = sites
    content = places.content()
    agents = [
        Agent(
            m.name,
            m.title,
            m.spawn,
            dict(m.skills),
            lay.text(m.sheet).rstrip("\n"),
            lay.plan(m.plan),
            inventory=dict(m.inventory),
            equipment=dict(m.equipment),
            kind=m.kind,
        )
        for m in members
    ]
    kills = [{"killed": {"mob": b.type}} for b in beasts]
    slain = [  # named for the beast, not its type (a stronger stand-in of a variant keeps the id true)
        (
            f"{content.mobs[b.type].name.lower().split()[-1]}_slain",
            f"The {content.mobs[b.type].name.lower()} is dead.",
            {"killed": {"mob": b.type}},
        )
        for b in beasts
    ]
    marks = [{"id": cid, "description": text, "when": when} for cid, text, when in [*checkpoints, *slain]]
    return Draft(
        task_id,
        name,
        "combat",
        lay.text(f"{intro} {outcome}".strip()),
        agents,
        kills + list(success or []),
        marks,
        "warband",
        f"warband:{shape}",
        world=world,
        alternatives=[(what, {n: lay.plan(p) for n, p in plans.items()}) for what, plans in alternatives],
        why=why,
    )
