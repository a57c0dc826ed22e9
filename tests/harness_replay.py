"""A scripted model for the team harnesses: it replays the oracle's calls, whichever context asks.

`ReplayModel({task: oracle_run_dir}, {task: groups})` is a FakeOpenAI policy. It tells the contexts apart by their
prompts, and reads the acting avatar and the round from them as a real model would:
- a per-avatar seat ("You are NAME, the team's ..."): NAME's oracle call of the round;
- the central planner: every avatar's oracle call of the round, each naming its avatar;
- the orchestrator's lead: on its first request one spawn_worker per group, later (or when a spawn was
  refused) the oracle calls of the avatars it still holds;
- a worker ("You are worker_N, a worker ..."): read_messages when its observation says messages are
  unread, else the acting avatar's oracle call; with `sub_spawn`, a worker with several avatars first
  hands all but one of them to a worker of its own.
So a harness that routes every turn to the right context replays the oracle's trajectory exactly.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from fake_openai import call, calls

ROUND = re.compile(r"Round (\d+) of \d+\.")
WORKER_TURN = re.compile(r"# Round (\d+) of \d+ \(.*?\) - (?:acting: )?(\w+)")


def spawn_groups(names: list[str]) -> list[list[str]]:
    """How the scripted lead splits a team: the first avatar apart from the rest in a small team, else
    groups of five in turn order."""
    if len(names) < 5:
        return [names[:1], names[1:]]
    return [names[i : i + 5] for i in range(0, len(names), 5)]


def oracle_calls(run_dir: Path) -> dict[tuple[str, int], dict]:
    """(agent, round) -> the oracle's action record."""
    plan = {}
    for line in (run_dir / "trajectory.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["type"] == "action":
            plan[(rec["agent"], rec["round"])] = rec
    return plan


class ReplayModel:
    """`runs`: task id -> its oracle run directory; `groups`: task id -> the lead's spawn groups. The task
    of a request is the one whose objective its prompt shows."""

    def __init__(
        self, runs: dict[str, Path], groups: dict[str, list[list[str]]] | None = None, sub_spawn: bool = False
    ):
        from agentworld.tasks import load_task

        self.plans = {load_task(t).objective.strip(): (t, oracle_calls(d)) for t, d in runs.items()}
        self.groups = groups or {}
        self.sub_spawn = sub_spawn
        self.seen = defaultdict(int)  # requests per context kind

    def __call__(self, body: dict) -> dict:
        system, first = body["messages"][0]["content"], body["messages"][1]["content"]
        found = [o for o in self.plans if o in first or json.dumps(o)[1:-1] in first]
        task, self.plan = self.plans[max(found, key=len)]
        self.task_groups = self.groups.get(task, [])
        if system.startswith("You are the central planner"):
            self.seen["planner"] += 1
            return self._for_avatars(body, self._round(first), _avatars(body))
        if system.startswith("You are the orchestrator"):
            self.seen["lead"] += 1
            return self._lead(body)
        worker = re.search(r"You are (worker_\d+), a worker", first)
        if worker:
            self.seen["worker"] += 1
            return self._worker(body)
        self.seen["seat"] += 1
        name = re.search(r"You are (\w+), the team", first).group(1)
        rnd = int(re.findall(r"# Round (\d+) of", body["messages"][-1]["content"])[-1])
        return self._one(name, rnd)

    def _round(self, text: str) -> int:
        return max(int(r) for r in ROUND.findall(text))

    def _one(self, name: str, rnd: int) -> dict:
        rec = self.plan.get((name, rnd))
        return call(rec["tool"], **(rec["args"] or {})) if rec else call("wait")

    def _for_avatars(self, body: dict, rnd: int, avatars: list[str]) -> dict:
        pairs = [
            (self.plan[(a, rnd)]["tool"], {"avatar": a, **(self.plan[(a, rnd)]["args"] or {})})
            for a in avatars
            if (a, rnd) in self.plan
        ]
        return calls(*pairs) if pairs else call("wait", avatar=avatars[0])

    def _lead(self, body: dict) -> dict:
        tools = {t["function"]["name"] for t in body["tools"]}
        answered = body["messages"][-1]["role"] == "tool"
        held = _avatars(body)
        if "spawn_worker" in tools and not answered and self.task_groups:
            wanted = [g for g in self.task_groups if set(g) <= set(held)]
            if wanted:
                return calls(
                    *[("spawn_worker", {"avatars": g, "goal": f"play {', '.join(g)}"}) for g in wanted]
                )
        return self._for_avatars(body, self._round(body["messages"][1]["content"]), held)

    def _worker(self, body: dict) -> dict:
        last = body["messages"][-1]["content"]
        rnd, name = (int(x) if x.isdigit() else x for x in WORKER_TURN.findall(last)[-1])
        tools = {t["function"]["name"] for t in body["tools"]}
        if self.sub_spawn and "spawn_worker" in tools:
            mine = re.search(r"You play these avatars: ([\w, ]+)\.", body["messages"][1]["content"]).group(1)
            others = [a for a in mine.split(", ") if a != name]
            return call("spawn_worker", avatars=others, goal="the rest")
        if "Unread messages:" in last.split("\n# Round")[-1]:
            return call("read_messages")
        return self._one(name, rnd)


def _avatars(body: dict) -> list[str]:
    """The avatars a request may name: the enum of the game tools' `avatar` argument."""
    for tool in body["tools"]:
        avatar = tool["function"]["parameters"]["properties"].get("avatar")
        if avatar:
            return list(avatar["enum"])
    return []
