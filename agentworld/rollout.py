"""One episode driven by a caller's policy in the LLM agent's place, for LLM-RL trainers.

    result = await rollout("task_01", policy, seed=0)
    # policy(agent, messages, tools) -> tool call (sync or async); messages and tools are exactly
    # the chat prompt and function schemas an LLM agent would be sent (agents/llm.py + prompts/).
    result.agents["wizard"].conversation   # its last prompt plus its last reply (full history)
    result.agents["wizard"].turns          # per turn: messages, tools, call, ok, error, reward
    result.rewards                         # team reward per round; result.status: success, psr, ...

A tool call may be `{"name", "arguments"}` (arguments a JSON string or a dict), `{"tool", "args"}`,
an OpenAI tool-call object (`.function.name`, `.function.arguments`), or a string (a reply with no
tool call: the turn is lost, as for a model). Turns run in the env's order (each agent sees the
effects of those before it in the round); reward = PSR increase + success bonus once, the same
team reward the env gives. `turn_replies` is shared with `agentworld export`, which puts recorded
calls in the policy's place.
"""

from __future__ import annotations

import inspect
import uuid
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Awaitable, Callable, Union

from agentworld.agents.llm import Conversation, Reply, parse_options, parse_tool_calls
from agentworld.episode import Episode, make_briefing
from agentworld.tasks import Task

Policy = Callable[[str, list[dict], list[dict]], Union[Any, Awaitable[Any]]]


@dataclass
class AgentTurn:
    """One turn of one agent: what it was shown, what it called, what came of it."""

    round: int
    messages: list[dict]  # the prompt, as sent to a model
    tools: list[dict]  # the function schemas
    call: dict | None  # {"tool", "args"} as recorded, None when the reply had no usable call
    assistant: dict  # the assistant message kept in the conversation
    action_id: int
    ok: bool
    error: str | None
    reward: float = 0.0  # the team reward of the round this turn was played in


@dataclass
class AgentRollout:
    turns: list[AgentTurn] = field(default_factory=list)
    conversation: list[dict] = field(default_factory=list)  # last prompt + last assistant message

    @property
    def total_reward(self) -> float:
        return sum(t.reward for t in self.turns)


@dataclass
class RolloutResult:
    agents: dict[str, AgentRollout]
    rewards: list[float]  # team reward per round
    status: dict  # Episode.status() at the end
    trajectory: list[dict]  # the episode's records (replayable like a run's trajectory.jsonl)

    @property
    def total_reward(self) -> float:
        return sum(self.rewards)


class _NoModel:
    """Stands in for the chat client: the caller supplies every reply."""

    model = "policy"

    def complete(self, messages: list[dict], tools: list[dict]) -> Reply:  # pragma: no cover - never called
        raise RuntimeError("a rollout conversation has no model client")


def conversations(
    agents: list[str], briefings: dict[str, dict], llm_options: dict | None
) -> dict[str, Conversation]:
    """One Conversation per seat (one shared with single_agent=True), registered with its briefing."""
    opts = parse_options(dict(llm_options or {}))
    shared = Conversation(opts, client=_NoModel()) if opts.single_agent else None
    out = {}
    for name in agents:
        out[name] = shared or Conversation(opts, client=_NoModel())
        out[name].register(name, briefings[name])
    return out


def reply_for(call: Any, call_id: str | None = None) -> Reply:
    """The caller's tool call as a model Reply (see the module docstring for accepted shapes)."""
    call_id = call_id or f"call_{uuid.uuid4().hex[:12]}"
    if call is None or isinstance(call, str):
        return Reply(call or "", [], 0, 0, 0, 0.0)
    function = getattr(call, "function", None)
    if function is not None:  # openai ChatCompletionMessageToolCall
        name, arguments = function.name, function.arguments
        call_id = getattr(call, "id", None) or call_id
    elif isinstance(call, dict) and "function" in call:
        name, arguments = call["function"].get("name"), call["function"].get("arguments")
        call_id = call.get("id") or call_id
    elif isinstance(call, dict) and "tool" in call:
        name, arguments = call["tool"], call.get("args") or {}
    elif isinstance(call, dict):
        name, arguments = call.get("name"), call.get("arguments")
    else:
        raise TypeError(
            f"policy returned {type(call).__name__}; expected a tool call dict, an OpenAI tool call "
            "or a string"
        )
    # the LLM agent's own normalisation (a missing name or null arguments become a reported problem)
    message = SimpleNamespace(
        tool_calls=[SimpleNamespace(id=call_id, function=SimpleNamespace(name=name, arguments=arguments))]
    )
    return Reply("", parse_tool_calls(message), 0, 0, 0, 0.0)


def team_reward(status: dict, progress: float, succeeded: bool, bonus: float) -> tuple[float, float, bool]:
    """(reward, new progress, succeeded): PSR increase plus the success bonus once, as the env gives."""
    reward = status["psr"] - progress
    if status["success"] and not succeeded:
        reward += bonus
    return float(reward), status["psr"], succeeded or bool(status["success"])


async def rollout(
    task: Task | str,
    policy: Policy,
    *,
    seed: int = 0,
    options: dict | None = None,
    llm_options: dict | None = None,
) -> RolloutResult:
    """Play one episode with `policy` in every seat; see the module docstring."""
    ep = Episode(task, seed=seed, options=options)
    bonus = float((options or {}).get("success_bonus", 1.0))
    convs = conversations(
        ep.agents, {a: make_briefing(ep.task, a, ep.disabled) for a in ep.agents}, llm_options
    )
    result = RolloutResult({a: AgentRollout() for a in ep.agents}, [], {}, [])
    progress, succeeded = ep.psr, ep.success
    while not ep.done:
        played: list[AgentTurn] = []
        for agent in ep.agents:
            conv = convs[agent]
            pending, messages, tools = conv.begin(agent, ep.observe(agent))
            call = policy(agent, messages, tools)
            if inspect.isawaitable(call):
                call = await call
            reply = reply_for(call)
            action = conv.finish(pending, messages, reply)
            record = ep.act(agent, action)
            turn = AgentTurn(
                ep.round,
                messages,
                tools,
                None if record["tool"] is None else {"tool": record["tool"], "args": record["args"]},
                pending.assistant,
                record["id"],
                record["ok"],
                record["error"],
            )
            result.agents[agent].turns.append(turn)
            result.agents[agent].conversation = messages + [pending.assistant]
            played.append(turn)
            if record["checkpoints"] and ep.success:
                break
        ep.end_round()
        reward, progress, succeeded = team_reward(ep.status(), progress, succeeded, bonus)
        result.rewards.append(reward)
        for turn in played:
            turn.reward = reward
    result.status = ep.status()
    result.trajectory = ep.trajectory
    return result
