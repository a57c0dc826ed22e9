"""The heavier transform: every count the outcome demands (a `holds` item, a site's materials and work) is
multiplied (x2, else x1.5, else x1.25, else x1.2; then one demand at a time), with the recipe inputs that
make it, everywhere the count is written (success, checkpoints that state the demand, starting and ground
stock of those items, plan steps, prose, the demanded count in words too).

x1.2 is there for a team whose nodes hold just enough: five lanterns to six fit the amber the pines give
(task_67), where x1.25's seven do not."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from agentworld.audit.truth import name_forms
from agentworld.augment.candidates import Candidate, NotApplicable, verifier_names
from agentworld.augment.rewrite import (
    map_texts,
    restate_sales_in_text,
    scale_counts_in_text,
    scale_step_counts,
    scale_work_in_text,
    scaled,
    task_raw,
)
from agentworld.conditions import market_prices

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content


HEAVIER_RATIOS = (2.0, 1.5, 1.25, 1.2)  # strongest first: the first to pass is the hardest that fits
SINGLE_DEMANDS = 3  # at most this many one-demand-at-a-time candidates after the all-demands ones


@dataclass(slots=True)
class Demand:
    """A count the outcome asks for: a `holds` condition's items, or a site's materials and work."""

    success_index: int
    site: str | None  # the site id, for site_built
    items: dict[str, int]
    work: int = 0


def _demands(task: "Task") -> list[Demand]:
    """The `holds` conditions, and every task site with materials or work (a site is there for the
    objective, whether a success condition or a verifier predicate reads it)."""
    out = [Demand(i, None, dict(c.items)) for i, c in enumerate(task.success) if c.kind == "holds"]
    out += [Demand(-1, s.id, dict(s.materials), s.work) for s in task.world.sites if s.materials or s.work]
    return out


def _alone(demand: Demand, demands: list[Demand], content: "Content") -> bool:
    """Whether a demand shares no item (or recipe input) with another, so it can grow by itself."""
    mine = set(_chain(list(demand.items), content))
    return not any(mine & set(_chain(list(d.items), content)) for d in demands if d is not demand)


def _chain(items: list[str], content: "Content") -> list[str]:
    """The items and, recursively, the inputs of every recipe that makes one of them."""
    found = list(dict.fromkeys(items))
    for item in found:
        for recipe in content.recipes.values():
            if item in recipe.outputs:
                found += [i for i in recipe.inputs if i not in found]
    return found


def _spellings(items: list[str], content: "Content") -> dict[str, list[str]]:
    return {i: [i, i.replace("_", " "), *name_forms(content.items[i].name.lower())] for i in items}


def heavier(task: "Task", content: "Content", rng: random.Random) -> list[Candidate]:
    demands = _demands(task)
    if not demands:
        kinds = ", ".join(c.kind for c in task.success)
        raise NotApplicable(f"heavier: {task.id} demands no count to raise (its success conditions: {kinds})")
    chain = _chain([i for d in demands for i in d.items], content)
    coded = verifier_names(task, chain + [d.site for d in demands if d.site])
    if coded:
        raise NotApplicable(
            f"heavier: the verifier of {task.id} names {', '.join(coded)} in its code, so the "
            f"counts it checks cannot be rewritten with the YAML"
        )
    alone = [d for d in demands if _alone(d, demands, content)] if len(demands) > 1 else []
    singles = rng.sample(alone, len(alone))[:SINGLE_DEMANDS]
    plans = [(demands, r) for r in HEAVIER_RATIOS] + [([d], HEAVIER_RATIOS[0]) for d in singles]
    out = []
    for group, ratio in plans:
        # what makes the demands grows by the largest ratio a demand actually grew by (14 -> 18 at x1.25
        # is x1.29: 36 dawnlilies at two a tincture, not 35); the plain ratio is tried next, for a team
        # whose stock already covers the rounding
        making = max([scaled(n, ratio) / n for d in group for n in d.items.values() if n] or [ratio])
        out += [_heavier(task, content, group, ratio, m) for m in dict.fromkeys((making, ratio))]
    return out


def _heavier(task: "Task", content: "Content", group: list[Demand], ratio: float, making: float) -> Candidate:
    raw = task_raw(task)
    targets = list(dict.fromkeys(i for d in group for i in d.items))
    chain = _chain(targets, content)
    consumed = [i for i in chain if content.items[i].tool is None]
    old = {item: {d.items[item] for d in group if item in d.items} for item in targets}
    changes = [f"{item} {n}->{scaled(n, ratio)}" for item in targets for n in sorted(old[item])]
    works = {}
    for demand in group:
        if demand.site is None:
            items = raw["success"][demand.success_index]["holds"]["items"]
            for item in items:
                items[item] = scaled(items[item], ratio)
            continue
        site = next(s for s in raw["world"]["sites"] if s["id"] == demand.site)
        site["materials"] = {k: scaled(v, ratio) for k, v in site.get("materials", {}).items()}
        if site.get("work"):
            works[site["work"]] = scaled(site["work"], ratio)
            changes.append(f"{demand.site} work {site['work']}->{works[site['work']]}")
            site["work"] = works[site["work"]]
    for checkpoint in raw["checkpoints"]:
        holds = (checkpoint.get("when") or {}).get("holds")
        if holds:
            holds["items"] = {
                k: scaled(v, ratio) if v in old.get(k, ()) else v for k, v in holds["items"].items()
            }
    for agent in raw["agents"]:
        agent["inventory"] = {
            k: scaled(v, making) if k in consumed else v for k, v in agent.get("inventory", {}).items()
        }
    for ground in raw.get("world", {}).get("ground_items", []):
        if ground["item"] in consumed:
            ground["count"] = scaled(ground.get("count", 1), making)
    wanted = _step_picker(chain, content)
    for steps in raw.get("oracle", {}).values():
        scale_step_counts(steps, wanted, making)
    names = _spellings(chain, content)
    new = {item: {n: scaled(n, ratio) for n in old[item]} for item in targets}

    prices = market_prices(task)

    def text(value: str, _owner: str | None) -> str:
        value = scale_counts_in_text(value, names, making, new)
        if prices:  # what a trader's goods are worth follows their count
            value = restate_sales_in_text(value, prices)
        for before, after in works.items():
            value = scale_work_in_text(value, before, after)
        return value

    map_texts(raw, text)
    inputs = f" (what makes them x{making:.2f})" if making != ratio else ""
    return Candidate(raw, f"heavier x{ratio:g}{inputs}: " + ", ".join(changes))


def _step_picker(chain: list[str], content: "Content") -> Callable[[str, dict], bool]:
    """Which plan steps handle units of the chain's items (so their counts scale)."""

    def wanted(kind: str, args: dict) -> bool:
        if kind == "gather":
            node = content.node_kinds.get(str(args.get("target", "")).split("#", 1)[0])
            return node is not None and any(i in chain for i in node.yields)
        if kind == "craft":
            recipe = content.recipes.get(args.get("recipe", ""))
            return recipe is not None and any(i in chain for i in recipe.outputs)
        if kind in ("give", "buy", "sell", "drop", "wait_for", "item"):
            return args.get("item") in chain
        return False

    return wanted
