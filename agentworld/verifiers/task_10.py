"""Task 10, The Frost Staff: ironwood + frost crystals -> staff core; + sticks + cut sapphire -> frost staff, wielded."""

from __future__ import annotations

from typing import Any

from agentworld.verifiers.common import held, wields


def crystals_mined(world: Any, task: Any) -> bool:
    """Two crystals exist at once, or they are already bound into a core or a staff."""
    bound = held(world, "staff_core") + held(world, "frost_staff")
    return held(world, "frost_crystal") + 2 * bound >= 2


def sapphire_cut(world: Any, task: Any) -> bool:
    return held(world, "cut_sapphire") + held(world, "frost_staff") > 0


def core_bound(world: Any, task: Any) -> bool:
    return held(world, "staff_core") + held(world, "frost_staff") > 0


def staff_assembled(world: Any, task: Any) -> bool:
    return held(world, "frost_staff") > 0


def staff_wielded(world: Any, task: Any) -> bool:
    return wields(world, "archmage", "frost_staff")


CHECKPOINTS = {
    "crystals_mined": crystals_mined,
    "sapphire_cut": sapphire_cut,
    "core_bound": core_bound,
    "staff_assembled": staff_assembled,
    "staff_wielded": staff_wielded,
}
