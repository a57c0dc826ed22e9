"""Team harnesses: how the model contexts behind a team are organised (issue 32).

The per-avatar harness (one context per seat) and the single-agent one live in agents/llm/. Here:
planner (planner.py), one context that sees every avatar's observation and writes each avatar's
next action once per round.
"""

from agentworld.agents.harness.planner import Planner, PlannerSeat, make_planner_team

__all__ = ["Planner", "PlannerSeat", "make_planner_team"]
