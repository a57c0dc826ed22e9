"""Outcome conditions: the vocabulary a task's `success:` (and a checkpoint's `when:`) is written in.

Success is the state the objective describes, not a procedure: a task YAML lists conditions that
must all hold at the same moment, each a one-key mapping:

    success:
      - wields: {agent: wizard, item: magic_staff}       # equipped (in the item's own slot)
      - holds: {agent: smith, items: {rope: 1}}           # inventory + equipment; no agent = the team
      - site_built: {site: watchtower}                    # a task construction site is complete
      - killed: {mob: fallen_knight}                      # every task-placed mob of that type is killed
      - nobody_died: {}                                   # no player (or no listed agent) has died
      - quest_done: {agent: apprentice, quest: witchs_brew}
      - at: {agent: north_warden, place: north_ward_stone, within: 1}
      - relay: {sites: [west_fire, east_fire], min_gap: 1, max_gap: 2, from_round: 10}  # in order, in time
      - built_while_held: {site: circle, places: [[130, 85], north_gate], within: 1}  # each place held
      - built_on: {site: mill_wheel, base: mill_foundation}  # every build on it after the base was done
      - fair_exchange: {prices: {watch_sabre: 120}, agents: [merchant]}  # no credit: worth never falls
      - predicate: relay_in_order                         # a function in the task's verifier module

Being data, the same conditions are read by the episode (is the objective met?), by `validate`
(do the ids exist?) and by `agentworld audit` (what does the outcome require of the world?).
Evaluation only reads the world; it runs after every action, so each `met` stays cheap.
"""

from __future__ import annotations

import difflib
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Union

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, model_validator

from agentworld.safe_yaml import excerpt
from agentworld.verifiers.common import (
    deaths,
    held,
    killed_ids,
    mob_type_killed,
    quest_stage,
    site_complete,
    site_done_rounds,
    site_steps,
    task_mobs,
)

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content
    from agentworld.world.engine import World

Position = tuple[int, int]


class Condition(BaseModel):
    """One outcome condition; `kind` is its YAML key."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: ClassVar[str] = ""

    def met(self, world: World, task: Task) -> bool:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def agents(self) -> list[str]:
        """The agents this condition names (for cross-checks and the causal judge)."""
        agent = getattr(self, "agent", None)
        return [agent] if agent else list(getattr(self, "agents_", None) or [])


class Wields(Condition):
    kind: ClassVar[str] = "wields"
    agent: str
    item: str

    def met(self, world: World, task: Task) -> bool:
        player = world.players.get(self.agent)
        return player is not None and self.item in player.equipment.values()

    def describe(self) -> str:
        return f"{self.agent} wields {self.item}"


class Holds(Condition):
    kind: ClassVar[str] = "holds"
    agent: str | None = None  # None: the team together
    items: dict[str, int] = Field(min_length=1)

    def met(self, world: World, task: Task) -> bool:
        if self.agent is not None and self.agent not in world.players:
            return False
        return all(held(world, item, self.agent) >= n for item, n in self.items.items())

    def describe(self) -> str:
        goods = ", ".join(f"{n} {item}" for item, n in self.items.items())
        return f"{self.agent or 'the team'} holds {goods}"


class SiteBuilt(Condition):
    kind: ClassVar[str] = "site_built"
    site: str

    def met(self, world: World, task: Task) -> bool:
        return site_complete(world, self.site)

    def describe(self) -> str:
        return f"site {self.site} is built"


class Killed(Condition):
    kind: ClassVar[str] = "killed"
    mob: str  # a mob type

    def met(self, world: World, task: Task) -> bool:
        placed = task_mobs(world, task, self.mob)
        if not placed:
            return mob_type_killed(world, self.mob)
        dead = killed_ids(world)
        return all(m.id in dead for m in placed)

    def describe(self) -> str:
        return f"every {self.mob} is killed"


class NobodyDied(Condition):
    kind: ClassVar[str] = "nobody_died"
    agents_: list[str] | None = Field(None, alias="agents")
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def met(self, world: World, task: Task) -> bool:
        return deaths(world, self.agents_) == 0

    def describe(self) -> str:
        return "nobody has died" if not self.agents_ else f"none of {', '.join(self.agents_)} has died"


class QuestDone(Condition):
    kind: ClassVar[str] = "quest_done"
    agent: str
    quest: str

    def met(self, world: World, task: Task) -> bool:
        return quest_stage(world, self.agent, self.quest) == "done"

    def describe(self) -> str:
        return f"{self.agent} has finished the quest {self.quest}"


class At(Condition):
    kind: ClassVar[str] = "at"
    agent: str
    place: Union[str, Position]  # a landmark id or [x, y]
    within: int = Field(0, ge=0)  # Chebyshev distance

    def met(self, world: World, task: Task) -> bool:
        player = world.players.get(self.agent)
        if player is None or not player.alive:
            return False
        x, y = world.map.resolve(self.place)
        return max(abs(player.x - x), abs(player.y - y)) <= self.within

    def describe(self) -> str:
        where = self.place if isinstance(self.place, str) else f"({self.place[0]}, {self.place[1]})"
        return f"{self.agent} stands within {self.within} tiles of {where}"


def site_key(site: str) -> str:
    """The engine's id of a task site ('site#' + its id), however the task file spells it."""
    return f"site#{site.removeprefix('site#')}"


def site_name(site: str) -> str:
    return site.removeprefix("site#")


class Relay(Condition):
    """Sites finished in order, each min_gap..max_gap rounds after the one before, from round from_round.

    The rounds come from the event log (site_done), so a fire lit early or out of order never counts."""

    kind: ClassVar[str] = "relay"
    sites: list[str] = Field(min_length=2)
    min_gap: int = Field(0, ge=0)
    max_gap: int | None = Field(None, ge=0)  # None: no upper limit
    from_round: int = Field(1, ge=1)

    @model_validator(mode="after")
    def _consistent(self) -> "Relay":
        if len({site_name(s) for s in self.sites}) != len(self.sites):
            raise ValueError("a site appears twice in sites")
        if self.max_gap is not None and self.max_gap < self.min_gap:
            raise ValueError(f"max_gap {self.max_gap} is below min_gap {self.min_gap}")
        return self

    def met(self, world: World, task: Task) -> bool:
        done = site_done_rounds(world)
        rounds = [done.get(site_key(s)) for s in self.sites]
        if any(r is None for r in rounds) or rounds[0] < self.from_round:
            return False
        top = self.max_gap if self.max_gap is not None else world.round + 1
        return all(self.min_gap <= b - a <= top for a, b in zip(rounds, rounds[1:]))

    def describe(self) -> str:
        gap = f"{self.min_gap}-{self.max_gap}" if self.max_gap is not None else f"at least {self.min_gap}"
        start = f", the first in round {self.from_round} or later" if self.from_round > 1 else ""
        return (
            f"sites {' -> '.join(site_name(s) for s in self.sites)} are finished in that order, "
            f"each {gap} rounds after the one before{start}"
        )


class BuiltWhileHeld(Condition):
    """A site finished while someone stood within `within` tiles of every place at each build on it.

    Deliveries count as builds; positions come from the event log, so a build made while a place stood
    empty can never be repaired by arriving later."""

    kind: ClassVar[str] = "built_while_held"
    site: str
    places: list[Union[str, Position]] = Field(min_length=1)  # landmark ids or [x, y]
    within: int = Field(0, ge=0)  # Chebyshev distance

    def met(self, world: World, task: Task) -> bool:
        if not site_complete(world, self.site):
            return False
        steps = site_steps(world, self.site)
        tiles = [world.map.resolve(place) for place in self.places]
        return bool(steps) and all(
            all(
                any(max(abs(x - px), abs(y - py)) <= self.within for x, y in where.values())
                for px, py in tiles
            )
            for _event, where in steps
        )

    def describe(self) -> str:
        where = ", ".join(p if isinstance(p, str) else f"({p[0]}, {p[1]})" for p in self.places)
        return f"site {site_name(self.site)} is built while someone stands within {self.within} of each of {where}"


class BuiltOn(Condition):
    """A site finished on top of another: every build on it came after the round its base was finished.

    Deliveries count as builds. The field is `base`, not `on`: YAML reads a key `on` as true."""

    kind: ClassVar[str] = "built_on"
    site: str
    base: str  # the site it stands on

    @model_validator(mode="after")
    def _distinct(self) -> "BuiltOn":
        if site_name(self.site) == site_name(self.base):
            raise ValueError(f"a site cannot be built on itself ({site_name(self.site)})")
        return self

    def met(self, world: World, task: Task) -> bool:
        below = site_done_rounds(world).get(site_key(self.base))
        if below is None or not site_complete(world, self.site):
            return False
        return all(event["round"] > below for event, _where in site_steps(world, self.site))

    def describe(self) -> str:
        return f"site {site_name(self.site)} is built on the finished {site_name(self.base)}"


class FairExchange(Condition):
    """A market without credit: no covered agent's worth (of `agents`, default everyone) ever falls.
    Worth: coins (1 each) plus priced items held (inventory and equipment) at the table's prices.
    The world keeps the ledger (world/market.py, opened by task_world.build_world); a trade at the
    prices changes nobody's worth, a gift lowers the giver's at once (paid back later, it was
    credit). An agent absent from the world (an ablation) has nothing to lose."""

    kind: ClassVar[str] = "fair_exchange"
    prices: dict[str, StrictInt] = Field(min_length=1)  # item -> coins; `coins` are always worth 1
    agents_: list[str] | None = Field(None, alias="agents")
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _prices(self) -> "FairExchange":
        if "coins" in self.prices:
            raise ValueError("prices.coins: coins are always worth 1 each; leave them out of the price table")
        for item, price in self.prices.items():
            if price < 0:
                raise ValueError(f"prices.{item}: a price is a whole number of coins >= 0, got {price}")
        return self

    def worth(self, holdings: dict[str, int]) -> int:
        """Coins plus priced items at their prices (holdings: item -> units)."""
        return holdings.get("coins", 0) + sum(
            price * holdings.get(item, 0) for item, price in self.prices.items()
        )

    def covers(self, name: str) -> bool:
        return self.agents_ is None or name in self.agents_

    def balances(self, world: World, task: Task) -> dict[str, tuple[int, int]]:
        """agent -> (worth at the start, worth now), for the agents in the world that the condition covers."""
        out = {}
        for spec in task.agents:
            player = world.players.get(spec.name)
            if player is None or not self.covers(spec.name):
                continue
            start = dict(spec.inventory)
            for item in spec.equipment.values():
                start[item] = start.get(item, 0) + 1
            now = {item: held(world, item, spec.name) for item in (*self.prices, "coins")}
            out[spec.name] = (self.worth(start), self.worth(now))
        return out

    def falls(self, world: World) -> list:
        """The ledger's falls of covered agents in the world (world/market.py `Fall`), in order."""
        ledger = _ledger(world, self)
        return [f for f in ledger.falls if f.player in world.players and self.covers(f.player)]

    def met(self, world: World, task: Task) -> bool:
        return not self.falls(world)

    def describe(self) -> str:
        who = "nobody's" if not self.agents_ else f"none of {', '.join(self.agents_)}'s"
        table = ", ".join(f"{item} {price}" for item, price in self.prices.items())
        return f"{who} worth ever falls: no credit (coins 1, {table})"


def _ledger(world: World, condition: FairExchange):
    if world.market is None or world.market.prices != dict(condition.prices):
        raise RuntimeError("fair_exchange reads the world's market at its prices (task_world.build_world)")
    return world.market


def market_prices(task: Task) -> dict[str, int] | None:
    """The price table of the task's market: its (first) fair_exchange condition's, or None."""
    for condition in [*task.success, *(c.when for c in task.checkpoints if c.when is not None)]:
        if isinstance(condition, FairExchange):
            return dict(condition.prices)
    return None


class Predicate(Condition):
    """A condition the vocabulary cannot say, written as a function in the task's verifier module."""

    kind: ClassVar[str] = "predicate"
    name: str
    function: Callable[[Any, Any], bool] | None = Field(None, exclude=True, repr=False)

    def met(self, world: World, task: Task) -> bool:
        if self.function is None:
            raise RuntimeError(f"predicate '{self.name}' was not bound to the task's verifier")
        return bool(self.function(world, task))

    def describe(self) -> str:
        doc = (self.function.__doc__ or "").strip().splitlines() if self.function else []
        return doc[0] if doc else f"predicate {self.name} holds"


CONDITIONS: dict[str, type[Condition]] = {
    cls.kind: cls
    for cls in (
        Wields,
        Holds,
        SiteBuilt,
        Killed,
        NobodyDied,
        QuestDone,
        At,
        Relay,
        BuiltWhileHeld,
        BuiltOn,
        FairExchange,
        Predicate,
    )
}


def one_key_mapping(raw: Any, known: dict[str, Any], what: str, example: str) -> tuple[str, Any, dict]:
    """(kind, its model, its arguments) of a `{kind: {args}}` entry, the YAML shape task conditions and
    oracle plan steps share; a ValueError names what is wrong (with a did-you-mean for the kind)."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise ValueError(f"a {what} must be a one-key mapping like {example}, got {excerpt(raw)}")
    ((kind, args),) = raw.items()
    model = known.get(kind)
    if model is None:
        close = difflib.get_close_matches(str(kind), known, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f"; known: {', '.join(known)}"
        raise ValueError(f"unknown {what} '{excerpt(kind)}'{hint}")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise ValueError(f"the arguments of {what} '{kind}' must be a mapping, got {excerpt(args)}")
    return kind, model, args


def parse_condition(raw: Any) -> Condition:
    """`{kind: {args}}` (or `predicate: NAME`, `nobody_died: {}`) -> a Condition; ValueError says what is wrong."""
    if isinstance(raw, Condition):
        return raw
    if isinstance(raw, dict) and isinstance(raw.get("predicate"), str):
        raw = {**raw, "predicate": {"name": raw["predicate"]}}
    kind, model, args = one_key_mapping(
        raw, CONDITIONS, "condition", "{wields: {agent: wizard, item: magic_staff}}"
    )
    try:
        return model.model_validate(args)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        field = ".".join(str(p) for p in err["loc"])
        raise ValueError(
            f"{kind}{'.' + field if field else ''}: {err['msg'].removeprefix('Value error, ')}"
        ) from None


def dump_condition(condition: Condition) -> dict:
    """The one-key mapping a task file holds (the inverse of parse_condition)."""
    if isinstance(condition, Predicate):
        return {"predicate": condition.name}
    return {condition.kind: condition.model_dump(mode="json", by_alias=True, exclude_none=True)}


def check_condition(
    condition: Condition, task: Task, content: Content, verifier: ModuleType | None
) -> list[str]:
    """Problems with the ids a condition names (agents, items, sites, mobs, quests, places, predicates)."""
    problems: list[str] = []

    def unknown(kind: str, value: Any, known: Any, where: str = "") -> None:
        close = difflib.get_close_matches(str(value), [str(k) for k in known], n=1)
        problems.append(
            f"{where}unknown {kind} '{excerpt(value)}'" + (f"; did you mean '{close[0]}'?" if close else "")
        )

    agents = task.agent_names
    for name in condition.agents():
        if name not in agents:
            unknown(
                "agent", name, agents, "fair_exchange.agents: " if isinstance(condition, FairExchange) else ""
            )
    sites = {s.id: s for s in task.world.sites}
    for site in condition_sites(condition):
        spec = sites.get(site_name(site))
        if spec is None:
            unknown("site", site, sites)
        elif (
            isinstance(condition, (Relay, BuiltWhileHeld, BuiltOn)) and not spec.materials and spec.work == 0
        ):
            problems.append(
                f"site '{spec.id}' needs no build (no materials, no work), so {condition.kind} "
                f"can never hold: it reads the builds"
            )
    if isinstance(condition, Predicate):
        if verifier is None or not callable(getattr(verifier, condition.name, None)):
            where = (
                f"the verifier {task.verifier_label}"
                if verifier is not None
                else "the task (it has no verifier)"
            )
            problems.append(f"predicate '{condition.name}' is not a function of {where}")
    if content is None:
        return problems
    if isinstance(condition, (Wields, Holds)):
        for item in [condition.item] if isinstance(condition, Wields) else list(condition.items):
            if item not in content.items:
                unknown("item", item, content.items)
        if (
            isinstance(condition, Wields)
            and condition.item in content.items
            and not content.items[condition.item].slot
        ):
            problems.append(f"{condition.item} cannot be equipped (it has no slot)")
    if isinstance(condition, FairExchange):
        for item in condition.prices:
            if item not in content.items:
                unknown("item", item, content.items, f"fair_exchange.prices.{item}: ")
        table = market_prices(task)
        if table is not None and table != dict(condition.prices):
            problems.append(
                "fair_exchange.prices: a task opens one market, and this table differs from its first "
                f"fair_exchange's ({', '.join(f'{i} {p}' for i, p in table.items())})"
            )
    if isinstance(condition, Killed) and condition.mob not in content.mobs:
        unknown("mob type", condition.mob, content.mobs)
    if isinstance(condition, QuestDone):
        quests = [q.id for npc in content.npcs.values() for q in npc.quests]
        if condition.quest not in quests:
            unknown("quest", condition.quest, quests)
    places = (
        [condition.place] if isinstance(condition, At) else list(getattr(condition, "places", None) or [])
    )
    for place in places:
        if isinstance(place, str) and place not in content.map.landmarks:
            unknown("landmark", place, content.map.landmarks)
    return problems


def condition_sites(condition: Condition) -> list[str]:
    """The task sites a condition names (as written in the task file)."""
    if isinstance(condition, Relay):
        return list(condition.sites)
    if isinstance(condition, BuiltOn):
        return [condition.base, condition.site]
    return [condition.site] if isinstance(condition, (SiteBuilt, BuiltWhileHeld)) else []
