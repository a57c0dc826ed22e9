"""The checkable claims and the promises of a chat message, read from its text.

Claims are read from the message text (lower-cased, split into clauses at ``. ; ! ?``):

- position: ``<who> [am|is|'m] [now|still|standing|waiting] at (x, y)`` where who is ``I`` (the
  sender), an agent name or an entity id (``wolf#3``);
- count: ``I have|hold|carry|own|('ve) got N <item>`` with N a digit, a/an/one..ten (read as "at
  least N") or ``no`` / ``I don't have [any] <item>`` (read as "none"); the item is the first
  world item the rest of the clause names (agentworld/causal/mentions.py);
- offer: ``offer N`` / ``offer #N`` (a trade offer id);
- promise: ``I ... will|'ll|shall|am|'m|going to <verb> <rest>`` with verb one of PROMISE_TOOLS
  (or its -ing form), whose objects are the names the rest of the clause gives; "going to <place>"
  is a promise to go there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from agentworld.causal.mentions import text_names

# promise verb -> tools that keep it
PROMISE_TOOLS: dict[str, tuple[str, ...]] = {
    "give": ("give", "trade_offer", "drop"),
    "bring": ("give", "move_to", "drop", "trade_offer"),
    "send": ("give", "trade_offer"),
    "hand": ("give", "trade_offer"),
    "craft": ("craft",),
    "make": ("craft",),
    "forge": ("craft",),
    "cook": ("craft",),
    "go": ("move_to",),
    "head": ("move_to",),
    "walk": ("move_to",),
    "move": ("move_to",),
    "come": ("move_to",),
    "meet": ("move_to",),
    "gather": ("gather",),
    "chop": ("gather",),
    "mine": ("gather",),
    "collect": ("gather", "pick_up"),
    "get": ("gather", "buy", "pick_up", "craft"),
    "attack": ("attack",),
    "kill": ("attack",),
    "fight": ("attack",),
    "build": ("build",),
    "buy": ("buy",),
    "sell": ("sell",),
    "trade": ("trade_offer", "trade_accept", "give"),
    "equip": ("equip",),
    "wield": ("equip",),
    "use": ("use",),
    "drink": ("use",),
    "eat": ("use",),
    "pick": ("pick_up",),
    "talk": ("talk",),
}
_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "no": 0,
}
_CLAUSE = re.compile(r"[^.;!?]+")
_ENTITY_ID = r"[a-z][a-z0-9_]*#[a-z0-9_]+"
_COUNT = re.compile(
    r"\bi\s*(?:have|hold|carry|own|'ve got|have got|got)\s+(\d+|an?|one|two|three|four|five|six|seven"
    r"|eight|nine|ten|no)\s+(.+)"
)
_NONE = re.compile(r"\bi\s*(?:don't|do not)\s+(?:have|hold|carry)\s+(?:any\s+)?(.+)")
_OFFER = re.compile(r"\boffer\s*#?\s*(\d+)")
DEATH_WORDS = re.compile(r"\b(killed|dead|slain|died|down|defeated)\b")
_PROMISE = re.compile(
    r"(?:\b|(?<=i))(?:'m going to|am going to|going to|will|'ll|shall|am|'m)\s+(?:now\s+|then\s+|also\s+)?([a-z]+)\b(.*)"
)


@dataclass(frozen=True)
class Claim:
    """One checkable statement of a message: kind pos|count|offer, its subject and value."""

    kind: str
    subject: str  # agent name, entity id, "<agent>:<item>" for counts, offer id
    value: tuple[int, ...]  # (x, y) | (n,) with -1 meaning "none" | ()


def _first_item(text: str, vocab: frozenset[str], items: frozenset[str]) -> str | None:
    names = [n for n in sorted(text_names(text, vocab)) if not n.startswith("xy:") and "#" not in n]
    known = [n for n in names if n in items] if items else names
    if not known:
        return None
    flat = text.replace(" ", "_")

    def where(name: str) -> int:  # the item named earliest in the text
        at = flat.find(name.split("_")[0])
        return at if at >= 0 else len(flat)

    return min(known, key=lambda n: (where(n), n))


def claims_of(
    text: str, sender: str, agents: Iterable[str], vocab: frozenset[str], items: frozenset[str]
) -> list[Claim]:
    """The position, count and offer claims of one message (see the module docstring)."""
    agent_names = sorted({a.lower(): a for a in agents}.items(), key=lambda kv: -len(kv[0]))
    who_pattern = "|".join([r"i", _ENTITY_ID] + [re.escape(k) for k, _ in agent_names])
    position = re.compile(
        rf"\b({who_pattern})(?:'m|\s+am|\s+is|\s+are)?(?:\s+(?:now|currently|still|standing|"
        rf"waiting|here))*\s+at\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)"
    )
    lookup = dict(agent_names)
    out: list[Claim] = []
    for clause in _CLAUSE.findall(text.lower()):
        for m in position.finditer(clause):
            who = m.group(1)
            subject = sender if who == "i" else lookup.get(who, who)
            out.append(Claim("pos", subject, (int(m.group(2)), int(m.group(3)))))
        m = _COUNT.search(clause)
        if m:
            item = _first_item(m.group(2), vocab, items)
            if item:
                n = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
                out.append(Claim("count", f"{sender}:{item}", (n if n else -1,)))
        m = _NONE.search(clause)
        if m:
            item = _first_item(m.group(1), vocab, items)
            if item:
                out.append(Claim("count", f"{sender}:{item}", (-1,)))
        for m in _OFFER.finditer(clause):
            out.append(Claim("offer", m.group(1), ()))
    return out


def promises_of(text: str, vocab: frozenset[str]) -> list[tuple[str, set[str]]]:
    """(verb, names of its objects) for each "I will <verb> ..." clause of the message."""
    out = []
    for clause in _CLAUSE.findall(text.lower()):
        if not re.search(r"\bi\b|\bi'", clause):
            continue
        for m in _PROMISE.finditer(clause):
            verb, rest = _verb(m.group(1)), m.group(2)
            if verb is None and "going to" in clause[m.start() : m.start(1)]:  # "I'm going to the camp"
                verb, rest = "go", m.group(1) + rest
            if verb:
                out.append((verb, text_names(rest, vocab)))
                break
    return out


def _verb(word: str) -> str | None:
    """The promise verb a word is, -ing forms included (bringing, giving, chopping, going)."""
    if word in PROMISE_TOOLS:
        return word
    if word.endswith("ing"):
        stem = word[:-3]
        for guess in (stem, stem + "e", stem[:-1]):
            if guess in PROMISE_TOOLS:
                return guess
    return None
