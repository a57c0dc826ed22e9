"""An author builds a 3-agent task in the editor page (real Chromium), saves it, and the CLI accepts it.

Set AGENTWORLD_EDITOR_SCREENSHOT=FILE to keep a screenshot of this run (docs/editor.png is made by
scripts/screenshots.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from agentworld.editor.server import EditorThread, make_editor
from agentworld.tasks import load_task
from agentworld.world.content import load_content

from test_server_browser import ARGS, CHROMIUM, playwright_api

pytestmark = pytest.mark.timeout(180)

SPAWNS = {"feller": (46, 121), "porter": (58, 121), "scout": (40, 114)}  # walkable tiles in Whisperwood
NODE = (47, 122)  # an extra oak tree beside the feller
MOB, GROUND, SITE = (
    (38, 126),
    (44, 130),
    (52, 114),
)  # a hen, a dropped log and a woodshed site, out of the way


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentworld.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_an_author_creates_a_task_in_the_page_and_the_cli_accepts_it(tmp_path):
    sync_api = playwright_api()
    expect = sync_api.expect
    gmap = load_content().map
    assert all(gmap.walkable(*tile) for tile in [*SPAWNS.values(), NODE, MOB, GROUND, SITE])
    folder = tmp_path / "my_tasks"
    folder.mkdir()
    thread = EditorThread(make_editor(None, folder)).start()
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1500, "height": 1250})
            failures: list[str] = []
            page.on("pageerror", lambda exc: failures.append(str(exc)))
            page.on("response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None)
            page.goto(thread.url)
            page.wait_for_selector("body[data-ready='1']", timeout=20_000)

            def click_tile(x: int, y: int) -> None:
                scale = int(page.locator("#zoom").input_value())
                page.locator("#map").click(position={"x": (x + 0.5) * scale, "y": (y + 0.5) * scale})

            def pick_item(opener, query: str, item: str) -> None:
                opener.click()
                page.fill("#picker-search", query)
                page.click(f"#picker-list li[data-id='{item}']")
                expect(page.locator("#picker")).to_be_hidden()

            page.fill("#task-id", "three_logs")
            page.fill("#task-name", "Three in the woods")
            page.select_option("#task-category", "gathering")
            page.fill("#task-rounds", "20")
            page.fill("#task-objective", "The feller ends up holding two oak logs.")
            expect(page.locator("#save-file")).to_have_value("three_logs.yaml")

            # agent 1: the feller, spawned by a click, lumberjacking on its slider, an axe from the browser
            page.fill("#agent-name", "feller")
            page.fill("#agent-role", "Lumberjack")
            page.select_option("#place-kind", "spawn")
            click_tile(*SPAWNS["feller"])
            expect(page.locator("#agent-spawn")).to_have_value("46, 121")
            page.locator("input[data-skill='lumberjacking']").fill("12")
            pick_item(page.locator("#add-inventory"), "bronze ax", "bronze_axe")
            page.fill("#agent-context", "You fell trees.\nAn oak grows right beside you.")

            # agent 2: the porter; agent 3: the scout with a cap from the head slot's browser
            for name, skill, level in (("porter", "strength", "5"), ("scout", "archery", "7")):
                page.click("#add-agent")
                page.fill("#agent-name", name)
                page.fill("#agent-role", name.capitalize())
                click_tile(*SPAWNS[name])
                page.locator(f"input[data-skill='{skill}']").fill(level)
            page.click("#equip-head")
            page.fill("#picker-search", "")
            offered = page.locator("#picker-list li").evaluate_all("items => items.map(i => i.dataset.id)")
            assert "leather_cap" in offered and "bronze_axe" not in offered  # only items that fit the slot
            page.click("#picker-list li[data-id='leather_cap']")
            expect(page.locator("#equip-head")).to_contain_text("leather_cap")
            expect(page.locator(".agent-tab")).to_have_count(3)

            # a resource node placed on the map
            page.select_option("#place-kind", "node")
            page.select_option("#place-node", "oak_tree")
            click_tile(*NODE)
            expect(page.locator("#world-lists")).to_contain_text("oak_tree")
            page.select_option("#place-kind", "mob")
            page.select_option("#place-mob", "hen")
            click_tile(*MOB)
            page.select_option("#place-kind", "ground_item")
            click_tile(*GROUND)
            expect(page.locator("#message")).to_contain_text("pick the item to place first")
            pick_item(page.locator("#place-item"), "oak", "oak_log")
            click_tile(*GROUND)
            page.select_option("#place-kind", "site")
            click_tile(*SITE)
            site = page.locator("[data-field='world.sites[0]']")
            site.locator("input[placeholder='id']").fill("woodshed")
            pick_item(site.locator("button.pick"), "oak_log", "oak_log")
            lake = next((x, y) for y in range(100, 140) for x in range(30, 60) if not gmap.walkable(x, y))
            click_tile(*lake)
            expect(page.locator("#message")).to_contain_text("nothing can stand there")
            expect(page.locator("#world-lists")).to_contain_text("ground items (1)")

            # success: the feller holds two oak logs
            page.select_option("#success-kind", "holds")
            page.click("#add-success")
            success = page.locator("#success-list .cond").first
            success.locator("select[data-arg='agent']").select_option("feller")
            pick_item(success.locator("button.pick"), "oak log", "oak_log")
            success.locator("input[data-item='oak_log']").fill("2")

            # three checkpoints, each a condition
            for _ in range(3):
                page.click("#add-checkpoint")
            boxes = page.locator("#checkpoint-list .checkpoint")
            expect(boxes).to_have_count(3)
            checkpoints = (
                ("first_log", "A log is felled."),
                ("team_logs", "The team holds two logs."),
                ("porter_near", "The porter reached the clearing."),
            )
            for i, (cid, text) in enumerate(checkpoints):
                boxes.nth(i).locator(".cp-id").fill(cid)
                boxes.nth(i).locator(".cp-description").fill(text)
            first = boxes.nth(0).locator(".cond")
            first.locator("select[data-arg='agent']").select_option("feller")
            pick_item(first.locator("button.pick"), "oak_log", "oak_log")
            team = boxes.nth(1).locator(".cond")
            team.locator("select[data-arg='agent']").select_option("")
            pick_item(team.locator("button.pick"), "oak", "oak_log")
            team.locator("input[data-item='oak_log']").fill("2")
            boxes.nth(2).locator(".cond select.kind").select_option("at")
            near = boxes.nth(2).locator(".cond")
            near.locator("select[data-arg='agent']").select_option("porter")
            near.locator("input[data-arg='place']").fill("whisperwood_clearing")
            near.locator("input[data-arg='place']").dispatch_event("change")
            near.locator("input[data-arg='within']").fill("2")

            # an oracle plan for the feller
            page.click("summary:has-text('Oracle plan')")
            page.fill("textarea[data-agent='feller']", '{"gather": {"target": "oak_tree", "count": 2}}')

            # renaming an agent carries its conditions and oracle plan along
            page.locator(".agent-tab", has_text="feller").click()
            page.fill("#agent-name", "axe_man")
            page.locator("#agent-name").press("Tab")
            expect(success.locator("select[data-arg='agent']")).to_have_value("axe_man")
            expect(page.locator("textarea[data-agent='axe_man']")).to_have_count(1)
            page.fill("#agent-name", "feller")
            page.locator("#agent-name").press("Tab")
            first_condition = page.locator("#checkpoint-list .cond").first
            expect(first_condition.locator("select[data-arg='agent']")).to_have_value("feller")

            # a mistake is shown by its field, then fixed
            page.fill("#task-rounds", "0")
            page.click("#btn-validate")
            expect(page.locator("#problems")).to_contain_text("max_rounds")
            expect(page.locator("#task-rounds")).to_have_class("invalid")
            page.fill("#task-rounds", "20")
            page.click("#btn-validate")
            expect(page.locator("#message")).to_contain_text("valid: agentworld validate accepts this task")
            expect(page.locator("#problems li")).to_have_count(0)

            page.click("#btn-run-oracle")
            expect(page.locator("#run-oracle-result")).to_contain_text("oracle: SUCCESS", timeout=60_000)
            page.click("#btn-run-noop")
            expect(page.locator("#run-noop-result")).to_contain_text(
                "noop: no success in 20/20 rounds", timeout=60_000
            )
            page.click("#btn-audit")
            expect(page.locator("#audit-result")).to_contain_text(
                "feller (Lumberjack): necessary", timeout=60_000
            )
            page.click("#btn-save")
            expect(page.locator("#message")).to_contain_text("saved")
            page.locator(".agent-tab", has_text="feller").click()
            page.select_option("#zoom", "6")  # zooming keeps the selected agent's spawn in view
            left, top, width, height = page.locator("#map-scroll").evaluate(
                "box => [box.scrollLeft, box.scrollTop, box.clientWidth, box.clientHeight]"
            )
            x, y = SPAWNS["feller"]
            assert top > 0 and left <= x * 6 < left + width and top <= y * 6 < top + height
            page.locator("#agent-name").scroll_into_view_if_needed()
            shot = os.environ.get("AGENTWORLD_EDITOR_SCREENSHOT")
            page.screenshot(path=shot or str(tmp_path / "editor.png"))
            assert failures == []
            browser.close()
    finally:
        thread.stop()

    saved = folder / "three_logs.yaml"
    assert sorted(p.name for p in folder.iterdir()) == ["three_logs.yaml"]  # no verifier file, nothing else
    raw = yaml.safe_load(saved.read_text())
    assert "verifier" not in raw
    assert {a["name"]: tuple(a["spawn"]) for a in raw["agents"]} == SPAWNS
    assert [a["skills"] for a in raw["agents"]] == [{"lumberjacking": 12}, {"strength": 5}, {"archery": 7}]
    assert raw["agents"][0]["inventory"] == {"bronze_axe": 1}
    assert raw["agents"][2]["equipment"] == {"head": "leather_cap"}
    assert raw["world"] == {
        "mobs": [{"type": "hen", "position": list(MOB)}],
        "nodes": [{"kind": "oak_tree", "position": list(NODE)}],
        "ground_items": [{"item": "oak_log", "position": list(GROUND)}],
        "sites": [{"id": "woodshed", "position": list(SITE), "materials": {"oak_log": 1}, "work": 1}],
    }
    assert raw["success"] == [{"holds": {"agent": "feller", "items": {"oak_log": 2}}}]
    assert [c["when"] for c in raw["checkpoints"]] == [
        {"holds": {"agent": "feller", "items": {"oak_log": 1}}},
        {"holds": {"items": {"oak_log": 2}}},
        {"at": {"agent": "porter", "place": "whisperwood_clearing", "within": 2}},
    ]
    assert load_task(saved).agents[0].context == "You fell trees.\nAn oak grows right beside you."

    checked = _cli("validate", str(saved))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("ok  three_logs.yaml: Three in the woods (3 agents, 3 checkpoints)")
    for team, won in (("oracle", True), ("noop", False)):
        played = _cli("run", str(saved), "--agents", team, "--json", "--quiet")
        assert played.returncode == 0, played.stderr
        result = json.loads(played.stdout)
        assert result["success"] is won and result["task"] == "three_logs"


def test_opening_a_shipped_task_fills_the_form_and_saving_it_changes_nothing(tmp_path):
    """task_01 keeps its verifier (predicate checkpoints): opened, validated and saved through the page."""
    sync_api = playwright_api()
    expect = sync_api.expect
    thread = EditorThread(make_editor(None, tmp_path)).start()
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(thread.url)
            page.wait_for_selector("body[data-ready='1']", timeout=20_000)
            page.select_option("#open-ref", "task_07")
            page.click("#btn-open")
            expect(page.locator("#task-id")).to_have_value("task_07")
            original = load_task("task_07")
            expect(page.locator(".agent-tab")).to_have_count(len(original.agents))
            expect(page.locator("#checkpoint-list .checkpoint")).to_have_count(len(original.checkpoints))
            expect(page.locator("#success-list .cond")).to_have_count(len(original.success))
            expect(page.locator("#agent-name")).to_have_value(original.agents[0].name)
            page.click("#btn-validate")
            expect(page.locator("#message")).to_contain_text("valid")
            page.click("#btn-save")
            expect(page.locator("#message")).to_contain_text("saved")
            assert errors == []
            browser.close()
    finally:
        thread.stop()
    assert load_task(tmp_path / "task_07.yaml") == load_task("task_07")


def test_opening_another_task_clears_the_results_and_a_broken_file_opens_as_text(tmp_path):
    """Issue 29: the last task's play results do not stay beside a newly opened one; a malformed file
    opens as text with its error, and saving the repaired text opens the form."""
    sync_api = playwright_api()
    expect = sync_api.expect
    (tmp_path / "broken.yaml").write_text("id: task_xx\nname: [oops\n")
    planless = {
        "id": "planless",
        "name": "No plan",
        "category": "gathering",
        "objective": "Fell an oak log.",
        "max_rounds": 10,
        "agents": [
            {"name": "feller", "role": "Lumberjack", "spawn": [46, 121], "inventory": {"bronze_axe": 1}}
        ],
        "success": [{"holds": {"agent": "feller", "items": {"oak_log": 1}}}],
        "checkpoints": [
            {
                "id": "log",
                "description": "A log.",
                "when": {"holds": {"agent": "feller", "items": {"oak_log": 1}}},
            }
        ],
    }
    (tmp_path / "planless.yaml").write_text(yaml.safe_dump(planless))
    thread = EditorThread(make_editor(None, tmp_path)).start()
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(thread.url)
            page.wait_for_selector("body[data-ready='1']", timeout=20_000)
            page.select_option("#open-ref", "task_01")
            page.click("#btn-open")
            expect(page.locator("#task-id")).to_have_value("task_01")
            page.click("#btn-run-noop")
            expect(page.locator("#run-noop-result")).to_contain_text("no success", timeout=60_000)
            page.click("#btn-run-oracle")
            expect(page.locator("#run-oracle-result")).to_contain_text("SUCCESS", timeout=60_000)
            page.select_option("#open-ref", "planless.yaml")  # a valid task without an oracle plan
            page.click("#btn-open")
            expect(page.locator("#run-noop-result")).to_have_text("")
            expect(page.locator("#run-oracle-result")).to_have_text("")
            page.click("#btn-run-oracle")
            expect(page.locator("#run-oracle-result")).to_contain_text("no oracle plan", timeout=60_000)
            page.select_option("#open-ref", "broken.yaml")
            page.click("#btn-open")
            expect(page.locator("#repair")).to_be_visible()
            expect(page.locator("#repair-problems")).to_contain_text("invalid YAML")
            expect(page.locator("#run-oracle-result")).to_have_text("")
            expect(page.locator("#btn-run-oracle")).to_be_disabled()  # the form holds no task while repairing
            fixed = Path(str(load_task("task_01").source)).read_text()
            page.fill("#repair-text", fixed.replace("id: task_01", "id: task_xx", 1))
            page.click("#btn-repair-save")
            expect(page.locator("#repair")).to_be_hidden()
            expect(page.locator("#task-id")).to_have_value("task_xx")
            assert errors == []
            browser.close()
    finally:
        thread.stop()
    assert load_task(tmp_path / "broken.yaml").id == "task_xx"
