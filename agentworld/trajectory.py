"""Trajectory records, run directories and replay.

A run directory holds task.yaml (the task file as given, before options; a verifier loaded from a
.py file is copied beside it as verifier.py), config.json (task id, seed, agents, options,
version, where the task and verifier came from), trajectory.jsonl (one record per action and per round end)
and metrics.json. `agentworld replay DIR` rebuilds the episode from task.yaml + config.json,
feeds it the recorded actions and checks every record matches exactly (ignoring only `t`).

Crash safety (RunRecorder): task.yaml and config.json are written before the first turn, each
record is appended to trajectory.jsonl as it happens (one `write` call per line, so a killed
process never leaves half a line; fsync'd at every round end, so a machine crash loses at most
the round in play), and metrics.json is written last. Until then the directory holds
UNFINISHED (the marker saying the episode was cut short); replay and judge work on what was saved.
A write of more than a page can still be cut by SIGKILL: replay leaves out the torn last line of
an unfinished run (that record was in flight), and refuses one anywhere else.

Trust (load_run): a run directory may come from anyone, and its copied verifier.py (or any verifier
its task.yaml names) is Python code that importing runs. So the task is read without importing
anything first; a verifier that is a shipped one, or a copy byte for byte of the verifier the same
task id has here (shipped, or found through --tasks-dir / $AGENTWORLD_TASKS_PATH / packs), is
loaded from there; any other is imported only with `trust_verifier` (`--trust-run-verifier`), and
UntrustedVerifierError says which file and why.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

from agentworld.scoring import VerifierSource, locate_verifier, shipped_verifier, verifier_file
from agentworld.task_sources import resolve_path
from agentworld.tasks import Task, TaskError, check_loaded, parse_task, task_to_yaml

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
        "success": bool(status["success"]),
        "psr": float(status["psr"]),
        "rounds": max((r["round"] for r in actions), default=0),
        "max_rounds": status["max_rounds"],
        "actions": len(actions),
        "messages": sum(1 for r in actions if r["tool"] == "chat" and r["ok"]),
        "invalid_actions": sum(1 for r in actions if not r["ok"]),
        "checkpoints": status["checkpoints"],
    }


# metrics.json fields saved under another name by older versions ("errors" also meant crashed
# episodes in eval's summary, so the failed actions of one episode became "invalid_actions")
OLD_NAMES = {"invalid_actions": "errors"}

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
            raise ValueError(
                f"{where}: unknown agent {rec['agent']!r}; the task's agents: {', '.join(agents)}"
            )


# Files made from a run directory's trajectory after it was written (judge, eval, LLM seats): a new
# episode played into the same directory removes them, so none of them can describe the old run.
DERIVED = (
    "metrics.json",
    "metrics.json.tmp",
    "verifier.py",
    "cce.json",
    "cce.png",
    "cce_llm.json",
    "cce_llm.png",
    "compare.json",
    "llm_transcript.jsonl",
    "eval_error.txt",
    ".judge_cache",
)


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
UNFINISHED_TEXT = (
    "This episode did not finish: the process playing it stopped (killed, crashed or interrupted)\n"
    "before writing metrics.json. trajectory.jsonl holds every record written until then;\n"
    "`agentworld replay` and `agentworld judge` work on it.\n"
)


def _task_files(out: Path, task: Task, config: dict) -> tuple[Task, dict]:
    """The task and config as a run directory stores them: where the task came from, and a verifier
    outside the package copied beside it as verifier.py, so replay works anywhere."""
    config = {**config, "task_source": str(task.source) if task.source else None}
    verifier = verifier_file(task)
    if verifier is not None:
        shutil.copyfile(verifier, out / "verifier.py")
        config["verifier_source"] = str(verifier)
        task = task.model_copy(update={"verifier": "verifier.py"})
    return task, config


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
        self.fsync = (
            fsync  # called with the file descriptor at round ends (the async runner hands it to a thread)
        )
        self.dir = prepare_run_dir(out_dir)
        (self.dir / UNFINISHED).write_text(UNFINISHED_TEXT, encoding="utf-8")
        task, config = _task_files(self.dir, task, config)
        (self.dir / "task.yaml").write_text(_task_yaml(task), encoding="utf-8")
        (self.dir / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND
        self.fd: int | None = os.open(self.dir / "trajectory.jsonl", flags, 0o644)

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
        """The last fsync through `fsync` too (the server's and the async runner's run on a thread)."""
        if self.fd is not None:
            self.fsync(self.fd)
            os.close(self.fd)
            self.fd = None


def write_run_dir(
    out_dir: str | Path, task: Task, config: dict, trajectory: list[dict], metrics: dict
) -> Path:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    task, config = _task_files(out, task, config)
    (out / "task.yaml").write_text(task_to_yaml(task), encoding="utf-8")
    (out / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    write_jsonl(out / "trajectory.jsonl", trajectory)
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    return out


def _json_object(path: Path) -> dict:
    """A JSON file that must hold an object; anything else is a ValueError naming the file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"{path}: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text ({exc.reason})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object, got {type(data).__name__}")
    return data


def _check_config(path: Path, config: dict) -> None:
    """The config.json fields replay reads: seed (an integer or null) and options (an object)."""
    seed, options = config.get("seed", 0), config.get("options")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"{path}: 'seed' must be an integer, got {seed!r}")
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"{path}: 'options' must be an object, got {type(options).__name__}")


class UntrustedVerifierError(ValueError):
    """A run directory's verifier is code that differs from every installed one, and trust was not given."""


TRUST_FLAG = "--trust-run-verifier"


def run_task(run_dir: Path, trust_verifier: bool = False) -> Task:
    """The run's task.yaml, loaded so that no code of the run directory runs without `trust_verifier`."""
    path = run_dir / "task.yaml"
    task = parse_task(path)  # nothing imported yet
    try:
        source = locate_verifier(task)
    except ValueError as exc:
        raise TaskError([f"{path.name}: verifier: {exc}"]) from None
    if source is None or source.kind == "shipped" or trust_verifier:
        return check_loaded(task)
    if source.kind == "file":
        installed = _installed_verifiers(task, run_dir)
        twin = _same_code(source.path, installed)
        if twin is not None:  # the same code is installed: load that, not the copy
            return check_loaded(task.model_copy(update={"verifier": twin}))
        where = "shipped, or found through --tasks-dir, $AGENTWORLD_TASKS_PATH or a task pack"
        files = [str(v.path) for v in installed if v.path is not None]
        what = (
            f"its verifier {source.path} is Python code that differs from the installed verifier of task "
            f"{task.id} ({', '.join(files)})"
            if files
            else f"its verifier {source.path} is Python code, and task {task.id} has no installed verifier ({where}) "
            "to compare it with"
        )
        hint = "" if files else "; or name the folder of the task's own verifier with --tasks-dir"
    else:
        if any(v.kind == "module" and v.name == source.name for v in _installed_verifiers(task, run_dir)):
            return check_loaded(task)  # the module the installed task names too
        what = (
            f"its task.yaml names the module '{source.name}' as verifier, which is neither a shipped verifier "
            f"nor the one task {task.id} names here"
        )
        hint = ""
    raise UntrustedVerifierError(
        f"{run_dir}: {what}; importing it would run that code. If you trust where this "
        f"run directory came from, pass {TRUST_FLAG}{hint}"
    )


def _installed_verifiers(task: Task, run_dir: Path) -> list[VerifierSource]:
    """The verifiers installed for this task id outside the run directory: shipped ones (its id, its
    variant_of), and the one of the task file the id names through the task sources."""
    found = [shipped_verifier(name) for name in dict.fromkeys(n for n in (task.id, task.variant_of) if n)]
    named = resolve_path(task.id)
    if named.is_file() and named.resolve().parent != run_dir.resolve():
        try:
            found.append(locate_verifier(parse_task(named)))
        except ValueError:  # TaskError, VerifierError: that task offers no verifier to compare with
            pass
    unique: dict[str, VerifierSource] = {}
    for source in found:
        if source is None or source.path is not None and source.path.resolve().parent == run_dir.resolve():
            continue
        unique.setdefault(str(source.path.resolve()) if source.path is not None else source.name, source)
    return list(unique.values())


def _same_code(copy: Path, installed: list[VerifierSource]) -> str | None:
    """A verifier spec naming the installed verifier whose bytes equal `copy`'s (None if none does)."""
    try:
        code = copy.read_bytes()
    except OSError:
        return None
    for source in installed:
        if source.path is None:
            continue
        try:
            same = source.path.read_bytes() == code
        except OSError:
            continue
        if same:
            return source.name.rsplit(".", 1)[-1] if source.kind == "shipped" else str(source.path.resolve())
    return None


def _saved_records(path: Path, unfinished: bool) -> tuple[list[dict], bool]:
    """The records of trajectory.jsonl, and whether a torn last line was left out. Only a run that
    did not finish may end in a torn line (a write of more than a page killed midway): that record
    was in flight and is dropped; anywhere else a bad line is the ValueError of read_jsonl."""
    data = path.read_bytes() if unfinished else b""
    if data and not data.endswith(b"\n"):
        try:  # json.loads' errors (bad JSON, bad UTF-8) are ValueErrors
            records = [
                json.loads(line) for line in data[: data.rfind(b"\n") + 1].splitlines() if line.strip()
            ]
            if all(isinstance(rec, dict) for rec in records):
                return records, True
        except ValueError:
            pass
    return read_jsonl(path), False  # the records, or the error naming the bad line


def load_run(run_dir: str | Path, trust_verifier: bool = False) -> dict:
    """{"dir", "unfinished", "torn", "task", "config", "trajectory", "metrics"} of a run directory
    (see Trust, above)."""
    d = Path(run_dir)
    for name in ("task.yaml", "config.json", "trajectory.jsonl"):
        if not (d / name).exists():
            raise FileNotFoundError(f"{d}: not a run directory (missing {name})")
    metrics = _json_object(d / "metrics.json") if (d / "metrics.json").exists() else {}
    config = _json_object(d / "config.json")
    _check_config(d / "config.json", config)
    unfinished = (d / UNFINISHED).exists()
    records, torn = _saved_records(d / "trajectory.jsonl", unfinished)
    return {
        "dir": d,
        "unfinished": unfinished,
        "torn": torn,
        "task": run_task(d, trust_verifier),
        "config": config,
        "trajectory": records,
        "metrics": metrics,
    }


def _recorded_action(rec: dict) -> Any:
    """The action to feed back for an action record. An unparsed action's `raw` is parsed again,
    so a raw rewritten into a valid call, or an edited error, no longer matches; only a raw the
    record had to shorten or stringify (tool_calls.raw_is_exact) is replayed with its recorded error."""
    from agentworld.tool_calls import raw_is_exact
    from agentworld.tools import ParseError

    if rec["tool"] is not None:
        return {"tool": rec["tool"], "args": rec["args"]}
    if raw_is_exact(rec["raw"]):
        return rec["raw"]
    return ParseError(rec["error"], rec["raw"])


def replay(run_dir: str | Path, trust_verifier: bool = False) -> dict:
    """Re-simulate a run; returns {"match", "records", "compared", "first_mismatch": {index, expected, got, fields}}."""
    from agentworld.episode import Episode

    run = load_run(run_dir, trust_verifier)
    cfg = run["config"]
    ep = Episode(run["task"], seed=cfg.get("seed", 0), options=cfg.get("options") or {})
    produced: list[dict] = []
    for i, rec in enumerate(run["trajectory"]):
        _check_record(i, rec, ep.agents)
        if rec["type"] == "action":
            produced.append(ep.act(rec["agent"], _recorded_action(rec)))
        else:
            produced.append(ep.end_round())
    expected = run["trajectory"]
    result = {
        "match": True,
        "records": len(expected),
        "compared": 0,
        "first_mismatch": None,
        "unfinished": run["unfinished"],
        "torn": run["torn"],
        "error": run["metrics"].get("error"),
    }
    for i, (want, got) in enumerate(zip(expected, produced)):
        a, b = strip_volatile(want), strip_volatile(got)
        result["compared"] += 1
        if a != b:
            fields = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            result.update(match=False, first_mismatch={"index": i, "fields": fields, "expected": a, "got": b})
            break
    if result["match"] and len(produced) != len(expected):
        result.update(
            match=False,
            first_mismatch={
                "index": min(len(produced), len(expected)),
                "fields": ["length"],
                "expected": len(expected),
                "got": len(produced),
            },
        )
    if result["match"] and run["metrics"]:  # metrics.json must tell the same story as the trajectory
        got = outcome(produced, ep.status())
        want = {k: run["metrics"].get(k, run["metrics"].get(OLD_NAMES.get(k, k))) for k in got}
        fields = sorted(k for k in got if want[k] != got[k])
        if fields:
            result.update(
                match=False,
                first_mismatch={"index": "metrics.json", "fields": fields, "expected": want, "got": got},
            )
    return result


def configure_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("run_dir", help="a run directory written by `agentworld run --out DIR`")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    add_trust_argument(parser)


def add_trust_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        TRUST_FLAG,
        dest="trust_run_verifier",
        action="store_true",
        help="import the run directory's own verifier.py even when it differs from the installed "
        "one (it is Python code: only for run directories you trust)",
    )


def command_replay(args: argparse.Namespace) -> int:
    try:
        result = replay(args.run_dir, args.trust_run_verifier)
    except (FileNotFoundError, ValueError) as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    elif result["match"]:
        print(f"replay matches: {result['compared']} records identical (ignoring {', '.join(VOLATILE)})")
        if result["unfinished"]:
            print(
                f"(the episode did not finish: {UNFINISHED} is present; these are the records saved before it stopped"
                + ("; its last line, torn by the stop, was left out)" if result["torn"] else ")")
            )
        elif result["error"]:
            print(f"(the episode did not reach its end: {result['error']})")
    else:
        mm = result["first_mismatch"]
        at = mm["index"] if isinstance(mm["index"], str) else f"record {mm['index']}"
        print(f"replay MISMATCH at {at} (fields: {', '.join(mm['fields'])})")
        print("expected:", json.dumps(mm["expected"])[:2000])
        print("got:     ", json.dumps(mm["got"])[:2000])
    return 0 if result["match"] else 1
