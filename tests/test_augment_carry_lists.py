"""The fewer-items rewrite of a context (augment/rewrite.unsay_start_in_text) for an item named later in a
list of what an agent carries: the list no longer claims it (tests/test_truth.py would read it)."""

from __future__ import annotations

import pytest

from agentworld.augment.rewrite import unsay_start_in_text


@pytest.mark.parametrize(
    "before,after",
    [
        ("You carry a bronze axe and a knife.", "You carry a bronze axe; you need a knife."),
        (
            "You carry a bronze axe, a knife and 1 linen.",
            "You carry a bronze axe and 1 linen; you need a knife.",
        ),
        ("You carry a knife.", "You need a knife."),
    ],
)
def test_a_carried_item_taken_away_is_said_to_be_needed(before, after):
    assert unsay_start_in_text(before, "knife", "knife", 1, False) == after
