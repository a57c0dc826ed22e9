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
        self.parts = {
            "grid": (len(CHANNELS), self.size, self.size),
            "self": (8,),
            "skills": (len(self.skills),),
            "inventory": (len(vocab.items),),
            "equipped": (len(vocab.items),),
            "progress": (len(vocab.checkpoints) + 1,),
            "team": (max(1, n_mates) * MATE_FEATURES,),
        }

    def space(self, n_actions: int, obs_format: str) -> spaces.Space:
        if obs_format not in OBS_FORMATS:
            raise ValueError(f"obs_format must be one of {', '.join(OBS_FORMATS)}, got {obs_format!r}")
        size = sum(int(np.prod(s)) for s in self.parts.values())
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
        parts = {
            "grid": self._grid(obs),
            "self": self._self(obs),
            "skills": self._skills(obs),
            **self._items(obs),
            "progress": self._progress(info),
            "team": self._team(agent, obs),
        }
        if obs_format == "flat":
            return np.concatenate([parts[k].ravel() for k in self.parts])
        if obs_format == "rllib":
            return {
                "observations": np.concatenate([parts[k].ravel() for k in self.parts]),
                "action_mask": mask.astype(np.float32),
            }
        parts["action_mask"] = mask
        return parts

    def _grid(self, obs: dict) -> np.ndarray:
        r, size = self.radius, self.size
        x, y = obs["position"]
        grid = np.zeros((len(CHANNELS), size, size), dtype=np.float32)
        grid[_C["walkable"]] = self.walkable[y : y + size, x : x + size]  # padded by r: (x, y) is the centre
        grid[_C["terrain"]] = self.terrain[y : y + size, x : x + size]
        grid[_C["self"], r, r] = 1.0
        for e in obs["nearby"]:
            ex, ey = e["position"]
            col, row = ex - x + r, ey - y + r
            if not (0 <= col < size and 0 <= row < size):
                continue
            kind = e["kind"]
            if kind == "mob":
                hp = _HP.search(e["detail"])
                grid[_C["mob_hp"], row, col] = int(hp[1]) / max(1, int(hp[2])) if hp else 1.0
                grid[_C["mob_level"], row, col] = min(1.0, self.mob_level.get(e["id"].partition("#")[0], 0.0))
            elif kind == "node":
                grid[_C["node"], row, col] = 0.5 if "depleted" in e["detail"] else 1.0
                if e["id"].partition("#")[0] in self.node_kinds:
                    grid[_C["task_node"], row, col] = 1.0
            elif kind == "player":
                grid[_C["teammate"], row, col] = 1.0 if e["detail"].startswith("player") else 0.5
            elif kind == "site":
                grid[_C["site"], row, col] = 0.5 if e["detail"] == "complete" else 1.0
            elif kind in _KIND_CHANNEL:
                grid[_KIND_CHANNEL[kind], row, col] = 1.0
        return grid

    def _self(self, obs: dict) -> np.ndarray:
        max_hp = max(1, obs["max_hp"])
        x, y = obs["position"]
        weapon = obs["equipment"].get("weapon") or ""
        reach = self.content.items[weapon].stats.range if weapon and self.content.items[weapon].stats else 1
        return np.array(
            [
                obs["hp"] / max_hp,
                min(1.0, max_hp / 500),
                float(obs["alive"]),
                min(1.0, obs["round"] / max(1, obs["max_rounds"])),
                x / self.width,
                y / self.height,
                min(1.0, reach / 10),
                min(1.0, len(obs["offers"]) / 5),
            ],
            dtype=np.float32,
        )

    def _skills(self, obs: dict) -> np.ndarray:
        levels = obs["skills"]
        return np.array([levels.get(s, 1) / self.max_level for s in self.skills], dtype=np.float32)

    def _items(self, obs: dict) -> dict[str, np.ndarray]:
        counts = np.zeros(len(self.item_index), dtype=np.float32)
        worn = np.zeros(len(self.item_index), dtype=np.float32)
        inventory = obs["inventory"]  # {item: count} (engine) or ({item, count}, ...) (text env)
        held = (
            inventory.items() if isinstance(inventory, dict) else ((e["item"], e["count"]) for e in inventory)
        )
        for item, count in held:
            i = self.item_index.get(item)
            if i is not None:
                counts[i] = min(1.0, math.log1p(count) / COUNT_SCALE)
        for item in obs["equipment"].values():
            i = self.item_index.get(item) if item else None
            if i is not None:
                worn[i] = 1.0
        return {"inventory": counts, "equipped": worn}

    def _progress(self, info: dict) -> np.ndarray:
        reached = info.get("checkpoints") or {}
        return np.array(
            [float(bool(reached.get(c))) for c in self.vocab.checkpoints] + [float(info.get("psr", 0.0))],
            dtype=np.float32,
        )

    def _team(self, agent: str, obs: dict) -> np.ndarray:
        mates = [a for a in self.vocab.agents if a != agent]
        out = np.zeros(self.parts["team"][0], dtype=np.float32)
        seen = {e["id"]: e for e in obs["nearby"] if e["kind"] == "player"}
        offers = {o["from"] for o in obs["offers"]}
        # each sender's latest message, as the text env cleans it (engine messages come raw)
        last_said = {m["from"]: clean(m["text"], MESSAGE_MAX) for m in obs["messages"]}
        for j, mate in enumerate(mates):
            row = out[j * MATE_FEATURES : (j + 1) * MATE_FEATURES]
            e = seen.get(mate)
            if e is not None:
                row[0], row[1] = 1.0, min(1.0, e["distance"] / max(1, self.radius))
            row[2] = float(mate in offers)
            said = last_said.get(mate)
            if said is not None:
                row[3] = 1.0
                template = CHAT_TEMPLATES.index(said) if said in CHAT_TEMPLATES else None
                if template is None:
                    row[4] = 1.0
                else:
                    row[5 + template] = 1.0
        return out
