"""Mobs' turn at the end of each round: aggro, chasing, attacking, giving up and resetting."""

from __future__ import annotations

from . import combat
from .entities import Mob, Player
from .pathfinding import chebyshev, find_path_grid


MOB_PATH_EXPANSIONS = 400  # A* bound for a mob walking around an obstacle


class MobBrain:
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _mobs_act(self) -> None:
        """Aggressive mobs notice players; every mob with a target attacks it or walks toward it;
        mobs that lost their target walk home. Only active mobs are visited, in creation order."""
        players = self.players
        mob_specs = self.content.mobs
        for p in players.values():
            if not p.alive:
                continue
            for _ident, ent, d in self.grid.near(p.x, p.y, self._ix.max_aggro):
                if type(ent) is Mob and ent.target is None and ent.alive:
                    spec = mob_specs[ent.type]
                    if spec.aggressive and d <= spec.aggro_radius:
                        ent.target = self._closest_player(ent, spec.aggro_radius)
                        self.active[ent.id] = ent
        if not self.active:
            return
        for mob in sorted(self.active.values(), key=lambda m: m.seq):
            if not mob.alive:
                self.active.pop(mob.id, None)
                continue
            if mob.target is None:
                if (mob.x, mob.y) != mob.spawn:
                    self._mob_walk(mob, mob.spawn, 0)
                if (mob.x, mob.y) == mob.spawn:
                    self.active.pop(mob.id, None)
                continue
            spec = mob_specs[mob.type]
            tgt = players.get(mob.target)
            if tgt is None or not tgt.alive or chebyshev(mob.spawn, (tgt.x, tgt.y)) > self.rules.mob_leash:
                mob.target = self._next_target(mob)
                tgt = players.get(mob.target) if mob.target else None
                if tgt is None:
                    self._mob_reset(mob)
                    continue
            d = chebyshev((mob.x, mob.y), (tgt.x, tgt.y))
            if d > spec.attack_range:
                if not self._mob_walk(mob, (tgt.x, tgt.y), spec.attack_range):
                    mob.target = None  # cannot reach it: give up and go home
                    continue
                d = chebyshev((mob.x, mob.y), (tgt.x, tgt.y))
                if d > spec.attack_range:
                    continue
            self._mob_attack(mob, spec, tgt)

    def _mob_reset(self, mob: Mob) -> None:
        """No attacker left alive within its leash: the mob forgets the fight and heals fully
        (so nobody wears a boss down alone by dying and coming back)."""
        mob.damage_by = {}
        mob.damage_agents = {}
        if mob.hp < mob.max_hp:
            amount = mob.max_hp - mob.hp
            mob.hp = mob.max_hp
            self._ev("heal", None, None, target=mob.id, amount=amount, hp=mob.hp)

    def _closest_player(self, mob: Mob, radius: int) -> str | None:
        best = None
        for p in self.players.values():
            if p.alive:
                d = chebyshev((mob.x, mob.y), (p.x, p.y))
                if d <= radius and (best is None or (d, p.name) < best):
                    best = (d, p.name)
        return best[1] if best else None

    def _next_target(self, mob: Mob) -> str | None:
        """After losing a target: the living player in leash who dealt it the most damage."""
        best = None
        for name, dmg in mob.damage_agents.items():
            p = self.players[name]
            if p.alive and chebyshev(mob.spawn, (p.x, p.y)) <= self.rules.mob_leash:
                if best is None or (-dmg, name) < best:
                    best = (-dmg, name)
        return best[1] if best else None

    def _mob_walk(self, mob: Mob, goal, near: int) -> bool:
        """Walk up to rules.mob_speed tiles toward goal (path cached while the goal stays put).

        A mob that cannot find a way home within the search bound is put back at its spawn.
        Returns False when no path was found."""
        key = (goal, near)
        path = mob.path
        if near > 0 and self._mob_greedy(mob, goal, near):
            return True
        if not (mob.path_goal == key and path and abs(path[0][0] - mob.x) + abs(path[0][1] - mob.y) == 1):
            ix = self._ix
            path = find_path_grid(ix.walk_grid, ix.width, ix.height, (mob.x, mob.y), goal, near, MOB_PATH_EXPANSIONS)
            if path is None:
                mob.path, mob.path_goal = [], None
                if near == 0 and goal == mob.spawn:
                    start = [mob.x, mob.y]
                    ox, oy = mob.x, mob.y
                    mob.x, mob.y = mob.spawn
                    self.grid.move(mob.id, mob, ox, oy)
                    self._ev("move", None, None, mob=mob.id, frm=start, to=[mob.x, mob.y])
                return False
        if not path:
            return True
        start = [mob.x, mob.y]
        rest = self._step_along(mob.id, mob, path, self.rules.mob_speed)
        mob.path, mob.path_goal = rest, (key if rest else None)
        self._ev("move", None, None, mob=mob.id, frm=start, to=[mob.x, mob.y])
        return True

    def _mob_greedy(self, mob: Mob, goal, near: int) -> bool:
        """Chase in a straight line (longer axis first) while the way is open: no search needed.

        Returns False, without moving, when the first step is blocked (then the caller path-finds)."""
        ix = self._ix
        walk, w = ix.walk_grid, ix.width
        x, y = mob.x, mob.y
        gx, gy = goal
        moved = 0
        while moved < self.rules.mob_speed and max(abs(x - gx), abs(y - gy)) > near:
            dx, dy = gx - x, gy - y
            sx = (dx > 0) - (dx < 0)
            sy = (dy > 0) - (dy < 0)
            options = ((x + sx, y), (x, y + sy)) if abs(dx) >= abs(dy) else ((x, y + sy), (x + sx, y))
            for nx, ny in options:
                if (nx, ny) != (x, y) and 0 <= nx < w and 0 <= ny < ix.height and walk[ny * w + nx]:
                    x, y = nx, ny
                    moved += 1
                    break
            else:
                break
        if not moved:
            return False
        start = [mob.x, mob.y]
        ox, oy = mob.x, mob.y
        mob.x, mob.y = x, y
        self.grid.move(mob.id, mob, ox, oy)
        mob.path, mob.path_goal = [], None
        self._ev("move", None, None, mob=mob.id, frm=start, to=[x, y])
        return True

    def _mob_attack(self, mob: Mob, spec, p: Player) -> None:
        _attack, defence, _mh, armour, _r, _s = self._player_ratings(p)
        dmg = combat.roll(self.rng, spec.accuracy, defence, spec.max_hit, armour)
        if dmg is None:
            self._ev("miss", None, None, mob=mob.id, target=p.name, by_action=None)
            return
        dmg = min(dmg, p.hp)
        p.hp -= dmg
        self._ev("damage", None, None, mob=mob.id, target=p.name, amount=dmg, by_action=None, hp=p.hp)
        if p.hp <= 0:
            p.alive = False
            p.respawn_round = self.round + self.rules.respawn_delay_rounds + 1
            p.path, p.path_goal = [], None
            self.grid.remove(p.name, p.x, p.y)
            # mobs fighting them switch to another attacker or reset (see _mobs_act); offers survive
            self._ev("death", None, None, player=p.name, by=mob.id, respawn_round=p.respawn_round)
