"""LLM agents: a chat-completions model with function calling plays one seat (or every seat).

Modules, one job each: options (LLMOptions), prompts (templates, observation text), prices,
replies (what a server answer becomes), context (prompt size), client (requests, retries,
limits), conversation (history, digest, accounting), agent (LLMAgent, make_team).

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

from agentworld.agents.llm.agent import LLMAgent, make_team
from agentworld.agents.llm.client import ChatClient, LLMUnavailable, MalformedResponse, TurnDeadline
from agentworld.agents.llm.context import estimate_tokens
from agentworld.agents.llm.conversation import Conversation, Turn, new_usage
from agentworld.agents.llm.options import LLMOptions, parse_options
from agentworld.agents.llm.prices import load_prices, price_of
from agentworld.agents.llm.prompts import (
    NO_DOCS,
    PLACEHOLDERS,
    PROMPTS_DIR,
    TEMPLATES,
    load_templates,
    observation_text,
    render,
)
from agentworld.agents.llm.replies import (
    MAX_ARGUMENT_CHARS,
    MAX_CALL_ID,
    MAX_CALL_NAME,
    MAX_REPLY_CHARS,
    Reply,
    parse_tool_calls,
)

__all__ = [
    "ChatClient",
    "Conversation",
    "LLMAgent",
    "LLMOptions",
    "LLMUnavailable",
    "MalformedResponse",
    "MAX_ARGUMENT_CHARS",
    "MAX_CALL_ID",
    "MAX_CALL_NAME",
    "MAX_REPLY_CHARS",
    "NO_DOCS",
    "PLACEHOLDERS",
    "PROMPTS_DIR",
    "Reply",
    "TEMPLATES",
    "Turn",
    "TurnDeadline",
    "estimate_tokens",
    "load_prices",
    "load_templates",
    "make_team",
    "new_usage",
    "observation_text",
    "parse_options",
    "parse_tool_calls",
    "price_of",
    "render",
]
