"""A picture of one episode's Causal Action Graph (matplotlib, Agg backend).

Rounds run along x, agents down y; each action is a marker whose shape says its type
(chat, transfer, craft, attack, other), contributing actions are coloured and the rest
greyed, success actions get a star, and causal edges are arrows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .graph import Record, action_records

# category -> (marker, label); order is the legend's order
CATEGORIES: dict[str, tuple[str, str]] = {
    "chat": ("o", "chat"),
    "transfer": ("D", "transfer (give/trade)"),
    "craft": ("^", "craft/build"),
    "attack": ("X", "attack"),
    "other": ("s", "gather/move/wait/other"),
}
_TOOL_CATEGORY = {
    "chat": "chat",
    "give": "transfer",
    "trade_offer": "transfer",
    "trade_accept": "transfer",
    "trade_decline": "transfer",
    "craft": "craft",
    "build": "craft",
    "attack": "attack",
}


def category(action: Record) -> str:
    return _TOOL_CATEGORY.get(str(action.get("tool")), "other")


def plot_episode(records: list[Record], result: dict[str, Any], path: str | Path, title: str = "") -> Path:
    """Draw the episode and its causal edges into ``path`` (PNG); returns the path."""
    import matplotlib.pyplot as plt

    fig = draw_episode(records, result, title)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def draw_episode(records: list[Record], result: dict[str, Any], title: str = "") -> Any:
    """The episode's timeline (agents by round, contributing actions coloured) as a matplotlib Figure."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    actions = action_records(records)
    agents, pos = _timeline(actions)
    contributing = set(result.get("contributing", []))
    rounds = max((a["round"] for a in actions), default=1)
    fig, ax = plt.subplots(figsize=(min(24, 6 + 0.35 * rounds), min(14, 1.5 + 0.45 * max(1, len(agents)))))
    _draw_edges(ax, result.get("edges", []), pos, contributing)
    _draw_actions(ax, actions, pos, contributing, set(result.get("success_actions", [])))
    _decorate(ax, agents, rounds, result, title, len(actions), len(contributing))
    fig.tight_layout()
    return fig


def _timeline(actions: list[Record]) -> tuple[list[str], dict[int, tuple[float, float]]]:
    """The agents in order of first action, and each action's (x, y): several actions of one agent in
    one round are spread along the round's width."""
    agents: list[str] = []
    for a in actions:
        if a["agent"] not in agents:
            agents.append(a["agent"])
    row = {name: i for i, name in enumerate(agents)}
    cell: dict[tuple[int, str], list[int]] = {}
    for a in actions:
        cell.setdefault((a["round"], a["agent"]), []).append(a["id"])
    pos: dict[int, tuple[float, float]] = {}
    for (rnd, agent), ids in cell.items():
        for k, i in enumerate(ids):
            pos[i] = (rnd + (k - (len(ids) - 1) / 2) * 0.6 / max(1, len(ids)), row[agent])
    return agents, pos


def _draw_edges(ax: Any, edges: list[dict], pos: dict, contributing: set[int]) -> None:
    for e in edges:
        if e["src"] in pos and e["dst"] in pos:
            on_path = e["src"] in contributing and e["dst"] in contributing
            ax.annotate(
                "",
                xy=pos[e["dst"]],
                xytext=pos[e["src"]],
                arrowprops=dict(
                    arrowstyle="->",
                    lw=0.9 if on_path else 0.5,
                    color="tab:blue" if on_path else "0.75",
                    alpha=0.8 if on_path else 0.5,
                    shrinkA=4,
                    shrinkB=4,
                    connectionstyle="arc3,rad=0.15",
                ),
                zorder=1,
            )


def _draw_actions(
    ax: Any, actions: list[Record], pos: dict, contributing: set[int], success: set[int]
) -> None:
    for cat, (marker, _) in CATEGORIES.items():
        for contrib in (False, True):
            pts = [
                pos[a["id"]] for a in actions if category(a) == cat and (a["id"] in contributing) == contrib
            ]
            if pts:
                xs, ys = zip(*pts)
                ax.scatter(
                    xs,
                    ys,
                    marker=marker,
                    s=60 if contrib else 30,
                    zorder=3,
                    c="tab:orange" if contrib else "0.8",
                    edgecolors="k" if contrib else "0.6",
                    linewidths=0.6,
                )
    stars = [pos[i] for i in success if i in pos]
    if stars:
        xs, ys = zip(*stars)
        ax.scatter(xs, ys, marker="*", s=260, facecolors="none", edgecolors="red", linewidths=1.2, zorder=4)


def _decorate(
    ax: Any, agents: list[str], rounds: int, result: dict, title: str, n_actions: int, n_contributing: int
) -> None:
    """Axes, title (CCE and counts) and the legend."""
    from matplotlib.lines import Line2D
    from matplotlib.ticker import MaxNLocator

    ax.set_yticks(range(len(agents)), agents)
    ax.invert_yaxis()
    ax.set_xlabel("round")
    ax.set_xlim(0.3, rounds + 0.7)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # rounds are whole numbers (no 2.5)
    ax.grid(axis="x", alpha=0.2)
    cce = result.get("cce", 0.0)
    n, k = result.get("actions", n_actions), result.get("contributing_count", n_contributing)
    ax.set_title(
        f"{title}\nCCE={cce:.3f}  ({k}/{n} actions contributing, judge={result.get('judge')}, "
        f"{'success' if result.get('success') else 'failed'})".strip(),
        fontsize=10,
    )
    handles = [Line2D([], [], marker=m, ls="", color="0.5", label=label) for m, label in CATEGORIES.values()]
    handles += [
        Line2D([], [], marker="o", ls="", color="tab:orange", markeredgecolor="k", label="contributing"),
        Line2D(
            [],
            [],
            marker="*",
            ls="",
            markerfacecolor="none",
            markeredgecolor="red",
            markersize=12,
            label="success action",
        ),
        Line2D([], [], color="tab:blue", label="enables (on a causal path)"),
        Line2D([], [], color="0.75", label="enables (off the paths)"),
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8, frameon=False)
