"""What an agent perceives: observe(), entity details, inspect, chat and wait."""

from __future__ import annotations

from typing import Any
from operator import itemgetter

from .common import KIND_OF, ActionError, article, fmt_items, suggest
from .entities import GroundItem, Landmark, Mob, Node, Npc, Player, Site, Station
from .pathfinding import chebyshev
from .core import WorldCore

_BY_DISTANCE_THEN_ID = itemgetter(0, 1)  # same key as lambda f: (f[0], f[1]), without a Python call per entry


class Observing(WorldCore):
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _detail(self, ent, full: bool = False) -> str:
        c = self.content
        if isinstance(ent, Node):
            head = self._ix.node_head[ent.kind]
            if ent.capacity <= 0:
                return f"{head}; depleted until round {ent.respawn_round}"
            return f"{head}; {ent.capacity} left"
        if isinstance(ent, Mob):
            fight = f", fighting {ent.target}" if ent.target else ""
            return f"{self._ix.mob_head[ent.type]}, HP {ent.hp}/{ent.max_hp}{fight}"
        if isinstance(ent, Player):
            if not ent.alive:
                return f"dead (back in round {ent.respawn_round})"
            return f"player, HP {ent.hp}/{ent.max_hp}"
        if isinstance(ent, Npc):
            spec = c.npcs[ent.id]
            if full:
                return self._npc_card(ent, spec)
            extra = ", has a shop" if spec.shop else ""
            if spec.quests:
                extra += ", gives quests"
            if spec.teaches:
                extra += ", teaches skills"
            return f"{spec.role}{extra}"
        if isinstance(ent, Station):
            return f"{ent.name} (crafting station)"
        if isinstance(ent, GroundItem):
            return f"{ent.item} x{ent.count} on the ground"
        if isinstance(ent, Site):
            if ent.complete:
                return "complete" + (self._shelter_detail(ent) if ent.shelter is not None else "")
            needs = f"needs {fmt_items(ent.materials)}; " if ent.materials else ""
            return f"construction site: {needs}work {ent.work_done}/{ent.work}"
        if isinstance(ent, Landmark):
            return "landmark"
        return ""

    def _shelter_detail(self, site: Site) -> str:
        """'; keeps off cold 6 within 3' and, for a fire, how long it burns and what feeds it."""
        shelter = site.shelter
        keeps = ", ".join(f"{kind} {n}" for kind, n in shelter.protects.items())
        text = f"; keeps off {keeps} within {shelter.radius}"
        if shelter.fuel is None:
            return text
        lit = (
            f"burning through the end of round {site.lit_until}"
            if site.lit_until is not None and site.lit_until >= self.round
            else "gone out"
        )
        return f"{text} while it burns; {lit}; feed: {shelter.fuel}"

    def _npc_card(self, npc: Npc, spec) -> str:
        """What `inspect` tells about an NPC: its shop (stock left, prices), lessons and quests."""
        parts = [
            f"{spec.role} {spec.name}" + (f", {spec.description.rstrip('.')}" if spec.description else "")
        ]
        if spec.shop:
            stock = ", ".join(
                f"{s.item} {s.price} coins ({npc.stock.get(s.item, 0)} left)" for s in spec.shop.stock
            )
            parts.append(f"Sells: {stock}; buys any item for {spec.shop.buy_ratio:.0%} of its value")
        if spec.teaches:
            parts.append(
                "Teaches (talk for a lesson): "
                + ", ".join(f"{k} up to level {v}" for k, v in spec.teaches.items())
            )
        if spec.quests:
            parts.append("Quests: " + ", ".join(q.name for q in spec.quests))
        return ". ".join(parts) + "."

    def observe(self, agent: str) -> dict:
        """The agent's own view (see docs/ARCHITECTURE.md); drains its pending messages."""
        obs = self.observe_state(agent)
        p = self.players[agent]
        obs["region"] = self._region_line(p, self.map.region_at(p.x, p.y))
        obs["quests"] = self._quest_stages(p)
        obs["happened"] = self._news(p)
        obs["last_result"] = p.last_result
        obs["last_error"] = p.last_error
        return obs

    def observe_state(self, agent: str) -> dict:
        """The fields of `observe` that are state, not text for a reader: no region name, quests,
        news or last results (what numeric views read). Drains the agent's pending messages too."""
        p = self.players[agent]
        nearby = self._nearby_entries(self._in_sight_radius(p))
        messages = p.messages
        if messages:
            p.messages = []
        return {
            "agent": p.name,
            "round": self.round,
            "position": [p.x, p.y],
            "hp": p.hp,
            "max_hp": p.max_hp,
            "alive": p.alive,
            "skills": dict(p.skills),
            "inventory": p.inventory.counts(),
            "equipment": dict(p.equipment),
            "nearby": nearby,
            "messages": messages,
            "offers": [
                {"id": o.id, "from": o.sender, "give": dict(o.give), "want": dict(o.want)}
                for o in self.offers.values()
                if o.to == agent
            ],
        }

    def _region_line(self, p: Player, region: str | None) -> str:
        """The region's name, and what an exposure of the task does to p there (exposure.py)."""
        name = self.map.region_name(region)
        note = self.exposure_note(p) if self.exposures else ""
        return f"{name} ({note})" if note else name

    def _in_sight_radius(self, p: Player) -> list[tuple[int, str, Any]]:
        """(distance, id, entity) of everything within the view radius but p, nearest first."""
        px, py = p.x, p.y
        radius = self.rules.view_radius
        found = []
        # the spatial grid's near() inlined: this is the hottest loop of a training run
        size = self.grid.size
        buckets = self.grid.buckets
        for by in range((py - radius) // size, (py + radius) // size + 1):
            for bx in range((px - radius) // size, (px + radius) // size + 1):
                bucket = buckets.get((bx, by))
                if not bucket:
                    continue
                for ident, ent in bucket.items():
                    dx = ent.x - px
                    dy = ent.y - py
                    dx = -dx if dx < 0 else dx
                    dy = -dy if dy < 0 else dy
                    d = dx if dx > dy else dy
                    if d <= radius and ent is not p:
                        found.append((d, ident, ent))
        found.sort(key=_BY_DISTANCE_THEN_ID)
        return found

    def _nearby_entries(self, found: list[tuple[int, str, Any]]) -> list[dict]:
        """The observation's `nearby` entries: id, kind, name, position, distance and a detail line."""
        ix = self._ix
        static = ix.static_detail
        node_head, mob_head = ix.node_head, ix.mob_head
        nearby = []
        for d, ident, ent in found:
            t = type(ent)
            if t is Node:
                name = ix.node_names[ent.kind]
                if ent.capacity > 0:
                    detail = f"{node_head[ent.kind]}; {ent.capacity} left"
                else:
                    detail = f"{node_head[ent.kind]}; depleted until round {ent.respawn_round}"
            elif t is Mob:
                name = ix.mob_names[ent.type]
                if ent.target:
                    detail = f"{mob_head[ent.type]}, HP {ent.hp}/{ent.max_hp}, fighting {ent.target}"
                else:
                    detail = f"{mob_head[ent.type]}, HP {ent.hp}/{ent.max_hp}"
            elif t is Player:
                name = ent.name
                detail = f"player, HP {ent.hp}/{ent.max_hp}" if ent.alive else self._detail(ent)
            elif t is GroundItem:
                name = ix.item_names[ent.item]
                detail = f"{ent.item} x{ent.count} on the ground"
            elif t is Site:
                name = ent.name
                detail = self._detail(ent)
            else:  # NPC, station, landmark: their detail never changes
                name = ent.name
                detail = static.get(ident)
                if detail is None:
                    detail = static[ident] = self._detail(ent)
            nearby.append(
                {
                    "id": ident,
                    "kind": KIND_OF[t],
                    "name": name,
                    "position": [ent.x, ent.y],
                    "distance": d,
                    "detail": detail,
                }
            )

        return nearby

    def _quest_stages(self, p: Player) -> list[dict]:
        quests = []
        for qid, idx in p.quests.items():
            q = self._ix.quests[qid]
            quests.append(
                {
                    "npc": p.quest_npc.get(qid, self._ix.quest_giver[qid]),
                    "quest": qid,
                    "stage": q.stages[idx].text if idx < len(q.stages) else "complete",
                }
            )
        return quests

    NEWS_MAX = 12  # lines of news an observation carries (the latest; a long absence is summarised)

    def _news(self, p: Player) -> list[str]:
        """What others and the world did to the player since its last action, one line each, oldest first:
        who hit it and for how much, its death and respawn, what someone gave it, trade offers to it.
        Read from the event log (deterministic), so observing twice tells the same news."""
        events = self.provenance.events
        name, news, givers = p.name, [], {}
        for i in range(p.news_from, len(events)):
            e = events[i]
            kind = e["kind"]
            if kind == "damage" and e.get("target") == name and e.get("hazard"):
                kept = f"; {e['kept']} kept off by {', '.join(e['kept_by'])}" if e["kept_by"] else ""
                news.append(
                    f"round {e['round']}: the {self.content.exposures[e['hazard']].name} cost you {e['amount']} HP "
                    f"(HP {e.get('hp')}{kept})"
                )
            elif kind == "damage" and e.get("target") == name:
                news.append(
                    f"round {e['round']}: {e.get('mob') or e['agent']} hit you for {e['amount']} "
                    f"(HP {e.get('hp')})"
                )
            elif kind == "death" and e.get("player") == name:
                news.append(
                    f"round {e['round']}: you were killed by {e.get('by') or 'something'}; you are back "
                    f"at your spawn ({p.spawn[0]}, {p.spawn[1]}) with full HP and your items at the "
                    f"start of round {e.get('respawn_round')}"
                )
            elif kind == "respawn" and e.get("player") == name:
                news.append(f"round {e['round']}: you respawned at ({e['position'][0]}, {e['position'][1]})")
            elif kind == "item_loss" and e["agent"] != name and e["action"] is not None:
                givers[e["action"]] = e["agent"]
            elif kind == "item_gain" and e["agent"] == name and e["action"] in givers:
                news.append(f"round {e['round']}: {givers[e['action']]} gave you {e['item']} x{e['count']}")
            elif kind == "trade_offer" and e.get("to") == name:
                news.append(f"round {e['round']}: {e['agent']} offered you a trade (offer {e['offer']})")
            elif kind == "market_fall" and e.get("player") == name:
                news.append(
                    f"round {e['round']}: your worth fell from {e['before']} to {e['after']} by "
                    f"{e['agent']}'s {e['tool']} (the market gives no credit: the bargain is broken)"
                )
        if len(news) > self.NEWS_MAX:
            news = [f"({len(news) - self.NEWS_MAX + 1} earlier events not shown)"] + news[
                -self.NEWS_MAX + 1 :
            ]
        return news

    def _do_inspect(self, p: Player, args: dict, aid: int) -> str:
        target = self._arg_str(args, "target")
        c = self.content
        ent = self._lookup(p, target)
        if ent is not None and not isinstance(ent, Landmark):
            if ent is not p and not self._in_view(p, ent):  # out of range, or a dead teammate off the map
                raise ActionError(f"{target} is not in view (within {self.rules.view_radius} tiles of you)")
            return self._describe(ent, chebyshev((p.x, p.y), (ent.x, ent.y)))
        if ent is not None:
            return f"{ent.name} ({ent.id}) at ({ent.x}, {ent.y}), {chebyshev((p.x, p.y), (ent.x, ent.y))} tiles away"
        if target in c.items:
            it = c.items[target]
            parts = [f"{it.name} ({it.id}): {it.category}, value {it.value}. {it.description}"]
            if it.slot:
                parts.append(f"slot {it.slot}")
            if it.stats:
                s = it.stats
                parts.append(
                    f"stats accuracy {s.accuracy}, strength {s.strength}, defense {s.defense}, "
                    f"range {s.range}, style {s.style}"
                )
            if it.requires:
                parts.append(f"requires {fmt_items(it.requires)}")
            if it.heal:
                parts.append(f"heals {it.heal} HP")
            if it.protects:
                kept = ", ".join(f"{kind} {n}" for kind, n in it.protects.items())
                parts.append(f"worn, keeps off {kept} HP a round of exposure")
            if it.tool:
                parts.append(f"tool for {it.tool.skill} (power {it.tool.power})")
            makers = [r.id for r in c.recipes.values() if target in r.outputs]
            if makers:
                parts.append(f"made by recipe(s) {', '.join(makers)}")
            return "; ".join(parts)
        if target in c.recipes:
            r = c.recipes[target]
            where = f"at {article(r.station)}" if r.station else "anywhere (no station)"
            tools = f", tools {', '.join(r.tools)}" if r.tools else ""
            return (
                f"recipe {r.id} ({r.name}): {fmt_items(dict(r.inputs))} -> {fmt_items(dict(r.outputs))}; "
                f"needs {r.skill} {r.level}, {where}{tools}; +{r.xp} xp"
            )
        if target in c.skills:
            s = c.skills[target]
            return f"skill {s.id}: {s.description} You have level {p.skills.get(s.id, 1)} ({p.xp.get(s.id, 0)} xp)"
        if target in c.node_kinds:
            k = c.node_kinds[target]
            return (
                f"{k.name} nodes: {k.skill} {k.level}{', tool for ' + k.tool if k.tool else ''}; "
                f"yields {fmt_items(dict(k.yields))}; {k.capacity} gathers, back after {k.respawn} rounds"
            )
        if target in c.mobs:
            m = c.mobs[target]
            return (
                f"{m.name} ({m.id}): level {m.level}, {m.hp} HP, max hit {m.max_hit}, range {m.attack_range}, "
                f"{'aggressive' if m.aggressive else 'passive'}{', BOSS' if m.boss else ''}. {m.description}"
            )
        pool = self._known_ids(p) + list(c.items) + list(c.recipes)
        raise ActionError(f"nothing called '{target}' to inspect{suggest(target, pool)}")

    def _describe(self, ent, d: int) -> str:
        kind = KIND_OF[type(ent)]
        ident = ent.name if isinstance(ent, Player) else ent.id
        return f"{ident} ({kind}) at ({ent.x}, {ent.y}), {d} tiles away: {self._detail(ent, full=True)}"

    def _do_chat(self, p: Player, args: dict, aid: int) -> str:
        to = args.get("to")
        message = args.get("message")
        if not isinstance(message, str) or not message.strip():
            raise ActionError("chat needs a non-empty 'message'")
        limit = self.rules.max_message_chars
        if len(message) > limit:
            raise ActionError(f"message is {len(message)} characters; the limit is {limit}")
        if to == "team":
            recipients = [n for n in self.players if n != p.name]
        else:
            names = [to] if isinstance(to, str) else to
            if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
                raise ActionError(f"'to' must be 'team', an agent name or a list of agent names, got {to!r}")
            unknown = [n for n in names if n not in self.players]
            if unknown:
                raise ActionError(
                    f"unknown recipient(s) {', '.join(repr(n) for n in unknown)}; "
                    f"agents: {', '.join(self.players)} (or 'team')"
                )
            recipients = []
            for n in names:
                if n != p.name and n not in recipients:
                    recipients.append(n)
            if not recipients:
                raise ActionError("you cannot send a message only to yourself")
        if not recipients:
            raise ActionError("there is nobody else on the team to message")
        msg = {"round": self.round, "from": p.name, "to": list(recipients), "text": message}
        for n in recipients:
            self.players[n].messages.append(msg)
        self._ev("chat", p.name, aid, to=list(recipients), message=message)
        return f"message sent to {', '.join(recipients)}"

    def _do_wait(self, p: Player, args: dict, aid: int) -> str:
        if not p.alive:
            return f"you wait for your respawn at ({p.spawn[0]}, {p.spawn[1]}) in round {p.respawn_round}"
        return "you wait"
