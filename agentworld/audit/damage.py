"""The requirement kinds the audit checks that count HP (docs/AUDIT.md): `Kill`, the damage the members
could deal a mob within the rounds (and `fewest_rounds`, the fight's length against its regeneration);
`Survive`, the sure strikes the members could take in those fights without a death; `Endure`, the work
they could do in an exposure's area and live. Like every kind in needs.py, `check(team)` returns None
or a Failure saying why.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from agentworld.audit.bounds import INF
from agentworld.audit.explain import bound_text
from agentworld.audit.model import Failure, Provider
from agentworld.audit.needs import Need, Work, earliest_finish
from agentworld.audit.team import Team


def fewest_rounds(hp: int, per_round: int, regen: int = 0) -> float:
    """The fewest rounds of attacks that kill a mob of `hp` HP closing `regen` HP of its wounds at the
    end of every round it survives, when at most `per_round` damage lands in a round (INF: never).

    Its HP is capped at full, so count from the last round it started at full: k rounds of attacks
    with k - 1 regenerations between them kill it only if k * per_round >= hp + regen * (k - 1)."""
    if per_round <= 0:
        return INF
    if per_round >= hp:
        return 1
    if per_round <= regen:
        return INF
    return 1 + math.ceil((hp - per_round) / (per_round - regen))


@dataclass
class Kill(Need):
    """`count` mobs of a type, HP `hp` each, must die: the members' damage within the rounds."""

    mob: str = ""
    count: int = 1
    by: str | None = None  # only this agent's damage counts (a quest's kill stage)

    def _damage(self, team: Team) -> dict[str, float]:
        return {m: team.max_hit_vs(m, self.mob) * turns for m, turns in self.turns(team).items()}

    def turns(self, team: Team) -> dict[str, int]:
        """member -> the turns it could attack the mob in (after walking within striking range)."""
        ctx = self.ctx
        tiles = ctx.task_mobs.get(self.mob) or ctx.mobs[self.mob]
        out = {}
        for m in team.members:
            if self.by is not None and m != self.by:
                continue
            first = ctx.reach_any(m, tiles, ctx.strike_range)
            if first <= ctx.rounds:
                out[m] = int(ctx.rounds - first + 1)
        return out

    def check(self, team: Team) -> Failure | None:
        spec = self.ctx.content.mobs[self.mob]
        hp = spec.hp * self.count
        damage = self._damage(team)
        if not damage:
            return self.fail(f"nobody reaches {self.mob} in time", "presence")
        if spec.wounded_by and not any(damage.values()):
            return self.fail(
                f"only {', '.join(spec.wounded_by)} wound {self.mob}, and no member could wield one",
                "capability",
            )
        if self.by is None and sum(damage.values()) < hp:
            return self.fail(
                f"{self.count} {self.mob} have {hp} HP; the members deal at most "
                f"{bound_text(sum(damage.values()))} in the rounds (every attack hitting for its max)",
                "volume",
            )
        if self.by is None and spec.regen:
            per_round, turns = self.per_round(team), self.turns(team)
            rounds = fewest_rounds(spec.hp, per_round, spec.regen)
            if rounds > max(turns.values()):
                return self.fail(
                    f"a {self.mob} closes {spec.regen} HP of its wounds every round it fights; the members "
                    f"deal at most {per_round} a round all striking together (every attack hitting for its "
                    f"max), so its {spec.hp} HP "
                    + (
                        "never run out"
                        if rounds == INF
                        else f"take {rounds} rounds, more than the budget leaves"
                    ),
                    "volume",
                )
        return None

    def per_round(self, team: Team) -> int:
        """The most damage the members who can reach the mob could deal in one round, all striking
        (each weapon that alone wounds it in one member's hands at a time: team.round_damage)."""
        return team.round_damage(self.mob, self.turns(team))

    def providers(self, team: Team) -> list[Provider]:
        return [
            Provider(m, f"at most {bound_text(d)} damage ({team.max_hit_vs(m, self.mob)} per hit)")
            for m, d in self._damage(team).items()
            if d > 0
        ]


@dataclass
class Survive(Need):
    """Nobody may die while the team kills mobs that strike surely (`sure_strike`, world/mobs.py).

    Each such mob is a fight of its own, whatever else happens. A mob of H HP that the team hits
    for at most D a round (every member's best blow against it) takes at least ceil(H / D) rounds
    of attacks and ends all but the last of them alive with a target, so it strikes S >=
    ceil(H / D) - 1 times in S + 1 rounds, whoever it fights and wherever they run. A strike costs
    the one it hits at least the strike minus that member's best armour (`cost`): a member whose
    highest max HP is at most its cost dies to any strike; any other member, full at the start of
    that fight at best, can take at most (max HP - 1 + its healing) / cost of them, and heals only
    by using an item, once a round (S + 1 rounds) when it does not attack, at most the team's best
    heal each, never more than all the healing the team could obtain. The damage the members a
    strike kills cannot deal (attacking every round) costs the others attack turns (charged to the
    members whose healing is worth least). If for no S
    from the fewest up to the budget the members could take S strikes, someone dies in every run
    that kills the mob."""

    kills: list[Kill] = field(default_factory=list)

    def fewest(self, team: Team, kill: Kill) -> int:
        """The fewest sure strikes one mob of `kill` makes before it dies (0 if the team cannot hurt it
        or cannot outpace its regeneration: the kill requirement fails then)."""
        spec = self.ctx.content.mobs[kill.mob]
        rounds = fewest_rounds(spec.hp, self.per_round(team, kill), spec.regen)
        return max(0, rounds - 1) if rounds != INF else 0

    def per_round(self, team: Team, kill: Kill) -> int:
        return kill.per_round(team)

    def absorbable(self, team: Team, kill: Kill, strikes: int) -> float:
        """The most strikes of one mob of `kill` the team could take in a fight of `strikes` strikes
        (strikes + 1 rounds): every member's HP, plus its own heals, one a round it does not attack,
        at most the best heal each."""
        spec, rules = self.ctx.content.mobs[kill.mob], self.ctx.content.rules
        rounds = strikes + 1
        takers: dict[str, int] = {}  # member -> cost of a strike, for members a strike does not kill
        hp_part, left = 0.0, float(spec.hp)
        for m in team.members:
            cost, hp = max(0, spec.sure_strike - team.armour(m)), rules.max_hp(team.level(m, "health"))
            if cost == 0:
                return INF
            if cost < hp:
                takers[m] = cost
                hp_part += (hp - 1) / cost
            elif m in kill.turns(team):
                left -= team.max_hit_vs(m, kill.mob) * rounds  # it may attack every round for free
        if not takers:
            return 0.0
        # the damage still to deal costs the takers who can wound it turns they cannot heal in
        # (charged to the dearest takers first, the relaxation's best case)
        uses = {m: rounds for m in takers}
        for m in sorted(takers, key=lambda t: -takers[t]):
            hit = team.max_hit_vs(m, kill.mob) if m in kill.turns(team) else 0
            if left > 0 and hit > 0:
                attacks = min(rounds, math.ceil(left / hit))
                uses[m] -= attacks
                left -= attacks * hit
        if left > 0:
            return 0.0  # the mob cannot die in this many rounds
        healing, best = team.healing(), team.best_heal()
        return hp_part + sum(min(healing, best * uses[m]) / takers[m] for m in takers)

    def check(self, team: Team) -> Failure | None:
        for kill in self.kills:
            fewest = self.fewest(team, kill)
            if fewest <= 0 or any(
                self.absorbable(team, kill, n) >= n for n in range(fewest, self.ctx.rounds + 1)
            ):
                continue
            spec = self.ctx.content.mobs[kill.mob]
            return self.fail(
                f"a {kill.mob} ({spec.hp} HP, at most {self.per_round(team, kill)} damage a round) "
                f"strikes at least {fewest} times before it dies ({spec.sure_strike} minus armour), "
                f"more than the members can take without a death ({self._members(team, spec)})"
            )
        return None

    def _members(self, team: Team, spec) -> str:
        rules = self.ctx.content.rules
        return (
            "; ".join(
                f"{m}: at most {rules.max_hp(team.level(m, 'health'))} HP, armour {team.armour(m)}, "
                f"{max(0, spec.sure_strike - team.armour(m))} a strike"
                for m in team.members
            )
            + f"; best heal {team.best_heal()} HP a use, at most {bound_text(team.healing())} HP in all"
        )

    def providers(self, team: Team) -> list[Provider]:
        rules = self.ctx.content.rules
        return [
            Provider(m, f"{rules.max_hp(team.level(m, 'health'))} HP, armour {team.armour(m)}")
            for m in team.members
        ]


@dataclass
class Endure(Need):
    """Nobody may die while the work on a site deep in an exposure's area is done (world/exposure.py).

    Every tile within interact range of the site lies in the area, so a member who builds there in a
    round ends that round there, alive (nobody dies), and loses at least `cost` = the exposure's damage
    minus the most protection it could have: the best `protects` of each slot among items the team could
    obtain and it could wear, plus the best shelter of the task that reaches the site and that the team
    could finish (and fuel), as if it always burned. A member can take at most its highest max HP - 1
    plus what it heals: one use a turn, at most the team's best heal each, in turns it does not build
    (after it first arrives: uses before its first build add nothing to a full HP), and all members'
    heals together at most all the healing the team could obtain. So member m makes at most
    x_m = min(turns, (HP - 1 + best heal x turns) / (best heal + cost)) builds, the first (HP - 1) / cost
    of them without healing; the team, its healing spent on the cheapest builds first, at most the sum.
    Fewer than the site's work turns: someone dies in every run that finishes the site."""

    work: Work | None = None
    exposure: str = ""
    shelters: list[str] = field(default_factory=list)  # task sites whose shelter reaches the builders

    def cost(self, team: Team, member: str) -> int:
        spec = self.ctx.content.exposures[self.exposure]
        return max(0, spec.damage - team.worn_protection(member, spec.kind) - self.shelter(team))

    def shelter(self, team: Team) -> int:
        """The best protection of a reaching shelter the team could finish (and fuel)."""
        kind, best = self.ctx.content.exposures[self.exposure].kind, 0
        for site_id in self.shelters:
            site = self.ctx.sites[site_id]
            fuel = site.shelter.fuel
            if (
                all(team.units(item) >= n for item, n in site.materials.items())
                and earliest_finish(team, site_id) <= self.ctx.rounds
                and (fuel is None or team.has(fuel))
            ):
                best = max(best, site.shelter.protects.get(kind, 0))
        return best

    def most_builds(self, team: Team) -> float:
        """The most builds the team's qualified members could make there and live (class docstring)."""
        rules, heal, healing = self.ctx.content.rules, team.best_heal(), team.healing()
        free, extra = 0.0, []
        for member, turns in self.work.turns(team).items():
            cost, hp = self.cost(team, member), rules.max_hp(team.level(member, "health"))
            if cost == 0:
                return INF
            unhealed = min(turns, (hp - 1) / cost)
            most = min(turns, max(unhealed, (hp - 1 + heal * turns) / (heal + cost)))
            free += unhealed
            extra.append((cost, most - unhealed))
        for cost, builds in sorted(extra):
            healed = min(builds, healing / cost)
            free += healed
            healing -= healed * cost
        return free

    def check(self, team: Team) -> Failure | None:
        most, need = self.most_builds(team), self.work.work
        if most >= need:
            return None
        spec = self.ctx.content.exposures[self.exposure]
        return self.fail(
            f"{need} work turns on {self.work.site} lie in the {spec.name} ({spec.kind} {spec.damage} a round): "
            f"the members could make at most {bound_text(most)} of them and live ({self._members(team)})"
        )

    def _members(self, team: Team) -> str:
        rules = self.ctx.content.rules
        parts = [
            f"{m}: {rules.max_hp(team.level(m, 'health'))} HP, {self.cost(team, m)} a round"
            for m in self.work.turns(team)
        ]
        return "; ".join(parts or ["nobody qualifies"]) + (
            f"; best heal {team.best_heal()} HP a use, at most {bound_text(team.healing())} HP in all"
        )

    def providers(self, team: Team) -> list[Provider]:
        return [
            Provider(m, f"{self.cost(team, m)} HP a round there, {n} turns")
            for m, n in self.work.turns(team).items()
        ]
