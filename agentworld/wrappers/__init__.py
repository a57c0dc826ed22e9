"""Numeric views of AgentWorld for RL libraries: fixed-shape observations, Discrete actions, masks.

The text env stays the default; these wrap it and translate to and from the same tool calls.
"""

from agentworld.wrappers.actions import ActionTable
from agentworld.wrappers.numeric_aec import NumericAECEnv
from agentworld.wrappers.numeric_env import NumericParallelEnv, make_numeric
from agentworld.wrappers.observations import ObservationEncoder
from agentworld.wrappers.vocabulary import Vocabulary, task_vocabulary

__all__ = [
    "ActionTable",
    "NumericAECEnv",
    "NumericParallelEnv",
    "ObservationEncoder",
    "Vocabulary",
    "make_numeric",
    "task_vocabulary",
]
