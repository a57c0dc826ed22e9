"""The options of an LLM agent, validated at the edge (make_agent(**options) or the CLI)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


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
    rate_limit_backoff: float = Field(
        default=0.25, ge=0
    )  # first retry delay after a 429 naming no wait (doubles)
    # seconds for all tries of one turn, Retry-After waits included (the max_rpm/max_tpm pace is not)
    turn_deadline: float = Field(default=180.0, gt=0)
    max_retry_after: float = Field(
        default=60.0, ge=0
    )  # longest Retry-After honoured; longer ones are cut to it
    max_rpm: float | None = Field(default=None, gt=0)  # requests per minute, shared (see agentworld.limits)
    max_tpm: float | None = Field(default=None, gt=0)  # tokens per minute, shared
    max_cost: float | None = Field(default=None, gt=0)  # dollars; needs prices; no new calls once spent
    limits_file: str | None = None  # state file sharing the limits across processes (eval sets it)
    history: Literal["full", "last", "summary"] = "full"
    history_turns: int = Field(default=8, ge=0)  # turns kept verbatim for "last" / "summary"
    context_tokens: int = Field(default=32768, ge=256)  # the model's context window: no request passes it
    context_budget: int | None = Field(
        default=None, ge=1
    )  # a tighter cap on prompt tokens (messages + tools)
    # what the context budget counts tokens with: a HuggingFace tokenizer.json, tiktoken:ENCODING or
    # estimate (default: $AGENTWORLD_TOKENIZER, else tiktoken's o200k_base when it loads, else the estimate)
    tokenizer: str | None = None
    cache: str | None = None  # response cache directory: a rerun replays every stored answer for free
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

    @field_validator("tokenizer")
    @classmethod
    def _tokenizer_loads(cls, value: str | None) -> str | None:
        if value is not None:
            from agentworld.agents.llm.context import token_counter

            token_counter(value)  # a ValueError saying why when it does not load
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
