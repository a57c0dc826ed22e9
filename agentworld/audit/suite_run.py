"""One oracle episode watched step by step, for the suite report (suite.py).

The oracle team plays as in scripts/oracle_budgets.py (Episode + OracleAgent), but before each turn
the acting agent's `Knowledge` (suite_knowledge.py) absorbs the observation it acts on, and every
plan step the agent enters in that turn is judged right then against what it knows: a step is
"met" in the first turn it becomes the agent's current step (steps it finishes without acting
included). Steps the episode never reached (it succeeded first) are counted, not judged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agentworld.agents.oracle import OracleAgent
from agentworld.audit.suite_knowledge import Knowledge, StepCheck, check_step
from agentworld.episode import Episode, make_briefing
from agentworld.tasks import Step, parse_step

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content

# tools that are not work: walking, waiting, talking and looking (suite report "work")
NOT_WORK = frozenset({"move_to", "wait", "chat", "inspect"})


@dataclass(slots=True)
class OracleRun:
    """What one watched oracle episode leaves for the measures."""

    task: Task
    success: bool
    rounds: int
    plans: dict[str, list[Step]]  # the plan each agent ran
    actions: list[dict]  # the episode's action records (tool, args, agent, position, ...)
    checks: list[StepCheck]  # the steps met, in the order they were met
    unreached: int  # plan steps never met (the episode ended first)
    stated: dict[str, Knowledge]  # per agent: its own context and the objective only
    lowest_hp: dict[str, tuple[int, int]]  # agent -> (lowest HP observed, max HP then)
    deaths: list[str] = field(default_factory=list)  # one entry per player death
    first_view: dict[str, tuple[int, int]] = field(default_factory=dict)  # where each agent first looked


def run_oracle(
    task: Task, content: Content, seed: int = 0, plans: dict[str, list] | None = None, heal_below: float = 0.5
) -> OracleRun:
    """Play the oracle team (or `plans`, raw steps per agent) once and judge every step it meets."""
    episode = Episode(task, seed=seed, content=content)
    names = list(episode.agents)
    team: dict[str, OracleAgent] = {}
    known: dict[str, Knowledge] = {}
    stated: dict[str, Knowledge] = {}
    for name in names:
        briefing = make_briefing(episode.task, name, include_plan=True)
        agent = OracleAgent(plan=plans.get(name, []) if plans is not None else None, heal_below=heal_below)
        agent.reset(name, briefing)
        team[name] = agent
        known[name] = Knowledge.of_briefing(briefing)
        stated[name] = Knowledge.of_text(briefing["context"], briefing["objective"])
    watch = _Watch(names, team, known, stated, content.rules.interact_range)
    while not episode.done:
        for name in names:
            watch.turn(episode, name)
            if episode.done:
                break
        if episode.done:
            break
        episode.end_round()
    trajectory = episode.trajectory
    deaths = [
        e.get("player", "")
        for rec in trajectory
        for e in rec.get("events", [])
        if e.get("kind") == "death" and e.get("player")
    ]
    checks = sorted(watch.checked.values(), key=lambda c: watch.order[(c.agent, c.index)])
    plans_run = {name: list(team[name].steps) for name in names}
    total = sum(len(p) for p in plans_run.values())
    return OracleRun(
        task=episode.task,
        success=episode.success,
        rounds=episode.round,
        plans=plans_run,
        actions=[r for r in trajectory if r["type"] == "action"],
        checks=checks,
        unreached=total - len(checks),
        stated=stated,
        lowest_hp=watch.lowest_hp,
        deaths=deaths,
        first_view=watch.first_view,
    )


class _Watch:
    """The bookkeeping of one watched episode: knowledge, steps met, HP."""

    def __init__(
        self,
        names: list[str],
        team: dict[str, OracleAgent],
        known: dict[str, Knowledge],
        stated: dict[str, Knowledge],
        near: int,
    ):
        self.names, self.team, self.known, self.stated, self.near = names, team, known, stated, near
        self.checked: dict[tuple[str, int], StepCheck] = {}
        self.order: dict[tuple[str, int], int] = {}
        self.lowest_hp: dict[str, tuple[int, int]] = {}
        self.first_view: dict[str, tuple[int, int]] = {}

    def turn(self, episode: Episode, name: str) -> None:
        observation = episode.observe(name)
        self.known[name].add_observation(observation)
        self.first_view.setdefault(name, tuple(observation["position"]))
        hp, top = int(observation["hp"]), int(observation["max_hp"])
        if name not in self.lowest_hp or hp * self.lowest_hp[name][1] < self.lowest_hp[name][0] * top:
            self.lowest_hp[name] = (hp, top)
        agent = self.team[name]
        before = agent.index
        action = agent.act(observation)
        after = agent.index
        for index in range(before, min(after, len(agent.steps) - 1) + 1):
            if (name, index) not in self.checked:
                self.order[(name, index)] = len(self.order)
                self.checked[(name, index)] = check_step(
                    name,
                    index,
                    agent.steps[index],
                    self.names,
                    self.known[name],
                    self.stated[name],
                    episode.round,
                    self.near,
                )
        record = episode.act(name, action)
        if after < len(agent.steps):
            self.checked[(name, after)].position = tuple(record["position"])


def parse_plans(task: Task) -> dict[str, list[Step]]:
    """Every agent's oracle plan as parsed steps (agents without one get an empty plan)."""
    return {a.name: [parse_step(s) for s in task.oracle.get(a.name, [])] for a in task.agents}


def work_counts(actions: list[dict], names: list[str]) -> dict[str, int]:
    """Per agent, its actions that are work: any tool but move_to, wait, chat and inspect."""
    counts = {name: 0 for name in names}
    for record in actions:
        if record["tool"] is not None and record["tool"] not in NOT_WORK:
            counts[record["agent"]] = counts.get(record["agent"], 0) + 1
    return counts


def chebyshev(a: Any, b: Any) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
