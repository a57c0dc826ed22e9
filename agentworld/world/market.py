"""The market's law: nobody gives credit, so nobody's worth ever falls.

A task that trades at a price table (`fair_exchange` in its success conditions) opens a market on
its world (`World.open_market`, called by task_world.build_world). A player's *worth* is its coins
(1 each) plus every priced item it holds, in inventory and equipment, at the table's price; items
the table does not name are worth nothing. After every action the world compares the worth of each
player whose holdings the action changed with its worth before: a drop is recorded as a `Fall`
(the ledger keeps every one, in order) and announced, to the actor in its result and to a player
who lost worth by another's action in its news. Nothing is undone: the fall stands, and a
`fair_exchange` condition covering that player can never hold again.

Why worth may not fall at any moment, not only at the end: an atomic trade at the table's prices
leaves both sides' worth as it was, and a producer's gathering or crafting raises it; a gift
lowers the giver's worth until it is paid back, so a gift paid back later is credit, and this
market gives none. Goods left on the ground, sold to a shop for less than the table's price,
eaten or crafted into something priced lower all lower their holder's worth too.

The ledger is world state (in snapshots, deterministic), read by the condition
(`conditions.FairExchange`) and by tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .core import WorldCore
from .entities import Player


@dataclass(slots=True)
class Fall:
    """One player's worth falling by one action."""

    player: str  # whose worth fell
    round: int  # the round of the action
    action: int  # the action's id
    by: str  # the agent who acted (the player itself, or a trade partner accepting its offer)
    tool: str  # the tool of that action
    before: int  # worth before the action
    after: int  # worth after it


@dataclass(slots=True)
class Ledger:
    """A market's price table and every player's worth at it."""

    prices: dict[str, int]  # item -> coins a unit is worth (`coins` are always 1)
    start: dict[str, int]  # player -> worth when the market opened
    worth: dict[str, int]  # player -> worth now
    falls: list[Fall] = field(default_factory=list)  # every fall, in order

    def fell(self, player: str) -> list[Fall]:
        return [f for f in self.falls if f.player == player]


class Market(WorldCore):
    """Mixin of World (see engine.py): the ledger of an open market, settled after every action."""

    def open_market(self, prices: dict[str, int]) -> Ledger:
        """Open a market at `prices` on the players present now (call after add_player)."""
        table = {item: int(price) for item, price in prices.items()}
        worth = {name: self._worth(p, table) for name, p in self.players.items()}
        self.market = Ledger(table, dict(worth), dict(worth))
        return self.market

    def _worth(self, p: Player, prices: dict[str, int]) -> int:
        held = p.inventory.count("coins")
        for item, price in prices.items():
            held += price * (p.inventory.count(item) + sum(1 for e in p.equipment.values() if e == item))
        return held

    def _settle(self, actor: Player, tool: str, events: list[dict], action_id: int) -> str:
        """Record the falls of this action (its item events name whose holdings changed); the
        note for the actor's result, '' when nobody's worth fell."""
        ledger = self.market
        if ledger is None:
            return ""
        touched = list(dict.fromkeys(e["agent"] for e in events if e["kind"] in ("item_gain", "item_loss")))
        notes = []
        for name in touched:
            p = self.players.get(name)
            if p is None:
                continue
            before, after = ledger.worth.get(name, 0), self._worth(p, ledger.prices)
            ledger.worth[name] = after
            if after >= before:
                continue
            ledger.falls.append(Fall(name, self.round, action_id, actor.name, tool, before, after))
            self._ev("market_fall", actor.name, action_id, player=name, before=before, after=after, tool=tool)
            who = "your" if name == actor.name else f"{name}'s"
            notes.append(f"{who} worth fell from {before} to {after}")
        if not notes:
            return ""
        return (
            f" [market: {' and '.join(notes)} (coins plus goods at the market's prices); this market "
            f"gives no credit and nobody's worth may ever fall, so the bargain is broken]"
        )
