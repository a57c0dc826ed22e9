"""The farther transforms: agents spawn at a landmark 1-5 rounds' walk (A* tiles / move_speed) further from
the first place their plan takes them than their own spawn; every statement of where they start is
rewritten (augment/rewrite.move_start_in_text). `farther` moves everyone (or one agent);
`holder_farther` moves only the agents whose chat a teammate waits for (the coordination load)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from agentworld.augment.candidates import Candidate, NotApplicable
from agentworld.audit.bounds import Travel
from agentworld.augment.rewrite import (
    add_note,
    map_texts,
    move_start_in_text,
    place_label,
    task_raw,
)
from agentworld.task_world import build_world
from agentworld.world.pathfinding import find_path_grid

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content


FARTHER_ROUNDS = (1, 5)  # extra rounds of walking a farther spawn adds (at move_speed)
FARTHER_CHOICES = 4  # single agents moved alone, after the ladder


def _goal_tiles(world: Any, content: "Content", step: dict) -> tuple[list[tuple[int, int]], int] | None:
    """Where a plan step takes its agent (the tiles it could go to, how near), or None when the step
    goes nowhere by itself (chat, wait, give to a moving teammate ...)."""
    ((kind, args),) = step.items() if isinstance(step, dict) else ((step, {}),)
    args = args or {}
    interact = content.rules.interact_range
    if kind == "move_to":
        target = args.get("target")
        if isinstance(target, list):
            return [tuple(target)], 0
        if target in content.map.landmarks:
            return [content.map.landmarks[target]], 0
        entity = world.entities.get(target)
        return ([(entity.x, entity.y)], interact) if entity is not None else None
    ref = {
        "gather": args.get("target"),
        "attack": args.get("target"),
        "talk": args.get("npc"),
        "buy": args.get("npc"),
        "sell": args.get("npc"),
        "build": "site#" + str(args.get("site", "")).removeprefix("site#") if kind == "build" else None,
    }.get(kind)
    if kind == "craft":
        recipe = content.recipes.get(args.get("recipe", ""))
        ref = recipe.station if recipe is not None else None
    if not ref:
        return None
    if ref in world.entities:
        entity = world.entities[ref]
        return [(entity.x, entity.y)], interact
    tiles = [(e.x, e.y) for ident, e in world.entities.items() if ident.split("#", 1)[0] == ref]
    return (tiles, interact) if tiles else None


def _walk(travel: Travel, start: tuple[int, int], goal: tuple[list[tuple[int, int]], int]) -> int | None:
    """A* tiles from start to the nearest (by Manhattan) of the goal's tiles; None if cut off."""
    tiles, near = goal
    nearest = min(tiles, key=lambda t: (abs(t[0] - start[0]) + abs(t[1] - start[1]), t))
    gmap = travel.content.map
    path = find_path_grid(gmap.walkable_grid, gmap.width, gmap.height, start, nearest, near, 60_000)
    return None if path is None else len(path)


def farther(task: "Task", content: "Content", rng: random.Random) -> list[Candidate]:
    """Every agent that walks somewhere first spawns farther: a ladder of 5-1 extra rounds for all of
    them at once (so the team's slowest walk lengthens by about that much), then single agents."""
    world = build_world(task, content, seed=0)
    options = _options(task, content, world)
    if not options:
        raise NotApplicable(
            f"farther: no agent of {task.id} has a landmark {FARTHER_ROUNDS[0]}-{FARTHER_ROUNDS[1]} "
            f"rounds' walk further from the first place its plan goes"
        )
    candidates = _ladder(task, content, world, options, rng)
    for name in rng.sample(list(options), len(options))[:FARTHER_CHOICES]:
        candidates.append(_farther(task, content, world, {name: rng.choice(options[name])}))
    return candidates


def holder_farther(task: "Task", content: "Content", rng: random.Random) -> list[Candidate]:
    """The knowledge holders (agents whose chat a teammate's plan waits for) spawn farther, so what
    they know reaches the team later: the coordination load rises, not the holders' own work."""
    holders = {
        str(args.get("message_from"))
        for name, plan in task.oracle.items()
        for step in plan
        if isinstance(step, dict)
        for kind, args in step.items()
        if kind == "wait_for" and isinstance(args, dict) and args.get("message_from") not in (None, name)
    }
    world = build_world(task, content, seed=0)
    options = {name: found for name, found in _options(task, content, world).items() if name in holders}
    if not options:
        raise NotApplicable(
            f"holder-farther: no agent of {task.id} whose chat a teammate waits for can spawn farther"
            if holders
            else f"holder-farther: no plan of {task.id} waits for a teammate's chat"
        )
    return _ladder(task, content, world, options, rng, "holder-farther")


def _ladder(
    task: "Task",
    content: "Content",
    world: Any,
    options: dict[str, list[tuple[str, int, int]]],
    rng: random.Random,
    label: str = "farther",
) -> list[Candidate]:
    """One candidate per extra walk of k rounds (k = 5..1): each agent in `options` at the landmark
    whose extra walk is nearest k rounds. Longest first, so the first to pass is the hardest that
    stays within the budget (a longer one is refused as over budget before a milder one is tried)."""
    speed = content.rules.move_speed
    candidates, seen = [], set()
    for k in range(FARTHER_ROUNDS[1], FARTHER_ROUNDS[0] - 1, -1):
        picks = {}
        for name, found in options.items():
            best = min(abs((tiles - base) / speed - k) for _, tiles, base in found)
            near = [o for o in found if abs((o[1] - o[2]) / speed - k) == best]
            picks[name] = rng.choice(near)
        key = tuple(sorted((n, p[0]) for n, p in picks.items()))
        if key not in seen:
            seen.add(key)
            candidates.append(_farther(task, content, world, picks, label))
    return candidates


def _options(task: "Task", content: "Content", world: Any) -> dict[str, list[tuple[str, int, int]]]:
    """Per agent, the landmarks 1-5 rounds' walk further from its plan's first goal (in the task's
    world, built once per transform): (landmark, tiles from there, tiles from its own spawn)."""
    travel = Travel(content)
    gmap, speed = content.map, content.rules.move_speed
    low, high = FARTHER_ROUNDS
    options: dict[str, list[tuple[str, int, int]]] = {}
    for agent in task.agents:
        goal = next(
            (g for s in task.oracle.get(agent.name, []) if (g := _goal_tiles(world, content, s))), None
        )
        start = gmap.resolve(agent.spawn)
        base = _walk(travel, start, goal) if goal else None
        if base is None:
            continue
        found = []
        for mark, where in sorted(gmap.landmarks.items()):
            if gmap.reachable and not gmap.reachable[where[1] * gmap.width + where[0]]:
                continue
            tiles = _walk(travel, where, goal)
            if tiles is not None and low * speed <= tiles - base <= high * speed:
                found.append((mark, tiles, base))
        if found:
            options[agent.name] = found
    return options


def _walk_back_first(plan: list, spawn: Any, goes_somewhere: Any) -> None:
    """A plan whose first step that needs a place (`goes_somewhere`: a station, node, mob, NPC, site)
    was done where its agent stood, with no walk before it (a maker at its bench), gets the walk back
    there: `move_to` the old spawn goes first, after any opening chat."""
    place = next((i for i, step in enumerate(plan) if goes_somewhere(step)), None)
    if place is None or (isinstance(plan[place], dict) and "move_to" in plan[place]):
        return
    first = next(i for i, step in enumerate(plan) if not (isinstance(step, dict) and "chat" in step))
    plan.insert(first, {"move_to": {"target": spawn if isinstance(spawn, str) else list(spawn)}})


def _farther(
    task: "Task",
    content: "Content",
    world: Any,
    picks: dict[str, tuple[str, int, int]],
    label: str = "farther",
) -> Candidate:
    raw = task_raw(task)

    def goes_somewhere(step: Any) -> bool:
        return _goal_tiles(world, content, step if isinstance(step, dict) else {step: {}}) is not None

    gmap = content.map
    changes = []
    for name, (mark, tiles, base) in picks.items():
        spec = task.agent(name)
        agent = next(a for a in raw["agents"] if a["name"] == name)
        old_pos = gmap.resolve(spec.spawn)
        old_name = gmap.landmark_names.get(spec.spawn) if isinstance(spec.spawn, str) else None
        new_label = place_label(gmap.landmark_names[mark], gmap.landmarks[mark])
        agent["spawn"] = mark
        mentions = (name, name.replace("_", " "), spec.role)
        own = 0

        def text(value: str, owner: str | None) -> str:
            nonlocal own
            value, n = move_start_in_text(value, owner == name, mentions if owner != name else (), new_label)
            own += n if owner == name else 0
            return value

        map_texts(raw, text)
        if not own:
            agent["context"] = add_note(agent.get("context", ""), f"You start at {new_label}.")
        _walk_back_first(raw["oracle"].get(name, []), spec.spawn, goes_somewhere)
        walks_back = any(
            isinstance(s, dict) and (s.get("move_to") or {}).get("target") == spec.spawn
            for s in raw["oracle"].get(name, [])
        )
        if old_name and walks_back:  # it stood there in the original, so it knew the place: keep that known
            agent["context"] = (
                agent["context"].rstrip("\n")
                + f"\n{old_name} (`{spec.spawn}`) is at ({old_pos[0]}, {old_pos[1]}).\n"
            )
        changes.append(f"{name} spawns at {mark} ({base}->{tiles} tiles to its first goal)")
    return Candidate(raw, f"{label}: " + "; ".join(changes))
