"""The audit's results as data: requirements, their providers, per-role verdicts, one task's audit.

The CLI, the tests and the task README read these objects, never the analysis that made them,
so a reason is written once (here, as a field) and shown the same way everywhere.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

Verdict = Literal["necessary", "knowledge-only", "unnecessary"]
# why a role is necessary: the outcome names it; only it can do something (skill, item, tool);
# only it can be somewhere in time; the others cannot do the amount of work in the rounds
Kind = Literal["outcome", "capability", "presence", "volume", "knowledge"]


@dataclass(slots=True)
class Provider:
    """An agent that could meet a requirement within the budget, and how."""

    agent: str  # agent name
    how: str  # one line: "starts with 2", "smithing 10 -> 12 reachable", "walks 34 tiles (4 rounds)"


@dataclass(slots=True)
class Requirement:
    """One thing the outcome needs, derived from the content; `providers` over the whole team."""

    key: str  # stable id, e.g. "item:iron_sword", "skill:crafting>=35@frost_staff", "work:watchtower"
    kind: Kind  # the necessity kind a role gets when this requirement excludes the team without it
    text: str  # what is needed, for people
    condition: str  # the success condition it comes from (its describe())
    providers: list[Provider] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # the bounds used (coins, XP, walking) for people


@dataclass(slots=True)
class Failure:
    """A requirement a team cannot meet, and why (the reason a role is necessary)."""

    key: str  # Requirement.key
    kind: Kind
    reason: str


@dataclass(slots=True)
class RoleVerdict:
    """Whether the team without one agent can still reach the outcome."""

    agent: str
    role: str
    verdict: Verdict
    kinds: list[Kind] = field(default_factory=list)  # kinds of the failures (empty unless necessary)
    reasons: list[Failure] = field(default_factory=list)  # what the team without this agent cannot do
    # unless necessary: how the team without it meets the requirements it could have met itself
    alternatives: list[str] = field(default_factory=list)


@dataclass(slots=True)
class TaskAudit:
    """The collaboration certificate of one task."""

    task: str
    max_rounds: int
    requirements: list[Requirement]
    roles: list[RoleVerdict]
    # agent -> why it cannot finish alone (only facts failing: a solo route is not excluded)
    solo: dict[str, list[Failure]]
    unaudited: list[str]  # conditions the audit cannot read (custom predicates)
    team: list[Failure]  # what even the whole team cannot do (an impossible task, or a bound too strict)
    problems: list[str] = field(default_factory=list)  # the benchmark's rules this task breaks
    signature: str = ""  # the task's structural signature (signature.py): equal for reskins only

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def solo_routes(self) -> list[str]:
        return [
            agent for agent, failures in self.solo.items() if all(f.kind == "knowledge" for f in failures)
        ]

    def to_json(self) -> dict:
        data = asdict(self)
        data["ok"] = self.ok
        data["solo_routes"] = self.solo_routes
        return data
