"""Hostile task YAML (issue 22, item 5): alias bombs and deep nesting get a clear error, fast, with no
traceback and no expanded input in the message, wherever a task file is read (validate, run, the
editor's Load, a run directory's task.yaml)."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from agentworld import safe_yaml
from agentworld.editor.server import EditorThread, make_editor
from agentworld.safe_yaml import YAMLInputError, excerpt, load_yaml
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import TaskError, load_task

pytestmark = pytest.mark.timeout(120)
HANG = 20  # seconds: far more than a refusal takes, so only a hang fails these tests

TASK_HEAD = """\
id: bomb
name: Bomb
category: gathering
objective: Fell a tree.
max_rounds: 5
agents: [{name: feller, role: Lumberjack, spawn: whisperwood_clearing}]
checkpoints: [{id: one, description: One log.}]
"""


def alias_bomb() -> str:
    """Billion laughs: ten levels of nine aliases each (9**10 strings once expanded), about 4.5 KB. On the
    old loader the success list's error message repr'd the expansion and never finished."""
    lines = ["laughs:", '  l0: &l0 ["' + "lol" * 60 + '"' + ', "lol"' * 8 + "]"]
    lines += [f"  l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, 11)]
    text = TASK_HEAD + "\n".join(lines) + "\nsuccess: *l10\n"
    return text + "notes: " + "padding " * ((4500 - len(text)) // 8) + "\n"


def deep_nesting(levels: int = 5000) -> str:
    return TASK_HEAD + "success: " + "[" * levels + "]" * levels + "\n"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentworld.cli", *args], capture_output=True, text=True, timeout=HANG
    )


def assert_clear(text: str, *words: str) -> None:
    assert "Traceback" not in text and "RecursionError" not in text
    for word in words:
        assert word in text, text
    assert text.count("lol") < 100  # the message quotes a bounded excerpt, never the expansion
    assert max(len(line) for line in text.splitlines()) < 600


# --- the loader ---------------------------------------------------------------------------------
def test_the_bomb_is_a_small_file():
    assert 4000 < len(alias_bomb()) < 5000


def test_alias_bomb_is_refused_while_composing():
    with pytest.raises(YAMLInputError, match="aliases .* expanded") as caught:
        load_yaml(alias_bomb())
    assert "at line" in str(caught.value) and len(str(caught.value)) < 400


@pytest.mark.parametrize(
    "text",
    [
        deep_nesting(),
        TASK_HEAD + "success: " + "{a: " * 5000 + "1" + "}" * 5000,
        TASK_HEAD + "notes:\n" + "".join(" " * i + "-\n" for i in range(1, 400)),
    ],
)
def test_deep_nesting_is_refused(text):
    with pytest.raises(YAMLInputError, match=f"nested deeper than {safe_yaml.MAX_DEPTH} levels"):
        load_yaml(text)


def test_nesting_and_aliases_within_the_bounds_load_as_safe_load_does():
    text = (
        "a: &base {x: 1, y: [1, 2]}\nb:\n  <<: *base\n  z: " + "[" * 90 + "]" * 90 + "\nc: [*base, *base]\n"
    )
    assert load_yaml(text) == yaml.safe_load(text)
    for path in sorted(TASKS_DIR.glob("task_3*.yaml"))[:4]:  # the largest tasks, with their aliases
        text = path.read_text(encoding="utf-8")
        assert load_yaml(text) == yaml.safe_load(text)


@pytest.mark.parametrize(
    "text, words",
    [
        ("a: &x [1, *x]", "cycle"),
        ("a: *nope", "undefined alias"),
        ("a: [1, 2", "at line 1"),
        ("a: 1\n---\nb: 2", "single document"),
        ("a: \x00", "special characters"),
        ("k" * 5000 + ": [", "at line 1"),
    ],
)
def test_every_yaml_error_is_one_bounded_line(text, words):
    with pytest.raises(YAMLInputError) as caught:
        load_yaml(text)
    message = str(caught.value)
    assert words in message and "\n" not in message and len(message) < 2 * safe_yaml.EXCERPT_CHARS + 100


def test_too_long_a_text_is_refused_before_parsing(monkeypatch):
    monkeypatch.setattr(safe_yaml, "MAX_CHARS", 100)
    with pytest.raises(YAMLInputError, match="at most 100"):
        load_yaml("a: " + "b" * 200)


def test_excerpt_is_bounded_in_size_and_time():
    shared = ["x" * 10_000]
    for _ in range(30):  # 2**30 leaves: repr() would never finish
        shared = [shared, shared]
    assert len(excerpt(shared)) <= safe_yaml.EXCERPT_CHARS
    assert len(excerpt("y" * 10_000)) == safe_yaml.EXCERPT_CHARS


def test_load_task_quotes_a_bounded_excerpt_of_bad_values(tmp_path):
    task = yaml.safe_load(TASK_HEAD) | {"success": [["z" * 5000] * 1000]}
    with pytest.raises(TaskError) as caught:
        load_task(task)
    assert "one-key mapping" in str(caught.value) and len(str(caught.value)) < 500
    task = yaml.safe_load(TASK_HEAD) | {"success": [{"holds": {"agent": "feller", "items": {"q" * 5000: 1}}}]}
    with pytest.raises(TaskError) as caught:
        load_task(task)
    assert "unknown item" in str(caught.value) and len(str(caught.value)) < 500


# --- the commands -------------------------------------------------------------------------------
@pytest.fixture
def hostile(tmp_path) -> dict[str, Path]:
    files = {"bomb": tmp_path / "bomb.yaml", "deep": tmp_path / "deep.yaml"}
    files["bomb"].write_text(alias_bomb(), encoding="utf-8")
    files["deep"].write_text(deep_nesting(), encoding="utf-8")
    return files


@pytest.mark.parametrize("kind, words", [("bomb", "expanded"), ("deep", "nested deeper than")])
def test_validate_refuses_hostile_yaml_fast(hostile, kind, words):
    out = cli("validate", str(hostile[kind]))
    assert out.returncode == 1
    assert_clear(out.stdout + out.stderr, f"{kind}.yaml", words)


@pytest.mark.parametrize("kind, words", [("bomb", "expanded"), ("deep", "nested deeper than")])
def test_run_refuses_hostile_yaml_fast(hostile, kind, words, tmp_path):
    out = cli("run", str(hostile[kind]), "--agents", "oracle", "--out", str(tmp_path / "run"))
    assert out.returncode == 2
    assert_clear(out.stdout + out.stderr, f"{kind}.yaml", words)


def test_a_run_directory_with_a_hostile_task_yaml_is_refused(hostile, tmp_path):
    out = cli("run", "task_01", "--agents", "oracle", "--out", str(tmp_path / "run"))
    assert out.returncode == 0, out.stderr
    (tmp_path / "run" / "task.yaml").write_text(alias_bomb(), encoding="utf-8")
    replay = cli("replay", str(tmp_path / "run"))
    assert replay.returncode != 0
    assert_clear(replay.stdout + replay.stderr, "expanded")


def test_editor_load_refuses_hostile_yaml_fast(hostile):
    thread = EditorThread(make_editor(None, hostile["bomb"].parent)).start()
    try:
        host, port = thread.server.server_address
        for kind, words in (("bomb", "expanded"), ("deep", "nested deeper than")):
            conn = http.client.HTTPConnection(host, port, timeout=HANG)
            conn.request(
                "POST",
                "/api/load",
                body=json.dumps({"ref": f"{kind}.yaml"}),
                headers={"Host": f"127.0.0.1:{port}", "Content-Type": "application/json"},
            )
            response = conn.getresponse()
            reply = json.loads(response.read())
            conn.close()
            # a file that does not load opens as text beside its problems (to repair), refused as a task
            assert response.status == 200 and reply["broken"] and "document" not in reply
            assert_clear("; ".join(reply["problems"]), words)
    finally:
        thread.stop()


def test_editor_refuses_a_json_body_nested_too_deeply(tmp_path):
    thread = EditorThread(make_editor(None, tmp_path)).start()
    try:
        host, port = thread.server.server_address
        conn = http.client.HTTPConnection(host, port, timeout=HANG)
        body = '{"document": ' + "[" * 200_000 + "]" * 200_000 + "}"
        conn.request(
            "POST",
            "/api/validate",
            body=body,
            headers={"Host": f"127.0.0.1:{port}", "Content-Type": "application/json"},
        )
        response = conn.getresponse()
        reply = json.loads(response.read())
        conn.close()
        assert response.status == 400 and "nested too deeply" in reply["error"]
    finally:
        thread.stop()
