"""Players attacking mobs: ratings, hits, kills, drops and kill credit."""

from __future__ import annotations

from . import combat
from .common import ActionError, article, mob_return, fmt_items, suggest
from .entities import Mob, Player
from .sight import sight_blocker
from .core import WorldCore


class Fighting(WorldCore):
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _level(self, p: Player, skill: str) -> int:
        lv = p.skills.get(skill, 1)
        boost = p.boosts.get(skill)
        return lv + boost[0] if boost is not None else lv

    def _player_ratings(self, p: Player) -> combat.Ratings:
        items = self.content.items
        weapon = p.equipment.get("weapon")
        wstats = (
            items[weapon].stats
            if weapon is not None and items[weapon].stats is not None
            else self.rules.unarmed
        )
        worn = [
            items[e].stats
            for s, e in p.equipment.items()
            if e is not None and s != "weapon" and items[e].stats is not None
        ]
        levels = p.skills if not p.boosts else {s: self._level(p, s) for s in p.skills}
        return combat.player_ratings(levels, wstats, worn)

    def _do_attack(self, p: Player, args: dict, aid: int) -> str:
        target = self._arg_str(args, "target")
        ratings = self._player_ratings(p)
        wrange = ratings.range
        mob = self._lookup(p, target, Mob)
        if mob is None:
            if target in self.content.mobs:

                def kind(e) -> bool:
                    return isinstance(e, Mob) and e.type == target and e.alive

                seen = self._nearest(p, wrange, lambda e: kind(e) and self._sight_blocker(p, e) is None)
                mob = (
                    seen[0]
                    if seen is not None
                    else self._nearest_in_range(
                        p, wrange, kind, f"no living {target} within your weapon range {wrange}"
                    )
                )
            else:
                ent = self._lookup(p, target)
                if isinstance(ent, Player):
                    raise ActionError("you cannot attack other players")
                if ent is not None:
                    raise ActionError(f"{target} is not a mob and cannot be attacked")
                raise ActionError(f"unknown mob '{target}'{suggest(target, list(self.content.mobs))}")
        if not mob.alive:
            raise ActionError(f"{mob.id} is dead ({mob_return(mob)})")
        self._in_range(p, mob, wrange, "weapon")
        self._need_sight(p, mob)
        spec = self.content.mobs[mob.type]
        weapon = p.equipment.get("weapon")
        if weapon is not None:
            self._link(p.equip_origin.get("weapon"), "item", f"used {weapon}")
        if mob.target is None:
            mob.target = p.name
            self.active[mob.id] = mob
        dmg = combat.roll(self.rng, ratings.attack, spec.defense, ratings.max_hit, 0)
        if dmg is None:
            self._ev("miss", p.name, aid, target=mob.id, by_action=aid)
            return f"you attack {mob.id} and miss ({mob.hp}/{mob.max_hp} HP left)"
        unhurt = bool(spec.wounded_by) and weapon not in spec.wounded_by
        dmg = 0 if unhurt else ratings.max_hit if spec.full_blows else dmg
        mob.hp -= dmg
        if dmg:
            mob.damage_by[aid] = mob.damage_by.get(aid, 0) + dmg
            mob.damage_agents[p.name] = mob.damage_agents.get(p.name, 0) + dmg
        self._ev("damage", p.name, aid, target=mob.id, amount=dmg, by_action=aid, hp=max(mob.hp, 0))
        if unhurt:
            names = ", ".join(spec.wounded_by)
            return (
                f"you hit {mob.id} but your {weapon or 'bare hands'} cannot wound it: only {names} can "
                f"({mob.hp}/{mob.max_hp} HP left)"
            )
        if mob.hp > 0:
            return f"you hit {mob.id} for {dmg} ({mob.hp}/{mob.max_hp} HP left)"
        return self._kill(p, mob, spec, aid, dmg, ratings.style)

    def _sight_blocker(self, a, b) -> tuple[int, int] | None:
        """The first sight-blocking tile between two entities (from a), or None when a sees b."""
        ix = self._ix
        return sight_blocker(ix.sight_grid, ix.width, (a.x, a.y), (b.x, b.y))

    def _need_sight(self, p: Player, mob: Mob) -> None:
        wall = self._sight_blocker(p, mob)
        if wall is not None:
            gmap = self.map
            what = gmap.terrain_types[gmap.terrain[wall[1] * gmap.width + wall[0]]].name.lower()
            raise ActionError(
                f"no line of sight to {mob.id}: {article(what)} at ({wall[0]}, {wall[1]}) "
                f"is in the way; move to where nothing blocks the line"
            )

    def _kill(self, p: Player, mob: Mob, spec, aid: int, dmg: int, style: str) -> str:
        mob.hp = 0
        mob.alive = False
        contributors = dict(mob.damage_by)
        for src in contributors:
            if src != aid:
                self._link(src, "damage", f"damaged {mob.id}")
        self._ev(
            "kill",
            p.name,
            aid,
            target=mob.id,
            mob=mob.type,
            contributors=contributors,
            agents=dict(mob.damage_agents),
        )
        drops: dict[str, int] = {}
        for d in spec.drops:
            if d.chance < 1.0 and self.rng.random() >= d.chance:
                continue
            n = d.count if isinstance(d.count, int) else self.rng.randint(d.count[0], d.count[1])
            drops[d.item] = drops.get(d.item, 0) + n
        for item, n in drops.items():
            self._gain(p, item, n, aid)
        total = sum(mob.damage_agents.values()) or 1
        for name, share in mob.damage_agents.items():
            pl = self.players[name]
            xp = spec.xp * share // total
            hit_skill = combat.STYLE_SKILLS.get(self._player_ratings(pl).style, ("accuracy",))[0]
            self._add_xp(pl, hit_skill, xp, aid)
            self._add_xp(pl, "health", xp // 3, aid)
            pl.kills[mob.type] = pl.kills.get(mob.type, 0) + 1
            for qid, stage_idx in pl.quests.items():
                quest = self._ix.quests[qid]
                if (
                    stage_idx < len(quest.stages)
                    and quest.stages[stage_idx].kind == "kill"
                    and mob.type in quest.stages[stage_idx].mobs
                ):
                    kills = pl.quest_kills.setdefault(qid, {})
                    kills[mob.type] = kills.get(mob.type, 0) + 1
                    pl.quest_kill_actions.setdefault(qid, []).append(aid)
        mob.damage_by = {}
        mob.damage_agents = {}
        mob.target = None
        mob.path, mob.path_goal = [], None
        self.active.pop(mob.id, None)
        mob.respawn_round = self.round + spec.respawn if spec.respawn is not None else None
        if mob.respawn_round is not None:
            self.dead_mobs[mob.id] = mob
        self.grid.remove(mob.id, mob.x, mob.y)
        back = f"; it respawns at the start of round {mob.respawn_round}" if mob.respawn_round else ""
        return f"you hit {mob.id} for {dmg} and killed it! drops: {fmt_items(drops)}{back}"
