"""NumericParallelEnv: the AgentWorld parallel env with numeric observations and Discrete actions.

A PettingZoo ParallelEnv over the text env (which it owns and steps): each agent's action is an
index into its ActionTable, translated to the tool call the text env expects; each observation
is the ObservationEncoder's Dict of Boxes (with `action_mask`), one flat Box, or RLlib's
`{"observations", "action_mask"}` (`obs_format`, see agentworld.wrappers.observations). Rewards,
terminations, truncations and the trajectory are the text env's own, so replay and the CCE
judges read runs made through either view.

In process (the default, embedded backend) the view never builds the text env's observation: it
reads each agent's state straight from the episode (`Episode.observe_state`: no text, no cleaning,
no tool mask) and plays the round through the text env's own `_play_round`, so the tool calls, the
world and the trajectory are exactly those of the text env (tests/test_wrappers_fast.py compares the
two paths step by step). Over a server it reads the text env's observations, which carry the same
state.

`infos[agent]` holds only numbers by default (`round`, `psr`, `success`, `invalid`, the
checkpoints as 0/1 and `action_mask`), because vector layers average infos across envs
(PufferLib takes `np.mean` of every list it finds) and a list of event records breaks them.
`rich_infos=True` gives the text env's info instead (the action record with its events and
links, the error text) plus `action_mask` and, after a step, `call` (the tool call the index
became).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from agentworld.backend import EmbeddedBackend
from agentworld.env import AgentWorldAECEnv, AgentWorldParallelEnv
from agentworld.episode import Episode
from agentworld.task_scope import world_for
from agentworld.world.content import load_content
from agentworld.wrappers.actions import ActionTable
from agentworld.wrappers.infos import scalar_info
from agentworld.wrappers.numeric_aec import NumericAECEnv
from agentworld.wrappers.observations import ObservationEncoder
from agentworld.wrappers.vocabulary import task_vocabulary


class NumericParallelEnv(ParallelEnv):
    """See the module docstring. `make_numeric(task, ...)` builds one."""

    metadata = {
        "name": "agentworld_numeric_v0",
        "render_modes": ["human", "ansi", "rgb_array"],
        "is_parallelizable": True,
    }

    def __init__(
        self,
        env: AgentWorldParallelEnv,
        *,
        k_nearest: int = 3,
        obs_format: str = "dict",
        rich_infos: bool = False,
    ):
        self.env = env
        self.obs_format = obs_format
        self.rich_infos = rich_infos
        content = world_for(env.task, load_content())  # the world the task is played in (task_scope.py)
        self.vocab = task_vocabulary(env.task, content)
        self.tables = {a: ActionTable(self.vocab, content, a, k_nearest) for a in env.possible_agents}
        self.encoder = ObservationEncoder(self.vocab, content)
        self.possible_agents = list(env.possible_agents)
        n = next(iter(self.tables.values())).n
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        obs_space = self.encoder.space(n, obs_format)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.render_mode = env.render_mode
        backend = env.backend
        # in process: the episode itself, read without text (None over a server: its observations)
        self._episode: Episode | None = backend.episode if isinstance(backend, EmbeddedBackend) else None
        self._enabled = self._episode.mask if self._episode is not None else None  # tools of the episode
        self._seen: dict[str, dict] = {}  # agent -> the observation its current slots and mask come from
        self._slots: dict[str, Any] = {}
        self._masks: dict[str, np.ndarray] = {}

    @property
    def agents(self) -> list[str]:
        return self.env.agents

    @property
    def task(self):
        return self.env.task

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def action_labels(self, agent: str) -> list[str]:
        """Readable names of the Discrete actions (e.g. 'apply:mob:1' = attack the 2nd nearest mob)."""
        return [a.label for a in self.tables[agent].table]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if self._episode is None:
            text, infos = self.env.reset(seed=seed, options=options)
            return self._encode(text, infos)
        self.env.backend.restart(self.env._next_seed(seed))
        status = self.env._started()
        return self._encode_states(list(self.env.agents), status, {}, {})

    def step(self, actions: dict[str, Any]):
        calls = {}
        for agent in self.env.agents:
            if agent in actions and agent in self._seen:
                calls[agent] = self.tables[agent].call(
                    int(actions[agent]), self._seen[agent], self._slots[agent]
                )
        if self._episode is not None:
            played = self.env._play_round(calls)
            if played is None:
                return {}, {}, {}, {}, {}
            live = played.live
            obs, infos = self._encode_states(live, played.status, played.records, calls)
            return (
                obs,
                dict.fromkeys(live, played.reward),
                dict.fromkeys(live, played.terminated),
                dict.fromkeys(live, played.truncated),
                infos,
            )
        text, rewards, terms, truncs, infos = self.env.step(calls)
        if self.rich_infos:
            for agent, call in calls.items():
                if agent in infos:
                    infos[agent]["call"] = call
        obs, infos = self._encode(text, infos)
        return obs, rewards, terms, truncs, infos

    def _encode(self, text: dict[str, dict], infos: dict[str, dict]) -> tuple[dict, dict]:
        """Numeric observations and infos from the text env's (over a server)."""
        self._seen = text
        obs = {}
        for agent, o in text.items():
            table = self.tables[agent]
            slots = self._slots[agent] = table.slots(o)
            mask = self._masks[agent] = table.mask(o, slots)
            obs[agent] = self.encoder.encode(agent, o, infos[agent], mask, self.obs_format)
            if not self.rich_infos:
                infos[agent] = scalar_info(infos[agent])
            infos[agent]["action_mask"] = mask
        return obs, infos

    def _encode_states(
        self, live: list[str], status: dict, records: dict[str, dict], calls: dict[str, dict]
    ) -> tuple[dict, dict]:
        """Numeric observations and infos read from the episode (in process): the same numbers as
        _encode gives from the text env's observations, without building them."""
        episode = self._episode
        seen = self._seen = {}
        obs, infos = {}, {}
        scalar = None if self.rich_infos else scalar_info(status)
        for agent in live:
            state = seen[agent] = episode.observe_state(agent)
            table = self.tables[agent]
            slots = self._slots[agent] = table.slots(state)
            mask = self._masks[agent] = table.mask(state, slots, self._enabled)
            obs[agent] = self.encoder.encode(agent, state, status, mask, self.obs_format)
            record = records.get(agent)
            if scalar is not None:
                info = dict(scalar)
                info["invalid"] = int(record is not None and record["error"] is not None)
            else:
                info = self.env._info(status, record)
                if agent in calls:
                    info["call"] = calls[agent]
            info["action_mask"] = mask
            infos[agent] = info
        return obs, infos

    def last_action_mask(self, agent: str) -> np.ndarray:
        """The agent's current action mask (all zeros once it is done), for libraries that drop infos."""
        mask = self._masks.get(agent)
        return (
            mask
            if mask is not None and agent in self._seen
            else np.zeros(self.action_spaces[agent].n, np.int8)
        )

    def text_observation(self, agent: str) -> dict:
        """The text env's observation behind the agent's current numeric one."""
        if self._episode is not None:
            return self.env.backend.observe(agent)  # in process it is built only when asked for
        return self._seen[agent]

    def render(self) -> Any:
        return self.env.render()

    def close(self) -> None:
        self.env.close()

    def state(self) -> np.ndarray:
        raise NotImplementedError("AgentWorld is partially observable; use per-agent observations")

    def trajectory(self) -> list[dict]:
        return self.env.trajectory()


def make_numeric(
    task: Any,
    *,
    seed: int | None = None,
    api: str = "parallel",
    k_nearest: int = 3,
    obs_format: str = "dict",
    flat: bool = False,
    rich_infos: bool = False,
    render_mode: str | None = None,
    **options: Any,
) -> NumericParallelEnv | NumericAECEnv:
    """`make_numeric("task_01")`: the numeric view of `agentworld.make("task_01", ...)` (same options).

    `api="aec"`: the turn-by-turn form, whose masks are recomputed for the agent about to act.
    `obs_format`: "dict" (default), "flat" or "rllib"; `flat=True` is short for obs_format="flat".
    """
    if flat:
        obs_format = "flat"
    kwargs = {"k_nearest": k_nearest, "obs_format": obs_format, "rich_infos": rich_infos}
    if api == "parallel":
        return NumericParallelEnv(
            AgentWorldParallelEnv(task, seed=seed, render_mode=render_mode, **options), **kwargs
        )
    if api == "aec":
        return NumericAECEnv(AgentWorldAECEnv(task, seed=seed, render_mode=render_mode, **options), **kwargs)
    raise ValueError(f"api must be 'parallel' or 'aec', got {api!r}")
