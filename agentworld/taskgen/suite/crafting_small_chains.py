"""The generated crafting tasks 69, 88 and 89 (see crafting.py): the smaller chains (ghostpine bows,
stormlamps, pearl circlets) whose makers hold the survey and tell the gatherers; one `workshop` call
each (taskgen/workshop.py)."""

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


def drafts() -> list[Draft]:
    return [_task_69(), _task_88(), _task_89()]
