"""The things that live in the world: plain dataclasses holding state only (rules live in the engine).

Positions are integer tiles `x, y`. Ids follow docs/ARCHITECTURE.md (`wolf#12`, `oak_tree#3`,
`workbench#town`, `ground#4`, `site#bridge`, NPC data ids, agent names).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .inventory import Inventory


@dataclass(slots=True)
class Player:
    name: str
    x: int
    y: int
    spawn: tuple[int, int]
    hp: int
    max_hp: int
    skills: dict[str, int]  # level per skill (every skill present)
    xp: dict[str, int]  # experience per skill
    inventory: Inventory = field(default_factory=Inventory)
    equipment: dict[str, str | None] = field(default_factory=dict)  # slot -> item id
    equip_origin: dict[str, int | None] = field(default_factory=dict)  # slot -> action that equipped it
    alive: bool = True
    respawn_round: int | None = None  # round at whose start a dead player is back
    kills: dict[str, int] = field(default_factory=dict)  # mob type -> kills (quests)
    quests: dict[str, int] = field(default_factory=dict)  # quest id -> stage index (done = len)
    quest_npc: dict[str, str] = field(default_factory=dict)  # quest id -> npc id
    quest_actions: dict[str, list[int]] = field(default_factory=dict)  # quest id -> actions that advanced it
    quest_kills: dict[str, dict[str, int]] = field(default_factory=dict)  # quest -> kills in current stage
    quest_kill_actions: dict[str, list[int]] = field(default_factory=dict)  # quest -> those killing actions
    talked: dict[str, int] = field(default_factory=dict)  # npc id -> times talked to
    boosts: dict[str, tuple[int, int]] = field(default_factory=dict)  # skill -> (bonus, last round)
    messages: list[dict] = field(default_factory=list)  # inbox, drained on observe
    news_from: int = 0  # event-log length after its last action: later events are news
    last_result: str = ""
    last_error: str | None = None
    path_goal: tuple | None = None  # cached move_to: (target key, goal tile, near)
    path: list[tuple[int, int]] = field(default_factory=list)  # remaining cached steps

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass(slots=True)
class Mob:
    id: str
    type: str
    x: int
    y: int
    spawn: tuple[int, int]
    hp: int
    max_hp: int
    alive: bool = True
    respawn_round: int | None = None
    target: str | None = None  # player name it is fighting
    damage_by: dict[int, int] = field(default_factory=dict)  # action id -> damage this life
    damage_agents: dict[str, int] = field(default_factory=dict)  # player -> damage this life (threat)
    seq: int = 0  # creation order: mobs act in this order
    path: list[tuple[int, int]] = field(default_factory=list)  # cached walk (home or to target)
    path_goal: tuple | None = None
    guards: tuple[tuple[int, int], ...] = ()  # tiles no player may step on while this mob lives


@dataclass(slots=True)
class Npc:
    id: str
    name: str
    x: int
    y: int
    stock: dict[str, int] = field(default_factory=dict)  # shop item -> units left


@dataclass(slots=True)
class Node:
    id: str
    kind: str
    x: int
    y: int
    capacity: int
    max_capacity: int
    respawn_round: int | None = None  # set while depleted

    @property
    def depleted(self) -> bool:
        return self.capacity <= 0


@dataclass(slots=True)
class GroundItem:
    id: str
    item: str
    x: int
    y: int
    lots: list[tuple[int | None, int]]  # keeps the provenance of what was dropped
    count: int = 0  # total units (sum of lots; lots never change once dropped)

    def __post_init__(self) -> None:
        self.count = sum(n for _o, n in self.lots)


@dataclass(slots=True)
class Station:
    id: str
    kind: str
    name: str
    x: int
    y: int


@dataclass(slots=True)
class Shelter:
    """What a finished site keeps off (world/exposure.py): a windbreak, or a fire that needs fuel."""

    protects: dict[str, int]  # exposure kind -> HP kept off a round, within radius
    radius: int  # Chebyshev tiles from the site
    fuel: str | None = None  # a fire: the item a build feeds it
    burns: int | None = None  # a fire: rounds it burns from completion, and per unit fed


@dataclass(slots=True)
class Site:
    id: str
    name: str
    x: int
    y: int
    materials: dict[str, int]  # still needed
    required: dict[str, int]  # total originally required
    work: int  # work points required after materials
    work_done: int = 0
    skill: str | None = None
    level: int = 1
    complete: bool = False
    builders: list[int] = field(default_factory=list)  # build actions that delivered or worked
    shelter: Shelter | None = None  # what it keeps off once complete (exposure.py)
    lit_until: int | None = None  # a fire: the last round at whose end it still burns
    fed_by: list[int] = field(default_factory=list)  # a fire: the build actions that fed it


@dataclass(slots=True)
class Landmark:
    id: str
    name: str
    x: int
    y: int


@dataclass(slots=True)
class Offer:
    id: int
    sender: str
    to: str
    give: dict[str, int]
    want: dict[str, int]
    round: int
    action: int
    expires: int  # last round in which it may be accepted


# Things an agent can target by id only while they are in view (landmarks, NPCs, stations and
# sites are fixed places that task documentation names, and teammates are known by name).
HIDDEN_UNTIL_SEEN = (GroundItem, Mob, Node)
