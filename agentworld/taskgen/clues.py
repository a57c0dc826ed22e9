"""Clues to places: how a digger's notes point at a dig site without giving its tile (exploration).

A clue names the landmark a site lies near and on which side; the digger walks there and finds the
site in view (the observation lists nodes within 10 tiles). The suite report's exploration test
counts a site as found, not told, only when no briefing gives its tile.
"""

from __future__ import annotations

from agentworld.taskgen import places
from agentworld.taskgen.parts import Position, Spot, xy

CLUE = "lies a short walk"  # every clue reads "the <node> lies a short walk <side> of <landmark>"


def clue_marker(node_name: str) -> str:
    """The words a clue to a node of this name always carries (audit/signature.py finds relays by them)."""
    return f"the {node_name} {CLUE}"


def site_clue(node: str, near: str, site: Position) -> str:
    """A clue to a dig site: which landmark it lies near and on which side, never its tile (the digger
    must go there and look: the site shows in view within 10 tiles)."""
    x, y = places.landmark(near)
    side = ("north" if site[1] < y else "south" if site[1] > y else "") + (
        ("-" if site[1] != y and site[0] != x else "")
        + ("west" if site[0] < x else "east" if site[0] > x else "")
    )
    name = places.content().node_kinds[node].name.lower()
    return f"{clue_marker(name)} {side or 'around'} of {Spot.at_landmark(near).name} at {xy((x, y))}"
