"""Two communication baselines: the truth told to every agent (oracle comm) and a written team plan.

- **Oracle communication** (`oracle_comm`): at the start of every round each agent gets a message
  from "system" with the true state of its teammates that bears on the task: where each stands,
  whether it is alive, what it holds and wears, and its last action with the result. It is built
  from the world itself (not from what agents say), so it is an upper bound on what perfect
  communication could tell. Chat stays available.
- **Shared plan** (`shared_plan`): one written plan for the whole team is added to every agent's
  objective, and chat is disabled (the tool is removed from the tool list; a chat call is refused
  with an error). `auto` writes the plan from the task's oracle plan in plain words; any other
  value is the plan's text (the CLI reads it from a file).

Both are episode options (agentworld/episode.py), so they are recorded in the run's config.json
and the eval's eval.json, and `agentworld report` labels the baseline by them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World

SYSTEM = "system"  # the sender name of oracle-communication messages
AUTO_PLAN = "auto"


# --------------------------------------------------------------------------- oracle communication

def teammate_brief(world: "World", agent: str, last_actions: dict[str, dict]) -> str:
    """What `agent` is told about its teammates at the start of a round (one line per teammate)."""
    lines = [f"Round {world.round}: the true state of your teammates (oracle communication):"]
    for name, player in world.players.items():
        if name == agent:
            continue
        held = ", ".join(f"{item} x{n}" for item, n in sorted(player.inventory.counts().items())) or "nothing"
        worn = ", ".join(f"{item} ({slot})" for slot, item in player.equipment.items() if item)
        state = f"at ({player.x}, {player.y})" if player.alive else f"dead (respawns round {player.respawn_round})"
        line = f"- {name}: {state}; holds {held}" + (f"; wears {worn}" if worn else "")
        last = last_actions.get(name)
        if last is not None:
            line += f"; last action {_action_words(last)}"
        lines.append(line)
    return "\n".join(lines)


def _action_words(record: dict) -> str:
    call = record.get("tool") or "an unreadable action"
    args = ", ".join(f"{k}={v}" for k, v in (record.get("args") or {}).items() if k != "message")
    outcome = "ok" if record.get("ok") else f"failed: {record.get('error')}"
    return f"{call}({args}) in round {record.get('round')} ({outcome})"


def system_message(world: "World", agent: str, text: str) -> dict:
    """The brief as an inbox message (the same shape as a chat message)."""
    return {"round": world.round, "from": SYSTEM, "to": [agent], "text": text}


# --------------------------------------------------------------------------- shared plan

def read_shared_plan(value: str) -> str:
    """The --shared-plan value: 'auto', or the text of the file it names (clear error otherwise)."""
    if value == AUTO_PLAN:
        return value
    path = Path(value)
    if not path.is_file():
        raise ValueError(f"--shared-plan: {value!r} is neither 'auto' nor a readable file")
    text = path.read_text(encoding="utf-8").strip()
    if not text:
        raise ValueError(f"--shared-plan: {value} is empty")
    return text


def plan_in_words(task: "Task") -> str:
    """The task's oracle plan as a numbered team plan, one line per agent (chat steps left out)."""
    lines = []
    for number, spec in enumerate(task.agents, 1):
        steps = [_step_words(step) for step in task.oracle_plan(spec.name) if step.kind != "chat"]
        lines.append(f"{number}. {spec.name} ({spec.role}): {'; '.join(steps) if steps else 'no fixed steps'}.")
    return "\n".join(lines)


def _step_words(step: Any) -> str:
    """One oracle step in plain words."""
    kind, data = step.kind, step.model_dump(exclude={"kind"}, exclude_none=True, by_alias=True)
    if kind == "move_to":
        target = data["target"]
        return f"go to {tuple(target) if isinstance(target, (list, tuple)) else target}"
    if kind == "gather":
        return f"gather {data['target']} until you hold {data['count']}"
    if kind == "craft":
        return f"craft {data['recipe']} x{data['count']}"
    if kind == "give":
        return f"give {data['item']} x{data['count']} to {data['to']}"
    if kind == "wait_for":
        return _wait_words(data)
    if kind == "trade_offer":
        return f"offer {data['to']} {_counts(data['give'])} for {_counts(data['want'])}"
    if kind == "trade_accept":
        return f"accept the trade offer from {data.get('from') or 'a teammate'}"
    if kind in ("buy", "sell"):
        return f"{kind} {data['item']} x{data['count']} at {data['npc']}"
    if kind == "wait":
        return f"wait {data['rounds']} round(s)"
    return f"{kind.replace('_', ' ')} {' '.join(str(v) for v in data.values())}".strip()


def _wait_words(data: dict) -> str:
    if "item" in data:
        return f"wait until you hold {data['item']} x{data.get('count', 1)}"
    if "kill" in data:
        return f"wait until {data['kill']} is killed"
    if "message_from" in data:
        return f"wait for {data['message_from']}"
    if "checkpoint" in data:
        return f"wait until {data['checkpoint']} is done"
    return f"wait {data['rounds']} round(s)"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{item} x{n}" for item, n in counts.items())


def with_shared_plan(task: "Task", plan: str) -> "Task":
    """The task with the team plan ('auto': from its oracle plan) appended to its objective."""
    text = plan_in_words(task) if plan == AUTO_PLAN else plan
    objective = (f"{task.objective.rstrip()}\n\nTeam plan (every teammate has the same plan; chat is disabled, "
                 f"so follow it without messages):\n{text}")
    return task.model_copy(update={"objective": objective})
