"""Rewriting a task's YAML mapping so every place that states a fact states the changed one.

A task says the same fact in several places: a count is in `success:`, in checkpoints, in the
oracle plan and in the prose (objective, each agent's documentation, checkpoint descriptions,
chat lines of the plan); a spawn is in `agents[].spawn` and in "you start at ..." sentences; a mob
is in `world.mobs`, `killed:` conditions, attack steps and the prose. The transforms
(transforms.py) decide what changes; these helpers apply one change everywhere it is written.

Prose is rewritten by patterns the task files use ("3 moon_pearl", "You start at Frostford Bridge
(96, 36)", a mob's id or name); a recipe ("2 stick + 1 bead -> 1 magic_staff") states a
fixed recipe and is never rescaled, wherever it stands in a line.
"""

from __future__ import annotations

import copy
import math
import re
from typing import Any, Callable, Iterable, Iterator

from agentworld.audit.price_lines import PRICE_LIST, SALE
from agentworld.audit.recipe_lines import RECIPE_TEXT
from agentworld.audit.start_places import OTHER_START, OWN_START, PLACE_END
from agentworld.audit.truth import SPELLED, said_count

Raw = dict[str, Any]
TextFn = Callable[[str], str]

_STEP_COUNT_KEYS = ("count",)


def task_raw(task: Any) -> Raw:
    """The YAML mapping of a loaded task (defaults left out, as an author writes it)."""
    return copy.deepcopy(
        task.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_defaults=True)
    )


def _text_slots(raw: Raw) -> Iterator[tuple[Any, Any, str | None]]:
    """(container, key, agent the text belongs to or None) of every prose field of a task."""
    yield raw, "objective", None
    for agent in raw.get("agents", []):
        if "context" in agent:
            yield agent, "context", agent["name"]
    for checkpoint in raw.get("checkpoints", []):
        yield checkpoint, "description", None
    for name, steps in raw.get("oracle", {}).items():
        for step in steps:
            if isinstance(step, dict) and "chat" in step and isinstance(step["chat"], dict):
                yield step["chat"], "message", name


def map_texts(raw: Raw, fn: Callable[[str, str | None], str]) -> None:
    """Apply fn(text, owner agent) to every prose field, in place."""
    for holder, key, owner in _text_slots(raw):
        holder[key] = fn(holder[key], owner)


def all_text(raw: Raw) -> str:
    return "\n".join(holder[key] for holder, key, _ in _text_slots(raw))


# --- fixed rounds ---------------------------------------------------------------------------------
def shift_rounds(raw: Raw, shift: int) -> list[int]:
    """The plans' fixed rounds (`wait_for: until_round`, a signal the team times itself by) `shift`
    rounds later, and every "round N" of the prose and chats that states one; returns the old rounds
    (none: nothing changed)."""
    rounds = set()
    for steps in raw.get("oracle", {}).values():
        for step in steps:
            args = step.get("wait_for") if isinstance(step, dict) else None
            if isinstance(args, dict) and isinstance(args.get("until_round"), int):
                rounds.add(args["until_round"])
                args["until_round"] += shift
    if rounds:
        said = re.compile(
            r"\b(rounds?\s+)(" + "|".join(str(r) for r in sorted(rounds, reverse=True)) + r")\b"
        )
        map_texts(
            raw, lambda text, _owner: said.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + shift}", text)
        )
    return sorted(rounds)


# --- counts -----------------------------------------------------------------------------------
def scaled(count: int, ratio: float) -> int:
    return math.ceil(count * ratio - 1e-9)


WORD_COUNT = "|".join(SPELLED[2:])  # from two: "one lantern" is a unit


def any_spelling(names: Iterable[str]) -> str:
    """A regex alternation of `names`, longest first (so "ice holes" wins over "ice"), each matching where
    the prose wraps a line inside it ("6 wild\n    silk")."""
    return "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(set(names), key=len, reverse=True))


def scale_counts_in_text(
    text: str, names: dict[str, list[str]], ratio: float, demanded: dict[str, dict[int, int]] | None = None
) -> str:
    """'3 moon_pearl' -> '6 moon_pearl' (ratio 2) for the items in `names` (id -> spellings), also
    when a wrapped line puts the count and the item on two lines; a recipe ('2 stick + 1 bead -> 1
    magic_staff') and a count per unit ('2 wild silk each', '2 eels to an oil', a market's price list
    '(a unit): driftwood 20 coins, ...') are left alone.

    A count the outcome demands (`demanded`: id -> old count -> new count) becomes the new demand
    instead, in digits or in words ('they need two ghostpine bows' -> 'four ghostpine bows'), and when
    one count is demanded so does a bare '... the team holds two.'. Other counts in words stay. One
    pass over the text, so no count is rewritten twice."""
    demanded = demanded or {}
    item_of = {form.lower(): item for item, forms in names.items() for form in forms}
    if not item_of:
        return text
    forms = any_spelling(item_of)
    pattern = re.compile(
        rf"\b(\d+|{WORD_COUNT})(\s+|\s*x\s*)({forms})(?![a-z_])(?!\s+(?:each|apiece|per|to\s+an?)\b)",
        re.IGNORECASE,
    )
    fixed = [m.span() for m in RECIPE_TEXT.finditer(text)] + [m.span() for m in PRICE_LIST.finditer(text)]

    def scale(match: re.Match) -> str:
        if any(a <= match.start() < b for a, b in fixed):
            return match[0]
        said = match[1]
        new = demanded.get(item_of[" ".join(match[3].lower().split())], {}).get(said_count(said))
        if new is None:
            if not said.isdigit():
                return match[0]
            new = scaled(int(said), ratio)
        return f"{written_like(said, new)}{match[2]}{match[3]}"

    text = pattern.sub(scale, text)
    pairs = [(old, new) for counts in demanded.values() for old, new in counts.items()]
    if len(pairs) == 1:
        ((old, new),) = pairs
        bare = re.compile(rf"\b(holds?\s+)(\d+|{WORD_COUNT})(?=\s*(?:[.;,)]|$))", re.IGNORECASE)
        text = bare.sub(
            lambda m: f"{m[1]}{written_like(m[2], new)}" if said_count(m[2]) == old else m[0], text
        )
    return text


_FIGHT_LENGTH = re.compile(
    r"\b(?P<about>about )?(?P<count>\d+|a dozen|[a-z]+) (?P<unit>hits|arrows|blows|rounds)\b"
)


def scale_fight_lengths_in_text(text: str, ratio: float) -> str:
    """'five hits each' -> 'six hits each', 'about a dozen rounds' -> 'about fifteen rounds' (ratio
    270/220, 380/300): how long a fight lasts grows with the enemy's HP. A count written in words
    stays in words; only 'about N rounds' is a fight's length among the task's rounds."""

    def scale(match: re.Match) -> str:
        said = match["count"]
        count = (
            12
            if said == "a dozen"
            else int(said)
            if said.isdigit()
            else SPELLED.index(said)
            if said in SPELLED
            else None
        )
        if count is None or match["unit"] == "rounds" and not match["about"]:
            return match.group(0)
        new = max(count, round(count * ratio))
        return f"{match['about'] or ''}{written_like(said, new)} {match['unit']}"

    return _FIGHT_LENGTH.sub(scale, text)


def written_like(said: str, n: int) -> str:
    """`n` written as `said` was: in digits, or in words (capitalised when it was) up to twenty."""
    if said.isdigit() or n >= len(SPELLED):
        return str(n)
    return SPELLED[n].capitalize() if said[0].isupper() else SPELLED[n]


def restate_sales_in_text(text: str, prices: dict[str, int]) -> str:
    """'sell 29 driftwood (`driftwood`) for coins: 540 coins' -> '... 580 coins' at a price of 20: what
    the goods are worth once their count changed (the item read from its backquoted id)."""

    def worth(m: re.Match) -> str:
        price = prices.get(m["id"] or "")
        if price is None:
            return m[0]
        a, b = m.start(4) - m.start(), m.end(4) - m.start()
        return f"{m[0][:a]}{int(m[1]) * price}{m[0][b:]}"

    return SALE.sub(worth, text)


def scale_work_in_text(text: str, old: int, new: int) -> str:
    return re.sub(
        rf"\b{old}(\s+turns? of work)", lambda m: f"{new}{m.group(1).replace('turn ', 'turns ')}", text
    )


def scale_step_counts(steps: list[Any], wanted: Callable[[str, dict], bool], ratio: float) -> None:
    """Scale the `count` of every plan step that `wanted(kind, args)` picks, and the amounts of the
    trade offers' chosen items, in place."""
    for step in steps:
        if not isinstance(step, dict):
            continue
        ((kind, args),) = step.items()
        if not isinstance(args, dict):
            continue
        if kind == "trade_offer":
            for side in ("give", "want"):
                for item, n in list(args.get(side, {}).items()):
                    if wanted("item", {"item": item}):
                        args[side][item] = scaled(n, ratio)
        elif wanted(kind, args):
            args["count"] = scaled(args.get("count", 1), ratio)


# --- places -----------------------------------------------------------------------------------
def place_label(name: str | None, position: tuple[int, int]) -> str:
    return f"{name} ({position[0]}, {position[1]})" if name else f"({position[0]}, {position[1]})"


def move_start_in_text(
    text: str, owner_is_agent: bool, mentions: tuple[str, ...], new_label: str
) -> tuple[str, int]:
    """Every statement of where one agent starts, rewritten to its new spawn: "you start at PLACE" in its
    own documentation, "<agent>(, who) starts at PLACE" in any text naming it (`mentions`). PLACE is the
    phrase the truth check reads (audit/truth.py: to the first comma, or to "beside", "with", ...), so
    no old coordinate is left behind ("at Frostmere Camp (130, 64) in Brindlemark (124, 130)"). Returns
    the text and how many statements changed."""
    names = {m.lower() for m in mentions}
    changed = 0

    def place_span(match: re.Match) -> tuple[int, int]:
        place = match.group("place")
        cut = PLACE_END.split(place, maxsplit=1)[0].rstrip()
        return match.start("place"), match.start("place") + len(cut)

    spans = []
    if owner_is_agent:
        spans += [place_span(m) for m in OWN_START.finditer(text)]
    for m in OTHER_START.finditer(text):
        who = " ".join(m.group("who").lower().split())
        if any(who == n or who.endswith(" " + n) for n in names):
            spans.append(place_span(m))
    for begin, end in sorted(set(spans), reverse=True):
        text = text[:begin] + new_label + text[end:]
        changed += 1
    return text, changed


# --- names ------------------------------------------------------------------------------------
def rename_in_text(text: str, spellings: dict[str, str]) -> str:
    """Replace whole-word spellings (old -> new), longest first, keeping a leading capital."""
    if not spellings:
        return text
    keys = sorted(spellings, key=len, reverse=True)
    pattern = re.compile(
        r"(?<![A-Za-z0-9_])(" + "|".join(re.escape(k) for k in keys) + r")(?![A-Za-z0-9_])", re.IGNORECASE
    )

    def swap(match: re.Match) -> str:
        found = match.group(1)
        new = (
            spellings.get(found)
            or spellings.get(found.lower())
            or next(v for k, v in spellings.items() if k.lower() == found.lower())
        )
        return new[:1].upper() + new[1:] if found[:1].isupper() and not new[:1].isupper() else new

    return pattern.sub(swap, text)


def unsay_start_in_text(text: str, item: str, label: str, count: int, coins_given: bool) -> str:
    """An agent's documentation after it no longer starts with `count` `item` (fewer-items): the
    sentences that said it holds them say it will ("you have mining 50 and a bronze pickaxe" ->
    "... and need a bronze pickaxe"; "You brought 12 iron_nails" -> "You bring 12 iron_nails, once
    you have them,"; "You carry a knife" -> "You need a knife"), and with coins given to buy them,
    "you have no coins" -> "you have no other coins" (agentworld/audit/truth.py reads these)."""
    spelled = dict.fromkeys((item, item.replace("_", " "), label))
    names = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in spelled)  # prose wraps lines anywhere
    text = re.sub(rf"(\byou\s+have\s+[a-z]+\s+\d+\s+and)(\s+)(an?\s+(?:{names}))\b", r"\1\2need \3", text)
    text = re.sub(
        rf"\b(You|you)\s+(?:brought|carry)(\s+)({count}\s+(?:{names})s?)\b",
        lambda m: f"{m.group(1)} bring{m.group(2)}{m.group(3)}, once you have them,",
        text,
    )
    text = re.sub(
        rf"\b(You|you)\s+carry(\s+)(an?\s+(?:{names}))\b",
        lambda m: f"{m.group(1)} need{m.group(2)}{m.group(3)}",
        text,
    )
    # later in a list of what one carries ("You carry a bronze axe and a knife.", "You carry 14 healing
    # draught, 6 glass vial, 20 frostpetal"): out of the list, and said as needed after it ("You carry a
    # bronze axe; you need a knife.")
    text = re.sub(
        rf"(\b[Yy]ou\s+carry\s+[^.;:()]*?)(?:,|\s+and)\s+((?:an?|{count})\s+(?:{names})s?)\b([^.;:()]*)",
        lambda m: f"{m.group(1)}{m.group(3)}; you need {m.group(2)}",
        text,
    )
    # "You start at Kestrel Gate (210, 60), with 4 cooked perch in your pack" -> "...; you need 4 ..."
    text = re.sub(
        rf"(\b[Yy]ou\s+start\s+at\s+[^.;:]*?),?\s+with(\s+)((?:an?|{count})\s+(?:{names})s?)\b",
        r"\1; you need\2\3",
        text,
    )
    if coins_given:
        text = re.sub(r"\b([Yy])ou(\s+)have(\s+)no(\s+)coins\b", r"\1ou\2have\3no other\4coins", text)
    return text


def add_note(context: str, note: str) -> str:
    """Put a variant's change first in an agent's documentation, where it cannot be missed."""
    return f"{note}\n{context}" if context else note + "\n"
