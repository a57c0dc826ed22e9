"""The tool calls agents may make: one pydantic model per tool with its traits, the registry the
package's tool lists derive from, the results of parsing (`ToolCall`, `ParseError`) and the JSON
schemas. Parsing what an agent sent is tool_calls.py's job.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Any, Callable, ClassVar, Union

from pydantic import BaseModel, ConfigDict, Field, StrictStr

# Bounds keep hostile inputs cheap; numbers are generous for real play.
MAX_COUNT = 10_000
MAX_MESSAGE = 2_000
MAX_NAME = 100
MAX_RAW_CHARS = 4_096  # raw actions longer than this are truncated in records

Count = Annotated[int, Field(ge=1, le=MAX_COUNT, strict=True)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME)]
OfferId = Annotated[int, Field(strict=True, ge=0)]


@dataclass(frozen=True, slots=True)
class Traits:
    """What the rest of the package knows about a tool, declared beside its argument model.

    Every tool list (tool mask, team tools, read-only tools, random play weights, the numeric
    action table's verbs, the engine's handlers) is derived from these; tests/test_tool_registry.py
    checks each tool has what it declares.
    """

    weight: int  # random play (world/randomplay.py): relative chance of picking it
    step: str  # the task-file oracle step kind that plans it (tasks.STEP_MODELS)
    affordance: str | Callable = "observed"  # the tool mask's "usable now": "always" (whenever alive),
    # "observed" (a check in affordances.py) or fn(rules, view, raw) -> bool
    numeric: tuple[str, ...] = ()  # verbs of the numeric action table (wrappers/actions.py) that call it
    no_numeric: str = ""  # why it has no numeric action (required when `numeric` is empty)
    needs_range: bool = False  # acts on something within a distance (a walk up to it is its cause)
    team: bool = False  # needs a teammate: off for a team of one
    read_only: bool = False  # changes no world state (the episode need not re-check success)
    transparent: bool = False  # only talks or looks: it does not interrupt a walk (provenance judge)
    idle: bool = False  # does no work toward a task (augment checks)
    entity: str | None = None  # the kind of nearby entity it is used on (numeric 'apply', random play)
    handler: Callable | None = None  # its rule fn(world, player, args, action_id) -> str, when it is not
    # World._do_<name> (a tool registered from outside the engine)

    def __post_init__(self) -> None:
        if not (self.affordance in ("always", "observed") or callable(self.affordance)):
            raise ValueError(
                f"Traits: affordance must be 'always', 'observed' or a function, got {self.affordance!r}"
            )
        if not self.numeric and not self.no_numeric:
            raise ValueError("Traits: give the numeric action verbs, or say in no_numeric why there are none")
        if isinstance(self.weight, bool) or not isinstance(self.weight, int) or self.weight < 0:
            raise ValueError(f"Traits: weight must be a whole number >= 0, got {self.weight!r}")


class Tool(BaseModel):
    """Base of every tool model: unknown arguments are errors, not silently dropped."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    traits: ClassVar[Traits]

    def call(self) -> "ToolCall":
        return ToolCall(self.name, self.model_dump(mode="json"))


class MoveTo(Tool):
    name: ClassVar[str] = "move_to"
    traits: ClassVar[Traits] = Traits(
        weight=14, step="move_to", affordance="always", numeric=("step", "landmark", "approach", "mate")
    )
    description: ClassVar[str] = (
        "Walk toward a target: [x, y] coordinates, an entity id (e.g. 'oak_tree#12'), an agent "
        "name, an NPC id, a landmark id, or a kind such as 'oak_tree' (the nearest one in view). You move a few tiles per turn along a shortest path; "
        "the result says how far is left. Call again to keep going."
    )
    target: Union[
        Name,
        Annotated[
            list[Annotated[int, Field(strict=True, ge=0, le=100_000)]], Field(min_length=2, max_length=2)
        ],
    ] = Field(
        description="[x, y], or an entity id / agent name / NPC id / landmark id / kind of entity in view"
    )


class Gather(Tool):
    name: ClassVar[str] = "gather"
    traits: ClassVar[Traits] = Traits(
        weight=10, step="gather", numeric=("apply",), needs_range=True, entity="node"
    )
    description: ClassVar[str] = (
        "Harvest one unit from a resource node next to you (tree, rock, fishing spot, bush...). "
        "Needs the node's skill level and usually a tool in your inventory."
    )
    target: Name = Field(description="node id, e.g. 'oak_tree#12', or a node kind to use the nearest one")


class Craft(Tool):
    name: ClassVar[str] = "craft"
    traits: ClassVar[Traits] = Traits(weight=6, step="craft", numeric=("craft",), needs_range=True)
    description: ClassVar[str] = (
        "Craft an item from a recipe using items in your inventory. Some recipes need a skill "
        "level or a nearby station (workbench, furnace...)."
    )
    recipe: Name = Field(description="recipe id, e.g. 'stick'")
    count: Count = Field(default=1, description="how many times to craft the recipe")


class Attack(Tool):
    name: ClassVar[str] = "attack"
    traits: ClassVar[Traits] = Traits(
        weight=8, step="attack", numeric=("apply",), needs_range=True, entity="mob"
    )
    description: ClassVar[str] = "Attack a mob within your weapon's range (one exchange of blows per turn)."
    target: Name = Field(description="mob id, e.g. 'wolf#3', or a mob type to attack the nearest one")


class PickUp(Tool):
    name: ClassVar[str] = "pick_up"
    traits: ClassVar[Traits] = Traits(
        weight=3, step="pick_up", numeric=("apply",), needs_range=True, entity="ground"
    )
    description: ClassVar[str] = "Pick up an item lying on the ground next to you."
    target: Name = Field(description="ground item id, e.g. 'ground#4', or an item id")


class Drop(Tool):
    name: ClassVar[str] = "drop"
    traits: ClassVar[Traits] = Traits(
        weight=2, step="drop", no_numeric="it only gives items up; a teammate gets them by give"
    )
    description: ClassVar[str] = "Drop items from your inventory onto the ground where you stand."
    item: Name = Field(description="item id")
    count: Count = Field(default=1, description="how many")


class Give(Tool):
    name: ClassVar[str] = "give"
    traits: ClassVar[Traits] = Traits(weight=5, step="give", numeric=("give",), needs_range=True, team=True)
    description: ClassVar[str] = "Hand items from your inventory to a teammate standing close to you."
    to: Name = Field(description="the receiving agent's name")
    item: Name = Field(description="item id")
    count: Count = Field(default=1, description="how many")


class TradeOffer(Tool):
    name: ClassVar[str] = "trade_offer"
    traits: ClassVar[Traits] = Traits(
        weight=3,
        step="trade_offer",
        needs_range=True,
        team=True,
        no_numeric="two bundles of items are too many combinations for a fixed list",
    )
    description: ClassVar[str] = (
        "Offer a nearby teammate a swap: your `give` items for their `want` items. The swap happens "
        "atomically when they accept."
    )
    to: Name = Field(description="the agent you make the offer to")
    give: dict[Name, Count] = Field(description="items you give, {item: count}")
    want: dict[Name, Count] = Field(description="items you want in return, {item: count}")


class TradeAccept(Tool):
    name: ClassVar[str] = "trade_accept"
    traits: ClassVar[Traits] = Traits(
        weight=3, step="trade_accept", numeric=("accept",), needs_range=True, team=True
    )
    description: ClassVar[str] = "Accept a pending trade offer made to you (see 'Pending trade offers')."
    offer_id: OfferId = Field(description="the offer's id")


class TradeDecline(Tool):
    name: ClassVar[str] = "trade_decline"
    traits: ClassVar[Traits] = Traits(weight=1, step="trade_decline", numeric=("decline",), team=True)
    description: ClassVar[str] = "Decline a pending trade offer made to you."
    offer_id: OfferId = Field(description="the offer's id")


class Equip(Tool):
    name: ClassVar[str] = "equip"
    traits: ClassVar[Traits] = Traits(weight=3, step="equip", numeric=("equip",))
    description: ClassVar[str] = "Equip (wield or wear) an item from your inventory in its slot."
    item: Name = Field(description="item id")


class Unequip(Tool):
    name: ClassVar[str] = "unequip"
    traits: ClassVar[Traits] = Traits(weight=1, step="unequip", numeric=("unequip",))
    description: ClassVar[str] = "Take off the item in an equipment slot and put it back in your inventory."
    slot: Name = Field(description="equipment slot, e.g. 'weapon'")


class Use(Tool):
    name: ClassVar[str] = "use"
    traits: ClassVar[Traits] = Traits(weight=2, step="use", numeric=("use",))
    description: ClassVar[str] = "Use or consume an item from your inventory (eat food, drink a potion...)."
    item: Name = Field(description="item id")


class Talk(Tool):
    name: ClassVar[str] = "talk"
    traits: ClassVar[Traits] = Traits(
        weight=3, step="talk", numeric=("apply",), needs_range=True, entity="npc"
    )
    description: ClassVar[str] = (
        "Talk to an NPC next to you (advances quests, gives hints; a trainer gives a lesson: skill XP)."
    )
    npc: Name = Field(description="NPC id")


class Buy(Tool):
    name: ClassVar[str] = "buy"
    traits: ClassVar[Traits] = Traits(weight=3, step="buy", numeric=("buy",), needs_range=True)
    description: ClassVar[str] = "Buy items from a shopkeeper NPC next to you, paying with coins."
    npc: Name = Field(description="NPC id")
    item: Name = Field(description="item id")
    count: Count = Field(default=1, description="how many")


class Sell(Tool):
    name: ClassVar[str] = "sell"
    traits: ClassVar[Traits] = Traits(weight=2, step="sell", numeric=("sell",), needs_range=True)
    description: ClassVar[str] = "Sell items from your inventory to a shopkeeper NPC next to you for coins."
    npc: Name = Field(description="NPC id")
    item: Name = Field(description="item id")
    count: Count = Field(default=1, description="how many")


class Build(Tool):
    name: ClassVar[str] = "build"
    traits: ClassVar[Traits] = Traits(
        weight=3, step="build", numeric=("apply",), needs_range=True, entity="site"
    )
    description: ClassVar[str] = (
        "Work on a construction site next to you: delivers the materials it still needs from your "
        "inventory, or adds one unit of work once materials are complete."
    )
    site: Name = Field(description="site id, e.g. 'site#bridge'")


class Chat(Tool):
    name: ClassVar[str] = "chat"
    traits: ClassVar[Traits] = Traits(
        weight=4, step="chat", affordance="always", numeric=("chat",), team=True, transparent=True, idle=True
    )
    description: ClassVar[str] = (
        "Send a message to one teammate, several, or the whole team ('team'). Teammates read it "
        "on their next turn. Chatting uses your turn."
    )
    to: Union[Name, Annotated[list[Name], Field(min_length=1, max_length=50)]] = Field(
        description="an agent name, a list of agent names, or 'team'"
    )
    message: Annotated[StrictStr, Field(min_length=1, max_length=MAX_MESSAGE)] = Field(
        description="the message"
    )


class Wait(Tool):
    name: ClassVar[str] = "wait"
    traits: ClassVar[Traits] = Traits(
        weight=2,
        step="wait",
        affordance="always",
        numeric=("wait",),
        read_only=True,
        transparent=True,
        idle=True,
    )
    description: ClassVar[str] = "Do nothing this turn."


class Inspect(Tool):
    name: ClassVar[str] = "inspect"
    traits: ClassVar[Traits] = Traits(
        weight=2,
        step="inspect",
        affordance="always",
        read_only=True,
        transparent=True,
        no_numeric="what it tells is text for a language model",
    )
    description: ClassVar[str] = "Look closely at an entity, item, recipe or landmark to learn its details."
    target: Name = Field(description="entity id, item id, recipe id or landmark id")


# The registry: the one list of tools, in the order of schemas(), the tool mask and random play.
TOOLS: dict[str, type[Tool]] = {
    cls.name: cls
    for cls in (
        MoveTo,
        Gather,
        Craft,
        Attack,
        PickUp,
        Drop,
        Give,
        TradeOffer,
        TradeAccept,
        TradeDecline,
        Equip,
        Unequip,
        Use,
        Talk,
        Buy,
        Sell,
        Build,
        Chat,
        Wait,
        Inspect,
    )
}
TOOL_NAMES: tuple[str, ...] = ()
TEAM_TOOLS: frozenset[str] = frozenset()  # off for a team of one
READ_ONLY_TOOLS: frozenset[str] = frozenset()  # change no world state
TRANSPARENT_TOOLS: frozenset[str] = frozenset()  # only talk or look
IDLE_TOOLS: frozenset[str] = frozenset()  # do no work toward a task
RANGE_TOOLS: frozenset[str] = frozenset()  # act on something within a distance
ALWAYS_USABLE: frozenset[str] = frozenset()  # usable whenever the agent is alive
TOOL_WEIGHTS: dict[str, int] = {}  # random play
ENTITY_TOOL: dict[str, str] = {}  # entity kind -> the tool used on it


def _derive() -> None:
    """Compute the tool lists above from TOOLS (again after `register`)."""
    global TOOL_NAMES, TEAM_TOOLS, READ_ONLY_TOOLS, TRANSPARENT_TOOLS, IDLE_TOOLS, RANGE_TOOLS, ALWAYS_USABLE
    global TOOL_WEIGHTS, ENTITY_TOOL, _SCHEMAS
    traits = {name: cls.traits for name, cls in TOOLS.items()}
    TOOL_NAMES = tuple(TOOLS)
    TEAM_TOOLS = frozenset(n for n, t in traits.items() if t.team)
    READ_ONLY_TOOLS = frozenset(n for n, t in traits.items() if t.read_only)
    TRANSPARENT_TOOLS = frozenset(n for n, t in traits.items() if t.transparent)
    IDLE_TOOLS = frozenset(n for n, t in traits.items() if t.idle)
    RANGE_TOOLS = frozenset(n for n, t in traits.items() if t.needs_range)
    ALWAYS_USABLE = frozenset(n for n, t in traits.items() if t.affordance == "always")
    TOOL_WEIGHTS = {n: t.weight for n, t in traits.items()}
    ENTITY_TOOL = {t.entity: n for n, t in traits.items() if t.entity is not None}
    _SCHEMAS = None


def register(model: type[Tool]) -> None:
    """Add a tool to the registry (tests, extensions). Call it before importing the env, the engine,
    affordances or wrappers: they read the tool lists once, when they are imported."""
    if not (isinstance(model, type) and issubclass(model, Tool)) or not model.name:
        raise TypeError(f"register: expected a Tool subclass with a name, got {model!r}")
    if model.name in TOOLS:
        raise ValueError(f"register: the tool '{model.name}' is already registered")
    if not isinstance(getattr(model, "traits", None), Traits):
        raise TypeError(f"register: {model.__name__} needs `traits: ClassVar[Traits] = Traits(...)`")
    kind = model.traits.entity
    if kind is not None and kind in ENTITY_TOOL:
        raise ValueError(f"register: '{ENTITY_TOOL[kind]}' is already the tool used on a {kind}")
    TOOLS[model.name] = model
    _derive()


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A validated tool call: the tool name and its arguments with defaults filled in."""

    tool: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"tool": self.tool, "args": self.args}


@dataclass(frozen=True, slots=True)
class ParseError:
    """An action that could not be turned into a tool call; `raw` is what the agent sent."""

    error: str
    raw: Any = None


def _inline(schema: dict, defs: dict) -> Any:
    """Resolve $ref and drop pydantic's titles so schemas stay small for LLM prompts."""
    if isinstance(schema, dict):
        if "$ref" in schema:
            return _inline(defs[schema["$ref"].split("/")[-1]], defs)
        return {k: _inline(v, defs) for k, v in schema.items() if k not in ("title", "$defs")}
    if isinstance(schema, list):
        return [_inline(v, defs) for v in schema]
    return schema


_SCHEMAS: list[dict] | None = None


def schemas(disabled: frozenset[str] | set[str] = frozenset()) -> list[dict]:
    """OpenAI function-calling schemas, one per tool, in TOOL_NAMES order (minus disabled tools)."""
    global _SCHEMAS
    if _SCHEMAS is None:
        out = []
        for name, cls in TOOLS.items():
            raw = cls.model_json_schema()
            params = _inline(raw, raw.get("$defs", {}))
            params.setdefault("properties", {})
            params.setdefault("required", [])
            params["additionalProperties"] = False
            out.append(
                {
                    "type": "function",
                    "function": {"name": name, "description": cls.description, "parameters": params},
                }
            )
        _advertise_message_limit(out)
        _SCHEMAS = out
    return [json.loads(json.dumps(s)) for s in _SCHEMAS if s["function"]["name"] not in disabled]


def _advertise_message_limit(out: list[dict]) -> None:
    """Show models the world's real chat limit (rules.max_message_chars), not the parser's outer bound."""
    from agentworld.world.content import load_content

    limit = load_content().rules.max_message_chars
    for schema in out:
        if schema["function"]["name"] == "chat":
            message = schema["function"]["parameters"]["properties"]["message"]
            message["maxLength"] = min(message.get("maxLength", limit), limit)
            message["description"] = f"the message (at most {limit} characters)"


def tool_mask(disabled: frozenset[str] | set[str] = frozenset(), team_size: int = 2):
    """int8 vector over TOOL_NAMES: 1 when the tool may be called in this episode at all.

    Tools that need a teammate are off for a team of one. What is usable *now* is this vector
    narrowed by `agentworld.affordances.usable_tools` on each observation.
    """
    import numpy as np

    off = set(disabled) | (TEAM_TOOLS if team_size < 2 else set())
    return np.array([0 if name in off else 1 for name in TOOL_NAMES], dtype=np.int8)


_derive()
