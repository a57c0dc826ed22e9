"""`agentworld export`: run directories -> chat-format training data (one JSON line per agent turn).

    agentworld export RUN_DIR|EVAL_DIR... --format openai-chat|sharegpt [--only-success]
                      [--only-contributing] [--metadata] --out FILE.jsonl

Each line is one turn of one agent: the messages and tool schemas an LLM agent in that seat was
shown (rendered by agents/llm.py with the run's LLM options: history, prompts, single_agent, ...)
and the tool call it made, plus the episode's outcome, the team's return and whether the action
was on a causal path to success (CCE, from the run's cce.json or else the provenance judge).
The prompts are rebuilt by replaying the run (observations are not stored) with the recorded calls
in the model's place, so runs of any agent kind (oracle demonstrations too) export the same way.
Turns whose reply had no parseable tool call are skipped; a run whose replay diverges is an error.
The assistant message carries the call as recorded (validated arguments); a model's free text
beside its call is not in the run and so not in the export.

openai-chat lines hold exactly what OpenAI's fine-tuning format allows (`messages` and `tools`,
each message only its role's keys, no null values; checked as each line is written): the
episode's outcome and the action's place in it (`metadata`) only with `metadata=True`
(`--metadata`). Tool-call ids are the ones the model server sent (from the run's
llm_transcript.jsonl), so the prompts are byte for byte what the model was shown; runs without a
transcript (scripted agents) get ids `call_<action id>`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from agentworld.agents.llm import LLMOptions
from agentworld.causal import judge_records, task_context
from agentworld.causal.cli import expand_dirs
from agentworld.causal.graph import episode_success
from agentworld.episode import Episode, make_briefing
from agentworld.rollout import conversations, reply_for
from agentworld.tools import ParseError
from agentworld.trajectory import add_trust_argument, load_run, strip_volatile

Format = Literal["openai-chat", "sharegpt"]
FORMATS = ("openai-chat", "sharegpt")
# LLM options that shape the prompt (the rest, model, sampling, retries, do not)
PROMPT_OPTIONS = (
    "history",
    "history_turns",
    "context_budget",
    "context_tokens",
    "tokenizer",
    "max_tokens",
    "prompts",
    "no_docs",
    "single_agent",
)
# OpenAI's fine-tuning format (chat, with tools): the keys a line and each role's messages may have
OPENAI_LINE_KEYS = frozenset({"messages", "tools", "parallel_tool_calls"})
OPENAI_MESSAGE_KEYS = {
    "system": frozenset({"role", "content", "name"}),
    "user": frozenset({"role", "content", "name"}),
    "assistant": frozenset({"role", "content", "name", "tool_calls", "weight"}),
    "tool": frozenset({"role", "content", "tool_call_id"}),
}
TRANSCRIPT = "llm_transcript.jsonl"


class ExportError(ValueError):
    """A run directory that cannot be exported; the message names it and says why."""


def prompt_options(config: dict) -> dict:
    """The prompt-shaping options of the run's (first) LLM agent; defaults for other agent kinds."""
    for agent in (config.get("agents") or {}).values():
        if isinstance(agent, dict) and agent.get("kind") == "llm":
            return {
                k: agent[k]
                for k in PROMPT_OPTIONS
                if agent.get(k) is not None and k in LLMOptions.model_fields
            }
    return {}


def contributing_actions(
    run_dir: Path, records: list[dict], success: bool, agents: list[str]
) -> tuple[set[int], dict]:
    """Action ids on a causal path to success, and the CCE summary, from cce.json or the provenance judge."""
    saved = run_dir / "cce.json"
    if saved.is_file():
        cce = json.loads(saved.read_text(encoding="utf-8"))
    else:
        cce = judge_records(
            records, success, "provenance", agents, checkpoints=task_context(run_dir).get("checkpoints")
        )
    return set(cce.get("contributing") or ()), {"judge": cce.get("judge"), "cce": cce.get("cce")}


def sent_call_ids(run_dir: Path) -> dict[str, list[str | None]]:
    """agent -> the id of the tool call the server sent at each of its turns (None: none sent), from
    the run's llm_transcript.jsonl (empty when the run has none)."""
    path = run_dir / TRANSCRIPT
    ids: dict[str, list[str | None]] = {}
    if not path.is_file():
        return ids
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line) if line.strip() else None
        if isinstance(row, dict) and isinstance(row.get("actor"), str):
            calls = row.get("tool_calls") or []
            ids.setdefault(row["actor"], []).append(
                calls[0].get("id") if calls and isinstance(calls[0], dict) else None
            )
    return ids


def openai_chat_problems(line: dict) -> list[str]:
    """What in one openai-chat line falls outside OpenAI's fine-tuning format (empty: nothing)."""
    problems = [f"key {k!r} is not part of the format" for k in line if k not in OPENAI_LINE_KEYS]
    for i, message in enumerate(line.get("messages") or []):
        allowed = OPENAI_MESSAGE_KEYS.get(message.get("role"))
        if allowed is None:
            problems.append(f"messages[{i}]: role {message.get('role')!r} is not a fine-tuning role")
            continue
        problems += [
            f"messages[{i}] ({message['role']}): key {k!r} not allowed" for k in message if k not in allowed
        ]
        problems += [
            f"messages[{i}] ({message['role']}): {k} is null" for k, v in message.items() if v is None
        ]
    return problems


def export_run(
    run_dir: str | Path,
    fmt: Format = "openai-chat",
    *,
    only_success: bool = False,
    only_contributing: bool = False,
    trust_verifier: bool = False,
    metadata: bool = False,
) -> Iterator[dict]:
    """The examples of one run directory, in trajectory order (its own verifier is imported only if it
    is an installed one, or with `trust_verifier`: trajectory.load_run)."""
    run_dir = Path(run_dir)
    try:
        run = load_run(run_dir, trust_verifier)
    except (FileNotFoundError, ValueError) as exc:
        raise ExportError(str(exc)) from None
    config, records, metrics = run["config"], run["trajectory"], run["metrics"]
    success = episode_success(records, metrics)
    if only_success and not success:
        return
    options = config.get("options") or {}
    ep = Episode(run["task"], seed=config.get("seed", 0), options=options)
    contributing, cce = contributing_actions(run_dir, records, success, ep.agents)
    try:
        convs = conversations(
            ep.agents, {a: make_briefing(ep.task, a, ep.disabled) for a in ep.agents}, prompt_options(config)
        )
    except ValueError as exc:
        raise ExportError(f"{run_dir}: {exc}") from None
    last = next((r["status"] for r in reversed(records) if r["type"] == "round_end"), ep.status())
    psr = float(metrics.get("psr", last.get("psr", 0.0)))
    outcome = {
        "success": success,
        "psr": psr,
        "team_return": psr + (float(options.get("success_bonus", 1.0)) if success else 0.0),
        **cce,
    }
    sent = sent_call_ids(run_dir)
    turns: dict[str, int] = {}
    for i, rec in enumerate(records):
        if rec["type"] != "action":
            ep.end_round()
            continue
        agent = rec["agent"]
        conv = convs[agent]
        pending, messages, tools = conv.begin(agent, ep.observe(agent))
        parsed = rec["tool"] is not None
        call = {"tool": rec["tool"], "args": rec["args"]} if parsed else _raw_text(rec["raw"])
        turn = turns[agent] = turns.get(agent, -1) + 1
        ids = sent.get(agent) or []
        call_id = (ids[turn] if turn < len(ids) else None) or f"call_{rec['id']}"
        conv.finish(pending, messages, reply_for(call, call_id))
        got = ep.act(agent, ParseError(rec["error"], rec["raw"]) if not parsed else call)
        if strip_volatile(got) != strip_volatile(rec):
            raise ExportError(
                f"{run_dir}: replay diverged at record {i} (action {rec['id']}); "
                "the run was made by another version of the world or task"
            )
        if not parsed or (only_contributing and rec["id"] not in contributing):
            continue
        meta = {
            "run_dir": str(run_dir),
            "task": ep.task.id,
            "seed": config.get("seed", 0),
            "agent": agent,
            "round": rec["round"],
            "action_id": rec["id"],
            "ok": rec["ok"],
            "result": rec["result"],
            "error": rec["error"],
            "contributing": rec["id"] in contributing,
            **outcome,
        }
        chat = messages + [pending.assistant]
        if fmt == "openai-chat":
            yield _openai(chat, tools, meta if metadata else None, run_dir)
        else:
            yield _sharegpt(chat, tools, meta)


def _raw_text(raw: Any) -> str:
    return raw if isinstance(raw, str) else json.dumps(raw)


def _openai(messages: list[dict], tools: list[dict], meta: dict | None, run_dir: Path) -> dict:
    """One line of OpenAI's fine-tuning format (plus `metadata` when asked for); null values left out."""
    line = {"messages": [{k: v for k, v in m.items() if v is not None} for m in messages], "tools": tools}
    problems = openai_chat_problems(line)
    if problems:  # a prompt shape this module does not know: say so rather than write a line OpenAI refuses
        raise ExportError(
            f"{run_dir}: an example falls outside OpenAI's fine-tuning format: {'; '.join(problems)}"
        )
    return line if meta is None else {**line, "metadata": meta}


_SHAREGPT_ROLE = {"user": "human", "assistant": "gpt", "tool": "observation"}


def _sharegpt(messages: list[dict], tools: list[dict], meta: dict) -> dict:
    """ShareGPT with function calls: system apart; human / gpt / function_call / observation turns."""
    system = "\n".join(m["content"] for m in messages if m["role"] == "system")
    turns = []
    for m in messages:
        if m["role"] == "system":
            continue
        if m["role"] == "assistant" and m.get("tool_calls"):
            f = m["tool_calls"][0]["function"]
            turns.append(
                {
                    "from": "function_call",
                    "value": json.dumps({"name": f["name"], "arguments": json.loads(f["arguments"])}),
                }
            )
        else:
            turns.append({"from": _SHAREGPT_ROLE[m["role"]], "value": m.get("content") or ""})
    return {
        "conversations": turns,
        "system": system,
        "tools": json.dumps([t["function"] for t in tools]),
        "metadata": meta,
    }


def export(
    dirs: list[str],
    out: str | Path,
    fmt: Format = "openai-chat",
    *,
    only_success: bool = False,
    only_contributing: bool = False,
    trust_verifier: bool = False,
    metadata: bool = False,
) -> dict[str, int]:
    """Write every example of the runs under `dirs` to `out` (JSON lines); returns counts."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    runs = expand_dirs(dirs)
    counts = {"runs": 0, "examples": 0}
    out = Path(out)
    partial = out.with_name(
        out.name + ".partial"
    )  # a failed export leaves neither a stray nor a clobbered file
    try:
        with open(partial, "w", encoding="utf-8") as fh:
            for run_dir in runs:
                counts["runs"] += 1
                for example in export_run(
                    run_dir,
                    fmt,
                    only_success=only_success,
                    only_contributing=only_contributing,
                    trust_verifier=trust_verifier,
                    metadata=metadata,
                ):
                    fh.write(json.dumps(example, ensure_ascii=False) + "\n")
                    counts["examples"] += 1
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)
    return counts


def configure_export(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "dirs", nargs="+", metavar="RUN_DIR|EVAL_DIR", help="run directories, or eval directories"
    )
    parser.add_argument("--format", choices=FORMATS, default="openai-chat", help="default: openai-chat")
    parser.add_argument("--only-success", action="store_true", help="only episodes that succeeded")
    parser.add_argument(
        "--only-contributing", action="store_true", help="only actions on a causal path to success (CCE)"
    )
    parser.add_argument(
        "--metadata",
        action="store_true",
        help="openai-chat: add each example's outcome and place in the run as `metadata` (not part of "
        "OpenAI's fine-tuning format; sharegpt lines always carry it)",
    )
    parser.add_argument("--out", required=True, metavar="FILE.jsonl")
    add_trust_argument(parser)


def command_export(args: argparse.Namespace) -> int:
    try:
        counts = export(
            args.dirs,
            args.out,
            args.format,
            only_success=args.only_success,
            only_contributing=args.only_contributing,
            trust_verifier=args.trust_run_verifier,
            metadata=args.metadata,
        )
    except ExportError as exc:
        print(f"agentworld export: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {counts['examples']} examples from {counts['runs']} runs to {args.out}")
    return 0
