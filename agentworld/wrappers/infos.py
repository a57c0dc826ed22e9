"""The numeric views' default infos: numbers only, so vector layers can average them across envs.

PufferLib's Serial and Multiprocessing take `np.mean` of every list they find in infos; the text
env's action records (events, links) break that, so they are behind `rich_infos=True`.
"""

from __future__ import annotations


def scalar_info(info: dict) -> dict:
    """The text env's info (or the status it is made of: `invalid` is then 0) as numbers only."""
    return {
        "round": int(info["round"]),
        "psr": float(info["psr"]),
        "success": int(bool(info["success"])),
        "invalid": int(info.get("error") is not None),
        **{f"checkpoint/{name}": int(bool(reached)) for name, reached in info["checkpoints"].items()},
    }
