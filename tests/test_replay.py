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
    assert {"type", "id", "round", "turn", "agent", "tool", "args", "raw", "ok", "result", "error", "position",
            "events", "links", "checkpoints", "t"} <= set(actions[0])
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
    cli = subprocess.run([sys.executable, "-m", "agentworld.cli", "replay", str(out)], capture_output=True, text=True)
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
    assert result["first_mismatch"]["index"] == "metrics.json" and result["first_mismatch"]["fields"] == ["psr", "success"]


def test_broken_trajectory_lines_are_clear_errors(tmp_path):
    out = tmp_path / "run"
    run_episode("task_01", "noop", seed=0, out_dir=out, progress=False)
    good = (out / "trajectory.jsonl").read_text()
    n = good.count("\n")  # the appended line is line n + 1, record index n
    cases = [("garbage\n", f"trajectory.jsonl:{n + 1}: not valid JSON"),
             ("[1, 2]\n", f"trajectory.jsonl:{n + 1}: a record must be a JSON object"),
             ('{"foo": 1}\n', f"record {n}: 'type' must be 'action' or 'round_end', got None"),
             ('{"type": "action", "id": 99}\n', f"record {n}: action record lacks agent, tool, args, raw, error"),
             ('{"type": "action", "agent": "ghost", "tool": "wait", "args": {}, "raw": null, "error": null}\n',
              f"record {n}: unknown agent 'ghost'")]
    for line, expected in cases:
        (out / "trajectory.jsonl").write_text(good + line)
        cli = subprocess.run([sys.executable, "-m", "agentworld.cli", "replay", str(out)], capture_output=True,
                             text=True)
        assert cli.returncode == 2 and expected in cli.stderr and "Traceback" not in cli.stderr, (line, cli.stderr)
