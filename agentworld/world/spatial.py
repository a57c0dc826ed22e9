"""A bucket grid over entity positions so "what is near (x, y)" costs a few dict lookups.

Buckets are `size` x `size` tiles. Each bucket maps entity id -> entity (insertion-ordered,
so iteration is deterministic). Entities must expose `x` and `y`; callers report moves.
"""

from __future__ import annotations

from typing import Any, Iterator


class SpatialGrid:
    __slots__ = ("size", "buckets")

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.buckets: dict[tuple[int, int], dict[str, Any]] = {}

    def add(self, ident: str, ent: Any) -> None:
        key = (ent.x // self.size, ent.y // self.size)
        bucket = self.buckets.get(key)
        if bucket is None:
            self.buckets[key] = {ident: ent}
        else:
            bucket[ident] = ent

    def remove(self, ident: str, x: int, y: int) -> None:
        key = (x // self.size, y // self.size)
        bucket = self.buckets.get(key)
        if bucket is not None:
            bucket.pop(ident, None)
            if not bucket:
                del self.buckets[key]

    def move(self, ident: str, ent: Any, old_x: int, old_y: int) -> None:
        """Call after changing ent.x/ent.y from (old_x, old_y)."""
        s = self.size
        if old_x // s == ent.x // s and old_y // s == ent.y // s:
            return
        self.remove(ident, old_x, old_y)
        self.add(ident, ent)

    def near(self, x: int, y: int, radius: int) -> Iterator[tuple[str, Any, int]]:
        """(id, entity, chebyshev distance) for every entity within `radius` of (x, y)."""
        s = self.size
        buckets = self.buckets
        for by in range((y - radius) // s, (y + radius) // s + 1):
            for bx in range((x - radius) // s, (x + radius) // s + 1):
                bucket = buckets.get((bx, by))
                if not bucket:
                    continue
                for ident, ent in bucket.items():
                    dx = ent.x - x
                    dy = ent.y - y
                    if dx < 0:
                        dx = -dx
                    if dy < 0:
                        dy = -dy
                    d = dx if dx > dy else dy
                    if d <= radius:
                        yield ident, ent, d

    def __getstate__(self):
        return (self.size, self.buckets)

    def __setstate__(self, state) -> None:
        self.size, self.buckets = state
