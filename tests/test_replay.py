"""Run directories and bit-exact replay."""

from __future__ import annotations

import json
import subprocess
import sys

from agentworld.runner import run_episode
from agentworld.trajectory import read_jsonl, replay, write_jsonl


def test_run_dir_and_replay_match(tmp_path):
    out = tmp_path / "run"
    result = run_episode("task_01", "oracle,random,oracle", seed=3, out_dir=out, progress=False)
    for name in ("task.yaml", "config.json", "trajectory.jsonl", "metrics.json"):
        assert (out / name).exists()
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["actions"] == result["actions"] and metrics["status"] == "ok"
    records = read_jsonl(out / "trajectory.jsonl")
    actions = [r for r in records if r["type"] == "action"]
    assert [r["id"] for r in actions] == list(range(len(actions)))
    assert {
        "type",
        "id",
        "round",
        "turn",
        "agent",
        "tool",
        "args",
        "raw",
        "ok",
        "result",
        "error",
        "position",
        "events",
        "links",
        "checkpoints",
        "t",
    } <= set(actions[0])
    assert any(r["tool"] is None or not r["ok"] for r in actions)  # the random seat makes mistakes
    assert replay(out)["match"]


def test_replay_detects_tampering(tmp_path):
    out = tmp_path / "run"
    run_episode("task_01", "oracle", seed=0, out_dir=out, progress=False)
    records = read_jsonl(out / "trajectory.jsonl")
    first_gather = next(r for r in records if r.get("tool") == "gather")
    first_gather["args"] = {"target": "nothing#1"}
    write_jsonl(out / "trajectory.jsonl", records)
    result = replay(out)
    assert not result["match"]
    cli = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "replay", str(out)], capture_output=True, text=True
    )
    assert cli.returncode == 1 and "MISMATCH" in cli.stdout


def test_replay_checks_metrics_against_the_trajectory(tmp_path):
    out = tmp_path / "run"
    run_episode("task_01", "oracle", seed=0, out_dir=out, progress=False)
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["success"] and replay(out)["match"]
    metrics["success"], metrics["psr"] = False, 0.5
    (out / "metrics.json").write_text(json.dumps(metrics))
    result = replay(out)
    assert not result["match"]
    assert result["first_mismatch"]["index"] == "metrics.json" and result["first_mismatch"]["fields"] == [
        "psr",
        "success",
    ]


def test_broken_trajectory_lines_are_clear_errors(tmp_path):
    out = tmp_path / "run"
    run_episode("task_01", "noop", seed=0, out_dir=out, progress=False)
    good = (out / "trajectory.jsonl").read_text()
    n = good.count("\n")  # the appended line is line n + 1, record index n
    cases = [
        ("garbage\n", f"trajectory.jsonl:{n + 1}: not valid JSON"),
        ("[1, 2]\n", f"trajectory.jsonl:{n + 1}: a record must be a JSON object"),
        ('{"foo": 1}\n', f"record {n}: 'type' must be 'action' or 'round_end', got None"),
        ('{"type": "action", "id": 99}\n', f"record {n}: action record lacks agent, tool, args, raw, error"),
        (
            '{"type": "action", "agent": "ghost", "tool": "wait", "args": {}, "raw": null, "error": null}\n',
            f"record {n}: unknown agent 'ghost'",
        ),
    ]
    for line, expected in cases:
        (out / "trajectory.jsonl").write_text(good + line)
        cli = subprocess.run(
            [sys.executable, "-m", "agentworld.cli", "replay", str(out)], capture_output=True, text=True
        )
        assert cli.returncode == 2 and expected in cli.stderr and "Traceback" not in cli.stderr, (
            line,
            cli.stderr,
        )


def _hostile_run(out) -> list[dict]:
    """A run directory whose trajectory holds every kind of unparseable action an agent can send."""
    from agentworld.episode import Episode
    from agentworld.tasks import load_task
    from agentworld.tools import MAX_RAW_CHARS
    from agentworld.trajectory import write_run_dir

    task = load_task("task_01")
    options = {"disabled_tools": ["craft"]}
    ep = Episode(task, seed=0, options=options)
    hostile = [
        "not json",
        None,
        42,
        [1, 2],
        (1, 2),
        {1: "x"},
        float("nan"),
        object(),
        b"\xff{",
        {"tool": "fly"},
        {"name": "wait", "arguments": "{bad"},
        {"tool": "craft", "args": {"recipe": "stick"}},
        "x" * (MAX_RAW_CHARS + 10),
        '{"tool": "wait", "args": {"n": "' + "y" * 20_000 + '"}}',
        {"tool": "gather", "args": {"target": 5}},
    ]
    for i, action in enumerate(hostile):
        ep.act(ep.agents[i % len(ep.agents)], action)
        if i % len(ep.agents) == len(ep.agents) - 1:
            ep.end_round()
    write_run_dir(out, task, {"seed": 0, "options": options}, ep.trajectory, {})
    return read_jsonl(out / "trajectory.jsonl")


def test_replay_parses_unparseable_actions_again(tmp_path):
    """Issue 10 item 6: replay re-reads `raw`, so every shape of bad action still matches, and a
    raw rewritten into a valid call, or an edited error text, is a mismatch."""
    out = tmp_path / "run"
    records = _hostile_run(out)
    bad = [i for i, r in enumerate(records) if r["type"] == "action" and r["tool"] is None]
    assert len(bad) == 15 and replay(out)["match"]
    first = bad[0]
    assert records[first]["raw"] == "not json"
    for field, value in (
        ("raw", '{"tool": "wait", "args": {}}'),
        ("raw", {"tool": "wait", "args": {}}),
        ("raw", "wait"),
        ("error", "something else entirely"),
        ("raw", '{"tool": "fly"}'),
    ):
        tampered = [dict(r) for r in records]
        tampered[first][field] = value
        write_jsonl(out / "trajectory.jsonl", tampered)
        result = replay(out)
        assert not result["match"] and result["first_mismatch"]["index"] == first, (field, value)
    # a shortened or stringified raw cannot be parsed again: it is replayed with its recorded error
    lossy = [
        i
        for i in bad
        if records[i]["raw"]
        and isinstance(records[i]["raw"], str)
        and (records[i]["raw"].startswith("<not JSON> ") or records[i]["raw"].endswith("more chars]"))
    ]
    assert len(lossy) >= 4


def test_replay_of_malformed_config_or_metrics_is_a_one_line_error(tmp_path, capsys):
    """Issue 10 item 8: list-shaped or broken config.json / metrics.json exit 2 with one line."""
    from agentworld.cli import main

    out = tmp_path / "run"
    run_episode("task_01", "noop", seed=0, options={"max_rounds": 2}, out_dir=out, progress=False)
    good = {name: (out / name).read_text() for name in ("config.json", "metrics.json")}
    config = json.loads(good["config.json"])
    cases = [
        ("config.json", "[1, 2]", "config.json: expected a JSON object, got list"),
        ("metrics.json", "[1]", "metrics.json: expected a JSON object, got list"),
        ("metrics.json", "{bad", "metrics.json: not valid JSON"),
        ("config.json", json.dumps({**config, "seed": "abc"}), "config.json: 'seed' must be an integer"),
        ("config.json", json.dumps({**config, "options": [1]}), "config.json: 'options' must be an object"),
    ]
    for name, text, expected in cases:
        (out / name).write_text(text)
        assert main(["replay", str(out)]) == 2
        err = capsys.readouterr().err
        assert expected in err and err.count("\n") == 1, (name, text, err)
        (out / name).write_text(good[name])
    assert main(["replay", str(out)]) == 0
