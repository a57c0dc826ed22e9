"""Mobs' turn at the end of each round: aggro, chasing, attacking, giving up and resetting.

A mob with `sure_strike: N` (mobs.yaml) rolls no blow: at the start of its turn, while it fights
someone (it has a target), that player loses N minus their armour, wherever they stand: no miss,
no reach, no line of sight, so no kiting or running escapes it. It strikes in every round it ends
alive with a target, so a fight of k rounds of attacks costs the ones it fights at least
(k - 1) strikes: the bound `agentworld audit` proves survival with (docs/AUDIT.md).

A mob with `regen: N` closes N HP of its wounds at the start of its turn in every round it is
fighting (active: it has a target or walks home), up to its max HP. Only damage dealt within one
round counts against it, so fighters who each deal N or less never wear it down alone: it takes
several striking together (the audit's kill bound, docs/AUDIT.md "Regeneration").
"""

from __future__ import annotations

from typing import Callable

from . import combat
from .entities import Mob, Player
from .pathfinding import chebyshev, find_path_grid, straight_path
from .core import WorldCore


MOB_PATH_EXPANSIONS = 3000  # A* bound for a mob walking around an obstacle (a leash box is 41 x 41)


class MobBrain(WorldCore):
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
            regen = mob_specs[mob.type].regen
            if regen and mob.hp < mob.max_hp:
                self._mob_regen(mob, regen)
            if mob.target is None:
                if (mob.x, mob.y) != mob.spawn:
                    self._mob_walk(mob, mob.spawn, 0)
                if (mob.x, mob.y) == mob.spawn:
                    self.active.pop(mob.id, None)
                continue
            spec = mob_specs[mob.type]
            tgt = players.get(mob.target)
            if spec.sure_strike and tgt is not None and tgt.alive:
                self._mob_hit(mob, tgt, self._sure_strike(spec, tgt))
            if tgt is None or not tgt.alive or chebyshev(mob.spawn, (tgt.x, tgt.y)) > self.rules.mob_leash:
                mob.target = self._next_target(mob)
                tgt = players.get(mob.target) if mob.target else None
                if tgt is None:
                    self._mob_reset(mob)
                    continue
            if not self._mob_chase(mob, spec, tgt) or spec.sure_strike:
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

    def _mob_regen(self, mob: Mob, amount: int) -> None:
        """A fighting mob's wounds close by `amount` HP (`regen`), never past its max HP."""
        healed = min(amount, mob.max_hp - mob.hp)
        mob.hp += healed
        self._ev("heal", None, None, target=mob.id, amount=healed, hp=mob.hp)

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

    def _mob_can_strike(self, mob: Mob, reach: int, tgt: Player) -> bool:
        return chebyshev((mob.x, mob.y), (tgt.x, tgt.y)) <= reach and self._sight_blocker(mob, tgt) is None

    def _mob_chase(self, mob: Mob, spec, tgt: Player) -> bool:
        """Walk until the target is within reach AND in sight (a wall between them means coming
        round it); True when the mob can strike this round. A mob that finds no way gives up."""
        reach = spec.attack_range
        if self._mob_can_strike(mob, reach, tgt):
            return True
        # head for the target itself and stop at the first tile that is in reach and in sight
        if not self._mob_walk(mob, (tgt.x, tgt.y), 1, lambda: self._mob_can_strike(mob, reach, tgt)):
            mob.target = None  # cannot reach it: give up and go home
            return False
        return self._mob_can_strike(mob, reach, tgt)

    def _mob_walk(self, mob: Mob, goal, near: int, arrived: Callable[[], bool] | None = None) -> bool:
        """Walk up to the mob's speed toward a tile within `near` of goal along a shortest path
        (straight when the way is open, else bounded A*), stopping early once `arrived()` holds.
        The path is kept while its end still lies within `near` of the goal, so a target that
        shuffles about costs no new search. A mob that cannot find a way home is put back at its
        spawn. Returns False when no path was found."""
        path = self._mob_path(mob, goal, near)
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
        speed = self._ix.mob_speed[mob.type]
        if arrived is None:
            rest = self._step_along(mob.id, mob, path, speed)
        else:
            rest = path
            for _ in range(min(speed, len(path))):
                rest = self._step_along(mob.id, mob, rest, 1)
                if arrived():
                    break
        mob.path, mob.path_goal = rest, ((goal, near) if rest else None)
        self._ev("move", None, None, mob=mob.id, frm=start, to=[mob.x, mob.y])
        return True

    def _mob_path(self, mob: Mob, goal, near: int) -> list | None:
        """The tiles to walk (a still-valid cached path, a straight walk, or bounded A*); None if none."""
        path = mob.path
        if path and mob.path_goal is not None and abs(path[0][0] - mob.x) + abs(path[0][1] - mob.y) == 1:
            (old_goal, old_near) = mob.path_goal
            end = path[-1]
            if (
                old_goal == goal
                and old_near == near
                or old_near == near
                and max(abs(end[0] - goal[0]), abs(end[1] - goal[1])) <= near
            ):
                return path
        ix = self._ix
        found = straight_path(ix.walk_grid, ix.width, ix.height, (mob.x, mob.y), goal, near)
        if found is None and self._may_reach((mob.x, mob.y), goal, near):  # e.g. not across the river
            found = find_path_grid(
                ix.walk_grid, ix.width, ix.height, (mob.x, mob.y), goal, near, MOB_PATH_EXPANSIONS
            )
        return found

    def _mob_attack(self, mob: Mob, spec, p: Player) -> None:
        ratings = self._player_ratings(p)
        dmg = combat.roll(self.rng, spec.accuracy, ratings.defence, spec.max_hit, ratings.armour)
        if dmg is None:
            self._ev("miss", None, None, mob=mob.id, target=p.name, by_action=None)
            return
        self._mob_hit(mob, p, dmg)

    def _sure_strike(self, spec, p: Player) -> int:
        """A sure strike's damage: the mob's `sure_strike` minus the target's armour, at least 0."""
        return max(0, spec.sure_strike - self._player_ratings(p).armour)

    def _mob_hit(self, mob: Mob, p: Player, dmg: int) -> None:
        """`dmg` HP off a player (a rolled blow or a sure strike); at 0 HP the player dies."""
        self._hurt(p, dmg, mob.id, {"mob": mob.id})
