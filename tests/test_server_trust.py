"""The server's trust boundary (issue 22) over real loopback websockets: no client chooses code the
server runs, a client's world is size-checked before it is built, building never stalls the other
games, a private server keeps each seat to its own view, and `serve --task` takes what `run` takes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from agentworld.server_bridge.background import ServerThread
from agentworld.server_bridge.client import Connection, ServerError, StartRefused
from agentworld.server_bridge.games import default_episode_factory
from agentworld.server_bridge.server import ServerConfig
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import load_task
from test_server import connect, fake_factory, free_port, raw_request

pytestmark = pytest.mark.timeout(120)


@contextmanager
def serving(factory=None, **config):
    config.setdefault("port", 0)
    srv = ServerThread(ServerConfig(**config), factory).start()
    try:
        yield srv
    finally:
        srv.stop()


def counting_factory(calls: list):
    """The real factory, noting every world it is asked to build."""

    def factory(task, seed, options):
        calls.append(getattr(task, "id", task))
        return default_episode_factory(task, seed, options)

    return factory


def task_01_spec(**changes) -> dict:
    spec = load_task("task_01").model_dump(mode="json", by_alias=True)
    spec.update(changes)
    return spec


# ---------------------------------------------------------------------------------- no client code


def test_task_specs_are_refused_unless_the_operator_allows_them():
    calls: list = []
    with serving(counting_factory(calls)) as srv:
        conn = Connection(srv.url, timeout=30)
        assert conn.request("hello")["client_tasks"] is False
        with pytest.raises(StartRefused) as exc:
            conn.request("start", task=task_01_spec())
        assert exc.value.code == "specs_refused" and "--allow-client-tasks" in exc.value.message
        assert calls == []  # nothing was built
        assert conn.request("start", task="task_01", seed=1)["agents"] == [
            "lumberjack",
            "woodworker",
            "wizard",
        ]
        conn.close()


@pytest.fixture
def marker_code(tmp_path, monkeypatch):
    """A verifier file and an importable module that would each write a marker file if ever run."""
    marker = tmp_path / "EXECUTED"
    body = f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\nCHECKPOINTS = {{}}\n"
    (tmp_path / "evil_verifier.py").write_text(body)
    (tmp_path / "evil_module.py").write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))
    return marker, tmp_path


@pytest.mark.parametrize(
    "field,value",
    [
        ("verifier", "this"),
        ("verifier", "os"),
        ("verifier", "evil_module"),
        ("verifier", "ABSOLUTE"),
        ("verifier", "evil_verifier.py"),
        ("verifier", "evil_module:CHECKPOINTS"),
        ("verifier", "task_01:CHECKPOINTS"),
        ("verifier", "../../etc/passwd"),
        ("variant_of", "evil_module.x"),
        ("verifier", "common"),
    ],
)
def test_a_client_spec_cannot_make_the_server_run_code(marker_code, field, value):
    marker, folder = marker_code
    value = str(folder / "evil_verifier.py") if value == "ABSOLUTE" else value
    sys.modules.pop("this", None)
    with serving(allow_client_tasks=True) as srv:
        conn = Connection(srv.url, timeout=30)
        with pytest.raises(StartRefused) as exc:
            conn.request("start", task=task_01_spec(id="probe", **{field: value}))
        assert exc.value.code == "bad_task"
        assert str(folder) not in exc.value.message and "/tmp" not in exc.value.message
        assert "Traceback" not in exc.value.message
        assert conn.request("hello")["type"] == "hello"
        conn.close()
    assert not marker.exists()
    assert "this" not in sys.modules and "evil_module" not in sys.modules


def test_a_spec_may_name_a_served_tasks_verifier(tmp_path, monkeypatch):
    """Shipped verifiers by their task's id; an operator folder's by its task's id, loaded from the
    operator's file: the spec the client gets back names no path."""
    folder = tmp_path / "pack"
    folder.mkdir()
    spec = yaml.safe_load((TASKS_DIR / "task_01.yaml").read_text())
    spec.update(id="my_task", verifier=None)
    (folder / "my_task.yaml").write_text(yaml.safe_dump(spec))
    shutil.copyfile(
        Path(__file__).parents[1] / "agentworld" / "verifiers" / "task_01.py", folder / "my_task.py"
    )
    monkeypatch.setenv("AGENTWORLD_TASKS_PATH", str(folder))
    with serving(allow_client_tasks=True) as srv:
        conn = Connection(srv.url, timeout=30)
        shipped = conn.request("start", task=task_01_spec(id="renamed", verifier="task_01"))
        assert shipped["task_spec"]["verifier"] == "task_01"
        folder_one = conn.request("start", task=task_01_spec(id="other", verifier="my_task"))
        assert str(tmp_path) not in json.dumps(folder_one)
        assert folder_one["task_spec"]["verifier"] == "agentworld.server_bridge.admission:served_my_task"
        scored_by = srv.call(
            lambda: {
                getattr(fn, "__module__", "")
                for fn in srv.server.games[folder_one["episode"]].episode.scorer.checkpoints.values()
            }
        )
        assert scored_by and all(m.startswith("agentworld_task_verifier_") for m in scored_by), (
            scored_by
        )  # the file
        by_id = conn.request(
            "start", task=dict(spec, verifier=None)
        )  # its own id names the folder's verifier
        assert by_id["task"] == "my_task"
        conn.close()


def test_a_broken_served_verifier_is_named_without_its_path(tmp_path, monkeypatch, caplog):
    folder = tmp_path / "pack"
    folder.mkdir()
    spec = yaml.safe_load((TASKS_DIR / "task_01.yaml").read_text())
    spec.update(id="broken_task", verifier=None)
    (folder / "broken_task.yaml").write_text(yaml.safe_dump(spec))
    (folder / "broken_task.py").write_text("raise RuntimeError('oops at ' + __file__)\n")
    monkeypatch.setenv("AGENTWORLD_TASKS_PATH", str(folder))
    with serving(allow_client_tasks=True) as srv:
        conn = Connection(srv.url, timeout=30)
        with pytest.raises(StartRefused) as exc:
            conn.request("start", task=task_01_spec(id="x", verifier="broken_task"))
        assert "broken_task" in exc.value.message and str(tmp_path) not in exc.value.message
        with pytest.raises(ServerError) as exc:  # the operator's own task by id: the same rule for its errors
            conn.request("start", task="broken_task")
        assert str(tmp_path) not in exc.value.message and "<server path>" in exc.value.message
        conn.close()


# ---------------------------------------------------------------------------------- size before building


def test_a_thousand_agent_spec_is_refused_before_any_world_is_built():
    calls: list = []
    agents = [{"name": f"a{i}", "role": "r", "spawn": "town_square"} for i in range(1000)]
    with serving(
        counting_factory(calls), allow_client_tasks=True, max_message_bytes=1 << 20, max_buffer_bytes=4 << 20
    ) as srv:
        conn = Connection(srv.url, timeout=30)
        with pytest.raises(StartRefused) as exc:
            conn.request("start", task=task_01_spec(id="huge", agents=agents))
        assert exc.value.code == "task_too_large" and "agents: 1000 (at most 32)" in exc.value.message
        nodes = [{"kind": "oak_tree", "position": [10, 10]}] * 2000
        with pytest.raises(StartRefused) as exc:
            conn.request("start", task=task_01_spec(id="forest", world={"nodes": nodes}, max_rounds=5000))
        assert "world additions" in exc.value.message and "2000 (at most 200)" in exc.value.message
        assert "max_rounds: 5000 (at most 1000)" in exc.value.message
        assert calls == [] and srv.call(lambda: len(srv.server.games)) == 0
        limits = conn.request("hello")["limits"]
        assert limits["max_task_agents"] == 32 and limits["max_task_world_additions"] == 200
        assert conn.request("start", task=task_01_spec(id="fits"))["task"] == "fits"  # the shipped size fits
        assert calls == ["fits"]
        conn.close()


def test_a_build_in_progress_does_not_stall_the_other_games():
    """A world that takes long to build (here: until released) runs in a thread: meanwhile another
    connection is answered and another game is played; builds beyond max_builds wait their turn."""
    release, entered = threading.Event(), threading.Semaphore(0)

    def slow_factory(task, seed, options):
        if options.pop("slow", False):
            entered.release()
            assert release.wait(30)
        return fake_factory(task, seed, options)

    with serving(slow_factory, max_builds=1) as srv:
        other = Connection(srv.url, timeout=10)
        game = other.request("start", task="fake", seed=1, options={"agents": 2})
        for name, token in game["seats"].items():
            other.request("join", seat=name, token=token, observe=False)
        finished: list[str] = []

        def slow_start(i: int) -> None:
            conn = Connection(srv.url, timeout=60)
            conn.request("start", task="fake", seed=2, options={"agents": 2, "slow": True})
            finished.append(f"build {i}")
            conn.close()

        builders = [threading.Thread(target=slow_start, args=(i,)) for i in range(2)]
        for builder in builders:
            builder.start()
        assert entered.acquire(timeout=10)  # one build is running...
        assert not entered.acquire(timeout=0.3)  # ...and the second waits for it (max_builds=1)
        assert other.request("hello")["type"] == "hello"
        assert other.request("submit", seat="a0", action={"tool": "score"})["record"]["ok"]
        assert srv.call(lambda: srv.server.building) == 1
        finished.append("other game")
        release.set()
        for builder in builders:
            builder.join(30)
        assert finished[0] == "other game" and sorted(finished[1:]) == ["build 0", "build 1"]
        other.close()


# ---------------------------------------------------------------------------------- private mode


def seat_connections(url: str, started: dict) -> dict[str, Connection]:
    seats = {}
    for name, token in started["seats"].items():
        seats[name] = Connection(url, timeout=30)
        seats[name].request("join", seat=name, token=token, observe=False, feed=True)
    return seats


def test_a_private_server_keeps_each_seat_to_its_own_view():
    with serving(task="task_01", private=True) as srv:
        token = srv.server.config.spectator_token
        assert token
        control = srv.call(lambda: srv.server.game)
        started = {"seats": {n: s.token for n, s in control.seats.items()}}
        frames: list[str] = []
        ws = connect(srv.url)  # the woodworker's seat, raw, to see every byte it is sent
        hello = raw_request(ws, {"type": "hello"})
        assert hello["private"] is True
        joined = raw_request(
            ws,
            {
                "type": "join",
                "seat": "woodworker",
                "token": started["seats"]["woodworker"],
                "observe": False,
                "feed": True,
            },
        )
        assert joined["type"] == "joined"
        seats = seat_connections(
            srv.url, {"seats": {k: v for k, v in started["seats"].items() if k != "woodworker"}}
        )
        secret = "the key is under the third oak"
        seats["lumberjack"].request(
            "submit", seat="lumberjack", action={"tool": "chat", "args": {"to": "wizard", "message": secret}}
        )
        for ask in (
            {"type": "history"},
            {"type": "history", "episode": 1},
            {"type": "spectate"},
            {"type": "spectate", "episode": 1, "history": True},
            {"type": "history", "token": started["seats"]["woodworker"]},
        ):
            reply = raw_request(ws, ask)
            while reply["type"] == "feed":
                frames.append(json.dumps(reply))
                reply = json.loads(ws.recv(timeout=5))
            assert reply["type"] == "error" and reply["code"] == "private", reply
        status = raw_request(ws, {"type": "status"})
        while status["type"] == "feed":
            frames.append(json.dumps(status))
            status = json.loads(ws.recv(timeout=5))
        assert "checkpoints" not in status["status"] and "psr" not in status["status"]
        try:
            while True:
                frames.append(ws.recv(timeout=0.5))
        except TimeoutError:
            pass
        seen = "\n".join(frames + [json.dumps(hello), json.dumps(joined)])
        assert secret not in seen and token not in seen
        assert secret in json.dumps(seats["wizard"].next_push(lambda m: m["type"] == "feed", timeout=5))
        watcher = Connection(srv.url, timeout=30)  # the operator's spectator token sees it all
        history = watcher.request("history", episode=1, token=token)
        assert secret in json.dumps(history["records"])
        assert "checkpoints" in watcher.request("status", token=token)["status"]
        ws.close()
        for conn in [*seats.values(), watcher]:
            conn.close()


def test_an_env_on_a_private_server_watches_its_own_episode_only():
    import agentworld

    with serving(task="task_01", private=True) as srv:
        env = agentworld.make("task_01", seed=0, server=srv.url, max_rounds=2)
        env.reset(seed=0)
        while env.agents:
            env.step({a: {"tool": "wait"} for a in env.agents})
        assert len(env.trajectory()) == 2 * 3 + 2
        own = env.backend
        conn = Connection(srv.url, timeout=30)
        with pytest.raises(ServerError) as exc:  # its control token opens its own episode, not the operator's
            conn.request("history", episode=1, token=own.control_token)
        assert exc.value.code == "private"
        assert conn.request("history", episode=own.episode_number, token=own.control_token)["total"] == 8
        env.close()
        conn.close()


# ---------------------------------------------------------------------------------- the command line


def read_until(proc: subprocess.Popen, words: str, limit: int = 40) -> list[str]:
    lines = []
    for _ in range(limit):
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if words in line:
            return lines
    raise AssertionError(f"{words!r} not printed; got {''.join(lines)}")


@contextmanager
def serve_process(*args: str):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentworld.cli", "serve", "--port", str(port), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield proc, f"ws://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


def test_serve_task_takes_an_id_a_path_or_a_tasks_dir_id(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    spec = yaml.safe_load((TASKS_DIR / "task_02.yaml").read_text())
    spec["id"] = "my_own"
    (folder / "my_own.yaml").write_text(yaml.safe_dump(spec))
    for args, task in (
        (["--task", "task_01"], "task_01"),
        (["--task", str(TASKS_DIR / "task_02.yaml")], "task_02"),
        (["--task", str(folder / "my_own.yaml")], "my_own"),
        (["--tasks-dir", str(folder), "--task", "my_own"], "my_own"),
    ):
        with serve_process(*args) as (proc, url):
            lines = read_until(proc, "seat ")
            assert any(f"task {task} seed 0" in line for line in lines), lines
            conn = Connection(url, timeout=20)
            assert conn.request("status")["episode"]["task"] == task
            conn.close()
    bad = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "serve", "--task", str(tmp_path / "no.yaml")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "no.yaml" in bad.stderr and "Traceback" not in bad.stderr


def test_serve_private_prints_the_spectator_token_to_the_operator_only():
    with serve_process("--private", "--task", "task_01") as (proc, url):
        lines = read_until(proc, "spectator page")
        token = next(line.split()[-1] for line in lines if "spectators need the token" in line)
        conn = Connection(url, timeout=20)
        hello = conn.request("hello")
        assert hello["private"] and token not in json.dumps(hello)
        with pytest.raises(ServerError) as exc:
            conn.request("spectate")
        assert exc.value.code == "private"
        assert conn.request("spectate", token=token)["type"] == "spectating"
        conn.close()


def test_play_private_prints_a_spectator_link(tmp_path):
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "agentworld.cli",
            "play",
            "task_01",
            "--private",
            "--no-browser",
            "--port",
            str(port),
            "--out",
            str(tmp_path / "run"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        lines = read_until(proc, "spectator page")
        link = lines[-1].split()[-1]
        assert "/spectate?token=" in link
        conn = Connection(f"ws://127.0.0.1:{port}", timeout=20)
        with pytest.raises(ServerError):
            conn.request("history", episode=1)
        assert conn.request("history", episode=1, token=link.rsplit("=", 1)[1])["type"] == "history"
        conn.close()
    finally:
        proc.terminate()
        proc.wait(20)
