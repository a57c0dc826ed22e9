"""One model context: the briefing, the turns kept verbatim, the digest of older ones, and the
accounting of every reply (tokens, cost, protocol issues, the transcript saved with a run)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from typing import Any

from agentworld.agents.llm.client import ChatClient, ContextExceeded, TurnDeadline
from agentworld.agents.llm.context import (
    DIGEST_LINES,
    RESERVE,
    token_counter,
    cut_observation,
    fit,
    prompt_limit,
    tools_tokens,
)
from agentworld.agents.llm.options import LLMOptions
from agentworld.agents.llm.prices import call_cost, load_prices, price_of
from agentworld.agents.llm.prompts import (
    NO_DOCS,
    clip,
    load_templates,
    observation_field,
    observation_text,
    render,
)
from agentworld.agents.llm.replies import MAX_REPLY_CHARS, Reply, bounded
from agentworld.agents.llm.usage import new_usage


@dataclass
class Turn:
    """One act(): the observation shown and the model's (normalised) answer."""

    actor: str
    round: int | None
    text: str  # observation text shown
    feedback: str = ""  # notes about the previous reply (protocol problems)
    assistant: dict | None = None  # the assistant message kept in history
    call: str = ""  # "gather {...}" for the digest
    result: str = ""  # filled in from the actor's next observation
    messages: list[str] = field(default_factory=list)  # chat received in this observation
    issues: list[str] = field(default_factory=list)  # what fitting the prompt had to do (context_folds...)
    counted_tokens: int = 0  # the prompt's size as counted here (see context.py)

    def has_call(self) -> bool:
        return bool(self.assistant and self.assistant.get("tool_calls"))


class Conversation:
    """One model context. Per-seat agents own one each; single-agent mode shares one."""

    def __init__(self, options: LLMOptions, client: ChatClient | None = None):
        self.options = options
        self.templates = load_templates(options.prompts or os.environ.get("AGENTWORLD_PROMPTS") or None)
        self.client = client or ChatClient(options)
        self.prices = load_prices(options.prices)
        self.price = price_of(self.prices, self.client.model) if self.prices else None
        if self.prices and self.price is None:
            raise ValueError(f"price table has no entry for model {self.client.model!r}")
        if options.max_cost is not None and self.price is None:
            raise ValueError(
                "max_cost (--max-cost) needs a price table (--prices or $AGENTWORLD_PRICES) "
                f"with an entry for model {self.client.model!r}"
            )
        self.counter = token_counter(options.tokenizer)  # what the context budget counts with
        self.briefings: dict[str, dict] = {}
        self.turns: list[Turn] = []
        self.usage = new_usage(self.counter.method)
        self.usage_by_actor: dict[str, dict] = {}
        self.feedback: dict[str, list[str]] = {}
        self.transcript: list[dict] = []  # per-turn record (prompt size, issues) for run dirs
        self._reset_context()

    def _reset_context(self) -> None:
        """The context budget's state for a new episode: nothing folded, the configured limit."""
        opts = self.options
        self.limit = prompt_limit(opts.context_tokens, opts.max_tokens, opts.context_budget)
        self.start, self.digest_lines = (
            0,
            DIGEST_LINES[0],
        )  # first verbatim turn, digest cap (see context.fit)
        self.tool_schemas: list[dict] | None = None
        self.tools_size = 0

    # -- episode setup
    def register(self, name: str, briefing: dict) -> None:
        if name in self.briefings:  # a seat reset twice: a new episode begins
            self.briefings, self.turns, self.feedback, self.transcript = {}, [], {}, []
            self.usage, self.usage_by_actor = new_usage(self.counter.method), {}
            self._reset_context()
        self.tool_schemas = None  # the briefing may bring its own
        self.briefings[name] = dict(briefing or {})
        self.usage_by_actor[name] = new_usage(self.counter.method)
        self.feedback[name] = []

    def _tools(self) -> list[dict]:
        if self.tool_schemas is None:
            self.tool_schemas = self._schemas()
            self.tools_size = tools_tokens(self.tool_schemas, self.counter)
        return self.tool_schemas

    def _schemas(self) -> list[dict]:
        from agentworld import tools

        for briefing in self.briefings.values():
            given = briefing.get("tools") or briefing.get("tool_schemas")
            if given:
                return [s if "function" in s else {"type": "function", "function": s} for s in given]
        return tools.schemas()

    # -- rendering
    def _values(self, actor: str, rnd: int | None, text: str, feedback: str) -> dict[str, Any]:
        b = self.briefings.get(actor, {})
        max_rounds = b.get("max_rounds")
        teammates = b.get("teammates")
        if self.options.single_agent:  # the whole team, as everyone is played by this context
            teammates = [{"name": n, "role": self.briefings[n].get("role")} for n in self.briefings]
        if isinstance(teammates, (list, tuple)):
            teammates = ", ".join(_teammate(t) for t in teammates) or "(none)"
        rounds_left = max_rounds - rnd + 1 if isinstance(max_rounds, int) and isinstance(rnd, int) else None
        return {
            "task_id": b.get("task_id") or b.get("task", ""),
            "task_name": b.get("task_name") or b.get("name") or b.get("task_id", ""),
            "objective": b.get("objective", ""),
            "name": actor,
            "role": b.get("role") or actor,
            "teammates": teammates,
            "documentation": self._docs(b),
            "round": rnd if rnd is not None else "?",
            "max_rounds": max_rounds if max_rounds is not None else "?",
            "rounds_left": rounds_left if rounds_left is not None else "?",
            "feedback": feedback,
            "observation": text,
        }

    def _docs(self, briefing: dict) -> str:
        docs = (
            "" if self.options.no_docs else (briefing.get("context") or briefing.get("documentation") or "")
        )
        return docs.strip() or NO_DOCS

    def _digest(self, dropped: list[Turn], max_lines: int = DIGEST_LINES[0]) -> str:
        if not dropped:
            return ""
        if self.options.history == "last" or max_lines == 0:
            return f"\n({len(dropped)} earlier turns are not shown.)\n"
        lines = []
        for t in dropped:
            who = f"{t.actor} " if self.options.single_agent else ""
            lines.append(
                f"- round {t.round}: {who}{t.call or 'no action'}{' -> ' + t.result if t.result else ''}"
            )
            lines.extend(f"  {m}" for m in t.messages)
        if len(lines) > max_lines:
            lines = [f"- ... {len(lines) - max_lines} older lines omitted"] + lines[-max_lines:]
        return "\n# Summary of your earlier turns\n" + "\n".join(clip(line, 240) for line in lines) + "\n"

    def messages_for(self, pending: Turn) -> list[dict]:
        """The prompt for the pending turn: system, briefing + window of turns, this observation.

        The prompt (tool schemas included) always fits `self.limit` (context.fit): older turns
        fold into the digest when it would not, and what was done is noted on `pending`.
        """
        turns = self.turns + [pending]
        start = self.start
        if self.options.history != "full":
            start = max(start, len(turns) - 1 - self.options.history_turns)
        self._tools()

        def render_at(first: int, digest_lines: int, observation_chars: int | None) -> list[dict]:
            window = turns[first:]
            if observation_chars is not None:
                window[-1] = replace(pending, text=cut_observation(pending.text, observation_chars))
            return self._render(turns[:first], window, digest_lines)

        chosen = fit(
            render_at, len(turns), start, self.digest_lines, self.limit, self.tools_size, self.counter
        )
        self.start, self.digest_lines = chosen.start, chosen.digest_lines
        pending.counted_tokens = chosen.tokens
        if chosen.folded:
            pending.issues.append("context_folds")
        if chosen.observation_chars is not None:
            pending.text = cut_observation(pending.text, chosen.observation_chars)
            pending.issues.append("observation_cuts")
        return chosen.messages

    def _render(
        self, dropped: list[Turn], window: list[Turn], digest_lines: int = DIGEST_LINES[0]
    ) -> list[dict]:
        first = window[0]
        values = self._values(first.actor, first.round, first.text, first.feedback)
        values["history"] = self._digest(dropped, digest_lines)
        if self.options.single_agent:
            members = "\n".join(
                render(self.templates["team_member.md"], **self._values(n, first.round, "", ""))
                for n in self.briefings
            )
            user = render(self.templates["team_user.md"], members=members, **values)
        else:
            user = render(self.templates["user.md"], **values)
        msgs = [
            {
                "role": "system",
                "content": render(self.templates["system.md"], max_rounds=values["max_rounds"]),
            },
            {"role": "user", "content": user},
        ]
        for prev, turn in zip(window, window[1:]):
            msgs.append(prev.assistant or {"role": "assistant", "content": ""})
            content = render(
                self.templates["turn.md"], **self._values(turn.actor, turn.round, turn.text, turn.feedback)
            )
            if prev.has_call():
                msgs.append(
                    {
                        "role": "tool",
                        "tool_call_id": prev.assistant["tool_calls"][0]["id"],
                        "content": content,
                    }
                )
            else:
                msgs.append({"role": "user", "content": content})
        return msgs

    # -- one turn
    def step(self, actor: str, observation: Any) -> dict | str:
        pending, messages = self._begin(actor, observation)
        for retried in (False, True):
            try:
                reply = self.client.complete(messages, self._tools())
                break
            except ContextExceeded as exc:
                if retried:
                    raise
                messages = self._tighten(pending, exc)
            except TurnDeadline as exc:
                return self._late(actor, pending, messages, exc)
        return self._end(actor, pending, messages, reply)

    async def astep(self, actor: str, observation: Any) -> dict | str:
        """step() with the async client: many conversations wait on the model at once."""
        pending, messages = self._begin(actor, observation)
        for retried in (False, True):
            try:
                reply = await self.client.acomplete(messages, self._tools())
                break
            except ContextExceeded as exc:
                if retried:
                    raise
                messages = self._tighten(pending, exc)
            except TurnDeadline as exc:
                return self._late(actor, pending, messages, exc)
        return self._end(actor, pending, messages, reply)

    def _tighten(self, pending: Turn, exc: ContextExceeded) -> list[dict]:
        """The server found the prompt too long for its context: the limit drops (for the rest of the
        episode) to 3/4 of what was sent, or to the window the server named if that is lower, and the
        prompt is fitted again for one more try."""
        limit = int(min(self.limit, pending.counted_tokens) * 0.75)
        if exc.window:
            limit = min(limit, exc.window - (self.options.max_tokens or RESERVE))
        self.limit = max(1, limit)
        pending.issues.append("context_exceeded")
        return self.messages_for(pending)

    def begin(self, actor: str, observation: Any) -> tuple[Turn, list[dict], list[dict]]:
        """First half of a turn: the prompt (messages) and tool schemas the model is shown.

        `step` = begin + the model's reply + `finish`; rollouts and `agentworld export` call the
        halves themselves to put another policy (or a recorded call) in the model's place.
        """
        pending, messages = self._begin(actor, observation)
        return pending, messages, self._tools()

    def finish(self, pending: Turn, messages: list[dict], reply: Reply) -> dict | str:
        """Second half of a turn: keep the reply in history, account for it; returns the env action."""
        return self._end(pending.actor, pending, messages, reply)

    def _begin(self, actor: str, observation: Any) -> tuple[Turn, list[dict]]:
        rnd = observation_field(observation, "round")
        rnd = int(rnd) if isinstance(rnd, (int, float)) or (isinstance(rnd, str) and rnd.isdigit()) else None
        self._attach_result(actor, observation)
        notes = self.feedback.get(actor) or []
        feedback = "".join(f"Note: {n}\n" for n in notes)
        self.feedback[actor] = []
        pending = Turn(actor, rnd, observation_text(observation), feedback, messages=_received(observation))
        return pending, self.messages_for(pending)

    def _late(self, actor: str, pending: Turn, messages: list[dict], exc: TurnDeadline) -> dict:
        """The deadline passed: the turn is a wait; the model hears why next turn; the transcript keeps the error."""
        pending.assistant = {
            "role": "assistant",
            "content": "(no answer in time: this turn was played as a wait)",
        }
        pending.call = "wait (turn deadline passed)"
        self.turns.append(pending)
        self.feedback[actor].append(
            f"the model server did not answer your previous turn in time ({exc}), so you waited that turn."
        )
        for usage in (self.usage, self.usage_by_actor[actor]):
            usage["deadline_turns"] += 1
        self.transcript.append(
            {
                "actor": actor,
                "round": pending.round,
                "prompt_tokens": 0,
                "completion_tokens": 0,
                "messages": len(messages),
                "issues": ["turn_deadline"],
                "error": str(exc),
                "retries": 0,
                "content": "",
                "tool_calls": [],
            }
        )
        return {"tool": "wait", "args": {}}

    def _end(self, actor: str, pending: Turn, messages: list[dict], reply: Reply) -> dict | str:
        reply, truncated = bounded(reply)
        if "content" in truncated:
            self.feedback[actor].append(
                f"your previous reply's text was {truncated['content']} characters long; "
                f"only its first {MAX_REPLY_CHARS} are kept. Keep replies short."
            )
        action, assistant, call, issues = self._interpret(actor, reply)
        pending.assistant, pending.call = assistant, call
        self.turns.append(pending)
        if truncated:
            issues.append("truncated_replies")
        self._quirk_feedback(actor, reply)
        issues = pending.issues + reply.notes + issues
        self.account(actor, reply, issues, pending.counted_tokens)
        row = {
            "actor": actor,
            "round": pending.round,
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "cached_tokens": reply.cached_tokens,
            "counted_prompt_tokens": pending.counted_tokens,
            "messages": len(messages),
            "issues": issues,
            "retries": reply.retries,
            "content": clip(reply.content, 500),
            "tool_calls": [
                {"id": c["id"], "name": c["name"], "arguments": clip(c["arguments"], 500)}
                for c in reply.tool_calls
            ],
        }
        if reply.finish_reason and reply.finish_reason not in ("stop", "tool_calls"):
            row["finish_reason"] = reply.finish_reason
        if reply.reasoning:
            row["reasoning_chars"] = len(
                reply.reasoning
            )  # kept out of the history (servers ask not to send it back)
        if reply.from_cache:
            row["from_cache"] = True
        if truncated:
            row["truncated"] = truncated  # {field: its length as the server sent it}
        self.transcript.append(row)
        return action

    def _quirk_feedback(self, actor: str, reply: Reply) -> None:
        """Notes for the model's next observation about a reply that lost its turn for a server-side reason."""
        if reply.tool_calls:
            return
        if "finish_length" in reply.notes:
            self.feedback[actor].append(
                "your previous reply was cut off at the completion token limit before it "
                "made a tool call: make the tool call first and keep any reasoning short."
            )
        if "empty_choices" in reply.notes:
            self.feedback[actor].append(
                "the model server sent back no answer at all for your previous turn, so that turn was lost."
            )

    def _attach_result(self, actor: str, observation: Any) -> None:
        """Give the actor's previous turn the result its new observation reports (for the digest)."""
        for turn in reversed(self.turns):
            if turn.actor == actor:
                if not turn.result:
                    error = observation_field(observation, "last_error")
                    result = observation_field(observation, "last_result")
                    turn.result = clip(f"failed: {error}" if error else (result or ""), 160)
                return

    def _interpret(self, actor: str, reply: Reply) -> tuple[dict | str, dict, str, list[str]]:
        """The action for the env, the assistant message kept in history, a digest line, the issues."""
        calls = reply.tool_calls
        if not calls:
            self.feedback[actor].append(
                "your previous reply contained no tool call, so your turn was lost (the failed-action error "
                "below is about that reply). Call one of the provided functions; do not write the call as text."
            )
            text = reply.content.strip() or "(empty reply)"
            assistant = {"role": "assistant", "content": reply.content or "(no tool call)"}
            # Prefixed so it can never parse as a tool call: the env records it as raw + error.
            return (
                f"no tool call in the model reply: {clip(text, 2000)}",
                assistant,
                "no tool call",
                ["no_tool_call"],
            )
        first, issues = calls[0], []
        if first["problem"]:
            problem = first["problem"]
            self.feedback[actor].append(
                f"your previous reply's tool call was malformed ({problem}), so your turn was lost. Call one "
                "of the provided functions by its name, with a JSON object of arguments."
            )
            assistant = {
                "role": "assistant",
                "content": f"{reply.content}\n[malformed tool call: {problem}]".strip(),
            }
            # Prefixed so it can never parse as a tool call: the env records it as raw + error.
            return (
                f"malformed tool call in the model reply: {problem}",
                assistant,
                "malformed tool call",
                ["malformed_tool_call"],
            )
        if len(calls) > 1:
            ignored = clip(", ".join(c["name"] for c in calls[1:]), 300)
            self.feedback[actor].append(
                f"your previous reply had {len(calls)} tool calls; only the first ({first['name']}) was carried "
                f"out and the others ({ignored}) were ignored. Send exactly one tool call per reply."
            )
            issues.append("extra_tool_calls")
        assistant = {
            "role": "assistant",
            "content": reply.content or None,
            "tool_calls": [
                {
                    "id": first["id"],
                    "type": "function",
                    "function": {"name": first["name"], "arguments": first["arguments"]},
                }
            ],
        }
        try:
            json.loads(first["arguments"] or "{}")
        except json.JSONDecodeError:
            issues.append("invalid_arguments")  # the env's error in the next observation says what is wrong
            # Some servers re-parse the arguments of past calls: keep this one as plain text instead.
            assistant = {
                "role": "assistant",
                "content": f"{reply.content}\n[tool call {first['name']} with arguments {first['arguments']}]".strip(),
            }
        call = f"{first['name']} {clip(first['arguments'], 120)}"
        # parse_action reads OpenAI-style calls; bad JSON becomes a precise error in the record.
        return {"name": first["name"], "arguments": first["arguments"] or "{}"}, assistant, call, issues

    def account(self, actor: str, reply: Reply, issues: list[str], counted: int = 0) -> None:
        """Count one reply (tokens, cost, issues) for the conversation and for the seat it was made for
        (also used by the team harnesses, whose contexts keep no history of their own here)."""
        cost = 0.0
        if self.price is not None and not reply.from_cache:
            cost = call_cost(self.price, reply.prompt_tokens, reply.cached_tokens, reply.completion_tokens)
            self.client.limiter.spend(cost)
        for usage in (self.usage, self.usage_by_actor[actor]):
            usage["prompt_tokens"] += reply.prompt_tokens
            usage["cached_tokens"] += reply.cached_tokens
            usage["completion_tokens"] += reply.completion_tokens
            usage["calls"] += 1
            usage["cost"] = round(usage["cost"] + cost, 8)
            usage["retries"] += reply.retries
            usage["latency"] = round(usage["latency"] + reply.latency, 3)
            usage["per_turn_prompt_tokens"].append(reply.prompt_tokens)
            usage["max_prompt_tokens"] = max(usage["max_prompt_tokens"], reply.prompt_tokens)
            usage["max_counted_prompt_tokens"] = max(usage["max_counted_prompt_tokens"], counted)
            usage["estimated_tokens"] = usage["estimated_tokens"] or reply.estimated_tokens
            for issue in issues:
                usage[issue] += 1


def _teammate(entry: Any) -> str:
    if isinstance(entry, dict):
        name, role = entry.get("name", "?"), entry.get("role")
        return f"{name} ({role})" if role else str(name)
    return str(entry)


def _received(observation: Any) -> list[str]:
    messages = observation_field(observation, "messages") or []
    out = []
    for m in messages if isinstance(messages, list) else []:
        if isinstance(m, dict):
            out.append(clip(f"{m.get('from', '?')} said: {m.get('text', '')}", 200))
    return out
