"""The eval loop (resume, crashes, parallel workers, summary, report) with a stand-in episode player.

The stand-in writes a small run directory like runner.run_episode does, so these tests exercise
evaluation.py alone; tests/test_eval_env.py runs the real runner on real tasks.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agentworld import evaluation as ev

PLAY = "test_eval_loop:fake_play"


def fake_play(job: dict) -> dict:
    """Deterministic fake episode: even seeds succeed; seed 3 crashes; chat in round 2."""
    seed = int(job["seed"])
    if job.get("interrupt_at") == seed:
        raise KeyboardInterrupt
    if job.get("die_at") == seed:
        os._exit(3)  # a worker process dying (segfault, OOM kill...)
    if (
        job.get("swallow_interrupt_at") == seed
    ):  # as runner.run_episode does: Ctrl-C ends the episode as an error
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            return {"status": "error", "error": "interrupted by the user", "success": False, "psr": 0.0}
    if job.get("hang"):  # a long episode: say which process plays it, then keep playing
        (Path(job["run_dir"]).parent.parent / f"pid.{os.getpid()}").write_text(job["run_dir"])
        time.sleep(60)
    if seed == 3:
        raise RuntimeError("boom in the engine")
    out = Path(job["run_dir"])
    out.mkdir(parents=True, exist_ok=True)
    with open(out.parent.parent / "calls.log", "a") as fh:  # which episodes really ran
        fh.write(f"{job['task']}/{seed}\n")
    traj = [
        {"type": "action", "round": 1, "agent": "a", "tool": "wait", "ok": True},
        {"type": "action", "round": 2, "agent": "b", "tool": "chat", "ok": True},
    ]
    (out / "trajectory.jsonl").write_text("".join(json.dumps(r) + "\n" for r in traj))
    metrics = {
        "success": seed % 2 == 0,
        "psr": 1.0 if seed % 2 == 0 else 0.5,
        "rounds": 10 + seed,
        "actions": 2,
        "messages": 1,
        "status": "ok",
        "error": None,
        "per_agent": {
            "a": {"usage": {"prompt_tokens": 100 * (seed + 1), "completion_tokens": 10, "cost": 0.01}},
            "b": {"usage": {"prompt_tokens": 5, "completion_tokens": 1, "cost": 0.0}},
        },
        "usage": {"prompt_tokens": 100 * (seed + 1) + 5, "completion_tokens": 11, "cost": 0.01},
    }
    (out / "metrics.json").write_text(json.dumps(metrics))
    return metrics


def jobs(
    out: Path, seeds=range(4), tasks=(("task_a", "crafting"), ("task_b", "combat")), **extra
) -> list[dict]:
    config = {"agents": "noop", "agent_options": {}, "episode_options": {}, "judge": None}
    return [{**j, "play": PLAY, **extra} for j in ev.make_jobs(out, list(tasks), list(seeds), config)]


def stable(path: Path) -> list[dict]:
    return [
        {k: v for k, v in json.loads(line).items() if k not in ev.VOLATILE}
        for line in path.read_text().splitlines()
    ]


def calls(out: Path) -> list[str]:
    log = out / "calls.log"
    return log.read_text().split() if log.exists() else []


def test_summary_counts_and_crash_is_recorded(tmp_path):
    summary = ev.run_eval(tmp_path, jobs(tmp_path), progress=False)
    overall = summary["overall"]
    assert set(ev.SUMMARY_KEYS) <= set(overall)
    assert overall["episodes"] == 8 and overall["errors"] == 2
    assert overall["sr"] == pytest.approx(
        4 / 8
    )  # seeds 0, 2 succeed on both tasks; the crash counts as failure
    assert overall["psr"] == pytest.approx((1 + 0.5 + 1 + 0) * 2 / 8)
    assert overall["mean_rounds"] == pytest.approx((10 + 11 + 12) / 3)
    assert overall["messages_per_agent"] == pytest.approx(0.5) and overall["first_chat_round"] == 2
    assert overall["prompt_tokens"] == 2 * (105 + 205 + 305) and overall["cost"] == pytest.approx(0.06)
    assert set(summary["by_category"]) == {"crafting", "combat"}
    assert summary["by_category"]["combat"]["episodes"] == 4
    crashed = [r for r in stable(tmp_path / ev.RESULTS) if r["status"] == "error"]
    assert [(r["task"], r["seed"]) for r in crashed] == [("task_a", 3), ("task_b", 3)]
    assert "boom in the engine" in crashed[0]["error"]
    assert "RuntimeError" in (tmp_path / "task_a" / "3" / "eval_error.txt").read_text()
    assert json.loads((tmp_path / ev.SUMMARY).read_text())["overall"] == overall


def test_resume_after_interruption_skips_finished_episodes(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        ev.run_eval(tmp_path, jobs(tmp_path, interrupt_at=2), progress=False)
    first = calls(tmp_path)
    assert first == ["task_a/0", "task_a/1"]
    partial = json.loads((tmp_path / ev.SUMMARY).read_text())  # what `agentworld report` shows meanwhile
    assert partial["interrupted"] and partial["overall"]["episodes"] == 2 and partial["overall"]["sr"] == 0.5
    with open(tmp_path / ev.RESULTS, "a") as fh:
        fh.write('{"task": "task_a", "se')  # a torn line from the interruption
    summary = ev.run_eval(tmp_path, jobs(tmp_path), progress=False)
    assert calls(tmp_path) == first + [
        "task_a/2",
        "task_b/0",
        "task_b/1",
        "task_b/2",
    ]  # 3 crashes, never logged
    assert summary["skipped"] == 2 and summary["overall"]["episodes"] == 8 and "interrupted" not in summary
    keys = [(r["task"], r["seed"]) for r in stable(tmp_path / ev.RESULTS)]
    assert keys == sorted(keys) and len(keys) == 8
    # A third run does nothing; --retry-errors re-runs only the crashed ones.
    ev.run_eval(tmp_path, jobs(tmp_path), progress=False)
    assert len(calls(tmp_path)) == 6
    summary = ev.run_eval(tmp_path, jobs(tmp_path), retry_errors=True, progress=False)
    assert summary["skipped"] == 6 and summary["overall"]["errors"] == 2


def test_interrupt_caught_inside_an_episode_still_stops_the_eval(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        ev.run_eval(tmp_path, jobs(tmp_path, swallow_interrupt_at=1), progress=False)
    assert calls(tmp_path) == ["task_a/0"]  # the eval stopped at the interrupted episode
    assert [(r["task"], r["seed"]) for r in stable(tmp_path / ev.RESULTS)] == [("task_a", 0)]  # not recorded


HANGING_EVAL = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from agentworld import evaluation as ev
import test_eval_loop as t
out = Path(sys.argv[1])
try:
    ev.run_eval(out, t.jobs(out, hang=True), workers=2, progress=False)
except ev.Interrupted as exc:
    sys.exit(128 + exc.args[0])
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


@pytest.mark.parametrize(
    "target, sig", [("group", signal.SIGINT), ("parent", signal.SIGTERM), ("parent", signal.SIGKILL)]
)
def test_stopping_a_parallel_eval_stops_its_workers_now(tmp_path, target, sig):
    """Ctrl-C (SIGINT to the whole group), kill (SIGTERM) or kill -9 of the eval: no worker plays on."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HANGING_EVAL, str(tmp_path), str(Path(__file__).parent)],
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while len(list(tmp_path.glob("pid.*"))) < 2:
            assert time.monotonic() < deadline and proc.poll() is None, "the workers never started"
            time.sleep(0.05)
        workers = [int(p.suffix[1:]) for p in tmp_path.glob("pid.*")]
        if target == "group":
            os.killpg(proc.pid, sig)
        else:
            os.kill(proc.pid, sig)
        assert proc.wait(timeout=10) == (128 + sig if sig != signal.SIGKILL else -sig)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "worker processes outlived the eval"
            time.sleep(0.05)
        assert not (tmp_path / ev.RESULTS).read_text()  # nothing finished, nothing recorded
    finally:  # a failing run must not leave hanging workers behind
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


def test_parallel_workers_match_serial(tmp_path):
    serial = ev.run_eval(tmp_path / "s", jobs(tmp_path / "s"), workers=1, progress=False)
    parallel = ev.run_eval(tmp_path / "p", jobs(tmp_path / "p"), workers=2, progress=False)
    assert stable(tmp_path / "s" / ev.RESULTS) == stable(tmp_path / "p" / ev.RESULTS)
    assert serial == parallel
    assert sorted(calls(tmp_path / "p")) == sorted(calls(tmp_path / "s"))


def test_config_mismatch_is_refused(tmp_path):
    ev.check_config(tmp_path, {"agents": "noop", "agent_options": {}}, force=False)
    ev.check_config(tmp_path, {"agents": "noop", "agent_options": {}}, force=False)
    with pytest.raises(ValueError, match="different configuration \\(agents differ\\)"):
        ev.check_config(tmp_path, {"agents": "random", "agent_options": {}}, force=False)
    ev.check_config(tmp_path, {"agents": "random", "agent_options": {}}, force=True)


def test_report_prints_the_summary_again(tmp_path, capsys):
    ev.run_eval(tmp_path, jobs(tmp_path), progress=False)
    from agentworld.cli import main

    assert main(["report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "overall" in out and "crafting" in out and "50.0%" in out
    assert main(["report", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["overall"]["episodes"] == 8
    (tmp_path / ev.SUMMARY).unlink()  # rebuilt from results.jsonl
    assert ev.load_summary(tmp_path)["overall"]["episodes"] == 8
    assert main(["report", str(tmp_path / "nothing")]) == 2


def test_unknown_task_selection_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown task or category 'no_such_task'"):
        ev.select_tasks("no_such_task")


def test_transport_settings_may_change_on_resume(tmp_path):
    base = {"agents": "llm", "agent_options": {"model": "m", "base_url": "http://a/v1", "max_retries": 6}}
    ev.check_config(tmp_path, base, force=False)
    ev.check_config(
        tmp_path, {**base, "agent_options": {"model": "m", "base_url": "http://b/v1"}}, force=False
    )
    with pytest.raises(ValueError, match="agent_options differ"):
        ev.check_config(tmp_path, {**base, "agent_options": {"model": "other"}}, force=False)


def test_dead_worker_fails_only_its_episode(tmp_path):
    summary = ev.run_eval(tmp_path, jobs(tmp_path, die_at=1), workers=2, progress=False)
    records = {(r["task"], r["seed"]): r for r in stable(tmp_path / ev.RESULTS)}
    assert (
        len(records) == 8 and summary["overall"]["errors"] == 4
    )  # seed 1 dies, seed 3 crashes, on both tasks
    assert "worker process died" in records[("task_a", 1)]["error"]
    assert records[("task_a", 0)]["status"] == "ok" and records[("task_b", 2)]["status"] == "ok"


def test_judge_options_reach_the_judge_and_failures_are_kept(tmp_path, monkeypatch):
    import agentworld.causal as causal

    seen = []

    def fake_judge(run_dir, judge="provenance", **options):
        seen.append((Path(run_dir).name, judge, options))
        if Path(run_dir).name == "2":
            raise RuntimeError("judge server down")
        return {"cce": 0.25}

    monkeypatch.setattr(causal, "judge_run", fake_judge)
    js = [{**j, "judge": "llm", "judge_options": {"model": "judge-m"}} for j in jobs(tmp_path, seeds=[0, 2])]
    summary = ev.run_eval(tmp_path, js, progress=False)
    assert seen[0] == ("0", "llm", {"model": "judge-m"}) and len(seen) == 4
    records = stable(tmp_path / ev.RESULTS)
    assert [r["cce"] for r in records] == [0.25, None, 0.25, None]
    assert "judge server down" in records[1]["judge_error"] and summary["overall"]["cce"] == 0.25


def test_report_compares_several_evals(tmp_path, capsys):
    from agentworld.cli import main

    for name, agents in (("one", "noop"), ("two", "llm")):
        out = tmp_path / name
        ev.check_config(
            out,
            {
                "agents": agents,
                "agent_options": {"model": "m-x"} if agents == "llm" else {},
                "episode_options": {"no_docs": True},
            },
            force=False,
        )
        ev.run_eval(out, jobs(out, seeds=[0, 1] if name == "one" else [0]), progress=False)
    assert main(["report", str(tmp_path / "one"), str(tmp_path / "two")]) == 0
    table = capsys.readouterr().out
    assert "noop +no_docs" in table and "llm / m-x +no_docs" in table
    assert (
        "50.0%" in table and "100.0%" in table
    )  # one: seeds 0 (win) and 1 (loss); two: seed 0 on both tasks


def test_an_unusable_judge_stops_eval_before_any_episode(tmp_path, monkeypatch, capsys):
    from agentworld.cli import main

    for var in ("OPENAI_API_KEY", "AGENTWORLD_JUDGE_MODEL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    out = tmp_path / "ev"
    assert main(["eval", "--tasks", "task_01", "--judge", "llm", "--out", str(out), "--quiet"]) == 2
    assert "--judge llm" in capsys.readouterr().err
    assert not (out / "results.jsonl").exists()


def test_torn_last_line_does_not_swallow_the_next_record(tmp_path, monkeypatch):
    """A killed write leaves results.jsonl without a final newline: the next record must get its own line,
    so a run killed again before its final rewrite still keeps that finished episode."""
    (tmp_path / ev.RESULTS).write_text(
        '{"task": "task_a", "seed": 0, "status": "ok"}\n{"task": "task_a", "se'
    )
    monkeypatch.setattr(
        ev.results, "write_results", lambda out, records: None
    )  # killed before the final rewrite
    ev.run_eval(tmp_path, jobs(tmp_path, seeds=[1], tasks=(("task_a", "crafting"),)), progress=False)
    done = ev.read_results(tmp_path)
    assert sorted(done) == [("task_a", 0), ("task_a", 1)] and done[("task_a", 1)]["status"] == "ok"


def test_wrong_typed_results_lines_are_skipped_with_a_warning(tmp_path, capsys):
    from agentworld.cli import main

    ev.run_eval(tmp_path, jobs(tmp_path, seeds=[0]), progress=False)
    good = (tmp_path / ev.RESULTS).read_text()
    (tmp_path / ev.RESULTS).write_text(
        good + '{"task": "task_a", "seed": null}\n{"task": ["task_a"], "seed": 1}\n'
        '{"task": "task_b", "seed": 5, "success": "no"}\n[1, 2]\n'
    )
    (tmp_path / ev.SUMMARY).unlink()
    capsys.readouterr()
    assert main(["report", str(tmp_path), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["overall"]["episodes"] == 2
    for line, what in ((3, "seed"), (4, "task"), (5, "success"), (6, "not a JSON object")):
        assert f"results.jsonl line {line}" in captured.err and what in captured.err
    assert "Traceback" not in captured.err
    summary = ev.run_eval(tmp_path, jobs(tmp_path, seeds=[0, 1]), progress=False)  # resume skips them too
    assert summary["overall"]["episodes"] == 4 and summary["skipped"] == 2


@pytest.mark.parametrize("what", ["out", "results"])
def test_unwritable_out_or_results_is_a_clear_error(tmp_path, what):
    """Tests run as root, which file modes do not stop: /sys is a place even root cannot write, and a
    results.jsonl that root cannot open for appending is a directory (a read-only file when not root)."""
    out = Path("/sys/agentworld-eval") if what == "out" else tmp_path / "e"
    args = [
        sys.executable,
        "-m",
        "agentworld.cli",
        "eval",
        "--tasks",
        "task_01",
        "--agents",
        "noop",
        "--max-rounds",
        "1",
        "--judge",
        "none",
        "--quiet",
        "--out",
        str(out),
    ]
    if what == "results":
        assert subprocess.run(args, capture_output=True, timeout=120).returncode == 0
        (out / ev.RESULTS).unlink()
        if os.geteuid() == 0:
            (out / ev.RESULTS).mkdir()
        else:
            (out / ev.RESULTS).write_text("")
            (out / ev.RESULTS).chmod(0o444)
        args += ["--episodes", "2"]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "eval: cannot write" in proc.stderr
    assert str(out if what == "out" else out / ev.RESULTS) in proc.stderr
    assert not (tmp_path / "e" / "task_01" / "1").exists()  # no episode was played
