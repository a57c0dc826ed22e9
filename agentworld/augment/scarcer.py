"""The scarcer transform: fewer of the nodes a team gathers from, so the ones left run dry sooner and the
gatherers share them (take turns, wait for a respawn, or walk to the world's own).

Of a kind that the task places at least twice and that some plan gathers from, one node goes, or half
of them (the last listed). Every list of coordinates in the prose drops the removed ones ("(121, 67),
(123, 68) and (121, 65)" -> "(121, 67) and (123, 68)"), and a count of the kind written before its
name ("three icefish holes") is restated; a candidate whose text still names a removed node's tile is
not proposed. The truth check (audit/truth.py) then reads every remaining coordinate against the
built world.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

from agentworld.audit.truth import name_forms, said_count
from agentworld.augment.candidates import Candidate, NotApplicable
from agentworld.augment.rewrite import WORD_COUNT, all_text, any_spelling, map_texts, task_raw, written_like

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content

SCARCER_CHOICES = 6  # candidates tried per task
_COORD = r"\(\d+, ?\d+\)"


def scarcer(task: "Task", content: "Content", rng: random.Random) -> list[Candidate]:
    gathered = {
        str(args.get("target", "")).split("#", 1)[0]
        for plan in task.oracle.values()
        for step in plan
        if isinstance(step, dict)
        for kind, args in step.items()
        if kind == "gather" and isinstance(args, dict)
    }
    placed: dict[str, list[int]] = {}
    for index, node in enumerate(task.world.nodes):
        if node.kind in gathered and isinstance(node.position, (list, tuple)):
            placed.setdefault(node.kind, []).append(index)
    options = [
        (kind, indices[-drop:])
        for kind, indices in placed.items()
        if len(indices) >= 2
        for drop in sorted({1, len(indices) // 2})
    ]
    if not options:
        raise NotApplicable(f"scarcer: {task.id} places no two nodes of a kind its plans gather from")
    picked = rng.sample(options, len(options))
    candidates = [c for c in (_scarcer(task, content, *option) for option in picked) if c is not None]
    if not candidates:
        raise NotApplicable(f"scarcer: every removable node of {task.id} is named alone in its text")
    return candidates[:SCARCER_CHOICES]


def _scarcer(task: "Task", content: "Content", kind: str, dropped: list[int]) -> Candidate | None:
    raw = task_raw(task)
    nodes = raw["world"]["nodes"]
    tiles = [tuple(nodes[i]["position"]) for i in dropped]
    raw["world"]["nodes"] = [n for i, n in enumerate(nodes) if i not in dropped]
    before = sum(1 for n in nodes if n["kind"] == kind)
    after = before - len(dropped)
    names = [kind.replace("_", " "), *name_forms(content.node_kinds[kind].name.lower())]

    def text(value: str, _owner: str | None) -> str:
        for tile in tiles:
            value = unlist_coordinate(value, tile)
        return restate_count(value, names, before, after) if after >= 2 else value

    map_texts(raw, text)
    said = all_text(raw)
    if any(re.search(rf"\({x}, ?{y}\)", said) for x, y in tiles):
        return None  # a lone mention ("its hole at (121, 65)") has no list to leave
    if any(said_count(m[1]) == before for m in _counted(names).finditer(said)):
        return None  # "two icefish holes" of which one is left: not rewritten into "one ... holes"
    where = ", ".join(f"({x}, {y})" for x, y in tiles)
    return Candidate(raw, f"scarcer: {len(dropped)} of the task's {before} {kind} removed, at {where}")


def unlist_coordinate(text: str, tile: tuple[int, int]) -> str:
    """`text` with the coordinate `tile` taken out of every list of coordinates it stands in."""
    c = rf"\({tile[0]}, ?{tile[1]}\)"
    rules = (
        (rf",\s*({_COORD}),?\s+(and|or)\s+{c}", r" \2 \1"),  # "(a), (b) and C" -> "(a) and (b)"
        (rf"({_COORD})\s+(?:and|or)\s+{c}", r"\1"),  # "(a) and C" -> "(a)"
        (rf"{c},\s*(?={_COORD})", ""),  # "C, (b) ..." -> "(b) ..."
        (rf"{c}\s+(?:and|or)\s+(?={_COORD})", ""),  # "C and (b)" -> "(b)"
        (rf"({_COORD}),\s*{c}(?!\d)", r"\1"),  # "(a), C, (c)" -> "(a), (c)"
    )
    for pattern, repl in rules:
        text = re.sub(pattern, repl, text)
    return text


def restate_count(text: str, names: list[str], before: int, after: int) -> str:
    """'three icefish holes' -> 'two icefish holes' (a count of the kind equal to how many were placed)."""
    return _counted(names).sub(
        lambda m: f"{written_like(m[1], after)}{m[2]}{m[3]}" if said_count(m[1]) == before else m[0], text
    )


def _counted(names: list[str]) -> re.Pattern:
    """A count (digits, or a word from two) written before one of `names`."""
    return re.compile(rf"\b(\d+|{WORD_COUNT})(\s+)({any_spelling(names)})(?![a-z_])", re.IGNORECASE)
