"""The construction motif (issue 24): staged works raised by the whole team, `raise_works`.

A task's works are stages (task sites). Groundwork stages (no skill) take more `build` turns than
one agent has in the budget, so the team digs them together: the audit's `Work` need proves that
no member alone, nor one agent with everyone's skills and items, could finish them (volume).
Finishing stages stand on a finished stage (`built_on`) and need materials and a master's skill;
the materials are gathered at rare nodes, made at stations and carried in starting stores by
different hands.

Knowledge is spread as a character would hold it: one hand has the plan of the works (where each
stage is marked and what it takes), another may know where a gatherer's nodes stand, a maker knows
its recipes and where it works. Nobody's documentation says whom to bring what or where to meet:
the oracle plan carries that by chat (the holder tells, the others `wait_for` its message).

Every hand's oracle plan is built in one order: tell what it knows, learn what it must (waiting at
the first step that needs it), gather, make, hand raw goods to their maker, dig the groundwork,
hand its goods to the stage's master (or deliver them into the stage), and, for a master, finish
its stages. A stage built on another is marked a few tiles off its base, so the step from one to
the other always costs a turn (a build in the round its base was finished would not count).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import TOOLS, Agent, spawn_text, xy

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
    gmap = _content().map
    x, y = tile
    if tile in busy or not gmap.in_bounds(x, y) or not gmap.walkable(x, y):
        return False
    if not gmap.reachable[y * gmap.width + x]:
        return False
    return sum(gmap.walkable(x + a, y + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))) >= 3


def _anchor(near: str | Position) -> Position:
    return places.landmark(near) if isinstance(near, str) else near


def _recipients(chat: dict) -> list[str]:
    to = chat["chat"]["to"]
    return [to] if isinstance(to, str) else list(to)


def _first(chat: dict) -> str:
    return _recipients(chat)[0]


def _content():
    return places.content()


def _name(item: str) -> str:
    return _content().items[item].name.lower()


def _plural(name: str) -> str:
    if name.endswith(("s", "silk", "ore", "oil")):
        return name
    return name[:-1] + "ies" if name.endswith("y") and name[-2] not in "aeiou" else name + "s"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _goods(items: dict[str, int]) -> str:
    return _and([f"{n} {_plural(_name(i)) if n > 1 else _name(i)}" for i, n in items.items()])


def _stand(tile: Position) -> list[int]:
    """Where a hand stands to work something on `tile`: south of it, or east when south is blocked."""
    x, y = tile
    return [x, y + 1] if _content().map.walkable(x, y + 1) else [x + 1, y]


def _yield(node: str) -> str:
    return next(iter(_content().node_kinds[node].yields))


@dataclass
class _Works:
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
            anchor = _anchor(stage.near) if stage.near else self.tiles[stage.on]
            self.tiles[stage.id] = _free_tile(anchor, stage.distance, taken, stage.direction)
        for hand in self.hands.values():
            for load in hand.loads:
                first = _free_tile(_anchor(load.near), load.away, taken, load.direction)
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
            return f"the {where}: groundwork, {stage.work} turns of digging by any hand"
        base = f", built on the finished {self.stages[stage.on].name.lower()}" if stage.on else ""
        return f"the {where}: {_goods(stage.materials)}, then {stage.work} turns of {stage.skill} {stage.level} work{base}"

    def compose(self) -> None:
        """What each hand tells whom: the survey of the nodes it knows (to their gatherers, before the
        plan, which they need later), the plan of the works (to everyone else), a maker's station (to
        its feeders). Texts are the same for every recipient, so one chat can carry them to several."""
        plan = "The works: " + "; ".join(self.stage_line(s) for s in self.stages.values()) + "."
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
            if sender.crafts and sender.station:
                fed = _and([_plural(_name(self.fed_item(f, sender))) for f in self.feeders(sender)])
                station = (
                    f"I work at the {self.station_name(sender)} `{sender.station}` at "
                    f"{xy(places.station(sender.station))}: bring me the {fed} there."
                )
                for feeder in self.feeders(sender):
                    self._tell(sender.name, feeder, station)

    def _tell(self, sender: str, to: str, text: str) -> None:
        parts = self.told.setdefault((sender, to), [])
        if text not in parts:
            parts.append(text)

    def survey_line(self, hand: Hand, load: Load) -> str:
        kind = _content().node_kinds[load.node].name.lower()
        spots = " and ".join(xy(t) for t in self.nodes[(hand.name, load.node)])
        return f"{_plural(kind).capitalize()} stand at {spots}."

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
        return maker is not None and any(item in _content().recipes[r].inputs for r, _t in maker.crafts)

    def fed_item(self, feeder: str, maker: Hand) -> str:
        return next(
            i
            for i, d in self.hands[feeder].sends.items()
            if d == maker.name and self.feeds(self.hands[feeder], i, d)
        )

    def station_name(self, hand: Hand) -> str:
        return _content().stations[hand.station.split("#")[0]].name.lower()

    def messages(self) -> dict[str, list[dict]]:
        """sender -> its chat steps, the recipient who needs it soonest first."""
        grouped: dict[tuple[str, str], list[str]] = {}  # (sender, text) -> recipients
        for (sender, to), parts in self.told.items():
            texts = [" ".join(parts)] if len(" ".join(parts)) <= MESSAGE_CHARS else parts
            for text in texts:
                grouped.setdefault((sender, text), []).append(to)
        order = {name: i for i, name in enumerate(self.hands)}
        out: dict[str, list[dict]] = {}
        for (sender, text), recipients in grouped.items():
            to = recipients[0] if len(recipients) == 1 else recipients
            out.setdefault(sender, []).append({"chat": {"to": to, "message": text}})
        for steps in out.values():
            steps.sort(key=lambda s: (not any(map(self._needs_early, _recipients(s))), order[_first(s)]))
        return out

    def _needs_early(self, name: str) -> bool:
        """Whether the hand's first step waits on what it is told: a survey, or the works' places."""
        hand = self.hands[name]
        told = any(load.known_by not in (None, name) for load in hand.loads)
        return told or not (hand.loads or hand.crafts or hand.buys)


# --- the plans -------------------------------------------------------------------------------------
def _made(hand: Hand) -> dict[str, int]:
    """What a hand ends up with to send on: its loads' yields, its last recipe's output, its stock."""
    out = {_yield(load.node): load.count for load in hand.loads}
    for recipe_id, times in hand.crafts:
        recipe = _content().recipes[recipe_id]
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


def _plan(works: _Works, hand: Hand, chats: dict[str, list[dict]]) -> list[dict]:
    """The hand's oracle plan, in the module's one order; waits for messages go where first needed."""
    stages, hands, made = works.stages, works.hands, _made(hand)
    heard = sorted(
        (index, list(hands).index(sender), sender)
        for sender, steps in chats.items()
        for index, step in enumerate(steps)
        if hand.name in _recipients(step)
    )
    body: list[tuple[bool, dict]] = []  # (needs what others tell, step)
    for load in hand.loads:
        told = load.known_by not in (None, hand.name)
        tile = works.nodes[(hand.name, load.node)][0]
        body += [
            (told, {"move_to": {"target": _stand(tile)}}),
            (told, {"gather": {"target": load.node, "count": load.count}}),
        ]
    if hand.buys:
        npc, item, count = hand.buys
        body += [
            (False, {"move_to": {"target": npc}}),
            (False, {"buy": {"npc": npc, "item": item, "count": count}}),
        ]
    if hand.crafts and hand.station:  # a station maker works first: its inputs come to the station
        body.append((False, {"move_to": {"target": hand.station}}))
        body += _crafting(works, hand)
    at_station = {
        i: d for i, d in hand.sends.items() if hands.get(d) and hands[d].station and works.feeds(hand, i, d)
    }
    for item, dest in at_station.items():
        body += [
            (True, {"move_to": {"target": hands[dest].station}}),
            (False, {"give": {"to": dest, "item": item, "count": made[item]}}),
        ]
    gives = [
        (False, {"give": {"to": dest, "item": item, "count": made[item]}})
        for item, dest in hand.sends.items()
        if dest in hands and item not in at_station
    ]
    placed: list[str] = []
    later = set() if hand.station else {i for r, _t in hand.crafts for i in _content().recipes[r].outputs}
    for n, stage_id in enumerate(hand.digs):
        if n == 0 or not _near(works.tiles[hand.digs[n - 1]], works.tiles[stage_id]):
            body.append((True, {"move_to": {"target": _stand(works.tiles[stage_id])}}))
        # (else the next stage is in view where the last one stands: its `build` walks over)
        if n == 0:  # a hand digging here too takes the goods on the spot (what this hand has by now)
            body += [
                g
                for g in gives
                if stage_id in hands[g[1]["give"]["to"]].digs and g[1]["give"]["item"] not in later
            ]
        body.append((True, {"build": {"site": f"site#{stage_id}"}}))
        for top in hand.finishes:  # a stage of its own on this one: finished before digging on
            if stages[top].on == stage_id and not hand.crafts:
                if not _near(works.tiles[stage_id], works.tiles[top]):
                    body.append((True, {"move_to": {"target": _stand(works.tiles[top])}}))
                body += _finishing(works, hand, top)
                placed.append(top)
    if hand.crafts and not hand.station:  # a hand maker works where the works stand, once dug
        body += _crafting(works, hand)
    body += [g for g in gives if g not in body]
    body += [(True, {"build": {"site": f"site#{d}"}}) for d in hand.sends.values() if d in stages]
    for stage_id in hand.finishes:
        if stage_id not in placed:
            last = hand.digs[-1] if hand.digs else None
            if last is None or not _near(works.tiles[last], works.tiles[stage_id]):
                body.append((True, {"move_to": {"target": _stand(works.tiles[stage_id])}}))
            body += _finishing(works, hand, stage_id)
    waits = [{"wait_for": {"message_from": sender}} for _i, _o, sender in heard]
    first = next((i for i, (needs, _s) in enumerate(body) if needs), len(body))
    steps = [s for _n, s in body]
    return chats.get(hand.name, []) + steps[:first] + waits + steps[first:]


def _crafting(works: _Works, hand: Hand) -> list[tuple[bool, dict]]:
    """A maker waits for what its feeders bring, then works its recipes."""
    steps: list[tuple[bool, dict]] = []
    for feeder in works.feeders(hand):
        item = works.fed_item(feeder, hand)
        steps.append((False, {"wait_for": {"item": item, "count": _made(works.hands[feeder])[item]}}))
    return steps + [(False, {"craft": {"recipe": r, "count": t}}) for r, t in hand.crafts]


def _finishing(works: _Works, hand: Hand, stage_id: str) -> list[tuple[bool, dict]]:
    """A master waits for the materials it does not make itself (and, when its stage stands on another
    master's, for word that that one is finished), builds its stage to the end, and tells the masters
    of the stages standing on it."""
    made, stage = _made(hand), works.stages[stage_id]
    steps: list[tuple[bool, dict]] = [
        (False, {"wait_for": {"item": item, "count": n}})
        for item, n in stage.materials.items()
        if made.get(item, 0) < n
    ]
    below = _master(works, stage.on) if stage.on else None
    if stage.on and below is None and stage.on not in hand.digs:
        raise ValueError(f"{hand.name} cannot see when {stage.on}, under its {stage_id}, is finished")
    if below is not None and below.name != hand.name:
        steps.append((False, {"wait_for": {"message_from": below.name}}))
    steps.append((False, {"build": {"site": f"site#{stage_id}"}}))
    above = [
        m.name
        for s in works.stages.values()
        if s.on == stage_id and (m := _master(works, s.id)) is not None and m.name != hand.name
    ]
    if above:
        text = f"The {stage.name.lower()} is finished."
        steps.append((False, {"chat": {"to": above[0] if len(above) == 1 else above, "message": text}}))
    return steps


def _master(works: _Works, stage_id: str) -> Hand | None:
    """The hand that finishes a finishing stage (None for groundwork)."""
    return next((h for h in works.hands.values() if stage_id in h.finishes), None)


# --- the documentation -----------------------------------------------------------------------------
def _context(works: _Works, hand: Hand) -> str:
    """A character sheet: what the hand is, can work, make and finish, what it carries and knows."""
    content = _content()
    lines = [f"You are the team's {hand.title.lower()}."]
    for load in hand.loads:
        node = content.node_kinds[load.node]
        tool = f" and a {_name(TOOLS[node.skill])}" if node.tool else ""
        kind = _plural(node.name.lower())
        lines.append(
            f"You have {node.skill} {node.level + 5}{tool}: you alone on the team can work {kind} ({node.skill} "
            f"{node.level}; nobody else could train that far in time), one {_name(_yield(load.node))} per "
            f"`gather` standing next to one."
        )
        if load.known_by in (None, hand.name):
            lines.append(works.survey_line(hand, load).replace(" stand at", " of this task stand at"))
        else:
            lines.append(f"Where this task's {kind} stand is not in your notes.")
    if hand.crafts:
        skills = _skills_of(hand)
        levels = _and([f"{s} {lv}" for s, lv in skills.items() if s not in _gather_skills(hand)])
        recipes = "\n".join(f"  - {_recipe_line(r)}" for r, _t in hand.crafts)
        lines.append(f"You have {levels}, the only hand on the team for these recipes:\n{recipes}")
        if hand.station and not _near(_anchor(hand.spawn), places.station(hand.station)):
            where = xy(places.station(hand.station))
            lines.append(f"You work at the {works.station_name(hand)} `{hand.station}` at {where}.")
    for stage_id in hand.finishes:
        stage = works.stages[stage_id]
        lines.append(
            f"You have {stage.skill} {stage.level + 5}: only you can finish the {stage.name.lower()} (it needs "
            f"{stage.skill} {stage.level}). Each `build` on it, within 1 tile, delivers what you carry that it "
            f"still needs, then adds a work point."
        )
    goods = {i: n for i, n in hand.stock.items() if i != "coins"}
    if goods:
        lines.append(f"You carry {_goods(goods)} from the stores; nobody else has any.")
    if hand.buys:
        npc, item, count = hand.buys
        lines.append(
            f"You hold the purse, {hand.stock['coins']} coins: {content.npcs[npc].name} (`{npc}`) sells "
            f"{_plural(_name(item))}."
        )
    for other in works.hands.values():
        for load in other.loads:
            if load.known_by == hand.name and other.name != hand.name:
                kind = _plural(content.node_kinds[load.node].name.lower())
                spots = " and ".join(xy(t) for t in works.nodes[(other.name, load.node)])
                lines.append(f"You know where {kind} grow in these parts: at {spots}.")
    if hand.name == works.plan_with:
        marks = list(
            dict.fromkeys(s.near for s in works.stages.values() if isinstance(s.near, str) and s.near)
        )
        by = (
            _and([f"{places.landmark_name(m)} (`{m}`, {xy(places.landmark(m))})" for m in marks])
            if marks
            else ""
        )
        lines.append(
            "You hold the plan of the works"
            + (f", marked out by {by}: " if by else ": ")
            + "; ".join(works.stage_line(s) for s in works.stages.values())
            + "."
        )
    lines.append(f"You start at {spawn_text(hand.spawn)}.")
    return "\n".join(lines)


def _recipe_line(recipe_id: str) -> str:
    recipe = _content().recipes[recipe_id]
    ins = " + ".join(f"{n} {_name(i)}" for i, n in recipe.inputs.items())
    outs = " + ".join(f"{n} {_name(i)}" for i, n in recipe.outputs.items())
    where = f"at a {_content().stations[recipe.station].name.lower()}" if recipe.station else "by hand"
    return f"`{recipe_id}`: {ins} -> {outs} ({recipe.skill} {recipe.level}, {where})"


def _gather_skills(hand: Hand) -> set[str]:
    return {_content().node_kinds[load.node].skill for load in hand.loads}


def _skills_of(hand: Hand, stages: dict[str, Stage] | None = None) -> dict[str, int]:
    content = _content()
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


def _inventory(hand: Hand) -> dict[str, int]:
    content = _content()
    held = dict(hand.stock)
    for load in hand.loads:
        node = content.node_kinds[load.node]
        if node.tool:
            held.setdefault(TOOLS[node.skill], 1)
    return held


# --- the motif -------------------------------------------------------------------------------------
def raise_works(
    task_id: str,
    name: str,
    *,
    intro: str,
    goal: str,
    stages: list[Stage],
    hands: list[Hand],
    plan_with: str,
) -> Draft:
    """Staged works raised by the whole team: groundwork dug by every hand (more turns than one has),
    finishing stages built on it from materials several hands gather, make or carry, finished by masters.

    `goal`: the outcome in words ("the new roof stands on the cleared shrine"); `plan_with`: the hand
    whose notes hold the plan of the works (it tells each other hand the stages it goes to)."""
    works = _Works({s.id: s for s in stages}, {h.name: h for h in hands}, plan_with)
    _sole_holders(works)
    works.place()
    works.compose()
    chats = works.messages()
    if plan_with in chats:  # the plan holder walks to the landmark the works are marked by, then looks
        pass
    agents = []
    for hand in hands:
        plan = _plan(works, hand, chats)
        if hand.name == plan_with:
            plan = _by_landmark(works, plan, _anchor(hand.spawn))
        skills = _skills_of(hand, works.stages)
        agents.append(
            Agent(
                hand.name,
                hand.title,
                hand.spawn,
                skills,
                _context(works, hand),
                plan,
                inventory=_inventory(hand),
            )
        )
    objective = (
        f"{intro} Groundwork needs no skill: any hand's `build` on it adds a work point. Nothing may be built "
        f"on a stage before the stage beneath it is finished (a build on it too early, a delivery too, spoils "
        f"it). The task is complete when {goal}."
    )
    _unnamed(objective, agents)
    bases = {s.on for s in stages if s.on}
    success = [{"built_on": {"site": s.id, "base": s.on}} for s in stages if s.on]
    success += [{"site_built": {"site": s.id}} for s in stages if not s.on and s.id not in bases]
    world = {
        "nodes": [
            {"kind": node, "position": list(t)} for (_h, node), tiles in works.nodes.items() for t in tiles
        ],
        "sites": [_site_entry(s, works.tiles[s.id]) for s in stages],
    }
    return Draft(
        task_id,
        name,
        "construction",
        objective,
        agents,
        success,
        _checkpoints(works)[:6],
        "raise_works",
        "raise_works:" + _shape(works),
        world=world,
        alternatives=_alternatives(works, agents),
        why=_why(works),
    )


def _sole_holders(works: _Works) -> None:
    """Each rare node, recipe and finishing stage has one hand with the level it needs: a second hand with
    that skill could stand in, and the first would be unnecessary."""
    skills = {h.name: _skills_of(h, works.stages) for h in works.hands.values()}
    for hand in works.hands.values():
        needs = [
            (_content().node_kinds[load.node].skill, _content().node_kinds[load.node].level)
            for load in hand.loads
        ]
        needs += [(_content().recipes[r].skill, _content().recipes[r].level) for r, _t in hand.crafts]
        needs += [(works.stages[s].skill, works.stages[s].level) for s in hand.finishes]
        for skill, level in needs:
            rivals = [o for o, held in skills.items() if o != hand.name and held.get(skill, 1) >= level]
            if rivals:
                raise ValueError(
                    f"{hand.name}'s {skill} {level} is also {', '.join(rivals)}'s: give them other skills"
                )


def _unnamed(objective: str, agents: list[Agent]) -> None:
    """Nobody's documentation (nor the objective) names a teammate: who brings what is learnt by chat."""
    for agent in agents:
        for text, where in [(objective, "the objective")] + [
            (a.context, a.name) for a in agents if a is not agent
        ]:
            if agent.name in re.findall(r"[a-z0-9_]+", text.lower()):
                raise ValueError(f"{where} names the teammate {agent.name}")


def _by_landmark(works: _Works, plan: list[dict], start: Position) -> list[dict]:
    """The plan holder walks to the landmark a stage is marked by (it sees the stage from there) when the
    landmark is about on its way; the stage's own tile is what it tells the others."""
    out, here = [], start
    for step in plan:
        target = step.get("move_to", {}).get("target")
        for stage in works.stages.values():
            tile = works.tiles[stage.id]
            if _in_view(stage, tile) and target == _stand(tile):
                mark = places.landmark(stage.near)
                if _steps(here, mark) <= _steps(here, tile) + 2:
                    step = {"move_to": {"target": stage.near}}
        if target is not None:
            here = _spot(step["move_to"]["target"])
        out.append(step)
    return out


def _spot(target: str | list[int]) -> Position:
    if isinstance(target, list):
        return (target[0], target[1])
    if "#" in target:
        return places.station(target)
    npcs = _content().map.npc_positions
    return tuple(npcs[target]) if target in npcs else places.landmark(target)


def _steps(a: Position, b: Position) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _near(a: Position, b: Position, sight: int = 8) -> bool:
    """Within sight of each other (the view radius, with room to spare)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= sight


def _in_view(stage: Stage, tile: Position) -> bool:
    """Whether the stage is marked by a landmark close enough to see it from there."""
    if not isinstance(stage.near, str) or not stage.near:
        return False
    x, y = places.landmark(stage.near)
    return max(abs(x - tile[0]), abs(y - tile[1])) <= 8


def _site_entry(stage: Stage, tile: Position) -> dict:
    entry = {"id": stage.id, "name": stage.name, "position": list(tile), "materials": dict(stage.materials)}
    entry["work"] = stage.work
    if stage.skill:
        entry["skill"], entry["level"] = stage.skill, stage.level
    return entry


def _checkpoints(works: _Works) -> list[dict]:
    out = []
    for stage in works.stages.values():
        if stage.skill is None:
            out.append(
                _checkpoint(
                    f"{stage.id}_dug",
                    f"The {stage.name.lower()} is finished.",
                    {"site_built": {"site": stage.id}},
                )
            )
    for hand in works.hands.values():
        for load in hand.loads:
            item = _yield(load.node)
            out.append(
                _checkpoint(
                    f"{item}_gathered",
                    f"{load.count} {_plural(_name(item))} have been gathered.",
                    {"holds": {"items": {item: load.count}}},
                )
            )
        for recipe_id, times in hand.crafts[-1:]:
            item, n = next(iter(_content().recipes[recipe_id].outputs.items()))
            out.insert(
                0,
                _checkpoint(
                    f"{item}_made",
                    f"{n * times} {_plural(_name(item))} have been made.",
                    {"holds": {"items": {item: n * times}}},
                ),
            )
    return out


def _checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


def _alternatives(works: _Works, agents: list[Agent]) -> list[tuple[str, dict[str, list]]]:
    """Other legal routes: the suppliers deliver their goods into the stage themselves with `build`
    (after its base is finished) instead of handing them to its master."""
    by_name = {a.name: a for a in agents}
    plans: dict[str, list] = {}
    moved: list[str] = []
    for hand in works.hands.values():
        for item, dest in hand.sends.items():
            master = works.hands.get(dest)
            if master is None or master.crafts or not master.finishes:
                continue
            stage = next(s for s in master.finishes if item in works.stages[s].materials)
            plan = plans.setdefault(hand.name, list(by_name[hand.name].plan))
            at = plan.index({"give": {"to": dest, "item": item, "count": _made(hand)[item]}})
            del plan[at]
            base = works.stages[stage].on
            digs = [
                i
                for i, step in enumerate(plan)
                if step.get("build", {}).get("site") in _digs(hand)
                and (base not in hand.digs or step["build"]["site"] == f"site#{base}")
            ]
            plan.insert(max([at] + [i + 1 for i in digs]), {"build": {"site": f"site#{stage}"}})
            waits = plans.setdefault(dest, list(by_name[dest].plan))
            waits[:] = [s for s in waits if s.get("wait_for", {}).get("item") != item]
            moved.append(_name(item))
    if not plans:
        return []
    return [(f"the suppliers deliver the {_and(sorted(set(moved)))} into the stages themselves", plans)]


def _digs(hand: Hand) -> set[str]:
    return {f"site#{d}" for d in hand.digs}


def _shape(works: _Works) -> str:
    stages = works.stages.values()
    parts = [
        "S" + "".join("g" if s.skill is None else "f" for s in stages) + "".join("^" for s in stages if s.on),
        "H"
        + ".".join(
            ("G" * len(h.loads))
            + ("M" if h.crafts else "")
            + ("T" if h.stock else "")
            + ("B" if h.buys else "")
            + ("F" * len(h.finishes))
            + ("d" * len(h.digs))
            for h in works.hands.values()
        ),
        "k"
        + "".join(
            sorted(
                {
                    "s" if load.known_by not in (None, h.name) else "o"
                    for h in works.hands.values()
                    for load in h.loads
                }
            )
        ),
    ]
    return ":".join(parts)


def _why(works: _Works) -> str:
    content = _content()
    parts = [
        f"{s.name.lower()} ({s.work} turns of groundwork, more than one hand has)"
        for s in works.stages.values()
        if s.skill is None
    ]
    for hand in works.hands.values():
        for load in hand.loads:
            node = content.node_kinds[load.node]
            parts.append(f"{_name(_yield(load.node))} (only {hand.title.lower()}: {node.skill} {node.level})")
        if hand.crafts:
            recipe = content.recipes[hand.crafts[-1][0]]
            parts.append(
                f"{recipe.id.replace('_', ' ')} (only {hand.title.lower()}: {recipe.skill} {recipe.level})"
            )
        for item in hand.stock:
            if item != "coins":
                parts.append(f"{_name(item)} (only in the {hand.title.lower()}'s stores)")
    finished = [
        f"{works.stages[s].name.lower()} finished by the {h.title.lower()} (only {works.stages[s].skill} {works.stages[s].level})"
        for h in works.hands.values()
        for s in h.finishes
    ]
    return " + ".join(parts) + " -> " + "; ".join(finished)
