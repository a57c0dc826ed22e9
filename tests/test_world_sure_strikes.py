"""Mobs that strike surely, that only some weapons wound, and that take full blows (mobs.yaml).

`sure_strike`: no rolled blow; at the end of every round of its fight the one it fights loses the
strike minus their armour, wherever they stand. `wounded_by`: any other weapon deals 0.
`full_blows`: a blow that lands deals the attacker's max hit. Content errors name the field.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from agentworld.world import World, load_content
from agentworld.world import content as content_module
from agentworld.world.content import ContentError

KNIGHT_SPOT = (210, 38)  # the fallen knight's hall (map spawn)


def knight_world(seed: int = 0) -> tuple[World, str]:
    world = World(load_content())
    world.reset(seed)
    knight = next(m for m in world.mobs.values() if m.type == "fallen_knight")
    return world, knight.id


def add(world: World, name: str, at: tuple[int, int], **gear) -> None:
    world.add_player(name, at, skills={"archery": 55, "defense": 40, "health": 60}, equipment=gear)


def test_a_sure_strike_costs_its_target_the_strike_minus_armour_every_round():
    world, knight = knight_world()
    kx, ky = world.mobs[knight].x, world.mobs[knight].y
    add(world, "tank", (kx, ky + 1), weapon="wooden_club", shield="hollowcrown_bulwark")
    assert world.act("tank", "attack", {"target": knight}, 0).ok
    for _ in range(3):
        world.end_round()
    strikes = [e for e in world.events if e["kind"] == "damage" and e.get("mob") == knight]
    armour = (252 + 0) // 10
    assert [e["amount"] for e in strikes] == [70 - armour] * 3  # every round, never a miss, no roll
    assert not any(e["kind"] == "miss" and e.get("mob") == knight for e in world.events)


def test_running_away_does_not_escape_a_sure_strike():
    world, knight = knight_world()
    kx, ky = world.mobs[knight].x, world.mobs[knight].y
    add(world, "archer", (kx + 6, ky), weapon="hallowed_longbow")
    assert world.act("archer", "attack", {"target": knight}, 0).ok
    world.end_round()
    hp = world.players["archer"].hp
    world.act("archer", "move_to", {"target": [kx + 6, ky + 12]}, 0)  # runs, still within the leash
    world.end_round()
    assert world.players["archer"].hp == hp - 70


def test_only_the_listed_weapons_wound_it_and_full_blows_deal_the_max_hit():
    world, knight = knight_world(seed=3)
    kx, ky = world.mobs[knight].x, world.mobs[knight].y
    add(world, "clubber", (kx, ky + 1), weapon="iron_sword")
    add(world, "archer", (kx + 5, ky), weapon="hallowed_longbow")
    mob = world.mobs[knight]
    out = world.act("clubber", "attack", {"target": knight}, 0)
    assert out.ok and mob.hp == mob.max_hp
    assert "cannot wound it" in out.result or "miss" in out.result
    hits = []
    for _ in range(6):
        before = mob.hp
        out = world.act("archer", "attack", {"target": knight}, 0)
        assert out.ok
        if "miss" not in out.result:
            hits.append(before - mob.hp)
        mob.target = "clubber"
        world.players["clubber"].hp = world.players["clubber"].max_hp
        world.players["archer"].hp = world.players["archer"].max_hp
    max_hit = world._player_ratings(world.players["archer"]).max_hit
    assert hits and set(hits) == {max_hit}  # archery 55 + bow 10 -> 33, every time


def test_a_sure_strike_is_deterministic_for_a_seed():
    def trace(seed: int) -> list:
        world, knight = knight_world(seed)
        kx, ky = world.mobs[knight].x, world.mobs[knight].y
        add(world, "archer", (kx + 5, ky), weapon="hallowed_longbow")
        add(world, "tank", (kx, ky + 1), weapon="wooden_club", shield="hollowcrown_bulwark")
        world.act("tank", "attack", {"target": knight}, 0)
        for _ in range(4):
            world.act("archer", "attack", {"target": knight}, 0)
            world.end_round()
        return [(e["kind"], e.get("amount")) for e in world.events if e["kind"] in ("damage", "miss")]

    assert trace(5) == trace(5)


def test_wounded_by_must_name_weapons():
    data = Path(content_module.__file__).parent / "data" / "mobs.yaml"
    mobs = yaml.safe_load(data.read_text())["mobs"]
    knight = next(m for m in mobs if m["id"] == "fallen_knight")
    knight["wounded_by"] = ["iron_helm", "no_such_bow"]
    with pytest.raises(ContentError) as err:
        content_module.load_content(overrides={"mobs": {"mobs": mobs}})
    message = str(err.value)
    assert "'fallen_knight': wounded_by: 'iron_helm' is not a weapon" in message
    assert "'fallen_knight': wounded_by: unknown item 'no_such_bow'" in message
