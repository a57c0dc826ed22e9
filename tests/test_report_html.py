"""`agentworld report DIR... --html FILE --png DIR`: the page opened in real Chromium, its numbers
read back from the DOM and compared with numbers this test computes from the eval directories.

Evals: scripted teams (oracle; random with a short horizon; oracle with --oracle-comm; oracle on
task_01 and an augmented copy of it), a team of LLM seats played by the fake OpenAI server, and
the extras a report shows when present: forests (`judge --reference`), judge_models.json (`judge
--judge llm --model A,B` against the fake server) and analysis.json (`analyze --out`).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
import yaml

from agentworld.analysis.communication import LABELS
from agentworld.cli import main
from agentworld.report.stats import bootstrap_mean, wilson
from agentworld.task_sources import TASKS_DIR
from fake_openai import FakeOpenAI
from test_cce_judge_models import answer
from test_eval_env import oracle_policy
from test_server_browser import ARGS, CHROMIUM, playwright_api

pytestmark = pytest.mark.timeout(400)
EVAL = ["eval", "--episodes", "2", "--quiet", "--judge", "provenance"]


def results(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def evals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("evals")
    aug = root / "task_01_aug.yaml"  # an augmented variant: task_01 under another id, variant_of set
    data = yaml.safe_load((TASKS_DIR / "task_01.yaml").read_text())
    aug.write_text(
        yaml.safe_dump(
            {**data, "id": "task_01_aug", "variant_of": "task_01", "verifier": "task_01"}, sort_keys=False
        )
    )
    runs = {
        "oracle": ["--tasks", "task_01,task_02", "--agents", "oracle"],
        "random": ["--tasks", "task_01,task_02", "--agents", "random", "--max-rounds", "8"],
        "oracle_comm": ["--tasks", "task_01", "--agents", "oracle", "--oracle-comm"],
        "augmented": ["--tasks", f"task_01,{aug}", "--agents", "oracle", "--episodes", "1"],
    }
    for name, args in runs.items():
        assert main([*EVAL, *args, "--out", str(root / name)]) == 0
    with FakeOpenAI(policy=answer) as server:  # judge_models.json beside the oracle eval
        assert (
            main(
                [
                    "judge",
                    str(root / "oracle"),
                    "--judge",
                    "llm",
                    "--model",
                    "agreeable,sceptic",
                    "--base-url",
                    server.base_url,
                ]
            )
            == 0
        )
    assert (
        main(["judge", str(root / "oracle"), "--reference", str(root / "oracle")]) == 0
    )  # forests (after: the line above rewrites cce.json)
    return {name: root / name for name in runs}


def read_page(html: Path) -> dict:
    """Open the page in Chromium; every table's cells (text, data-*), figures, and any network request."""
    sync_api = playwright_api()
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page()
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url) if not r.url.startswith("file:") else None)
        page.goto(html.resolve().as_uri())
        tables = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('table')].map(t => [t.id, {
            columns: [...t.querySelectorAll('thead th')].map(th => th.textContent),
            rows: [...t.querySelectorAll('tbody tr')].map(tr => ({row: tr.dataset.row,
                cells: [...tr.querySelectorAll('td')].map(td => ({text: td.textContent, ...td.dataset}))}))}]))""")
        figures = page.evaluate("""() => [...document.querySelectorAll('figure')].map(f => ({id: f.id,
            svg: !!f.querySelector('svg'), text: f.querySelector('svg') ? f.querySelector('svg').textContent : '',
            width: f.querySelector('svg') ? f.querySelector('svg').getBoundingClientRect().width : 0}))""")
        headings = page.locator("h2").all_text_contents()
        browser.close()
    return {"tables": tables, "figures": figures, "requests": requests, "headings": headings}


def cell(table: dict, row: str, key: str) -> dict:
    found = [c for r in table["rows"] if r["row"] == row for c in r["cells"] if c.get("key") == key]
    assert len(found) == 1, (row, key, table)
    return found[0]


def check_outcome(table: dict, label: str, out: Path) -> None:
    """SR, PSR, CCE of one eval row equal what results.jsonl says, with intervals around them."""
    recs = results(out)
    wins = sum(r["success"] for r in recs)
    expected = {
        "sr": wins / len(recs),
        "psr": statistics.mean(r["psr"] for r in recs),
        "cce": statistics.mean(r["cce"] for r in recs if r["status"] == "ok" and r["cce"] is not None),
    }
    for key, value in expected.items():
        shown = cell(table, label, key)
        assert float(shown["value"]) == pytest.approx(value)
        assert float(shown["low"]) <= value + 1e-9 <= float(shown["high"]) + 2e-9
        visible = f"{100 * value:.1f}%" if key != "cce" else f"{value:.3f}"
        assert shown["text"].startswith(visible)
    assert cell(table, label, "episodes")["text"] == str(len(recs))


def test_wilson_and_bootstrap_known_values() -> None:
    assert (round(wilson(0, 6).high, 4), round(wilson(6, 6).low, 4)) == (0.3903, 0.6097)  # textbook values
    low_high = wilson(26, 50)
    assert round(low_high.low, 3) == 0.385 and round(low_high.high, 3) == 0.652
    est = bootstrap_mean([0.0, 0.5, 1.0, 1.0], seed=3)
    assert est.value == 0.625 and 0.0 <= est.low < 0.625 < est.high <= 1.0
    assert bootstrap_mean([0.0, 0.5, 1.0, 1.0], seed=3) == est  # seeded: same interval every time
    assert bootstrap_mean([]).value is None


def test_html_report_of_scripted_teams_in_chromium(evals: dict[str, Path], tmp_path: Path) -> None:
    html, pngs = tmp_path / "report.html", tmp_path / "png"
    dirs = [str(evals[n]) for n in ("oracle", "random", "oracle_comm", "augmented")]
    assert main(["report", *dirs, "--html", str(html), "--png", str(pngs)]) == 0
    got = read_page(html)
    assert got["requests"] == []  # self-contained: nothing fetched
    tables = got["tables"]
    overview = tables["overview"]
    labels = {
        "oracle": "oracle (oracle)",
        "random": "random +horizon=8",
        "oracle_comm": "oracle +oracle-comm",
        "augmented": "oracle (augmented)",
    }
    assert [r["row"] for r in overview["rows"]] == list(labels.values())
    settings = {r["row"]: r["cells"][1]["text"] for r in overview["rows"]}
    assert (
        settings["random +horizon=8"] == "random, horizon=8"
        and settings["oracle +oracle-comm"] == "oracle-comm"
    )
    for name, label in labels.items():
        check_outcome(overview, label, evals[name])

    # per category: the random eval's column of task_02's category, for SR and PSR
    recs = results(evals["random"])
    category = recs[-1]["category"]
    mine = [r for r in recs if r["category"] == category]
    expected = {
        "sr": sum(r["success"] for r in mine) / len(mine),
        "psr": statistics.mean(r["psr"] for r in mine),
    }
    for metric, value in expected.items():
        table = tables[f"category-{metric}"]
        column = table["columns"].index("random +horizon=8")
        row = next(r for r in table["rows"] if r["row"] == category)
        assert float(row["cells"][column]["value"]) == pytest.approx(value)

    # main vs augmented: the augmented eval splits its two tasks; the others have no augmented episodes
    split = tables["split"]
    assert "SR (augmented)" in split["columns"]
    assert cell(split, "oracle (augmented)", "augmented-episodes")["text"] == "1"
    assert cell(split, "oracle (augmented)", "main-episodes")["text"] == "1"
    assert cell(split, "oracle (oracle)", "augmented-episodes")["text"] == "0"

    # communication: messages per episode and first chat round from results.jsonl
    oracle = results(evals["oracle"])
    comm = tables["communication"]
    assert float(cell(comm, "oracle (oracle)", "messages_per_episode")["value"]) == pytest.approx(
        statistics.mean(r["messages"] for r in oracle)
    )
    assert float(cell(comm, "oracle (oracle)", "first_chat_round")["value"]) == pytest.approx(
        statistics.mean(r["first_chat_round"] for r in oracle)
    )
    failed = [r for r in results(evals["random"]) if not r["success"]]
    share = cell(comm, "random +horizon=8", "chat_share_failed")
    assert float(share["value"]) == pytest.approx(
        sum(r["messages"] for r in failed) / sum(r["actions"] for r in failed)
    )

    # failure modes computed on the fly: every oracle message gets one primary label
    modes = tables["failure-modes"]
    assert modes["columns"][2 : 2 + len(LABELS)] == list(LABELS)
    total = int(cell(modes, "oracle (oracle)", "messages")["value"])
    assert total == sum(r["messages"] for r in oracle) and total == sum(
        int(cell(modes, "oracle (oracle)", lab)["value"]) for lab in LABELS
    )

    # PAC per role: the mean of the cce.json values of that role's agent
    wizard = [
        json.loads((evals["oracle"] / "task_01" / str(s) / "cce.json").read_text())["pac"]["wizard"]
        for s in (0, 1)
    ]
    pac_column = tables["pac"]["columns"].index("oracle (oracle)")
    wizard_row = next(r for r in tables["pac"]["rows"] if r["row"] == "Wizard")
    assert float(wizard_row["cells"][pac_column]["value"]) == pytest.approx(statistics.mean(wizard))

    # forests (judge --reference wrote them into the oracle eval's cce.json files)
    forests = [json.loads(p.read_text())["forest"] for p in sorted(evals["oracle"].glob("*/*/cce.json"))]
    fm = [f["forest_match"] for f in forests if f["forest_match"] is not None]
    assert fm and float(cell(tables["forest"], "oracle (oracle)", "forest_match")["value"]) == pytest.approx(
        statistics.mean(fm)
    )
    assert [r["row"] for r in tables["forest"]["rows"]] == ["oracle (oracle)"]

    # judge comparison from the oracle eval's judge_models.json
    judged = json.loads((evals["oracle"] / "judge_models.json").read_text())
    assert tables["judges-0"]["columns"] == ["team (runs)", "provenance", "agreeable", "sceptic"]
    team = judged["teams"][0]
    assert float(cell(tables["judges-0"], team["team"], "cce:sceptic")["value"]) == pytest.approx(
        team["cce"]["sceptic"]
    )
    assert len(tables["judges-1"]["rows"]) == 3  # three pairs of judges

    # figures: the outcome chart and first success + first failure of each eval (random has no success,
    # the oracle evals no failure), as inline SVG with visible size, and the same as PNG files
    figures = got["figures"]
    assert [f["id"].split("-")[0] for f in figures] == ["outcome"] + ["episode"] * 4
    assert all(f["svg"] and f["width"] > 300 for f in figures)
    assert "task_01/0" in figures[1]["text"] and "success" in figures[1]["text"]
    assert "failed" in figures[2]["text"]
    check_pngs(pngs, [f["id"] for f in figures])


def check_pngs(folder: Path, names: list[str]) -> None:
    from PIL import Image

    files = sorted(folder.glob("*.png"))
    assert sorted(p.stem for p in files) == sorted(names)
    for path in files:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with Image.open(path) as image:
            image.verify()
        with Image.open(path) as image:
            assert image.width > 300 and image.height > 150 and len(image.convert("L").getcolors(1 << 16)) > 2


def test_html_report_of_an_llm_team_from_the_fake_server(tmp_path: Path) -> None:
    out, html = tmp_path / "llm", tmp_path / "llm.html"
    with FakeOpenAI(policy=oracle_policy(tmp_path)) as server:
        assert (
            main(
                [
                    "eval",
                    "--tasks",
                    "task_01",
                    "--agents",
                    "llm",
                    "--model",
                    "fake-model",
                    "--base-url",
                    server.base_url,
                    "--episodes",
                    "2",
                    "--quiet",
                    "--backoff-base",
                    "0.001",
                    "--out",
                    str(out),
                ]
            )
            == 0
        )
    assert main(["analyze", str(out), "--out", str(out / "analysis.json")]) == 0
    analysis = json.loads((out / "analysis.json").read_text())["all"]
    # a hand-edited analysis.json is what the page shows (read, not recomputed)
    analysis["counts"]["useful"] += 100
    analysis["total"] += 100
    (out / "analysis.json").write_text(json.dumps({"all": analysis}))
    assert main(["report", str(out), "--html", str(html), "--episodes", "task_01/1"]) == 0
    got = read_page(html)
    tables = got["tables"]
    check_outcome(tables["overview"], "llm:fake-model", out)
    assert (
        int(cell(tables["failure-modes"], "llm:fake-model", "useful")["value"])
        == analysis["counts"]["useful"]
    )
    assert int(cell(tables["failure-modes"], "llm:fake-model", "messages")["value"]) == analysis["total"]
    figures = got["figures"]
    assert [f["id"] for f in figures] == ["outcome", "episode-1-task_01-1"] and "task_01/1" in figures[1][
        "text"
    ]
    assert "Judge comparison" in got["headings"] and "judges-0" not in tables


def test_bad_directories_and_episode_ids_are_clear_errors(
    evals: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    html = str(tmp_path / "r.html")
    assert main(["report", str(tmp_path / "nowhere"), "--html", html]) == 2
    assert "nowhere: no such directory" in capsys.readouterr().err
    assert main(["report", str(evals["oracle"]), str(tmp_path / "nowhere")]) == 2  # the text tables too
    assert "nowhere: no such directory" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["report", str(tmp_path / "empty"), "--png", str(tmp_path / "p")]) == 2
    assert "no results.jsonl" in capsys.readouterr().err
    (tmp_path / "blank").mkdir()
    (tmp_path / "blank" / "results.jsonl").write_text("")
    assert main(["report", str(tmp_path / "blank"), "--html", html]) == 2
    assert "holds no finished episode" in capsys.readouterr().err
    assert main(["report", str(evals["oracle"]), "--html", html, "--episodes", "task_09/7"]) == 2
    assert "no episode 'task_09/7'" in capsys.readouterr().err
    assert not Path(html).exists()
    (tmp_path / "a_file").write_text("")
    assert main(["report", str(evals["oracle"]), "--html", str(tmp_path / "a_file" / "r.html")]) == 2
    assert "report: cannot write" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["report", str(evals["oracle"]), "--html", html, "--episodes", "task_01"])
    assert "task/seed" in capsys.readouterr().err
