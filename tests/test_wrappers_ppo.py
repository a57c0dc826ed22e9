"""examples/train_ppo.py in a tiny configuration (the README's curve comes from a longer run)."""

from __future__ import annotations

import json
import math
import pytest
from script_module import load_script


def test_tiny_ppo_run_trains_and_writes_its_curve(tmp_path):
    pytest.importorskip("torch")
    train_ppo = load_script("train_ppo", "examples")
    plot, metrics = tmp_path / "curve.png", tmp_path / "metrics.json"
    assert (
        train_ppo.main(
            [
                "--total-steps",
                "240",
                "--num-envs",
                "2",
                "--num-steps",
                "8",
                "--max-rounds",
                "4",
                "--update-epochs",
                "2",
                "--plot",
                str(plot),
                "--metrics",
                str(metrics),
            ]
        )
        == 0
    )
    history = json.loads(metrics.read_text())
    assert len(history) == 5 and history[-1]["agent_steps"] == 240
    assert history[-1]["episodes"] >= 4  # 4-round episodes, 2 envs, 40 rounds played
    assert all(math.isfinite(h["loss"]) and 0 <= h["mean_psr"] <= 1 for h in history)
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
