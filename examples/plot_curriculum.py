"""Draw the success rate (last 50 episodes) against wall-clock minutes for several train_ppo.py runs.

    python examples/plot_curriculum.py --out docs/curriculum.png stage_1=m1.json stage_2=m2.json ...

Each argument is LABEL=METRICS, a `--metrics` file written by examples/train_ppo.py.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", metavar="LABEL=METRICS")
    parser.add_argument("--out", required=True, help="the PNG to write")
    args = parser.parse_args(argv)
    import matplotlib  # imported here: only this script needs it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for run in args.runs:
        label, _, path = run.partition("=")
        history = json.loads(Path(path).read_text())
        ax.plot([h["seconds"] / 60 for h in history], [h["success_rate"] for h in history], label=label)
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
    ax.set_xlabel("minutes of training (wall clock)")
    ax.set_ylabel("success rate, last 50 episodes")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title("PPO (examples/train_ppo.py) on the training curriculum")
    ax.legend()
    ax.grid(alpha=0.3)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, dpi=100, bbox_inches="tight")
    plt.close(fig)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
