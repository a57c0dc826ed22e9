"""A tiny OpenAI-compatible chat-completions server for tests (loopback only).

Replies come from a script (a queue consumed in request order) and then from a policy
(a function of the request body), so tests drive the real `openai` client over real HTTP.

    with FakeOpenAI([call("wait"), error(429), call("gather", target="oak_tree#1")]) as server:
        agent = LLMAgent(model="fake", base_url=server.base_url, api_key="x")
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


def call(name: str, _raw: str | None = None, **args: Any) -> dict:
    """A reply with one tool call (`_raw` gives the arguments text verbatim, e.g. bad JSON)."""
    return {"tool_calls": [(name, _raw if _raw is not None else json.dumps(args))]}


def calls(*pairs: tuple[str, dict]) -> dict:
    """A reply with several tool calls."""
    return {"tool_calls": [(name, json.dumps(args)) for name, args in pairs]}


def text(content: str) -> dict:
    """A reply with only text, no tool call."""
    return {"content": content, "tool_calls": []}


def slow(seconds: float, reply: dict) -> dict:
    """A reply sent only after `seconds` (to make the client time out)."""
    return {**reply, "sleep": seconds}


def error(
    status: int, retry_after: float | None = None, message: str | None = None, code: str | None = None
) -> dict:
    """An HTTP error reply (`message` and `code` as a real server words them, e.g. context_length_exceeded)."""
    return {"status": status, "retry_after": retry_after, "message": message, "code": code}


def garbage(body: str, content_type: str = "application/json") -> dict:
    """A 200 reply whose body is `body` verbatim (an HTML error page, broken JSON, no choices)."""
    return {"garbage": body, "content_type": content_type}


def verbatim(
    message: dict, usage: Any = None, with_usage: bool = True, finish_reason: str = "tool_calls"
) -> dict:
    """A 200 chat completion carrying `message` and `usage` exactly as given (null tool names or
    arguments, usage as a string, token counts as words, reasoning_content: what real servers may send)."""
    body: dict[str, Any] = {
        "id": "chatcmpl-verbatim",
        "object": "chat.completion",
        "created": 0,
        "model": "fake",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
    }
    if with_usage:
        body["usage"] = usage
    return garbage(json.dumps(body))


def tool_message(name: Any, arguments: Any) -> dict:
    """An assistant message with one tool call whose name and arguments are taken verbatim."""
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "call_v", "type": "function", "function": {"name": name, "arguments": arguments}}
        ],
    }


def _prompt_tokens(body: dict) -> int:
    """Deterministic stand-in for a tokenizer: ~4 characters per token of the messages."""
    return sum(len(json.dumps(m, sort_keys=True)) for m in body.get("messages", [])) // 4


class FakeOpenAI:
    """Threaded HTTP server on 127.0.0.1 speaking enough of /v1/chat/completions."""

    def __init__(
        self,
        script: list[dict] | None = None,
        policy: Callable[[dict], dict] | None = None,
        usage: bool = True,
        latency: float = 0.0,
        record: bool = True,
        keep_alive: bool = False,
        refuse_every: int = 0,
    ):
        self.latency = latency  # seconds every answer takes (a model's thinking time), on top of `slow`
        self.record = record  # keep every request body (benchmarks turn it off: memory)
        self.keep_alive = keep_alive  # HTTP/1.1 persistent connections (benchmarks; tests use one per call)
        self.refuse_every = (
            refuse_every  # answer 429 (no Retry-After, at once) to every Nth request: a rate limiter
        )
        self.script: deque[dict] = deque(script or [])
        self.policy = policy or (lambda body: call("wait"))
        self.usage = usage
        self.requests: list[dict] = []  # bodies of every request received
        self.count = 0  # requests received (also when not recorded)
        self.statuses: list[int] = []  # status code answered to each request
        self.lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None
        self.thread: threading.Thread | None = None

    # -- lifecycle
    def start(self) -> "FakeOpenAI":
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1" if fake.keep_alive else "HTTP/1.0"

            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.endswith("/chat/completions"):
                    self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                    return
                spec = fake._next(body)
                if (spec.get("sleep") or fake.latency) and not spec.get("immediate"):
                    time.sleep((spec.get("sleep") or 0) + fake.latency)
                status = spec.get("status")
                if status:
                    headers = (
                        {"retry-after": str(spec["retry_after"])}
                        if spec.get("retry_after") is not None
                        else {}
                    )
                    fake._record(status)
                    detail = {
                        "message": spec.get("message") or f"scripted HTTP {status}",
                        "type": "server_error",
                        "code": spec.get("code"),
                    }
                    self._send(status, {"error": detail}, headers)
                    return
                fake._record(200)
                if "garbage" in spec:
                    self._send(200, spec["garbage"], content_type=spec["content_type"])
                    return
                self._send(200, fake._completion(body, spec))

            def _send(
                self,
                status: int,
                payload: dict | str,
                headers: dict | None = None,
                content_type: str = "application/json",
            ) -> None:
                data = (payload if isinstance(payload, str) else json.dumps(payload)).encode()
                self.send_response(status)
                self.send_header("content-type", content_type)
                self.send_header("content-length", str(len(data)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)

        class Server(ThreadingHTTPServer):
            request_queue_size = 1024  # many clients connecting at once (episodes in flight) are not refused

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client that gave up (timeout test) is not an error here

        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self.thread.start()
        return self

    def stop(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def __enter__(self) -> "FakeOpenAI":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        assert self.server is not None, "server not started"
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    # -- replies
    def _next(self, body: dict) -> dict:
        with self.lock:
            self.count += 1
            if self.record:
                self.requests.append(body)
            if self.refuse_every and self.count % self.refuse_every == 0:
                return {**error(429), "immediate": True}  # a rate limiter refuses before the model runs
            if self.script:
                return self.script.popleft()
        return self.policy(body)

    def _record(self, status: int) -> None:
        with self.lock:
            self.statuses.append(status)

    def _completion(self, body: dict, spec: dict) -> dict:
        with self.lock:
            n = self.count
        turn = len(body.get("messages", []))  # ids from the conversation, not arrival order: parallel-safe
        tool_calls = [
            {"id": f"call_{turn}_{i}", "type": "function", "function": {"name": name, "arguments": arguments}}
            for i, (name, arguments) in enumerate(spec.get("tool_calls", []))
        ]
        message: dict[str, Any] = {"role": "assistant", "content": spec.get("content")}
        if tool_calls:
            message["tool_calls"] = tool_calls
        completion = (
            5
            + sum(len(c["function"]["arguments"]) for c in tool_calls) // 4
            + len(spec.get("content") or "") // 4
        )
        out: dict[str, Any] = {
            "id": f"chatcmpl-{n}",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", "fake"),
            "choices": [
                {"index": 0, "message": message, "finish_reason": "tool_calls" if tool_calls else "stop"}
            ],
        }
        if self.usage:
            prompt = _prompt_tokens(body)
            out["usage"] = {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            }
        return out
