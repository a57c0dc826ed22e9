"""CLI edges a new user meets: few suggestions for a typo, natural task order, exit 2 for a missing input."""

from __future__ import annotations

import pytest

from agentworld.cli import main
from agentworld.server_bridge.play import plan_seats
from agentworld.tasks import TaskError, list_task_ids, load_task


def test_task_ids_sort_naturally():
    ids = list_task_ids("main")
    assert ids.index("task_99") < ids.index("task_100") and ids.index("task_10") < ids.index("task_11")
    assert ids[:3] == ["task_01", "task_02", "task_03"] and ids[-1] == "task_100"


def test_an_unknown_task_gets_at_most_five_suggestions_and_no_list_of_every_task():
    with pytest.raises(TaskError) as info:
        load_task("task_1x")
    message = str(info.value)
    assert "did you mean 'task_01'," in message and message.count("'task_") <= 5
    assert "task_55" not in message and "task_01_aug" not in message


def test_a_far_off_task_points_to_the_listing():
    with pytest.raises(TaskError, match="agentworld tasks --set all"):
        load_task("dragon_quest")


@pytest.mark.parametrize("command", [["replay"], ["judge"], ["analyze"], ["export", "--out", "OUT"]])
def test_a_missing_run_directory_exits_2(command, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    command = [str(out) if arg == "OUT" else arg for arg in command]
    assert main([*command, str(tmp_path / "nowhere")]) == 2
    assert "nowhere" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # a failed export writes no file


def test_an_unknown_other_kind_is_named_once():
    with pytest.raises(ValueError) as info:
        plan_seats(load_task("task_01"), "lumberjack", "bogus")
    assert "bogus" in str(info.value) and "bogus, bogus" not in str(info.value)


def test_tasks_lists_a_tasks_dir_folders_own_tasks(tmp_path, capsys):
    from agentworld.tasks import task_to_yaml

    text = task_to_yaml(load_task("task_01")).replace("id: task_01", "id: my_own_task", 1)
    (tmp_path / "my_own_task.yaml").write_text(text)
    assert main(["tasks", "--tasks-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("my_own_task ") and any(line.startswith("task_01 ") for line in lines)


def test_run_json_names_failed_actions_invalid_actions(tmp_path, capsys):
    """`errors` is eval's count of crashed episodes; one episode's failed actions are `invalid_actions`."""
    import json

    assert main(["run", "task_01", "--agents", "noop", "--json", "--out", str(tmp_path / "run")]) == 0
    result = json.loads(capsys.readouterr().out)
    assert "errors" not in result and result["invalid_actions"] == 0
    metrics = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert "errors" not in metrics and all("invalid_actions" in a for a in metrics["per_agent"].values())


def test_a_run_directory_saved_with_the_old_name_still_replays(tmp_path):
    import json

    from agentworld.runner import run_episode
    from agentworld.trajectory import replay

    run_episode("task_01", agents="random", seed=2, out_dir=tmp_path / "old", progress=False)
    path = tmp_path / "old" / "metrics.json"
    metrics = json.loads(path.read_text())
    assert metrics["invalid_actions"] > 0  # random agents fail some actions: the count matters
    metrics["errors"] = metrics.pop("invalid_actions")
    path.write_text(json.dumps(metrics))
    assert replay(tmp_path / "old")["match"]
    metrics["errors"] += 1
    path.write_text(json.dumps(metrics))
    assert replay(tmp_path / "old")["first_mismatch"]["fields"] == ["invalid_actions"]


def test_run_on_a_server_plays_exactly_one_episode_there(tmp_path):
    """Issue 29: `run --server` used to start an episode, then reset into a second one, leaving the first
    unfinished on the server (and saved as aborted with serve --out)."""
    from agentworld.runner import run_episode
    from agentworld.server_bridge.background import ServerThread
    from agentworld.server_bridge.server import ServerConfig

    saved = tmp_path / "served"
    srv = ServerThread(ServerConfig(port=0, out=str(saved))).start()
    try:
        result = run_episode("task_01", agents="oracle", seed=0, server=srv.url, progress=False)
        assert result["success"]
        games = srv.call(lambda: [(g.number, g.over) for g in srv.server.games.values()])
    finally:
        srv.stop()
    assert games == [(1, True)]
    assert [p.name for p in saved.iterdir()] and len(list(saved.iterdir())) == 1
