"""The schema of the world's data files (``data/*.yaml``): one pydantic model per kind of entry.

Unknown fields are errors (typos are caught) and loaded entries are immutable. ``content.py`` loads
the files into these models and checks the references between them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from agentworld.world.xp import MAX_LEVEL


BUNDLE_DIR = "regions"  # data/regions/*.yaml: the region bundles (content.py reads them)


class ContentError(ValueError):
    """The data files are invalid; ``problems`` lists every error found."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        head = f"{len(self.problems)} problem(s) in the world content:"
        super().__init__("\n".join([head, *("  " + p for p in self.problems)]))


class Model(BaseModel):
    """Base of every data model: unknown fields are errors, loaded content is immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


Id = str
Position = tuple[int, int]
Style = Literal["melee", "ranged", "magic"]


# --- rules.yaml ------------------------------------------------------------------------------
class Stats(Model):
    """Combat bonuses of an item (or of bare hands)."""

    accuracy: int = 0
    strength: int = 0  # damage bonus
    defense: int = 0  # armour
    range: int = Field(1, ge=1)
    style: Style = "melee"


class Rules(Model):
    move_speed: int = Field(ge=1)
    view_radius: int = Field(ge=1)
    interact_range: int = Field(ge=0)
    give_range: int = Field(ge=0)
    max_message_chars: int = Field(ge=1)
    trade_offer_expiry_rounds: int = Field(ge=1)
    respawn_delay_rounds: int = Field(ge=0)
    base_hp: int = Field(ge=1)
    hp_per_health_level: int = Field(ge=0)
    death_rule: str
    equipment_slots: list[str] = Field(min_length=1)
    unarmed: Stats
    max_level: int = Field(MAX_LEVEL, ge=1)
    hub: Id  # landmark everything must be reachable from
    lesson_xp: int = Field(40, ge=0)  # XP per taught skill that one talk with a trainer gives
    mob_speed: int = Field(3, ge=1)  # tiles a mob walks per round
    mob_leash: int = Field(20, ge=1)  # a mob drops a target further than this from its spawn
    sight_blockers: list[Id] = Field(default_factory=list)  # terrains an attack cannot see through
    tool_bonus_per_power: float = Field(0.25, ge=0, le=1)  # extra-unit chance per tool power above 1

    def max_hp(self, health_level: int) -> int:
        """Maximum hit points for a given health level."""
        return self.base_hp + self.hp_per_health_level * health_level


# --- skills.yaml -----------------------------------------------------------------------------
class Skill(Model):
    id: Id
    name: str
    kind: Literal["gathering", "production", "combat"]
    description: str


class XpCurve(Model):
    formula: str
    quadratic: int
    linear: int
    max_level: int


# --- items.yaml ------------------------------------------------------------------------------
class ToolSpec(Model):
    """Makes an item a gathering/production tool: e.g. an axe is {skill: lumberjacking, power: 2}."""

    skill: Id
    power: int = Field(1, ge=1)


class Item(Model):
    id: Id
    name: str
    category: Literal[
        "resource", "intermediate", "tool", "weapon", "armour", "food", "potion", "quest", "currency", "misc"
    ]
    value: int = Field(ge=0)
    description: str
    slot: str | None = None
    requires: dict[Id, int] = Field(default_factory=dict)  # skill levels needed to equip
    stats: Stats | None = None
    heal: int = Field(0, ge=0)
    effects: dict[str, int] = Field(default_factory=dict)  # e.g. {strength: 3, duration: 20}
    tool: ToolSpec | None = None
    stackable: bool = True
    protects: dict[str, int] = Field(default_factory=dict)  # worn: exposure kind -> HP kept off a round

    @model_validator(mode="after")
    def _stats_need_slot(self) -> "Item":
        if self.stats is not None and self.slot is None:
            raise ValueError("an item with stats needs an equipment slot")
        return self


# --- recipes.yaml ----------------------------------------------------------------------------
class Station(Model):
    id: Id
    name: str
    description: str


class Recipe(Model):
    id: Id
    name: str
    station: Id | None = None  # None: made by hand anywhere
    skill: Id
    level: int = Field(1, ge=1)
    inputs: dict[Id, int] = Field(min_length=1)
    outputs: dict[Id, int] = Field(min_length=1)
    xp: int = Field(ge=0)
    tools: list[Id] = Field(default_factory=list)  # held, not consumed


# --- map.yaml: node kinds --------------------------------------------------------------------
class RareYield(Model):
    item: Id
    count: int = Field(1, ge=1)
    chance: float = Field(gt=0, le=1)


class NodeKind(Model):
    id: Id
    name: str
    skill: Id
    level: int = Field(1, ge=1)
    tool: Id | None = None  # a skill: the gatherer must hold an item whose tool.skill is this
    yields: dict[Id, int] = Field(min_length=1)
    rare: list[RareYield] = Field(default_factory=list)
    xp: int = Field(ge=0)
    capacity: int = Field(ge=1)  # gathers before depleted
    respawn: int = Field(ge=1)  # rounds until a depleted node is back


# --- mobs.yaml -------------------------------------------------------------------------------
class Drop(Model):
    item: Id
    count: int | tuple[int, int] = 1
    chance: float = Field(1.0, gt=0, le=1)

    @model_validator(mode="after")
    def _count_range(self) -> "Drop":
        lo, hi = (self.count, self.count) if isinstance(self.count, int) else self.count
        if lo < 1 or hi < lo:
            raise ValueError(f"count must be >= 1 (or [min, max] with 1 <= min <= max), got {self.count}")
        return self


class Mob(Model):
    id: Id
    name: str
    level: int = Field(ge=1)
    hp: int = Field(ge=1)
    accuracy: int = Field(ge=0)
    strength: int = Field(ge=0)
    defense: int = Field(ge=0)
    max_hit: int = Field(ge=0)
    attack_range: int = Field(1, ge=1)
    speed: int | None = Field(None, ge=1)  # tiles walked per round; None = rules.mob_speed
    style: Style = "melee"
    aggressive: bool = False
    aggro_radius: int = Field(0, ge=0)
    respawn: int | None = Field(ge=1)  # rounds; None = never
    xp: int = Field(ge=0)
    boss: bool = False
    drops: list[Drop] = Field(default_factory=list)
    description: str
    # Fights whose cost the audit can prove (docs/AUDIT.md, "Sure strikes"; world/mobs.py):
    sure_strike: int = Field(
        0, ge=0
    )  # > 0: no rolled blow; whoever it fights loses this minus armour each round
    wounded_by: list[Id] = Field(
        default_factory=list
    )  # non-empty: only these weapons hurt it (others deal 0)
    full_blows: bool = False  # a blow that lands on it deals the attacker's max hit (no damage roll)
    regen: int = Field(0, ge=0)  # HP it closes at the end of every round it is fighting (docs/AUDIT.md)


# --- map.yaml: exposures ---------------------------------------------------------------------
class Exposure(Model):
    """Weather that wears a player down (world/exposure.py): at the end of every round, a living player
    standing in one of its areas loses `damage` HP less its protection against `kind`. It acts only in a
    task that turns it on (`world.exposure`), so the open world is unchanged."""

    id: Id
    name: str
    kind: str  # what protects against it: items' and shelters' `protects` keys (cold, heat, ...)
    damage: int = Field(ge=1)  # HP an unprotected player loses at the end of each round in the area
    regions: list[Id] = Field(default_factory=list)  # map regions it covers
    rects: list[tuple[int, int, int, int]] = Field(default_factory=list)  # and rectangles [x0, y0, x1, y1]
    description: str

    @model_validator(mode="after")
    def _some_area(self) -> "Exposure":
        if not self.regions and not self.rects:
            raise ValueError("an exposure needs `regions` or `rects`")
        return self


# --- npcs.yaml -------------------------------------------------------------------------------
class StockEntry(Model):
    item: Id
    price: int = Field(ge=0)
    quantity: int = Field(ge=1)


class Shop(Model):
    stock: list[StockEntry] = Field(min_length=1)
    buy_ratio: float = Field(ge=0, le=1)  # the shop pays value * buy_ratio when buying from players


class QuestStage(Model):
    kind: Literal["talk", "bring", "kill"]
    text: str
    npc: Id | None = None  # talk: whom to talk to
    items: dict[Id, int] = Field(default_factory=dict)  # bring
    mobs: dict[Id, int] = Field(default_factory=dict)  # kill

    @model_validator(mode="after")
    def _stage_target(self) -> "QuestStage":
        need = {"talk": self.npc, "bring": self.items, "kill": self.mobs}[self.kind]
        if not need:
            field = {"talk": "npc", "bring": "items", "kill": "mobs"}[self.kind]
            raise ValueError(f"a '{self.kind}' stage needs '{field}'")
        return self


class Reward(Model):
    items: dict[Id, int] = Field(default_factory=dict)
    xp: dict[Id, int] = Field(default_factory=dict)


class Quest(Model):
    id: Id
    name: str
    description: str
    stages: list[QuestStage] = Field(min_length=1)
    rewards: Reward = Reward()


class Npc(Model):
    id: Id
    name: str
    role: Literal["shopkeeper", "quest_giver", "trainer", "villager"]
    position: Id | Position
    dialogue: list[str] = Field(min_length=1)
    shop: Shop | None = None
    quests: list[Quest] = Field(default_factory=list)
    teaches: dict[Id, int] = Field(default_factory=dict)  # trainer: skill -> highest level taught
    description: str = ""
