"""Fixed-shape numeric observations (numpy, float32 in [0, 1]) from the text env's observation.

One agent's features, as a Dict of Boxes (or one flat Box):
  grid       (CHANNELS, 2r+1, 2r+1) around the agent, r = rules.view_radius: walkability, terrain,
             self, teammates, mobs (HP fraction, level), nodes (available, the task's own kinds),
             NPCs, stations, ground items, sites, landmarks
  self       HP fraction, max HP, alive, round progress, position, weapon range, pending offers
  skills     level / max level, every skill
  inventory  log-scaled counts over the task's item vocabulary
  equipped   1 where a vocabulary item is worn
  progress   checkpoints reached (task order) and PSR
  team       per teammate: in view, distance, messaged me, which chat template, other text, offer pending
Everything is read from one agent's observation, the text env's or the episode's state
(`Episode.observe_state`: the same fields with engine types), and the status or infos for
checkpoints, so the encoder never queries the world.

Three layouts (`obs_format`): "dict" (the parts above plus `action_mask`, int8), "flat" (the parts
concatenated into one Box, mask only in infos) and "rllib" (`observations`: the flat Box,
`action_mask`: float32 0/1), the form RLlib's new API stack and its ActionMaskingTorchRLModule read.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

import numpy as np
from gymnasium import spaces

from agentworld.observation import MESSAGE_MAX, clean
from agentworld.wrappers.actions import CHAT_TEMPLATES

if TYPE_CHECKING:
    from agentworld.world.content import Content
    from agentworld.wrappers.vocabulary import Vocabulary

CHANNELS = (
    "walkable",
    "terrain",
    "self",
    "teammate",
    "mob_hp",
    "mob_level",
    "node",
    "task_node",
    "npc",
    "station",
    "ground",
    "site",
    "landmark",
)
_C = {name: i for i, name in enumerate(CHANNELS)}
_KIND_CHANNEL = {
    "npc": _C["npc"],
    "station": _C["station"],
    "ground": _C["ground"],
    "landmark": _C["landmark"],
}
_HP = re.compile(r"HP (\d+)/(\d+)")
COUNT_SCALE = math.log1p(1000)  # inventory counts: log1p(n) / log1p(1000), capped at 1
MATE_FEATURES = 5 + len(CHAT_TEMPLATES)
OBS_FORMATS = ("dict", "flat", "rllib")
ENTITY_CELLS = 65_536  # (id, kind, detail) -> grid cells an encoder keeps (cleared when full)


class ObservationEncoder:
    """Builds the numeric observation of one task's agents (one encoder per env)."""

    def __init__(self, vocab: Vocabulary, content: Content) -> None:
        self.vocab, self.content = vocab, content
        gmap = content.map
        self.radius = r = content.rules.view_radius
        self.width, self.height = gmap.width, gmap.height
        terrain = np.frombuffer(bytes(gmap.terrain), dtype=np.uint8).reshape(gmap.height, gmap.width)
        walk = np.frombuffer(bytes(gmap.walkable_grid), dtype=np.uint8).reshape(gmap.height, gmap.width)
        self.terrain = np.pad(terrain.astype(np.float32) / max(1, len(gmap.terrain_types) - 1), r)
        self.walkable = np.pad(walk.astype(np.float32), r)
        self.skills = list(content.skills)
        self.max_level = content.rules.max_level
        self.item_index = {item: i for i, item in enumerate(vocab.items)}
        self.node_kinds = set(vocab.node_kinds)
        self.mob_level = {m.id: m.level / 100 for m in content.mobs.values()}
        self.size = 2 * r + 1
        n_mates = len(vocab.agents) - 1
        self.mates = {a: [m for m in vocab.agents if m != a] for a in vocab.agents}  # agent -> its teammates
        self._cells: dict[tuple[str, str, str], tuple[tuple[int, float], ...]] = {}  # see _channels_of
        self.parts = {
            "grid": (len(CHANNELS), self.size, self.size),
            "self": (8,),
            "skills": (len(self.skills),),
            "inventory": (len(vocab.items),),
            "equipped": (len(vocab.items),),
            "progress": (len(vocab.checkpoints) + 1,),
            "team": (max(1, n_mates) * MATE_FEATURES,),
        }
        self.spans: dict[str, tuple[int, int]] = {}  # part -> its slice of the flat row
        self.total = 0
        for name, shape in self.parts.items():
            self.spans[name] = (self.total, self.total + int(np.prod(shape)))
            self.total += int(np.prod(shape))

    def space(self, n_actions: int, obs_format: str) -> spaces.Space:
        if obs_format not in OBS_FORMATS:
            raise ValueError(f"obs_format must be one of {', '.join(OBS_FORMATS)}, got {obs_format!r}")
        size = self.total
        if obs_format == "flat":
            return spaces.Box(0.0, 1.0, (size,), np.float32)
        if obs_format == "rllib":
            return spaces.Dict(
                {
                    "observations": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0.0, 1.0, (n_actions,), np.float32),
                }
            )
        parts = {k: spaces.Box(0.0, 1.0, s, np.float32) for k, s in self.parts.items()}
        parts["action_mask"] = spaces.Box(0, 1, (n_actions,), np.int8)
        return spaces.Dict(parts)

    def encode(
        self, agent: str, obs: dict, info: dict, mask: np.ndarray, obs_format: str
    ) -> dict | np.ndarray:
        """One agent's numeric observation, every part written into one new float32 row (the flat
        form; the dict form's parts are views of it, in `parts` order)."""
        row = np.zeros(self.total, dtype=np.float32)
        spans = self.spans
        self._grid(obs, row)
        a, b = spans["self"]
        row[a:b] = self._self(obs)
        levels = obs["skills"]
        a, b = spans["skills"]
        row[a:b] = [levels.get(s, 1) / self.max_level for s in self.skills]
        self._items(obs, row)
        reached = info.get("checkpoints") or {}
        a, b = spans["progress"]
        row[a:b] = [float(bool(reached.get(c))) for c in self.vocab.checkpoints] + [
            float(info.get("psr", 0.0))
        ]
        self._team(agent, obs, row)
        if obs_format == "flat":
            return row
        if obs_format == "rllib":
            return {"observations": row, "action_mask": mask.astype(np.float32)}
        views = {name: row[a:b].reshape(self.parts[name]) for name, (a, b) in spans.items()}
        views["action_mask"] = mask
        return views

    def _grid(self, obs: dict, row: np.ndarray) -> None:
        """The channels around the agent: terrain slices, then what is in view, one cell each (on a
        tile that holds several things of one channel the last one in `nearby` order counts)."""
        r, size = self.radius, self.size
        x, y = obs["position"]
        grid = row[: self.spans["grid"][1]].reshape(self.parts["grid"])
        grid[_C["walkable"]] = self.walkable[y : y + size, x : x + size]  # padded by r: (x, y) is the centre
        grid[_C["terrain"]] = self.terrain[y : y + size, x : x + size]
        grid[_C["self"], r, r] = 1.0
        cells: dict[int, float] = {}  # index in the row -> value, in the order they were written
        known, channels_of = self._cells, self._channels_of
        for e in obs["nearby"]:
            ex, ey = e["position"]
            col, line = ex - x + r, ey - y + r
            if not (0 <= col < size and 0 <= line < size):
                continue
            at = line * size + col
            key = (e["id"], e["kind"], e["detail"])
            found = known.get(key)
            if found is None:
                if len(known) >= ENTITY_CELLS:
                    known.clear()
                found = known[key] = channels_of(e)
            for offset, value in found:
                cells[offset + at] = value
        if cells:
            row[list(cells)] = list(cells.values())  # the grid is the row's first part

    def _channels_of(self, e: dict) -> tuple[tuple[int, float], ...]:
        """What one entry of `nearby` writes on its tile: (channel * area, value) pairs, in order; a
        function of its id, kind and detail alone (kept per entry by _grid)."""
        area = self.size * self.size
        kind, detail = e["kind"], e["detail"]
        if kind == "mob":
            hp = _HP.search(detail)
            level = min(1.0, self.mob_level.get(e["id"].partition("#")[0], 0.0))
            return (
                (_C["mob_hp"] * area, int(hp[1]) / max(1, int(hp[2])) if hp else 1.0),
                (_C["mob_level"] * area, level),
            )
        if kind == "node":
            node = ((_C["node"] * area, 0.5 if "depleted" in detail else 1.0),)
            if e["id"].partition("#")[0] in self.node_kinds:
                return (*node, (_C["task_node"] * area, 1.0))
            return node
        if kind == "player":
            return ((_C["teammate"] * area, 1.0 if detail.startswith("player") else 0.5),)
        if kind == "site":
            return ((_C["site"] * area, 0.5 if detail == "complete" else 1.0),)
        if kind in _KIND_CHANNEL:
            return ((_KIND_CHANNEL[kind] * area, 1.0),)
        return ()

    def _self(self, obs: dict) -> list[float]:
        max_hp = max(1, obs["max_hp"])
        x, y = obs["position"]
        weapon = obs["equipment"].get("weapon") or ""
        reach = self.content.items[weapon].stats.range if weapon and self.content.items[weapon].stats else 1
        return [
            obs["hp"] / max_hp,
            min(1.0, max_hp / 500),
            float(obs["alive"]),
            min(1.0, obs["round"] / max(1, obs["max_rounds"])),
            x / self.width,
            y / self.height,
            min(1.0, reach / 10),
            min(1.0, len(obs["offers"]) / 5),
        ]

    def _items(self, obs: dict, row: np.ndarray) -> None:
        counts, worn = self.spans["inventory"][0], self.spans["equipped"][0]
        inventory = obs["inventory"]  # {item: count} (engine) or ({item, count}, ...) (text env)
        held = (
            inventory.items() if isinstance(inventory, dict) else ((e["item"], e["count"]) for e in inventory)
        )
        for item, count in held:
            i = self.item_index.get(item)
            if i is not None:
                row[counts + i] = min(1.0, math.log1p(count) / COUNT_SCALE)
        for item in obs["equipment"].values():
            i = self.item_index.get(item) if item else None
            if i is not None:
                row[worn + i] = 1.0

    def _team(self, agent: str, obs: dict, row: np.ndarray) -> None:
        """Per teammate (task order): in view, distance, an offer pending, and what it last said."""
        seen = {e["id"]: e for e in obs["nearby"] if e["kind"] == "player"}
        offers = {o["from"] for o in obs["offers"]}
        # each sender's latest message, as the text env cleans it (engine messages come raw)
        last_said = {m["from"]: clean(m["text"], MESSAGE_MAX) for m in obs["messages"]}
        cells: dict[int, float] = {}
        start = self.spans["team"][0]
        for j, mate in enumerate(self.mates[agent]):
            base = start + j * MATE_FEATURES
            e = seen.get(mate)
            if e is not None:
                cells[base] = 1.0
                cells[base + 1] = min(1.0, e["distance"] / max(1, self.radius))
            if mate in offers:
                cells[base + 2] = 1.0
            said = last_said.get(mate)
            if said is not None:
                cells[base + 3] = 1.0
                if said in CHAT_TEMPLATES:
                    cells[base + 5 + CHAT_TEMPLATES.index(said)] = 1.0
                else:
                    cells[base + 4] = 1.0
        if cells:
            row[list(cells)] = list(cells.values())
