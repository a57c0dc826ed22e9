"""The stronger-enemy transform: a task-placed mob becomes a mob of the same kind (style, boss, aggressive,
and the same sure strike or less, wounded by the same weapons) with at least its HP and max hit and more of
one. A mob the task must kill that the world spawns once (not the task) is replaced the same way: the
stronger mob is placed on its spawn with `replaces: true`, which removes the world's."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from agentworld.augment.candidates import Candidate, NotApplicable, verifier_names
from agentworld.augment.rewrite import (
    map_texts,
    rename_in_text,
    scale_fight_lengths_in_text,
    task_raw,
)

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content


STRONGER_CHOICES = 3  # replacement mobs tried per task mob


def _kind(mob: Any) -> tuple:
    """What a stand-in must share: how it fights, and how it is fought (a sure striker stays one,
    wounded by the same weapons, so the same roles are needed to kill it)."""
    return (
        mob.style,
        mob.boss,
        mob.aggressive,
        bool(mob.sure_strike),
        bool(mob.regen),
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
            and m.regen >= old.regen
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
