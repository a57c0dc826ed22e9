"""LLM agents: a chat-completions model with function calling plays one seat (or every seat).

Works with any OpenAI-compatible server (OpenAI, vLLM, Ollama, OpenRouter...) through the
`openai` package. Base URL, key and model come from options or from OPENAI_BASE_URL,
OPENAI_API_KEY and AGENTWORLD_MODEL. Prompts are plain template files (agentworld/prompts/,
or a copy given with `prompts=DIR` or $AGENTWORLD_PROMPTS) rendered with `string.Template`
($name placeholders). A price table (`prices=` or $AGENTWORLD_PRICES) gives cost.

Conversation shape, one *turn* per act():
    system (system.md)
    user   (user.md: briefing + digest of dropped turns + the oldest kept observation)
    assistant (one tool call)   tool/user (turn.md: the next observation)   assistant ...
Only the first tool call of a reply is kept in the history; ignored extra calls, replies
without a tool call, malformed calls (null name or arguments) and bad arguments are reported in
the next observation's feedback and counted in `usage`. Junk token counts are estimated. What is
kept is bounded: a reply's text past MAX_REPLY_CHARS is cut (marked, the model told), a call whose
arguments pass MAX_ARGUMENT_CHARS is refused as malformed; the transcript row notes the original
lengths (`truncated: {field: length}`) and `usage["truncated_replies"]` counts them, so a model
that answers megabytes cannot make every later prompt grow by as much.

`make_team(names, single_agent=True, ...)` gives one shared conversation that controls every
avatar in turn (the paper's single-agent baseline).

Calls and their limits: `act` uses the blocking client; `act_async` the async one (one shared
`AsyncOpenAI` per event loop, so hundreds of episodes in flight share a connection pool). Both go
through the same retry policy and the same `agentworld.limits` limiter (max_rpm, max_tpm,
max_cost, the server's Retry-After). `turn_deadline` bounds all tries of one turn, the waits for
a Retry-After included (the caller's own and the pause it puts on everyone sharing the limiter;
only the max_rpm/max_tpm pace is outside it): past it the turn is played as a wait, the error is
noted in the transcript and the next observation, and the episode goes on. A Retry-After is
honoured up to `max_retry_after` seconds. Retries that run out before the deadline (a server that
keeps refusing) still end the episode as an error.
"""

from __future__ import annotations

import asyncio
import importlib
import itertools
import json
import os
import random
import string
import time
import weakref
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agentworld.agents.base import Agent
from agentworld.limits import Limiter, Limits, limiter_for

PROMPTS_DIR = Path(__file__).resolve().parent.parent / "prompts"
TEMPLATES = ("system.md", "user.md", "turn.md", "team_user.md", "team_member.md")
# Placeholders each template may use (anything else is an error naming the file).
PLACEHOLDERS = {
    "system.md": {"max_rounds"},
    "user.md": {"task_id", "task_name", "objective", "name", "role", "teammates", "documentation",
                "history", "round", "max_rounds", "rounds_left", "feedback", "observation"},
    "turn.md": {"name", "role", "round", "max_rounds", "rounds_left", "feedback", "observation"},
    "team_user.md": {"task_id", "task_name", "objective", "name", "role", "teammates", "members",
                     "history", "round", "max_rounds", "rounds_left", "feedback", "observation"},
    "team_member.md": {"name", "role", "documentation"},
}
NO_DOCS = "(No documentation is available for this task.)"
# What a reply may put in the conversation (every later prompt carries it). Real tool calls are far
# shorter (a chat message is at most 2,000 characters); 64 is the OpenAI API's own limit for names.
MAX_REPLY_CHARS = 16_000
MAX_ARGUMENT_CHARS = 8_000
MAX_CALL_NAME = 64
MAX_CALL_ID = 128


class LLMUnavailable(RuntimeError):
    """The model server could not give an answer after all retries (or refused the request)."""


class TurnDeadline(LLMUnavailable):
    """The turn's deadline passed before the server answered: the turn is played as a wait."""


class LLMOptions(BaseModel):
    """Options of an LLM agent (from make_agent(**options) or the CLI)."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    base_url: str | None = None
    api_key: str | None = None
    temperature: float | None = None
    max_tokens: int | None = Field(default=None, ge=1)
    top_p: float | None = None
    seed: int | None = None  # sent to the server when given (for servers that honour it)
    tool_choice: Literal["auto", "required"] | None = None  # None: leave it to the server
    parallel_tool_calls: bool | None = None
    extra_body: dict[str, Any] | None = None
    timeout: float = Field(default=120.0, gt=0)  # seconds per request
    max_retries: int = Field(default=6, ge=0)
    backoff_base: float = Field(default=1.0, ge=0)  # first retry delay (doubles each retry)
    backoff_max: float = Field(default=60.0, ge=0)
    # seconds for all tries of one turn, Retry-After waits included (the max_rpm/max_tpm pace is not)
    turn_deadline: float = Field(default=180.0, gt=0)
    max_retry_after: float = Field(default=60.0, ge=0)  # longest Retry-After honoured; longer ones are cut to it
    max_rpm: float | None = Field(default=None, gt=0)  # requests per minute, shared (see agentworld.limits)
    max_tpm: float | None = Field(default=None, gt=0)  # tokens per minute, shared
    max_cost: float | None = Field(default=None, gt=0)  # dollars; needs prices; no new calls once spent
    limits_file: str | None = None  # state file sharing the limits across processes (eval sets it)
    history: Literal["full", "last", "summary"] = "full"
    history_turns: int = Field(default=8, ge=0)  # turns kept verbatim for "last" / "summary"
    context_budget: int | None = Field(default=None, ge=1)  # max estimated prompt tokens: older turns go to the digest
    prompts: str | None = None  # directory with edited copies of the templates
    prices: dict[str, Any] | str | None = None  # {model: {"input": $/1M, "output": $/1M}} or a JSON file
    no_docs: bool = False  # hide agent-specific documentation (ablation)
    single_agent: bool = False

    @field_validator("prompts")
    @classmethod
    def _prompts_dir(cls, value: str | None) -> str | None:
        if value is not None and not Path(value).is_dir():
            raise ValueError(f"prompts directory {value!r} does not exist")
        return value


def parse_options(options: dict[str, Any]) -> LLMOptions:
    """LLMOptions from keyword options, with one readable line per problem."""
    try:
        return LLMOptions(**options)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            where = ".".join(str(p) for p in err["loc"]) or "options"
            msg = "unknown option" if err["type"] == "extra_forbidden" else err["msg"]
            problems.append(f"{where}: {msg} (got {err.get('input')!r})")
        raise ValueError("invalid LLM agent options: " + "; ".join(problems)) from None


# --------------------------------------------------------------------------- prompts

def load_templates(directory: str | os.PathLike | None = None) -> dict[str, string.Template]:
    """Templates from `directory`, falling back per file to the shipped ones; placeholders checked."""
    out = {}
    for name in TEMPLATES:
        path = Path(directory) / name if directory else None
        if path is None or not path.is_file():
            path = PROMPTS_DIR / name
        text = path.read_text(encoding="utf-8")
        template = string.Template(text)
        if not template.is_valid():
            raise ValueError(f"prompt template {path}: invalid '$' placeholder (write $$ for a literal $)")
        unknown = set(template.get_identifiers()) - PLACEHOLDERS[name]
        if unknown:
            raise ValueError(
                f"prompt template {path} uses unknown placeholder(s) {sorted(unknown)}; "
                f"known: {sorted(PLACEHOLDERS[name])}"
            )
        out[name] = template
    return out


def render(template: string.Template, **values: Any) -> str:
    """Fill a template; missing placeholders render as empty (templates may drop any of them)."""
    names = template.get_identifiers()
    return template.substitute({n: "" if values.get(n) is None else str(values[n]) for n in names})


def observation_text(observation: Any) -> str:
    """The LLM-ready text of an observation (env observations carry it under 'text')."""
    if isinstance(observation, str):
        return observation
    if isinstance(observation, dict):
        for key in ("text", "llm_text", "prompt"):
            if isinstance(observation.get(key), str):
                return observation[key]
        return json.dumps(observation, sort_keys=True, default=str)
    return str(observation)


def _obs_field(observation: Any, key: str) -> Any:
    if isinstance(observation, dict):
        if key in observation:
            return observation[key]
        inner = observation.get("state") or observation.get("raw")
        if isinstance(inner, dict):
            return inner.get(key)
    return None


# --------------------------------------------------------------------------- prices

def load_prices(prices: dict[str, Any] | str | os.PathLike | None) -> dict[str, tuple[float, float]]:
    """Price table model -> ($ per 1M input tokens, $ per 1M output tokens)."""
    if prices is None:
        env = os.environ.get("AGENTWORLD_PRICES")
        if not env:
            return {}
        prices = env
    if not isinstance(prices, dict):
        path = Path(prices)
        try:
            prices = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"price table {path}: {exc}") from exc
        if not isinstance(prices, dict):
            raise ValueError(f"price table {path}: expected an object {{model: {{input, output}}}}")
    table = {}
    for model, entry in prices.items():
        if isinstance(entry, dict) and {"input", "output"} <= set(entry):
            table[model] = (float(entry["input"]), float(entry["output"]))
        elif isinstance(entry, (list, tuple)) and len(entry) == 2:
            table[model] = (float(entry[0]), float(entry[1]))
        else:
            raise ValueError(f"price table entry {model!r}: expected {{'input': $/1M, 'output': $/1M}}, got {entry!r}")
    return table


def price_of(table: dict[str, tuple[float, float]], model: str) -> tuple[float, float] | None:
    """Exact model name first, then the name without a provider prefix ('openai/gpt-4o')."""
    return table.get(model) or table.get(model.split("/")[-1])


# --------------------------------------------------------------------------- the model client

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


class ChatClient:
    """The `openai` chat-completions client with our own retry/backoff policy, blocking or async."""

    def __init__(self, options: LLMOptions, sleep=time.sleep, limiter: Limiter | None = None):
        import openai  # imported here so other agent kinds never pay for it

        self.openai = openai
        self.options = options
        self.model = options.model or os.environ.get("AGENTWORLD_MODEL")
        if not self.model:
            raise ValueError("no model given: pass --model / model= or set AGENTWORLD_MODEL")
        base_url = options.base_url or os.environ.get("OPENAI_BASE_URL") or None
        api_key = options.api_key or os.environ.get("OPENAI_API_KEY")
        if not api_key:
            # Local servers (vLLM, Ollama) accept any key; the client insists on one.
            api_key = "not-needed" if base_url else None
        if not api_key:
            raise ValueError("no API key: set OPENAI_API_KEY (or pass base_url for a local server)")
        self._client: Any = None  # the blocking client, made on first use (the async path never needs it)
        self.shard: int | None = None  # which shared async connection pool this client uses
        self.base_url, self.api_key = base_url, api_key
        self.sleep = sleep
        self.limiter = limiter or limiter_for(Limits(options.max_rpm, options.max_tpm, options.max_cost,
                                                     options.limits_file))

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = self.openai.OpenAI(base_url=self.base_url, api_key=self.api_key,
                                              timeout=self.options.timeout, max_retries=0)
        return self._client

    def _retryable(self, exc: Exception) -> bool:
        o = self.openai
        if isinstance(exc, (o.APITimeoutError, o.APIConnectionError, o.RateLimitError, MalformedResponse)):
            return True
        return isinstance(exc, o.APIStatusError) and (exc.status_code >= 500 or exc.status_code in (408, 409))

    def _delay(self, attempt: int, exc: Exception) -> float:
        """Exponential backoff with jitter; a Retry-After header is honoured up to max_retry_after
        (even beyond backoff_max) and pauses every caller sharing the limiter as long."""
        opts = self.options
        delay = min(opts.backoff_base * (2 ** attempt), opts.backoff_max)
        delay *= 0.75 + 0.5 * random.random()  # jitter spreads parallel workers apart
        retry_after = _retry_after(exc)
        if retry_after is not None:
            retry_after = min(retry_after, opts.max_retry_after)
            self.limiter.pause(retry_after)
            delay = max(delay, retry_after)
        return delay

    def _kwargs(self, messages: list[dict], tools: list[dict]) -> dict[str, Any]:
        opts = self.options
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages}
        if tools:
            kwargs["tools"] = tools
            if opts.tool_choice:
                kwargs["tool_choice"] = opts.tool_choice
            if opts.parallel_tool_calls is not None:
                kwargs["parallel_tool_calls"] = opts.parallel_tool_calls
        for key in ("temperature", "max_tokens", "top_p", "seed", "extra_body"):
            value = getattr(opts, key)
            if value is not None:
                kwargs[key] = value
        return kwargs

    def complete(self, messages: list[dict], tools: list[dict]) -> Reply:
        """One answer, blocking: retries, backoff and limiter waits sleep this thread."""
        kwargs, tries = self._kwargs(messages, tools), _Tries(self, messages)
        while True:
            self.sleep(tries.wait_for_limiter())
            tries.check_deadline()
            try:
                response = _create(self.client, {**kwargs, "timeout": tries.timeout()})
                message = _first_message(response)
                break
            except Exception as exc:
                self.sleep(tries.failed(exc))
        return self._reply(response, message, messages, tries)

    async def acomplete(self, messages: list[dict], tools: list[dict]) -> Reply:
        """One answer from the async client: the same policy, awaiting instead of sleeping."""
        kwargs, tries = self._kwargs(messages, tools), _Tries(self, messages)
        client = _async_client(self)
        while True:
            await asyncio.sleep(tries.wait_for_limiter())
            tries.check_deadline()
            try:
                response = await _acreate(client, {**kwargs, "timeout": tries.timeout()})
                message = _first_message(response)
                break
            except Exception as exc:
                await asyncio.sleep(tries.failed(exc))
        return self._reply(response, message, messages, tries)

    def _reply(self, response: Any, message: Any, messages: list[dict], tries: "_Tries") -> Reply:
        attempt, start = tries.attempt, tries.start
        content = _text(getattr(message, "content", None))
        calls = _tool_calls(message)
        prompt_tokens, completion_tokens = _token_counts(getattr(response, "usage", None))
        estimated = prompt_tokens is None or completion_tokens is None
        if prompt_tokens is None:  # some servers omit usage (or send junk): estimate ~4 characters per token
            prompt_tokens = sum(len(json.dumps(m)) for m in messages) // 4
        if completion_tokens is None:
            completion_tokens = (len(content) + sum(len(c["arguments"]) + len(c["name"]) for c in calls)) // 4
        self.limiter.settle(prompt_tokens + completion_tokens - tries.booked)
        return Reply(content, calls, prompt_tokens, completion_tokens, attempt, time.monotonic() - start, estimated)


class _Tries:
    """The tries of one turn: the limiter booking before each, the deadline over all of them, and
    what to do after a failure (the delay to wait, or the error that ends the turn).

    A wait that would pass the deadline is cut to end at it and marks the turn `expired`: after
    that sleep the turn ends (check_deadline), whatever the clock says, and nothing more is booked."""

    def __init__(self, client: ChatClient, messages: list[dict]):
        self.client, self.options = client, client.options
        self.start = time.monotonic()
        self.deadline = self.start + self.options.turn_deadline
        self.attempt = 0
        self.sent = 0
        self.booked = 0
        self.estimate = _estimate(messages) + (self.options.max_tokens or 0)
        self.last: Exception | None = None
        self.expired = False
        self.paused_for = 0.0  # the server's pause that outlasted this turn, seconds (for the message)

    def wait_for_limiter(self) -> float:
        """Book this try with the limiter (BudgetExhausted when the money is spent). What is left of
        a server's Retry-After pause counts against the turn deadline; the max_rpm/max_tpm pace
        does not (it is the queue the user asked for)."""
        self.check_deadline()
        left = max(0.0, self.deadline - time.monotonic())
        booking = self.client.limiter.book(self.estimate, max_pause=left)
        if not booking.booked:  # the pause outlasts this turn: wait out the deadline, then it is a wait
            self.expired, self.paused_for = True, booking.paused
            return left
        self.booked += self.estimate
        self.deadline += booking.wait - booking.paused
        return booking.wait

    def timeout(self) -> float:
        """The request timeout of the try about to be sent (called once per try: it counts them)."""
        self.sent += 1
        return max(0.001, min(self.options.timeout, self.deadline - time.monotonic()))

    def check_deadline(self) -> None:
        if self.expired or time.monotonic() >= self.deadline:
            last = f"; last error: {_describe_error(self.last)}" if self.last else ""
            told = _retry_after(self.last) if self.last is not None else None
            if told is not None:
                last += (f"; the server asked to wait {told:g} s (Retry-After: honoured up to "
                         f"{self.options.max_retry_after:g} s, and only within the turn deadline)")
            elif self.paused_for:
                last += f"; {self.paused_for:.0f} s were left of a Retry-After pause the server put on every caller"
            raise TurnDeadline(f"no answer within the turn deadline of {self.options.turn_deadline:g} s "
                               f"({self.sent} tries){last}")

    def failed(self, exc: Exception) -> float:
        """Seconds to wait before the next try, or raise what ends the turn."""
        client = self.client
        if not isinstance(exc, (client.openai.OpenAIError, MalformedResponse)):
            raise exc
        self.last = exc
        if not client._retryable(exc):
            raise LLMUnavailable(f"model server refused the request: {_describe_error(exc)}") from exc
        self.check_deadline()
        if self.attempt >= self.options.max_retries:
            raise LLMUnavailable(
                f"model server failed {self.attempt + 1} times in a row; last error: {_describe_error(exc)}"
            ) from exc
        delay = client._delay(self.attempt, exc)
        self.attempt += 1
        if time.monotonic() + delay >= self.deadline:  # waiting that long would pass the deadline
            self.expired = True
            return max(0.0, self.deadline - time.monotonic())
        return delay


def _retry_after(exc: Exception) -> float | None:
    response = getattr(exc, "response", None)
    header = response.headers.get("retry-after") if response is not None else None
    try:
        return max(0.0, float(header)) if header else None
    except ValueError:
        return None


_ASYNC_CLIENTS: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()
POOL_SHARDS = 16  # connection pools per event loop and server
_SHARD = itertools.count()


def _async_client(client: ChatClient) -> Any:
    """A shared AsyncOpenAI per event loop and server, in POOL_SHARDS shards: the HTTP pool scans
    all its connections for every request, so hundreds of calls in flight on one pool cost time
    quadratic in their number; each conversation keeps to one shard (its connections get reused)."""
    loop = asyncio.get_running_loop()
    clients = _ASYNC_CLIENTS.setdefault(loop, {})
    if client.shard is None:
        client.shard = next(_SHARD) % POOL_SHARDS
    key = (client.base_url, client.api_key, client.shard)
    if key not in clients:
        openai = client.openai
        httpx = importlib.import_module(openai.DefaultAsyncHttpxClient.__mro__[1].__module__.split(".")[0])
        limits = httpx.Limits(max_connections=4096, max_keepalive_connections=1024)  # (httpx, as openai ships it)
        clients[key] = openai.AsyncOpenAI(base_url=client.base_url, api_key=client.api_key,
                                          timeout=client.options.timeout, max_retries=0,
                                          http_client=openai.DefaultAsyncHttpxClient(limits=limits))
    return clients[key]


def _text(value: Any) -> str:
    """A reply's text content as a string, whatever the server put there."""
    if value is None or isinstance(value, str):
        return value or ""
    return json.dumps(value, default=str)


def _tool_calls(message: Any) -> list[dict]:
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
            problem = f"the tool call has no function name (got {_clip(repr(name), 60)})"
        elif arguments is None:
            problem = f"the call to {_clip(name, 60)} has null arguments (send a JSON object, {{}} for none)"
        elif not isinstance(arguments, str):
            try:
                arguments = json.dumps(arguments)
            except (TypeError, ValueError):
                problem = f"the arguments of {_clip(name, 60)} are not JSON (got {_clip(repr(arguments), 60)})"
        call_id = getattr(call, "id", None)
        calls.append({"id": call_id if isinstance(call_id, str) and call_id else f"call_{len(calls)}",
                      "name": name if isinstance(name, str) else "",
                      "arguments": arguments if isinstance(arguments, str) else "", "problem": problem})
    return calls


def _token_counts(usage: Any) -> tuple[int | None, int | None]:
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


class MalformedResponse(Exception):
    """A 200 answer that is not a chat completion (an HTML error page, no choices...): retried."""


def _create(client: Any, kwargs: dict) -> Any:
    """One chat-completions request; an answer that is not JSON becomes MalformedResponse."""
    try:
        return client.chat.completions.create(**kwargs)
    except json.JSONDecodeError as exc:
        raise MalformedResponse(f"the server's answer is not JSON ({exc})") from exc


async def _acreate(client: Any, kwargs: dict) -> Any:
    """The same request as `chat.completions.create`, posted as the JSON it already is: `create`
    first walks every message and tool schema against the library's typed-dict declarations,
    which was the largest CPU cost per call with many episodes in flight (our bodies are plain
    JSON already, so the walk changes nothing)."""
    from openai.types.chat import ChatCompletion

    body = {k: v for k, v in kwargs.items() if k not in ("timeout", "extra_body")}
    body.update(kwargs.get("extra_body") or {})
    try:
        return await client.post("/chat/completions", body=body, cast_to=ChatCompletion,
                                 options={"timeout": kwargs["timeout"]})
    except json.JSONDecodeError as exc:
        raise MalformedResponse(f"the server's answer is not JSON ({exc})") from exc


def _first_message(response: Any) -> Any:
    """The first choice's message, or MalformedResponse saying what the server sent instead."""
    choices = getattr(response, "choices", None)
    if not choices:
        shown = _clip(response if isinstance(response, str) else repr(response), 200)
        raise MalformedResponse(f"the server's answer is not a chat completion with choices: {shown}")
    message = getattr(choices[0], "message", None)
    if message is None or not hasattr(message, "tool_calls"):
        raise MalformedResponse(f"the first choice has no message: {_clip(repr(choices[0]), 200)}")
    return message


def _describe_error(exc: Exception) -> str:
    status = getattr(exc, "status_code", None)
    text = str(exc)
    if len(text) > 300:
        text = text[:300] + "..."
    return f"{type(exc).__name__}{f' (HTTP {status})' if status else ''}: {text}"


# --------------------------------------------------------------------------- the conversation

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

    def has_call(self) -> bool:
        return bool(self.assistant and self.assistant.get("tool_calls"))


def _new_usage() -> dict[str, Any]:
    return {"prompt_tokens": 0, "completion_tokens": 0, "calls": 0, "cost": 0.0, "retries": 0,
            "per_turn_prompt_tokens": [], "max_prompt_tokens": 0, "estimated_tokens": False,
            "no_tool_call": 0, "extra_tool_calls": 0, "invalid_arguments": 0, "malformed_tool_call": 0,
            "latency": 0.0, "deadline_turns": 0, "truncated_replies": 0}


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
            raise ValueError("max_cost (--max-cost) needs a price table (--prices or $AGENTWORLD_PRICES) "
                             f"with an entry for model {self.client.model!r}")
        self.briefings: dict[str, dict] = {}
        self.turns: list[Turn] = []
        self.usage = _new_usage()
        self.usage_by_actor: dict[str, dict] = {}
        self.feedback: dict[str, list[str]] = {}
        self.transcript: list[dict] = []  # per-turn record (prompt size, issues) for run dirs

    # -- episode setup
    def register(self, name: str, briefing: dict) -> None:
        if name in self.briefings:  # a seat reset twice: a new episode begins
            self.briefings, self.turns, self.feedback, self.transcript = {}, [], {}, []
            self.usage, self.usage_by_actor = _new_usage(), {}
        self.briefings[name] = dict(briefing or {})
        self.usage_by_actor[name] = _new_usage()
        self.feedback[name] = []

    def _tools(self) -> list[dict]:
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
        docs = "" if self.options.no_docs else (briefing.get("context") or briefing.get("documentation") or "")
        return docs.strip() or NO_DOCS

    def _digest(self, dropped: list[Turn]) -> str:
        if not dropped:
            return ""
        if self.options.history == "last":
            return f"\n({len(dropped)} earlier turns are not shown.)\n"
        lines = []
        for t in dropped:
            who = f"{t.actor} " if self.options.single_agent else ""
            lines.append(f"- round {t.round}: {who}{t.call or 'no action'}{' -> ' + t.result if t.result else ''}")
            lines.extend(f"  {m}" for m in t.messages)
        if len(lines) > 60:
            lines = [f"- ... {len(lines) - 60} older lines omitted"] + lines[-60:]
        return "\n# Summary of your earlier turns\n" + "\n".join(_clip(l, 240) for l in lines) + "\n"

    def messages_for(self, pending: Turn) -> list[dict]:
        """The prompt for the pending turn: system, briefing + window of turns, this observation.

        With `context_budget`, the oldest turns of the window are dropped into the digest until
        the prompt's estimated size (4 characters per token) fits the budget.
        """
        turns = self.turns + [pending]
        keep = len(turns) if self.options.history == "full" else min(len(turns), self.options.history_turns + 1)
        msgs = self._render(turns[:-keep], turns[-keep:])
        budget = self.options.context_budget
        while budget and keep > 1 and _estimate(msgs) > budget:
            keep -= max(1, keep // 4)
            msgs = self._render(turns[:-keep], turns[-keep:])
        return msgs

    def _render(self, dropped: list[Turn], window: list[Turn]) -> list[dict]:
        first = window[0]
        values = self._values(first.actor, first.round, first.text, first.feedback)
        values["history"] = self._digest(dropped)
        if self.options.single_agent:
            members = "\n".join(
                render(self.templates["team_member.md"], **self._values(n, first.round, "", ""))
                for n in self.briefings
            )
            user = render(self.templates["team_user.md"], members=members, **values)
        else:
            user = render(self.templates["user.md"], **values)
        msgs = [{"role": "system", "content": render(self.templates["system.md"], max_rounds=values["max_rounds"])},
                {"role": "user", "content": user}]
        for prev, turn in zip(window, window[1:]):
            msgs.append(prev.assistant or {"role": "assistant", "content": ""})
            content = render(self.templates["turn.md"], **self._values(turn.actor, turn.round, turn.text, turn.feedback))
            if prev.has_call():
                msgs.append({"role": "tool", "tool_call_id": prev.assistant["tool_calls"][0]["id"], "content": content})
            else:
                msgs.append({"role": "user", "content": content})
        return msgs

    # -- one turn
    def step(self, actor: str, observation: Any) -> dict | str:
        pending, messages = self._begin(actor, observation)
        try:
            reply = self.client.complete(messages, self._tools())
        except TurnDeadline as exc:
            return self._late(actor, pending, messages, exc)
        return self._end(actor, pending, messages, reply)

    async def astep(self, actor: str, observation: Any) -> dict | str:
        """step() with the async client: many conversations wait on the model at once."""
        pending, messages = self._begin(actor, observation)
        try:
            reply = await self.client.acomplete(messages, self._tools())
        except TurnDeadline as exc:
            return self._late(actor, pending, messages, exc)
        return self._end(actor, pending, messages, reply)

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
        rnd = _obs_field(observation, "round")
        rnd = int(rnd) if isinstance(rnd, (int, float)) or (isinstance(rnd, str) and rnd.isdigit()) else None
        self._attach_result(actor, observation)
        notes = self.feedback.get(actor) or []
        feedback = "".join(f"Note: {n}\n" for n in notes)
        self.feedback[actor] = []
        pending = Turn(actor, rnd, observation_text(observation), feedback, messages=_received(observation))
        return pending, self.messages_for(pending)

    def _late(self, actor: str, pending: Turn, messages: list[dict], exc: TurnDeadline) -> dict:
        """The deadline passed: the turn is a wait; the model hears why next turn; the transcript keeps the error."""
        pending.assistant = {"role": "assistant", "content": "(no answer in time: this turn was played as a wait)"}
        pending.call = "wait (turn deadline passed)"
        self.turns.append(pending)
        self.feedback[actor].append(f"the model server did not answer your previous turn in time ({exc}), "
                                    "so you waited that turn.")
        for usage in (self.usage, self.usage_by_actor[actor]):
            usage["deadline_turns"] += 1
        self.transcript.append({"actor": actor, "round": pending.round, "prompt_tokens": 0, "completion_tokens": 0,
                                "messages": len(messages), "issues": ["turn_deadline"], "error": str(exc),
                                "retries": 0, "content": "", "tool_calls": []})
        return {"tool": "wait", "args": {}}

    def _end(self, actor: str, pending: Turn, messages: list[dict], reply: Reply) -> dict | str:
        reply, truncated = _bounded(reply)
        if "content" in truncated:
            self.feedback[actor].append(f"your previous reply's text was {truncated['content']} characters long; "
                                        f"only its first {MAX_REPLY_CHARS} are kept. Keep replies short.")
        action, assistant, call, issues = self._interpret(actor, reply)
        pending.assistant, pending.call = assistant, call
        self.turns.append(pending)
        if truncated:
            issues.append("truncated_replies")
        self._account(actor, reply, issues)
        row = {"actor": actor, "round": pending.round, "prompt_tokens": reply.prompt_tokens,
               "completion_tokens": reply.completion_tokens, "messages": len(messages),
               "issues": issues, "retries": reply.retries, "content": _clip(reply.content, 500),
               "tool_calls": [{"id": c["id"], "name": c["name"], "arguments": _clip(c["arguments"], 500)}
                              for c in reply.tool_calls]}
        if truncated:
            row["truncated"] = truncated  # {field: its length as the server sent it}
        self.transcript.append(row)
        return action

    def _attach_result(self, actor: str, observation: Any) -> None:
        """Give the actor's previous turn the result its new observation reports (for the digest)."""
        for turn in reversed(self.turns):
            if turn.actor == actor:
                if not turn.result:
                    error = _obs_field(observation, "last_error")
                    result = _obs_field(observation, "last_result")
                    turn.result = _clip(f"failed: {error}" if error else (result or ""), 160)
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
            return f"no tool call in the model reply: {_clip(text, 2000)}", assistant, "no tool call", ["no_tool_call"]
        first, issues = calls[0], []
        if first["problem"]:
            problem = first["problem"]
            self.feedback[actor].append(
                f"your previous reply's tool call was malformed ({problem}), so your turn was lost. Call one "
                "of the provided functions by its name, with a JSON object of arguments."
            )
            assistant = {"role": "assistant", "content": f"{reply.content}\n[malformed tool call: {problem}]".strip()}
            # Prefixed so it can never parse as a tool call: the env records it as raw + error.
            return f"malformed tool call in the model reply: {problem}", assistant, "malformed tool call", \
                ["malformed_tool_call"]
        if len(calls) > 1:
            ignored = _clip(", ".join(c["name"] for c in calls[1:]), 300)
            self.feedback[actor].append(
                f"your previous reply had {len(calls)} tool calls; only the first ({first['name']}) was carried "
                f"out and the others ({ignored}) were ignored. Send exactly one tool call per reply."
            )
            issues.append("extra_tool_calls")
        assistant = {"role": "assistant", "content": reply.content or None,
                     "tool_calls": [{"id": first["id"], "type": "function",
                                     "function": {"name": first["name"], "arguments": first["arguments"]}}]}
        try:
            json.loads(first["arguments"] or "{}")
        except json.JSONDecodeError:
            issues.append("invalid_arguments")  # the env's error in the next observation says what is wrong
            # Some servers re-parse the arguments of past calls: keep this one as plain text instead.
            assistant = {"role": "assistant",
                         "content": f"{reply.content}\n[tool call {first['name']} with arguments {first['arguments']}]".strip()}
        call = f"{first['name']} {_clip(first['arguments'], 120)}"
        # parse_action reads OpenAI-style calls; bad JSON becomes a precise error in the record.
        return {"name": first["name"], "arguments": first["arguments"] or "{}"}, assistant, call, issues

    def _account(self, actor: str, reply: Reply, issues: list[str]) -> None:
        cost = 0.0
        if self.price:
            cost = (reply.prompt_tokens * self.price[0] + reply.completion_tokens * self.price[1]) / 1_000_000
            self.client.limiter.spend(cost)
        for usage in (self.usage, self.usage_by_actor[actor]):
            usage["prompt_tokens"] += reply.prompt_tokens
            usage["completion_tokens"] += reply.completion_tokens
            usage["calls"] += 1
            usage["cost"] = round(usage["cost"] + cost, 8)
            usage["retries"] += reply.retries
            usage["latency"] = round(usage["latency"] + reply.latency, 3)
            usage["per_turn_prompt_tokens"].append(reply.prompt_tokens)
            usage["max_prompt_tokens"] = max(usage["max_prompt_tokens"], reply.prompt_tokens)
            usage["estimated_tokens"] = usage["estimated_tokens"] or reply.estimated_tokens
            for issue in issues:
                usage[issue] += 1


def _teammate(entry: Any) -> str:
    if isinstance(entry, dict):
        name, role = entry.get("name", "?"), entry.get("role")
        return f"{name} ({role})" if role else str(name)
    return str(entry)


def _received(observation: Any) -> list[str]:
    messages = _obs_field(observation, "messages") or []
    out = []
    for m in messages if isinstance(messages, list) else []:
        if isinstance(m, dict):
            out.append(_clip(f"{m.get('from', '?')} said: {m.get('text', '')}", 200))
    return out


def _bounded(reply: Reply) -> tuple[Reply, dict[str, int]]:
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
        for key, limit, what in (("name", MAX_CALL_NAME, "its tool name is"),
                                 ("arguments", MAX_ARGUMENT_CHARS, "its arguments are")):
            if len(call[key]) > limit:
                if index == 0:
                    truncated[key] = len(call[key])
                call["problem"] = call["problem"] or (f"the call {_clip(call['name'], 60)}: {what} "
                                                      f"{len(call[key])} characters long; the limit is {limit}")
                call[key] = call[key][:limit]
        calls.append(call)
    if not truncated and calls == reply.tool_calls:
        return reply, truncated
    return replace(reply, content=content, tool_calls=calls), truncated


def _estimate(messages: list[dict]) -> int:
    """Rough prompt size in tokens (4 characters per token), for the context budget."""
    return sum(len(str(m.get("content") or "")) + len(json.dumps(m.get("tool_calls") or "")) for m in messages) // 4


def _clip(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- agents

class LLMAgent(Agent):
    """One seat played by an LLM (or one avatar of a shared single-agent conversation)."""

    kind = "llm"

    def __init__(self, conversation: Conversation | None = None, **options: Any):
        if conversation is None:
            opts = parse_options(options)
            if opts.single_agent:
                raise ValueError("single_agent=True needs seats that share one conversation: build them with "
                                 "agentworld.agents.llm.make_team(names, single_agent=True, ...)")
            conversation = Conversation(opts)
        self.conversation = conversation
        self.options = conversation.options.model_dump(exclude_none=True, exclude={"api_key"})
        self.options["model"] = conversation.client.model
        self.name = ""
        self.briefing = {}

    def reset(self, name: str, briefing: dict) -> None:
        self.name, self.briefing = name, briefing
        self.conversation.register(name, briefing)

    def act(self, observation: dict) -> dict | str:
        if not self.name:
            raise RuntimeError("LLMAgent.act called before reset()")
        return self.conversation.step(self.name, observation)

    async def act_async(self, observation: dict) -> dict | str:
        """act() for runners that keep many episodes in flight (runner.run_episode_async)."""
        if not self.name:
            raise RuntimeError("LLMAgent.act_async called before reset()")
        return await self.conversation.astep(self.name, observation)

    @property
    def usage(self) -> dict:
        """This seat's token/cost usage (its share when several seats share one conversation)."""
        return self.conversation.usage_by_actor.get(self.name) or _new_usage()

    @property
    def transcript(self) -> list[dict]:
        return [t for t in self.conversation.transcript if t["actor"] == self.name]


def make_team(names: list[str], **options: Any) -> dict[str, LLMAgent]:
    """LLM agents for every seat; with single_agent=True they share one conversation."""
    opts = parse_options(options)
    if opts.single_agent:
        shared = Conversation(opts)
        return {name: LLMAgent(conversation=shared) for name in names}
    return {name: LLMAgent(conversation=Conversation(opts)) for name in names}
