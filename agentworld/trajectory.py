"""Trajectory records, run directories and replay.

A run directory holds task.yaml (the task file as given, before options), config.json (task id,
seed, agents, options, version), trajectory.jsonl (one record per action and per round end)
and metrics.json. `agentworld replay DIR` rebuilds the episode from task.yaml + config.json,
feeds it the recorded actions and checks every record matches exactly (ignoring only `t`).

Crash safety (RunRecorder): task.yaml and config.json are written before the first turn, each
record is appended to trajectory.jsonl as it happens (one `write` call per line, so a killed
process never leaves half a line; fsync'd at every round end, so a machine crash loses at most
the round in play), and metrics.json is written last. Until then the directory holds
UNFINISHED (the marker saying the episode was cut short); replay and judge work on what was saved.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

from agentworld.tasks import Task, load_task, task_to_yaml

VOLATILE = ("t",)


def strip_volatile(record: dict) -> dict:
    """The record without wall-clock fields, normalised through JSON (tuples become lists)."""
    return json.loads(json.dumps({k: v for k, v in record.items() if k not in VOLATILE}))


def json_line(record: dict) -> str:
    """One JSONL line. Text stays readable (UTF-8) unless a string cannot be encoded as UTF-8 (a lone
    surrogate an agent sent): then the line is written with \\u escapes, which read back identically."""
    line = json.dumps(record, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(record)
    return line + "\n"


def write_jsonl(path: Path, records: Iterable[dict]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json_line(rec))


def read_jsonl(path: Path) -> list[dict]:
    """The records of a trajectory.jsonl; a bad line is a ValueError naming the file and line."""
    from agentworld.causal.graph import load_trajectory  # the one JSONL reader (CausalError is a ValueError)

    return load_trajectory(path)


def outcome(trajectory: list[dict], status: dict) -> dict:
    """The metrics that follow from the trajectory and the final status alone (replay re-checks them)."""
    actions = [r for r in trajectory if r.get("type") == "action"]
    return {
        "success": bool(status["success"]), "psr": float(status["psr"]),
        "rounds": max((r["round"] for r in actions), default=0), "max_rounds": status["max_rounds"],
        "actions": len(actions), "messages": sum(1 for r in actions if r["tool"] == "chat" and r["ok"]),
        "errors": sum(1 for r in actions if not r["ok"]), "checkpoints": status["checkpoints"],
    }


ACTION_KEYS = ("agent", "tool", "args", "raw", "error")


def _check_record(i: int, rec: dict, agents: list[str]) -> None:
    """A recorded line replay can feed back: a known type and, for actions, the fields it re-plays."""
    where = f"trajectory.jsonl record {i}"
    kind = rec.get("type")
    if kind not in ("action", "round_end"):
        raise ValueError(f"{where}: 'type' must be 'action' or 'round_end', got {kind!r}")
    if kind == "action":
        missing = [k for k in ACTION_KEYS if k not in rec]
        if missing:
            raise ValueError(f"{where}: action record lacks {', '.join(missing)}")
        if rec["agent"] not in agents:
            raise ValueError(f"{where}: unknown agent {rec['agent']!r}; the task's agents: {', '.join(agents)}")


# Files made from a run directory's trajectory after it was written (judge, eval, LLM seats): a new
# episode played into the same directory removes them, so none of them can describe the old run.
DERIVED = ("metrics.json", "metrics.json.tmp", "cce.json", "cce.png", "cce_llm.json", "cce_llm.png", "compare.json",
           "llm_transcript.jsonl", "eval_error.txt", ".judge_cache")


def prepare_run_dir(out_dir: str | Path) -> Path:
    """Create the run directory; if it holds an earlier run, remove what was derived from that run."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name in DERIVED:
        path = out / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()
    return out


UNFINISHED = "UNFINISHED"
UNFINISHED_TEXT = ("This episode did not finish: the process playing it stopped (killed, crashed or interrupted)\n"
                   "before writing metrics.json. trajectory.jsonl holds every record written until then;\n"
                   "`agentworld replay` and `agentworld judge` work on it.\n")


_YAML_CACHE: dict[int, tuple[Task, str]] = {}


def _task_yaml(task: Task) -> str:
    """task_to_yaml, once per task object (an eval writes the same task into every run directory;
    the YAML emitter was a large share of an episode's setup)."""
    hit = _YAML_CACHE.get(id(task))
    if hit is None or hit[0] is not task:
        if len(_YAML_CACHE) > 256:
            _YAML_CACHE.clear()
        hit = _YAML_CACHE[id(task)] = (task, task_to_yaml(task))
    return hit[1]


class RunRecorder:
    """Writes a run directory as the episode is played (see the module docstring)."""

    def __init__(self, out_dir: str | Path, task: Task, config: dict, fsync: Callable[[int], Any] = os.fsync):
        self.fsync = fsync  # called with the file descriptor at round ends (the async runner hands it to a thread)
        self.dir = prepare_run_dir(out_dir)
        (self.dir / UNFINISHED).write_text(UNFINISHED_TEXT, encoding="utf-8")
        (self.dir / "task.yaml").write_text(_task_yaml(task), encoding="utf-8")
        (self.dir / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        self.fd: int | None = os.open(self.dir / "trajectory.jsonl", os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND,
                                      0o644)

    def record(self, rec: dict) -> None:
        """Append one record now (one write call: never half a line); fsync at round ends."""
        if self.fd is None:
            return
        data = json_line(rec).encode("utf-8")
        written = os.write(self.fd, data)
        while written < len(data):  # only on a full disk or similar; finish the line
            written += os.write(self.fd, data[written:])
        if rec.get("type") == "round_end":
            self.fsync(self.fd)

    def finish(self, metrics: dict) -> Path:
        """metrics.json (written whole, then renamed into place), and the UNFINISHED marker removed."""
        self.close()
        tmp = self.dir / "metrics.json.tmp"
        tmp.write_text(json.dumps(metrics, indent=2), encoding="utf-8")
        os.replace(tmp, self.dir / "metrics.json")
        (self.dir / UNFINISHED).unlink(missing_ok=True)
        return self.dir

    def close(self) -> None:
        if self.fd is not None:
            os.fsync(self.fd)
            os.close(self.fd)
            self.fd = None


def write_run_dir(out_dir: str | Path, task: Task, config: dict, trajectory: list[dict], metrics: dict) -> Path:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "task.yaml").write_text(task_to_yaml(task), encoding="utf-8")
    (out / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    write_jsonl(out / "trajectory.jsonl", trajectory)
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    return out


def load_run(run_dir: str | Path) -> dict:
    """{"dir", "task", "config", "trajectory", "metrics"} of a run directory."""
    d = Path(run_dir)
    for name in ("task.yaml", "config.json", "trajectory.jsonl"):
        if not (d / name).exists():
            raise FileNotFoundError(f"{d}: not a run directory (missing {name})")
    metrics = json.loads((d / "metrics.json").read_text()) if (d / "metrics.json").exists() else {}
    return {"dir": d, "unfinished": (d / UNFINISHED).exists(), "task": load_task(d / "task.yaml"), "config": json.loads((d / "config.json").read_text()),
            "trajectory": read_jsonl(d / "trajectory.jsonl"), "metrics": metrics}


def replay(run_dir: str | Path) -> dict:
    """Re-simulate a run; returns {"match", "records", "compared", "first_mismatch": {index, expected, got, fields}}."""
    from agentworld.episode import Episode
    from agentworld.tools import ParseError

    run = load_run(run_dir)
    cfg = run["config"]
    ep = Episode(run["task"], seed=cfg.get("seed", 0), options=cfg.get("options") or {})
    produced: list[dict] = []
    for i, rec in enumerate(run["trajectory"]):
        _check_record(i, rec, ep.agents)
        if rec["type"] == "action":
            action: Any = ParseError(rec["error"], rec["raw"]) if rec["tool"] is None else {"tool": rec["tool"], "args": rec["args"]}
            produced.append(ep.act(rec["agent"], action))
        else:
            produced.append(ep.end_round())
    expected = run["trajectory"]
    result = {"match": True, "records": len(expected), "compared": 0, "first_mismatch": None,
              "unfinished": run["unfinished"]}
    for i, (want, got) in enumerate(zip(expected, produced)):
        a, b = strip_volatile(want), strip_volatile(got)
        result["compared"] += 1
        if a != b:
            fields = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            result.update(match=False, first_mismatch={"index": i, "fields": fields, "expected": a, "got": b})
            break
    if result["match"] and len(produced) != len(expected):
        result.update(match=False, first_mismatch={"index": min(len(produced), len(expected)), "fields": ["length"],
                                                  "expected": len(expected), "got": len(produced)})
    if result["match"] and run["metrics"]:  # metrics.json must tell the same story as the trajectory
        got = outcome(produced, ep.status())
        want = {k: run["metrics"].get(k) for k in got}
        fields = sorted(k for k in got if want[k] != got[k])
        if fields:
            result.update(match=False, first_mismatch={"index": "metrics.json", "fields": fields,
                                                      "expected": want, "got": got})
    return result


def configure_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("run_dir", help="a run directory written by `agentworld run --out DIR`")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def command_replay(args: argparse.Namespace) -> int:
    try:
        result = replay(args.run_dir)
    except (FileNotFoundError, ValueError) as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    elif result["match"]:
        print(f"replay matches: {result['compared']} records identical (ignoring {', '.join(VOLATILE)})")
        if result["unfinished"]:
            print(f"(the episode did not finish: {UNFINISHED} is present; these are the records saved before it stopped)")
    else:
        mm = result["first_mismatch"]
        at = mm["index"] if isinstance(mm["index"], str) else f"record {mm['index']}"
        print(f"replay MISMATCH at {at} (fields: {', '.join(mm['fields'])})")
        print("expected:", json.dumps(mm["expected"])[:2000])
        print("got:     ", json.dumps(mm["got"])[:2000])
    return 0 if result["match"] else 1
