"""Tasks 50-75 (written as issue 11's "suite-a" share; now in agentworld/taskgen/suite/ by category): the share of issue 11 they were written to fill,
and the shape rules of their motifs. The per-task proofs (file == generator output,
audit, oracle, random, alternative route) run in tests/test_taskgen.py like every generated task.
"""

from __future__ import annotations

from collections import Counter

from agentworld.taskgen.suite import drafts

DRAFTS = [d for d in drafts() if 50 <= int(d.id.split("_")[1]) <= 75]


def test_the_share_is_26_tasks_mostly_of_three_agents():
    assert [d.id for d in DRAFTS] == [f"task_{n}" for n in range(50, 76)]
    sizes = Counter(len(d.agents) for d in DRAFTS)
    assert sizes[3] * 2 >= len(DRAFTS) and sum(n for size, n in sizes.items() if size >= 8) >= 2
    categories = Counter(d.category for d in DRAFTS)
    assert categories["survival"] >= 7 and categories["combat"] >= 5


def test_survival_needs_everyone_alive_in_the_weather_and_combat_a_kill():
    for d in DRAFTS:
        kinds = {next(iter(c)) for c in d.success}
        if d.category == "survival":  # taskgen/holdouts.py: work in an exposure, stores kept, nobody dead
            assert "nobody_died" in kinds and "holds" in kinds and d.world.get("exposure"), d.id
        if d.category == "combat":  # (the warbands of the suite rewrite: a kill, sometimes a made piece too)
            assert "killed" in kinds, d.id


def test_signatures_name_their_motif():
    for d in DRAFTS:
        assert d.signature.startswith(f"{d.motif}:"), (d.id, d.signature)
