"""Task 09, The Harvest Fair: four rings of three traders barter until everyone holds what they came for.

Success (task file): every trader holds the goods they came for. Why each role is needed: each
trader is the only holder of goods another trader needs and must end up holding their own; nobody
has coins, and selling one's goods to a shop never raises the price of what one needs (or no shop
stocks it), so no trader can be served by the shops instead of a teammate. Legal alternatives that
pass: gifts (`give`) instead of trades, any order, no hub at all.
Checkpoints: a first trader supplied, then each guild supplied.
"""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held

# trader -> (item they came for, how many)
WANTS = {
    "baker": ("raw_trout", 4), "carpenter": ("bread", 4), "angler": ("iron_nails", 10),
    "smelter": ("coal", 6), "toolmaker": ("iron_bar", 3), "prospector": ("bronze_pickaxe", 2),
    "weaver": ("cooked_sea_bass", 3), "sailmaker": ("linen", 4), "fishwife": ("rope", 6),
    "apothecary": ("marshcap", 4), "caravaneer": ("glass_vial", 7), "herbwife": ("sunbloom", 3),
}
GUILDS = {
    "woodland": ("baker", "carpenter", "angler"),
    "mountain": ("smelter", "toolmaker", "prospector"),
    "coast": ("weaver", "sailmaker", "fishwife"),
    "south": ("apothecary", "caravaneer", "herbwife"),
}


def first_trader_supplied(world: Any, task: Any) -> bool:
    """Some trader holds the goods they came for (none does at the start)."""
    return any(trader in world.players and held(world, item, trader) >= n for trader, (item, n) in WANTS.items())


def _supplied(guild: str):
    def predicate(world: Any, task: Any) -> bool:
        return all(trader in world.players and held(world, WANTS[trader][0], trader) >= WANTS[trader][1]
                   for trader in GUILDS[guild])
    predicate.__doc__ = f"Every trader of the {guild} guild holds the goods they came for."
    return predicate


CHECKPOINTS = {"first_trader_supplied": first_trader_supplied, **{f"{g}_supplied": _supplied(g) for g in GUILDS}}
