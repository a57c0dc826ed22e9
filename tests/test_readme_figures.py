"""The README cannot drift: its generated figures are the commands' output, and its Python tour runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from script_module import load_script

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def _script():
    return load_script("readme_figures")


def test_every_readme_figure_block_is_its_commands_output():
    _, changed = _script().render(README.read_text(encoding="utf-8"))
    assert changed == [], f"stale README blocks {changed}: run python scripts/readme_figures.py --write"


def test_a_stale_figure_is_caught_and_rewritten(tmp_path):
    script = _script()
    stale = README.read_text(encoding="utf-8").replace(" items, ", " items (stale), ", 1)
    readme = tmp_path / "README.md"
    readme.write_text(stale, encoding="utf-8")
    assert script.main(["--check", "--readme", str(readme)]) == 1
    assert script.main(["--write", "--readme", str(readme)]) == 0
    assert script.main(["--check", "--readme", str(readme)]) == 0
    assert readme.read_text(encoding="utf-8") == README.read_text(encoding="utf-8")


def test_the_world_figures_are_what_agentworld_world_prints():
    out = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "world", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    counts = __import__("json").loads(out.stdout)
    block = _script().world()
    for key in ("items", "mob_types", "npcs", "resource_nodes", "recipes"):
        assert f"{counts[key]} " in block, key


def test_the_python_tour_runs_as_written(tmp_path):
    tour = re.search(r"## A short tour\n\n```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert tour, "the README lost its Python tour"
    script = tmp_path / "tour.py"
    script.write_text(tour.group(1), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "Traceback" not in out.stderr
