"""What a server's answer becomes: a `Reply` with string fields, parsed without ever raising on
junk (null names, arguments that are not JSON, usage sent as a string), and bounded before the
conversation keeps it (a model that answers megabytes cannot make every later prompt grow)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import Any

from agentworld.agents.llm.prompts import clip

# What a reply may put in the conversation (every later prompt carries it). Real tool calls are far
# shorter (a chat message is at most 2,000 characters); 64 is the OpenAI API's own limit for names.
MAX_REPLY_CHARS = 16_000
MAX_ARGUMENT_CHARS = 8_000
MAX_CALL_NAME = 64
MAX_CALL_ID = 128
TEXT_SCAN_CHARS = 16_000  # how much of a reply's text is searched for a written-out tool call
TEXT_SCAN_OBJECTS = 32  # JSON objects tried in it at most (a reply full of braces stays cheap)
TOOL_CALL_TAG = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)


@dataclass
class Reply:
    """One model answer reduced to what the agent needs."""

    content: str
    tool_calls: list[dict]  # [{"id", "name", "arguments"}] as returned
    prompt_tokens: int
    completion_tokens: int
    retries: int
    latency: float
    estimated_tokens: bool = False
    cached_tokens: int = 0  # prompt tokens the server read from its prompt cache (part of prompt_tokens)
    finish_reason: str | None = None  # as the server sent it ("length": cut at max_tokens)
    reasoning: str = (
        ""  # reasoning_content / reasoning the server sent beside the answer (not kept in history)
    )
    notes: list[str] = field(default_factory=list)  # reply quirks and cache use, each counted in usage
    from_cache: bool = False  # replayed from the response cache: no request was sent, no cost


def reply_text(value: Any) -> str:
    """A reply's text content as a string, whatever the server put there."""
    if value is None or isinstance(value, str):
        return value or ""
    return json.dumps(value, default=str)


def parse_tool_calls(message: Any) -> list[dict]:
    """The reply's tool calls as {"id", "name", "arguments", "problem"} with string fields.

    A call whose name is missing or not a string, or whose arguments are null or not JSON-able,
    keeps a `problem`: the agent turns it into an invalid action reported to the model, never an
    exception that ends the episode (servers do send such replies)."""
    raw = getattr(message, "tool_calls", None)
    calls: list[dict] = []
    for call in raw if isinstance(raw, list) else []:
        function = getattr(call, "function", None)
        if function is None:
            continue
        name, arguments, problem = getattr(function, "name", None), getattr(function, "arguments", None), None
        if not isinstance(name, str) or not name.strip():
            problem = f"the tool call has no function name (got {clip(repr(name), 60)})"
        elif arguments is None:
            problem = f"the call to {clip(name, 60)} has null arguments (send a JSON object, {{}} for none)"
        elif not isinstance(arguments, str):
            try:
                arguments = json.dumps(arguments)
            except (TypeError, ValueError):
                problem = f"the arguments of {clip(name, 60)} are not JSON (got {clip(repr(arguments), 60)})"
        call_id = getattr(call, "id", None)
        calls.append(
            {
                "id": call_id if isinstance(call_id, str) and call_id else f"call_{len(calls)}",
                "name": name if isinstance(name, str) else "",
                "arguments": arguments if isinstance(arguments, str) else "",
                "problem": problem,
            }
        )
    return calls


def reasoning_text(message: Any) -> str:
    """What reasoning servers send beside the answer: vLLM and DeepSeek `reasoning_content`,
    OpenRouter and Ollama `reasoning` (a string or a list of parts)."""
    for key in ("reasoning_content", "reasoning"):
        value = getattr(message, key, None)
        if value is None and isinstance(getattr(message, "model_extra", None), dict):
            value = message.model_extra.get(key)
        if value:
            return value if isinstance(value, str) else json.dumps(value, default=str)
    return ""


def calls_in_text(content: str) -> list[dict]:
    """Tool calls a model wrote into its text, as servers send them when their tool parser is off:
    Hermes-style `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` tags, or such a JSON object
    (or a list of them) in plain text or a code fence. Only objects with a string `name` and an
    `arguments` (or `parameters`) field count, so prose that mentions a name is not a call."""
    text = content[:TEXT_SCAN_CHARS]
    blobs = TOOL_CALL_TAG.findall(text) if "<tool_call>" in text else [text]
    calls: list[dict] = []
    decoder = json.JSONDecoder()
    for blob in blobs:
        starts = [m.start() for m in re.finditer(r"[\[{]", blob)][:TEXT_SCAN_OBJECTS]
        end = -1
        for start in starts:
            if start < end:
                continue  # inside an object already read
            try:
                value, end = decoder.raw_decode(blob, start)
            except ValueError:
                continue
            found = [
                _text_call(item, len(calls) + i)
                for i, item in enumerate(value if isinstance(value, list) else [value])
            ]
            calls += [c for c in found if c]
            if calls:
                break
    return calls


def _text_call(item: Any, index: int) -> dict | None:
    if not isinstance(item, dict):
        return None
    if isinstance(item.get("function"), dict):  # {"type": "function", "function": {...}} written out
        item = item["function"]
    name = item.get("name")
    arguments = item.get("arguments", item.get("parameters"))
    if not isinstance(name, str) or not name or arguments is None:
        return None
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments)
    return {"id": f"text_call_{index}", "name": name, "arguments": arguments, "problem": None}


def _field(usage: Any, key: str) -> Any:
    return usage.get(key) if isinstance(usage, dict) else getattr(usage, key, None)


def cached_tokens(usage: Any) -> int:
    """Prompt tokens served from the server's prompt cache, as each kind of server words it:
    OpenAI and vLLM `prompt_tokens_details.cached_tokens`, DeepSeek `prompt_cache_hit_tokens`,
    Anthropic-style proxies `cache_read_input_tokens`. 0 when absent or junk; never more than the prompt."""
    if usage is None or isinstance(usage, (str, bytes, int, float, list)):
        return 0
    details = _field(usage, "prompt_tokens_details")
    for value in (
        (
            _field(details, "cached_tokens")
            if details is not None and not isinstance(details, (str, list))
            else None
        ),
        _field(usage, "prompt_cache_hit_tokens"),
        _field(usage, "cache_read_input_tokens"),
    ):
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            prompt = _field(usage, "prompt_tokens")
            return min(value, prompt) if isinstance(prompt, int) and not isinstance(prompt, bool) else value
    return 0


def token_counts(usage: Any) -> tuple[int | None, int | None]:
    """(prompt, completion) tokens from a reply's usage; None for a count that is absent or not a
    whole number (usage sent as a string, counts as words): those get estimated instead."""

    def field(key: str) -> Any:
        return usage.get(key) if isinstance(usage, dict) else getattr(usage, key, None)

    def count(value: Any) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        return None

    if usage is None or isinstance(usage, (str, bytes, int, float, list)):
        return None, None
    prompt, completion = count(field("prompt_tokens")), field("completion_tokens")
    if prompt is not None and completion is None:
        return prompt, 0  # a server that counts only the prompt
    return prompt, count(completion)


def bounded(reply: Reply) -> tuple[Reply, dict[str, int]]:
    """The reply as the conversation may keep it, and {field: original length} of what was cut.

    Text past MAX_REPLY_CHARS is cut with a marker. A call whose name or arguments are too long
    cannot be carried out as sent, so it becomes a malformed call (its problem says why) and keeps
    only a cut copy; an over-long call id is replaced by a short one."""
    truncated: dict[str, int] = {}
    content = reply.content
    if len(content) > MAX_REPLY_CHARS:
        truncated["content"] = len(content)
        content = f"{content[:MAX_REPLY_CHARS]} [...{len(content) - MAX_REPLY_CHARS} more characters cut]"
    calls = []
    for index, raw in enumerate(reply.tool_calls):
        call = dict(raw)
        if len(call["id"]) > MAX_CALL_ID:
            call["id"] = f"call_{index}"
        for key, limit, what in (
            ("name", MAX_CALL_NAME, "its tool name is"),
            ("arguments", MAX_ARGUMENT_CHARS, "its arguments are"),
        ):
            if len(call[key]) > limit:
                if index == 0:
                    truncated[key] = len(call[key])
                call["problem"] = call["problem"] or (
                    f"the call {clip(call['name'], 60)}: {what} "
                    f"{len(call[key])} characters long; the limit is {limit}"
                )
                call[key] = call[key][:limit]
        calls.append(call)
    if not truncated and calls == reply.tool_calls:
        return reply, truncated
    return replace(reply, content=content, tool_calls=calls), truncated
