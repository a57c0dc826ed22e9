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


@pytest.mark.parametrize(
    "before,after",
    [
        (  # task_14's cleric: a counted item inside the list
            "You carry 14 healing draught, 6 glass vial, 20 frostpetal and a mortar and pestle.",
            "You carry 14 healing draught, 20 frostpetal and a mortar and pestle; you need 6 glass vial.",
        ),
        (  # task_33's blademaster: what one starts with, said with the start
            "You start at Hollowcrown Gate (210, 60), below the keep's south wall, with 6 glass vials in your pack.",
            "You start at Hollowcrown Gate (210, 60), below the keep's south wall; you need 6 glass vials in "
            "your pack.",
        ),
    ],
)
def test_a_counted_item_taken_away_is_said_to_be_needed(before, after):
    assert unsay_start_in_text(before, "glass_vial", "glass vial", 6, False) == after


def test_a_count_taken_away_is_written_in_its_plural():
    from agentworld.augment.fewer_items import plural

    assert [plural(n) for n in ("cooked perch", "glass vial", "wild berry", "bronze axe", "iron box")] == [
        "cooked perches",
        "glass vials",
        "wild berries",
        "bronze axes",
        "iron boxes",
    ]
