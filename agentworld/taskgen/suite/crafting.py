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
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.workshop import (
    Hand,
    Patch,
    checkpoint,
    craft,
    equip,
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


def _task_24() -> Draft:
    """Five amber spyglasses: 40 amber tears by hand (two tappers, each polishing its own lenses) and
    starsilver bars the smith smelts from a prospector's ore; the smith, who knows the peaks, forges
    them at the mine anvil."""
    return workshop(
        "task_24",
        "Spyglasses for the Greyhorn Scouts",
        objective=(
            "The scouts of Greyhorn Lookout keep watch over the whole vale, and raiders have been seen in the "
            "passes: they need five amber spyglasses, each two polished amber lenses in a starsilver tube "
            "forged at an anvil. The task is complete when the team holds 5 amber spyglasses."
        ),
        patches=[
            Patch("pines", "amberweep_pine", "anvil#mine", away=2, direction=(0, 1)),
            Patch("slope", "amberweep_pine", "@pines", away=2, direction=(1, 0)),
            Patch("veins", "starsilver_vein", "furnace#mine", away=7, direction=(-1, 1)),
        ],
        hands=[
            Hand(
                "smith",
                "Smith",
                "stonefoot_camp",
                {"smithing": 55},
                (
                    "You are the team's smith: smithing 55 and a hammer, the only one on the team who can smelt "
                    "starsilver or forge a spyglass (smithing 45 and 55; nobody else could train that far in "
                    "time).\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('starsilver_bar')}\n"
                    f"  - {recipe_line('amber_spyglass')}\n"
                    "You start at Stonefoot Camp (70, 47), by the mine's furnace and anvil, and you know every "
                    "ridge around it: amberweep pines (`amberweep_pine`) weep by the anvil, at {pines} and "
                    "{slope}; starsilver veins (`starsilver_vein`) stand at {veins}. You cannot tap amber, "
                    "polish a lens or mine."
                ),
                [
                    say(
                        "team",
                        "Smith here, at the mine furnace `furnace#mine` (68, 50) and anvil `anvil#mine` (70, 50). "
                        "Five spyglasses take 10 amber lenses and 5 starsilver bars, 2 starsilver ore to a bar. "
                        "Amberweep pines (`amberweep_pine`) weep by the anvil at {pines} and {slope}; starsilver "
                        "veins (`starsilver_vein`) stand at {veins}. Bring me the lenses and 10 ore.",
                    ),
                    walk("furnace#mine"),
                    wait_for("starsilver_ore", 10),
                    craft("starsilver_bar", 5),
                    walk("anvil#mine"),
                    craft("amber_spyglass", 5),
                ],
                inventory={"hammer": 1},
            ),
            Hand(
                "resin_tapper",
                "Resin tapper",
                (62, 55),
                {"lumberjacking": 50, "crafting": 45},
                (
                    "You are a resin tapper: lumberjacking 50, so you can take amber from an amberweep pine by "
                    "hand (it needs lumberjacking 45, far beyond what anyone without your years could learn in "
                    "time), one amber tear a turn standing next to it; and crafting 45 with a chisel, so you "
                    "polish your own lenses.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('amber_lens')}\n"
                    "You start at (62, 55), south of Deepdelve Mine."
                ),
                [
                    hear("smith"),
                    walk("@pines"),
                    gather("amberweep_pine", 20),
                    craft("amber_lens", 5),
                    give("smith", "amber_lens", 5),
                ],
                inventory={"chisel": 1},
            ),
            Hand(
                "pine_warden",
                "Pine warden",
                (80, 44),
                {"lumberjacking": 50, "crafting": 45},
                (
                    "You are the pine warden of the Irongrave: lumberjacking 50, so you can take amber from an "
                    "amberweep pine by hand (lumberjacking 45, far beyond what anyone without your years could "
                    "learn in time), one amber tear a turn; and crafting 45 with a chisel for lenses.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('amber_lens')}\n"
                    "You start at (80, 44), east of Stonefoot Camp."
                ),
                [
                    hear("smith"),
                    walk("@slope"),
                    gather("amberweep_pine", 12),
                    craft("amber_lens", 3),
                    gather("amberweep_pine", 8),
                    craft("amber_lens", 2),
                    give("smith", "amber_lens", 5),
                ],
                inventory={"chisel": 1},
            ),
            Hand(
                "prospector",
                "Prospector",
                (58, 60),
                {"mining": 50},
                (
                    "You are the team's prospector: mining 50 and a bronze pickaxe (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can break starsilver veins (they need "
                    "mining 45). Standing next to a vein (within 1 tile), `gather` takes one starsilver ore a "
                    "turn. You cannot smelt.\n"
                    "You start at (58, 60), south of Deepdelve Mine; you have not surveyed these slopes."
                ),
                [
                    hear("smith"),
                    walk("@veins"),
                    gather("starsilver_vein", 10),
                    walk("furnace#mine"),
                    give("smith", "starsilver_ore", 10),
                ],
                inventory={"bronze_pickaxe": 1},
            ),
        ],
        success=[holds({"amber_spyglass": 5})],
        checkpoints=[
            checkpoint("amber_tapped", "Twelve amber tears have been tapped.", holds({"amber_tear": 12})),
            checkpoint("ore_broken", "Six starsilver ore have been broken.", holds({"starsilver_ore": 6})),
            checkpoint("lenses_polished", "Four amber lenses are polished.", holds({"amber_lens": 4})),
            checkpoint("bars_smelted", "The five starsilver bars are smelted.", holds({"starsilver_bar": 5})),
            checkpoint("first_spyglass", "The first spyglass is forged.", holds({"amber_spyglass": 1})),
        ],
        tag="tap2+lens>forge<smelt<mine",
        why=(
            "40 amber tears by hand (lumberjacking 45; more than one tapper's turns), polished by each tapper "
            "(crafting 45) + starsilver ore (mining 45) -> bars and spyglasses (only the smith: smithing 45/55)"
        ),
        alternatives=[
            (
                "the resin tapper hands over its lenses in two loads",
                {
                    "resin_tapper": [
                        hear("smith"),
                        walk("@pines"),
                        gather("amberweep_pine", 8),
                        craft("amber_lens", 2),
                        give("smith", "amber_lens", 2),
                        gather("amberweep_pine", 12),
                        craft("amber_lens", 3),
                        give("smith", "amber_lens", 3),
                    ]
                },
            )
        ],
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


def _task_36() -> Draft:
    """Five amberglow staffs: 40 amber tears by hand (two tappers) that the staffwright polishes into
    lenses and sets round moon pearls from the Mossy Pond on the heartwood planks it keeps."""
    return workshop(
        "task_36",
        "Staffs for the Archmage's Apprentices",
        objective=(
            "The archmage of the Mayor's Hall takes five apprentices this spring, and each needs an amberglow "
            "staff: a heartwood plank set with two polished amber lenses round a moon pearl. The task is "
            "complete when the team holds 5 amberglow staffs."
        ),
        patches=[
            Patch("pines", "amberweep_pine", "workbench#camp", away=1, direction=(-1, 0), nodes=2),
            Patch("stand", "amberweep_pine", "@pines", away=2, direction=(0, 1), nodes=4),
            Patch("spur", "amberweep_pine", "@pines", away=2, direction=(-1, -1), nodes=1),
            Patch("pearls", "pearl_bed", "mossy_pond", away=6, direction=(1, 0)),
        ],
        hands=[
            Hand(
                "staffwright",
                "Staffwright",
                "woodcutters_camp",
                {"crafting": 55},
                (
                    "You are the team's staffwright: crafting 55 and a chisel, the only one on the team who can "
                    "polish an amber lens or assemble an amberglow staff (crafting 45 and 55; nobody else could "
                    "train that far in time). You carry 5 heartwood planks, seasoned for these staffs.\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('amber_lens')}\n"
                    f"  - {recipe_line('amberglow_staff')}\n"
                    "You start at the Woodcutters' Camp (72, 112), by the camp workbench (`workbench#camp`); "
                    "amberweep pines grow by the workbench, at {pines}, {spur} and {stand}. You cannot tap amber "
                    "or dive for pearls yourself."
                ),
                [
                    say(
                        "team",
                        "Staffwright at the camp workbench `workbench#camp` (73, 115). Five staffs take 40 amber "
                        "tears (4 to a lens, 2 lenses a staff) and 5 moon pearls; I have the planks. Amberweep "
                        "pines (`amberweep_pine`) stand by the workbench at {pines}, {spur} and {stand}: bring me "
                        "the tears, and the pearls.",
                    ),
                    walk("workbench#camp"),
                    craft("amber_lens", 10),
                    craft("amberglow_staff", 5),
                ],
                inventory={"chisel": 1, "heartwood_plank": 5},
            ),
            Hand(
                "amber_tapper",
                "Amber tapper",
                (78, 104),
                {"lumberjacking": 50},
                (
                    "You are an amber tapper: lumberjacking 50, so you can take amber from an amberweep pine by "
                    "hand (it needs lumberjacking 45, far beyond what anyone without your years could learn in "
                    "time), one amber tear a turn standing next to it (within 1 tile).\n"
                    "You start at (78, 104) in the Whisperwood, north-east of the Woodcutters' Camp."
                ),
                [
                    hear("staffwright"),
                    walk("@pines"),
                    gather("amberweep_pine", 15),
                    walk("@spur"),
                    gather("amberweep_pine", 20),
                    give("staffwright", "amber_tear", 20),
                ],
            ),
            Hand(
                "woodsman",
                "Woodsman",
                (86, 112),
                {"lumberjacking": 50, "fishing": 15},
                (
                    "You are a woodsman of the Whisperwood: lumberjacking 50, so you can take amber from an "
                    "amberweep pine by hand (lumberjacking 45, far beyond what anyone without your years could "
                    "learn in time), one tear a turn.\n"
                    "You start at (86, 112), east of the Woodcutters' Camp."
                ),
                [
                    hear("staffwright"),
                    walk("@stand"),
                    gather("amberweep_pine", 10),
                    give("staffwright", "amber_tear", 10),
                    gather("amberweep_pine", 10),
                    give("staffwright", "amber_tear", 10),
                ],
            ),
            Hand(
                "pearl_diver",
                "Pearl diver",
                "mossy_pond",
                {"fishing": 50},
                (
                    "You are the team's pearl diver: fishing 50 and a fishing rod (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can raise moon pearls (a pearl bed needs "
                    "fishing 45), one a turn standing next to a bed.\n"
                    "You start at the Mossy Pond (70, 129), whose pearl beds (`pearl_bed`) you know: they stand "
                    "at {pearls}."
                ),
                [
                    walk("@pearls"),
                    gather("pearl_bed", 5),
                    hear("staffwright"),
                    walk("workbench#camp"),
                    give("staffwright", "moon_pearl", 5),
                ],
                inventory={"fishing_rod": 1},
            ),
        ],
        success=[holds({"amberglow_staff": 5})],
        checkpoints=[
            checkpoint("amber_tapped", "Twelve amber tears have been tapped.", holds({"amber_tear": 12})),
            checkpoint("pearls_raised", "Five moon pearls are raised.", holds({"moon_pearl": 5})),
            checkpoint("lenses_polished", "Four amber lenses are polished.", holds({"amber_lens": 4})),
            checkpoint("first_staff", "The first staff is assembled.", holds({"amberglow_staff": 1})),
            checkpoint("three_staffs", "Three staffs are ready.", holds({"amberglow_staff": 3})),
        ],
        tag="tap2+dive>polish+assemble",
        why=(
            "40 amber tears by hand (lumberjacking 45; more than one tapper's turns) + moon pearls (fishing 45) "
            "-> lenses and 5 amberglow staffs on the staffwright's planks (only the staffwright: crafting 45/55)"
        ),
        alternatives=[
            (
                "the amber tapper taps the far pine first",
                {
                    "amber_tapper": [
                        hear("staffwright"),
                        walk("@spur"),
                        gather("amberweep_pine", 5),
                        walk("@pines"),
                        gather("amberweep_pine", 20),
                        give("staffwright", "amber_tear", 20),
                    ]
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


def _task_67() -> Draft:
    """Five amber lanterns for the Hollowcrown Gate: 32 amber tears by hand (the lampwright and a tapper
    who polishes its own lenses) round stormeel oil an eel fisher renders at the Frostmere range and
    carries over the ruins road."""
    return workshop(
        "task_67",
        "Lanterns for the Gate Watch",
        objective=(
            "The watch at the Hollowcrown Gate wants five amber lanterns against the dead that walk the ruins "
            "at night: two polished amber lenses round a well of stormeel oil, assembled at a workbench. The "
            "task is complete when the team holds 5 amber lanterns."
        ),
        patches=[
            Patch("grove", "amberweep_pine", "workbench#ruins", away=1, direction=(1, 1)),
            Patch("copse", "amberweep_pine", "@grove", away=2, direction=(1, 0)),
            Patch("runs", "stormeel_run", "cooking_range#frostmere", away=1, direction=(1, 0)),
        ],
        hands=[
            Hand(
                "lampwright",
                "Lampwright",
                "ruins_gate",
                {"lumberjacking": 50, "crafting": 50},
                (
                    "You are the gate's lampwright: crafting 50 and a chisel, the only one on the team who can "
                    "assemble an amber lantern (crafting 50; nobody else could train that far in time); you "
                    "polish lenses too, and with lumberjacking 50 you can take amber from an amberweep pine by "
                    "hand (lumberjacking 45), one tear a turn.\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('amber_lens')}\n"
                    f"  - {recipe_line('amber_lantern')}\n"
                    "You start at the Hollowcrown Gate (210, 60), by the ruins workbench (`workbench#ruins`), "
                    "where amberweep pines grow. You have no oil and cannot fish or cook; the eels for it run in "
                    "the Frostmere, by the Frostmere cooking range: the stormeel runs (`stormeel_run`) stand at "
                    "{runs}."
                ),
                [
                    say(
                        "team",
                        "Lampwright at the ruins workbench `workbench#ruins` (207, 62). Five lanterns take 10 amber "
                        "lenses (40 tears) and 5 stormeel oil. Amberweep pines (`amberweep_pine`) grow by the "
                        "workbench at {grove} and {copse}: I tap the first; bring me 5 lenses from the second. "
                        "Stormeel runs (`stormeel_run`) by the Frostmere cooking range at {runs}: 2 eels to an "
                        "oil; bring me the oil.",
                    ),
                    walk("@grove"),
                    gather("amberweep_pine", 20),
                    craft("amber_lens", 5),
                    craft("amber_lantern", 5),
                ],
                inventory={"chisel": 1},
            ),
            Hand(
                "tapper",
                "Resin tapper",
                (222, 70),
                {"lumberjacking": 50, "crafting": 45},
                (
                    "You are a resin tapper: lumberjacking 50, so you can take amber from an amberweep pine by "
                    "hand (it needs lumberjacking 45, far beyond what anyone without your years could learn in "
                    "time), one tear a turn; and crafting 45 with a chisel to polish it.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('amber_lens')}\n"
                    "You start at (222, 70) on the heath, east of the Hollowcrown Gate."
                ),
                [
                    hear("lampwright"),
                    walk("@copse"),
                    gather("amberweep_pine", 20),
                    craft("amber_lens", 5),
                    give("lampwright", "amber_lens", 5),
                ],
                inventory={"chisel": 1},
            ),
            Hand(
                "eel_fisher",
                "Eel fisher",
                "frostmere_camp",
                {"fishing": 50, "cooking": 50},
                (
                    "You are an eel fisher of the Frostmere: fishing 50 and a fishing rod (keep it in your "
                    "inventory; gathering uses it), the only one on the team who can catch stormeel (a stormeel "
                    "run needs fishing 50), one a turn; and cooking 50 to render it.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('stormeel_oil')}\n"
                    "You start at Frostmere Camp (130, 64), by its cooking range (`cooking_range#frostmere`). "
                    "You have not fished these runs before."
                ),
                [
                    hear("lampwright"),
                    walk("@runs"),
                    gather("stormeel_run", 10),
                    craft("stormeel_oil", 5),
                    walk("workbench#ruins"),
                    give("lampwright", "stormeel_oil", 5),
                ],
                inventory={"fishing_rod": 1},
            ),
        ],
        success=[holds({"amber_lantern": 5})],
        checkpoints=[
            checkpoint("amber_tapped", "Twelve amber tears have been tapped.", holds({"amber_tear": 12})),
            checkpoint("eels_caught", "Six stormeel have been caught.", holds({"stormeel": 6})),
            checkpoint("oil_rendered", "Five stormeel oil are rendered.", holds({"stormeel_oil": 5})),
            checkpoint("lenses_polished", "Six amber lenses are polished.", holds({"amber_lens": 6})),
            checkpoint("first_lantern", "The first lantern is lit.", holds({"amber_lantern": 1})),
        ],
        tag="tap+tap>lens>lantern<render<fish",
        why=(
            "40 amber tears by hand (lumberjacking 45; more than one tapper's turns), polished (crafting 45) + "
            "stormeel oil (fishing 50, cooking 45, at the Frostmere range) -> 5 amber lanterns (only the "
            "lampwright: crafting 50)"
        ),
        alternatives=[
            (
                "the tapper hands over its amber unpolished and the lampwright polishes all ten lenses",
                {
                    "tapper": [
                        hear("lampwright"),
                        walk("@copse"),
                        gather("amberweep_pine", 20),
                        give("lampwright", "amber_tear", 20),
                    ],
                    "lampwright": [
                        say(
                            "team", "Lampwright at `workbench#ruins` (207, 62): pines at {grove} and {copse}."
                        ),
                        walk("@grove"),
                        gather("amberweep_pine", 40),
                        craft("amber_lens", 10),
                        craft("amber_lantern", 5),
                    ],
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


def _task_69() -> Draft:
    """Two ghostpine bows for the ford wardens: ghostpine the warden fells and silk cord a weaver gathers
    and braids at the town loom meet at the camp's fletching bench, where the bowyer, who knows where both
    grow, cuts the staves and strings the bows; the warden ends wielding one."""
    return workshop(
        "task_69",
        "Bows for the Ford Wardens",
        objective=(
            "The two wardens of the Westgate ford have broken their bows on the river raiders: they need two "
            "ghostpine bows, ghostpine staves strung with silk cord at a fletching bench. The task is "
            "complete when the ford warden wields a ghostpine bow and the team holds two."
        ),
        patches=[
            Patch("ghostpines", "ghostpine_tree", "fletching_bench#camp", away=9, direction=(1, -1)),
            Patch("cocoons", "silkmoth_cocoons", "tanning_rack#town", away=4, direction=(-1, 1)),
        ],
        hands=[
            Hand(
                "bowyer",
                "Bowyer",
                "woodcutters_camp",
                {"fletching": 55},
                (
                    "You are the team's bowyer: fletching 55, the only one on the team who can cut a ghostpine "
                    "stave or string a ghostpine bow (fletching 50 and 55; nobody else could train that far in "
                    "time).\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('ghostpine_stave')}\n"
                    f"  - {recipe_line('ghostpine_bow')}\n"
                    "You start at the Woodcutters' Camp (72, 112), by its fletching bench "
                    "(`fletching_bench#camp`). You know where your materials grow, though you cannot gather "
                    "them: ghostpines (`ghostpine_tree`) at {ghostpines}, north-east of the camp, and silkmoth "
                    "cocoons (`silkmoth_cocoons`) at {cocoons}, inside Brindlemark's west gate."
                ),
                [
                    say(
                        "team",
                        "Bowyer at the camp fletching bench `fletching_bench#camp` (75, 115). Two ghostpine bows "
                        "take 4 ghostpine logs (2 to a stave) and 2 silk cords (2 wild silk each, braided at a "
                        "loom). Ghostpines (`ghostpine_tree`) stand at {ghostpines}; silkmoth cocoons "
                        "(`silkmoth_cocoons`) at {cocoons}. Bring the logs and the cords to me here.",
                    ),
                    walk("fletching_bench#camp"),
                    craft("ghostpine_stave", 2),
                    craft("ghostpine_bow", 2),
                    give("ford_warden", "ghostpine_bow", 2),
                ],
            ),
            Hand(
                "ford_warden",
                "Ford warden",
                (86, 100),
                {"lumberjacking": 50, "archery": 45},
                (
                    "You are the warden of the Westgate ford: archery 45, the only one on the team who can wield "
                    "a ghostpine bow (it needs archery 40), and lumberjacking 50 with a bronze axe (keep it in "
                    "your inventory; gathering uses it), so you can fell ghostpine (lumberjacking 50), one log a "
                    "turn. You cannot cut or string a bow.\n"
                    "You start at (86, 100) in the Whisperwood, north-east of the Woodcutters' Camp."
                ),
                [
                    hear("bowyer"),
                    walk("@ghostpines"),
                    gather("ghostpine_tree", 4),
                    walk("fletching_bench#camp"),
                    give("bowyer", "ghostpine_log", 4),
                    wait_for("ghostpine_bow", 2),
                    equip("ghostpine_bow"),
                ],
                inventory={"bronze_axe": 1},
            ),
            Hand(
                "weaver",
                "Weaver",
                "brindlemark_market",
                {"foraging": 55, "crafting": 50},
                (
                    "You are the team's weaver: foraging 55 and a knife (keep it in your inventory; gathering "
                    "uses it), the only one on the team who can take wild silk from silkmoth cocoons (they need "
                    "foraging 50), one a turn; and crafting 50 to braid it.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('silk_cord')}\n"
                    "You start at Brindlemark Market (122, 115), by the town loom (`loom#town`)."
                ),
                [
                    hear("bowyer"),
                    walk("@cocoons"),
                    gather("silkmoth_cocoons", 4),
                    walk("loom#town"),
                    craft("silk_cord", 2),
                    walk("fletching_bench#camp"),
                    give("bowyer", "silk_cord", 2),
                ],
                inventory={"knife": 1},
            ),
        ],
        success=[
            {"wields": {"agent": "ford_warden", "item": "ghostpine_bow"}},
            holds({"ghostpine_bow": 2}),
        ],
        checkpoints=[
            checkpoint("logs_felled", "Four ghostpine logs are felled.", holds({"ghostpine_log": 4})),
            checkpoint("cords_braided", "Two silk cords are braided.", holds({"silk_cord": 2})),
            checkpoint("staves_cut", "Two ghostpine staves are cut.", holds({"ghostpine_stave": 2})),
            checkpoint("bows_strung", "Both bows are strung.", holds({"ghostpine_bow": 2})),
        ],
        tag="fell+weave>string=wield",
        why=(
            "ghostpine logs (lumberjacking 50: the warden) + silk cords (foraging 50, crafting 45: the weaver) -> "
            "staves and 2 ghostpine bows (only the bowyer: fletching 50/55) -> one wielded by the warden "
            "(archery 40, named by the outcome)"
        ),
        alternatives=[
            (
                "the weaver brings the wild silk unbraided and the bowyer's cords are braided on the way back",
                {
                    "weaver": [
                        hear("bowyer"),
                        walk("@cocoons"),
                        gather("silkmoth_cocoons", 4),
                        walk("loom#town"),
                        craft("silk_cord", 1),
                        craft("silk_cord", 1),
                        walk("fletching_bench#camp"),
                        give("bowyer", "silk_cord", 1),
                        give("bowyer", "silk_cord", 1),
                    ]
                },
            )
        ],
    )


def _task_88() -> Draft:
    """Three stormlamps for the town watch: stormeel an eel fisher catches in the Silverrun, rendered by
    the lampwright at the town range; starsilver a smith mines north of the town and smelts at the town
    furnace; both meet at the town workbench, in three places of one town."""
    return workshop(
        "task_88",
        "Stormlamps for the Town Watch",
        objective=(
            "Brindlemark's night watch wants three stormlamps for the gates, lamps that no wind puts out: a "
            "starsilver frame round a well of stormeel oil, assembled at a workbench. The task is complete "
            "when the team holds 3 stormlamps."
        ),
        patches=[
            Patch("runs", "stormeel_run", (97, 136), away=1, direction=(1, 0)),
            Patch("veins", "starsilver_vein", (140, 98), away=1, direction=(1, 0)),
        ],
        hands=[
            Hand(
                "lampwright",
                "Lampwright",
                "brindlemark_inn",
                {"cooking": 50, "crafting": 55},
                (
                    "You are the watch's lampwright: cooking 50 and crafting 55, the only one on the team who can "
                    "render stormeel oil or assemble a stormlamp (cooking 45 and crafting 50; nobody else could "
                    "train that far in time).\n"
                    "Your recipes:\n"
                    f"  - {recipe_line('stormeel_oil')}\n"
                    f"  - {recipe_line('stormlamp')}\n"
                    "You start at the Drowsy Gander Inn (124, 130), by the town cooking range "
                    "(`cooking_range#town`) at (126, 133); the town workbench (`workbench#town`) is at "
                    "(126, 118). You know where your materials are found, though you cannot fish, mine or "
                    "smelt: the Silverrun's stormeel runs (`stormeel_run`) at {runs}, below the west wall, and "
                    "starsilver veins (`starsilver_vein`) at {veins}, on the meadow north-east of the north "
                    "gate."
                ),
                [
                    say(
                        "team",
                        "Lampwright here. Three stormlamps take 3 stormeel oil (2 stormeel each, I render them at "
                        "the town cooking range `cooking_range#town` (126, 133)) and 3 starsilver bars, assembled "
                        "at the town workbench `workbench#town` (126, 118). Stormeel runs (`stormeel_run`) are at "
                        "{runs}; starsilver veins (`starsilver_vein`) at {veins}, 2 ore to a bar. Eels to me at "
                        "the range, bars to me at the workbench.",
                    ),
                    walk("cooking_range#town"),
                    craft("stormeel_oil", 3),
                    walk("workbench#town"),
                    craft("stormlamp", 3),
                ],
            ),
            Hand(
                "eel_fisher",
                "Eel fisher",
                (104, 146),
                {"fishing": 50},
                (
                    "You are an eel fisher: fishing 50 and a fishing rod (keep it in your inventory; gathering "
                    "uses it), the only one on the team who can catch stormeel (a stormeel run needs fishing "
                    "50), one a turn standing next to a run.\n"
                    "You start at (104, 146), by the Old Mill; you do not know this stretch of the river."
                ),
                [
                    hear("lampwright"),
                    walk("@runs"),
                    gather("stormeel_run", 6),
                    walk("cooking_range#town"),
                    give("lampwright", "stormeel", 6),
                ],
                inventory={"fishing_rod": 1},
            ),
            Hand(
                "smith",
                "Smith",
                "north_crossroads",
                {"mining": 50, "smithing": 50},
                (
                    "You are the team's smith: mining 50 and a bronze pickaxe (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can break starsilver (mining 45), and "
                    "smithing 50 to smelt it (smithing 45).\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('starsilver_bar')}\n"
                    "You start at North Crossroads (130, 85). The town furnace (`furnace#town`) is in the "
                    "north-east of Brindlemark; you have not prospected near the town."
                ),
                [
                    hear("lampwright"),
                    walk("@veins"),
                    gather("starsilver_vein", 6),
                    walk("furnace#town"),
                    craft("starsilver_bar", 3),
                    walk("workbench#town"),
                    give("lampwright", "starsilver_bar", 3),
                ],
                inventory={"bronze_pickaxe": 1},
            ),
        ],
        success=[holds({"stormlamp": 3})],
        checkpoints=[
            checkpoint("eels_caught", "Six stormeel have been caught.", holds({"stormeel": 6})),
            checkpoint("ore_broken", "Six starsilver ore have been broken.", holds({"starsilver_ore": 6})),
            checkpoint("oil_rendered", "Three stormeel oil are rendered.", holds({"stormeel_oil": 3})),
            checkpoint("bars_smelted", "Three starsilver bars are smelted.", holds({"starsilver_bar": 3})),
            checkpoint("first_lamp", "The first stormlamp is lit.", holds({"stormlamp": 1})),
        ],
        tag="fish>render+smelt<mine>lamp",
        why=(
            "stormeel (fishing 50) rendered at the town range + starsilver (mining 45) smelted at the town furnace "
            "(smithing 45) -> 3 stormlamps at the town workbench (only the lampwright: cooking 45, crafting 50)"
        ),
        alternatives=[
            (
                "the smith brings the bars to the range and walks up with the lampwright",
                {
                    "smith": [
                        hear("lampwright"),
                        walk("@veins"),
                        gather("starsilver_vein", 6),
                        walk("furnace#town"),
                        craft("starsilver_bar", 3),
                        walk("lampwright"),
                        give("lampwright", "starsilver_bar", 3),
                    ]
                },
            )
        ],
    )


def _task_89() -> Draft:
    """Three pearl circlets for the pearl diver's daughters: pearls she raises in the Silverrun, starsilver
    a prospector mines and smelts at the town furnace, set by the jeweller, who knows where both are found,
    at the town workbench; the circlets end in the diver's hands."""
    return workshop(
        "task_89",
        "Circlets for the Diver's Daughters",
        objective=(
            "The pearl diver of the Old Mill has three daughters coming of age, and each is to have a pearl "
            "circlet: a starsilver band set with two moon pearls at a workbench. The task is complete when "
            "the pearl diver holds 3 pearl circlets."
        ),
        patches=[
            Patch("beds", "pearl_bed", (97, 128), away=1, direction=(1, 0)),
            Patch("veins", "starsilver_vein", (142, 99), away=1, direction=(1, 0)),
        ],
        hands=[
            Hand(
                "jeweller",
                "Jeweller",
                "brindlemark_smithy",
                {"crafting": 55},
                (
                    "You are the team's jeweller: crafting 55, the only one on the team who can set a pearl "
                    "circlet (crafting 50; nobody else could train that far in time).\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('pearl_circlet')}\n"
                    "You start at the Ashgrove Smithy (141, 114); the town workbench (`workbench#town`) is at "
                    "(126, 118). You know where your materials are found, "
                    "though you cannot gather them: moon pearls in the pearl beds (`pearl_bed`) of the Silverrun "
                    "at {beds}, below the west gate; starsilver in the veins (`starsilver_vein`) at {veins}, "
                    "north-east of the north gate."
                ),
                [
                    say(
                        "team",
                        "Jeweller here. Three pearl circlets take 3 starsilver bars and 6 moon pearls, set at the "
                        "town workbench `workbench#town` (126, 118). The pearl beds (`pearl_bed`) are in the "
                        "Silverrun at {beds}; starsilver veins (`starsilver_vein`) at {veins}, 2 ore to a bar, "
                        "smelted at a furnace. Bring bars and pearls to me at the workbench.",
                    ),
                    walk("workbench#town"),
                    craft("pearl_circlet", 3),
                    give("pearl_diver", "pearl_circlet", 3),
                ],
            ),
            Hand(
                "pearl_diver",
                "Pearl diver",
                "old_mill",
                {"fishing": 50},
                (
                    "You are the pearl diver of the Old Mill: fishing 50 and a fishing rod (keep it in your "
                    "inventory; gathering uses it), the only one on the team who can raise moon pearls (a pearl "
                    "bed needs fishing 45), one a turn. The circlets are for your daughters and must end in your "
                    "hands.\n"
                    "You start at the Old Mill (106, 148). You have not dived the town's stretch of the river."
                ),
                [
                    hear("jeweller"),
                    walk("@beds"),
                    gather("pearl_bed", 6),
                    walk("workbench#town"),
                    give("jeweller", "moon_pearl", 6),
                    wait_for("pearl_circlet", 3),
                ],
                inventory={"fishing_rod": 1},
            ),
            Hand(
                "prospector",
                "Prospector",
                "north_crossroads",
                {"mining": 50, "smithing": 50},
                (
                    "You are the team's prospector: mining 50 and a bronze pickaxe (keep it in your inventory; "
                    "gathering uses it), the only one on the team who can break starsilver (mining 45), and "
                    "smithing 50 with a furnace's heat to smelt it.\n"
                    "Your recipe:\n"
                    f"  - {recipe_line('starsilver_bar')}\n"
                    "You start at North Crossroads (130, 85). The town furnace (`furnace#town`) stands in the "
                    "north-east of Brindlemark."
                ),
                [
                    hear("jeweller"),
                    walk("@veins"),
                    gather("starsilver_vein", 6),
                    walk("furnace#town"),
                    craft("starsilver_bar", 3),
                    walk("workbench#town"),
                    give("jeweller", "starsilver_bar", 3),
                ],
                inventory={"bronze_pickaxe": 1},
            ),
        ],
        success=[holds({"pearl_circlet": 3}, agent="pearl_diver")],
        checkpoints=[
            checkpoint("pearls_raised", "Six moon pearls have been raised.", holds({"moon_pearl": 6})),
            checkpoint("ore_broken", "Six starsilver ore have been broken.", holds({"starsilver_ore": 6})),
            checkpoint("bars_smelted", "Three starsilver bars are smelted.", holds({"starsilver_bar": 3})),
            checkpoint("first_circlet", "The first circlet is set.", holds({"pearl_circlet": 1})),
        ],
        tag="dive+smelt<mine>set=hold",
        why=(
            "moon pearls (fishing 45) + starsilver (mining 45, smelted: smithing 45) -> 3 pearl circlets (only the "
            "jeweller: crafting 50) -> held by the pearl diver (named by the outcome)"
        ),
        alternatives=[
            (
                "the pearl diver hands over her pearls in two lots",
                {
                    "pearl_diver": [
                        hear("jeweller"),
                        walk("@beds"),
                        gather("pearl_bed", 6),
                        walk("workbench#town"),
                        give("jeweller", "moon_pearl", 2),
                        give("jeweller", "moon_pearl", 4),
                        wait_for("pearl_circlet", 3),
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


TASKS = {
    "task_17": _task_17,
    "task_24": _task_24,
    "task_25": _task_25,
    "task_36": _task_36,
    "task_40": _task_40,
    "task_47": _task_47,
    "task_67": _task_67,
    "task_68": _task_68,
    "task_69": _task_69,
    "task_74": _task_74,
    "task_88": _task_88,
    "task_89": _task_89,
    "task_90": _task_90,
    "task_97": _task_97,
}


def drafts() -> list[Draft]:
    return [make() for make in TASKS.values()]
