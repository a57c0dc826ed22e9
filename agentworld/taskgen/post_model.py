"""What a `watch` call (taskgen/posts.py) describes: its posts (and the tops lit on them), the keepers
who hold them, the makers who make what they take stage by stage, the central site of `held` mode, and
the `Watch` that gathers them with the timing (mode, signal, light round) and who knows what.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from agentworld.taskgen import places

Position = tuple[int, int]
Mode = Literal["together", "order", "held"]


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

    def holders(self) -> list[str]:
        """Every member who holds a post, in the order of the posts."""
        return [p.keeper for p in self.posts]
