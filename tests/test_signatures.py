"""Structural signatures (agentworld/audit/signature.py): the 100 main tasks differ in structure, a
renamed copy of a task keeps its signature, a change of structure changes it, and it is deterministic.

One audit per main task, shared by the module (the signature is part of `TaskAudit`).
"""

from __future__ import annotations

import json
import re
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from agentworld.audit import audit_task
from agentworld.audit.verdicts import signature
from agentworld.cli import main
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import list_task_ids, load_task
from agentworld.world.content import DATA_DIR, load_content


@pytest.fixture(scope="module")
def signatures() -> dict[str, str]:
    content = load_content()
    return {task_id: audit_task(load_task(task_id), content).signature for task_id in list_task_ids()}


def test_the_main_tasks_have_distinct_signatures(signatures):
    assert len(signatures) == 100
    groups = defaultdict(set)
    for task_id, text in signatures.items():
        groups[text].add(task_id)
    assert len(groups) == 100, {text: sorted(ids) for text, ids in groups.items() if len(ids) > 1}


def test_every_signature_has_its_seven_parts(signatures):
    for task_id, text in signatures.items():
        parts = text.split("|")
        assert len(parts) == 7, (task_id, text)
        assert re.fullmatch(r"\d+a", parts[0]) and re.fullmatch(r"\d+(\+\d+)*", parts[4]), (task_id, text)


def _raw(task_id: str) -> dict:
    return yaml.safe_load((Path(TASKS_DIR) / f"{task_id}.yaml").read_text())


def _renamed(text: str, names: dict[str, str]) -> str:
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)


# task -> renames of its agents, items, node kinds and places (content and task alike)
RENAMES = {
    "task_53": {
        "root_digger": "ann",
        "baker": "bob",
        "steward": "cyd",
        "sunroot_loaf": "xq_cake",
        "sunroot_flour": "xq_meal",
        "sunroot": "xq_root",
        "sunroot_tuft": "xq_patch",
        "sunscar_oasis": "far_camp",
    },
    "task_77": {
        "delver": "ann",
        "totem_feller": "bob",
        "warden": "cyd",
        "barrow_crown": "xq_crown",
        "storm_totem": "xq_totem",
        "sealed_barrow": "xq_mound",
        "riven_oak": "xq_tree",
        "ruins_gate": "far_gate",
    },
    "task_70": {
        "glass_trader": "t1",
        "root_trader": "t2",
        "gill_trader": "t3",
        "flour_trader": "t4",
        "edge_trader": "t5",
        "broth_trader": "t6",
        "loaf_trader": "t7",
        "hide_trader": "t8",
        "blackglass": "xq_glass",
        "mire_hide": "xq_hide",
    },
    "task_06": {
        "sentinel": "ann",
        "angler": "bob",
        "cook": "cyd",
        "rimefang_wolf": "xq_wolf",
        "frostmere_stew": "xq_stew",
        "icefish_hole": "xq_hole",
    },
}


@pytest.mark.parametrize("task_id", sorted(RENAMES))
def test_renaming_agents_items_and_places_and_reordering_agents_keeps_the_signature(
    task_id, signatures, tmp_path
):
    names = RENAMES[task_id]
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    for path in data.glob("*.yaml"):
        path.write_text(_renamed(path.read_text(), names))
    content = load_content(data)
    raw = yaml.safe_load(_renamed(yaml.safe_dump(_raw(task_id)), names))
    raw["agents"].reverse()
    task = load_task(raw, content=content)
    assert {a.name for a in task.agents}.isdisjoint(names)  # the copy really is renamed
    assert not set(names) & (set(content.items) | set(content.node_kinds) | set(content.mobs))
    assert signature(task, content) == signatures[task_id]


def test_a_new_success_condition_changes_the_signature(signatures):
    task = load_task("task_53")
    extra = load_task(
        {
            **_raw("task_53"),
            "success": [
                *_raw("task_53")["success"],
                {"at": {"agent": "baker", "place": "sunscar_oasis", "within": 3}},
            ],
        }
    )
    assert signature(extra) != signatures["task_53"]
    assert signature(task, success=task.success[:1]) != signatures["task_53"]  # dropping one does too


def test_a_role_that_stops_being_necessary_changes_the_signature(signatures):
    raw = _raw("task_53")
    steward = next(a for a in raw["agents"] if a["name"] == "steward")
    steward["skills"]["cooking"] = 55  # the steward could bake now: the baker is no longer necessary
    changed = audit_task(load_task(raw))
    assert next(r for r in changed.roles if r.agent == "baker").verdict != "necessary"
    assert changed.signature != signatures["task_53"]


def test_a_knowledge_relay_is_part_of_the_structure(signatures):
    # task_77: each gatherer's documentation holds a clue to where another's node lies (a cycle of relays)
    assert "?" in signatures["task_77"].split("|")[3]
    raw = _raw("task_77")
    spots = "; ".join(f"({n['position'][0]}, {n['position'][1]})" for n in raw["world"]["nodes"])
    raw["objective"] += f" The old sites lie at {spots}."  # everyone is told: no relay left
    told = signature(load_task(raw))
    assert not {"~", "?"} & set(told.split("|")[3]) and told != signatures["task_77"]


def test_the_signature_is_deterministic(signatures):
    assert signature(load_task("task_70")) == signatures["task_70"]
    assert signature(load_task("task_70")) == signature(load_task("task_70"))


def test_the_cli_shows_the_signature(signatures, capsys):
    main(["audit", "task_70", "--json"])
    assert json.loads(capsys.readouterr().out)[0]["signature"] == signatures["task_70"]
    main(["audit", "task_70"])
    assert f"  signature: {signatures['task_70']}\n" in capsys.readouterr().out


def _one_variant_per_transform() -> list[str]:
    """The first shipped variant made by each single transform (a longer walk, more to carry, an item
    to get first, a stronger beast)."""
    firsts: dict[str, str] = {}
    for variant in list_task_ids("augmented"):
        transforms = load_task(variant).transforms
        if len(transforms) == 1:
            firsts.setdefault(transforms[0], variant)
    return sorted(firsts.values())


@pytest.mark.parametrize("variant", _one_variant_per_transform())
def test_a_harder_variant_of_a_task_keeps_its_signature(variant, signatures):
    # counts and distances change, the shape does not
    task = load_task(str(Path(TASKS_DIR) / "augmented" / f"{variant}.yaml"))
    assert signature(task) == signatures[variant.removesuffix("_aug")]
