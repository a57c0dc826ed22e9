"""The generated combat tasks (ids 32, 33, 51, 59, 60, 61, 62, 73, 75): one motif call per task, with the
parameters that make it distinct. All are `warband`s (taskgen/warband.py): beasts that close their wounds
every round, so several members must strike together, with weapons prepared in the task and what each
member knows passed on by chat; each call spells its members out as data. task_76 (the ten-agent
Elemental Bosses) is hand-written: agentworld/tasks/task_76.yaml.

This module holds the ashmaw broodmother and the barrow thane (32, 33); combat_spears.py the blackglass
spears forged in the task (51, 62), combat_basilisk.py the basilisk and its eye (60, 73), combat_mill.py
the hunts at the Old Mill (59, 61, 75). `drafts()` lists them all, in id order."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.warband import Beast, Member, warband
from agentworld.taskgen.suite import combat_basilisk as basilisk
from agentworld.taskgen.suite import combat_mill as mill
from agentworld.taskgen.suite import combat_spears as spears


def drafts() -> list[Draft]:
    made = [_task_32(), _task_33()] + spears.drafts() + basilisk.drafts() + mill.drafts()
    return sorted(made, key=lambda d: int(d.id.split("_")[1]))


def _task_32() -> Draft:
    """Three weapons at once: the carpenter fells and saws the heartwood plank the armourer's starsilver
    blade needs, the drake hunter strings her own ghostpine bow and knows the den."""
    return warband(
        "task_32",
        "The Ashmaw Broodmother",
        intro=(
            "The ashmaw broodmother has crawled up from the desert to the fields north of Brindlemark. Her "
            "belly's fire seals her wounds as fast as they open."
        ),
        outcome="The task is complete when the broodmother is dead.",
        beasts=[Beast("ashmaw_broodmother", "north_crossroads", (1, 1), 7)],
        members=[
            Member(
                "drake_hunter",
                "Drake hunter",
                "north_crossroads",
                {"archery": 44, "fletching": 56, "health": 40},
                "You are a drake hunter: archery 44 and fletching 56. You carry a ghostpine stave and a silk "
                "cord, the makings of your own bow: strung at a fletching bench (fletching 55) they make a "
                "ghostpine bow (`ghostpine_bow`, range 7); the nearest bench is the town's, by the market. You "
                "start at North Crossroads (130, 85).\n"
                "You have hunted drakes for twenty years and this one is the broodmother: she lairs at {den}, "
                "and {vantage:drake_hunter} is in bowshot of her. Her belly's fire closes 74 HP of her wounds "
                "at the end of every round she fights, more than any two hunters open; only ghostpine arrows, "
                "a starsilver blade or a froststeel greataxe wound her. She fights only those who strike her.",
                [
                    {
                        "chat": {
                            "to": ["carpenter", "armourer"],
                            "message": "The broodmother lairs at {den}. Her fire closes 74 HP of her wounds "
                            "every round, so all three of us must strike in the same rounds; only ghostpine "
                            "arrows, starsilver blades or froststeel greataxes wound her. Come armed and tell "
                            "me when you are both there.",
                        }
                    },
                    {"wait_for": {"message_from": "armourer"}},
                    {"move_to": {"target": "fletching_bench#town"}},
                    {"craft": {"recipe": "ghostpine_bow"}},
                    {"equip": {"item": "ghostpine_bow"}},
                    {"move_to": {"target": "@vantage:drake_hunter"}},
                    {"wait_for": {"message_from": "armourer"}},
                    {"chat": {"to": ["carpenter", "armourer"], "message": "Now, all together."}},
                    {"attack": {"target": "ashmaw_broodmother"}},
                ],
                inventory={"ghostpine_stave": 1, "silk_cord": 1},
                vantage=("ashmaw_broodmother", 5, (-1, 1)),
                kind="make+know+fight",
            ),
            Member(
                "carpenter",
                "Carpenter",
                "north_crossroads",
                {"lumberjacking": 50, "fletching": 50, "strength": 40, "health": 40},
                "You are a carpenter and woodsman: lumberjacking 50 and fletching 50. Heartwood trees need "
                "lumberjacking 45 and an axe; a few grow just west of North Crossroads, where you start "
                "(130, 85). Two heartwood logs saw into one heartwood plank at a workbench (fletching 45).\n"
                "You carry a bronze axe and wield a froststeel greataxe (strength 40; it needs strength 35).",
                [
                    {"move_to": {"target": "@node:heartwood_tree"}},
                    {"gather": {"target": "heartwood_tree", "count": 2}},
                    {"wait_for": {"message_from": "drake_hunter"}},
                    {"wait_for": {"message_from": "armourer"}},
                    {"move_to": {"target": "workbench#town"}},
                    {"craft": {"recipe": "heartwood_plank"}},
                    {"move_to": {"target": "anvil#town"}},
                    {"give": {"to": "armourer", "item": "heartwood_plank"}},
                    {"move_to": {"target": "@vantage:carpenter"}},
                    {"chat": {"to": "armourer", "message": "At the lair with my greataxe."}},
                    {"wait_for": {"message_from": "drake_hunter"}},
                    {"attack": {"target": "ashmaw_broodmother"}},
                ],
                inventory={"bronze_axe": 1},
                equipment={"weapon": "froststeel_greataxe"},
                nodes=[("heartwood_tree", 2, (-1, 0), 5)],
                vantage=("ashmaw_broodmother", 1, (0, 1)),
                kind="gather+make+fight",
            ),
            Member(
                "armourer",
                "Armourer",
                "brindlemark_smithy",
                {"smithing": 60, "accuracy": 42, "strength": 42, "health": 40},
                "You are the armourer of Ashgrove Smithy: smithing 60. You carry 2 starsilver bar and a "
                "hammer: with a heartwood plank for the hilt, two bars forge into a starsilver blade "
                "(`starsilver_blade`) at an anvil, hammer in hand (smithing 55). The smithy's anvil and "
                "furnace are beside you; you have no plank and no way to saw one. By the market stand the "
                "town workbench (`workbench#town`) and fletching bench (`fletching_bench#town`).\n"
                "You fight with a blade: accuracy 42 and strength 42 (a starsilver blade needs accuracy 40). "
                "You start at Ashgrove Smithy (141, 114).",
                [
                    {
                        "chat": {
                            "to": ["carpenter", "drake_hunter"],
                            "message": "I can forge a starsilver blade if someone brings me a heartwood plank "
                            "(heartwood_plank). I am at the smithy anvil (anvil#town); the town workbench "
                            "(workbench#town) and fletching bench (fletching_bench#town) are by the market.",
                        }
                    },
                    {"move_to": {"target": "anvil#town"}},
                    {"wait_for": {"item": "heartwood_plank"}},
                    {"craft": {"recipe": "starsilver_blade"}},
                    {"equip": {"item": "starsilver_blade"}},
                    {"wait_for": {"message_from": "drake_hunter"}},
                    {"move_to": {"target": "@vantage:armourer"}},
                    {"wait_for": {"message_from": "carpenter"}},
                    {
                        "chat": {
                            "to": "drake_hunter",
                            "message": "The carpenter and I are at the lair, armed.",
                        }
                    },
                    {"wait_for": {"message_from": "drake_hunter"}},
                    {"attack": {"target": "ashmaw_broodmother"}},
                ],
                inventory={"starsilver_bar": 2, "hammer": 1},
                vantage=("ashmaw_broodmother", 1, (1, 0)),
                kind="make+fight",
            ),
        ],
        checkpoints=[
            ("plank_sawn", "A heartwood plank has been sawn.", {"holds": {"items": {"heartwood_plank": 1}}}),
            ("blade_forged", "The starsilver blade exists.", {"holds": {"items": {"starsilver_blade": 1}}}),
            ("bow_strung", "The ghostpine bow is strung.", {"holds": {"items": {"ghostpine_bow": 1}}}),
        ],
        shape="G+M>M+F,M+K+F,F",
        why="ashmaw broodmother (330 HP, closes 74 a round; only ghostpine arrows, starsilver blades and "
        "froststeel greataxes wound her): the carpenter (lumberjacking 50) fells and saws the plank the "
        "armourer's blade needs (smithing 55), the drake hunter strings her own bow (fletching 55) and knows "
        "the lair; no two of them outpace her fire",
        alternatives=[
            (
                "the armourer fetches the plank from the workbench instead of waiting at the anvil",
                {
                    "armourer": [
                        {
                            "chat": {
                                "to": ["carpenter", "drake_hunter"],
                                "message": "I can forge a starsilver blade if someone brings me a heartwood "
                                "plank (heartwood_plank); the town workbench (workbench#town) and fletching "
                                "bench (fletching_bench#town) are by the market.",
                            }
                        },
                        {"move_to": {"target": "workbench#town"}},
                        {"wait_for": {"item": "heartwood_plank"}},
                        {"move_to": {"target": "anvil#town"}},
                        {"craft": {"recipe": "starsilver_blade"}},
                        {"equip": {"item": "starsilver_blade"}},
                        {"wait_for": {"message_from": "drake_hunter"}},
                        {"move_to": {"target": "@vantage:armourer"}},
                        {"wait_for": {"message_from": "carpenter"}},
                        {"chat": {"to": "drake_hunter", "message": "The carpenter and I are at the lair."}},
                        {"wait_for": {"message_from": "drake_hunter"}},
                        {"attack": {"target": "ashmaw_broodmother"}},
                    ],
                },
            )
        ],
    )


COURT = (210, 50)  # task_33: the south court of Hollowcrown Keep, inside the gap the barrow thane holds


def _task_33() -> Draft:
    """Two blades at the gap and a lamp behind them: the blademaster and the battlemage (who knows the
    thane) strike together; the lampwright renders the oil, assembles the lamp and hangs it in the court
    once the thane falls."""
    return warband(
        "task_33",
        "A Lamp in Hollowcrown Keep",
        intro=(
            "A barrow thane has risen in the only gap of Hollowcrown Keep's south wall. The keep must show a "
            "stormlamp again from the lamp-hook of its south court, and nobody passes the gap while the "
            "thane stands."
        ),
        outcome="The task is complete when the thane is destroyed and a stormlamp hangs on the court's hook.",
        beasts=[Beast("barrow_thane", "ruins_gate", at=(210, 55), guards=((210, 54), (211, 54), (211, 55)))],
        members=[
            Member(
                "blademaster",
                "Blademaster",
                "ruins_gate",
                {"accuracy": 60, "strength": 44, "health": 40},
                "You are a blademaster: accuracy 60 and strength 44, with a starsilver blade (melee). You "
                "start at Hollowcrown Gate (210, 60), below the keep's south wall, with 4 cooked perch in "
                "your pack (11 HP each).",
                [
                    {"wait_for": {"message_from": "battlemage"}},
                    {"move_to": {"target": "@vantage:blademaster"}},
                    {"wait_for": {"message_from": "battlemage"}},
                    {"attack": {"target": "barrow_thane"}},
                    {
                        "chat": {
                            "to": ["lampwright", "battlemage"],
                            "message": "The thane is down: the gap is open.",
                        }
                    },
                ],
                inventory={"cooked_perch": 4},
                equipment={"weapon": "starsilver_blade"},
                vantage=("barrow_thane", 1, (0, 1)),
                kind="fight",
            ),
            Member(
                "battlemage",
                "Battlemage",
                "broken_colonnade",
                {"magic": 47, "crafting": 56, "health": 40},
                "You are a battlemage and staff-maker: magic 47 and crafting 56. You carry 4 cooked perch "
                "(11 HP each) and an ember core, a heartwood plank and a moon pearl, the parts of an emberheart staff (`emberheart_staff`, "
                "range 6), which you assemble at a workbench (crafting 55); the ruins' workbench "
                "(`workbench#ruins`) stands by Hollowcrown Gate. You start at the Broken Colonnade (185, 70).\n"
                "You know what holds the keep: a barrow thane stands in the gap of the south wall at {den}. "
                "Only starsilver or emberheart fire wounds him, and the barrow's cold knits 45 HP of his cuts "
                "shut at the end of every round he fights, more than one weapon opens; he fights only those "
                "who strike him; from {vantage:battlemage} your staff reaches him, and {vantage:lampwright} "
                "is out of his reach. Behind him, the south court's lamp-hook is at (210, 50); the keep's old "
                "lamp was a stormlamp (`stormlamp`) burning stormeel oil (`stormeel_oil`).",
                [
                    {
                        "chat": {
                            "to": "blademaster",
                            "message": "A barrow thane holds the gap at {den}. Only starsilver or emberheart "
                            "fire wounds him and his cuts close 45 HP a round: we strike together, from the "
                            "south. I am fetching my staff.",
                        }
                    },
                    {
                        "chat": {
                            "to": "lampwright",
                            "message": "The keep wants a stormlamp (stormlamp) burning stormeel oil "
                            "(stormeel_oil) on the hook of its south court at (210, 50), behind the gap the "
                            "barrow thane holds at {den}. Wait at {vantage:lampwright}, out of his reach, for "
                            "word that he is down.",
                        }
                    },
                    {"move_to": {"target": "workbench#ruins"}},
                    {"craft": {"recipe": "emberheart_staff"}},
                    {"equip": {"item": "emberheart_staff"}},
                    {"move_to": {"target": "@vantage:battlemage"}},
                    {"chat": {"to": "blademaster", "message": "Now."}},
                    {"attack": {"target": "barrow_thane"}},
                ],
                inventory={"ember_core": 1, "heartwood_plank": 1, "moon_pearl": 1, "cooked_perch": 4},
                vantage=("barrow_thane", 4, (1, 1)),
                kind="make+know+fight",
            ),
            Member(
                "lampwright",
                "Lampwright",
                "brindlemark_inn",
                {"cooking": 50, "crafting": 55, "fishing": 55, "health": 40},
                "You are the lampwright of Brindlemark: cooking 50, crafting 55 and fishing 55. You carry a "
                "fishing rod and a starsilver bar. Stormeels run in the millstream by the inn (fishing 50, with "
                "a rod); two of them render into an oil at a cooking range (cooking 45), and that oil with a "
                "starsilver bar assembles into a lamp no wind puts out, at a workbench (crafting 50). The "
                "town's cooking range is by the inn, its workbench (`workbench#town`) by the market. You start "
                "at The Drowsy Gander Inn (124, 130) and cannot fight.",
                [
                    {"move_to": {"target": "@node:stormeel_run"}},
                    {"gather": {"target": "stormeel_run", "count": 2}},
                    {"wait_for": {"message_from": "battlemage"}},
                    {"move_to": {"target": "cooking_range#town"}},
                    {"craft": {"recipe": "stormeel_oil"}},
                    {"move_to": {"target": "workbench#town"}},
                    {"craft": {"recipe": "stormlamp"}},
                    {"move_to": {"target": "@vantage:lampwright"}},
                    {"wait_for": {"message_from": "blademaster"}},
                    {"move_to": {"target": [COURT[0], COURT[1] + 1]}},
                    {"build": {"site": "keep_lamp"}},
                ],
                inventory={"fishing_rod": 1, "starsilver_bar": 1},
                nodes=[("stormeel_run", 1, (-1, 1), 6)],
                vantage=("barrow_thane", 6, (0, 1)),
                kind="make+carry",
            ),
        ],
        checkpoints=[
            ("oil_rendered", "Stormeel oil has been rendered.", {"holds": {"items": {"stormeel_oil": 1}}}),
            ("lamp_made", "The stormlamp exists.", {"holds": {"items": {"stormlamp": 1}}}),
            (
                "staff_assembled",
                "The emberheart staff is assembled.",
                {"holds": {"items": {"emberheart_staff": 1}}},
            ),
        ],
        success=[{"site_built": {"site": "keep_lamp"}}],
        sites=[
            {
                "id": "keep_lamp",
                "name": "Lamp-hook of the south court",
                "position": list(COURT),
                "materials": {"stormlamp": 1},
            }
        ],
        shape="F,M+K+F|M+M>W",
        why="barrow thane (260 HP, closes 45 a round; only starsilver and emberheart wound him) holds the only "
        "gap: the blademaster and the battlemage (who assembles her staff, crafting 55) must strike together; "
        "the lampwright (cooking 45, crafting 50) renders the oil and assembles the lamp, and hangs it in the "
        "court once the gap is open",
        alternatives=[
            (
                "the lampwright waits at the gate instead of a tile off the gap",
                {
                    "lampwright": [
                        {"move_to": {"target": "@node:stormeel_run"}},
                        {"gather": {"target": "stormeel_run", "count": 2}},
                        {"wait_for": {"message_from": "battlemage"}},
                        {"move_to": {"target": "cooking_range#town"}},
                        {"craft": {"recipe": "stormeel_oil"}},
                        {"move_to": {"target": "workbench#town"}},
                        {"craft": {"recipe": "stormlamp"}},
                        {"move_to": {"target": "ruins_gate"}},
                        {"wait_for": {"message_from": "blademaster"}},
                        {"move_to": {"target": [COURT[0], COURT[1] + 1]}},
                        {"build": {"site": "keep_lamp"}},
                    ],
                },
            )
        ],
    )
