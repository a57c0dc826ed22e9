"""Synchronous clients of the AgentWorld game server.

Why synchronous: the env (and a training loop around it) is plain blocking Python, so the
client uses `websockets.sync.client` and simply waits for each reply; messages the server
pushes meanwhile (world updates, turn notices) are kept in order and handled as they arrive.

- Connection: one websocket, request/reply matched by ``id``, pushes buffered.
- ServerBackend: the env's Backend over the server (drives every seat of one episode).
- SeatClient: one seat for a separate agent process (or a test), waiting for its turns.
"""

from __future__ import annotations

import itertools
import json
import time
from collections import deque
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from agentworld.server_bridge.protocol import PROTOCOL_VERSION, jsonable


class ServerError(RuntimeError):
    """The server answered a request with an error message."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class StartRefused(ServerError, ValueError):
    """The server refused to start the episode because of the task or options sent (a ValueError, so
    commands report it as bad input, not as a crash)."""


START_ERRORS = ("unknown_task", "bad_task", "bad_options", "specs_refused", "task_too_large")


class Connection:
    """One websocket to the server: request() waits for the matching reply, pushes are queued."""

    def __init__(self, url: str, timeout: float = 60.0, on_push: Callable[[dict], bool] | None = None):
        """on_push(message) sees every pushed message first; returning True consumes it (not queued)."""
        self.url = url
        self.timeout = timeout
        try:  # __enter__ opens the connection on websockets >= 17.1 (and returns it on older ones)
            self.ws = connect(
                url, max_size=None, max_queue=None, compression=None, open_timeout=timeout
            ).__enter__()  # max_queue=None: pings are answered even while pushes wait unread
        except (OSError, InvalidURI, InvalidHandshake) as exc:
            raise ServerError("unreachable", f"cannot reach an AgentWorld server at {url}: {exc}") from None
        self._ids = itertools.count(1)
        self.pushes: deque[dict] = deque()
        self.on_push = on_push

    def send(self, message: dict) -> None:
        try:
            self.ws.send(json.dumps(message, separators=(",", ":")))
        except ConnectionClosed as exc:
            raise ServerError("closed", f"the connection to {self.url} is closed: {exc}") from None

    def _recv(self, deadline: float) -> dict:
        remaining = max(0.0, deadline - time.monotonic())
        try:
            text = self.ws.recv(timeout=remaining)
        except TimeoutError:
            raise TimeoutError(f"no message from {self.url} within {self.timeout:g}s") from None
        except ConnectionClosed as exc:
            raise ServerError("closed", f"the server at {self.url} closed the connection: {exc}") from None
        return json.loads(text)

    def _push(self, message: dict) -> None:
        if self.on_push is not None and self.on_push(message):
            return
        self.pushes.append(message)

    def request(self, type: str, **fields: Any) -> dict:
        """Send one request and return its reply; an error reply raises ServerError."""
        request_id = next(self._ids)
        self.send({"type": type, "id": request_id, **fields})
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._recv(deadline)
            if message.get("id") == request_id:
                if message.get("type") == "error":
                    code = message.get("code", "?")
                    error = StartRefused if type == "start" and code in START_ERRORS else ServerError
                    raise error(code, message.get("message", ""))
                return message
            self._push(message)

    def next_push(
        self, predicate: Callable[[dict], bool] = lambda m: True, timeout: float | None = None
    ) -> dict:
        """Return (and remove) the first pushed message matching predicate, waiting if needed."""
        for message in list(self.pushes):
            if predicate(message):
                self.pushes.remove(message)
                return message
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            message = self._recv(deadline)
            if message.get("type") == "error" and "id" not in message:
                raise ServerError(message.get("code", "?"), message.get("message", ""))
            consumed = self.on_push is not None and self.on_push(message)
            if predicate(message):
                return message
            if not consumed:
                self.pushes.append(message)

    def close(self) -> None:
        self.ws.close()


def _observation_from_json(data: Any) -> Any:
    """Rebuild the env's observation (numpy fields) from its JSON form, if the env knows how."""
    if not isinstance(data, dict) or "tool_mask" not in data:
        return data
    from agentworld.observation import observation_from_json

    return observation_from_json(data)


def _action_to_wire(action: Any) -> Any:
    """Typed tool calls travel as their {"tool", "args"} dict; anything else as JSON as it is."""
    if action is None or isinstance(action, str):
        return action
    if hasattr(action, "to_dict"):  # agentworld.tools.ToolCall
        return jsonable(action.to_dict())
    if hasattr(action, "model_dump"):  # a Tool model: send it as a tool call
        from agentworld.tool_calls import parse_action

        call = parse_action(action)
        if hasattr(call, "to_dict"):
            return jsonable(call.to_dict())
        return jsonable(action.model_dump(mode="json"))
    return jsonable(action)


def _task_from_spec(spec: Any, fallback: Any) -> Any:
    """The task as the server plays it (a Task model when the package can rebuild it)."""
    if spec is None:
        return fallback
    try:
        from agentworld.tasks import Task

        return Task.model_validate(spec)
    except Exception:  # noqa: BLE001 - an older/newer server: keep the plain dict
        return spec


def _task_to_wire(task: Any) -> Any:
    """An id travels as the id, and so does a Task equal to the task of its id here (a server plays its
    own tasks by id); another Task (an ablation, a file of one's own) as its whole spec, which the
    server accepts only with `serve --allow-client-tasks`."""
    if isinstance(task, str):
        return task
    try:
        from agentworld.tasks import list_task_ids, load_task

        if task.id in list_task_ids("all") and load_task(task.id) == task:
            return task.id
    except Exception:  # noqa: BLE001 - cannot tell: send the spec, the server says what it thinks of it
        pass
    return jsonable(task.model_dump(mode="json", by_alias=True))


class ServerBackend:
    """The Backend the env uses when given ``server=url``: the Episode runs in `agentworld serve`.

    It starts the episode on the server (at construction, like EmbeddedBackend, so `task` and
    `agents` are known; again at each reset), joins every seat over one connection and
    spectates it, so act/end_round/observe mirror the embedded backend call for call; the
    server plays them on its Episode in the same order, which keeps trajectories identical.
    The server ends a round after its last seat acts or when the task succeeds, exactly
    when the env calls end_round, so end_round here just collects that round's record.
    """

    def __init__(
        self,
        url: str,
        task: Any,
        seed: int | None = None,
        options: Any = None,
        *,
        timeout: float = 60.0,
        control_token: str | None = None,
    ):
        self.url = url
        self.task_wire = _task_to_wire(task)
        self.task: Any = task
        self.options = options
        self.seed = seed
        self.control_token = control_token
        self.tokens: dict[str, str] = {}
        self.agents: list[str] = []
        self.episode_number: int | None = None
        self._trajectory: list[dict] = []
        self._rounds: deque[dict] = deque()
        self._status: dict | None = None
        self.conn = Connection(url, timeout=timeout, on_push=self._on_push)
        try:
            self.server_info = self.conn.request(
                "hello", protocol=PROTOCOL_VERSION, client="agentworld.ServerBackend"
            )
            self._start(observations=False)
        except BaseException:
            self.close()
            raise

    def _on_push(self, message: dict) -> bool:
        """Collect world updates (this client's trajectory); other pushes are of no use here."""
        if message.get("type") == "update":
            record = message["record"]
            self._trajectory.append(record)
            if record.get("type") == "round_end":
                self._rounds.append(record)
                self._status = record.get("status") or self._status
        return True

    def _options_dict(self) -> dict:
        options = self.options
        if options is None:
            return {}
        if hasattr(options, "model_dump"):
            return jsonable(options.model_dump(mode="json"))
        if hasattr(options, "__dataclass_fields__"):
            import dataclasses

            return jsonable(dataclasses.asdict(options))
        return jsonable(dict(options))

    def reset(self, seed: int | None = None) -> dict[str, Any]:
        """Start a new episode on the server; return every agent's first observation."""
        if seed is not None:
            self.seed = seed
        started = self._start(observations=True)
        return {name: _observation_from_json(obs) for name, obs in started.get("observations", {}).items()}

    def _start(self, observations: bool) -> dict:
        started = self.conn.request(
            "start",
            task=self.task_wire,
            seed=self.seed,
            options=self._options_dict(),
            control_token=self.control_token,
            observations=observations,
        )
        self.seed = started["seed"]
        self.episode_number = started["episode"]
        self.control_token = started["control_token"]
        self.tokens = started["seats"]
        self.agents = list(started["agents"])
        self.task = _task_from_spec(started.get("task_spec"), self.task)
        self._status = started.get("status")
        for name in self.agents:
            self.conn.request("join", seat=name, token=self.tokens[name], observe=False)
        # pushes from an earlier episode are stale now
        self.conn.pushes.clear()
        self._trajectory = []
        self._rounds.clear()
        self.conn.request("spectate", history=False, episode=self.episode_number, **self._watch_token())
        self.untouched = True  # started and nothing played: a reset to the same seed would only replace it
        return started

    def _watch_token(self) -> dict:
        """On a private server an env sees its own episode whole with its control token."""
        return {"token": self.control_token} if self.server_info.get("private") else {}

    def act(self, agent: str, action: Any) -> dict:
        """Play one tool call for `agent` (it must be its turn); return the action record."""
        self.untouched = False
        reply = self.conn.request("submit", seat=agent, action=_action_to_wire(action))
        return reply["record"]

    def end_round(self) -> dict:
        """Return the round-end record (the server ends a round after its last seat acts)."""
        if not self._rounds:
            self.conn.next_push(
                lambda m: m.get("type") == "update" and m["record"].get("type") == "round_end"
            )
        return self._rounds.popleft()

    def observe(self, agent: str) -> Any:
        reply = self.conn.request("observe", seat=agent)
        return _observation_from_json(reply["observation"])

    def status(self) -> dict:
        reply = self.conn.request("status", episode=self.episode_number, **self._watch_token())
        self._status = reply.get("status")
        return self._status or {}

    def trajectory(self) -> list[dict]:
        """Every record of this episode so far (a status round-trip first collects pending updates)."""
        self.conn.request("status")
        return list(self._trajectory)

    def close(self) -> None:
        try:
            self.conn.close()
        except Exception:  # noqa: BLE001 - closing twice or after the server left is fine
            pass

    def __enter__(self) -> "ServerBackend":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class SeatClient:
    """One seat held by one connection: what a separate agent process (or a person's script) uses."""

    def __init__(self, url: str, seat: str, token: str, timeout: float = 60.0):
        self.seat = seat
        self.conn = Connection(url, timeout=timeout)
        joined = self.conn.request("join", seat=seat, token=token, observe=True)
        self.briefing = joined.get("briefing", {})
        self.tools = joined.get("tools", [])
        self.observation: Any = _observation_from_json(joined.get("observation"))
        self.my_turn = joined.get("turn") == seat and not joined.get("over")
        self.over = bool(joined.get("over"))
        self.records: list[dict] = []

    def wait_turn(self, timeout: float | None = None) -> Any | None:
        """Block until it is this seat's turn; return its observation (None once the episode ends)."""
        if self.my_turn:
            return self.observation
        if self.over:
            return None
        message = self.conn.next_push(
            lambda m: (
                (m.get("type") == "turn" and m.get("seat") == self.seat)
                or m.get("type") in ("episode_end", "seat_lost")
            ),
            timeout=timeout,
        )
        if message["type"] != "turn":
            self.over = True
            return None
        self.observation = _observation_from_json(message["observation"])
        self.my_turn = True
        return self.observation

    def act(self, action: Any) -> dict:
        """Submit this seat's tool call; return the action record."""
        reply = self.conn.request("submit", seat=self.seat, action=_action_to_wire(action))
        self.my_turn = False
        self.records.append(reply["record"])
        return reply["record"]

    def close(self) -> None:
        try:
            self.conn.close()
        except Exception:  # noqa: BLE001
            pass


def play_seat(url: str, seat: str, token: str, agent: Any, timeout: float = 3600.0) -> dict:
    """Play one seat with an Agent until the episode ends (a separate agent process's main loop)."""
    client = SeatClient(url, seat, token, timeout=timeout)
    try:
        briefing = dict(client.briefing)
        if getattr(agent, "needs_plan", False) and "oracle_plan" not in briefing:
            from agentworld.tasks import load_task

            task = load_task(briefing.get("task_id", ""))  # scripted seats read their plan locally
            briefing["oracle_plan"] = list(task.oracle.get(seat, []))
        agent.reset(seat, briefing)
        while (observation := client.wait_turn()) is not None:
            client.act(agent.act(observation))
        return {
            "seat": seat,
            "actions": len(client.records),
            "failed": sum(not r["ok"] for r in client.records),
        }
    finally:
        client.close()


def main(argv: list[str] | None = None) -> int:
    """`python -m agentworld.server_bridge.client URL --seat NAME --token TOKEN --agent KIND`."""
    import argparse
    import sys

    from agentworld.agents import make_agent

    parser = argparse.ArgumentParser(
        prog="python -m agentworld.server_bridge.client",
        description="play one seat of an AgentWorld server's episode with an agent (one process per seat)",
    )
    parser.add_argument("url", help="server websocket URL, e.g. ws://127.0.0.1:8765")
    parser.add_argument("--seat", required=True, help="the agent (seat) name")
    parser.add_argument(
        "--token", required=True, help="the seat's token (printed by `agentworld serve --task`)"
    )
    parser.add_argument("--agent", default="random", help="noop | random | oracle | llm")
    parser.add_argument("--seed", type=int, default=0, help="seed of a random agent")
    parser.add_argument("--model", help="LLM model name (llm agents)")
    parser.add_argument("--base-url", help="OpenAI-compatible API base URL (llm agents)")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds to wait for a turn")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    if args.agent == "random":
        options["seed"] = args.seed
    if args.agent == "llm":
        options.update({k: v for k, v in (("model", args.model), ("base_url", args.base_url)) if v})
    try:
        agent = make_agent(args.agent, **options)
        summary = play_seat(args.url, args.seat, args.token, agent, timeout=args.timeout)
    except (ServerError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"seat {summary['seat']}: {summary['actions']} actions ({summary['failed']} failed); episode over")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
