"""A worker of the orchestrator harness: one model context that plays the avatars it was handed.

A worker is a Conversation (history, digest, context budget, accounting as for a per-avatar seat)
over one or more avatars, with the goal its creator wrote. Each turn of one of its avatars is one
request, or more when the reply calls a harness tool: `read_messages` (the messages its avatars
received are kept out of its observations: inbox.py) or `spawn_worker` (at a depth below the team's
limit, it hands some of its avatars, never all, to a worker of its own). The harness tool's result
is the next "observation" of the same turn and the worker is asked again, at most
MAX_HARNESS_STEPS times; then the avatar waits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agentworld.agents.harness.inbox import Inbox
from agentworld.agents.harness.planner import MAX_HARNESS_STEPS
from agentworld.agents.harness.prompts import WORKER_MEMBER, WORKER_USER
from agentworld.agents.harness.tools import (
    HARNESS_TOOLS,
    READ_MESSAGES_SCHEMA,
    call_arguments,
    game_schemas,
    spawn_worker_schema,
)
from agentworld.agents.harness.turns import WAIT, Request
from agentworld.agents.harness.turns import Turn as HarnessTurn
from agentworld.agents.llm.client import ContextExceeded, TurnDeadline
from agentworld.agents.llm.context import DIGEST_LINES
from agentworld.agents.llm.conversation import Conversation, Turn
from agentworld.agents.llm.prompts import clip, render

if TYPE_CHECKING:
    from agentworld.agents.harness.orchestrator import Orchestrator


class Worker(Conversation):
    """One worker context (see the module docstring)."""

    def __init__(self, team: Orchestrator, name: str, depth: int, avatars: list[str], goal: str, parent: str):
        super().__init__(team.options)
        self.team = team
        self.worker = name  # worker_1, worker_2 ... in the order they were created
        self.depth = depth  # 1: created by the orchestrator; 2: by a depth-1 worker ...
        self.goal = goal
        self.parent = parent  # "orchestrator" or the creating worker's name
        self.avatars = list(avatars)  # the avatars it plays now (a sub-worker takes some away)
        self.inbox = Inbox()
        self.offers_spawn = False  # whether the tool schemas last built offered spawn_worker
        for avatar in self.avatars:
            self.register(avatar, team.briefings[avatar])

    def release(self, avatars: list[str]) -> None:
        """These avatars now belong to a worker this one created."""
        self.avatars = [a for a in self.avatars if a not in avatars]
        self.tool_schemas = None  # spawn_worker's list of avatars changed

    def may_spawn(self) -> bool:
        """spawn_worker is offered: below the depth limit, with avatars to spare and workers left to create."""
        limits = self.team.limits
        return (
            self.depth < limits.max_depth
            and len(self.avatars) > 1
            and len(self.team.workers) < limits.max_workers
        )

    def _tools(self) -> list[dict]:
        if self.tool_schemas is not None and self.offers_spawn != self.may_spawn():
            self.tool_schemas = None  # the team's last worker was created (or this one gave avatars away)
        return super()._tools()

    def _schemas(self) -> list[dict]:
        self.offers_spawn = self.may_spawn()
        spawn = [spawn_worker_schema(self.avatars)] if self.offers_spawn else []
        return game_schemas(self.briefings) + [READ_MESSAGES_SCHEMA] + spawn

    def _render(
        self, dropped: list[Turn], window: list[Turn], digest_lines: int = DIGEST_LINES[0]
    ) -> list[dict]:
        """The per-avatar messages with the worker's own first user message (goal, avatars, teammates)."""
        messages = super()._render(dropped, window, digest_lines)
        first = window[0]
        values = self._values(first.actor, first.round, first.text, first.feedback)
        members = "".join(
            render(
                WORKER_MEMBER,
                name=name,
                role=self.briefings[name].get("role") or name,
                documentation=self._docs(self.briefings[name]),
            )
            for name in self.avatars
        )
        others = [
            f"{name} ({briefing.get('role') or name})"
            for name, briefing in self.team.briefings.items()
            if name not in self.avatars
        ]
        values.update(
            worker=self.worker,
            depth=self.depth,
            goal=self.goal,
            avatars=", ".join(self.avatars),
            others=", ".join(others) or "(none)",
            members=members,
            history=self._digest(dropped, digest_lines),
        )
        messages[1] = {"role": "user", "content": render(WORKER_USER, **values)}
        return messages

    def turn(self, actor: str, observation: Any) -> HarnessTurn:
        """One turn of one of its avatars: requests until a game call (or the harness-step limit)."""
        pending, messages = self._begin(actor, self.inbox.take(actor, observation))
        step = 0
        while True:
            try:
                reply = yield from self._ask(pending, messages)
            except TurnDeadline as exc:
                return self._late(actor, pending, messages, exc)
            call = reply.tool_calls[0] if reply.tool_calls else None
            action = self._end(actor, pending, messages, reply)
            if call is None or call.get("problem") or call["name"] not in HARNESS_TOOLS:
                return action
            args = call_arguments(call)
            result = (
                "ignored: the arguments are not a JSON object"
                if args is None
                else self.team.context_call(self, actor, call["name"], args)
            )
            self.turns[-1].result = clip(result, 160)
            owner = self.team.owner.get(actor)
            if owner is not self:  # the acting avatar went to a worker it created: that one plays the turn
                return (yield from owner.turn(actor, observation))
            if step == MAX_HARNESS_STEPS:
                self.feedback[actor].append(
                    f"you called harness tools {step + 1} times in one turn, so {actor} waited that turn."
                )
                return WAIT
            pending = Turn(actor, pending.round, result)
            messages = self.messages_for(pending)
            step += 1

    def _ask(self, pending: Turn, messages: list[dict]) -> HarnessTurn:
        """One request; a context overflow the server reports gets one retry with a tighter budget."""
        try:
            return (yield Request(self.client, messages, self._tools()))
        except ContextExceeded as exc:
            messages = self._tighten(pending, exc)
        return (yield Request(self.client, messages, self._tools()))
