"""Oracle plan steps: one pydantic model per step kind of a task file's `oracle:` plans.

A step is a one-key mapping `{kind: {args}}`; `parse_step` validates it. Most kinds are named
after the tool they plan (tools.py Traits.step; tests/test_tool_registry.py keeps the two in
step); `wait_for` waits for something in the agent's own observation. The steps are executed by
agentworld.agents.oracle and cross-checked against the content by task_checks.py.
"""

from __future__ import annotations

from typing import Any, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from agentworld.conditions import one_key_mapping

Position = tuple[int, int]


class Model(BaseModel):
    """Base of every task-file model: unknown fields are errors, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Step(Model):
    """Base of oracle steps; `kind` is the YAML key of the one-key mapping."""

    kind: str = ""


class MoveToStep(Step):
    target: Union[str, Position]


class GatherStep(Step):
    target: str  # node kind or node id
    count: int = Field(1, ge=1)  # total wanted in inventory


class CraftStep(Step):
    recipe: str
    count: int = Field(1, ge=1)  # times to craft


class GiveStep(Step):
    to: str
    item: str
    count: int = Field(1, ge=1)


# what a wait_for can wait for
EVENTS = ("item", "kill", "message_from", "messages_from", "checkpoint", "until_round")


class WaitForStep(Step):
    """Wait until something shows in the agent's OWN observation (agents never see global state).

    One of: `item` (+ `count`) in the inventory; `kill` (a mob id or type) seen to die (our own
    killing blow, or it vanishing while near us); `message_from` (a chat from that agent, to us or
    the team); `messages_from` (a chat from each of these agents, in whatever order they come: word
    from a whole crew); `checkpoint` (a chat from anyone naming that checkpoint id: observations carry no
    checkpoint progress, so a teammate's plan announces it with a `chat` step); `until_round` (the
    round the observation shows has reached N: a time agreed beforehand, such as lighting a signal
    in an agreed round). `rounds` alone waits that many turns; with another condition it caps the
    wait and the plan goes on anyway.
    """

    item: str | None = None
    count: int = Field(1, ge=1)
    kill: str | None = None
    message_from: str | None = None
    messages_from: list[str] | None = Field(None, min_length=1)
    checkpoint: str | None = None
    until_round: int | None = Field(None, ge=1)
    rounds: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _one(self) -> "WaitForStep":
        events = [k for k in EVENTS if getattr(self, k) is not None]
        if len(events) > 1:
            raise ValueError(
                f"wait_for waits for one thing; got {', '.join(events)} (add 'rounds' to cap the wait)"
            )
        if not events and self.rounds is None:
            raise ValueError(
                "wait_for needs exactly one of 'item', 'kill', 'message_from', 'messages_from', 'checkpoint' "
                "or 'until_round' "
                "(optionally capped by 'rounds'), or 'rounds' alone"
            )
        return self


class ItemStep(Step):
    item: str


class UseStep(Step):
    item: str
    count: int = Field(1, ge=1)


class UnequipStep(Step):
    slot: str


class AttackStep(Step):
    target: str  # mob id or mob type


class TalkStep(Step):
    npc: str
    times: int = Field(1, ge=1)


class ShopStep(Step):
    npc: str
    item: str
    count: int = Field(1, ge=1)


class BuildStep(Step):
    site: str
    times: int | None = Field(
        None, ge=1
    )  # make this many builds (deliveries or work) and go on; None: until complete
    feed: int = Field(0, ge=0)  # a fire (exposure.py): once it is finished, feed it this many units of fuel


class TradeOfferStep(Step):
    to: str
    give: dict[str, int]
    want: dict[str, int]


class TradeAcceptStep(Step):
    """trade_accept or trade_decline: answer the first offer from one agent."""

    from_: str | None = Field(None, alias="from")  # the first offer from this agent (any if None)
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PickUpStep(Step):
    target: str  # item id or ground id


class DropStep(Step):
    item: str
    count: int = Field(1, ge=1)


class ChatStep(Step):
    to: Union[str, list[str]]
    message: str


class WaitStep(Step):
    rounds: int = Field(1, ge=1)


class InspectStep(Step):
    target: str


STEP_MODELS: dict[str, type[Step]] = {
    "move_to": MoveToStep,
    "gather": GatherStep,
    "craft": CraftStep,
    "give": GiveStep,
    "wait_for": WaitForStep,
    "equip": ItemStep,
    "use": UseStep,
    "unequip": UnequipStep,
    "attack": AttackStep,
    "talk": TalkStep,
    "buy": ShopStep,
    "sell": ShopStep,
    "build": BuildStep,
    "trade_offer": TradeOfferStep,
    "trade_accept": TradeAcceptStep,
    "trade_decline": TradeAcceptStep,
    "pick_up": PickUpStep,
    "drop": DropStep,
    "chat": ChatStep,
    "wait": WaitStep,
    "inspect": InspectStep,
}


def parse_step(raw: Any) -> Step:
    """A plan step is a one-key mapping `{kind: {args}}` (or a bare kind string like 'wait')."""
    if isinstance(raw, str):
        raw = {raw: {}}
    kind, model, args = one_key_mapping(raw, STEP_MODELS, "step", "{gather: {target: oak_tree, count: 3}}")
    return model.model_validate({**args, "kind": kind})
