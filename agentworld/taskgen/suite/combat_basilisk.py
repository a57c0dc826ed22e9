"""The generated combat tasks 60 and 73 (see combat.py): the basilisk, struck with starsilver mined and
smelted in the task, and the lens set from its eye; one `warband` call each (taskgen/warband.py).
`ready` (a member's call to strike, or that it stands ready) serves combat_spears.py and
combat_mill.py too."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.warband import Beast, Member, warband


def drafts() -> list[Draft]:
    return [_task_60(), _task_73()]


def ready(to: str | list[str], message: str) -> dict:
    return {"chat": {"to": to, "message": message}}


def _task_60() -> Draft:
    """Three weapons on the basilisk, then a lens from its eye: the archer knows it, the prospector mines
    the starsilver the jeweller smelts before the fight, and sets the eye in after it."""
    beast = "greyhollow_basilisk"
    eye = [
        {"move_to": {"target": "workbench#town"}},
        {"give": {"to": "jeweller", "item": "basilisk_eye"}},
    ]
    return warband(
        "task_60",
        "The Basilisk's Eye",
        intro=(
            "A greyhollow basilisk has come up the roads to the south gate of Brindlemark. Its eye, set in starsilver, makes "
            "a lens that shows every gap in a hide, if the basilisk can be brought down: its scales close over "
            "a wound within the round."
        ),
        outcome="The task is complete when the basilisk is dead and the team holds a basilisk lens.",
        beasts=[Beast(beast, "brindlemark_inn", (1, 1), 13)],
        members=[
            Member(
                "archer",
                "Archer",
                "greenhollow_farm",
                {"archery": 46, "health": 40},
                "You are the archer of Greenhollow Farm: archery 46 and a ghostpine bow (range 7; arrows need "
                "a clear line). You start at the farm (158, 139).\n"
                "You have watched the greyhollow basilisk for days: it dens at {den}, and {vantage:archer} is "
                "in bowshot. Its scales close 84 HP of wounds at the end of every round it fights, more than "
                "any two fighters open; only ghostpine arrows, a blackglass spear or emberheart fire wound "
                "it. It fights only those who strike it.",
                [
                    ready(
                        ["prospector", "jeweller"],
                        "The basilisk dens at {den}. Its scales close 84 HP a round, so all three of us must "
                        "strike together; only ghostpine arrows, blackglass spears or emberheart fire wound it. "
                        "Come beside it and tell me when you are both there.",
                    ),
                    {"move_to": {"target": "@vantage:archer"}},
                    {"wait_for": {"message_from": "jeweller"}},
                    {"wait_for": {"message_from": "jeweller"}},
                    ready(["prospector", "jeweller"], "Now."),
                    {"attack": {"target": beast}},
                    *eye,
                ],
                equipment={"weapon": "ghostpine_bow"},
                vantage=(beast, 5, (-1, 0)),
                kind="know+fight+carry",
            ),
            Member(
                "prospector",
                "Prospector",
                "north_crossroads",
                {"mining": 50, "accuracy": 46, "strength": 42, "health": 40},
                "You are a prospector: mining 50 and a bronze pickaxe. Starsilver veins (mining 45, with a "
                "pick) show in the rocks by North Crossroads, where you start (130, 85).\n"
                "You also fight: accuracy 46, strength 42 and a blackglass spear (melee, reach 2).",
                [
                    {"move_to": {"target": "@node:starsilver_vein"}},
                    {"gather": {"target": "starsilver_vein", "count": 2}},
                    {"wait_for": {"message_from": "archer"}},
                    {"wait_for": {"message_from": "jeweller"}},
                    {"move_to": {"target": "furnace#town"}},
                    {"give": {"to": "jeweller", "item": "starsilver_ore", "count": 2}},
                    {"move_to": {"target": "@vantage:prospector"}},
                    ready("jeweller", "Beside the basilisk, spear ready."),
                    {"wait_for": {"message_from": "archer"}},
                    {"attack": {"target": beast}},
                    *eye,
                ],
                inventory={"bronze_pickaxe": 1},
                equipment={"weapon": "blackglass_spear"},
                nodes=[("starsilver_vein", 1, (-1, 1), 5)],
                vantage=(beast, 1, (0, 1)),
                kind="gather+fight+carry",
            ),
            Member(
                "jeweller",
                "Jeweller",
                "brindlemark_smithy",
                {"smithing": 50, "crafting": 55, "magic": 47, "health": 40},
                "You are a jeweller and battlemage: smithing 50, crafting 55, magic 47 and an emberheart staff "
                "(range 6). Two starsilver ore smelt into a starsilver bar at a furnace (`starsilver_bar`, "
                "smithing 45); a basilisk's eye set in a starsilver bar at a workbench makes a basilisk lens "
                "(`basilisk_lens`, crafting 50). The smithy's furnace (`furnace#town`) is beside you, the "
                "town workbench (`workbench#town`) by the market. You have no ore and cannot mine it. You "
                "start at Ashgrove Smithy (141, 114).",
                [
                    ready(
                        ["prospector", "archer"],
                        "I smelt starsilver at the smithy furnace (furnace#town): bring me 2 starsilver ore. "
                        "When the basilisk falls, bring its eye (basilisk_eye) to the town workbench "
                        "(workbench#town): I set it into a lens there.",
                    ),
                    {"move_to": {"target": "furnace#town"}},
                    {"wait_for": {"item": "starsilver_ore", "count": 2}},
                    {"craft": {"recipe": "starsilver_bar"}},
                    {"move_to": {"target": "@vantage:jeweller"}},
                    {"wait_for": {"message_from": "prospector"}},
                    ready("archer", "The prospector and I are beside it."),
                    {"wait_for": {"message_from": "archer"}},
                    {"attack": {"target": beast}},
                    {"move_to": {"target": "workbench#town"}},
                    {"wait_for": {"item": "basilisk_eye"}},
                    {"craft": {"recipe": "basilisk_lens"}},
                ],
                equipment={"weapon": "emberheart_staff"},
                vantage=(beast, 1, (1, 0)),
                kind="make+fight+make",
            ),
        ],
        checkpoints=[
            (
                "ore_mined",
                "The jeweller holds the starsilver ore.",
                {"holds": {"agent": "jeweller", "items": {"starsilver_ore": 2}}},
            ),
            (
                "bar_smelted",
                "A starsilver bar has been smelted.",
                {"holds": {"items": {"starsilver_bar": 1}}},
            ),
        ],
        success=[{"holds": {"items": {"basilisk_lens": 1}}}],
        shape="K+F,G+F>M+F+M",
        why="greyhollow basilisk (180 HP, closes 84 a round; only ghostpine, blackglass and emberheart wound "
        "it): the archer (who knows the den), the prospector (mining 45: the starsilver) and the jeweller "
        "(smithing 45, crafting 50) must all strike together; its eye and the bar make the lens",
        alternatives=[
            (
                "the jeweller comes to the prospector's veins for the ore",
                {
                    "jeweller": [
                        ready(
                            ["prospector", "archer"],
                            "Hand me 2 starsilver ore; I come to you. When the basilisk falls, bring its eye "
                            "(basilisk_eye) to the town workbench (workbench#town).",
                        ),
                        {"move_to": {"target": "prospector"}},
                        {"wait_for": {"item": "starsilver_ore", "count": 2}},
                        {"move_to": {"target": "furnace#town"}},
                        {"craft": {"recipe": "starsilver_bar"}},
                        {"move_to": {"target": "@vantage:jeweller"}},
                        {"wait_for": {"message_from": "prospector"}},
                        ready("archer", "The prospector and I are beside it."),
                        {"wait_for": {"message_from": "archer"}},
                        {"attack": {"target": beast}},
                        {"move_to": {"target": "workbench#town"}},
                        {"wait_for": {"item": "basilisk_eye"}},
                        {"craft": {"recipe": "basilisk_lens"}},
                    ],
                    "prospector": [
                        {"move_to": {"target": "@node:starsilver_vein"}},
                        {"gather": {"target": "starsilver_vein", "count": 2}},
                        {"give": {"to": "jeweller", "item": "starsilver_ore", "count": 2}},
                        {"wait_for": {"message_from": "archer"}},
                        {"move_to": {"target": "@vantage:prospector"}},
                        ready("jeweller", "Beside the basilisk, spear ready."),
                        {"wait_for": {"message_from": "archer"}},
                        {"attack": {"target": beast}},
                        *eye,
                    ],
                },
            )
        ],
    )


def _task_73() -> Draft:
    """The archer-jeweller sets and wears the lens herself: the prospector found the basilisk and mines
    the starsilver, the smelter smelts the bar and fights; all three strike together."""
    beast = "greyhollow_basilisk"
    return warband(
        "task_73",
        "The Archer Who Set Her Own Lens",
        intro=(
            "The archer-jeweller of Brindlemark means to wear a basilisk lens she set herself, from the eye of "
            "the greyhollow basilisk that has come to North Crossroads and a bar of starsilver. Its scales close "
            "over a wound within the round."
        ),
        outcome="The task is complete when the basilisk is dead and the archer-jeweller wears a basilisk lens.",
        beasts=[Beast(beast, "north_crossroads", (-1, 1), 8)],
        members=[
            Member(
                "prospector",
                "Prospector",
                "north_crossroads",
                {"mining": 50, "accuracy": 46, "strength": 42, "health": 40},
                "You are a prospector: mining 50 and a bronze pickaxe. Starsilver veins (mining 45, with a pick) "
                "show by North Crossroads, where you start (130, 85). You fight with a blackglass spear "
                "(accuracy 46, strength 42; reach 2).\n"
                "Prospecting, you came on a greyhollow basilisk denning at {den}. Its scales close 84 HP of "
                "wounds at the end of every round it fights, so three must strike it in the same rounds; only "
                "ghostpine arrows, a blackglass spear or emberheart fire wound it.",
                [
                    ready(
                        ["smelter", "archer_jeweller"],
                        "A greyhollow basilisk dens at {den}. Its scales close 84 HP a round: all three of us "
                        "must strike together, with ghostpine arrows, blackglass or emberheart fire. I give "
                        "the word once you are both beside it.",
                    ),
                    {"move_to": {"target": "@node:starsilver_vein"}},
                    {"gather": {"target": "starsilver_vein", "count": 2}},
                    {"wait_for": {"message_from": "smelter"}},
                    {"move_to": {"target": "furnace#town"}},
                    {"give": {"to": "smelter", "item": "starsilver_ore", "count": 2}},
                    {"move_to": {"target": "@vantage:prospector"}},
                    {"wait_for": {"message_from": "smelter"}},
                    ready(["smelter", "archer_jeweller"], "Now."),
                    {"attack": {"target": beast}},
                    {"give": {"to": "archer_jeweller", "item": "basilisk_eye"}},
                ],
                inventory={"bronze_pickaxe": 1},
                equipment={"weapon": "blackglass_spear"},
                nodes=[("starsilver_vein", 1, (1, 1), 5)],
                vantage=(beast, 1, (0, 1)),
                kind="know+gather+fight",
            ),
            Member(
                "smelter",
                "Smelter",
                "brindlemark_smithy",
                {"smithing": 50, "magic": 47, "health": 40},
                "You are a smelter and battlemage: smithing 50, magic 47 and an emberheart staff (range 6). "
                "Two starsilver ore smelt into a starsilver bar at a furnace (`starsilver_bar`, smithing 45); "
                "the smithy's furnace is beside you. You have no ore and cannot mine. You start at Ashgrove "
                "Smithy (141, 114).",
                [
                    ready(
                        "prospector", "I smelt starsilver at the smithy furnace (furnace#town): bring me ore."
                    ),
                    {"move_to": {"target": "furnace#town"}},
                    {"wait_for": {"item": "starsilver_ore", "count": 2}},
                    {"craft": {"recipe": "starsilver_bar"}},
                    {"wait_for": {"message_from": "prospector"}},
                    {"move_to": {"target": "@vantage:smelter"}},
                    {"give": {"to": "archer_jeweller", "item": "starsilver_bar"}},
                    ready("prospector", "We are both beside it."),
                    {"wait_for": {"message_from": "prospector"}},
                    {"attack": {"target": beast}},
                    {"give": {"to": "archer_jeweller", "item": "basilisk_eye"}},
                ],
                equipment={"weapon": "emberheart_staff"},
                vantage=(beast, 1, (1, 0)),
                kind="make+fight",
            ),
            Member(
                "archer_jeweller",
                "Archer-jeweller",
                "mayors_hall",
                {"archery": 46, "crafting": 55, "health": 40},
                "You are an archer and a jeweller: archery 46, crafting 55 and a ghostpine bow (range 7). A "
                "basilisk's eye set in a starsilver bar at a workbench makes a basilisk lens (`basilisk_lens`, "
                "crafting 50; worn on the head, it needs archery 40); the town workbench (`workbench#town`) "
                "stands by the market. You have neither eye nor bar. You start at the Mayor's Hall (136, 111).",
                [
                    ready(
                        ["prospector", "smelter"],
                        "When the basilisk falls, hand me its eye (basilisk_eye) and the starsilver bar "
                        "(starsilver_bar): I set the lens myself.",
                    ),
                    {"wait_for": {"message_from": "prospector"}},
                    {"move_to": {"target": "@vantage:archer_jeweller"}},
                    {"wait_for": {"message_from": "prospector"}},
                    {"attack": {"target": beast}},
                    {"wait_for": {"item": "basilisk_eye"}},
                    {"move_to": {"target": "workbench#town"}},
                    {"craft": {"recipe": "basilisk_lens"}},
                    {"equip": {"item": "basilisk_lens"}},
                ],
                equipment={"weapon": "ghostpine_bow"},
                vantage=(beast, 1, (-1, 0)),
                kind="fight+make+wield",
            ),
        ],
        checkpoints=[
            (
                "bar_smelted",
                "A starsilver bar has been smelted.",
                {"holds": {"items": {"starsilver_bar": 1}}},
            ),
            (
                "bar_delivered",
                "The archer-jeweller holds the bar.",
                {"holds": {"agent": "archer_jeweller", "items": {"starsilver_bar": 1}}},
            ),
            ("lens_set", "The basilisk lens exists.", {"holds": {"items": {"basilisk_lens": 1}}}),
        ],
        success=[{"wields": {"agent": "archer_jeweller", "item": "basilisk_lens"}}],
        shape="K+G+F>M+F>F+M+W",
        why="greyhollow basilisk (180 HP, closes 84 a round; only ghostpine, blackglass and emberheart wound "
        "it): the prospector (who found it; mining 45), the smelter (smithing 45) and the archer-jeweller must "
        "all strike; she sets the eye in the smelter's bar (crafting 50) and wears the lens (named by the "
        "outcome)",
        alternatives=[
            (
                "the smelter keeps the bar until the basilisk is dead and brings it to the workbench",
                {
                    "smelter": [
                        ready(
                            "prospector",
                            "I smelt starsilver at the smithy furnace (furnace#town): bring me ore.",
                        ),
                        {"move_to": {"target": "furnace#town"}},
                        {"wait_for": {"item": "starsilver_ore", "count": 2}},
                        {"craft": {"recipe": "starsilver_bar"}},
                        {"wait_for": {"message_from": "prospector"}},
                        {"move_to": {"target": "@vantage:smelter"}},
                        ready("prospector", "We are both beside it."),
                        {"wait_for": {"message_from": "prospector"}},
                        {"attack": {"target": beast}},
                        {"give": {"to": "archer_jeweller", "item": "starsilver_bar"}},
                    ],
                },
            )
        ],
    )
