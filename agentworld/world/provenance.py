"""The event log and the action-to-action provenance links, with lineage queries.

Every state change is an event dict (`kind`, `round`, `agent`, `action`, ...). Every action
that consumed, used, moved or finished something made by an earlier action gets links
`{"from": earlier_action, "kind": ..., "detail": ...}`. Those links form a DAG over
action ids (links always point to earlier actions) that the exact causal judge walks.
"""

from __future__ import annotations


class Provenance:
    """Append-only event log plus links per action id."""

    __slots__ = ("events", "links")

    def __init__(self) -> None:
        self.events: list[dict] = []
        self.links: dict[int, list[dict]] = {}

    def record(self, event: dict) -> dict:
        self.events.append(event)
        return event

    def add_links(self, action_id: int, links: list[dict]) -> None:
        if links:
            self.links.setdefault(action_id, []).extend(links)

    def links_of(self, action_id: int) -> list[dict]:
        return list(self.links.get(action_id, ()))

    def inputs_of(self, action_id: int) -> set[int]:
        """Earlier actions whose products or effects this action consumed, used or completed."""
        return {link["from"] for link in self.links.get(action_id, ()) if link["from"] is not None}

    def lineage(self, action_id: int) -> set[int]:
        """Every action with a provenance path to `action_id` (transitive closure of inputs_of)."""
        seen: set[int] = set()
        stack = [action_id]
        while stack:
            for src in self.inputs_of(stack.pop()):
                if src not in seen:
                    seen.add(src)
                    stack.append(src)
        return seen

    def events_of(self, action_id: int) -> list[dict]:
        return [e for e in self.events if e.get("action") == action_id]

    def __getstate__(self):
        return (self.events, self.links)

    def __setstate__(self, state) -> None:
        self.events, self.links = state
