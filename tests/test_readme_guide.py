"""The README's "Write your own task" walk-through, followed as a reader would: its YAML saved to
my_tasks/, then its commands run one by one in a fresh folder; each must do what its comment says."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _guide() -> tuple[str, str, list[str]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("### Write your own task", 1)[1].split("\n### ", 1)[0]
    yaml_block = re.search(r"```yaml\n# (my_tasks/\S+)\n(.*?)```", section, re.S)
    bash_block = re.search(r"```bash\n# in the folder that holds my_tasks/\n(.*?)```", section, re.S)
    assert yaml_block and bash_block, "the guide lost its YAML or its commands"
    commands = [line.split(" #")[0].strip() for line in bash_block.group(1).splitlines() if line.strip()]
    return yaml_block.group(1), yaml_block.group(2), commands


def test_the_write_your_own_task_guide_works_as_written(tmp_path):
    path, task_yaml, commands = _guide()
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(task_yaml)
    env = {k: v for k, v in os.environ.items() if k != "AGENTWORLD_TASKS_PATH"}
    outcomes = {}
    for command in commands:
        argv = shlex.split(command)
        assert argv[0] == "agentworld"
        if argv[1] == "run":
            argv.append("--json")
        done = subprocess.run(
            [sys.executable, "-m", "agentworld.cli", *argv[1:]],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        if argv[1] == "run":
            outcomes[command] = json.loads(done.stdout)
    oracle, noop, without = outcomes.values()
    assert oracle["success"] and oracle["rounds"] == 8 and oracle["max_rounds"] == 13
    assert not noop["success"] and not without["success"]
    assert (tmp_path / "runs" / "plank" / "cce.json").exists()
    summary = json.loads((tmp_path / "runs" / "plank_eval" / "summary.json").read_text())
    assert summary["overall"]["episodes"] == 5 and summary["overall"]["sr"] == 1.0
