"""Recipe statements of a task's text, against the content's recipes (a kind of audit/truth.py).

A recipe written out in a text ("`gale_shafts`: 1 ghostpine_shaft + 2 gale_feather -> 1 gale_shaft
(fletching 45, by hand, anywhere)") is one of the content's: the recipe backquoted right before it,
else one that makes the same items, with the same inputs and outputs, counts included. When the
parenthesis after it says so, also its skill and level ("fletching 45"), where it is made ("by hand",
"at a cooking range") and the tool held ("holding a needle"). Items are read by the truth check's
Lexicon (ids, names, plurals); a side naming something that is not an item is not judged.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.audit.truth import Lexicon
    from agentworld.world.content_schema import Recipe

_PART = r"\d+\s+[a-z][a-z_']*(?:\s+[a-z][a-z_']*){0,3}?"
RECIPE_TEXT = re.compile(
    rf"(?:`(?P<id>[a-z0-9_]+)`:\s*)?(?P<inputs>{_PART}(?:\s*\+\s*{_PART})*)\s*->\s*"
    r"(?P<count>\d+\s+)?(?P<output>[a-z][a-z_']*(?:\s+[a-z][a-z_']*){0,3})(?:\s*\((?P<how>[^)]*)\))?",
    re.IGNORECASE,
)
SKILL_LEVEL = re.compile(r"^([a-z]+) (\d+)\b")
AT_STATION = re.compile(r"\bat an? ([a-z ]+?)(?:,|$)")
HOLDING = re.compile(r"\bholding an? ([a-z_ ]+?)(?:,|$)")


def recipe_problems(sentence: str, lexicon: "Lexicon") -> list[str | None]:
    """One entry per recipe the sentence writes out whose items it names: None when the content agrees."""
    problems: list[str | None] = []
    for match in RECIPE_TEXT.finditer(sentence):
        inputs = _side(match["inputs"].split("+"), lexicon)
        output, _ = lexicon.item_at(match["output"].lower().split())
        if inputs is None or output is None:
            continue
        outputs = {output: int(match["count"] or 1)}
        problems.append(_problem(match["id"], inputs, outputs, (match["how"] or "").lower(), lexicon))
    return problems


def _side(parts: list[str], lexicon: "Lexicon") -> dict[str, int] | None:
    """{item: count} of '2 wolf_pelt', '1 leather', or None when a part names no item (all its words)."""
    side: dict[str, int] = {}
    for part in parts:
        count, *words = part.lower().split()
        item, used = lexicon.item_at(words)
        if item is None or used != len(words):
            return None
        side[item] = side.get(item, 0) + int(count)
    return side


def _problem(ident: str | None, inputs: dict, outputs: dict, how: str, lexicon: "Lexicon") -> str | None:
    recipes = lexicon.content.recipes
    said = f"{_written(inputs)} -> {_written(outputs)}"
    if ident in recipes:
        candidates = [recipes[ident]]
    else:
        candidates = [r for r in recipes.values() if set(r.outputs) == set(outputs)]
    if not candidates:
        return f"no recipe makes {', '.join(outputs)} (the text says {said})"
    same = [r for r in candidates if r.inputs == inputs and r.outputs == outputs]
    if not same:
        told = "; ".join(f"{r.id}: {_written(r.inputs)} -> {_written(r.outputs)}" for r in candidates)
        return f"the recipe is {told}, not {said}"
    wrong = [_how_problem(r, how) for r in same]
    return None if None in wrong else wrong[0]


def _how_problem(recipe: "Recipe", how: str) -> str | None:
    """What the parenthesis says of the recipe's skill, place and tool, against it (None: all true)."""
    skill = SKILL_LEVEL.match(how)
    if skill and (skill[1], int(skill[2])) != (recipe.skill, recipe.level):
        return f"{recipe.id} needs {recipe.skill} {recipe.level}, not {skill[1]} {skill[2]}"
    station = AT_STATION.search(how)
    if "by hand" in how and recipe.station is not None:
        return f"{recipe.id} is made at a {recipe.station}, not by hand"
    if station and station[1].replace(" ", "_") != recipe.station:
        return f"{recipe.id} is made {f'at a {recipe.station}' if recipe.station else 'by hand'}, not at a {station[1]}"
    tool = HOLDING.search(how)
    if tool and tool[1].replace(" ", "_") not in recipe.tools:
        return f"{recipe.id} needs {', '.join(recipe.tools) or 'no tool'} held, not {tool[1]}"
    return None


def _written(side: dict[str, int]) -> str:
    return " + ".join(f"{n} {item}" for item, n in side.items())
