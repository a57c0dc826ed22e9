"""Where a task's texts say each agent starts (the truth check's *start* statements, audit/truth.py).

"You start at Mossy Pond (70, 129)" in an agent's own documentation and "the wizard, who starts at
Greenhollow Farm (158, 139)" in any text are read; every coordinate of the place phrase must be near
the agent's spawn (or the landmark it names), and no agent may be given two starting places. The
augmenter rewrites exactly these phrases when it moves a spawn (augment/rewrite.move_start_in_text).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentworld.audit.truth import Lexicon
    from agentworld.tasks import Task

COORD = re.compile(r"\((\d+), ?(\d+)\)")
# the place phrase runs to the first comma, colon or semicolon, or to a word that begins another thing
OWN_START = re.compile(r"\byou\s+start\s+(?:at|in|by|on)\s+(?P<place>(?:\([^)]*\)|[^.;:,(])+)", re.IGNORECASE)
OTHER_START = re.compile(
    r"\b(?:the\s+)?(?P<who>[a-z][a-z' \s-]*?),?\s+(?:who\s+)?starts?\s+(?:at|in|by|on)\s+(?P<place>(?:\([^)]*\)|[^.;:,(])+)",
    re.IGNORECASE,
)
PLACE_END = re.compile(r"\s(?:beside|by|with|next to|near|where|and)\s", re.IGNORECASE)
START_SLACK = {"coordinate": 2, "landmark": 8}  # "at" a tile: within give range of it


class StartPlaces:
    """Where the task's texts say each agent starts, checked against its spawn, and gathered per agent so
    that two different starting places given to one agent are caught (`doubled`)."""

    def __init__(self, task: Task, lexicon: Lexicon):
        self.task, self.lexicon = task, lexicon
        gmap = lexicon.content.map
        self.spawns = {a.name: tuple(gmap.resolve(a.spawn)) for a in task.agents}
        self.names: dict[str, str] = {}  # how the text may call an agent -> its name
        for a in task.agents:
            for form in (a.name, a.name.replace("_", " "), a.role):
                self.names[form.lower()] = a.name
        self.said: dict[str, list[tuple[tuple[int, int], str, str]]] = {}  # agent -> (tile, field, sentence)
        self.wrong: set[str] = set()  # agents with a start statement already found false

    def read(self, sentence: str, agent: str | None) -> list[str | None]:
        """(problem or None) per start statement of the sentence; `agent` is whose documentation it is."""
        out: list[str | None] = []
        claims = []
        if agent is not None:
            claims += [(agent, m.group("place")) for m in OWN_START.finditer(sentence)]
        for m in OTHER_START.finditer(sentence):
            who = self._agent(m.group("who"))
            if who is not None:
                claims.append((who, m.group("place")))
        for who, place in claims:
            tiles = self._tiles(place)
            if not tiles:
                continue
            spawn = self.spawns[who]
            for tile, slack in tiles:
                gap = max(abs(tile[0] - spawn[0]), abs(tile[1] - spawn[1]))
                out.append(
                    None if gap <= slack else f"{who} starts at {spawn}, not at {tile} ({gap} tiles away)"
                )
                if gap > slack:
                    self.wrong.add(who)
                self.said.setdefault(who, []).append((tile, agent or "objective", sentence))
        return out

    def doubled(self) -> list[tuple[str, str, str]]:
        """(field, sentence, problem) per agent the texts give more than one starting place (more than a
        tile apart), each of which alone passes (a false one is reported already)."""
        out = []
        for who, said in self.said.items():
            if who in self.wrong:
                continue
            first = said[0][0]
            other = next(
                (s for s in said[1:] if max(abs(s[0][0] - first[0]), abs(s[0][1] - first[1])) > 1), None
            )
            if other is not None:
                field = "objective" if other[1] == "objective" else f"agents.{other[1]}.context"
                out.append((field, other[2], f"{who} is given two starting places: {first} and {other[0]}"))
        return out

    def _agent(self, words: str) -> str | None:
        """The agent a phrase before "starts at" names (its last words), if any."""
        words = words.lower().strip()
        parts = words.split()
        for n in range(min(3, len(parts)), 0, -1):
            found = self.names.get(" ".join(parts[-n:]))
            if found:
                return found
        return None

    def _tiles(self, place: str) -> list[tuple[tuple[int, int], int]]:
        """(tile, slack) of each coordinate of the phrase, else of the landmark it begins with."""
        place = PLACE_END.split(place, maxsplit=1)[0]
        coords = [((int(x), int(y)), START_SLACK["coordinate"]) for x, y in COORD.findall(place)]
        if coords:
            return coords
        lower = place.lower().removeprefix("the ").strip()
        for name, lid in self.lexicon.landmark_names:
            if lower.startswith(name.removeprefix("the ")):
                return [(tuple(self.lexicon.content.map.landmarks[lid]), START_SLACK["landmark"])]
        return []
