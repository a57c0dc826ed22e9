"""The engine's mechanics one by one, including the exact wording of the important errors."""

from __future__ import annotations

import copy
import pickle

import pytest

from agentworld.world import World, load_content
from agentworld.world import movement as movement_mod
from agentworld.world.content import xp_for_level
from world_counts import units

TOWN = (130, 122)  # town_square: walkable, no mobs nearby


class Driver:
    """A world plus an action counter, so tests read like a script."""

    def __init__(self, seed: int = 0):
        self.world = World(load_content())
        self.world.reset(seed)
        self.aid = 0

    def __call__(self, agent: str, tool: str, **args):
        out = self.world.act(agent, tool, args, self.aid)
        self.aid += 1
        return out

    def walk(self, agent: str, target, turns: int = 30):
        """move_to until arrived (a long walk takes several turns)."""
        for _ in range(turns):
            out = self(agent, "move_to", target=target)
            assert out.ok, out.error
            if "left" not in out.result:
                return out
        raise AssertionError(f"{agent} did not reach {target}")


@pytest.fixture
def d() -> Driver:
    drv = Driver()
    w = drv.world
    w.add_player("jack", TOWN, skills={"lumberjacking": 25, "health": 20}, inventory={"bronze_axe": 1})
    w.add_player("wood", (131, 122), skills={"fletching": 15, "crafting": 10, "health": 20})
    w.add_player("wiz", (132, 122), inventory={"bead": 1}, skills={"health": 20})
    return drv


# --- movement --------------------------------------------------------------------------------
def test_move_to_coordinates_goes_move_speed_tiles_and_reports_remaining(d):
    speed = d.world.rules.move_speed
    out = d("jack", "move_to", target=[130, 122 - 15])
    assert out.ok, out.error
    p = d.world.players["jack"]
    assert abs(p.x - 130) + abs(p.y - 122) == speed
    assert f"{15 - speed} tiles left" in out.result
    out = d("jack", "move_to", target=[130, 107])
    assert out.ok and (p.x, p.y) == (130, 107) and "arrived" in out.result
    assert [e["kind"] for e in out.events] == ["move"]


def test_multi_turn_journey_costs_one_path_search(d, monkeypatch):
    calls = []
    for fn in ("find_path_grid", "straight_path"):
        real = getattr(movement_mod, fn)

        def counting(*a, _real=real, **k):
            calls.append(a[3:5])
            return _real(*a, **k)

        monkeypatch.setattr(movement_mod, fn, counting)
    for _ in range(12):
        out = d("jack", "move_to", target="woodcutters_camp")
        assert out.ok, out.error
        if "arrived" in out.result:
            break
    assert "arrived" in out.result
    assert (d.world.players["jack"].x, d.world.players["jack"].y) == d.world.map.landmarks["woodcutters_camp"]
    assert (
        len(calls) <= 2 and len(set(calls)) == 1
    )  # one straight try (+ A* if blocked), then the cached path


def test_move_to_entity_stops_adjacent(d):
    out = d("jack", "move_to", target="workbench#town")
    assert out.ok
    p, st = d.world.players["jack"], d.world.stations["workbench#town"]
    assert max(abs(p.x - st.x), abs(p.y - st.y)) == 1
    assert d.world.map.walkable(p.x, p.y)


def test_move_to_errors(d):
    w = d.world
    blocked = next(
        (x, y) for y in range(w.map.height) for x in range(w.map.width) if not w.map.walkable(x, y)
    )
    out = d("jack", "move_to", target=list(blocked))
    assert not out.ok and "cannot be walked on" in out.error and str(blocked[0]) in out.error
    out = d("jack", "move_to", target=[5000, 3])
    assert not out.ok and "outside the map" in out.error
    out = d("jack", "move_to", target="woodcuters_camp")
    assert not out.ok and "did you mean 'woodcutters_camp'" in out.error
    assert w.players["jack"].pos == TOWN


def test_unreachable_target_is_a_clear_error(d, monkeypatch):
    for fn in ("find_path_grid", "straight_path"):  # as the searches report a cut-off target
        monkeypatch.setattr(movement_mod, fn, lambda *a, **k: None)
    out = d("jack", "move_to", target="woodcutters_camp")
    assert not out.ok and out.error.startswith("no walkable path from (130, 122) to Woodcutters' Camp")
    assert d.world.players["jack"].pos == TOWN


# --- gathering -------------------------------------------------------------------------------
def test_gather_range_skill_tool_and_yield(d):
    w = d.world
    far = w.add_node("oak_tree", (130, 129))
    out = d("jack", "gather", target=far)
    assert not out.ok
    assert out.error == f"{far} is 7 tiles away (gather range 1); move_to it first"
    near = w.add_node("oak_tree", (131, 121))
    out = d("wood", "gather", target=near)  # wood has no axe
    assert not out.ok and "you need a lumberjacking tool such as bronze_axe" in out.error
    hard = w.add_node("frostbark_tree", (129, 121)) if "frostbark_tree" in w.content.node_kinds else None
    if hard:
        need = w.content.node_kinds["frostbark_tree"].level
        out = d("jack", "gather", target=hard)
        assert not out.ok and out.error == f"you need lumberjacking {need} to gather {hard} (you have 25)"
    cap = w.nodes[near].capacity
    out = d("jack", "gather", target="oak_tree")  # a kind name: the nearest one in range
    assert out.ok, out.error
    assert w.players["jack"].inventory.count("oak_log") == 1
    assert w.nodes[near].capacity == cap - 1
    gain = [e for e in out.events if e["kind"] == "item_gain"][0]
    assert gain["origin"] == d.aid - 1 and gain["item"] == "oak_log"
    assert any(e["kind"] == "xp" and e["skill"] == "lumberjacking" for e in out.events)


def test_node_depletes_and_respawns(d):
    w = d.world
    nid = w.add_node("oak_tree", (131, 121))
    kind = w.content.node_kinds["oak_tree"]
    for _ in range(kind.capacity):
        assert d("jack", "gather", target=nid).ok
    out = d("jack", "gather", target=nid)
    assert not out.ok and "depleted" in out.error
    start = w.round
    while w.round < start + kind.respawn:
        w.end_round()
    assert d("jack", "gather", target=nid).ok


# --- crafting --------------------------------------------------------------------------------
def test_craft_errors_and_success(d):
    w = d.world
    out = d("wood", "craft", recipe="staf")
    assert not out.ok and out.error.startswith("unknown recipe 'staf'; did you mean")
    out = d("wood", "craft", recipe="oak_stick")
    assert not out.ok and "missing oak_log x1" in out.error
    w.players["wood"].inventory.add("oak_log", 2, None)
    w.players["wood"].inventory.add("bead", 1, 77)
    out = d("wood", "craft", recipe="oak_stick", count=2)
    assert out.ok, out.error
    stick_craft = d.aid - 1
    assert w.players["wood"].inventory.count("stick") == 2 * w.content.recipes["oak_stick"].outputs["stick"]
    d("wood", "move_to", target=[140, 122])
    out = d("wood", "craft", recipe="magic_staff")
    assert not out.ok and "needs a workbench within 1 tile(s)" in out.error
    d.walk("wood", "workbench#town")
    out = d("wood", "craft", recipe="magic_staff")
    assert out.ok, out.error
    assert {link["from"] for link in out.links} == {
        stick_craft,
        77,
    }  # the sticks' craft and the bead's origin
    low = Driver()
    low.world.add_player("n", (127, 118), inventory={"stick": 2, "bead": 1})
    out = low("n", "craft", recipe="magic_staff")
    assert not out.ok and out.error == "you need crafting 10 to craft magic_staff (you have 1)"


# --- giving, trading ---------------------------------------------------------------------------
def test_give_range_and_provenance(d):
    w = d.world
    d("jack", "gather", target=w.add_node("oak_tree", (129, 121)))
    gather_id = d.aid - 1
    w.players["wood"].x = 140
    out = d("jack", "give", to="wood", item="oak_log")
    assert not out.ok and out.error.startswith("wood is not within 2 tiles")
    w.players["wood"].x = 131
    out = d("jack", "give", to="wood", item="oak_log")
    assert out.ok
    assert out.links == [{"from": gather_id, "kind": "item", "detail": "oak_log x1"}]
    assert w.players["wood"].inventory.lots["oak_log"] == [[d.aid - 1, 1]]
    out = d("jack", "give", to="ghost", item="oak_log")
    assert not out.ok and "unknown agent 'ghost'" in out.error


def test_trade_is_atomic(d):
    w = d.world
    w.players["jack"].inventory.add("coins", 10, None)
    out = d("jack", "trade_offer", to="wiz", give={"coins": 10}, want={"bead": 1})
    assert out.ok
    offer_action = d.aid - 1
    offer_id = out.events[0]["offer"]
    assert w.observe("wiz")["offers"] == [
        {"id": offer_id, "from": "jack", "give": {"coins": 10}, "want": {"bead": 1}}
    ]
    # the sender spends the coins before the receiver accepts: nothing may change
    w.players["jack"].inventory.remove("coins", 5)
    before = units(w), {n: p.inventory.counts() for n, p in w.players.items()}
    out = d("wiz", "trade_accept", offer_id=offer_id)
    assert not out.ok and "no longer has everything offered (coins x10)" in out.error
    assert "has 5" not in out.error  # how many jack holds is jack's business (issue 22 item 9)
    assert (units(w), {n: p.inventory.counts() for n, p in w.players.items()}) == before
    w.players["jack"].inventory.add("coins", 5, None)
    out = d("wiz", "trade_accept", offer_id=offer_id)
    assert out.ok, out.error
    assert w.players["wiz"].inventory.count("coins") == 10 and w.players["jack"].inventory.count("bead") == 1
    assert {"from": offer_action, "kind": "trade", "detail": f"trade offer #{offer_id}"} in out.links
    assert not w.offers


def test_trade_decline_and_expiry(d):
    w = d.world
    w.players["jack"].inventory.add("coins", 3, None)
    oid = d("jack", "trade_offer", to="wiz", give={"coins": 1}, want={"bead": 1}).events[0]["offer"]
    assert d("wiz", "trade_decline", offer_id=oid).ok
    assert not d("wiz", "trade_accept", offer_id=oid).ok
    oid = d("jack", "trade_offer", to="wiz", give={"coins": 1}, want={"bead": 1}).events[0]["offer"]
    for _ in range(w.rules.trade_offer_expiry_rounds):
        w.end_round()
    out = d("wiz", "trade_accept", offer_id=oid)
    assert not out.ok and "no pending trade offer" in out.error


# --- equipment, consumables, ground ------------------------------------------------------------
def test_equip_unequip_and_requirements(d):
    w = d.world
    w.players["jack"].inventory.add("froststeel_sword", 1, None)
    out = d("jack", "equip", item="froststeel_sword")
    assert not out.ok and out.error == "you need accuracy 30 to equip froststeel_sword (you have 1)"
    out = d("jack", "equip", item="bronze_axe")
    assert out.ok and w.players["jack"].equipment["weapon"] == "bronze_axe"
    assert w.observe("jack")["equipment"]["weapon"] == "bronze_axe"
    # a wielded axe still works as a tool
    assert d("jack", "gather", target=w.add_node("oak_tree", (131, 121))).ok
    out = d("jack", "unequip", slot="weapon")
    assert out.ok and w.players["jack"].inventory.count("bronze_axe") == 1
    assert not d("jack", "unequip", slot="weapon").ok
    assert "unknown slot" in d("jack", "unequip", slot="hat").error


def test_use_heals_and_consumes(d):
    w = d.world
    p = w.players["jack"]
    p.inventory.add("cooked_trout", 2, None)
    out = d("jack", "use", item="cooked_trout")
    assert not out.ok and "already at full HP" in out.error
    p.hp -= 5
    out = d("jack", "use", item="cooked_trout")
    assert out.ok and p.hp == p.max_hp and p.inventory.count("cooked_trout") == 1
    assert not d("jack", "use", item="bronze_axe").ok


def test_drop_and_pick_up_keep_lots(d):
    w = d.world
    w.players["jack"].inventory.add("oak_log", 3, 42)
    out = d("jack", "drop", item="oak_log", count=2)
    assert out.ok
    gid = [e for e in out.events if e["kind"] == "drop"][0]["ground"]
    assert w.ground[gid].lots == [(42, 2)]
    assert any(e["id"] == gid for e in w.observe("wood")["nearby"])
    out = d("wood", "pick_up", target="oak_log")
    assert out.ok and w.players["wood"].inventory.count("oak_log") == 2
    assert out.links == [{"from": 42, "kind": "item", "detail": "oak_log x2"}]
    assert gid not in w.ground


# --- shops and quests --------------------------------------------------------------------------
def test_buy_and_sell(d):
    w = d.world
    p = w.players["jack"]
    out = d("jack", "buy", npc="mira", item="knife")
    assert not out.ok and "move_to it first" in out.error
    d.walk("jack", "mira")
    out = d("jack", "buy", npc="mira", item="knife")
    assert not out.ok and "costs 15 coins (you have 0)" in out.error
    p.inventory.add("coins", 100, None)
    out = d("jack", "buy", npc="mira", item="knife", count=2)
    assert out.ok and p.inventory.count("knife") == 2 and p.inventory.count("coins") == 70
    assert w.npcs["mira"].stock["knife"] == 3
    out = d("jack", "sell", npc="mira", item="bronze_axe")
    assert out.ok and p.inventory.count("coins") == 70 + int(w.content.items["bronze_axe"].value * 0.5)
    assert not d("jack", "buy", npc="mira", item="magic_staff").ok


def test_inspect_a_shopkeeper_lists_stock_prices_and_what_is_left(d):
    d.walk("jack", "mira")
    d.world.players["jack"].inventory.add("coins", 100, None)
    assert d("jack", "buy", npc="mira", item="knife", count=2).ok
    card = d("jack", "inspect", target="mira").result
    assert "Sells: bronze_axe 36 coins (5 left)" in card and "knife 15 coins (3 left)" in card
    assert "buys any item for 50% of its value" in card


def test_trainer_lessons_give_xp_up_to_the_level_taught(d):
    w = d.world
    p = w.players["jack"]
    d.walk("jack", "captain_rowan")
    assert "accuracy up to level 30" in d("jack", "inspect", target="captain_rowan").result
    out = d("jack", "talk", npc="captain_rowan")
    lesson = w.rules.lesson_xp
    assert out.ok and f"+{lesson} accuracy xp" in out.result
    assert {(e["skill"], e["amount"]) for e in out.events if e["kind"] == "xp"} >= {
        ("accuracy", lesson),
        ("strength", lesson),
    }
    # health 20 is below the cap of 30: it is taught too; a skill at the cap is not
    p.skills["accuracy"], p.xp["accuracy"] = 30, xp_for_level(30)
    out = d("jack", "talk", npc="captain_rowan")
    assert "accuracy" not in {e["skill"] for e in out.events if e["kind"] == "xp"}
    assert p.xp["accuracy"] == xp_for_level(30)
    for skill in ("strength", "defense", "health"):
        p.skills[skill], p.xp[skill] = 30, xp_for_level(30)
    out = d("jack", "talk", npc="captain_rowan")
    assert "nothing more to teach" in out.result and not [e for e in out.events if e["kind"] == "xp"]
    d.walk("jack", "mira")
    out = d("jack", "talk", npc="mira")  # a shopkeeper teaches nothing
    assert out.ok and "Lesson" not in out.result and not [e for e in out.events if e["kind"] == "xp"]


def test_quest_bring_items_and_rewards(d):
    w = d.world
    p = w.players["wiz"]
    d.walk("wiz", "sage_orrin")
    out = d("wiz", "talk", npc="sage_orrin")
    assert out.ok and "Bring Sage Orrin two beads" in out.result
    assert w.observe("wiz")["quests"] == [
        {"npc": "sage_orrin", "quest": "humming_beads", "stage": "Bring Sage Orrin two beads."}
    ]
    p.inventory.add("bead", 1, 5)
    out = d("wiz", "talk", npc="sage_orrin")
    assert out.ok and "complete" in out.result
    assert p.inventory.count("bead") == 0 and p.inventory.count("linen_robe") == 1
    assert any(e["kind"] == "quest_done" for e in out.events)
    assert p.inventory.lots["coins"][0][0] == d.aid - 1  # reward origin = the completing talk
    assert {"from": 5, "kind": "item", "detail": "bead x1"} in out.links


# --- construction ------------------------------------------------------------------------------
def test_build_delivers_then_works_then_completes_with_labor_links(d):
    w = d.world
    sid = w.add_site(
        "bridge", (130, 123), materials={"oak_plank": 2}, work=2, skill="crafting", level=5, name="Bridge"
    )
    assert sid == "site#bridge"
    out = d("jack", "build", site=sid)
    assert not out.ok and "still needs oak_plank x2" in out.error
    w.players["jack"].inventory.add("oak_plank", 1, 11)
    w.players["wood"].inventory.add("oak_plank", 1, 12)
    first = d.aid
    assert d("jack", "build", site=sid).ok
    assert d("wood", "build", site=sid).ok
    out = d("jack", "build", site=sid)
    assert not out.ok and out.error == "you need crafting 5 to work on site#bridge (you have 1)"
    w.players["wood"].skills["crafting"] = 10
    assert d("wood", "build", site=sid).ok
    out = d("wood", "build", site=sid)
    assert out.ok and w.sites[sid].complete
    assert any(e["kind"] == "site_done" for e in out.events)
    labor = {link["from"] for link in out.links if link["kind"] == "labor"}
    assert labor == {first, first + 1, first + 3}
    near = {e["id"]: e for e in w.observe("jack")["nearby"]}
    assert near[sid]["detail"] == "complete"
    assert not d("wood", "build", site=sid).ok


# --- combat ------------------------------------------------------------------------------------
def test_attack_kill_drops_and_respawn(d):
    w = d.world
    p = w.players["jack"]
    p.skills.update(accuracy=40, strength=40)
    mid = w.add_mob("cow", (131, 123))
    out = d("jack", "attack", target="wolf")
    assert not out.ok and "no living wolf within your weapon range 1" in out.error
    hits = []
    for _ in range(60):
        out = d("jack", "attack", target=mid)
        assert out.ok, out.error
        hits.append(d.aid - 1)
        if not w.mobs[mid].alive:
            break
    assert not w.mobs[mid].alive
    kill = [e for e in out.events if e["kind"] == "kill"][0]
    assert (
        sum(kill["contributors"].values()) == w.content.mobs["cow"].hp
        or sum(kill["contributors"].values()) >= w.content.mobs["cow"].hp
    )
    assert set(kill["contributors"]) <= set(hits)
    assert {link["from"] for link in out.links if link["kind"] == "damage"} == set(kill["contributors"]) - {
        d.aid - 1
    }
    assert p.inventory.lots["animal_hide"][-1][0] == d.aid - 1  # the cow always drops a hide
    assert mid not in {e["id"] for e in w.observe("jack")["nearby"]}
    assert "dead" in d("jack", "attack", target=mid).error
    back = w.mobs[mid].respawn_round
    while w.round < back:
        w.end_round()
    assert w.mobs[mid].alive and w.mobs[mid].hp == w.mobs[mid].max_hp


def test_ranged_weapon_reaches_further(d):
    w = d.world
    p = w.players["wiz"]
    p.inventory.add("magic_staff", 1, None)
    mid = w.add_mob("hen", (132, 126))
    assert "weapon range 1" in d("wiz", "attack", target=mid).error
    assert d("wiz", "equip", item="magic_staff").ok
    assert d("wiz", "attack", target=mid).ok


def test_mobs_retaliate_chase_and_kill_then_player_respawns():
    drv = Driver(seed=3)
    w = drv.world
    w.add_player("v", TOWN, skills={"health": 1})
    mid = w.add_mob("dire_wolf", (134, 122))  # aggressive, aggro radius 5
    p = w.players["v"]
    died_round = None
    for _ in range(40):
        w.end_round()
        if not p.alive:
            died_round = w.round - 1
            break
    assert died_round is not None, "a dire wolf kills a level-1 player"
    mob = w.mobs[mid]
    assert max(abs(mob.x - p.x), abs(mob.y - p.y)) <= 1
    out = drv("v", "move_to", target=[130, 120])
    assert not out.ok and "only wait" in out.error
    assert drv("v", "wait").ok
    back = p.respawn_round
    assert back == died_round + w.rules.respawn_delay_rounds + 1
    while w.round < back:
        w.end_round()
    assert p.alive and p.hp == p.max_hp and p.pos == TOWN
    assert w.observe("v")["alive"] is True


@pytest.mark.parametrize("speed", [1, 3])
def test_mob_speed_comes_from_the_rules(speed):
    w = World(load_content(overrides={"rules": {"mob_speed": speed}}))
    w.reset(0)
    p = w.add_player("v", TOWN, skills={"health": 30})
    mid = w.add_mob("dire_wolf", (TOWN[0] + 5, TOWN[1]))  # aggressive, aggro radius 5
    w.end_round()
    mob = w.mobs[mid]
    assert mob.target == "v" and max(abs(mob.x - p.x), abs(mob.y - p.y)) == 5 - speed


def test_mob_heals_when_its_attackers_are_gone():
    drv = Driver(seed=1)
    w = drv.world
    w.add_player("v", TOWN, skills={"accuracy": 40, "strength": 40, "health": 1})
    mid = w.add_mob("ogre_brute", (131, 122))
    mob = w.mobs[mid]
    for _ in range(10):
        drv("v", "attack", target=mid)
        if mob.hp < mob.max_hp:
            break
    assert mob.hp < mob.max_hp
    w.players["v"].hp = 1  # the next blow kills
    for _ in range(10):
        w.end_round()
        if not w.players["v"].alive:
            break
    assert not w.players["v"].alive
    w.end_round()
    assert mob.hp == mob.max_hp and mob.damage_by == {}
    assert any(e["kind"] == "heal" and e["target"] == mid for e in w.events)


def _best(world: World, slot: str, level: int) -> str | None:
    best = None
    for item in world.content.items.values():
        if item.slot != slot or item.stats is None or item.stats.style != "melee" and slot == "weapon":
            continue
        if any(lv > level for lv in item.requires.values()):
            continue
        score = item.stats.strength + item.stats.accuracy + item.stats.defense
        if best is None or score > best[0]:
            best = (score, item.id)
    return best[1] if best else None


def _fight(seed: int, fighters: int, boss: str = "iron_ogre", rounds: int = 200) -> bool:
    """True if `fighters` level-30 players in their best gear kill the boss before all die."""
    drv = Driver(seed)
    w = drv.world
    skills = {s: 30 for s in ("accuracy", "strength", "defense", "health", "archery", "magic")}
    names = [f"f{i}" for i in range(fighters)]
    for i, n in enumerate(names):
        eq = {slot: _best(w, slot, 30) for slot in w.rules.equipment_slots}
        w.add_player(
            n, (130 + i % 3, 122 + i // 3), skills=skills, equipment={k: v for k, v in eq.items() if v}
        )
    mid = w.add_mob(boss, (131, 124))
    for _ in range(rounds):
        for n in names:
            if w.players[n].alive:
                if drv(n, "attack", target=mid).ok is False:
                    drv(n, "move_to", target=mid)
        if not w.mobs[mid].alive:
            return True
        w.end_round()
        if all(not w.players[n].alive for n in names):
            return False
    return False


def test_boss_beats_one_level_30_player_but_not_a_team():
    assert not any(_fight(seed, 1) for seed in range(5))
    assert sum(_fight(seed, 4) for seed in range(5)) >= 4


# --- chat, inspect, observe --------------------------------------------------------------------
def test_chat_delivery_and_errors(d):
    w = d.world
    assert d("jack", "chat", to="team", message="hello all").ok
    assert d("wood", "chat", to=["jack", "wiz"], message="second").ok
    out = d("jack", "chat", to="nobody", message="x")
    assert not out.ok and "unknown recipient(s) 'nobody'" in out.error
    limit = w.rules.max_message_chars
    out = d("jack", "chat", to="wiz", message="x" * (limit + 1))
    assert not out.ok and f"the limit is {limit}" in out.error
    msgs = w.observe("wiz")["messages"]
    assert [m["text"] for m in msgs] == ["hello all", "second"]
    assert msgs[0]["from"] == "jack" and msgs[0]["to"] == ["wood", "wiz"]
    assert w.observe("wiz")["messages"] == []  # drained
    assert [m["text"] for m in w.observe("jack")["messages"]] == ["second"]  # the sender got none of its own


def test_observation_structure(d):
    w = d.world
    obs = w.observe("jack")
    assert set(obs) == {
        "agent",
        "round",
        "position",
        "region",
        "hp",
        "max_hp",
        "alive",
        "skills",
        "inventory",
        "equipment",
        "nearby",
        "messages",
        "offers",
        "quests",
        "happened",
        "last_result",
        "last_error",
    }
    assert set(obs["skills"]) == set(w.content.skills)
    assert set(obs["equipment"]) == set(w.rules.equipment_slots)
    keys = [(e["distance"], e["id"]) for e in obs["nearby"]]
    assert keys == sorted(keys)
    assert all(e["distance"] <= w.rules.view_radius for e in obs["nearby"])
    assert {"wood", "wiz"} <= {e["id"] for e in obs["nearby"]}
    assert "jack" not in {e["id"] for e in obs["nearby"]}
    out = d("jack", "inspect", target="magic_staff")
    assert out.ok and "magic_staff" in out.result
    assert d("jack", "inspect", target="wood").ok
    assert not d("jack", "inspect", target="zzzz").ok
    bad = d("jack", "fly", target="moon")
    assert not bad.ok and "unknown tool 'fly'" in bad.error
    assert w.observe("jack")["last_error"] == bad.error


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"skills": {"magic": 500}}, "magic level must be a whole number in 1..99, got 500"),
        ({"skills": {"magic": 0}}, "magic level must be a whole number in 1..99, got 0"),
        ({"inventory": {"bead": -1}}, "inventory count of bead must be a whole number >= 1, got -1"),
        ({"inventory": {"bead": 1.5}}, "inventory count of bead must be a whole number >= 1, got 1.5"),
        ({"equipment": {"weapon": "bead"}}, "bead cannot be equipped (it has no equipment slot)"),
        ({"equipment": {"hat": "leather_cap"}}, "unknown equipment slot 'hat'"),
        ({"equipment": {"weapon": "leather_cap"}}, "leather_cap goes in slot 'head', not 'weapon'"),
    ],
)
def test_add_player_refuses_bad_setups(kwargs, message):
    w = Driver().world
    with pytest.raises(ValueError) as info:
        w.add_player("x", TOWN, **kwargs)
    assert str(info.value).startswith(f"player 'x': {message}")
    assert "x" not in w.players


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"materials": {"oak_plank": 0}}, "material counts must be whole numbers >= 1, got {'oak_plank': 0}"),
        ({"materials": {}, "work": -1}, "work must be a whole number >= 0, got -1"),
        ({}, "a site needs materials or work (or both)"),
        ({"work": 2, "level": 0}, "level must be a whole number in 1..99, got 0"),
    ],
)
def test_add_site_refuses_bad_setups(kwargs, message):
    w = Driver().world
    with pytest.raises(ValueError) as info:
        w.add_site("shed", TOWN, **kwargs)
    assert str(info.value) == f"add_site 'site#shed': {message}"
    assert "site#shed" not in w.sites


def test_bad_arguments_never_raise(d):
    for tool, args in [
        ("move_to", {}),
        ("move_to", {"target": 5}),
        ("gather", {"target": None}),
        ("craft", {"recipe": "oak_stick", "count": -1}),
        ("give", {"to": 3, "item": "x"}),
        ("trade_offer", {"to": "wiz", "give": "all", "want": {}}),
        ("trade_accept", {"offer_id": "a"}),
        ("equip", {"item": "nothing"}),
        ("chat", {"to": 5, "message": "x"}),
        ("build", {"site": ""}),
        ("attack", {"target": "wiz"}),
        ("talk", {"npc": "nobody"}),
        ("use", {}),
        ("wait", None),
    ]:
        out = d.world.act("jack", tool, args, 99)
        assert out.ok or out.error, (tool, args)


# --- snapshots -----------------------------------------------------------------------------------
def test_snapshot_restore_deepcopy_pickle(d):
    w = d.world
    d("jack", "move_to", target="woodcutters_camp")
    blob = w.snapshot()
    assert b"Content" not in blob and len(blob) < 2_000_000
    pos = w.players["jack"].pos
    d("jack", "move_to", target="woodcutters_camp")
    assert w.players["jack"].pos != pos
    w.restore(blob)
    assert w.players["jack"].pos == pos
    clone = copy.deepcopy(w)
    assert clone.content is w.content and clone.observe("jack") == w.observe("jack")
    again = pickle.loads(pickle.dumps(w))
    assert again.content is w.content
    assert again.rng.random() == w.rng.random()


def test_better_tools_sometimes_give_an_extra_unit():
    def logs(tool: str, seed: int = 0) -> int:
        drv = Driver(seed)
        w = drv.world
        w.add_player("j", TOWN, skills={"lumberjacking": 40}, inventory={tool: 1})
        for _ in range(10):
            node = w.add_node("oak_tree", (131, 121))
            for _ in range(w.content.node_kinds["oak_tree"].capacity):
                out = drv("j", "gather", target=node)
                assert out.ok, out.error
        return w.players["j"].inventory.count("oak_log")

    gathers = 10 * load_content().node_kinds["oak_tree"].capacity
    assert logs("bronze_axe") == gathers  # power 1: exactly one log per gather
    assert gathers < logs("froststeel_axe") < 2 * gathers  # power 3: an extra log half of the time
    # the chance is a rule: with tool_bonus_per_power 0 even the best axe gives one log per gather
    w = World(load_content(overrides={"rules": {"tool_bonus_per_power": 0.0}}))
    w.reset(0)
    w.add_player("j", TOWN, skills={"lumberjacking": 40}, inventory={"froststeel_axe": 1})
    node = w.add_node("oak_tree", (131, 121))
    for aid in range(w.content.node_kinds["oak_tree"].capacity):
        assert w.act("j", "gather", {"target": node}, aid).ok
    assert w.players["j"].inventory.count("oak_log") == w.content.node_kinds["oak_tree"].capacity


def test_move_to_a_kind_walks_to_the_nearest_one_in_view():
    from agentworld.world import World, load_content

    w = World(load_content())
    w.reset(0)
    w.add_player("a", position="whisperwood_clearing")
    nearest = min(
        (n for n in w.observe("a")["nearby"] if n["id"].startswith("oak_tree#")),
        key=lambda n: (n["distance"], n["id"]),
    )
    out = w.act("a", "move_to", {"target": "oak_tree"}, 0)
    assert out.ok and nearest["id"] in out.result, out
    bad = w.act("a", "move_to", {"target": "no_such_kind"}, 1)
    assert not bad.ok and "unknown move target 'no_such_kind'" in bad.error


def test_hidden_things_are_targeted_only_in_view_and_never_suggested():
    from agentworld.world import World, load_content

    w = World(load_content())
    w.reset(0)
    w.add_player("a", position="town_square")
    far = w.add_ground_item("bead", 1, "whisperwood_clearing")
    out = w.act("a", "move_to", {"target": far}, 0)
    assert not out.ok and f"unknown move target '{far}'" in out.error and "only while in view" in out.error
    typo = w.act("a", "move_to", {"target": far + "9"}, 1)
    assert not typo.ok and "did you mean" not in typo.error  # no hint at a hidden item's id
    w.add_player("b", position="whisperwood_clearing")
    assert w.act("b", "move_to", {"target": far}, 2).ok


def _forget(world: World, ident: str) -> None:
    """Remove an entity from every table, as if it had never existed."""
    ent = world.entities.pop(ident)
    for table in (world.mobs, world.nodes, world.ground, world.dead_mobs, world.active, world.depleted):
        table.pop(ident, None)
    world.grid.remove(ident, ent.x, ent.y)


# every argument name a tool resolves as an id or a name
_ID_ARGS = ("target", "npc", "site", "to", "item", "recipe", "offer_id", "slot")


def test_an_out_of_view_id_gets_the_same_answer_as_an_id_that_does_not_exist():
    """Issue 10 item 3: probing ids (exact, or with a typo) must not reveal where, or whether, a
    hidden mob, node or ground item exists: every tool answers as if it did not exist."""
    from agentworld.world.engine import TOOL_NAMES
    from agentworld.world.pathfinding import chebyshev

    w = World(load_content())
    w.reset(0)
    w.add_player("a", position="town_square", inventory={"bronze_axe": 1, "bronze_sword": 1, "coins": 50})
    w.add_player("b", position=(131, 122))
    a = w.players["a"]
    hidden = [w.add_ground_item("ancient_tablet", 1, "whisperwood_clearing")]
    hidden += [next(m.id for m in w.mobs.values() if chebyshev((a.x, a.y), (m.x, m.y)) > w.rules.view_radius)]
    hidden += [
        next(n.id for n in w.nodes.values() if chebyshev((a.x, a.y), (n.x, n.y)) > w.rules.view_radius)
    ]
    dead = next(
        m
        for m in w.mobs.values()
        if chebyshev((a.x, a.y), (m.x, m.y)) > w.rules.view_radius and m.id not in hidden
    )
    dead.alive, dead.respawn_round = False, 9
    w.grid.remove(dead.id, dead.x, dead.y)
    hidden.append(dead.id)
    gone = copy.deepcopy(w)
    for ident in hidden:
        _forget(gone, ident)
    probes = [s for ident in hidden for s in (ident, ident + "9", ident[:-1] + "x", ident.upper())]
    aid = 0
    for tool in TOOL_NAMES:
        for key in _ID_ARGS:
            for probe in probes:
                args = {key: probe}
                if tool == "chat":
                    args["message"] = "hi"
                got, expected = w.act("a", tool, args, aid), gone.act("a", tool, args, aid)
                aid += 1
                assert (got.ok, got.result, got.error) == (expected.ok, expected.result, expected.error), (
                    tool,
                    args,
                )
    # the same ids work once in view
    node = w.nodes[hidden[2]]
    w.players["b"].x, w.players["b"].y = node.x, node.y
    w.grid.move("b", w.players["b"], 131, 122)
    seen = w.act("b", "inspect", {"target": node.id}, aid)
    assert seen.ok and node.id in seen.result


def test_move_to_typos_prefer_what_the_briefing_names():
    """Issue 10 item 10: in task_01 `move_to camp` suggests the task's woodcutters_camp to the agent
    whose briefing names it (the woodworker's); since issue 24 the lumberjack and the wizard are not
    told where the camp is (the woodworker's chat says so), and they get the plain nearest name. A
    bare world has no briefing."""
    from agentworld.episode import Episode

    ep = Episode("task_01", seed=0)
    for agent in ep.agents:
        record = ep.act(agent, {"tool": "move_to", "args": {"target": "camp"}})
        told = "woodcutters_camp" in ep.task.agent(agent).context
        assert record["error"].endswith("did you mean 'woodcutters_camp'?") == told, (agent, record["error"])
    assert "woodcutters_camp" in ep.task.agent("woodworker").context
    w = World(load_content())
    w.reset(0)
    w.add_player("a", position="town_square")
    assert "did you mean 'woodcutters_camp'" not in w.act("a", "move_to", {"target": "camp"}, 0).error
    w.mention("a", "Walk to woodcutters_camp.")
    assert w.act("a", "move_to", {"target": "camp"}, 1).error.endswith("did you mean 'woodcutters_camp'?")
