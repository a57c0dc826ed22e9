"""WorldCore: the state every rule of the world reads and writes, and the helpers the rules share.

`World` (engine.py) is WorldCore plus one mixin per group of tools (movement.py, production.py,
exchange.py, equipment.py, npcs.py, construction.py, fighting.py, mobs.py, observing.py). Each
mixin inherits WorldCore, so a rule's `self.players` or `self._lookup(...)` goes to its definition
here. A helper one mixin defines for another is declared at the end of the class with the module
that defines it: that is the whole of the coupling between mixins.

Helpers raise ActionError with a message for the agent; `World.act` turns it into an Outcome.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from .common import ActionError, suggest, suggest_ranked
from .entities import HIDDEN_UNTIL_SEEN, GroundItem, Landmark, Mob, Node, Npc, Offer, Player, Site, Station
from .index import BUCKET, index_for
from .pathfinding import chebyshev
from .provenance import Provenance
from .spatial import SpatialGrid

if TYPE_CHECKING:
    from .combat import Ratings
    from .content import Content
    from .market import Ledger


class WorldCore:
    """See the module docstring. The tables are created by `_attach` (content) and `_clear` (state)."""

    round: int  # the current round (1 after reset)
    seed: int  # the reset's seed
    rng: random.Random  # the only source of randomness, seeded at reset

    def _attach(self, content: Content) -> None:
        """The immutable part (World._STATIC: not in snapshots)."""
        self.content = content  # validated world data (world/data/*.yaml)
        self.rules = content.rules  # rules.yaml: ranges, timings, formulas' constants
        self.map = content.map  # terrain, landmarks, placed things
        self._ix = index_for(content)  # lookups precomputed once per content
        self._out: list[dict] | None = None  # the events of the call being applied (act, end_round)
        self._links: list[dict] | None = None  # its provenance links (act)

    def _clear(self) -> None:
        """The mutable state tables (all in snapshots), empty."""
        self.players: dict[str, Player] = {}  # agent name -> its player
        self.mobs: dict[str, Mob] = {}  # mob id -> mob, alive or dead
        self.nodes: dict[str, Node] = {}  # resource node id -> node, full or depleted
        self.npcs: dict[str, Npc] = {}  # NPC id -> NPC (with its shop stock)
        self.stations: dict[str, Station] = {}  # station id -> crafting station
        self.ground: dict[str, GroundItem] = {}  # ground item id -> items lying on a tile
        self.sites: dict[str, Site] = {}  # site id -> construction site
        self.landmarks: dict[str, Landmark] = {}  # landmark id -> named place
        self.entities: dict[str, Any] = {}  # every non-player entity by id (the tables above)
        self.active: dict[str, Mob] = {}  # mobs with a target or away from their spawn
        self.guarded: dict[tuple[int, int], Mob] = {}  # tile -> the mob that holds it (while it lives)
        self.dead_mobs: dict[str, Mob] = {}  # waiting to respawn
        self.depleted: dict[str, Node] = {}  # waiting to grow back
        self.offers: dict[int, Offer] = {}  # offer id -> pending trade offer
        self.counters: dict[str, int] = {}  # id prefix -> last number given (_next_id)
        self.next_offer = 0  # the next trade offer's id
        self.grid = SpatialGrid(BUCKET)  # who is where: players and entities by tile bucket
        self.provenance = Provenance()  # the event log and each action's links
        self.mentioned: dict[str, frozenset[str]] = {}  # agent -> words its briefing uses (see mention)
        self.exposures: list[str] = []  # exposures the task turned on (exposure.py), in order
        self.market: Ledger | None = None  # the open market's prices and worths (market.py), if any

    # --- placing entities ---------------------------------------------------------------
    def _place(self, ent, table: dict) -> None:
        table[ent.id] = ent
        self.entities[ent.id] = ent
        self.grid.add(ent.id, ent)

    def _next_id(self, prefix: str) -> str:
        n = self.counters.get(prefix, 0) + 1
        self.counters[prefix] = n
        return f"{prefix}#{n}"

    # --- events and links -----------------------------------------------------------------
    def _ev(self, kind: str, agent: str | None, action: int | None, **fields) -> dict:
        e = {"kind": kind, "round": self.round, "agent": agent, "action": action, **fields}
        self.provenance.events.append(e)
        if self._out is not None:
            self._out.append(e)
        return e

    def _link(self, origin: int | None, kind: str, detail: str) -> None:
        if origin is not None and self._links is not None:
            self._links.append({"from": origin, "kind": kind, "detail": detail})

    def _link_lots(self, taken, item: str, kind: str = "item") -> None:
        for origin, n in taken:
            self._link(origin, kind, f"{item} x{n}")

    def _gain(self, p: Player, item: str, count: int, aid: int | None) -> None:
        p.inventory.add(item, count, aid)
        self._ev("item_gain", p.name, aid, item=item, count=count, origin=aid)

    def _lose(self, p: Player, item: str, count: int, aid: int | None, link: bool = True):
        taken = p.inventory.remove(item, count)
        self._ev("item_loss", p.name, aid, item=item, count=count, lots=[[o, n] for o, n in taken])
        if link:
            self._link_lots(taken, item)
        return taken

    def _hurt(self, p: Player, dmg: int, by: str, source: dict, extra: dict | None = None) -> None:
        """`dmg` HP off a player from the world (a mob's blow: source {mob}; an exposure: {hazard}), as a
        `damage` event; at 0 HP the player dies (rules.yaml `death_rule`)."""
        dmg = min(dmg, p.hp)
        p.hp -= dmg
        self._ev(
            "damage",
            None,
            None,
            **source,
            target=p.name,
            amount=dmg,
            by_action=None,
            hp=p.hp,
            **(extra or {}),
        )
        if p.hp <= 0:
            p.alive = False
            p.respawn_round = self.round + self.rules.respawn_delay_rounds + 1
            p.path, p.path_goal = [], None
            self.grid.remove(p.name, p.x, p.y)
            # mobs fighting them switch to another attacker or reset (see _mobs_act); offers survive
            self._ev("death", None, None, player=p.name, by=by, respawn_round=p.respawn_round)

    # --- shared by the rules: arguments, ranges, lookups --------------------------------
    @staticmethod
    def _arg_str(args: dict, key: str) -> str:
        v = args.get(key)
        if not isinstance(v, str) or not v:
            raise ActionError(f"argument '{key}' must be a non-empty string, got {v!r}")
        return v

    @staticmethod
    def _arg_count(args: dict, key: str = "count") -> int:
        v = args.get(key, 1)
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ActionError(f"argument '{key}' must be a whole number >= 1, got {v!r}")
        return v

    def _item_id(self, item: str) -> str:
        if item not in self.content.items:
            raise ActionError(f"unknown item '{item}'{suggest(item, self.content.items)}")
        return item

    def _need_items(self, p: Player, item: str, count: int, verb: str = "have") -> None:
        have = p.inventory.count(item)
        if have < count:
            extra = ""
            if have == 0 and item in p.equipment.values():
                extra = f" (your {item} is equipped; unequip it first)"
            raise ActionError(f"you need {count} {item} to {verb} (you have {have}){extra}")

    def _in_range(self, p: Player, ent, rng: int, what: str) -> int:
        d = chebyshev((p.x, p.y), (ent.x, ent.y))
        if d > rng:
            raise ActionError(f"{ent.id} is {d} tiles away ({what} range {rng}); move_to it first")
        return d

    def _nearest(self, p: Player, radius: int, pred) -> tuple[Any, int] | None:
        best = None
        for ident, ent, d in self.grid.near(p.x, p.y, radius):
            if ent is p or not pred(ent):
                continue
            if best is None or (d, ident) < best[:2]:
                best = (d, ident, ent)
        return (best[2], best[0]) if best else None

    def _nearest_in_range(self, p: Player, radius: int, pred, missing: str) -> Any:
        """The nearest entity within `radius` matching `pred`; else an ActionError `missing` plus
        where the nearest one in view is (or that none is in view)."""
        found = self._nearest(p, radius, pred)
        if found is not None:
            return found[0]
        far = self._nearest(p, self.rules.view_radius, pred)
        hint = (
            f"; nearest is {far[0].id}, {far[1]} tiles away: move_to it first"
            if far
            else f"; none in view (within {self.rules.view_radius} tiles)"
        )
        raise ActionError(f"{missing}{hint}")

    def _lookup(self, p: Player, target: str, kind: type | tuple[type, ...] | None = None):
        """The player or entity `target` names, if `p` may know it (of `kind`, when given); else None.

        Teammates and fixed places (landmarks, NPCs, stations, sites) are always known; ground
        items, mobs and nodes only while in view. Every tool resolves ids here, so an out-of-view id
        gets exactly the answer of an id that does not exist (no distance, no "not in view")."""
        ent = self.players.get(target)
        if ent is None:
            ent = self.entities.get(target)
        if ent is None or (kind is not None and not isinstance(ent, kind)):
            return None
        if isinstance(ent, HIDDEN_UNTIL_SEEN) and not self._in_view(p, ent) and not self._fell_to(p, ent):
            return None
        return ent

    def _fell_to(self, p: Player, ent) -> bool:
        """A dead mob p killed itself, where it fell within p's view: p was told of the kill (and
        its respawn round), so it may name it; a mob that died at another's hand is just gone."""
        if not isinstance(ent, Mob) or ent.alive:
            return False
        if chebyshev((p.x, p.y), (ent.x, ent.y)) > self.rules.view_radius:
            return False
        events = self.provenance.events
        for i in range(len(events) - 1, -1, -1):  # the latest kill of this mob is its current death
            if events[i]["kind"] == "kill" and events[i].get("target") == ent.id:
                return events[i]["agent"] == p.name
        return False

    def _in_view(self, p: Player, ent) -> bool:
        """Whether `ent` is in p's observation now: within the view radius and on the map (a dead
        mob or player has left it). An error may state where a thing is, or how it is doing, only
        when this holds (see tests/test_side_channels.py)."""
        return getattr(ent, "alive", True) and chebyshev((p.x, p.y), (ent.x, ent.y)) <= self.rules.view_radius

    def _known_ids(self, p: Player, kind: type | tuple[type, ...] | None = None) -> list[str]:
        """The ids `p` may know (see _lookup), for typo suggestions that never name a hidden thing."""
        fixed = [ident for ident, e in self.entities.items() if not isinstance(e, HIDDEN_UNTIL_SEEN)]
        in_view = [
            ident
            for ident, e, _ in self.grid.near(p.x, p.y, self.rules.view_radius)
            if isinstance(e, HIDDEN_UNTIL_SEEN)
        ]
        known = list(self.players) + fixed + sorted(in_view)
        if kind is None:
            return known
        return [
            ident for ident in known if isinstance(self.players.get(ident) or self.entities.get(ident), kind)
        ]

    def _unknown_target(self, p: Player, target: str, kinds: str, options=None) -> ActionError:
        """'unknown <kinds> ...' with a suggestion from `options` (default: every id `p` may know).
        An id shaped like a mob's, node's or ground item's gets a reminder that those are named
        only while in view; the message depends on the string alone, never on what is hidden."""
        prefix, hash_sign, _ = target.partition("#")
        c = self.content
        hint = (
            f" (mobs, nodes and ground items can be named by id only while in view, within "
            f"{self.rules.view_radius} tiles)"
            if hash_sign and (prefix in c.mobs or prefix in c.node_kinds or prefix == "ground")
            else ""
        )
        pool = self._known_ids(p) if options is None else options
        return ActionError(
            f"unknown {kinds} '{target}'{hint}{suggest_ranked(target, pool, self._preference(p))}"
        )

    def _preference(self, p: Player) -> Callable[[str], tuple[int, int]]:
        """Rank of an id for p's suggestions: named in p's briefing, then in view, then the rest;
        places (landmarks) before things at equal rank."""
        named = self.mentioned.get(p.name, frozenset())

        def rank(ident: str) -> tuple[int, int]:
            ent = self._lookup(p, ident)
            near = ent is not None and self._in_view(p, ent)
            return (0 if ident in named else 1 if near else 2), (0 if isinstance(ent, Landmark) else 1)

        return rank

    # --- provided by one mixin for the others (defined in the module named) -------------------
    _add_xp: Callable[..., None]  # production.py: skill XP and level-ups (p, skill, amount, aid)
    _player_ratings: Callable[..., Ratings]  # fighting.py: a player's combat Ratings (mobs.py, randomplay.py)
    _sight_blocker: Callable[..., Any]  # fighting.py: the first tile blocking sight between two points
    _may_reach: Callable[..., bool]  # movement.py: whether a walk can get within `near` of a goal
    _step_along: Callable[..., list]  # movement.py: move an entity up to n steps along its path
    _light: Callable[..., None]  # exposure.py: a fire just finished starts burning
    _feed: Callable[..., str]  # exposure.py: a build feeds a finished fire one unit of fuel
    exposure_note: Callable[..., str]  # exposure.py: what the task's exposures do to a player where it stands
