"""The oracle's step rules: one `_step_<kind>(step, obs)` per step kind of a task's plan (task_steps.py).

A rule returns None when its step is complete (its goal shows in the observation), else the action to
take and what it is for (the loop in oracle.py counts a purpose like "gather@oak_tree#3:1" on success).
Rules read only the agent's own observation and the static world content.
"""

from __future__ import annotations

from typing import Any

from agentworld.task_steps import (
    AttackStep,
    BuildStep,
    ChatStep,
    CraftStep,
    DropStep,
    GatherStep,
    GiveStep,
    InspectStep,
    ItemStep,
    MoveToStep,
    PickUpStep,
    ShopStep,
    TalkStep,
    TradeAcceptStep,
    TradeOfferStep,
    UnequipStep,
    UseStep,
    WaitForStep,
    WaitStep,
)


WAIT = {"tool": "wait", "args": {}}


def _inv(obs: dict) -> dict[str, int]:
    return {e["item"]: e["count"] for e in obs["inventory"]}


def _visible(obs: dict, ident: str) -> dict | None:
    for e in obs["nearby"]:
        if e["id"] == ident:
            return e
    return None


def _nearest(obs: dict, kind_prefix: str, exclude: set[str] = frozenset()) -> dict | None:
    """Nearest entity whose id is `<prefix>#n` (nearby is sorted by distance)."""
    for e in obs["nearby"]:
        ident = e["id"]
        if (
            ident.split("#", 1)[0] == kind_prefix
            and ident not in exclude
            and "depleted" not in e["detail"].lower()
        ):
            return e
    return None


class OracleSteps:
    """Mixin of OracleAgent: the step rules and the helpers they share."""

    name: str
    content: Any  # the world content (recipes, yields, ranges, the map)
    interact: int  # interact range
    give_range: int
    heal_below: float  # eat when HP falls under this fraction
    close_view: dict[str, int]  # mob type -> distance within which "gone" means dead
    _node_sites: dict[str, list]  # node kind -> tiles on the map
    _station_sites: dict[str, list]  # station kind -> tiles
    mob_sites: dict[str, list]  # mob type -> spawn tiles (the map's and the task's stand-ins)
    memo: dict[str, Any]  # the current step's progress
    avoid: set[str]  # node ids that just failed
    last_seen: dict[str, tuple[int, int]]  # teammate -> where we last saw them
    inbox: list[dict]  # every chat received
    inbox_taken: set[int]  # indices of the messages earlier wait_for steps consumed
    mobs_seen: dict[str, tuple[int, tuple[int, int]]]
    mobs_died: list[str]

    # --- helpers --------------------------------------------------------------------------------
    def _go_where_last_seen(self, name: str, obs: dict) -> tuple[dict, str]:
        """A teammate out of view: walk back to where we last saw them (e.g. after our respawn); if
        they have moved on from there, walk to them by name (teammates are known by name); never
        seen: wait for them to come."""
        spot = self.last_seen.get(name)
        if spot is None:
            return WAIT, ""
        if tuple(obs["position"]) == spot:
            return {"tool": "move_to", "args": {"target": name}}, ""
        return {"tool": "move_to", "args": {"target": list(spot)}}, ""

    def _explore(self, obs: dict, places: tuple) -> tuple[dict, str]:
        """Nothing suitable in view: walk to the nearest place the world map lists for it.

        Uses only static map knowledge (where trees grow, where mobs spawn), like a player's map.
        Places reached without finding anything are crossed off for this step.
        """
        x, y = obs["position"]
        seen = self.memo.setdefault("explored", set())
        goal = self.memo.get("goal")
        if goal is not None and max(abs(goal[0] - x), abs(goal[1] - y)) <= 1:
            seen.add(goal)
            goal = None
        if goal is None or (obs["last_error"] and self.memo.get("exploring")):
            if goal is not None:
                seen.add(goal)
            options = [p for p in places if p not in seen]
            if not options:
                return WAIT, ""
            goal = min(options, key=lambda p: (abs(p[0] - x) + abs(p[1] - y), p))
            self.memo["goal"] = goal
        self.memo["exploring"] = 1
        return {"tool": "move_to", "args": {"target": [goal[0], goal[1]]}}, ""

    def _approach(self, entity: dict, reach: int) -> tuple[dict, str] | None:
        if entity["distance"] > reach:
            return {"tool": "move_to", "args": {"target": entity["id"]}}, "move"
        return None

    def _heal_if_needed(self, obs: dict) -> tuple[dict, str] | None:
        if obs["max_hp"] and obs["hp"] < obs["max_hp"] * self.heal_below:
            items = self.content.items
            foods = [
                (items[e["item"]].heal, e["item"])
                for e in obs["inventory"]
                if e["item"] in items and items[e["item"]].heal > 0
            ]
            if foods:
                return {"tool": "use", "args": {"item": max(foods)[1]}}, "heal"
        return None

    # --- steps: each returns (action, purpose) or None when complete --------------------------
    def _step_move_to(self, step: MoveToStep, obs: dict):
        target = step.target
        if isinstance(target, (tuple, list)):
            if tuple(obs["position"]) == tuple(target):
                return None
            return {"tool": "move_to", "args": {"target": list(target)}}, "move"
        seen = _visible(obs, target)
        if seen is not None and seen["distance"] <= self.interact:
            return None
        moved = self.memo.get("moves", 0)
        if moved and self.memo.get("last_pos") == obs["position"] and not obs["last_error"]:
            return None  # the engine says we are as close as we get
        self.memo["moves"] = moved + 1
        self.memo["last_pos"] = obs["position"]
        return {"tool": "move_to", "args": {"target": target}}, "move"

    def _yield_item(self, target: str) -> str | None:
        kind = target.split("#", 1)[0]
        node = self.content.node_kinds.get(kind)
        return next(iter(node.yields)) if node else None

    def _step_gather(self, step: GatherStep, obs: dict):
        item = self._yield_item(step.target)
        if item is not None and _inv(obs).get(item, 0) >= step.count:
            return None
        heal = self._heal_if_needed(obs)
        if heal:
            return heal
        if "#" in step.target:
            node = _visible(obs, step.target)
        else:
            node = _nearest(obs, step.target, self.avoid) or _nearest(obs, step.target)
        if node is None:
            if "#" in step.target:
                return {"tool": "move_to", "args": {"target": step.target}}, "move"
            return self._explore(obs, self._node_sites.get(step.target, ()))
        approach = self._approach(node, self.interact)
        if approach:
            return approach
        return {"tool": "gather", "args": {"target": node["id"]}}, f"gather@{node['id']}"

    def _step_craft(self, step: CraftStep, obs: dict):
        recipe = self.content.recipes.get(step.recipe)
        if recipe is None:
            return None
        inv = _inv(obs)
        made = self.memo.get("made", 0)
        if made >= step.count:
            return None
        if recipe.station:
            station = _nearest(obs, recipe.station)
            if station is None:
                return self._explore(obs, self._station_sites.get(recipe.station, ()))
            approach = self._approach(station, self.interact)
            if approach:
                return approach
        missing = [i for i, n in recipe.inputs.items() if inv.get(i, 0) < n]
        if missing:
            return WAIT, ""  # a teammate should be bringing the inputs
        times = step.count - made
        times = min([times] + [inv.get(i, 0) // n for i, n in recipe.inputs.items()])
        return {"tool": "craft", "args": {"recipe": step.recipe, "count": times}}, f"made:{times}"

    def _step_give(self, step: GiveStep, obs: dict):
        given = self.memo.get("given", 0)
        if given >= step.count:
            return None
        have = _inv(obs).get(step.item, 0)
        if have <= 0:
            return WAIT, ""
        mate = _visible(obs, step.to)
        if mate is None:
            return self._go_where_last_seen(step.to, obs)
        approach = self._approach(mate, self.give_range)
        if approach:
            return {"tool": "move_to", "args": {"target": step.to}}, "move"
        n = min(step.count - given, have)
        return {"tool": "give", "args": {"to": step.to, "item": step.item, "count": n}}, f"given:{n}"

    def _note_deaths(self, obs: dict) -> None:
        """Remember mobs seen to die, from this observation alone: our own blow killed it, or it
        was close enough last turn (view radius minus a mob's walk) and is gone while we stood still."""
        result = obs["last_result"] or ""
        here = tuple(obs["position"])
        now = {e["id"]: (e["distance"], here) for e in obs["nearby"] if e["kind"] == "mob"}
        for ident, (distance, where) in self.mobs_seen.items():
            killed_by_us = "killed it" in result and f" {ident} " in f" {result} "
            close = self.close_view.get(ident.split("#")[0], 0)
            vanished = ident not in now and where == here and distance <= close
            if killed_by_us or vanished:
                self.mobs_died.append(ident)
        self.mobs_seen = now

    def _waited_out(self, step: WaitForStep | WaitStep) -> bool:
        """Count this turn of waiting; True once a `rounds` cap (or a plain rounds wait) is used up."""
        waited = self.memo.get("waited", 0)
        if step.rounds is not None and waited >= step.rounds:
            return True
        self.memo["waited"] = waited + 1
        return False

    def _step_wait_for(self, step: WaitForStep, obs: dict):
        if step.item is not None:
            done = _inv(obs).get(step.item, 0) >= step.count
        elif step.kill is not None:
            done = any(ident == step.kill or ident.split("#", 1)[0] == step.kill for ident in self.mobs_died)
        elif step.message_from is not None or step.checkpoint is not None:
            done = self._take_message(step.message_from, step.checkpoint)
        elif step.messages_from is not None:
            done = self._take_messages(step.messages_from)
        elif step.until_round is not None:
            done = obs["round"] >= step.until_round
        else:
            done = False
        if done or self._waited_out(step):
            return None
        return WAIT, ""

    def _take_message(self, sender: str | None, mention: str | None) -> bool:
        """Consume the first unread chat from `sender` (or naming `mention`); True if there was one.
        Only that message is consumed: a wait for one sender passes over, but keeps, the messages
        of others that came before it, so a later wait for one of them still finds it."""
        for i, msg in enumerate(self.inbox):
            if i in self.inbox_taken:
                continue
            if (sender is None or msg["from"] == sender) and (mention is None or mention in msg["text"]):
                self.inbox_taken.add(i)
                return True
        return False

    def _take_messages(self, senders: list[str]) -> bool:
        """Once an unread chat from each of `senders` is in (any order), consume exactly those; True then.
        Chats from others stay unread for later steps."""
        found: dict[str, int] = {}
        for i, msg in enumerate(self.inbox):
            sender = msg["from"]
            if i not in self.inbox_taken and sender in senders and sender not in found:
                found[sender] = i
        if len(found) < len(set(senders)):
            return False
        self.inbox_taken.update(found.values())
        return True

    def _step_wait(self, step: WaitStep, obs: dict):
        waited = self.memo.get("waited", 0)
        if waited >= step.rounds:
            return None
        self.memo["waited"] = waited + 1
        return WAIT, ""

    def _step_equip(self, step: ItemStep, obs: dict):
        if step.item in obs["equipment"].values():
            return None
        if _inv(obs).get(step.item, 0) <= 0:
            return WAIT, ""
        return {"tool": "equip", "args": {"item": step.item}}, "equip"

    def _step_unequip(self, step: UnequipStep, obs: dict):
        if not obs["equipment"].get(step.slot):
            return None
        return {"tool": "unequip", "args": {"slot": step.slot}}, "unequip"

    def _step_use(self, step: UseStep, obs: dict):
        if self.memo.get("used", 0) >= step.count:
            return None
        if _inv(obs).get(step.item, 0) <= 0:
            return WAIT, ""
        return {"tool": "use", "args": {"item": step.item}}, "used:1"

    def _step_attack(self, step: AttackStep, obs: dict):
        heal = self._heal_if_needed(obs)
        if heal:
            return heal
        target_id = self.memo.get("target")
        if target_id is None:
            mob = _visible(obs, step.target) if "#" in step.target else _nearest(obs, step.target)
            if mob is None:
                if "#" in step.target and not self.memo.get("searched"):
                    self.memo["searched"] = 1
                    return {"tool": "move_to", "args": {"target": step.target}}, "move"
                return self._explore(obs, self.mob_sites.get(step.target, ()))
            target_id = self.memo["target"] = mob["id"]
        mob = _visible(obs, target_id)
        if mob is None:
            if (
                self.memo.get("attacked")
                and target_id in obs["last_result"]
                and "killed" in obs["last_result"]
            ):
                return None  # our own blow killed it
            if self.memo.get("seen_at", 99) <= 4:
                return None  # it was right here and vanished from view: it died (mobs do not outrun the view)
            if self.memo.get("chasing") and "dead" in obs["last_error"]:
                return None  # the engine confirms it is dead: killed by us or the team
            # out of view: chase it (after our own respawn, or it moved); the engine says if it died
            self.memo["chasing"] = 1
            return {"tool": "move_to", "args": {"target": target_id}}, "move"
        self.memo["chasing"] = 0
        self.memo["seen_at"] = mob["distance"]
        reach = self._weapon_range(obs)
        if mob["distance"] > reach or obs["last_error"].startswith(f"no line of sight to {target_id}"):
            return {"tool": "move_to", "args": {"target": target_id}}, "move"  # closer, round the wall
        self.memo["attacked"] = 1
        return {"tool": "attack", "args": {"target": target_id}}, "attack"

    def _weapon_range(self, obs: dict) -> int:
        weapon = obs["equipment"].get("weapon")
        item = self.content.items.get(weapon) if weapon else None
        if item is not None and item.stats is not None:
            return item.stats.range
        return self.content.rules.unarmed.range

    def _near_npc(self, npc: str, obs: dict):
        seen = _visible(obs, npc)
        if seen is None:
            return {"tool": "move_to", "args": {"target": npc}}, "move"
        return self._approach(seen, self.interact)

    def _step_talk(self, step: TalkStep, obs: dict):
        if self.memo.get("talked", 0) >= step.times:
            return None
        return self._near_npc(step.npc, obs) or ({"tool": "talk", "args": {"npc": step.npc}}, "talked:1")

    def _step_buy(self, step: ShopStep, obs: dict):
        done = self.memo.get("bought", 0)
        if done >= step.count:
            return None
        n = step.count - done
        return self._near_npc(step.npc, obs) or (
            {"tool": "buy", "args": {"npc": step.npc, "item": step.item, "count": n}},
            f"bought:{n}",
        )

    def _step_sell(self, step: ShopStep, obs: dict):
        done = self.memo.get("sold", 0)
        if done >= step.count:
            return None
        have = _inv(obs).get(step.item, 0)
        if have <= 0:
            return WAIT, ""
        n = min(step.count - done, have)
        return self._near_npc(step.npc, obs) or (
            {"tool": "sell", "args": {"npc": step.npc, "item": step.item, "count": n}},
            f"sold:{n}",
        )

    def _step_build(self, step: BuildStep, obs: dict):
        site_id = step.site if step.site.startswith("site#") else f"site#{step.site}"
        site = _visible(obs, site_id)
        if site is not None and any(w in site["detail"].lower() for w in ("complete", "built", "finished")):
            return self._feed_fire(step, site, obs) if step.feed else None
        if self.memo.get("done") or (step.times is not None and self.memo.get("built", 0) >= step.times):
            return None
        if site is None:
            return {"tool": "move_to", "args": {"target": site_id}}, "move"
        approach = self._approach(site, self.interact)
        if approach:
            return approach
        heal = self._heal_if_needed(obs)
        if heal:
            return heal
        err = obs["last_error"].lower()
        if (
            self.memo.get("builds")
            and err
            and any(w in err for w in ("complete", "finished", "already built"))
        ):
            return None
        self.memo["builds"] = self.memo.get("builds", 0) + 1
        return {"tool": "build", "args": {"site": site_id}}, "built:1"

    def _feed_fire(self, step: BuildStep, site: dict, obs: dict):
        """A finished fire: feed it `step.feed` units of its fuel (one a build), waiting for fuel if none."""
        if self.memo.get("fed", 0) >= step.feed:
            return None
        approach = self._approach(site, self.interact)
        if approach:
            return approach
        fuel = site["detail"].rpartition("feed: ")[2]
        if _inv(obs).get(fuel, 0) <= 0:
            return WAIT, ""
        return {"tool": "build", "args": {"site": site["id"]}}, "fed:1"

    def _step_trade_offer(self, step: TradeOfferStep, obs: dict):
        if self.memo.get("offered"):
            return None
        mate = _visible(obs, step.to)
        if mate is None:
            return self._go_where_last_seen(step.to, obs)
        if mate["distance"] > self.give_range:
            return {"tool": "move_to", "args": {"target": step.to}}, "move"
        inv = _inv(obs)
        if any(inv.get(i, 0) < n for i, n in step.give.items()):
            return WAIT, ""
        return {
            "tool": "trade_offer",
            "args": {"to": step.to, "give": dict(step.give), "want": dict(step.want)},
        }, "offered:1"

    def _step_trade_accept(self, step: TradeAcceptStep, obs: dict):
        if self.memo.get("accepted"):
            return None
        for offer in obs["offers"]:
            if step.from_ is None or offer["from"] == step.from_:
                mate = _visible(obs, offer["from"])
                if mate is not None and mate["distance"] > self.give_range:
                    return {"tool": "move_to", "args": {"target": offer["from"]}}, "move"
                return {"tool": "trade_accept", "args": {"offer_id": offer["id"]}}, "accepted:1"
        return WAIT, ""

    def _step_trade_decline(self, step: TradeAcceptStep, obs: dict):
        if self.memo.get("declined"):
            return None
        for offer in obs["offers"]:
            if step.from_ is None or offer["from"] == step.from_:
                return {"tool": "trade_decline", "args": {"offer_id": offer["id"]}}, "declined:1"
        return WAIT, ""

    def _step_pick_up(self, step: PickUpStep, obs: dict):
        if self.memo.get("picked"):
            return None
        ground = _visible(obs, step.target)
        if ground is None:
            for e in obs["nearby"]:
                if e["kind"] == "ground" and (
                    step.target in e["name"].lower().replace(" ", "_") or step.target in e["detail"]
                ):
                    ground = e
                    break
        if ground is None:
            if "#" in step.target and not self.memo.get("searched"):
                self.memo["searched"] = 1
                return {"tool": "move_to", "args": {"target": step.target}}, "move"
            return WAIT, ""
        return self._approach(ground, self.interact) or (
            {"tool": "pick_up", "args": {"target": ground["id"]}},
            "picked:1",
        )

    def _step_drop(self, step: DropStep, obs: dict):
        if self.memo.get("dropped"):
            return None
        return {"tool": "drop", "args": {"item": step.item, "count": step.count}}, "dropped:1"

    def _step_chat(self, step: ChatStep, obs: dict):
        if self.memo.get("sent"):
            return None
        return {"tool": "chat", "args": {"to": step.to, "message": step.message}}, "sent:1"

    def _step_inspect(self, step: InspectStep, obs: dict):
        if self.memo.get("inspected"):
            return None
        return {"tool": "inspect", "args": {"target": step.target}}, "inspected:1"
