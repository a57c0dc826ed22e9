"""The model client: the `openai` chat-completions client, blocking or async, with our own retry
policy (exponential backoff with jitter, Retry-After honoured up to max_retry_after, a deadline
over all tries of one turn) and the shared `agentworld.limits` limiter (max_rpm, max_tpm, max_cost)."""

from __future__ import annotations

import asyncio
import importlib
import itertools
import json
import os
import random
import re
import time
import weakref
from typing import Any

from agentworld.agents.llm.context import estimate_tokens
from agentworld.agents.llm.options import LLMOptions
from agentworld.agents.llm.prompts import clip
from agentworld.agents.llm.cache import ResponseCache
from agentworld.agents.llm.replies import (
    Reply,
    cached_tokens,
    calls_in_text,
    parse_tool_calls,
    reasoning_text,
    reply_text,
    token_counts,
)
from agentworld.limits import Limiter, Limits, limiter_for


class LLMUnavailable(RuntimeError):
    """The model server could not give an answer after all retries (or refused the request)."""


class TurnDeadline(LLMUnavailable):
    """The turn's deadline passed before the server answered: the turn is played as a wait."""


class ContextExceeded(LLMUnavailable):
    """The server refused the prompt as longer than its context window (`window`: its size, if it said)."""

    def __init__(self, message: str, window: int | None = None):
        super().__init__(message)
        self.window = window


# How servers word it: OpenAI ("maximum context length is 8192 tokens", code context_length_exceeded),
# vLLM (the same sentence), llama.cpp ("exceeds the available context size"), Anthropic-style proxies
# ("prompt is too long"), TGI ("Input validation error: inputs tokens + max_new_tokens must be <= 4096").
_CONTEXT_ERROR = re.compile(
    r"context[ _-]?(length|window|size)|maximum context|prompt is too long|input is too long|"
    r"too many tokens|must be <= \d+",
    re.IGNORECASE,
)
_CONTEXT_WINDOW = re.compile(
    r"(?:maximum context length is|context size (?:of|is)|context window (?:of|is)|"
    r"must be <=)\s*\(?(\d+)",
    re.IGNORECASE,
)


def context_exceeded(exc: Exception) -> ContextExceeded | None:
    """A ContextExceeded when `exc` is a 400/413/422 answer saying the prompt is too long, else None."""
    if getattr(exc, "status_code", None) not in (400, 413, 422):
        return None
    text = f"{getattr(exc, 'code', '') or ''} {exc}"
    if not _CONTEXT_ERROR.search(text):
        return None
    window = _CONTEXT_WINDOW.search(text)
    return ContextExceeded(
        f"the model server found the prompt too long: {_describe_error(exc)}",
        int(window.group(1)) if window else None,
    )


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
        self.cache = ResponseCache(options.cache) if options.cache else None
        self.limiter = limiter or limiter_for(
            Limits(options.max_rpm, options.max_tpm, options.max_cost, options.limits_file)
        )

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = self.openai.OpenAI(
                base_url=self.base_url, api_key=self.api_key, timeout=self.options.timeout, max_retries=0
            )
        return self._client

    def _retryable(self, exc: Exception) -> bool:
        o = self.openai
        if isinstance(exc, (o.APITimeoutError, o.APIConnectionError, o.RateLimitError, MalformedResponse)):
            return True
        return isinstance(exc, o.APIStatusError) and (exc.status_code >= 500 or exc.status_code in (408, 409))

    def _delay(self, attempt: int, exc: Exception) -> float:
        """Exponential backoff with jitter (from rate_limit_backoff after a 429 without Retry-After);
        a Retry-After header is honoured up to max_retry_after (even beyond backoff_max) and pauses
        every caller sharing the limiter as long."""
        opts = self.options
        retry_after = _retry_after(exc)
        base = opts.backoff_base
        if retry_after is None and isinstance(exc, self.openai.RateLimitError):
            # A 429 that names no wait is most often one request over a per-window count, not an
            # overloaded server: retry soon (still doubling), or every refusal stalls its episode.
            base = min(base, opts.rate_limit_backoff)
        delay = min(base * (2**attempt), opts.backoff_max)
        delay *= 0.75 + 0.5 * random.random()  # jitter spreads parallel workers apart
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
        stored = self._from_cache(kwargs, messages)
        if stored is not None:
            return stored
        while True:
            self.sleep(tries.wait_for_limiter())
            tries.check_deadline()
            try:
                response = _create(self.client, {**kwargs, "timeout": tries.timeout()})
                message = _first_message(response)
                break
            except Exception as exc:
                if isinstance(exc, EmptyChoices) and tries.attempt >= self.options.max_retries:
                    return self._empty(exc, tries)
                self.sleep(tries.failed(exc))
        return self._answered(kwargs, response, message, messages, tries)

    async def acomplete(self, messages: list[dict], tools: list[dict]) -> Reply:
        """One answer from the async client: the same policy, awaiting instead of sleeping."""
        kwargs, tries = self._kwargs(messages, tools), _Tries(self, messages)
        stored = self._from_cache(kwargs, messages)
        if stored is not None:
            return stored
        client = _async_client(self)
        while True:
            await asyncio.sleep(tries.wait_for_limiter())
            tries.check_deadline()
            try:
                response = await _acreate(client, {**kwargs, "timeout": tries.timeout()})
                message = _first_message(response)
                break
            except Exception as exc:
                if isinstance(exc, EmptyChoices) and tries.attempt >= self.options.max_retries:
                    return self._empty(exc, tries)
                await asyncio.sleep(tries.failed(exc))
        return self._answered(kwargs, response, message, messages, tries)

    def _from_cache(self, kwargs: dict, messages: list[dict]) -> Reply | None:
        """The stored answer to this very request (no limiter, no cost), or None: a miss, asked below."""
        if self.cache is None:
            return None
        stored = self.cache.get(ResponseCache.key(kwargs))
        if stored is None:
            return None
        from openai.types.chat import ChatCompletion

        response = ChatCompletion.model_validate(stored)
        reply = self._reply(response, _first_message(response), messages, 0, time.monotonic())
        reply.from_cache = True
        reply.notes.append("cache_hits")
        return reply

    def _answered(
        self, kwargs: dict, response: Any, message: Any, messages: list[dict], tries: "_Tries"
    ) -> Reply:
        reply = self._reply(response, message, messages, tries.attempt, tries.start)
        self.limiter.settle(reply.prompt_tokens + reply.completion_tokens - tries.booked)
        reply.notes += tries.notes
        if self.cache is not None:
            self.cache.put(ResponseCache.key(kwargs), response.model_dump(mode="json", exclude_unset=True))
            reply.notes.append("cache_misses")
        return reply

    def _empty(self, exc: Exception, tries: "_Tries") -> Reply:
        """Every try came back without choices: the turn is lost (the model is told), play goes on."""
        self.limiter.settle(-tries.booked)
        notes = tries.notes + ["empty_choices"]
        return Reply("", [], 0, 0, tries.attempt, time.monotonic() - tries.start, True, notes=notes)

    def _reply(self, response: Any, message: Any, messages: list[dict], attempt: int, start: float) -> Reply:
        content = reply_text(getattr(message, "content", None))
        calls = parse_tool_calls(message)
        notes = []
        if not calls and content:
            calls = calls_in_text(content)
            notes += ["text_tool_calls"] if calls else []
        reasoning = reasoning_text(message)
        notes += ["reasoning_content"] if reasoning else []
        finish = getattr(response.choices[0], "finish_reason", None)
        notes += ["finish_length"] if finish == "length" else []
        usage = getattr(response, "usage", None)
        prompt_tokens, completion_tokens = token_counts(usage)
        estimated = prompt_tokens is None or completion_tokens is None
        if prompt_tokens is None:  # some servers omit usage (or send junk): estimate ~4 characters per token
            prompt_tokens = sum(len(json.dumps(m)) for m in messages) // 4
        if completion_tokens is None:
            written = len(content) + len(reasoning) + sum(len(c["arguments"]) + len(c["name"]) for c in calls)
            completion_tokens = written // 4
        return Reply(
            content,
            calls,
            prompt_tokens,
            completion_tokens,
            attempt,
            time.monotonic() - start,
            estimated,
            cached_tokens(usage) if not estimated else 0,
            finish if isinstance(finish, str) else None,
            reasoning,
            notes,
        )


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
        self.estimate = estimate_tokens(messages) + (self.options.max_tokens or 0)
        self.last: Exception | None = None
        self.expired = False
        self.paused_for = 0.0  # the server's pause that outlasted this turn, seconds (for the message)
        self.notes: list[str] = []  # refusals met on the way (rate_limited, empty_choices), counted in usage

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
                last += (
                    f"; the server asked to wait {told:g} s (Retry-After: honoured up to "
                    f"{self.options.max_retry_after:g} s, and only within the turn deadline)"
                )
            elif self.paused_for:
                last += f"; {self.paused_for:.0f} s were left of a Retry-After pause the server put on every caller"
            raise TurnDeadline(
                f"no answer within the turn deadline of {self.options.turn_deadline:g} s "
                f"({self.sent} tries){last}"
            )

    def failed(self, exc: Exception) -> float:
        """Seconds to wait before the next try, or raise what ends the turn."""
        client = self.client
        if not isinstance(exc, (client.openai.OpenAIError, MalformedResponse)):
            raise exc
        self.last = exc
        if isinstance(exc, EmptyChoices):
            self.notes.append("empty_choices")
        elif isinstance(exc, client.openai.RateLimitError):
            self.notes.append("rate_limited")
        if not client._retryable(exc):
            refused = LLMUnavailable(f"model server refused the request: {_describe_error(exc)}")
            raise context_exceeded(exc) or refused from exc
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
        limits = httpx.Limits(
            max_connections=4096, max_keepalive_connections=1024
        )  # (httpx, as openai ships it)
        clients[key] = openai.AsyncOpenAI(
            base_url=client.base_url,
            api_key=client.api_key,
            timeout=client.options.timeout,
            max_retries=0,
            http_client=openai.DefaultAsyncHttpxClient(limits=limits),
        )
    return clients[key]


class MalformedResponse(Exception):
    """A 200 answer that is not a chat completion (an HTML error page, no choices...): retried."""


class EmptyChoices(MalformedResponse):
    """A chat completion with no choices (a content filter, an overloaded proxy): retried, and when
    the retries run out the turn is lost with a note to the model rather than the episode ended."""


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
        return await client.post(
            "/chat/completions", body=body, cast_to=ChatCompletion, options={"timeout": kwargs["timeout"]}
        )
    except json.JSONDecodeError as exc:
        raise MalformedResponse(f"the server's answer is not JSON ({exc})") from exc


def _first_message(response: Any) -> Any:
    """The first choice's message, or MalformedResponse saying what the server sent instead."""
    choices = getattr(response, "choices", None)
    if isinstance(choices, list) and not choices:
        raise EmptyChoices(f"the server's answer has no choices: {clip(repr(response), 200)}")
    if not choices:
        shown = clip(response if isinstance(response, str) else repr(response), 200)
        raise MalformedResponse(f"the server's answer is not a chat completion with choices: {shown}")
    message = getattr(choices[0], "message", None)
    if message is None or not hasattr(message, "tool_calls"):
        raise MalformedResponse(f"the first choice has no message: {clip(repr(choices[0]), 200)}")
    return message


def _describe_error(exc: Exception) -> str:
    status = getattr(exc, "status_code", None)
    text = str(exc)
    if len(text) > 300:
        text = text[:300] + "..."
    return f"{type(exc).__name__}{f' (HTTP {status})' if status else ''}: {text}"
