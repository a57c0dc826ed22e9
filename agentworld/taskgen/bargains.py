"""The bargains a market task is made of (taskgen/market.py composes them), each a `Part`:

- `cargo`: two producers of one good sell their catches to one buyer who must hold more of it than
  one agent gathers in the budget (volume), perhaps with other producers of other goods; with a
  broker, the buyer pays in its own goods and the broker turns the producers' wish for coins into
  them (with no pair, a ship's voyage: a master buys at one harbour and sells at the next);
- `ring`: each member needs what the next gathers, nobody what the one beside it brings, so the
  goods pass round through one hub, each swap evened in coins at the market's prices;
(taskgen/orders.py holds the bargains with makers: commissions and scarce goods.)
"""

from __future__ import annotations

from agentworld.taskgen import places
from agentworld.taskgen.market import (
    Catch,
    Part,
    Position,
    Trader,
    accept,
    checkpoint,
    counted,
)
from agentworld.taskgen.market import (
    by_arrival,
    even,
    hear,
    item_label,
    offer,
    producer,
    say,
    sells,
    takes,
    where,
)


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
    catch and sells the lot to the buyer for its goods, which the outcome leaves with the broker. With
    `pays` a Catch (named for the buyer), the buyer gathers part of its payment and carries the rest
    (`buyer["carries"]`, goods), with fewer coins than any producer's price, so it cannot pay one itself."""
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
    arrivals = by_arrival(catches)  # the merchant takes offers as they come (10-round expiry)
    traders, nodes = _sellers(catches, pair, prices, merchant, taken, buyer_goes)
    pays: dict[str, int] = {}
    purse: Catch | None = None
    if broker:
        pays, purse = _broker_pays(broker, buyer, catches, lot, prices, total)
        traders.append(_broker(broker, buyer, pays, lot, arrivals, total))
    carries, plan = _buyer_carries_and_plan(buyer, broker, pays, purse, arrivals, prices, total, buyer_goes)
    heard = (*lot, *(i for i in pays if i != "coins"))
    buyer_trader, placed = _buyer(buyer, purse, carries, plan, lot, heard, taken)
    nodes += placed
    traders.append(buyer_trader)
    checkpoints = _cargo_checkpoints(catches[0], buyer, broker, lot, prices)
    shape = f"C{len(pair)}{len(extras) and f'+{len(extras)}' or ''}{'>B' if broker else ''}>H{'g' if buyer_goes else ''}"
    return Part(traders, prices, nodes, checkpoints, shape, _cargo_why(pair, extras, lot, buyer, broker))


def _sellers(
    catches: list[Catch],
    pair: tuple[Catch, ...],
    prices: dict[str, int],
    merchant: str,
    taken: set[Position],
    buyer_goes: bool,
) -> tuple[list[Trader], list]:
    """Each producer gathers its catch and sells it to the merchant for coins at the market's price (or,
    when the buyer goes round, says where it waits and takes the buyer's offer)."""
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
            ready = say("team", f"{c.amount} {c.good} ready to sell, at {where(c.spawn)}.")
            trader.plan = takes(c, [*trader.plan, ready], merchant)
        else:
            trader.plan = sells(c, trader.plan, merchant, {c.good: c.amount}, {"coins": paid})
        trader.kind += "+sell"
        traders.append(trader)
        nodes += placed
    return traders, nodes


def _broker_pays(
    broker: dict, buyer: dict, catches: list[Catch], lot: dict[str, int], prices: dict[str, int], total: int
) -> tuple[dict[str, int], Catch | None]:
    """What the buyer pays the broker, worth the whole cargo, with its goods priced into `prices`; and the
    part of it the buyer gathers itself (the broker's `pays` a Catch), if any."""
    content = places.content()
    purse: Catch | None = None
    if isinstance(broker["pays"], Catch):  # the buyer gathers part of what it pays with
        purse = broker["pays"]
        stock = dict(buyer.get("carries", {}))  # and carries the rest in goods, evened in coins
        for item in [purse.good, *stock]:
            prices[item] = content.items[item].value
        pays, fee = even({purse.good: purse.amount, **stock}, dict(lot), prices)
        assert "coins" not in fee, "the buyer's goods must not be worth more than the cargo"
        least = min(prices[c.good] * c.amount for c in catches)
        assert pays.get("coins", 0) < least, "the buyer must not have the coins to pay a producer itself"
    else:
        pays = dict(broker["pays"])
    for item in pays:
        if item != "coins":
            prices[item] = content.items[item].value
    assert sum(prices.get(i, 1) * n for i, n in pays.items()) == total, "the buyer must pay the cargo"
    return pays, purse


def _broker(
    broker: dict, buyer: dict, pays: dict[str, int], lot: dict[str, int], arrivals: list[Catch], total: int
) -> Trader:
    """Carries the coins, buys every catch as it arrives, then sells the lot to the buyer for its goods."""
    return Trader(
        broker["name"],
        broker["title"],
        broker["spawn"],
        broker["sheet"],
        carries={"coins": total},
        ends=pays,
        came_for=f"{broker['came_for']} In all you must end holding what the "
        f"{buyer['title'].lower()} pays: {', '.join(counted(i, n) for i, n in pays.items() if i != 'coins')}"
        + (f" and {pays['coins']} coins." if pays.get("coins") else "."),
        heard=(*lot, *(i for i in pays if i != "coins")),
        plan=[
            say("team", broker["message"]),
            *[accept(c.name) for c in arrivals],
            hear(buyer["name"]),
            *offer(buyer["name"], lot, pays),
        ],
        kind="broker",
    )


def _buyer_carries_and_plan(
    buyer: dict,
    broker: dict | None,
    pays: dict[str, int],
    purse: Catch | None,
    arrivals: list[Catch],
    prices: dict[str, int],
    total: int,
    buyer_goes: bool,
) -> tuple[dict[str, int], list[dict]]:
    """What the buyer starts with (the cargo's price in coins, or its goods for the broker) and its plan:
    take the broker's offer, or each producer's, or go round offering coins for each catch."""
    if broker:
        carries, plan = pays, [say("team", buyer["message"]), accept(broker["name"])]
        if purse is not None:
            carries = {i: n for i, n in pays.items() if i != purse.good}
            bill = " and ".join(f"{n} {i}" for i, n in pays.items())
            plan = [say("team", f"{buyer['message']} I pay {bill}."), plan[1]]  # (its gathering goes between)
        return carries, plan
    carries, plan = {"coins": total}, [say("team", buyer["message"])]
    if buyer_goes:
        for c in arrivals:
            plan += [
                hear(c.name),
                *offer(c.name, {"coins": c.amount * prices[c.good]}, {c.good: c.amount}),
            ]
    else:
        plan += [accept(c.name) for c in arrivals]
    return carries, plan


def _buyer(
    buyer: dict,
    purse: Catch | None,
    carries: dict[str, int],
    plan: list[dict],
    lot: dict[str, int],
    heard: tuple[str, ...],
    taken: set[Position],
) -> tuple[Trader, list]:
    """The buyer, and the nodes placed for it: a producer of its own purse when it gathers part of it."""
    if purse is None:
        trader = Trader(
            buyer["name"],
            buyer["title"],
            buyer["spawn"],
            buyer["sheet"],
            carries=carries,
            ends=dict(lot),
            came_for=buyer["came_for"],
            heard=heard,
            plan=plan,
            kind="buy",
        )
        return trader, []
    holder, placed = producer(purse, taken, buyer["sheet"])
    holder.carries = {**holder.carries, **carries}
    plan = [plan[0], *holder.plan, *plan[1:]]
    holder.ends, holder.came_for, holder.heard, holder.plan = dict(lot), buyer["came_for"], heard, plan
    holder.kind += "+buy"
    return holder, placed


def _cargo_checkpoints(
    first: Catch, buyer: dict, broker: dict | None, lot: dict[str, int], prices: dict[str, int]
) -> list[dict]:
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
    return checkpoints


def _cargo_why(
    pair: tuple[Catch, ...], extras: tuple[Catch, ...], lot: dict[str, int], buyer: dict, broker: dict | None
) -> str:
    first = [*pair, *extras][0]
    good = first.good
    skill = places.content().node_kinds[first.kind].skill
    if pair:
        why = (
            f"two producers ({skill} 45, by hand) gather {lot[good]} {good} for one buyer, more than one "
            "agent gathers in the budget"
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
    return why


# --- ring ---------------------------------------------------------------------------------------------
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
    traders, nodes = _ring_members(members, sheets, taken)
    swaps, low = _hub_swaps(members, prices)
    _ring_plans(members, {t.name: t for t in traders}, swaps, low)
    return Part(
        traders,
        prices,
        nodes,
        _ring_checkpoints(members),
        f"R{k}",
        f"a ring of {k} ({', '.join(f'{m.good}: {content.node_kinds[m.kind].skill} 45' for m in members)}; "
        f"each the only source of its good) swapped round through one hub, evened in coins",
    )


def _ring_members(
    members: list[Catch], sheets: dict[str, str], taken: set[Position]
) -> tuple[list[Trader], list]:
    """Each member gathers its catch and must end holding the next member's."""
    k = len(members)
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
    return traders, nodes


def _hub_swaps(
    members: list[Catch], prices: dict[str, int]
) -> tuple[list[tuple[Catch, dict[str, int], dict[str, int]]], dict[str, int]]:
    """The hub's swaps, with member k-1, k-2, ..., 1: it gives what it holds and takes that member's catch,
    evened in coins. Also each member's lowest coin balance along the way (what it must carry)."""
    hub = members[0]
    coins = {m.name: 0 for m in members}
    low = {m.name: 0 for m in members}
    holds = {hub.good: hub.amount}
    swaps = []
    for j in range(len(members) - 1, 0, -1):
        m = members[j]
        give, want = even(holds, {m.good: m.amount}, prices)
        swaps.append((m, give, want))
        coins[hub.name] += want.get("coins", 0) - give.get("coins", 0)
        coins[m.name] += give.get("coins", 0) - want.get("coins", 0)
        for name in (hub.name, m.name):
            low[name] = min(low[name], coins[name])
        holds = {m.good: m.amount}
    return swaps, low


def _ring_plans(
    members: list[Catch],
    by_name: dict[str, Trader],
    swaps: list[tuple[Catch, dict[str, int], dict[str, int]]],
    low: dict[str, int],
) -> None:
    """Give each member the coins its swaps need, its opening call, and its part in the hub's swaps."""
    k = len(members)
    hub = members[0]
    for m in members:
        if low[m.name] < 0:
            by_name[m.name].carries = {**by_name[m.name].carries, "coins": -low[m.name]}
    hub_t = by_name[hub.name]
    for i, m in enumerate(members[1:], start=1):  # each says what it brings, where: the hub hears all
        need = members[(i + 1) % k]
        by_name[m.name].plan.insert(
            0,
            say(
                "team", f"I bring {m.amount} {m.good}, at {where(m.spawn)}; I need {need.amount} {need.good}."
            ),
        )
    hub_t.plan.insert(
        0, say("team", f"I bring {hub.amount} {hub.good} and need {members[1].amount} {members[1].good}.")
    )
    # (the members' calls reach the hub while it gathers: it needs to wait for none of them)
    for m, give, want in swaps:
        hub_t.plan += offer(m.name, give, want)
        by_name[m.name].plan = takes(m, by_name[m.name].plan, hub.name)
        by_name[m.name].kind += "+swap"
    hub_t.kind += "+hub"


def _ring_checkpoints(members: list[Catch]) -> list[dict]:
    hub, first, last = members[0], members[1], members[-1]
    return [
        checkpoint(
            f"{first.name}_catch",
            f"The {first.title.lower()} has its catch.",
            {"holds": {"agent": first.name, "items": {first.good: first.amount}}},
        ),
        checkpoint(
            f"{last.name}_served",
            f"The {last.title.lower()} holds what it came for.",
            {"holds": {"agent": last.name, "items": {hub.good: hub.amount}}},
        ),
        checkpoint(
            f"{hub.name}_catch",
            f"The {hub.title.lower()} has its catch.",
            {"holds": {"agent": hub.name, "items": {hub.good: hub.amount}}},
        ),
    ]
