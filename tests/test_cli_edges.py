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
