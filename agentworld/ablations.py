"""Ablations: pure functions that return a modified task (tasks.py re-exports them): without
documentation, another round budget, one agent alone, the team without some agents or roles, seeded
random spawns, and `apply_options`, which applies the task-level options of a run (the baselines
among them are baselines.py's).
"""

from __future__ import annotations

import difflib
import random
from typing import TYPE_CHECKING, Any

from agentworld.baselines import anonymous_roles, merged_agent, with_discussion_rounds, with_shared_plan
from agentworld.task_checks import landmarks_of

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content


def _content():
    from agentworld.world.content import load_content

    return load_content()


def _variant(task: Task, suffix: str, **changes: Any) -> Task:
    return task.model_copy(update={"variant_of": task.variant_of or task.id, **changes})


def no_docs(task: Task) -> Task:
    """Drop every agent's documentation (the paper's 'without task documentation' ablation)."""
    return _variant(task, "no_docs", agents=[a.model_copy(update={"context": ""}) for a in task.agents])


def with_max_rounds(task: Task, max_rounds: int) -> Task:
    """Change the round budget (the paper's 10-round horizon ablation)."""
    if max_rounds < 1:
        raise ValueError(f"max_rounds must be >= 1, got {max_rounds}")
    return _variant(task, f"rounds{max_rounds}", max_rounds=max_rounds)


def solo(task: Task, name: str | None = None) -> Task:
    """Keep one agent (the first, or `name`): the solo ablation (`--solo`)."""
    if name and name not in task.agent_names:
        raise ValueError(f"solo: unknown agent {name!r}; the task's agents: {', '.join(task.agent_names)}")
    keep = task.agent(name) if name else task.agents[0]
    return _variant(
        task, "solo", agents=[keep], oracle={k: v for k, v in task.oracle.items() if k == keep.name}
    )


def without_agent(task: Task, name: str) -> Task:
    """Remove one agent (collaboration-necessity checks)."""
    task.agent(name)
    return _variant(
        task,
        f"minus_{name}",
        agents=[a for a in task.agents if a.name != name],
        oracle={k: v for k, v in task.oracle.items() if k != name},
    )


def without_roles(task: Task, roles: list[str] | tuple[str, ...]) -> Task:
    """The team minus every agent whose name or role is one of `roles` (any case), their oracle
    plans dropped (`--without`); a role the task lacks is a ValueError naming the task's team."""
    team = ", ".join(f"{a.name} ({a.role})" for a in task.agents)
    gone: list[str] = []
    for wanted in roles:
        key = str(wanted).strip().lower()
        match = [a.name for a in task.agents if key in (a.name.lower(), a.role.lower())]
        if not match:
            close = difflib.get_close_matches(
                key, [a.name for a in task.agents] + [a.role.lower() for a in task.agents], n=1
            )
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise ValueError(f"without: {task.id} has no role or agent '{wanted}'{hint}; its team: {team}")
        gone += [name for name in match if name not in gone]
    if len(gone) == len(task.agents):
        raise ValueError(
            f"without: removing {', '.join(gone)} leaves {task.id} with no agents; its team: {team}"
        )
    for name in gone:
        task = without_agent(task, name)
    return task


def random_spawns(task: Task, seed: int, content: Content | None = None, same_region: bool = True) -> Task:
    """Move every agent to a seeded random walkable tile, in its spawn's region or anywhere."""
    content = content or _content()
    gmap = content.map
    marks = landmarks_of(content)
    rng = random.Random(f"random_spawns:{task.id}:{seed}")
    walkable = _walkable_tiles(gmap)
    if not walkable:
        raise ValueError("the map has no walkable tiles")
    agents = []
    for a in task.agents:
        start = marks[a.spawn] if isinstance(a.spawn, str) else tuple(a.spawn)
        pool = walkable
        if same_region:
            pool = _walkable_tiles(gmap, _region(gmap, start)) or walkable
        agents.append(a.model_copy(update={"spawn": rng.choice(pool)}))
    return _variant(task, "random_spawns", agents=agents)


_WALKABLE: dict[int, tuple[Any, list[tuple[int, int]], dict[Any, list[tuple[int, int]]]]] = {}


def _walkable_tiles(gmap: Any, region: Any = None) -> list[tuple[int, int]]:
    """Walkable tiles reachable from the hub (so every random spawn can reach the task), cached per map."""
    cached = _WALKABLE.get(id(gmap))
    if cached is None or cached[0] is not gmap:
        w = gmap.width
        reach = getattr(gmap, "reachable", b"") or b""
        tiles = [
            (x, y)
            for y in range(gmap.height)
            for x in range(w)
            if gmap.walkable(x, y) and (not reach or reach[y * w + x] == 1)
        ]
        by_region: dict[Any, list[tuple[int, int]]] = {}
        for t in tiles:
            by_region.setdefault(_region(gmap, t), []).append(t)
        cached = _WALKABLE[id(gmap)] = (gmap, tiles, by_region)
    return cached[1] if region is None else cached[2].get(region, [])


def _region(gmap: Any, pos: tuple[int, int]) -> Any:
    return gmap.region_at(pos[0], pos[1])


def apply_options(task: Task, options: dict | None, seed: int = 0, content: Content | None = None) -> Task:
    """Apply task-level options: without, solo, merged_agent, anonymous_roles, no_docs, max_rounds,
    random_spawns, shared_plan, discussion_rounds (baselines.py has the baselines among them)."""
    options = options or {}
    if options.get("without"):
        task = without_roles(task, options["without"])
    if options.get("solo"):
        name = options["solo"] if isinstance(options["solo"], str) else None
        task = solo(task, name)
    if options.get("merged_agent"):
        task = merged_agent(task)
    if options.get("anonymous_roles"):
        task = anonymous_roles(task)
    if options.get("no_docs"):
        task = no_docs(task)
    if options.get("max_rounds") is not None:
        task = with_max_rounds(task, int(options["max_rounds"]))
    if options.get("random_spawns"):
        task = random_spawns(task, seed, content, same_region=options.get("random_spawns") != "any")
    if options.get("shared_plan"):
        task = with_shared_plan(task, options["shared_plan"])
    if options.get("discussion_rounds"):
        task = with_discussion_rounds(task, int(options["discussion_rounds"]))
    return task
