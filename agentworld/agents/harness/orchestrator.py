"""The orchestrator-workers harness: a lead context that hands independent parts to workers it spawns.

The lead (the orchestrator) starts holding every avatar and plays the avatars it holds as the
central planner does (planner.py: one request when a held avatar comes to act with nothing planned,
tool calls naming the avatar). Beside the game's tools it has `spawn_worker(avatars, goal)`: a new
worker context (workers.py) plays those avatars from then on, towards that goal, and the lead no
longer sees them. A worker below the depth limit may spawn workers of its own for some of its
avatars. Nobody is pushed the chat its avatars receive: each context keeps an inbox (inbox.py) and
reads it with `read_messages` when it wants to.

Limits (`HarnessLimits`, the options `max_workers` and `max_depth`): at most `max_workers` workers
are created in an episode, and a worker is at most `max_depth` spawns away from the lead
(max_depth 1: only the lead spawns). A spawn past a limit is refused with a result saying why.
Each seat's usage sums the lead's requests made at its turns and those of the workers that played
it; the team's transcript has a row per lead request, per spawn and per worker turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agentworld.agents.harness.inbox import Inbox
from agentworld.agents.harness.planner import Planner, PlannerSeat
from agentworld.agents.harness.prompts import ORCHESTRATOR_SYSTEM
from agentworld.agents.harness.tools import (
    READ_MESSAGES,
    READ_MESSAGES_SCHEMA,
    SPAWN_WORKER,
    spawn_worker_schema,
)
from agentworld.agents.harness.turns import Turn
from agentworld.agents.harness.workers import Worker
from agentworld.agents.llm.prompts import clip, observation_field
from agentworld.agents.llm.usage import merge_usage

LEAD = "orchestrator"  # the lead context's name in spawn records and transcript rows


@dataclass(frozen=True)
class HarnessLimits:
    """How far the orchestrator's team of contexts may grow."""

    max_workers: int = 4  # workers created in one episode, at every depth together
    max_depth: int = 1  # spawns from the lead to the deepest worker (1: workers cannot spawn)

    def __post_init__(self) -> None:
        if not isinstance(self.max_workers, int) or self.max_workers < 0:
            raise ValueError(f"max_workers must be an integer >= 0, got {self.max_workers!r}")
        if not isinstance(self.max_depth, int) or self.max_depth < 1:
            raise ValueError(f"max_depth must be an integer >= 1, got {self.max_depth!r}")


class Orchestrator(Planner):
    """The lead context of an orchestrator team, and the registry of its workers."""

    harness = "orchestrator"
    system = ORCHESTRATOR_SYSTEM

    def __init__(self, max_workers: int = 4, max_depth: int = 1, **options: Any):
        self.limits = HarnessLimits(max_workers, max_depth)
        super().__init__(**options)
        self._new_team()

    def _new_team(self) -> None:
        self.owner: dict[str, Worker] = {}  # avatar -> the worker playing it (held by the lead if absent)
        self.workers: list[Worker] = []
        self.inbox = Inbox()
        self.round: int | None = None

    def register(self, name: str, briefing: dict) -> None:
        if name in self.briefings:  # a new episode: the workers of the last one are gone
            self._new_team()
        super().register(name, briefing)

    def held(self) -> list[str]:
        return [name for name in self.briefings if name not in self.owner]

    def extra_tools(self) -> list[dict]:
        spawn = [spawn_worker_schema(self.held())] if len(self.workers) < self.limits.max_workers else []
        return spawn + [READ_MESSAGES_SCHEMA]

    def sections(self) -> list[str]:
        lines = [
            f"# Workers: {len(self.workers)} created of at most {self.limits.max_workers}; a worker is at "
            f"most {self.limits.max_depth} spawn(s) away from you"
        ]
        lines += [
            f"- {w.worker} (depth {w.depth}, by {w.parent}): plays {', '.join(w.avatars) or '(none left)'}; "
            f"goal: {clip(w.goal, 300)}"
            for w in self.workers
        ]
        return ["\n".join(lines), "# Avatars you hold"]

    # -- one turn
    def turn(self, name: str, observation: Any) -> Turn:
        self.round = observation_field(observation, "round")
        worker = self.owner.get(name)
        if worker is None:
            action = yield from super().turn(name, self.inbox.take(name, observation))
            worker = self.owner.get(name)
            if worker is None:
                return action
        return (yield from worker.turn(name, observation))

    def harness_call(self, actor: str, name: str, args: dict) -> str:
        return self.context_call(self, actor, name, args)

    def context_call(self, context: Orchestrator | Worker, actor: str, name: str, args: dict) -> str:
        """A harness tool called by the lead or a worker at `actor`'s turn; its result as text."""
        if name == READ_MESSAGES:
            self._count(context, actor, "read_messages")
            sender = args.get("sender")
            return context.inbox.read(sender if isinstance(sender, str) else None)
        if name == SPAWN_WORKER:
            return self.spawn(context, actor, args.get("avatars"), args.get("goal"))
        return f"ignored: unknown harness tool {name}"

    def spawn(self, parent: Orchestrator | Worker, actor: str, avatars: Any, goal: Any) -> str:
        """A new worker for some of the parent's avatars, or why not."""
        mine = self.held() if parent is self else parent.avatars
        depth = 1 if parent is self else parent.depth + 1
        if isinstance(avatars, str):
            avatars = [avatars]
        if not isinstance(avatars, list) or not avatars or not all(isinstance(a, str) for a in avatars):
            return "refused: avatars must be a list of the avatar names you play"
        avatars = list(dict.fromkeys(avatars))
        problem = None
        if not isinstance(goal, str) or not goal.strip():
            problem = "give the worker its goal"
        elif [a for a in avatars if a not in mine]:
            problem = (
                f"you do not play {', '.join(a for a in avatars if a not in mine)} (yours: {', '.join(mine)})"
            )
        elif len(self.workers) >= self.limits.max_workers:
            problem = f"the team may create at most {self.limits.max_workers} workers, and all were created"
        elif depth > self.limits.max_depth:
            problem = (
                f"a worker at depth {depth - 1} may not create workers (depth limit {self.limits.max_depth})"
            )
        elif parent is not self and len(avatars) >= len(mine):
            problem = "keep at least one avatar for yourself"
        if problem:
            return f"refused: {problem}"
        parent_name = LEAD if parent is self else parent.worker
        worker = Worker(self, f"worker_{len(self.workers) + 1}", depth, avatars, goal.strip(), parent_name)
        self.workers.append(worker)
        for avatar in avatars:
            self.owner[avatar] = worker
            self.planned.pop(avatar, None)
        parent.inbox.hand_over(set(avatars), worker.inbox)
        if parent is not self:
            parent.release(avatars)
        self._count(parent, actor, "spawned_workers")
        self.rows.append(
            {
                "actor": actor,
                "harness": self.harness,
                "context": parent_name,
                "event": "spawn",
                "worker": worker.worker,
                "depth": depth,
                "avatars": avatars,
                "goal": clip(goal, 500),
                "round": self.round,
            }
        )
        return f"{worker.worker} created at depth {depth}: it plays {', '.join(avatars)} from now on."

    def _count(self, context: Orchestrator | Worker, actor: str, key: str) -> None:
        books = context.conversation if context is self else context
        for usage in (books.usage, books.usage_by_actor[actor]):
            usage[key] = usage.get(key, 0) + 1

    # -- what the seats and the run directory read
    def seat_usage(self, name: str) -> dict:
        parts = [super().seat_usage(name)]
        parts += [w.usage_by_actor[name] for w in self.workers if name in w.usage_by_actor]
        return merge_usage(parts)

    @property
    def transcript(self) -> list[dict]:
        """The lead's rows (requests and spawns), then each worker's turns in the order they were created."""
        rows = [{"context": LEAD, **row} for row in self.rows]
        for w in self.workers:
            rows += [{"harness": self.harness, "context": w.worker, **row} for row in w.transcript]
        return rows


class OrchestratorSeat(PlannerSeat):
    """One avatar of an orchestrator team (its options record the limits)."""

    kind = "orchestrator"

    def __init__(self, orchestrator: Orchestrator):
        super().__init__(orchestrator)
        self.options.update(
            max_workers=orchestrator.limits.max_workers, max_depth=orchestrator.limits.max_depth
        )


def make_orchestrator_team(
    names: list[str], max_workers: int = 4, max_depth: int = 1, **options: Any
) -> dict[str, OrchestratorSeat]:
    """Orchestrator seats for every avatar, sharing one lead context (and the workers it spawns)."""
    orchestrator = Orchestrator(max_workers=max_workers, max_depth=max_depth, **options)
    return {name: OrchestratorSeat(orchestrator) for name in names}
