"""The context budget: how many tokens a request takes, and fitting a prompt under a limit.

A request must fit the model's context window (`context_tokens`, default 32768): its prompt
(the messages and the tool schemas) plus the completion tokens kept free for the answer
(`max_tokens`, else RESERVE). Tokens are counted by a TokenCounter chosen with the `tokenizer`
option (or $AGENTWORLD_TOKENIZER): a HuggingFace tokenizer.json (the `tokenizers` library), or
`tiktoken:ENCODING` (an encoding tiktoken has cached: there is no download offline), or
`estimate`. With none given, tiktoken's o200k_base is used when it loads, else the estimate
ceil(characters / 3): current tokenizers average about 4 characters per token on this kind of
text, so the estimate over-counts by about a third, the safety margin for a tokenizer we cannot
run. Every message adds PER_MESSAGE framing tokens whichever way its text is counted.

Fitting (`fit`) keeps the prompt's prefix byte-stable for provider prompt caches: turns fold into
the digest only when the limit would be passed, and then in one chunk, down to FOLD_TARGET of
the limit, so the following turns again only append. The task and documentation never fold; if
the newest turn alone does not fit, the digest shrinks, then the observation text is cut.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

CONTEXT_TOKENS = 32768
RESERVE = 1024  # completion tokens kept free when max_tokens is not set
FOLD_TARGET = 0.75  # a fold leaves the prompt at most this share of the limit
PER_MESSAGE = 4  # role and framing tokens of one chat message
DIGEST_LINES = (60, 20, 0)  # the digest's line caps tried in turn when the newest turn alone is too big
TIKTOKEN_ENCODING = "o200k_base"


class ContextOverflow(RuntimeError):
    """The fixed part of the prompt (system, task, documentation) alone passes the limit."""


def prompt_limit(context_tokens: int, max_tokens: int | None, budget: int | None) -> int:
    """Prompt tokens allowed: the context window less the completion kept free, capped by `budget`."""
    reserve = max_tokens or RESERVE
    limit = context_tokens - reserve
    if limit < 1:
        raise ValueError(
            f"context_tokens {context_tokens} leaves no room for a prompt once {reserve} tokens are kept "
            "for the completion (max_tokens): raise --context-tokens or lower --max-tokens"
        )
    return min(limit, budget) if budget else limit


def cut_observation(text: str, chars: int) -> str:
    """The observation cut to `chars` characters, marked so the model knows."""
    if len(text) <= chars:
        return text
    return f"{text[:chars]} [... {len(text) - chars} characters cut to fit the context window]"


def estimate_tokens(messages: list[dict]) -> int:
    """Rough prompt size in tokens (4 characters per token): what the rate limiter books."""
    return (
        sum(len(str(m.get("content") or "")) + len(json.dumps(m.get("tool_calls") or "")) for m in messages)
        // 4
    )


TOKENIZER_ENV = "AGENTWORLD_TOKENIZER"


class TokenCounter:
    """Counts the tokens of a text with one tokenizer (`encode`: text -> token ids), or estimates
    them (`encode` None). `method` is what usage records as token_counting. Counts are memoised by
    text: successive prompts repeat the same messages, and a real tokenizer is not free."""

    def __init__(self, encode: Callable[[str], list[int]] | None, method: str):
        self.encode, self.method = encode, method
        self._counts: dict[str, int] = {}

    def text(self, text: str) -> int:
        if self.encode is None:
            return math.ceil(len(text) / 3)
        count = self._counts.get(text)
        if count is None:
            if len(self._counts) >= 8192:
                self._counts.clear()
            count = self._counts[text] = len(self.encode(text))
        return count


def _tiktoken(name: str) -> TokenCounter:
    """An encoding tiktoken can load (from its cache, $TIKTOKEN_CACHE_DIR, when offline)."""
    import tiktoken

    encoding = tiktoken.get_encoding(name)
    return TokenCounter(lambda text: encoding.encode(text, disallowed_special=()), f"tiktoken:{name}")


def _hf_tokenizer(path: str) -> TokenCounter:
    """A HuggingFace tokenizer.json, read with the `tokenizers` library; no special tokens added."""
    try:
        from tokenizers import Tokenizer
    except ImportError:
        raise ValueError(
            f"tokenizer {path!r}: reading a tokenizer.json needs the `tokenizers` library "
            "(pip install tokenizers), or give tiktoken:ENCODING or estimate"
        ) from None
    if not Path(path).is_file():
        raise ValueError(
            f"tokenizer {path!r} is not a file: give a HuggingFace tokenizer.json, tiktoken:ENCODING or estimate"
        )
    try:
        tokenizer = Tokenizer.from_file(path)
    except Exception as exc:
        raise ValueError(f"tokenizer {path!r} is not a readable tokenizer.json: {exc}") from None
    return TokenCounter(
        lambda text: tokenizer.encode(text, add_special_tokens=False).ids, f"tokenizer.json:{Path(path).name}"
    )


@lru_cache(maxsize=8)
def token_counter(spec: str | None = None) -> TokenCounter:
    """The counter for `spec` (the `tokenizer` option, else $AGENTWORLD_TOKENIZER): a tokenizer.json
    path, `tiktoken:ENCODING` or `estimate`. One named but not loadable is an error saying why; with
    none named, tiktoken's o200k_base when it loads, else the estimate."""
    spec = spec or os.environ.get(TOKENIZER_ENV) or None
    if spec == "estimate":
        return TokenCounter(None, "chars/3")
    if spec is None:
        try:  # optional: tiktoken counts exactly where it is installed and its encoding is cached
            return _tiktoken(TIKTOKEN_ENCODING)
        except Exception:  # not installed, or the encoding file cannot be fetched offline
            return TokenCounter(None, "chars/3")
    if spec.startswith("tiktoken:"):
        try:
            return _tiktoken(spec.split(":", 1)[1])
        except Exception as exc:
            raise ValueError(
                f"tokenizer {spec!r} does not load ({type(exc).__name__}: {exc}); tiktoken needs the "
                "encoding in its cache ($TIKTOKEN_CACHE_DIR) when there is no network"
            ) from None
    return _hf_tokenizer(spec)


def counting_method(counter: TokenCounter | None = None) -> str:
    """How tokens are counted, as recorded in usage: e.g. 'tokenizer.json:NAME', 'tiktoken:o200k_base', 'chars/3'."""
    return (counter or token_counter()).method


def text_tokens(text: str, counter: TokenCounter | None = None) -> int:
    return (counter or token_counter()).text(text)


def message_tokens(message: dict, counter: TokenCounter | None = None) -> int:
    """One chat message: its text, its tool calls as JSON, and the framing."""
    size = PER_MESSAGE + text_tokens(str(message.get("content") or ""), counter)
    if message.get("tool_calls"):
        size += text_tokens(json.dumps(message["tool_calls"]), counter)
    if message.get("tool_call_id"):
        size += text_tokens(str(message["tool_call_id"]), counter)
    return size


def prompt_tokens(messages: list[dict], tools_tokens: int, counter: TokenCounter | None = None) -> int:
    return tools_tokens + sum(message_tokens(m, counter) for m in messages)


def tools_tokens(tools: list[dict], counter: TokenCounter | None = None) -> int:
    return text_tokens(json.dumps(tools), counter) if tools else 0


@dataclass
class Fit:
    """What `fit` chose: the prompt, where the verbatim window starts, the digest cap, what it did."""

    messages: list[dict]
    start: int  # index of the first turn shown verbatim (the ones before it are in the digest)
    digest_lines: int
    tokens: int
    folded: bool = False
    observation_chars: int | None = None  # set when the newest observation had to be cut to this length


Render = Callable[[int, int, int | None], list[dict]]  # (start, digest_lines, observation chars) -> messages


def fit(
    render: Render,
    turns: int,
    start: int,
    digest_lines: int,
    limit: int,
    tools: int,
    counter: TokenCounter | None = None,
) -> Fit:
    """The prompt for `turns` turns (the last one is the newest) that fits `limit` tokens.

    `start` and `digest_lines` are the previous turn's choices: kept when the prompt fits, so the
    prefix stays stable; otherwise older turns fold in one chunk (binary search for the fewest
    folded turns that bring the prompt to FOLD_TARGET of the limit), then the digest shrinks, then
    the newest observation is cut. ContextOverflow when even an empty observation does not fit."""
    size = lambda msgs: prompt_tokens(msgs, tools, counter)  # noqa: E731
    messages = render(start, digest_lines, None)
    tokens = size(messages)
    if tokens <= limit:
        return Fit(messages, start, digest_lines, tokens)
    target, newest = int(limit * FOLD_TARGET), turns - 1
    low, high, best = start + 1, newest, newest
    while low <= high:
        middle = (low + high) // 2
        if size(render(middle, digest_lines, None)) <= target:
            best, high = middle, middle - 1
        else:
            low = middle + 1
    best = max(best, start)
    for lines in [digest_lines] + [n for n in DIGEST_LINES if n < digest_lines]:
        messages = render(best, lines, None)
        tokens = size(messages)
        if tokens <= limit:
            return Fit(messages, best, lines, tokens, folded=True)
    base = size(render(best, 0, 0))
    if base > limit:
        raise ContextOverflow(
            f"the prompt's fixed part (system, task, documentation, tool schemas) takes {base} "
            f"tokens, over the prompt limit of {limit}: raise --context-tokens"
        )
    chars = max(0, (limit - base) * 3)
    while True:
        messages = render(best, 0, chars)
        tokens = size(messages)
        if tokens <= limit or chars == 0:
            return Fit(messages, best, 0, tokens, folded=True, observation_chars=chars)
        chars = int(chars * 0.8)
