"""Team harnesses: how the model contexts behind a team are organised (issue 32).

The per-avatar harness (one context per seat) and the single-agent one live in agents/llm/. Here:
planner (planner.py), one context that sees every avatar's observation and writes each avatar's
next action once per round; orchestrator (orchestrator.py), a lead context that plays the avatars
it holds as the planner does and hands independent parts to worker contexts it spawns on demand
(workers.py), each context reading its avatars' messages on demand (inbox.py). A turn that takes
several requests is written once as a generator (turns.py) for both runners.
"""

from agentworld.agents.harness.orchestrator import (
    HarnessLimits,
    Orchestrator,
    OrchestratorSeat,
    make_orchestrator_team,
)
from agentworld.agents.harness.planner import Planner, PlannerSeat, make_planner_team

__all__ = [
    "HarnessLimits",
    "Orchestrator",
    "OrchestratorSeat",
    "Planner",
    "PlannerSeat",
    "make_orchestrator_team",
    "make_planner_team",
]
