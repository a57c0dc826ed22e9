"""Remake the browser screenshots in docs/: the seat page, its end screen, the spectator page, the
replay viewer and the task editor, from one game of task_01 played the same way every time.

    python scripts/screenshots.py [--out docs] [--keep DIR]

A game server runs in this process with the woodworker and the wizard played by the oracle; the
lumberjack is played through its seat page in headless Chromium (/usr/bin/chromium, or
$AGENTWORLD_CHROMIUM): each turn the lumberjack's oracle plan picks the action from the page's own
observation and the page sends it, as a person's click would. Seed 0, so the pictures only change
when the pages or the game do. Writes play_seat.png (round 3: a wolf's hit on the map, in the news
and the HP bar; the hover tip over a heartwood tree), play_end.png, play_spectator.png,
replay_viewer.png (`agentworld view` of the saved game, round 4) and editor.png (task_01 after
Run oracle).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("AGENTWORLD_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SEAT_SHOT_ROUND = 3  # the first turn after the wolf's first hit
HOVERED = "heartwood_tree#2"  # the hover tip names it (away from the seat, so the seat stays in sight)


def play_and_shoot(browser, out: Path, work: Path) -> Path:
    """Play task_01 through the lumberjack's page; screenshots of the seat, the end and the spectator."""
    from agentworld.agents import make_agent
    from agentworld.episode import make_briefing
    from agentworld.observation import observation_from_json
    from agentworld.server_bridge.background import ServerThread
    from agentworld.server_bridge.play import make_bots
    from agentworld.server_bridge.recording import save_game
    from agentworld.server_bridge.server import ServerConfig
    from agentworld.tasks import load_task

    task = load_task("task_01")
    srv = ServerThread(ServerConfig(port=0)).start()
    try:
        bots = make_bots(task, {"woodworker": "oracle", "wizard": "oracle"}, 0)
        game = srv.call(lambda: srv.server.start_episode("task_01", 0, {}, operator=True, bots=bots)[0])
        lumberjack = make_agent("oracle")
        lumberjack.reset("lumberjack", make_briefing(task, "lumberjack", include_plan=True))
        page = browser.new_page(viewport={"width": 1400, "height": 1150})
        page.goto(f"{srv.http_url}?seat=lumberjack&token={game.seats['lumberjack'].token}")
        spectator = browser.new_page(viewport={"width": 1400, "height": 950})
        spectator.goto(f"{srv.http_url}spectate")
        page.wait_for_function(
            "window.agentworld.map.world !== null && window.agentworld.state.observation !== null"
        )
        shot = False
        for _ in range(task.max_rounds + 1):
            page.wait_for_function(
                "document.getElementById('turn-badge').offsetParent !== null || "
                "window.agentworld.state.report !== null",
                timeout=30_000,
            )
            if page.evaluate("window.agentworld.state.report !== null"):
                break
            state = page.evaluate("window.agentworld.state")
            if not shot and state["round"] == SEAT_SHOT_ROUND:
                x, y = next(e["position"] for e in state["observation"]["nearby"] if e["id"] == HOVERED)
                xy = page.evaluate(f"window.agentworld.pixelOf({x}, {y})")
                page.mouse.move(xy["x"], xy["y"])
                page.screenshot(path=str(out / "play_seat.png"))
                shot = True
            action = lumberjack.act(observation_from_json(state["observation"]))
            page.evaluate("action => window.agentworld.submit(action)", action)
            page.wait_for_function(
                f"window.agentworld.state.turns > {state['turns']} || "
                "window.agentworld.state.report !== null",
                timeout=30_000,
            )
        page.wait_for_selector("#end-screen:not(.hidden)", timeout=30_000)
        spectator.wait_for_selector("#end-screen:not(.hidden)", timeout=30_000)
        page.screenshot(path=str(out / "play_end.png"))
        spectator.screenshot(path=str(out / "play_spectator.png"), full_page=True)
        if not shot:
            sys.exit(f"the game ended before round {SEAT_SHOT_ROUND}: no seat screenshot")
        saved = srv.call(lambda: save_game(game, work / "task_01_played", srv.server.started))
    finally:
        srv.stop()
    if saved is None:
        sys.exit("the game could not be saved")
    return saved


def shoot_viewer(browser, run_dir: Path, out: Path) -> None:
    from agentworld.viewer.frames import run_frames
    from agentworld.viewer.server import ViewerThread

    viewer = ViewerThread(run_frames(run_dir)).start()
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 1050})
        page.goto(f"{viewer.url}#round=4")
        page.wait_for_selector(".agent[data-agent='woodworker']", timeout=20_000)
        page.click("#end-toggle")
        page.locator(".agent[data-agent='woodworker'] summary").click()
        page.screenshot(path=str(out / "replay_viewer.png"))
    finally:
        viewer.stop()


def shoot_editor(browser, out: Path, work: Path) -> None:
    from agentworld.editor.server import EditorThread, make_editor

    editor = EditorThread(make_editor("task_01", work / "my_tasks")).start()
    try:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        page.goto(editor.url)
        page.wait_for_selector("body[data-ready='1']", timeout=20_000)
        page.click("#btn-run-oracle")
        page.wait_for_selector("#run-oracle-result[data-success='true']", timeout=60_000)
        page.screenshot(path=str(out / "editor.png"))
    finally:
        editor.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs"), help="folder of the PNGs (default: docs/)")
    parser.add_argument("--keep", default=None, help="keep the played game's run directory here")
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit(
            f"Chromium not found at {CHROMIUM}: apt-get install -y chromium (or set AGENTWORLD_CHROMIUM)"
        )
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as pw:
        work = Path(args.keep or scratch)
        work.mkdir(parents=True, exist_ok=True)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            run_dir = play_and_shoot(browser, out, work)
            shoot_viewer(browser, run_dir, out)
            shoot_editor(browser, out, work)
        finally:
            browser.close()
    for name in ("play_seat.png", "play_end.png", "play_spectator.png", "replay_viewer.png", "editor.png"):
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
