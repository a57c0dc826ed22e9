"""Wearing, wielding and consuming items."""

from __future__ import annotations

from .common import ActionError, fmt_items, suggest
from .entities import Player
from .core import WorldCore


class Equipment(WorldCore):
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _do_equip(self, p: Player, args: dict, aid: int) -> str:
        item = self._item_id(self._arg_str(args, "item"))
        spec = self.content.items[item]
        if spec.slot is None:
            raise ActionError(f"{item} cannot be equipped (it has no equipment slot)")
        self._need_items(p, item, 1, "equip it")
        for skill, lv in spec.requires.items():
            if p.skills.get(skill, 1) < lv:
                raise ActionError(
                    f"you need {skill} {lv} to equip {item} (you have {p.skills.get(skill, 1)})"
                )
        slot = spec.slot
        old = p.equipment.get(slot)
        # equipping moves a unit from inventory to a slot: the holder keeps it (no item_loss/item_gain)
        taken = p.inventory.remove(item, 1)
        self._link_lots(taken, item)
        note = ""
        if old is not None:
            self._link(p.equip_origin.get(slot), "item", f"swapped out {old}")
            p.inventory.add(old, 1, aid)
            self._ev("unequip", p.name, aid, slot=slot, item=old, origin=aid)
            note = f" ({old} went back to your inventory)"
        p.equipment[slot] = item
        p.equip_origin[slot] = aid
        self._ev("equip", p.name, aid, slot=slot, item=item, lots=[[o, n] for o, n in taken])
        return f"equipped {item} in slot {slot}{note}"

    def _do_unequip(self, p: Player, args: dict, aid: int) -> str:
        slot = self._arg_str(args, "slot")
        if slot not in p.equipment:
            # accept an item id too
            slots = [s for s, e in p.equipment.items() if e == slot]
            if not slots:
                raise ActionError(
                    f"unknown slot '{slot}'{suggest(slot, p.equipment)}; slots: {', '.join(p.equipment)}"
                )
            slot = slots[0]
        item = p.equipment[slot]
        if item is None:
            raise ActionError(f"nothing is equipped in slot {slot}")
        self._link(p.equip_origin.get(slot), "item", f"unequipped {item}")
        p.equipment[slot] = None
        p.equip_origin[slot] = None
        p.inventory.add(item, 1, aid)
        self._ev("unequip", p.name, aid, slot=slot, item=item, origin=aid)
        return f"unequipped {item} from slot {slot}; it is in your inventory"

    def _do_use(self, p: Player, args: dict, aid: int) -> str:
        item = self._item_id(self._arg_str(args, "item"))
        spec = self.content.items[item]
        effects = {k: v for k, v in spec.effects.items() if k != "duration"}
        if spec.heal <= 0 and not effects:
            raise ActionError(f"{item} cannot be used; usable items are food and potions")
        self._need_items(p, item, 1, "use it")
        if not effects and p.hp >= p.max_hp:
            raise ActionError(f"you are already at full HP ({p.hp}/{p.max_hp}); keep the {item} for later")
        self._lose(p, item, 1, aid)
        parts = []
        if spec.heal > 0:
            healed = min(spec.heal, p.max_hp - p.hp)
            p.hp += healed
            self._ev("heal", p.name, aid, target=p.name, amount=healed, hp=p.hp)
            parts.append(f"healed {healed} HP ({p.hp}/{p.max_hp})")
        if effects:
            until = self.round + int(spec.effects.get("duration", 10))
            for skill, amount in effects.items():
                p.boosts[skill] = (int(amount), until)
            self._ev("boost", p.name, aid, effects=effects, until=until)
            parts.append(f"boosted {fmt_items(effects)} until round {until}")
        return f"used {item}: " + ", ".join(parts)
