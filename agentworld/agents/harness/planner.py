"""The central-planner harness: one model context plays every avatar, one request per round.

Each request shows the briefing of every avatar and the latest observation of each (the acting
avatar's is fresh, a teammate's is the one it got at its last turn), and offers every tool with an
extra `avatar` argument. The reply's tool calls become the avatars' next actions: the first call
naming an avatar is its action; an avatar named by none waits that round. A new request is made
when an avatar comes to act with nothing planned and no request of this round covered it, which is
once per round in the runner's turn order. The planner needs no chat between avatars; its prompt is rebuilt each round (bounded), so
the plan it wrote last round is listed rather than replayed as history.

The orchestrator's lead context (orchestrator.py) is this planner over the avatars it still holds,
with the harness tools beside the game's: `extra_tools`, `harness_call` and `sections` are its hooks.
A reply calling a harness tool is answered (its calls' results as tool messages) and asked again
within the turn, when it read messages or left a held avatar without an action (a spawn refused),
at most MAX_HARNESS_STEPS times. Tokens and cost are counted by a Conversation
used only for its client and accounting, on the seat whose turn made the request.
"""

from __future__ import annotations

import json
from typing import Any

from agentworld.agents.base import Agent
from agentworld.agents.harness.prompts import PLANNER_SYSTEM
from agentworld.agents.harness.tools import (
    HARNESS_TOOLS,
    READ_MESSAGES,
    call_arguments,
    game_schemas,
    with_avatar,
)
from agentworld.agents.harness.turns import WAIT, Request, Turn, adrive, drive
from agentworld.agents.llm.client import TurnDeadline
from agentworld.agents.llm.conversation import Conversation
from agentworld.agents.llm.options import parse_options
from agentworld.agents.llm.prompts import observation_field, observation_text
from agentworld.agents.llm.replies import Reply
from agentworld.agents.llm.usage import new_usage

MAX_HARNESS_STEPS = 3  # harness-tool answers within one turn before the turn's avatars wait


class Planner:
    """The one model context behind every PlannerSeat of a team."""

    harness = "planner"
    system = PLANNER_SYSTEM

    def __init__(self, **options: Any):
        self.options = parse_options(options)
        self.conversation = Conversation(self.options)  # client, prices and accounting; no history kept
        self.client = self.conversation.client
        self.briefings: dict[str, dict] = {}
        self.seen: dict[str, str] = {}
        self.planned: dict[str, dict] = {}
        self.last_plan: list[str] = []
        self.plan_round: int | None = None  # the round of the last request
        self.covered: set[str] = set()  # the avatars it planned for: named by no call, they wait that round
        self.rows: list[dict] = []  # the lead's transcript rows (one per request)

    # -- episode setup and accounting
    def register(self, name: str, briefing: dict) -> None:
        if name in self.briefings:  # a seat reset twice: a new episode begins
            self.briefings, self.seen, self.planned, self.last_plan, self.rows = {}, {}, {}, [], []
            self.plan_round, self.covered = None, set()
        self.briefings[name] = briefing
        self.conversation.register(name, briefing)

    @property
    def usage(self) -> dict:
        return self.conversation.usage

    def seat_usage(self, name: str) -> dict:
        """The requests this seat's turns made (their sum over seats is the team's usage)."""
        return dict(self.conversation.usage_by_actor.get(name) or new_usage())

    @property
    def transcript(self) -> list[dict]:
        return self.rows

    # -- what one request shows
    def held(self) -> list[str]:
        """The avatars this context plays (the planner: all of them)."""
        return list(self.briefings)

    def extra_tools(self) -> list[dict]:
        return []

    def tools(self) -> list[dict]:
        return with_avatar(game_schemas(self.briefings), self.held()) + self.extra_tools()

    def sections(self) -> list[str]:
        """Text shown before the avatars' briefings (the orchestrator's workers)."""
        return []

    def messages(self) -> list[dict]:
        parts = self.sections()
        for name in self.held():
            briefing = self.briefings[name]
            info = {k: briefing.get(k) for k in ("role", "context", "objective") if briefing.get(k)}
            parts.append(
                f"## {name}\nbriefing: {json.dumps(info, default=str)}\n"
                f"observation:\n{self.seen.get(name, '(none yet)')}"
            )
        if self.last_plan:
            parts.append("## your previous plan\n" + "\n".join(self.last_plan))
        return [{"role": "system", "content": self.system}, {"role": "user", "content": "\n\n".join(parts)}]

    # -- one turn
    def turn(self, name: str, observation: Any) -> Turn:
        """The avatar's action: planned by this round's request, else (not covered by one) a new request now."""
        self.seen[name] = observation_text(observation)
        rnd = observation_field(observation, "round")
        covered = rnd is not None and rnd == self.plan_round and name in self.covered
        if name not in self.planned and not covered:
            yield from self.plan(name, rnd)
            self.plan_round, self.covered = rnd, set(self.held())
        return self.planned.pop(name, WAIT)

    def plan(self, actor: str, rnd: int | None = None) -> Turn:
        """One request (plus one per harness-tool answer): the calls naming avatars become their actions."""
        messages, self.planned, lines = self.messages(), {}, []
        for step in range(MAX_HARNESS_STEPS + 1):
            try:
                reply = yield Request(self.client, messages, self.tools())
            except TurnDeadline as exc:  # no plan in time: the avatars wait this round
                self.rows.append(
                    {"actor": actor, "round": rnd, "harness": self.harness, "error": str(exc), "plan": []}
                )
                return
            self.conversation.account(actor, reply, [])
            answers = [self._apply(actor, call, lines) for call in reply.tool_calls]
            self.rows.append(
                {
                    "actor": actor,
                    "round": rnd,
                    "harness": self.harness,
                    "plan": list(lines),
                    "harness_calls": [c["name"] for c in reply.tool_calls if c["name"] in HARNESS_TOOLS],
                    "prompt_tokens": reply.prompt_tokens,
                    "completion_tokens": reply.completion_tokens,
                }
            )
            called = {c["name"] for c in reply.tool_calls} & set(HARNESS_TOOLS)
            # asked again to see what a harness tool answered, or to act for the avatars still without an action
            unplanned = [a for a in self.held() if a not in self.planned]
            if not called or step == MAX_HARNESS_STEPS or not (unplanned or READ_MESSAGES in called):
                break
            messages = messages + _answers(reply, answers)
        self.last_plan = lines

    def _apply(self, actor: str, call: dict, lines: list[str]) -> str:
        """One tool call of a reply: a planned action, or a harness tool's result; what it became."""
        if call.get("problem"):
            return f"ignored: {call['problem']}"
        args = call_arguments(call)
        if args is None:
            return "ignored: the arguments are not a JSON object"
        if call["name"] in HARNESS_TOOLS:
            return self.harness_call(actor, call["name"], args)
        avatar = args.pop("avatar", None)
        if avatar not in self.held():
            return f"ignored: avatar must be one of {', '.join(self.held()) or '(none)'}"
        if avatar in self.planned:
            return f"ignored: {avatar} already has an action this round"
        self.planned[avatar] = {"name": call["name"], "arguments": json.dumps(args)}
        lines.append(f"{avatar}: {call['name']} {json.dumps(args)}")
        return f"planned for {avatar}"

    def harness_call(self, actor: str, name: str, args: dict) -> str:
        return f"ignored: {name} is not available to the central planner"


def _answers(reply: Reply, answers: list[str]) -> list[dict]:
    """The reply as the assistant message, then one tool message per call (what it became)."""
    calls = [
        {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
        for c in reply.tool_calls
    ]
    out: list[dict] = [{"role": "assistant", "content": reply.content or None, "tool_calls": calls}]
    out += [{"role": "tool", "tool_call_id": c["id"], "content": a} for c, a in zip(calls, answers)]
    return out


class PlannerSeat(Agent):
    """One avatar of a planner team: it hands its observation to the shared Planner and plays its plan."""

    kind = "planner"

    def __init__(self, planner: Planner):
        self.planner = planner
        self.options = {
            "harness": planner.harness,
            **planner.options.model_dump(exclude_none=True, exclude={"api_key"}),
        }
        self.options["model"] = planner.client.model
        self.name = ""
        self.briefing = {}

    def reset(self, name: str, briefing: dict) -> None:
        self.name, self.briefing = name, briefing
        self.planner.register(name, briefing)

    def act(self, observation: dict) -> dict | str:
        if not self.name:
            raise RuntimeError(f"{type(self).__name__}.act called before reset()")
        return drive(self.planner.turn(self.name, observation))

    async def act_async(self, observation: dict) -> dict | str:
        if not self.name:
            raise RuntimeError(f"{type(self).__name__}.act_async called before reset()")
        return await adrive(self.planner.turn(self.name, observation))

    @property
    def usage(self) -> dict:
        """The requests this seat's turns made (their sum over seats is the team's usage)."""
        return self.planner.seat_usage(self.name)


def make_planner_team(names: list[str], **options: Any) -> dict[str, PlannerSeat]:
    """Planner seats for every avatar, sharing one Planner (one model context)."""
    planner = Planner(**options)
    return {name: PlannerSeat(planner) for name in names}
