"""The content graph check (`agentworld world --check`): broken content is named, the shipped world passes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import yaml

from agentworld.world.content import DATA_DIR, load_content
from agentworld.world.content_check import (
    check_content,
    task_given_items,
    task_only_items,
)


def _raw(stem: str) -> dict:
    return yaml.safe_load((DATA_DIR / f"{stem}.yaml").read_text())


def _with(stem: str, key: str, extra: list) -> dict:
    return {stem: {key: _raw(stem)[key] + extra}}


def _merge(*parts: dict) -> dict:
    out: dict = {}
    for part in parts:
        for stem, keys in part.items():
            out.setdefault(stem, {}).update(keys)
    return out


def test_shipped_world_passes():
    content = load_content()
    assert check_content(content, task_given_items()) == []


def test_task_given_items_are_needed():
    """Without the items tasks hand out, the task-only weapons have no source: the check sees that."""
    problems = check_content(load_content())
    assert any("'crownsteel_sword'" in line for line in problems)


def test_task_only_items_listed():
    only = task_only_items(load_content())
    assert "chapel_bell" in only and "oak_log" not in only


def test_item_without_source_is_named():
    content = load_content(
        overrides=_with(
            "items",
            "items",
            [
                {
                    "id": "orphan_gem",
                    "name": "Orphan gem",
                    "category": "resource",
                    "value": 5,
                    "description": "x",
                }
            ],
        )
    )
    problems = check_content(content, task_given_items())
    assert problems == [
        "item 'orphan_gem': no reachable source (gathered, crafted, dropped, sold or quest reward)"
    ]


def test_recipe_with_unobtainable_tool_and_level():
    items = _with(
        "items",
        "items",
        [
            {"id": "orphan_tool", "name": "Orphan tool", "category": "tool", "value": 5, "description": "x"},
            {"id": "orphan_ware", "name": "Orphan ware", "category": "misc", "value": 5, "description": "x"},
        ],
    )
    recipes = _with(
        "recipes",
        "recipes",
        [
            {
                "id": "orphan_make",
                "name": "Make orphan ware",
                "station": "workbench",
                "skill": "crafting",
                "level": 1,
                "inputs": {"oak_log": 1},
                "outputs": {"orphan_ware": 1},
                "xp": 1,
                "tools": ["orphan_tool"],
            }
        ],
    )
    problems = check_content(load_content(overrides=_merge(items, recipes)), task_given_items())
    assert "recipe 'orphan_make': cannot be made: unobtainable tool 'orphan_tool'" in problems
    assert any(line.startswith("item 'orphan_ware'") for line in problems)


def test_recipe_needing_unreachable_skill_level():
    """A skill whose only XP source is the recipe itself cannot reach that recipe's level."""
    skills = _with(
        "skills", "skills", [{"id": "gilding", "name": "Gilding", "kind": "production", "description": "x"}]
    )
    items = _with(
        "items",
        "items",
        [{"id": "gilt_frame", "name": "Gilt frame", "category": "misc", "value": 5, "description": "x"}],
    )
    recipes = _with(
        "recipes",
        "recipes",
        [
            {
                "id": "gild_frame",
                "name": "Gild frame",
                "skill": "gilding",
                "level": 30,
                "inputs": {"oak_log": 1},
                "outputs": {"gilt_frame": 1},
                "xp": 10,
            }
        ],
    )
    problems = check_content(load_content(overrides=_merge(skills, items, recipes)), task_given_items())
    assert "recipe 'gild_frame': cannot be made: unobtainable gilding level 30 (reachable: 1)" in problems


def test_quest_that_cannot_be_finished():
    items = _with(
        "items",
        "items",
        [{"id": "lost_thing", "name": "Lost thing", "category": "quest", "value": 1, "description": "x"}],
    )
    npcs = _raw("npcs")["npcs"]
    npcs[0] = {
        **npcs[0],
        "quests": [
            {
                "id": "hopeless",
                "name": "Hopeless",
                "description": "x",
                "stages": [{"kind": "bring", "text": "bring it", "items": {"lost_thing": 1}}],
            }
        ],
    }
    problems = check_content(
        load_content(overrides=_merge(items, {"npcs": {"npcs": npcs}})), task_given_items()
    )
    assert f"quest 'hopeless' (npc '{npcs[0]['id']}'): cannot be finished: needs lost_thing" in problems


def test_unreachable_region_is_named():
    mp = _raw("map")
    regions = mp["regions"] + [
        {
            "id": "sealed_vault",
            "name": "Sealed vault",
            "rect": [200, 2, 203, 5],
            "terrain": "cave_floor",
            "description": "x",
        }
    ]
    features = mp["features"] + [
        {
            "name": "Vault walls",
            "shape": "outline",
            "terrain": "mountain",
            "rect": [199, 1, 204, 6],
            "width": 1,
        }
    ]
    content = load_content(overrides={"map": {"regions": regions, "features": features}})
    problems = check_content(content, task_given_items())
    assert "region 'sealed_vault': no tile of it can be reached from the hub 'town_square'" in problems


@pytest.mark.parametrize("broken", [False, True])
def test_cli_check(tmp_path, broken):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    if broken:
        raw = _raw("items")
        raw["items"].append(
            {"id": "orphan_gem", "name": "Orphan gem", "category": "resource", "value": 5, "description": "x"}
        )
        (data / "items.yaml").write_text(yaml.safe_dump(raw, sort_keys=False))
    run = subprocess.run(
        [sys.executable, "-m", "agentworld.cli", "world", "--check", "--json", "--data-dir", str(data)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = json.loads(run.stdout)
    assert run.returncode == (1 if broken else 0), run.stderr
    assert out["ok"] is (not broken)
    assert any("orphan_gem" in line for line in out["problems"]) is broken
