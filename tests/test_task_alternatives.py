"""Legal alternatives pass, and the collaboration each task claims is imposed by the world.

Issue 9: success is the objective's outcome, so a team that reaches it by another legal route
(another agent delivers, give instead of trade, shop instead of craft, another order) must
succeed. Each ALTERNATIVES entry is an alternative oracle plan (the `oracle:` step vocabulary, run
by the oracle executor) that differs from the task's own plan; agents not listed keep their
task plan. The adversary tests below each try to do a task with fewer agents or by a shortcut
(a shop, a kite, training, walking) and show it fails, with the world's reason in the docstring.
task_14 is redesigned separately (line of sight, guarded passages) and has its own tests.
"""

from __future__ import annotations

import pytest

from agentworld.tasks import list_task_ids, load_task, without_agent
from agentworld.verifiers import task_09, task_13
from agentworld.verifiers.common import any_event, site_steps
from task_play import last_errors, play

# --- legal alternatives -----------------------------------------------------------------------
ALTERNATIVES: dict[str, tuple[str, dict[str, list]]] = {
    "task_01": ("the lumberjack whittles the sticks himself and brings sticks, not logs", {
        "lumberjack": [
            {"gather": {"target": "oak_tree", "count": 1}},
            {"craft": {"recipe": "oak_stick", "count": 1}},
            {"move_to": {"target": "woodcutters_camp"}},
            {"give": {"to": "woodworker", "item": "stick", "count": 2}},
        ],
        "woodworker": [
            {"move_to": {"target": "workbench#camp"}},
            {"wait_for": {"item": "stick", "count": 2}},
            {"wait_for": {"item": "bead"}},
            {"craft": {"recipe": "magic_staff"}},
            {"give": {"to": "wizard", "item": "magic_staff"}},
        ],
    }),
    "task_02": ("the lumberjack whittles the four sticks on the way; the smith never touches a log", {
        "lumberjack": [
            {"gather": {"target": "oak_tree", "count": 2}},
            {"craft": {"recipe": "oak_stick", "count": 2}},
            {"move_to": {"target": "brindlemark_smithy"}},
            {"give": {"to": "smith", "item": "stick", "count": 4}},
        ],
        "smith": [
            {"wait_for": {"item": "flax", "count": 4}},
            {"craft": {"recipe": "rope"}},
            {"wait_for": {"item": "copper_ore", "count": 2}},
            {"wait_for": {"item": "tin_ore", "count": 2}},
            {"craft": {"recipe": "bronze_bar", "count": 2}},
            {"wait_for": {"item": "stick", "count": 3}},
            {"craft": {"recipe": "bronze_pickaxe"}},
            {"craft": {"recipe": "bronze_spear"}},
        ],
    }),
    "task_03": ("the merchant buys the sword and hands it to the guard with the rest of the coins (no 320-coin "
                "purse ever)", {
        "merchant": [
            {"move_to": {"target": "tamsin"}},
            {"sell": {"npc": "tamsin", "item": "gold_bar", "count": 5}},
            {"move_to": {"target": "brannoc"}},
            {"buy": {"npc": "brannoc", "item": "iron_sword"}},
            {"give": {"to": "guard", "item": "iron_sword"}},
            {"give": {"to": "guard", "item": "coins", "count": 130}},
        ],
        "guard": [
            {"move_to": {"target": "brindlemark_smithy"}},
            {"wait_for": {"item": "iron_sword"}},
            {"equip": {"item": "iron_sword"}},
            {"wait_for": {"item": "coins", "count": 150}},
            {"trade_accept": {"from": "gem_trader"}},
            {"equip": {"item": "ruby_amulet"}},
        ],
    }),
    "task_03_give": ("as in task_03's own plan, but the gem trader simply gives the amulet (no trade)", {
        "gem_trader": [
            {"move_to": {"target": "brindlemark_smithy"}},
            {"give": {"to": "guard", "item": "ruby_amulet"}},
        ],
        "guard": [
            {"move_to": {"target": "brindlemark_smithy"}},
            {"wait_for": {"item": "coins", "count": 320}},
            {"buy": {"npc": "brannoc", "item": "iron_sword"}},
            {"equip": {"item": "iron_sword"}},
            {"wait_for": {"item": "ruby_amulet"}},
            {"equip": {"item": "ruby_amulet"}},
        ],
    }),
    "task_04": ("the carpenter and the quartermaster deliver planks and nails to the site themselves with `build`", {
        "carpenter": [
            {"move_to": {"target": "workbench#camp"}},
            {"wait_for": {"item": "pine_log", "count": 6}},
            {"craft": {"recipe": "pine_plank", "count": 3}},
            {"move_to": {"target": "site#watchtower"}},
            {"build": {"site": "site#watchtower"}},
        ],
        "quartermaster": [
            {"move_to": {"target": "brannoc"}},
            {"buy": {"npc": "brannoc", "item": "iron_nails", "count": 12}},
            {"move_to": {"target": "site#watchtower"}},
            {"build": {"site": "site#watchtower"}},
        ],
        "builder": [
            {"wait_for": {"rounds": 17}},
            {"build": {"site": "site#watchtower"}},
        ],
    }),
    "task_05": ("a later relay with two-round gaps: West lit in round 12, North in 14, East in 16", {
        "west_keeper": [
            {"gather": {"target": "oak_tree", "count": 2}},
            {"move_to": {"target": [74, 121]}},
            {"wait_for": {"rounds": 6}},
            {"build": {"site": "site#west_beacon"}},
            {"chat": {"to": ["north_keeper", "east_keeper"], "message": "West Beacon is lit!"}},
        ],
        "north_keeper": [
            {"gather": {"target": "oak_tree", "count": 2}},
            {"wait_for": {"rounds": 9}},
            {"build": {"site": "site#north_beacon"}},
        ],
        "east_keeper": [
            {"chat": {"to": ["west_keeper", "north_keeper"], "message": "The signal comes in round 10."}},
            {"gather": {"target": "oak_tree", "count": 2}},
            {"wait_for": {"rounds": 10}},
            {"build": {"site": "site#east_beacon"}},
        ],
    }),
    "task_06": ("the angler hands all eight fish over at once and the sentinel fetches the meals at the range", {
        "sentinel": [
            {"move_to": {"target": [132, 65]}},
            {"wait_for": {"item": "cooked_icefish", "count": 8}},
            {"attack": {"target": "dire_wolf"}},
            {"attack": {"target": "dire_wolf"}},
            {"attack": {"target": "dire_wolf"}},
            {"attack": {"target": "dire_wolf"}},
        ],
        "angler": [
            {"gather": {"target": "icefish_hole", "count": 8}},
            {"give": {"to": "cook", "item": "raw_icefish", "count": 8}},
        ],
        "cook": [
            {"move_to": {"target": "cooking_range#frostmere"}},
            {"wait_for": {"item": "raw_icefish", "count": 8}},
            {"craft": {"recipe": "cook_icefish", "count": 8}},
            {"give": {"to": "sentinel", "item": "cooked_icefish", "count": 8}},
        ],
    }),
    "task_07": ("the archivist waits on the south road at (130, 150), where every scout brings their relic", {
        "archivist": [
            {"move_to": {"target": [130, 150]}},
            {"wait_for": {"item": "lost_locket"}},
            {"wait_for": {"item": "ancient_tablet"}},
            {"wait_for": {"item": "shrine_key"}},
        ],
        "west_scout": [
            {"chat": {"to": "south_scout", "message": "The shrine key is buried at (103, 235)."}},
            {"move_to": {"target": [22, 130]}},
            {"gather": {"target": "buried_locket"}},
            {"move_to": {"target": [129, 150]}},
            {"give": {"to": "archivist", "item": "lost_locket"}},
        ],
        "north_scout": [
            {"chat": {"to": "west_scout", "message": "The lost locket is buried at (22, 131)."}},
            {"move_to": {"target": [189, 74]}},
            {"gather": {"target": "buried_tablet"}},
            {"move_to": {"target": [131, 150]}},
            {"give": {"to": "archivist", "item": "ancient_tablet"}},
        ],
        "south_scout": [
            {"chat": {"to": "north_scout", "message": "The ancient tablet is buried at (189, 75)."}},
            {"move_to": {"target": [103, 234]}},
            {"gather": {"target": "buried_key"}},
            {"move_to": {"target": [130, 151]}},
            {"give": {"to": "archivist", "item": "shrine_key"}},
        ],
    }),
    "task_08": ("every support hands all eight draughts to its tank before the fight (no second delivery)", {
        support: [{"give": {"to": tank, "item": "greater_healing_draught", "count": 8}}]
        for support, tank in (("ice_support", "ice_leader"), ("mountain_support", "ogre_tank"),
                              ("water_support", "water_tank"))
    }),
    "task_09": ("every trader simply gives their goods to the trader who needs them (no trade at all)", None),
    "task_10": ("the jeweller hands over the rough sapphire and the chisel and the artificer cuts it; the forester "
                "whittles the sticks", {
        "forester": [
            {"gather": {"target": "ironwood_tree", "count": 2}},
            {"gather": {"target": "oak_tree", "count": 1}},
            {"craft": {"recipe": "oak_stick"}},
            {"move_to": {"target": "workbench#town"}},
            {"give": {"to": "artificer", "item": "ironwood_log", "count": 2}},
            {"give": {"to": "artificer", "item": "stick", "count": 2}},
        ],
        "jeweller": [
            {"move_to": {"target": "workbench#town"}},
            {"give": {"to": "artificer", "item": "rough_sapphire"}},
            {"give": {"to": "artificer", "item": "chisel"}},
        ],
        "artificer": [
            {"wait_for": {"item": "frost_crystal", "count": 2}},
            {"wait_for": {"item": "ironwood_log", "count": 2}},
            {"craft": {"recipe": "ironwood_plank"}},
            {"craft": {"recipe": "staff_core"}},
            {"wait_for": {"item": "chisel"}},
            {"craft": {"recipe": "cut_sapphire"}},
            {"wait_for": {"item": "stick", "count": 2}},
            {"craft": {"recipe": "frost_staff"}},
            {"give": {"to": "archmage", "item": "frost_staff"}},
        ],
    }),
    "task_11": ("the hunter hands the gel to the forager, who carries every ingredient to the apprentice", {
        "forager": [
            {"move_to": {"target": [51, 207]}},
            {"gather": {"target": "marshcap_cluster", "count": 4}},
            {"wait_for": {"item": "slime_gel", "count": 2}},
            {"move_to": {"target": [45, 212]}},
            {"give": {"to": "apprentice", "item": "marshcap", "count": 4}},
            {"give": {"to": "apprentice", "item": "slime_gel", "count": 2}},
        ],
        "hunter": [
            {"attack": {"target": "bog_slime"}},
            {"attack": {"target": "bog_slime"}},
            {"move_to": {"target": [52, 207]}},
            {"give": {"to": "forager", "item": "slime_gel", "count": 2}},
        ],
    }),
    "task_12": ("the wardens hold other stones than in the plan (north <-> east, west <-> south)", {
        "ritualist": [
            {"chat": {"to": ["north_warden", "east_warden", "west_warden", "south_warden"],
                      "message": "north_warden: East Stone (160, 122); east_warden: North Stone (130, 85); "
                                 "west_warden: South Stone (106, 148); south_warden: West Stone (100, 122)."}},
            {"wait_for": {"rounds": 8}},
            {"build": {"site": "site#ritual_circle"}},
        ],
        "north_warden": [{"move_to": {"target": [160, 122]}}],
        "east_warden": [{"move_to": {"target": [130, 85]}}],
        "west_warden": [{"move_to": {"target": [106, 148]}}],
        "south_warden": [{"move_to": {"target": [100, 122]}}],
    }),
    "task_13": ("every trader simply gives their goods to the trader who needs them (no trade at all)", None),
    "task_15": ("the quarryman and the quartermaster deliver sandstone and nails to the sites themselves", {
        "quarryman": [
            {"gather": {"target": "sandstone_rock", "count": 6}},
            {"move_to": {"target": "site#mill_foundation"}},
            {"build": {"site": "site#mill_foundation"}},
        ],
        "mason": [
            {"wait_for": {"rounds": 14}},
            {"build": {"site": "site#mill_foundation"}},
        ],
        "quartermaster": [
            {"move_to": {"target": "brannoc"}},
            {"buy": {"npc": "brannoc", "item": "iron_nails", "count": 8}},
            {"move_to": {"target": [109, 147]}},
            {"wait_for": {"rounds": 14}},
            {"build": {"site": "site#mill_wheel"}},
        ],
        "millwright": [
            {"wait_for": {"item": "pine_log", "count": 4}},
            {"craft": {"recipe": "pine_plank", "count": 2}},
            {"move_to": {"target": [108, 147]}},
            {"wait_for": {"rounds": 6}},
            {"build": {"site": "site#mill_wheel"}},
        ],
    }),
    "task_16": ("the healer hands over two draughts, then the other two during the fight; the scholar starts later", {
        "healer": [
            {"give": {"to": "guard", "item": "greater_healing_draught", "count": 2}},
            {"wait_for": {"rounds": 5}},
            {"give": {"to": "guard", "item": "greater_healing_draught", "count": 2}},
            {"move_to": {"target": [224, 88]}},
        ],
        "guard": [
            {"wait_for": {"item": "greater_healing_draught", "count": 2}},
            {"attack": {"target": "skeleton_archer"}},
            {"attack": {"target": "skeleton_archer"}},
            {"attack": {"target": "skeleton_archer"}},
            {"attack": {"target": "skeleton_archer"}},
        ],
        "scholar": [
            {"wait_for": {"rounds": 6}},
            {"move_to": {"target": [219, 71]}},
            {"build": {"site": "site#inscription"}},
        ],
    }),
}


def _gift_plans(task_id: str, wants: dict[str, tuple[str, int]], market: str) -> dict[str, list]:
    """Each trader walks to the market and gives everything they brought to the trader who needs it."""
    task = load_task(task_id)
    plans = {}
    for agent in task.agents:
        plan: list = [{"move_to": {"target": market}}]
        for item, count in agent.inventory.items():
            receiver = next(name for name, (want, _n) in wants.items() if want == item)
            plan.append({"give": {"to": receiver, "item": item, "count": count}})
        plans[agent.name] = plan
    return plans


ALTERNATIVES["task_09"] = (ALTERNATIVES["task_09"][0], _gift_plans("task_09", task_09.WANTS, "brindlemark_market"))
ALTERNATIVES["task_13"] = (ALTERNATIVES["task_13"][0], _gift_plans("task_13", task_13.WANTS, "saltreach_village"))


def _events(ep, kind: str, **fields) -> list[dict]:
    return [e for e in ep.world.events if e["kind"] == kind and all(e.get(k) == v for k, v in fields.items())]


def _did(ep, agent: str, tool: str, **args) -> bool:
    """`agent` made a successful `tool` call with these arguments (from the episode's trajectory)."""
    return any(r.get("agent") == agent and r.get("tool") == tool and r.get("ok")
               and all((r.get("args") or {}).get(k) == v for k, v in args.items()) for r in ep.trajectory)


def _builders(ep, site: str) -> set[str]:
    return {event["agent"] for event, _pos in site_steps(ep.world, site) if event.get("delivered")}


# What makes each alternative different, checked on the finished episode (so the test cannot pass
# by silently falling back to the task's own route).
ROUTE_CHECKS = {
    "task_01": lambda ep: _did(ep, "lumberjack", "craft", recipe="oak_stick"),
    "task_02": lambda ep: _did(ep, "lumberjack", "craft", recipe="oak_stick") and not _did(ep, "smith", "craft", recipe="oak_stick"),
    "task_03": lambda ep: any_event(ep.world, "shop_buy", agent="merchant", item="iron_sword"),
    "task_03_give": lambda ep: not _events(ep, "trade_done"),
    "task_04": lambda ep: _builders(ep, "watchtower") == {"carpenter", "quartermaster"},
    "task_07": lambda ep: (ep.world.players["archivist"].x, ep.world.players["archivist"].y) == (130, 150),
    "task_09": lambda ep: not _events(ep, "trade_done"),
    "task_10": lambda ep: _did(ep, "artificer", "craft", recipe="cut_sapphire"),
    "task_11": lambda ep: _did(ep, "hunter", "give", to="forager"),
    "task_12": lambda ep: (ep.world.players["north_warden"].x, ep.world.players["north_warden"].y) == (160, 122),
    "task_13": lambda ep: not _events(ep, "trade_done"),
    "task_15": lambda ep: _builders(ep, "mill_foundation") == {"quarryman"} and "quartermaster" in _builders(ep, "mill_wheel"),
    "task_16": lambda ep: sum(1 for r in ep.trajectory if r.get("agent") == "healer" and r.get("tool") == "give"
                              and r.get("ok")) == 2,
}


def _task_of(key: str) -> str:
    return key[:7]


def _steps(plan: list) -> list:
    return [step if isinstance(step, dict) else {step: {}} for step in plan]


def test_every_task_but_task_14_has_an_alternative_route_that_differs_from_its_plan():
    covered = {_task_of(key) for key in ALTERNATIVES}
    assert covered == set(list_task_ids()) - {"task_14"}
    for key, (_why, plans) in ALTERNATIVES.items():
        task = load_task(_task_of(key))
        assert set(plans) <= set(task.agent_names), key
        assert any(_steps(plan) != _steps(task.oracle.get(name, [])) for name, plan in plans.items()), key


@pytest.mark.parametrize("key", list(ALTERNATIVES))
@pytest.mark.parametrize("seed", [0, 1])
def test_a_legal_alternative_route_succeeds(key, seed):
    why, plans = ALTERNATIVES[key]
    ep = play(_task_of(key), plans, seed=seed)
    status = ep.status()
    assert status["success"], f"{key} ({why}) failed on seed {seed}: {status['checkpoints']}"
    assert status["psr"] == 1.0
    if key in ROUTE_CHECKS:
        assert ROUTE_CHECKS[key](ep), f"{key}: the episode did not take the alternative route ({why})"
