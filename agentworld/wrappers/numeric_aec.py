"""NumericAECEnv: the turn-by-turn (AEC) AgentWorld env with numeric observations and Discrete actions.

Same spaces, action tables and infos as NumericParallelEnv, over the text env's AEC form. The point
of this form is the mask: it is computed from the world as it is when the agent is about to act,
after the agents before it in the round have moved, so an action it allows is one that can succeed
now. (The parallel view computes every agent's mask at the start of the round; an earlier agent's
move can make an allowed entry fail there: the call then fails as an LLM's would, `invalid` = 1.)
In process it reads each turn's state from the episode without building text, as the parallel
view does (tests/test_wrappers_fast.py compares it with the path over text observations).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from agentworld.backend import EmbeddedBackend
from agentworld.env import AgentWorldAECEnv
from agentworld.episode import Episode
from agentworld.task_scope import world_for
from agentworld.world.content import load_content
from agentworld.wrappers.actions import ActionTable, Slots
from agentworld.wrappers.infos import scalar_info
from agentworld.wrappers.observations import ObservationEncoder
from agentworld.wrappers.vocabulary import task_vocabulary


class NumericAECEnv(AECEnv):
    """See the module docstring. `make_numeric(task, api="aec", ...)` builds one."""

    metadata = {
        "name": "agentworld_numeric_aec_v0",
        "render_modes": ["human", "ansi", "rgb_array"],
        "is_parallelizable": True,
    }

    def __init__(
        self, env: AgentWorldAECEnv, *, k_nearest: int = 3, obs_format: str = "dict", rich_infos: bool = False
    ):
        super().__init__()
        self.env, self.obs_format, self.rich_infos = env, obs_format, rich_infos
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
        # in process: each turn's state read from the episode, no text (None over a server)
        self._episode: Episode | None = backend.episode if isinstance(backend, EmbeddedBackend) else None
        self._now: dict[
            str, tuple[dict, Slots, np.ndarray]
        ] = {}  # agent -> this turn's observation, slots, mask

    # the turn bookkeeping is the text env's own
    agents = property(lambda self: self.env.agents)
    agent_selection = property(lambda self: self.env.agent_selection)
    rewards = property(lambda self: self.env.rewards)
    terminations = property(lambda self: self.env.terminations)
    truncations = property(lambda self: self.env.truncations)
    _cumulative_rewards = property(lambda self: self.env._cumulative_rewards)

    @property
    def infos(self) -> dict[str, dict]:
        """Scalar infos (or the text env's, `rich_infos`) with each agent's mask as of now."""
        out = {}
        for agent, info in self.env.infos.items():
            out[agent] = dict(info) if self.rich_infos else scalar_info(info)
            out[agent]["action_mask"] = self._current(agent)[2]
        return out

    @property
    def task(self):
        return self.env.task

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def action_labels(self, agent: str) -> list[str]:
        return [a.label for a in self.tables[agent].table]

    def _current(self, agent: str) -> tuple[dict, Slots, np.ndarray]:
        """The agent's observation (its state from the episode in process, else the text env's), slots
        and mask for the world as it is now (cached until a step)."""
        now = self._now.get(agent)
        if now is None:
            table = self.tables[agent]
            if self._episode is None:
                seen = self.env.observe(agent)
                slots = table.slots(seen)
                now = self._now[agent] = (seen, slots, table.mask(seen, slots))
            else:
                seen = self._episode.observe_state(agent)
                slots = table.slots(seen)
                now = self._now[agent] = (seen, slots, table.mask(seen, slots, self._episode.mask))
        return now

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._now.clear()
        self.env.reset(seed=seed, options=options)

    def observe(self, agent: str) -> Any:
        text, _, mask = self._current(agent)
        return self.encoder.encode(agent, text, self.env.infos[agent], mask, self.obs_format)

    def step(self, action: Any) -> None:
        agent = self.env.agent_selection
        if self.env.terminations[agent] or self.env.truncations[agent]:
            self.env.step(None)  # the text env's dead step (PettingZoo requires None here)
        else:
            text, slots, _ = self._current(agent)
            self.env.step(self.tables[agent].call(int(action), text, slots))
        self._now.clear()

    def last_action_mask(self, agent: str) -> np.ndarray:
        """The agent's mask as of now (all zeros once it is done)."""
        if agent not in self.env.agents:
            return np.zeros(self.action_spaces[agent].n, np.int8)
        return self._current(agent)[2]

    def text_observation(self, agent: str) -> dict:
        """The text env's observation of the agent as of now."""
        return self.env.observe(agent) if self._episode is not None else self._current(agent)[0]

    def render(self) -> Any:
        return self.env.render()

    def close(self) -> None:
        self.env.close()

    def trajectory(self) -> list[dict]:
        return self.env.trajectory()
