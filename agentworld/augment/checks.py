"""Whether a proposed variant may ship: provable, still collaborative, and harder than its original.

`refusals(original, variant)` lists every reason to refuse (empty: accepted):
- invalid: the variant does not validate (load_task's problems);
- unprovable: the oracle team fails on one of seeds 0-4 within the variant's round budget;
- unjustified: some oracle step needs an argument its agent is not told and has not seen (the suite
  report's knowledge rule, audit/suite_run.py): a moved spawn can hide what an agent saw from where
  it began, and a variant must stay solvable from what its agents are told;
- collaboration: the audit's necessary roles differ from the original's, or a solo route opens
  (one the original's audit excludes; a variant cannot close what its original leaves open, and
  every shipped original is meant to have none);
- untrue: a statement of its text is false of its world (audit/truth.py: places, starts, counts,
  wounds), e.g. a start sentence the farther transform left pointing at the old spawn;
- over budget: the oracle uses more than 85% of the (unchanged) budget on some seed;
- easier / not harder: harder by the numbers means the oracle needs at least 15% more rounds (mean
  of seeds 0-4; the budget is the original's, so its margin shrinks) or at least 25% more work
  (actions other than wait and chat: more units gathered, carried, crafted, more blows); fewer rounds
  is easier. A stronger enemy must also take the same team at least 25% more fighting rounds (rounds
  with a successful attack) to kill.
The original's measures are computed once per original (`Baseline`).
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import mean
from typing import TYPE_CHECKING

from agentworld import tools
from agentworld.audit import audit_task
from agentworld.audit.suite_run import run_oracle
from agentworld.audit.truth import check_truth
from agentworld.taskgen.build import oracle_episode
from agentworld.tasks import TaskError, load_task

if TYPE_CHECKING:
    from agentworld.audit.model import TaskAudit
    from agentworld.tasks import Task
    from agentworld.world.content import Content

SEEDS = range(5)
IDLE_TOOLS = (None, *sorted(tools.IDLE_TOOLS))  # an unparsed turn is idle too
MORE_ROUNDS, MORE_WORK, MORE_FIGHTING = 1.15, 1.25, 1.25  # harder by the numbers (issue 25)
MAX_SHARE = 0.85  # the suite's budget rule: the oracle within 50-85% of the budget


@dataclass(slots=True)
class Measure:
    """The oracle team on seeds 0-4."""

    succeeded: list[bool]
    rounds: list[int]
    work: list[int]  # actions other than wait and chat (and errors)
    fighting: list[int]  # rounds in which some agent landed an attack (hit or miss, no error)

    @property
    def mean_rounds(self) -> float:
        return mean(self.rounds)

    @property
    def mean_work(self) -> float:
        return mean(self.work)

    @property
    def mean_fighting(self) -> float:
        return mean(self.fighting)


def measure(task: "Task") -> Measure:
    succeeded, rounds, work, fighting = [], [], [], []
    for seed in SEEDS:
        episode = oracle_episode(task, seed)
        status = episode.status()
        succeeded.append(bool(status["success"]))
        rounds.append(int(status["round"]))
        done = [r for r in episode.trajectory if r.get("agent") and not r.get("error")]
        work.append(sum(1 for r in done if r.get("tool") not in IDLE_TOOLS))
        fighting.append(len({r["round"] for r in done if r.get("tool") == "attack"}))
    return Measure(succeeded, rounds, work, fighting)


def necessary_roles(audit: "TaskAudit") -> list[str]:
    return [r.agent for r in audit.roles if r.verdict == "necessary"]


class Baseline:
    """What a variant is compared with: the original's oracle measure and (audited only when a
    candidate gets that far) its audit."""

    def __init__(self, task: "Task", measure: Measure, content: "Content"):
        self.task, self.measure, self._content = task, measure, content
        self._audit: "TaskAudit | None" = None

    @classmethod
    def of(cls, task: "Task", content: "Content") -> "Baseline":
        return cls(task, measure(task), content)

    @property
    def audit(self) -> "TaskAudit":
        if self._audit is None:
            self._audit = audit_task(self.task, self._content)
        return self._audit


def validate(raw: dict, content: "Content") -> tuple["Task | None", list[str]]:
    try:
        return load_task(raw, content=content), []
    except TaskError as exc:
        return None, [f"invalid: {p}" for p in exc.problems]


def refusals(baseline: Baseline, variant: "Task", content: "Content") -> list[str]:
    """Every reason to refuse `variant` of `baseline.task` (empty when it may ship)."""
    untrue = [f"untrue: {f.field}: {f.problem}" for f in check_truth(variant, content).false]
    if untrue:
        return untrue
    got = measure(variant)
    failed = [seed for seed, ok in zip(SEEDS, got.succeeded) if not ok]
    if failed:
        return [
            f"unprovable: the oracle team fails on seed(s) {', '.join(map(str, failed))} within "
            f"{variant.max_rounds} rounds"
        ]
    top = max(got.rounds)
    if top > MAX_SHARE * variant.max_rounds:
        return [f"over budget: the oracle needs up to {top} of {variant.max_rounds} rounds (more than 85%)"]
    # the cheap numbers first: the audits below cost most of a candidate's time
    reasons = harder_refusals(
        baseline.measure, got, stronger_enemy="stronger-enemy" in (variant.transforms or ())
    )
    if reasons:
        return reasons
    reasons = unjustified_refusals(variant, content)
    return reasons + collaboration_refusals(baseline.audit, audit_task(variant, content))


def unjustified_refusals(variant: "Task", content: "Content") -> list[str]:
    """Every oracle step (seed 0) with an argument its agent could not know when it met the step."""
    run = run_oracle(variant, content)
    return [
        f"unjustified: {check.agent} step {check.index} ({check.kind}) needs "
        f"{', '.join(str(a) for a in check.unknown)}, which it is neither told nor shown"
        for check in run.checks
        if check.unknown
    ]


def collaboration_refusals(original: "TaskAudit", variant: "TaskAudit") -> list[str]:
    reasons = []
    before, after = necessary_roles(original), necessary_roles(variant)
    if before != after:
        reasons.append(
            f"collaboration: the audit's necessary roles change from {', '.join(before) or 'none'} "
            f"to {', '.join(after) or 'none'}"
        )
    opened = [a for a in variant.solo_routes if a not in original.solo_routes]
    if opened:
        reasons.append(f"collaboration: a solo route is not excluded for {', '.join(opened)}")
    return reasons


def harder_refusals(original: Measure, variant: Measure, stronger_enemy: bool = False) -> list[str]:
    """Harder by the numbers: +15% rounds or +25% work (means over seeds 0-4); a stronger enemy also
    +25% fighting rounds."""
    said = (
        f"the oracle needs {variant.mean_rounds:g} rounds and {variant.mean_work:g} actions of work "
        f"on seeds 0-4 (the original {original.mean_rounds:g} and {original.mean_work:g})"
    )
    if variant.mean_rounds < original.mean_rounds:
        return [f"easier: {said}"]
    reasons = []
    if (
        variant.mean_rounds < MORE_ROUNDS * original.mean_rounds
        and variant.mean_work < MORE_WORK * original.mean_work
    ):
        reasons.append(f"not harder: {said}; harder is +15% rounds or +25% work")
    if stronger_enemy and variant.mean_fighting < MORE_FIGHTING * original.mean_fighting:
        reasons.append(
            f"not harder: the stronger enemy takes {variant.mean_fighting:g} fighting rounds on seeds 0-4 "
            f"(the original's {original.mean_fighting:g}); it must take +25%"
        )
    return reasons
