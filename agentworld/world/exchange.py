"""Items changing hands: give, atomic trades, dropping and picking up ground items."""

from __future__ import annotations

from .common import ActionError, fmt_items, suggest
from .entities import GroundItem, Offer, Player
from .pathfinding import chebyshev
from .core import WorldCore


class Exchange(WorldCore):
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _other_player(self, p: Player, name, rng: int | None, verb: str) -> Player:
        if not isinstance(name, str) or not name:
            raise ActionError(f"'to' must be an agent name, got {name!r}")
        other = self.players.get(name)
        if other is None:
            raise ActionError(
                f"unknown agent '{name}'{suggest(name, self.players)}; agents: {', '.join(self.players)}"
            )
        if other is p:
            raise ActionError(f"you cannot {verb} yourself")
        if rng is not None:
            self._need_within(p, other, rng)
        return other

    def _need_within(self, p: Player, other: Player, rng: int) -> None:
        """Raise unless `other` is alive within `rng` tiles. Where they are, and whether they are
        alive, is told only while they are in p's view: a teammate out of view (or dead, which takes
        them off the map) gets the same answer wherever they are."""
        if not self._in_view(p, other):
            raise ActionError(
                f"{other.name} is not within {rng} tiles of you (not in view); move_to {other.name} first"
            )
        d = chebyshev((p.x, p.y), (other.x, other.y))
        if d > rng:
            raise ActionError(
                f"{other.name} is not within {rng} tiles (they are {d} tiles away at "
                f"({other.x}, {other.y})); move_to {other.name} first"
            )

    def _do_give(self, p: Player, args: dict, aid: int) -> str:
        other = self._other_player(p, args.get("to"), self.rules.give_range, "give to")
        item = self._item_id(self._arg_str(args, "item"))
        count = self._arg_count(args)
        self._need_items(p, item, count, "give")
        self._lose(p, item, count, aid)
        self._gain(other, item, count, aid)
        return f"gave {item} x{count} to {other.name}"

    def _check_bundle(self, bundle, what: str) -> dict[str, int]:
        if not isinstance(bundle, dict) or not bundle:
            raise ActionError(f"'{what}' must be a non-empty mapping {{item: count}}, got {bundle!r}")
        out = {}
        for item, n in bundle.items():
            self._item_id(item)
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ActionError(f"'{what}': the count of {item} must be a whole number >= 1, got {n!r}")
            out[item] = n
        return out

    def _do_trade_offer(self, p: Player, args: dict, aid: int) -> str:
        other = self._other_player(p, args.get("to"), None, "trade with")
        give = self._check_bundle(args.get("give"), "give")
        want = self._check_bundle(args.get("want"), "want")
        for item, n in give.items():
            self._need_items(p, item, n, "offer")
        oid = self.next_offer
        self.next_offer += 1
        expires = self.round + self.rules.trade_offer_expiry_rounds
        self.offers[oid] = Offer(oid, p.name, other.name, give, want, self.round, aid, expires)
        self._ev("trade_offer", p.name, aid, offer=oid, to=other.name, give=give, want=want, expires=expires)
        return (
            f"offered {other.name} trade #{oid}: your {fmt_items(give)} for their {fmt_items(want)}; "
            f"they can accept until round {expires - 1} while within {self.rules.give_range} tiles of you"
        )

    def _offer_arg(self, p: Player, args: dict) -> Offer:
        oid = args.get("offer_id")
        if isinstance(oid, bool) or not isinstance(oid, int):
            raise ActionError(f"'offer_id' must be an offer number, got {oid!r}")
        offer = self.offers.get(oid)
        if offer is None or p.name not in (offer.to, offer.sender):  # others' offers are not p's business
            mine = [o.id for o in self.offers.values() if o.to == p.name]
            raise ActionError(
                f"no pending trade offer #{oid} (it may have expired or been answered); "
                f"your pending offers: {mine or 'none'}"
            )
        return offer

    def _do_trade_accept(self, p: Player, args: dict, aid: int) -> str:
        offer = self._offer_arg(p, args)
        if offer.to != p.name:
            raise ActionError(
                f"offer #{offer.id} is your own offer to {offer.to}: they accept it "
                f"(trade_decline withdraws it)"
            )
        sender = self.players[offer.sender]
        self._need_within(p, sender, self.rules.give_range)
        for item, n in offer.want.items():  # what p lacks first: it knows its own inventory
            self._need_items(p, item, n, "complete this trade")
        if any(sender.inventory.count(item) < n for item, n in offer.give.items()):
            # not which item, nor how many they hold: their inventory is not p's to see
            raise ActionError(
                f"{sender.name} no longer has everything offered ({fmt_items(offer.give)}); "
                f"the trade cannot happen"
            )
        # all checks passed: swap atomically
        self._link(offer.action, "trade", f"trade offer #{offer.id}")
        given = [(item, n, self._lose(sender, item, n, aid)) for item, n in offer.give.items()]
        taken = [(item, n, self._lose(p, item, n, aid)) for item, n in offer.want.items()]
        for item, n, _lots in given:
            self._gain(p, item, n, aid)
        for item, n, _lots in taken:
            self._gain(sender, item, n, aid)
        del self.offers[offer.id]
        self._ev(
            "trade_done",
            p.name,
            aid,
            offer=offer.id,
            sender=sender.name,
            receiver=p.name,
            give=dict(offer.give),
            want=dict(offer.want),
        )
        return f"trade #{offer.id} done: you got {fmt_items(offer.give)} and gave {fmt_items(offer.want)} to {sender.name}"

    def _do_trade_decline(self, p: Player, args: dict, aid: int) -> str:
        offer = self._offer_arg(p, args)
        del self.offers[offer.id]
        self._ev(
            "trade_declined",
            p.name,
            aid,
            offer=offer.id,
            sender=offer.sender,
            to=offer.to,
            reason="withdrawn" if p.name == offer.sender else "declined",
        )
        return f"trade #{offer.id} {'withdrawn' if p.name == offer.sender else 'declined'}"

    def _do_drop(self, p: Player, args: dict, aid: int) -> str:
        item = self._item_id(self._arg_str(args, "item"))
        count = self._arg_count(args)
        self._need_items(p, item, count, "drop")
        taken = self._lose(p, item, count, aid)
        g = GroundItem(self._next_id("ground"), item, p.x, p.y, list(taken))
        self._place(g, self.ground)
        self._ev("drop", p.name, aid, item=item, count=count, ground=g.id, position=[p.x, p.y])
        return f"dropped {item} x{count} at ({p.x}, {p.y}) as {g.id}"

    def _do_pick_up(self, p: Player, args: dict, aid: int) -> str:
        target = self._arg_str(args, "target")
        rng = self.rules.interact_range
        g = self._lookup(p, target, GroundItem)
        if g is None:
            if target in self.content.items:
                found = self._nearest(p, rng, lambda e: isinstance(e, GroundItem) and e.item == target)
                if found is None:
                    raise ActionError(f"no {target} on the ground within {rng} tile(s)")
                g = found[0]
            else:
                raise self._unknown_target(p, target, "ground item", self._known_ids(p, GroundItem))
        self._in_range(p, g, rng, "pick_up")
        count = g.count
        del self.ground[g.id]
        del self.entities[g.id]
        self.grid.remove(g.id, g.x, g.y)
        self._link_lots(g.lots, g.item)
        self._ev("pick_up", p.name, aid, item=g.item, count=count, ground=g.id)
        self._gain(p, g.item, count, aid)
        return f"picked up {g.item} x{count}"
