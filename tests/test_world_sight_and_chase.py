"""Line of sight for attacks, mobs chasing round walls, and mobs that hold a passage.

The geometry is the town of Brindlemark: its wall runs along y = 104 (town_wall) with the north
gate at x = 129..131; inside is paving, outside grass, and no aggressive mob is near (122, 101).
"""

from __future__ import annotations

import pytest

from agentworld.world import World, load_content
from agentworld.world.sight import line_between, sight_blocker

INSIDE = (122, 106)  # paving, two tiles inside the north wall
OUTSIDE = (122, 101)  # grass, three tiles outside it
WALL = (122, 104)


def world(seed: int = 0) -> World:
    w = World(load_content())
    w.reset(seed)
    return w


def archer(w: World, at, name: str = "archer") -> None:
    w.add_player(name, at, skills={"archery": 40, "health": 30}, equipment={"weapon": "oak_shortbow"})


def hits_on(w: World, target: str, mob_id: str) -> list[dict]:
    return [
        e
        for e in w.events
        if e["kind"] in ("damage", "miss") and e.get("mob") == mob_id and e.get("target") == target
    ]


def test_the_map_is_what_these_tests_assume():
    gmap = load_content().map
    assert gmap.terrain_at(*WALL) == "town_wall" and gmap.terrain_at(*INSIDE) == "paving"
    assert gmap.terrain_at(*OUTSIDE) == "grass" and gmap.terrain_at(130, 104) == "road"


def test_lines_are_symmetric_and_skip_the_endpoints():
    for a, b in [((0, 0), (4, 2)), ((3, 7), (0, 1)), ((5, 5), (5, 0)), ((2, 9), (8, 3))]:
        there = line_between(a, b)
        assert there == list(reversed(line_between(b, a)))
        assert a not in there and b not in there
        assert len(there) == max(abs(a[0] - b[0]), abs(a[1] - b[1])) - 1
    assert line_between((0, 0), (1, 1)) == []


def test_an_arrow_cannot_pass_a_wall_and_the_error_names_it():
    w = world()
    archer(w, INSIDE)
    hen = w.add_mob("hen", (122, 102))
    out = w.act("archer", "attack", {"target": hen}, 0)
    assert not out.ok
    assert out.error.startswith(f"no line of sight to {hen}: a town wall at (122, 104) is in the way")
    assert w.mobs[hen].target is None and not out.events  # nothing happened: no miss, no aggro
    w.add_player("gate", (130, 106), skills={"archery": 40}, equipment={"weapon": "oak_shortbow"})
    seen = w.add_mob("hen", (130, 102))  # straight through the gate: the road is open
    assert w.act("gate", "attack", {"target": seen}, 1).ok


def test_deep_water_does_not_block_an_arrow():
    gmap = load_content().map
    spot = next(
        (x, y)
        for y in range(60, 200)
        for x in range(80, 110)
        if gmap.walkable(x, y)
        and gmap.terrain_at(x + 1, y) == "water"
        and gmap.terrain_at(x + 2, y) == "water"
        and gmap.terrain_at(x + 3, y) == "water"
        and gmap.walkable(x + 4, y)
    )
    w = world()
    archer(w, spot)
    hen = w.add_mob("hen", (spot[0] + 4, spot[1]))
    out = w.act("archer", "attack", {"target": hen}, 0)
    assert out.ok, out.error


def test_attack_by_kind_prefers_the_one_in_sight():
    w = world()
    archer(w, INSIDE)
    w.add_mob("hen", (122, 102))  # 4 tiles away, behind the wall
    open_hen = w.add_mob("hen", (127, 106))  # 5 tiles away, in plain sight inside the town
    out = w.act("archer", "attack", {"target": "hen"}, 0)
    assert out.ok and open_hen in out.result


def test_a_ranged_mob_cannot_shoot_through_a_wall_and_comes_round_instead():
    w = world()
    w.add_player("v", INSIDE, skills={"health": 40})
    skel = w.add_mob(
        "skeleton_archer", OUTSIDE
    )  # aggressive, aggro radius 6, range 6: in range, not in sight
    start = (w.mobs[skel].x, w.mobs[skel].y)
    w.end_round()
    assert w.mobs[skel].target == "v"
    assert hits_on(w, "v", skel) == []  # it did not shoot through the wall
    assert (w.mobs[skel].x, w.mobs[skel].y) != start
    for _ in range(12):
        w.end_round()
        if hits_on(w, "v", skel):
            break
    assert hits_on(w, "v", skel), "once round the wall it shoots"
    mob = w.mobs[skel]
    assert sight_blocker(w._ix.sight_grid, w.map.width, (mob.x, mob.y), INSIDE) is None


def test_a_chasing_mob_walks_round_a_wall_through_the_gate():
    """The wolf starts north of the wall, its target south of it; the only way is the gate 7
    tiles east. A mob that only walks straight (or gives up after a short search) never arrives."""
    w = world(seed=2)
    w.add_player("v", INSIDE, skills={"health": 40, "defense": 40})
    wolf = w.add_mob("dire_wolf", OUTSIDE)  # aggressive, aggro radius 5
    for _ in range(15):
        w.end_round()
        if hits_on(w, "v", wolf):
            break
    mob = w.mobs[wolf]
    assert hits_on(w, "v", wolf), f"the wolf is stuck at ({mob.x}, {mob.y})"
    assert max(abs(mob.x - INSIDE[0]), abs(mob.y - INSIDE[1])) <= 1


def test_a_chase_reuses_its_path_while_the_target_stays_put(monkeypatch):
    from agentworld.world import mobs as mobs_mod

    calls = []
    real = mobs_mod.find_path_grid

    def counting(*a, **k):
        calls.append(a[3:5])
        return real(*a, **k)

    monkeypatch.setattr(mobs_mod, "find_path_grid", counting)
    w = world(seed=2)
    w.add_player("v", INSIDE, skills={"health": 40, "defense": 40})
    w.add_mob("dire_wolf", OUTSIDE)
    for _ in range(15):
        w.end_round()
    assert 1 <= len(calls) <= 2


def test_a_mob_still_gives_up_a_target_beyond_its_leash():
    w = world()
    leash = w.rules.mob_leash
    w.add_player("v", (118, 101 - leash - 1), skills={"health": 40})
    wolf = w.add_mob("dire_wolf", OUTSIDE)
    mob = w.mobs[wolf]
    mob.target = "v"
    w.active[wolf] = mob
    w.end_round()
    assert mob.target is None


# --- a mob that holds a passage -------------------------------------------------------------
GATE = [(129, 104), (130, 104), (131, 104)]


def test_a_guard_stops_players_before_its_tiles_and_names_itself():
    w = world()
    w.add_player("v", (130, 108), skills={"health": 40})
    guard = w.add_mob("hen", (130, 106), guards=GATE)
    out = w.act("v", "move_to", {"target": [130, 100]}, 0)
    assert out.ok and (w.players["v"].x, w.players["v"].y) == (130, 105)
    assert f"{guard} guards (130, 104)" in out.result and "kill it" in out.result
    out = w.act("v", "move_to", {"target": [130, 100]}, 1)
    assert not out.ok and out.error.startswith(f"{guard} guards (130, 104)")
    assert (w.players["v"].x, w.players["v"].y) == (130, 105)
    w.mobs[guard].alive = False  # once it is dead the way is open
    out = w.act("v", "move_to", {"target": [130, 100]}, 2)
    assert out.ok and (w.players["v"].x, w.players["v"].y) == (130, 100)


def test_killing_the_guard_opens_the_way_and_it_closes_again_on_respawn():
    w = world()
    w.add_player("v", (130, 106), skills={"accuracy": 60, "strength": 60, "health": 40})
    guard = w.add_mob("hen", (130, 107), guards=GATE)
    for aid in range(20):
        if not w.mobs[guard].alive:
            break
        w.act("v", "attack", {"target": guard}, aid)
    assert not w.mobs[guard].alive
    assert w.act("v", "move_to", {"target": [130, 102]}, 50).ok and w.players["v"].y == 102
    while not w.mobs[guard].alive:
        w.end_round()
    out = w.act("v", "move_to", {"target": [130, 107]}, 51)
    assert out.ok and f"{guard} guards (130, 104)" in out.result and w.players["v"].y == 103


def test_guards_must_be_walkable_tiles_on_the_map():
    w = world()
    with pytest.raises(ValueError, match=r"guards\[0\].*unwalkable"):
        w.add_mob("hen", (130, 106), guards=[WALL])
    with pytest.raises(ValueError, match=r"guards\[1\].*outside"):
        w.add_mob("hen", (130, 106), guards=[(130, 104), (999, 3)])


def test_guards_survive_snapshots():
    w = world()
    w.add_player("v", (130, 108))
    guard = w.add_mob("hen", (130, 106), guards=GATE)
    blob = w.snapshot()
    w.restore(blob)
    assert w.guarded[(130, 104)] is w.mobs[guard]


def test_validate_names_a_guarded_tile_that_is_a_wall(tmp_path):
    import yaml

    from agentworld.tasks import TASKS_DIR, TaskError, load_task

    raw = yaml.safe_load((TASKS_DIR / "task_01.yaml").read_text())
    raw.setdefault("world", {})["mobs"] = [
        {"type": "hen", "position": [130, 106], "guards": [[130, 104], list(WALL)]}
    ]
    path = tmp_path / "task_x.yaml"
    path.write_text(yaml.safe_dump(raw))
    with pytest.raises(TaskError) as info:
        load_task(path)
    assert any(
        "world.mobs[0].guards[1]: position [122, 104] is on unwalkable terrain 'town_wall'" in p
        for p in info.value.problems
    ), info.value.problems
