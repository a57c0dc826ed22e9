"""The market motifs (trading, issue 24): traders who must produce, find each other and pay on the spot.

Every market task opens a market without credit (`fair_exchange` at the task's price table; the
engine keeps the ledger, world/market.py): no trader's worth (coins plus goods at the market's
prices) may fall at any moment, so goods change hands only in trades at those prices and a gift,
even one paid back later, fails. What each trader knows is its own: what it is and can do, what it
carries, its recipes, the prices it has heard, what it came to market for, and the market's law. It
does not know who holds what it needs or who wants what it brings: that is asked in the market
(chat), and the oracle's first step is that question. Nobody is told where to meet: traders walk to
each other by name.

The goods are gathered by hand at beds the task places (world/data: `oyster_rocks`, `salt_pan`,
`amber_shingle`, `wrack_line`, levels 45+, no tool, so one unit a turn), usually beside the
producer's spawn, where it sees them; the documentation names the good, not the bed's id. A
market's volume is the lever against a single agent holding everyone's skills: one trader must end
holding more units of one good than one agent could gather in the budget.

Here: the plan steps, the beds, `Trader` (a character sheet, a start, what the outcome leaves it
with, a plan), `Catch` and `producer` (a trader who gathers and perhaps works its catch), and
`market`, which composes bargains (`Part`s, written by taskgen/bargains.py) into one task: contexts
from each trader's sheet, the outcome (every trader's holdings, one market without credit) and the
alternative route every market shares (the other side makes each offer).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.parts import TOOLS as TOOL_ITEMS
from agentworld.taskgen.parts import Agent, recipe_line, spawn_text

Position = tuple[int, int]
Plan = list[dict]

LAW = (
    "This market gives no credit: goods change hands only in trades paid on the spot at the market's "
    "prices (`trade_offer`, which the other side takes with `trade_accept` within 2 tiles of you), and "
    "a trader's worth (its coins, plus its goods at the market's prices) may never fall, not even for a "
    "turn. A gift (`give`), paying later, goods dropped or eaten, or a sale to a shop below the market's "
    "price all lower someone's worth, and one fall breaks the bargain for everyone."
)
ASK = (
    "You do not know who in the market holds what you need or wants what you bring: ask (chat), and "
    "walk to a trader by name (`move_to` it)."
)


def item_label(item: str) -> str:
    return places.content().items[item].name.lower()


COUNTABLE = (
    "oyster",
    "pearl",
    "log",
    "stave",
    "bar",
    "core",
    "edge",
    "robe",
    "net",
    "lantern",
    "torch",
    "crab",
    "loaf",
    "amulet",
    "circlet",
    "bow",
    "plank",
    "cord",
    "tincture",
    "stormeel",
    "root",
    "stone",
    "lily",
)


def plural(item: str) -> str:
    """The item's name for several units ('rock oysters', but 'sea salt', 'amber')."""
    name = item_label(item)
    if not name.split()[-1].endswith(COUNTABLE):
        return name
    return (
        name[:-1] + "ies" if name.endswith("y") else name[:-1] + "ves" if name.endswith("f") else name + "s"
    )


def counted(item: str, n: int) -> str:
    """'27 rock oysters (`rock_oyster`)': the good by its name and its id."""
    return f"{n} {item_label(item) if n == 1 else plural(item)} (`{item}`)"


# --- plan steps ------------------------------------------------------------------------------------
def say(to: str, message: str) -> dict:
    return {"chat": {"to": to, "message": message}}


def hear(sender: str) -> dict:
    return {"wait_for": {"message_from": sender}}


def go(target: str | Position) -> dict:
    return {"move_to": {"target": target if isinstance(target, str) else list(target)}}


def gather(kind: str, count: int) -> dict:
    return {"gather": {"target": kind, "count": count}}


def craft(recipe: str, count: int = 1) -> dict:
    return {"craft": {"recipe": recipe, "count": count}}


def offer(to: str, give: dict[str, int], want: dict[str, int], settle: bool = True) -> list[dict]:
    """Walk to `to` and offer `give` for `want` (the oracle offers once within 2 tiles); with `settle`,
    stay until the trade is done (the offerer holds what it wanted: a good, else the coins)."""
    steps = [go(to), {"trade_offer": {"to": to, "give": dict(give), "want": dict(want)}}]
    if settle:
        goods = [(i, n) for i, n in want.items() if i != "coins"]
        item, n = goods[0] if goods else ("coins", want["coins"])
        steps.append(holding(item, n))
    return steps


def accept(sender: str) -> dict:
    return {"trade_accept": {"from": sender}}


def holding(item: str, count: int) -> dict:
    return {"wait_for": {"item": item, "count": count}}


# --- placing beds ------------------------------------------------------------------------------------
def beds(
    kind: str, spawn: str | Position, units: int, taken: set[Position], direction: Position = (1, 0)
) -> list[dict]:
    """Enough beds of `kind` for `units` gathers, each within reach of `spawn` (1 tile) where possible,
    so its producer works them all without a step."""
    near = places.landmark(spawn) if isinstance(spawn, str) else spawn
    capacity = places.content().node_kinds[kind].capacity
    taken.add(tuple(near))  # nothing on the spawn itself
    tiles = [places.free_tile(near, 1, taken, direction) for _ in range(math.ceil(units / capacity))]
    return [{"kind": kind, "position": list(t)} for t in tiles]


def bed_sheet(kind: str, level: int) -> str:
    """What a gatherer knows of its beds, without the bed's id: the good, the skill, the tool."""
    node = places.content().node_kinds[kind]
    good = next(iter(node.yields))
    tool = f"with the {item_label(TOOL_ITEMS[node.skill])} you carry" if node.tool else "by hand, no tool"
    return (
        f"You have {node.skill} {level}: you take {plural(good)} (`{good}`) from the beds of "
        f"{node.name.lower()} {tool} ({node.skill} {node.level}), one unit a turn, and a bed "
        f"gives {node.capacity} before it is spent for the season."
    )


# --- traders and the draft ------------------------------------------------------------------------------
@dataclass
class Trader:
    """One member of a market task: its character, start, what the outcome leaves it with, its plan."""

    name: str
    title: str  # its role, as the teammate list shows it
    spawn: str | Position
    sheet: str  # who it is, what it can do and knows (the documentation's first lines)
    skills: dict[str, int] = field(default_factory=dict)
    carries: dict[str, int] = field(default_factory=dict)
    ends: dict[str, int] = field(default_factory=dict)  # the outcome: it holds these
    wields: str | None = None  # the outcome: it wields this
    came_for: str = ""  # what it came to market for, in its own words
    recipes: tuple[str, ...] = ()  # recipe ids it knows
    heard: tuple[str, ...] = ()  # items whose market price it has heard
    plan: Plan = field(default_factory=list)
    kind: str = ""  # the structural role (signature and README)

    def context(self, prices: dict[str, int]) -> str:
        lines = [self.sheet.strip()]
        lines.append(f"You start at {spawn_text(self.spawn)}. {_carry_sentence(self.carries)}")
        if self.recipes:
            lines.append("Your recipes:\n" + "\n".join(f"  - {recipe_line(r)}" for r in self.recipes))
        if self.came_for:
            lines.append(self.came_for.strip())
        heard = [i for i in self.heard if i in prices]
        if heard:
            told = ", ".join(f"{item_label(i)} {prices[i]} coins" for i in heard)
            lines.append(f"Prices you have heard at this market (a unit): {told}; a coin is worth 1.")
        lines.append(ASK)
        lines.append(LAW)
        return "\n".join(lines)

    def agent(self, prices: dict[str, int]) -> Agent:
        return Agent(
            self.name,
            self.title,
            self.spawn,
            dict(self.skills),
            self.context(prices),
            list(self.plan),
            inventory=dict(self.carries),
            kind=self.kind,
        )


def _carry_sentence(carries: dict[str, int]) -> str:
    if not carries:
        return "You carry nothing. You have no coins."
    parts = [f"{n} {item}" for item, n in carries.items() if item != "coins"]
    if carries.get("coins"):
        parts.append(f"{carries['coins']} coins")
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"You carry {text}." + ("" if carries.get("coins") else " You have no coins.")


def outcome(traders: list[Trader], prices: dict[str, int]) -> list[dict]:
    success: list[dict] = []
    for t in traders:
        if t.wields:
            success.append({"wields": {"agent": t.name, "item": t.wields}})
        if t.ends:
            success.append({"holds": {"agent": t.name, "items": dict(t.ends)}})
    success.append({"fair_exchange": {"prices": dict(prices)}})
    return success


def reversed_offers(plans: dict[str, Plan]) -> dict[str, Plan]:
    """The same bargains with the other side making each offer: the offerer, once it stands by its
    counterpart with the goods, says it is ready and accepts; the counterpart waits for that word and
    makes the counter-offer (what was wanted for what was given), then waits for the trade."""
    offers: dict[tuple[str, str], list[dict]] = {}
    for name, plan in plans.items():
        for step in plan:
            if "trade_offer" in step:
                offers.setdefault((name, step["trade_offer"]["to"]), []).append(step["trade_offer"])
    out: dict[str, Plan] = {}
    for name, plan in plans.items():
        new: Plan = []
        for step in plan:
            if "trade_offer" in step:
                to = step["trade_offer"]["to"]
                new += [say(to, f"{name} ready to deal with {to}."), accept(to)]
            elif "trade_accept" in step:
                sender = step["trade_accept"]["from"]
                made = offers[(sender, name)].pop(0)
                goods = [(i, n) for i, n in made["give"].items() if i != "coins"] or [
                    ("coins", made["give"]["coins"])
                ]
                new += [
                    {"wait_for": {"checkpoint": f"{sender} ready to deal with {name}"}},
                    {"trade_offer": {"to": sender, "give": made["want"], "want": made["give"]}},
                    holding(*goods[0]),
                ]
            else:
                new.append(step)
        out[name] = new
    return out


def checkpoint(cid: str, description: str, when: dict) -> dict:
    return {"id": cid, "description": description, "when": when}


@dataclass
class Part:
    """One bargain of a market (a cargo, a ring, a commission): its traders, the prices it trades at,
    the beds it places, its milestones, its shape for the signature and its reason for the README."""

    traders: list[Trader]
    prices: dict[str, int]
    nodes: list[dict]
    checkpoints: list[dict]
    shape: str
    why: str


def market(task_id: str, name: str, *, parts: list[Part], objective: str) -> Draft:
    """The Draft of a market of one or more parts: contexts from each trader's sheet, the outcome
    (each trader's holdings, one market without credit at every part's prices), milestones taken in
    turn from each part, and the shared alternative route (the other side makes every offer)."""
    prices: dict[str, int] = {}
    for part in parts:
        for item, price in part.prices.items():
            assert prices.get(item, price) == price, f"{item} has two prices"
            prices[item] = price
    traders = [t for part in parts for t in part.traders]
    agents = [t.agent(prices) for t in traders]
    plans = {a.name: a.plan for a in agents}
    nodes = [n for part in parts for n in part.nodes]
    milestones: list[dict] = []
    for i in range(max(len(p.checkpoints) for p in parts)):
        milestones += [p.checkpoints[i] for p in parts if i < len(p.checkpoints)]
    return Draft(
        task_id,
        name,
        "trading",
        objective.strip(),
        agents,
        outcome(traders, prices),
        milestones[:6],
        "market",
        "market:" + "+".join(sorted(p.shape for p in parts)),
        world={"nodes": nodes} if nodes else {},
        alternatives=[("the other side makes every offer, and the offerer accepts", reversed_offers(plans))],
        why="; ".join(p.why for p in parts) + "; no credit: every trade is paid on the spot",
    )


# --- cargo ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Catch:
    """A producer: who, where it starts, which beds it works (beside its spawn) and how many units."""

    name: str
    title: str
    spawn: str | Position
    kind: str  # the bed kind (a market good, by hand)
    units: int
    direction: Position = (1, 0)

    recipe: str | None = None  # what it works its catch into before it trades (by hand or at a station)
    style: str = (
        ""  # how it deals: "early" (hears its counterpart first), "quick" (leaves its offer standing)
    )

    @property
    def raw(self) -> str:
        """What the beds yield."""
        return next(iter(places.content().node_kinds[self.kind].yields))

    @property
    def good(self) -> str:
        """What it trades: its catch, or what its recipe makes of it."""
        if self.recipe is None:
            return self.raw
        return next(iter(places.content().recipes[self.recipe].outputs))

    @property
    def times(self) -> int:
        return self.units // places.content().recipes[self.recipe].inputs[self.raw] if self.recipe else 0

    @property
    def amount(self) -> int:
        """How many units of its good it trades."""
        if self.recipe is None:
            return self.units
        return places.content().recipes[self.recipe].outputs[self.good] * self.times


def sells(c: Catch, base: Plan, to: str, give: dict[str, int], want: dict[str, int]) -> Plan:
    """A producer's plan that ends in offering `give` to `to`, in the Catch's style."""
    if "early" in c.style:
        return [hear(to), *base, *offer(to, give, want, settle="quick" not in c.style)]
    return [*base, hear(to), *offer(to, give, want, settle="quick" not in c.style)]


def by_arrival(catches: list[Catch] | tuple[Catch, ...]) -> list[Catch]:
    """Producers in the order their catches are ready (an "early" one starts a turn later), so a
    merchant takes their offers, and hears their calls, as they come (offers last 10 rounds, and a
    wait for one teammate's message passes over the messages that came before it: a plan waits for
    messages only in the order they surely come)."""
    return sorted(catches, key=lambda c: c.units + ("early" in c.style))


def takes(c: Catch, base: Plan, sender: str, heard: bool = False) -> Plan:
    """A producer's plan that ends in accepting `sender`'s offer; in the "early" style it hears the
    sender first, in the "heed" style once its catch is ready (unless its plan already did: `heard`)."""
    if "early" in c.style and not heard:
        return [hear(sender), *base, accept(sender)]
    if "heed" in c.style and not heard:
        return [*base, hear(sender), accept(sender)]
    return [*base, accept(sender)]


def producer(c: Catch, taken: set[Position], sheet: str = "") -> tuple[Trader, list[dict]]:
    """A trader who gathers its catch at beds beside its spawn (plan: to its spawn, the gather, the craft;
    the part adds the bargain). Its documentation says where the beds are, not their kind's id."""
    node = places.content().node_kinds[c.kind]
    skills = {node.skill: node.level + 5}
    placed = beds(c.kind, c.spawn, c.units, taken, c.direction)
    stand = places.landmark(c.spawn) if isinstance(c.spawn, str) else c.spawn
    plan = [go(stand), gather(c.kind, c.units)]  # (from anywhere: the beds are within reach of its spawn)
    if c.recipe:
        recipe = places.content().recipes[c.recipe]
        assert set(recipe.inputs) == {c.raw} and c.units % recipe.inputs[c.raw] == 0, c.recipe
        skills[recipe.skill] = recipe.level + 5
        plan.append(craft(c.recipe, c.times))
    trader = Trader(
        c.name,
        c.title,
        c.spawn,
        (sheet or f"You are a {c.title.lower()}.")
        + " "
        + bed_sheet(c.kind, node.level + 5)
        + f" The beds you work are at {', '.join(where(tuple(b['position'])) for b in placed)}, all within"
        f" reach of {where(stand)}.",
        skills=skills,
        carries={TOOL_ITEMS[node.skill]: 1} if node.tool else {},
        recipes=(c.recipe,) if c.recipe else (),
        heard=(c.good,),
        plan=plan,
        kind=f"gather:{node.skill}" + ("+make" if c.recipe else ""),
    )
    return trader, placed


def even(give: dict[str, int], want: dict[str, int], prices: dict[str, int]) -> tuple[dict, dict]:
    """Make a barter even at the prices: the side giving less value adds the difference in coins."""
    worth = lambda bundle: sum(prices.get(i, 1) * n for i, n in bundle.items())  # noqa: E731
    gap = worth(give) - worth(want)
    give, want = dict(give), dict(want)
    if gap > 0:
        want["coins"] = want.get("coins", 0) + gap
    elif gap < 0:
        give["coins"] = give.get("coins", 0) - gap
    return give, want


def where(where: str | Position) -> str:
    x, y = places.landmark(where) if isinstance(where, str) else where
    return f"({x}, {y})"
