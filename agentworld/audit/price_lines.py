"""Price statements of a market task's text, against its price table (a kind of audit/truth.py).

A market task (a `fair_exchange` condition) tells its traders the prices, and what their goods are
worth at them:
- a price list after "(a unit):" ("driftwood 20 coins, woad 40 coins; a coin is worth 1"): each item's
  price is the table's;
- "sell 18 driftwood (`driftwood`) for coins: 360 coins at the market's price": the count times the
  item's price is the sum said.
A task without a market, or an item the table does not price, is not judged.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agentworld.conditions import market_prices

if TYPE_CHECKING:
    from agentworld.audit.truth import Lexicon
    from agentworld.tasks import Task

PRICE_LIST = re.compile(r"\(a unit\):([^;.]*)")
PRICED = re.compile(r"^\s*(?:and\s+)?(.+?)\s+(\d+)\s+coins?\s*$")
SALE = re.compile(
    r"\bsell (\d+) ([a-z][a-z_' ]*?)\s*(?:\(`(?P<id>[a-z0-9_]+)`\)\s*)?for coins: (\d+) coins at the market"
)


def price_problems(sentence: str, task: "Task", lexicon: "Lexicon") -> list[str | None]:
    """One entry per price or sale the sentence states: None when the market's table agrees."""
    prices = market_prices(task)
    if not prices:
        return []
    problems: list[str | None] = []
    for listed in PRICE_LIST.finditer(sentence):
        for part in listed[1].split(","):
            priced = PRICED.match(part)
            item = priced and lexicon.item_at(priced[1].lower().split())
            if item and item[1] == len(priced[1].split()) and item[0] in prices:
                said, price = int(priced[2]), prices[item[0]]
                problems.append(
                    None if said == price else f"the market prices {item[0]} at {price}, not {said}"
                )
    for sale in SALE.finditer(sentence):
        item, used = lexicon.item_at(sale[2].lower().split())
        if item in prices and used == len(sale[2].split()):
            count, total = int(sale[1]), int(sale[4])
            worth = count * prices[item]
            problems.append(
                None if worth == total else f"{count} {item} are worth {worth} coins, not {total}"
            )
    return problems
