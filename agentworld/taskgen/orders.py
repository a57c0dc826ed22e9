"""The bargains of a market task that go through makers (taskgen/market.py composes them), each a `Part`:

- `commission`: gatherers -> a maker with capital -> a patron, every link paid on the spot;
- `scarce`: one unit two makers could use, one of whom has a dearer way: they must settle who yields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.taskgen import places
from agentworld.taskgen.market import Catch, Part, Position, Trader, accept, checkpoint, counted, craft
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

if TYPE_CHECKING:
    from agentworld.world.content_schema import Recipe


# --- commission -----------------------------------------------------------------------------------------
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
    prices = _commission_prices(sources, recipes)
    price = prices[piece] * pieces
    pays: Catch | None = patron.get("pays")
    if pays is not None:  # the patron pays in goods it gathers, evened in coins
        prices[pays.good] = content.items[pays.good].value
        bill, fee = even({pays.good: pays.amount}, {piece: pieces}, prices)
        assert "coins" not in fee, "the patron's goods must not be worth more than the pieces"
    else:
        bill = {"coins": price}
    traders, nodes = _suppliers(sources, prices, maker["name"], maker_buys, taken)
    plan = _maker_plan(maker, patron, recipes, sources, prices, piece, pieces, bill, maker_buys, patron_buys)
    traders.append(_maker(maker, recipes, sources, prices, piece, bill, plan))
    buyer, placed = _patron(patron, maker, pays, bill, piece, pieces, price, taken, patron_buys)
    nodes += placed
    traders.append(buyer)
    sources_why = ", ".join(
        f"{c.good} ({content.node_kinds[c.kind].skill} {content.node_kinds[c.kind].level})" for c in sources
    )
    last = recipes[-1][0]
    return Part(
        traders,
        prices,
        nodes,
        _commission_checkpoints(sources[0], maker, patron, piece),
        f"S{len(sources)}>M{len(recipes)}{'b' if maker_buys else ''}>P{'b' if patron_buys else ''}"
        f"{'W' if patron.get('wears') else ''}",
        f"{sources_why} bought by the only maker ({last.skill} {last.level}) with its capital, worked into "
        f"{pieces} {piece} sold to the patron",
    )


def _commission_prices(sources: list[Catch], recipes: list[tuple[Recipe, int]]) -> dict[str, int]:
    """The market's price of every good in the chain; each recipe must be worth at least its inputs."""
    content = places.content()
    prices = {c.good: content.items[c.good].value for c in sources}
    for recipe, _times in recipes:
        for item in [*recipe.inputs, *recipe.outputs]:
            prices.setdefault(item, content.items[item].value)
        inputs = sum(prices[i] * n for i, n in recipe.inputs.items())
        assert sum(prices[o] * n for o, n in recipe.outputs.items()) >= inputs, f"{recipe.id} loses worth"
    return prices


def _suppliers(
    sources: list[Catch], prices: dict[str, int], maker: str, maker_buys: bool, taken: set[Position]
) -> tuple[list[Trader], list]:
    """Each gatherer sells its catch to the maker for coins at the market's price (or, when the maker
    goes round, calls that it is ready and takes the maker's offer)."""
    traders, nodes = [], []
    for c in sources:
        trader, placed = producer(c, taken)
        paid = c.amount * prices[c.good]
        trader.ends = {"coins": paid}
        trader.came_for = (
            f"You came to sell {counted(c.good, c.amount)} for coins: {paid} coins at the market's price."
        )
        if maker_buys:  # it calls when its catch is ready (an offer lasts 10 rounds)
            ready = say("team", f"My {c.amount} {c.good} are ready to sell, at {where(c.spawn)}.")
            trader.plan = takes(c, [*trader.plan, ready], maker)
        else:
            trader.plan = sells(c, trader.plan, maker, {c.good: c.amount}, {"coins": paid})
        trader.kind += "+sell"
        nodes += placed
        traders.append(trader)
    return traders, nodes


def _maker_plan(
    maker: dict,
    patron: dict,
    recipes: list[tuple[Recipe, int]],
    sources: list[Catch],
    prices: dict[str, int],
    piece: str,
    pieces: int,
    bill: dict[str, int],
    maker_buys: bool,
    patron_buys: bool,
) -> list[dict]:
    """Buy the raw goods (as they arrive, or going round), make the pieces, sell them to the patron."""
    arrivals = by_arrival(sources)
    plan = [say("team", maker["message"])]
    told = patron_buys or not maker_buys  # (its waits for messages follow their order of arrival)
    if not told:
        plan.append(hear(patron["name"]))
    if maker_buys:  # it goes to each gatherer when it calls that its catch is ready
        for c in arrivals:
            plan += [hear(c.name), *offer(c.name, {"coins": c.amount * prices[c.good]}, {c.good: c.amount})]
    else:
        plan += [accept(c.name) for c in arrivals]
    plan += [craft(recipe.id, times) for recipe, times in recipes]
    if patron_buys:
        plan += [say("team", f"The {pieces} {piece} are ready."), accept(patron["name"])]
    else:
        plan += [
            *([hear(patron["name"])] if told else []),
            *offer(patron["name"], {piece: pieces}, bill, settle=False),
        ]
    return plan


def _maker(
    maker: dict,
    recipes: list[tuple[Recipe, int]],
    sources: list[Catch],
    prices: dict[str, int],
    piece: str,
    bill: dict[str, int],
    plan: list[dict],
) -> Trader:
    """The only maker: skilled for every recipe, carrying the capital that buys the raw goods."""
    skills: dict[str, int] = {}
    for recipe, _times in recipes:
        skills[recipe.skill] = max(skills.get(recipe.skill, 1), recipe.level + 5)
    start = dict(maker.get("start", {}))
    capital = sum(prices[c.good] * c.amount for c in sources)
    return Trader(
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


def _patron(
    patron: dict,
    maker: dict,
    pays: Catch | None,
    bill: dict[str, int],
    piece: str,
    pieces: int,
    price: int,
    taken: set[Position],
    patron_buys: bool,
) -> tuple[Trader, list]:
    """The patron, and the nodes placed for it: it pays in coins, or in goods it gathers (`pays`)."""
    if pays is not None:
        buyer, placed = producer(pays, taken, patron["sheet"])
        buyer.skills.update(patron.get("skills", {}))
        buyer.carries = {k: v for k, v in {**buyer.carries, "coins": bill.get("coins", 0)}.items() if v}
        buyer.heard = (piece, pays.good)
        paid = " and ".join(f"{n} {i}" for i, n in bill.items())
        p_plan = [say("team", f"{patron['message']} I pay in {paid}."), *buyer.plan]
        kind = f"{buyer.kind}+buy"
    else:
        buyer, placed = (
            Trader(
                patron["name"], patron["title"], patron["spawn"], patron["sheet"], carries={"coins": price}
            ),
            [],
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
    return buyer, placed


def _commission_checkpoints(first: Catch, maker: dict, patron: dict, piece: str) -> list[dict]:
    return [
        checkpoint(
            f"{maker['name']}_supplied",
            f"The {maker['title'].lower()} holds the {item_label(first.good)}s it bought.",
            {"holds": {"agent": maker["name"], "items": {first.good: first.amount}}},
        ),
        checkpoint(f"{piece}_made", f"A {item_label(piece)} exists.", {"holds": {"items": {piece: 1}}}),
        checkpoint(
            f"{patron['name']}_served",
            f"The {patron['title'].lower()} holds a {item_label(piece)}.",
            {"holds": {"agent": patron["name"], "items": {piece: 1}}},
        ),
    ]


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
    trader, nodes = _scarce_seller(seller, needy, flexible, prices, units, dear, taken)
    makers = [
        _scarce_maker(needy, needy_recipe, prices[one], "only", seller, needy, one, alt.good),
        _scarce_maker(flexible, flex_recipe, dear, "either", seller, needy, one, alt.good),
    ]
    return Part(
        [trader, *makers],
        prices,
        nodes,
        _scarce_checkpoints(seller, needy, flexible, needy_recipe, units),
        "U1",
        f"one {one} (only the {seller['title'].lower()}), which only the {needy['title'].lower()}'s "
        f"{needy_recipe.id} can use and the {flexible['title'].lower()}'s {flex_recipe.id} could; the "
        f"dearer {alt.good} ({content.node_kinds[alt.kind].skill} {content.node_kinds[alt.kind].level}, "
        f"only the seller) must serve the flexible maker",
    )


def _scarce_seller(
    seller: dict,
    needy: dict,
    flexible: dict,
    prices: dict[str, int],
    units: int,
    dear: int,
    taken: set[Position],
) -> tuple[Trader, list]:
    """Holds the one unit and gathers the substitute; hears both makers, then sells the unit to the needy
    one and the substitute to the flexible one."""
    one, alt = seller["one"], seller["gathers"]
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
    return trader, nodes


def _scarce_maker(
    spec: dict, recipe: Recipe, coins: int, route: str, seller: dict, needy: dict, one: str, alt_good: str
) -> Trader:
    """A maker with the coins for its `route` ("only": the scarce unit; "either": the dearer substitute,
    once the needy maker has said it cannot do without the unit)."""
    out = next(iter(recipe.outputs))
    level = max(places.content().recipes[r].level for r in spec["recipes"]) + 5
    plan = [say("team", spec["message"])]
    if route == "either":
        plan.append(hear(needy["name"]))  # the needy maker says it cannot do without the unit
    plan += [accept(seller["name"]), craft(recipe.id)]
    return Trader(
        spec["name"],
        spec["title"],
        spec["spawn"],
        spec["sheet"],
        skills={recipe.skill: level},
        carries={**spec.get("start", {}), "coins": coins},
        ends={out: 1},
        came_for=spec["came_for"],
        recipes=tuple(spec["recipes"]),
        heard=(one, alt_good, out),
        plan=plan,
        kind=f"buy+make:{route}",
    )


def _scarce_checkpoints(
    seller: dict, needy: dict, flexible: dict, needy_recipe: Recipe, units: int
) -> list[dict]:
    one, alt = seller["one"], seller["gathers"]
    robe = next(iter(needy_recipe.outputs))
    return [
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
