"""Communication failure modes of a run, exact and LLM-free (the paper's Table 5, from the engine's truth).

Every delivered chat message (an action record with ``tool: chat`` and ``ok`` true) gets a set of
failure labels, and one primary label: the first of ``stale, contradictory, unkept_promise,
redundant, ignored`` it carries, else ``useful``. The truth is replayed from the trajectory
alone: positions from each action record's ``position`` and from ``move`` / ``respawn`` events,
holdings as Σ item_gain − Σ item_loss per agent and item (worn items stay held), pending trade
offers from ``trade_offer`` until ``trade_done`` / ``trade_declined``, dead mobs from ``kill``
until their ``respawn``. The state a message is judged against is the one just before it.

Claims and promises are read from the message text by claims.py (its docstring gives the patterns):
positions, counts and offers it states, and the promises it makes.

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
from typing import Any

from agentworld.analysis.claims import DEATH_WORDS, PROMISE_TOOLS, Claim, claims_of, promises_of
from agentworld.causal.graph import Record, action_records, load_run
from agentworld.causal.mentions import _content, action_names, episode_vocabulary, recipients, text_names
from agentworld.causal.provenance_judge import ProvenanceJudge, _around

LABELS = ("stale", "contradictory", "unkept_promise", "redundant", "ignored", "useful")
FAILURES = LABELS[:-1]
DEFAULT_WINDOW = 3
DEFAULT_VIEW_RADIUS = 10


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
    if dead and not DEATH_WORDS.search(text.lower()):
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
