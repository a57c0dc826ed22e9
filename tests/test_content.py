"""The content loader: schema errors name file/entry/field, cross-references are checked."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from agentworld.world.content import (
    DATA_DIR,
    ContentError,
    MAX_LEVEL,
    level_for_xp,
    load_content,
    xp_for_level,
)
from agentworld.world.summary import world_summary


@pytest.fixture(scope="module")
def content():
    return load_content()


def _copy_data(tmp_path: Path) -> Path:
    dest = tmp_path / "data"
    shutil.copytree(DATA_DIR, dest)
    return dest


def _edit(path: Path, fn) -> None:
    data = yaml.safe_load(path.read_text())
    fn(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def test_default_content_is_cached():
    """Speed is measured in benchmarks/, not here: only the cache is tested."""
    a = load_content()
    b = load_content()
    assert a is b
    fresh = load_content(DATA_DIR)  # an explicit dir bypasses the cache
    assert fresh is not a


def test_counts_meet_minimums(content):
    s = world_summary(content)
    assert s["items"] >= 150
    assert s["mob_types"] >= 40
    assert s["bosses"] >= 3
    assert s["npcs"] >= 20
    assert s["resource_nodes"] >= 400
    assert s["recipes"] >= 40
    assert s["station_kinds"] >= 5
    assert s["regions"] >= 8
    assert s["map_width"] >= 256 and s["map_height"] >= 256
    assert len([k for k in content.skills.values() if k.kind != "combat"]) >= 8
    assert {"accuracy", "strength", "defense", "health", "archery", "magic"} <= set(content.skills)


def test_task_01_chain_exists(content):
    """Logs come from oak trees with an axe; sticks from logs; the staff from sticks and a bead."""
    oak = content.node_kinds["oak_tree"]
    assert oak.yields == {"oak_log": 1} and oak.tool == "lumberjacking"
    assert content.items["bronze_axe"].tool.skill == "lumberjacking"
    stick = content.recipes["oak_stick"]
    assert stick.skill == "fletching" and stick.inputs == {"oak_log": 1} and "stick" in stick.outputs
    staff = content.recipes["magic_staff"]
    assert staff.station == "workbench" and staff.skill == "crafting"
    assert set(staff.inputs) == {"stick", "bead"}
    assert content.items["magic_staff"].slot == "weapon"
    assert any(s == "workbench" and p == "town" for s, p, _ in content.map.placed_stations)


def test_bosses_and_lairs(content):
    lairs = (
        ("ice_guardian", "ice_lair", "glacier_gate"),
        ("iron_ogre", "ogre_den", "ogre_den_mouth"),
        ("water_guardian", "water_shrine", "shrine_steps"),
    )
    for boss, lair, gathering_point in lairs:
        mob = content.mobs[boss]
        assert mob.boss and mob.respawn is None
        assert (boss, content.map.landmarks[lair]) in content.map.mob_spawns
        (x0, y0), (x1, y1) = content.map.landmarks[lair], content.map.landmarks[gathering_point]
        assert max(abs(x0 - x1), abs(y0 - y1)) > mob.aggro_radius + mob.attack_range  # a safe place to meet
        # a lone player with 110 HP dies in fewer hits than it takes to kill the boss
        assert mob.hp >= 10 * mob.max_hit


def test_xp_curve_monotone_and_inverse():
    assert xp_for_level(1) == 0
    assert xp_for_level(2) == 50
    prev = -1
    for level in range(1, MAX_LEVEL + 1):
        xp = xp_for_level(level)
        assert xp > prev
        prev = xp
        assert level_for_xp(xp) == level
        if level > 1:
            assert level_for_xp(xp - 1) == level - 1
    assert level_for_xp(10**9) == MAX_LEVEL
    assert level_for_xp(-5) == 1


def test_schema_error_names_file_entry_and_field(tmp_path):
    d = _copy_data(tmp_path)

    def bad(data):
        data["items"][1]["value"] = -3
        data["items"][2]["colour"] = "red"  # unknown field (typo) must be caught

    _edit(d / "items.yaml", bad)
    with pytest.raises(ContentError) as err:
        load_content(d)
    text = str(err.value)
    assert "items.yaml: items[1] 'oak_log': value: Input should be greater than or equal to 0" in text
    assert "items.yaml: items[2] 'pine_log': colour: Extra inputs are not permitted" in text


def test_cross_reference_errors_listed_together(tmp_path):
    d = _copy_data(tmp_path)
    _edit(d / "recipes.yaml", lambda data: data["recipes"][0]["inputs"].update({"unobtainium": 1}))
    _edit(d / "mobs.yaml", lambda data: data["mobs"][0]["drops"].append({"item": "dragon_scale"}))
    _edit(
        d / "npcs.yaml",
        lambda data: data["npcs"][0]["shop"]["stock"].append({"item": "nope", "price": 1, "quantity": 1}),
    )
    with pytest.raises(ContentError) as err:
        load_content(d)
    problems = err.value.problems
    assert any(
        "recipes.yaml: recipes[0] 'oak_stick': inputs: unknown item 'unobtainium'" in p for p in problems
    )
    assert any("mobs.yaml: mobs[0] 'hen': drops: unknown item 'dragon_scale'" in p for p in problems)
    assert any("npcs.yaml: npcs[0] 'mira': shop.stock: unknown item 'nope'" in p for p in problems)


def test_quest_targets_and_duplicates_checked():
    npcs = yaml.safe_load((DATA_DIR / "npcs.yaml").read_text())["npcs"]
    npcs[4]["quests"][0]["stages"][0]["npc"] = "nobody"
    npcs.append(dict(npcs[0]))  # duplicate id
    with pytest.raises(ContentError) as err:
        load_content(overrides={"npcs": {"npcs": npcs}})
    text = str(err.value)
    assert "unknown npc 'nobody'" in text
    assert "duplicate id 'mira'" in text


def test_positions_must_be_walkable_and_in_bounds():
    spec = yaml.safe_load((DATA_DIR / "map.yaml").read_text())
    spec["landmarks"].append({"id": "in_the_lake", "name": "Lake bottom", "position": [208, 115]})
    spec["stations"].append({"station": "workbench", "place": "nowhere", "position": [300, 10]})
    with pytest.raises(ContentError) as err:
        load_content(overrides={"map": {"landmarks": spec["landmarks"], "stations": spec["stations"]}})
    text = str(err.value)
    assert "landmarks[" in text and "'in_the_lake'" in text and "unwalkable terrain 'water'" in text
    assert "'workbench#nowhere'" in text and "outside the 256x256 map" in text


def test_overrides_change_rules():
    c = load_content(overrides={"rules": {"move_speed": 3}})
    assert c.rules.move_speed == 3
    assert load_content().rules.move_speed == 10


def test_rules_values(content):
    r = content.rules
    assert (r.move_speed, r.view_radius, r.interact_range, r.give_range) == (10, 10, 1, 2)
    assert r.equipment_slots == ["weapon", "shield", "head", "body", "legs", "hands", "feet", "neck"]
    assert r.max_hp(10) == r.base_hp + 10 * r.hp_per_health_level
    for item in content.items.values():
        if item.slot:
            assert item.slot in r.equipment_slots


def test_cli_world_json():
    out = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "world", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    for key in (
        "items",
        "mob_types",
        "bosses",
        "npcs",
        "resource_nodes",
        "recipes",
        "skills",
        "regions",
        "stations",
        "landmarks",
        "map_width",
        "map_height",
    ):
        assert isinstance(data[key], int), key
    assert data["bosses"] == 14  # the three lair guardians, task_08's three wardens, the Eastmarch's eight


def test_every_item_has_a_source_and_every_resource_a_use(content):
    """No dead ends: each item can be gathered, crafted, dropped, bought or earned."""
    sources = set()
    for kind in content.node_kinds.values():
        sources |= set(kind.yields) | {r.item for r in kind.rare}
    for recipe in content.recipes.values():
        sources |= set(recipe.outputs)
    for mob in content.mobs.values():
        sources |= {d.item for d in mob.drops}
    for npc in content.npcs.values():
        if npc.shop:
            sources |= {s.item for s in npc.shop.stock}
        for quest in npc.quests:
            sources |= set(quest.rewards.items)
    assert sorted(set(content.items) - sources) == []
    used = {i for r in content.recipes.values() for i in [*r.inputs, *r.tools]}
    dead = [
        i
        for i, it in content.items.items()
        if it.category in ("resource", "intermediate") and i not in used and it.heal == 0
    ]
    assert dead == []


def test_unplaced_station_is_an_error():
    stations = yaml.safe_load((DATA_DIR / "map.yaml").read_text())["stations"]
    kept = [s for s in stations if s["station"] != "loom"]
    with pytest.raises(ContentError) as err:
        load_content(overrides={"map": {"stations": kept}})
    assert "recipes.yaml: recipes[" in str(err.value) and "no 'loom' is placed" in str(err.value)


def test_content_pickles_and_deepcopies(content):
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(content)) is content
    assert copy.deepcopy(content) is content
    other = load_content(overrides={"rules": {"move_speed": 4}})
    clone = pickle.loads(pickle.dumps(other))
    assert clone.rules.move_speed == 4 and clone.map.walkable(*clone.map.landmarks["town_square"])


def test_map_errors_name_section_entry_and_field():
    spec = yaml.safe_load((DATA_DIR / "map.yaml").read_text())
    spec["features"][3]["shape"] = "triangle"
    spec["features"][4].pop("center")
    spec["spawns"][0]["count"] = 0
    with pytest.raises(ContentError) as err:
        load_content(
            overrides={
                "map": {"features": spec["features"], "spawns": spec["spawns"], "widht": 3},
                "rules": {"move_sped": 3},
            }
        )
    text = str(err.value)
    assert "rules.yaml: rules: move_sped: Extra inputs are not permitted" in text
    assert "map.yaml: features[3] 'Southern crag': shape: Input should be" in text
    assert "map.yaml: features[4] 'Eastern crag': Value error, shape 'circle' needs center" in text
    assert "map.yaml: spawns[0] 'ice_guardian': count: Input should be greater than or equal to 1" in text
    assert "map.yaml: map: widht: Extra inputs are not permitted" in text
    assert len(err.value.problems) == 5


def test_unreachable_position_is_an_error():
    """A station walled in by mountains is reported as unreachable from the hub."""
    spec = yaml.safe_load((DATA_DIR / "map.yaml").read_text())
    spec["features"].append(
        {"name": "sealed", "shape": "outline", "terrain": "mountain", "rect": [60, 140, 66, 146]}
    )
    spec["stations"].append({"station": "workbench", "place": "sealed", "position": [63, 143]})
    with pytest.raises(ContentError) as err:
        load_content(overrides={"map": {"features": spec["features"], "stations": spec["stations"]}})
    assert "'workbench#sealed': position [63, 143] cannot be reached from the hub 'town_square'" in str(
        err.value
    )


def _expected_damage(p_hit: float, max_hit: int, armour: int) -> float:
    return p_hit * sum(max(0, d - armour) for d in range(1, max_hit + 1)) / max_hit


@pytest.mark.parametrize("boss", ["ice_guardian", "iron_ogre", "water_guardian"])
def test_boss_beats_one_player_but_not_four(content, boss):
    """With the engine's combat formulas: a level-40 player in froststeel dies alone, four win."""
    from agentworld.world.combat import armour_of, hit_chance, player_max_hit

    level = 40
    weapon = content.items["froststeel_sword"].stats
    worn = ["froststeel_helm", "froststeel_platebody", "froststeel_platelegs", "froststeel_shield"]
    item_def = sum(content.items[i].stats.defense for i in worn)
    hp = content.rules.max_hp(level)
    mob = content.mobs[boss]
    player_dpr = _expected_damage(
        hit_chance(level + weapon.accuracy, mob.defense), player_max_hit(level, weapon.strength), 0
    )
    boss_dpr = _expected_damage(hit_chance(mob.accuracy, level + item_def), mob.max_hit, armour_of(item_def))
    rounds_to_die = hp / boss_dpr
    assert mob.hp / player_dpr > 1.8 * rounds_to_die  # alone: dies long before the boss does
    assert mob.hp / (4 * player_dpr) < 0.75 * rounds_to_die  # four together: the tank survives
    assert mob.hp / (4 * player_dpr) < 16  # and it fits a task's round budget


def test_quest_ids_unique_and_effects_name_skills():
    npcs = yaml.safe_load((DATA_DIR / "npcs.yaml").read_text())["npcs"]
    lysa = next(n for n in npcs if n["id"] == "lysa")
    greta = next(n for n in npcs if n["id"] == "greta")
    greta["quests"][0]["id"] = lysa["quests"][0]["id"]
    items = yaml.safe_load((DATA_DIR / "items.yaml").read_text())["items"]
    tonic = next(i for i in items if i["id"] == "strength_tonic")
    tonic["effects"] = {"strenght": 5, "duration": 10}
    with pytest.raises(ContentError) as err:
        load_content(overrides={"npcs": {"npcs": npcs}, "items": {"items": items}})
    text = str(err.value)
    assert "'greta': quests 'wolves_at_the_edge': quest id already used by npc 'lysa'" in text
    assert "'strength_tonic': effects: unknown skill (or 'duration') 'strenght'" in text


def test_cli_world_reports_broken_data_dir(tmp_path, capsys):
    from agentworld.cli import main

    d = _copy_data(tmp_path)
    _edit(d / "mobs.yaml", lambda data: data["mobs"][3].update({"hp": 0}))
    assert main(["world", "--data-dir", str(d)]) == 1
    err = capsys.readouterr().err
    assert "mobs.yaml: mobs[3] 'cow': hp: Input should be greater than or equal to 1" in err
    assert main(["world", "--json", "--png", str(tmp_path / "w.png")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["png"].endswith("w.png") and (tmp_path / "w.png").stat().st_size > 10_000


def test_cli_world_missing_data_dir_and_unwritable_png(tmp_path, capsys):
    from agentworld.cli import main

    assert main(["world", "--data-dir", str(tmp_path / "nowhere")]) == 1
    assert "nowhere: no such data directory" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    assert main(["world", "--png", str(blocker / "map.png")]) == 1
    assert "cannot write the map PNG" in capsys.readouterr().err


def test_a_discarded_content_is_freed_with_its_engine_index():
    """Caches keyed by content must not keep every override variant alive (nor be reused by id)."""
    import gc
    import weakref

    from agentworld.world import World
    from agentworld.world import index as index_mod

    content = load_content(overrides={"rules": {"mob_speed": 2}})
    world = World(content)
    world.reset(0)
    assert index_mod.index_for(content) is world._ix
    ref = weakref.ref(content)
    del world, content
    gc.collect()
    assert ref() is None
