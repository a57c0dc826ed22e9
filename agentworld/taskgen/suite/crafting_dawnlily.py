"""The generated crafting tasks 47 and 97 (see crafting.py): dawnlilies picked by hand, brewed into
teas on frostgill or steeped into tinctures with moon pearls; one `workshop` call each
(taskgen/workshop.py)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.workshop import (
    Hand,
    Patch,
    checkpoint,
    craft,
    gather,
    give,
    hear,
    holds,
    recipe_line,
    say,
    wait_for,
    walk,
    workshop,
)


def _task_47() -> Draft:
    """Thirteen dawnlily teas for the Frostmere watch: 39 dawnlilies by hand (the cook and a forager who
    picks two patches), brewed at the Frostmere range on frostgill the watch captain catches; the teas
    end in the captain's hands."""
    return workshop(
        "task_47",
        "Tea for the Frost Watch",
        objective=(
            "The frost watch keeps the Frostmere passes through the longest nights on dawnlily tea, three "
            "dawnlilies brewed on a frostgill each, and its stores are empty. The task is complete when the "
            "watch captain holds 13 dawnlily teas."
        ),
        patches=[
            Patch("drift", "dawnlily_patch", "cooking_range#frostmere", away=1, direction=(1, 0), nodes=4),
            Patch("hollow", "dawnlily_patch", "@drift", away=2, direction=(0, 1), nodes=2),
            Patch("knoll", "dawnlily_patch", "@hollow", away=2, direction=(1, 1), nodes=1),
            Patch("holes", "frostgill_hole", "frostmere_camp", away=8, direction=(-1, -1)),
        ],
        hands=[
            Hand(
                "watch_cook",
                "Watch cook",
                "frostmere_camp",
                {"foraging": 50, "cooking": 55},
                (
                    "You are the watch's cook: cooking 55, the only one on the team who can brew dawnlily tea "
                    "(cooking 50; nobody else could train that far in time), and foraging 50, so you can pick "
                    "dawnlilies by hand (foraging 45), one a turn.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('dawnlily_tea')}\n"
                    "You start at Frostmere Camp (130, 64), by the Frostmere cooking range "
                    "(`cooking_range#frostmere`); dawnlilies open in the snow around it. You cannot fish."
                ),
                [
                    say(
                        "team",
                        "Cook at the Frostmere cooking range `cooking_range#frostmere` (133, 67). Thirteen teas take 39 "
                        "dawnlilies and 13 frostgill. Dawnlily patches (`dawnlily_patch`) open by the range at "
                        "{drift}, {hollow} and {knoll}; I pick the first. Bring me the rest, and the frostgill.",
                    ),
                    walk("@drift"),
                    gather("dawnlily_patch", 39),
                    craft("dawnlily_tea", 13),
                    give("watch_captain", "dawnlily_tea", 13),
                ],
            ),
            Hand(
                "forager",
                "Forager",
                (140, 72),
                {"foraging": 50},
                (
                    "You are a forager of the Frostmere: foraging 50, so you can pick dawnlilies by hand (a "
                    "dawnlily patch needs foraging 45, far beyond what anyone without your years could learn in "
                    "time), one a turn standing next to a patch (within 1 tile). You cannot cook.\n"
                    "You start at (140, 72) on the snowfield, east of Frostmere Camp."
                ),
                [
                    hear("watch_cook"),
                    walk("@hollow"),
                    gather("dawnlily_patch", 12),
                    walk("@knoll"),
                    gather("dawnlily_patch", 18),
                    give("watch_cook", "dawnlily", 18),
                ],
            ),
            Hand(
                "watch_captain",
                "Watch captain",
                (122, 52),
                {"fishing": 50},
                (
                    "You are the captain of the frost watch: fishing 50 and a fishing rod (keep it in your "
                    "inventory; gathering uses it), the only one on the team who can catch frostgill through the "
                    "ice (a frostgill hole needs fishing 50), one a turn standing next to a hole.\n"
                    "You start at (122, 52) on the ice, north-west of Frostmere Camp; your frostgill holes "
                    "(`frostgill_hole`) are at {holes}. The watch's tea must end in your hands."
                ),
                [
                    walk("@holes"),
                    gather("frostgill_hole", 13),
                    hear("watch_cook"),
                    walk("cooking_range#frostmere"),
                    give("watch_cook", "frostgill", 13),
                    wait_for("dawnlily_tea", 13),
                ],
                inventory={"fishing_rod": 1},
            ),
        ],
        success=[holds({"dawnlily_tea": 13}, agent="watch_captain")],
        checkpoints=[
            checkpoint("lilies_picked", "Twelve dawnlilies have been picked.", holds({"dawnlily": 12})),
            checkpoint("frostgill_caught", "Six frostgill have been caught.", holds({"frostgill": 6})),
            checkpoint("first_tea", "The first teas are brewed.", holds({"dawnlily_tea": 3})),
            checkpoint("teas_brewed", "All thirteen teas are brewed.", holds({"dawnlily_tea": 13})),
        ],
        tag="pick+pick2>brew<fish=hold",
        why=(
            "39 dawnlilies by hand (foraging 45; more than one picker's turns) + frostgill (fishing 50) -> 13 "
            "dawnlily teas (only the cook: cooking 50) -> held by the watch captain (named by the outcome)"
        ),
        alternatives=[
            (
                "the forager picks the far patch first",
                {
                    "forager": [
                        hear("watch_cook"),
                        walk("@knoll"),
                        gather("dawnlily_patch", 6),
                        walk("@hollow"),
                        gather("dawnlily_patch", 18),
                        give("watch_cook", "dawnlily", 18),
                    ]
                },
            )
        ],
    )


def _task_97() -> Draft:
    return workshop(
        "task_97",
        "Tinctures for the Fever Ward",
        objective=(
            "A fever has come to Greenhollow, and the ward at the farm needs fourteen dawnlily tinctures, "
            "each steeped from two dawnlilies and a ground moon pearl. The task is complete when the team "
            "holds 14 dawnlily tinctures."
        ),
        patches=[
            Patch("garden", "dawnlily_patch", "alchemy_table#murkfen", away=1, direction=(0, 1)),
            Patch("border", "dawnlily_patch", "@garden", away=2, direction=(1, 0)),
            Patch("pearls", "pearl_bed", (75, 207), away=4, direction=(-1, 0)),
        ],
        hands=[
            Hand(
                "alchemist",
                "Alchemist",
                "witch_hut",
                {"alchemy": 50, "foraging": 50},
                (
                    "You are the team's alchemist: alchemy 50 and foraging 50, the only one on the team who can "
                    "steep a dawnlily tincture (alchemy 45; nobody else could train that far in time). You "
                    "can pick dawnlilies too (foraging 45).\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('dawnlily_tincture')}\n"
                    "You start at Morwen's Hut (45, 215), beside the Murkfen alchemy table "
                    "(`alchemy_table#murkfen`) at (47, 217); dawnlilies grow in the garden around it. You buy "
                    "your pearls from the beds in the reed pool east of the hut: the pearl beds (`pearl_bed`) "
                    "stand at {pearls}. You cannot raise pearls yourself (no fishing)."
                ),
                [
                    {
                        "chat": {
                            "to": "team",
                            "message": (
                                "Alchemist here, at the Murkfen alchemy table `alchemy_table#murkfen` (47, 217). "
                                "Each tincture is 2 dawnlily and 1 moon pearl, so 14 take 28 dawnlilies and 14 "
                                "pearls. Dawnlily patches (`dawnlily_patch`) grow by the table at {garden} and "
                                "{border}; the pearl beds (`pearl_bed`) are in the reed pool at {pearls}. I pick "
                                "the first patches; bring me the rest of the dawnlilies and the pearls."
                            ),
                        }
                    },
                    {"move_to": {"target": "@garden"}},
                    {"gather": {"target": "dawnlily_patch", "count": 28}},
                    {"craft": {"recipe": "dawnlily_tincture", "count": 14}},
                ],
            ),
            Hand(
                "herbalist",
                "Herbalist",
                (58, 221),
                {"foraging": 50},
                (
                    "You are the team's herbalist: foraging 50, so you can pick dawnlilies (a dawnlily patch "
                    "needs foraging 45, far beyond what anyone without your years could learn in time); "
                    "standing next to a patch (within 1 tile), `gather` picks one dawnlily a turn. You know "
                    "herbs, not how to steep them.\n"
                    "You start at (58, 221) in the Murkfen, east of Morwen's Hut, where dawnlilies open."
                ),
                [
                    walk("@border"),
                    gather("dawnlily_patch", 13),
                    hear("alchemist"),
                    give("alchemist", "dawnlily", 13),
                ],
            ),
            Hand(
                "pearl_diver",
                "Pearl diver",
                "murkfen_landing",
                {"fishing": 50},
                (
                    "You are the team's pearl diver: fishing 50 and a fishing rod (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can raise moon pearls (a pearl bed needs "
                    "fishing 45). Standing next to a bed (within 1 tile), `gather` raises one pearl a turn. "
                    "You carry 6 moon pearls from last season.\n"
                    "You start at Murkfen Landing (70, 180). You have not dived the Murkfen beds this year."
                ),
                [
                    {"wait_for": {"message_from": "alchemist"}},
                    {"move_to": {"target": "@pearls"}},
                    {"gather": {"target": "pearl_bed", "count": 14}},
                    {"move_to": {"target": "alchemy_table#murkfen"}},
                    {"give": {"to": "alchemist", "item": "moon_pearl", "count": 14}},
                ],
                inventory={"fishing_rod": 1, "moon_pearl": 6},
            ),
        ],
        success=[{"holds": {"items": {"dawnlily_tincture": 14}}}],
        checkpoints=[
            checkpoint(
                "dawnlilies_picked",
                "Twelve dawnlilies have been picked.",
                {"holds": {"items": {"dawnlily": 12}}},
            ),
            checkpoint(
                "pearls_raised",
                "The team holds ten moon pearls.",
                {"holds": {"items": {"moon_pearl": 10}}},
            ),
            checkpoint(
                "first_tinctures",
                "The first tinctures are steeped.",
                {"holds": {"items": {"dawnlily_tincture": 2}}},
            ),
            checkpoint(
                "half_the_ward",
                "Seven tinctures are ready.",
                {"holds": {"items": {"dawnlily_tincture": 7}}},
            ),
        ],
        tag="pick2+dive>steep",
        why=(
            "28 dawnlilies by hand (foraging 45; more than one picker's turns) + moon pearls (fishing 45) -> "
            "14 dawnlily tinctures (only the alchemist: alchemy 45)"
        ),
        alternatives=[
            (
                "the pearl diver hands over the pearls she carries first, then raises the rest",
                {
                    "pearl_diver": [
                        {"wait_for": {"message_from": "alchemist"}},
                        {"move_to": {"target": "alchemy_table#murkfen"}},
                        {"give": {"to": "alchemist", "item": "moon_pearl", "count": 6}},
                        {"move_to": {"target": "@pearls"}},
                        {"gather": {"target": "pearl_bed", "count": 8}},
                        {"move_to": {"target": "alchemy_table#murkfen"}},
                        {"give": {"to": "alchemist", "item": "moon_pearl", "count": 8}},
                    ]
                },
            )
        ],
    )


def drafts() -> list[Draft]:
    return [_task_47(), _task_97()]
