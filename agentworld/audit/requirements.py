"""Success conditions -> requirements from the content (the Need kinds of needs.py).

`wields` and `holds` need the agent they name, the items and the levels to equip; `site_built` the
site's materials and work; `killed` the damage; `quest_done` the agent, its talks, the bring
items and its own damage to the kill stages' mobs; `at` the agent there in time; `relay` and
`built_while_held` their sites' needs plus a crew, one member per post that no one member can hold
two of in time; `built_on` both sites, the upper one's work after the lower could be done. A task ground
item nothing else surely supplies, and an `at` place given as coordinates, are also facts
someone's documentation must state. `nobody_died` beside kills of mobs with sure strikes
means absorbing them (`survival`); `fair_exchange` beside the items the outcome leaves with named agents
means paying for them (`fair_worth`); custom predicates are not read (verdicts.py reports them).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from agentworld.audit.bounds import manhattan_near
from agentworld.audit.model import Kind, Requirement
from agentworld.audit.damage import Endure, Kill, Survive
from agentworld.audit.needs import (
    Crew,
    Fact,
    ItemNeed,
    Named,
    Need,
    Post,
    Reach,
    SkillNeed,
    Work,
    Worth,
)
from agentworld.conditions import site_name
from agentworld.world.exposure import in_area
from agentworld.world.pathfinding import chebyshev

if TYPE_CHECKING:
    from agentworld.audit.context import TaskContext
    from agentworld.world.content import Content


# --- expanding conditions ------------------------------------------------------------------------
def expand(condition: Any, ctx: "TaskContext") -> list[Need]:
    """The requirements of one success condition (a Condition model from agentworld.conditions)."""
    kind = getattr(condition, "kind", "")
    text = condition.describe() if hasattr(condition, "describe") else str(condition)
    handler = _EXPANDERS.get(kind)
    return handler(condition, ctx, text) if handler else []


def _req(key: str, kind: Kind, text: str, condition: str) -> Requirement:
    return Requirement(key=key, kind=kind, text=text, condition=condition)


def _named(agent: str | None, ctx: "TaskContext", text: str) -> list[Need]:
    if not agent:
        return []
    return [Named(_req(f"agent:{agent}", "outcome", f"{agent} is named by the outcome", text), ctx, agent)]


def _items(items: dict[str, int], ctx: "TaskContext", text: str) -> list[Need]:
    needs: list[Need] = []
    for item, n in items.items():
        needs.append(ItemNeed(_req(f"item:{item}", "capability", f"{n} {item}", text), ctx, item, n))
        needs.extend(_ground_facts(item, ctx, text))
    return needs


def _ground_facts(item: str, ctx: "TaskContext", text: str) -> list[Need]:
    """Where a task's ground item lies is knowledge, unless the item can surely be had some other way
    (a drop or a rare find only by chance does not count: a knowledge verdict is never a necessity)."""
    needs: list[Need] = []
    for ground_item, _n, (x, y) in ctx.ground:
        if (
            ground_item == item
            and not replaceable(item, ctx.content, surely=True)
            and not any(item in a.inventory or item in a.equipment.values() for a in ctx.task.agents)
        ):
            needles = [f"{x}, {y}", f"{x},{y}", f"[{x}, {y}]"]
            needs.append(
                Fact(
                    _req(f"fact:{item}@{x},{y}", "knowledge", f"where the {item} lies ({x}, {y})", text),
                    ctx,
                    needles,
                )
            )
    return needs


def replaceable(item: str, content: Content, surely: bool = False) -> bool:
    """Whether anything in the world makes, sells, yields, drops or rewards `item` (with `surely`,
    drops and rare finds count only when they are certain)."""
    return (
        any(item in r.outputs for r in content.recipes.values())
        or any(e.item == item for n in content.npcs.values() if n.shop for e in n.shop.stock)
        or any(
            item in k.yields or any(r.item == item and (not surely or r.chance >= 1) for r in k.rare)
            for k in content.node_kinds.values()
        )
        or any(
            d.item == item and (not surely or d.chance >= 1) for m in content.mobs.values() for d in m.drops
        )
        or any(item in q.rewards.items for n in content.npcs.values() for q in n.quests)
    )


def _wields(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    needs = _named(c.agent, ctx, text) + _items({c.item: 1}, ctx, text)
    spec = ctx.content.items.get(c.item)
    for skill, level in spec.requires.items() if spec else ():
        key = f"skill:{c.agent}:{skill}>={level}"
        needs.append(
            SkillNeed(
                _req(key, "capability", f"{c.agent} needs {skill} {level} to equip {c.item}", text),
                ctx,
                c.agent,
                skill,
                level,
            )
        )
    return needs


def _holds(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    return _named(c.agent, ctx, text) + _items(dict(c.items), ctx, text)


def _site(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    return _site_needs(c.site, ctx, text)


def _site_needs(site_id: str, ctx: "TaskContext", text: str, on: str | None = None) -> list[Need]:
    """A site's materials and its work (only after the site it stands `on` could be finished)."""
    site = ctx.sites.get(site_name(site_id))
    if site is None:
        return []
    needs = _items(dict(site.materials), ctx, text)
    if site.work > 0:
        skill = f"{site.skill} {site.level}" if site.skill else "no skill"
        after = f", after {on} is finished" if on else ""
        what = f"{site.work} work turns at {site.id} ({skill}{after})"
        needs.append(
            Work(
                _req(f"work:{site.id}", "capability", what, text),
                ctx,
                site.id,
                site.work,
                site.skill,
                site.level,
                on,
            )
        )
    return needs


def _build_post(site_id: str, ctx: "TaskContext") -> Post:
    """Where a site's finishing build is made: within interact range, with the site's skill if it has work."""
    site = ctx.sites[site_id]
    skill = site.skill if site.work > 0 else None
    return Post(
        f"build at {site_id}" + (f" ({skill} {site.level})" if skill else ""),
        ctx.site_tile[site_id],
        ctx.interact,
        True,
        skill,
        site.level,
    )


def _crew(key: str, posts: list[Post], apart: Any, why: str, ctx: "TaskContext", text: str) -> list[Need]:
    """A Crew need over the largest set of posts that pairwise no member can hold both of (`apart`)."""
    clique = largest_clique(len(posts), apart)
    if len(clique) < 2:
        return []
    chosen = [posts[i] for i in clique]
    return [Crew(_req(key, "presence", f"{len(chosen)} different members: {why}", text), ctx, chosen, why)]


def largest_clique(n: int, linked: Any) -> list[int]:
    """The largest set of indices 0..n-1 pairwise `linked(i, j)` (i < j), by exhaustive search: tasks
    name a handful of posts. Any such set is a sound lower bound on the members needed."""
    best: list[int] = []

    def grow(chosen: list[int], rest: list[int]) -> None:
        nonlocal best
        if len(chosen) + len(rest) <= len(best):
            return
        if not rest:
            best = list(chosen)
            return
        head, tail = rest[0], rest[1:]
        grow(chosen + [head], [j for j in tail if linked(head, j)])
        grow(chosen, tail)

    grow([], list(range(n)))
    return best


def _relay(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    """Each site's needs, and one member per site wherever two finishing builds are too far apart for one
    member in the rounds between them: a member finishing site i in round r can act at site j at the
    earliest in round r + 1 + ceil(tiles / move_speed) on foot, or, dying at the end of round r, in round
    r + respawn_delay_rounds + 1 + ceil(tiles from its spawn / move_speed) (`death_gap`); the relay allows
    at most max_gap per step."""
    ids = [site_name(s) for s in c.sites if site_name(s) in ctx.sites]
    needs = [need for site in ids for need in _site_needs(site, ctx, text)]
    if c.max_gap is None or len(ids) != len(c.sites):
        return needs
    tiles, speed, reach = [ctx.site_tile[s] for s in ids], ctx.content.rules.move_speed, 2 * ctx.interact

    def apart(i: int, j: int) -> bool:
        walk = 1 + math.ceil(manhattan_near(tiles[i], tiles[j], reach) / speed)
        return min(walk, death_gap(tiles[j], ctx)) > c.max_gap * abs(j - i)

    why = (
        f"at {speed} tiles a turn, and dying costing {ctx.content.rules.respawn_delay_rounds} rounds dead, "
        f"no one finishes two of these sites {c.max_gap} rounds a step apart"
    )
    return needs + _crew(
        f"crew:relay:{'>'.join(ids)}", [_build_post(s, ctx) for s in ids], apart, why, ctx, text
    )


def death_gap(tile: tuple, ctx: "TaskContext") -> int:
    """The fewest rounds from a member's action anywhere to its next action within interact range of
    `tile` by dying: killed at the end of that round, it is back at its own spawn at the start of round
    + respawn_delay_rounds + 1 and walks from there (the nearest spawn of any member, so the bound
    holds for every team)."""
    walk = min(manhattan_near(spawn, tile, ctx.interact) for spawn in ctx.spawn.values())
    return ctx.content.rules.respawn_delay_rounds + 1 + math.ceil(walk / ctx.content.rules.move_speed)


def _built_while_held(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    """The site's needs, facts for places given as coordinates, and at each build one member building and
    one on every place at the same moment: posts farther apart than both their ranges need two members."""
    site = site_name(c.site)
    needs = _site_needs(site, ctx, text)
    if site not in ctx.sites:
        return needs
    posts = [_build_post(site, ctx)]
    for place in c.places:
        tile = tuple(ctx.content.map.resolve(place))
        posts.append(
            Post(
                f"stand within {c.within} of {place if isinstance(place, str) else tile}",
                tile,
                c.within,
                False,
            )
        )
        if not isinstance(place, str):
            needs.extend(_place_fact(tile, ctx, text))

    def apart(i: int, j: int) -> bool:
        (ax, ay), (bx, by) = posts[i].tile, posts[j].tile
        return max(abs(ax - bx), abs(ay - by)) > posts[i].near + posts[j].near

    return needs + _crew(
        f"crew:{site}", posts, apart, "no one stands at two of these places at once", ctx, text
    )


def _built_on(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    """Both sites' needs; the upper site's work only after the earliest round the lower could be finished."""
    return _site_needs(c.base, ctx, text) + _site_needs(c.site, ctx, text, on=site_name(c.base))


def _killed(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    count = len(ctx.task_mobs.get(c.mob, [])) or 1
    return [Kill(_req(f"kill:{c.mob}", "volume", f"kill {count} {c.mob}", text), ctx, c.mob, count)]


def _quest(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    needs = _named(c.agent, ctx, text)
    found = next(((npc, q) for npc in ctx.content.npcs.values() for q in npc.quests if q.id == c.quest), None)
    if found is None:
        return needs
    npc, quest = found
    needs.append(
        Reach(
            _req(f"reach:{c.agent}@{npc.id}", "presence", f"{c.agent} talks to {npc.id}", text),
            ctx,
            c.agent,
            ctx.places.npcs[npc.id],
            ctx.interact,
        )
    )
    for stage in quest.stages:
        needs.extend(_items(dict(stage.items), ctx, text))
        for mob, n in stage.mobs.items():
            needs.append(
                Kill(
                    _req(f"kill:{mob}:by:{c.agent}", "capability", f"{c.agent} damages {n} {mob}", text),
                    ctx,
                    mob,
                    n,
                    c.agent,
                )
            )
        if stage.npc and stage.npc in ctx.places.npcs:
            needs.append(
                Reach(
                    _req(f"reach:{c.agent}@{stage.npc}", "presence", f"{c.agent} talks to {stage.npc}", text),
                    ctx,
                    c.agent,
                    ctx.places.npcs[stage.npc],
                    ctx.interact,
                )
            )
    return needs


def _at(c: Any, ctx: "TaskContext", text: str) -> list[Need]:
    tile = tuple(ctx.content.map.resolve(c.place))
    needs = _named(c.agent, ctx, text)
    needs.append(
        Reach(
            _req(f"reach:{c.agent}@{tile[0]},{tile[1]}", "presence", text, text),
            ctx,
            c.agent,
            tile,
            c.within,
            act=False,
        )
    )
    if not isinstance(c.place, str):
        needs.extend(_place_fact(tile, ctx, text))
    return needs


def survival(needs: list[Need], ctx: "TaskContext", text: str) -> list[Need]:
    """`nobody_died` beside kills of mobs that strike surely: the team must absorb their strikes."""
    kills = [n for n in needs if isinstance(n, Kill) and n.by is None and ctx.content.mobs[n.mob].sure_strike]
    if not kills:
        return []
    mobs = ", ".join(k.mob for k in kills)
    return [
        Survive(
            _req(f"survive:{mobs}", "volume", f"nobody dies to the sure strikes of {mobs}", text), ctx, kills
        )
    ]


def endurance(needs: list[Need], ctx: "TaskContext", text: str) -> list[Need]:
    """`nobody_died` beside work on a site every tile within reach of which lies in an exposure the task
    turns on: the builders must live through the exposure (needs.Endure)."""
    content, out = ctx.content, []
    for work in (n for n in needs if isinstance(n, Work)):
        (sx, sy), near = ctx.site_tile[work.site], ctx.interact
        tiles = [(sx + dx, sy + dy) for dx in range(-near, near + 1) for dy in range(-near, near + 1)]
        for exposure_id in ctx.task.world.exposure:
            spec = content.exposures[exposure_id]
            if not all(in_area(spec, content, x, y) for x, y in tiles):
                continue
            shelters = [
                site.id
                for site in ctx.sites.values()
                if site.shelter is not None
                and spec.kind in site.shelter.protects
                and chebyshev(ctx.site_tile[site.id], (sx, sy)) <= site.shelter.radius + near
            ]
            what = f"nobody dies of the {spec.name} while working on {work.site}"
            key = f"endure:{work.site}:{exposure_id}"
            out.append(Endure(_req(key, "volume", what, text), ctx, work, exposure_id, shelters))
    return out


def fair_worth(condition: Any, conditions: list[Any], ctx: "TaskContext") -> list[Need]:
    """`fair_exchange`: the covered agents' worth at the prices, against the items the other conditions
    (`holds`, `wields` with a named agent) leave with each agent (see needs.Worth). The market's rule
    is that no covered worth ever falls; what the audit reads is its end-state consequence."""
    prices = dict(condition.prices)
    covered = tuple(condition.agents_ or ctx.agents)
    start = {}
    for name, spec in ctx.agents.items():
        held = dict(spec.inventory)
        for item in spec.equipment.values():
            held[item] = held.get(item, 0) + 1
        start[name] = condition.worth(held)
    ends: dict[str, dict[str, int]] = {}
    for other in conditions:
        items = (
            {other.item: 1} if other.kind == "wields" else dict(other.items) if other.kind == "holds" else {}
        )
        if getattr(other, "agent", None):
            mine = ends.setdefault(other.agent, {})
            for item, n in items.items():
                mine[item] = max(mine.get(item, 0), n)
    outcome = {name: condition.worth(held) for name, held in ends.items()}
    text = condition.describe()
    return [
        Worth(
            _req("worth:fair_exchange", "volume", f"the covered agents end no poorer: {text}", text),
            ctx,
            prices,
            covered,
            start,
            outcome,
        )
    ]


def _place_fact(tile: tuple, ctx: "TaskContext", text: str) -> list[Need]:
    """A place given as coordinates: someone's documentation (or the objective) must say where it is."""
    needles = [f"{tile[0]}, {tile[1]}", f"{tile[0]},{tile[1]}"]
    return [
        Fact(
            _req(f"fact:place@{tile[0]},{tile[1]}", "knowledge", f"where ({tile[0]}, {tile[1]}) is", text),
            ctx,
            needles,
        )
    ]


_EXPANDERS = {
    "wields": _wields,
    "holds": _holds,
    "site_built": _site,
    "killed": _killed,
    "quest_done": _quest,
    "at": _at,
    "relay": _relay,
    "built_while_held": _built_while_held,
    "built_on": _built_on,
}
