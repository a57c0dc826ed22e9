"""Gathering from resource nodes, crafting recipes, and skill experience.

A gather takes one unit of the node's capacity and gives its `yields` (plus `rare` finds by
chance). A better tool helps: power p gives one extra unit of the main yield with chance
(p - 1) * 0.25 (iron tools 25%, froststeel 50%).
"""

from __future__ import annotations

from .common import ActionError, article, fmt_items, suggest
from .entities import Node, Player, Station
from .core import WorldCore
from .xp import level_for_xp


class Production(WorldCore):
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _tool_for(self, p: Player, skill: str) -> tuple[str, int | None] | None:
        """The best held or wielded item that is a tool for `skill`: (item, lot origin)."""
        for item in self._ix.tools_by_skill.get(skill, ()):
            if p.inventory.count(item):
                return item, p.inventory.lots[item][0][0]
            for slot, eq in p.equipment.items():
                if eq == item:
                    return item, p.equip_origin.get(slot)
        return None

    def _do_gather(self, p: Player, args: dict, aid: int) -> str:
        target = self._arg_str(args, "target")
        rng = self.rules.interact_range
        node = self._lookup(p, target, Node)
        if node is None:
            if target in self.content.node_kinds:
                node = self._nearest_in_range(
                    p,
                    rng,
                    lambda e: isinstance(e, Node) and e.kind == target and not e.depleted,
                    f"no {target} with resources left within {rng} tile(s)",
                )
            else:
                if self._lookup(p, target) is not None:
                    raise ActionError(f"{target} is not a resource node")
                raise self._unknown_target(p, target, "node", list(self.content.node_kinds))
        kind = self.content.node_kinds[node.kind]
        if node.depleted:
            raise ActionError(
                f"{node.id} is depleted; it grows back at the start of round {node.respawn_round}"
            )
        self._in_range(p, node, rng, "gather")
        lv = p.skills.get(kind.skill, 1)
        if lv < kind.level:
            raise ActionError(f"you need {kind.skill} {kind.level} to gather {node.id} (you have {lv})")
        tool_used = None
        if kind.tool is not None:
            tool_used = self._tool_for(p, kind.tool)
            if tool_used is None:
                raise ActionError(
                    f"you need {self._ix.tool_hint.get(kind.tool, 'a ' + kind.tool + ' tool')} "
                    f"(an item with tool skill {kind.tool}) in your inventory or equipped"
                )
            self._link(tool_used[1], "item", f"used {tool_used[0]}")
        gained = dict(kind.yields)
        if tool_used is not None:
            # a better tool (power p > 1) gives one extra unit of the main yield with chance
            # (p - 1) * rules.tool_bonus_per_power
            power = self.content.items[tool_used[0]].tool.power
            if power > 1 and self.rng.random() < (power - 1) * self.rules.tool_bonus_per_power:
                main = next(iter(kind.yields))
                gained[main] += 1
        for rare in kind.rare:
            if self.rng.random() < rare.chance:
                gained[rare.item] = gained.get(rare.item, 0) + rare.count
        for item, n in gained.items():
            self._gain(p, item, n, aid)
        self._add_xp(p, kind.skill, kind.xp, aid)
        node.capacity -= 1
        extra = ""
        if node.capacity <= 0:
            node.respawn_round = self.round + kind.respawn
            self.depleted[node.id] = node
            self._ev("node_depleted", p.name, aid, node=node.id, respawn_round=node.respawn_round)
            extra = f"; {node.id} is now depleted (back in round {node.respawn_round})"
        else:
            extra = f"; {node.capacity} gathers left in {node.id}"
        return f"gathered {fmt_items(gained)} from {node.id} (+{kind.xp} {kind.skill} xp){extra}"

    def _add_xp(self, p: Player, skill: str, amount: int, aid: int | None) -> None:
        if amount <= 0 or skill not in p.xp:
            return
        p.xp[skill] += amount
        old = p.skills[skill]
        new = min(level_for_xp(p.xp[skill]), self.rules.max_level)
        self._ev("xp", p.name, aid, skill=skill, amount=amount, level=new)
        if new > old:
            p.skills[skill] = new
            self._ev("level_up", p.name, aid, skill=skill, level=new)
            if skill == "health":
                new_max = self.rules.max_hp(new)
                p.hp += new_max - p.max_hp
                p.max_hp = new_max

    def _do_craft(self, p: Player, args: dict, aid: int) -> str:
        rid = self._arg_str(args, "recipe")
        count = self._arg_count(args)
        recipe = self.content.recipes.get(rid)
        if recipe is None:
            # an output item name is a common slip: point at its recipes
            makers = [r.id for r in self.content.recipes.values() if rid in r.outputs]
            if makers:
                raise ActionError(f"unknown recipe '{rid}'; recipes that make {rid}: {', '.join(makers)}")
            raise ActionError(f"unknown recipe '{rid}'{suggest(rid, self.content.recipes)}")
        if recipe.station is not None:
            rng = self.rules.interact_range
            if self._nearest(p, rng, lambda e: isinstance(e, Station) and e.kind == recipe.station) is None:
                far = self._nearest(
                    p, self.rules.view_radius, lambda e: isinstance(e, Station) and e.kind == recipe.station
                )
                hint = (
                    f"; nearest is {far[0].id}, {far[1]} tiles away"
                    if far
                    else f"; find one ({', '.join(s.id for s in self.stations.values() if s.kind == recipe.station) or 'none on the map'})"
                )
                raise ActionError(f"{recipe.id} needs {article(recipe.station)} within {rng} tile(s){hint}")
        lv = p.skills.get(recipe.skill, 1)
        if lv < recipe.level:
            raise ActionError(f"you need {recipe.skill} {recipe.level} to craft {recipe.id} (you have {lv})")
        missing = {
            i: n * count - p.inventory.count(i)
            for i, n in recipe.inputs.items()
            if p.inventory.count(i) < n * count
        }
        if missing:
            have = {i: p.inventory.count(i) for i in missing}
            raise ActionError(
                f"{recipe.id} x{count} needs {fmt_items({i: n * count for i, n in recipe.inputs.items()})}; "
                f"missing {fmt_items(missing)} (you have {fmt_items(have) if any(have.values()) else 'none of them'})"
            )
        for t in recipe.tools:
            if not p.inventory.count(t) and t not in p.equipment.values():
                raise ActionError(f"{recipe.id} needs the tool {t} in your inventory")
        for t in recipe.tools:
            if p.inventory.count(t):
                self._link(p.inventory.lots[t][0][0], "item", f"used {t}")
            else:
                slot = next(s for s, e in p.equipment.items() if e == t)
                self._link(p.equip_origin.get(slot), "item", f"used {t}")
        for item, n in recipe.inputs.items():
            self._lose(p, item, n * count, aid)
        made = {item: n * count for item, n in recipe.outputs.items()}
        for item, n in made.items():
            self._gain(p, item, n, aid)
        self._add_xp(p, recipe.skill, recipe.xp * count, aid)
        return f"crafted {fmt_items(made)} from {fmt_items({i: n * count for i, n in recipe.inputs.items()})} (+{recipe.xp * count} {recipe.skill} xp)"
