"""Walking: move_to along shortest paths, cached per player so a journey costs one search."""

from __future__ import annotations

from .common import ActionError, mob_return
from .entities import Landmark, Mob, Player
from .pathfinding import chebyshev, find_path_grid, straight_path
from .core import WorldCore


class Movement(WorldCore):
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _move_goal(self, p: Player, target) -> tuple[tuple[int, int], int, str]:
        """(goal tile, how near, label) for a move_to target."""
        if isinstance(target, (list, tuple)):
            if len(target) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in target):
                raise ActionError(f"move_to target must be [x, y] with two integers, got {target!r}")
            x, y = target
            if not self.map.in_bounds(x, y):
                raise ActionError(
                    f"({x}, {y}) is outside the map (0..{self.map.width - 1}, 0..{self.map.height - 1})"
                )
            if not self._ix.walkable(x, y):
                raise ActionError(
                    f"({x}, {y}) is {self.map.terrain_at(x, y)} and cannot be walked on; pick a walkable tile"
                )
            return (x, y), 0, f"({x}, {y})"
        if not isinstance(target, str) or not target:
            raise ActionError(f"move_to target must be [x, y] or an id/name string, got {target!r}")
        if target == p.name:
            raise ActionError("you cannot move to yourself")
        ent = self._lookup(p, target)
        if ent is None and "#" not in target:  # a kind ('oak_tree', 'wolf'): the nearest one in view
            found = self._nearest(
                p, self.rules.view_radius, lambda e: getattr(e, "id", "").partition("#")[0] == target
            )
            ent = found[0] if found else None
            target = ent.id if ent is not None else target
        if ent is None:
            raise self._unknown_target(p, target, "move target")
        if isinstance(ent, Landmark):
            return (ent.x, ent.y), 0, ent.name
        if isinstance(ent, Mob) and not ent.alive:
            raise ActionError(f"{target} is dead ({mob_return(ent)})")
        if isinstance(ent, Player) and not ent.alive:
            raise ActionError(f"{target} is dead")
        return (ent.x, ent.y), 1, target

    def _may_reach(self, start, goal, near: int) -> bool:
        """Cheap pre-check with the map's hub-connectivity: from the hub's area, a goal whose
        whole target box lies outside that area is unreachable (no need to flood the map)."""
        reach, w = self._ix.reachable, self._ix.width
        if not reach or not reach[start[1] * w + start[0]]:
            return True  # start outside the hub's area (task spawn): let A* decide
        gx, gy = goal
        for y in range(max(0, gy - near), min(self._ix.height - 1, gy + near) + 1):
            for x in range(max(0, gx - near), min(w - 1, gx + near) + 1):
                if reach[y * w + x]:
                    return True
        return False

    def _step_along(self, ident: str, ent, path: list, steps: int) -> list:
        """Move an entity `steps` tiles along `path`; returns the rest of the path."""
        if not path or steps <= 0:
            return path
        k = min(steps, len(path))
        ox, oy = ent.x, ent.y
        ent.x, ent.y = path[k - 1]
        self.grid.move(ident, ent, ox, oy)
        return path[k:]

    def _steps_before_guard(self, path: list, steps: int) -> tuple[int, Mob | None]:
        """How many of the next `steps` tiles a player may walk before a tile a living mob guards
        (and that mob), or (steps, None) when the way is free."""
        guarded = self.guarded
        if guarded:
            for i, tile in enumerate(path[:steps]):
                mob = guarded.get(tile)
                if mob is not None and mob.alive:
                    return i, mob
        return steps, None

    @staticmethod
    def _guard_note(mob: Mob, tile) -> str:
        return (
            f"{mob.id} guards ({tile[0]}, {tile[1]}) and lets no one pass while it lives: "
            f"kill it to open the way"
        )

    def _do_move_to(self, p: Player, args: dict, aid: int) -> str:
        if "target" not in args:
            raise ActionError(
                "move_to needs a 'target': [x, y], an entity id, an agent name or a landmark id"
            )
        goal, near, label = self._move_goal(p, args["target"])
        start = (p.x, p.y)
        if chebyshev(start, goal) <= near:
            p.path, p.path_goal = [], None
            return f"you are already {'at' if near == 0 else 'next to'} {label} at ({p.x}, {p.y})"
        key = (goal, near)
        path = p.path
        if not (p.path_goal == key and path and abs(path[0][0] - p.x) + abs(path[0][1] - p.y) == 1):
            if not self._may_reach(start, goal, near):
                raise ActionError(
                    f"no walkable path from ({p.x}, {p.y}) to {label}; it is cut off by water or walls"
                )
            ix = self._ix
            path = straight_path(ix.walk_grid, ix.width, ix.height, start, goal, near)
            if path is None:
                path = find_path_grid(ix.walk_grid, ix.width, ix.height, start, goal, near, ix.max_expansions)
            if path is None:
                raise ActionError(
                    f"no walkable path from ({p.x}, {p.y}) to {label}; it may be cut off by water or walls"
                )
        steps, guard = self._steps_before_guard(path, self.rules.move_speed)
        if guard is not None and steps == 0:
            p.path, p.path_goal = [], None
            raise ActionError(f"{self._guard_note(guard, path[0])}; you stay at ({p.x}, {p.y})")
        rest = self._step_along(p.name, p, path, steps)
        p.path, p.path_goal = (rest, key if rest else None) if guard is None else ([], None)
        self._ev("move", p.name, aid, frm=[start[0], start[1]], to=[p.x, p.y], steps=len(path) - len(rest))
        if guard is not None:
            return f"moved {steps} tiles to ({p.x}, {p.y}); {self._guard_note(guard, path[steps])}"
        if rest:
            return (
                f"moved {len(path) - len(rest)} tiles to ({p.x}, {p.y}); {len(rest)} tiles left to {label} "
                f"(call move_to again)"
            )
        return f"arrived {'at' if near == 0 else 'next to'} {label}: you are at ({p.x}, {p.y})"
