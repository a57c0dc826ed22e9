"""What an action or a message *names*: item ids, entity ids, landmarks, agents, coordinates.

Both judges need it: the provenance judge links a chat message to a later action of its
receiver when the action's arguments name something the message named (chat uptake), and
the LLM judge uses shared names to choose which action pairs are worth asking about.

Names are normalised keys:
- ``oak_tree#12`` (an entity id) and its kind ``oak_tree``;
- snake_case ids from the episode's vocabulary (every string argument the agents used,
  the agent names, and, when the world content loads, every item/recipe/landmark/npc/mob/
  node id); free text is matched on up to 4-word phrases, so "oak logs" names ``oak_log``;
- ``xy:10,5`` for a coordinate pair, from ``[10, 5]`` arguments or "10, 5" / "(10,5)" in text.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

_ENTITY = re.compile(r"([a-z][a-z0-9_]*)#([a-z0-9_]+)")
_COORD = re.compile(r"(-?\d+)\s*,\s*(-?\d+)")
_WORD = re.compile(r"[a-z0-9]+")
_MAX_PHRASE = 4
# argument values that are not names of anything in the world
_NOT_NAMES = {"team", "all", "none", "null", "true", "false"}


@lru_cache(maxsize=1)
def _content() -> Any:
    try:
        from agentworld.world.content import load_content

        return load_content()
    except Exception:  # the engine is optional for scoring a run directory
        return None


def recipe_needs_station(recipe: Any) -> bool:
    """False only when the world content says the recipe is made by hand (station null)."""
    content = _content()
    entry = (
        getattr(content, "recipes", {}).get(recipe)
        if content is not None and isinstance(recipe, str)
        else None
    )
    return entry is None or getattr(entry, "station", "unknown") is not None


@lru_cache(maxsize=1)
def content_vocabulary() -> frozenset[str]:
    """Ids from the world content, or nothing if the content cannot be loaded."""
    content = _content()
    if content is None:
        return frozenset()
    words: set[str] = set()
    gamemap = getattr(content, "map", None)
    words.update(str(k).lower() for k in getattr(gamemap, "landmarks", None) or {})
    for attr in ("items", "recipes", "npcs", "mobs", "node_kinds", "stations"):  # not skills: never arguments
        table = getattr(content, attr, None)
        if isinstance(table, dict):
            words.update(str(k).lower() for k in table)
        elif isinstance(table, (list, tuple)):
            for entry in table:
                ident = getattr(entry, "id", None) or (entry.get("id") if isinstance(entry, dict) else None)
                if ident:
                    words.add(str(ident).lower())
    return frozenset(w for w in words if len(w) >= 3)


def _id_key(value: str) -> set[str]:
    value = value.strip().lower()
    if not value or value in _NOT_NAMES:
        return set()
    m = _ENTITY.fullmatch(value)
    if m:
        return {value, m.group(1)}
    if len(value) < 3:
        return set()
    return {value.replace(" ", "_")}


def arg_names(args: Any) -> set[str]:
    """Names in a tool call's arguments (string values, dict keys, coordinate pairs)."""
    keys: set[str] = set()
    if isinstance(args, dict):
        for v in args.values():
            keys |= arg_names(v)
            if isinstance(v, dict):
                for k in v:
                    keys |= _id_key(str(k))
    elif isinstance(args, (list, tuple)):
        if len(args) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in args):
            keys.add(f"xy:{args[0]},{args[1]}")
        else:
            for v in args:
                keys |= arg_names(v)
    elif isinstance(args, str):
        keys |= _id_key(args)
        keys |= {f"xy:{x},{y}" for x, y in _COORD.findall(args)}
    return keys


def episode_vocabulary(actions: Iterable[dict[str, Any]]) -> frozenset[str]:
    """Agent names, the ids the agents used as arguments, and the content ids."""
    words: set[str] = set(content_vocabulary())
    for a in actions:
        words.add(str(a.get("agent", "")).lower())
        if a.get("tool") == "chat":
            to = (a.get("args") or {}).get("to")
            for name in to if isinstance(to, list) else [to]:
                if isinstance(name, str):
                    words |= _id_key(name)
            continue
        for key in arg_names(a.get("args") or {}):
            if not key.startswith("xy:") and "#" not in key:
                words.add(key)
            elif "#" in key:
                words.add(key.split("#", 1)[0])
    return frozenset(w for w in words if len(w) >= 3 and w not in _NOT_NAMES)


def text_names(text: str, vocabulary: frozenset[str]) -> set[str]:
    """Names in free text: entity ids, coordinates, and vocabulary phrases (plurals too)."""
    text = text.lower()
    keys: set[str] = set()
    for m in _ENTITY.finditer(text):
        keys.add(m.group(0))
        keys.add(m.group(1))
    keys |= {f"xy:{x},{y}" for x, y in _COORD.findall(text)}
    words = _WORD.findall(text.replace("_", " ").replace("#", " "))
    for i in range(len(words)):
        for n in range(1, _MAX_PHRASE + 1):
            if i + n > len(words):
                break
            phrase = "_".join(words[i : i + n])
            for stem in singulars(phrase):
                if stem in vocabulary:
                    keys.add(stem)
                    break
    return keys


def singulars(word: str) -> list[str]:
    """The word and its possible singulars: logs -> log, boxes -> box, wolves -> wolf, berries -> berry."""
    out = [word]
    if word.endswith("ves"):
        out += [word[:-3] + "f", word[:-3] + "fe"]
    if word.endswith("ies"):
        out.append(word[:-3] + "y")
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("s"):
        out.append(word[:-1])
    return out


def recipients(action: dict[str, Any], agents: Iterable[str]) -> set[str]:
    """Agents a chat action was addressed to ("team" means every other agent)."""
    to = (action.get("args") or {}).get("to")
    sender = action.get("agent")
    everyone = {a for a in agents if a != sender}
    if to is None or to == "team" or to == "all":
        return everyone
    names = to if isinstance(to, list) else [to]
    out: set[str] = set()
    for name in names:
        if name in ("team", "all"):
            return everyone
        if name in everyone:
            out.add(name)
    return out


def action_names(action: dict[str, Any], vocabulary: frozenset[str]) -> set[str]:
    """What an action names: its arguments (plus, from the world content, what a gathered
    node yields and what a crafted recipe takes and makes; for a pick_up, the items it picked
    up), or for chat the message text."""
    args = action.get("args") or {}
    tool = action.get("tool")
    if tool == "chat":
        return text_names(str(args.get("message", "")), vocabulary)
    names = arg_names(args)
    content = _content()
    if content is not None:
        if tool == "gather" and isinstance(args.get("target"), str):
            node = getattr(content, "node_kinds", {}).get(args["target"].split("#", 1)[0])
            names |= set(getattr(node, "yields", None) or {})
        elif tool == "craft" and isinstance(args.get("recipe"), str):
            recipe = getattr(content, "recipes", {}).get(args["recipe"])
            names |= set(getattr(recipe, "inputs", None) or {}) | set(getattr(recipe, "outputs", None) or {})
    if tool == "pick_up":  # a ground id (ground#3) names nothing; what was picked up does
        names |= {
            str(ev["item"])
            for ev in action.get("events") or []
            if ev.get("kind") in ("pick_up", "item_gain") and isinstance(ev.get("item"), str)
        }
    return names
