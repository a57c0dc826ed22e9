"""The tool schemas a team harness shows its contexts: the game's tools (for a context that plays
several avatars in one request, each with a required `avatar` argument) and the harness's own tools,
which act on the team of contexts, not on the world: `spawn_worker` and `read_messages`.

The game's tools are the briefing's (the episode's enabled tools: `--no-chat` leaves chat out), else
the registry's. A harness tool never reaches the world: the context that called it gets its result
as the tool's answer and is asked again in the same turn.
"""

from __future__ import annotations

import copy
import json
from typing import Any

SPAWN_WORKER = "spawn_worker"
READ_MESSAGES = "read_messages"
HARNESS_TOOLS = (SPAWN_WORKER, READ_MESSAGES)


def game_schemas(briefings: dict[str, dict]) -> list[dict]:
    """The game's tool schemas as the briefings give them (the episode's enabled tools)."""
    from agentworld import tools

    for briefing in briefings.values():
        given = briefing.get("tools") or briefing.get("tool_schemas")
        if given:
            return [s if "function" in s else {"type": "function", "function": s} for s in given]
    return tools.schemas()


def with_avatar(schemas: list[dict], avatars: list[str]) -> list[dict]:
    """Every schema with a required first argument `avatar`: which of these avatars the call is for."""
    out = []
    for schema in schemas:
        schema = copy.deepcopy(schema)
        params = schema["function"].setdefault("parameters", {"type": "object"})
        params["properties"] = {
            "avatar": {"type": "string", "enum": sorted(avatars)},
            **params.get("properties", {}),
        }
        params["required"] = ["avatar", *params.get("required", [])]
        out.append(schema)
    return out


def spawn_worker_schema(avatars: list[str]) -> dict:
    return {
        "type": "function",
        "function": {
            "name": SPAWN_WORKER,
            "description": (
                "Create a worker: a new model context that from now on plays the given avatars towards the "
                "goal you write, on its own (you no longer act for them). Hand over an independent part of "
                "the task: avatars whose work needs little from the others. The team's limits on workers and "
                "on their depth are in your prompt; a call past them is refused."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "avatars": {
                        "type": "array",
                        "items": {"type": "string", "enum": sorted(avatars)},
                        "minItems": 1,
                    },
                    "goal": {
                        "type": "string",
                        "description": "the sub-goal, with what the worker must know to reach it",
                    },
                },
                "required": ["avatars", "goal"],
            },
        },
    }


READ_MESSAGES_SCHEMA = {
    "type": "function",
    "function": {
        "name": READ_MESSAGES,
        "description": (
            "Read the chat messages your avatars received and you have not read yet (all of them, or only "
            "those from one sender). Costs no game turn: you are asked for your action again."
        ),
        "parameters": {
            "type": "object",
            "properties": {"sender": {"type": "string", "description": "only this teammate's messages"}},
            "required": [],
        },
    },
}


def call_arguments(call: dict) -> dict[str, Any] | None:
    """A reply's tool call's arguments as a dict, or None when they are not a JSON object."""
    try:
        args = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return None
    return args if isinstance(args, dict) else None
