"""`agentworld view RUN_DIR`: a run directory stepped through in the browser (real Chromium)."""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agentworld.runner import run_episode
from agentworld.viewer.frames import run_frames
from agentworld.viewer.server import ViewerThread
from test_server_browser import ARGS, CHROMIUM, canvas_pixel, playwright_api

pytestmark = pytest.mark.timeout(180)

SAID = "Two heartwood logs felled; I am bringing them to your workbench."  # the lumberjack's oracle chat


@pytest.fixture(scope="module")
def oracle_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("view") / "run"
    run_episode("task_01", agents="oracle", seed=0, out_dir=out, progress=False)
    return out


def test_frames_rebuild_every_agents_view_as_it_acted(oracle_run):
    frames = run_frames(oracle_run)
    assert frames["diverged_at"] is None and frames["report"]["outcome"] == "success"
    rounds = frames["rounds"]
    assert [f["round"] for f in rounds] == list(range(1, len(rounds) + 1))
    assert all([t["agent"] for t in f["turns"]] == frames["agents"] for f in rounds[:-1])
    first = rounds[0]["turns"][0]
    assert first["view"]["text"].startswith("Round 1 of 25.") and first["view"]["position"] == [45, 120]
    # the woodworker hears the lumberjack's round-4 chat in its own view of round 4
    heard = [
        m["text"] for t in rounds[3]["turns"] if t["agent"] == "woodworker" for m in t["view"]["messages"]
    ]
    assert SAID in heard
    assert [t["action"]["chat"]["message"] for t in rounds[3]["turns"] if t["action"]["chat"]] == [SAID]


def test_a_tampered_run_is_flagged(oracle_run, tmp_path):
    copy = tmp_path / "tampered"
    copy.mkdir()
    for name in ("task.yaml", "config.json", "metrics.json"):
        (copy / name).write_bytes((oracle_run / name).read_bytes())
    lines = (oracle_run / "trajectory.jsonl").read_text().splitlines()
    lines[0] = (
        lines[0].replace('"you wait"', '"you wait for nothing"', 1)
        if '"you wait"' in lines[0]
        else lines[0].replace('"ok": true', '"ok": false', 1)
    )
    (copy / "trajectory.jsonl").write_text("\n".join(lines) + "\n")
    assert run_frames(copy)["diverged_at"] == 0


def test_view_refuses_a_missing_directory(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "view", str(tmp_path / "nowhere"), "--no-browser"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "not a run directory" in done.stderr, done.stderr


def test_the_viewer_steps_through_rounds_in_the_browser(oracle_run):
    sync_api = playwright_api()
    viewer = ViewerThread(run_frames(oracle_run)).start()
    shots = Path(os.environ.get("AGENTWORLD_SCREENSHOTS", oracle_run))
    try:
        port = viewer.server.server_address[1]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/run.json", headers={"Host": f"evil.example:{port}"})  # DNS rebinding
        refused = conn.getresponse()
        assert refused.status == 403 and b"Host must be" in refused.read()
        conn.close()
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            missing: list[str] = []
            page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
            page.goto(viewer.url)
            expect = sync_api.expect
            expect(page.locator("#round-label")).to_have_text("round 1 / 25", timeout=10_000)
            expect(page.locator(".agent")).to_have_count(3)
            expect(page.locator(".agent[data-agent='lumberjack'] pre")).to_contain_text("Round 1 of 25.")
            for _ in range(3):
                page.click("#next")
            expect(page.locator("#round-label")).to_have_text("round 4 / 25")
            expect(page.locator("#chat")).to_contain_text(f"lumberjack → woodworker: {SAID}")
            expect(page.locator(".agent[data-agent='woodworker'] .heard")).to_contain_text(SAID)
            page.keyboard.press("ArrowRight")
            expect(page.locator("#round-label")).to_have_text("round 5 / 25")
            page.click("#timeline span:nth-child(2)")  # logs_gathered was reached in round 2
            expect(page.locator("#events")).to_contain_text("checkpoint logs_gathered reached by lumberjack")
            x, y = page.evaluate("window.agentworldViewer.run.rounds[1].end.positions.lumberjack")
            assert canvas_pixel(page, "world", x * 3 + 1, y * 3 + 1)[:3] != [255, 255, 255]
            page.click("#last")
            page.click("#end-toggle")
            expect(page.locator("#end-outcome")).to_contain_text("Success")
            expect(page.locator("#end-agents tbody tr")).to_have_count(3)
            page.click("#timeline span:nth-child(4)")
            page.locator(".agent[data-agent='woodworker'] summary").click()
            page.screenshot(path=str(shots / "replay_viewer.png"), full_page=True)
            assert missing == []
            browser.close()
    finally:
        viewer.stop()
