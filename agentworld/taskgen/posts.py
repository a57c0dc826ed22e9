"""Coordination motifs: a team works out who holds which post and when, then works the posts.

A *post* is a task site at a place: its keeper gathers what the site takes from nodes placed beside
it (and may turn that into something by hand or at a station first), delivers it and works the site
(`work` turns with a skill at a level only keepers have). A post may carry a *top*: a second site
built on the finished post (a lamp hung on the lamp post, a brand set in the pyre) that takes what a
*maker* brings, made elsewhere from gathered or carried materials; its last build lights it.

The outcome fixes when the posts are finished, and that makes the crew (docs/AUDIT.md "Timed site
conditions"): every post in one round (`relay` with no gap: an agreed round), one after another a
round apart from a signal round (`relay`), or a central site every build of which is made while each
post is held (`built_while_held`, each post's own site built too). No member holds two posts, so
every keeper is needed for presence; makers are needed for what only they can make.

Documentation informs and never scripts: a keeper's context says what it is, what it can do (skills,
tools, the recipes it knows) and what it knows of the land; one member holds the survey of the posts
(their sites, places and what each takes), another may know the signal round, a third where a
maker's materials grow; nobody is told which post is its own, when to act or whom to give to. The
oracle plan carries all of it by chat: keepers may report what they can do, the surveyor shares the
survey with the team's assignment, the herald the round, keepers say when they are in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import Agent, _and, recipe_line, spawn_text, xy
from agentworld.world.pathfinding import find_path_grid

Position = tuple[int, int]
Mode = Literal["together", "order", "held"]


# --- what a motif call describes -----------------------------------------------------------------
@dataclass
class Top:
    """A second site on a finished post, lit by its last build: it takes what makers bring."""

    id: str
    name: str
    supply: dict[str, int]
    work: int = 1


@dataclass
class Post:
    """One post: a site at `near`, built from what its keeper gathers beside it (`gather` units of the
    `node` kind's yield, turned into the site's material by `recipe` when given), then worked."""

    id: str  # the site id
    name: str  # its display name ("Causeway lamp post")
    near: str | Position  # a landmark id or a tile
    keeper: str  # who holds it in the oracle plan (the team's choice, made by chat)
    node: str | None = None  # the node kind placed beside the site
    gather: int = 0  # units of its yield gathered there
    recipe: str | None = None  # what the keeper makes of them (by hand, or at `station`)
    station: str | None = None  # the station the recipe needs (the keeper walks there and back)
    supply: dict[str, int] = field(default_factory=dict)  # site materials a maker brings (no top)
    top: Top | None = None
    fetch: str | Position | None = None  # where the keeper collects its supply (else a maker brings it)
    work: int = 2  # work turns after the materials are in
    skill: str = "fletching"
    level: int = 40
    direction: Position = (0, -1)  # where the site stands from `near`
    away: int = 2
    nodes: int = 2  # how many nodes are placed beside it
    also: dict[str, int] = field(default_factory=dict)  # more node kinds beside it -> units, gathered after
    also_recipe: str | None = None  # what the keeper makes (by hand) of the `also` units before bringing them

    def local(self) -> dict[str, int]:
        """What the keeper's own work puts into the site: the gathered units, or what it makes of them."""
        if not self.node:
            return {}
        if self.recipe:
            recipe = places.content().recipes[self.recipe]
            item, n = next(iter(recipe.outputs.items()))
            return {item: n * self.times()}
        return {self.yield_item(): self.gather}

    def yield_item(self) -> str:
        return next(iter(places.content().node_kinds[self.node].yields))

    def times(self) -> int:
        """How many times the keeper crafts its recipe: as often as the gathered units allow."""
        recipe = places.content().recipes[self.recipe]
        return self.gather // recipe.inputs[self.yield_item()]

    def materials(self) -> dict[str, int]:
        kinds = places.content().node_kinds
        more = {next(iter(kinds[k].yields)): n for k, n in self.also.items()}
        if self.also_recipe:
            recipe = places.content().recipes[self.also_recipe]
            (item, made), (used, need) = next(iter(recipe.outputs.items())), next(iter(recipe.inputs.items()))
            more = {**{k: v for k, v in more.items() if k != used}, item: made * (more[used] // need)}
        return {**self.local(), **more, **self.supply}

    def lit(self) -> str:
        """The site whose last build the timing counts."""
        return self.top.id if self.top else self.id


@dataclass
class Keeper:
    """A member who can hold posts: its skills (a post's work skill among them), what it carries, the
    recipes it knows and what it knows of the land (in the character's voice)."""

    name: str
    title: str
    spawn: str | Position
    skills: dict[str, int]
    inventory: dict[str, int] = field(default_factory=dict)
    recipes: list[str] = field(default_factory=list)
    knows: str = ""


@dataclass
class Stage:
    """One step of a maker's chain:
    - gather: `count` units of the `what` node kind's yield, at nodes placed around the tile `at`;
    - craft: recipe `what`, `count` times, at the station `at` (by hand when None);
    - give: `count` of item `what` to the member `at` (walking to it first; with `meet`, waiting where
      it is for that member's word that it has come);
    - wait: until `count` of item `what` is in hand (another maker brings it), at `at` if given."""

    kind: Literal["gather", "craft", "give", "wait"]
    what: str
    count: int
    at: str | Position | None = None
    nodes: int = 2
    meet: bool = False
    via: str | Position | None = (
        None  # give: where to go first (a tile, id or task site; the recipient waits)
    )


@dataclass
class Maker:
    """A member who makes what the posts (or the central site) take, stage by stage."""

    name: str
    title: str
    spawn: str | Position
    skills: dict[str, int]
    inventory: dict[str, int]
    stages: list[Stage]
    knows: str = ""
    recipes: list[str] = field(default_factory=list)  # recipes it knows besides its stages' (its post's)


@dataclass
class Central:
    """The site of `held` mode, built by a maker (every build, deliveries too) while each post is held."""

    id: str
    name: str
    near: str | Position
    builder: str
    materials: dict[str, int]
    work: int
    skill: str
    level: int
    within: int = 3  # how near each post's keeper must stand
    direction: Position = (0, -1)
    away: int = 2


@dataclass
class Watch:
    """One coordination task as a motif call describes it (see `watch`)."""

    mode: Mode
    posts: list[Post]
    keepers: list[Keeper]
    makers: list[Maker] = field(default_factory=list)
    central: Central | None = None
    surveyor: str = ""  # the member holding the survey of the posts
    herald: str | None = None  # the member who knows the signal round
    signal: int | None = None  # no post may be finished before it
    light: int = 0  # the round the posts are finished in (order: the first of them)
    reports: bool = False  # keepers tell the surveyor what they can do before it assigns posts
    scouts: dict[str, str] = field(default_factory=dict)  # maker -> the member who knows its nodes

    def rounds(self) -> dict[str, int]:
        """post id -> the round its lighting build is made in (together, order)."""
        return {p.id: self.light + (i if self.mode == "order" else 0) for i, p in enumerate(self.posts)}


# --- where things stand --------------------------------------------------------------------------
def _tile(where: str | Position) -> Position:
    return places.landmark(where) if isinstance(where, str) else (where[0], where[1])


def _walk(a: Position, b: Position) -> int:
    """Tiles of walking from `a` to within 1 of `b` (a large number when there is no short way)."""
    ix = places._world()._ix
    path = find_path_grid(ix.walk_grid, ix.width, ix.height, a, b, 1, 4000)
    return 999 if path is None else len(path)


def _beside(tile: Position, taken: set[Position]) -> Position:
    """A walkable free tile next to `tile` (south first): where a member stands to build on it."""
    gmap = places.content().map
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        spot = (tile[0] + dx, tile[1] + dy)
        if gmap.walkable(*spot) and spot not in taken:
            return spot
    raise ValueError(f"nothing walkable beside {tile}")


@dataclass
class Layout:
    """The tiles a motif call puts things on: sites, where to stand at them, nodes."""

    site: dict[str, Position] = field(default_factory=dict)  # site id -> tile
    stand: dict[str, Position] = field(default_factory=dict)  # site id or "maker:stage" -> tile
    nodes: list[dict] = field(default_factory=list)  # the task's node entries
    taken: set[Position] = field(default_factory=set)

    def place_site(self, key: str, near: str | Position, away: int, direction: Position) -> Position:
        tile = places.free_tile(_tile(near), away, self.taken, direction)
        self.site[key] = tile
        self.stand[key] = _beside(tile, self.taken)
        self.taken.add(self.stand[key])
        return tile

    def place_nodes(self, kind: str, around: Position, count: int) -> list[Position]:
        sides = ((1, 0), (-1, 0), (0, 1), (0, -1))
        tiles = [places.free_tile(around, 2, self.taken, sides[i % 4]) for i in range(count)]
        for tile in tiles[1:]:  # a short walk apart (not across a wall or water)
            if _walk(tiles[0], tile) > 8:
                raise ValueError(
                    f"{kind} nodes around {around}: {tile} is {_walk(tiles[0], tile)} tiles from {tiles[0]}"
                )
        self.nodes += [{"kind": kind, "position": list(t)} for t in tiles]
        return tiles


def _lay_out(w: Watch) -> Layout:
    layout = Layout()
    for post in w.posts:
        tile = layout.place_site(post.id, post.near, post.away, post.direction)
        if post.top:
            layout.site[post.top.id] = tile  # the top stands on the post
            layout.stand[post.top.id] = layout.stand[post.id]
        if post.node:
            layout.place_nodes(post.node, tile, post.nodes)
        for kind in post.also:
            layout.place_nodes(kind, tile, 1)
    if w.central:
        c = w.central
        layout.place_site(c.id, c.near, c.away, c.direction)
    for maker in w.makers:
        for i, stage in enumerate(maker.stages):
            if stage.kind == "gather" and stage.at is not None:
                tiles = layout.place_nodes(stage.what, _tile(stage.at), stage.nodes)
                layout.stand[f"{maker.name}:{i}"] = _beside(tiles[0], layout.taken)
                layout.taken.add(layout.stand[f"{maker.name}:{i}"])
    return layout


# --- words ---------------------------------------------------------------------------------------
def _items(items: dict[str, int]) -> str:
    names = places.content().items
    return _and([f"{n} {names[i].name.lower()} (`{i}`)" for i, n in items.items()])


def _skills(skills: dict[str, int]) -> str:
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


def _place(where: str | Position) -> str:
    return where if isinstance(where, str) else xy(where)


def _item_name(item: str) -> str:
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


def _survey(w: Watch, layout: Layout) -> str:
    text = "You hold the team's survey of the posts:\n" + "\n".join(_survey_line(p, layout) for p in w.posts)
    if w.central:
        c = w.central
        text += (
            f"\n  - the {c.name} (`site#{c.id}`) at {xy(layout.site[c.id])}: it takes {_items(c.materials)}, "
            f"then {c.work} turns of work with {c.skill} {c.level}"
        )
    return text


def _where_nodes(maker: Maker, layout: Layout, with_ids: bool) -> list[str]:
    """Where a maker's gathering stages happen: "<kind words> [(`id`)] at (x, y)" each."""
    out = []
    for i, stage in enumerate(maker.stages):
        spot = layout.stand.get(f"{maker.name}:{i}")
        if stage.kind == "gather" and spot is not None:
            named = f" (`{stage.what}`)" if with_ids else ""
            out.append(f"{_node_words(stage.what)}{named} at {xy(spot)}")
    return out


def _keeper_context(keeper: Keeper) -> str:
    lines = [
        f"You are {_a(keeper.title.lower())}: {_skills(keeper.skills)}. {_carry(keeper.inventory)}",
        _recipes(keeper.recipes),
        f"You start at {spawn_text(keeper.spawn)}." + (f" {keeper.knows}" if keeper.knows else ""),
    ]
    return "\n".join(line for line in lines if line)


def _maker_context(maker: Maker, layout: Layout, knows_nodes: bool, w: Watch) -> str:
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
    nodes = _where_nodes(maker, layout, with_ids=False) if knows_nodes else []
    lines = [
        f"You are {_a(maker.title.lower())}: {_skills(maker.skills)}{alone}. {_carry(maker.inventory)}",
        _recipes(recipes),
        f"You start at {spawn_text(maker.spawn)}."
        + (f" You work at {where}." if where else "")
        + (f" You know where to find {_and(nodes)}." if nodes else "")
        + (f" {maker.knows}" if maker.knows else ""),
    ]
    return "\n".join(line for line in lines if line)


def _timing_words(w: Watch) -> str:
    if w.mode == "together":
        return f"We light every post together in round {w.light}: hold back the last build until then."
    if w.mode == "order":
        return "Each post is lit in its round, one a round in order: hold back the last build until then."
    assert w.central is not None
    return (
        f"Tell {w.central.builder} when you are in place, and stay within {w.central.within} tiles of your "
        f"post until the {w.central.name} is finished."
    )


# --- plans ---------------------------------------------------------------------------------------
def _build(site: str, times: int | None = None) -> dict:
    return {"build": {"site": f"site#{site}", **({"times": times} if times else {})}}


def _keeper_work(w: Watch, post: Post, layout: Layout) -> list[dict]:
    """A keeper's steps at its post: walk there, gather, make, deliver and work; the lighting build waits
    for its round (together, order); in `held` mode it first tells the central builder it is in place.
    What makers bring is waited for at the post, or collected at `fetch` (with the station trip of the
    keeper's own recipe when that is the same place)."""
    stand = list(layout.stand[post.id])
    supply = {**post.supply, **(post.top.supply if post.top else {})}
    steps: list[dict] = [{"move_to": {"target": stand}}]
    if w.mode == "held" and w.central:
        steps.append({"chat": {"to": w.central.builder, "message": f"In place at the {post.name}."}})
    collected = False
    if post.node:
        steps.append({"gather": {"target": post.node, "count": post.gather}})
        if post.recipe and post.station:
            steps += [
                {"move_to": {"target": post.station}},
                {"craft": {"recipe": post.recipe, "count": post.times()}},
            ]
            if post.fetch == post.station and supply:
                steps += _collect(w, post, supply)
                collected = True
            steps.append({"move_to": {"target": stand}})
        elif post.recipe:
            steps.append({"craft": {"recipe": post.recipe, "count": post.times()}})
    delivered = 0  # builds made so far (deliveries)
    if post.also:  # the first materials in, then each other kind gathered and brought in
        steps.append(_build(post.id, 1))
        for kind, n in post.also.items():
            steps.append({"gather": {"target": kind, "count": n}})
            if post.also_recipe:
                recipe = places.content().recipes[post.also_recipe]
                steps.append(
                    {"craft": {"recipe": post.also_recipe, "count": n // next(iter(recipe.inputs.values()))}}
                )
            steps.append(_build(post.id, 1))
        delivered = 1 + len(post.also)
    lit = post.top is None and w.mode != "held"
    if post.supply:  # (not delivered apart from the local materials: a build delivers all it can)
        if not collected:
            steps += _fetched(w, post, post.supply, stand)
            collected = True
    if lit:  # every build but the last now; the last in its round
        pending = delivered == 0 or bool(post.supply)  # a delivery still to make
        before = (1 if pending else 0) + post.work - 1
        steps += [_build(post.id, before)] if before > 0 else []
        steps += [{"wait_for": {"until_round": w.rounds()[post.id]}}, _build(post.id)]
        return steps
    steps.append(_build(post.id))
    if post.top:
        t = post.top
        if not collected:
            steps += _fetched(w, post, t.supply, stand)
        steps.append(_build(t.id, t.work))
        steps += [{"wait_for": {"until_round": w.rounds()[post.id]}}, _build(t.id)]
    return steps


def _fetched(w: Watch, post: Post, items: dict[str, int], stand: list[int]) -> list[dict]:
    """Waiting at the post for what makers bring, or (with `fetch`) going to collect it and coming back."""
    if post.fetch is None:
        return [{"wait_for": {"item": i, "count": n}} for i, n in items.items()]
    where = list(post.fetch) if isinstance(post.fetch, tuple) else post.fetch
    return [{"move_to": {"target": where}}, *_collect(w, post, items), {"move_to": {"target": stand}}]


def _collect(w: Watch, post: Post, items: dict[str, int]) -> list[dict]:
    """At the collection place: tell the makers who hand these items over there, and wait for them."""
    makers = [
        m.name
        for m in w.makers
        if any(s.kind == "give" and s.meet and s.at == post.keeper and s.what in items for s in m.stages)
    ]
    what = post.top.name if post.top else post.name
    tell = [{"chat": {"to": makers, "message": f"I am here for what the {what} takes."}}] if makers else []
    return tell + [{"wait_for": {"item": i, "count": n}} for i, n in items.items()]


def _via(stage: Stage, layout: Layout) -> str | list[int] | None:
    """Where a giver walks first: a tile, a task site (where one stands to build on it), an id, or the
    recipient itself."""
    if isinstance(stage.via, tuple):
        return list(stage.via)
    if isinstance(stage.via, str) and stage.via in layout.stand:
        return list(layout.stand[stage.via])
    return stage.via or stage.at


def _maker_work(maker: Maker, layout: Layout) -> list[dict]:
    """A maker's chain, each stage where it happens; a hand-over it `meet`s waits for the member's word."""
    steps: list[dict] = []
    here: object = None
    for i, stage in enumerate(maker.stages):
        if stage.kind == "gather":
            where: object = list(layout.stand[f"{maker.name}:{i}"])
        elif stage.kind == "craft":
            where = stage.at if isinstance(stage.at, str) else None
        elif stage.kind == "give":
            where = (_via(stage, layout) if stage.via else None) if stage.meet else _via(stage, layout)
        else:
            where = list(stage.at) if isinstance(stage.at, tuple) else stage.at
        if where is not None and where != here:
            steps.append({"move_to": {"target": where}})
            here = where
        if stage.kind == "gather":
            steps.append({"gather": {"target": stage.what, "count": stage.count}})
        elif stage.kind == "craft":
            steps.append({"craft": {"recipe": stage.what, "count": stage.count}})
        elif stage.kind == "give":
            if stage.meet and not (
                steps and steps[-1].get("wait_for", {}).get("messages_from") == [stage.at]
            ):
                steps += _wait_word([stage.at])
            steps.append({"give": {"to": stage.at, "item": stage.what, "count": stage.count}})
        else:
            steps.append({"wait_for": {"item": stage.what, "count": stage.count}})
    return steps


def _wait_word(senders: list[str]) -> list[dict]:
    """Wait for a chat from each sender, in whatever order they come."""
    senders = list(dict.fromkeys(senders))
    return [{"wait_for": {"messages_from": senders}}] if senders else []


def _plans(w: Watch, layout: Layout, assignment: dict[str, str]) -> dict[str, list[dict]]:
    """Every member's oracle plan for an assignment (post id -> keeper).

    The opening carries what the members must learn from each other: scouts tell makers where their
    nodes are; the herald tells the surveyor the signal round; holders may report what they can do;
    the surveyor then sends the survey with who takes which post and when (and where to collect)."""
    posts = {p.id: p for p in w.posts}
    mine = {k: pid for pid, k in assignment.items()}
    holders = _holders(w)  # every member who holds a post (keepers, and makers who keep one too)
    reporters = [k for k in holders if k != w.surveyor] if w.reports else []
    # a maker who waits at a station for what another brings says where: (recipient, giver, item, place)
    asks = [
        (st.at, m.name, st.what, st.via)
        for m in w.makers
        for st in m.stages
        if st.kind == "give" and isinstance(st.via, str) and st.via not in layout.stand and not st.meet
    ]
    plans: dict[str, list[dict]] = {}
    for member in [*w.keepers, *w.makers]:
        name = member.name
        plan: list[dict] = [
            {"chat": {"to": m, "message": _scouting(w, m, layout)}}
            for m, scout in w.scouts.items()
            if scout == name
        ]
        plan += [
            {"chat": {"to": giver, "message": f"Bring the {_item_name(item)} to me at {via}."}}
            for to, giver, item, via in asks
            if to == name
        ]
        if name == w.herald and w.herald != w.surveyor:
            plan.append({"chat": {"to": w.surveyor, "message": f"The signal comes in round {w.signal}."}})
        if name in reporters:
            plan.append({"chat": {"to": w.surveyor, "message": f"{member.title}: {_skills(member.skills)}."}})
        heard = [scout for m, scout in w.scouts.items() if m == name]
        heard += [to for to, giver, _item, _via in asks if giver == name]
        if name != w.surveyor:
            heard.append(w.surveyor)
        if name == w.surveyor:
            heard += reporters + ([w.herald] if w.herald and w.herald != w.surveyor else [])
        plan += _wait_word(heard)
        if name == w.surveyor:
            plan += _survey_chats(w, layout, assignment)
        if isinstance(member, Maker):
            plan += _maker_work(member, layout)
        if name in mine:
            plan += _keeper_work(w, posts[mine[name]], layout)
        plans[name] = plan
    if w.central:
        c = w.central
        plans[c.builder] += [{"move_to": {"target": list(layout.stand[c.id])}}]
        plans[c.builder] += _wait_word([k for k in holders if k != c.builder])
        plans[c.builder] += [_build(c.id)]
    return plans


def _scouting(w: Watch, maker_name: str, layout: Layout) -> str:
    maker = next(m for m in w.makers if m.name == maker_name)
    return f"You will find {_and(_where_nodes(maker, layout, with_ids=False))}."


CHAT_BUDGET = 480  # characters of one survey message (the engine's chat limit is 500)


def _survey_chats(w: Watch, layout: Layout, assignment: dict[str, str]) -> list[dict]:
    """The surveyor's messages: who takes which post (its site, place and, when timed, its round), and
    what all must know (the central site, the signal, how to time the lighting, where to collect). Long
    surveys go out in several messages, each to the members it names; makers hear the first."""
    rounds = w.rounds() if w.mode != "held" else {}
    lines = [
        f"{assignment[p.id]}: {p.name} site#{p.id} {xy(layout.site[p.id])}"
        + (f", lit in round {rounds[p.id]}" if w.mode == "order" else "")
        for p in w.posts
        if assignment[p.id] != w.surveyor
    ]
    common = ""
    if w.central:
        c = w.central
        common += f" The {c.name} site#{c.id} is at {xy(layout.site[c.id])}."
    if w.signal:
        common += f" The signal comes in round {w.signal}: no post may be lit before it."
    common += " " + _timing_words(w)
    fetch = list(dict.fromkeys(p.fetch for p in w.posts if p.fetch is not None))
    if fetch:
        common += " Collect what your post takes from the makers at " + _and([_place(f) for f in fetch]) + "."
    chunks: list[list[str]] = [[]]
    for line in lines:
        if chunks[-1] and len("; ".join(chunks[-1] + [line])) + len(common) > CHAT_BUDGET:
            chunks.append([])
        chunks[-1].append(line)
    makers = [m.name for m in w.makers if m.name not in assignment.values() and m.name != w.surveyor]
    chats = []
    for i, chunk in enumerate(chunks):
        to = [line.split(":", 1)[0] for line in chunk] + (makers if i == 0 else [])
        chats.append({"chat": {"to": to, "message": "Posts: " + "; ".join(chunk) + "." + common}})
    return chats


# --- the task ------------------------------------------------------------------------------------
def _objective(w: Watch, intro: str) -> str:
    lit = [p.top.name if p.top else p.name for p in w.posts]
    names = _and([f"the {n}" for n in lit])
    if w.mode == "together":
        when = f"{names} are all lit in the same round" + (
            ", none of them before the signal" if w.signal else ""
        )
    elif w.mode == "order":
        when = (
            f"{names} are lit in that order, each exactly one round after the one before, the first in the "
            f"round of the signal or later"
        )
    else:
        assert w.central is not None
        when = (
            f"{names} are all finished, and the {w.central.name} is finished with someone standing within "
            f"{w.central.within} tiles of each of them at every build on it (deliveries included)"
        )
    return f"{intro} The task is complete when {when}."


def _success(w: Watch, layout: Layout) -> list[dict]:
    start = {"from_round": w.signal} if w.signal else {}
    lit = [p.lit() for p in w.posts]
    tops = [{"built_on": {"site": p.top.id, "base": p.id}} for p in w.posts if p.top]
    if w.mode == "together":
        return [{"relay": {"sites": lit, "min_gap": 0, "max_gap": 0, **start}}] + tops
    if w.mode == "order":
        return [{"relay": {"sites": lit, "min_gap": 1, "max_gap": 1, **start}}] + tops
    assert w.central is not None
    held = {
        "built_while_held": {
            "site": w.central.id,
            "places": [list(layout.site[p.id]) for p in w.posts],
            "within": w.central.within,
        }
    }
    return [held] + [{"site_built": {"site": p.id}} for p in w.posts]


def _site(sid: str, name: str, tile: Position, materials: dict, work: int, skill: str, level: int) -> dict:
    return {
        "id": sid,
        "name": name,
        "position": list(tile),
        "materials": dict(materials),
        "work": work,
        "skill": skill,
        "level": level,
    }


def _world(w: Watch, layout: Layout) -> dict[str, list]:
    sites = []
    for p in w.posts:
        sites.append(_site(p.id, p.name, layout.site[p.id], p.materials(), p.work, p.skill, p.level))
        if p.top:
            t = p.top
            sites.append(_site(t.id, t.name, layout.site[t.id], t.supply, t.work, p.skill, p.level))
    if w.central:
        c = w.central
        sites.append(_site(c.id, c.name, layout.site[c.id], c.materials, c.work, c.skill, c.level))
    return {"nodes": layout.nodes, "sites": sites}


def _checkpoints(w: Watch, layout: Layout) -> list[dict]:
    out = []
    supplies: dict[str, int] = {}
    for p in w.posts:
        for item, n in {**p.supply, **(p.top.supply if p.top else {})}.items():
            supplies[item] = supplies.get(item, 0) + n
    for item, n in supplies.items():
        name = places.content().items[item].name.lower()
        out.append(
            {
                "id": f"{item}_made",
                "description": f"The team holds {n} {name}.",
                "when": {"holds": {"items": {item: n}}},
            }
        )
    names = places.content().items

    def stock(p: Post) -> None:
        item, n = next(iter(p.local().items()))
        out.append(
            {
                "id": f"{p.id}_stock",
                "description": f"Someone holds the {n} {names[item].name.lower()} the {p.name} takes.",
                "when": {"holds": {"items": {item: n}}},
            }
        )

    for p in w.posts[:2]:  # (reached once: checkpoints latch)
        if p.local():
            stock(p)
        if p.top or w.mode == "held":
            out.append(
                {
                    "id": f"{p.id}_raised",
                    "description": f"The {p.name} stands.",
                    "when": {"site_built": {"site": p.id}},
                }
            )
    for p in w.posts[2:]:
        if len(out) >= 3:
            break
        if p.local():
            stock(p)
    if w.central:
        c = w.central
        out.append(
            {
                "id": f"{c.id}_done",
                "description": f"The {c.name} is finished.",
                "when": {"site_built": {"site": c.id}},
            }
        )
    return out[:6]


def _word_when_raised(plans: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """The plans with each holder's "in place" message moved after its own last build (held mode): the
    central builder starts later, and the outcome is the same."""
    out = {}
    for name, plan in plans.items():
        word = [s for s in plan if "chat" in s and s["chat"]["message"].startswith("In place at")]
        if word:
            rest = [s for s in plan if s not in word]
            last = max(i for i, s in enumerate(rest) if "build" in s)
            rest.insert(last + 1, word[0])
            out[name] = rest
    return out


def _holders(w: Watch) -> list[str]:
    """Every member who holds a post, in the order of the posts."""
    return [p.keeper for p in w.posts]


def _check(w: Watch) -> None:
    names = [k.name for k in w.keepers] + [m.name for m in w.makers]
    assert len(set(names)) == len(names), names
    holders = _holders(w)
    assert len(set(holders)) == len(holders) and set(holders) <= set(names), "one post per holder"
    assert {k.name for k in w.keepers} <= set(holders), "every keeper holds a post"
    assert w.surveyor in names and (w.herald is None or w.herald in names)
    assert (w.herald is None) == (w.signal is None)
    if w.mode == "held":
        assert w.central is not None and not any(p.top for p in w.posts)


def watch(task_id: str, name: str, *, intro: str, w: Watch, tag: str, why: str, swaps=()) -> Draft:
    """A coordination task: keepers hold and work posts, lit at once, in order or while a central site
    is built. `swaps`: pairs of keepers who could hold each other's posts (alternative routes); a timed
    task also has the alternative of a later agreed round."""
    _check(w)
    layout = _lay_out(w)
    assignment = {p.id: p.keeper for p in w.posts}
    plans = _plans(w, layout, assignment)
    extra: dict[str, list[str]] = {}
    extra.setdefault(w.surveyor, []).append(_survey(w, layout))
    if w.herald:
        extra.setdefault(w.herald, []).append(
            f"The signal comes in round {w.signal}: no post may be lit before it."
        )
    for maker_name, scout in w.scouts.items():
        maker = next(m for m in w.makers if m.name == maker_name)
        extra.setdefault(scout, []).append(f"You know where {_and(_where_nodes(maker, layout, True))} stand.")
    agents: list[Agent] = []
    for k in w.keepers:
        context = "\n".join([_keeper_context(k), *extra.get(k.name, [])])
        agents.append(
            Agent(
                k.name,
                k.title,
                k.spawn,
                dict(k.skills),
                context,
                plans[k.name],
                dict(k.inventory),
                kind="keep",
            )
        )
    for m in w.makers:
        context = "\n".join([_maker_context(m, layout, m.name not in w.scouts, w), *extra.get(m.name, [])])
        agents.append(
            Agent(
                m.name,
                m.title,
                m.spawn,
                dict(m.skills),
                context,
                plans[m.name],
                dict(m.inventory),
                kind="make",
            )
        )
    alternatives = []
    for a, b in swaps:
        swapped = {pid: {a: b, b: a}.get(k, k) for pid, k in assignment.items()}
        alternatives.append((f"{a} and {b} hold each other's posts", _plans(w, layout, swapped)))
    if w.mode != "held":
        later = replace(w, light=w.light + 2)
        alternatives.append(("the team lights two rounds later", _plans(later, layout, assignment)))
    else:
        alternatives.append(
            ("every holder gives word only once its own post stands", _word_when_raised(plans))
        )
    return Draft(
        task_id,
        name,
        "coordination",
        _objective(w, intro),
        agents,
        _success(w, layout),
        _checkpoints(w, layout),
        "watch",
        f"watch:{w.mode}:{tag}",
        world=_world(w, layout),
        alternatives=alternatives,
        why=why,
    )
