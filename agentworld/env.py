"""PettingZoo environments: the parallel form (one step = one round) and a native AEC form.

Parallel: `step(actions)` resolves every live agent's action in the task's agent order
(round-robin: agent 0 first, so later agents' actions see earlier agents' effects), then ends the
round. AEC: one `step(action)` per agent turn in that same order; each agent observes the world
as left by the agents before it in the round. Rewards are team rewards, identical for every
agent: the increase in checkpoint progress (PSR) plus `success_bonus` once on success.
The episode terminates on success and truncates when `max_rounds` rounds have been played.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from agentworld.backend import Backend, make_backend
from agentworld.observation import CHARSET, observation_space
from agentworld.task_scope import world_for
from agentworld.tasks import Task

ACTION_MAX = 4096
ENV_NAME = "agentworld_v0"
RENDER_MODES = ("human", "ansi", "rgb_array")
TILE_PIXELS = 6  # rgb_array: pixels per tile
# rgb_array: colours of what agents see, painted over the terrain (agents get their own shades)
ENTITY_COLOURS = {
    "mob": (214, 40, 40),
    "node": (110, 70, 20),
    "npc": (250, 220, 40),
    "station": (255, 140, 0),
    "ground": (255, 255, 255),
    "site": (150, 60, 200),
    "landmark": (255, 215, 0),
}
AGENT_COLOURS = ((30, 90, 255), (0, 200, 255), (255, 0, 200), (0, 255, 120), (255, 255, 120), (120, 0, 255))


def _check_seed(seed: Any) -> int | None:
    """The seed as a plain int (numpy integers too) or None; anything else is a clear error."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an integer or None, got {type(seed).__name__} {seed!r}")
    return int(seed)


class RoundPlayed(NamedTuple):
    """One parallel step's round, before anything is observed."""

    live: list[str]  # the agents live at the round's start (they get this step's results)
    records: dict[str, dict]  # agent -> its action record (agents after a mid-round success: none)
    status: dict  # the backend's status after the round's end
    reward: float  # the team reward of the round
    terminated: bool  # success
    truncated: bool  # the round budget is spent


class _Common:
    """Spaces and info shared by both forms."""

    backend: Backend

    def _setup(
        self, task: Task | str, seed: int | None, server: str | None, render_mode: str | None, options: dict
    ) -> None:
        from agentworld.world.content import load_content

        seed = _check_seed(seed)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}"
            )
        self.backend = make_backend(task, seed, server, options)
        self.task = self.backend.task
        self.seed = seed
        self.success_bonus = float(options.get("success_bonus", 1.0))
        self.render_mode = render_mode
        self.possible_agents = list(self.backend.agents)
        # the world the task is played in (task_scope.py), worked out alike here and on a server
        self.content = content = world_for(self.task, load_content())
        obs_space = observation_space(
            list(content.skills), list(content.rules.equipment_slots), content.map.width, content.map.height
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Text(max_length=ACTION_MAX, min_length=0, charset=CHARSET) for a in self.possible_agents
        }
        self._progress = 0.0
        self._succeeded = False
        self._seeds = random.Random(seed)
        self._first_reset = True

    def _next_seed(self, seed: int | None) -> int:
        """Explicit seed: use it (and reseed the stream); none: the constructor's seed first, then a
        deterministic stream of fresh seeds so unseeded resets give new but reproducible episodes."""
        seed = _check_seed(seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        elif self._first_reset and self.seed is not None:
            seed = self.seed
        else:
            seed = self._seeds.randrange(2**31)
        self._first_reset = False
        return int(seed)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _reward(self, status: dict) -> float:
        reward = status["psr"] - self._progress
        self._progress = status["psr"]
        if status["success"] and not self._succeeded:
            self._succeeded = True
            reward += self.success_bonus
        return float(reward)

    @staticmethod
    def _info(status: dict, record: dict | None) -> dict:
        info = {
            "round": status["round"],
            "checkpoints": status["checkpoints"],
            "success": status["success"],
            "psr": status["psr"],
        }
        if record is not None:
            info["action"] = action = dict(record)
            del action["t"]
            info["error"] = record["error"]
        return info

    def render(self) -> str | np.ndarray | None:
        """ansi: status line + every agent's observation text; human: the same printed to stdout (a
        text game's display is the terminal), returning None; rgb_array: the map around the agents."""
        if self.render_mode == "rgb_array":
            return self._render_rgb()
        if self.render_mode not in ("ansi", "human"):
            return None
        st = self.backend.status()
        head = f"{self.task.id} round {st['round']}/{st['max_rounds']} psr {st['psr']:.2f}"
        text = "\n\n".join(
            [head] + [f"[{a}]\n{self.backend.observe(a)['text']}" for a in self.possible_agents]
        )
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def _render_rgb(self) -> np.ndarray:
        """(H, W, 3) uint8: terrain around the agents' views, what they see, and the agents themselves.

        Built from the agents' observations only, so it works the same over a server backend.
        """
        gmap = self.content.map
        observations = [self.backend.observe(a) for a in self.possible_agents]
        radius = self.content.rules.view_radius
        xs = [o["position"][0] for o in observations]
        ys = [o["position"][1] for o in observations]
        x0, y0 = max(0, min(xs) - radius), max(0, min(ys) - radius)
        x1, y1 = min(gmap.width - 1, max(xs) + radius), min(gmap.height - 1, max(ys) + radius)
        image = gmap.terrain_rgb()[y0 : y1 + 1, x0 : x1 + 1].copy()
        for o in observations:
            for e in o["nearby"]:
                ex, ey = e["position"]
                if e["kind"] in ENTITY_COLOURS and x0 <= ex <= x1 and y0 <= ey <= y1:
                    image[ey - y0, ex - x0] = ENTITY_COLOURS[e["kind"]]
        for i, o in enumerate(observations):
            ax, ay = o["position"]
            image[ay - y0, ax - x0] = AGENT_COLOURS[i % len(AGENT_COLOURS)] if o["alive"] else (60, 60, 60)
        return np.ascontiguousarray(image.repeat(TILE_PIXELS, axis=0).repeat(TILE_PIXELS, axis=1))

    def close(self) -> None:
        self.backend.close()

    def trajectory(self) -> list[dict]:
        return self.backend.trajectory()


class AgentWorldParallelEnv(_Common, ParallelEnv):
    """One `step` = one round; see the module docstring for order and rewards."""

    metadata = {"name": ENV_NAME, "render_modes": list(RENDER_MODES), "is_parallelizable": True}

    def __init__(
        self,
        task: Task | str,
        *,
        seed: int | None = None,
        server: str | None = None,
        render_mode: str | None = None,
        **options: Any,
    ):
        self._setup(task, seed, server, render_mode, options)
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        obs = self.backend.reset(self._next_seed(seed))
        status = self._started()
        info = self._info(status, None)
        return obs, {a: dict(info) for a in self.agents}

    def step(self, actions: dict[str, Any]):
        played = self._play_round(actions)
        if played is None:
            return {}, {}, {}, {}, {}
        live, status = played.live, played.status
        obs = {a: self.backend.observe(a) for a in live}
        infos = {a: self._info(status, played.records.get(a)) for a in live}
        return (
            obs,
            dict.fromkeys(live, played.reward),
            dict.fromkeys(live, played.terminated),
            dict.fromkeys(live, played.truncated),
            infos,
        )

    # the round itself, shared with the numeric view (agentworld.wrappers), which observes its own way
    def _started(self) -> dict:
        """After the backend's reset: every agent live, progress counted from the start; the status."""
        self.agents = list(self.possible_agents)
        self._succeeded = False
        status = self.backend.status()
        self._progress = status["psr"]
        return status

    def _play_round(self, actions: dict[str, Any]) -> RoundPlayed | None:
        """Every live agent's action in turn order, then the round's end (None: no agent is live)."""
        live = list(self.agents)
        if not live:
            return None
        records: dict[str, dict] = {}
        for agent in live:
            record = records[agent] = self.backend.act(agent, actions.get(agent))
            if "success_actions" in record:  # the objective is met: the round stops here
                break  # success mid-round: later agents do not act
        self.backend.end_round()
        status = self.backend.status()
        reward = self._reward(status)
        terminated = bool(status["success"])
        truncated = bool(status["truncated"])
        if terminated or truncated:
            self.agents = []
        return RoundPlayed(live, records, status, reward, terminated, truncated)

    def state(self) -> np.ndarray:
        raise NotImplementedError("AgentWorld is partially observable; use per-agent observations")


class AgentWorldAECEnv(_Common, AECEnv):
    """Turn-by-turn form: each agent acts in turn and sees the effects of those before it."""

    metadata = {"name": ENV_NAME, "render_modes": list(RENDER_MODES), "is_parallelizable": True}

    def __init__(
        self,
        task: Task | str,
        *,
        seed: int | None = None,
        server: str | None = None,
        render_mode: str | None = None,
        **options: Any,
    ):
        super().__init__()
        self._setup(task, seed, server, render_mode, options)
        self.agents = []

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.backend.reset(self._next_seed(seed))
        self.agents = list(self.possible_agents)
        self._order = {a: i for i, a in enumerate(self.possible_agents)}
        self._progress, self._succeeded = 0.0, False
        status = self.backend.status()
        self._progress = status["psr"]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: self._info(status, None) for a in self.agents}
        self.agent_selection = self.agents[0]
        self._skip_agent_selection = None

    def observe(self, agent: str) -> dict:
        return self.backend.observe(agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        record = self.backend.act(agent, action)
        last_in_round = self._order[agent] == len(self.possible_agents) - 1
        status = self.backend.status()
        if last_in_round or status["success"]:
            self.backend.end_round()
            status = self.backend.status()
        reward = self._reward(status)
        self.rewards = dict.fromkeys(self.agents, reward)
        done_t, done_tr = bool(status["success"]), bool(status["truncated"])
        for a in self.agents:
            self.terminations[a] = done_t
            self.truncations[a] = done_tr
            self.infos[a] = self._info(status, record if a == agent else None)
        self._accumulate_rewards()
        nxt = (self._order[agent] + 1) % len(self.possible_agents)
        self.agent_selection = self.possible_agents[nxt]
        if self.agent_selection not in self.agents:  # fall back to any remaining agent
            self.agent_selection = self.agents[0]


def make(
    task: Task | str,
    *,
    seed: int | None = None,
    server: str | None = None,
    api: str = "parallel",
    render_mode: str | None = None,
    **options: Any,
):
    """`agentworld.make("task_01")` -> ParallelEnv; `api="aec"` -> the turn-by-turn AEC env.

    Options: success_bonus, no_chat, disabled_tools, no_docs, max_rounds, random_spawns, solo.
    """
    if api == "parallel":
        return AgentWorldParallelEnv(task, seed=seed, server=server, render_mode=render_mode, **options)
    if api == "aec":
        return AgentWorldAECEnv(task, seed=seed, server=server, render_mode=render_mode, **options)
    raise ValueError(f"api must be 'parallel' or 'aec', got {api!r}")


def aec_env(task: Task | str, **kwargs: Any) -> AgentWorldAECEnv:
    return make(task, api="aec", **kwargs)
