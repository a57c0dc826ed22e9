"""Task 09, The Harvest Fair: four rings of three traders barter until everyone holds what they came for.

Success (task file): every trader holds the goods they came for. Why each role is needed: each
trader brings their guild's specialty (harvest loaves, rack pegs, smoked trout, ...), which no
shop, node or mob in the vale provides and only a guild master could make (a level-75 recipe,
far above every trader), so each trader is the only source of what another trader needs, and
must end up holding their own; nobody has coins either. Legal alternatives that pass: gifts
(`give`) instead of trades, any order, no hub at all.
Checkpoints: a first trader supplied, then each guild supplied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import held

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

# trader -> (item they came for, how many)
WANTS = {
    "baker": ("smoked_trout", 4),
    "carpenter": ("harvest_loaf", 4),
    "angler": ("rack_peg", 10),
    "smelter": ("hearth_coke", 6),
    "toolmaker": ("delver_ingot", 3),
    "prospector": ("runed_pick_head", 2),
    "weaver": ("salted_bass", 3),
    "sailmaker": ("sailcloth_bolt", 4),
    "fishwife": ("tarred_hawser", 6),
    "apothecary": ("bog_myrtle", 4),
    "caravaneer": ("stoppered_phial", 7),
    "herbwife": ("dune_saffron", 3),
}
GUILDS = {
    "woodland": ("baker", "carpenter", "angler"),
    "mountain": ("smelter", "toolmaker", "prospector"),
    "coast": ("weaver", "sailmaker", "fishwife"),
    "south": ("apothecary", "caravaneer", "herbwife"),
}


def first_trader_supplied(world: World, task: Task) -> bool:
    """Some trader holds the goods they came for (none does at the start)."""
    return any(
        trader in world.players and held(world, item, trader) >= n for trader, (item, n) in WANTS.items()
    )


def _supplied(guild: str):
    def predicate(world: World, task: Task) -> bool:
        return all(
            trader in world.players and held(world, WANTS[trader][0], trader) >= WANTS[trader][1]
            for trader in GUILDS[guild]
        )

    predicate.__doc__ = f"Every trader of the {guild} guild holds the goods they came for."
    return predicate


CHECKPOINTS = {
    "first_trader_supplied": first_trader_supplied,
    **{f"{g}_supplied": _supplied(g) for g in GUILDS},
}
