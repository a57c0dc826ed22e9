"""Writing a task member by member (issue 24): each member's character sheet and plan, the places the
task adds (patches of nodes, sites), and what one member tells another by chat.

A motif builds a `Crew`: it places patches, adds members, and writes each member's plan with the step
helpers of `Member` (`go`, `work`, `craft`, `give`, `await_`, `tell`, `hear`, `build`). A member's
documentation is its sheet (`note`): what it is, its skills and what they open, what it carries and
what it knows (places, recipes). It never says who needs what, where to meet or in which order to act:
that travels by chat in the plan (`tell` / `hear`), so every step stays justified by what the member
was told or has seen (docs/AUDIT.md "Suite report"). `Crew.draft` assembles the Draft.

The helpers track where a member is and what it holds as its plan is written, so a `gather` or
`wait_for` count is the member's running total (the oracle's steps finish on what is held) and a
walk to a patch goes to the node nearest to where the member then stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import Agent, Position, spawn_text, xy

Target = str | Position


def name_of(item: str, count: int = 2) -> str:
    """An item's display name, lower case, plural-ish for counts other than one."""
    name = places.content().items[item].name.lower()
    mass = (
        "s",
        "x",
        "sh",
        "ch",
        "oil",
        "saffron",
        "silver",
        "gold",
        "lacquer",
        "flax",
        "leaf",
        "coal",
        "amber",
        "ore",
    )
    if count == 1 or name.endswith(mass):
        return name  # (plural already, or a mass noun: 15 geode flux, 4 stormeel oil)
    return name[:-1] + "ies" if name.endswith("y") and name[-2] not in "aeiou" else name + "s"


def counted(items: dict[str, int]) -> str:
    return and_list([f"{n} {name_of(i, n)}" for i, n in items.items()])


def and_list(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def yield_of(kind: str) -> str:
    return next(iter(places.content().node_kinds[kind].yields))


def stand(tile: Position) -> list[int]:
    """Where a member stands to work something on `tile`: south of it, else east, west or north."""
    x, y = tile
    walkable = places.content().map.walkable
    for dx, dy in ((0, 1), (1, 0), (-1, 0), (0, -1)):
        if walkable(x + dx, y + dy):
            return [x + dx, y + dy]
    raise ValueError(f"nothing walkable next to {tile}")


def spot(target: str) -> str:
    """A landmark or station, as a sentence names it: its name, id and tile."""
    if "#" in target:
        kind = places.content().stations[target.split("#")[0]].name.lower()
        return f"the {kind} `{target}` at {xy(places.station(target))}"
    return f"{places.landmark_name(target)} (`{target}`) at {xy(places.landmark(target))}"


def tile_of(target: Target) -> Position:
    if isinstance(target, tuple):
        return target
    if isinstance(target, list):
        return (target[0], target[1])
    return places.station(target) if "#" in target else places.landmark(target)


@dataclass
class Patch:
    """Task-placed nodes of one kind ringed round one free tile (`center`, where a gatherer stands to work
    them all without a step), `away` tiles from a landmark or station."""

    kind: str
    near: str
    tiles: list[Position]
    center: Position

    @property
    def name(self) -> str:
        return places.content().node_kinds[self.kind].name.lower()

    def survey(self, ids: bool = True) -> str:
        """Where the nodes stand, with the kind's id (what a survey passes on) unless `ids` is False."""
        kind = f" (`{self.kind}`)" if ids else ""
        return f"the {self.name}s{kind} stand at " + and_list([xy(t) for t in self.tiles])


@dataclass
class Member:
    """One agent as a motif writes it: sheet lines, plan, and where it stands and what it holds."""

    name: str
    title: str
    spawn: str
    skills: dict[str, int]
    inventory: dict[str, int] = field(default_factory=dict)
    kind: str = ""
    lines: list[str] = field(default_factory=list)
    plan: list[dict] = field(default_factory=list)
    at: Position = (0, 0)
    holding: dict[str, int] = field(default_factory=dict)
    pooled: dict[str, int] = field(default_factory=dict)  # what a `pool` gather counts of a teammate's

    def __post_init__(self) -> None:
        self.at = tile_of(self.spawn)
        self.holding = dict(self.inventory)

    # --- the sheet ---------------------------------------------------------------------------------
    def note(self, *lines: str) -> Member:
        self.lines.extend(lines)
        return self

    def context(self) -> str:
        return "\n".join(self.lines)

    # --- the plan ----------------------------------------------------------------------------------
    def tell(self, to: str | list[str], message: str) -> Member:
        self.plan.append(
            {"chat": {"to": to if isinstance(to, str) or len(to) > 1 else to[0], "message": message}}
        )
        return self

    def hear(self, sender: str) -> Member:
        self.plan.append({"wait_for": {"message_from": sender}})
        return self

    def go(self, target: Target) -> Member:
        goal = list(target) if isinstance(target, (tuple, list)) else target
        self.plan.append({"move_to": {"target": goal}})
        self.at = tile_of(target)
        return self

    def work(self, patch: Patch, count: int) -> Member:
        """Walk to the patch's centre (unless already there) and gather until it holds `count` more of
        the yield."""
        item = yield_of(patch.kind)
        if self.at != patch.center:
            self.go(patch.center)
        self.holding[item] = self.holding.get(item, 0) + count
        self.plan.append({"gather": {"target": patch.kind, "count": self.holding[item]}})
        return self

    def craft(self, recipe_id: str, times: int, station: str | None = None) -> Member:
        if (
            station is not None
            and max(abs(tile_of(station)[0] - self.at[0]), abs(tile_of(station)[1] - self.at[1])) > 1
        ):
            self.go(station)
        recipe = places.content().recipes[recipe_id]
        for item, n in recipe.inputs.items():
            self.holding[item] = self.holding.get(item, 0) - n * times
        for item, n in recipe.outputs.items():
            self.holding[item] = self.holding.get(item, 0) + n * times
        self.plan.append({"craft": {"recipe": recipe_id, "count": times}})
        return self

    def give(self, to: Member, item: str, count: int, at: Target | None = None) -> Member:
        if at is not None:
            self.go(at)
        self.holding[item] = self.holding.get(item, 0) - count
        self.plan.append({"give": {"to": to.name, "item": item, "count": count}})
        return self

    def await_(self, item: str, count: int) -> Member:
        """Wait until `count` more of `item` have been handed over."""
        self.holding[item] = self.holding.get(item, 0) + count
        self.plan.append({"wait_for": {"item": item, "count": self.holding[item]}})
        return self

    def build(self, site: str) -> Member:
        self.plan.append({"build": {"site": site}})
        return self

    def agent(self) -> Agent:
        return Agent(
            self.name,
            self.title,
            self.spawn,
            dict(self.skills),
            self.context(),
            list(self.plan),
            inventory=dict(self.inventory),
            kind=self.kind,
        )


class Crew:
    """A task under construction: the places it adds and its members, in turn order."""

    def __init__(self, task_id: str, name: str, category: str, intro: str):
        self.task_id, self.name, self.category, self.intro = task_id, name, category, intro
        self.taken: set[Position] = set()
        self.nodes: list[dict] = []
        self.sites: list[dict] = []
        self.members: dict[str, Member] = {}

    def patch(self, kind: str, near: str, count: int, direction: Position = (1, 0), away: int = 12) -> Patch:
        """`count` (at most 8) nodes of `kind` on the free tiles round one free tile `away` tiles from
        `near` towards `direction`."""
        gmap = places.content().map
        busy = places.occupied() | self.taken
        for _ in range(8):
            center = places.free_tile(tile_of(near), away, self.taken, direction)
            ring = [
                (center[0] + dx, center[1] + dy)
                for dy, dx in ((1, 0), (0, 1), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))
            ]
            tiles = [t for t in ring if gmap.walkable(*t) and t not in busy][:count]
            if len(tiles) == count:
                break
        else:
            raise ValueError(f"no free ring of {count} tiles {away} from {near}")
        self.taken.update(tiles)
        self.nodes += [{"kind": kind, "position": list(t)} for t in tiles]
        return Patch(kind, near, tiles, center)

    def site(
        self,
        site_id: str,
        name: str,
        near: str,
        materials: dict[str, int],
        direction: Position = (0, 1),
        away: int = 3,
        work: int = 0,
        skill: str | None = None,
        level: int = 1,
    ) -> Position:
        """A construction site on a free tile `away` tiles from `near` (a landmark or station)."""
        tile = places.free_tile(tile_of(near), away, self.taken, direction)
        entry = {"id": site_id, "name": name, "position": list(tile), "materials": dict(materials)}
        if work:
            entry.update(work=work, skill=skill, level=level)
        self.sites.append(entry)
        return tile

    def join(
        self,
        name: str,
        title: str,
        spawn: str,
        skills: dict[str, int],
        inventory: dict[str, int] | None = None,
        kind: str = "",
    ) -> Member:
        member = Member(name, title, spawn, dict(skills), dict(inventory or {}), kind)
        self.members[name] = member
        return member

    def draft(
        self,
        *,
        motif: str,
        signature: str,
        success: list[dict],
        outcome: str,
        checkpoints: list[dict],
        alternatives: list[tuple[str, dict[str, list]]],
        why: str,
    ) -> Draft:
        world: dict[str, list] = {}
        if self.nodes:
            world["nodes"] = self.nodes
        if self.sites:
            world["sites"] = self.sites
        return Draft(
            self.task_id,
            self.name,
            self.category,
            f"{self.intro} The task is complete when {outcome}.",
            [m.agent() for m in self.members.values()],
            success,
            checkpoints[:6],
            motif,
            f"{motif}:{signature}",
            world=world,
            alternatives=alternatives,
            why=why,
        )


def checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


def fetch(giver: Member, receiver: Member, item: str) -> tuple[str, dict[str, list]] | None:
    """Another legal route: the receiver walks to where the giver last worked and takes its first load
    of `item` there (then goes back), instead of the giver carrying it over."""
    plan = giver.plan
    gives = [
        i
        for i, s in enumerate(plan)
        if s.get("give", {}).get("to") == receiver.name and s["give"]["item"] == item
    ]
    if not gives or gives[0] < 2 or "move_to" not in plan[gives[0] - 1]:
        return None
    at = gives[0]
    before = next((plan[i]["move_to"]["target"] for i in range(at - 2, -1, -1) if "move_to" in plan[i]), None)
    waits = [i for i, s in enumerate(receiver.plan) if s.get("wait_for", {}).get("item") == item]
    if before is None or not waits:
        return None
    back = next((s for s in reversed(receiver.plan[: waits[0]]) if "move_to" in s), None)
    r_plan = list(receiver.plan)
    r_plan[waits[0] + 1 : waits[0] + 1] = [back] if back is not None else []
    r_plan.insert(waits[0], {"move_to": {"target": before}})
    count = plan[at]["give"]["count"]
    return (
        f"the {receiver.title.lower()} fetches {count} {name_of(item, count)} from the {giver.title.lower()} "
        f"where it works",
        {giver.name: plan[: at - 1] + plan[at:], receiver.name: r_plan},
    )


__all__ = [
    "Crew",
    "Member",
    "Patch",
    "and_list",
    "checkpoint",
    "counted",
    "fetch",
    "name_of",
    "spawn_text",
    "spot",
]
