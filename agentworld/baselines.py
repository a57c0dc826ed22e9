"""The baselines: the truth told to every agent (oracle comm), a written team plan, one merged agent,
discussion rounds, anonymous roles.

- **Oracle communication** (`oracle_comm`): at the start of every round each agent gets a message
  from "system" with the true state of its teammates that bears on the task: where each stands,
  whether it is alive, what it holds and wears, and its last action with the result. It is built
  from the world itself (not from what agents say), so it is an upper bound on what perfect
  communication could tell. Chat stays available.
- **Shared plan** (`shared_plan`): one written plan for the whole team is added to every agent's
  objective, and chat is disabled (the tool is removed from the tool list; a chat call is refused
  with an error). `auto` writes the plan from the task's oracle plan in plain words; any other
  value is the plan's text (the CLI reads it from a file).

- **Merged agent** (`merged_agent`): one avatar holding every member's abilities: each skill at the
  highest level any member has, every member's items summed, their equipment united (a second item
  for a slot already filled goes to the inventory), at the first agent's spawn and under its name.
  Its documentation is every member's, under their names; what the task says of any member (its
  success conditions too) now means the merged agent. Its oracle plan is the members' plans in
  team order without the steps addressed to a teammate. The strongest single-agent adversary (a
  task it cannot do needs the team for presence, volume or timing); `--single-agent`, one model
  context driving every avatar, is a different baseline and stays.
- **Discussion rounds** (`discussion_rounds: N`): rounds 1..N allow only chat (and wait); from
  round N+1 chat is closed. A refused call is a no-op whose error says which rule refused it.
- **Anonymous roles** (`anonymous_roles`): the agents are named agent_1, agent_2 ... in team
  order (in the task's text, plans and conditions too), every role reads "unassigned", and each
  agent's documentation opens by saying that roles are not assigned. A task whose verifier code
  names agents is refused: its checkpoints could not be scored under other names.

All are episode options (agentworld/episode.py), so they are recorded in the run's config.json
and the eval's eval.json, `agentworld replay` replays them and `agentworld report` labels the
baseline by them.
"""

from __future__ import annotations

import re
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
        state = (
            f"at ({player.x}, {player.y})"
            if player.alive
            else f"dead (respawns round {player.respawn_round})"
        )
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
        lines.append(
            f"{number}. {spec.name} ({spec.role}): {'; '.join(steps) if steps else 'no fixed steps'}."
        )
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
    if "messages_from" in data:
        return f"wait for word from each of {', '.join(data['messages_from'])}"
    if "checkpoint" in data:
        return f"wait until {data['checkpoint']} is done"
    if "until_round" in data:
        return f"wait until round {data['until_round']}"
    return f"wait {data['rounds']} round(s)"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{item} x{n}" for item, n in counts.items())


def with_shared_plan(task: "Task", plan: str) -> "Task":
    """The task with the team plan ('auto': from its oracle plan) appended to its objective."""
    text = plan_in_words(task) if plan == AUTO_PLAN else plan
    objective = (
        f"{task.objective.rstrip()}\n\nTeam plan (every teammate has the same plan; chat is disabled, "
        f"so follow it without messages):\n{text}"
    )
    return task.model_copy(update={"objective": objective})


# --------------------------------------------------------------------------- renaming agents in a task

# keys of task data (conditions, oracle steps) whose values are agent names
AGENT_KEYS = ("agent", "agents", "to", "from", "message_from")


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """Agent names under AGENT_KEYS replaced, recursively ('team' and other words stay)."""
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key in AGENT_KEYS and isinstance(item, str):
            item = names.get(item, item)
        elif key in AGENT_KEYS and isinstance(item, list) and all(isinstance(i, str) for i in item):
            item = list(dict.fromkeys(names.get(i, i) for i in item))
        else:
            item = _renamed(item, names)
        out[key] = item
    return out


def _words_renamed(text: str, names: dict[str, str]) -> str:
    """Whole-word agent names in free text replaced (longest first: 'north_warden' before 'north')."""
    for old in sorted(names, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(old)}\b", names[old], text)
    return text


def _task_data(task: "Task") -> dict:
    return task.model_dump(mode="json", by_alias=True, exclude_none=True)


def _rebuilt(task: "Task", data: dict) -> "Task":
    """A task from rewritten data, still found where the original was (its verifier lies beside it)."""
    from agentworld.tasks import parse_task

    data["variant_of"] = task.variant_of or task.id
    new = parse_task(data)
    new._source = task.source
    return new


# --------------------------------------------------------------------------- merged agent

# oracle steps that only make sense between teammates (dropped from the merged agent's plan)
TEAM_STEPS = ("give", "chat", "trade_offer", "trade_accept")


def merged_agent(task: "Task") -> "Task":
    """The task played by one avatar holding every member's abilities (see the module docstring)."""
    first = task.agents[0]
    skills: dict[str, int] = {}
    inventory: dict[str, int] = {}
    equipment: dict[str, str] = {}
    for spec in task.agents:
        for skill, level in spec.skills.items():
            skills[skill] = max(skills.get(skill, 0), level)
        for item, count in spec.inventory.items():
            inventory[item] = inventory.get(item, 0) + count
        for slot, item in spec.equipment.items():
            if slot in equipment:  # the slot is taken: the second item is carried instead
                inventory[item] = inventory.get(item, 0) + 1
            else:
                equipment[slot] = item
    members = ", ".join(f"{a.name} ({a.role})" for a in task.agents)
    docs = [
        (
            f"You play the whole team alone: you hold the skills, items and equipment of every member "
            f"({members}). Wherever the objective or the notes below name one of them, they mean you."
        )
    ]
    docs += [f"As {a.name} ({a.role}):\n{a.context.strip()}" for a in task.agents if a.context.strip()]
    data = _task_data(task)
    names = {a.name: first.name for a in task.agents}
    data["agents"] = [
        {
            **data["agents"][0],
            "role": "Merged (" + " + ".join(a.role for a in task.agents) + ")",
            "skills": skills,
            "inventory": inventory,
            "equipment": equipment,
            "context": "\n\n".join(docs) + "\n",
        }
    ]
    plan = [
        step for a in task.agents for step in data.get("oracle", {}).get(a.name, []) if not _team_step(step)
    ]
    data["oracle"] = {first.name: plan}
    data = {**data, **{k: _renamed(data[k], names) for k in ("success", "checkpoints") if k in data}}
    return _rebuilt(task, data)


def _team_step(step: dict) -> bool:
    kind, body = next(iter(step.items()))
    return kind in TEAM_STEPS or (
        kind == "wait_for" and ("message_from" in body or "messages_from" in body or "checkpoint" in body)
    )


# --------------------------------------------------------------------------- anonymous roles

UNASSIGNED = "unassigned"


def anonymous_names(task: "Task") -> dict[str, str]:
    """agent name -> agent_1, agent_2 ... in team order."""
    return {a.name: f"agent_{i}" for i, a in enumerate(task.agents, 1)}


def anonymous_roles(task: "Task") -> "Task":
    """The task with agents named agent_1 ... and roles unassigned (see the module docstring)."""
    names = anonymous_names(task)
    _check_verifier_names(task)
    data = _renamed(_task_data(task), names)
    data["oracle"] = {names.get(k, k): v for k, v in data.get("oracle", {}).items()}
    data["objective"] = _words_renamed(data["objective"], names)
    agents = []
    for spec, new in zip(data["agents"], names.values(), strict=True):
        others = [n for n in names.values() if n != new]
        note = (
            f"Roles are not assigned in this team: you are {new} and your teammates are {', '.join(others) or 'none'}. "
            "Nobody has been given a role; what each of you can do and knows is yours to find out and share."
        )
        context = _words_renamed(spec.get("context", ""), names).strip()
        agents.append(
            {**spec, "name": new, "role": UNASSIGNED, "context": f"{note}\n\n{context}\n".rstrip() + "\n"}
        )
    data["agents"] = agents
    data["oracle"] = _words_renamed_in_messages(data["oracle"], names)
    return _rebuilt(task, data)


def _words_renamed_in_messages(oracle: dict, names: dict[str, str]) -> dict:
    """Chat messages of the oracle plans speak of agents by their new names too."""
    out = {}
    for agent, steps in oracle.items():
        out[agent] = [
            {"chat": {**s["chat"], "message": _words_renamed(s["chat"]["message"], names)}}
            if "chat" in s and isinstance(s["chat"].get("message"), str)
            else s
            for s in steps
        ]
    return out


def _check_verifier_names(task: "Task") -> None:
    """Refuse a task whose verifier code names its agents: under other names its checkpoints would never latch."""
    from agentworld.scoring import locate_verifier

    source = locate_verifier(task)
    if source is None or source.path is None or not source.path.is_file():
        return
    code = source.path.read_text(encoding="utf-8")
    named = [a.name for a in task.agents if re.search(rf"[\"']{re.escape(a.name)}[\"']", code)]
    if named:
        raise ValueError(
            f"anonymous_roles: {task.id}'s verifier ({source.path.name}) names agents in its code "
            f"({', '.join(named)}), so its checkpoints cannot be scored under anonymous names"
        )


# --------------------------------------------------------------------------- discussion rounds

CHAT_ONLY = ("chat", "wait")  # what a discussion round allows


def discussion_note(rounds: int) -> str:
    return (
        f"\n\nRounds 1-{rounds} are for discussion only: you can chat (or wait) and nothing else. "
        f"From round {rounds + 1} on chat is closed and you act without messages."
    )


def with_discussion_rounds(task: "Task", rounds: int) -> "Task":
    """The objective says when the team can talk and when it acts (Episode.act enforces it)."""
    if rounds < 1:
        raise ValueError(f"discussion_rounds must be >= 1, got {rounds}")
    return task.model_copy(update={"objective": task.objective.rstrip() + discussion_note(rounds)})


def discussion_refusal(tool: str, round_: int, rounds: int) -> str | None:
    """Why a call is refused under discussion rounds (None: allowed)."""
    if round_ <= rounds and tool not in CHAT_ONLY:
        return (
            f"round {round_} is a discussion round (rounds 1-{rounds} allow only chat or wait): "
            f"{tool} was not carried out; act from round {rounds + 1}"
        )
    if round_ > rounds and tool == "chat":
        return f"chat is closed after the discussion rounds (1-{rounds}): the message was not sent"
    return None
