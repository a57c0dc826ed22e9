"""A seeded random agent: valid-looking tool calls built from its observation (the paper's random baseline).

It picks a tool enabled for the episode (the briefing's tools; the observation's tool_mask when the
briefing lists none) and fills the arguments with things it can see: nearby
entity ids, its inventory items, its teammates, known recipe ids. Many calls still fail in the
world (out of range, missing inputs), which is the point of the baseline: it does not narrow its
choice to the tools usable now (the truthful tool_mask), so its numbers stay a random policy's.
"""

from __future__ import annotations

import random
from typing import Any

from agentworld.agents.base import Agent
from agentworld.tools import TOOL_NAMES, TOOLS


class RandomAgent(Agent):
    kind = "random"

    enabled: list[str] = []

    def __init__(self, seed: int | None = 0, chat_prob: float = 0.05, **options: Any):
        super().__init__(seed=seed, chat_prob=chat_prob, **options)
        self.seed = seed
        self.chat_prob = chat_prob
        self.rng = random.Random(seed)
        from agentworld.world.content import load_content

        content = load_content()
        self.recipes = sorted(content.recipes)
        self.slots = list(content.rules.equipment_slots)

    def reset(self, name: str, briefing: dict) -> None:
        super().reset(name, briefing)
        self.rng = random.Random(f"{self.seed}:{name}")
        self.teammates = [t["name"] for t in briefing.get("teammates", [])] or [name]
        given = [s.get("function", s).get("name") for s in briefing.get("tools") or () if isinstance(s, dict)]
        self.enabled = [t for t in TOOL_NAMES if t in given]

    def act(self, observation: dict) -> dict:
        rng = self.rng
        tools = list(self.enabled) or [t for t, m in zip(TOOL_NAMES, observation["tool_mask"]) if m]
        if "chat" in tools and rng.random() >= self.chat_prob:
            tools.remove("chat")
        tool = rng.choice(tools) if tools else "wait"
        nearby = [e["id"] for e in observation["nearby"]] or ["town_square"]
        items = [e["item"] for e in observation["inventory"]] or ["coins"]
        x, y = observation["position"]
        npcs = [e["id"] for e in observation["nearby"] if e["kind"] == "npc"] or nearby
        mate = rng.choice(self.teammates)
        args: dict[str, Any]
        if tool == "move_to":
            args = {
                "target": rng.choice(
                    [rng.choice(nearby), [max(0, x + rng.randint(-8, 8)), max(0, y + rng.randint(-8, 8))]]
                )
            }
        elif tool in ("gather", "attack", "pick_up", "inspect"):
            args = {"target": rng.choice(nearby)}
        elif tool == "craft":
            args = {"recipe": rng.choice(self.recipes) if self.recipes else "stick", "count": 1}
        elif tool in ("drop", "equip", "use"):
            args = {"item": rng.choice(items)}
            if tool == "drop":
                args["count"] = 1
        elif tool == "give":
            args = {"to": mate, "item": rng.choice(items), "count": 1}
        elif tool == "trade_offer":
            args = {"to": mate, "give": {rng.choice(items): 1}, "want": {rng.choice(items): 1}}
        elif tool in ("trade_accept", "trade_decline"):
            offers = [o["id"] for o in observation["offers"]] or [0]
            args = {"offer_id": rng.choice(offers)}
        elif tool == "unequip":
            args = {"slot": rng.choice(self.slots)}
        elif tool == "talk":
            args = {"npc": rng.choice(npcs)}
        elif tool in ("buy", "sell"):
            args = {"npc": rng.choice(npcs), "item": rng.choice(items), "count": 1}
        elif tool == "build":
            sites = [e["id"] for e in observation["nearby"] if e["kind"] == "site"] or nearby
            args = {"site": rng.choice(sites)}
        elif tool == "chat":
            args = {
                "to": rng.choice([mate, "team"]),
                "message": rng.choice(["hello", "where are you?", "I need help", "ok"]),
            }
        elif TOOLS[tool].traits.entity is not None:  # a registered tool used on a nearby entity
            args = {next(iter(TOOLS[tool].model_fields)): rng.choice(nearby)}
        else:
            args = {}
        return {"tool": tool, "args": args}
