"""Task 09, The Harvest Fair: four rings of three traders barter until everyone holds what they came for."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import any_event, held

# trader -> (item they came for, how many)
WANTS = {
    "baker": ("raw_trout", 4), "carpenter": ("bread", 4), "angler": ("iron_nails", 10),
    "smelter": ("coal", 6), "toolmaker": ("iron_bar", 3), "prospector": ("bronze_pickaxe", 2),
    "weaver": ("cooked_sea_bass", 3), "sailmaker": ("linen", 4), "fishwife": ("rope", 4),
    "apothecary": ("marshcap", 4), "caravaneer": ("glass_vial", 6), "herbwife": ("sunbloom", 3),
}
GUILDS = {
    "woodland": ("baker", "carpenter", "angler"),
    "mountain": ("smelter", "toolmaker", "prospector"),
    "coast": ("weaver", "sailmaker", "fishwife"),
    "south": ("apothecary", "caravaneer", "herbwife"),
}


def first_trade(world: Any, task: Any) -> bool:
    return any_event(world, "trade_done")


def _supplied(guild: str):
    def predicate(world: Any, task: Any) -> bool:
        return all(trader in world.players and held(world, WANTS[trader][0], trader) >= WANTS[trader][1]
                   for trader in GUILDS[guild])
    predicate.__doc__ = f"Every trader of the {guild} guild holds the goods they came for."
    return predicate


CHECKPOINTS = {"first_trade": first_trade, **{f"{g}_supplied": _supplied(g) for g in GUILDS}}
