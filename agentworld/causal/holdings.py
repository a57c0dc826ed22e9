"""Who holds which units, and where each unit came from: the item lots a trajectory's events imply.

The provenance judge (provenance_judge.py) follows a unit from the action that made it to the
action that used it; this module keeps, per agent and item, the lots [origin action, count] that
``item_gain``, ``item_loss``, ``equip`` and ``unequip`` events leave.
"""

from __future__ import annotations

from typing import Any

Holdings = dict[str, dict[str, list[list[Any]]]]  # agent -> item (or "#slot:<slot>") -> lots


def replay_holdings(held: Holdings, ev: dict[str, Any]) -> None:
    """Apply one holdings event to the per-agent lots [origin, count].

    item_gain adds a lot; item_loss removes the lots it names. Equipping keeps the item with
    its holder, so an ``equip`` turns the unit into a lot whose origin is the equip action
    (what a "wields X" checkpoint relies on) and ``unequip`` turns it back.
    """
    kind, agent, item = ev.get("kind"), ev.get("agent"), ev.get("item")
    if not agent or not item or kind not in ("item_gain", "item_loss", "equip", "unequip"):
        return
    if kind == "item_gain":
        _add(held[agent][item], ev.get("origin"), int(ev.get("count") or 0))
    elif kind == "item_loss":
        _take(held, agent, item, ev.get("lots") or [])
    elif kind == "equip":
        _take(held, agent, item, ev.get("lots") or [])
        _add(held[agent][item], ev.get("action"), 1)
        held[agent].setdefault("#slot:" + str(ev.get("slot")), []).append([ev.get("action"), item])
    else:  # unequip: the unit from the slot goes back to the inventory
        slot = held[agent].pop("#slot:" + str(ev.get("slot")), None)
        if slot:
            _take(held, agent, item, [[slot[-1][0], 1]])
        _add(held[agent][item], ev.get("origin"), 1)


def _add(lots: list[list[Any]], origin: Any, n: int) -> None:
    if lots and lots[-1][0] == origin:
        lots[-1][1] += n
    elif n > 0:
        lots.append([origin, n])


def _take(held: Holdings, agent: str, item: str, taken: list[Any]) -> None:
    lots = held[agent].get(item, [])
    for entry in taken:
        origin, n = entry[0], int(entry[1]) if len(entry) > 1 else 1
        for lot in lots:
            if lot[0] == origin and n > 0:
                k = min(n, lot[1])
                lot[1] -= k
                n -= k
    left = [lot for lot in lots if lot[1] > 0]
    if left:
        held[agent][item] = left
    else:
        held[agent].pop(item, None)
