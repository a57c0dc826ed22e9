"""The bargains a market task is made of (taskgen/market.py composes them), each a `Part`:

- `cargo`: two producers of one good sell their catches to one buyer who must hold more of it than
  one agent gathers in the budget (volume), perhaps with other producers of other goods; with a
  broker, the buyer pays in its own goods and the broker turns the producers' wish for coins into
  them (with no pair, a ship's voyage: a master buys at one harbour and sells at the next);
- `ring`: each member needs what the next gathers, nobody what the one beside it brings, so the
  goods pass round through one hub, each swap evened in coins at the market's prices;
- `commission`: gatherers -> a maker with capital -> a patron, every link paid on the spot;
- `scarce`: one unit two makers could use, one of whom has a dearer way: they must settle who yields.
"""

from __future__ import annotations

from agentworld.taskgen import places
from agentworld.taskgen.market import Catch, Part, Position, Trader, accept, checkpoint, counted, craft
from agentworld.taskgen.market import even, hear, item_label, offer, producer, say, where


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
                say("team", f"{c.amount} {c.good} ready to sell, at {where(c.spawn)}."),
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
        give, want = even(holds, {m.good: m.amount}, prices)
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
            say(
                "team", f"I bring {m.amount} {m.good}, at {where(m.spawn)}; I need {need.amount} {need.good}."
            ),
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
        bill, fee = even({pays.good: pays.amount}, {piece: pieces}, prices)
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
            trader.plan.insert(0, say("team", f"I gather {c.good} at {where(c.spawn)}: {c.amount} to sell."))
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
