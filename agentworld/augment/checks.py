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
- easier / not harder: harder means the oracle needs more rounds (mean of seeds 0-4; the budget
  is the original's, so its margin shrinks), or as many rounds and more work (actions other than
  wait and chat: more units gathered, carried, crafted, more blows). Fewer rounds is easier.
The original's measures are computed once per original (`Baseline`).
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import mean
from typing import TYPE_CHECKING

from agentworld import tools
from agentworld.audit import audit_task
from agentworld.audit.suite_run import run_oracle
from agentworld.taskgen.build import oracle_episode
from agentworld.tasks import TaskError, load_task

if TYPE_CHECKING:
    from agentworld.audit.model import TaskAudit
    from agentworld.tasks import Task
    from agentworld.world.content import Content

SEEDS = range(5)
IDLE_TOOLS = (None, *sorted(tools.IDLE_TOOLS))  # an unparsed turn is idle too


@dataclass(slots=True)
class Measure:
    """The oracle team on seeds 0-4."""

    succeeded: list[bool]
    rounds: list[int]
    work: list[int]  # actions other than wait and chat (and errors)

    @property
    def mean_rounds(self) -> float:
        return mean(self.rounds)

    @property
    def mean_work(self) -> float:
        return mean(self.work)


def measure(task: "Task") -> Measure:
    succeeded, rounds, work = [], [], []
    for seed in SEEDS:
        episode = oracle_episode(task, seed)
        status = episode.status()
        succeeded.append(bool(status["success"]))
        rounds.append(int(status["round"]))
        work.append(
            sum(
                1
                for r in episode.trajectory
                if r.get("agent") and r.get("tool") not in IDLE_TOOLS and not r.get("error")
            )
        )
    return Measure(succeeded, rounds, work)


def necessary_roles(audit: "TaskAudit") -> list[str]:
    return [r.agent for r in audit.roles if r.verdict == "necessary"]


@dataclass(slots=True)
class Baseline:
    """What a variant is compared with: the original's oracle measure and audit."""

    task: "Task"
    measure: Measure
    audit: "TaskAudit"

    @classmethod
    def of(cls, task: "Task", content: "Content") -> "Baseline":
        return cls(task, measure(task), audit_task(task, content))


def validate(raw: dict, content: "Content") -> tuple["Task | None", list[str]]:
    try:
        return load_task(raw, content=content), []
    except TaskError as exc:
        return None, [f"invalid: {p}" for p in exc.problems]


def refusals(baseline: Baseline, variant: "Task", content: "Content") -> list[str]:
    """Every reason to refuse `variant` of `baseline.task` (empty when it may ship)."""
    got = measure(variant)
    failed = [seed for seed, ok in zip(SEEDS, got.succeeded) if not ok]
    if failed:
        return [
            f"unprovable: the oracle team fails on seed(s) {', '.join(map(str, failed))} within "
            f"{variant.max_rounds} rounds"
        ]
    reasons = unjustified_refusals(variant, content)
    reasons += collaboration_refusals(baseline.audit, audit_task(variant, content))
    reasons += harder_refusals(baseline.measure, got)
    return reasons


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


def harder_refusals(original: Measure, variant: Measure) -> list[str]:
    said = (
        f"the oracle needs {variant.mean_rounds:g} rounds and {variant.mean_work:g} actions of work "
        f"on seeds 0-4 (the original {original.mean_rounds:g} and {original.mean_work:g})"
    )
    if variant.mean_rounds < original.mean_rounds:
        return [f"easier: {said}"]
    if variant.mean_rounds == original.mean_rounds and variant.mean_work <= original.mean_work:
        return [f"not harder: {said}"]
    return []
