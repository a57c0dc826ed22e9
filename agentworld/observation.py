"""Engine observation -> gym-typed observation: LLM-ready text, structured fields, tool mask.

The structured fields mirror `World.observe` but use tuples (gymnasium's Sequence/Tuple spaces
want tuples) and "" instead of None; every string is restricted to `CHARSET` so that
`observation_space(agent).contains(obs)` holds for every observation the env produces.
`observation_from_json` undoes a JSON round trip (lists back to tuples, mask back to int8) so
observations that crossed the websocket equal embedded ones.
"""

from __future__ import annotations

import string
from typing import Any

import numpy as np
from gymnasium import spaces

from agentworld.affordances import usable_tools
from agentworld.tools import TOOL_NAMES
from agentworld.world.content import load_content

CHARSET = string.printable  # letters, digits, punctuation, space, \t \n \r \x0b \x0c
_CHARSET_SET = frozenset(CHARSET)
_PLAIN_BYTES = bytes(range(0x20, 0x7F)) + b"\n"  # printable ASCII and newline, all in CHARSET
TEXT_MAX = 32_768
SHORT_MAX = 256
MESSAGE_MAX = 4_096
BIG = 1_000_000_000  # bound for counts, hp and distances
MAX_LEVEL = 200

_UNICODE_FIXES = str.maketrans(
    {
        "\u2014": "-",
        "\u2013": "-",
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2026": "...",
        "\u00d7": "x",
        "\u2192": "->",
        "\u00a0": " ",
    }
)


def clean(text: Any, limit: int = SHORT_MAX) -> str:
    """Make any value a string inside CHARSET and at most `limit` characters (never raises)."""
    if text is None:
        return ""
    if type(text) is not str:
        text = str(text)
    # Fast tests first: printable ASCII, or (observation text) printable ASCII plus newlines, i.e.
    # nothing left once those bytes are deleted; the per-character set test is exact but slow.
    if not (
        text.isascii()
        and (
            text.isprintable()
            or not text.encode("ascii").translate(None, _PLAIN_BYTES)
            or _CHARSET_SET.issuperset(text)
        )
    ):
        text = text.translate(_UNICODE_FIXES)
        text = "".join(c if c in _CHARSET_SET else "?" for c in text)
    if len(text) > limit:
        text = text[: max(0, limit - 3)] + "..."
    return text


def _text(max_length: int = SHORT_MAX) -> spaces.Text:
    return spaces.Text(max_length=max_length, min_length=0, charset=CHARSET)


def observation_space(
    skills: list[str], slots: list[str], width: int = BIG, height: int = BIG
) -> spaces.Dict:
    """The Dict space of one agent's observation (build once per env and reuse)."""
    pos = spaces.Tuple((spaces.Discrete(max(1, width)), spaces.Discrete(max(1, height))))
    count = spaces.Discrete(BIG)
    return spaces.Dict(
        {
            "text": _text(TEXT_MAX),
            "round": spaces.Discrete(BIG),
            "max_rounds": spaces.Discrete(BIG),
            "position": pos,
            "region": _text(),
            "hp": spaces.Discrete(BIG),
            "max_hp": spaces.Discrete(BIG),
            "alive": spaces.Discrete(2),
            "skills": spaces.Dict({s: spaces.Discrete(MAX_LEVEL + 1) for s in skills}),
            "inventory": spaces.Sequence(spaces.Dict({"item": _text(), "count": count}), stack=False),
            "equipment": spaces.Dict({s: _text() for s in slots}),
            "nearby": spaces.Sequence(
                spaces.Dict(
                    {
                        "id": _text(),
                        "kind": _text(),
                        "name": _text(),
                        "position": pos,
                        "distance": spaces.Discrete(BIG),
                        "detail": _text(),
                    }
                ),
                stack=False,
            ),
            "messages": spaces.Sequence(
                spaces.Dict(
                    {
                        "round": spaces.Discrete(BIG),
                        "from": _text(),
                        "to": spaces.Sequence(_text(), stack=False),
                        "text": _text(MESSAGE_MAX),
                    }
                ),
                stack=False,
            ),
            "offers": spaces.Sequence(
                spaces.Dict(
                    {
                        "id": spaces.Discrete(BIG),
                        "from": _text(),
                        "give": spaces.Sequence(spaces.Dict({"item": _text(), "count": count}), stack=False),
                        "want": spaces.Sequence(spaces.Dict({"item": _text(), "count": count}), stack=False),
                    }
                ),
                stack=False,
            ),
            "last_result": _text(TEXT_MAX // 4),
            "last_error": _text(TEXT_MAX // 4),
            "tool_mask": spaces.MultiBinary(len(TOOL_NAMES)),
        }
    )


def _nat(value: Any, upper: int = BIG - 1) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        return 0
    return 0 if n < 0 else (upper if n > upper else n)


def _pos(value: Any) -> tuple[int, int]:
    if value is None or len(value) < 2:
        return (0, 0)
    return (_nat(value[0]), _nat(value[1]))


def _counts(d: Any) -> tuple:
    if not d:
        return ()
    if isinstance(d, dict):
        return tuple({"item": clean(k), "count": _nat(v)} for k, v in sorted(d.items()))
    return tuple({"item": clean(e["item"]), "count": _nat(e["count"])} for e in d)


def _to_names(to: Any) -> tuple[str, ...]:
    if to is None:
        return ()
    if isinstance(to, str):
        return (clean(to),)
    return tuple(clean(t) for t in to)


def _entity(e: dict) -> dict:
    """One `nearby` entry, cleaned and gym-typed."""
    return {
        "id": clean(e.get("id")),
        "kind": clean(e.get("kind")),
        "name": clean(e.get("name")),
        "position": _pos(e.get("position")),
        "distance": _nat(e.get("distance")),
        "detail": clean(e.get("detail")),
    }


def _nearby(entries: Any) -> tuple:
    """The `nearby` entries; the hottest part of an observation (a dozen or more per agent per turn).

    Fast path: the engine's own entries hold short printable-ASCII strings and in-range ints, which
    clean() and _nat() would return unchanged, so one combined test replaces a dozen calls per entry.
    Anything else takes the general path (_entity) and comes out exactly as before.
    """
    out = []
    for e in entries or ():
        try:
            ident, kind, name, detail, (x, y), d = (
                e["id"],
                e["kind"],
                e["name"],
                e["detail"],
                e["position"],
                e["distance"],
            )
        except (KeyError, TypeError, ValueError):
            out.append(_entity(e))
            continue
        if (
            type(ident) is str
            and type(kind) is str
            and type(name) is str
            and type(detail) is str
            and type(x) is int
            and type(y) is int
            and type(d) is int
            and 0 <= x < BIG
            and 0 <= y < BIG
            and 0 <= d < BIG
        ):
            plain = ident + kind + name + detail
            if len(plain) <= SHORT_MAX and plain.isascii() and plain.isprintable():
                out.append(
                    {
                        "id": ident,
                        "kind": kind,
                        "name": name,
                        "position": (x, y),
                        "distance": d,
                        "detail": detail,
                    }
                )
                continue
        out.append(_entity(e))
    return tuple(out)


def _skills(raw_skills: dict, skills: list[str]) -> dict:
    out = {}
    for s in skills:
        v = raw_skills.get(s, 1)
        out[s] = v if type(v) is int and 0 <= v <= MAX_LEVEL else _nat(v, MAX_LEVEL)  # in range: _nat(v) is v
    return out


def _worn(item: Any) -> str:
    return "" if item is None else clean(item)  # most slots are empty: skip the call


def build_observation(
    raw: dict,
    *,
    max_rounds: int,
    skills: list[str],
    slots: list[str],
    mask: np.ndarray,
    messages: list[dict] | None = None,
    last_result: str | None = None,
    last_error: str | None = None,
    extra_text: str = "",
    content: Any = None,
) -> dict:
    """Gym-typed observation from `World.observe` output plus the episode's own bookkeeping.

    `messages`, `last_result` and `last_error` override the engine's fields (the episode keeps
    the inbox since the agent's last turn and also knows about unparseable actions).
    `mask` is the episode's enabled tools; the observation's `tool_mask` narrows it to the tools
    usable now (`agentworld.affordances`), judged against `content` (default: the shipped content).
    """
    raw_skills = raw.get("skills") or {}
    raw_equipment = raw.get("equipment") or {}
    obs = {
        "round": _nat(raw.get("round")),
        "max_rounds": _nat(max_rounds),
        "position": _pos(raw.get("position")),
        "region": clean(raw.get("region")),
        "hp": _nat(raw.get("hp")),
        "max_hp": _nat(raw.get("max_hp")),
        "alive": 1 if raw.get("alive", True) else 0,
        "skills": _skills(raw_skills, skills),
        "inventory": _counts(raw.get("inventory")),
        "equipment": {s: _worn(raw_equipment.get(s)) for s in slots},
        "nearby": _nearby(raw.get("nearby")),
        "messages": tuple(
            {
                "round": _nat(m.get("round")),
                "from": clean(m.get("from")),
                "to": _to_names(m.get("to")),
                "text": clean(m.get("text"), MESSAGE_MAX),
            }
            for m in (raw.get("messages") or () if messages is None else messages)
        ),
        "offers": tuple(
            {
                "id": _nat(o.get("id")),
                "from": clean(o.get("from")),
                "give": _counts(o.get("give")),
                "want": _counts(o.get("want")),
            }
            for o in raw.get("offers") or ()
        ),
        "last_result": clean(raw.get("last_result") if last_result is None else last_result, TEXT_MAX // 4),
        "last_error": clean(raw.get("last_error") if last_error is None else last_error, TEXT_MAX // 4),
        "tool_mask": usable_tools(raw, content if content is not None else load_content(), mask),
    }
    obs["text"] = clean(
        render_text(obs, raw.get("quests") or (), extra_text, raw.get("happened") or ()), TEXT_MAX
    )
    return obs


def _fmt_counts(entries: tuple) -> str:
    return ", ".join(f"{e['item']} x{e['count']}" for e in entries) or "nothing"


# How the text opens the block of received messages and each of its lines (the team harnesses
# find the block by them: agents/harness/inbox.py)
MESSAGES_HEADER = "Messages received:"
MESSAGE_LINE = "  - [round "


def render_text(obs: dict, quests: Any = (), extra: str = "", happened: Any = ()) -> str:
    """The LLM-ready text of one observation (`happened`: the engine's news lines since the last turn)."""
    lines = [f"Round {obs['round']} of {obs['max_rounds']}."]
    x, y = obs["position"]
    lines.append(
        f"You are at ({x}, {y}) in {obs['region'] or 'the wilds'}. HP {obs['hp']}/{obs['max_hp']}"
        + ("" if obs["alive"] else " (you are down and will respawn)")
        + "."
    )
    trained = [f"{k} {v}" for k, v in obs["skills"].items() if v > 1]
    lines.append("Skills: " + (", ".join(trained) if trained else "all at level 1") + ".")
    lines.append("Inventory: " + _fmt_counts(obs["inventory"]) + ".")
    worn = [f"{slot}: {item}" for slot, item in obs["equipment"].items() if item]
    lines.append("Equipment: " + (", ".join(worn) if worn else "nothing equipped") + ".")
    if obs["nearby"]:
        lines.append("Nearby:")
        for e in obs["nearby"]:
            ex, ey = e["position"]
            kind, detail, d = e["kind"], e["detail"], e["distance"]
            where = f"{d} tiles away" if d > 1 else "here" if d == 0 else "1 tile away"
            if detail and detail != kind:
                lines.append(f"  - {e['id']} ({kind}: {e['name']}) at ({ex}, {ey}), {where} - {detail}")
            else:
                lines.append(f"  - {e['id']} ({kind}: {e['name']}) at ({ex}, {ey}), {where}")
    else:
        lines.append("Nearby: nothing within view.")
    if obs["last_error"]:
        lines.append(f"Your last action FAILED: {obs['last_error']}")
    elif obs["last_result"]:
        lines.append(f"Your last action: {obs['last_result']}")
    if happened:
        lines.append("Since your last turn:")
        lines.extend(f"  - {clean(line)}" for line in happened)
    if obs["messages"]:
        lines.append(MESSAGES_HEADER)
        for m in obs["messages"]:
            to = ", ".join(m["to"]) if m["to"] else "you"
            lines.append(f"{MESSAGE_LINE}{m['round']}] {m['from']} -> {to}: {m['text']}")
    if obs["offers"]:
        lines.append("Pending trade offers to you:")
        for o in obs["offers"]:
            lines.append(
                f"  - offer {o['id']} from {o['from']}: gives {_fmt_counts(o['give'])}; wants {_fmt_counts(o['want'])}"
            )
    for q in quests:
        if isinstance(q, dict):
            lines.append(f"Quest: {q.get('quest', '')} ({q.get('npc', '')}): {q.get('stage', '')}")
    if extra:
        lines.append(extra)
    return "\n".join(lines)


def observation_to_json(obs: dict) -> dict:
    """JSON-friendly copy (the mask becomes a list)."""
    out = dict(obs)
    out["tool_mask"] = [int(v) for v in obs["tool_mask"]]
    return out


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuplify(v) for k, v in value.items()}
    return value


def observation_from_json(d: dict) -> dict:
    """Restore an observation after JSON: lists -> tuples, tool_mask -> np.int8 array."""
    out = {k: _tuplify(v) for k, v in d.items() if k != "tool_mask"}
    out["tool_mask"] = np.asarray(d["tool_mask"], dtype=np.int8)
    return out
