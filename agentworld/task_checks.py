"""Cross-checks of a parsed task: every id against the world content, a dry world setup, the
verifier, the starting world (nothing already won) and the oracle plan's steps.

Each problem is one string 'field: problem' naming what to fix; `tasks.check_loaded` prefixes the
file and raises them all at once as a TaskError.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from agentworld.safe_yaml import excerpt
from agentworld.scoring import VerifierError, load_verifier_module, verifier_problems
from agentworld.task_steps import (
    AttackStep,
    BuildStep,
    CraftStep,
    GatherStep,
    ShopStep,
    Step,
    TalkStep,
    TradeAcceptStep,
    TradeOfferStep,
    UnequipStep,
    WaitForStep,
    parse_step,
)
from agentworld.task_world import build_world

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content
    from agentworld.world.engine import World


def _loc(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif (
            part in ("str", "tuple[int, int]", "function-after[_one(), WaitForStep]")
            or "[" in str(part)
            and "(" in str(part)
        ):
            continue
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _unknown(kind: str, value: str, known) -> str:
    close = difflib.get_close_matches(str(value), list(known), n=1)
    return f"unknown {kind} '{excerpt(value)}'" + (f"; did you mean '{close[0]}'?" if close else "")


def landmarks_of(content: Content) -> dict[str, tuple[int, int]]:
    """Landmark id -> (x, y) from the content's map (empty if the map has none)."""
    marks = getattr(getattr(content, "map", None), "landmarks", None) or {}
    out = {}
    for key, value in marks.items():
        pos = getattr(value, "position", value)
        out[key] = (int(pos[0]), int(pos[1]))
    return out


def check_task(task: Task, content: Content) -> list[str]:
    """Cross-check ids against the world content, the verifier and the oracle plan."""
    p = _content_problems(task, content) if content is not None else []
    world = None
    if content is not None and not p:
        # a dry setup of the world catches whatever the engine refuses (and static checks missed)
        try:
            world = build_world(task, content, seed=0)
        except ValueError as exc:
            p.append(f"world setup: {exc}")
    try:
        module = load_verifier_module(task)
    except VerifierError as exc:
        p.append(f"verifier: {exc}")
    else:
        problems = verifier_problems(task, module, content)
        p.extend(problems)
        if world is not None and not problems:
            p.extend(_starting_world_problems(task, world))
    p.extend(_oracle_problems(task, content))
    return p


class _ContentRefs:
    """Problems with the ids and places a task names, against the world content."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.marks = landmarks_of(content)
        self.width = getattr(content.map, "width", None)
        self.height = getattr(content.map, "height", None)
        self.problems: list[str] = []

    def place(self, where: str, value: Any) -> None:
        if isinstance(value, str):
            if value not in self.marks:
                self.problems.append(f"{where}: " + _unknown("landmark", value, self.marks))
        elif self.width is not None and not (0 <= value[0] < self.width and 0 <= value[1] < self.height):
            self.problems.append(
                f"{where}: position {list(value)} is outside the {self.width}x{self.height} map"
            )
        elif not self.content.map.walkable(value[0], value[1]):
            terrain = self.content.map.terrain_at(value[0], value[1])
            self.problems.append(f"{where}: position {list(value)} is on unwalkable terrain '{terrain}'")

    def item(self, where: str, value: str) -> None:
        if value not in self.content.items:
            self.problems.append(f"{where}: " + _unknown("item", value, self.content.items))

    def known(self, where: str, what: str, value: str, table: Any) -> None:
        if value not in table:
            self.problems.append(f"{where}: " + _unknown(what, value, table))


def _content_problems(task: Task, content: Content) -> list[str]:
    refs = _ContentRefs(content)
    for i, a in enumerate(task.agents):
        _agent_refs(refs, f"agents[{i}]", a)
    for i, m in enumerate(task.world.mobs):
        refs.known(f"world.mobs[{i}].type", "mob type", m.type, content.mobs)
        refs.place(f"world.mobs[{i}].position", m.position)
        for j, tile in enumerate(m.guards):
            refs.place(f"world.mobs[{i}].guards[{j}]", tile)
    for i, n in enumerate(task.world.nodes):
        refs.known(f"world.nodes[{i}].kind", "node kind", n.kind, content.node_kinds)
        refs.place(f"world.nodes[{i}].position", n.position)
    for i, g in enumerate(task.world.ground_items):
        refs.item(f"world.ground_items[{i}].item", g.item)
        refs.place(f"world.ground_items[{i}].position", g.position)
    for i, s in enumerate(task.world.sites):
        refs.place(f"world.sites[{i}].position", s.position)
        for it in s.materials:
            refs.item(f"world.sites[{i}].materials.{it}", it)
        if s.skill is not None:
            refs.known(f"world.sites[{i}].skill", "skill", s.skill, content.skills)
        if s.shelter is not None:
            kinds = {e.kind for e in content.exposures.values()}
            for kind in s.shelter.protects:
                refs.known(f"world.sites[{i}].shelter.protects.{kind}", "exposure kind", kind, kinds)
            if s.shelter.fuel is not None:
                refs.item(f"world.sites[{i}].shelter.fuel", s.shelter.fuel)
    for i, exposure in enumerate(task.world.exposure):
        refs.known(f"world.exposure[{i}]", "exposure", exposure, content.exposures)
    for i, st in enumerate(task.world.stations):
        refs.known(f"world.stations[{i}].kind", "station", st.kind, content.stations)
        refs.place(f"world.stations[{i}].position", st.position)
    return refs.problems


def _agent_refs(refs: _ContentRefs, at: str, agent: Any) -> None:
    items, slots = refs.content.items, list(refs.content.rules.equipment_slots)
    refs.place(f"{at}.spawn", agent.spawn)
    for s in agent.skills:
        refs.known(f"{at}.skills.{s}", "skill", s, refs.content.skills)
    for it in agent.inventory:
        refs.item(f"{at}.inventory.{it}", it)
    for slot, it in agent.equipment.items():
        if slot not in slots:
            refs.problems.append(f"{at}.equipment.{slot}: " + _unknown("slot", slot, slots))
        elif it in items and items[it].slot != slot:
            where_to = f"slot '{items[it].slot}'" if items[it].slot else "no slot (it cannot be equipped)"
            refs.problems.append(f"{at}.equipment.{slot}: {it} goes in {where_to}")
        refs.item(f"{at}.equipment.{slot}", it)


def _oracle_problems(task: Task, content: Content) -> list[str]:
    p: list[str] = []
    agents = set(task.agent_names)
    for name, steps in task.oracle.items():
        if name not in agents:
            p.append(f"oracle.{name}: " + _unknown("agent", name, agents))
            continue
        for j, raw in enumerate(steps):
            where = f"oracle.{name}[{j}]"
            try:
                step = parse_step(raw)
            except ValidationError as exc:
                for err in exc.errors(include_url=False):
                    p.append(f"{where}.{_loc(err['loc'])}: {err['msg'].removeprefix('Value error, ')}")
                continue
            except ValueError as exc:
                p.append(f"{where}: {exc}")
                continue
            p.extend(_check_step(where, step, task, content, agents))
    return p


def _starting_world_problems(task: Task, world: World) -> list[str]:
    """Predicates that crash on the starting world, and a success that holds before anyone acts."""
    from agentworld.scoring import Scorer

    scorer = Scorer.for_task(task)
    p = []
    named = [(f"checkpoint '{cid}'", fn) for cid, fn in scorer.checkpoints.items()]
    named += [(f"success condition '{c.describe()}'", c.met) for c in scorer.success]
    for label, fn in named:
        try:  # episodes treat a crashing predicate as 'not met': catch the crash here
            fn(world, task)
        except Exception as exc:
            p.append(f"verifier: {label} raised {type(exc).__name__}: {exc} on the starting world")
    if not p and all(c.met(world, task) for c in scorer.success):
        p.append("success: every condition already holds on the starting world (nothing to do)")
    return p


def _check_step(where: str, step: Step, task: Task, content: Content, agents: set[str]) -> list[str]:
    p: list[str] = []
    for key in ("to",):
        value = getattr(step, key, None)
        for name in [value] if isinstance(value, str) else value or []:
            if name not in agents and not (step.kind == "chat" and name == "team"):
                p.append(f"{where}.{key}: " + _unknown("agent", name, agents))
    if isinstance(step, TradeAcceptStep) and step.from_ is not None and step.from_ not in agents:
        p.append(f"{where}.from: " + _unknown("agent", step.from_, agents))
    if isinstance(step, WaitForStep):
        if step.message_from is not None and step.message_from not in agents:
            p.append(f"{where}.message_from: " + _unknown("agent", step.message_from, agents))
        for name in step.messages_from or []:
            if name not in agents:
                p.append(f"{where}.messages_from: " + _unknown("agent", name, agents))
        checkpoints = [c.id for c in task.checkpoints]
        if step.checkpoint is not None and step.checkpoint not in checkpoints:
            p.append(f"{where}.checkpoint: " + _unknown("checkpoint", step.checkpoint, checkpoints))
    if content is None:
        return p
    if (
        isinstance(step, WaitForStep)
        and step.kill is not None
        and "#" not in step.kill
        and step.kill not in content.mobs
    ):
        p.append(f"{where}.kill: " + _unknown("mob type", step.kill, content.mobs))
    items = content.items
    for key in ("item",):
        value = getattr(step, key, None)
        if value is not None and not (step.kind == "pick_up") and value not in items:
            p.append(f"{where}.{key}: " + _unknown("item", value, items))
    if isinstance(step, CraftStep) and step.recipe not in content.recipes:
        p.append(f"{where}.recipe: " + _unknown("recipe", step.recipe, content.recipes))
    if isinstance(step, (TalkStep, ShopStep)) and step.npc not in content.npcs:
        p.append(f"{where}.npc: " + _unknown("npc", step.npc, content.npcs))
    if isinstance(step, UnequipStep) and step.slot not in content.rules.equipment_slots:
        p.append(f"{where}.slot: " + _unknown("slot", step.slot, content.rules.equipment_slots))
    if isinstance(step, GatherStep) and "#" not in step.target and step.target not in content.node_kinds:
        p.append(f"{where}.target: " + _unknown("node kind", step.target, content.node_kinds))
    if isinstance(step, AttackStep) and "#" not in step.target and step.target not in content.mobs:
        p.append(f"{where}.target: " + _unknown("mob type", step.target, content.mobs))
    if isinstance(step, BuildStep):
        sites = {f"site#{s.id}" for s in task.world.sites} | {s.id for s in task.world.sites}
        if step.site not in sites:
            p.append(f"{where}.site: " + _unknown("site", step.site, sites))
        fires = {s.id for s in task.world.sites if s.shelter is not None and s.shelter.fuel is not None}
        if step.feed and step.site.removeprefix("site#") not in fires:
            p.append(f"{where}.feed: {step.site} is not a fire (a site whose shelter has fuel)")
    if isinstance(step, TradeOfferStep):
        for side in ("give", "want"):
            for it in getattr(step, side):
                if it not in items:
                    p.append(f"{where}.{side}.{it}: " + _unknown("item", it, items))
    return p
