"""Messages pulled on demand: the chat a context's avatars received, shown as a count until read.

With the per-avatar harness every message a seat receives is pushed into its next observation.
The orchestrator and its workers get the count instead ("Unread messages: 3 (smith 2, wizard 1)")
and call `read_messages` when they need them: a context that works on an independent part of the
task need not pay for every broadcast of the others. One Inbox per context; a message several of
its avatars received (a team broadcast) is one entry. When avatars move to a new worker, the
unread messages they received go with them (`hand_over`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from agentworld.agents.llm.prompts import observation_field, observation_text
from agentworld.observation import MESSAGE_LINE, MESSAGES_HEADER


@dataclass
class Message:
    """One chat message as an observation carries it, and which of the context's avatars got it."""

    round: int
    sender: str
    to: tuple[str, ...]  # empty: the whole team
    text: str
    received_by: set[str] = field(default_factory=set)

    @property
    def key(self) -> tuple:
        return (self.round, self.sender, self.to, self.text)

    def line(self) -> str:
        return f"[round {self.round}] {self.sender} -> {', '.join(self.to) or 'team'}: {self.text}"


class Inbox:
    """The unread messages of one context (see the module docstring)."""

    def __init__(self) -> None:
        self.unread: list[Message] = []
        self.known: set[tuple] = set()  # every message ever put here (read or not): no duplicates
        self.delivered = 0  # messages put here
        self.read_count = 0  # messages shown by read_messages

    def take(self, avatar: str, observation: Any) -> Any:
        """The observation with its messages moved here: the text says how many are unread instead."""
        received = observation_field(observation, "messages") or ()
        for raw in received if isinstance(received, list | tuple) else ():
            if isinstance(raw, dict):
                self._put(avatar, raw)
        if not isinstance(observation, dict):
            return observation
        text = hide_messages(observation_text(observation))
        if self.unread:
            text += "\n" + self.notice()
        return {**observation, "messages": (), "text": text}

    def _put(self, avatar: str, raw: dict) -> None:
        to = raw.get("to") or ()
        message = Message(
            int(raw.get("round") or 0),
            str(raw.get("from") or "?"),
            tuple(to) if isinstance(to, list | tuple) else (str(to),),
            str(raw.get("text") or ""),
            {avatar},
        )
        if message.key in self.known:
            for old in self.unread:
                if old.key == message.key:
                    old.received_by.add(avatar)
            return
        self.known.add(message.key)
        self.unread.append(message)
        self.delivered += 1

    def notice(self) -> str:
        senders = Counter(m.sender for m in self.unread)
        who = ", ".join(f"{name} {count}" for name, count in senders.items())
        return f"Unread messages: {len(self.unread)} ({who}). Call read_messages to read them."

    def read(self, sender: str | None = None) -> str:
        """The unread messages (all, or one sender's), now read, as the tool's result."""
        sender = (sender or "").strip() or None
        shown = [m for m in self.unread if sender is None or m.sender == sender]
        self.unread = [m for m in self.unread if m not in shown]
        self.read_count += len(shown)
        if not shown:
            return f"No unread messages{' from ' + sender if sender else ''}."
        left = f"\n({len(self.unread)} unread from others.)" if self.unread else ""
        return "\n".join(m.line() for m in shown) + left

    def hand_over(self, avatars: set[str], other: Inbox) -> None:
        """The unread messages any of these avatars received go to `other` (the new worker's inbox)."""
        for message in self.unread:
            if message.received_by & avatars and message.key not in other.known:
                other.known.add(message.key)
                other.unread.append(
                    Message(
                        message.round, message.sender, message.to, message.text, message.received_by & avatars
                    )
                )
                other.delivered += 1
        self.unread = [m for m in self.unread if not m.received_by <= avatars]


def hide_messages(text: str) -> str:
    """An observation's text without its block of received messages."""
    lines, out, inside = text.split("\n"), [], False
    for line in lines:
        if line == MESSAGES_HEADER:
            inside = True
            continue
        if inside and line.startswith(MESSAGE_LINE):
            continue
        inside = False
        out.append(line)
    return "\n".join(out)
