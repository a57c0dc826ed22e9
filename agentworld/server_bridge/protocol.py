"""Wire messages of the AgentWorld game server (protocol version 1), as pydantic models.

Every message is one JSON object in one websocket text frame, with a ``type`` field.
Client requests may carry an ``id`` (int or string) that the server echoes in its reply,
so a client can tell replies from pushed messages. docs/PROTOCOL.md is the prose version.
"""

from __future__ import annotations

import json
import math
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

PROTOCOL_VERSION = 1

RequestId = Union[int, str, None]

# Error codes the server can send; each error also carries a message naming what was wrong.
ERROR_CODES = {
    "bad_json": "the frame is not a JSON object",
    "binary_frame": "binary frames are not accepted; send JSON text",
    "too_large": "the message is larger than the server's max_message_bytes",
    "unknown_type": "the message's type is not one of the protocol's request types",
    "invalid_message": "a field is missing, unknown or of the wrong type",
    "protocol_mismatch": "the client speaks another protocol version",
    "rate_limited": "too many messages in a short time; the message was dropped",
    "no_episode": "no episode has been started on this server",
    "unknown_task": "the task id does not exist",
    "bad_task": "the task spec sent with start is invalid (or names a verifier the server does not serve)",
    "specs_refused": "the server plays only its own tasks by id (task specs need serve --allow-client-tasks)",
    "task_too_large": "the task spec is over the server's limits (agents, rounds, world additions, bytes)",
    "private": "the server is private: spectate, history and full status need the spectator token",
    "bad_options": "the episode options were rejected",
    "forbidden": "the control token matches no episode on this server",
    "busy": "the server plays max_episodes episodes already and none is idle",
    "episode_full": "the episode recorded max_episode_bytes of actions and was stopped",
    "unknown_episode": "no episode with that number is on the server",
    "unknown_seat": "the seat is not an agent of the running episode",
    "bad_token": "the seat token is wrong (or belongs to an earlier episode)",
    "not_your_seat": "this connection has not joined that seat",
    "not_your_turn": "another seat's turn comes first",
    "episode_over": "the episode has ended; start a new one",
    "internal": "the server failed on a valid request (a bug); the world is unchanged",
}


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Request(_Message):
    id: RequestId = None


# ----------------------------------------------------------------------------- requests


class Hello(_Request):
    """Ask for the server's description; optionally state the protocol version spoken."""

    type: Literal["hello"]
    protocol: int | None = None
    client: str | None = Field(default=None, max_length=200)


class Start(_Request):
    """Start a new episode (or replace the one this connection plays). Returns one token per seat."""

    type: Literal["start"]
    # the id of a task the server serves, or a whole task spec (the YAML's fields) such as an ablated
    # task, if the server allows client tasks; None: the server's --task
    task: str | dict[str, Any] | None = None
    seed: int | None = None  # None: the server's --seed
    options: dict[str, Any] = Field(default_factory=dict)
    control_token: str | None = Field(default=None, max_length=200)
    observations: bool = False  # include every seat's first observation in the reply


class Join(_Request):
    """Take a seat with its token (also resumes a seat after a reconnect)."""

    type: Literal["join"]
    seat: str = Field(max_length=200)
    token: str = Field(max_length=200)
    observe: bool = True  # push this seat's observation when its turn comes
    episode: int | None = None  # None: the episode whose seat has this token
    feed: bool = False  # push the seat's own view of the world feed (its actions, chat to it)


class Submit(_Request):
    """One tool call for a seat this connection holds, when it is that seat's turn."""

    type: Literal["submit"]
    seat: str = Field(max_length=200)
    action: Any  # any JSON value; the Episode records a malformed one as a failed no-op turn


class Observe(_Request):
    """Ask for a held seat's observation now."""

    type: Literal["observe"]
    seat: str = Field(max_length=200)


class Spectate(_Request):
    """Subscribe to world updates (every action record and round end)."""

    type: Literal["spectate"]
    history: bool = True  # include the first page of the trajectory so far (then ask `history`)
    episode: int | None = None  # None: the latest episode (or the next one, if none runs)
    token: str | None = Field(default=None, max_length=200)  # private server: spectator or control token


class History(_Request):
    """One page of an episode's trajectory (the spectator's history), from record `start` on."""

    type: Literal["history"]
    episode: int | None = None  # None: the episode this connection watches, else the latest
    start: int = Field(default=0, ge=0)
    limit: int = Field(default=1000, ge=1, le=1000)  # records; a page is also capped in bytes
    token: str | None = Field(default=None, max_length=200)  # private server: spectator or control token


class Map(_Request):
    """The world's terrain grid, terrain colours and landmarks (static content, same for every seat)."""

    type: Literal["map"]


class Status(_Request):
    """Ask for the episode status, whose turn it is and which seats are connected."""

    type: Literal["status"]
    episode: int | None = None  # None: the episode this connection plays or watches, else the latest
    token: str | None = Field(default=None, max_length=200)  # private server: the full status needs it


class Leave(_Request):
    """Give up one held seat (``seat``) or all seats and spectating (``seat`` null)."""

    type: Literal["leave"]
    seat: str | None = Field(default=None, max_length=200)


Request = Annotated[
    Union[Hello, Start, Join, Submit, Observe, Spectate, History, Map, Status, Leave],
    Field(discriminator="type"),
]
REQUEST_TYPES = (
    "hello",
    "start",
    "join",
    "submit",
    "observe",
    "spectate",
    "history",
    "map",
    "status",
    "leave",
)
_request_adapter: TypeAdapter[Any] = TypeAdapter(Request)


class ProtocolError(Exception):
    """A request the server refuses; becomes an ``error`` message to that client."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def parse_request(data: Any) -> Any:
    """Validate one decoded JSON value as a request; raise ProtocolError naming the problem."""
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", f"expected a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if kind is None:
        raise ProtocolError(
            "unknown_type", f"message has no 'type' field; expected one of {', '.join(REQUEST_TYPES)}"
        )
    if kind not in REQUEST_TYPES:
        raise ProtocolError(
            "unknown_type",
            f"unknown message type {kind!r}; expected one of {', '.join(REQUEST_TYPES)}",
        )
    try:
        return _request_adapter.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'][1:]) or kind}: {err['msg']}" for err in exc.errors()
        )
        raise ProtocolError("invalid_message", f"bad {kind!r} message: {problems}") from None


def decode(text: str) -> Any:
    """Parse a text frame as JSON, refusing NaN/Infinity (not JSON)."""

    def _no_constants(name: str) -> Any:
        raise ValueError(f"{name} is not valid JSON")

    try:
        return json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json", f"malformed JSON: {exc}") from None


# ----------------------------------------------------------------------------- server messages


def jsonable(value: Any) -> Any:
    """Turn observations/records (numpy arrays, tuples, sets) into plain JSON values."""
    if value is None or isinstance(value, (bool, str, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(jsonable(v) for v in value)
    tolist = getattr(value, "tolist", None)  # numpy arrays and scalars
    if callable(tolist):
        return jsonable(tolist())
    if isinstance(value, BaseModel):
        return jsonable(value.model_dump(mode="json"))
    return str(value)


def _default(value: Any) -> Any:
    """json.dumps hook for what the stdlib cannot encode (numpy, sets, models)."""
    if isinstance(value, (set, frozenset)):
        return sorted(jsonable(v) for v in value)
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        return tolist()
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return str(value)


def encode(message: dict[str, Any]) -> str:
    """One server message as compact JSON text (fast path; NaN/Infinity become null)."""
    try:
        return json.dumps(message, separators=(",", ":"), allow_nan=False, default=_default)
    except ValueError:  # a non-finite float somewhere: take the slow, cleaning path
        return json.dumps(jsonable(message), separators=(",", ":"), allow_nan=False)


def error_message(code: str, message: str, request_id: RequestId = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if request_id is not None:
        out["id"] = request_id
    return out


# Types of messages the server sends (documented in docs/PROTOCOL.md):
# replies:  hello, started, joined, result, observation, spectating, history, map, status, left, error
# pushes:   turn, update, feed, episode_start, episode_end, seat_lost
SERVER_TYPES = (
    "hello",
    "started",
    "joined",
    "result",
    "observation",
    "spectating",
    "history",
    "map",
    "status",
    "left",
    "error",
    "turn",
    "update",
    "feed",
    "episode_start",
    "episode_end",
    "seat_lost",
)
