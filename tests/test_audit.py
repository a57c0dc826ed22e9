"""`agentworld audit`: verdicts on small hand-made tasks where the answer is known, and the CLI.

Each fixture is a two- or three-agent task built in memory; the audit must call a role necessary
exactly when the content excludes the others (a recipe level nobody else can reach, an item
nobody else can get) and not when a shop, a trainer or the agent itself offers another way.
"""

from __future__ import annotations

import json

from agentworld.audit import audit_task
from agentworld.audit.cli import render
from agentworld.cli import main
from agentworld.tasks import Task, list_task_ids, load_task


def agent(name: str, spawn="town_square", skills=None, inventory=None, equipment=None, context="") -> dict:
    return {
        "name": name,
        "role": name.title(),
        "spawn": spawn,
        "skills": skills or {},
        "inventory": inventory or {},
        "equipment": equipment or {},
        "context": context,
    }


def audit(
    agents: list[dict], success: list[dict], rounds: int = 25, world: dict | None = None, objective="Test."
):
    raw = {
        "id": "fixture",
        "name": "Fixture",
        "category": "crafting",
        "objective": objective,
        "max_rounds": rounds,
        "agents": agents,
        "world": world or {},
        "checkpoints": [{"id": "done", "description": "the outcome holds"}],
    }
    return audit_task(Task.model_validate({**raw, "success": success}))


def verdicts(result) -> dict[str, str]:
    return {r.agent: r.verdict for r in result.roles}


def kinds(result, name: str) -> list[str]:
    return next(r.kinds for r in result.roles if r.agent == name)


def test_a_recipe_only_one_agent_has_the_level_for_makes_it_necessary():
    result = audit(
        [agent("holder"), agent("planer", skills={"fletching": 40}, inventory={"ironwood_log": 2})],
        [{"holds": {"agent": "holder", "items": {"ironwood_plank": 1}}}],
    )
    assert verdicts(result) == {"holder": "necessary", "planer": "necessary"}
    assert kinds(result, "holder") == ["outcome"] and kinds(result, "planer") == ["capability"]
    reason = next(r for r in result.roles if r.agent == "planer").reasons[0]
    assert reason.key == "item:ironwood_plank" and "fletching 35" in reason.reason
    assert not result.solo_routes
    # the holder is needed only because the outcome names it: that does not count toward the rule
    assert result.problems == [
        "fewer than two roles are necessary by capability, presence or volume (planer)"
    ]


def test_an_item_a_shop_sells_within_the_teams_coins_makes_its_owner_unnecessary():
    result = audit(
        [agent("guard", inventory={"coins": 200}), agent("owner", inventory={"iron_sword": 1})],
        [{"holds": {"agent": "guard", "items": {"iron_sword": 1}}}],
    )
    assert verdicts(result)["owner"] == "unnecessary"
    providers = {p.agent for r in result.requirements if r.key == "item:iron_sword" for p in r.providers}
    assert providers == {"guard", "owner"}  # guard buys it at brannoc, owner starts with it
    owner = next(r for r in result.roles if r.agent == "owner")
    assert any("guard: brannoc sells it for 170 coins" in way for way in owner.alternatives)
    assert result.solo_routes == ["guard"] and not result.ok


def test_the_only_holder_of_an_item_nothing_else_can_supply_in_time_is_necessary():
    # two rounds: no kill, craft or purchase can bring a ruby amulet; only the owner holds one
    result = audit(
        [agent("guard"), agent("owner", inventory={"ruby_amulet": 1})],
        [{"holds": {"agent": "guard", "items": {"ruby_amulet": 1}}}],
        rounds=2,
    )
    assert verdicts(result)["owner"] == "necessary" and kinds(result, "owner") == ["capability"]
    assert result.problems == ["fewer than two roles are necessary by capability, presence or volume (owner)"]


def site_world(level: int) -> dict:
    return {
        "sites": [{"id": "shed", "position": [131, 121], "work": 2, "skill": "fletching", "level": level}]
    }


def test_a_skill_another_agent_can_train_within_the_budget_is_not_necessary():
    # fletching 5 needs 440 XP: eleven lessons from fenna (40 XP each) fit in 25 rounds
    result = audit(
        [agent("worker", skills={"fletching": 10}), agent("other")],
        [{"site_built": {"site": "shed"}}],
        world=site_world(5),
    )
    assert verdicts(result) == {"worker": "unnecessary", "other": "unnecessary"}
    assert set(result.solo_routes) == {"worker", "other"}


def test_a_skill_level_out_of_everyone_elses_reach_is_necessary():
    result = audit(
        [agent("worker", skills={"fletching": 45}), agent("other")],
        [{"site_built": {"site": "shed"}}],
        world=site_world(40),
    )
    assert verdicts(result) == {"worker": "necessary", "other": "unnecessary"}
    failure = next(r for r in result.roles if r.agent == "worker").reasons[0]
    assert failure.key == "work:shed" and "fletching 40" in failure.reason
    assert result.solo_routes == ["worker"]
    assert any("unnecessary role(s): other" in p for p in result.problems)


LONE_CUTTER = [
    agent("cutter", spawn="woodcutters_camp", skills={"lumberjacking": 10}, inventory={"bronze_axe": 1}),
    agent("idler"),
]


def test_a_solo_route_is_detected():
    result = audit(LONE_CUTTER, [{"holds": {"agent": "cutter", "items": {"oak_log": 2}}}])
    assert result.solo_routes == ["cutter"]
    assert any("solo route" in p for p in result.problems)


def test_walking_time_bounds_presence():
    far = [agent("runner", spawn="gullwatch_pier"), agent("local", spawn="town_square")]
    goal = [{"at": {"agent": "runner", "place": "witch_hut", "within": 1}}]
    assert audit(far, goal, rounds=5).team[0].kind == "presence"  # ~240 tiles at 10 per turn
    assert audit(far, goal, rounds=40).team == []


def test_kills_need_the_damage_within_the_rounds():
    team = [agent("weakling", spawn=[208, 60])]
    world = {"mobs": [{"type": "ashmaw_drake", "position": [210, 55]}]}
    short = audit(
        team + [agent("helper", spawn=[209, 60])],
        [{"killed": {"mob": "ashmaw_drake"}}],
        rounds=3,
        world=world,
    )
    assert short.team and short.team[0].kind == "volume"  # 240 HP cannot fall in 3 rounds
    long = audit(
        team + [agent("helper", spawn=[209, 60])],
        [{"killed": {"mob": "ashmaw_drake"}}],
        rounds=30,
        world=world,
    )
    assert long.team == []


# --- sure strikes (mobs.yaml `sure_strike`, `wounded_by`): the fallen knight strikes 70 minus armour ---
KNIGHT_FIGHT = [{"killed": {"mob": "fallen_knight"}}, {"nobody_died": {}}]


def knight_team(cleric_inventory: dict) -> list[dict]:
    return [
        agent(
            "shieldbearer",
            spawn=[210, 61],
            skills={"defense": 40, "health": 15},
            equipment={"shield": "hollowcrown_bulwark", "head": "iron_helm", "body": "froststeel_platebody"},
        ),
        agent(
            "archer",
            spawn=[209, 60],
            skills={"archery": 55, "health": 5},
            equipment={"weapon": "hallowed_longbow"},
        ),
        agent("cleric", spawn=[211, 60], skills={"health": 5}, inventory=cleric_inventory),
    ]


def test_sure_strikes_make_the_tank_and_the_healer_necessary():
    result = audit(knight_team({"greater_healing_draught": 18}), KNIGHT_FIGHT, rounds=30)
    assert verdicts(result) == {"shieldbearer": "necessary", "archer": "necessary", "cleric": "necessary"}
    assert kinds(result, "archer") == ["capability"]  # only the hallowed longbow wounds it
    assert kinds(result, "shieldbearer") == ["volume"] and kinds(result, "cleric") == ["volume"]
    tank = next(r for r in result.roles if r.agent == "shieldbearer").reasons[0].reason
    assert "strikes at least 8 times" in tank and "archer: at most" in tank and "67 a strike" in tank
    assert result.ok and not result.unaudited


def test_without_nobody_died_the_sure_strikes_need_no_one():
    result = audit(knight_team({"greater_healing_draught": 18}), KNIGHT_FIGHT[:1], rounds=30)
    assert verdicts(result)["shieldbearer"] == "unnecessary" and verdicts(result)["cleric"] == "unnecessary"


def test_healing_slower_than_the_strikes_cannot_keep_the_tank_alive():
    """Healing draughts (+20) against strikes of 42: even the whole team fails, however many it has."""
    result = audit(knight_team({"healing_draught": 40}), KNIGHT_FIGHT, rounds=30)
    assert result.team and result.team[0].key.startswith("survive:")


def test_a_fact_only_one_role_documents_is_knowledge_only():
    scout = agent("scout", context="The locket lies in the grove at (22, 131).")
    result = audit(
        [agent("keeper"), scout],
        [{"holds": {"agent": "keeper", "items": {"lost_locket": 1}}}],
        rounds=40,
        world={"ground_items": [{"item": "lost_locket", "position": [22, 131]}]},
    )
    assert verdicts(result)["scout"] == "knowledge-only"
    assert kinds(result, "scout") == ["knowledge"]


def test_custom_predicates_are_reported_not_audited():
    raw_success = [{"holds": {"agent": "keeper", "items": {"bread": 1}}}]
    result = audit([agent("keeper"), agent("baker")], raw_success)
    assert result.unaudited == []
    # a predicate name need not exist for the audit: it only reports it
    raw_success.append({"predicate": "anything_custom"})
    result = audit([agent("keeper"), agent("baker")], raw_success)
    assert result.unaudited == ["custom condition, not audited: predicate anything_custom"]


# --- the CLI -------------------------------------------------------------------------------------
def test_cli_all_json_prints_every_task_and_role_with_reasons(capsys):
    code = main(["audit", "--all", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert [d["task"] for d in data] == list_task_ids()
    for entry in data:
        task = load_task(entry["task"])
        assert [r["agent"] for r in entry["roles"]] == task.agent_names
        for role in entry["roles"]:
            assert role["verdict"] in ("necessary", "knowledge-only", "unnecessary")
            assert (role["verdict"] == "necessary") == any(f["kind"] != "knowledge" for f in role["reasons"])
        assert {"requirements", "solo", "solo_routes", "unaudited", "problems", "ok"} <= set(entry)
        # the bounds never exclude the whole team of a shipped task (its oracle succeeds)
        assert entry["team"] == [], (entry["task"], entry["team"])
    assert code == (0 if all(d["ok"] for d in data) else 1)


def test_cli_prints_a_table_and_exits_1_when_a_task_breaks_the_rules(capsys):
    code = main(["audit", "task_01"])
    out = capsys.readouterr().out
    assert out.startswith("task_01 (25 rounds): ")
    for name in load_task("task_01").agent_names:
        assert f"  {name} " in out
    assert code == (1 if "FAILS THE RULES" in out else 0)


def test_cli_unknown_task_is_bad_input_with_a_suggestion(capsys):
    assert main(["audit", "task01"]) == 2
    assert "did you mean 'task_01'" in capsys.readouterr().err
    assert main(["audit", "no_such_task_at_all"]) == 2
    assert "known tasks: task_01" in capsys.readouterr().err
    assert main(["audit"]) == 2


def test_render_names_each_role_and_the_solo_route():
    result = audit(LONE_CUTTER, [{"holds": {"agent": "cutter", "items": {"oak_log": 2}}}])
    text = render(result)
    assert "cutter" in text and "idler" in text and "not excluded for cutter" in text


def test_wielding_needs_the_level_the_item_requires():
    staff = [{"wields": {"agent": "mage", "item": "frost_staff"}}]
    weak = audit([agent("mage", skills={"magic": 1}, inventory={"frost_staff": 1}), agent("other")], staff)
    assert [f.key for f in weak.team] == ["skill:mage:magic>=30"] and "magic" in weak.team[0].reason
    strong = audit([agent("mage", skills={"magic": 30}, inventory={"frost_staff": 1}), agent("other")], staff)
    assert strong.team == [] and strong.solo_routes == ["mage"]


def test_a_quest_needs_its_taker_at_its_npcs_in_time_and_its_items():
    brew = [{"quest_done": {"agent": "apprentice", "quest": "witchs_brew"}}]
    keys = {r.key for r in audit([agent("apprentice", spawn="witch_hut"), agent("other")], brew).requirements}
    assert {"agent:apprentice", "reach:apprentice@morwen", "item:witchlight_cap", "item:mire_eel"} <= keys
    far = audit([agent("apprentice", spawn="gullwatch_pier"), agent("other")], brew, rounds=5)
    assert "presence" in {f.kind for f in far.team}


def test_two_roles_necessary_by_capability_pass_the_rules():
    result = audit(
        [
            agent("guard"),
            agent("planer", skills={"fletching": 40}, inventory={"ironwood_log": 2}),
            agent("owner", inventory={"ruby_amulet": 1}),
        ],
        [{"holds": {"agent": "guard", "items": {"ironwood_plank": 1, "ruby_amulet": 1}}}],
        rounds=4,
    )
    assert kinds(result, "planer") == ["capability"] and kinds(result, "owner") == ["capability"]
    assert result.ok and result.problems == []
