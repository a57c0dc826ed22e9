"""The painted map: reachability, placement and O(1) lookups."""

from __future__ import annotations

from collections import deque

import pytest

from agentworld.world.content import load_content


@pytest.fixture(scope="module")
def gmap():
    return load_content().map


def _bfs(gmap, start):
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (nx, ny) not in seen and gmap.walkable(nx, ny):
                seen.add((nx, ny))
                queue.append((nx, ny))
    return seen


def test_every_region_reachable_from_town(gmap):
    reach = _bfs(gmap, gmap.landmarks["town_square"])
    regions = {gmap.region_at(x, y) for x, y in reach}
    assert regions == set(gmap.regions)
    # every walkable tile of every region is reachable (no sealed pockets)
    walkable = sum(gmap.walkable(x, y) for y in range(gmap.height) for x in range(gmap.width))
    assert len(reach) == walkable


def test_obstacles_are_real(gmap):
    assert not gmap.walkable(-1, 0) and not gmap.walkable(0, gmap.height)
    kinds = {
        gmap.terrain_at(x, y)
        for y in range(gmap.height)
        for x in range(gmap.width)
        if not gmap.walkable(x, y)
    }
    assert {"water", "mountain", "town_wall", "crevasse"} <= kinds
    # the river splits the map: crossing it without a bridge is impossible, so blocking
    # the three river bridges cuts the west off from the town
    blocked = {
        (x, y)
        for y in range(gmap.height)
        for x in range(gmap.width)
        if gmap.terrain_at(x, y) == "bridge" and x < 100
    }

    class Cut:
        def walkable(self, x, y):
            return (x, y) not in blocked and gmap.walkable(x, y)

    reach = _bfs(Cut(), gmap.landmarks["town_square"])
    assert gmap.landmarks["whisperwood_clearing"] not in reach
    assert gmap.landmarks["ogre_den"] not in reach


def test_regions_cover_map_and_have_landmarks(gmap):
    for y in range(0, gmap.height, 7):
        for x in range(0, gmap.width, 7):
            assert gmap.region_at(x, y) in gmap.regions
    assert gmap.region_at(-1, 5) is None
    per_region = {}
    for lid, (x, y) in gmap.landmarks.items():
        per_region.setdefault(gmap.region_at(x, y), []).append(lid)
    for region in gmap.regions:
        assert len(per_region.get(region, [])) >= 2, region
    assert gmap.region_name(gmap.region_at(*gmap.landmarks["town_square"])) == "Brindlemark"
    assert gmap.region_at(*gmap.landmarks["ice_lair"]) == "frostmere"
    assert gmap.region_at(*gmap.landmarks["ogre_den"]) == "irongrave"
    assert gmap.region_at(*gmap.landmarks["water_shrine"]) == "mirrorlake"


def test_placed_things_on_walkable_distinct_tiles(gmap):
    content = load_content()
    tiles = []
    for _, _, xy in gmap.placed_stations:
        tiles.append(xy)
    tiles += [xy for _, xy in gmap.placed_nodes]
    tiles += list(gmap.npc_positions.values())
    for xy in tiles + [xy for _, xy in gmap.mob_spawns] + list(gmap.landmarks.values()):
        assert gmap.walkable(*xy), xy
    assert len(tiles) == len(set(tiles)), "two static things share a tile"
    assert set(gmap.npc_positions) == set(content.npcs)
    assert len(gmap.placed_nodes) >= 400
    ids = [f"{s}#{p}" for s, p, _ in gmap.placed_stations]
    assert len(ids) == len(set(ids))


def test_placement_is_deterministic():
    a = load_content().map
    b = load_content(overrides={"rules": {}}).map  # a fresh build
    assert a is not b
    assert a.placed_nodes == b.placed_nodes and a.mob_spawns == b.mob_spawns
    assert bytes(a.terrain) == bytes(b.terrain)


def test_node_fields_respect_terrain_constraints(gmap):
    for kind, (x, y) in gmap.placed_nodes:
        if kind.endswith("_spot") or kind == "icefish_hole":
            continue
        assert gmap.terrain_at(x, y) not in ("road", "bridge", "paving"), (kind, x, y)
    for kind, (x, y) in gmap.placed_nodes:
        if kind in ("perch_spot", "sea_bass_spot", "eel_spot", "trout_spot"):
            near = {gmap.terrain_at(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            assert near & {"water", "bog"}, (kind, x, y)


def test_render_png(tmp_path, gmap):
    path = gmap.render_png(tmp_path / "w.png", dpi=40)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
