"""Exposure: weather a task turns on wears players down; worn gear and shelters keep it off (issue 24).

The rule (world/exposure.py): at the end of every round a living player in an active exposure's area
loses the damage less its protection (worn `protects` plus the best standing shelter in radius); a
fire burns `burns` rounds from its completion and `burns` more per unit of fuel a build feeds it; at
0 HP the player dies. Nothing happens where no task asks for it. The observation says what hurts the
agent. The audit's bound (`Endure`): builds at a site deep in the area each cost at least the damage
less the best protection the team could have; a team that cannot take them fails, and the oracle run
of such a team really loses someone.
"""

from __future__ import annotations

import pytest

from agentworld.audit import audit_task
from agentworld.audit.suite_run import run_oracle
from agentworld.episode import Episode
from agentworld.task_world import build_world
from agentworld.tasks import load_task
from agentworld.world import World, load_content
from agentworld.world.content import ContentError

CONTENT = load_content()
BLIZZARD = CONTENT.exposures["frostmere_blizzard"]  # cold, all of the Frostmere Reaches
WARMTH = BLIZZARD.damage - 1  # the probe fire keeps all but 1 HP of the blizzard off
CAMP = (130, 64)  # Frostmere Camp, in the Frostmere Reaches
TOWN = (130, 122)  # Brindlemark, no exposure


def _world(*exposures: str) -> World:
    world = World(CONTENT)
    world.reset(0)
    for exposure in exposures:
        world.add_exposure(exposure)
    return world


def _hazard_hits(world: World, name: str) -> list[dict]:
    return [e for e in world.events if e["kind"] == "damage" and e.get("hazard") and e["target"] == name]


# --- the rule ----------------------------------------------------------------------------------------
def test_an_exposure_costs_its_damage_every_round_only_inside_its_area():
    world = _world("frostmere_blizzard")
    world.add_player("out", CAMP, skills={"health": 20})
    world.add_player("home", TOWN, skills={"health": 20})
    for _ in range(3):
        world.end_round()
    hits = _hazard_hits(world, "out")
    assert [e["amount"] for e in hits] == [BLIZZARD.damage] * 3
    assert world.players["out"].hp == world.players["out"].max_hp - 3 * BLIZZARD.damage
    assert _hazard_hits(world, "home") == [] and world.players["home"].hp == world.players["home"].max_hp


def test_a_world_without_the_exposure_is_untouched():
    world = _world()
    world.add_player("out", CAMP, skills={"health": 20})
    for _ in range(3):
        world.end_round()
    assert world.players["out"].hp == world.players["out"].max_hp
    assert not any(e.get("hazard") for e in world.events)


def test_worn_gear_keeps_its_protection_off_and_the_event_says_what_kept_it():
    world = _world("glacier_gale")
    gale = CONTENT.exposures["glacier_gale"]
    world.add_player("warm", (150, 34), skills={"health": 30}, inventory={"fur_cloak": 1})
    equip = world.act("warm", "equip", {"item": "fur_cloak"}, 7)
    assert equip.ok
    world.end_round()
    (hit,) = _hazard_hits(world, "warm")
    kept = CONTENT.items["fur_cloak"].protects["cold"]
    assert hit["amount"] == gale.damage - kept and hit["kept"] == kept
    assert hit["kept_by"] == ["fur_cloak"] and hit["kept_by_actions"] == [7]


def test_a_fire_warms_within_its_radius_while_it_burns_and_feeding_keeps_it_lit():
    task = _fire_task(burns=2)
    world = build_world(task, CONTENT, 0)
    fire = world.sites["site#fire"]
    assert world.act("keeper", "build", {"site": "site#fire"}, 1).ok  # delivers the logs: finished
    assert fire.complete and fire.lit_until == world.round + 1
    world.end_round()  # burning: the keeper (beside it) loses the damage less the fire
    world.end_round()  # still burning (two rounds from completion)
    world.end_round()  # out
    amounts = [e["amount"] for e in _hazard_hits(world, "keeper")]
    assert amounts == [BLIZZARD.damage - WARMTH, BLIZZARD.damage - WARMTH, BLIZZARD.damage]
    assert "gone out; feed: pine_log" in world._detail(fire)
    out = world.act("keeper", "build", {"site": "site#fire"}, 2)  # feeds one log: two more rounds
    assert out.ok and "burns through the end of round" in out.result
    assert fire.lit_until == world.round + 1 and world.players["keeper"].inventory.count("pine_log") == 0
    world.end_round()
    assert _hazard_hits(world, "keeper")[-1]["kept_by_actions"] == [2]
    refused = world.act("keeper", "build", {"site": "site#fire"}, 3)
    assert not refused.ok and "pine_log" in refused.error


def test_fuel_fed_early_is_not_wasted():
    world = build_world(_fire_task(burns=3, logs=4), CONTENT, 0)
    world.act("keeper", "build", {"site": "site#fire"}, 1)
    lit = world.sites["site#fire"].lit_until
    world.act("keeper", "build", {"site": "site#fire"}, 2)
    assert world.sites["site#fire"].lit_until == lit + 3


def test_exposure_kills_and_the_death_names_it():
    world = _world("glacier_gale")
    world.add_player("bare", (150, 34), skills={"health": 1})  # 23 HP, the gale takes 40
    world.end_round()
    death = next(e for e in world.events if e["kind"] == "death")
    assert death["player"] == "bare" and death["by"] == "glacier_gale"
    assert not world.players["bare"].alive


def test_the_observation_shows_what_hurts_the_agent():
    world = _world("frostmere_blizzard")
    world.add_player("out", CAMP, skills={"health": 20})
    world.end_round()
    obs = world.observe("out")
    assert "Frostmere blizzard" in obs["region"] and f"{BLIZZARD.damage} HP a round" in obs["region"]
    assert any("Frostmere blizzard cost you" in line for line in obs["happened"])
    kept = CONTENT.items["fur_cloak"].protects["cold"]
    assert f"keeps off cold {kept}" in world.act("out", "inspect", {"target": "fur_cloak"}, 1).result


# --- content and task checks -------------------------------------------------------------------------
def test_content_errors_name_the_exposure_and_the_item():
    with pytest.raises(ContentError) as err:
        load_content(
            overrides={
                "map": {
                    "exposures": [
                        {
                            "id": "fog",
                            "name": "Fog",
                            "kind": "damp",
                            "damage": 3,
                            "regions": ["nowhere"],
                            "description": ".",
                        }
                    ]
                }
            }
        )
    text = str(err.value)
    assert "exposures[0] 'fog': regions: unknown region 'nowhere'" in text
    assert "'fur_cloak': protects: no exposure is of kind 'cold'" in text


def test_a_task_naming_an_unknown_exposure_or_feeding_a_non_fire_is_refused():
    raw = _fire_task_raw(burns=2)
    raw["world"]["exposure"] = ["frostmere_blizard"]
    raw["oracle"] = {"keeper": [{"build": {"site": "hut", "feed": 2}}]}
    raw["world"]["sites"].append({"id": "hut", "position": [131, 60], "work": 2})
    with pytest.raises(Exception) as err:
        load_task(raw)
    assert "frostmere_blizard" in str(err.value) and "is not a fire" in str(err.value)


# --- the audit ---------------------------------------------------------------------------------------
def _fire_task_raw(burns: int, logs: int = 3) -> dict:
    return {
        "id": "exposure_probe",
        "name": "Probe",
        "category": "survival",
        "objective": "Probe.",
        "max_rounds": 30,
        "agents": [
            {
                "name": "keeper",
                "role": "Keeper",
                "spawn": [130, 60],
                "skills": {"health": 10},
                "inventory": {"pine_log": logs},
            },
        ],
        "world": {
            "exposure": ["frostmere_blizzard"],
            "sites": [
                {
                    "id": "fire",
                    "position": [131, 61],
                    "materials": {"pine_log": 2},
                    "shelter": {
                        "protects": {"cold": WARMTH},
                        "radius": 2,
                        "fuel": "pine_log",
                        "burns": burns,
                    },
                }
            ],
        },
        "success": [{"site_built": {"site": "fire"}}],
        "checkpoints": [{"id": "built", "description": "Built.", "when": {"site_built": {"site": "fire"}}}],
    }


def _fire_task(burns: int, logs: int = 3):
    return load_task(_fire_task_raw(burns, logs))


def _gale_wall(cloaks: bool) -> dict:
    """Two masons must put 40 work turns into a wall in the glacier gale; a tailor holds the cloaks."""
    mason = {"skills": {"crafting": 20, "health": 25}, "spawn": [150, 42]}
    tailor_items = {"fur_cloak": 2} if cloaks else {"leather_tunic": 2}
    return {
        "id": "gale_probe",
        "name": "Gale probe",
        "category": "survival",
        "objective": "Raise the wall at the gate; nobody may die.",
        "max_rounds": 40,
        "agents": [
            {"name": "mason_a", "role": "Mason", **mason},
            {"name": "mason_b", "role": "Mason", **mason},
            {
                "name": "tailor",
                "role": "Tailor",
                "spawn": [150, 44],
                "skills": {"health": 10},
                "inventory": tailor_items,
            },
        ],
        "world": {
            "exposure": ["glacier_gale"],
            "sites": [{"id": "wall", "position": [150, 34], "work": 40, "skill": "crafting", "level": 20}],
        },
        "success": [{"site_built": {"site": "wall"}}, {"nobody_died": {}}],
        "checkpoints": [{"id": "built", "description": "Built.", "when": {"site_built": {"site": "wall"}}}],
        "oracle": {
            "tailor": [
                {"give": {"to": "mason_a", "item": next(iter(tailor_items)), "count": 1}},
                {"give": {"to": "mason_b", "item": next(iter(tailor_items)), "count": 1}},
            ],
            "mason_a": [
                {"wait_for": {"item": next(iter(tailor_items)), "count": 1}},
                {"equip": {"item": next(iter(tailor_items))}},
                {"build": {"site": "wall"}},
            ],
            "mason_b": [
                {"wait_for": {"item": next(iter(tailor_items)), "count": 1}},
                {"equip": {"item": next(iter(tailor_items))}},
                {"build": {"site": "wall"}},
            ],
        },
    }


def test_the_audit_needs_the_cloaks_of_the_only_member_who_has_them():
    audit = audit_task(load_task(_gale_wall(cloaks=True)), CONTENT)
    assert not audit.team, audit.team  # the whole team can take the gale
    endure = next(r for r in audit.requirements if r.key.startswith("endure:wall:glacier_gale"))
    assert endure.kind == "volume"
    tailor = next(r for r in audit.roles if r.agent == "tailor")
    assert tailor.verdict == "necessary" and any(f.key == endure.key for f in tailor.reasons)


def test_the_bound_is_sound_a_team_without_protection_really_loses_someone():
    """Without cloaks the audit says the team cannot live through the wall; the oracle plan played
    with tunics instead of cloaks (nothing else changes) does lose a mason."""
    task = load_task(_gale_wall(cloaks=False))
    audit = audit_task(task, CONTENT)
    assert any(f.key.startswith("endure:wall") for f in audit.team)
    run = run_oracle(task, CONTENT)
    assert run.deaths and not run.success


def test_the_oracle_feeds_a_fire_and_the_episode_records_it():
    raw = _fire_task_raw(burns=2, logs=4)
    raw["success"] = [{"holds": {"agent": "keeper", "items": {"coins": 1}}}]  # never met: play it out
    raw["max_rounds"] = 6
    raw["oracle"] = {"keeper": [{"build": {"site": "fire", "feed": 2}}]}
    episode = Episode(load_task(raw), seed=0, content=CONTENT)
    from agentworld.agents.oracle import OracleAgent
    from agentworld.episode import make_briefing

    agent = OracleAgent()
    agent.reset("keeper", make_briefing(episode.task, "keeper", include_plan=True))
    while not episode.done:
        episode.act("keeper", agent.act(episode.observe("keeper")))
        episode.end_round()
    fed = [e for e in episode.trajectory if e["type"] == "action" and e["tool"] == "build" and e["ok"]]
    assert len(fed) == 3  # one build finishes it (both logs delivered), two feed it
    assert any(ev["kind"] == "site_fed" for rec in fed for ev in rec["events"])
