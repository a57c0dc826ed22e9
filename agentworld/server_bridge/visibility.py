"""What one seat may know of the trajectory: the filter behind the seat page's feed.

A person in a seat must see exactly what an LLM agent in that seat would (DESIGN.md 5): its
own actions and their results in full, and the chat addressed to it (to it, to a list that
includes it, or to the team). Of everyone else's turns it learns only that the turn passed
(whose turn it is next is public, like the round-robin order). Round ends carry the round and
whether the game is over, not the world's events or the checkpoints. The filter runs on the
server, so the seat's websocket never carries what the seat may not see.
"""

from __future__ import annotations

from typing import Any

PUBLIC_STATUS = ("round", "max_rounds", "done", "success", "truncated")


def seat_view(record: dict[str, Any], seat: str) -> dict[str, Any]:
    """The part of one trajectory record that `seat` may see."""
    if record.get("type") == "round_end":
        status = record.get("status") or {}
        return {
            "type": "round_end",
            "round": record.get("round"),
            "status": {k: status[k] for k in PUBLIC_STATUS if k in status},
        }
    if record.get("agent") == seat:
        return record
    seen = {"type": "action", "round": record.get("round"), "agent": record.get("agent")}
    heard = chat_heard(record, seat)
    if heard is not None:
        seen.update(tool="chat", ok=True, args={"to": heard["to"], "message": heard["message"]})
    return seen


def chat_heard(record: dict[str, Any], seat: str) -> dict | None:
    """The chat event of an action record that delivered a message to `seat`, if any."""
    if record.get("tool") != "chat" or not record.get("ok"):
        return None
    for event in record.get("events") or ():
        if event.get("kind") == "chat" and seat in (event.get("to") or ()):
            return event
    return None
