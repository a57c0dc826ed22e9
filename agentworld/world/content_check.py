"""The content graph check behind `agentworld world --check`: can the world reach all of itself?

The loader (content.py) proves every id exists; this proves every thing can be *had*: each item
has a source a player can reach (a placed node, a recipe, a placed mob's drop, a shop, a quest
reward), each recipe's inputs, tools, station and skill level are obtainable, each quest can be
finished, and every region has a tile reachable from the hub. It runs a fixpoint over those
sources, so a chain that starts from nothing is caught however long it is.

Some node kinds and mobs are placed only by tasks (map.yaml's "placed only by the hand-written
tasks" kinds, suite artefacts): a task may put any of them on a reachable tile. So the check counts
every node kind and mob as placeable, and lists what only task placements give as notes, not failures.
Likewise an item a shipped task hands its agents (inventory, equipment, ground items) has that source.

Region bundles (data/regions/) are checked with the rest, and their frontier with the base map
(world/frontier.py): no walk between two base tiles is shorter through a bundle, and no base tile is
reachable only through one.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from agentworld.world.content import Content, NodeKind, Recipe, level_for_xp
from agentworld.world.frontier import frontier, shortcuts

TASK_DIR = Path(__file__).resolve().parent.parent / "tasks"

UNBOUNDED = 99  # a repeatable XP source at a reachable level takes a skill all the way up


class _Reach:
    """What a player can obtain: items, skill level caps, finished quests; grown to a fixpoint."""

    def __init__(self, content: Content, task_placed: bool, given: set[str] = frozenset()):
        self.c = content
        self.items: set[str] = {i for i in given if i in content.items}
        self.cap: dict[str, int] = {s: 1 for s in content.skills}
        self.quests: set[str] = set()
        self.placed_kinds = (
            set(content.node_kinds) if task_placed else {k for k, _ in content.map.placed_nodes}
        )
        self.placed_mobs = set(content.mobs) if task_placed else {m for m, _ in content.map.mob_spawns}
        self.placed_stations = {s for s, _, _ in content.map.placed_stations}
        for npc in content.npcs.values():  # every NPC stands on a reachable tile (the loader checks)
            for skill, level in npc.teaches.items():
                self.cap[skill] = max(self.cap[skill], level)
            if npc.shop:
                self.items.update(s.item for s in npc.shop.stock)
        if self.placed_mobs:  # fighting any mob trains the combat skills
            for s in content.skills.values():
                if s.kind == "combat":
                    self.cap[s.id] = UNBOUNDED

    def has_tool(self, skill: str) -> bool:
        return any(self.c.items[i].tool and self.c.items[i].tool.skill == skill for i in self.items)

    def node_ok(self, k: NodeKind) -> bool:
        return (
            k.id in self.placed_kinds
            and self.cap[k.skill] >= k.level
            and (k.tool is None or self.has_tool(k.tool))
        )

    def recipe_ok(self, r: Recipe) -> bool:
        return (
            self.cap[r.skill] >= r.level
            and set(r.inputs) <= self.items
            and set(r.tools) <= self.items
            and (r.station is None or r.station in self.placed_stations)
        )

    def mob_ok(self, mob_id: str) -> bool:
        mob = self.c.mobs[mob_id]
        return mob_id in self.placed_mobs and (not mob.wounded_by or bool(set(mob.wounded_by) & self.items))

    def quest_ok(self, quest) -> bool:
        for st in quest.stages:
            if st.kind == "bring" and not set(st.items) <= self.items:
                return False
            if st.kind == "kill" and not all(self.mob_ok(m) for m in st.mobs):
                return False
        return True

    def grow(self) -> None:
        c = self.c
        changed = True
        while changed:
            before = (len(self.items), sum(self.cap.values()), len(self.quests))
            for k in c.node_kinds.values():
                if self.node_ok(k):
                    self.items.update(k.yields)
                    self.items.update(r.item for r in k.rare)
                    if k.xp > 0:
                        self.cap[k.skill] = UNBOUNDED
            for r in c.recipes.values():
                if self.recipe_ok(r):
                    self.items.update(r.outputs)
                    if r.xp > 0:
                        self.cap[r.skill] = UNBOUNDED
            for m in self.placed_mobs:
                if self.mob_ok(m):
                    self.items.update(d.item for d in c.mobs[m].drops)
            for npc in c.npcs.values():
                for q in npc.quests:
                    if q.id not in self.quests and self.quest_ok(q):
                        self.quests.add(q.id)
                        self.items.update(q.rewards.items)
                        for skill, xp in q.rewards.xp.items():
                            self.cap[skill] = max(self.cap[skill], level_for_xp(xp))
            changed = (len(self.items), sum(self.cap.values()), len(self.quests)) != before


def task_given_items(task_dir: Path = TASK_DIR) -> set[str]:
    """Items the shipped task files hand to agents or lay on the ground at the start."""
    given: set[str] = set()
    for path in sorted(task_dir.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for agent in data.get("agents") or []:
            given.update((agent.get("inventory") or {}).keys())
            given.update((agent.get("equipment") or {}).values())
        for ground in (data.get("world") or {}).get("ground_items") or []:
            given.add(ground.get("item"))
    return given


def task_only_items(content: Content) -> list[str]:
    """Items the base map gives no source for: only a task that places their node or mob does."""
    base, full = _Reach(content, task_placed=False), _Reach(content, task_placed=True)
    base.grow()
    full.grow()
    return [i for i in content.items if i in full.items and i not in base.items]


def check_content(content: Content, given: set[str] = frozenset()) -> list[str]:
    """Every reachability problem of ``content``, one line each naming the item, recipe, quest or region.

    ``given``: items that tasks hand out (see task_given_items); they count as obtained.
    """
    reach = _Reach(content, task_placed=True, given=set(given))
    reach.grow()
    c, p = content, []
    for item in c.items:
        if item not in reach.items:
            p.append(f"item '{item}': no reachable source (gathered, crafted, dropped, sold or quest reward)")
    for r in c.recipes.values():
        if reach.recipe_ok(r):
            continue
        why = [f"input '{i}'" for i in r.inputs if i not in reach.items]
        why += [f"tool '{t}'" for t in r.tools if t not in reach.items]
        if r.station is not None and r.station not in reach.placed_stations:
            why.append(f"station '{r.station}'")
        if reach.cap[r.skill] < r.level:
            why.append(f"{r.skill} level {r.level} (reachable: {reach.cap[r.skill]})")
        p.append(f"recipe '{r.id}': cannot be made: unobtainable {', '.join(why)}")
    for k in c.node_kinds.values():
        if not reach.node_ok(k):
            p.append(
                f"node kind '{k.id}': cannot be gathered ({k.skill} level {k.level}"
                f"{', tool ' + k.tool if k.tool else ''})"
            )
    for npc in c.npcs.values():
        for q in npc.quests:
            if q.id not in reach.quests:
                missing = [
                    i for st in q.stages if st.kind == "bring" for i in st.items if i not in reach.items
                ]
                missing += [m for st in q.stages if st.kind == "kill" for m in st.mobs if not reach.mob_ok(m)]
                p.append(f"quest '{q.id}' (npc '{npc.id}'): cannot be finished: needs {', '.join(missing)}")
    m = c.map
    counts = [0] * len(m.regions)
    for i, r in enumerate(m.region_grid):
        if m.reachable[i] and r < len(counts):
            counts[r] += 1
    for rid, n in zip(m.regions, counts):
        if n == 0:
            p.append(f"region '{rid}': no tile of it can be reached from the hub '{c.rules.hub}'")
    p.extend(f"frontier: {line}" for line in shortcuts(c))
    return p


def frontier_note(content: Content) -> str:
    """One line on the region bundles for `world --check`: how far beyond the base map their nearest
    thing lies on foot ("" without bundles)."""
    front = frontier(content)
    if not content.map.extensions or front.nearest_thing < 0:
        return ""
    return (
        f"region bundles: {len(content.map.extensions)}, beyond {len(front.portals)} portal tile(s); their nearest "
        f"thing ({front.nearest_name}) is {front.nearest_thing} tiles on foot beyond the base map"
    )
