"""Write docs/images/report.png: the HTML report of a small oracle + random eval, shot in Chromium.

    python scripts/screenshot_report.py [--out docs/images/report.png] [--keep DIR]

Runs two evals (oracle and random agents on task_01, task_02 and task_05, two seeds each, judged
with the provenance judge), writes `agentworld report --html` over both, opens the page in
headless Chromium through Playwright (/usr/bin/chromium, or $AGENTWORLD_CHROMIUM) and saves the
top of the page as a PNG.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from agentworld.cli import main as agentworld

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("AGENTWORLD_CHROMIUM", "/usr/bin/chromium")
EVAL = ["eval", "--tasks", "task_01,task_02,task_05", "--episodes", "2", "--quiet", "--judge", "provenance"]


def make_report(work: Path) -> Path:
    for agents in ("oracle", "random"):
        if agentworld([*EVAL, "--agents", agents, "--out", str(work / agents)]) != 0:
            sys.exit(f"the {agents} eval failed")
    page = work / "report.html"
    if agentworld(["report", str(work / "oracle"), str(work / "random"), "--html", str(page)]) != 0:
        sys.exit("agentworld report failed")
    return page


def screenshot(page_path: Path, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.parent.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1240, "height": 1400})
        page.goto(page_path.resolve().as_uri())
        page.screenshot(path=str(out), full_page=False)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "images" / "report.png"))
    parser.add_argument(
        "--keep", metavar="DIR", help="write the evals and the page here (default: a temporary folder)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.keep or tmp)
        screenshot(make_report(work), Path(args.out))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
