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

Motifs (each returns a Draft; `assemble` writes contexts, outcome, checkpoints and the alternative
route every motif shares: the other side makes each offer):
- `cargo`: producers sell their catch to a buyer who must end holding all of it (volume); with a
  `broker`, the buyer pays in goods the producers do not want, and a broker between them buys with
  coins and sells for the goods.
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


def counted(item: str, n: int) -> str:
    """'27 rock oysters (`rock_oyster`)': the good by its name and its id."""
    name = item_label(item)
    plural = name if n == 1 or name.endswith("s") else name + "s"
    return f"{n} {plural} (`{item}`)"


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
        f"You have {node.skill} {level}: you take {item_label(good)}s (`{good}`) from the "
        f"{node.name.lower()} {tool} ({node.skill} {node.level}), one a turn, and a bed "
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
        return "You carry nothing and have no coins."
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
    """The same bargains with the other side making each offer: an accept becomes the counter-offer
    (what was wanted for what was given), and the offerer, who still walks over, accepts it."""
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
                new.append(accept(step["trade_offer"]["to"]))
            elif "trade_accept" in step:
                sender = step["trade_accept"]["from"]
                made = offers[(sender, name)].pop(0)
                new.append({"trade_offer": {"to": sender, "give": made["want"], "want": made["give"]}})
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

    recipe: str | None = (
        None  # a recipe it works its whole catch into before it trades (by hand or at a station)
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


def producer(c: Catch, taken: set[Position], sheet: str = "") -> tuple[Trader, list[dict]]:
    """A trader who gathers its catch beside its spawn (plan: the gather only; the part adds the sale)."""
    node = places.content().node_kinds[c.kind]
    skills = {node.skill: node.level + 5}
    plan = [gather(c.kind, c.units)]
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
        + " The beds you work lie around you where you start.",
        skills=skills,
        carries={TOOL_ITEMS[node.skill]: 1} if node.tool else {},
        recipes=(c.recipe,) if c.recipe else (),
        heard=(c.good,),
        plan=plan,
        kind=f"gather:{node.skill}" + ("+make" if c.recipe else ""),
    )
    return trader, beds(c.kind, c.spawn, c.units, taken, c.direction)


def cargo(
    *,
    pair: tuple[Catch, ...],
    buyer: dict,
    extras: tuple[Catch, ...] = (),
    broker: dict | None = None,
    taken: set[Position] | None = None,
    buyer_goes: bool = False,
) -> Part:
    """Two producers of one good (`pair`; or none, a voyage) sell their catches, each for coins, to the one buyer who must end
    holding both (more than one agent gathers in the budget, so each producer is needed for the volume);
    `extras` are single producers of other goods the buyer also buys (each the only source of its good).

    buyer: {name, title, spawn, sheet, came_for, message}; it carries the price of everything in coins.
    With `broker` ({name, title, spawn, sheet, came_for, message, pays: {item: n}}) the buyer carries
    goods instead (`pays`, worth the whole cargo) and no coins: the broker carries the coins, buys every
    catch and sells the lot to the buyer for its goods, which the outcome leaves with the broker."""
    taken = set() if taken is None else taken
    content = places.content()
    catches = [*pair, *extras]
    assert len({c.kind for c in pair}) <= 1 and len(pair) in (0, 2), "a cargo pair gathers one good"
    prices = {c.good: content.items[c.good].value for c in catches}
    lot: dict[str, int] = {}
    for c in catches:
        lot[c.good] = lot.get(c.good, 0) + c.amount
    total = sum(prices[g] * n for g, n in lot.items())
    merchant = broker["name"] if broker else buyer["name"]
    arrivals = sorted(
        catches, key=lambda c: c.amount
    )  # the merchant takes offers as they come (10-round expiry)
    traders, nodes = [], []
    for c in catches:
        trader, placed = producer(c, taken)
        paid = c.amount * prices[c.good]
        trader.ends = {"coins": paid}
        assert c not in pair or not trader.carries, "a cargo pair gathers by hand"
        trader.came_for = (
            f"You came to sell {counted(c.good, c.amount)} for coins: {paid} coins at the market's price."
        )
        if buyer_goes:  # it says where it is once its catch is ready (an offer lasts 10 rounds)
            trader.plan += [
                say("team", f"{c.amount} {c.good} ready to sell, at {_xy(c.spawn)}."),
                accept(merchant),
            ]
        else:
            trader.plan += [hear(merchant), *offer(merchant, {c.good: c.amount}, {"coins": paid})]
        trader.kind += "+sell"
        traders.append(trader)
        nodes += placed
    if broker:
        pays = dict(broker["pays"])
        for item in pays:
            if item != "coins":
                prices[item] = content.items[item].value
        assert sum(prices.get(i, 1) * n for i, n in pays.items()) == total, "the buyer must pay the cargo"
        traders.append(
            Trader(
                broker["name"],
                broker["title"],
                broker["spawn"],
                broker["sheet"],
                carries={"coins": total},
                ends=pays,
                came_for=broker["came_for"],
                heard=(*lot, *(i for i in pays if i != "coins")),
                plan=[
                    say("team", broker["message"]),
                    *[accept(c.name) for c in arrivals],
                    hear(buyer["name"]),
                    *offer(buyer["name"], lot, pays),
                ],
                kind="broker",
            )
        )
        carries, plan = pays, [say("team", buyer["message"]), accept(broker["name"])]
    else:
        carries, plan = {"coins": total}, [say("team", buyer["message"])]
        if buyer_goes:
            for c in arrivals:
                plan += [
                    hear(c.name),
                    *offer(c.name, {"coins": c.amount * prices[c.good]}, {c.good: c.amount}),
                ]
        else:
            plan += [accept(c.name) for c in arrivals]
    traders.append(
        Trader(
            buyer["name"],
            buyer["title"],
            buyer["spawn"],
            buyer["sheet"],
            carries=carries,
            ends=dict(lot),
            came_for=buyer["came_for"],
            heard=(*lot, *(i for i in (broker["pays"] if broker else ()) if i != "coins")),
            plan=plan,
            kind="buy",
        )
    )
    first = catches[0]
    good = first.good
    checkpoints = [
        checkpoint(
            f"{first.name}_catch",
            f"The {first.title.lower()} has its catch.",
            {"holds": {"agent": first.name, "items": {good: first.amount}}},
        ),
        checkpoint(
            f"{first.name}_paid",
            f"The {first.title.lower()} has been paid for its catch.",
            {"holds": {"agent": first.name, "items": {"coins": first.amount * prices[good]}}},
        ),
        checkpoint(
            f"{buyer['name']}_half",
            f"Half the {item_label(good)}s are with the {buyer['title'].lower()}.",
            {"holds": {"agent": buyer["name"], "items": {good: lot[good] // 2}}},
        ),
    ]
    if broker:
        checkpoints.insert(
            2,
            checkpoint(
                f"{broker['name']}_loaded",
                f"The {broker['title'].lower()} holds the whole cargo.",
                {"holds": {"agent": broker["name"], "items": dict(lot)}},
            ),
        )
    skill = content.node_kinds[first.kind].skill
    shape = f"C{len(pair)}{len(extras) and f'+{len(extras)}' or ''}{'>B' if broker else ''}>H{'g' if buyer_goes else ''}"
    if pair:
        why = (
            f"two producers ({skill} 45, by hand) gather {lot[good]} {good} for one buyer, more than one agent "
            f"gathers in the budget"
            + (
                f", and {len(extras)} more sell it the only {', '.join(c.good for c in extras)}"
                if extras
                else ""
            )
        )
    else:
        why = f"{len(extras)} producers sell the only {', '.join(c.good for c in extras)}"
    if broker:
        why += f" to a broker who carries coins to the {buyer['title'].lower()}, who pays in goods"
    return Part(traders, prices, nodes, checkpoints, shape, why)


# --- ring ----------------------------------------------------------------------------------------------
def _par(give: dict[str, int], want: dict[str, int], prices: dict[str, int]) -> tuple[dict, dict]:
    """Make a barter even at the prices: the side giving less value adds the difference in coins."""
    worth = lambda bundle: sum(prices.get(i, 1) * n for i, n in bundle.items())  # noqa: E731
    gap = worth(give) - worth(want)
    give, want = dict(give), dict(want)
    if gap > 0:
        want["coins"] = want.get("coins", 0) + gap
    elif gap < 0:
        give["coins"] = give.get("coins", 0) - gap
    return give, want


def ring(
    *, members: list[Catch], sheets: dict[str, str] | None = None, taken: set[Position] | None = None
) -> Part:
    """A barter ring: member i needs member i+1's catch (the last needs the first's), and nobody's own
    good is what anyone beside it wants, so goods must pass on. The first member, the hub, trades its
    catch to the member who needs it for that member's catch, passes that on in the same way, and so
    on round the ring until it takes what it needs itself; each swap is made even in coins at the
    market's prices (each member carries the coins its swaps need, and no more).

    Each member says at once what it brings and where it works; the hub comes to each in turn."""
    taken = set() if taken is None else taken
    sheets = sheets or {}
    content = places.content()
    prices = {m.good: content.items[m.good].value for m in members}
    k = len(members)
    hub = members[0]
    traders, nodes = [], []
    for i, m in enumerate(members):
        trader, placed = producer(m, taken, sheets.get(m.name, ""))
        need = members[(i + 1) % k]
        trader.ends = {need.good: need.amount}
        trader.heard = (m.good, need.good)
        trader.came_for = (
            f"You came to trade your {counted(m.good, m.amount)} for {counted(need.good, need.amount)}, "
            f"which you need and cannot get yourself."
        )
        nodes += placed
        traders.append(trader)
    # the hub's swaps: with member k-1, k-2, ..., 1; it gives what it holds and takes that member's catch
    coins = {m.name: 0 for m in members}
    low = {m.name: 0 for m in members}
    holds = {hub.good: hub.amount}
    swaps = []
    for j in range(k - 1, 0, -1):
        m = members[j]
        give, want = _par(holds, {m.good: m.amount}, prices)
        swaps.append((m, give, want))
        coins[hub.name] += want.get("coins", 0) - give.get("coins", 0)
        coins[m.name] += give.get("coins", 0) - want.get("coins", 0)
        for name in (hub.name, m.name):
            low[name] = min(low[name], coins[name])
        holds = {m.good: m.amount}
    by_name = {t.name: t for t in traders}
    for m in members:
        if low[m.name] < 0:
            by_name[m.name].carries = {**by_name[m.name].carries, "coins": -low[m.name]}
    hub_t = by_name[hub.name]
    for i, m in enumerate(members[1:], start=1):  # each says what it brings, where: the hub hears all
        need = members[(i + 1) % k]
        by_name[m.name].plan.insert(
            0,
            say("team", f"I bring {m.amount} {m.good}, at {_xy(m.spawn)}; I need {need.amount} {need.good}."),
        )
    hub_t.plan.insert(
        0, say("team", f"I bring {hub.amount} {hub.good} and need {members[1].amount} {members[1].good}.")
    )
    hub_t.plan += [hear(m.name) for m in members[1:]]
    for m, give, want in swaps:
        hub_t.plan += offer(m.name, give, want)
        by_name[m.name].plan.append(accept(hub.name))
        by_name[m.name].kind += "+swap"
    hub_t.kind += "+hub"
    first = members[1]
    checkpoints = [
        checkpoint(
            f"{first.name}_catch",
            f"The {first.title.lower()} has its catch.",
            {"holds": {"agent": first.name, "items": {first.good: first.amount}}},
        ),
        checkpoint(
            f"{members[-1].name}_served",
            f"The {members[-1].title.lower()} holds what it came for.",
            {"holds": {"agent": members[-1].name, "items": {hub.good: hub.amount}}},
        ),
    ]
    return Part(
        traders,
        prices,
        nodes,
        checkpoints,
        f"R{k}",
        f"a ring of {k} ({', '.join(f'{m.good}: {content.node_kinds[m.kind].skill} 45' for m in members)}; "
        f"each the only source of its good) swapped round through one hub, evened in coins",
    )


def _xy(where: str | Position) -> str:
    x, y = places.landmark(where) if isinstance(where, str) else where
    return f"({x}, {y})"


# --- commission ----------------------------------------------------------------------------------------
def commission(
    *,
    sources: list[Catch],
    maker: dict,
    patron: dict,
    maker_buys: bool = False,
    patron_buys: bool = False,
    taken: set[Position] | None = None,
) -> Part:
    """Gatherers -> a maker -> a patron, every link paid on the spot: the maker buys the raw goods
    with its own capital, works them (each recipe worth at least its inputs at the market's prices),
    and sells the pieces to the patron, who must end holding them (wearing one with `wears`).

    maker: {name, title, spawn, sheet, recipes: [(id, times)], start?: {item: n}, message};
    patron: {name, title, spawn, sheet, came_for, message, skills?, wears?}. `maker_buys`: the maker
    goes to each gatherer and offers coins (else the gatherers bring their goods and offer them);
    `patron_buys`: the patron goes to the maker when the pieces are ready and offers coins. With
    `patron["pays"]` (a Catch named for the patron), the patron gathers goods beside its spawn and pays
    in them, evened in coins, and the maker ends holding them."""
    taken = set() if taken is None else taken
    content = places.content()
    recipes = [(content.recipes[r], times) for r, times in maker["recipes"]]
    piece = next(iter(recipes[-1][0].outputs))
    pieces = recipes[-1][0].outputs[piece] * recipes[-1][1]
    start = dict(maker.get("start", {}))
    prices = {c.good: content.items[c.good].value for c in sources}
    for recipe, _times in recipes:
        for item in [*recipe.inputs, *recipe.outputs]:
            prices.setdefault(item, content.items[item].value)
        inputs = sum(prices[i] * n for i, n in recipe.inputs.items())
        assert sum(prices[o] * n for o, n in recipe.outputs.items()) >= inputs, f"{recipe.id} loses worth"
    capital = sum(prices[c.good] * c.amount for c in sources)
    price = prices[piece] * pieces
    pays: Catch | None = patron.get("pays")
    if pays is not None:  # the patron pays in goods it gathers, evened in coins
        prices[pays.good] = content.items[pays.good].value
        bill, fee = _par({pays.good: pays.amount}, {piece: pieces}, prices)
        assert "coins" not in fee, "the patron's goods must not be worth more than the pieces"
    else:
        bill = {"coins": price}
    traders, nodes = [], []
    arrivals = sorted(sources, key=lambda c: c.amount)
    for c in sources:
        trader, placed = producer(c, taken)
        paid = c.amount * prices[c.good]
        trader.ends = {"coins": paid}
        trader.came_for = (
            f"You came to sell {counted(c.good, c.amount)} for coins: {paid} coins at the market's price."
        )
        if maker_buys:
            trader.plan.insert(0, say("team", f"I gather {c.good} at {_xy(c.spawn)}: {c.amount} to sell."))
            trader.plan.append(accept(maker["name"]))
        else:
            trader.plan += [hear(maker["name"]), *offer(maker["name"], {c.good: c.amount}, {"coins": paid})]
        trader.kind += "+sell"
        nodes += placed
        traders.append(trader)
    skills: dict[str, int] = {}
    for recipe, _times in recipes:
        skills[recipe.skill] = max(skills.get(recipe.skill, 1), recipe.level + 5)
    plan = [say("team", maker["message"])]
    if maker_buys:
        plan += [hear(c.name) for c in sources]
        for c in arrivals:
            plan += offer(c.name, {"coins": c.amount * prices[c.good]}, {c.good: c.amount})
    else:
        plan += [accept(c.name) for c in arrivals]
    plan += [craft(recipe.id, times) for recipe, times in recipes]
    if patron_buys:
        plan += [say("team", f"The {pieces} {piece} are ready."), accept(patron["name"])]
    else:
        plan += [hear(patron["name"]), *offer(patron["name"], {piece: pieces}, bill, settle=False)]
    traders.append(
        Trader(
            maker["name"],
            maker["title"],
            maker["spawn"],
            maker["sheet"],
            skills=skills,
            carries={**start, "coins": capital},
            ends=dict(bill),
            recipes=tuple(r.id for r, _t in recipes),
            came_for=maker["came_for"],
            heard=tuple(dict.fromkeys([*(c.good for c in sources), *start, piece])),
            plan=plan,
            kind="buy+make+sell",
        )
    )
    if pays is not None:
        buyer, placed = producer(pays, taken, patron["sheet"])
        nodes += placed
        buyer.skills.update(patron.get("skills", {}))
        buyer.carries = {k: v for k, v in {**buyer.carries, "coins": bill.get("coins", 0)}.items() if v}
        buyer.heard = (piece, pays.good)
        paid = " and ".join(f"{n} {i}" for i, n in bill.items())
        p_plan = [say("team", f"{patron['message']} I pay in {paid}."), *buyer.plan]
        kind = f"{buyer.kind}+buy"
    else:
        buyer = Trader(
            patron["name"], patron["title"], patron["spawn"], patron["sheet"], carries={"coins": price}
        )
        buyer.skills = dict(patron.get("skills", {}))
        p_plan, kind = [say("team", patron["message"])], "buy"
    if patron_buys:
        p_plan += [hear(maker["name"]), hear(maker["name"]), *offer(maker["name"], bill, {piece: pieces})]
    else:
        p_plan.append(accept(maker["name"]))
    if patron.get("wears"):
        p_plan.append({"equip": {"item": piece}})
        kind += "+wield"
    buyer.ends, buyer.came_for = {piece: pieces}, patron["came_for"]
    buyer.wields = piece if patron.get("wears") else None
    buyer.plan, buyer.kind = p_plan, kind
    traders.append(buyer)
    first = sources[0]
    checkpoints = [
        checkpoint(
            f"{maker['name']}_supplied",
            f"The {maker['title'].lower()} holds the {item_label(first.good)}s it bought.",
            {"holds": {"agent": maker["name"], "items": {first.good: first.amount}}},
        ),
        checkpoint(f"{piece}_made", f"A {item_label(piece)} exists.", {"holds": {"items": {piece: 1}}}),
        checkpoint(
            f"{maker['name']}_paid",
            f"The {maker['title'].lower()} has been paid for the work.",
            {"holds": {"agent": maker["name"], "items": {"coins": price}}},
        ),
    ]
    sources_why = ", ".join(
        f"{c.good} ({content.node_kinds[c.kind].skill} {content.node_kinds[c.kind].level})" for c in sources
    )
    last = recipes[-1][0]
    return Part(
        traders,
        prices,
        nodes,
        checkpoints,
        f"S{len(sources)}>M{len(recipes)}{'b' if maker_buys else ''}>P{'b' if patron_buys else ''}"
        f"{'W' if patron.get('wears') else ''}",
        f"{sources_why} bought by the only maker ({last.skill} {last.level}) with its capital, worked into "
        f"{pieces} {piece} sold to the patron",
    )


# --- scarce goods --------------------------------------------------------------------------------------
def scarce(*, seller: dict, needy: dict, flexible: dict, taken: set[Position] | None = None) -> Part:
    """One unit two makers could use: the seller holds the only unit of a good (`seller["one"]`), and
    gathers a substitute (`seller["gathers"]`, a Catch); the needy maker's recipe takes only the scarce
    good, the flexible maker's takes it or the substitute, which costs more at the market's prices. Both
    must end holding what they make, so the flexible maker must yield the cheap unit and pay for the
    dearer way: the market's prices tell each what a unit costs, the talk who cannot do without it.

    seller: {name, title, spawn, sheet, one, gathers, message}; needy / flexible: {name, title, spawn,
    sheet, recipes: [ids] (its route last), start: {item: n}, came_for, message}; each carries the coins
    for its route."""
    taken = set() if taken is None else taken
    content = places.content()
    one, alt = seller["one"], seller["gathers"]
    needy_recipe = content.recipes[needy["recipes"][-1]]
    flex_recipe = content.recipes[flexible["recipes"][-1]]
    prices = {one: content.items[one].value, alt.good: content.items[alt.good].value}
    for recipe in (needy_recipe, flex_recipe):
        out = next(iter(recipe.outputs))
        prices[out] = content.items[out].value
        assert prices[out] >= sum(prices.get(i, 0) * n for i, n in recipe.inputs.items()), recipe.id
    units = flex_recipe.inputs[alt.good]
    assert alt.units == units, f"the seller gathers what the dearer recipe takes ({units})"
    dear = units * prices[alt.good]
    assert dear > prices[one], "the substitute must cost more than the scarce unit"
    trader, nodes = producer(alt, taken, seller["sheet"])
    trader.carries = {one: 1}
    trader.ends = {"coins": prices[one] + dear}
    trader.heard = (one, alt.good)
    trader.came_for = (
        f"You came to sell your one {item_label(one)} (`{one}`) and {units} {item_label(alt.good)} "
        f"(`{alt.good}`) that you gather, for coins."
    )
    trader.plan = [
        say("team", seller["message"]),
        *trader.plan,
        hear(needy["name"]),
        hear(flexible["name"]),
        *offer(needy["name"], {one: 1}, {"coins": prices[one]}),
        *offer(flexible["name"], {alt.good: units}, {"coins": dear}),
    ]
    trader.kind += "+sell2"
    makers = []
    for spec, recipe, coins, route in (
        (needy, needy_recipe, prices[one], "only"),
        (flexible, flex_recipe, dear, "either"),
    ):
        out = next(iter(recipe.outputs))
        level = max(content.recipes[r].level for r in spec["recipes"]) + 5
        plan = [say("team", spec["message"])]
        if route == "either":
            plan.append(hear(needy["name"]))  # the needy maker says it cannot do without the unit
        plan += [accept(seller["name"]), craft(recipe.id)]
        makers.append(
            Trader(
                spec["name"],
                spec["title"],
                spec["spawn"],
                spec["sheet"],
                skills={recipe.skill: level},
                carries={**spec.get("start", {}), "coins": coins},
                ends={out: 1},
                came_for=spec["came_for"],
                recipes=tuple(spec["recipes"]),
                heard=(one, alt.good, out),
                plan=plan,
                kind=f"buy+make:{route}",
            )
        )
    robe = next(iter(needy_recipe.outputs))
    checkpoints = [
        checkpoint(
            f"{needy['name']}_has_{one}",
            f"The {needy['title'].lower()} holds the {item_label(one)}.",
            {"holds": {"agent": needy["name"], "items": {one: 1}}},
        ),
        checkpoint(f"{robe}_made", f"The {item_label(robe)} is made.", {"holds": {"items": {robe: 1}}}),
        checkpoint(
            f"{alt.good}_cut",
            f"The {seller['title'].lower()} has cut the {item_label(alt.good)}.",
            {"holds": {"agent": seller["name"], "items": {alt.good: units}}},
        ),
        checkpoint(
            f"{flexible['name']}_supplied",
            f"The {flexible['title'].lower()} holds {item_label(alt.good)} enough for its work.",
            {"holds": {"agent": flexible["name"], "items": {alt.good: units}}},
        ),
    ]
    return Part(
        [trader, *makers],
        prices,
        nodes,
        checkpoints,
        "U1",
        f"one {one} (only the {seller['title'].lower()}), which only the {needy['title'].lower()}'s "
        f"{needy_recipe.id} can use and the {flexible['title'].lower()}'s {flex_recipe.id} could; the "
        f"dearer {alt.good} ({content.node_kinds[alt.kind].skill} {content.node_kinds[alt.kind].level}, "
        f"only the seller) must serve the flexible maker",
    )
