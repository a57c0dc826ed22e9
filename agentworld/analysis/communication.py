"""Communication failure modes of a run, exact and LLM-free (the paper's Table 5, from the engine's truth).

Every delivered chat message (an action record with ``tool: chat`` and ``ok`` true) gets a set of
failure labels, and one primary label: the first of ``stale, contradictory, unkept_promise,
redundant, ignored`` it carries, else ``useful``. The truth is replayed from the trajectory
alone: positions from each action record's ``position`` and from ``move`` / ``respawn`` events,
holdings as Σ item_gain − Σ item_loss per agent and item (worn items stay held), pending trade
offers from ``trade_offer`` until ``trade_done`` / ``trade_declined``, dead mobs from ``kill``
until their ``respawn``. The state a message is judged against is the one just before it.

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

The labels:

- **stale**: a claim already false when sent: the subject is more than 1 tile (Chebyshev) from the
  claimed tile; the sender holds fewer than N (or any, for "none"); the offer id existed but is no
  longer pending; or the message names an entity id that is dead (a ``kill`` before it, no
  ``respawn`` since) without a word of its death (killed, dead, slain, died, down).
- **contradictory**: a claim on the same subject (same position subject, or same held item) as an
  earlier message of the same sender, with a different value, while the truth it describes did
  not change in between (same recorded position, same held count): the sender changed its story,
  not the world.
- **unkept_promise**: a promise the sender does not keep: no successful action of the sender with
  one of the verb's tools after the message and by round ``r + k`` whose names (mentions.py,
  coordinates widened to the 8 tiles around) share one with the promise's objects (any such
  action keeps a promise that names nothing). A promise whose window runs past the last recorded
  round is not judged (too little evidence).
- **redundant**: for every recipient, the message adds nothing: the same text (case, spacing and
  punctuation aside) already reached it, or the message has claims and each one already reached it
  in an earlier message or is a position within the recipient's view (``rules.view_radius``,
  Chebyshev) at sending time.
- **ignored**: no recipient took it up within ``k`` rounds: neither by the provenance judge's
  chat-uptake rule (``ProvenanceJudge.chat_edges``: an action or reply of a recipient naming
  something the message named) nor by ending a wait (a recipient whose last action before the
  message was ``wait`` and whose next action, within ``k`` rounds, is something else: the signal
  it was waiting for).
- **useful**: none of the above.

Reported per run and summed over runs: message counts per primary label and their shares of
all messages and of the failed ones (Table 5 reports shares of classified errors), per agent too.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable

from agentworld.causal.graph import Record, action_records, load_run
from agentworld.causal.mentions import _content, action_names, episode_vocabulary, recipients, text_names
from agentworld.causal.provenance_judge import ProvenanceJudge, _around

LABELS = ("stale", "contradictory", "unkept_promise", "redundant", "ignored", "useful")
FAILURES = LABELS[:-1]
DEFAULT_WINDOW = 3
DEFAULT_VIEW_RADIUS = 10

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
_DEATH_WORDS = re.compile(r"\b(killed|dead|slain|died|down|defeated)\b")
_PROMISE = re.compile(
    r"(?:\b|(?<=i))(?:'m going to|am going to|going to|will|'ll|shall|am|'m)\s+(?:now\s+|then\s+|also\s+)?([a-z]+)\b(.*)"
)


@dataclass(frozen=True)
class Claim:
    """One checkable statement of a message: kind pos|count|offer, its subject and value."""

    kind: str
    subject: str  # agent name, entity id, "<agent>:<item>" for counts, offer id
    value: tuple[int, ...]  # (x, y) | (n,) with -1 meaning "none" | ()


@dataclass
class MessageLabel:
    """The verdict on one chat message."""

    action: int  # action id of the chat
    round: int
    sender: str
    to: list[str]
    text: str
    labels: list[str]  # every failure label that applies, in LABELS order ([] = useful)
    primary: str  # first of labels, or "useful"
    reasons: list[str] = field(default_factory=list)  # one sentence per label, why

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Truth:
    """The replayed state of the world, as far as the trajectory tells it."""

    positions: dict[str, tuple[int, int]] = field(default_factory=dict)  # agent or mob id -> tile
    held: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    offers: dict[int, bool] = field(default_factory=dict)  # offer id -> still pending
    dead: set[str] = field(default_factory=set)

    def apply(self, rec: Record) -> None:
        for ev in rec.get("events") or []:
            self._event(ev)
        pos = rec.get("position")
        if rec.get("type") == "action" and isinstance(pos, list) and len(pos) == 2:
            self.positions[rec["agent"]] = (int(pos[0]), int(pos[1]))

    def _event(self, ev: dict[str, Any]) -> None:
        kind = ev.get("kind")
        if kind == "move" and isinstance(ev.get("to"), list):
            who = ev.get("mob") or ev.get("agent")
            if who:
                self.positions[str(who)] = (int(ev["to"][0]), int(ev["to"][1]))
        elif kind == "respawn" and ev.get("target"):
            self.dead.discard(str(ev["target"]))
            if isinstance(ev.get("position"), list):
                self.positions[str(ev["target"])] = (int(ev["position"][0]), int(ev["position"][1]))
        elif kind == "kill" and ev.get("target"):
            self.dead.add(str(ev["target"]))
        elif kind in ("item_gain", "item_loss") and ev.get("agent") and ev.get("item"):
            sign = 1 if kind == "item_gain" else -1
            self.held[str(ev["agent"])][str(ev["item"])] += sign * int(ev.get("count") or 0)
        elif kind == "trade_offer" and ev.get("offer") is not None:
            self.offers[int(ev["offer"])] = True
        elif kind in ("trade_done", "trade_declined") and ev.get("offer") is not None:
            self.offers[int(ev["offer"])] = False


def _items() -> frozenset[str]:
    content = _content()
    return frozenset(getattr(content, "items", {}) or {}) if content is not None else frozenset()


def _view_radius() -> int:
    content = _content()
    return int(
        getattr(getattr(content, "rules", None), "view_radius", DEFAULT_VIEW_RADIUS) or DEFAULT_VIEW_RADIUS
    )


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


def _normal(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9#]+", text.lower()))


def _dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _truth_of(claim: Claim, truth: _Truth) -> tuple[int, ...] | None:
    """What the world says about the claim's subject now (None when the trajectory does not tell)."""
    if claim.kind == "pos":
        return truth.positions.get(claim.subject)
    if claim.kind == "count":
        agent, item = claim.subject.split(":", 1)
        return (truth.held[agent][item],)
    return None


def _stale(claim: Claim, truth: _Truth) -> str | None:
    if claim.kind == "pos":
        at = truth.positions.get(claim.subject)
        if at is not None and _dist(at, claim.value) > 1:  # type: ignore[arg-type]
            return f"{claim.subject} is at {at}, not at {claim.value}"
    elif claim.kind == "count":
        agent, item = claim.subject.split(":", 1)
        have, said = truth.held[agent][item], claim.value[0]
        if (said == -1 and have > 0) or (said > 0 and have < said):
            return f"{agent} holds {have} {item}, not {'none' if said == -1 else said}"
    elif claim.kind == "offer":
        pending = truth.offers.get(int(claim.subject))
        if pending is False:
            return f"offer {claim.subject} is no longer pending"
    return None


def classify_messages(
    records: list[Record], window: int = DEFAULT_WINDOW, agents: list[str] | None = None
) -> list[MessageLabel]:
    """Label every delivered chat message of one episode (rules in the module docstring)."""
    if window < 0:
        raise ValueError(f"window must be >= 0 rounds, got {window}")
    actions = action_records(records)
    names_all = list(agents or [])
    names_all += [a["agent"] for a in actions if a["agent"] not in names_all]
    vocab = episode_vocabulary(actions)
    items = _items()
    radius = _view_radius()
    last_round = max((int(r.get("round", 0)) for r in records if isinstance(r.get("round"), int)), default=0)
    taken_up = {e.src for e in ProvenanceJudge(window=window).chat_edges(actions)}
    by_agent: dict[str, list[Record]] = defaultdict(list)
    for a in actions:
        by_agent[a["agent"]].append(a)

    truth = _Truth()
    received_texts: dict[str, set[str]] = defaultdict(set)
    received_claims: dict[str, set[Claim]] = defaultdict(set)
    said_before: dict[str, dict[tuple[str, str], tuple[Claim, tuple[int, ...] | None]]] = defaultdict(dict)
    out: list[MessageLabel] = []
    for rec in records:
        if rec.get("type") == "action" and rec.get("tool") == "chat" and rec.get("ok", True):
            label = _judge_message(
                rec,
                truth,
                names_all,
                vocab,
                items,
                radius,
                window,
                last_round,
                taken_up,
                by_agent,
                received_texts,
                received_claims,
                said_before,
            )
            out.append(label)
        truth.apply(rec)
    return out


def _judge_message(
    m: Record,
    truth: _Truth,
    agents: list[str],
    vocab: frozenset[str],
    items: frozenset[str],
    radius: int,
    window: int,
    last_round: int,
    taken_up: set[int],
    by_agent: dict[str, list[Record]],
    received_texts: dict[str, set[str]],
    received_claims: dict[str, set[Claim]],
    said_before: dict[str, dict[tuple[str, str], tuple[Claim, tuple[int, ...] | None]]],
) -> MessageLabel:
    sender, text = m["agent"], str((m.get("args") or {}).get("message", ""))
    to = sorted(recipients(m, agents))
    claims = claims_of(text, sender, agents, vocab, items)
    reasons: dict[str, str] = {}

    stale = [s for c in claims if (s := _stale(c, truth))]
    dead = [n for n in text_names(text, vocab) if "#" in n and n in truth.dead]
    if dead and not _DEATH_WORDS.search(text.lower()):
        stale.append(f"{', '.join(sorted(dead))} is already dead")
    if stale:
        reasons["stale"] = "; ".join(stale)

    earlier = said_before[sender]
    for c in claims:
        now = _truth_of(c, truth)
        before = earlier.get((c.kind, c.subject))
        if (
            before is not None
            and c.kind != "offer"
            and before[0].value != c.value
            and before[1] == now
            and now is not None
        ):
            reasons.setdefault(
                "contradictory",
                f"said {c.subject} {before[0].value} before, now {c.value}, while the truth stayed {now}",
            )
        earlier[(c.kind, c.subject)] = (c, now)

    unkept = _unkept(m, promises_of(text, vocab), by_agent[sender], vocab, window, last_round)
    if unkept:
        reasons["unkept_promise"] = unkept

    if to and all(
        _redundant_for(r, text, claims, truth, radius, received_texts, received_claims) for r in to
    ):
        reasons["redundant"] = (
            "every recipient already had this (same text, or every claim received or in view)"
        )
    for r in to:
        received_texts[r].add(_normal(text))
        received_claims[r].update(claims)

    if m["id"] not in taken_up and not _ends_a_wait(m, to, by_agent, window):
        reasons["ignored"] = f"no recipient acted on it within {window} rounds"
    labels = [lab for lab in FAILURES if lab in reasons]
    return MessageLabel(
        m["id"],
        int(m["round"]),
        sender,
        to,
        text,
        labels,
        labels[0] if labels else "useful",
        [f"{lab}: {reasons[lab]}" for lab in labels],
    )


def _ends_a_wait(m: Record, to: list[str], by_agent: dict[str, list[Record]], window: int) -> bool:
    """A recipient whose last action before the message was ``wait`` and whose next action
    (within ``window`` rounds) is not: the message released it (a team waiting for a signal)."""
    for receiver in to:
        own = by_agent.get(receiver, [])
        before = [a for a in own if a["id"] < m["id"]]
        after = [a for a in own if a["id"] > m["id"]]
        if (
            before
            and before[-1].get("tool") == "wait"
            and after
            and after[0]["round"] <= m["round"] + window
            and after[0].get("tool") != "wait"
        ):
            return True
    return False


def _unkept(
    m: Record,
    promises: list[tuple[str, set[str]]],
    own: list[Record],
    vocab: frozenset[str],
    window: int,
    last_round: int,
) -> str | None:
    if not promises or m["round"] + window > last_round:
        return None
    later = [a for a in own if a["id"] > m["id"] and a["round"] <= m["round"] + window and a.get("ok", True)]
    for verb, objects in promises:
        tools = PROMISE_TOOLS[verb]
        kept = any(
            a.get("tool") in tools and (not objects or objects & _around(action_names(a, vocab)))
            for a in later
        )
        if not kept:
            what = f" ({', '.join(sorted(objects))})" if objects else ""
            return f"promised to {verb}{what}; no {'/'.join(tools)} of it within {window} rounds"
    return None


def _redundant_for(
    receiver: str,
    text: str,
    claims: list[Claim],
    truth: _Truth,
    radius: int,
    received_texts: dict[str, set[str]],
    received_claims: dict[str, set[Claim]],
) -> bool:
    if _normal(text) in received_texts[receiver]:
        return True
    if not claims:
        return False
    here = truth.positions.get(receiver)
    for c in claims:
        seen = c.kind == "pos" and here is not None and _dist(here, c.value) <= radius  # type: ignore[arg-type]
        if c not in received_claims[receiver] and not seen:
            return False
    return True


# --------------------------------------------------------------------------- runs and tables


def classify_run(run_dir: str | Path, window: int = DEFAULT_WINDOW) -> dict[str, Any]:
    """The labels and the table of one run directory (nothing written)."""
    records, _metrics, config = load_run(run_dir)
    agents = [str(a) for a in config.get("agents") or []]  # config.json: {agent: spec}
    messages = classify_messages(records, window, agents or None)
    return {
        "run_dir": str(run_dir),
        "window": window,
        **table(messages),
        "messages": [m.to_json() for m in messages],
    }


def table(messages: list[MessageLabel]) -> dict[str, Any]:
    """Counts and shares per primary label, overall and per agent, plus every-label counts."""
    counts = Counter(m.primary for m in messages)
    per_agent: dict[str, Counter[str]] = defaultdict(Counter)
    for m in messages:
        per_agent[m.sender][m.primary] += 1
    return {
        "total": len(messages),
        **_shares(counts),
        "any_label": {lab: sum(lab in m.labels for m in messages) for lab in FAILURES},
        "per_agent": {
            agent: {"total": sum(c.values()), **_shares(c)} for agent, c in sorted(per_agent.items())
        },
    }


def _shares(counts: Counter[str]) -> dict[str, Any]:
    total = sum(counts.values())
    errors = sum(counts[lab] for lab in FAILURES)
    return {
        "counts": {lab: counts[lab] for lab in LABELS},
        "share": {lab: (counts[lab] / total if total else 0.0) for lab in LABELS},
        "errors": errors,
        "error_share": {lab: (counts[lab] / errors if errors else 0.0) for lab in FAILURES},
    }


def aggregate(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Sum of several runs' tables (messages pooled, each message counted once)."""
    pooled: list[MessageLabel] = [MessageLabel(**m) for r in runs for m in r["messages"]]
    return {"runs": len(runs), **table(pooled)}
