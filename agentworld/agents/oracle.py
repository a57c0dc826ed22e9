"""The oracle: a generic executor of a task's scripted reference plan (`oracle:` in the YAML).

Each agent runs its own list of steps using only its OWN observation (what it sees nearby,
its inventory, its last result/error, its messages and offers) plus the static world content
(recipes, node yields, ranges) that any player could read in the documentation. It never looks
at the world state, so it works the same over the websocket server. This module is the loop (which
step is current, what the last action was for); each step kind's rule is in oracle_steps.py.

A step is finished when its goal shows in the observation (e.g. `gather {target: oak_tree,
count: 3}` finishes when 3 of the tree's item are in the inventory). Steps that wait on a
teammate (give when the receiver is not in view, wait_for, trade_accept) wait patiently; wait_for
can also wait for an event the agent itself perceives (a kill it sees, a chat it receives; see
tasks.WaitForStep), never for anything only the world state knows; steps
that keep failing are retried, then skipped after `max_failures` consecutive errors so one bad
step cannot freeze the agent.
"""

from __future__ import annotations

from typing import Any

from agentworld.agents.base import Agent
from agentworld.agents.oracle_steps import WAIT, OracleSteps
from agentworld.task_steps import Step, parse_step


class OracleAgent(OracleSteps, Agent):
    """Executes the plan given in briefing["oracle_plan"] (or `plan=` at construction)."""

    kind = "oracle"
    needs_plan = True

    def __init__(
        self, plan: list | None = None, max_failures: int = 6, heal_below: float = 0.5, **options: Any
    ):
        super().__init__(**options)
        self._plan_override = plan
        self.max_failures = max_failures
        self.heal_below = heal_below  # eat when HP falls under this fraction (combat steps)
        from agentworld.world.content import load_content

        self.content = load_content()
        self.interact = self.content.rules.interact_range
        self._node_sites: dict[str, list] = {}
        for kind, pos in self.content.map.placed_nodes:
            self._node_sites.setdefault(kind, []).append(tuple(pos))
        self._station_sites: dict[str, list] = {}
        for kind, _place, pos in self.content.map.placed_stations:
            self._station_sites.setdefault(kind, []).append(tuple(pos))
        self._mob_sites: dict[str, list] = {}
        for kind, pos in self.content.map.mob_spawns:
            self._mob_sites.setdefault(kind, []).append(tuple(pos))
        self.give_range = self.content.rules.give_range
        # a mob of this type last seen this close cannot walk out of view in one round: gone means dead
        rules = self.content.rules
        self.close_view = {
            m.id: rules.view_radius - (m.speed or rules.mob_speed) for m in self.content.mobs.values()
        }

    def reset(self, name: str, briefing: dict) -> None:
        super().reset(name, briefing)
        raw = self._plan_override if self._plan_override is not None else briefing.get("oracle_plan", [])
        self.steps: list[Step] = [s if isinstance(s, Step) else parse_step(s) for s in raw]
        self.mob_sites = dict(self._mob_sites)  # the map's spawns, and where the task's stand-ins are
        for kind, tiles in briefing.get("mob_sites", {}).items():
            self.mob_sites[kind] = [*self.mob_sites.get(kind, []), *map(tuple, tiles)]
        self.index = 0
        self.memo: dict[str, Any] = {}
        self.failures = 0
        self.pending: tuple[int, str] | None = None  # (step index, what the last action was for)
        self.avoid: set[str] = set()  # node ids that just failed (depleted/contested)
        self.log: list[str] = []
        self.last_seen: dict[str, tuple[int, int]] = {}  # teammate -> where we last saw them
        self.inbox: list[dict] = []  # every chat received (observations hand each one over once)
        self.inbox_taken: set[int] = set()  # indices of the messages earlier wait_for steps consumed
        self.mobs_seen: dict[str, tuple[int, tuple[int, int]]] = {}  # mob id -> (distance, where we stood)
        self.mobs_died: list[str] = []  # mobs we saw die: our killing blow, or vanishing close by

    # --- the loop ---------------------------------------------------------------------------
    def act(self, observation: dict) -> dict:
        obs = observation
        for e in obs["nearby"]:
            if e["kind"] == "player":
                self.last_seen[e["id"]] = tuple(e["position"])
        self.inbox.extend(obs["messages"])
        self._note_deaths(obs)
        if not obs["alive"]:  # dead: wait for the respawn; errors while dead are not the step's fault
            self.pending = None
            self.memo.pop("seen_at", None)  # attack: after respawning the target must be found again
            return WAIT
        if self.pending is not None:
            index, purpose = self.pending
            self.pending = None
            if index == self.index:
                if obs["last_error"]:
                    self.failures += 1
                    self._on_failure(purpose, obs)
                    if self.failures >= self.max_failures:
                        self.log.append(
                            f"skipped step {self.index} ({self.steps[self.index].kind}): {obs['last_error']}"
                        )
                        self._advance()
                else:
                    self.failures = 0
                    self._on_success(purpose)
        for _ in range(len(self.steps) + 1):
            if self.index >= len(self.steps):
                return WAIT
            step = self.steps[self.index]
            handler = getattr(self, f"_step_{step.kind}")
            out = handler(step, obs)
            if out is None:  # the step is complete
                self._advance()
                continue
            action, purpose = out
            if purpose:
                self.pending = (self.index, purpose)
            return action
        return WAIT

    def _advance(self) -> None:
        self.index += 1
        self.memo = {}
        self.failures = 0
        self.avoid = set()

    def _on_success(self, purpose: str) -> None:
        key, _, n = purpose.partition(":")
        if n:
            self.memo[key] = self.memo.get(key, 0) + int(n)

    def _on_failure(self, purpose: str, obs: dict) -> None:
        if purpose.startswith("gather@"):
            self.avoid.add(purpose.split("@", 1)[1].split(":")[0])
