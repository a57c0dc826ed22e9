"""The requirement kinds the audit checks, each against any team of a task's agents.

A requirement is one thing the outcome needs (an agent, an item in some number, a skill level, a
place in time, an amount of work or damage, a fact). `check(team)` returns None when the team
could meet it within the budget (by the optimistic bounds of `team.py` and `bounds.py`), else a
Failure saying why, so "the team without R fails" always comes with its reason; `providers(team)`
says who could meet it and how.

The kinds that count HP (killing mobs, surviving their sure strikes, enduring an exposure at work) are
damage.py's; why a team falls short, in words, is explain.py's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from agentworld.audit.bounds import INF
from agentworld.audit.explain import best_level, bound_text, why_missing
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
            f"at most {bound_text(units)} {self.item} of the {self.count} needed: "
            f"{'; '.join(s.detail for s in team.sources.get(self.item, []))}",
            "volume",
        )

    def providers(self, team: Team) -> list[Provider]:
        if self.item == "coins":
            return [Provider(m, f"coins (team bound {bound_text(team.coins)})") for m in team.members]
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
                + (f" ({best_level(team, self.skill)})" if self.skill else " within reach in time")
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
            f"task's prices), and this team could hold at most {bound_text(most)} for them",
            "volume",
        )

    def providers(self, team: Team) -> list[Provider]:
        return [
            Provider(m, f"starts with worth {self.start.get(m, 0)}")
            for m in team.members
            if self.start.get(m, 0) > 0
        ]
