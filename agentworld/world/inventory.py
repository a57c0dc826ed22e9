"""Inventories made of lots: every unit of an item remembers the action that put it in its holder's hands.

A lot is `[origin_action_id, count]`. Lots of one item are kept oldest first and units
leave first-in first-out, so the provenance of what is consumed is deterministic.
Origins may be None for items a task gave at spawn (no action produced them).
"""

from __future__ import annotations

Lot = list  # [origin: int | None, count: int]
Taken = list[tuple[int | None, int]]


class Inventory:
    """Item id -> lots; counts are cached so observation and checks stay O(1)."""

    __slots__ = ("lots", "totals")

    def __init__(self) -> None:
        self.lots: dict[str, list[Lot]] = {}
        self.totals: dict[str, int] = {}

    def count(self, item: str) -> int:
        return self.totals.get(item, 0)

    def has(self, item: str, count: int = 1) -> bool:
        return self.totals.get(item, 0) >= count

    def items(self) -> list[str]:
        return sorted(self.totals)

    def counts(self) -> dict[str, int]:
        """Item -> count, sorted by item id (the observation form)."""
        return {item: self.totals[item] for item in sorted(self.totals)}

    def add(self, item: str, count: int, origin: int | None) -> None:
        """Add `count` units that came from action `origin` (merged into the newest lot if same origin)."""
        if count <= 0:
            return
        lots = self.lots.get(item)
        if lots is None:
            self.lots[item] = [[origin, count]]
        elif lots[-1][0] == origin:
            lots[-1][1] += count
        else:
            lots.append([origin, count])
        self.totals[item] = self.totals.get(item, 0) + count

    def remove(self, item: str, count: int) -> Taken:
        """Take `count` units, oldest lots first; returns [(origin, n), ...]. Caller checks has() first."""
        have = self.totals.get(item, 0)
        if count <= 0:
            return []
        if have < count:
            raise ValueError(f"cannot remove {count} {item}: only {have}")
        lots = self.lots[item]
        taken: Taken = []
        left = count
        while left:
            lot = lots[0]
            n = lot[1] if lot[1] <= left else left
            taken.append((lot[0], n))
            lot[1] -= n
            left -= n
            if lot[1] == 0:
                lots.pop(0)
        if have == count:
            del self.lots[item]
            del self.totals[item]
        else:
            self.totals[item] = have - count
        return taken

    def origins(self, item: str, count: int) -> Taken:
        """The lots that remove(item, count) would take, without taking them."""
        out: Taken = []
        left = count
        for origin, n in self.lots.get(item, ()):
            if left <= 0:
                break
            k = n if n <= left else left
            out.append((origin, k))
            left -= k
        return out

    def copy(self) -> "Inventory":
        inv = Inventory()
        inv.lots = {item: [list(lot) for lot in lots] for item, lots in self.lots.items()}
        inv.totals = dict(self.totals)
        return inv

    def __getstate__(self):
        return (self.lots, self.totals)

    def __setstate__(self, state) -> None:
        self.lots, self.totals = state

    def __repr__(self) -> str:
        return f"Inventory({self.counts()})"
