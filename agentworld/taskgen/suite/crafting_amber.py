"""The generated crafting tasks 24, 36 and 67 (see crafting.py): amber tears picked by hand and polished
into lenses, for spyglasses, amberglow staffs and lanterns; one `workshop` call each
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


def drafts() -> list[Draft]:
    return [_task_24(), _task_36(), _task_67()]
