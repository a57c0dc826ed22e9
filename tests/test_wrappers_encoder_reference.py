"""ObservationEncoder writes every part into one float32 row; it must give exactly the numbers of the
version it replaced (kept below as the reference), in every layout, on the text env's observations
and on the episode's state alike."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from gymnasium import spaces

from agentworld.observation import MESSAGE_MAX, clean
from agentworld.wrappers import make_numeric
from agentworld.wrappers.actions import CHAT_TEMPLATES
from agentworld.wrappers.observations import (
    _C,
    _HP,
    _KIND_CHANNEL,
    CHANNELS,
    COUNT_SCALE,
    MATE_FEATURES,
    OBS_FORMATS,
)


class ReferenceEncoder:
    """observations.ObservationEncoder as it was before it wrote into one row (a new array per part)."""

    def __init__(self, vocab, content) -> None:
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


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _flat(encoded) -> np.ndarray:
    if isinstance(encoded, np.ndarray):
        return encoded
    if "observations" in encoded:
        return np.concatenate([encoded["observations"], encoded["action_mask"]])
    return np.concatenate([np.asarray(v, dtype=np.float32).ravel() for v in encoded.values()])


@pytest.mark.parametrize(("task", "seed"), [("task_01", 0), ("task_08", 2), ("task_13", 3)])
def test_row_encoder_gives_the_reference_numbers(task, seed):
    env = make_numeric(task, seed=seed, max_rounds=12)
    episode = env._episode
    reference = ReferenceEncoder(env.vocab, episode.content)
    rng = np.random.default_rng(seed)
    _, infos = env.reset()
    compared = 0
    for _ in range(25):
        if not env.agents:
            _, infos = env.reset()
        status = episode.status()
        for agent in env.agents:
            mask = infos[agent]["action_mask"]
            text, state = env.text_observation(agent), episode.observe_state(agent)
            for layout in OBS_FORMATS:
                want = reference.encode(agent, text, status, mask, layout)
                for got in (
                    env.encoder.encode(agent, text, status, mask, layout),
                    env.encoder.encode(agent, state, status, mask, layout),
                ):
                    assert type(got) is type(want)
                    if isinstance(want, dict):
                        assert list(got) == list(want)
                        for key in want:
                            assert got[key].dtype == want[key].dtype and got[key].shape == want[key].shape, (
                                key
                            )
                    assert np.array_equal(_flat(got), _flat(want)), (agent, layout)
            compared += 1
        actions = {a: int(rng.choice(np.flatnonzero(infos[a]["action_mask"]))) for a in env.agents}
        _, _, _, _, infos = env.step(actions)
    assert compared >= 25
