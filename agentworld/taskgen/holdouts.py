"""Survival motifs (issue 24): a team holds out where an exposure wears it down (world/exposure.py).

Every survival motif turns on an exposure of map.yaml and asks that nobody dies, so the team must keep
its members alive while it works: food cooked from rare catches, cloaks only a master tailor sews,
fires a woodcutter builds and feeds. The documentation is a character sheet and what the character
knows (its trade, its recipes, what the weather does, a place it has scouted); who needs what, where
to meet and when arrives by chat in the oracle plan.

- `gale_works`: builders raise a site inside a killing gale; each build costs them the gale less what
  protects them, so the team needs the tailor's cloaks or the woodcutter's fire (the audit proves it:
  `Endure`), the cook's food to last, and more hands than one to do the work in time.
- `watch_and_dig`: a site is built while a lookout holds a far post (`built_while_held`), the lookout
  digging the food's roots there, everyone worn down by the weather until the food comes.
- `twin_huts`: two shelters far apart are closed within a few rounds of each other, a builder at each
  agreeing by chat, both fed in the weather by one cook who fishes and keeps the stores.

The motifs live in gale_works.py (its members, their sheets and plans, in gale_members.py),
watch_and_dig.py and twin_huts.py; this module holds what they share: what a character knows in true
words (the weather, an item, a recipe, a node kind), the cook who feeds the team, and the small steps
and checkpoints every survival plan is written with.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.taskgen import places

Position = tuple[int, int]


# --- what the documentation says ---------------------------------------------------------------------
def exposure_text(exposure_id: str, where: str) -> str:
    """What the weather does, in a character's words (true of map.yaml: damage, kind)."""
    spec = places.content().exposures[exposure_id]
    return (
        f"The {spec.name.lower()} costs anyone standing {where} {spec.damage} HP at the end of every round "
        f"they end there, less what keeps the {spec.kind} off them."
    )


def item_text(item_id: str) -> str:
    """An item as a character knows it: its heal or its protection (true of items.yaml)."""
    item = places.content().items[item_id]
    if item.heal:
        return f"{item.name.lower()} (`{item_id}`, heals {item.heal} HP when eaten: `use`)"
    kept = ", ".join(f"{kind} {n}" for kind, n in item.protects.items())
    return f"{item.name.lower()} (`{item_id}`, worn on the {item.slot}: keeps {kept} HP a round off)"


def recipe_text(recipe_id: str) -> str:
    recipe = places.content().recipes[recipe_id]
    ins = " + ".join(f"{n} {i}" for i, n in recipe.inputs.items())
    outs = " + ".join(f"{n} {i}" for i, n in recipe.outputs.items())
    where = f"at a {recipe.station.replace('_', ' ')}" if recipe.station else "by hand, anywhere"
    tools = f", holding a {', '.join(recipe.tools)}" if recipe.tools else ""
    return f"`{recipe_id}`: {ins} -> {outs} ({recipe.skill} {recipe.level}, {where}{tools})"


def node_text(kind: str, named: bool = True) -> str:
    """A node kind as a character knows it: its skill, yield and capacity (with its id when `named`)."""
    node = places.content().node_kinds[kind]
    item = next(iter(node.yields))
    ident = f"`{kind}`, " if named else ""
    return (
        f"{node.name.lower()}s ({ident}{node.skill} {node.level}: one {item} a `gather`, "
        f"{node.capacity} before it is spent)"
    )


# --- what the plans and checkpoints are written with -------------------------------------------------
def checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


def below(tile: Position, rows: int) -> Position:
    """A walkable tile `rows` south of `tile` (or the nearest free one): where a hand waits."""
    gmap = places.content().map
    x, y = tile[0], tile[1] + rows
    if gmap.walkable(x, y):
        return (x, y)
    return places.free_tile((x, y), 1, set())


def chat(to: str, message: str) -> dict:
    return {"chat": {"to": to, "message": message}}


# --- the cook (gale_works, twin_huts) ----------------------------------------------------------------
@dataclass
class Cook:
    """Catches at `holes` and cooks `recipe` at the nearest range; hands out `rations` at the meeting place
    and keeps the stores."""

    name: str
    title: str
    spawn: str | Position
    node: str
    holes: list[Position]
    recipe: str
    rations: dict[str, int] = field(default_factory=dict)  # agent -> units of food handed at the works
    pack: dict[str, int] = field(default_factory=dict)  # what it carries for the recipe besides its catch
    cloaked: bool = False  # its holes lie in the gale: it waits for a cloak of the tailor's first
    rations_first: bool = False  # cooks and hands out the rations first, then goes back for the stores
    to_each: bool = False  # walks to each builder in turn with its rations (they work apart)
