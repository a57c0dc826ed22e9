"""A person's seat in a real browser (headless Chromium via Playwright) against a real server."""

from __future__ import annotations

import os
import re

import pytest

from agentworld.server_bridge.client import Connection, SeatClient
from agentworld.server_bridge.background import ServerThread
from agentworld.server_bridge.server import ServerConfig

from test_server import fake_factory  # the stand-in episode shared with test_server.py

pytestmark = pytest.mark.timeout(90)

CHROMIUM = os.environ.get("AGENTWORLD_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def playwright_api():
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: apt-get install -y chromium (or set AGENTWORLD_CHROMIUM)"
        )
    from playwright import sync_api

    return sync_api


def test_browser_seat_plays_a_wait_and_a_chat():
    sync_api = playwright_api()
    srv = ServerThread(ServerConfig(port=0), fake_factory).start()
    try:
        control = Connection(srv.url, timeout=10)
        started = control.request("start", task="fake", seed=1, options={"agents": 2, "max_rounds": 3})
        teammate = SeatClient(srv.url, "a1", started["seats"]["a1"], timeout=10)
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page()
            missing: list[str] = []
            page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
            page.goto(f"{srv.http_url}?seat=a0&token={started['seats']['a0']}")
            expect = sync_api.expect
            expect(page.locator("#observation")).to_contain_text("a0 in round 1", timeout=10_000)
            expect(page.locator("#turn-badge")).to_be_visible()
            expect(page.locator("#tool-wait")).to_be_visible()  # forms built from the tool schemas
            expect(page.locator("form[data-tool='move_to'] input[name='target']")).to_have_count(1)

            page.click("#tool-wait")
            expect(page.locator("#last-result")).to_contain_text("wait done")
            expect(page.locator("#feed")).to_contain_text("a0: wait")
            expect(page.locator("#turn-badge")).to_be_hidden()
            expect(page.locator("body")).to_have_class(re.compile("not-my-turn"))  # buttons dimmed

            expect(page.locator("#status")).to_contain_text("turn: a1")
            assert teammate.wait_turn(timeout=10)["round"] == 1
            teammate.act({"tool": "score"})
            expect(page.locator("#observation")).to_contain_text("a0 in round 2; team points 1")
            expect(page.locator("#feed")).to_contain_text("round 1 ended")

            page.fill("#chat-text", "logs are ready")
            page.click("#chat-send")
            expect(page.locator("#last-result")).to_contain_text("chat done")
            expect(page.locator("#feed")).to_contain_text(re.compile(r"a0: chat\(.*logs are ready"))
            # acting out of turn in the page shows the server's error and changes nothing
            page.click("#tool-wait")
            expect(page.locator("#errors")).to_contain_text("not_your_turn")
            seen = teammate.wait_turn(timeout=10)
            assert seen["messages"] == [{"from": "a0", "text": "logs are ready"}]
            teammate.act({"tool": "chat", "args": {"message": "need wood"}})
            expect(page.locator("#observation")).to_contain_text("a0 in round 3")
            expect(page.locator("#chat-log")).to_contain_text("a1")
            page.click("#refresh")  # one more observation round-trip
            assert page.locator("#chat-log").inner_text().count("need wood") == 1
            expect(page.locator("body")).not_to_have_class(re.compile("not-my-turn"))
            assert missing == []  # every resource the page loads is served

            browser.close()
        records = srv.call(lambda: list(srv.server.game.episode.trajectory))
        assert [(r.get("agent"), r.get("tool")) for r in records] == [
            ("a0", "wait"),
            ("a1", "score"),
            (None, None),
            ("a0", "chat"),
            ("a1", "chat"),
            (None, None),
        ]
        teammate.close()
        control.close()
    finally:
        srv.stop()


def test_browser_seat_on_the_real_task():
    sync_api = playwright_api()
    srv = ServerThread(ServerConfig(port=0)).start()
    try:
        control = Connection(srv.url, timeout=20)
        started = control.request("start", task="task_01", seed=0)
        mates = {n: SeatClient(srv.url, n, started["seats"][n], timeout=20) for n in ("woodworker", "wizard")}
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page()
            page.goto(f"{srv.http_url}?seat=lumberjack&token={started['seats']['lumberjack']}")
            expect = sync_api.expect
            expect(page.locator("#observation")).to_contain_text("Round 1 of 25", timeout=10_000)
            expect(page.locator("#briefing")).to_contain_text("Lumberjack")
            page.click("#tool-wait")
            expect(page.locator("#feed")).to_contain_text("lumberjack: wait")
            for name in ("woodworker", "wizard"):
                mates[name].wait_turn(timeout=10)
                mates[name].act({"tool": "wait"})
            expect(page.locator("#observation")).to_contain_text("Round 2 of 25")
            page.fill("#chat-text", "felling oaks now")
            page.click("#chat-send")
            expect(page.locator("#feed")).to_contain_text("felling oaks now")
            heard = mates["woodworker"].wait_turn(timeout=10)
            assert [m["text"] for m in heard["messages"]] == ["felling oaks now"]
            browser.close()
        for mate in mates.values():
            mate.close()
        control.close()
    finally:
        srv.stop()


def test_seat_page_never_receives_other_seats_private_chat():
    """Issue 12: the seat page shows what the seat may know; a private chat between two others never
    reaches its DOM nor its websocket frames, while the spectator page shows everything."""
    sync_api = playwright_api()
    srv = ServerThread(ServerConfig(port=0)).start()
    secret, team_note = "SECRET-oak-cache-at-70-110", "TEAM-note-all-hear-this"
    try:
        control = Connection(srv.url, timeout=20)
        started = control.request("start", task="task_01", seed=0)
        mates = {n: SeatClient(srv.url, n, started["seats"][n], timeout=20) for n in ("woodworker", "wizard")}
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            seat_page, spectator = browser.new_page(), browser.new_page()
            frames: list[str] = []
            seat_page.on(
                "websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(str(data)))
            )
            seat_page.goto(f"{srv.http_url}?seat=lumberjack&token={started['seats']['lumberjack']}")
            spectator.goto(f"{srv.http_url}spectate")
            expect = sync_api.expect
            expect(seat_page.locator("#observation")).to_contain_text("Round 1 of 25", timeout=10_000)
            seat_page.click("#tool-wait")
            expect(seat_page.locator("#feed")).to_contain_text("lumberjack: wait")
            mates["woodworker"].wait_turn(timeout=10)
            mates["woodworker"].act({"tool": "chat", "args": {"to": "wizard", "message": secret}})
            mates["wizard"].wait_turn(timeout=10)
            mates["wizard"].act({"tool": "chat", "args": {"to": "team", "message": team_note}})
            expect(spectator.locator("#feed")).to_contain_text(secret)  # it was said, and spectators see it
            expect(seat_page.locator("#chat-log")).to_contain_text(
                team_note
            )  # chat to the team reaches the seat
            expect(seat_page.locator("#feed")).to_contain_text(team_note)
            expect(seat_page.locator("#observation")).to_contain_text("Round 2 of 25")
            seat_page.click("#refresh")  # one more observation round-trip
            seat_page.wait_for_timeout(300)
            assert secret not in seat_page.content()
            assert frames and not [f for f in frames if secret in f]
            assert [f for f in frames if team_note in f]  # the frames were captured
            assert not [f for f in frames if '"type":"update"' in f]  # the seat never gets the full feed
            browser.close()
        for mate in mates.values():
            mate.close()
        control.close()
    finally:
        srv.stop()


def canvas_pixel(page, canvas_id: str, x: float, y: float) -> list[int]:
    """RGBA of one canvas pixel (canvas coordinates)."""
    return page.evaluate(f"""() => Array.from(document.getElementById('{canvas_id}').getContext('2d')
        .getImageData({x}, {y}, 1, 1).data)""")


def test_map_draws_the_view_and_a_click_fills_the_tool_forms():
    sync_api = playwright_api()
    srv = ServerThread(ServerConfig(port=0)).start()
    try:
        control = Connection(srv.url, timeout=20)
        started = control.request("start", task="task_01", seed=0)
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{srv.http_url}?seat=lumberjack&token={started['seats']['lumberjack']}")
            expect = sync_api.expect
            expect(page.locator("#turn-badge")).to_be_visible(timeout=10_000)
            page.wait_for_function(
                "window.agentworld.map.view !== null && window.agentworld.map.world !== null"
            )
            # the seat is drawn at the centre of the view (white disc), terrain around it
            size = page.evaluate("document.getElementById('map').width")
            centre = canvas_pixel(page, "map", size / 2, size / 2 - 8)
            assert centre[:3] == [255, 255, 255] and centre[3] == 255
            corner = canvas_pixel(page, "map", 3, 3)
            assert corner[3] == 255 and corner[:3] != [255, 255, 255]
            assert canvas_pixel(page, "minimap", 45, 120)[3] == 255

            # pickers offer what is in view, the inventory, the recipes and the teammates
            def options(list_id):
                return page.eval_on_selector_all(f"#{list_id} option", "els => els.map(e => e.value)")

            assert "oak_tree#1" in options("pick-gather-target") and "wolf#7" not in options(
                "pick-gather-target"
            )
            assert "wolf#7" in options("pick-attack-target")
            assert "woodcutters_camp" in options("pick-move_to-target")
            assert options("pick-give-item") == ["bronze_axe"]
            assert "oak_stick" in options("pick-craft-recipe")
            assert sorted(options("pick-give-to")) == ["wizard", "woodworker"]
            # a click on an oak tree fills move_to, gather and inspect with its id
            xy = page.evaluate("window.agentworld.pixelOf(42, 116)")
            page.mouse.click(xy["x"], xy["y"])
            for tool in ("move_to", "gather", "inspect"):
                expect(page.locator(f"form[data-tool='{tool}'] input[name='target']")).to_have_value(
                    "oak_tree#1"
                )
            expect(page.locator("#selection")).to_contain_text("Oak tree (node)")
            xy = page.evaluate("window.agentworld.pixelOf(45, 121)")  # the wolf next to the spawn
            page.mouse.click(xy["x"], xy["y"])
            expect(page.locator("form[data-tool='attack'] input[name='target']")).to_have_value("wolf#7")
            xy = page.evaluate("window.agentworld.pixelOf(44, 118)")  # a bare tile
            page.mouse.click(xy["x"], xy["y"])
            expect(page.locator("form[data-tool='move_to'] input[name='target']")).to_have_value("[44,118]")
            page.click("#tool-move_to")
            expect(page.locator("#last-result")).to_contain_text("(44, 118)")
            # the spectator page draws the whole map
            spectator = browser.new_page()
            spectator.goto(f"{srv.http_url}spectate")
            expect(spectator.locator("#feed")).to_contain_text("lumberjack: move_to")
            spectator.wait_for_function("document.getElementById('world').width === 768")
            assert canvas_pixel(spectator, "world", 44 * 3 + 1, 118 * 3 + 1)[3] == 255
            expect(spectator.locator("#timeline span")).to_have_count(25)
            browser.close()
        control.close()
    finally:
        srv.stop()


def test_status_line_chat_box_and_error_toast():
    """Issue 12's glitches: the round of the end, '/ max' kept mid-round, the person's own chat in the
    chat box, errors quoted plainly and shown as a small toast that does not cover the page."""
    sync_api = playwright_api()
    srv = ServerThread(ServerConfig(port=0), fake_factory).start()
    try:
        control = Connection(srv.url, timeout=10)
        started = control.request(
            "start", task="fake", seed=1, options={"agents": 2, "max_rounds": 5, "goal": 1}
        )
        teammate = SeatClient(srv.url, "a1", started["seats"]["a1"], timeout=10)
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(f"{srv.http_url}?seat=a0&token={started['seats']['a0']}")
            expect = sync_api.expect
            expect(page.locator("#turn-badge")).to_be_visible(timeout=10_000)
            page.click("#tool-wait")
            expect(page.locator("#status")).to_have_text("round 1 / 5 · turn: a1")  # '/ 5' stays mid-round
            page.click("#tool-wait")  # out of turn
            toast = page.locator("#errors div")
            expect(toast).to_contain_text("not_your_turn: it is a1's turn (round 1), not yours (a0)")
            box = toast.bounding_box()
            assert box["width"] < 0.5 * 1200 and box["height"] < 100 and box["y"] > 900 / 2  # a corner toast
            toast.click()
            expect(toast).to_have_count(0)
            teammate.wait_turn(timeout=10)
            teammate.act({"tool": "wait"})
            expect(page.locator("#status")).to_have_text("round 2 / 5 · turn: a0")
            page.fill("#chat-text", "my own words")
            page.click("#chat-send")
            expect(page.locator("#chat-log")).to_contain_text("a0 → team: my own words")
            teammate.wait_turn(timeout=10)
            teammate.act({"tool": "wait"})
            expect(page.locator("#turn-badge")).to_be_visible()
            page.click("#tool-wait")
            teammate.wait_turn(timeout=10)
            teammate.act({"tool": "score"})  # the goal: success at once, in round 3
            expect(page.locator("#status")).to_have_text("round 3 / 5 · SUCCESS")
            page.reload()  # a page opened after the end says the same
            expect(page.locator("#status")).to_have_text("round 3 / 5 · SUCCESS", timeout=10_000)
            browser.close()
        teammate.close()
        control.close()
    finally:
        srv.stop()
