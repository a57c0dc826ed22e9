"""The generated crafting tasks 25, 40 and 74 (see crafting.py): feathers picked by hand and fletched
round ghostpine shafts, into gale arrows with starsilver heads (25, 74) or gale shafts (40); one
`workshop` call each (taskgen/workshop.py)."""

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


def _task_25() -> Draft:
    """Eighteen gale arrows: 36 feathers by hand (the fletcher and a falconer), ghostpine shafts split by
    a feller, starsilver heads the smith forges from a prospector's ore at the mine, all meeting at the
    camp's fletching bench."""
    return workshop(
        "task_25",
        "A Quiver for the Frostmere Rangers",
        objective=(
            "The rangers of the Frostmere are riding north against the ice imps and need a quiver of gale "
            "arrows: eighteen ghostpine shafts, each fletched with two gale feathers and tipped with starsilver "
            "at a fletching bench. The task is complete when the team holds 18 gale arrows."
        ),
        patches=[
            Patch("roost", "galehawk_roost", "fletching_bench#camp", away=1, direction=(1, 0)),
            Patch("ledge", "galehawk_roost", "@roost", away=2, direction=(0, -1)),
            Patch("ghostpines", "ghostpine_tree", "woodcutters_camp", away=13, direction=(0, -1)),
            Patch("veins", "starsilver_vein", "furnace#mine", away=4, direction=(-1, 1)),
        ],
        hands=[
            Hand(
                "fletcher",
                "Fletcher",
                "woodcutters_camp",
                {"foraging": 50, "fletching": 55},
                (
                    "You are the team's fletcher: fletching 55, the only one on the team who can tip a gale "
                    "arrow (fletching 55; nobody else could train that far in time), and foraging 50, so you can "
                    "pick gale feathers from a galehawk roost by hand (foraging 45), one a turn.\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('gale_shafts')}\n"
                    f"  - {recipe_line('gale_arrows')}\n"
                    "You start at the Woodcutters' Camp (72, 112), by the camp's fletching bench "
                    "(`fletching_bench#camp`), where the galehawks roost. Ghostpines (`ghostpine_tree`) grow on "
                    "the ridge north of the camp at {ghostpines}; you cannot fell them."
                ),
                [
                    say(
                        "team",
                        "Fletcher at the camp fletching bench `fletching_bench#camp` (75, 115). 18 gale arrows "
                        "take 36 gale feathers, 18 ghostpine shafts and 18 starsilver arrowheads. Galehawk roosts "
                        "(`galehawk_roost`) stand by the bench at {roost} and {ledge}: I pick here, bring me 18 "
                        "more feathers. Ghostpines (`ghostpine_tree`) grow at {ghostpines}: 3 logs split into 18 "
                        "shafts. Smith: 18 arrowheads to me here.",
                    ),
                    walk("@roost"),
                    gather("galehawk_roost", 36),
                    craft("gale_shafts", 18),
                    craft("gale_arrows", 18),
                ],
            ),
            Hand(
                "falconer",
                "Falconer",
                (86, 104),
                {"foraging": 50},
                (
                    "You are a falconer: foraging 50, so you can pick gale feathers from a galehawk roost by hand "
                    "(a roost needs foraging 45, far beyond what anyone without your years could learn in "
                    "time), one feather a turn standing next to it (within 1 tile). You cannot fletch.\n"
                    "You start at (86, 104) in the Whisperwood, north-east of the Woodcutters' Camp."
                ),
                [
                    hear("fletcher"),
                    walk("@ledge"),
                    gather("galehawk_roost", 18),
                    give("fletcher", "gale_feather", 18),
                ],
            ),
            Hand(
                "feller",
                "Mistwood feller",
                "whisperwood_clearing",
                {"lumberjacking": 50, "fletching": 45},
                (
                    "You are the team's mistwood feller: lumberjacking 50 and a bronze axe (keep it in your "
                    "inventory; gathering uses it), the only one on the team who can fell ghostpine (it needs "
                    "lumberjacking 50), one log a turn; and fletching 45 to split it.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('ghostpine_shafts')}\n"
                    "You start at Whisperwood Clearing (45, 120)."
                ),
                [
                    hear("fletcher"),
                    walk("@ghostpines"),
                    gather("ghostpine_tree", 3),
                    craft("ghostpine_shafts", 3),
                    walk("fletching_bench#camp"),
                    give("fletcher", "ghostpine_shaft", 18),
                ],
                inventory={"bronze_axe": 1},
            ),
            Hand(
                "smith",
                "Smith",
                "stonefoot_camp",
                {"smithing": 55},
                (
                    "You are the team's smith: smithing 55 and a hammer, the only one on the team who can smelt "
                    "starsilver or forge its arrowheads (smithing 45 and 50; nobody else could train that far "
                    "in time).\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('starsilver_bar')}\n"
                    f"  - {recipe_line('starsilver_arrowheads')}\n"
                    "You start at Stonefoot Camp (70, 47), by the mine furnace (`furnace#mine`) and anvil "
                    "(`anvil#mine`). The starsilver veins (`starsilver_vein`) of these slopes stand at {veins}; "
                    "you cannot mine."
                ),
                [
                    say(
                        "team",
                        "Smith at the mine furnace `furnace#mine` (68, 50). Starsilver veins (`starsilver_vein`) "
                        "at {veins}: bring me 4 ore and I forge the arrowheads.",
                    ),
                    wait_for("starsilver_ore", 4),
                    craft("starsilver_bar", 2),
                    craft("starsilver_arrowheads", 2),
                    hear("fletcher"),
                    walk("fletching_bench#camp"),
                    give("fletcher", "starsilver_arrowhead", 18),
                ],
                inventory={"hammer": 1},
            ),
            Hand(
                "prospector",
                "Prospector",
                "deepdelve_mine",
                {"mining": 50},
                (
                    "You are the team's prospector: mining 50 and a bronze pickaxe (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can break starsilver veins (they need "
                    "mining 45), one ore a turn standing next to one. You cannot smelt.\n"
                    "You start at Deepdelve Mine (56, 43)."
                ),
                [
                    hear("smith"),
                    walk("@veins"),
                    gather("starsilver_vein", 4),
                    walk("furnace#mine"),
                    give("smith", "starsilver_ore", 4),
                ],
                inventory={"bronze_pickaxe": 1},
            ),
        ],
        success=[holds({"gale_arrow": 18})],
        checkpoints=[
            checkpoint(
                "feathers_picked", "Twelve gale feathers have been picked.", holds({"gale_feather": 12})
            ),
            checkpoint(
                "shafts_split", "Eighteen ghostpine shafts are split.", holds({"ghostpine_shaft": 18})
            ),
            checkpoint(
                "heads_forged", "Starsilver arrowheads are forged.", holds({"starsilver_arrowhead": 12})
            ),
            checkpoint("shafts_fletched", "Eighteen gale shafts are fletched.", holds({"gale_shaft": 18})),
            checkpoint("first_arrows", "The first gale arrows are tipped.", holds({"gale_arrow": 6})),
        ],
        tag="pick2+fell+smelt<mine>fletch",
        why=(
            "36 gale feathers by hand (foraging 45; more than one picker's turns) + ghostpine shafts (lumberjacking "
            "50) + starsilver arrowheads (mining 45 -> smithing 50) -> 18 gale arrows (only the fletcher: "
            "fletching 55)"
        ),
        alternatives=[
            (
                "the feller brings the ghostpine logs whole and the fletcher splits them",
                {
                    "feller": [
                        hear("fletcher"),
                        walk("@ghostpines"),
                        gather("ghostpine_tree", 3),
                        walk("fletching_bench#camp"),
                        give("fletcher", "ghostpine_log", 3),
                    ],
                    "fletcher": [
                        say(
                            "team",
                            "Fletcher at `fletching_bench#camp` (75, 115): roosts {roost}, {ledge}; pines {ghostpines}.",
                        ),
                        walk("@roost"),
                        gather("galehawk_roost", 36),
                        craft("ghostpine_shafts", 3),
                        craft("gale_shafts", 18),
                        craft("gale_arrows", 18),
                    ],
                },
            )
        ],
    )


def _task_40() -> Draft:
    """Eighteen gale shafts fletched by hand at Greyhorn Lookout: 36 feathers two pickers share, each
    fletching its own half round the ghostpine shafts a feller splits and shares out."""
    return workshop(
        "task_40",
        "Shafts for the Greyhorn Scouts",
        objective=(
            "The Greyhorn scouts shoot long in the mountain winds and fletch their own arrows: they need "
            "eighteen gale shafts, ghostpine shafts each fletched with two gale feathers. The task is complete "
            "when the team holds 18 gale shafts."
        ),
        patches=[
            Patch("roost", "galehawk_roost", "greyhorn_lookout", away=3, direction=(-1, 0)),
            Patch("crag", "galehawk_roost", "@roost", away=2, direction=(0, 1)),
            Patch("ghostpines", "ghostpine_tree", "greyhorn_lookout", away=12, direction=(-1, 1)),
        ],
        hands=[
            Hand(
                "scout_fletcher",
                "Scout fletcher",
                "greyhorn_lookout",
                {"foraging": 50, "fletching": 50},
                (
                    "You are the lookout's scout fletcher: fletching 50, and foraging 50, so you can pick gale "
                    "feathers from a galehawk roost by hand (foraging 45, far beyond what anyone without your "
                    "years could learn in time), one a turn.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('gale_shafts')}\n"
                    "You start at Greyhorn Lookout (40, 18), where the galehawks roost; ghostpines "
                    "(`ghostpine_tree`) grow on the slope below it, at {ghostpines}. You cannot fell trees."
                ),
                [
                    say(
                        "team",
                        "Scout fletcher here. 18 gale shafts take 18 ghostpine shafts and 36 gale feathers. "
                        "Galehawk roosts (`galehawk_roost`) stand by Greyhorn Lookout at {roost} and {crag}; I pick "
                        "at the first, a second picker at the other. Ghostpines (`ghostpine_tree`) grow at "
                        "{ghostpines}: split them, 9 shafts to me, 9 to whoever picks the other roost.",
                    ),
                    walk("@roost"),
                    gather("galehawk_roost", 18),
                    wait_for("ghostpine_shaft", 9),
                    craft("gale_shafts", 9),
                ],
            ),
            Hand(
                "falconer",
                "Falconer",
                (52, 22),
                {"foraging": 50, "fletching": 45},
                (
                    "You are a falconer of the Irongrave: foraging 50, so you can pick gale feathers from a "
                    "galehawk roost by hand (foraging 45, far beyond what anyone without your years could learn "
                    "in time), one a turn; and fletching 45.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('gale_shafts')}\n"
                    "You start at (52, 22), east of Greyhorn Lookout."
                ),
                [
                    hear("scout_fletcher"),
                    walk("@crag"),
                    gather("galehawk_roost", 18),
                    wait_for("ghostpine_shaft", 9),
                    craft("gale_shafts", 9),
                ],
            ),
            Hand(
                "feller",
                "Mistwood feller",
                "ogre_den_mouth",
                {"lumberjacking": 50, "fletching": 45},
                (
                    "You are the team's mistwood feller: lumberjacking 50 and a bronze axe (keep it in your "
                    "inventory; gathering uses it), the only one on the team who can fell ghostpine (it needs "
                    "lumberjacking 50), one log a turn; and fletching 45 to split it.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('ghostpine_shafts')}\n"
                    "You start at the Mouth of the Ogre Den (32, 46)."
                ),
                [
                    hear("scout_fletcher"),
                    walk("@ghostpines"),
                    gather("ghostpine_tree", 3),
                    craft("ghostpine_shafts", 3),
                    walk("@roost"),
                    give("scout_fletcher", "ghostpine_shaft", 9),
                    give("falconer", "ghostpine_shaft", 9),
                ],
                inventory={"bronze_axe": 1},
            ),
        ],
        success=[holds({"gale_shaft": 18})],
        checkpoints=[
            checkpoint(
                "feathers_picked", "Twelve gale feathers have been picked.", holds({"gale_feather": 12})
            ),
            checkpoint(
                "shafts_split", "Eighteen ghostpine shafts are split.", holds({"ghostpine_shaft": 18})
            ),
            checkpoint("first_fletched", "Nine gale shafts are fletched.", holds({"gale_shaft": 9})),
        ],
        tag="pick2+fletch2<fell",
        why=(
            "36 gale feathers by hand (foraging 45; more than one picker's turns), each picker fletching its half "
            "(fletching 45) round ghostpine shafts (only the feller: lumberjacking 50)"
        ),
        alternatives=[
            (
                "the feller hands the falconer its shafts first",
                {
                    "feller": [
                        hear("scout_fletcher"),
                        walk("@ghostpines"),
                        gather("ghostpine_tree", 3),
                        craft("ghostpine_shafts", 3),
                        walk("@crag"),
                        give("falconer", "ghostpine_shaft", 9),
                        give("scout_fletcher", "ghostpine_shaft", 9),
                    ]
                },
            )
        ],
    )


def _task_74() -> Draft:
    """Eighteen gale arrows in three hands: 36 feathers by hand (the fletcher and a falconer), ghostpine
    shafts the fletcher splits from logs it carries, starsilver heads a smith mines, smelts and forges."""
    return workshop(
        "task_74",
        "Arrows for the Long Watch",
        objective=(
            "The long watch on the Frostmere wall is down to its last arrows: it needs eighteen gale arrows, "
            "ghostpine shafts fletched with two gale feathers each and tipped with starsilver at a fletching "
            "bench. The task is complete when the team holds 18 gale arrows."
        ),
        patches=[
            Patch("roost", "galehawk_roost", "fletching_bench#camp", away=1, direction=(1, 1)),
            Patch("eyrie", "galehawk_roost", "@roost", away=2, direction=(1, 0)),
            Patch("veins", "starsilver_vein", "anvil#mine", away=5, direction=(1, 1)),
        ],
        hands=[
            Hand(
                "fletcher",
                "Fletcher",
                (80, 112),
                {"foraging": 50, "fletching": 55},
                (
                    "You are the team's fletcher: fletching 55, the only one on the team who can tip a gale "
                    "arrow (fletching 55; nobody else could train that far in time), and foraging 50, so you can "
                    "pick gale feathers from a galehawk roost by hand (foraging 45), one a turn. You carry 3 "
                    "ghostpine logs, seasoned for shafts.\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('ghostpine_shafts')}\n"
                    f"  - {recipe_line('gale_shafts')}\n"
                    f"  - {recipe_line('gale_arrows')}\n"
                    "You start at (80, 112), east of the Woodcutters' Camp and its fletching bench "
                    "(`fletching_bench#camp`), where the galehawks roost. Your arrowheads have always come from "
                    "Stonefoot, whose starsilver veins (`starsilver_vein`) stand at {veins}."
                ),
                [
                    say(
                        "team",
                        "Fletcher at the camp fletching bench `fletching_bench#camp` (75, 115). Eighteen gale arrows "
                        "take 36 gale feathers and 18 starsilver arrowheads; I have the shafts. Galehawk roosts "
                        "(`galehawk_roost`) stand by the bench at {roost} and {eyrie}: bring me 18 feathers, and "
                        "the arrowheads. Starsilver veins (`starsilver_vein`) by the mine anvil at {veins}.",
                    ),
                    craft("ghostpine_shafts", 3),
                    walk("@roost"),
                    gather("galehawk_roost", 36),
                    craft("gale_shafts", 18),
                    craft("gale_arrows", 18),
                ],
                inventory={"ghostpine_log": 3},
            ),
            Hand(
                "falconer",
                "Falconer",
                (86, 108),
                {"foraging": 50},
                (
                    "You are a falconer: foraging 50, so you can pick gale feathers from a galehawk roost by hand "
                    "(a roost needs foraging 45, far beyond what anyone without your years could learn in time), "
                    "one a turn standing next to it (within 1 tile). You cannot fletch.\n"
                    "You start at (86, 108) in the Whisperwood, north-east of the Woodcutters' Camp."
                ),
                [
                    hear("fletcher"),
                    walk("@eyrie"),
                    gather("galehawk_roost", 9),
                    give("fletcher", "gale_feather", 9),
                    gather("galehawk_roost", 9),
                    give("fletcher", "gale_feather", 9),
                ],
            ),
            Hand(
                "smith",
                "Smith",
                "stonefoot_camp",
                {"mining": 50, "smithing": 50},
                (
                    "You are the team's smith: mining 50 and a bronze pickaxe (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can break starsilver (mining 45), and "
                    "smithing 50 with a hammer to smelt it and forge its arrowheads (smithing 45 and 50).\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('starsilver_bar')}\n"
                    f"  - {recipe_line('starsilver_arrowheads')}\n"
                    "You start at Stonefoot Camp (70, 47), by the mine furnace (`furnace#mine`) and anvil "
                    "(`anvil#mine`). You have not prospected this season."
                ),
                [
                    hear("fletcher"),
                    walk("@veins"),
                    gather("starsilver_vein", 4),
                    walk("furnace#mine"),
                    craft("starsilver_bar", 2),
                    craft("starsilver_arrowheads", 2),
                    walk("fletching_bench#camp"),
                    give("fletcher", "starsilver_arrowhead", 18),
                ],
                inventory={"bronze_pickaxe": 1, "hammer": 1},
            ),
        ],
        success=[holds({"gale_arrow": 18})],
        checkpoints=[
            checkpoint(
                "feathers_picked", "Twelve gale feathers have been picked.", holds({"gale_feather": 12})
            ),
            checkpoint(
                "heads_forged", "Starsilver arrowheads are forged.", holds({"starsilver_arrowhead": 12})
            ),
            checkpoint("shafts_fletched", "Eighteen gale shafts are fletched.", holds({"gale_shaft": 18})),
            checkpoint("first_arrows", "The first gale arrows are tipped.", holds({"gale_arrow": 5})),
        ],
        tag="split+pick2>fletch<forge<mine",
        why=(
            "36 gale feathers by hand (foraging 45; more than one picker's turns) round the fletcher's ghostpine "
            "+ starsilver arrowheads (mining 45, smithing 50: only the smith) -> 18 gale arrows (only the "
            "fletcher: fletching 55)"
        ),
        alternatives=[
            (
                "the falconer brings its feathers in one load",
                {
                    "falconer": [
                        hear("fletcher"),
                        walk("@eyrie"),
                        gather("galehawk_roost", 18),
                        give("fletcher", "gale_feather", 18),
                    ]
                },
            )
        ],
    )


def drafts() -> list[Draft]:
    return [_task_25(), _task_40(), _task_74()]
