"""Episode: one play of a task = world + task + verifier + trajectory. The core every backend runs.

Turn order: agents act in the task's agent order (round-robin); after every agent has had its
turn the caller ends the round (`end_round`: mobs act, respawns, round += 1). The scorer
(agentworld/scoring.py) checks checkpoints and success conditions after every action and at the
end of every round; checkpoints latch. Both are pure reads of the world, so after actions that
leave it unchanged (wait, inspect, unparseable ones) the last check stands and they are not re-run.
The episode is done on success (every success condition holds at once) or when the round budget
is used up (truncated).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from agentworld import observation as obsmod
from agentworld.baselines import discussion_refusal, system_message, teammate_brief
from agentworld.scoring import Scorer
from agentworld.task_scope import world_for
from agentworld.task_world import build_world
from agentworld.tasks import Task, apply_options, load_task
from agentworld.tool_calls import parse_action
from agentworld.tools import READ_ONLY_TOOLS, TOOL_NAMES, ParseError, ToolCall, tool_mask

# READ_ONLY_TOOLS only read the world (their handlers change nothing but the actor's last result),
# so checkpoint predicates, which are functions of world state, cannot change value after them.


@dataclass
class EpisodeOptions:
    """Options that change how the episode is played (all JSON-friendly, stored in config.json)."""

    success_bonus: float = 1.0  # team reward added once when the task succeeds
    disabled_tools: tuple[str, ...] = ()
    no_chat: bool = False  # ablation: chat disabled
    no_docs: bool = False  # ablation: agents get no documentation
    max_rounds: int | None = None  # override the task's round budget
    random_spawns: bool | str = False  # True: same region; "any": anywhere
    solo: bool | str = False  # keep only the first (or the named) agent
    without: tuple[str, ...] = ()  # roles (or agent names) left out of the team, with their plans
    oracle_comm: bool = False  # baseline: every round, each agent is told its teammates' true state
    shared_plan: str | None = None  # baseline: this team plan ('auto': the oracle plan in words), no chat
    merged_agent: bool = False  # baseline: one avatar with every member's abilities (baselines.merged_agent)
    discussion_rounds: int | None = None  # baseline: rounds 1..N only chat, then chat closed
    anonymous_roles: bool = False  # baseline: agents named agent_1..., roles unassigned

    @classmethod
    def from_dict(cls, d: dict | None) -> "EpisodeOptions":
        """Validated options; a ValueError names the option and what is wrong with its value."""
        d = dict(d or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(d) - known)
        if unknown:
            raise ValueError(f"unknown episode option(s) {unknown}; known: {sorted(known)}")
        try:
            checked = _OptionsModel.model_validate(d).model_dump(exclude_unset=True)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            name = err["loc"][0] if err["loc"] else "options"
            raise ValueError(
                f"episode option {name}={d.get(name)!r}: {_OPTION_HELP.get(name, err['msg'])}"
            ) from None
        if "disabled_tools" in checked:
            checked["disabled_tools"] = tuple(checked["disabled_tools"])
            bad = [t for t in checked["disabled_tools"] if t not in TOOL_NAMES]
            if bad:
                raise ValueError(f"disabled_tools: unknown tool(s) {bad}; tools: {', '.join(TOOL_NAMES)}")
        return cls(**checked)

    def to_dict(self) -> dict:
        out = asdict(self)
        out["disabled_tools"] = list(self.disabled_tools)
        return out

    @property
    def disabled(self) -> frozenset[str]:
        return frozenset(self.disabled_tools) | (
            {"chat"} if self.no_chat or self.shared_plan else frozenset()
        )

    def task_options(self) -> dict:
        if self.max_rounds is not None and int(self.max_rounds) < 1:
            raise ValueError(f"max_rounds must be >= 1, got {self.max_rounds}")
        if self.discussion_rounds is not None and int(self.discussion_rounds) < 1:
            raise ValueError(f"discussion_rounds must be >= 1, got {self.discussion_rounds}")
        if self.discussion_rounds and "chat" in self.disabled:
            raise ValueError(
                "discussion_rounds needs chat: it cannot be combined with no_chat, shared_plan or "
                "chat among disabled_tools"
            )
        return {
            "no_docs": self.no_docs,
            "max_rounds": self.max_rounds,
            "solo": self.solo,
            "without": list(self.without),
            "shared_plan": self.shared_plan,
            "merged_agent": self.merged_agent,
            "anonymous_roles": self.anonymous_roles,
            "discussion_rounds": self.discussion_rounds,
        }


class _OptionsModel(BaseModel):
    """The types EpisodeOptions accepts (strict: '5' is not a round budget, 'yes' is not a flag)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    success_bonus: float | int = 1.0
    disabled_tools: list[str] | tuple[str, ...] = ()
    no_chat: bool = False
    no_docs: bool = False
    max_rounds: int | None = None
    random_spawns: bool | Literal["any"] = False
    solo: bool | str = False
    without: list[str] | tuple[str, ...] = ()
    oracle_comm: bool = False
    shared_plan: str | None = None
    merged_agent: bool = False
    discussion_rounds: int | None = None
    anonymous_roles: bool = False


_OPTION_HELP = {
    "success_bonus": "must be a number",
    "disabled_tools": "must be a list of tool names",
    "no_chat": "must be true or false",
    "no_docs": "must be true or false",
    "max_rounds": "must be a whole number >= 1 (or null for the task's own budget)",
    "random_spawns": "must be false, true (same region) or 'any' (anywhere)",
    "solo": "must be false, true (the first agent) or an agent name",
    "without": "must be a list of role or agent names",
    "oracle_comm": "must be true or false",
    "shared_plan": "must be the text of a team plan, or 'auto' (the oracle plan in words)",
    "merged_agent": "must be true or false",
    "discussion_rounds": "must be a whole number >= 1 (or null: no discussion rounds)",
    "anonymous_roles": "must be true or false",
}


PARSED_CALLS = 4096  # parsed calls an episode remembers (_parse); more clears the lot
_PLAIN = (str, int, float, bool, type(None))  # argument values a call key can hold as they are


def _call_key(action: Any) -> tuple | None:
    """A hashable key that tells apart every plain {"tool": str, "args": {str: value}} call that
    could parse differently (values keep their types: 1, 1.0 and True are three keys); None for
    anything else (strings, models, nested values): those are parsed every time."""
    if type(action) is not dict or len(action) != 2:
        return None
    tool, args = action.get("tool"), action.get("args")
    if type(tool) is not str or type(args) is not dict:
        return None
    parts = []
    for name, value in args.items():
        kind = type(value)
        if kind is list:
            if not all(type(v) in _PLAIN for v in value):
                return None
            value = tuple((type(v), v) for v in value)
        elif kind not in _PLAIN:
            return None
        parts.append((name, kind, value))
    return tool, tuple(parts)


class Episode:
    """See module docstring. `act` never raises on agent input; records follow ARCHITECTURE.md."""

    def __init__(
        self,
        task: Task | str,
        seed: int | None = 0,
        options: EpisodeOptions | dict | None = None,
        content: Any = None,
    ):
        from agentworld.world.content import load_content

        self.options = options if isinstance(options, EpisodeOptions) else EpisodeOptions.from_dict(options)
        self.content = content or load_content()
        self.base_task = task if isinstance(task, Task) else load_task(task, content=self.content)
        self.task = apply_options(self.base_task, self.options.task_options(), content=self.content)
        # the world it is played in: without the region bundles when it cannot reach them (task_scope.py)
        self.content = world_for(self.task, self.content)
        self.agents: list[str] = self.task.agent_names
        self._turn_of = {a: i for i, a in enumerate(self.agents)}
        self.scorer = Scorer.for_task(self.task)
        self.disabled = self.options.disabled
        self.mask = tool_mask(self.disabled, team_size=len(self.agents))
        self.skills = list(self.content.skills)
        self.slots = list(self.content.rules.equipment_slots)
        self.seed = 0 if seed is None else int(seed)
        self.world = None
        self.trajectory: list[dict] = []
        self._parsed: dict[tuple, ToolCall] = {}  # _call_key(action) -> what parse_action made of it
        self.reset(self.seed)

    # --- lifecycle ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> dict[str, dict]:
        self.restart(seed)
        return {a: self.observe(a) for a in self.agents}

    def restart(self, seed: int | None = None, renew: bool = False) -> None:
        """reset() without observing (views that read the world their own way: numeric wrappers).
        `renew`: the episode's World object is reset in place (see World.reset) rather than replaced."""
        if seed is not None:
            self.seed = int(seed)
        task = self.task
        if self.options.random_spawns:
            from agentworld.tasks import random_spawns

            task = random_spawns(
                self.task, self.seed, self.content, same_region=self.options.random_spawns != "any"
            )
        self.played_task = task
        world = build_world(task, self.content, self.seed, self.world if renew else None)
        self.world = world
        self.trajectory = []
        self.next_action = 0
        self.inbox: dict[str, list[dict]] = {a: [] for a in self.agents}
        self.last: dict[str, tuple[str, str]] = {a: ("", "") for a in self.agents}
        self._obs_cache: dict[str, dict] = {}
        self.last_actions: dict[str, dict] = {}  # agent -> its latest action record (oracle comm)
        self.briefs: dict[str, str] = {}  # agent -> the oracle-comm brief delivered for its next turn
        self.scorer.start(world, task)  # what holds from the start latches silently
        self._brief_team()

    @property
    def round(self) -> int:
        return int(self.world.round)

    @property
    def max_rounds(self) -> int:
        return self.task.max_rounds

    @property
    def truncated(self) -> bool:
        return not self.success and self.round > self.max_rounds

    @property
    def done(self) -> bool:
        return self.success or self.round > self.max_rounds

    # --- scoring --------------------------------------------------------------------------------
    @property
    def success(self) -> bool:
        return self.scorer.succeeded

    @property
    def reached(self) -> dict[str, bool]:
        return self.scorer.reached

    @property
    def psr(self) -> float:
        return self.scorer.psr

    def _score(self, record: dict, action_id: int | None) -> None:
        """Re-check checkpoints and success after a world change; note both on the record."""
        new, succeeded = self.scorer.check(self.world, self.played_task, action_id)
        record["checkpoints"] = new
        if succeeded:
            record["success_actions"] = list(self.scorer.success_actions)

    def status(self) -> dict:
        return {
            "round": self.round,
            "max_rounds": self.max_rounds,
            "checkpoints": dict(self.reached),
            "success": self.success,
            "psr": self.psr,
            "done": self.done,
            "truncated": self.truncated,
        }

    # --- acting ---------------------------------------------------------------------------------
    def act(self, agent: str, action: Any) -> dict:
        """One turn: parse, apply to the world, check checkpoints, record. Never raises on bad input."""
        if agent not in self._turn_of:
            raise KeyError(f"unknown agent {agent!r}; agents: {self.agents}")
        call = action if isinstance(action, ParseError) else self._parse(action)
        action_id = self.next_action
        self.next_action += 1
        world = self.world
        if isinstance(call, ToolCall) and self.done:
            call = ParseError("the episode is over", call.to_dict())
        if isinstance(call, ToolCall) and self.options.discussion_rounds:
            refusal = discussion_refusal(call.tool, self.round, self.options.discussion_rounds)
            if refusal:
                call = ParseError(refusal, call.to_dict())
        if isinstance(call, ParseError):
            tool, args, raw, ok, result, error, events, links = (
                None,
                None,
                call.raw,
                False,
                "",
                call.error,
                [],
                [],
            )
        else:
            tool, args, raw = call.tool, call.args, None
            try:
                out = world.act(agent, tool, args, action_id)
                ok, result, error, events, links = out.ok, out.result, out.error, out.events, out.links
            except Exception as exc:  # engine bug: keep the episode alive, make it visible
                ok, result, error, events, links = (
                    False,
                    "",
                    f"internal engine error: {type(exc).__name__}: {exc}",
                    [],
                    [],
                )
        self.last[agent] = (result or "", error or "")
        self.inbox[agent] = []  # the agent has had its turn: it saw its messages
        self._obs_cache.clear()
        player = world.players[agent]
        rec = {
            "type": "action",
            "id": action_id,
            "round": self.round,
            "turn": self._turn_of[agent],
            "agent": agent,
            "tool": tool,
            "args": args,
            "raw": raw,
            "ok": bool(ok),
            "result": result or "",
            "error": error,
            "position": [player.x, player.y],
            "events": events,
            "links": links,
            "checkpoints": [],
            "t": time.time(),
        }
        # Unparsed actions never reach the world and read-only tools do not change it: the last
        # check still holds, so skip re-running every predicate (they run after every action).
        if tool is not None and tool not in READ_ONLY_TOOLS:
            self._score(rec, action_id)
        if agent in self.briefs:  # what the agent was told before this action (oracle comm)
            rec["oracle_comm"] = self.briefs.pop(agent)
        self.last_actions[agent] = rec
        self.trajectory.append(rec)
        return rec

    def _parse(self, action: Any) -> ToolCall | ParseError:
        """parse_action, remembered for plain dict calls (numeric wrappers send the same few again
        and again): the same action always parses the same way, so the cache changes nothing."""
        key = _call_key(action)
        if key is None:
            return parse_action(action, self.disabled)
        parsed = self._parsed.get(key)
        if parsed is None:
            parsed = parse_action(action, self.disabled)
            if not isinstance(parsed, ToolCall):
                return parsed
            if len(self._parsed) >= PARSED_CALLS:
                self._parsed.clear()
            self._parsed[key] = parsed
        return ToolCall(parsed.tool, {k: list(v) if type(v) is list else v for k, v in parsed.args.items()})

    def _brief_team(self) -> None:
        """Oracle communication: each agent's inbox gets its teammates' true state for this round."""
        if not self.options.oracle_comm or self.done:
            return
        for agent in self.agents:
            text = teammate_brief(self.world, agent, self.last_actions)
            self.inbox[agent].append(system_message(self.world, agent, text))
            self.briefs[agent] = text
        self._obs_cache.clear()

    def end_round(self) -> dict:
        """Every agent has acted: the world moves on one round."""
        ended = self.round
        try:
            events = self.world.end_round()
        except Exception as exc:
            events = [
                {
                    "kind": "error",
                    "round": ended,
                    "agent": None,
                    "action": None,
                    "detail": f"internal engine error: {type(exc).__name__}: {exc}",
                }
            ]
        self._obs_cache.clear()
        rec = {"type": "round_end", "round": ended, "events": events or [], "checkpoints": []}
        self._score(rec, None)
        rec["status"] = self.status()
        rec["t"] = time.time()
        self.trajectory.append(rec)
        self._brief_team()
        return rec

    def observe(self, agent: str) -> dict:
        """The agent's gym-typed observation; repeated calls return the same object until state changes."""
        cached = self._obs_cache.get(agent)
        if cached is not None:
            return cached
        raw = self.world.observe(agent)
        if raw.get("messages"):
            self.inbox[agent].extend(raw["messages"])
        result, error = self.last[agent]
        obs = obsmod.build_observation(
            raw,
            max_rounds=self.max_rounds,
            skills=self.skills,
            slots=self.slots,
            mask=self.mask,
            content=self.content,
            messages=self.inbox[agent],
            last_result=result,
            last_error=error,
        )
        self._obs_cache[agent] = obs
        return obs

    def observe_state(self, agent: str) -> dict:
        """The agent's state as the world holds it, for views that need no text (numeric wrappers):
        `World.observe_state` with engine types (lists for positions, {item: count} inventories,
        None for an empty slot), `max_rounds`, and `messages` as in `observe` (the inbox since the
        agent's last turn: new ones are drained into it here too). No tool mask, no cleaning."""
        state = self.world.observe_state(agent)
        if state["messages"]:
            self.inbox[agent].extend(state["messages"])
        state["messages"] = list(self.inbox[agent])
        state["max_rounds"] = self.max_rounds
        return state

    def play(self, team: dict[str, Any]) -> dict:
        """Play the rest of the episode with these agents (already reset), fastest way: no run
        directory, no progress bar (as task proofs and budget calibration need); returns the status."""
        while not self.done:
            for name in self.agents:
                self.act(name, team[name].act(self.observe(name)))
                if self.done:
                    break
            if self.done:
                break
            self.end_round()
        return self.status()

    def briefing(self, agent: str, include_plan: bool = False) -> dict:
        return make_briefing(self.task, agent, self.disabled, include_plan)


def make_briefing(
    task: Task, agent: str, disabled: frozenset[str] = frozenset(), include_plan: bool = False
) -> dict:
    """What an agent is told before the episode (for Agent.reset).

    The oracle plan is only included for scripted agents that ask for it (Agent.needs_plan).
    """
    from agentworld.tools import schemas

    spec = task.agent(agent)
    out = {
        "task_id": task.id,
        "task_name": task.name,
        "objective": task.objective,
        "category": task.category,
        "name": agent,
        "role": spec.role,
        "teammates": [{"name": a.name, "role": a.role} for a in task.agents if a.name != agent],
        "context": spec.context,
        "tools": schemas(disabled),
        "max_rounds": task.max_rounds,
    }
    if include_plan:
        out["oracle_plan"] = list(task.oracle.get(agent, []))
        # a task mob standing in for a world mob (`replaces`) is where the map's mob was: say where
        stand_ins = [mob for mob in task.world.mobs if mob.replaces]
        if stand_ins:
            from agentworld.world.content import load_content

            gmap = load_content().map
            out["mob_sites"] = {}
            for mob in stand_ins:
                out["mob_sites"].setdefault(mob.type, []).append(list(gmap.resolve(mob.position)))
    return out
