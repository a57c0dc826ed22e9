"""`agentworld audit`: a collaboration certificate computed from the world content and a task.

The task's success conditions expand into requirements (requirements.py, of the kinds in
needs.py); what any team of its agents could do within the round budget is bounded from above
(bounds.py, economy.py, context.py, team.py); per role the verdict says whether the team without
it must fail (verdicts.py). Results are plain data
(model.py) shared by the CLI (cli.py), the tests and the task README. See docs/AUDIT.md.
"""

from agentworld.audit.model import Failure, Provider, Requirement, RoleVerdict, TaskAudit
from agentworld.audit.verdicts import audit_task

__all__ = ["audit_task", "TaskAudit", "RoleVerdict", "Requirement", "Provider", "Failure"]
