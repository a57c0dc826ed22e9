"""The references between content entries: every id one entry names must exist in its table.

``cross_check`` appends one problem per dangling or ill-typed reference, each naming the file, the
entry and the field, in file order (items, recipes, node kinds, mobs, NPCs, the map), so a broken
data directory is reported whole by ``load_content``.

A region bundle (data/regions/) may name anything, but it *gives* only what bundles define: its nodes,
drops, shops, quest rewards and recipes yield bundle items (or coins), never a base item, and its map
places only bundle node kinds, mob types and station kinds. So no task written against the base world
finds a new source of its materials, and no task-placed node or mob of a base kind changes its id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.world.content_schema import BUNDLE_DIR, Rules
from agentworld.world.gamemap import MapExtension, MapSpec


@dataclass
class Tables:
    """The validated tables of one data directory (before the map is built)."""

    rules: Rules | None
    skills: dict
    items: dict
    stations: dict
    recipes: dict
    node_kinds: dict
    mobs: dict
    npcs: dict
    spec: MapSpec | None
    exposures: dict = field(default_factory=dict)
    where: dict = field(default_factory=dict)  # (table, id) -> "file: section[i]" (content._Loader.where)
    extensions: list[tuple[str, MapExtension]] = field(default_factory=list)  # the bundles' maps

    def at(self, table: str, ident: str) -> str:
        """How an entry is named in problems: "items.yaml: items[3] 'oak_log'"."""
        return f"{self.where.get((table, ident), table)} '{ident}'"

    def from_bundle(self, table: str, ident: str) -> bool:
        """Whether the entry comes from a region bundle (data/regions/), not a base file."""
        return self.where.get((table, ident), "").startswith(BUNDLE_DIR + "/")


class _Problems(list):
    def need(self, table, ident: str, what: str, where: str) -> None:
        if ident not in table:
            self.append(f"{where}: unknown {what} '{ident}'")


def cross_check(problems: list[str], tables: Tables) -> None:
    """Append every broken reference of `tables` to `problems`."""
    found = _Problems()
    for check in (_items, _recipes, _node_kinds, _mobs, _npcs, _map, _exposures, _extensions, _bundle_gifts):
        check(found, tables)
    problems.extend(found)


def _items(p: _Problems, t: Tables) -> None:
    slots = set(t.rules.equipment_slots) if t.rules else set()
    for item in t.items.values():
        where = t.at("items", item.id)
        if item.slot is not None and t.rules and item.slot not in slots:
            p.append(
                f"{where}: slot: unknown equipment slot '{item.slot}' "
                f"(slots: {', '.join(t.rules.equipment_slots)})"
            )
        for s in item.requires:
            p.need(t.skills, s, "skill", f"{where}: requires")
        if item.tool:
            p.need(t.skills, item.tool.skill, "skill", f"{where}: tool.skill")
        for key in item.effects:
            if key != "duration":
                p.need(t.skills, key, "skill (or 'duration')", f"{where}: effects")
    if "coins" not in t.items:
        p.append("items.yaml: items: there must be a 'coins' item (category currency)")


def _recipes(p: _Problems, t: Tables) -> None:
    for r in t.recipes.values():
        where = t.at("recipes", r.id)
        if r.station is not None:
            p.need(t.stations, r.station, "station", f"{where}: station")
        p.need(t.skills, r.skill, "skill", f"{where}: skill")
        for key, table in (("inputs", r.inputs), ("outputs", r.outputs)):
            for ident, n in table.items():
                p.need(t.items, ident, "item", f"{where}: {key}")
                if n < 1:
                    p.append(f"{where}: {key}.{ident}: count must be >= 1")
        for tool in r.tools:
            p.need(t.items, tool, "item", f"{where}: tools")


def _node_kinds(p: _Problems, t: Tables) -> None:
    for k in t.node_kinds.values():
        where = t.at("node_kinds", k.id)
        p.need(t.skills, k.skill, "skill", f"{where}: skill")
        if k.tool is not None:
            p.need(t.skills, k.tool, "skill", f"{where}: tool")
            if not any(it.tool and it.tool.skill == k.tool for it in t.items.values()):
                p.append(f"{where}: tool: no item is a tool for '{k.tool}'")
        for ident, n in k.yields.items():
            p.need(t.items, ident, "item", f"{where}: yields")
            if n < 1:
                p.append(f"{where}: yields.{ident}: count must be >= 1")
        for r in k.rare:
            p.need(t.items, r.item, "item", f"{where}: rare")


def _mobs(p: _Problems, t: Tables) -> None:
    for m in t.mobs.values():
        where = t.at("mobs", m.id)
        for d in m.drops:
            p.need(t.items, d.item, "item", f"{where}: drops")
        for weapon in m.wounded_by:
            p.need(t.items, weapon, "item", f"{where}: wounded_by")
            if weapon in t.items and t.items[weapon].slot != "weapon":
                p.append(f"{where}: wounded_by: '{weapon}' is not a weapon")


def _npcs(p: _Problems, t: Tables) -> None:
    quest_owner: dict[str, str] = {}
    for n in t.npcs.values():
        where = t.at("npcs", n.id)
        for q in n.quests:
            if q.id in quest_owner:
                p.append(f"{where}: quests '{q.id}': quest id already used by npc '{quest_owner[q.id]}'")
            quest_owner.setdefault(q.id, n.id)
        if n.shop:
            for s in n.shop.stock:
                p.need(t.items, s.item, "item", f"{where}: shop.stock")
        if n.role == "shopkeeper" and n.shop is None:
            p.append(f"{where}: a shopkeeper needs a 'shop'")
        if n.role == "quest_giver" and not n.quests:
            p.append(f"{where}: a quest_giver needs 'quests'")
        for s in n.teaches:
            p.need(t.skills, s, "skill", f"{where}: teaches")
        for q in n.quests:
            _quest(p, t, q, f"{where}: quests '{q.id}'")


def _quest(p: _Problems, t: Tables, q, where: str) -> None:
    for j, st in enumerate(q.stages):
        sw = f"{where} stages[{j}]"
        if st.npc is not None:
            p.need(t.npcs, st.npc, "npc", sw)
        for ident in st.items:
            p.need(t.items, ident, "item", sw)
        for ident in st.mobs:
            p.need(t.mobs, ident, "mob", sw)
    for ident in q.rewards.items:
        p.need(t.items, ident, "item", f"{where} rewards.items")
    for ident in q.rewards.xp:
        p.need(t.skills, ident, "skill", f"{where} rewards.xp")


def _map(p: _Problems, t: Tables) -> None:
    spec, rules = t.spec, t.rules
    if spec is None:
        return
    for i, st in enumerate(spec.stations):
        p.need(t.stations, st.station, "station", f"map.yaml: stations[{i}]")
    for i, f in enumerate(spec.node_fields):
        p.need(t.node_kinds, f.kind, "node kind", f"map.yaml: node_fields[{i}]")
    for i, nd in enumerate(spec.nodes):
        p.need(t.node_kinds, nd.kind, "node kind", f"map.yaml: nodes[{i}]")
    for i, sp in enumerate(spec.spawns):
        p.need(t.mobs, sp.mob, "mob", f"map.yaml: spawns[{i}]")
    if rules is not None and rules.hub not in {lm.id for lm in spec.landmarks}:
        p.append(f"rules.yaml: hub: unknown landmark '{rules.hub}'")
    if rules is not None:
        terrains = {terrain.id for terrain in spec.terrain}
        for i, terrain in enumerate(rules.sight_blockers):
            p.need(terrains, terrain, "terrain", f"rules.yaml: sight_blockers[{i}]")


def _exposures(p: _Problems, t: Tables) -> None:
    """Each exposure's regions exist and its rectangles lie on the map; every kind an item protects
    against is some exposure's."""
    kinds = {e.kind for e in t.exposures.values()}
    regions = {r.id for r in t.spec.regions} if t.spec else set()
    for i, exposure in enumerate(t.exposures.values()):
        where = f"map.yaml: exposures[{i}] '{exposure.id}'"
        for region in exposure.regions if t.spec else ():  # (a broken map is reported on its own)
            p.need(regions, region, "region", f"{where}: regions")
        for x0, y0, x1, y1 in exposure.rects:
            if t.spec and not (0 <= x0 <= x1 < t.spec.width and 0 <= y0 <= y1 < t.spec.height):
                p.append(f"{where}: rects: [{x0}, {y0}, {x1}, {y1}] is not a rectangle on the map")
    for i, item in enumerate(t.items.values()):
        for kind, amount in item.protects.items():
            if kind not in kinds:
                p.append(f"items.yaml: items[{i}] '{item.id}': protects: no exposure is of kind '{kind}'")
            if amount < 1:
                p.append(f"items.yaml: items[{i}] '{item.id}': protects.{kind}: must be >= 1")
        if item.protects and item.slot is None:
            p.append(
                f"items.yaml: items[{i}] '{item.id}': protects: only a worn item protects (it needs a slot)"
            )


def _extensions(p: _Problems, t: Tables) -> None:
    """The bundles' maps: their placements name existing kinds, and only kinds some bundle defines (a
    base kind placed by a bundle would renumber the task-placed ones: oak_tree#7 would move)."""
    for source, ext in t.extensions:
        for what, table, placed in (
            ("station", "stations", [(f"map.stations[{i}]", s.station) for i, s in enumerate(ext.stations)]),
            (
                "node kind",
                "node_kinds",
                [(f"map.node_fields[{i}]", f.kind) for i, f in enumerate(ext.node_fields)],
            ),
            ("node kind", "node_kinds", [(f"map.nodes[{i}]", n.kind) for i, n in enumerate(ext.nodes)]),
            ("mob", "mobs", [(f"map.spawns[{i}]", s.mob) for i, s in enumerate(ext.spawns)]),
        ):
            for where, ident in placed:
                p.need(getattr(t, table), ident, what, f"{source}: {where}")
                if ident in getattr(t, table) and not t.from_bundle(table, ident):
                    p.append(
                        f"{source}: {where}: '{ident}' is a base {what}; a bundle places only the kinds "
                        "bundles define (ids of the base kinds stay as tasks know them)"
                    )


def _bundle_gifts(p: _Problems, t: Tables) -> None:
    """What a bundle's entries give (node yields, drops, shop stock, quest rewards, recipe outputs) is a
    bundle item or coins: a bundle is never a new source of a base item."""

    def gives(where: str, ident: str, how: str) -> None:
        if ident in t.items and ident != "coins" and not t.from_bundle("items", ident):
            p.append(f"{where}: {how} '{ident}' is a base item; a bundle gives only bundle items and coins")

    for k in t.node_kinds.values():
        if t.from_bundle("node_kinds", k.id):
            for ident in [*k.yields, *(r.item for r in k.rare)]:
                gives(t.at("node_kinds", k.id), ident, "yields")
    for m in t.mobs.values():
        if t.from_bundle("mobs", m.id):
            for d in m.drops:
                gives(t.at("mobs", m.id), d.item, "drops")
    for r in t.recipes.values():
        if t.from_bundle("recipes", r.id):
            for ident in r.outputs:
                gives(t.at("recipes", r.id), ident, "outputs")
    for n in t.npcs.values():
        if t.from_bundle("npcs", n.id):
            for s in n.shop.stock if n.shop else ():
                gives(t.at("npcs", n.id), s.item, "shop.stock")
            for q in n.quests:
                for ident in q.rewards.items:
                    gives(f"{t.at('npcs', n.id)}: quests '{q.id}'", ident, "rewards.items")
