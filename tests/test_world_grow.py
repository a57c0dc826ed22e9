"""The Southern Reaches (scripts/grow_world.py): generated, up to date, and out of the vale's way."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from agentworld.world.content import load_content

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "grow_world.py"


@pytest.fixture(scope="module")
def grow():
    spec = importlib.util.spec_from_file_location("grow_world", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def content():
    return load_content()


def test_data_files_are_the_scripts_output(grow):
    texts = grow.render(grow.DATA)
    stale = [stem for stem, text in texts.items() if (grow.DATA / f"{stem}.yaml").read_text(encoding="utf-8") != text]
    assert stale == [], f"run python scripts/grow_world.py (stale: {stale})"


def test_new_regions_have_a_camp_two_bosses_and_their_own_trade(grow, content):
    gmap = content.map
    for r in grow.REGIONS:
        rid = r["id"]
        assert gmap.region_at(*gmap.landmarks[f"{rid}_camp"]) == rid
        bosses = [m for m in content.mobs.values() if m.boss and m.id in {s for s, _ in gmap.mob_spawns}
                  and gmap.region_at(*next(xy for s, xy in gmap.mob_spawns if s == m.id)) == rid]
        assert len(bosses) == 2 and any(b.wounded_by for b in bosses) and any(b.sure_strike for b in bosses), rid
        stations = {kind for kind, _place, xy in gmap.placed_stations if gmap.region_at(*xy) == rid}
        recipes = [rc for rc in content.recipes.values() if rc.region == rid]
        assert len(recipes) >= 20
        for rc in recipes:
            assert rc.station is None or rc.station in stations, rc.id


def test_region_recipes_use_nothing_from_the_vale(grow, content):
    """A vale player's recipe lists (by held input, station) never show a far region's trade."""
    vale_items = {i for r in content.recipes.values() if r.region is None for i in (*r.inputs, *r.outputs)}
    vale_stations = {r.station for r in content.recipes.values() if r.region is None}
    for r in content.recipes.values():
        if r.region is not None:
            assert not set(r.inputs) & vale_items, r.id
            assert r.station is None or r.station not in vale_stations, r.id


def test_nothing_new_is_in_sight_of_the_vale(grow, content):
    """Every new node, spawn and NPC sits more than a view radius south of the old map's last row."""
    gmap, limit = content.map, grow.TOP - 1 + content.rules.view_radius + 2
    new_kinds = {k["id"] for reg in (grow.Region(r) for r in grow.REGIONS) for k in reg.kinds}
    new_mobs = {m["id"] for reg in (grow.Region(r) for r in grow.REGIONS) for m in reg.mobs}
    assert new_kinds and new_mobs
    assert all(y > limit for kind, (_x, y) in gmap.placed_nodes if kind in new_kinds)
    assert all(y > limit for mob, (_x, y) in gmap.mob_spawns if mob in new_mobs)
    assert all(y > limit for npc, (_x, y) in gmap.npc_positions.items() if npc.split("_")[0] in {r["id"] for r in grow.REGIONS})
    # and the old map's part is all where it was: nothing placed in the vale is of a new kind
    assert not any(y < grow.TOP and kind in new_kinds for kind, (_x, y) in gmap.placed_nodes)
