"""A harness turn written once, played by the blocking and the async runner alike.

One avatar's turn may take several model requests in a team harness: the orchestrator spawns a
worker and the worker then plays the turn, or a worker calls `read_messages` and is asked again
with the messages as the tool's result. Such a turn is a generator that yields each `Request` and
gets the `Reply` back (or the client's exception thrown in, so the context can handle a turn
deadline or a context overflow where it has its state); its return value is the avatar's action.
`drive` answers it with the blocking client (`Agent.act`), `adrive` with the async one
(`act_async`, many episodes in flight).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, NamedTuple

from agentworld.agents.llm.client import ChatClient
from agentworld.agents.llm.replies import Reply


class Request(NamedTuple):
    """One model request a turn needs: which client sends it, the messages and the tool schemas."""

    client: ChatClient
    messages: list[dict]
    tools: list[dict]


Turn = Generator[Request, Reply, Any]  # yields requests, receives replies, returns the action

WAIT = {"tool": "wait", "args": {}}


def drive(turn: Turn) -> Any:
    """Play a turn with blocking requests; returns its action."""
    try:
        request = next(turn)
        while True:
            try:
                reply = request.client.complete(request.messages, request.tools)
            except Exception as exc:
                request = turn.throw(exc)
            else:
                request = turn.send(reply)
    except StopIteration as done:
        return done.value


async def adrive(turn: Turn) -> Any:
    """Play a turn awaiting the async client; returns its action."""
    try:
        request = next(turn)
        while True:
            try:
                reply = await request.client.acomplete(request.messages, request.tools)
            except Exception as exc:
                request = turn.throw(exc)
            else:
                request = turn.send(reply)
    except StopIteration as done:
        return done.value
