"""The LLM agent: one seat played by a model conversation, and make_team for a whole team."""

from __future__ import annotations

from typing import Any

from agentworld.agents.base import Agent
from agentworld.agents.llm.conversation import Conversation, new_usage
from agentworld.agents.llm.options import parse_options


class LLMAgent(Agent):
    """One seat played by an LLM (or one avatar of a shared single-agent conversation)."""

    kind = "llm"

    def __init__(self, conversation: Conversation | None = None, **options: Any):
        if conversation is None:
            opts = parse_options(options)
            if opts.single_agent:
                raise ValueError(
                    "single_agent=True needs seats that share one conversation: build them with "
                    "agentworld.agents.llm.make_team(names, single_agent=True, ...)"
                )
            conversation = Conversation(opts)
        self.conversation = conversation
        self.options = conversation.options.model_dump(exclude_none=True, exclude={"api_key"})
        self.options["model"] = conversation.client.model
        self.name = ""
        self.briefing = {}

    def reset(self, name: str, briefing: dict) -> None:
        self.name, self.briefing = name, briefing
        self.conversation.register(name, briefing)

    def act(self, observation: dict) -> dict | str:
        if not self.name:
            raise RuntimeError("LLMAgent.act called before reset()")
        return self.conversation.step(self.name, observation)

    async def act_async(self, observation: dict) -> dict | str:
        """act() for runners that keep many episodes in flight (runner.run_episode_async)."""
        if not self.name:
            raise RuntimeError("LLMAgent.act_async called before reset()")
        return await self.conversation.astep(self.name, observation)

    @property
    def usage(self) -> dict:
        """This seat's token/cost usage (its share when several seats share one conversation)."""
        return self.conversation.usage_by_actor.get(self.name) or new_usage()

    @property
    def transcript(self) -> list[dict]:
        return [t for t in self.conversation.transcript if t["actor"] == self.name]


def make_team(names: list[str], **options: Any) -> dict[str, LLMAgent]:
    """LLM agents for every seat; with single_agent=True they share one conversation."""
    opts = parse_options(options)
    if opts.single_agent:
        shared = Conversation(opts)
        return {name: LLMAgent(conversation=shared) for name in names}
    return {name: LLMAgent(conversation=Conversation(opts)) for name in names}
