"""The task editor's JSON API over real HTTP on loopback: checks, confinement, round trips, guards."""

from __future__ import annotations

import http.client
import json
import os
import socket
import sys
import threading
import time
import types
from pathlib import Path

import pytest

from agentworld.agents import Agent
from agentworld.editor import document as doc
from agentworld.editor import runs
from agentworld.editor.runs import RunLimits
from agentworld.editor.server import EditorThread, make_editor
from agentworld.task_sources import shipped_task_ids
from agentworld.tasks import load_task

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def editor(tmp_path):
    folder = tmp_path / "tasks"
    folder.mkdir()
    thread = EditorThread(make_editor(None, folder)).start()
    yield thread, folder
    thread.stop()


def call(
    thread: EditorThread,
    method: str,
    path: str,
    body: object = None,
    headers: dict | None = None,
    raw: bytes | None = None,
) -> tuple[int, dict | bytes]:
    host, port = thread.server.server_address
    conn = http.client.HTTPConnection(host, port, timeout=60)
    sent = {"Host": f"127.0.0.1:{port}"}
    if body is not None or raw is not None:
        sent["Content-Type"] = "application/json"
    sent.update(headers or {})
    payload = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    conn.request(method, path, body=payload, headers=sent)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    kind = response.getheader("Content-Type", "")
    return response.status, json.loads(data) if kind.startswith("application/json") else data


def small_task() -> dict:
    """A 2-agent task written only with conditions (no verifier anywhere)."""
    return {
        "id": "log_pair",
        "name": "Two logs",
        "category": "gathering",
        "objective": "Fell two oak logs.",
        "max_rounds": 20,
        "agents": [
            {
                "name": "feller",
                "role": "Lumberjack",
                "spawn": [46, 121],
                "skills": {"lumberjacking": 10},
                "inventory": {"bronze_axe": 1},
                "context": "You fell trees.\nOak trees grow nearby.",
            },
            {"name": "porter", "role": "Porter", "spawn": "whisperwood_clearing"},
        ],
        "success": [{"holds": {"agent": "feller", "items": {"oak_log": 2}}}],
        "checkpoints": [
            {
                "id": "first_log",
                "description": "One log.",
                "when": {"holds": {"agent": "feller", "items": {"oak_log": 1}}},
            }
        ],
        "oracle": {"feller": [{"gather": {"target": "oak_tree", "count": 2}}]},
    }


def test_listens_on_loopback_and_serves_the_page_library_and_map(editor):
    thread, folder = editor
    assert thread.server.server_address[0] == "127.0.0.1"
    status, page = call(thread, "GET", "/")
    assert status == 200 and b"editor.js" in page
    status, lib = call(thread, "GET", "/api/library")
    assert status == 200
    assert {s["id"] for s in lib["skills"]} >= {"lumberjacking", "magic"} and lib["max_level"] == 99
    assert any(i["id"] == "bronze_axe" and i["slot"] == "weapon" for i in lib["items"])
    assert [c["kind"] for c in lib["conditions"]][:2] == ["wields", "holds"]
    status, png = call(thread, "GET", "/map.png")
    assert status == 200 and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == lib["map"]["width"]  # one pixel per tile
    status, state = call(thread, "GET", "/api/state")
    assert state["folder"] == str(folder.resolve()) and "task_01" in state["task_ids"]
    assert call(thread, "GET", "/static/../server.py")[0] == 404


def test_validate_names_each_problem_by_field(editor):
    thread, _ = editor
    task = small_task()
    task["agents"][0]["skills"] = {"lumberjackin": 10}
    task["agents"][1]["spawn"] = [500, 5]
    task["agents"][0]["equipment"] = {"head": "bronze_axe"}
    status, reply = call(thread, "POST", "/api/validate", {"document": task})
    assert status == 200 and reply["ok"] is False
    fields = {p["field"]: p["message"] for p in reply["problems"]}
    assert "did you mean 'lumberjacking'" in fields["agents[0].skills.lumberjackin"]
    assert "bronze_axe goes in slot 'weapon'" == fields["agents[0].equipment.head"]
    assert fields["agents[1].spawn"] == "position [500, 5] is outside the 448x256 map"
    task = small_task()
    task["success"] = []
    task["checkpoints"][0].pop("when")
    reply = call(thread, "POST", "/api/validate", {"document": task})[1]
    fields = {p["field"]: p["message"] for p in reply["problems"]}
    assert "success" in fields
    assert call(thread, "POST", "/api/validate", {"document": small_task()})[1] == {
        "ok": True,
        "problems": [],
    }


def test_save_writes_a_task_the_cli_accepts_without_a_verifier(editor):
    thread, folder = editor
    status, reply = call(thread, "POST", "/api/save", {"document": small_task()})
    assert status == 200 and reply["ok"], reply
    saved = folder / "log_pair.yaml"
    assert reply["path"] == str(saved.resolve()) and sorted(os.listdir(folder)) == ["log_pair.yaml"]
    text = saved.read_text()
    assert "verifier" not in text and "context: |" in text  # documentation as a block, as people write it
    task = load_task(saved)
    assert task.success[0].describe() == "feller holds 2 oak_log"
    from agentworld.runner import run_episode

    assert run_episode(str(saved), "oracle", progress=False)["success"] is True
    status, opened = call(thread, "POST", "/api/load", {"ref": "log_pair.yaml"})  # the page's Open list
    assert status == 200 and opened["source"] == str(saved.resolve())
    assert load_task(opened["document"]) == task
    assert call(thread, "GET", "/api/state")[1]["files"] == ["log_pair.yaml"]
    invalid = small_task()
    invalid["max_rounds"] = 0
    status, reply = call(thread, "POST", "/api/save", {"document": invalid, "file": "other.yaml"})
    assert status == 200 and reply["ok"] is False and reply["problems"][0]["field"] == "max_rounds"
    assert not (folder / "other.yaml").exists()


@pytest.mark.parametrize(
    "file",
    [
        "../escape.yaml",
        "sub/../../escape.yaml",
        "/tmp/escape.yaml",
        "escape.py",
        "link_dir/escape.yaml",
        "link_file.yaml",
    ],
)
def test_save_refuses_paths_out_of_the_folder(editor, tmp_path, file):
    thread, folder = editor
    outside = tmp_path / "outside"
    outside.mkdir()
    (folder / "link_dir").symlink_to(outside, target_is_directory=True)
    (outside / "victim.yaml").write_text("precious")
    (folder / "link_file.yaml").symlink_to(outside / "victim.yaml")
    status, reply = call(thread, "POST", "/api/save", {"document": small_task(), "file": file})
    assert status == 400, reply
    assert any(word in reply["error"] for word in ("refused", "ends in .yaml")), reply
    assert (
        sorted(os.listdir(outside)) == ["victim.yaml"] and (outside / "victim.yaml").read_text() == "precious"
    )
    assert not (tmp_path / "escape.yaml").exists() and not Path("/tmp/escape.yaml").exists()
    assert sorted(os.listdir(folder)) == ["link_dir", "link_file.yaml"]  # no temporary file left behind


def test_load_refuses_files_out_of_the_folder(editor, tmp_path):
    thread, _ = editor
    (tmp_path / "secret.yaml").write_text("id: x\n")
    status, reply = call(thread, "POST", "/api/load", {"ref": "../secret.yaml"})
    assert status == 400 and "refused" in reply["error"]
    status, reply = call(thread, "POST", "/api/load", {"ref": str(tmp_path / "secret.yaml")})
    assert status == 400 and "absolute paths are refused" in reply["error"]


@pytest.mark.parametrize("task_id", shipped_task_ids())
def test_load_then_save_round_trips_every_shipped_task(tmp_path, task_id):
    """What the page receives, saved unchanged, loads as the same task (verifier and all)."""
    thread = EditorThread(make_editor(None, tmp_path)).start()
    try:
        status, loaded = call(thread, "POST", "/api/load", {"ref": task_id})
        assert status == 200
        status, reply = call(thread, "POST", "/api/save", {"document": loaded["document"]})
        assert status == 200 and reply["ok"], reply
    finally:
        thread.stop()
    assert load_task(reply["path"]) == load_task(task_id)


def test_run_plays_the_oracle_and_noop_teams(editor):
    thread, folder = editor
    status, oracle = call(thread, "POST", "/api/run", {"document": small_task(), "team": "oracle"})
    assert status == 200 and oracle["ok"] and oracle["success"] is True
    assert oracle["checkpoints"] == {"first_log": True} and oracle["rounds"] <= 20
    noop = call(thread, "POST", "/api/run", {"document": small_task(), "team": "noop", "seed": 3})[1]
    assert noop["success"] is False and noop["rounds"] == 20 and noop["psr"] == 0.0
    status, reply = call(thread, "POST", "/api/run", {"document": small_task(), "team": "llm"})
    assert status == 400 and "oracle, noop" in reply["error"]
    status, reply = call(thread, "POST", "/api/run", {"document": small_task(), "team": "noop", "seed": "1"})
    assert status == 400 and "'seed'" in reply["error"]
    assert os.listdir(folder) == []  # playing writes nothing


def test_audit_is_called_only_when_installed(editor, monkeypatch):
    thread, _ = editor
    monkeypatch.setattr(doc, "audit_available", lambda: False)
    reply = call(thread, "POST", "/api/audit", {"document": small_task()})[1]
    assert reply == {"available": False, "message": "audit not available (agentworld.audit is not installed)"}
    seen = []

    class Certificate:
        def to_json(self):
            return {"task": seen[0].id, "roles": [], "ok": True}

    fake = types.ModuleType("agentworld.audit")
    fake.audit_task = lambda task: seen.append(task) or Certificate()
    monkeypatch.setitem(sys.modules, "agentworld.audit", fake)
    monkeypatch.setattr(doc, "audit_available", lambda: True)
    reply = call(thread, "POST", "/api/audit", {"document": small_task()})[1]
    assert reply == {"available": True, "ok": True, "audit": {"task": "log_pair", "roles": [], "ok": True}}


def test_audit_runs_the_installed_agentworld_audit(editor):
    thread, _ = editor
    assert doc.audit_available()
    reply = call(thread, "POST", "/api/audit", {"document": small_task()})[1]
    assert reply["available"] and reply["ok"]
    assert [(r["agent"], r["role"]) for r in reply["audit"]["roles"]] == [
        ("feller", "Lumberjack"),
        ("porter", "Porter"),
    ]
    invalid = small_task()
    invalid["agents"][0]["spawn"] = "nowhere"
    reply = call(thread, "POST", "/api/audit", {"document": invalid})[1]
    assert reply["ok"] is False and reply["problems"][0]["field"] == "agents[0].spawn"


@pytest.mark.parametrize(
    "headers, word",
    [
        ({"Host": "evil.example:80"}, "Host must be"),
        ({"Host": "127.0.0.1:1"}, "Host must be"),
        ({"Origin": "http://evil.example"}, "another origin"),
        ({"Origin": "null"}, "another origin"),
        ({"Sec-Fetch-Site": "cross-site"}, "cross-site"),
    ],
)
def test_other_sites_cannot_drive_the_editor(editor, headers, word):
    thread, folder = editor
    for method, path, body in (
        ("GET", "/api/state", None),
        ("POST", "/api/save", {"document": small_task()}),
    ):
        status, reply = call(thread, method, path, body, headers=headers)
        assert status == 403 and word in reply["error"]
    assert os.listdir(folder) == []
    port = thread.server.server_address[1]
    status, _ = call(
        thread,
        "POST",
        "/api/validate",
        {"document": small_task()},
        headers={"Origin": f"http://127.0.0.1:{port}", "Sec-Fetch-Site": "same-origin"},
    )
    assert status == 200


@pytest.mark.parametrize(
    "raw, headers, status, word",
    [
        (b"{not json", {}, 400, "not valid JSON"),
        (b"[1, 2]", {}, 400, "must be a JSON object, got list"),
        (b"\xff\xfe", {}, 400, "not valid JSON"),
        (b"{}", {}, 400, "needs 'document'"),
        (b'{"document": {}}', {"Content-Type": "text/plain"}, 415, "Content-Type: application/json"),
        (b'{"document": {}}', {"Content-Type": "application/x-www-form-urlencoded"}, 415, "must be JSON"),
        (b"{}", {"Content-Length": "99999999"}, 413, "at most"),
    ],
)
def test_bad_bodies_get_a_clear_error(editor, raw, headers, status, word):
    thread, _ = editor
    got, reply = call(thread, "POST", "/api/validate", raw=raw, headers=headers)
    assert got == status and word in reply["error"]


def test_bad_requests_name_what_is_wrong(editor):
    thread, _ = editor
    assert call(thread, "POST", "/api/nothing", {})[0] == 404
    status, reply = call(thread, "POST", "/api/validate", {"document": [1]})
    assert status == 200 and reply["problems"][0]["message"].startswith("the task must be a JSON object")
    status, reply = call(thread, "POST", "/api/load", {"ref": "no_such_task"})
    assert status == 400 and "no task file no_such_task" in reply["error"]
    status, reply = call(thread, "POST", "/api/save", {"document": small_task(), "file": 7})
    assert status == 400 and "'file' must be a string" in reply["error"]


def test_the_editor_opens_a_task_file_and_checks_it_as_saved_in_its_folder(tmp_path):
    """A .py verifier beside the file is found, exactly as `agentworld validate` finds it."""
    task = small_task()
    task["checkpoints"][0].pop("when")
    (tmp_path / "log_pair.yaml").write_text(doc.dump_yaml(task))
    (tmp_path / "log_pair.py").write_text(
        "from agentworld.verifiers.common import held\n"
        "CHECKPOINTS = {'first_log': lambda world, task: held(world, 'oak_log', 'feller') >= 1}\n"
    )
    editor = make_editor(str(tmp_path / "log_pair.yaml"))
    assert editor.folder == tmp_path.resolve() and editor.source == str(
        (tmp_path / "log_pair.yaml").resolve()
    )
    assert doc.check_document(editor.start, editor.folder)[1] == []
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    problems = doc.check_document(editor.start, elsewhere)[1]  # saved there, the verifier would be missing
    assert [p.field for p in problems] == ["checkpoints[0]"]


def test_cli_edit_refuses_a_file_as_folder_and_a_busy_port(tmp_path, capsys):
    from agentworld.cli import main

    (tmp_path / "a_file").write_text("")
    assert main(["edit", "--dir", str(tmp_path / "a_file")]) == 2
    assert "not a directory" in capsys.readouterr().err
    thread = EditorThread(make_editor(None, tmp_path)).start()
    try:
        assert main(["edit", "--dir", str(tmp_path), "--port", str(thread.server.server_address[1])]) == 2
        assert "cannot listen on 127.0.0.1" in capsys.readouterr().err
    finally:
        thread.stop()


def test_cli_edit_serves_until_stopped(tmp_path):
    """`agentworld edit TASK --port 0` prints its loopback URL and answers there."""
    import subprocess
    import urllib.request

    from process_groups import spawn

    proc = spawn(
        [sys.executable, "-m", "agentworld.cli", "edit", "task_01", "--dir", str(tmp_path), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        assert line.startswith("AgentWorld task editor: http://127.0.0.1:"), line + proc.stderr.read()
        url = line.split()[3]
        with urllib.request.urlopen(url + "api/state", timeout=30) as response:
            state = json.load(response)
        assert state["document"]["id"] == "task_01" and state["folder"] == str(tmp_path.resolve())
    finally:
        proc.terminate()
        proc.wait(timeout=30)


# --- bounded plays (issue 22, item 6) -------------------------------------------------------------
def crowded_task(agents: int = 2000, rounds: int = 20) -> dict:
    task = small_task()
    porter = task["agents"][1]
    task["agents"] += [{**porter, "name": f"porter_{i}"} for i in range(agents - len(task["agents"]))]
    task["max_rounds"] = rounds
    return task


def test_run_refuses_a_task_too_large_to_play_before_building_it(editor, monkeypatch):
    """A 2,000-agent or 10,000-round task once played on long after the page gave up (1.16 GB)."""
    thread, _ = editor
    built = []
    monkeypatch.setattr(runs, "check_document", lambda *a: built.append(a) or (None, []))
    status, reply = call(thread, "POST", "/api/run", {"document": crowded_task(2000), "team": "oracle"})
    assert status == 400 and "2000 agents; the editor plays at most 32" in reply["error"]
    assert "--run-max-agents" in reply["error"]
    status, reply = call(thread, "POST", "/api/run", {"document": crowded_task(2, 10_000), "team": "noop"})
    assert status == 400 and "10000 rounds; the editor plays at most 1000" in reply["error"]
    assert built == []  # refused from the raw document: no task loaded, no world built


class SlowNoop(Agent):
    """A noop agent that takes a while per turn and says when the play has begun."""

    kind = "noop"
    started = threading.Event()

    def act(self, observation):
        SlowNoop.started.set()
        time.sleep(0.05)
        return {"tool": "wait", "args": {}}


@pytest.fixture
def slow_plays(monkeypatch):
    """Plays whose agents are SlowNoop; the list of what each play reported, whether anyone read it."""
    results = []
    real = runs.Plays._play

    def recording(*args, **kwargs):
        results.append(real(*args, **kwargs))
        return results[-1]

    SlowNoop.started = threading.Event()
    monkeypatch.setattr(runs, "make_agent", lambda kind: SlowNoop())
    monkeypatch.setattr(runs.Plays, "_play", recording)
    return results


def start_editor(folder: Path, limits: RunLimits) -> EditorThread:
    return EditorThread(make_editor(None, folder, limits)).start()


def test_a_play_stops_at_its_wall_time_limit(tmp_path, slow_plays):
    thread = start_editor(tmp_path, RunLimits(seconds=0.5))
    try:
        status, reply = call(thread, "POST", "/api/run", {"document": crowded_task(2, 1000), "team": "noop"})
    finally:
        thread.stop()
    assert status == 200 and reply["ok"] and reply["status"] == "stopped"
    assert "--run-seconds" in reply["error"] and 0 < reply["rounds"] < 1000


def test_a_play_stops_when_its_page_goes_away_and_plays_are_one_at_a_time(tmp_path, slow_plays):
    thread = start_editor(tmp_path, RunLimits(seconds=600))
    try:
        host, port = thread.server.server_address
        body = json.dumps({"document": crowded_task(2, 1000), "team": "noop"}).encode()
        page = socket.create_connection((host, port), timeout=30)
        page.sendall(
            b"POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % (port, len(body)) + body
        )
        assert SlowNoop.started.wait(30)
        status, reply = call(thread, "POST", "/api/run", {"document": small_task(), "team": "oracle"})
        assert status == 409 and "one at a time" in reply["error"]
        page.close()  # the tab is closed: nobody waits for this play any more
        deadline = time.monotonic() + 60
        while not slow_plays and time.monotonic() < deadline:
            time.sleep(0.1)
        assert slow_plays, "the play did not stop when its page went away"
        assert slow_plays[0]["status"] == "stopped" and "the page went away" in slow_plays[0]["error"]
        assert slow_plays[0]["rounds"] < 1000
        status, reply = call(thread, "POST", "/api/run", {"document": small_task(), "team": "noop"})
        assert status == 200 and reply["status"] == "ok" and reply["rounds"] == 20  # the next play runs
    finally:
        thread.stop()


def test_cli_edit_refuses_limits_that_are_not_positive(tmp_path, capsys):
    from agentworld.cli import main

    assert main(["edit", "--dir", str(tmp_path), "--run-seconds", "0", "--run-max-agents", "-1"]) == 2
    err = capsys.readouterr().err
    assert "--run-seconds must be positive" in err and "--run-max-agents must be positive" in err


def test_edit_creates_a_folder_that_does_not_exist_yet(tmp_path):
    """Issue 29: `agentworld edit --dir my_tasks` is the first authoring step; the folder is made."""
    editor = make_editor(None, tmp_path / "my_tasks" / "crafting")
    assert editor.folder == (tmp_path / "my_tasks" / "crafting").resolve() and editor.folder.is_dir()


BROKEN = "id: log_pair\nname: [Two logs\nmax_rounds: 20\n"  # an unclosed flow sequence


def test_a_malformed_file_opens_as_text_and_saving_the_repair_opens_the_form(editor):
    thread, folder = editor
    (folder / "log_pair.yaml").write_text(BROKEN)
    status, reply = call(thread, "POST", "/api/load", {"ref": "log_pair.yaml"})
    assert status == 200 and reply["broken"] and reply["file"] == "log_pair.yaml" and reply["text"] == BROKEN
    assert len(reply["problems"]) == 1 and "invalid YAML" in reply["problems"][0]
    half = "id: log_pair\nname: Two logs\nmax_rounds: 20\n"  # valid YAML, still not a task
    status, reply = call(thread, "POST", "/api/save_text", {"file": "log_pair.yaml", "text": half})
    assert status == 200 and reply["broken"] and any("objective" in p for p in reply["problems"])
    assert (folder / "log_pair.yaml").read_text() == half
    status, reply = call(
        thread, "POST", "/api/save_text", {"file": "log_pair.yaml", "text": doc.dump_yaml(small_task())}
    )
    assert status == 200 and reply["document"]["id"] == "log_pair" and "broken" not in reply
    status, reply = call(thread, "POST", "/api/save_text", {"file": "../out.yaml", "text": "x"})
    assert status == 400 and "'..' is refused" in reply["error"]
    assert not (folder.parent / "out.yaml").exists()


def test_edit_of_a_malformed_file_starts_in_repair(tmp_path):
    (tmp_path / "broken.yaml").write_text(BROKEN)
    editor = make_editor(str(tmp_path / "broken.yaml"))
    assert editor.broken["file"] == "broken.yaml" and editor.broken["text"] == BROKEN
    assert editor.state()["broken"] == editor.broken


def test_run_oracle_on_a_task_without_a_plan_says_there_is_no_plan(editor):
    thread, _ = editor
    planless = {k: v for k, v in small_task().items() if k != "oracle"}
    status, reply = call(thread, "POST", "/api/run", {"document": planless, "team": "oracle"})
    assert status == 200 and reply["no_plan"] and "no oracle plan" in reply["message"]
    assert "success" not in reply
    status, reply = call(thread, "POST", "/api/run", {"document": planless, "team": "noop"})
    assert status == 200 and reply["success"] is False and "no_plan" not in reply
