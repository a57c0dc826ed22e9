"""The central-planner harness: one model context plays every avatar, one request per round.

Each request shows the briefing of every avatar and the latest observation of each (the acting
avatar's is fresh, a teammate's is the one it got at its last turn), and offers every tool with an
extra `avatar` argument. The reply's tool calls become the avatars' next actions: the first call
naming an avatar is its action; an avatar named by none waits. A new request is made when an
avatar comes to act with no planned action left, which is once per round in the runner's turn
order. The planner needs no chat between avatars; its prompt is rebuilt each round (bounded), so
the plan it wrote last round is listed rather than replayed as history.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from agentworld.agents.base import Agent
from agentworld.agents.llm.client import ChatClient
from agentworld.agents.llm.conversation import new_usage
from agentworld.agents.llm.options import parse_options
from agentworld.agents.llm.prompts import observation_text

SYSTEM = (
    "You are the central planner of a team in a shared game world. You see every avatar's briefing and "
    "latest observation. Each round, call one tool per avatar, naming it in the `avatar` argument: that "
    "call is the avatar's next action. An avatar you do not name waits."
)


class Planner:
    """The one model context behind every PlannerSeat of a team."""

    def __init__(self, **options: Any):
        self.options = parse_options(options)
        self.client = ChatClient(self.options)
        self.briefings: dict[str, dict] = {}
        self.seen: dict[str, str] = {}
        self.planned: dict[str, dict] = {}
        self.last_plan: list[str] = []
        self.usage = new_usage()
        self.usage_by_seat: dict[str, dict] = {}
        self.transcript: list[dict] = []

    def register(self, name: str, briefing: dict) -> None:
        self.briefings[name] = briefing
        self.usage_by_seat[name] = new_usage()

    def tools(self) -> list[dict]:
        """Every tool schema with a required `avatar` argument naming the avatar it is for."""
        from agentworld import tools

        out = []
        for schema in tools.schemas():
            schema = copy.deepcopy(schema)
            params = schema["function"]["parameters"]
            params["properties"] = {
                "avatar": {"type": "string", "enum": sorted(self.briefings)},
                **params.get("properties", {}),
            }
            params["required"] = ["avatar", *params.get("required", [])]
            out.append(schema)
        return out

    def messages(self) -> list[dict]:
        parts = []
        for name, briefing in self.briefings.items():
            info = {k: briefing.get(k) for k in ("role", "context", "objective") if briefing.get(k)}
            parts.append(
                f"## {name}\nbriefing: {json.dumps(info, default=str)}\n"
                f"observation:\n{self.seen.get(name, '(none yet)')}"
            )
        if self.last_plan:
            parts.append("## your previous plan\n" + "\n".join(self.last_plan))
        return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n\n".join(parts)}]

    def act(self, name: str, observation: Any) -> dict | str:
        self.seen[name] = observation_text(observation)
        if name not in self.planned:
            self.plan(name)
        return self.planned.pop(name, {"name": "wait", "arguments": "{}"})

    def plan(self, actor: str) -> None:
        """One request: the reply's calls, one per avatar, become the planned actions."""
        reply = self.client.complete(self.messages(), self.tools())
        self.planned, lines = {}, []
        for call in reply.tool_calls:
            if call.get("problem"):
                continue
            try:
                args = json.loads(call["arguments"] or "{}")
            except json.JSONDecodeError:
                continue
            avatar = args.pop("avatar", None) if isinstance(args, dict) else None
            if avatar in self.briefings and avatar not in self.planned:
                self.planned[avatar] = {"name": call["name"], "arguments": json.dumps(args)}
                lines.append(f"{avatar}: {call['name']} {json.dumps(args)}")
        self.last_plan = lines
        for usage in (self.usage, self.usage_by_seat[actor]):
            usage["prompt_tokens"] += reply.prompt_tokens
            usage["cached_tokens"] += reply.cached_tokens
            usage["completion_tokens"] += reply.completion_tokens
            usage["calls"] += 1
        self.transcript.append(
            {
                "actor": actor,
                "harness": "planner",
                "plan": lines,
                "prompt_tokens": reply.prompt_tokens,
                "completion_tokens": reply.completion_tokens,
            }
        )


class PlannerSeat(Agent):
    """One avatar of a planner team: it hands its observation to the shared Planner and plays its plan."""

    kind = "planner"

    def __init__(self, planner: Planner):
        self.planner = planner
        self.options = {
            "harness": "planner",
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
            raise RuntimeError("PlannerSeat.act called before reset()")
        return self.planner.act(self.name, observation)

    @property
    def usage(self) -> dict:
        """The requests this seat triggered (their sum over seats is the planner's usage)."""
        return self.planner.usage_by_seat.get(self.name) or new_usage()


def make_planner_team(names: list[str], **options: Any) -> dict[str, PlannerSeat]:
    """Planner seats for every avatar, sharing one Planner (one model context)."""
    planner = Planner(**options)
    return {name: PlannerSeat(planner) for name in names}
