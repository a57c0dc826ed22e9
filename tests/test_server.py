"""The game server over real loopback websockets, driven with a tiny stand-in episode.

The stand-in (FakeEpisode) keeps these tests about the server: turn order, seats, tokens,
hostile input, reconnects, timeouts and fan-out, independent of the world's content.
test_server_env.py runs the real Episode and the env over the server.
"""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect as ws_connect

from agentworld.server_bridge import protocol as P
from agentworld.server_bridge.client import Connection, SeatClient, ServerBackend, ServerError
from agentworld.server_bridge.background import ServerThread
from agentworld.server_bridge.server import ServerConfig

pytestmark = pytest.mark.timeout(60)


class FakeEpisode:
    """Deterministic Episode stand-in: tool "score" adds a point; `goal` points = success."""

    def __init__(self, task: str, seed: int, options: dict):
        if task != "fake":
            raise KeyError(task)
        self.options = dict(options)
        unknown = set(self.options) - {"agents", "max_rounds", "goal"}
        if unknown:
            raise ValueError(f"unknown options {sorted(unknown)}")
        self.agents = [f"a{i}" for i in range(int(self.options.get("agents", 3)))]
        self.max_rounds = int(self.options.get("max_rounds", 5))
        self.goal = int(self.options.get("goal", 10**6))
        self.task = None
        self.reset(seed)

    def reset(self, seed: int) -> dict:
        self.rng = random.Random(seed)
        self.round, self.next_id, self.points, self.success = 1, 0, 0, False
        self.trajectory: list[dict] = []
        self.inbox: dict[str, list] = {a: [] for a in self.agents}
        return {a: self.observe(a) for a in self.agents}

    def act(self, agent: str, action) -> dict:
        if isinstance(action, str):
            try:
                action = json.loads(action)
            except ValueError:
                pass
        ok = isinstance(action, dict) and isinstance(action.get("tool"), str)
        tool = action["tool"] if ok else None
        args = action.get("args", {}) if ok else None
        new = []
        if tool == "score":
            self.points += 1
            if self.points >= self.goal and not self.success:
                self.success, new = True, ["goal"]
        if tool == "chat":
            for other in self.agents:
                if other != agent:
                    self.inbox[other].append({"from": agent, "text": args.get("message", "")})
        self.inbox[agent] = []
        rec = {
            "type": "action",
            "id": self.next_id,
            "round": self.round,
            "turn": self.agents.index(agent),
            "agent": agent,
            "tool": tool,
            "args": args,
            "raw": None if ok else action,
            "ok": ok,
            "result": f"{tool} done" if ok else "",
            "error": None if ok else "not a tool call",
            "roll": self.rng.random(),
            "checkpoints": new,
            "t": time.time(),
        }
        if new:  # the record on which the episode succeeds names the actions that did it
            rec["success_actions"] = [self.next_id]
        self.next_id += 1
        self.trajectory.append(rec)
        return rec

    def end_round(self) -> dict:
        ended = self.round
        self.round += 1
        rec = {
            "type": "round_end",
            "round": ended,
            "events": [],
            "checkpoints": [],
            "status": self.status(),
            "t": time.time(),
        }
        self.trajectory.append(rec)
        return rec

    def observe(self, agent: str) -> dict:
        return {
            "agent": agent,
            "round": self.round,
            "points": self.points,
            "messages": list(self.inbox[agent]),
            "text": f"{agent} in round {self.round}; team points {self.points}",
        }

    def status(self) -> dict:
        truncated = not self.success and self.round > self.max_rounds
        return {
            "round": self.round,
            "max_rounds": self.max_rounds,
            "checkpoints": {"goal": self.success},
            "success": self.success,
            "psr": 1.0 if self.success else 0.0,
            "done": self.success or truncated,
            "truncated": truncated,
        }


def fake_factory(task: str, seed: int, options: dict) -> FakeEpisode:
    return FakeEpisode(task, seed, options)


def serve(**config) -> ServerThread:
    config.setdefault("port", 0)
    return ServerThread(ServerConfig(**config), fake_factory).start()


@pytest.fixture
def server():
    srv = serve()
    yield srv
    srv.stop()


def start(url: str, agents: int = 3, seed: int = 7, **options) -> dict:
    conn = Connection(url, timeout=10)
    try:
        return conn.request("start", task="fake", seed=seed, options={"agents": agents, **options})
    finally:
        conn.close()


def trajectory(srv: ServerThread) -> list[dict]:
    return srv.call(lambda: [dict(r) for r in srv.server.game.episode.trajectory])


def connect(url: str):
    """A raw websocket (no protocol helpers) for sending hostile frames."""
    return ws_connect(url, close_timeout=1).__enter__()


def raw_request(ws, message) -> dict:
    ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))
    return json.loads(ws.recv(timeout=5))


# ---------------------------------------------------------------------------------- protocol


def test_parse_request_names_the_problem():
    assert isinstance(P.parse_request({"type": "submit", "seat": "a0", "action": {"tool": "wait"}}), P.Submit)
    with pytest.raises(P.ProtocolError) as exc:
        P.parse_request({"type": "fly"})
    assert exc.value.code == "unknown_type" and "'fly'" in exc.value.message
    for missing in ({"seat": "a0"}, {"type": None}):
        with pytest.raises(P.ProtocolError) as exc:
            P.parse_request(missing)
        assert exc.value.code == "unknown_type" and "no 'type' field" in exc.value.message
    with pytest.raises(P.ProtocolError) as exc:
        P.parse_request({"type": "join", "seat": "a0"})
    assert exc.value.code == "invalid_message" and "token" in exc.value.message
    with pytest.raises(P.ProtocolError) as exc:
        P.parse_request({"type": "hello", "colour": "red"})
    assert exc.value.code == "invalid_message" and "colour" in exc.value.message
    with pytest.raises(P.ProtocolError) as exc:
        P.decode("{nope")
    assert exc.value.code == "bad_json"
    with pytest.raises(P.ProtocolError):
        P.decode('{"x": NaN}')


def test_hello_and_version_check(server):
    conn = Connection(server.url, timeout=5)
    hello = conn.request("hello", protocol=P.PROTOCOL_VERSION)
    assert hello["protocol"] == P.PROTOCOL_VERSION and hello["episode"] is None
    with pytest.raises(ServerError) as exc:
        conn.request("hello", protocol=99)
    assert exc.value.code == "protocol_mismatch"
    with pytest.raises(ServerError) as exc:
        conn.request("join", seat="a0", token="x")
    assert exc.value.code == "no_episode"
    conn.close()


def test_client_errors_name_the_server():
    with pytest.raises(ServerError) as exc:
        ServerBackend(f"ws://127.0.0.1:{free_port()}", "fake", timeout=2)
    assert exc.value.code == "unreachable" and "cannot reach" in exc.value.message
    srv = serve()
    conn = Connection(srv.url, timeout=5)
    srv.stop()
    with pytest.raises(ServerError) as exc:
        conn.request("status")
    assert exc.value.code == "closed"


def test_start_errors_are_named(server):
    conn = Connection(server.url, timeout=5)
    with pytest.raises(ServerError) as exc:
        conn.request("start", task="nope", seed=1)
    assert exc.value.code == "unknown_task" and "nope" in exc.value.message
    with pytest.raises(ServerError) as exc:
        conn.request("start", task="fake", options={"colour": 1})
    assert exc.value.code == "bad_options" and "colour" in exc.value.message
    with pytest.raises(ServerError) as exc:
        conn.request("start")
    assert exc.value.code == "invalid_message" and "task" in exc.value.message
    conn.close()


# ---------------------------------------------------------------------------------- seats and turns


def test_round_robin_seats_and_spectator(server):
    started = start(server.url, agents=3)
    seats = started["seats"]
    spectator = Connection(server.url, timeout=5)
    spectating = spectator.request("spectate")
    assert spectating["history"] == [] and spectating["episode"]["turn"] == "a0"
    clients = {name: SeatClient(server.url, name, token, timeout=5) for name, token in seats.items()}
    assert clients["a0"].my_turn and not clients["a1"].my_turn
    assert clients["a1"].briefing["agent"] == "a1"

    # out of turn, someone else's seat, spectator acting: errors, nothing recorded
    with pytest.raises(ServerError) as exc:
        clients["a1"].act({"tool": "wait"})
    assert exc.value.code == "not_your_turn" and "it is a0's turn" in exc.value.message  # no 'a0''s quoting
    with pytest.raises(ServerError) as exc:
        clients["a1"].conn.request("submit", seat="a0", action={"tool": "wait"})
    assert exc.value.code == "not_your_seat"
    with pytest.raises(ServerError) as exc:
        spectator.request("submit", seat="a0", action={"tool": "wait"})
    assert exc.value.code == "not_your_seat"
    with pytest.raises(ServerError) as exc:
        spectator.request("join", seat="a0", token="guess")
    assert exc.value.code == "bad_token"
    with pytest.raises(ServerError) as exc:
        spectator.request("join", seat="zz", token="guess")
    assert exc.value.code == "unknown_seat"
    assert trajectory(server) == []

    for rnd in (1, 2):
        for name in ("a0", "a1", "a2"):
            obs = clients[name].wait_turn(timeout=5)
            assert obs["round"] == rnd
            record = clients[name].act({"tool": "chat", "args": {"message": f"hi from {name}"}})
            assert record["agent"] == name and record["round"] == rnd and record["ok"]
    # a1 saw a0's chat of round 2 in its turn observation? (messages since its last turn)
    updates = [spectator.next_push(lambda m: m["type"] == "update", timeout=5)["record"] for _ in range(8)]
    kinds = [(r["type"], r.get("agent")) for r in updates]
    assert kinds == [("action", "a0"), ("action", "a1"), ("action", "a2"), ("round_end", None)] * 2
    assert [r["id"] for r in updates if r["type"] == "action"] == list(range(6))
    obs = clients["a0"].wait_turn(timeout=5)
    assert [m["from"] for m in obs["messages"]] == ["a1", "a2"]
    for c in clients.values():
        c.close()
    spectator.close()


def test_twenty_agents_over_concurrent_connections(server):
    rounds = 4
    started = start(server.url, agents=20, max_rounds=rounds)
    spectator = Connection(server.url, timeout=10)
    spectator.request("spectate", history=False)
    errors: list[BaseException] = []

    def play(name: str, token: str) -> None:
        try:
            client = SeatClient(server.url, name, token, timeout=20)
            while client.wait_turn(timeout=20) is not None:
                client.act({"tool": "score", "args": {"by": name}})
            client.close()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=play, args=item) for item in started["seats"].items()]
    for t in threads:
        t.start()
    deadline, end = time.monotonic() + 30, None
    while end is None and time.monotonic() < deadline and not errors:
        try:
            end = spectator.next_push(lambda m: m["type"] == "episode_end", timeout=1)
        except TimeoutError:
            pass
    for t in threads:
        t.join(20)
    assert not errors, errors
    assert end["status"]["truncated"] and end["status"]["round"] == rounds + 1
    records = trajectory(server)
    actions = [r for r in records if r["type"] == "action"]
    assert len(actions) == 20 * rounds
    assert [r["agent"] for r in actions] == [f"a{i}" for i in range(20)] * rounds
    assert all(r["ok"] and r["tool"] == "score" for r in actions)
    assert sum(r["type"] == "round_end" for r in records) == rounds
    spectator.close()


def test_episode_over_and_start_permissions(server):
    started = start(server.url, agents=1, max_rounds=1)
    player = SeatClient(server.url, "a0", started["seats"]["a0"], timeout=5)
    player.act({"tool": "wait"})
    assert player.wait_turn(timeout=5) is None  # episode_end arrived
    with pytest.raises(ServerError) as exc:
        player.act({"tool": "wait"})
    assert exc.value.code == "episode_over"
    # another client's start opens a second episode beside the first: nobody loses a seat
    second = start(server.url, agents=2)
    holder = SeatClient(server.url, "a0", second["seats"]["a0"], timeout=5)
    other = Connection(server.url, timeout=5)
    third = other.request("start", task="fake", seed=1)
    assert third["episode"] == second["episode"] + 1
    assert holder.act({"tool": "score"})["ok"]
    with pytest.raises(ServerError) as exc:  # one seat of a team cannot reset the team's episode
        holder.conn.request("start", task="fake")
    assert exc.value.code == "forbidden" and "a1" in exc.value.message
    # replacing an episode others play takes its control token; a wrong one is refused
    with pytest.raises(ServerError) as exc:
        other.request("start", task="fake", control_token="guess")
    assert exc.value.code == "forbidden"
    fourth = other.request("start", task="fake", seed=1, control_token=second["control_token"])
    lost = holder.conn.next_push(lambda m: m["type"] == "seat_lost", timeout=5)
    assert lost["seat"] == "a0" and "new episode" in lost["reason"] and lost["episode"] == second["episode"]
    with pytest.raises(ServerError) as exc:  # old tokens do not open the new episode's seats
        other.request("join", seat="a0", token=second["seats"]["a0"])
    assert exc.value.code == "bad_token"
    hello = other.request("hello")
    assert [e["episode"] for e in hello["episodes"]] == [
        started["episode"],
        third["episode"],
        fourth["episode"],
    ]
    for c in (player, holder):
        c.close()
    other.close()


def test_episodes_side_by_side_and_the_episode_limit():
    srv = serve(max_episodes=2)
    try:
        one, two = start(srv.url, agents=2), start(srv.url, agents=1)
        a = SeatClient(srv.url, "a0", one["seats"]["a0"], timeout=5)  # same seat name, two episodes
        b = SeatClient(srv.url, "a0", two["seats"]["a0"], timeout=5)
        watcher = Connection(srv.url, timeout=5)
        assert watcher.request("spectate", episode=one["episode"])["episode"]["episode"] == one["episode"]
        a.act({"tool": "score"})
        b.act({"tool": "chat", "args": {"message": "x"}})
        update = watcher.next_push(lambda m: m["type"] == "update", timeout=5)
        assert update["record"]["tool"] == "score"  # only episode one's records
        assert watcher.request("status")["episode"]["episode"] == one["episode"]
        with pytest.raises(ServerError) as exc:  # both are played: no room for a third
            start(srv.url, agents=1)
        assert exc.value.code == "busy"
        with pytest.raises(ServerError) as exc:
            watcher.request("spectate", episode=99)
        assert exc.value.code == "unknown_episode"
        b.close()
        b_episode = srv.call(lambda: srv.server.games[two["episode"]])
        srv.call(lambda: setattr(b_episode, "touched", 0.0))  # long unplayed and unwatched
        third = start(srv.url, agents=1)  # takes the idle episode's place
        assert sorted(srv.call(lambda: list(srv.server.games))) == [one["episode"], third["episode"]]
        for c in (a, watcher):
            c.close()
    finally:
        srv.stop()


# ---------------------------------------------------------------------------------- hostile clients


def test_hostile_messages_get_errors_and_leave_the_world_alone():
    srv = serve(max_message_bytes=2048)
    try:
        started = start(srv.url, agents=2)
        ws = connect(srv.url)
        assert (
            raw_request(ws, {"type": "join", "seat": "a0", "token": started["seats"]["a0"]})["type"]
            == "joined"
        )
        cases = [
            ("{not json", "bad_json"),
            ("[1, 2, 3]", "bad_json"),
            ('{"x": NaN}', "bad_json"),
            (json.dumps({"type": "teleport", "seat": "a0"}), "unknown_type"),
            (json.dumps({"seat": "a0"}), "unknown_type"),
            (json.dumps({"type": "submit", "seat": "a0"}), "invalid_message"),
            (json.dumps({"type": "submit", "seat": ["a0"], "action": {}}), "invalid_message"),
            (json.dumps({"type": "submit", "seat": "a0", "action": {}, "extra": 1}), "invalid_message"),
            (json.dumps({"type": "submit", "seat": "a1", "action": {"tool": "wait"}}), "not_your_seat"),
            (json.dumps({"type": "submit", "seat": "a0", "action": "x" * 5000}), "too_large"),
            (b"\x00\x01binary", "binary_frame"),
        ]
        for frame, code in cases:
            reply = raw_request(ws, frame)
            assert reply["type"] == "error" and reply["code"] == code, (frame[:40], reply)
            assert reply["message"]
        # the connection still works and the world saw nothing
        assert raw_request(ws, {"type": "status", "id": 5}) == {
            "type": "status",
            "id": 5,
            "episode": srv.call(lambda: srv.server.summary(srv.server.game)),
            "status": srv.call(lambda: srv.server.game.status),
        }
        assert trajectory(srv) == []
        # far beyond the limit, the transport itself closes the connection (1009)
        ws.send("y" * 100_000)
        with pytest.raises(ConnectionClosed) as exc:
            ws.recv(timeout=5)
        assert exc.value.rcvd.code == 1009
        # ... and the server goes on
        player = SeatClient(srv.url, "a0", started["seats"]["a0"], timeout=5)
        assert player.act({"tool": "wait"})["ok"]
        player.close()
    finally:
        srv.stop()


def test_flooding_is_rate_limited_then_closed():
    srv = serve(rate_limit=20, burst=10)
    try:
        start(srv.url, agents=2)
        ws = connect(srv.url)
        for _ in range(60):
            try:
                ws.send(json.dumps({"type": "status"}))
            except ConnectionClosed:
                break
        replies = []
        with pytest.raises(ConnectionClosed) as exc:
            while True:
                replies.append(json.loads(ws.recv(timeout=5)))
        assert exc.value.rcvd.code == 1008 and "rate limit" in exc.value.rcvd.reason
        codes = [r.get("code") for r in replies]
        assert codes.count(None) >= 10 and "rate_limited" in codes
        assert trajectory(srv) == []
        # other connections are unaffected
        conn = Connection(srv.url, timeout=5)
        assert conn.request("status")["episode"]["turn"] == "a0"
        conn.close()
    finally:
        srv.stop()


# ---------------------------------------------------------------------------------- disconnects


def test_disconnect_does_not_crash_and_reconnect_resumes_the_seat(server):
    started = start(server.url, agents=2)
    a0 = SeatClient(server.url, "a0", started["seats"]["a0"], timeout=5)
    a1 = SeatClient(server.url, "a1", started["seats"]["a1"], timeout=5)
    a0.act({"tool": "score"})
    a1.conn.ws.close()  # a1 vanishes on its own turn
    time.sleep(0.1)
    status = Connection(server.url, timeout=5)
    summary = status.request("status")["episode"]
    assert summary["turn"] == "a1" and summary["connected"] == {"a0": True, "a1": False}
    back = SeatClient(server.url, "a1", started["seats"]["a1"], timeout=5)
    assert back.my_turn and back.observation["points"] == 1
    assert back.act({"tool": "score"})["agent"] == "a1"
    # joining from a second connection takes the seat over; the first one is told
    again = SeatClient(server.url, "a1", started["seats"]["a1"], timeout=5)
    lost = back.conn.next_push(lambda m: m["type"] == "seat_lost", timeout=5)
    assert lost["seat"] == "a1"
    a0.wait_turn(timeout=5)
    a0.act({"tool": "wait"})
    assert again.wait_turn(timeout=5)["round"] == 2
    left = again.conn.request("leave")
    assert left["seats"] == ["a1"]
    with pytest.raises(ServerError):
        again.act({"tool": "wait"})
    for c in (a0, back, again):
        c.close()
    status.close()


def test_turn_timeout_plays_a_recorded_wait_for_an_absent_seat():
    srv = serve(turn_timeout=1.0)  # a0 must connect and act within it, even on a loaded machine
    try:
        started = start(srv.url, agents=3, max_rounds=2)
        spectator = Connection(srv.url, timeout=5)
        spectator.request("spectate")
        a0 = SeatClient(srv.url, "a0", started["seats"]["a0"], timeout=5)
        a2 = SeatClient(srv.url, "a2", started["seats"]["a2"], timeout=5)
        a0.act({"tool": "score"})
        t0 = time.monotonic()
        obs = a2.wait_turn(timeout=5)  # a1 never joined: its turn times out
        assert 0.5 < time.monotonic() - t0 < 6 and obs is not None
        a2.act({"tool": "score"})
        records = [
            spectator.next_push(lambda m: m["type"] == "update", timeout=5)["record"] for _ in range(3)
        ]
        timed_out = records[1]
        assert timed_out["agent"] == "a1" and timed_out["tool"] == "wait"
        assert "timed out after 1s" in timed_out["result"]
        assert [r["agent"] for r in records] == ["a0", "a1", "a2"]
        assert "timed out" in trajectory(srv)[1]["result"]  # recorded in the Episode's trajectory too
        # a connected seat that stays silent is timed out as well, and told so
        a0.wait_turn(timeout=5)
        note = a0.conn.next_push(lambda m: m["type"] == "result" and m.get("timed_out"), timeout=5)
        assert note["record"]["agent"] == "a0" and note["record"]["tool"] == "wait"
        for c in (a0, a2, spectator):
            c.close()
    finally:
        srv.stop()


def test_turn_clock_starts_when_the_first_seat_is_taken():
    """A `serve --task` episode waits for its players: no turn times out before anyone joins."""
    srv = serve(turn_timeout=0.1)
    try:
        started = start(srv.url, agents=2)
        time.sleep(0.4)  # four timeouts' worth with nobody seated
        assert trajectory(srv) == []
        a1 = SeatClient(srv.url, "a1", started["seats"]["a1"], timeout=5)
        obs = a1.wait_turn(timeout=5)  # a0 never joins: its turn is now timed out
        assert obs is not None and obs["round"] == 1
        assert [(r["agent"], r["tool"]) for r in trajectory(srv)] == [("a0", "wait")]
        assert "timed out after 0.1s" in trajectory(srv)[0]["result"]
        a1.close()
    finally:
        srv.stop()


# ---------------------------------------------------------------------------------- env backend


def test_server_backend_matches_the_embedded_episode(server):
    actions = [
        {"tool": "score"},
        "not json",
        {"tool": "chat", "args": {"message": "go"}},
        None,
        {"tool": "score"},
    ]
    options = {"agents": 3, "max_rounds": 3, "goal": 2}
    embedded = FakeEpisode("fake", 3, options)
    remote = ServerBackend(server.url, "fake", seed=3, options=options, timeout=5)
    assert remote.agents == ["a0", "a1", "a2"]
    assert remote.reset(3) == {a: embedded.observe(a) for a in embedded.agents}
    i = 0
    for _ in range(3):
        for agent in remote.agents:
            action = actions[i % len(actions)]
            i += 1
            assert strip(remote.act(agent, action)) == strip(embedded.act(agent, action))
            if embedded.success:
                break
        assert strip(remote.end_round()) == strip(embedded.end_round())
        assert remote.status() == embedded.status()
        assert remote.observe("a1") == embedded.observe("a1")
        if embedded.success:
            break
    assert embedded.success and len(embedded.trajectory) == 7  # the goal ended round 2 after a1
    assert [strip(r) for r in remote.trajectory()] == [strip(r) for r in embedded.trajectory]
    remote.close()


def strip(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "t"}


# ---------------------------------------------------------------------------------- HTTP and CLI


def test_browser_page_is_served_on_the_same_port(server):
    with urllib.request.urlopen(server.http_url, timeout=5) as page:
        assert page.headers["Content-Type"].startswith("text/html") and b"app.js" in page.read()
    with urllib.request.urlopen(server.http_url + "app.js?v=1", timeout=5) as script:
        assert b"WebSocket" in script.read()
    with pytest.raises(urllib.error.HTTPError) as exc:
        urllib.request.urlopen(server.http_url + "secrets.txt", timeout=5)
    assert exc.value.code == 404
    exc.value.close()


def test_websockets_from_other_web_sites_are_refused(server):
    with pytest.raises(InvalidStatus) as exc:
        ws_connect(server.url, origin="http://evil.example").__enter__()
    assert exc.value.response.status_code == 403
    host = server.url.split("/")[2]
    ws = ws_connect(server.url, origin=f"http://{host}").__enter__()  # the server's own page
    assert raw_request(ws, {"type": "hello"})["type"] == "hello"
    ws.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_command_runs_a_server_process():
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentworld.cli", "serve", "--port", str(port), "--turn-timeout", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first = proc.stdout.readline()
        assert f"ws://127.0.0.1:{port}/ws" in first, first
        conn = Connection(f"ws://127.0.0.1:{port}", timeout=5)
        hello = conn.request("hello")
        assert hello["limits"]["turn_timeout"] == 5 and hello["episode"] is None
        conn.close()
    finally:
        proc.terminate()
        proc.wait(10)
    for args, words in (
        (["--turn-timeout", "-1"], "--turn-timeout"),
        (["--burst", "0"], "--burst"),
        (["--task", "nope", "--port", "0"], "unknown task 'nope'"),
    ):
        bad = subprocess.run(
            [sys.executable, "-m", "agentworld.cli", "serve", *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert bad.returncode == 2 and words in bad.stderr, bad.stderr


def test_every_token_a_game_issues_can_be_given_on_the_clients_command_line():
    """A token starting with '-' made `client --token -x...` exit with a usage error (1 seat in 64,
    so 1,050 URL-safe tokens all missed it about once in 15 million runs)."""
    from types import SimpleNamespace

    from agentworld.server_bridge.games import Games

    games = Games(max_episodes=1)
    episode = SimpleNamespace(agents=[f"a{i}" for i in range(20)])
    tokens = [
        t
        for _ in range(50)
        for g in [games.new("task_01", 0, episode, operator=False)]
        for t in [g.control_token, *(seat.token for seat in g.seats.values())]
    ]
    assert len(set(tokens)) == len(tokens) == 50 * 21
    assert not [t for t in tokens if t.startswith("-")]
