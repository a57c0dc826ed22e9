"""The requirement kinds the audit checks, each against any team of a task's agents.

A requirement is one thing the outcome needs (an agent, an item in some number, a skill level, a
place in time, an amount of work or damage, a fact). `check(team)` returns None when the team
could meet it within the budget (by the optimistic bounds of `team.py` and `bounds.py`), else a
Failure saying why, so "the team without R fails" always comes with its reason; `providers(team)`
says who could meet it and how.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agentworld.audit.bounds import INF
from agentworld.audit.model import Failure, Kind, Provider, Requirement
from agentworld.audit.team import Team

if TYPE_CHECKING:
    from agentworld.audit.context import TaskContext


@dataclass
class Need:
    """A requirement plus its check; `info` is the data the CLI and tests read."""

    info: Requirement
    ctx: "TaskContext"

    def check(self, team: Team) -> Failure | None:
        raise NotImplementedError

    def providers(self, team: Team) -> list[Provider]:
        return []

    def fail(self, reason: str, kind: Kind | None = None) -> Failure:
        return Failure(self.info.key, kind or self.info.kind, reason)


@dataclass
class Named(Need):
    """The outcome names this agent: a team without it cannot meet the condition."""

    agent: str = ""

    def check(self, team: Team) -> Failure | None:
        return None if self.agent in team.members else self.fail(f"the outcome names {self.agent}")

    def providers(self, team: Team) -> list[Provider]:
        return [Provider(self.agent, "named by the outcome")]


@dataclass
class ItemNeed(Need):
    """`count` units of `item` must be obtainable by the team (and end with `holder`, if named)."""

    item: str = ""
    count: int = 1

    def check(self, team: Team) -> Failure | None:
        units = team.units(self.item)
        if units >= self.count:
            return None
        if units <= 0:
            return self.fail(f"no source of {self.item} is open: {why_missing(team, self.item)}")
        return self.fail(
            f"at most {_fmt(units)} {self.item} of the {self.count} needed: "
            f"{'; '.join(s.detail for s in team.sources.get(self.item, []))}",
            "volume",
        )

    def providers(self, team: Team) -> list[Provider]:
        if self.item == "coins":
            return [Provider(m, f"coins (team bound {_fmt(team.coins)})") for m in team.members]
        out: dict[str, list[str]] = {}
        for source in team.sources.get(self.item, []):
            for agent in source.agents:
                out.setdefault(agent, []).append(source.detail + team.training(agent, source))
        return [Provider(a, "; ".join(dict.fromkeys(hows))) for a, hows in out.items()]


@dataclass
class SkillNeed(Need):
    """`agent` needs `skill` at `level` (to wear an item)."""

    agent: str = ""
    skill: str = ""
    level: int = 1

    def check(self, team: Team) -> Failure | None:
        if self.agent not in team.members:
            return None  # the Named requirement already fails
        reach = team.level(self.agent, self.skill)
        if reach >= self.level:
            return None
        return self.fail(f"{self.agent} reaches at most {self.skill} {reach} of {self.level}")

    def providers(self, team: Team) -> list[Provider]:
        reach = team.level(self.agent, self.skill)
        return (
            [
                Provider(
                    self.agent,
                    f"{self.skill} {self.ctx.agents[self.agent].skills.get(self.skill, 1)}, "
                    f"at most {reach} within the budget",
                )
            ]
            if reach >= self.level
            else []
        )


@dataclass
class Work(Need):
    """`work` build actions at a site by members with `skill` >= `level`, after walking there (and, for a
    site built on another, `on`, only in rounds after the earliest the team could finish `on`)."""

    site: str = ""
    work: int = 0
    skill: str | None = None
    level: int = 1
    on: str | None = None  # a site this one is built on top of

    def turns(self, team: Team) -> dict[str, int]:
        ctx = self.ctx
        tile = ctx.site_tile[self.site]
        start = earliest_finish(team, self.on) + 1 if self.on else 1
        out = {}
        for m in team.members:
            if self.skill is not None and team.level(m, self.skill) < self.level:
                continue
            first = max(ctx.reach_round(m, tile), start)
            if first <= ctx.rounds:
                out[m] = ctx.rounds - first + 1
        return out

    def check(self, team: Team) -> Failure | None:
        turns = self.turns(team)
        need = f"{self.skill} {self.level}" if self.skill else "any member"
        if self.on and math.isinf(earliest_finish(team, self.on)):
            return self.fail(f"{self.site} stands on {self.on}, which this team cannot finish")
        if not turns:
            return self.fail(
                f"nobody can work on {self.site}: it needs {need}"
                + (f" ({_best(team, self.skill)})" if self.skill else " within reach in time")
            )
        if sum(turns.values()) < self.work:
            return self.fail(
                f"{self.work} work turns on {self.site} need {need}, and the members who "
                f"qualify have at most {sum(turns.values())} turns there",
                "volume",
            )
        return None

    def providers(self, team: Team) -> list[Provider]:
        out = []
        after = f" after {self.on} is finished" if self.on else ""
        for m, n in self.turns(team).items():
            start = self.ctx.agents[m].skills.get(self.skill, 1) if self.skill else self.level
            trained = (
                f" [has {self.skill} {start}, could reach {team.level(m, self.skill)}]"
                if start < self.level
                else ""
            )
            out.append(Provider(m, f"{n} turns at the site{after}{trained}"))
        return out


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
                f"{_fmt(sum(damage.values()))} in the rounds (every attack hitting for its max)",
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
            Provider(m, f"at most {_fmt(d)} damage ({team.max_hit_vs(m, self.mob)} per hit)")
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
            + f"; best heal {team.best_heal()} HP a use, at most {_fmt(team.healing())} HP in all"
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
            f"the members could make at most {_fmt(most)} of them and live ({self._members(team)})"
        )

    def _members(self, team: Team) -> str:
        rules = self.ctx.content.rules
        parts = [
            f"{m}: {rules.max_hp(team.level(m, 'health'))} HP, {self.cost(team, m)} a round"
            for m in self.work.turns(team)
        ]
        return "; ".join(parts or ["nobody qualifies"]) + (
            f"; best heal {team.best_heal()} HP a use, at most {_fmt(team.healing())} HP in all"
        )

    def providers(self, team: Team) -> list[Provider]:
        return [
            Provider(m, f"{self.cost(team, m)} HP a round there, {n} turns")
            for m, n in self.work.turns(team).items()
        ]


@dataclass
class Reach(Need):
    """`agent` must act within `near` tiles of `tile` (a quest NPC, a place) within the rounds."""

    agent: str = ""
    tile: tuple[int, int] = (0, 0)
    near: int = 1
    act: bool = True  # an action there (talk) takes a turn after arriving; standing there does not

    def _round(self) -> int:
        return self.ctx.reach_round(self.agent, self.tile, self.near) - (0 if self.act else 1)

    def check(self, team: Team) -> Failure | None:
        if self.agent not in team.members:
            return None
        first = self._round()
        if first <= self.ctx.rounds:
            return None
        return self.fail(f"{self.agent} cannot be within {self.near} of {self.tile} before round {first}")

    def providers(self, team: Team) -> list[Provider]:
        first = self._round()
        return [Provider(self.agent, f"there from round {max(first, 1)}")] if first <= self.ctx.rounds else []


def earliest_finish(team: Team, site_id: str) -> float:
    """The earliest round the team could finish a site: its last build is work by a qualified member
    (or, without work, any delivery), and W work builds by q qualified members take at least
    ceil(W / q) rounds from the first of them arriving."""
    ctx = team.ctx
    site, tile = ctx.sites[site_id], ctx.site_tile[site_id]
    able = [
        m
        for m in team.members
        if site.work == 0 or site.skill is None or team.level(m, site.skill) >= site.level
    ]
    if not able:
        return INF
    return min(ctx.reach_round(m, tile) for m in able) + max(math.ceil(site.work / len(able)), 1) - 1


@dataclass(frozen=True)
class Post:
    """A place one member must occupy: within `near` tiles of `tile` (acting there, when `act`), with
    `skill` >= `level` if a skill is named."""

    label: str  # for people: "build at west_beacon", "stand on (130, 85)"
    tile: tuple[int, int]
    near: int
    act: bool = True  # a build there takes a turn after arriving; standing there does not
    skill: str | None = None
    level: int = 1


@dataclass
class Crew(Need):
    """Posts no single member can hold two of in time (all at one moment, or within a few rounds of
    each other: `why` says which): the team needs a different qualified member on each post, a
    matching of posts to members who can reach them in time with the level."""

    posts: list[Post] = field(default_factory=list)
    why: str = ""

    def qualified(self, team: Team, post: Post) -> list[str]:
        ctx = self.ctx
        return [
            m
            for m in team.members
            if ctx.reach_round(m, post.tile, post.near) - (0 if post.act else 1) <= ctx.rounds
            and (post.skill is None or team.level(m, post.skill) >= post.level)
        ]

    def check(self, team: Team) -> Failure | None:
        options = [self.qualified(team, post) for post in self.posts]
        filled = matching(options)
        if filled >= len(self.posts):
            return None
        return self.fail(
            f"{len(self.posts)} posts need different members ({self.why}): "
            f"{'; '.join(post.label for post in self.posts)}; this team of {len(team.members)} "
            f"can fill at most {filled} of them"
        )

    def providers(self, team: Team) -> list[Provider]:
        out: dict[str, list[str]] = {}
        for post in self.posts:
            for m in self.qualified(team, post):
                out.setdefault(m, []).append(post.label)
        return [Provider(m, "can " + " or ".join(labels)) for m, labels in out.items()]


def matching(options: list[list[str]]) -> int:
    """The most posts filled by different members (bipartite matching by augmenting paths)."""
    holder: dict[str, int] = {}

    def place(post: int, seen: set[str]) -> bool:
        for member in options[post]:
            if member not in seen:
                seen.add(member)
                if member not in holder or place(holder[member], seen):
                    holder[member] = post
                    return True
        return False

    return sum(1 for post in range(len(options)) if place(post, set()))


@dataclass
class Fact(Need):
    """Something the team must know that only documentation says (where a relic lies)."""

    needles: list[str] = field(default_factory=list)

    def check(self, team: Team) -> Failure | None:
        if self.knowers(team):
            return None
        return self.fail(f"no member's documentation says it ({self.info.text})")

    def knowers(self, team: Team) -> list[str]:
        task = self.ctx.task
        if any(n in task.objective for n in self.needles):
            return list(team.members)
        return [m for m in team.members if any(n in self.ctx.agents[m].context for n in self.needles)]

    def providers(self, team: Team) -> list[Provider]:
        return [Provider(m, "its documentation says it") for m in self.knowers(team)]


@dataclass
class Worth(Need):
    """`fair_exchange` (no covered worth ever falls, world/market.py), read at the end: the covered
    members end no poorer than they began, so a failure is sound. Summed over the covered members of
    a team, what they end with is at most what the whole team could hold at once, valued at the
    prices (its coin bound plus each priced item's unit bound at its price), minus what the outcome
    leaves with members it does not cover (their outcome items at the prices). Each covered member
    must end with at least its starting worth, and at least the worth of the outcome items it must
    hold. When the bound is below the sum, somebody ends poorer in every run that meets the outcome:
    the team lacks the coins or goods to pay for what changes hands."""

    prices: dict[str, int] = field(default_factory=dict)
    covered: tuple[str, ...] = ()  # the agents the condition covers
    start: dict[str, int] = field(default_factory=dict)  # agent -> starting worth at the prices
    outcome: dict[str, int] = field(default_factory=dict)  # agent -> worth of the outcome items it must hold

    def owed(self, team: Team) -> int:
        """The least worth the covered members of `team` must end with between them."""
        return sum(
            max(self.start.get(m, 0), self.outcome.get(m, 0)) for m in team.members if m in self.covered
        )

    def most(self, team: Team) -> float:
        """The most worth the covered members could end with (the team's bound, less the others' outcome)."""
        held = team.coins + sum(price * team.units(item) for item, price in self.prices.items() if price > 0)
        return held - sum(self.outcome.get(m, 0) for m in team.members if m not in self.covered)

    def check(self, team: Team) -> Failure | None:
        owed, most = self.owed(team), self.most(team)
        if most >= owed:
            return None
        return self.fail(
            f"the covered members must end with worth {owed} between them (coins and goods at the "
            f"task's prices), and this team could hold at most {_fmt(most)} for them",
            "volume",
        )

    def providers(self, team: Team) -> list[Provider]:
        return [
            Provider(m, f"starts with worth {self.start.get(m, 0)}")
            for m in team.members
            if self.start.get(m, 0) > 0
        ]


# --- explanations ----------------------------------------------------------------------------------
def why_missing(team: Team, item: str, depth: int = 0) -> str:
    """Why no source of `item` is open to the team, source by source (for people)."""
    ctx = team.ctx
    content = ctx.content
    parts: list[str] = []
    for npc in content.npcs.values():
        for entry in npc.shop.stock if npc.shop else ():
            if entry.item == item:
                parts.append(
                    f"{npc.id} sells it for {entry.price} coins but the team can raise at most "
                    f"{_fmt(team.coins)}"
                    if entry.price > team.coins
                    else f"{npc.id} is out of reach"
                )
    for recipe in content.recipes.values():
        if item in recipe.outputs:
            parts.append(f"recipe {recipe.id}: {_recipe_gap(team, recipe, depth)}")
    for kind in content.node_kinds.values():
        if item in kind.yields or any(r.item == item for r in kind.rare):
            parts.append(f"node {kind.id}: {_node_gap(team, kind)}")
    for mob in content.mobs.values():
        if any(d.item == item for d in mob.drops):
            parts.append(f"{mob.id} drops it but the team cannot kill one in time")
    if not parts:
        parts.append("only starting inventories or the ground hold it, and no member has it")
    return "; ".join(parts[:4]) + (f"; and {len(parts) - 4} more" if len(parts) > 4 else "")


def _recipe_gap(team: Team, recipe: Any, depth: int) -> str:
    if not any(team.level(m, recipe.skill) >= recipe.level for m in team.members):
        return f"needs {recipe.skill} {recipe.level} ({_best(team, recipe.skill)})"
    missing = [i for i in list(recipe.inputs) + list(recipe.tools) if not team.has(i)]
    if missing:
        inner = f" ({why_missing(team, missing[0], depth + 1)})" if depth < 1 else ""
        return f"no {', '.join(missing)}{inner}"
    if recipe.station:
        return f"no qualified member reaches a {recipe.station} in time"
    return "not within the budget"


def _node_gap(team: Team, kind: Any) -> str:
    if not any(team.level(m, kind.skill) >= kind.level for m in team.members):
        return f"needs {kind.skill} {kind.level} ({_best(team, kind.skill)})"
    if kind.tool and not any(
        it.tool and it.tool.skill == kind.tool and team.has(it.id) for it in team.ctx.content.items.values()
    ):
        return f"needs a {kind.tool} tool, and the team has none"
    return "none within reach in time"


def _best(team: Team, skill: str | None) -> str:
    if skill is None:
        return ""
    ranked = sorted(((team.level(m, skill), m) for m in team.members), reverse=True)
    if not ranked:
        return "no members"
    level, who = ranked[0]
    start = team.ctx.agents[who].skills.get(skill, 1)
    return f"the best is {who} with {skill} {start}, at most {level} within the budget"


def _fmt(x: float) -> str:
    return "unbounded" if math.isinf(x) else f"{int(x)}"
