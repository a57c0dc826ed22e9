"""The transforms of an augmented variant: each proposes rewritten task mappings, easiest first.

A transform reads a task and the world content and returns `Candidate`s (the variant's YAML
mapping and one line saying what changed), in the order to try them; checks.py decides which pass.
Every transform keeps the objective, the team and the execution order, and raises
`NotApplicable` with the reason when it has nothing to change.

- heavier: every count the outcome demands (a `holds` item, a site's materials and work) is
  multiplied (x2, else x1.5; then one demand at a time), with the recipe inputs that make it,
  everywhere the count is written (success, checkpoints that state the demand, starting and ground
  stock of those items, plan steps, prose).
- farther: agents spawn at a landmark 1-5 rounds' walk (A* tiles / move_speed) further from the
  first place their plan takes them than their own spawn.
- fewer-items: an agent loses a starting item it can get another way in the world: gather it
  itself (it has the level and the tool), or buy it (it gets the coins, and the walk to the shop).
- stronger-enemy: a task-placed mob becomes a mob of the same kind (style, boss, aggressive, and
  the same sure strike or less, wounded by the same weapons) with at least its HP and max hit and
  more of one. A mob the task must kill that the world spawns once (not the task) is replaced the
  same way: the stronger mob is placed on its spawn with `replaces: true`, which removes the world's.
"""

from __future__ import annotations

import inspect
import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from agentworld.audit.bounds import Travel
from agentworld.augment.rewrite import (
    Raw,
    add_note,
    map_texts,
    move_start_in_text,
    place_label,
    rename_in_text,
    scale_counts_in_text,
    scale_fight_lengths_in_text,
    scale_step_counts,
    scale_work_in_text,
    scaled,
    task_raw,
    unsay_start_in_text,
)
from agentworld.scoring import load_verifier_module
from agentworld.task_world import build_world
from agentworld.world.pathfinding import find_path_grid

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content

HEAVIER_RATIOS = (2.0, 1.5)
SINGLE_DEMANDS = 3  # at most this many one-demand-at-a-time candidates after the all-demands ones
FARTHER_ROUNDS = (1, 5)  # extra rounds of walking a farther spawn adds (at move_speed)
FARTHER_CHOICES = 4  # candidate spawn sets tried
FEWER_CHOICES = 6  # single-item removals tried
STRONGER_CHOICES = 3  # replacement mobs tried per task mob


class NotApplicable(ValueError):
    """The transform has nothing to change in this task (the message says why)."""


@dataclass(slots=True)
class Candidate:
    """One proposed variant."""

    raw: Raw  # the variant's YAML mapping (id and bookkeeping set by variants.py)
    change: str  # what changed, in one line (kept in the variant's notes)


Transform = Callable[["Task", "Content", random.Random], list[Candidate]]


def verifier_names(task: "Task", ids: list[str]) -> list[str]:
    """The ids that the task's verifier code spells out (so rewriting the YAML cannot change them)."""
    module = load_verifier_module(task)
    if module is None:
        return []
    try:
        source = inspect.getsource(module)
    except (TypeError, OSError):
        return []
    return [i for i in ids if f"'{i}'" in source or f'"{i}"' in source]


# --- heavier ----------------------------------------------------------------------------------
@dataclass(slots=True)
class Demand:
    """A count the outcome asks for: a `holds` condition's items, or a site's materials and work."""

    success_index: int
    site: str | None  # the site id, for site_built
    items: dict[str, int]
    work: int = 0


def _demands(task: "Task") -> list[Demand]:
    """The `holds` conditions, and every task site with materials or work (a site is there for the
    objective, whether a success condition or a verifier predicate reads it)."""
    out = [Demand(i, None, dict(c.items)) for i, c in enumerate(task.success) if c.kind == "holds"]
    out += [Demand(-1, s.id, dict(s.materials), s.work) for s in task.world.sites if s.materials or s.work]
    return out


def _alone(demand: Demand, demands: list[Demand], content: "Content") -> bool:
    """Whether a demand shares no item (or recipe input) with another, so it can grow by itself."""
    mine = set(_chain(list(demand.items), content))
    return not any(mine & set(_chain(list(d.items), content)) for d in demands if d is not demand)


def _chain(items: list[str], content: "Content") -> list[str]:
    """The items and, recursively, the inputs of every recipe that makes one of them."""
    found = list(dict.fromkeys(items))
    for item in found:
        for recipe in content.recipes.values():
            if item in recipe.outputs:
                found += [i for i in recipe.inputs if i not in found]
    return found


def _spellings(items: list[str], content: "Content") -> dict[str, list[str]]:
    out = {}
    for item in items:
        name = content.items[item].name.lower()
        out[item] = [item, name, name + "s", item.replace("_", " ")]
    return out


def heavier(task: "Task", content: "Content", rng: random.Random) -> list[Candidate]:
    demands = _demands(task)
    if not demands:
        kinds = ", ".join(c.kind for c in task.success)
        raise NotApplicable(f"heavier: {task.id} demands no count to raise (its success conditions: {kinds})")
    chain = _chain([i for d in demands for i in d.items], content)
    coded = verifier_names(task, chain + [d.site for d in demands if d.site])
    if coded:
        raise NotApplicable(
            f"heavier: the verifier of {task.id} names {', '.join(coded)} in its code, so the "
            f"counts it checks cannot be rewritten with the YAML"
        )
    alone = [d for d in demands if _alone(d, demands, content)] if len(demands) > 1 else []
    singles = rng.sample(alone, len(alone))[:SINGLE_DEMANDS]
    plans = [(demands, r) for r in HEAVIER_RATIOS] + [([d], HEAVIER_RATIOS[0]) for d in singles]
    return [_heavier(task, content, group, ratio) for group, ratio in plans]


def _heavier(task: "Task", content: "Content", group: list[Demand], ratio: float) -> Candidate:
    raw = task_raw(task)
    targets = list(dict.fromkeys(i for d in group for i in d.items))
    chain = _chain(targets, content)
    consumed = [i for i in chain if content.items[i].tool is None]
    old = {item: {d.items[item] for d in group if item in d.items} for item in targets}
    changes = [f"{item} {n}->{scaled(n, ratio)}" for item in targets for n in sorted(old[item])]
    works = {}
    for demand in group:
        if demand.site is None:
            items = raw["success"][demand.success_index]["holds"]["items"]
            for item in items:
                items[item] = scaled(items[item], ratio)
            continue
        site = next(s for s in raw["world"]["sites"] if s["id"] == demand.site)
        site["materials"] = {k: scaled(v, ratio) for k, v in site.get("materials", {}).items()}
        if site.get("work"):
            works[site["work"]] = scaled(site["work"], ratio)
            changes.append(f"{demand.site} work {site['work']}->{works[site['work']]}")
            site["work"] = works[site["work"]]
    for checkpoint in raw["checkpoints"]:
        holds = (checkpoint.get("when") or {}).get("holds")
        if holds:
            holds["items"] = {
                k: scaled(v, ratio) if v in old.get(k, ()) else v for k, v in holds["items"].items()
            }
    for agent in raw["agents"]:
        agent["inventory"] = {
            k: scaled(v, ratio) if k in consumed else v for k, v in agent.get("inventory", {}).items()
        }
    for ground in raw.get("world", {}).get("ground_items", []):
        if ground["item"] in consumed:
            ground["count"] = scaled(ground.get("count", 1), ratio)
    wanted = _step_picker(chain, content)
    for steps in raw.get("oracle", {}).values():
        scale_step_counts(steps, wanted, ratio)
    names = _spellings(chain, content)

    def text(value: str, _owner: str | None) -> str:
        value = scale_counts_in_text(value, names, ratio)
        for before, after in works.items():
            value = scale_work_in_text(value, before, after)
        return value

    map_texts(raw, text)
    return Candidate(raw, f"heavier x{ratio:g}: " + ", ".join(changes))


def _step_picker(chain: list[str], content: "Content") -> Callable[[str, dict], bool]:
    """Which plan steps handle units of the chain's items (so their counts scale)."""

    def wanted(kind: str, args: dict) -> bool:
        if kind == "gather":
            node = content.node_kinds.get(str(args.get("target", "")).split("#", 1)[0])
            return node is not None and any(i in chain for i in node.yields)
        if kind == "craft":
            recipe = content.recipes.get(args.get("recipe", ""))
            return recipe is not None and any(i in chain for i in recipe.outputs)
        if kind in ("give", "buy", "sell", "drop", "wait_for", "item"):
            return args.get("item") in chain
        return False

    return wanted


# --- farther ----------------------------------------------------------------------------------
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
    world = build_world(task, content, seed=0)
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
    if not options:
        raise NotApplicable(
            f"farther: no agent of {task.id} has a landmark {low}-{high} rounds' walk further from "
            f"the first place its plan goes"
        )
    candidates = []
    for _ in range(FARTHER_CHOICES):
        picks = {name: rng.choice(found) for name, found in options.items()}
        candidates.append(_farther(task, content, picks))
    for name in rng.sample(list(options), len(options))[:FARTHER_CHOICES]:
        candidates.append(_farther(task, content, {name: rng.choice(options[name])}))
    return candidates


def _farther(task: "Task", content: "Content", picks: dict[str, tuple[str, int, int]]) -> Candidate:
    raw = task_raw(task)
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
    return Candidate(raw, "farther: " + "; ".join(changes))


# --- fewer items ------------------------------------------------------------------------------
def fewer_items(task: "Task", content: "Content", rng: random.Random) -> list[Candidate]:
    world = build_world(task, content, seed=0)
    ways = []
    for agent in task.agents:
        for item, count in agent.inventory.items():
            if item == "coins":
                continue
            way = _gather_way(agent, item, content, world) or _shop_way(item, content)
            if way is not None:
                ways.append((agent.name, item, count, way))
    if not ways:
        raise NotApplicable(
            f"fewer-items: no starting item of {task.id} can be gathered by its holder or bought in a shop"
        )
    picked = rng.sample(ways, len(ways))[:FEWER_CHOICES]
    return [_fewer(task, content, *way) for way in picked]


def _gather_way(agent: Any, item: str, content: "Content", world: Any) -> tuple[str, str] | None:
    """('gather', node kind) when the agent can gather the item itself, with what else it holds."""
    held = [i for i in [*agent.inventory, *agent.equipment.values()] if i != item]
    for kind in content.node_kinds.values():
        if item not in kind.yields or agent.skills.get(kind.skill, 1) < kind.level:
            continue
        tool = kind.tool is None or any((t := content.items[i].tool) and t.skill == kind.tool for i in held)
        placed = any(ident.split("#", 1)[0] == kind.id for ident in world.entities)
        if tool and placed:
            return "gather", kind.id
    return None


def _shop_way(item: str, content: "Content") -> tuple[str, str, int] | None:
    """('buy', npc, price) at the cheapest shop that stocks the item (first by id on a tie)."""
    offers = sorted(
        (entry.price, npc.id)
        for npc in content.npcs.values()
        if npc.shop
        for entry in npc.shop.stock
        if entry.item == item
    )
    return ("buy", offers[0][1], offers[0][0]) if offers else None


def _fewer(task: "Task", content: "Content", name: str, item: str, count: int, way: tuple) -> Candidate:
    raw = task_raw(task)
    agent = next(a for a in raw["agents"] if a["name"] == name)
    inventory = agent["inventory"]
    del inventory[item]
    label = content.items[item].name.lower()
    if way[0] == "gather":
        step = {"gather": {"target": way[1], "count": count}}
        how = f"gather {count} yourself from a `{way[1]}` first (you have the level and the tool)"
        change = f"{name} starts without {count} {item} and gathers it at {way[1]}"
    else:
        npc = content.npcs[way[1]]
        where = content.map.npc_positions.get(npc.id)
        spot = f" at ({where[0]}, {where[1]})" if where else ""
        inventory["coins"] = inventory.get("coins", 0) + way[2] * count
        step = {"buy": {"npc": npc.id, "item": item, "count": count}}
        how = (
            f"buy {count} from {npc.name} (`{npc.id}`{spot}) first, for {way[2]} coins each; you carry "
            f"{inventory['coins']} coins for it"
        )
        change = f"{name} starts without {count} {item} and buys it from {npc.id}"
    agent["inventory"] = inventory
    plan = list(raw["oracle"].get(name, []))
    # what the agent tells the team at the start it still tells first: the errand must not hold back a
    # teammate who acts on that chat (its steps would run before the knowledge arrives)
    told = next((i for i, s in enumerate(plan) if not (isinstance(s, dict) and "chat" in s)), len(plan))
    raw["oracle"][name] = [*plan[:told], step, *plan[told:]]
    agent["context"] = unsay_start_in_text(agent.get("context", ""), item, label, count, way[0] == "buy")
    agent["context"] = add_note(
        agent["context"], f"In this variant you do NOT start with your {label} (`{item}`): {how}."
    )
    return Candidate(raw, "fewer-items: " + change)


# --- stronger enemy ---------------------------------------------------------------------------
def _kind(mob: Any) -> tuple:
    """What a stand-in must share: how it fights, and how it is fought (a sure striker stays one,
    wounded by the same weapons, so the same roles are needed to kill it)."""
    return (
        mob.style,
        mob.boss,
        mob.aggressive,
        bool(mob.sure_strike),
        tuple(sorted(mob.wounded_by)),
        mob.full_blows,
    )


def _stronger_than(old: Any, content: "Content") -> list[Any]:
    return sorted(
        (
            m
            for m in content.mobs.values()
            if m.id != old.id
            and _kind(m) == _kind(old)
            and m.hp >= old.hp
            and m.max_hit >= old.max_hit
            and m.sure_strike >= old.sure_strike
            and (m.hp, m.max_hit) != (old.hp, old.max_hit)
        ),
        key=lambda m: (m.hp + 10 * m.max_hit, m.id),
    )


def _world_targets(task: "Task", content: "Content") -> dict[str, tuple[int, int]]:
    """Mob types the task must kill that it does not place and the world spawns exactly once (a
    boss in its lair): type -> its spawn tile."""
    placed = {m.type for m in task.world.mobs}
    spawns: dict[str, list[tuple[int, int]]] = {}
    for mob, tile in content.map.mob_spawns:
        spawns.setdefault(mob, []).append(tuple(tile))
    wanted = [c.mob for c in task.success if c.kind == "killed" and c.mob not in placed]
    return {m: spawns[m][0] for m in dict.fromkeys(wanted) if len(spawns.get(m, ())) == 1}


def stronger_enemy(task: "Task", content: "Content", rng: random.Random) -> list[Candidate]:
    placed = list(dict.fromkeys(m.type for m in task.world.mobs))
    world_mobs = _world_targets(task, content)
    if not placed and not world_mobs:
        raise NotApplicable(
            f"stronger-enemy: {task.id} places no mob of its own to replace, and kills no mob "
            f"the world spawns only once"
        )
    coded = verifier_names(task, [*placed, *world_mobs])
    candidates = []
    for old_id in [*placed, *world_mobs]:
        if old_id in coded:
            continue
        for new in _stronger_than(content.mobs[old_id], content)[:STRONGER_CHOICES]:
            candidates.append(_stronger(task, content, old_id, new.id, world_mobs.get(old_id)))
    if not candidates:
        why = (
            f"its verifier names {', '.join(coded)} in code"
            if coded
            else "no mob of the same kind is stronger"
        )
        raise NotApplicable(f"stronger-enemy: no mob of {task.id} can be replaced ({why})")
    return candidates


def _plural(name: str) -> str:
    return name[:-1] + "ves" if name.endswith("f") else name + "s"  # wolf -> wolves


def _stronger(
    task: "Task", content: "Content", old_id: str, new_id: str, spawn: tuple[int, int] | None = None
) -> Candidate:
    """The task with `old_id` rewritten to `new_id`; with `spawn`, the world's old mob there is
    replaced by a task-placed new one."""
    raw = task_raw(task)
    mobs = raw.setdefault("world", {}).setdefault("mobs", [])
    for mob in mobs:
        if mob["type"] == old_id:
            mob["type"] = new_id
    if spawn is not None:
        mobs.append({"type": new_id, "position": list(spawn), "replaces": True})
    for condition in [*raw["success"], *(c.get("when") or {} for c in raw["checkpoints"])]:
        if "killed" in condition and condition["killed"].get("mob") == old_id:
            condition["killed"]["mob"] = new_id
    for steps in raw.get("oracle", {}).values():
        for step in steps:
            ((kind, args),) = step.items() if isinstance(step, dict) else (("", None),)
            for key in ("target", "kill"):
                if (
                    isinstance(args, dict)
                    and isinstance(args.get(key), str)
                    and args[key].split("#", 1)[0] == old_id
                    and kind in ("attack", "wait_for", "move_to")
                ):
                    args[key] = new_id + args[key][len(old_id) :]
    old, new = content.mobs[old_id], content.mobs[new_id]
    old_name, new_name = old.name.lower(), new.name.lower()
    spellings = {
        old_id: new_id,
        old_name: new_name,
        old_name + "s": new_name + "s",
        _plural(old_name): _plural(new_name),
        old_name.split()[-1]: new_name.split()[-1],  # "the warden" for "the barrow warden"
        old_name.title(): new_name.title(),
    }  # a name written as a title ("The Fallen Knight")
    stats = [  # a wrapped context line may fall between the words
        (rf"\b{old.hp}\s+HP\b", f"{new.hp} HP"),
        (rf"\bup\s+to\s+{old.max_hit}\b", f"up to {new.max_hit}"),
    ]
    if new_name[:1] in "aeiou":
        stats.append((rf"\b([Aa]) ({re.escape(new_name)})", r"\1n \2"))

    def text(value: str, _owner: str | None) -> str:
        value = scale_fight_lengths_in_text(rename_in_text(value, spellings), new.hp / old.hp)
        for pattern, replacement in stats:
            value = re.sub(pattern, replacement, value, flags=re.IGNORECASE)
        return value

    map_texts(raw, text)
    where = f", replacing the world's at {spawn[0]},{spawn[1]}" if spawn is not None else ""
    return Candidate(
        raw,
        f"stronger-enemy: {old_id} (HP {old.hp}, max hit {old.max_hit}) -> {new_id} "
        f"(HP {new.hp}, max hit {new.max_hit}){where}",
    )


TRANSFORMS: dict[str, Transform] = {
    "stronger-enemy": stronger_enemy,
    "heavier": heavier,
    "fewer-items": fewer_items,
    "farther": farther,
}
DEFAULT_ORDER = tuple(TRANSFORMS)  # tried in this order when none is named
