"""The works of a construction task (taskgen/building.py): its stages, the hands who raise them, where
everything is placed, and what each hand tells the others by chat.

A `Stage` is one task site: groundwork when it has no skill (anyone's `build` adds a work point),
else a finishing stage a master builds from materials, often on another stage (`built_on`). A
`Hand` is one member: what it gathers (`Load`), makes, carries or buys, which stages it digs and
finishes, and where its goods go. `Works` places the stages and the task's nodes on free tiles and
composes the messages: the plan of the works from the hand that holds it, the survey of a gatherer's
nodes from the hand that knows them, a maker's station (or that it makes by hand where the
works stand) to its feeders.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.parts import xy

Position = tuple[int, int]
MESSAGE_CHARS = 480  # a chat the world accepts (rules.max_message_chars is 500), with room to spare


@dataclass(frozen=True)
class Stage:
    """One site of the works. Groundwork when `skill` is None (anyone's `build` adds a work point);
    `on`: the stage it stands on. It is marked `distance` tiles from `near` (a landmark or a tile), or
    from its base when `near` is not given."""

    id: str
    name: str
    work: int
    near: str | Position = ""
    materials: dict[str, int] = field(default_factory=dict)
    skill: str | None = None
    level: int = 50
    on: str | None = None
    direction: Position = (0, 1)
    distance: int = 4


@dataclass(frozen=True)
class Load:
    """Units a hand gathers at rare nodes the task places near a landmark (two nodes, `away` tiles off
    towards `direction`); `known_by`: the hand whose notes say where they stand (None: the gatherer)."""

    node: str
    count: int
    near: str | Position
    direction: Position = (1, 0)
    away: int = 6
    known_by: str | None = None


@dataclass(frozen=True)
class Hand:
    """One member: what it gathers, makes (recipe, times; at `station`), carries, finishes and digs, and
    where each of its goods goes (`sends`: item -> a member's name, or a stage id to deliver it into)."""

    name: str
    title: str
    spawn: str | Position
    loads: tuple[Load, ...] = ()
    crafts: tuple[tuple[str, int], ...] = ()
    station: str = ""
    stock: dict[str, int] = field(default_factory=dict)
    finishes: tuple[str, ...] = ()
    digs: tuple[str, ...] = ()
    sends: dict[str, str] = field(default_factory=dict)
    buys: tuple[str, str, int] | None = None  # (npc, item, count): bought with `stock` coins


@dataclass
class Works:
    """The placed works: stage and node tiles, and the messages each hand sends."""

    stages: dict[str, Stage]
    hands: dict[str, Hand]
    plan_with: str
    tiles: dict[str, Position] = field(default_factory=dict)
    nodes: dict[tuple[str, str], list[Position]] = field(default_factory=dict)  # (hand, node) -> tiles
    told: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (from, to) -> message parts

    def place(self) -> None:
        taken: set[Position] = set()
        for stage in self.stages.values():  # bases first: the suite lists them first
            anchor = anchor_tile(stage.near) if stage.near else self.tiles[stage.on]
            self.tiles[stage.id] = _free_tile(anchor, stage.distance, taken, stage.direction)
        for hand in self.hands.values():
            for load in hand.loads:
                first = _free_tile(anchor_tile(load.near), load.away, taken, load.direction)
                second = _free_tile(first, 2, taken, load.direction)
                self.nodes[(hand.name, load.node)] = [first, second]

    # --- who tells whom what ------------------------------------------------------------------
    def plan_for(self, hand: Hand) -> list[str]:
        """The stages `hand` goes to (digs, finishes or delivers into) and what the finishing ones take."""
        wanted = [s for s in self.stages.values() if s.id in hand.digs or s.id in hand.finishes]
        wanted += [self.stages[d] for d in hand.sends.values() if d in self.stages]
        for item, dest in hand.sends.items():
            owner = self.hands.get(dest)
            if owner is not None and owner.finishes and not owner.crafts:
                wanted += [self.stages[s] for s in owner.finishes if item in self.stages[s].materials]
        return [s.id for s in self.stages.values() if s in wanted]

    def stage_line(self, stage: Stage) -> str:
        where = f"{stage.name.lower()} at {xy(self.tiles[stage.id])}"
        if stage.skill is None:
            return f"the {where}: groundwork, {stage.work} turns of work by any hand"
        base = f", built on the finished {self.stages[stage.on].name.lower()}" if stage.on else ""
        need = f"{stage.skill} {stage.level}"
        return f"the {where}: {goods(stage.materials)}, then {stage.work} turns of work needing {need}{base}"

    def compose(self) -> None:
        """What each hand tells whom: the survey of the nodes it knows (to their gatherers, before the
        plan, which they need later), the plan of the works (to everyone else), a maker's station (to
        its feeders). Texts are the same for every recipient, so one chat can carry them to several."""
        lines = [self.stage_line(s) for s in self.stages.values()]
        plan = "The works: " + "; ".join(lines) + "."
        if len(plan) > MESSAGE_CHARS:  # in two chats
            half = (len(lines) + 1) // 2
            plan = (
                "The works: "
                + "; ".join(lines[:half])
                + ".\n"
                + "More of the works: "
                + "; ".join(lines[half:])
                + "."
            )
        for sender in self.hands.values():
            surveyed = [
                (hand, load)
                for hand in self.hands.values()
                for load in hand.loads
                if load.known_by == sender.name and hand.name != sender.name
            ]
            survey = " ".join(self.survey_line(hand, load) for hand, load in surveyed)
            for hand, _load in surveyed:
                self._tell(sender.name, hand.name, survey)
            if sender.name == self.plan_with:
                for hand in self.hands.values():
                    if hand.name != sender.name and self.plan_for(hand):
                        self._tell(sender.name, hand.name, plan)
            if sender.crafts:
                fed = and_list([plural(item_name(self.fed_item(f, sender))) for f in self.feeders(sender)])
                made = and_list(
                    [
                        plural(item_name(i))
                        for r, _t in sender.crafts
                        for i in places.content().recipes[r].outputs
                    ]
                )
                where = (
                    f"I work at the {self.station_name(sender)} `{sender.station}` at "
                    f"{xy(places.station(sender.station))}: bring me the {fed} there."
                    if sender.station
                    else f"I make the {made} by hand where we dig: bring me the {fed} there."
                )
                for feeder in self.feeders(sender):
                    self._tell(sender.name, feeder, where)

    def _tell(self, sender: str, to: str, text: str) -> None:
        parts = self.told.setdefault((sender, to), [])
        if text not in parts:
            parts.append(text)

    def survey_line(self, hand: Hand, load: Load) -> str:
        kind = places.content().node_kinds[load.node].name.lower()
        spots = " and ".join(xy(t) for t in self.nodes[(hand.name, load.node)])
        return f"{plural(kind).capitalize()} stand at {spots}."

    def feeders(self, maker: Hand) -> list[str]:
        """The hands that bring a maker the inputs of its recipes."""
        return [
            h.name
            for h in self.hands.values()
            if any(d == maker.name and self.feeds(h, i, d) for i, d in h.sends.items())
        ]

    def feeds(self, hand: Hand, item: str, dest: str) -> bool:
        """Whether `hand` sending `item` to `dest` feeds a maker's recipe (else it is a finished good)."""
        maker = self.hands.get(dest)
        return maker is not None and any(item in places.content().recipes[r].inputs for r, _t in maker.crafts)

    def fed_item(self, feeder: str, maker: Hand) -> str:
        return next(
            i
            for i, d in self.hands[feeder].sends.items()
            if d == maker.name and self.feeds(self.hands[feeder], i, d)
        )

    def station_name(self, hand: Hand) -> str:
        return places.content().stations[hand.station.split("#")[0]].name.lower()

    def messages(self) -> dict[str, list[dict]]:
        """sender -> its chat steps, the recipient who needs it soonest first."""
        grouped: dict[tuple[str, str], list[str]] = {}  # (sender, text) -> recipients
        for (sender, to), parts in self.told.items():
            texts = [" ".join(parts)] if len(" ".join(parts)) <= MESSAGE_CHARS else parts
            texts = [chat for text in texts for chat in text.split("\n")]  # a plan in two chats
            for text in texts:
                grouped.setdefault((sender, text), []).append(to)
        order = {name: i for i, name in enumerate(self.hands)}
        out: dict[str, list[dict]] = {}
        for (sender, text), names in grouped.items():
            to = names[0] if len(names) == 1 else names
            out.setdefault(sender, []).append({"chat": {"to": to, "message": text}})
        for steps in out.values():
            steps.sort(key=lambda s: (not any(map(self._needs_early, recipients(s))), order[_first(s)]))
        return out

    def _needs_early(self, name: str) -> bool:
        """Whether the hand's first step waits on what it is told: a survey, or the works' places."""
        hand = self.hands[name]
        told = any(load.known_by not in (None, name) for load in hand.loads)
        return told or not (hand.loads or hand.crafts or hand.buys)


def _free_tile(near: Position, distance: int, taken: set[Position], direction: Position) -> Position:
    """places.free_tile, but of the tiles furthest along `direction` the one nearest its line (so
    (0, -1) means straight north, not the ring's corner)."""
    dx, dy = direction
    busy = taken | places._occupied()  # (the map's own entities and stations)
    for d in range(distance, distance + 8):
        ring = [
            (near[0] + x, near[1] + y)
            for x in range(-d, d + 1)
            for y in range(-d, d + 1)
            if max(abs(x), abs(y)) == d
        ]
        ring.sort(
            key=lambda t: (
                -((t[0] - near[0]) * dx + (t[1] - near[1]) * dy),
                abs((t[0] - near[0]) * dy - (t[1] - near[1]) * dx),
            )
        )
        for tile in ring:
            if _free(tile, busy):
                taken.add(tile)
                return tile
    raise ValueError(f"no free walkable tile {distance} tiles from {near}")


def _free(tile: Position, busy: set[Position]) -> bool:
    """Walkable, reachable, unoccupied, and open on three sides (as places.free_tile asks)."""
    gmap = places.content().map
    x, y = tile
    if tile in busy or not gmap.in_bounds(x, y) or not gmap.walkable(x, y):
        return False
    if not gmap.reachable[y * gmap.width + x]:
        return False
    return sum(gmap.walkable(x + a, y + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))) >= 3


def anchor_tile(near: str | Position) -> Position:
    return places.landmark(near) if isinstance(near, str) else near


def recipients(chat: dict) -> list[str]:
    to = chat["chat"]["to"]
    return [to] if isinstance(to, str) else list(to)


def _first(chat: dict) -> str:
    return recipients(chat)[0]


def item_name(item: str) -> str:
    return places.content().items[item].name.lower()


def plural(name: str) -> str:
    """'moon pearl' -> 'moon pearls', 'dawnlily' -> 'dawnlilies', 'dawnlily patch' -> 'dawnlily patches'
    ('wild silk', 'starsilver ore', 'eel tar' ... are left as they are)."""
    if name.endswith(("s", "silk", "ore", "oil", "tar")):
        return name
    if name.endswith(("ch", "sh", "x")):
        return name + "es"
    return name[:-1] + "ies" if name.endswith("y") and name[-2] not in "aeiou" else name + "s"


def and_list(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods(items: dict[str, int]) -> str:
    return and_list([f"{n} {plural(item_name(i)) if n > 1 else item_name(i)}" for i, n in items.items()])


def stand(tile: Position) -> list[int]:
    """Where a hand stands to work something on `tile`: south of it, or east when south is blocked."""
    x, y = tile
    return [x, y + 1] if places.content().map.walkable(x, y + 1) else [x + 1, y]


def yield_of(node: str) -> str:
    return next(iter(places.content().node_kinds[node].yields))


def made_by(hand: Hand) -> dict[str, int]:
    """What a hand ends up with to send on: its loads' yields, its last recipe's output, its stock."""
    out = {yield_of(load.node): load.count for load in hand.loads}
    for recipe_id, times in hand.crafts:
        recipe = places.content().recipes[recipe_id]
        for item, n in recipe.outputs.items():
            out[item] = out.get(item, 0) + n * times
        for item, n in recipe.inputs.items():
            out[item] = out.get(item, 0) - n * times
    if hand.buys:
        out[hand.buys[1]] = out.get(hand.buys[1], 0) + hand.buys[2]
    for item, n in hand.stock.items():
        if item != "coins":
            out[item] = out.get(item, 0) + n
    return {i: n for i, n in out.items() if n > 0}


def master_of(works: Works, stage_id: str) -> Hand | None:
    """The hand that finishes a finishing stage (None for groundwork)."""
    return next((h for h in works.hands.values() if stage_id in h.finishes), None)


def in_sight(a: Position, b: Position, sight: int = 8) -> bool:
    """Within sight of each other (the view radius, with room to spare)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= sight


def seen_from_landmark(stage: Stage, tile: Position) -> bool:
    """Whether the stage is marked by a landmark close enough to see it from there."""
    if not isinstance(stage.near, str) or not stage.near:
        return False
    x, y = places.landmark(stage.near)
    return max(abs(x - tile[0]), abs(y - tile[1])) <= 8


def gather_skills(hand: Hand) -> set[str]:
    return {places.content().node_kinds[load.node].skill for load in hand.loads}


def skills_of(hand: Hand, stages: dict[str, Stage] | None = None) -> dict[str, int]:
    content = places.content()
    skills: dict[str, int] = {}
    for load in hand.loads:
        node = content.node_kinds[load.node]
        skills[node.skill] = max(skills.get(node.skill, 1), node.level + 5)
    for recipe_id, _t in hand.crafts:
        recipe = content.recipes[recipe_id]
        skills[recipe.skill] = max(skills.get(recipe.skill, 1), recipe.level + 5)
    for stage in (stages or {}).values():
        if stage.id in hand.finishes and stage.skill:
            skills[stage.skill] = max(skills.get(stage.skill, 1), stage.level + 5)
    return skills
