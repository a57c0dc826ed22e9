"""The text env's tool_mask is truthful: checked against the engine by trying calls on a snapshot.

For every probed turn, each tool gets a set of candidate calls built from what the agent could
name (ids in view, items held, every recipe, its offers, ...). Marked 0 => no candidate succeeds
(the mask never hides a usable tool). Marked 1 => some candidate succeeds, except for the few
tools whose success hinges on facts the observation does not show (see agentworld.affordances).
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

from agentworld.episode import Episode
from agentworld.tools import TOOL_NAMES, tool_mask
from agentworld.task_scope import world_for
from agentworld.world.content import load_content
from agentworld.world.randomplay import random_action

# buy: a shop's stock left is not observed; build: a site's skill requirement is not observed;
# trade_accept: the sender's inventory is not observed.
OPTIMISTIC = {"buy", "build", "trade_accept"}


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def candidates(world, agent: str, raw: dict) -> dict[str, list[dict]]:
    """Plausible calls per tool, from the agent's own view (and every recipe / shop item)."""
    content = world.content
    ids = {
        k: [e["id"] for e in raw["nearby"] if e["kind"] == k]
        for k in ("node", "mob", "ground", "player", "npc", "site", "landmark", "station")
    }
    held = list(raw["inventory"])
    others = [a for a in world.players if a != agent]
    offers = [o["id"] for o in raw["offers"]]
    shop_items = sorted({s.item for n in content.npcs.values() if n.shop for s in n.shop.stock})
    any_ids = [e["id"] for e in raw["nearby"]][:6]
    return {
        "move_to": [{"target": t} for t in any_ids]
        + [
            {"target": list(world.map.landmarks)[0]} if hasattr(world.map, "landmarks") else {"target": agent}
        ],
        "gather": [{"target": t} for t in ids["node"]],
        # a recipe whose inputs are not all held fails with "missing ...": only the others can succeed
        "craft": [
            {"recipe": r.id, "count": 1}
            for r in content.recipes.values()
            if all(raw["inventory"].get(i, 0) >= n for i, n in r.inputs.items())
        ],
        "attack": [{"target": t} for t in ids["mob"]],
        "pick_up": [{"target": t} for t in ids["ground"]],
        "drop": [{"item": i, "count": 1} for i in held],
        "give": [{"to": p, "item": i, "count": 1} for p in ids["player"] for i in held[:3]],
        "trade_offer": [{"to": p, "give": {i: 1}, "want": {"coins": 1}} for p in others for i in held[:1]],
        "trade_accept": [{"offer_id": o} for o in offers],
        "trade_decline": [{"offer_id": o} for o in offers],
        "equip": [{"item": i} for i in held],
        "unequip": [{"slot": s} for s, e in raw["equipment"].items() if e],
        "use": [{"item": i} for i in held],
        "talk": [{"npc": n} for n in ids["npc"]],
        "buy": [{"npc": n, "item": i, "count": 1} for n in ids["npc"] for i in shop_items],
        "sell": [{"npc": n, "item": i, "count": 1} for n in ids["npc"] for i in held],
        "build": [{"site": s} for s in ids["site"]],
        "chat": [{"to": "team", "message": "hi"}],
        "wait": [{}],
        "inspect": [{"target": t} for t in any_ids] + [{"target": agent}],
    }


def succeeds(world, agent: str, tool: str, calls: list[dict], blob: bytes) -> bool:
    """Does any call succeed? The world is put back (from `blob`) after any call that changed it."""
    for args in calls:
        out = world.act(agent, tool, args, 10**6)
        if out.ok or out.events:
            world.restore(blob)
        if out.ok:
            return True
    return False


@pytest.mark.parametrize("task", ["task_01", "task_03", "task_04", "task_08", "task_13"])
def test_tool_mask_matches_what_the_engine_allows(task: str):
    ep = Episode(task, seed=5)
    rng = random.Random(5)
    hidden: list[str] = []
    optimistic_hits = {t: 0 for t in TOOL_NAMES}
    marked = {t: 0 for t in TOOL_NAMES}
    turns = 0
    probed = set(ep.agents[:6])  # task_13 has 20 agents: probing six of them is plenty
    while not ep.done and ep.round <= 25:
        for agent in ep.agents:
            obs = ep.observe(agent)
            raw = ep.world.observe(agent)  # same state (its messages were drained by ep.observe already)
            if turns % 2 == 0 and agent in probed:
                cands = candidates(ep.world, agent, raw)
                blob = ep.world.snapshot()
                for i, tool in enumerate(TOOL_NAMES):
                    ok = succeeds(ep.world, agent, tool, cands[tool], blob)
                    if obs["tool_mask"][i] == 0 and ok:
                        hidden.append(f"round {ep.round} {agent}: {tool} marked 0 but a call succeeds")
                    if obs["tool_mask"][i] == 1:
                        marked[tool] += 1
                        if not ok:
                            assert tool in OPTIMISTIC, (
                                f"round {ep.round} {agent}: {tool} marked usable but no "
                                f"call of it succeeds; view: {raw}"
                            )
                            optimistic_hits[tool] += 1
                ep.world.restore(blob)  # failed calls still note their error on the player
            turns += 1
            tool, args = random_action(ep.world, agent, rng)
            ep.act(agent, {"tool": tool, "args": args})
        ep.end_round()
    assert not hidden, hidden[:5]
    # the mask is not all ones: some situational tool was off at least once, and some on
    assert (
        0
        < sum(marked[t] for t in ("gather", "attack", "craft", "give", "talk", "pick_up", "equip"))
        < turns * 7
    )


def test_dead_agents_may_only_wait_and_solo_teams_have_no_team_tools():
    ep = Episode("task_08", seed=1, options={"solo": True})
    agent = ep.agents[0]
    mask = ep.observe(agent)["tool_mask"]
    for tool in ("chat", "give", "trade_offer"):
        assert mask[TOOL_NAMES.index(tool)] == 0
    assert tool_mask(team_size=1).sum() == len(TOOL_NAMES) - 5
    player = ep.world.players[agent]
    player.alive, player.respawn_round = False, ep.round + 3
    ep._obs_cache.clear()
    mask = ep.observe(agent)["tool_mask"]
    assert [t for t, m in zip(TOOL_NAMES, mask) if m] == ["wait"]


def test_disabled_tools_stay_off():
    ep = Episode("task_01", seed=0, options={"disabled_tools": ["move_to", "chat"]})
    for agent in ep.agents:
        mask = ep.observe(agent)["tool_mask"]
        assert mask[TOOL_NAMES.index("move_to")] == 0 and mask[TOOL_NAMES.index("chat")] == 0
        assert mask.dtype == np.int8 and mask[TOOL_NAMES.index("wait")] == 1
    assert world_for(ep.task, load_content()) is ep.content  # the cached content, scoped to the task
