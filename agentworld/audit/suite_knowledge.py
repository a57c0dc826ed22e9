"""What an agent knows when it acts, and which arguments of an oracle step that knowledge covers.

The suite report (suite.py) asks of every oracle step whether the acting agent could have written
it: each argument (a target, recipe, item, recipient, NPC, site, coordinate) must be in what the
agent has been told or has seen. `Knowledge` is that set, grown from the briefing (context,
objective, teammates) and then from each observation the agent receives (nearby entities, its
inventory, tool results, messages). The matching rule, also in docs/AUDIT.md "Suite report":

- text is cut into word tokens (letters, digits, `_`, with an optional `#suffix`, so `oak_tree#3`
  is one token and never matches `oak_tree#31`), compared in lower case;
- coordinates are pairs written `(x, y)` or `[x, y]` (any spaces), and every `[x, y]` position
  field of an observation (an entity's, the agent's own); a walk's goal is known when it is within
  the interact range (Chebyshev) of a known coordinate: standing next to a known place to act on it;
- a node or mob kind (`gather oak_tree`, `attack wolf`) is also known from any seen id of that kind
  (`oak_tree#15`); an observed entity's display name counts as its snake_case id (`Oak tree`);
- a site is known as `<id>` or `site#<id>` (the world's name for it);
- teammate names and `team` are known from the briefing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from agentworld.tasks import Step

TOKEN = re.compile(r"[a-z0-9_]+(?:#[a-z0-9_]+)?")
COORDINATE = re.compile(r"[(\[]\s*(-?\d+)\s*,\s*(-?\d+)\s*[)\]]")
ID_IN_TEXT = re.compile(r"[a-z0-9_]+#[a-z0-9_]+")
# what an argument names; `kind` is a node or mob kind (known from any seen id of the kind too)
Sort = Literal["agent", "id", "kind", "item", "recipe", "npc", "site", "slot", "coord"]
NO_ARGUMENT_STEPS = ("wait", "wait_for")  # they become `wait` calls: nothing to know


@dataclass(frozen=True, slots=True)
class Argument:
    """One argument of an oracle step."""

    name: str  # the step field: "target", "to", "item", "give.iron_ore", "message"
    value: str | tuple[int, int]  # an id or name, or a coordinate
    sort: Sort

    def __str__(self) -> str:
        value = f"({self.value[0]}, {self.value[1]})" if isinstance(self.value, tuple) else self.value
        return f"{self.name}={value}"


@dataclass(slots=True)
class Knowledge:
    """The ids, names and coordinates one agent has been told or has seen so far."""

    tokens: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)  # the part before '#' of every id token seen
    coords: set[tuple[int, int]] = field(default_factory=set)

    @classmethod
    def of_text(cls, *texts: str) -> Knowledge:
        known = cls()
        for text in texts:
            known.add_text(text)
        return known

    @classmethod
    def of_briefing(cls, briefing: dict) -> Knowledge:
        """What the briefing states: the agent's own name and role, its context, the objective, the
        teammates (names and roles). Teammates can always be named; `team` is the chat to all."""
        known = cls.of_text(
            briefing.get("context", ""),
            briefing.get("objective", ""),
            briefing.get("name", ""),
            briefing.get("role", ""),
            "team",
        )
        for mate in briefing.get("teammates", []):
            known.add_text(f"{mate['name']} {mate['role']}")
        return known

    def add_text(self, text: str) -> None:
        tokens, kinds, coords = scan(text)
        self.tokens.update(tokens)
        self.kinds.update(kinds)
        self.coords.update(coords)

    def add_observation(self, observation: dict) -> None:
        """What an observation shows (agentworld/observation.py): its rendered text, the agent's own
        position, inventory, equipment and skills, each nearby entity's id, snake_case name, position
        and detail, messages received, trade offers, the last result and error."""
        for key in ("text", "last_result", "last_error", "region"):
            self.add_text(str(observation.get(key) or ""))
        self.add_value(observation.get("position"))
        self.tokens.update(str(k).lower() for k in observation.get("skills") or {})
        self.add_value(observation.get("equipment") or {})
        for entry in observation.get("inventory") or ():
            self.add_text(str(entry.get("item", "")))
        for entity in observation.get("nearby") or ():
            self.add_text(entity.get("id", ""))
            self.add_text(str(entity.get("name", "")).lower().replace(" ", "_"))
            self.add_text(entity.get("detail", ""))
            self.add_value(entity.get("position"))
        for part in ("messages", "offers"):
            self.add_value(list(observation.get(part) or ()))

    def add_value(self, value: Any) -> None:
        """Every string, dict key and [x, y] pair of a structured value."""
        if isinstance(value, str):
            self.add_text(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                self.add_text(str(key))
                self.add_value(item)
        elif isinstance(value, (list, tuple)):
            if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                self.coords.add((int(value[0]), int(value[1])))
            else:
                for item in value:
                    self.add_value(item)

    def knows(self, argument: Argument, near: int = 0) -> bool:
        """Whether the argument is known; a coordinate also when within `near` tiles (Chebyshev) of a
        known one (standing next to a known place to act on it)."""
        if argument.sort == "coord":
            x, y = argument.value
            return argument.value in self.coords or any(
                max(abs(x - a), abs(y - b)) <= near for a, b in self.coords
            )
        value = str(argument.value).lower()
        if argument.sort == "site":  # the world shows a site as site#<id>; plans may name either
            value = value.removeprefix("site#")
            return value in self.tokens or f"site#{value}" in self.tokens
        return value in self.tokens or (argument.sort == "kind" and value in self.kinds)


@lru_cache(maxsize=1 << 16)
def scan(text: str) -> tuple[frozenset[str], frozenset[str], frozenset[tuple[int, int]]]:
    """(tokens, kinds of the id tokens, coordinates) of a text; observations repeat their strings."""
    lowered = text.lower()
    tokens = frozenset(TOKEN.findall(lowered))
    kinds = frozenset(t.split("#", 1)[0] for t in tokens if "#" in t)
    return tokens, kinds, frozenset((int(x), int(y)) for x, y in COORDINATE.findall(lowered))


# --- the arguments of each step kind ---------------------------------------------------------------
def step_arguments(step: Step, agents: Iterable[str]) -> list[Argument]:
    """The arguments of one oracle step that the acting agent must know (counts and round numbers
    are not knowledge; wait and wait_for have none)."""
    names = set(agents)
    kind = step.kind
    if kind in NO_ARGUMENT_STEPS:
        return []
    if kind == "move_to":
        return [_target(step.target, names)]
    if kind in ("gather", "attack", "pick_up"):
        return [Argument("target", step.target, "id" if "#" in step.target else "kind")]
    if kind == "inspect":
        return [_target(step.target, names)]
    if kind == "craft":
        return [Argument("recipe", step.recipe, "recipe")]
    if kind == "give":
        return [Argument("to", step.to, "agent"), Argument("item", step.item, "item")]
    if kind in ("equip", "use", "drop"):
        return [Argument("item", step.item, "item")]
    if kind == "unequip":
        return [Argument("slot", step.slot, "slot")]
    if kind == "talk":
        return [Argument("npc", step.npc, "npc")]
    if kind in ("buy", "sell"):
        return [Argument("npc", step.npc, "npc"), Argument("item", step.item, "item")]
    if kind == "build":
        return [Argument("site", step.site, "site")]
    if kind == "trade_offer":
        return (
            [Argument("to", step.to, "agent")]
            + [Argument(f"give.{i}", i, "item") for i in step.give]
            + [Argument(f"want.{i}", i, "item") for i in step.want]
        )
    if kind == "trade_accept":
        return [Argument("from", step.from_, "agent")] if step.from_ else []
    if kind == "chat":
        return _chat_arguments(step)
    return []


def _target(target: Any, agents: set[str]) -> Argument:
    if isinstance(target, (list, tuple)):
        return Argument("target", (int(target[0]), int(target[1])), "coord")
    return Argument("target", target, "agent" if target in agents else "id")


def _chat_arguments(step: Step) -> list[Argument]:
    """A chat's recipients, and the entity ids and coordinates its message passes on: an agent can only
    tell what it knows."""
    recipients = [step.to] if isinstance(step.to, str) else list(step.to)
    out = [Argument("to", name, "agent") for name in recipients]
    text = step.message.lower()
    out += [Argument("message", ident, "id") for ident in dict.fromkeys(ID_IN_TEXT.findall(text))]
    out += [
        Argument("message", (int(x), int(y)), "coord") for x, y in dict.fromkeys(COORDINATE.findall(text))
    ]
    return out


# --- per-step verdicts -----------------------------------------------------------------------------
@dataclass(slots=True)
class StepCheck:
    """One oracle step as the acting agent met it: its arguments, which it did not know, and whether its
    own documentation stated every one (plan leakage)."""

    agent: str
    index: int  # position in the agent's plan
    kind: str
    arguments: list[Argument]
    round: int  # the round the agent first had this step as its current one
    unknown: list[Argument] = field(default_factory=list)  # arguments not known at that moment
    stated: bool = False  # every argument is in the agent's own context or the objective
    position: tuple[int, int] | None = None  # where the agent stood after the step's last action

    def to_json(self) -> dict:
        return {
            "agent": self.agent,
            "step": self.index,
            "kind": self.kind,
            "round": self.round,
            "arguments": [str(a) for a in self.arguments],
            "unknown": [str(a) for a in self.unknown],
        }


def check_step(
    agent: str,
    index: int,
    step: Step,
    agents: Iterable[str],
    known: Knowledge,
    stated: Knowledge,
    round_number: int,
    near: int = 0,
) -> StepCheck:
    """Judge one step against what the agent knows now (`known`) and its documentation (`stated`);
    `near` is how far from a known coordinate a walk's goal may be (the interact range)."""
    arguments = step_arguments(step, agents)
    return StepCheck(
        agent,
        index,
        step.kind,
        arguments,
        round_number,
        unknown=[a for a in arguments if not known.knows(a, near)],
        stated=bool(arguments) and all(stated.knows(a, near) for a in arguments),
    )


def counts_for_leakage(check: StepCheck) -> bool:
    """Plan leakage is measured over steps with arguments, chat and waits left out."""
    return check.kind != "chat" and check.kind not in NO_ARGUMENT_STEPS and bool(check.arguments)
