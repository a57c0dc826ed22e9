"""What the members of a `watch` task (taskgen/posts.py) read: each keeper's and maker's character
sheet (skills, what it carries, the recipes it knows, where it starts and what it knows of the land),
the surveyor's survey of the posts, where a maker's nodes stand, and how the posts are timed, with
the small phrases they are written from.
"""

from __future__ import annotations

from agentworld.taskgen import places
from agentworld.taskgen.parts import _and, recipe_line, spawn_text, xy
from agentworld.taskgen.post_layout import Layout
from agentworld.taskgen.post_model import Keeper, Maker, Position, Post, Watch


def _items(items: dict[str, int]) -> str:
    names = places.content().items
    return _and([f"{n} {names[i].name.lower()} (`{i}`)" for i, n in items.items()])


def skills_text(skills: dict[str, int]) -> str:
    return _and([f"{s} {lvl}" for s, lvl in skills.items()])


def _carry(inventory: dict[str, int]) -> str:
    if not inventory:
        return "You carry nothing of use."
    names = places.content().items
    parts = [
        f"a {names[i].name.lower()}" if n == 1 else f"{n} {names[i].name.lower()}"
        for i, n in inventory.items()
    ]
    return f"You carry {_and(parts)}."


def _recipes(recipes: list[str]) -> str:
    if not recipes:
        return ""
    return "Recipes you know:\n" + "\n".join(f"  - {recipe_line(r)}" for r in recipes)


def _node_words(kind: str) -> str:
    """A node kind in plain words ('starsilver veins'), without its id: one learns the id by seeing one."""
    name = places.content().node_kinds[kind].name.lower()
    return name if name.endswith("s") else name + ("es" if name.endswith(("ch", "sh", "x")) else "s")


def _a(noun: str) -> str:
    return noun if noun.startswith(("the ", "a ", "an ")) else ("an " if noun[0] in "aeiou" else "a ") + noun


def place_text(where: str | Position) -> str:
    return where if isinstance(where, str) else xy(where)


def item_name(item: str) -> str:
    return places.content().items[item].name.lower()


def _station_name(station_id: str) -> str:
    return places.content().stations[station_id.split("#")[0]].name.lower()


def _survey_line(post: Post, layout: Layout) -> str:
    tile = layout.site[post.id]
    kinds = ([post.node] if post.node else []) + list(post.also)
    local = (
        f"{_and([_node_words(k) for k in kinds])} grow beside it" if kinds else "nothing to gather beside it"
    )
    line = (
        f"  - the {post.name} (`site#{post.id}`) at {xy(tile)} in {places.region_name(tile)}: it takes "
        f"{_items(post.materials())}, then {post.work} turns of work with {post.skill} {post.level}; {local}"
    )
    if post.top:
        t = post.top
        line += (
            f"; on it, once it stands, the {t.name} (`site#{t.id}`) takes {_items(t.supply)} and "
            f"{t.work} turn{'s' if t.work > 1 else ''} of work with {post.skill} {post.level}, the last of "
            f"which lights it"
        )
    return line


def survey(w: Watch, layout: Layout) -> str:
    text = "You hold the team's survey of the posts:\n" + "\n".join(_survey_line(p, layout) for p in w.posts)
    if w.central:
        c = w.central
        text += (
            f"\n  - the {c.name} (`site#{c.id}`) at {xy(layout.site[c.id])}: it takes {_items(c.materials)}, "
            f"then {c.work} turns of work with {c.skill} {c.level}"
        )
    return text


def where_nodes(maker: Maker, layout: Layout, with_ids: bool) -> list[str]:
    """Where a maker's gathering stages happen: "<kind words> [(`id`)] at (x, y)" each."""
    out = []
    for i, stage in enumerate(maker.stages):
        spot = layout.stand.get(f"{maker.name}:{i}")
        if stage.kind == "gather" and spot is not None:
            named = f" (`{stage.what}`)" if with_ids else ""
            out.append(f"{_node_words(stage.what)}{named} at {xy(spot)}")
    return out


def keeper_context(keeper: Keeper) -> str:
    lines = [
        f"You are {_a(keeper.title.lower())}: {skills_text(keeper.skills)}. {_carry(keeper.inventory)}",
        _recipes(keeper.recipes),
        f"You start at {spawn_text(keeper.spawn)}." + (f" {keeper.knows}" if keeper.knows else ""),
    ]
    return "\n".join(line for line in lines if line)


def maker_context(maker: Maker, layout: Layout, knows_nodes: bool, w: Watch) -> str:
    recipes = list(dict.fromkeys([s.what for s in maker.stages if s.kind == "craft"] + maker.recipes))
    content = places.content()
    others = [m.skills for m in [*w.keepers, *w.makers] if m.name != maker.name]
    only = [  # recipes no one else on the team has the level for (and none could train to in time)
        r
        for r in recipes
        if content.recipes[r].level >= 40
        and not any(o.get(content.recipes[r].skill, 1) >= content.recipes[r].level for o in others)
    ]
    alone = (
        f", the only one on the team who can make {_and([f'`{r}`' for r in only])} (nobody else could "
        f"train that far in time)"
        if only
        else ""
    )
    stations = list(dict.fromkeys(s.at for s in maker.stages if s.kind == "craft" and isinstance(s.at, str)))
    where = (
        _and([f"the {_station_name(st)} `{st}` at {xy(places.station(st))}" for st in stations])
        if stations
        else ""
    )
    nodes = where_nodes(maker, layout, with_ids=False) if knows_nodes else []
    lines = [
        f"You are {_a(maker.title.lower())}: {skills_text(maker.skills)}{alone}. {_carry(maker.inventory)}",
        _recipes(recipes),
        f"You start at {spawn_text(maker.spawn)}."
        + (f" You work at {where}." if where else "")
        + (f" You know where to find {_and(nodes)}." if nodes else "")
        + (f" {maker.knows}" if maker.knows else ""),
    ]
    return "\n".join(line for line in lines if line)


def timing_words(w: Watch) -> str:
    if w.mode == "together":
        return f"We light every post together in round {w.light}: hold back the last build until then."
    if w.mode == "order":
        return "Each post is lit in its round, one a round in order: hold back the last build until then."
    assert w.central is not None
    return (
        f"Tell {w.central.builder} when you are in place, and stay within {w.central.within} tiles of your "
        f"post until the {w.central.name} is finished."
    )
