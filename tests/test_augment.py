"""Augmented variants (agentworld/augment, scripts/augment_tasks.py): every shipped variant is its
generator's output, provable, as collaborative as its original and harder; each transform rewrites
the task consistently; a variant that would be easier, unprovable or less collaborative is refused
with its reason; the CLI, task sets and the verifier lookup find the variants.

The per-variant proofs here are computed independently of agentworld/augment/checks.py (plain
oracle, noop and random teams; the audit), so a bug in the checks cannot hide a bad variant.
"""

from __future__ import annotations

import json
import random
import re
from statistics import mean

import pytest

from agentworld.task_sources import natural_key
from agentworld.agents import make_agent
from agentworld.audit import audit_task
from agentworld.audit.truth import check_truth
from agentworld.audit.bounds import Travel
from agentworld.augment import AugmentError, augment, variant_id
from agentworld.augment import candidates
from agentworld.augment import stronger_enemy as stronger_enemy_module
from agentworld.augment import transforms as tf
from agentworld.augment.checks import Baseline, Measure, collaboration_refusals, harder_refusals, refusals
from agentworld.augment.rewrite import (
    move_start_in_text,
    scale_counts_in_text,
    scale_fight_lengths_in_text,
    shift_rounds,
    task_raw,
)
from agentworld.augment.variants import SHIPPED_SEED
from agentworld.cli import main
from agentworld.episode import Episode, make_briefing
from agentworld.scoring import load_verifier_module
from agentworld.task_sources import AUGMENTED_DIR, TASKS_DIR, list_task_ids
from agentworld.task_world import build_world
from agentworld.tasks import TaskError, load_task
from agentworld.world.content import load_content
from task_play import play

VARIANTS = list_task_ids("augmented")
CONTENT = load_content()


def _original(variant: str) -> str:
    return variant.removesuffix("_aug")


def _oracle(task, seed):
    """(success, rounds, work, fighting) of the oracle team: work is the actions other than wait and
    chat that did not fail, fighting the rounds in which an attack did not fail."""
    ep = play(task, seed=seed)
    done = [r for r in ep.trajectory if r.get("agent") and r.get("tool") and not r.get("error")]
    work = sum(1 for r in done if r["tool"] not in ("wait", "chat"))
    fighting = len({r["round"] for r in done if r["tool"] == "attack"})
    return bool(ep.status()["success"]), ep.status()["round"], work, fighting


def _variant_rows() -> dict[str, list[str]]:
    """The README's harder-by-the-numbers table (scripts/variant_table.py), by variant: its cells."""
    readme = (TASKS_DIR / "README.md").read_text(encoding="utf-8")
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if re.fullmatch(r"task_\d+_aug", cells[0]) and len(cells) == 6:
            rows[cells[0]] = cells
    return rows


def _rise(cell: str) -> tuple[float, float]:
    before, after = re.match(r"([\d.]+) -> ([\d.]+)", cell).groups()
    return float(before), float(after)


# --- every shipped variant ----------------------------------------------------------------------
def test_the_variants_are_of_main_tasks_and_the_readme_names_the_ones_without():
    """A main task gets no variant only when every candidate is refused (scripts/augment_tasks.py
    prints why); the README says which, so the augmented set's size is never a surprise."""
    mains = list_task_ids("main")
    assert len(VARIANTS) >= 50 and {_original(v) for v in VARIANTS} <= set(mains)
    readme = (TASKS_DIR / "README.md").read_text(encoding="utf-8")
    listed = re.search(r"Main tasks without a variant \((\d+)\): ([^\n]*)", readme)
    assert listed, "run: python scripts/augment_tasks.py (it writes the list into the task README)"
    without = [t for t in mains if variant_id(t) not in VARIANTS]
    assert int(listed.group(1)) == len(without) and listed.group(2).rstrip(".") == (
        ", ".join(without) or "none"
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_variant_validates_and_keeps_the_task(variant):
    task, original = load_task(variant), load_task(_original(variant))
    assert task.id == variant and task.variant_of == original.id
    assert task.transforms and set(task.transforms) <= set(tf.TRANSFORMS)
    assert task.category == original.category and task.max_rounds == original.max_rounds
    assert [(a.name, a.role) for a in task.agents] == [(a.name, a.role) for a in original.agents]
    assert [c.id for c in task.checkpoints] == [c.id for c in original.checkpoints]
    assert [c.kind for c in task.success] == [c.kind for c in original.success]
    assert task.source.parent == AUGMENTED_DIR


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_checked_in_file_is_the_generators_output(variant):
    """scripts/augment_tasks.py is the source: rerun it after changing a main task. The generator is
    replayed with the transforms the file records (the ones tried before them were refused, which
    `python scripts/augment_tasks.py --check` proves for the whole suite)."""
    recorded = load_task(variant).transforms
    made = augment(load_task(_original(variant)), list(recorded), seed=SHIPPED_SEED, content=CONTENT)
    assert (AUGMENTED_DIR / f"{variant}.yaml").read_text(encoding="utf-8") == made.text()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_variant_is_harder_by_the_numbers_within_its_budget(variant):
    """Issue 25: +15% rounds or +25% work (means of seeds 0-4) on the original's budget, the oracle
    within 85% of it on every seed; a stronger enemy also +25% fighting rounds. Measured here from
    plain oracle runs, then compared with the README's row."""
    task = load_task(variant)
    runs = [_oracle(variant, seed) for seed in range(5)]
    before = [_oracle(_original(variant), seed) for seed in range(5)]
    assert all(ok for ok, *_ in runs), f"{variant}: the oracle fails within the budget"
    assert max(r for _, r, _, _ in runs) <= 0.85 * task.max_rounds
    (r0, w0, f0), (r1, w1, f1) = ([mean(x) for x in list(zip(*rs))[1:]] for rs in (before, runs))
    assert r1 >= 1.15 * r0 or w1 >= 1.25 * w0, f"{variant}: rounds {r0} -> {r1}, work {w0} -> {w1}"
    if "stronger-enemy" in task.transforms:
        assert f1 >= 1.25 * f0, f"{variant}: fighting rounds {f0} -> {f1}"
    row = _variant_rows().get(variant)
    assert row, f"{variant} has no row: run python scripts/variant_table.py --write"
    assert row[1] == ", ".join(task.transforms) and row[2] == str(task.max_rounds)
    assert _rise(row[3]) == (round(r0, 1), round(r1, 1)) and _rise(row[4]) == (round(w0, 1), round(w1, 1))


def test_the_readme_states_the_suite_mean_of_its_rows():
    """The README's last row is the mean rise over the variants, recomputed here from its rows (each
    row is checked against a measurement above). Issue 25 asks for +25% of either; the suite is short
    of it (the README says by how much), so this asserts the figure, and that it is a rise."""
    rows = _variant_rows()
    assert sorted(rows, key=natural_key) == VARIANTS
    rises = [[100 * (a - b) / b for b, a in (_rise(r[3]), _rise(r[4]))] for r in rows.values()]
    rounds, work = (mean(x) for x in zip(*rises))
    readme = (TASKS_DIR / "README.md").read_text(encoding="utf-8")
    assert f"| mean of {len(rows)} | | | {rounds:+.1f}% | {work:+.1f}% | |" in readme
    assert rounds >= 15 and work >= 15


@pytest.mark.parametrize("variant", VARIANTS)
def test_doing_nothing_and_a_random_team_fail(variant):
    ep = Episode(variant, seed=0)
    team = {}
    for name in ep.agents:
        team[name] = make_agent("noop")
        team[name].reset(name, make_briefing(ep.task, name))
    ep.play(team)
    assert not ep.status()["success"]
    assert not play(variant, seed=0, kind="random").status()["success"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_audit_keeps_the_necessary_roles_and_opens_no_solo_route(variant):
    before, after = (
        audit_task(load_task(_original(variant)), CONTENT),
        audit_task(load_task(variant), CONTENT),
    )
    necessary = [r.agent for r in after.roles if r.verdict == "necessary"]
    assert necessary == [r.agent for r in before.roles if r.verdict == "necessary"]
    assert set(after.solo_routes) <= set(before.solo_routes)
    if not before.solo_routes:
        assert not after.solo_routes


# --- each transform -------------------------------------------------------------------------------
def _candidates(name: str, task_id: str, seed: int = 0):
    return tf.TRANSFORMS[name](load_task(task_id), CONTENT, random.Random(seed))


def test_heavier_raises_a_count_everywhere_it_is_written():
    """task_45 doubled: the platform's groundwork and the observatory's materials and work, the
    checkpoints, the gatherers' steps, and every text that states a count (the master builder's plan,
    in its documentation and in the chat that carries it)."""
    task = load_task("task_45")
    raw = _candidates("heavier", "task_45")[0].raw
    sites = {s["id"]: s for s in raw["world"]["sites"]}
    olds = {s.id: s for s in task.world.sites}
    for site_id, site in sites.items():
        assert site["materials"] == {k: 2 * v for k, v in olds[site_id].materials.items()}
        assert site["work"] == 2 * olds[site_id].work
    whens = {c["id"]: c["when"]["holds"]["items"] for c in raw["checkpoints"] if "holds" in c.get("when", {})}
    assert whens["starsilver_ore_gathered"] == {"starsilver_ore": 8}
    gathers = [s["gather"]["count"] for s in raw["oracle"]["prospector"] if "gather" in s]
    gives = [s["give"]["count"] for s in raw["oracle"]["prospector"] if "give" in s]
    assert gathers == [8] and gives == [8]
    builder = " ".join(next(a for a in raw["agents"] if a["name"] == "master_builder")["context"].split())
    told = " ".join(
        s["chat"]["message"]
        for s in raw["oracle"]["master_builder"]
        if "chat" in s and "works" in s["chat"]["message"]
    )
    for text in (builder, told):
        assert "8 starsilver ore, 8 heartwood logs and 8 moon pearls" in text
        assert "80 turns of work" in text and "6 turns of work" in text
        assert "4 starsilver ore" not in text and "40 turns" not in text


def test_heavier_makes_enough_for_a_demand_rounded_up():
    """task_97 at x1.25: 14 tinctures become 18 (not 17.5), so the alchemist gathers until it holds
    the 36 dawnlilies 18 take and crafts 18; at x1.25 it would have stopped at 35 and crafted 17."""
    raw = next(
        c.raw
        for c in _candidates("heavier", "task_97")
        if c.change.startswith("heavier x1.25 (what makes them x1.29)")
    )
    assert raw["success"][0]["holds"]["items"] == {"dawnlily_tincture": 18}
    steps = raw["oracle"]["alchemist"]
    assert [s["gather"]["count"] for s in steps if "gather" in s] == [36]
    assert [s["craft"]["count"] for s in steps if "craft" in s] == [18]


def test_heavier_restates_a_demand_written_in_words():
    """task_69 doubled: "they need two ghostpine bows ... the team holds two" says four, in words, and the
    truth check finds the variant's objective true (the old heavier left "two" in both places)."""
    from agentworld.augment.checks import validate
    from agentworld.augment.variants import _finish

    doubled = next(c for c in _candidates("heavier", "task_69") if c.change.startswith("heavier x2:"))
    objective = " ".join(doubled.raw["objective"].split())
    assert "they need four ghostpine bows" in objective and objective.endswith("the team holds four.")
    raw = _finish(doubled.raw, load_task("task_69"), ["heavier"], [doubled.change], 0)
    variant, problems = validate(raw, CONTENT)
    assert problems == [] and check_truth(variant, CONTENT).false == []


def test_heavier_never_rescales_a_recipe_line():
    text = "It needs 2 moon_pearl.\n  - `pearl_circlet`: 1 starsilver_bar + 2 moon_pearl -> 1 pearl_circlet"
    assert (
        scale_counts_in_text(text, {"moon_pearl": ["moon_pearl"]}, 2.0)
        == "It needs 4 moon_pearl.\n  - `pearl_circlet`: 1 starsilver_bar + 2 moon_pearl -> 1 pearl_circlet"
    )


def test_heavier_never_rescales_a_count_per_unit():
    """task_69_aug said "4 silk cords (4 wild silk each" when a cord still takes 2."""
    names = {"silk_cord": ["silk cords"], "wild_silk": ["wild silk"], "stormeel": ["stormeel", "eels"]}
    text = "2 silk cords (2 wild silk each), 3 oil (2 eels to an oil, 2 stormeel apiece), 2 wild silk."
    assert scale_counts_in_text(text, names, 2.0) == (
        "4 silk cords (2 wild silk each), 3 oil (2 eels to an oil, 2 stormeel apiece), 4 wild silk."
    )
    # a market's prices (task_70 doubled once said "driftwood 40 coins" at a price of 20)
    prices = (
        "You sell for 360 coins. Prices you have heard (a unit): driftwood 20 coins, woad\n40 coins; a coin."
    )
    assert scale_counts_in_text(prices, {"coins": ["coins"]}, 2.0) == prices.replace("360", "720")
    # a name wrapped inside (task_83_aug said "It takes 6 wild\n silk" when the jetty took 8)
    assert scale_counts_in_text("It takes 6 wild\n    silk.", names, 2.0) == "It takes 12 wild\n    silk."


def test_heavier_rewrites_each_count_once_and_states_the_demand():
    """task_40_aug said "they need 72 gale shafts" for a demand of 36: "eighteen" was restated as "36" and then
    scaled again. A demanded count is the new demand even when its inputs scale by more (task_70: x1.5 of
    the demand, x1.6 of what makes it), and a recipe inside a one-line context keeps its numbers while a
    count beside it scales (task_54 left "You carry 6 wolf_pelt" with 12 in the pack)."""
    names = {"gale_shaft": ["gale shafts"], "driftwood": ["driftwood"], "wolf_pelt": ["wolf_pelt"]}
    demanded = {"gale_shaft": {18: 36}, "driftwood": {36: 54}}
    text = (
        "they need eighteen gale shafts, each fletched with two gale feathers; the boatwright holds 36 driftwood, "
        "two cutters bring 18 driftwood each. `hide_screen`: 2 wolf_pelt -> 1 hide_screen (crafting 60). "
        "You carry 6 wolf_pelt."
    )
    assert scale_counts_in_text(text, names, 1.6, demanded) == (
        "they need 36 gale shafts, each fletched with two gale feathers; the boatwright holds 54 driftwood, "
        "two cutters bring 18 driftwood each. `hide_screen`: 2 wolf_pelt -> 1 hide_screen (crafting 60). "
        "You carry 10 wolf_pelt."
    )


@pytest.mark.parametrize("task_id", ["task_40", "task_54", "task_70"])
def test_every_heavier_candidate_of_a_task_with_hard_prose_is_true(task_id: str):
    """The three tasks whose heavier candidates the truth check refused for the rewriter's own mistakes."""
    from agentworld.augment.checks import validate

    for candidate in _candidates("heavier", task_id):
        variant, problems = validate(candidate.raw, CONTENT)
        assert problems == []
        assert check_truth(variant, CONTENT).false == [], candidate.change


@pytest.mark.parametrize(
    "before, after",
    [
        ("at (121, 67),\n(123, 68) and (121, 65). You", "at (121, 67) and (123, 68). You"),
        ("at (121, 65), (121, 67) and (123, 68).", "at (121, 67) and (123, 68)."),
        ("at (121, 67), (121, 65), (123, 68).", "at (121, 67), (123, 68)."),
        ("at (121, 67) and (121, 65).", "at (121, 67)."),
        ("at (121, 65) or (121, 67).", "at (121, 67)."),
        ("at (121, 67), (123, 68), and (121, 65).", "at (121, 67) and (123, 68)."),
        ("at (121, 655) and (1121, 65).", "at (121, 655) and (1121, 65)."),
    ],
)
def test_scarcer_takes_a_removed_node_out_of_every_list_of_coordinates(before, after):
    from agentworld.augment.scarcer import unlist_coordinate

    assert unlist_coordinate(before, (121, 65)) == after


def test_scarcer_removes_nodes_the_plans_gather_from_and_its_text_stays_true():
    """task_06's ice holes: the variant places two, every list of them in the prose says two, and the
    truth check reads each remaining coordinate as a hole. Not tried by default (transforms.py says why)."""
    from agentworld.augment.checks import validate
    from agentworld.augment.rewrite import all_text

    assert "scarcer" in tf.TRANSFORMS and "scarcer" not in tf.DEFAULT_ORDER
    (candidate,) = _candidates("scarcer", "task_06")
    holes = [n["position"] for n in candidate.raw["world"]["nodes"] if n["kind"] == "icefish_hole"]
    assert holes == [[121, 67], [123, 68]]
    assert "(121, 65)" not in all_text(candidate.raw) and "(121, 65)" in all_text(
        task_raw(load_task("task_06"))
    )
    variant, problems = validate(candidate.raw, CONTENT)
    assert problems == [] and check_truth(variant, CONTENT).false == []
    with pytest.raises(tf.NotApplicable, match="named alone"):
        _candidates("scarcer", "task_01")


def test_farther_moves_spawns_further_from_the_first_goal_by_walking_distance():
    task = load_task("task_17")
    travel, speed = Travel(CONTENT), CONTENT.rules.move_speed
    station = build_world(task, CONTENT, seed=0).entities["workbench#town"]  # the jeweller's first move
    bench = (station.x, station.y)
    for candidate in _candidates("farther", "task_17"):
        moved = [a for a in candidate.raw["agents"] if a["spawn"] != task.agent(a["name"]).spawn]
        assert moved
        for agent in moved:
            assert agent["spawn"] in CONTENT.map.landmarks
            label = CONTENT.map.landmark_names[agent["spawn"]]
            assert f"You start at {label}" in agent["context"]
            if agent["name"] == "jeweller":
                before = travel.tiles(CONTENT.map.resolve(task.agent("jeweller").spawn), bench, 1)
                after = travel.tiles(CONTENT.map.resolve(agent["spawn"]), bench, 1)
                assert after - before >= speed


def test_fewer_items_takes_a_starting_item_that_can_be_bought_and_plans_the_purchase():
    candidates = _candidates("fewer-items", "task_02")
    miner = [c for c in candidates if "miner starts without" in c.change][0].raw
    agent = next(a for a in miner["agents"] if a["name"] == "miner")
    assert "iron_pickaxe" not in agent["inventory"] and agent["inventory"]["coins"] >= 105
    assert miner["oracle"]["miner"][0] == {"buy": {"npc": "durgan", "item": "iron_pickaxe", "count": 1}}
    assert agent["context"].startswith("In this variant you do NOT start with your iron pickaxe")


def test_stronger_enemy_swaps_a_task_mob_for_a_stronger_one_of_the_same_kind():
    old = CONTENT.mobs["barrow_thane"]
    candidates = _candidates("stronger-enemy", "task_33")
    assert candidates
    for candidate in candidates:
        raw = candidate.raw
        new = CONTENT.mobs[raw["world"]["mobs"][0]["type"]]
        assert (new.style, new.boss, new.aggressive) == (old.style, old.boss, old.aggressive)
        assert (
            new.hp >= old.hp and new.max_hit >= old.max_hit and (new.hp, new.max_hit) != (old.hp, old.max_hit)
        )
        assert {"killed": {"mob": new.id}} in raw["success"]
        assert {"attack": {"target": new.id}} in raw["oracle"]["blademaster"]
        assert new.regen >= old.regen and new.wounded_by == old.wounded_by
        said = json.dumps(raw).replace("barrow_thane (HP", "")
        assert not re.search(r"(?<!elder_)barrow_thane", said) and "elder_elder" not in said


def test_a_stronger_enemy_lengthens_the_fights_the_documentation_counts():
    """task_06's 'five hits each' against 220 HP becomes six against the elder wolf's 270; a plain
    'wait 3 rounds' is not a fight's length and stays."""
    assert (
        scale_fight_lengths_in_text("five hits each; wait 3 rounds", 270 / 220)
        == "six hits each; wait 3 rounds"
    )
    assert (
        scale_fight_lengths_in_text("(about ten arrows), about a dozen rounds", 380 / 300)
        == "(about thirteen arrows), about fifteen rounds"
    )
    assert scale_fight_lengths_in_text("12 blows, many hits", 1.5) == "18 blows, many hits"
    variant = json.dumps(_candidates("stronger-enemy", "task_06")[0].raw)  # the elder rimefang wolf
    assert "six hits each" in variant and "five hits" not in variant


def test_stronger_enemy_replaces_a_world_mob_the_task_kills():
    """task_14's knight is the world's (map.yaml), not task-placed: the stronger one takes its spawn."""
    old = CONTENT.mobs["fallen_knight"]
    (tile,) = [t for m, t in CONTENT.map.mob_spawns if m == "fallen_knight"]
    candidates = _candidates("stronger-enemy", "task_14")
    assert candidates
    for candidate in candidates:
        raw = candidate.raw
        (placed,) = raw["world"]["mobs"]
        new = CONTENT.mobs[placed["type"]]
        assert placed == {"type": new.id, "position": list(tile), "replaces": True}
        assert stronger_enemy_module._kind(new) == stronger_enemy_module._kind(old) and new.wounded_by == [
            "hallowed_longbow"
        ]
        assert (
            new.hp >= old.hp and new.max_hit >= old.max_hit and (new.hp, new.max_hit) != (old.hp, old.max_hit)
        )
        assert {"killed": {"mob": new.id}} in raw["success"]
        assert {"attack": {"target": new.id}} in raw["oracle"]["archer"]
        assert "fallen_knight" not in json.dumps(raw) and "Fallen Knight" not in raw["objective"]
        world = build_world(load_task(raw, content=CONTENT), CONTENT, seed=0)
        here = [m.type for m in world.mobs.values() if m.spawn == tuple(tile)]
        assert here == [new.id], "the world's knight is gone and the stronger one stands in its place"
        assert len({m.seq for m in world.mobs.values()}) == len(world.mobs)


def test_replaces_needs_a_world_mob_on_that_tile():
    raw = _variant_of(
        "task_14", world={"mobs": [{"type": "dread_knight", "position": [211, 38], "replaces": True}]}
    )
    with pytest.raises(TaskError) as err:
        load_task(raw, content=CONTENT)
    assert "replaces, but no mob of the world spawns at (211, 38)" in str(err.value)


def _sure_striker_variant(task_id: str):
    """The stronger-enemy candidate of a sure-striker task, with room to play it out: neither ships
    (task_06's elder wolf is not 15% harder, task_14's dread knight takes past 85% of the budget)."""
    raw = _candidates("stronger-enemy", task_id)[0].raw
    raw.update(id=variant_id(task_id), variant_of=task_id, transforms=["stronger-enemy"], max_rounds=200)
    return load_task(raw, content=CONTENT)


def test_the_oracle_is_told_where_a_stand_in_is_and_main_tasks_are_not():
    variant = _sure_striker_variant("task_14")
    assert make_briefing(variant, "archer", include_plan=True)["mob_sites"] == {"dread_knight": [[210, 38]]}
    assert "mob_sites" not in make_briefing(load_task("task_06"), "sentinel", include_plan=True)
    assert "mob_sites" not in make_briefing(variant, "archer")


@pytest.mark.parametrize(
    "task_id, old, new",
    [("task_06", "rimefang_wolf", "elder_rimefang_wolf"), ("task_14", "fallen_knight", "dread_knight")],
)
def test_the_sure_striker_variants_face_a_stronger_enemy_and_take_longer(task_id, old, new):
    variant = _sure_striker_variant(task_id)
    assert variant.transforms == ["stronger-enemy"]
    assert [c.mob for c in variant.success if c.kind == "killed"] == [new]
    before, after = CONTENT.mobs[old], CONTENT.mobs[new]
    assert (
        after.hp > before.hp and after.max_hit >= before.max_hit and after.sure_strike >= before.sure_strike
    )
    assert after.wounded_by == before.wounded_by and after.full_blows == before.full_blows
    assert candidates.verifier_names(load_task(task_id), [old]) == [], (
        "the verifier reads the type from the task"
    )
    runs = [_oracle(variant, seed) for seed in range(5)]
    assert all(ok for ok, *_ in runs)
    assert mean(r for _, r, _, _ in runs) > mean(_oracle(task_id, seed)[1] for seed in range(5))


# --- refusals ------------------------------------------------------------------------------------
def test_a_transform_with_nothing_to_change_is_refused_with_the_reason():
    with pytest.raises(AugmentError) as err:
        augment(load_task("task_01"), ["heavier"], content=CONTENT)
    assert "demands no count to raise" in str(err.value)
    with pytest.raises(AugmentError) as err:
        augment(load_task("task_17"), ["stronger-enemy"], content=CONTENT)
    assert "task_17 places no mob of its own to replace, and kills no mob the world spawns only once" in str(
        err.value
    )


def test_stronger_enemy_leaves_a_world_mob_that_spawns_many_times():
    """Killing any grey wolf of the many in Whisperwood names no one mob a stand-in could replace."""
    task = load_task(_variant_of("task_17", success=[{"killed": {"mob": "wolf"}}]), content=CONTENT)
    assert sum(1 for m, _ in CONTENT.map.mob_spawns if m == "wolf") > 1
    with pytest.raises(
        tf.NotApplicable, match="places no mob of its own to replace, and kills no mob the world"
    ):
        stronger_enemy_module.stronger_enemy(task, CONTENT, random.Random(0))


def test_counts_a_verifier_checks_in_code_are_not_rewritten():
    with pytest.raises(AugmentError) as err:
        augment(load_task("task_15"), ["heavier"], content=CONTENT)
    assert re.search(r"verifier of task_15 names [a-z_, ]*sandstone", str(err.value))


def _variant_of(task_id: str, **changes):
    raw = task_raw(load_task(task_id))
    raw.update(id=variant_id(task_id), variant_of=task_id, **changes)
    return raw


def test_an_easier_variant_is_refused_as_easier(monkeypatch):
    """A transform proposing a closer spawn (the glazier starts at the scree it works) is refused."""

    def closer(task, content, rng):
        raw = task_raw(task)
        stand = next(s["move_to"]["target"] for s in raw["oracle"]["glazier"] if "move_to" in s)
        glazier = next(a for a in raw["agents"] if a["name"] == "glazier")
        glazier["spawn"] = list(stand)
        glazier["context"] = move_start_in_text(
            glazier["context"], True, (), f"the scree ({stand[0]}, {stand[1]})"
        )[0]
        return [tf.Candidate(raw, "closer: the glazier starts at the scree")]

    monkeypatch.setitem(tf.TRANSFORMS, "closer", closer)
    with pytest.raises(AugmentError) as err:
        augment(load_task("task_17"), ["closer"], content=CONTENT)
    assert "closer: the glazier starts at the scree: refused, easier:" in str(err.value)


def test_an_unchanged_variant_is_refused_as_not_harder():
    baseline = Baseline.of(load_task("task_17"), CONTENT)
    reasons = refusals(baseline, load_task(_variant_of("task_17"), content=CONTENT), CONTENT)
    assert len(reasons) == 1 and reasons[0].startswith("not harder:")


def test_a_variant_the_oracle_cannot_finish_in_its_budget_is_refused_as_unprovable():
    baseline = Baseline.of(load_task("task_17"), CONTENT)
    reasons = refusals(baseline, load_task(_variant_of("task_17", max_rounds=8), content=CONTENT), CONTENT)
    assert reasons and reasons[0].startswith("unprovable: the oracle team fails on seed(s) 0, 1, 2, 3, 4")


def test_a_variant_that_makes_a_role_unnecessary_is_refused():
    """The quarrier given a rod and fishing 50 could raise the moon pearls: the pearl diver is no
    longer necessary, so the variant is refused though its oracle still succeeds."""
    raw = _variant_of("task_17")
    quarrier = next(a for a in raw["agents"] if a["name"] == "quarrier")
    quarrier["skills"] = {**quarrier["skills"], "fishing": 50}
    quarrier["inventory"] = {**quarrier.get("inventory", {}), "fishing_rod": 1}
    original = audit_task(load_task("task_17"), CONTENT)
    reasons = collaboration_refusals(original, audit_task(load_task(raw, content=CONTENT), CONTENT))
    assert any(r.startswith("collaboration: the audit's necessary roles change") for r in reasons), reasons


def test_augment_is_deterministic_per_seed():
    task = load_task("task_03")
    first = augment(task, ["farther"], seed=3, content=CONTENT)
    assert augment(task, ["farther"], seed=3, content=CONTENT).text() == first.text()


# --- finding and listing variants ---------------------------------------------------------------
def test_a_variant_is_scored_by_its_originals_verifier():
    variant = load_task("task_05_aug")
    assert variant.verifier is None and load_verifier_module(variant) is load_verifier_module(
        load_task("task_05")
    )


def test_task_sets_list_main_tasks_by_default(capsys):
    assert main(["tasks", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in rows] == list_task_ids("main") and all(r["variant_of"] is None for r in rows)
    assert main(["tasks", "--json", "--set", "augmented"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in rows] == VARIANTS
    assert all(r["variant_of"] == _original(r["id"]) and r["transforms"] for r in rows)
    assert main(["tasks", "--set", "all"]) == 0
    out = capsys.readouterr().out
    assert "task_01 " in out and f"{VARIANTS[0]} " in out and "[task_" in out


def test_eval_selects_task_sets_categories_and_ids():
    from agentworld.evaluation import select_tasks

    main_ids = [t for t, _ in select_tasks("main")]
    assert main_ids == list_task_ids("main") == [t for t, _ in select_tasks("")]
    assert [t for t, _ in select_tasks("augmented")] == VARIANTS
    assert [t for t, _ in select_tasks("all")] == sorted(main_ids + VARIANTS, key=natural_key)
    assert all(not t.endswith("_aug") for t, _ in select_tasks("crafting"))
    assert select_tasks(f"task_01,{VARIANTS[0]}") == [
        ("task_01", "crafting"),
        (VARIANTS[0], load_task(VARIANTS[0]).category),
    ]


# --- the CLI --------------------------------------------------------------------------------------
def test_cli_unknown_task_is_bad_input_with_a_suggestion(capsys):
    assert main(["augment", "task_1"]) == 2
    assert "did you mean 'task_01'?" in capsys.readouterr().err


def test_cli_unknown_transform_is_bad_input_with_a_suggestion(capsys):
    assert main(["augment", "task_17", "--transform", "heavy"]) == 2
    err = capsys.readouterr().err
    assert "unknown transform 'heavy'; did you mean 'heavier'?" in err and "farther" in err


def test_cli_refuses_a_variant_of_a_variant(capsys):
    assert main(["augment", VARIANTS[0]]) == 2
    assert "already a variant" in capsys.readouterr().err


def test_cli_refusal_exits_1_with_the_reasons(capsys):
    assert main(["augment", "task_01", "--transform", "heavier"]) == 1
    assert "demands no count to raise" in capsys.readouterr().err


def test_cli_writes_a_loadable_variant(tmp_path, capsys):
    out = tmp_path / "v.yaml"
    assert main(["augment", "task_45", "--transform", "heavier", "--out", str(out)]) == 0
    assert "task_45_aug: heavier x" in capsys.readouterr().out  # x2, or x1.5 when x2 is refused
    task = load_task(out)
    assert task.id == "task_45_aug" and task.variant_of == "task_45" and task.transforms == ["heavier"]


# --- harder by the numbers, within budget, true (issue 25) -----------------------------------------
def _measure(rounds: float, work: float, fighting: float = 0) -> Measure:
    return Measure([True] * 5, [rounds] * 5, [work] * 5, [fighting] * 5)


@pytest.mark.parametrize(
    "rounds,work,harder",
    [(20, 40, False), (22, 49, False), (23, 40, True), (20, 50, True), (22.9, 49.9, False)],
)
def test_harder_means_fifteen_percent_more_rounds_or_a_quarter_more_work(rounds, work, harder):
    reasons = harder_refusals(_measure(20, 40), _measure(rounds, work))
    assert (reasons == []) is harder, reasons
    if not harder:
        assert reasons[0].startswith("not harder:") and "+15% rounds or +25% work" in reasons[0]


def test_a_stronger_enemy_must_lengthen_the_fight_by_a_quarter():
    longer_work = _measure(20, 60, fighting=11)
    assert harder_refusals(_measure(20, 40, fighting=10), longer_work, stronger_enemy=True)[0].startswith(
        "not harder: the stronger enemy takes 11 fighting rounds"
    )
    assert harder_refusals(_measure(20, 40, fighting=10), _measure(20, 60, 13), stronger_enemy=True) == []
    assert harder_refusals(_measure(20, 40, fighting=10), longer_work) == []  # no stronger enemy: not asked


def test_a_variant_past_85_percent_of_the_budget_is_refused():
    baseline = Baseline.of(load_task("task_17"), CONTENT)
    needs = max(baseline.measure.rounds)
    tight = load_task(_variant_of("task_17", max_rounds=needs + 1), content=CONTENT)
    reasons = refusals(baseline, tight, CONTENT)
    assert reasons == [f"over budget: the oracle needs up to {needs} of {needs + 1} rounds (more than 85%)"]


def test_a_variant_whose_text_is_false_is_refused_as_untrue():
    raw = _variant_of("task_17")
    agent = raw["agents"][0]
    agent["context"] = agent["context"].rstrip() + "\nYou start at Sunken Bazaar (150, 245).\n"
    reasons = refusals(Baseline.of(load_task("task_17"), CONTENT), load_task(raw, content=CONTENT), CONTENT)
    assert reasons and all(r.startswith("untrue: agents.") for r in reasons)
    assert "not at (150, 245)" in reasons[0]


def test_moving_a_start_rewrites_the_whole_place_phrase_and_keeps_the_rest():
    text = (
        "You are the baker. You start at Frostmere Camp (130, 64) in Brindlemark\n(124, 130) with 30 coins.\n"
        "The miller, who starts at The Old Mill (106, 148), grinds flour."
    )
    own, n = move_start_in_text(text, True, (), "Mossy Pond (70, 129)")
    assert n == 1 and "You start at Mossy Pond (70, 129) with 30 coins." in own and "(124, 130)" not in own
    other, n = move_start_in_text(text, False, ("miller", "Miller"), "Mossy Pond (70, 129)")
    assert n == 1 and "The miller, who starts at Mossy Pond (70, 129), grinds flour." in other
    assert "Frostmere Camp (130, 64)" in other  # the baker's own start is not the miller's


def test_farther_walks_a_maker_back_to_where_it_worked_first():
    """task_01's woodworker assembles at the bench it starts beside; moved away, its plan walks back
    there after its opening chat. A plan that walks to its first place already is left alone."""
    from agentworld.augment.farther import _walk_back_first

    def at_a_bench(step):
        return "craft" in step or "move_to" in step

    plan = [
        {"chat": {"to": "team", "message": "hi"}},
        {"wait_for": {"item": "log"}},
        {"craft": {"recipe": "s"}},
    ]
    _walk_back_first(plan, "woodcutters_camp", at_a_bench)
    assert plan[1] == {"move_to": {"target": "woodcutters_camp"}} and len(plan) == 4
    walking = [{"wait_for": {"message_from": "a"}}, {"move_to": {"target": "workbench#camp"}}, {"give": {}}]
    _walk_back_first(walking, [3, 4], at_a_bench)
    assert walking[0] == {"wait_for": {"message_from": "a"}} and len(walking) == 3


def test_shifting_the_fixed_rounds_moves_the_plans_and_every_sentence_that_states_them():
    """task_22's keepers light their lamps together in round 32 (`wait_for: until_round`), as the
    lampwright's chat tells them; a variant that moves the team needs that round later, said the same."""
    raw = task_raw(load_task("task_22"))
    assert shift_rounds(raw, 3) == [32]
    waits = [
        s["wait_for"]["until_round"]
        for p in raw["oracle"].values()
        for s in p
        if "until_round" in s.get("wait_for", {})
    ]
    assert waits and set(waits) == {35}
    told = " ".join(
        " ".join(s["chat"]["message"].split()) for s in raw["oracle"]["lampwright"] if "chat" in s
    )
    assert "together in round 35" in told and "round 32" not in told
    assert shift_rounds(task_raw(load_task("task_17")), 3) == []  # no fixed round: nothing to move


def test_every_transform_and_pair_is_tried_and_a_lone_passing_pair_kept(monkeypatch):
    """The first of a pair need only be true, provable and within budget; the pair must be harder."""
    from agentworld.augment import variants

    tried = []

    def combine(baseline, names, seed, content):
        tried.append(tuple(names))
        if len(names) == 2 and names == ["heavier", "farther"]:
            return "the pair"
        raise AugmentError(baseline.task.id, [f"{names[-1]}: refused"])

    monkeypatch.setattr(variants, "_combine", combine)
    monkeypatch.setattr(
        variants.Baseline, "of", classmethod(lambda cls, task, content: cls(task, None, content))
    )
    monkeypatch.setattr(variants, "_rise", lambda baseline, variant: 0.3)
    assert variants.augment(load_task("task_17"), content=CONTENT) == "the pair"
    assert tried == [(name,) for name in tf.DEFAULT_ORDER] + variants.PAIRS


def test_the_hardest_passing_transform_or_pair_is_kept(monkeypatch):
    """farther passes alone; of the passing pairs, the one that rises most in rounds plus work
    replaces it, and a pair no harder than farther alone does not; nor does an easier transform that
    passes alone and is tried first."""
    from agentworld.augment import variants

    rises = {  # transforms -> (mean rounds, mean work) of the oracle; the original: 20 rounds, 40 work
        ("farther",): (23, 44),
        ("heavier", "farther"): (22, 60),  # -5% rounds, +40% work against farther alone: harder
        ("fewer-items", "farther"): (23, 45),  # +2.5% work: harder too, but less
        ("stronger-enemy", "farther"): (20, 44),  # easier than farther alone
    }

    def combine(baseline, names, seed, content):
        if tuple(names) not in rises:
            raise AugmentError(baseline.task.id, [f"{names[-1]}: refused"])
        return variants.Variant(tuple(names), {}, list(names), [])  # its task stands for the measure

    def measure(task):
        rounds, work = rises[task] if isinstance(task, tuple) else (20, 40)
        return Measure([True] * 5, [rounds] * 5, [work] * 5, [0] * 5)

    monkeypatch.setattr(variants, "_combine", combine)
    monkeypatch.setattr(variants, "measure", measure)
    monkeypatch.setattr(
        variants.Baseline, "of", classmethod(lambda cls, task, content: cls(task, measure(task), content))
    )
    assert variants.augment(load_task("task_17"), content=CONTENT).transforms == ["heavier", "farther"]
    rises[("heavier", "farther")] = rises[("fewer-items", "farther")] = (23, 44)  # as hard: farther alone
    assert variants.augment(load_task("task_17"), content=CONTENT).transforms == ["farther"]
    rises[("heavier",)] = (21, 42)  # passes alone, and is tried before farther, but is easier
    assert variants.augment(load_task("task_17"), content=CONTENT).transforms == ["farther"]
    rises[("heavier",)] = (23, 44)  # as hard as farther: the earlier wins the tie
    assert variants.augment(load_task("task_17"), content=CONTENT).transforms == ["heavier"]
