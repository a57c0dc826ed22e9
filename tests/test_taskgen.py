"""The task generator (agentworld/taskgen): its files are what it makes, and every generated task
meets the rules the hand-written ones do, plus the ones only a generator can break.

The per-task proofs shared with the hand-written tasks (validate, oracle on seeds 0-4 within 50-85%
of the budget, noop and random fail, removing any agent fails) run in tests/test_task_suite.py,
which lists every shipped task. Here: the checked-in YAML is exactly the generator's output, the
audit certifies every generated task (at least two roles necessary by the world, none unnecessary,
no solo route), no two generated tasks share a structural signature, and a legal route other than
the oracle's succeeds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agentworld.audit import audit_task
from agentworld.taskgen.build import calibrate, oracle_rounds, render
from agentworld.taskgen.suite import drafts
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import list_task_ids, load_task
from task_play import play

DRAFTS = {d.id: d for d in drafts()}
IDS = list(DRAFTS)


def test_generated_ids_follow_the_hand_written_ones_and_are_shipped():
    assert IDS and all(int(i.split("_")[1]) >= 17 for i in IDS)
    assert set(IDS) <= set(list_task_ids())


@pytest.mark.parametrize("task_id", IDS)
def test_the_checked_in_file_is_the_generators_output(task_id):
    """scripts/generate_tasks.py is the source: a hand edit of a generated file is caught here."""
    draft = DRAFTS[task_id]
    budget, rounds = calibrate(draft)
    assert 25 <= budget <= 55 and all(0.5 <= r / budget <= 0.85 for r in rounds)
    assert (Path(TASKS_DIR) / f"{task_id}.yaml").read_text() == render(draft, budget)


@pytest.mark.parametrize("task_id", IDS)
def test_the_audit_certifies_the_generated_task(task_id):
    audit = audit_task(load_task(task_id))
    assert audit.problems == [], f"{task_id}: {audit.problems}"
    hard = [r for r in audit.roles if r.verdict == "necessary"]
    assert len(hard) >= 2 and not audit.solo_routes


def test_structural_signatures_are_pairwise_distinct_and_recorded():
    signatures = [d.signature for d in DRAFTS.values()]
    assert len(set(signatures)) == len(signatures), f"two generated tasks share a structure: {signatures}"
    for task_id, draft in DRAFTS.items():
        assert f"signature: {draft.signature}" in load_task(task_id).notes


@pytest.mark.parametrize("task_id", IDS)
def test_an_alternative_route_succeeds(task_id):
    """Success is the outcome: some other legal route the motif offers (a trade instead of a gift,
    the receiver fetching the load instead of waiting for it ...) reaches it within the budget on
    seeds 0 and 1, and its plans really differ from the task's oracle plans."""
    task = load_task(task_id)
    tried = []
    for what, plans in DRAFTS[task_id].alternatives:
        assert any(plans[name] != task.oracle[name] for name in plans)
        if all(oracle_rounds(task, seed, plans)[0] for seed in (0, 1)):  # (success is within the budget)
            return
        tried.append(what)
    pytest.fail(f"{task_id}: no alternative route succeeded (tried: {tried})")


@pytest.mark.parametrize("task_id", IDS)
def test_a_random_team_fails_on_every_seed(task_id):
    """Issue 11 asks for suite-wide random success of at most 10% over seeds 0-4; a generated task
    allows none (tests/test_task_suite.py checks seed 0 and its checkpoints)."""
    for seed in range(5):
        assert not play(task_id, seed=seed, kind="random").status()["success"], (
            f"{task_id}: random won on seed {seed}"
        )
