"""Reading an agent's action: `parse_action` turns what an agent produced into a `ToolCall` or a
`ParseError` (agentworld/tools.py).

It accepts the shapes agents actually produce (a dict, an OpenAI-style function call, a JSON string
or a model instance) and its error messages tell the agent exactly what to fix. It never raises on
agent input: the env turns a `ParseError` into a no-op turn. A record's `raw` is a bounded JSON copy
of what was sent (`raw_is_exact` says when replay can parse it again).
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

from pydantic import ValidationError

from agentworld import tools
from agentworld.tools import MAX_RAW_CHARS, TOOLS, ParseError, Tool, ToolCall


def _closest(name: str, options: tuple[str, ...] | list[str]) -> str:
    close = difflib.get_close_matches(name, options, n=1, cutoff=0.5)
    return f"; did you mean '{close[0]}'?" if close else f"; available tools: {', '.join(options)}"


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe(error: dict, tool: str) -> str:
    """One precise sentence for one pydantic error."""
    loc = [str(p) for p in error.get("loc", ())]
    # Drop the union branch labels pydantic adds, e.g. ('target', 'str') -> 'target'.
    path = (
        ".".join(
            p
            for p in loc
            if not p.startswith(("constrained-", "function-", "str", "list[")) and p not in ("int",)
        )
        or "arguments"
    )
    kind = error.get("type", "")
    if kind == "missing":
        return f"{tool}: missing argument '{path}'"
    if kind == "extra_forbidden":
        accepted = ", ".join(TOOLS[tool].model_fields) or "none"
        return f"{tool}: unexpected argument '{loc[0] if loc else path}' (accepted: {accepted})"
    return f"{tool}: argument '{path}' {error.get('msg', 'is invalid').lower()} (got {_short(error.get('input'))})"


# Arguments that accept several shapes get one clear sentence instead of one error per shape.
_UNION_HINTS = {
    ("move_to", "target"): "must be [x, y] or an id/name string",
    ("chat", "to"): "must be an agent name, a list of agent names, or 'team'",
}


def _explain(exc: ValidationError, tool: str) -> str:
    by_path: dict[str, list[dict]] = {}
    for err in exc.errors(include_url=False):
        by_path.setdefault(str(err["loc"][0]) if err.get("loc") else "", []).append(err)
    parts = []
    for path, errs in by_path.items():
        hint = _UNION_HINTS.get((tool, path))
        if hint and len(errs) > 1 and errs[0].get("type") != "missing":
            parts.append(f"{tool}: argument '{path}' {hint} (got {_short(errs[0].get('input'))})")
        else:
            parts.append(_describe(errs[0], tool))
    return "; ".join(parts[:3])


def validate_call(
    tool: str, args: Any, disabled: frozenset[str] | set[str] = frozenset()
) -> ToolCall | ParseError:
    """Validate arguments for a known or unknown tool name."""
    raw = {"tool": tool, "args": args}
    if not isinstance(tool, str):
        return ParseError(f"the tool name must be a string, got {_short(tool)}", raw)
    cls = TOOLS.get(tool)
    if cls is None:
        return ParseError(
            f"unknown tool '{_short(tool, 40).strip(chr(39))}'" + _closest(tool, tools.TOOL_NAMES), raw
        )
    if tool in disabled:
        return ParseError(f"the tool '{tool}' is disabled in this episode", raw)
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return ParseError(
            f'{tool}: arguments must be an object like {{"name": value}}, got {_short(args)}', raw
        )
    try:
        model = cls.model_validate(args)
    except ValidationError as exc:
        return ParseError(_explain(exc, tool), raw)
    return model.call()


def parse_action(action: Any, disabled: frozenset[str] | set[str] = frozenset()) -> ToolCall | ParseError:
    """Turn whatever an agent produced into a ToolCall or a ParseError (never raises).

    Accepted: {"tool": name, "args": {...}}; {"name": name, "arguments": "<json>" | {...}} (OpenAI);
    {"type": "function", "function": {...}}; a JSON string of any of these; a Tool model instance;
    a ToolCall. Tools listed in `disabled` give an error.
    """
    try:
        out = _parse(action, disabled)
        return out if isinstance(out, ToolCall) else ParseError(out.error, _raw(out.raw))
    except Exception as exc:  # defensive: agent input must never crash the env
        return ParseError(f"could not read the action: {type(exc).__name__}: {exc}", _raw(action))


# A record's `raw` is a bounded JSON copy of what the agent sent. It is exact (parse_action(raw)
# gives the same error again, which replay checks) unless it ends in TRUNCATED (an over-long
# string) or starts with NOT_JSON (a repr of an object JSON cannot carry: tuples, sets, NaN...).
TRUNCATED = re.compile(r"\.\.\.\[\d+ more chars\]\Z")
NOT_JSON = "<not JSON> "


def _raw(action: Any) -> Any:
    """A JSON-friendly, bounded copy of an unparseable action for the trajectory (never raises)."""
    if isinstance(action, str):
        return (
            action
            if len(action) <= MAX_RAW_CHARS
            else action[:MAX_RAW_CHARS] + f"...[{len(action) - MAX_RAW_CHARS} more chars]"
        )
    try:
        text = json.dumps(action)
        if json.loads(text) != action:  # a tuple, a non-string key, NaN: the copy would read differently
            raise ValueError("not a faithful JSON copy")
    except Exception:  # not JSON-able (objects, sets, deep nesting): keep a bounded, marked repr
        try:
            return _raw(NOT_JSON + repr(action))
        except Exception:
            return f"{NOT_JSON}<unprintable {type(action).__name__}>"
    return json.loads(text) if len(text) <= MAX_RAW_CHARS else _raw(text)


def raw_is_exact(raw: Any) -> bool:
    """Whether a recorded `raw` is exactly what the agent sent (see TRUNCATED and NOT_JSON)."""
    return not (isinstance(raw, str) and (raw.startswith(NOT_JSON) or TRUNCATED.search(raw) is not None))


def _parse(action: Any, disabled: frozenset[str] | set[str]) -> ToolCall | ParseError:
    if isinstance(action, ToolCall):
        return validate_call(action.tool, action.args, disabled)
    if isinstance(action, Tool):
        if action.name in disabled:
            return ParseError(
                f"the tool '{action.name}' is disabled in this episode", action.call().to_dict()
            )
        return action.call()
    if isinstance(action, (bytes, bytearray)):
        action = action.decode("utf-8", errors="replace")
    if isinstance(action, str):
        text = action.strip()
        if not text:
            return ParseError(
                'empty action: send one tool call like {"tool": "wait", "args": {}}', _raw(action)
            )
        if len(text) > 4 * MAX_RAW_CHARS:
            return ParseError(
                f"the action is {len(text)} characters long; the limit is {4 * MAX_RAW_CHARS}", _raw(action)
            )
        try:
            decoded = json.loads(text)
        except json.JSONDecodeError as exc:
            if text in TOOLS:  # a bare tool name such as "wait"
                return validate_call(text, {}, disabled)
            return ParseError(
                f"the action is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
                'send one tool call like {"tool": "gather", "args": {"target": "oak_tree#12"}}',
                _raw(action),
            )
        if not isinstance(decoded, dict):
            return ParseError(f"the action must be a JSON object, got {type(decoded).__name__}", _raw(action))
        result = _parse_dict(decoded, disabled)
        if isinstance(result, ParseError):
            return ParseError(result.error, _raw(action))
        return result
    if isinstance(action, dict):
        result = _parse_dict(action, disabled)
        if isinstance(result, ParseError):
            return ParseError(result.error, _raw(action))
        return result
    if action is None:
        return ParseError('no action given: send one tool call like {"tool": "wait", "args": {}}', None)
    return ParseError(
        f"an action must be a dict, a JSON string or a tool model, got {type(action).__name__}", _raw(action)
    )


def _parse_dict(action: dict, disabled: frozenset[str] | set[str]) -> ToolCall | ParseError:
    if "function" in action and isinstance(
        action["function"], dict
    ):  # {"type": "function", "function": {...}}
        action = action["function"]
    if "tool" in action:
        extra = set(action) - {"tool", "args"}
        if extra:
            return ParseError(
                f'unexpected key(s) {sorted(map(str, extra))} in the action; use {{"tool": name, "args": {{...}}}}'
            )
        return validate_call(action["tool"], action.get("args"), disabled)
    if "name" in action:
        extra = set(action) - {"name", "arguments", "id", "type"}
        if extra:
            return ParseError(
                f'unexpected key(s) {sorted(map(str, extra))} in the action; use {{"name": tool, "arguments": {{...}}}}'
            )
        args = action.get("arguments")
        if isinstance(args, str):
            if not args.strip():
                args = {}
            else:
                try:
                    args = json.loads(args)
                except json.JSONDecodeError as exc:
                    return ParseError(
                        f"{_short(action['name'], 40)}: 'arguments' is not valid JSON ({exc.msg} at column {exc.colno})"
                    )
        return validate_call(action["name"], args, disabled)
    return ParseError('the action has no \'tool\' key; send {"tool": name, "args": {...}}')
