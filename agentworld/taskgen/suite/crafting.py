"""The generated crafting tasks (ids 17, 24, 25, 36, 40, 47, 67, 68, 69, 74, 88, 89, 90, 97): one
`workshop` call per task (agentworld/taskgen/workshop.py), member by member.

Issue 24 asks crafting to be real work that a team must plan and talk through. Most tasks here ask for
a set of goods whose raw material is picked by hand from task-placed nodes (one unit a turn, no tool)
in more turns than one agent has in the budget: two gatherers share it, and no merged agent could do
it (the audit proves it by volume). The chains run through several intermediate products and stations
in different places, makers gather some of their own inputs, and what each member knows is split: the
recipe with one, the survey of the nodes with another, the need in the objective; whom to bring what
to, and where, travels by chat. Tasks 69, 88 and 89 are smaller chains (bows, stormlamps, circlets)
whose makers hold the survey and tell the gatherers.

This module holds the skyglass circlets and windows (17, 68) and the galefeather cloaks (90);
crafting_amber.py the amber lenses (24, 36, 67), crafting_arrows.py the gale arrows and shafts (25, 40,
74), crafting_dawnlily.py the dawnlily teas and tinctures (47, 97), crafting_small_chains.py the smaller
chains (69, 88, 89). `drafts()` lists them all, in id order.
"""

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
from agentworld.taskgen.suite import crafting_amber as amber
from agentworld.taskgen.suite import crafting_arrows as arrows
from agentworld.taskgen.suite import crafting_dawnlily as dawnlily
from agentworld.taskgen.suite import crafting_small_chains as small_chains


def _task_17() -> Draft:
    """Six skyglass circlets: 36 shards by hand (two miners), fused into panes at the mine furnace and
    cut round moon pearls by the glazier, who gathers too; the pearls come from the Frostford beds."""
    return workshop(
        "task_17",
        "Skyglass Circlets for the Seers",
        objective=(
            "The six seers of Brindlemark will read the coming winter in skyglass: each needs a skyglass "
            "circlet, two panes of fused skyglass cut to a band round a moon pearl. The task is complete "
            "when the team holds 6 skyglass circlets."
        ),
        patches=[
            Patch("scree", "skyglass_scree", "furnace#mine", away=1, direction=(1, 0)),
            Patch("ledge", "skyglass_scree", "@scree", away=2, direction=(0, 1)),
            Patch("pearls", "pearl_bed", "frostford", away=5, direction=(0, 1)),
        ],
        hands=[
            Hand(
                "glazier",
                "Glazier",
                "deepdelve_mine",
                {"mining": 50, "crafting": 55},
                (
                    "You are the team's glazier: crafting 55 and a chisel, the only one on the team who can "
                    "fuse skyglass or cut a circlet (crafting 45 and 50; nobody else could train that far in "
                    "time). You can break skyglass by hand too (mining 50; skyglass scree needs 45), one shard "
                    "a turn.\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('skyglass_pane')}\n"
                    f"  - {recipe_line('skyglass_circlet')}\n"
                    "You start at Deepdelve Mine (56, 43); the nearest furnace is the mine's (`furnace#mine`). "
                    "You have never found skyglass yourself. You buy moon pearls from the beds below "
                    "Frostford Bridge: the pearl beds (`pearl_bed`) stand at {pearls}."
                ),
                [
                    say(
                        "team",
                        "Glazier here. I fuse skyglass panes at a furnace and cut circlets: 6 circlets take 36 "
                        "skyglass shards and 6 moon pearls. The pearl beds (`pearl_bed`) are below Frostford "
                        "Bridge at {pearls}. Who knows where skyglass lies?",
                    ),
                    hear("quarrier"),
                    walk("@scree"),
                    gather("skyglass_scree", 36),
                    craft("skyglass_pane", 12),
                    craft("skyglass_circlet", 6),
                ],
                inventory={"chisel": 1},
            ),
            Hand(
                "quarrier",
                "Quarrier",
                "stonefoot_camp",
                {"mining": 50},
                (
                    "You are the team's quarrier: mining 50, so you can break skyglass scree by hand (it needs "
                    "mining 45, far beyond what anyone without your years could learn in time), one shard a "
                    "turn standing next to it (within 1 tile). You cannot fuse or cut glass.\n"
                    "You start at Stonefoot Camp (70, 47), in the Irongrave Peaks, where you have kept watch "
                    "on the scree all season."
                ),
                [
                    say(
                        "team",
                        "Quarrier here: skyglass scree (`skyglass_scree`) lies by the mine furnace `furnace#mine` "
                        "(68, 50), at {scree} and {ledge}. I can break it by hand.",
                    ),
                    hear("glazier"),
                    walk("@ledge"),
                    gather("skyglass_scree", 17),
                    give("glazier", "skyglass_shard", 17),
                ],
            ),
            Hand(
                "pearl_diver",
                "Pearl diver",
                "frostford",
                {"fishing": 50},
                (
                    "You are the team's pearl diver: fishing 50 and a fishing rod (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can raise moon pearls (a pearl bed needs "
                    "fishing 45). Standing next to a bed (within 1 tile), `gather` raises one pearl a turn.\n"
                    "You start at Frostford Bridge (96, 36). You have not dived these waters before."
                ),
                [
                    hear("glazier"),
                    walk("@pearls"),
                    gather("pearl_bed", 6),
                    hear("quarrier"),
                    walk("furnace#mine"),
                    give("glazier", "moon_pearl", 6),
                ],
                inventory={"fishing_rod": 1},
            ),
        ],
        success=[holds({"skyglass_circlet": 6})],
        checkpoints=[
            checkpoint(
                "shards_broken", "Twelve skyglass shards have been broken.", holds({"skyglass_shard": 12})
            ),
            checkpoint("pearls_raised", "Three moon pearls have been raised.", holds({"moon_pearl": 3})),
            checkpoint("panes_fused", "Four skyglass panes are fused.", holds({"skyglass_pane": 4})),
            checkpoint("first_circlet", "The first circlet is cut.", holds({"skyglass_circlet": 1})),
            checkpoint("half_the_seers", "Three circlets are ready.", holds({"skyglass_circlet": 3})),
        ],
        tag="mine2>fuse+cut<dive",
        why=(
            "36 skyglass shards by hand (mining 45; more than one miner's turns) -> 12 panes and 6 circlets "
            "round moon pearls (fishing 45; only the glazier: crafting 45/50)"
        ),
        alternatives=[
            (
                "the glazier fuses the panes in two batches, as the shards come",
                {
                    "glazier": [
                        say("team", "Glazier here: 36 skyglass shards and 6 moon pearls, beds at {pearls}."),
                        hear("quarrier"),
                        walk("@scree"),
                        gather("skyglass_scree", 18),
                        craft("skyglass_pane", 6),
                        gather("skyglass_scree", 18),
                        craft("skyglass_pane", 6),
                        craft("skyglass_circlet", 6),
                    ]
                },
            )
        ],
    )


def _task_68() -> Draft:
    """Three skyglass windows for the drowned chapel: 36 shards by hand (two quarriers, one of whom breaks
    scree before it knows where to bring it), fused and leaded at the mine furnace by the glazier round
    heartwood planks a joiner saws at the camp."""
    return workshop(
        "task_68",
        "Windows for the Drowned Chapel",
        objective=(
            "The Drowned Chapel is being raised from the fen, and its three great windows are to be skyglass: "
            "four fused skyglass panes each, leaded into a heartwood frame at a furnace. The task is complete "
            "when the team holds 3 skyglass windows."
        ),
        patches=[
            Patch("scree", "skyglass_scree", "furnace#mine", away=1, direction=(-1, 1)),
            Patch("shelf", "skyglass_scree", "@scree", away=2, direction=(0, 1)),
            Patch("heartwoods", "heartwood_tree", "workbench#camp", away=1, direction=(0, -1)),
        ],
        hands=[
            Hand(
                "glazier",
                "Glazier",
                "stonefoot_camp",
                {"crafting": 50},
                (
                    "You are the team's glazier: crafting 50, the only one on the team who can fuse skyglass or "
                    "lead a window (crafting 45 and 50; nobody else could train that far in time).\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('skyglass_pane')}\n"
                    f"  - {recipe_line('skyglass_window')}\n"
                    "You start at Stonefoot Camp (70, 47), by the mine furnace (`furnace#mine`). The chapel's "
                    "builders marked the heartwood for the frames: the heartwood trees (`heartwood_tree`) at "
                    "{heartwoods}, by the camp workbench. You cannot mine, fell or saw."
                ),
                [
                    say(
                        "team",
                        "Glazier at the mine furnace `furnace#mine` (68, 50). Three windows take 12 skyglass panes "
                        "(36 shards) and 3 heartwood planks (2 heartwood logs each, sawn at a workbench). The "
                        "heartwood trees (`heartwood_tree`) for them stand at {heartwoods}. Bring me skyglass "
                        "shards here, and the planks.",
                    ),
                    walk("furnace#mine"),
                    wait_for("heartwood_plank", 3),
                    craft("skyglass_pane", 12),
                    craft("skyglass_window", 3),
                ],
            ),
            Hand(
                "quarrier",
                "Quarrier",
                (62, 54),
                {"mining": 50},
                (
                    "You are a quarrier: mining 50, so you can break skyglass scree by hand (it needs mining 45, "
                    "far beyond what anyone without your years could learn in time), one shard a turn standing "
                    "next to it (within 1 tile).\n"
                    "You start at (62, 54), south of Deepdelve Mine, where the scree glitters."
                ),
                [
                    say(
                        "team",
                        "Quarrier here: the skyglass scree (`skyglass_scree`) by the mine furnace glitters at "
                        "{scree} and {shelf}. I am breaking the first.",
                    ),
                    walk("@scree"),
                    gather("skyglass_scree", 18),
                    hear("glazier"),
                    give("glazier", "skyglass_shard", 18),
                ],
            ),
            Hand(
                "rockbreaker",
                "Rockbreaker",
                "deepdelve_mine",
                {"mining": 50, "fletching": 10},
                (
                    "You are a rockbreaker of Deepdelve: mining 50, so you can break skyglass scree by hand "
                    "(mining 45, far beyond what anyone without your years could learn in time), one shard a "
                    "turn.\n"
                    "You start at Deepdelve Mine (56, 43). You have not been down to the scree this year."
                ),
                [
                    hear("glazier"),
                    hear("quarrier"),
                    walk("@shelf"),
                    gather("skyglass_scree", 18),
                    give("glazier", "skyglass_shard", 18),
                ],
            ),
            Hand(
                "joiner",
                "Joiner",
                "woodcutters_camp",
                {"lumberjacking": 50, "fletching": 50},
                (
                    "You are the team's joiner: lumberjacking 50 and a bronze axe (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can fell heartwood (lumberjacking 45), one "
                    "log a turn, and fletching 50 to saw it.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('heartwood_plank')}\n"
                    "You start at the Woodcutters' Camp (72, 112), by the camp workbench (`workbench#camp`)."
                ),
                [
                    hear("glazier"),
                    walk("@heartwoods"),
                    gather("heartwood_tree", 6),
                    craft("heartwood_plank", 3),
                    walk("furnace#mine"),
                    give("glazier", "heartwood_plank", 3),
                ],
                inventory={"bronze_axe": 1},
            ),
        ],
        success=[holds({"skyglass_window": 3})],
        checkpoints=[
            checkpoint(
                "shards_broken", "Twelve skyglass shards have been broken.", holds({"skyglass_shard": 12})
            ),
            checkpoint("planks_sawn", "Three heartwood planks are sawn.", holds({"heartwood_plank": 3})),
            checkpoint("panes_fused", "Twelve skyglass panes are fused.", holds({"skyglass_pane": 12})),
            checkpoint("first_window", "The first window is leaded.", holds({"skyglass_window": 1})),
        ],
        tag="mine2>fuse+lead<saw<fell",
        why=(
            "36 skyglass shards by hand (mining 45; more than one miner's turns) + heartwood planks (lumberjacking "
            "45, fletching 45, at the camp) -> panes and 3 windows at the mine furnace (only the glazier: crafting "
            "45/50)"
        ),
        alternatives=[
            (
                "the joiner carries the logs and saws nothing: the glazier cannot saw, so the joiner saws at the camp "
                "after all but brings the planks one at a time",
                {
                    "joiner": [
                        hear("glazier"),
                        walk("@heartwoods"),
                        gather("heartwood_tree", 6),
                        walk("workbench#camp"),
                        craft("heartwood_plank", 3),
                        walk("furnace#mine"),
                        give("glazier", "heartwood_plank", 1),
                        give("glazier", "heartwood_plank", 2),
                    ]
                },
            )
        ],
    )


def _task_90() -> Draft:
    """Five galefeather cloaks for the Westgate ferry crew: 40 feathers by hand (the cloakmaker and a
    falconer) from the galehawks that roost on Brindlemark's roofs, sewn at the town tanning rack on silk
    cord; the ferrymaster dives the pearls for the clasps in the Silverrun."""
    return workshop(
        "task_90",
        "Cloaks for the Ferry Crew",
        objective=(
            "The Westgate ferry crew crosses the Silverrun in every gale, and its five hands want galefeather "
            "cloaks: eight gale feathers sewn on silk cord over a tanned backing, with a moon-pearl clasp. The "
            "task is complete when the team holds 5 galefeather cloaks."
        ),
        patches=[
            Patch("eaves", "galehawk_roost", "tanning_rack#town", away=1, direction=(0, 1)),
            Patch("gable", "galehawk_roost", "@eaves", away=2, direction=(1, 1)),
            Patch("beds", "pearl_bed", (96, 127), away=1, direction=(1, 0)),
        ],
        hands=[
            Hand(
                "cloakmaker",
                "Cloakmaker",
                "brindlemark_market",
                {"foraging": 50, "crafting": 55},
                (
                    "You are the team's cloakmaker: crafting 55, the only one on the team who can sew a "
                    "galefeather cloak (crafting 55; nobody else could train that far in time), and foraging 50, "
                    "so you can pick gale feathers from a galehawk roost by hand (foraging 45), one a turn. You "
                    "carry 5 silk cords.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('galefeather_cloak')}\n"
                    "You start at Brindlemark Market (122, 115), near the town tanning rack (`tanning_rack#town`); "
                    "the galehawks roost on the roofs beside it."
                ),
                [
                    say(
                        "team",
                        "Cloakmaker at the town tanning rack `tanning_rack#town` (118, 121). Five cloaks "
                        "take 40 gale feathers and 5 moon pearls for the clasps; I have the cord. Galehawk roosts "
                        "(`galehawk_roost`) stand by the rack at {eaves} and {gable}: I pick the first, bring me "
                        "20 feathers from the other.",
                    ),
                    walk("@eaves"),
                    gather("galehawk_roost", 40),
                    wait_for("moon_pearl", 5),
                    craft("galefeather_cloak", 5),
                ],
                inventory={"silk_cord": 5},
            ),
            Hand(
                "falconer",
                "Falconer",
                "mayors_hall",
                {"foraging": 50},
                (
                    "You are the town falconer: foraging 50, so you can pick gale feathers from a galehawk "
                    "roost by hand (a roost needs foraging 45, far beyond what anyone without your years could "
                    "learn in time), one a turn standing next to it (within 1 tile).\n"
                    "You start at the Mayor's Hall (136, 111), in Brindlemark."
                ),
                [
                    hear("cloakmaker"),
                    walk("@gable"),
                    gather("galehawk_roost", 10),
                    give("cloakmaker", "gale_feather", 10),
                    gather("galehawk_roost", 10),
                    give("cloakmaker", "gale_feather", 10),
                ],
            ),
            Hand(
                "ferrymaster",
                "Ferrymaster",
                (100, 133),
                {"fishing": 50},
                (
                    "You are the Westgate ferrymaster: fishing 50 and a fishing rod (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can raise moon pearls (a pearl bed needs "
                    "fishing 45), one a turn.\n"
                    "You start at (100, 133) on the Silverrun bank, south of the Westgate bridge. The pearl beds "
                    "(`pearl_bed`) of the river stand at {beds}."
                ),
                [
                    walk("@beds"),
                    gather("pearl_bed", 5),
                    hear("cloakmaker"),
                    walk("tanning_rack#town"),
                    give("cloakmaker", "moon_pearl", 5),
                ],
                inventory={"fishing_rod": 1},
            ),
        ],
        success=[holds({"galefeather_cloak": 5})],
        checkpoints=[
            checkpoint(
                "feathers_picked", "Twelve gale feathers have been picked.", holds({"gale_feather": 12})
            ),
            checkpoint("pearls_raised", "Five moon pearls are raised.", holds({"moon_pearl": 5})),
            checkpoint("first_cloak", "The first cloak is sewn.", holds({"galefeather_cloak": 1})),
            checkpoint("cloaks_sewn", "All five cloaks are sewn.", holds({"galefeather_cloak": 5})),
        ],
        tag="pick2>sew<dive",
        why=(
            "40 gale feathers by hand (foraging 45; more than one picker's turns) + moon pearls (fishing 45) -> "
            "5 galefeather cloaks (only the cloakmaker: crafting 55)"
        ),
        alternatives=[
            (
                "the falconer brings its feathers in one load",
                {
                    "falconer": [
                        hear("cloakmaker"),
                        walk("@gable"),
                        gather("galehawk_roost", 20),
                        give("cloakmaker", "gale_feather", 20),
                    ]
                },
            )
        ],
    )


def drafts() -> list[Draft]:
    made = [_task_17(), _task_68(), _task_90()]
    made += amber.drafts() + arrows.drafts() + dawnlily.drafts() + small_chains.drafts()
    return sorted(made, key=lambda d: int(d.id.split("_")[1]))
