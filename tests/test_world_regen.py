"""Mobs that close their wounds every round they fight (`regen`, mobs.yaml; world/mobs.py), and the
audit's kill bound for them (audit/damage.py `fewest_rounds`, docs/AUDIT.md "Regeneration").

A regenerating mob regains `regen` HP at the start of its turn in every round it fights, up to its
max HP, so only the damage dealt within one round counts against it: fighters who each deal no more
than `regen` never wear it down alone, and the audit proves that a team short of one of them fails.
"""

from __future__ import annotations

import math

import pytest

from agentworld.audit import audit_task
from agentworld.audit.damage import fewest_rounds
from agentworld.tasks import load_task, without_agent
from agentworld.world import World, load_content
from task_play import play

BEAST = "rime_matriarch"  # 300 HP, closes 70 a round, wounded only by blackglass spears and frostbark bows


def _world_with_spears(n: int) -> tuple[World, str, list[str]]:
    world = World(load_content())
    world.reset(0)
    mob = world.add_mob(BEAST, (130, 95))
    names = []
    for i in range(n):
        name = f"spear{i}"
        world.add_player(
            name,
            (129 + i, 96),
            skills={"accuracy": 48, "strength": 44, "health": 40},
            equipment={"weapon": "blackglass_spear"},
        )
        names.append(name)
    return world, mob, names


def test_a_fighting_mob_closes_its_wounds_every_round_up_to_its_max_hp():
    world, mob, (name,) = _world_with_spears(1)
    beast = world.mobs[mob]
    for _ in range(6):
        assert world.act(name, "attack", {"target": mob}, 0).ok
        hit = beast.max_hp - beast.hp
        world.end_round()
        assert beast.hp == beast.max_hp  # one spear (at most 33 a blow) never outpaces 70 a round
        assert hit <= load_content().mobs[BEAST].regen
    heals = [e for e in world.events if e["kind"] == "heal" and e.get("target") == mob]
    assert heals and all(e["hp"] <= beast.max_hp for e in heals)


def test_three_fighters_striking_together_wear_it_down():
    world, mob, names = _world_with_spears(3)
    for _ in range(30):
        for name in names:
            if world.mobs[mob].alive:
                world.act(name, "attack", {"target": mob}, 0)
        if not world.mobs[mob].alive:
            break
        world.end_round()
    assert not world.mobs[mob].alive


@pytest.mark.parametrize(
    "hp, per_round, regen, rounds",
    [
        (300, 0, 0, math.inf),  # nobody hurts it
        (300, 30, 0, 10),  # no regeneration: ceil(300 / 30)
        (300, 300, 70, 1),  # one round's damage kills it before it heals
        (300, 70, 70, math.inf),  # the wounds close as fast as they open
        (300, 96, 70, 9),  # 9 * 96 = 864 >= 300 + 8 * 70 = 860, and 8 * 96 = 768 < 300 + 7 * 70 = 790
    ],
)
def test_fewest_rounds_of_attacks_against_a_regenerating_mob(hp, per_round, regen, rounds):
    assert fewest_rounds(hp, per_round, regen) == rounds
    if rounds not in (math.inf, 1):
        k = rounds  # the first k with k * per_round >= hp + regen * (k - 1)
        assert k * per_round >= hp + regen * (k - 1) and (k - 1) * per_round < hp + regen * (k - 2)


def test_the_audit_needs_every_member_of_a_band_against_a_regenerating_beast():
    """task_51: three fighters whose blows each fall short of the matriarch's 70 HP a round; any two of
    them at their best (every attack at max, the best tonic and trinkets) cannot outpace it."""
    audit = audit_task(load_task("task_51"))
    for role in audit.roles:
        assert role.verdict == "necessary" and "volume" in role.kinds, role
        assert any("closes 70 HP" in f.reason for f in role.reasons)


@pytest.mark.parametrize("missing", ["huntress", "spearman"])
def test_two_fighters_alone_never_kill_the_matriarch(missing):
    """The oracle plans of the other two, with nobody giving the word: they strike for the whole budget
    and the matriarch stands (its wounds close as fast as two weapons open them)."""
    task = without_agent(load_task("task_51"), missing)
    plans = {
        name: [s for s in plan if "wait_for" not in s or "item" in s["wait_for"]]
        for name, plan in task.oracle.items()
    }
    ep = play(task, plans)
    assert not ep.status()["success"]
    assert any(m.type == BEAST and m.alive for m in ep.world.mobs.values())


def test_a_weapon_in_one_members_hands_is_in_no_others():
    """task_76: the ice leader carries the only emberheart staff until the staffwright assembles the
    second. Without the staffwright both mages could wield the staff, but not at once: a round's
    damage counts the one staff once (team.round_damage), so the Ice Guardian (46 a round) outlasts."""
    from agentworld.audit.context import TaskContext
    from agentworld.audit.team import Team

    content = load_content()
    ctx = TaskContext(load_task("task_76"), content)
    mages = ("ice_leader", "frost_alchemist")
    without = Team(ctx, tuple(a for a in ctx.agents if a != "staffwright"))
    full = Team(ctx, tuple(ctx.agents))
    one_staff = without.round_damage("woken_ice_guardian", mages)
    assert one_staff == max(without.max_hit_vs(m, "woken_ice_guardian") for m in mages)
    assert one_staff <= content.mobs["woken_ice_guardian"].regen
    assert full.round_damage("woken_ice_guardian", mages) == sum(
        full.max_hit_vs(m, "woken_ice_guardian") for m in mages
    )
    verdict = next(r for r in audit_task(load_task("task_76")).roles if r.agent == "staffwright")
    assert verdict.verdict == "necessary"
