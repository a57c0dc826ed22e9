"""Read-only world queries shared by the task verifiers (task_02 onwards).

The simplest item queries live in `helpers.py` (held, wields); this module adds construction
sites, mob kills, deaths, quests, shop/trade/heal events and where players stood at each build.
Predicates must never change the world and must stay cheap, since they run after every action:
event-log queries go through one incremental cache per world, so each event is read once.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from agentworld.verifiers.helpers import held, wields

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World
    from agentworld.world.entities import Mob

__all__ = [
    "held",
    "wields",
    "holds_all",
    "site_complete",
    "site_done_rounds",
    "mob_type_killed",
    "deaths",
    "any_event",
    "equipped",
    "task_mobs",
    "target_type",
    "killed_ids",
    "all_task_mobs_killed",
    "quest_stage",
    "site_steps",
]


def holds_all(world: World, agent: str, items: dict[str, int]) -> bool:
    """True if `agent` holds (inventory or equipment) at least the given count of every item."""
    return agent in world.players and all(held(world, item, agent) >= n for item, n in items.items())


def equipped(world: World, agent: str, slot: str, item: str) -> bool:
    """True if `agent` wears `item` in `slot`."""
    return wields(world, agent, item, slot)


def site_complete(world: World, site: str) -> bool:
    """True once construction site `site` (id with or without the 'site#' prefix) is finished."""
    s = world.sites.get(site if site.startswith("site#") else f"site#{site}")
    return s is not None and s.complete


class _EventCache:
    """Incremental scans of one world's event log, so a predicate called after every action stays
    O(new events). A restored or reset world (new or shorter event list) gets a fresh scan.
    """

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None
        self.first: dict | None = None
        self.seen = 0
        self.site_done: dict[str, int] = {}
        self.deaths: list[dict] = []
        self.kinds: dict[str, list[dict]] = {}
        self.pos: dict[str, tuple[int, int]] | None = None  # players' positions as of the last scanned event
        self.dead: set[str] = set()  # players dead as of the last scanned event (they hold no place)
        self.site_steps: dict[str, list[tuple[dict, dict[str, tuple[int, int]]]]] = {}
        self.killed_types: set[str] = set()
        self.killed_ids: set[str] = set()
        self.mobs_by_type: dict[str, list[Mob]] | None = None  # mobs never leave world.mobs (they respawn)
        self.mobs_indexed = 0  # len(world.mobs) when mobs_by_type was built
        self.task_mobs: dict[tuple[int, str | None], list[Mob]] = {}

    def update(self, world: World) -> "_EventCache":
        events = world.events
        key = (id(world), id(events))
        first = events[0] if events else None
        if key != self.key or len(events) < self.seen or (self.first is not None and first is not self.first):
            self.__init__()
            self.key = key
        if self.first is None:
            self.first = first
        if self.pos is None:
            self.pos = {name: tuple(p.spawn) for name, p in world.players.items()}
        for e in events[self.seen :]:
            kind = e.get("kind")
            if kind == "move" and e.get("agent") in self.pos and "mob" not in e:
                self.pos[e["agent"]] = (e["to"][0], e["to"][1])
            elif kind == "respawn" and e.get("player") in self.pos:
                self.pos[e["player"]] = (e["position"][0], e["position"][1])
                self.dead.discard(e["player"])
            elif kind == "site_progress":
                living = {name: at for name, at in self.pos.items() if name not in self.dead}
                self.site_steps.setdefault(e["site"], []).append((e, living))
            if kind == "site_done":
                self.site_done.setdefault(e["site"], e["round"])
            elif kind == "death":
                self.deaths.append(e)
                self.dead.add(e.get("player"))
            if kind == "kill":
                self.killed_types.add(e.get("mob"))
                self.killed_ids.add(e.get("target"))
            if kind in ("shop_sell", "shop_buy", "trade_done", "pick_up", "kill", "heal"):
                self.kinds.setdefault(kind, []).append(e)
        self.seen = len(events)
        return self


_CACHES: "weakref.WeakKeyDictionary[World, _EventCache]" = weakref.WeakKeyDictionary()


def _scan(world: World) -> _EventCache:
    """The up-to-date event cache of this world (one per live world object)."""
    try:
        cache = _CACHES.get(world)
        if cache is None:
            cache = _CACHES[world] = _EventCache()
    except TypeError:  # not weak-referenceable: scan afresh
        cache = _EventCache()
    return cache.update(world)


def site_done_rounds(world: World) -> dict[str, int]:
    """Site id -> the round in which it was completed."""
    return dict(_scan(world).site_done)


def deaths(world: World, players: list[str] | None = None) -> int:
    """How many player deaths happened so far (of the given players, or of anyone)."""
    found = _scan(world).deaths
    if players is None:
        return len(found)
    return sum(1 for e in found if e.get("player") in players)


def any_event(world: World, kind: str, **fields: Any) -> bool:
    """True if some shop_sell/shop_buy/trade_done/pick_up/kill/heal event matches every given field.

    A field value that is a dict matches when the event's dict contains those items with at least
    those counts (e.g. give={"ruby_amulet": 1}).
    """
    for e in _scan(world).kinds.get(kind, ()):
        ok = True
        for key, want in fields.items():
            have = e.get(key)
            if isinstance(want, dict):
                if not isinstance(have, dict) or any(have.get(k, 0) < v for k, v in want.items()):
                    ok = False
                    break
            elif have != want:
                ok = False
                break
        if ok:
            return True
    return False


def _mobs_of_type(world: World, mob_type: str) -> list[Mob]:
    cache = _scan(world)
    if cache.mobs_by_type is None or cache.mobs_indexed != len(world.mobs):
        cache.mobs_by_type, cache.mobs_indexed = {}, len(world.mobs)
        for mob in world.mobs.values():
            cache.mobs_by_type.setdefault(mob.type, []).append(mob)
        cache.task_mobs.clear()
    return cache.mobs_by_type.get(mob_type, [])


def mob_type_killed(world: World, mob_type: str) -> bool:
    """True if a mob of this type is dead right now or was killed before (bosses never respawn)."""
    if any(not m.alive for m in _mobs_of_type(world, mob_type)):
        return True
    return mob_type in _scan(world).killed_types


def task_mobs(world: World, task: Task, mob_type: str | None = None) -> list[Mob]:
    """The mobs a task's `world.mobs` section added (matched by type and spawn tile)."""
    cache = _scan(world)
    _mobs_of_type(world, mob_type or "")  # refreshes the index (and drops stale task lists) if mobs changed
    key = (id(task), mob_type)
    found = cache.task_mobs.get(key)
    if found is None:
        wanted = set()
        for spec in task.world.mobs:
            if mob_type is None or spec.type == mob_type:
                pos = world.map.resolve(spec.position)
                wanted.add((spec.type, int(pos[0]), int(pos[1])))
        found = cache.task_mobs[key] = [
            m for m in world.mobs.values() if (m.type, m.spawn[0], m.spawn[1]) in wanted
        ]
    return found


def target_type(task: Task) -> str:
    """The mob type the task's first `killed` success condition names: read from the task, not
    spelled in a verifier, so a variant with a stronger enemy (agentworld/augment) is checked too."""
    return next(c.mob for c in task.success if c.kind == "killed")


def killed_ids(world: World) -> set[str]:
    """Ids of every mob killed so far (a respawned mob still counts as killed once)."""
    return _scan(world).killed_ids


def all_task_mobs_killed(world: World, task: Task, mob_type: str | None = None) -> bool:
    """True once every mob of the task's world section (of that type) has been killed."""
    mobs = task_mobs(world, task, mob_type)
    if not mobs:
        return False
    dead = killed_ids(world)
    return all(m.id in dead for m in mobs)


def quest_stage(world: World, agent: str, quest: str) -> int | str | None:
    """None if `agent` never took up `quest`, "done" once finished, else the index of the current stage."""
    player = world.players.get(agent)
    if player is None or quest not in player.quests:
        return None
    stage = player.quests[quest]
    stages = world.content.npcs[_quest_giver(world, quest)].quests
    total = next(len(q.stages) for q in stages if q.id == quest)
    return "done" if stage >= total else stage


def _quest_giver(world: World, quest: str) -> str:
    for npc in world.content.npcs.values():
        if any(q.id == quest for q in npc.quests):
            return npc.id
    raise KeyError(f"no NPC gives the quest '{quest}'")


def site_steps(world: World, site: str) -> list[tuple[dict, dict[str, tuple[int, int]]]]:
    """Every build on `site` (its site_progress event) with where each living player stood at that moment."""
    sid = site if site.startswith("site#") else f"site#{site}"
    return list(_scan(world).site_steps.get(sid, ()))
