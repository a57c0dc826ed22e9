"""The configuration an eval's numbers hold for, pinned: what must match for two results to compare.

`pin(config, tasks)` is written into eval.json as `pinned` and copied into summary.json:

    version        agentworld's version
    tasks          {task: sha256 of its YAML file + its verifier's source}, and `tasks_hash` over them all
    prompts_hash   sha256 of the prompt templates the LLM seats render (shipped, or the --prompts copies;
                   a team harness's own texts too)
    tools_hash     sha256 of the tool schemas the agents are shown (after disabled tools)
    models         every model under test (the team's, the per-seat ones), and the judge's apart
    sampling       temperature, top_p, max_tokens, seed as sent to the model
    budgets        round budget override, context budget, money budget

The seeds are not part of it: they are the episodes played, which the summary lists
(`summary.json` `seeds`). A task's hash is taken from the files the eval loaded, so
`agentworld submit --check` can tell when a task file changed after the eval ran.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from agentworld.options import HARNESS_KINDS

SAMPLING = ("temperature", "top_p", "max_tokens", "seed")
BUDGETS_AGENT = ("context_budget", "context_tokens", "tokenizer", "max_cost", "history", "history_turns")


def sha256(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def task_hash(task_id: str) -> str:
    """sha256 of a task's YAML file and its verifier's source (so a changed verifier changes it too)."""
    from agentworld.scoring import locate_verifier
    from agentworld.tasks import parse_task
    from agentworld.task_sources import resolve_path

    path = Path(task_id) if task_id.endswith((".yaml", ".yml")) else resolve_path(task_id)
    digest = hashlib.sha256(path.read_bytes())
    source = locate_verifier(parse_task(path))
    if source is not None and source.path is not None and source.path.is_file():
        digest.update(b"\0verifier\0" + source.path.read_bytes())
    return digest.hexdigest()


def prompts_hash(prompts_dir: str | None, harness: bool = False) -> str:
    """sha256 of the templates an LLM seat renders (each file falls back to the shipped one, as llm.py does),
    and for a team harness (planner, orchestrator) of the texts it shows its contexts too."""
    from agentworld.agents.llm import PROMPTS_DIR, TEMPLATES

    digest = hashlib.sha256()
    for name in TEMPLATES:
        path = Path(prompts_dir) / name if prompts_dir else None
        if path is None or not path.is_file():
            path = PROMPTS_DIR / name
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    if harness:
        from agentworld.agents.harness.prompts import prompts_text

        digest.update(b"harness\0" + prompts_text().encode())
    return digest.hexdigest()


def tools_hash(disabled: frozenset[str]) -> str:
    from agentworld.tools import schemas

    return sha256(json.dumps(schemas(disabled), sort_keys=True))


def models_of(agent_options: dict) -> list[str]:
    """Every model under test: the team's, then the per-seat ones (--model-for), each once."""
    found = [agent_options.get("model")]
    for seat in (agent_options.get("seat_models") or {}).values():
        found.append(seat.get("model") if isinstance(seat, dict) else seat)
    return [m for m in dict.fromkeys(found) if m]


def pin(config: dict, tasks: list[str]) -> dict[str, Any]:
    """The pinned configuration of an eval (see the module docstring)."""
    from agentworld import __version__
    from agentworld.episode import EpisodeOptions

    agent_opts = config.get("agent_options") or {}
    episode = EpisodeOptions.from_dict(config.get("episode_options"))
    hashes = {task: task_hash(task) for task in tasks}
    judge = config.get("judge_options") or {}
    return json.loads(
        json.dumps(
            {  # as eval.json will hold it (tuples as lists), so a resume compares alike
                "version": __version__,
                "agents": config.get("agents"),
                "tasks": hashes,
                "tasks_hash": sha256(json.dumps(hashes, sort_keys=True)),
                "prompts_hash": prompts_hash(
                    agent_opts.get("prompts"),
                    harness=bool(set(str(config.get("agents")).split(",")) & set(HARNESS_KINDS)),
                ),
                "tools_hash": tools_hash(episode.disabled),
                "models": models_of(agent_opts),
                "seat_models": agent_opts.get("seat_models") or {},
                "judge": {"kind": config.get("judge"), **judge},
                "sampling": {k: agent_opts.get(k) for k in SAMPLING},
                "budgets": {
                    "max_rounds": episode.max_rounds,
                    **{k: agent_opts.get(k) for k in BUDGETS_AGENT},
                },
                "episode_options": episode.to_dict(),
            }
        )
    )
