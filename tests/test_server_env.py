"""The real Episode over the game server: the env, the runner and separate seat clients
give exactly the embedded trajectory (timestamps aside) for the same seed and agents."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test

import agentworld
from agentworld.agents import make_agent
from agentworld.cli import main as cli_main
from agentworld.episode import Episode, make_briefing
from agentworld.observation import observation_to_json
from agentworld.runner import run_episode
from agentworld.server_bridge.client import Connection, SeatClient, ServerBackend, ServerError
from agentworld.server_bridge.background import ServerThread
from agentworld.server_bridge.server import ServerConfig
from agentworld.tasks import Task, load_task, without_agent
from agentworld.trajectory import read_jsonl, replay, strip_volatile

pytestmark = pytest.mark.timeout(90)


@pytest.fixture(scope="module")
def server():
    srv = ServerThread(ServerConfig(port=0, allow_client_tasks=True)).start()  # ablated tasks travel as specs
    yield srv
    srv.stop()


def stripped(records: list[dict]) -> list[dict]:
    return [strip_volatile(r) for r in records]


def plain(obs: dict) -> dict:
    return json.loads(json.dumps(observation_to_json(obs)))


def wait_for_end(conn: Connection, errors: list, timeout: float = 60) -> dict:
    """The episode_end push, failing fast if a player thread crashed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert not errors, errors
        try:
            return conn.next_push(lambda m: m["type"] == "episode_end", timeout=1)
        except TimeoutError:
            pass
    raise AssertionError("the episode did not end")


@pytest.mark.parametrize(
    "agents,options",
    [
        ("oracle", {}),
        ("random", {}),
        ("oracle", {"random_spawns": True}),
        ("random", {"no_chat": True, "max_rounds": 8}),
        ("oracle", {"solo": True}),
    ],
)
def test_run_over_the_server_equals_embedded(server, tmp_path, agents, options):
    embedded = run_episode(
        "task_01", agents, seed=3, options=options, out_dir=tmp_path / "embedded", progress=False
    )
    remote = run_episode(
        "task_01",
        agents,
        seed=3,
        options=options,
        out_dir=tmp_path / "server",
        server=server.url,
        progress=False,
    )
    a = read_jsonl(tmp_path / "embedded" / "trajectory.jsonl")
    b = read_jsonl(tmp_path / "server" / "trajectory.jsonl")
    assert len(a) > 20 and stripped(a) == stripped(b)
    drop = ("seconds", "run_dir")
    assert {k: v for k, v in embedded.items() if k not in drop} == {
        k: v for k, v in remote.items() if k not in drop
    }
    if not options.get("random_spawns"):  # (the oracle's plan is written for the task's spawns; from seed 3's
        # random ones its lumberjack now dies on the way and loses the rounds a death costs)
        assert remote["success"] == (agents == "oracle" and not options.get("solo"))
    assert replay(tmp_path / "server")["match"]  # a run played over the server replays in-process


def test_parallel_env_over_the_server_equals_embedded(server):
    envs = [agentworld.make("task_01", seed=5), agentworld.make("task_01", seed=5, server=server.url)]
    assert envs[0].possible_agents == envs[1].possible_agents and envs[1].task == envs[0].task
    teams = []
    for env in envs:
        team = {a: make_agent("oracle") for a in env.possible_agents}
        for name, agent in team.items():
            agent.reset(name, make_briefing(env.task, name, include_plan=True))
        teams.append(team)
    (obs0, info0), (obs1, info1) = envs[0].reset(seed=5), envs[1].reset(seed=5)
    assert {a: plain(o) for a, o in obs0.items()} == {a: plain(o) for a, o in obs1.items()} and info0 == info1
    assert isinstance(obs1["wizard"]["tool_mask"], np.ndarray) and isinstance(
        obs1["wizard"]["position"], tuple
    )
    while envs[0].agents:
        out0 = envs[0].step({a: teams[0][a].act(obs0[a]) for a in envs[0].agents})
        out1 = envs[1].step({a: teams[1][a].act(obs1[a]) for a in envs[1].agents})
        obs0, obs1 = out0[0], out1[0]
        assert {a: plain(o) for a, o in obs0.items()} == {a: plain(o) for a, o in obs1.items()}
        assert out0[1:4] == out1[1:4]
        assert json.loads(json.dumps(out0[4])) == json.loads(json.dumps(out1[4]))
    assert not envs[1].agents and out1[4]["wizard"]["success"]
    assert stripped(envs[0].trajectory()) == stripped(envs[1].trajectory())
    for env in envs:
        env.close()


@pytest.mark.parametrize("kind", ["random", "oracle"])
def test_aec_env_over_the_server_equals_embedded(server, kind):
    runs = []
    for url in (None, server.url):
        env = agentworld.make(
            "task_01", seed=2, server=url, api="aec", max_rounds=6 if kind == "random" else None
        )
        env.reset(seed=2)
        team = {
            a: make_agent(kind, seed=11) if kind == "random" else make_agent(kind)
            for a in env.possible_agents
        }
        for name, agent in team.items():
            agent.reset(name, make_briefing(env.task, name, include_plan=kind == "oracle"))
        seen = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            seen.append((agent, plain(obs), reward, term, trunc))
            env.step(None if term or trunc else team[agent].act(obs))
        runs.append((seen, stripped(env.trajectory())))
        env.close()
    assert runs[0] == runs[1]
    rewards = [step[2] for step in runs[0][0]]
    if kind == "random":
        assert len(runs[0][1]) == 6 * 4
    else:  # progress is rewarded on the turn that makes it, mid-round too
        assert sum(rewards) == pytest.approx(3 * (1.0 + 1.0)) and len([r for r in rewards if r]) > 3


def test_pettingzoo_api_and_seed_tests_over_the_server(server):
    """Several envs share one server: each plays (and resets) its own episode."""
    env = agentworld.make("task_01", seed=0, server=server.url, max_rounds=4)
    parallel_api_test(env, num_cycles=10)
    env.close()
    env = agentworld.make("task_01", seed=0, server=server.url, api="aec", max_rounds=4)
    api_test(env, num_cycles=10)
    env.close()
    parallel_seed_test(lambda: agentworld.make("task_01", server=server.url, max_rounds=4), num_cycles=8)


def test_agentworld_run_cli_with_server(server, tmp_path, capsys):
    code = cli_main(
        [
            "run",
            "task_01",
            "--server",
            server.url,
            "--agents",
            "oracle",
            "--json",
            "--out",
            str(tmp_path / "run"),
        ]
    )
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["success"]
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert config["server"] == server.url


def test_an_ablated_task_travels_as_a_spec(server):
    task = without_agent(load_task("task_01"), "wizard")
    remote = ServerBackend(server.url, task, seed=0, timeout=20)
    assert remote.agents == ["lumberjack", "woodworker"] and remote.task == task
    with pytest.raises(ServerError) as exc:  # a path is not a task id: the server reads no files
        remote.conn.request("start", task="../../etc/passwd")
    assert exc.value.code == "unknown_task"
    with pytest.raises(ServerError) as exc:
        remote.conn.request("start", task={"id": "broken"})
    assert exc.value.code == "bad_task" and "agents" in exc.value.message
    remote.close()
    result = run_episode(task, "oracle", seed=0, server=server.url, progress=False)
    assert not result["success"] and result["actions"] > 0


def play_seats(server, control, seats: dict, make_player) -> dict:
    """Play every seat from its own connection and thread (as separate agent processes would);
    return the episode_end message the control connection received."""
    errors: list[BaseException] = []

    def play(name: str, token: str) -> None:
        try:
            seat = SeatClient(server.url, name, token, timeout=30)
            agent = make_player(name, seat)
            while (obs := seat.wait_turn(timeout=30)) is not None:
                seat.act(agent.act(obs))
            seat.close()
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=play, args=item) for item in seats.items()]
    for t in threads:
        t.start()
    end = wait_for_end(control, errors)
    for t in threads:
        t.join(30)
    assert not errors, errors
    return end


def test_seats_played_by_separate_connections_match_embedded(server):
    """One oracle per connection (as separate agent processes would), in threads."""
    control = Connection(server.url, timeout=20)
    started = control.request("start", task="task_01", seed=4)
    control.request("spectate", history=False)
    task = load_task("task_01")

    def oracle(name: str, seat: SeatClient):
        agent = make_agent("oracle")
        agent.reset(name, make_briefing(task, name, include_plan=True))
        return agent

    end = play_seats(server, control, started["seats"], oracle)
    assert end["status"]["success"]
    served = server.call(lambda: list(server.server.game.episode.trajectory))

    episode = Episode("task_01", seed=4)  # the same oracles, embedded, observing at their turns
    team = {name: make_agent("oracle") for name in episode.agents}
    for name, agent in team.items():
        agent.reset(name, make_briefing(task, name, include_plan=True))
    while not episode.done:
        for name in episode.agents:
            record = episode.act(name, team[name].act(episode.observe(name)))
            if record["checkpoints"] and episode.success:
                break
        episode.end_round()
    assert stripped(served) == stripped(episode.trajectory)
    control.close()


def test_twenty_random_agents_on_twenty_connections_match_embedded(server):
    """A 20-seat team (task_01's roles repeated), one connection and thread per seat."""
    base = load_task("task_01").model_dump(mode="json", by_alias=True)
    agents = [dict(base["agents"][i % 3], name=f"{base['agents'][i % 3]['name']}_{i:02d}") for i in range(20)]
    task = Task.model_validate({**base, "id": "task_01_x20", "agents": agents, "oracle": {}})
    control = Connection(server.url, timeout=20)
    started = control.request(
        "start", task=task.model_dump(mode="json", by_alias=True), seed=9, options={"max_rounds": 3}
    )
    control.request("spectate", history=False)

    def random_agent(name: str, seat: SeatClient):
        agent = make_agent("random", seed=1)
        agent.reset(name, seat.briefing)
        return agent

    end = play_seats(server, control, started["seats"], random_agent)
    assert end["status"]["truncated"]
    served = server.call(lambda: list(server.server.game.episode.trajectory))

    episode = Episode(task, seed=9, options={"max_rounds": 3})
    team = {name: make_agent("random", seed=1) for name in episode.agents}
    for name, agent in team.items():
        agent.reset(name, episode.briefing(name))
    for _ in range(3):
        for name in episode.agents:
            episode.act(name, team[name].act(episode.observe(name)))
        episode.end_round()
    assert len(served) == 3 * 21 and stripped(served) == stripped(episode.trajectory)
    control.close()


def test_one_process_per_seat(server, tmp_path):
    """`python -m agentworld.server_bridge.client` runs one oracle seat per process."""
    control = Connection(server.url, timeout=20)
    started = control.request("start", task="task_01", seed=0)
    control.request("spectate", history=False)
    procs, logs = [], []
    for name, token in started["seats"].items():
        log = open(tmp_path / f"{name}.log", "w+")  # a file, not a pipe nobody reads while we wait
        logs.append(log)
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "agentworld.server_bridge.client",
                    server.url,
                    "--seat",
                    name,
                    "--token",
                    token,
                    "--agent",
                    "oracle",
                    "--timeout",
                    "60",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                text=True,
            )
        )
    try:
        end = None
        deadline = time.monotonic() + 80
        while end is None and time.monotonic() < deadline:
            crashed = [p for p in procs if p.poll() not in (None, 0)]
            assert not crashed, [(tmp_path / f"{n}.log").read_text() for n in started["seats"]]
            try:
                end = control.next_push(lambda m: m["type"] == "episode_end", timeout=1)
            except TimeoutError:
                pass
        assert end is not None, "the episode did not end"
        codes = [p.wait(30) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        for log in logs:
            log.close()
    outputs = [(tmp_path / f"{name}.log").read_text() for name in started["seats"]]
    assert codes == [0, 0, 0], outputs
    assert end["status"]["success"]
    assert all("episode over" in out for out in outputs), outputs
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "agentworld.server_bridge.client",
            server.url,
            "--seat",
            "wizard",
            "--token",
            "wrong",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "bad_token" in bad.stderr
    control.close()
