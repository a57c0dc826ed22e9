"""What each hand of a construction task does and knows: its oracle plan and its documentation.

Every hand's plan is built in one order: tell what it knows, learn what it must (waiting at the first
step that needs it), gather, make at a station, hand raw goods to their maker, dig the groundwork
(handing goods on the spot to a master digging there too), make by hand, hand on what is left, and,
for a master, finish its stages (waiting for word from the master of the stage beneath, and telling
the masters of the stages above). The plan holder walks to the landmark a stage is marked by when
that lies on its way: it sees the stage from there.

A hand's documentation is a character sheet: what it can gather, make and finish, what it carries,
where it starts, and what it knows (the plan of the works, where some nodes stand), never whom to
bring what or where to meet.
"""

from __future__ import annotations

from agentworld.taskgen import places
from agentworld.taskgen.parts import TOOLS, spawn_text, xy
from agentworld.taskgen.works import (
    Hand,
    Position,
    Works,
    and_list,
    anchor_tile,
    gather_skills,
    goods,
    in_sight,
    item_name,
    made_by,
    master_of,
    plural,
    recipients,
    seen_from_landmark,
    skills_of,
    stand,
    yield_of,
)


def hand_plan(works: Works, hand: Hand, chats: dict[str, list[dict]]) -> list[dict]:
    """The hand's oracle plan, in the module's one order; waits for messages go where first needed."""
    stages, hands, made = works.stages, works.hands, made_by(hand)
    heard = sorted(
        (index, list(hands).index(sender), sender)
        for sender, steps in chats.items()
        for index, step in enumerate(steps)
        if hand.name in recipients(step)
    )
    body: list[tuple[bool, dict]] = []  # (needs what others tell, step)
    for load in hand.loads:
        told = load.known_by not in (None, hand.name)
        tile = works.nodes[(hand.name, load.node)][0]
        body += [
            (told, {"move_to": {"target": stand(tile)}}),
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
    later = (
        set() if hand.station else {i for r, _t in hand.crafts for i in places.content().recipes[r].outputs}
    )
    for n, stage_id in enumerate(hand.digs):
        if n == 0 or not in_sight(works.tiles[hand.digs[n - 1]], works.tiles[stage_id]):
            body.append((True, {"move_to": {"target": stand(works.tiles[stage_id])}}))
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
                if not in_sight(works.tiles[stage_id], works.tiles[top]):
                    body.append((True, {"move_to": {"target": stand(works.tiles[top])}}))
                body += _finishing(works, hand, top)
                placed.append(top)
    if hand.crafts and not hand.station:  # a hand maker works where the works stand, once dug
        body += _crafting(works, hand)
    body += [g for g in gives if g not in body]
    body += [(True, {"build": {"site": f"site#{d}"}}) for d in hand.sends.values() if d in stages]
    for stage_id in hand.finishes:
        if stage_id not in placed:
            last = hand.digs[-1] if hand.digs else None
            if last is None or not in_sight(works.tiles[last], works.tiles[stage_id]):
                body.append((True, {"move_to": {"target": stand(works.tiles[stage_id])}}))
            body += _finishing(works, hand, stage_id)
    waits = [{"wait_for": {"message_from": sender}} for _i, _o, sender in heard]
    first = next((i for i, (needs, _s) in enumerate(body) if needs), len(body))
    steps = [s for _n, s in body]
    return chats.get(hand.name, []) + steps[:first] + waits + steps[first:]


def _crafting(works: Works, hand: Hand) -> list[tuple[bool, dict]]:
    """A maker waits for what its feeders bring, then works its recipes."""
    steps: list[tuple[bool, dict]] = []
    for feeder in works.feeders(hand):
        item = works.fed_item(feeder, hand)
        steps.append((False, {"wait_for": {"item": item, "count": made_by(works.hands[feeder])[item]}}))
    return steps + [(False, {"craft": {"recipe": r, "count": t}}) for r, t in hand.crafts]


def _finishing(works: Works, hand: Hand, stage_id: str) -> list[tuple[bool, dict]]:
    """A master waits for the materials it does not make itself (and, when its stage stands on another
    master's, for word that that one is finished), builds its stage to the end, and tells the masters
    of the stages standing on it."""
    made, stage = made_by(hand), works.stages[stage_id]
    steps: list[tuple[bool, dict]] = [
        (False, {"wait_for": {"item": item, "count": n}})
        for item, n in stage.materials.items()
        if made.get(item, 0) < n
    ]
    below = master_of(works, stage.on) if stage.on else None
    if stage.on and below is None and stage.on not in hand.digs:
        raise ValueError(f"{hand.name} cannot see when {stage.on}, under its {stage_id}, is finished")
    if below is not None and below.name != hand.name:
        steps.append((False, {"wait_for": {"message_from": below.name}}))
    steps.append((False, {"build": {"site": f"site#{stage_id}"}}))
    above = [
        m.name
        for s in works.stages.values()
        if s.on == stage_id and (m := master_of(works, s.id)) is not None and m.name != hand.name
    ]
    if above:
        text = f"The {stage.name.lower()} is finished."
        steps.append((False, {"chat": {"to": above[0] if len(above) == 1 else above, "message": text}}))
    return steps


def by_landmark(works: Works, plan: list[dict], start: Position) -> list[dict]:
    """The plan holder walks to the landmark a stage is marked by (it sees the stage from there) when the
    landmark is about on its way; the stage's own tile is what it tells the others."""
    out, here = [], start
    for step in plan:
        target = step.get("move_to", {}).get("target")
        for stage in works.stages.values():
            tile = works.tiles[stage.id]
            if seen_from_landmark(stage, tile) and target == stand(tile):
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
    npcs = places.content().map.npc_positions
    return tuple(npcs[target]) if target in npcs else places.landmark(target)


def _steps(a: Position, b: Position) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def hand_context(works: Works, hand: Hand) -> str:
    """A character sheet: what the hand is, can work, make and finish, what it carries and knows."""
    content = places.content()
    lines = [f"You are the team's {hand.title.lower()}."]
    for load in hand.loads:
        node = content.node_kinds[load.node]
        tool = f" and a {item_name(TOOLS[node.skill])}" if node.tool else ""
        kind = plural(node.name.lower())
        lines.append(
            f"You have {node.skill} {node.level + 5}{tool}: you alone on the team can work {kind} ({node.skill} "
            f"{node.level}; nobody else could train that far in time), one {item_name(yield_of(load.node))} per "
            f"`gather` standing next to one."
        )
        if load.known_by in (None, hand.name):
            lines.append(works.survey_line(hand, load).replace(" stand at", " of this task stand at"))
        else:
            lines.append(f"Where this task's {kind} stand is not in your notes.")
    if hand.crafts:
        skills = skills_of(hand)
        levels = and_list([f"{s} {lv}" for s, lv in skills.items() if s not in gather_skills(hand)])
        recipes = "\n".join(f"  - {_recipe_line(r)}" for r, _t in hand.crafts)
        lines.append(f"You have {levels}, the only hand on the team for these recipes:\n{recipes}")
        if hand.station and not in_sight(anchor_tile(hand.spawn), places.station(hand.station)):
            where = xy(places.station(hand.station))
            lines.append(f"You work at the {works.station_name(hand)} `{hand.station}` at {where}.")
    for stage_id in hand.finishes:
        stage = works.stages[stage_id]
        base = f", on the finished {works.stages[stage.on].name.lower()}" if stage.on else ""
        lines.append(
            f"You have {stage.skill} {stage.level + 5}: only you can finish the {stage.name.lower()} (it needs "
            f"{stage.skill} {stage.level}). It takes {goods(stage.materials)}, then {stage.work} turns of work"
            f"{base}. Each `build` on it, within 1 tile, delivers what you carry that it still needs, then adds "
            f"a work point."
        )
    stores = {i: n for i, n in hand.stock.items() if i != "coins"}
    if stores:
        lines.append(f"You carry {goods(stores)} from the stores; nobody else has any.")
    if hand.buys:
        npc, item, count = hand.buys
        lines.append(
            f"You hold the purse, {hand.stock['coins']} coins: {content.npcs[npc].name} (`{npc}`) sells "
            f"{plural(item_name(item))}."
        )
    for other in works.hands.values():
        for load in other.loads:
            if load.known_by == hand.name and other.name != hand.name:
                kind = plural(content.node_kinds[load.node].name.lower())
                spots = " and ".join(xy(t) for t in works.nodes[(other.name, load.node)])
                lines.append(f"You know where {kind} grow in these parts: at {spots}.")
    if hand.name == works.plan_with:
        marks = list(
            dict.fromkeys(s.near for s in works.stages.values() if isinstance(s.near, str) and s.near)
        )
        by = (
            and_list([f"{places.landmark_name(m)} (`{m}`, {xy(places.landmark(m))})" for m in marks])
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
    recipe = places.content().recipes[recipe_id]
    ins = " + ".join(f"{n} {item_name(i)}" for i, n in recipe.inputs.items())
    outs = " + ".join(f"{n} {item_name(i)}" for i, n in recipe.outputs.items())
    where = f"at a {places.content().stations[recipe.station].name.lower()}" if recipe.station else "by hand"
    return f"`{recipe_id}`: {ins} -> {outs} ({recipe.skill} {recipe.level}, {where})"


def hand_inventory(hand: Hand) -> dict[str, int]:
    content = places.content()
    held = dict(hand.stock)
    for load in hand.loads:
        node = content.node_kinds[load.node]
        if node.tool:
            held.setdefault(TOOLS[node.skill], 1)
    return held
