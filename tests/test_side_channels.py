"""No side channels (issue 22 item 9): a tool's answer never tells an agent more than its own view
and its own messages allow.

Property: for every tool and every hidden fact below, two worlds that the acting agent `a` cannot
tell apart (its observation is equal, which the test checks first) differ only in that fact; the
same calls in both must give the same ok/result/error and leave the same observation (its
`last_result`/`last_error` included). The hidden facts: a teammate's position out of view, a
teammate's death, teammates' inventories (in view or not), a mob's HP, position or death out of
view (or its death at another's hand where it stood in view), a site's progress, an NPC's stock,
a node's capacity and a ground item's count out of view, and offers between other agents.

Parametrized over the tool list (`agentworld.tools.TOOL_NAMES`): a new tool fails
`test_every_tool_is_probed` until it gets calls here. Tools whose every failure depends only on
the agent's own state are listed in OWN_STATE_ONLY with the reason, and are probed all the same.

One deliberate channel is left out: `move_to <teammate>` walks toward a teammate wherever they are
(that is what it is for; `moved 4 tiles ...; 52 tiles left to b`), so it is not called with a
teammate who may be out of view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pytest

from agentworld.tools import TOOL_NAMES
from agentworld.world import World, load_content
from agentworld.world.pathfinding import chebyshev

TOWN = (130, 122)  # a stands here
NEAR = (131, 122)  # c stands here: in view and within give range
FAR_B = (141, 114)  # b, 11 tiles away: just out of view (view radius 10)
FAR_B2 = (158, 139)  # b elsewhere, 28 tiles away
COW_SPOT = (130, 117)  # a cow in view, 5 tiles away
COW_AWAY = (130, 100)  # where it went in the other world: out of view
HIDDEN_MOB = "goblin_scout#1"  # 26 tiles from TOWN
HIDDEN_NODE = "oak_tree#70"  # 21 tiles from TOWN
FAR_NPC = "hobb"  # a shop at the woodcutters' camp
SITE_AT = "mayors_hall"  # 11 tiles from TOWN

Mutation = Callable[[World], None]


@dataclass(frozen=True)
class Hidden:
    """Two worlds alike for `a`: `setup` applies to both, then `one` or `other`."""

    name: str
    one: Mutation
    other: Mutation
    setup: Mutation = lambda world: None


def _base() -> World:
    world = World(load_content())
    world.reset(0)
    world.add_player(
        "a",
        TOWN,
        skills={"health": 20},
        inventory={"bronze_sword": 1, "bead": 1, "coins": 20, "oak_log": 2, "bread": 1},
    )
    world.add_player("b", FAR_B, inventory={"coins": 5})
    world.add_player("c", NEAR, inventory={"coins": 3})
    world.add_mob("cow", COW_SPOT)
    world.add_site("bridge", SITE_AT, materials={"oak_log": 4}, work=2)
    world.add_ground_item("ancient_tablet", 2, "brindlemark_smithy")
    return world


def _cow(world: World):
    return next(m for m in world.mobs.values() if m.type == "cow" and m.spawn == COW_SPOT)


def _move(world: World, ident: str, pos: tuple[int, int]) -> None:
    ent = world.players.get(ident) or world.entities[ident]
    ox, oy = ent.x, ent.y
    ent.x, ent.y = pos
    world.grid.move(ident, ent, ox, oy)


def _kill_player(world: World, name: str) -> None:
    p = world.players[name]
    p.alive, p.hp, p.respawn_round = False, 0, world.round + 3
    world.grid.remove(name, p.x, p.y)


def _kill_mob(world: World, mob, by: str | None) -> None:
    mob.alive, mob.hp, mob.respawn_round = False, 0, world.round + 7
    world.dead_mobs[mob.id] = mob
    world.grid.remove(mob.id, mob.x, mob.y)
    if by is not None:
        world._ev("kill", by, None, target=mob.id, mob=mob.type, contributors={}, agents={by: mob.max_hp})


def _set_count(world: World, name: str, item: str, count: int) -> None:
    inventory = world.players[name].inventory
    held = inventory.count(item)
    if held:
        inventory.remove(item, held)
    if count:
        inventory.add(item, count, None)


def _offer(world: World, sender: str, to: str, give: dict, want: dict) -> None:
    out = world.act(sender, "trade_offer", {"to": to, "give": give, "want": want}, 900 + world.next_offer)
    assert out.ok, out.error


def _offer_b_to_c(world: World) -> None:
    _set_count(world, "b", "coins", 5)
    _offer(world, "b", "c", {"coins": 1}, {"oak_log": 1})


def _withdraw_all(world: World) -> None:
    world.offers.clear()  # the counter stays: offer ids are the same in both worlds


def _deliver(world: World) -> None:
    site = world.sites["site#bridge"]
    site.materials, site.work_done = {"oak_log": 1}, 1


def _complete(world: World) -> None:
    site = world.sites["site#bridge"]
    site.materials, site.work_done, site.complete = {}, site.work, True


def _sell_out(world: World) -> None:
    world.npcs[FAR_NPC].stock = {item: 0 for item in world.npcs[FAR_NPC].stock}


def _deplete(world: World) -> None:
    node = world.nodes[HIDDEN_NODE]
    node.capacity, node.respawn_round = 0, world.round + 5
    world.depleted[node.id] = node


def _ground_count(count: int) -> Mutation:
    def mutate(world: World) -> None:
        ground = next(g for g in world.ground.values() if g.item == "ancient_tablet")
        ground.lots = [(None, count)]

    return mutate


def _offer_c_to_a_for_bead(world: World) -> None:
    _set_count(world, "c", "coins", 10)
    _set_count(world, "c", "feather", 2)
    _offer(world, "c", "a", {"coins": 10, "feather": 2}, {"bead": 1})  # a holds the bead


def _offer_c_to_a_for_rubies(world: World) -> None:
    _set_count(world, "c", "coins", 10)
    _offer(world, "c", "a", {"coins": 10}, {"rough_ruby": 5})  # a holds no ruby


def _hurt(hp: int) -> Mutation:
    def mutate(world: World) -> None:
        world.mobs[HIDDEN_MOB].hp = hp

    return mutate


HIDDEN = [
    Hidden("teammate out of view: where", lambda w: None, lambda w: _move(w, "b", FAR_B2)),
    Hidden("teammate out of view: dead or alive", lambda w: None, lambda w: _kill_player(w, "b")),
    Hidden(
        "teammate dead where a sees, or alive out of view",
        lambda w: _move(w, "b", FAR_B2),
        lambda w: (_move(w, "b", (132, 120)), _kill_player(w, "b")),
    ),
    Hidden(
        "teammate out of view: inventory",
        lambda w: None,
        lambda w: (_set_count(w, "b", "coins", 500), _set_count(w, "b", "rough_ruby", 9)),
    ),
    Hidden(
        "teammate in view: inventory",
        lambda w: None,
        lambda w: (_set_count(w, "c", "coins", 50), _set_count(w, "c", "bead", 3)),
    ),
    Hidden(
        "offer to a: how little the offerer holds",
        lambda w: _set_count(w, "c", "coins", 3),
        lambda w: _set_count(w, "c", "coins", 9),
        _offer_c_to_a_for_bead,
    ),
    Hidden(
        "offer to a that a cannot pay: whether the offerer can",
        lambda w: _set_count(w, "c", "coins", 3),
        lambda w: None,
        _offer_c_to_a_for_rubies,
    ),
    Hidden("offers between others", lambda w: None, _withdraw_all, _offer_b_to_c),
    Hidden("mob out of view: HP", _hurt(3), _hurt(11)),
    Hidden("mob out of view: where", lambda w: None, lambda w: _move(w, HIDDEN_MOB, (135, 96))),
    Hidden("mob out of view: dead or alive", lambda w: None, lambda w: _kill_mob(w, w.mobs[HIDDEN_MOB], "b")),
    Hidden(
        "mob killed by another where a sees, or walked out of view",
        lambda w: _move(w, _cow(w).id, COW_AWAY),
        lambda w: _kill_mob(w, _cow(w), "c"),
        lambda w: _move(w, "c", NEAR),
    ),
    Hidden("site out of view: progress", lambda w: None, _deliver),
    Hidden("site out of view: complete", _deliver, _complete),
    Hidden("NPC out of view: stock", lambda w: None, _sell_out),
    Hidden("node out of view: capacity", lambda w: None, _deplete),
    Hidden("ground item out of view: count", _ground_count(1), _ground_count(40)),
]

_COW = "cow#"  # replaced by the in-view cow's id when a call is made

# what each tool is called with; ids of things that may be hidden on purpose
CALLS: dict[str, list[dict]] = {
    "move_to": [
        {"target": HIDDEN_MOB},
        {"target": "goblin_scout"},
        {"target": _COW},
        {"target": "cow"},
        {"target": HIDDEN_NODE},
        {"target": "site#bridge"},
        {"target": FAR_NPC},
        {"target": "c"},
        {"target": "ground#1"},
        {"target": [132, 96]},
    ],
    "gather": [{"target": HIDDEN_NODE}, {"target": "oak_tree"}, {"target": "b"}, {"target": "site#bridge"}],
    "craft": [{"recipe": "oak_plank"}, {"recipe": "oak_stick", "count": 9}, {"recipe": "bread"}],
    "attack": [
        {"target": HIDDEN_MOB},
        {"target": "goblin_scout"},
        {"target": _COW},
        {"target": "cow"},
        {"target": "b"},
        {"target": FAR_NPC},
    ],
    "pick_up": [{"target": "ground#1"}, {"target": "ancient_tablet"}],
    "drop": [{"item": "rough_ruby"}, {"item": "coins", "count": 99}],
    "give": [
        {"to": "b", "item": "bead"},
        {"to": "b", "item": "rough_ruby"},
        {"to": "c", "item": "rough_ruby"},
        {"to": "c", "item": "bead"},
    ],
    "trade_offer": [
        {"to": "b", "give": {"coins": 5}, "want": {"rough_ruby": 1}},
        {"to": "c", "give": {"coins": 5}, "want": {"bead": 2}},
        {"to": "b", "give": {"rough_ruby": 1}, "want": {"coins": 1}},
    ],
    "trade_accept": [{"offer_id": n} for n in range(3)],
    "trade_decline": [{"offer_id": n} for n in range(3)],
    "equip": [{"item": "iron_sword"}, {"item": "bronze_sword"}],
    "unequip": [{"slot": "shield"}, {"slot": "weapon"}],
    "use": [{"item": "healing_draught"}, {"item": "bread"}],
    "talk": [{"npc": FAR_NPC}, {"npc": "pip"}],
    "buy": [{"npc": FAR_NPC, "item": "iron_axe"}, {"npc": "mira", "item": "torch"}],
    "sell": [{"npc": FAR_NPC, "item": "bead"}, {"npc": "mira", "item": "rough_ruby"}],
    "build": [{"site": "site#bridge"}, {"site": "bridge"}],
    "chat": [{"to": "b", "message": "where are you?"}, {"to": "team", "message": "hi"}],
    "wait": [{}],
    "inspect": [
        {"target": target}
        for target in (
            "b",
            "c",
            HIDDEN_MOB,
            _COW,
            "site#bridge",
            FAR_NPC,
            HIDDEN_NODE,
            "ground#1",
            "goblin_scout",
        )
    ],
}

# tools none of whose failures read anything but the caller's own state and the fixed content
OWN_STATE_ONLY = {
    "craft": "recipe, skill level, own inputs and tools; stations are fixed places",
    "drop": "own inventory",
    "equip": "own inventory and skill levels",
    "unequip": "own equipment",
    "use": "own inventory and HP",
    "chat": "recipients are checked against the team list, which every agent is given",
    "wait": "never fails",
}


def test_every_tool_is_probed():
    assert set(CALLS) == set(TOOL_NAMES), "give each new tool calls here (or say why it reads no hidden fact)"
    assert set(OWN_STATE_ONLY) <= set(TOOL_NAMES)


class _Twin:
    """One of a pair's worlds and its start state. Each test plays its calls one after another
    from the start state (restoring is the slow part: a world that only saw failed calls, which
    change nothing but a's last answer, is not restored)."""

    def __init__(self, world: World) -> None:
        self.world, self.start, self.dirty = world, world.snapshot(), False

    def play(self, tool: str, calls: list[dict]) -> tuple[dict, list]:
        """a's observation, then per call its outcome and a's observation after it (but what is in
        view: a walk may rightly bring a hidden thing into view)."""
        if self.dirty:
            self.world.restore(self.start)
        world = self.world
        seen = world.observe("a")
        seen.pop("last_result"), seen.pop("last_error")  # the previous test's last call
        answers = []
        for args in calls:
            out = world.act("a", tool, _resolve(args, world), 1000)
            after = world.observe("a")
            del after["nearby"]
            answers.append((args, out.ok, out.result, out.error, after))
            self.dirty |= out.ok
        return seen, answers


@lru_cache(maxsize=None)
def _twins(name: str) -> tuple[_Twin, _Twin]:
    hidden = next(h for h in HIDDEN if h.name == name)
    twins = []
    for mutate in (hidden.one, hidden.other):
        world = _base()
        hidden.setup(world)
        mutate(world)
        twins.append(_Twin(world))
    return twins[0], twins[1]


def _resolve(args: dict, world: World) -> dict:
    """The in-view cow's id (the same in both worlds)."""
    return {**args, "target": _cow(world).id} if args.get("target") == _COW else args


@pytest.mark.parametrize("hidden", [h.name for h in HIDDEN])
@pytest.mark.parametrize("tool", TOOL_NAMES)
def test_a_call_tells_nothing_hidden(tool: str, hidden: str):
    one, other = _twins(hidden)
    seen_one, answers_one = one.play(tool, CALLS[tool])
    seen_other, answers_other = other.play(tool, CALLS[tool])
    assert seen_one == seen_other, f"the two worlds of '{hidden}' must look alike to a"
    for answer_one, answer_other in zip(answers_one, answers_other):
        assert answer_one == answer_other, f"{tool} {answer_one[0]}: {answer_one[1:4]} != {answer_other[1:4]}"


def test_the_hidden_things_are_out_of_view_and_the_worlds_differ():
    """Else the property test proves nothing."""
    for hidden in HIDDEN:
        one, other = _twins(hidden.name)
        assert one.start != other.start, hidden.name
    world = _base()
    a, radius = world.players["a"], world.rules.view_radius
    far = [
        world.players["b"],
        world.mobs[HIDDEN_MOB],
        world.nodes[HIDDEN_NODE],
        world.npcs[FAR_NPC],
        world.sites["site#bridge"],
        next(iter(world.ground.values())),
    ]
    assert all(chebyshev(a.pos, (ent.x, ent.y)) > radius for ent in far)
    assert chebyshev(a.pos, FAR_B2) > radius and chebyshev(a.pos, (135, 96)) > radius
    assert chebyshev(a.pos, COW_SPOT) <= radius < chebyshev(a.pos, COW_AWAY)
    assert chebyshev(a.pos, NEAR) <= world.rules.give_range


def test_errors_stay_helpful_about_what_is_in_view():
    """Where the caller can see, errors still say where and how far; out of view they say so."""
    world = _base()
    _move(world, "c", (135, 122))  # in view, out of give range
    out = world.act("a", "give", {"to": "c", "item": "bead"}, 1)
    assert out.error == "c is not within 2 tiles (they are 5 tiles away at (135, 122)); move_to c first"
    out = world.act("a", "give", {"to": "b", "item": "bead"}, 2)
    assert out.error == "b is not within 2 tiles of you (not in view); move_to b first"
    assert world.act("a", "trade_offer", {"to": "c", "give": {"coins": 1}, "want": {"bead": 1}}, 3).ok
    out = world.act("a", "trade_accept", {"offer_id": 0}, 4)
    assert out.error == "offer #0 is your own offer to c: they accept it (trade_decline withdraws it)"
    out = world.act("c", "trade_accept", {"offer_id": 0}, 5)
    assert out.error == "a is not within 2 tiles (they are 5 tiles away at (130, 122)); move_to a first"
    _kill_player(world, "b")  # an offer may wait for a teammate who is down: a cannot know
    assert world.act("a", "trade_offer", {"to": "b", "give": {"coins": 1}, "want": {"bead": 1}}, 6).ok
    cow = _cow(world)
    cow.hp = 1
    world.players["a"].equipment["weapon"] = "bronze_sword"
    _move(world, "a", (130, 118))
    while cow.alive:
        out = world.act("a", "attack", {"target": cow.id}, 7)
        assert out.ok, out.error
    out = world.act("a", "attack", {"target": cow.id}, 8)  # its own kill: a was told
    assert out.error == f"{cow.id} is dead (it respawns at the start of round {cow.respawn_round})"
    assert world.act("c", "attack", {"target": cow.id}, 9).error.startswith(f"unknown mob '{cow.id}'")
