"""Issue 10's server defects, each pinned by a test that failed before its fix.

Memory: the outgoing buffer is bounded in bytes, the history is paged, an episode's record is
capped. Access: loopback (or allowed) Host names and same-origin websockets only; the operator's
episodes cannot be evicted or crowded out by anonymous clients. Clean errors: repeated headers,
a task without its verifier, a port out of range.
"""

from __future__ import annotations

import json
import logging
import socket
import subprocess
import sys
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from agentworld.server_bridge import protocol as P
from agentworld.server_bridge.client import Connection, SeatClient, ServerError, StartRefused
from agentworld.server_bridge.background import ServerThread
from agentworld.server_bridge.server import ServerConfig
from agentworld.tasks import load_task

from test_server import connect, fake_factory, raw_request, start, trajectory

pytestmark = pytest.mark.timeout(90)


def serve(**config) -> ServerThread:
    config.setdefault("port", 0)
    return ServerThread(ServerConfig(**config), fake_factory).start()


def flood_chats(url: str, started: dict, chats: int, size: int) -> None:
    """Play `chats` turns of chat with `size`-character messages over one connection holding every seat."""
    conn = Connection(url, timeout=20)
    for name, token in started["seats"].items():
        conn.request("join", seat=name, token=token, observe=False)
    agents = started["agents"]
    for i in range(chats):
        conn.request(
            "submit",
            seat=agents[i % len(agents)],
            action={"tool": "chat", "args": {"message": f"{i:06d}" + "x" * size}},
        )
    conn.close()


# ---------------------------------------------------------------------------------- memory


def test_history_is_paged_and_pages_rebuild_the_trajectory():
    srv = serve(history_page_bytes=16 * 1024)
    try:
        started = start(srv.url, agents=3, max_rounds=10_000)
        flood_chats(srv.url, started, 300, 400)  # ~150 KB of records
        conn = Connection(srv.url, timeout=10)
        first = conn.request("spectate", history=True)
        assert first["history_total"] == len(trajectory(srv)) > 300
        assert first["history_next"] is not None  # not the whole trajectory in one reply
        records, following, pages = list(first["history"]), first["history_next"], 1
        while following is not None:
            page = conn.request("history", start=following)
            assert page["start"] == following and page["total"] == first["history_total"]
            size = sum(len(P.encode({"type": "update", "record": r})) for r in page["records"])
            assert size <= 16 * 1024
            records += page["records"]
            following, pages = page["next"], pages + 1
        assert pages >= 8
        assert [r["id"] for r in records if r["type"] == "action"] == list(range(300))
        assert [r.get("t") for r in records] == [r.get("t") for r in trajectory(srv)]
        with pytest.raises(ServerError) as exc:
            conn.request("history", start=0, limit=5000)
        assert exc.value.code == "invalid_message"
        conn.close()
    finally:
        srv.stop()


def test_a_client_that_does_not_read_is_dropped_at_the_byte_bound():
    """Issue 10.1: 120 unread history replies held 247 MB; now a connection holds <= max_buffer_bytes."""
    limit = 256 * 1024
    srv = serve(max_buffer_bytes=limit, history_page_bytes=64 * 1024)
    try:
        started = start(srv.url, agents=3, max_rounds=10_000)
        flood_chats(srv.url, started, 600, 450)
        ws = connect(srv.url)
        peak = 0
        for _ in range(300):  # ~19 MB asked for, never read
            try:
                ws.send(json.dumps({"type": "spectate", "history": True}))
            except ConnectionClosed:
                break
            peak = max(peak, srv.call(lambda: max((c.buffered for c in srv.server.clients), default=0)))
        assert peak <= limit
        with pytest.raises(ConnectionClosed) as exc:
            while True:
                ws.recv(timeout=10)
        assert exc.value.rcvd is not None and exc.value.rcvd.code == 1008
        assert "reads too slowly" in exc.value.rcvd.reason
        # the server goes on, and a reader that keeps up is never dropped
        conn = Connection(srv.url, timeout=10)
        for _ in range(50):
            assert conn.request("history", start=0)["records"]
        conn.close()
    finally:
        srv.stop()


def test_many_slow_readers_together_stay_under_the_server_wide_bound():
    """Each connection under its own bound, but all of them together: the pool drops the largest first."""
    pool_limit, per_connection = 300 * 1024, 1 << 20
    srv = serve(
        max_buffer_bytes=per_connection, max_total_buffer_bytes=pool_limit, history_page_bytes=64 * 1024
    )
    try:
        started = start(srv.url, agents=3, max_rounds=10_000)
        flood_chats(srv.url, started, 600, 450)
        readers = [connect(srv.url) for _ in range(6)]
        peak = 0
        for _ in range(150):  # ~10 MB asked by each, more than the socket and client buffers absorb
            for ws in readers:
                try:
                    ws.send(json.dumps({"type": "history", "episode": started["episode"], "start": 0}))
                except ConnectionClosed:
                    pass
            peak = max(peak, srv.call(lambda: srv.server.pool.total))
        assert peak <= pool_limit + 6 * 64 * 1024
        reasons = [close_reason(ws) for ws in readers]  # reading now: the ones not dropped empty their queue
        assert any("buffers are full" in r for r in reasons), reasons
        assert srv.call(lambda: srv.server.pool.total) == 0  # every byte sent or dropped was given back
    finally:
        srv.stop()


def close_reason(ws) -> str:
    """Read until the server closes the connection (its reason) or goes quiet ('open')."""
    try:
        while True:
            ws.recv(timeout=3)
    except ConnectionClosed as exc:
        return exc.rcvd.reason if exc.rcvd else ""
    except TimeoutError:
        return "open"


def test_connections_beyond_the_limit_get_503():
    srv = serve(max_connections=3)
    try:
        first = [connect(srv.url) for _ in range(3)]
        with pytest.raises(InvalidStatus) as exc:
            connect(srv.url)
        assert exc.value.response.status_code == 503
        first[0].close()
        deadline = time.monotonic() + 5
        while srv.call(lambda: len(srv.server.clients)) >= 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        again = connect(srv.url)  # a slot is free again
        assert raw_request(again, {"type": "hello"})["type"] == "hello"
        for ws in (again, *first[1:]):
            ws.close()
    finally:
        srv.stop()


def test_an_episode_past_its_byte_budget_is_stopped():
    srv = serve(max_episode_bytes=40_000)
    try:
        started = start(srv.url, agents=2, max_rounds=10_000)
        watcher = Connection(srv.url, timeout=10)
        watcher.request("spectate", history=False)
        with pytest.raises(ServerError) as exc:
            flood_chats(srv.url, started, 1000, 450)
        assert exc.value.code == "episode_over"
        end = watcher.next_push(lambda m: m["type"] == "episode_end", timeout=10)
        assert "episode_full" in end["reason"] and "max_episode_bytes=40000" in end["reason"]
        assert len(trajectory(srv)) < 100  # it stopped growing at the budget
        watcher.close()
    finally:
        srv.stop()


# ---------------------------------------------------------------------------------- access


def http_get(port: int, headers: list[tuple[str, str]], path: str = "/") -> tuple[int, str]:
    """A raw HTTP/1.1 request (any headers, repeated ones too); returns (status, body)."""
    lines = [f"GET {path} HTTP/1.1", *(f"{k}: {v}" for k, v in headers), "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall("\r\n".join(lines).encode())
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        status = int(data.split()[1])
        while status != 101 and (chunk := sock.recv(65536)):  # other answers end with the connection
            data += chunk
    return status, data.partition(b"\r\n\r\n")[2].decode(errors="replace")


UPGRADE = [
    ("Upgrade", "websocket"),
    ("Connection", "Upgrade"),
    ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ("Sec-WebSocket-Version", "13"),
]


def test_only_loopback_or_allowed_hosts_and_same_origin_websockets():
    srv = serve(allow_hosts=("game.lan",))
    try:
        port = srv.server.port
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"game.lan:{port}"):
            assert http_get(port, [("Host", host)])[0] == 200, host
            assert http_get(port, [("Host", host), *UPGRADE])[0] == 101, host
        for host in (f"evil.example:{port}", f"127.0.0.1.evil.example:{port}", ""):
            status, body = http_get(port, [("Host", host), *UPGRADE])
            assert status == 403 and "--allow-host" in body, (host, body)
            assert http_get(port, [("Host", host)])[0] == 403
        same = f"localhost:{port}"
        assert http_get(port, [("Host", same), ("Origin", f"http://{same}"), *UPGRADE])[0] == 101
        for origin in (
            "http://evil.example",
            "null",
            f"http://127.0.0.1:{port}",
        ):  # not the page's own origin
            assert http_get(port, [("Host", same), ("Origin", origin), *UPGRADE])[0] == 403, origin
    finally:
        srv.stop()


def test_repeated_single_headers_get_a_clean_400(caplog):
    srv = serve()
    try:
        port = srv.server.port
        host = ("Host", f"127.0.0.1:{port}")
        with caplog.at_level(logging.WARNING):
            for extra in (
                [("Connection", "Upgrade"), ("Connection", "close")],
                [("Origin", "http://a"), ("Origin", "http://b")],
                [("Host", "localhost")],
            ):
                status, body = http_get(port, [host, *extra])
                assert status == 400 and "duplicate" in body, (extra, body)
        assert not [r for r in caplog.records if r.exc_info]  # no traceback in the log
    finally:
        srv.stop()


def test_operator_episodes_cannot_be_evicted_nor_crowded_out():
    """Issue 10.2: anonymous starts evicted a `serve --task` episode nobody had joined for 60 s."""
    srv = serve(task="fake", max_episodes=1)
    try:
        operator = srv.call(lambda: srv.server.game)
        tokens = srv.call(lambda: {n: s.token for n, s in operator.seats.items()})
        srv.call(lambda: setattr(operator, "touched", 0.0))  # unjoined for ages
        first = start(srv.url, agents=1)  # the operator's episode takes none of the anonymous slots
        srv.call(lambda: setattr(srv.server.games[first["episode"]], "touched", 0.0))
        second = start(srv.url, agents=1)  # evicts the idle anonymous episode, never the operator's
        assert sorted(srv.call(lambda: list(srv.server.games))) == [operator.number, second["episode"]]
        player = SeatClient(srv.url, "a0", tokens["a0"], timeout=5)  # the operator's link still works
        assert player.my_turn and player.act({"tool": "score"})["ok"]
        with pytest.raises(ServerError) as exc:  # the one anonymous slot is played: busy
            start(srv.url, agents=1)
        assert exc.value.code == "busy"
        player.close()
    finally:
        srv.stop()


# ---------------------------------------------------------------------------------- clean errors


def test_a_task_without_its_verifier_is_a_named_error(caplog):
    srv = ServerThread(ServerConfig(port=0, allow_client_tasks=True)).start()
    try:
        spec = load_task("task_01").model_dump(mode="json", by_alias=True)
        spec["verifier"] = "no_such_verifier"
        conn = Connection(srv.url, timeout=30)
        with caplog.at_level(logging.WARNING), pytest.raises(StartRefused) as exc:
            conn.request("start", task=spec)
        assert exc.value.code == "bad_task" and "no_such_verifier" in exc.value.message
        assert isinstance(exc.value, ValueError)  # commands report it as bad input
        assert not [r for r in caplog.records if r.exc_info]
        assert conn.request("hello")["type"] == "hello"
        conn.close()
    finally:
        srv.stop()


def test_serve_rejects_a_port_out_of_range():
    for port in ("99999", "-1"):
        bad = subprocess.run(
            [sys.executable, "-m", "agentworld.cli", "serve", "--port", port],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert bad.returncode == 2 and "--port must be between 0 and 65535" in bad.stderr, bad.stderr
        assert "Traceback" not in bad.stderr


def test_hello_states_the_limits():
    srv = serve(max_buffer_bytes=300_000, max_episode_bytes=5_000_000)
    try:
        ws = connect(srv.url)
        limits = raw_request(ws, {"type": "hello"})["limits"]
        assert limits["max_buffer_bytes"] == 300_000 and limits["max_episode_bytes"] == 5_000_000
        assert limits["history_page_bytes"] == 256 * 1024
        ws.close()
    finally:
        srv.stop()
