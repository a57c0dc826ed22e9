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

from agentworld.taskgen.suite import drafts
from agentworld.tasks import list_task_ids, load_task, without_agent
from agentworld.verifiers import task_09, task_13
from agentworld.verifiers.common import any_event, deaths, held, mob_type_killed, site_done_rounds, site_steps
from agentworld.world.content import load_content, xp_for_level
from task_play import last_errors, play

# --- legal alternatives -----------------------------------------------------------------------
ALTERNATIVES: dict[str, tuple[str, dict[str, list]]] = {
    "task_01": (
        "the lumberjack whittles the sticks himself and brings sticks, not logs",
        {
            "lumberjack": [
                {"gather": {"target": "heartwood_tree", "count": 1}},
                {"craft": {"recipe": "heartwood_stick", "count": 1}},
                {"move_to": {"target": "woodcutters_camp"}},
                {"give": {"to": "woodworker", "item": "heartwood_stick", "count": 2}},
            ],
            "woodworker": [
                {"move_to": {"target": "workbench#camp"}},
                {"wait_for": {"item": "heartwood_stick", "count": 2}},
                {"wait_for": {"item": "bead"}},
                {"craft": {"recipe": "heartwood_staff"}},
                {"give": {"to": "wizard", "item": "heartwood_staff"}},
            ],
        },
    ),
    "task_02": (
        "the lumberjack brings logs and the smith whittles the sticks himself",
        {
            "lumberjack": [
                {"move_to": {"target": [45, 117]}},
                {"gather": {"target": "heartwood_tree", "count": 3}},
                {"wait_for": {"message_from": "smith"}},
                {"move_to": {"target": [141, 114]}},
                {"give": {"to": "smith", "item": "heartwood_log", "count": 3}},
            ],
            "smith": [
                {
                    "chat": {
                        "to": ["miner", "lumberjack", "forager"],
                        "message": "The expedition's cart (site `expedition_cart`, by my smithy at (139, 112)) "
                        "must carry two starsilver pickaxes, two spears and four bowstrings. Miner, bring me 8 "
                        "starsilver ore; lumberjack, 3 heartwood logs; forager, 4 bowstrings: I am at the "
                        "Ashgrove Smithy (141, 114).",
                    }
                },
                {"wait_for": {"item": "bowstring", "count": 4}},
                {"wait_for": {"item": "heartwood_log", "count": 3}},
                {"craft": {"recipe": "heartwood_stick", "count": 3}},
                {"wait_for": {"item": "starsilver_ore", "count": 8}},
                {"craft": {"recipe": "starsilver_bar", "count": 4}},
                {"craft": {"recipe": "starsilver_pickaxe", "count": 2}},
                {"craft": {"recipe": "starsilver_spear", "count": 2}},
                {"build": {"site": "expedition_cart"}},
            ],
        },
    ),
    "task_03": (
        "the guard hands the gold to the merchant, who sells it at the inn, keeps his 120 coins and gives "
        "the sabre and the rest",
        {
            "guard": [
                {"move_to": {"target": "brindlemark_market"}},
                {"give": {"to": "merchant", "item": "gold_bar", "count": 6}},
                {"wait_for": {"item": "watch_sabre"}},
                {"equip": {"item": "watch_sabre"}},
                {"wait_for": {"item": "coins", "count": 150}},
                {"move_to": {"target": "brindlemark_smithy"}},
                {"trade_accept": {"from": "gem_trader"}},
                {"equip": {"item": "ruby_amulet"}},
            ],
            "merchant": [
                {"wait_for": {"item": "gold_bar", "count": 6}},
                {"move_to": {"target": "tamsin"}},
                {"sell": {"npc": "tamsin", "item": "gold_bar", "count": 6}},
                {"give": {"to": "guard", "item": "watch_sabre"}},
                {"give": {"to": "guard", "item": "coins", "count": 132}},
            ],
        },
    ),
    "task_03_give": (
        "the merchant and the gem trader simply give their wares (no trade, no gold sold)",
        {
            "merchant": [{"give": {"to": "guard", "item": "watch_sabre"}}],
            "gem_trader": [
                {"move_to": {"target": "brindlemark_smithy"}},
                {"give": {"to": "guard", "item": "ruby_amulet"}},
            ],
            "guard": [
                {"wait_for": {"item": "watch_sabre"}},
                {"equip": {"item": "watch_sabre"}},
                {"move_to": {"target": "brindlemark_smithy"}},
                {"wait_for": {"item": "ruby_amulet"}},
                {"equip": {"item": "ruby_amulet"}},
            ],
        },
    ),
    "task_04": (
        "the carpenter and the quartermaster deliver planks and nails to the site themselves with `build`",
        {
            "carpenter": [
                {"move_to": {"target": "workbench#camp"}},
                {"wait_for": {"item": "pine_log", "count": 6}},
                {"craft": {"recipe": "tower_beam", "count": 3}},
                {"move_to": {"target": "site#watchtower"}},
                {"build": {"site": "site#watchtower"}},
            ],
            "quartermaster": [
                {"move_to": {"target": "site#watchtower"}},
                {"build": {"site": "site#watchtower"}},
            ],
            "builder": [
                {"wait_for": {"rounds": 17}},
                {"build": {"site": "site#watchtower"}},
            ],
        },
    ),
    "task_05": (
        "a later relay with two-round gaps: West lit in round 12, North in 14, East in 16",
        {
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
        },
    ),
    "task_06": (
        "the angler hands all twelve fish over at once and the sentinel fetches the stew at the range",
        {
            "sentinel": [
                {"move_to": {"target": [132, 65]}},
                {"wait_for": {"item": "frostmere_stew", "count": 12}},
                {"attack": {"target": "rimefang_wolf"}},
                {"use": {"item": "frostmere_stew"}},
                {"attack": {"target": "rimefang_wolf"}},
            ],
            "angler": [
                {"gather": {"target": "icefish_hole", "count": 12}},
                {"give": {"to": "cook", "item": "raw_icefish", "count": 12}},
            ],
            "cook": [
                {"move_to": {"target": "cooking_range#frostmere"}},
                {"wait_for": {"item": "raw_icefish", "count": 12}},
                {"craft": {"recipe": "frostmere_stew", "count": 12}},
                {"give": {"to": "sentinel", "item": "frostmere_stew", "count": 12}},
            ],
        },
    ),
    "task_07": (
        "the archivist waits on the south road at (130, 150), where every scout brings their relic, then cuts "
        "the flax and binds the reliquary",
        {
            "archivist": [
                {"move_to": {"target": [130, 150]}},
                {"wait_for": {"item": "crown_locket"}},
                {"wait_for": {"item": "crown_tablet"}},
                {"wait_for": {"item": "coral_key"}},
                {"gather": {"target": "flax_field", "count": 6}},
                {"move_to": {"target": "alchemy_table#town"}},
                {"craft": {"recipe": "hollowcrown_reliquary"}},
            ],
            "west_scout": [
                {"chat": {"to": "south_scout", "message": "The coral key is buried at (103, 235)."}},
                {"move_to": {"target": [22, 130]}},
                {"gather": {"target": "buried_locket"}},
                {"move_to": {"target": [129, 150]}},
                {"give": {"to": "archivist", "item": "crown_locket"}},
            ],
            "north_scout": [
                {"chat": {"to": "west_scout", "message": "The crown locket is buried at (22, 131)."}},
                {"move_to": {"target": [189, 74]}},
                {"gather": {"target": "buried_tablet"}},
                {"move_to": {"target": [131, 150]}},
                {"give": {"to": "archivist", "item": "crown_tablet"}},
            ],
            "south_scout": [
                {"chat": {"to": "north_scout", "message": "The crown tablet is buried at (189, 75)."}},
                {"move_to": {"target": [103, 234]}},
                {"gather": {"target": "buried_key"}},
                {"move_to": {"target": [130, 151]}},
                {"give": {"to": "archivist", "item": "coral_key"}},
            ],
        },
    ),
    "task_08": (
        "the team takes the serpent before the ogre, and the alchemist hands the draughts over in two "
        "parts, walking up between the fights",
        {
            "warden": [
                {
                    "chat": {
                        "to": "team",
                        "message": "Battle plan: pyromancer, wait at (126, 56); axeman, at (140, 62); "
                        "archer, at (124, 68).",
                    }
                },
                {"wait_for": {"item": "greater_healing_draught", "count": 10}},
                {"move_to": {"target": [128, 56]}},
                {"chat": {"to": "team", "message": "Going in on the Rime Colossus: pyromancer, burn it."}},
                {"attack": {"target": "rime_colossus"}},
                {"move_to": {"target": [124, 70]}},
                {"wait_for": {"item": "greater_healing_draught", "count": 20}},
                {
                    "chat": {
                        "to": "team",
                        "message": "colossus_slain. The Thaw Serpent next: archer, shoot once it is on me.",
                    }
                },
                {"attack": {"target": "thaw_serpent"}},
                {"move_to": {"target": [140, 59]}},
                {
                    "chat": {
                        "to": "team",
                        "message": "serpent_slain. The Cinder Ogre last: axeman, cut it once it is on me.",
                    }
                },
                {"attack": {"target": "cinder_ogre"}},
            ],
            "archer": [
                {"wait_for": {"message_from": "warden"}},
                {"move_to": {"target": [124, 68]}},
                {"wait_for": {"checkpoint": "colossus_slain"}},
                {"wait": {"rounds": 3}},
                {"attack": {"target": "thaw_serpent"}},
            ],
            "axeman": [
                {"wait_for": {"message_from": "warden"}},
                {"move_to": {"target": [140, 62]}},
                {"wait_for": {"checkpoint": "serpent_slain"}},
                {"wait": {"rounds": 3}},
                {"attack": {"target": "cinder_ogre"}},
            ],
            "alchemist": [
                {"give": {"to": "warden", "item": "greater_healing_draught", "count": 10}},
                {"move_to": {"target": [125, 69]}},
                {"give": {"to": "warden", "item": "greater_healing_draught", "count": 20}},
                {"move_to": {"target": [128, 62]}},
            ],
        },
    ),
    "task_09": ("every trader simply gives their goods to the trader who needs them (no trade at all)", None),
    "task_10": (
        "the jeweller hands over the star sapphire and the chisel and the artificer cuts it; the forester "
        "whittles the sticks",
        {
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
                {"give": {"to": "artificer", "item": "star_sapphire"}},
                {"give": {"to": "artificer", "item": "chisel"}},
            ],
            "artificer": [
                {"wait_for": {"item": "rimeheart_crystal", "count": 2}},
                {"wait_for": {"item": "ironwood_log", "count": 2}},
                {"craft": {"recipe": "ironwood_plank"}},
                {"craft": {"recipe": "staff_core"}},
                {"wait_for": {"item": "chisel"}},
                {"craft": {"recipe": "cut_star_sapphire"}},
                {"wait_for": {"item": "stick", "count": 2}},
                {"craft": {"recipe": "frost_staff"}},
                {"give": {"to": "archmage", "item": "frost_staff"}},
            ],
        },
    ),
    "task_11": (
        "the hunter carries his eels to the apprentice at the hut himself; the apprentice fetches only the caps",
        {
            "apprentice": [
                {"talk": {"npc": "morwen"}},
                {
                    "chat": {
                        "to": ["forager", "hunter"],
                        "message": "Morwen wants 8 witchlight caps and 4 mire eels: caps to me at the rings, "
                        "eels to me at her hut (43, 214).",
                    }
                },
                {"wait_for": {"message_from": "forager"}},
                {"move_to": {"target": [50, 207]}},
                {"wait_for": {"item": "witchlight_cap", "count": 8}},
                {"move_to": {"target": [44, 213]}},
                {"wait_for": {"item": "mire_eel", "count": 4}},
                {"talk": {"npc": "morwen"}},
            ],
            "forager": [
                {"move_to": {"target": [51, 207]}},
                {"gather": {"target": "witchlight_ring", "count": 8}},
                {"wait_for": {"message_from": "apprentice"}},
                {
                    "chat": {
                        "to": "apprentice",
                        "message": "The caps are ready at the witchlight rings (51, 207).",
                    }
                },
                {"give": {"to": "apprentice", "item": "witchlight_cap", "count": 8}},
            ],
            "hunter": [
                {"move_to": {"target": [61, 207]}},
                {"gather": {"target": "mire_eel_hole", "count": 4}},
                {"wait_for": {"message_from": "apprentice"}},
                {"move_to": {"target": [44, 213]}},
                {"give": {"to": "apprentice", "item": "mire_eel", "count": 4}},
            ],
        },
    ),
    "task_12": (
        "the wardens hold other stones than in the plan (north <-> east, west <-> south)",
        {
            "ritualist": [
                {
                    "chat": {
                        "to": ["north_warden", "east_warden", "west_warden", "south_warden"],
                        "message": "north_warden: East Stone (160, 122); east_warden: North Stone (130, 85); "
                        "west_warden: South Stone (106, 148); south_warden: West Stone (100, 122).",
                    }
                },
                {"wait_for": {"rounds": 8}},
                {"build": {"site": "site#ritual_circle"}},
            ],
            "north_warden": [{"move_to": {"target": [160, 122]}}],
            "east_warden": [{"move_to": {"target": [130, 85]}}],
            "west_warden": [{"move_to": {"target": [106, 148]}}],
            "south_warden": [{"move_to": {"target": [100, 122]}}],
        },
    ),
    "task_13": ("every trader simply gives their goods to the trader who needs them (no trade at all)", None),
    "task_15": (
        "the quarryman and the quartermaster deliver the stone, nails and axle to the sites themselves",
        {
            "quarryman": [
                {"gather": {"target": "hardpan_ledge", "count": 6}},
                {"move_to": {"target": "site#mill_foundation"}},
                {"build": {"site": "site#mill_foundation"}},
            ],
            "mason": [
                {"wait_for": {"rounds": 14}},
                {"build": {"site": "site#mill_foundation"}},
            ],
            "quartermaster": [
                {"move_to": {"target": "brannoc"}},
                {"buy": {"npc": "brannoc", "item": "iron_nails", "count": 20}},
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
        },
    ),
    "task_16": (
        "the healer hands over six draughts, then walks the other ten in during the fight; the scholar "
        "starts copying later, from the east side of the pillar",
        {
            "healer": [
                {"give": {"to": "guard", "item": "greater_healing_draught", "count": 6}},
                {"wait_for": {"message_from": "guard"}},
                {"wait_for": {"rounds": 2}},
                {"move_to": {"target": [223, 81]}},
                {"give": {"to": "guard", "item": "greater_healing_draught", "count": 10}},
                {"move_to": {"target": [224, 88]}},
            ],
            "guard": [
                {"wait_for": {"item": "greater_healing_draught", "count": 6}},
                {"move_to": {"target": [222, 82]}},
                {"chat": {"to": ["scholar", "healer"], "message": "The warden is on me."}},
                {"attack": {"target": "pillar_warden"}},
            ],
            "scholar": [
                {"wait_for": {"message_from": "guard"}},
                {"wait_for": {"rounds": 3}},
                {"move_to": {"target": [223, 71]}},
                {"build": {"site": "site#inscription"}},
            ],
        },
    ),
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


ALTERNATIVES["task_09"] = (
    ALTERNATIVES["task_09"][0],
    _gift_plans("task_09", task_09.WANTS, "brindlemark_market"),
)
ALTERNATIVES["task_13"] = (
    ALTERNATIVES["task_13"][0],
    _gift_plans("task_13", task_13.WANTS, "saltreach_village"),
)


def _events(ep, kind: str, **fields) -> list[dict]:
    return [e for e in ep.world.events if e["kind"] == kind and all(e.get(k) == v for k, v in fields.items())]


def _did(ep, agent: str, tool: str, **args) -> bool:
    """`agent` made a successful `tool` call with these arguments (from the episode's trajectory)."""
    return any(
        r.get("agent") == agent
        and r.get("tool") == tool
        and r.get("ok")
        and all((r.get("args") or {}).get(k) == v for k, v in args.items())
        for r in ep.trajectory
    )


def _builders(ep, site: str) -> set[str]:
    return {event["agent"] for event, _pos in site_steps(ep.world, site) if event.get("delivered")}


# What makes each alternative different, checked on the finished episode (so the test cannot pass
# by silently falling back to the task's own route).
ROUTE_CHECKS = {
    "task_01": lambda ep: _did(ep, "lumberjack", "craft", recipe="heartwood_stick"),
    "task_02": lambda ep: (
        _did(ep, "smith", "craft", recipe="heartwood_stick")
        and not _did(ep, "lumberjack", "craft", recipe="heartwood_stick")
    ),
    "task_03": lambda ep: any_event(ep.world, "shop_sell", agent="merchant", item="gold_bar"),
    "task_03_give": lambda ep: not _events(ep, "trade_done") and not _events(ep, "shop_sell"),
    "task_04": lambda ep: _builders(ep, "watchtower") == {"carpenter", "quartermaster"},
    "task_07": lambda ep: any(
        r.get("agent") == "west_scout" and r.get("tool") == "give" and tuple(r["position"]) == (129, 150)
        for r in ep.trajectory
    ),
    "task_09": lambda ep: not _events(ep, "trade_done"),
    "task_10": lambda ep: _did(ep, "artificer", "craft", recipe="cut_star_sapphire"),
    "task_11": lambda ep: _did(ep, "hunter", "give", to="apprentice"),
    "task_12": lambda ep: (
        (ep.world.players["north_warden"].x, ep.world.players["north_warden"].y) == (160, 122)
    ),
    "task_13": lambda ep: not _events(ep, "trade_done"),
    "task_15": lambda ep: (
        _builders(ep, "mill_foundation") == {"quarryman"} and "quartermaster" in _builders(ep, "mill_wheel")
    ),
    "task_16": lambda ep: (
        sum(
            1 for r in ep.trajectory if r.get("agent") == "healer" and r.get("tool") == "give" and r.get("ok")
        )
        == 2
        and (ep.world.players["scholar"].x, ep.world.players["scholar"].y) != (221, 71)
    ),
}


def _task_of(key: str) -> str:
    return key[:7]


def _steps(plan: list) -> list:
    return [step if isinstance(step, dict) else {step: {}} for step in plan]


def test_every_task_but_task_14_has_an_alternative_route_that_differs_from_its_plan():
    covered = {_task_of(key) for key in ALTERNATIVES}
    generated = {d.id for d in drafts()}  # their alternatives come from the motifs: tests/test_taskgen.py
    assert covered == set(list_task_ids()) - {"task_14"} - generated
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


# --- adversaries: fewer agents, shops, training, walking, kiting -------------------------------
def _without(task_id: str, *missing: str, **changes):
    task = load_task(task_id)
    for name in missing:
        task = without_agent(task, name)
    return task.model_copy(update=changes) if changes else task


def _lessons_needed(skill: str, level: int, have: int = 1) -> int:
    """Talks to a trainer (lesson_xp each) to raise `skill` from `have` to `level`."""
    content = load_content()
    gap = xp_for_level(level) - xp_for_level(have)
    return -(-gap // content.rules.lesson_xp)


def _trainable_to(skill: str) -> int:
    """The highest level any NPC teaches `skill` to (1 if nobody teaches it)."""
    return max([npc.teaches.get(skill, 1) for npc in load_content().npcs.values() if npc.teaches] + [1])


def _raw_sources(item: str) -> list[str]:
    """Every way the world itself yields `item`: shop stock, mob drops, node yields and rare finds."""
    content = load_content()
    found = [
        f"{npc.id} sells it"
        for npc in content.npcs.values()
        if npc.shop
        for entry in npc.shop.stock
        if entry.item == item
    ]
    found += [
        f"{mob.id} drops it" for mob in content.mobs.values() for drop in mob.drops if drop.item == item
    ]
    found += [
        f"{kind.id} yields it"
        for kind in content.node_kinds.values()
        if item in kind.yields or any(rare.item == item for rare in kind.rare)
    ]
    return found


def test_task_01_without_the_woodworker_lessons_cannot_reach_crafting_45_in_time():
    """The wizard walks to Fenna and takes lessons instead: Fenna teaches crafting only to 20, and
    crafting 45 would take a thousand lessons, so the staff is never assembled."""
    assert (
        _trainable_to("crafting") < 45 and _lessons_needed("crafting", 45) > load_task("task_01").max_rounds
    )
    plans = {
        "lumberjack": [
            {"gather": {"target": "heartwood_tree", "count": 1}},
            {"craft": {"recipe": "heartwood_stick"}},
            {"move_to": {"target": "fenna"}},
            {"give": {"to": "wizard", "item": "heartwood_stick", "count": 2}},
        ],
        "wizard": [{"talk": {"npc": "fenna", "times": 40}}, {"craft": {"recipe": "heartwood_staff"}}],
    }
    ep = play(_without("task_01", "woodworker"), plans)
    assert not ep.status()["success"]
    assert ep.world.players["wizard"].skills["crafting"] < 45


def test_task_01_without_the_lumberjack_nobody_can_fell_or_buy_heartwood():
    """Heartwood needs lumberjacking 45 (the woodworker has 1), and no shop sells it, no mob drops it
    and only the task's two trees yield it (Hobb, the camp's shopkeeper, has none)."""
    assert _raw_sources("heartwood_log") == ["heartwood_tree yields it"] and not _raw_sources(
        "heartwood_stick"
    )
    plans = {
        "woodworker": [{"move_to": {"target": [45, 116]}}, {"gather": {"target": "heartwood_tree"}}],
        "wizard": [{"move_to": {"target": "hobb"}}, {"buy": {"npc": "hobb", "item": "heartwood_log"}}],
    }
    ep = play(_without("task_01", "lumberjack"), plans)
    assert not ep.status()["success"]
    assert any("you need lumberjacking 45" in e for e in last_errors(ep, "woodworker"))
    assert any("does not sell heartwood_log" in e for e in last_errors(ep, "wizard"))


def test_task_02_without_a_gatherer_the_shops_cannot_stand_in():
    """Selling tools and surplus raises coins, but no shop sells or mob drops starsilver ore or bars,
    heartwood, flax, bowstrings or the starsilver tools: each gatherer's material comes only from
    nodes that need that gatherer's level (45 for starsilver and heartwood) or tool."""
    for item in ("starsilver_ore", "heartwood_log", "flax"):
        assert not [src for src in _raw_sources(item) if "yields" not in src], item
    for item in ("starsilver_bar", "heartwood_stick", "bowstring", "starsilver_pickaxe", "starsilver_spear"):
        assert not _raw_sources(item), item
    without_miner = {  # the best shop route: sell the logs and the axe, look for bars at the smithy
        "lumberjack": [
            {"gather": {"target": "heartwood_tree", "count": 4}},
            {"move_to": {"target": "hobb"}},
            {"sell": {"npc": "hobb", "item": "heartwood_log", "count": 2}},
            {"sell": {"npc": "hobb", "item": "bronze_axe"}},
            {"move_to": {"target": "brannoc"}},
            {"buy": {"npc": "brannoc", "item": "starsilver_bar", "count": 2}},
        ],
    }
    ep = play(_without("task_02", "miner"), without_miner)
    assert not ep.status()["success"]
    assert any("does not sell starsilver_bar" in e for e in last_errors(ep, "lumberjack"))


def _sources(item: str) -> list[str]:
    """Every way the world makes, sells, yields, drops or rewards `item` (empty: only inventories)."""
    content = load_content()
    return (
        _raw_sources(item)
        + [f"recipe {r.id}" for r in content.recipes.values() if item in r.outputs]
        + [f"quest {q.id}" for npc in content.npcs.values() for q in npc.quests if item in q.rewards.items]
    )


def _out_of_reach(task_id: str, item: str) -> bool:
    """Every recipe of `item` needs a level no agent of the task starts near (20 below) and no trainer
    teaches, nor could lessons close the gap in the task's rounds."""
    content, task = load_content(), load_task(task_id)
    recipes = [r for r in content.recipes.values() if item in r.outputs]
    return bool(recipes) and all(
        all(a.skills.get(r.skill, 1) + 20 < r.level for a in task.agents)
        and _trainable_to(r.skill) < r.level
        and _lessons_needed(r.skill, r.level, max(a.skills.get(r.skill, 1) for a in task.agents))
        > task.max_rounds
        for r in recipes
    )


def test_task_03_without_the_merchant_there_is_no_sabre_to_buy_or_win():
    """The sabre is the merchant's alone (no shop, node, mob or quest gives one, and forging one needs
    smithing 75, above every agent and trainer): without him the guard sells the gold, walks to the
    smith and finds Brannoc has none to sell."""
    assert _sources("watch_sabre") == ["recipe watch_sabre"]
    assert _out_of_reach("task_03", "watch_sabre")
    assert [a.name for a in load_task("task_03").agents if "watch_sabre" in a.inventory] == ["merchant"]
    plans = {
        "guard": [
            {"move_to": {"target": "tamsin"}},
            {"sell": {"npc": "tamsin", "item": "gold_bar", "count": 6}},
            {"move_to": {"target": "brannoc"}},
            {"buy": {"npc": "brannoc", "item": "watch_sabre"}},
        ]
    }
    ep = play(_without("task_03", "merchant"), plans)
    assert not ep.status()["success"]
    assert any("does not sell watch_sabre" in e for e in last_errors(ep, "guard"))


def test_task_03_only_the_inn_pays_enough_for_the_gold():
    """The guard's 30 coins and 6 gold bars cover the 270 coins the traders ask only at a 60% buyer: in
    town that is Tamsin alone (Mira, Elowen and Brannoc pay too little); Nerys and Marla are far east."""
    content = load_content()
    guard = next(a for a in load_task("task_03").agents if a.name == "guard")
    enough = [
        npc.id
        for npc in content.npcs.values()
        if npc.shop
        and guard.inventory["coins"]
        + guard.inventory["gold_bar"] * int(content.items["gold_bar"].value * npc.shop.buy_ratio)
        >= 120 + 150
    ]
    assert "tamsin" in enough and not {"mira", "elowen", "brannoc"} & set(enough)
    assert all(content.npcs[npc].shop.buy_ratio == 0.6 for npc in enough)


def test_task_03_only_the_gem_trader_can_supply_a_ruby_amulet():
    """No shop stocks one, and setting one needs crafting 32: above every agent and every trainer."""
    content = load_content()
    task = load_task("task_03")
    assert not any(
        entry.item == "ruby_amulet" for npc in content.npcs.values() if npc.shop for entry in npc.shop.stock
    )
    level = content.recipes["ruby_amulet"].level
    assert all(a.skills.get("crafting", 1) < level for a in task.agents) and _trainable_to("crafting") < level
    assert [a.name for a in task.agents if a.inventory.get("ruby_amulet")] == ["gem_trader"]


def test_task_04_skill_gaps_cannot_be_closed_by_lessons_in_the_budget():
    """Tower beams (fletching 45) and the builder's work (crafting 20) are out of reach of lessons."""
    for task_id, skill, level in (("task_04", "fletching", 45), ("task_04", "crafting", 20)):
        task = load_task(task_id)
        holders = [a.name for a in task.agents if a.skills.get(skill, 1) >= level]
        assert len(holders) == 1, (task_id, skill, holders)
        assert _lessons_needed(skill, level) > task.max_rounds, (task_id, skill)


def test_task_04_without_the_quartermaster_regrown_pine_buys_nails_but_no_spikes():
    """The garrison spikes come only from the quartermaster's store (stamping them needs smithing 75).
    Without him the lumberjack fells the pines again as they regrow, sells the surplus and his axe at
    Hobb's and buys what the smith has: iron nails, which the site does not take; nobody sells
    garrison spikes."""
    assert _sources("garrison_spikes") == ["recipe garrison_spikes"]
    assert _out_of_reach("task_04", "garrison_spikes")
    plans = {
        "lumberjack": [
            {"move_to": {"target": [75, 112]}},
            {"gather": {"target": "pine_tree", "count": 12}},
            {"give": {"to": "carpenter", "item": "pine_log", "count": 6}},
            {"move_to": {"target": "hobb"}},
            {"sell": {"npc": "hobb", "item": "pine_log", "count": 6}},
            {"sell": {"npc": "hobb", "item": "bronze_axe"}},
            {"move_to": {"target": "brannoc"}},
            {"buy": {"npc": "brannoc", "item": "iron_nails", "count": 4}},
            {"buy": {"npc": "brannoc", "item": "garrison_spikes", "count": 12}},
        ]
    }
    ep = play(_without("task_04", "quartermaster"), plans)
    assert not ep.status()["success"]
    assert held(ep.world, "iron_nails") == 4 and held(ep.world, "garrison_spikes") == 0
    assert any("does not sell garrison_spikes" in e for e in last_errors(ep, "lumberjack"))
    assert ep.world.sites["site#watchtower"].materials.get("garrison_spikes") == 12


def test_task_05_one_keeper_cannot_light_two_beacons_in_relay_even_with_a_spare_torch():
    """Without the north keeper, the west keeper (given a spare torch and logs) lights the West Beacon
    and runs to the North Beacon, 54+ tiles away: it is lit more than 2 rounds later."""
    task = _without("task_05", "north_keeper")
    agents = [
        a.model_copy(update={"inventory": {"bronze_axe": 1, "torch": 2}}) if a.name == "west_keeper" else a
        for a in task.agents
    ]
    plans = {
        "west_keeper": [
            {"gather": {"target": "oak_tree", "count": 4}},
            {"move_to": {"target": [74, 121]}},
            {"wait_for": {"rounds": 3}},
            {"build": {"site": "site#west_beacon"}},
            {"move_to": {"target": [128, 81]}},
            {"build": {"site": "site#north_beacon"}},
        ]
    }
    ep = play(task.model_copy(update={"agents": agents}), plans)
    done = site_done_rounds(ep.world)
    assert "site#north_beacon" in done and done["site#north_beacon"] - done["site#west_beacon"] > 2
    assert not ep.status()["success"]


@pytest.mark.parametrize("seed", range(5))
def test_task_06_the_sentinel_alone_dies_to_the_wolves(seed):
    """No stew: the sentinel takes on the rimefangs and dies to their sure bites (nobody may die)."""
    ep = play(
        _without("task_06", "angler", "cook"),
        {"sentinel": [{"attack": {"target": "rimefang_wolf"}}] * 2},
        seed=seed,
    )
    assert not ep.status()["success"] and deaths(ep.world, ["sentinel"]) > 0


@pytest.mark.parametrize("seed", range(3))
def test_task_06_without_the_cook_the_best_food_is_too_little(seed):
    """The sentinel starts with 20 cooked glowfin (+26, the best healing the team could get without
    stew) and eats whenever below half HP: a bite costs 32, so it falls before a wolf does."""
    task = _without("task_06", "cook")
    agents = [
        a.model_copy(update={"inventory": {"cooked_glowfin": 20}}) if a.name == "sentinel" else a
        for a in task.agents
    ]
    plans = {"sentinel": [{"attack": {"target": "rimefang_wolf"}}] * 2}
    ep = play(task.model_copy(update={"agents": agents}), plans, seed=seed)
    assert not ep.status()["success"] and deaths(ep.world, ["sentinel"]) > 0


@pytest.mark.parametrize(
    "missing,relic,node,spot",
    [
        ("west_scout", "crown_locket", "buried_locket", [22, 130]),
        ("north_scout", "crown_tablet", "buried_tablet", [189, 74]),
        ("south_scout", "coral_key", "buried_key", [103, 234]),
    ],
)
def test_task_07_without_a_scout_nobody_can_dig_its_relic(missing, relic, node, spot):
    """Each relic needs its own skill at 45 (lumberjacking, mining, foraging) and only the scout of its
    region has it: without that scout the other scouts and the archivist all go to the site, and
    every dig is refused for the level; the relic stays in the ground."""
    task = _without("task_07", missing)
    assert _sources(relic) == [f"{node} yields it"]
    plans = {a.name: [{"move_to": {"target": spot}}, {"gather": {"target": node}}] for a in task.agents}
    ep = play(task, plans)
    assert not ep.status()["success"] and held(ep.world, relic) == 0
    skill = load_content().node_kinds[node].skill
    for agent in plans:
        assert any(skill in e and "45" in e for e in last_errors(ep, agent)), (agent, last_errors(ep, agent))


@pytest.mark.parametrize("task_id,wants", [("task_09", task_09.WANTS), ("task_13", task_13.WANTS)])
def test_fairs_no_trader_can_buy_what_they_came_for_with_what_their_goods_fetch(task_id, wants):
    """Nobody has coins; a trader's goods sell for value x buy ratio at the best shop, and that never
    pays for their need at any shop that stocks it (most needs no shop stocks at all)."""
    content = load_content()
    shops = [npc.shop for npc in content.npcs.values() if npc.shop]
    for agent in load_task(task_id).agents:
        proceeds = max(
            sum(int(content.items[item].value * shop.buy_ratio) * n for item, n in agent.inventory.items())
            for shop in shops
        )
        item, count = wants[agent.name]
        prices = [
            entry.price * count
            for shop in shops
            for entry in shop.stock
            if entry.item == item and entry.quantity >= count
        ]
        assert not prices or min(prices) > proceeds, (
            f"{task_id}: {agent.name} can sell up and buy {count} {item}"
        )


def test_task_09_each_specialty_has_one_bringer_and_no_reachable_source():
    """Every specialty a trader needs is in exactly one other trader's pack; the world's only other
    source is a level-75 guild master's recipe, out of every trader's reach."""
    task = load_task("task_09")
    for trader, (item, _count) in task_09.WANTS.items():
        holders = [a.name for a in task.agents if item in a.inventory]
        assert len(holders) == 1 and holders != [trader], item
        assert _sources(item) == [f"recipe {item}"] and _out_of_reach("task_09", item), item


def test_task_09_without_the_baker_the_loaves_can_be_neither_bought_nor_baked():
    """The carpenter, who needs the harvest loaves, tries the inn's shop; the angler, even handed the
    wheat and honeycomb, tries the town's cooking range."""
    task = _without("task_09", "baker")
    agents = [
        a.model_copy(update={"inventory": {**a.inventory, "wheat": 2, "honeycomb": 1}})
        if a.name == "angler"
        else a
        for a in task.agents
    ]
    plans = {
        "carpenter": [
            {"move_to": {"target": "tamsin"}},
            {"buy": {"npc": "tamsin", "item": "harvest_loaf", "count": 4}},
        ],
        "angler": [{"move_to": {"target": "cooking_range#town"}}, {"craft": {"recipe": "harvest_loaf"}}],
    }
    ep = play(task.model_copy(update={"agents": agents}), plans)
    assert not ep.status()["success"] and held(ep.world, "harvest_loaf") == 0
    assert any("does not sell harvest_loaf" in e for e in last_errors(ep, "carpenter"))
    assert any("cooking" in e and "75" in e for e in last_errors(ep, "angler")), last_errors(ep, "angler")


def test_task_10_without_the_jeweller_there_is_no_star_sapphire():
    """The one star sapphire is the jeweller's: no shop or mob yields another, the only node kind that
    does (a star geode, mining 55) is not placed in this task, and no recipe but its own cut makes
    the cut stone the frost staff needs."""
    task = load_task("task_10")
    assert [a.name for a in task.agents if "star_sapphire" in a.inventory] == ["jeweller"]
    assert _raw_sources("star_sapphire") == ["star_geode yields it"] and not _raw_sources("cut_star_sapphire")
    assert "star_geode" not in [node.kind for node in task.world.nodes]
    assert not [kind for kind, _pos in load_content().map.placed_nodes if kind == "star_geode"]
    makers = [r.id for r in load_content().recipes.values() if "cut_star_sapphire" in r.outputs]
    assert makers == ["cut_star_sapphire"]


def test_task_10_without_the_ice_miner_nobody_breaks_rimeheart_and_frost_crystals_do_not_bind():
    """The forester (who has an axe, not a pickaxe, and mining 1) tries the clusters: rimeheart needs
    mining 45. Frost crystals (which yetis drop) no longer make a staff core."""
    assert _raw_sources("rimeheart_crystal") == ["rimeheart_cluster yields it"]
    assert "frost_crystal" not in load_content().recipes["staff_core"].inputs
    plans = {"forester": [{"move_to": {"target": [126, 67]}}, {"gather": {"target": "rimeheart_cluster"}}]}
    ep = play(_without("task_10", "ice_miner"), plans)
    assert not ep.status()["success"] and held(ep.world, "rimeheart_crystal") == 0
    assert any("you need mining 45" in e for e in last_errors(ep, "forester"))


def test_task_11_without_the_forager_no_witchlight_cap_can_be_found_or_bought():
    """The hunter tries the witchlight rings (foraging 45; he has 1) and Morwen's shop, which has
    marshcaps but no witchlight caps; no mob drops them."""
    assert _raw_sources("witchlight_cap") == ["witchlight_ring yields it"]
    plans = {
        "hunter": [
            {"move_to": {"target": [51, 207]}},
            {"gather": {"target": "witchlight_ring"}},
            {"move_to": {"target": "morwen"}},
            {"buy": {"npc": "morwen", "item": "witchlight_cap", "count": 4}},
        ]
    }
    ep = play(_without("task_11", "forager"), plans)
    assert not ep.status()["success"] and held(ep.world, "witchlight_cap") == 0
    errors = last_errors(ep, "hunter")
    assert any("you need foraging 45" in e for e in errors) and any(
        "does not sell witchlight_cap" in e for e in errors
    )


def test_task_11_without_the_hunter_no_mire_eel_can_be_caught():
    """The forager tries the eel holes: they need fishing 45 (the forager has 1) and a fishing tool,
    and nothing else yields a mire eel."""
    assert _raw_sources("mire_eel") == ["mire_eel_hole yields it"]
    plans = {"forager": [{"move_to": {"target": [61, 207]}}, {"gather": {"target": "mire_eel_hole"}}]}
    ep = play(_without("task_11", "hunter"), plans)
    assert not ep.status()["success"] and held(ep.world, "mire_eel") == 0
    assert any("you need fishing 45" in e for e in last_errors(ep, "forager"))


def test_task_12_no_warden_can_hold_two_stones_and_no_one_else_can_chant():
    """The stones are 30+ tiles apart (one warden holds one), and only the ritualist has alchemy 30."""
    from agentworld.verifiers.task_12 import STONES

    stones = list(STONES.values())
    assert (
        min(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for i, a in enumerate(stones) for b in stones[i + 1 :])
        > 2
    )
    task = load_task("task_12")
    assert [a.name for a in task.agents if a.skills.get("alchemy", 1) >= 30] == ["ritualist"]
    assert _lessons_needed("alchemy", 30) > task.max_rounds


def test_task_15_without_the_quartermaster_there_is_no_mill_axle():
    """The wheel needs the mill's axle: the quartermaster carries the only one; no shop, node, mob or quest
    gives another, and forging one needs smithing 50, which nobody has or could learn in the budget."""
    content = load_content()
    task = load_task("task_15")
    assert not any(e.item == "mill_axle" for npc in content.npcs.values() if npc.shop for e in npc.shop.stock)
    assert not any("mill_axle" in k.yields for k in content.node_kinds.values())
    assert not any(d.item == "mill_axle" for m in content.mobs.values() for d in m.drops)
    assert [r.level for r in content.recipes.values() if "mill_axle" in r.outputs] == [50]
    assert all(a.skills.get("smithing", 1) < 50 for a in task.agents)
    assert _trainable_to("smithing") < 50 or _lessons_needed("smithing", 50) > task.max_rounds
    assert [a.name for a in task.agents if "mill_axle" in a.inventory] == ["quartermaster"]
    ep = play(_without("task_15", "quartermaster"))
    assert not ep.status()["success"] and held(ep.world, "mill_axle") == 0


@pytest.mark.parametrize("seed", range(3))
def test_task_16_without_the_healer_the_guard_eating_the_best_food_falls(seed):
    """The guard starts with 20 cooked glowfin (+26, the best healing anyone else could get) and eats
    whenever hurt: a strike costs 30, so the warden outlasts it."""
    task = _without("task_16", "healer")
    agents = [
        a.model_copy(update={"inventory": {"cooked_glowfin": 20}}) if a.name == "guard" else a
        for a in task.agents
    ]
    plans = {"guard": [{"move_to": {"target": [222, 82]}}, {"attack": {"target": "pillar_warden"}}]}
    ep = play(task.model_copy(update={"agents": agents}), plans, seed=seed)
    assert not ep.status()["success"] and deaths(ep.world, ["guard"]) > 0


def test_task_16_the_scholar_alone_is_shot_down():
    """Without the guard the idle warden shoots the 35-HP scholar as soon as she comes near the pillar."""
    plans = {"scholar": [{"move_to": {"target": [219, 71]}}, {"build": {"site": "site#inscription"}}]}
    ep = play(_without("task_16", "guard", "healer"), plans)
    assert not ep.status()["success"] and deaths(ep.world, ["scholar"]) > 0


@pytest.mark.parametrize(
    "task_id,skill,level",
    [
        ("task_01", "crafting", 45),
        ("task_01", "lumberjacking", 45),
        ("task_02", "mining", 45),
        ("task_02", "lumberjacking", 45),
        ("task_02", "smithing", 45),
        ("task_06", "fishing", 35),
        ("task_06", "cooking", 32),
        ("task_10", "lumberjacking", 35),
        ("task_10", "mining", 45),
        ("task_10", "crafting", 35),
        ("task_10", "magic", 30),
        ("task_11", "foraging", 45),
        ("task_11", "fishing", 45),
        ("task_12", "alchemy", 30),
        ("task_15", "mining", 20),
        ("task_15", "crafting", 30),
        ("task_15", "fletching", 30),
        ("task_16", "crafting", 15),
    ],
)
def test_a_skill_only_one_agent_has_cannot_be_learned_by_another_in_time(task_id, skill, level):
    """Training instead of a teammate: no trainer teaches the skill that far, or the lessons (40 XP a
    talk, one talk a turn) outnumber the turns of the budget."""
    task = load_task(task_id)
    assert len([a for a in task.agents if a.skills.get(skill, 1) >= level]) == 1
    assert _trainable_to(skill) < level or _lessons_needed(skill, level) > task.max_rounds


@pytest.mark.parametrize(
    "missing,plans,boss",
    [
        ("alchemist", {"warden": [{"attack": {"target": "cinder_ogre"}}]}, "cinder_ogre"),  # no draughts
        ("warden", {"axeman": [{"attack": {"target": "cinder_ogre"}}]}, "cinder_ogre"),  # nobody to hold it
        ("pyromancer", {"warden": [{"attack": {"target": "rime_colossus"}}]}, "rime_colossus"),  # no fire
        ("axeman", {"warden": [{"attack": {"target": "cinder_ogre"}}]}, "cinder_ogre"),  # no froststeel
        (
            "archer",
            {"warden": [{"attack": {"target": "thaw_serpent"}}]},
            "thaw_serpent",
        ),  # no frostbark arrows
    ],
)
def test_task_08_a_team_short_of_one_role_loses_someone_or_a_boss_survives(missing, plans, boss):
    """Without the draughts the warden falls to the ogre's strikes (42 a round against 26 from food);
    a damage dealer with no warden in front dies to the first strike; a boss whose one weapon is
    missing is never wounded (the warden's club deals nothing), so it is still standing."""
    ep = play(_without("task_08", missing), plans)
    assert not ep.status()["success"]
    assert deaths(ep.world) > 0 or not mob_type_killed(ep.world, boss)


def test_task_16_the_guard_without_the_healers_draughts_dies():
    """The guard takes on the four archers with no draughts (the only healing is the healer's)."""
    ep = play(_without("task_16", "healer"), {"guard": [{"attack": {"target": "skeleton_archer"}}] * 4})
    assert not ep.status()["success"] and deaths(ep.world, ["guard"]) > 0


def test_task_15_without_the_quarryman_nobody_can_cut_hardpan():
    """Hardpan sandstone comes only from hardpan ledges (mining 20): no shop stocks it, and a pickaxe
    bought with the purse does not help the mason, who cannot cut it."""
    content = load_content()
    assert not any(
        entry.item == "hardpan_sandstone"
        for npc in content.npcs.values()
        if npc.shop
        for entry in npc.shop.stock
    )
    plans = {
        "quartermaster": [
            {"move_to": {"target": "mira"}},
            {"buy": {"npc": "mira", "item": "bronze_pickaxe"}},
            {"give": {"to": "mason", "item": "bronze_pickaxe"}},
        ],
        "mason": [
            {"move_to": {"target": "mira"}},
            {"wait_for": {"item": "bronze_pickaxe"}},
            {"move_to": {"target": [126, 202]}},
            {"gather": {"target": "hardpan_ledge"}},
        ],
    }
    ep = play(_without("task_15", "quarryman"), plans)
    assert (
        _did(ep, "quartermaster", "buy", item="bronze_pickaxe")
        and held(ep.world, "bronze_pickaxe", "mason") == 1
    )
    assert any("you need mining 20" in e for e in last_errors(ep, "mason"))
    assert held(ep.world, "hardpan_sandstone") == 0 and not ep.status()["success"]
