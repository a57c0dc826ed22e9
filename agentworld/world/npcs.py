"""NPCs: shops (buy, sell) and quests advanced by talking."""

from __future__ import annotations

from typing import Any

from .common import ActionError, fmt_items, suggest
from .entities import Npc, Player
from .core import WorldCore
from .xp import xp_for_level


class Npcs(WorldCore):
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _npc_near(self, p: Player, args: dict) -> tuple[Npc, Any]:
        nid = self._arg_str(args, "npc")
        npc = self.npcs.get(nid)
        if npc is None:
            raise ActionError(f"unknown NPC '{nid}'{suggest(nid, self.npcs)}")
        self._in_range(p, npc, self.rules.interact_range, "talk/trade")
        return npc, self.content.npcs[nid]

    def _do_buy(self, p: Player, args: dict, aid: int) -> str:
        npc, spec = self._npc_near(p, args)
        item = self._item_id(self._arg_str(args, "item"))
        count = self._arg_count(args)
        if spec.shop is None:
            raise ActionError(f"{npc.id} does not run a shop")
        entry = next((s for s in spec.shop.stock if s.item == item), None)
        if entry is None:
            raise ActionError(
                f"{npc.id} does not sell {item}; stock: {', '.join(s.item for s in spec.shop.stock)}"
            )
        left = npc.stock.get(item, 0)
        if left < count:
            raise ActionError(f"{npc.id} has only {left} {item} left")
        price = entry.price * count
        if p.inventory.count("coins") < price:
            raise ActionError(f"{item} x{count} costs {price} coins (you have {p.inventory.count('coins')})")
        if price:
            self._lose(p, "coins", price, aid)
        npc.stock[item] = left - count
        self._gain(p, item, count, aid)
        self._ev("shop_buy", p.name, aid, npc=npc.id, item=item, count=count, price=price)
        return f"bought {item} x{count} from {npc.id} for {price} coins"

    def _do_sell(self, p: Player, args: dict, aid: int) -> str:
        npc, spec = self._npc_near(p, args)
        item = self._item_id(self._arg_str(args, "item"))
        count = self._arg_count(args)
        if spec.shop is None:
            raise ActionError(f"{npc.id} does not run a shop")
        if item == "coins":
            raise ActionError("you cannot sell coins")
        unit = int(self.content.items[item].value * spec.shop.buy_ratio)
        if unit <= 0:
            raise ActionError(f"{npc.id} will not buy {item} (it is worthless to the shop)")
        self._need_items(p, item, count, "sell")
        self._lose(p, item, count, aid)
        npc.stock[item] = npc.stock.get(item, 0) + count
        self._gain(p, "coins", unit * count, aid)
        self._ev("shop_sell", p.name, aid, npc=npc.id, item=item, count=count, price=unit * count)
        return f"sold {item} x{count} to {npc.id} for {unit * count} coins"

    def _stage_npc(self, quest_id: str, stage) -> str:
        return stage.npc or self._ix.quest_giver[quest_id]

    def _try_stage(self, p: Player, quest_id: str, npc_id: str, aid: int) -> tuple[bool, str]:
        """Try to complete the current stage of an active quest by talking to npc_id."""
        quest = self._ix.quests[quest_id]
        stage = quest.stages[p.quests[quest_id]]
        if self._stage_npc(quest_id, stage) != npc_id:
            return False, ""
        if stage.kind == "bring":
            missing = {
                i: n - p.inventory.count(i) for i, n in stage.items.items() if p.inventory.count(i) < n
            }
            if missing:
                return (
                    False,
                    f"{quest.name}: still bring {fmt_items(stage.items)} (missing {fmt_items(missing)})",
                )
            for item, n in stage.items.items():
                self._lose(p, item, n, aid)
        elif stage.kind == "kill":
            got = p.quest_kills.get(quest_id, {})
            missing = {m: n - got.get(m, 0) for m, n in stage.mobs.items() if got.get(m, 0) < n}
            if missing:
                return False, f"{quest.name}: still kill {fmt_items(missing)}"
            for kill_aid in p.quest_kill_actions.get(quest_id, []):
                self._link(kill_aid, "quest", f"kill for {quest_id}")
        for prev in p.quest_actions.get(quest_id, []):
            if prev != aid:
                self._link(prev, "quest", f"earlier stage of {quest_id}")
        if aid not in p.quest_actions.setdefault(quest_id, []):
            p.quest_actions[quest_id].append(aid)
        p.quests[quest_id] += 1
        p.quest_kills[quest_id] = {}
        p.quest_kill_actions[quest_id] = []
        idx = p.quests[quest_id]
        if idx >= len(quest.stages):
            self._ev("quest_done", p.name, aid, quest=quest_id, npc=npc_id)
            for item, n in quest.rewards.items.items():
                self._gain(p, item, n, aid)
            for skill, xp in quest.rewards.xp.items():
                self._add_xp(p, skill, xp, aid)
            rewards = fmt_items(dict(quest.rewards.items)) if quest.rewards.items else "no items"
            return True, f"quest '{quest.name}' complete! rewards: {rewards}"
        nxt = quest.stages[idx]
        self._ev("quest_stage", p.name, aid, quest=quest_id, stage=idx, text=nxt.text)
        return True, f"{quest.name}: stage {idx + 1}/{len(quest.stages)}: {nxt.text}"

    def _do_talk(self, p: Player, args: dict, aid: int) -> str:
        npc, spec = self._npc_near(p, args)
        n_talks = p.talked.get(npc.id, 0)
        p.talked[npc.id] = n_talks + 1
        lines = [f'{spec.name}: "{spec.dialogue[n_talks % len(spec.dialogue)]}"']
        # 1) progress every active quest whose current stage is handled by this NPC (repeat while it advances)
        for qid in list(p.quests):
            while p.quests[qid] < len(self._ix.quests[qid].stages):
                advanced, msg = self._try_stage(p, qid, npc.id, aid)
                if msg:
                    lines.append(msg)
                if not advanced:
                    break
        # 2) offer this NPC's next quest not yet started (one at a time)
        for quest in spec.quests:
            if quest.id in p.quests:
                if p.quests[quest.id] < len(quest.stages):
                    break  # still in progress: finish it first
                continue
            p.quests[quest.id] = 0
            p.quest_npc[quest.id] = npc.id
            p.quest_actions[quest.id] = [aid]
            p.quest_kills[quest.id] = {}
            p.quest_kill_actions[quest.id] = []
            self._ev("quest_stage", p.name, aid, quest=quest.id, stage=0, text=quest.stages[0].text)
            lines.append(
                f"new quest '{quest.name}': {quest.description} Stage 1/{len(quest.stages)}: "
                f"{quest.stages[0].text}"
            )
            # stages handled by this same NPC ("talk to me", items already carried) are done at once
            while p.quests[quest.id] < len(quest.stages):
                stage = quest.stages[p.quests[quest.id]]
                if stage.kind == "kill":
                    break  # kills must happen after the stage starts
                advanced, msg = self._try_stage(p, quest.id, npc.id, aid)
                if not advanced:
                    break
                lines.append(msg)
            break
        lesson = self._lesson(p, spec, aid)
        if lesson:
            lines.append(lesson)
        self._ev("talk", p.name, aid, npc=npc.id)
        return " ".join(lines)

    def _lesson(self, p: Player, spec: Any, aid: int) -> str:
        """A trainer's lesson: rules.lesson_xp XP in each skill it teaches, never past its level cap."""

        taught = []
        for skill, cap in spec.teaches.items():
            room = xp_for_level(cap) - p.xp.get(skill, 0)
            amount = min(self.rules.lesson_xp, room)
            if skill in p.xp and amount > 0:
                self._add_xp(p, skill, amount, aid)
                taught.append(f"+{amount} {skill} xp")
        if taught:
            return f"Lesson: {', '.join(taught)}."
        if spec.teaches:
            caps = ", ".join(f"{k} {v}" for k, v in spec.teaches.items())
            return f"{spec.name} has nothing more to teach you (teaches up to {caps})."
        return ""
