"""`agentworld content`: every kind answers from the loaded content and a reset World; bad input is clear."""

from __future__ import annotations

import json

import pytest

from agentworld.cli import main
from agentworld.world import World, load_content
from agentworld.world.catalog import KINDS, CatalogError, catalog, parse_near, resolve_kind
from agentworld.world.pathfinding import chebyshev

CONTENT = load_content()


@pytest.fixture(scope="module")
def world() -> World:
    w = World(CONTENT)
    w.reset(0)
    return w


def one(kind: str, ident: str) -> dict:
    return next(e for e in catalog(CONTENT, kind, ident) if e["id"] == ident)


def test_items_say_how_to_get_and_use_them():
    log = one("items", "oak_log")
    assert "oak_tree" in log["gathered_from"] and "oak_stick" in log["used_in"]
    sold = {
        (n.id, s.price) for n in CONTENT.npcs.values() if n.shop for s in n.shop.stock if s.item == "oak_log"
    }
    assert {(s["npc"], s["price"]) for s in log["sold_by"]} == sold and sold
    staff = one("items", "magic_staff")
    assert staff["made_by"] == ["magic_staff"] and staff["slot"] == CONTENT.items["magic_staff"].slot
    axe = one("items", "bronze_axe")
    assert axe["tool"] == {"skill": "lumberjacking", "power": CONTENT.items["bronze_axe"].tool.power}
    dropped = {d.item for m in CONTENT.mobs.values() for d in m.drops}
    item = sorted(dropped)[0]
    assert one("items", item)["dropped_by"]
    assert len(catalog(CONTENT, "items")) == len(CONTENT.items)


def test_recipes_name_skill_level_station_and_where_the_stations_are(world):
    staff = one("recipes", "magic_staff")
    spec = CONTENT.recipes["magic_staff"]
    assert (staff["skill"], staff["level"], staff["station"]) == (spec.skill, spec.level, spec.station)
    assert staff["inputs"] == dict(spec.inputs) and "workbench#camp" in staff["stations_at"]
    assert all(world.stations[s].kind == spec.station for s in staff["stations_at"])


def test_mobs_list_stats_drops_and_every_spawn_with_its_world_id(world):
    entries = catalog(CONTENT, "mobs")
    assert [e["id"] for e in entries] == list(CONTENT.mobs)
    spawns = {s["id"]: tuple(s["position"]) for e in entries for s in e["spawns"]}
    assert spawns == {m.id: m.spawn for m in world.mobs.values()}
    wolf = one("mobs", "wolf")
    assert wolf["drops"] == [d.model_dump() for d in CONTENT.mobs["wolf"].drops]
    assert wolf["hp"] == CONTENT.mobs["wolf"].hp and all(s["id"].startswith("wolf#") for s in wolf["spawns"])


def test_npcs_and_shops_with_positions_stock_and_prices(world):
    mira = one("npcs", "mira")
    assert tuple(mira["position"]) == CONTENT.map.npc_positions["mira"] and mira["region"] == "brindlemark"
    shops = catalog(CONTENT, "shops")
    assert {s["id"] for s in shops} == {n.id for n in CONTENT.npcs.values() if n.shop}
    for shop in shops:
        stock = CONTENT.npcs[shop["id"]].shop.stock
        assert [(s["item"], s["price"], s["quantity"]) for s in shop["stock"]] == [
            (s.item, s.price, s.quantity) for s in stock
        ]
    trainers = [n for n in CONTENT.npcs.values() if n.teaches]
    assert trainers and one("npcs", trainers[0].id)["teaches"] == dict(trainers[0].teaches)


def test_landmarks_stations_and_regions(world):
    camp = one("landmarks", "woodcutters_camp")
    assert tuple(camp["position"]) == CONTENT.map.landmarks["woodcutters_camp"] == (72, 112)
    bench = one("stations", "workbench#camp")
    assert tuple(bench["position"]) == (73, 115) and "magic_staff" in bench["recipes"]
    wood = one("regions", "whisperwood")
    assert "woodcutters_camp" in wood["landmarks"] and wood["nodes"]["oak_tree"] > 0
    in_a_region = sum(1 for n in world.nodes.values() if CONTENT.map.region_at(n.x, n.y) is not None)
    assert sum(sum(r["nodes"].values()) for r in catalog(CONTENT, "regions")) == in_a_region


def test_near_lists_exactly_what_lies_within_the_radius(world):
    point = CONTENT.map.landmarks["whisperwood_clearing"]
    for radius in (0, 4, 12):
        nodes = catalog(CONTENT, "nodes", near=point, radius=radius)
        listed = {p["id"]: p["distance"] for e in nodes for p in e["placed"]}
        truth = {
            n.id: chebyshev(point, (n.x, n.y))
            for n in world.nodes.values()
            if chebyshev(point, (n.x, n.y)) <= radius
        }
        assert listed == truth
        assert [e["distance"] for e in nodes] == sorted(e["distance"] for e in nodes)
    assert {e["id"] for e in catalog(CONTENT, "landmarks", near=point, radius=0)} == {"whisperwood_clearing"}
    oaks = catalog(CONTENT, "nodes", "oak", near=point)  # default radius: what an agent there sees
    assert oaks and all(p["distance"] <= CONTENT.rules.view_radius for e in oaks for p in e["placed"])
    assert catalog(CONTENT, "regions", near=point, radius=0)[0]["id"] == "whisperwood"


def test_query_kind_and_near_spellings():
    assert resolve_kind("NPC") == "npcs" and resolve_kind("item") == "items"
    assert resolve_kind("resource_nodes") == "nodes"
    assert parse_near("45, 120", CONTENT) == (45, 120) and parse_near("town_square", CONTENT) == (130, 122)
    assert {e["id"] for e in catalog(CONTENT, "items", "OAK LOG")} == {"oak_log"}  # names match too, any case


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: resolve_kind("mbos"), "unknown kind 'mbos'; did you mean 'mobs'?"),
        (lambda: catalog(CONTENT, "items", "oka_log"), "no items match 'oka_log'; did you mean 'oak_log'?"),
        (lambda: catalog(CONTENT, "items", near=(1, 1)), "--near applies to"),
        (lambda: parse_near("45;120", CONTENT), "--near must be X,Y"),
        (lambda: parse_near("town_squar", CONTENT), "did you mean 'town_square'?"),
        (lambda: parse_near("999,1", CONTENT), "outside the 448x256 map"),
    ],
)
def test_bad_lookups_are_clear_errors(call, message):
    with pytest.raises(
        CatalogError, match=message.replace("?", r"\?").replace("(", r"\(").replace(")", r"\)")
    ):
        call()


def test_cli_json_table_and_errors(capsys):
    assert main(["content", "shops", "hobb", "--json"]) == 0
    [hobb] = json.loads(capsys.readouterr().out)
    assert hobb["id"] == "hobb" and any(s["item"] == "oak_log" for s in hobb["stock"])
    assert main(["content", "nodes", "--near", "45,120", "--radius", "4"]) == 0
    table = capsys.readouterr().out
    assert "oak_tree#" in table and "distance" in table
    for argv, message in (
        (["content", "itemz"], "did you mean 'items'?"),
        (["content", "items", "--radius", "3"], "--radius needs --near"),
        (["content", "mobs", "--near", "1,1", "--radius", "-1"], "--radius must be >= 0"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
    for kind in KINDS:
        assert main(["content", kind, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)
