"""The generated combat tasks (ids 32, 33, 51, 59, 60, 61, 62, 73, 75): one motif call per task, with the
parameters that make it distinct. All are `warband`s (taskgen/warband.py): beasts that close their wounds
every round, so several members must strike together, with weapons prepared in the task and what each
member knows passed on by chat; each call spells its members out as data. task_76 (the ten-agent
Elemental Bosses) is hand-written: agentworld/tasks/task_76.yaml."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.warband import Beast, Member, warband


def drafts() -> list[Draft]:
    return [
        _task_32(),
        _task_33(),
        _task_51(),
        _task_59(),
        _task_60(),
        _task_61(),
        _task_62(),
        _task_73(),
        _task_75(),
    ]


def _task_51() -> Draft:
    """Three spears at once: the smith mines and forges two blackglass spears (one for himself), the
    spearman asks for his, the huntress knows the den and the matriarch's regeneration."""
    strike = "Armed and beside the den."
    return warband(
        "task_51",
        "A Spear for the Rime Stalker",
        intro=(
            "The mother of the rime stalkers has come down from the ice to hunt the road below Greyhorn "
            "Lookout. Frost seals her wounds as fast as they open, and only blackglass or frostbark draws "
            "her blood."
        ),
        outcome="The task is complete when the rime stalker matriarch is dead.",
        beasts=[Beast("rime_matriarch", "greyhorn_lookout", (1, 1), 6)],
        members=[
            Member(
                "weaponsmith",
                "Weaponsmith",
                "stonefoot_camp",
                {"mining": 55, "smithing": 60, "accuracy": 45, "strength": 40, "health": 40},
                "You are a weaponsmith of the Deepdelve: you have smithing 60 and mining 55. You carry a bronze "
                "pickaxe, a hammer and 4 stick. Blackglass seams yield only to mining 50 and a pick; there "
                "are some beside Stonefoot Camp, where you start (70, 47).\n"
                "You know the blackglass trade: 2 blackglass temper into one blackglass edge at a furnace "
                "(`blackglass_edge`, smithing 50), and an edge hafted on 2 sticks at an anvil, hammer in "
                "hand, makes a blackglass spear (smithing 55). The mine's furnace and anvil stand just "
                "below the camp.\n"
                "You can fight too: accuracy 45 and strength 40, enough to wield a spear.",
                [
                    {"move_to": {"target": "@node:blackglass_seam"}},
                    {"gather": {"target": "blackglass_seam", "count": 4}},
                    {"move_to": {"target": "furnace#mine"}},
                    {"craft": {"recipe": "blackglass_edge", "count": 2}},
                    {"wait_for": {"message_from": "spearman"}},
                    {"wait_for": {"message_from": "huntress"}},
                    {"move_to": {"target": "anvil#mine"}},
                    {"craft": {"recipe": "blackglass_spear", "count": 2}},
                    {
                        "chat": {
                            "to": "spearman",
                            "message": "Two blackglass spears forged. Yours waits at the mine anvil (anvil#mine).",
                        }
                    },
                    {"equip": {"item": "blackglass_spear"}},
                    {"give": {"to": "spearman", "item": "blackglass_spear"}},
                    {"move_to": {"target": "@vantage:weaponsmith"}},
                    {"chat": {"to": "spearman", "message": strike}},
                    {"wait_for": {"message_from": "huntress"}},
                    {"attack": {"target": "rime_matriarch"}},
                ],
                inventory={"bronze_pickaxe": 1, "hammer": 1, "stick": 4},
                nodes=[("blackglass_seam", 2, (1, -1), 4)],
                vantage=("rime_matriarch", 1, (1, 0)),
                kind="gather+make+fight",
            ),
            Member(
                "spearman",
                "Spearman",
                "deepdelve_mine",
                {"accuracy": 48, "strength": 44, "health": 40},
                "You are the team's spearman: accuracy 48, strength 44, health 40. The weapon "
                "you were trained for is the blackglass spear (`blackglass_spear`; it needs accuracy 45), "
                "and yours shattered last winter: you carry nothing.\n"
                "You start at Deepdelve Mine (56, 43).",
                [
                    {
                        "chat": {
                            "to": "weaponsmith",
                            "message": "I fight with a blackglass spear (blackglass_spear) and mine is gone. "
                            "Could you forge me one?",
                        }
                    },
                    {"wait_for": {"message_from": "huntress"}},
                    {"wait_for": {"message_from": "weaponsmith"}},
                    {"move_to": {"target": "anvil#mine"}},
                    {"wait_for": {"item": "blackglass_spear"}},
                    {"equip": {"item": "blackglass_spear"}},
                    {"move_to": {"target": "@vantage:spearman"}},
                    {"wait_for": {"message_from": "weaponsmith"}},
                    {"chat": {"to": "huntress", "message": "Both of us armed and beside the den."}},
                    {"wait_for": {"message_from": "huntress"}},
                    {"attack": {"target": "rime_matriarch"}},
                ],
                vantage=("rime_matriarch", 1, (-1, 0)),
                kind="wield+fight",
            ),
            Member(
                "huntress",
                "Huntress",
                "greyhorn_lookout",
                {"archery": 44, "health": 40},
                "You are the huntress of Greyhorn: archery 44 and your frostbark bow (range 7; arrows need a "
                "clear line). You start at Greyhorn Lookout (40, 18).\n"
                "You have tracked the rime stalker matriarch all season: she dens at {den}, and from "
                "{vantage:huntress} you can shoot her. Frost seals her wounds at the end of every round she "
                "fights, 70 HP of them, so she bleeds only when three good weapons strike her in the same "
                "rounds. Only a blackglass spear or your frostbark arrows wound her; a blackglass spear is a "
                "smith's work, from blackglass of the Deepdelve. She fights only those who strike her, and "
                "she turns on whoever strikes first.",
                [
                    {
                        "chat": {
                            "to": ["weaponsmith", "spearman"],
                            "message": "The matriarch dens at {den}. Frost closes 70 HP of her wounds every "
                            "round, so all three of us must strike in the same rounds, and only blackglass "
                            "spears or my frostbark arrows wound her. Come to the den armed and tell me; I "
                            "give the word.",
                        }
                    },
                    {"move_to": {"target": "@vantage:huntress"}},
                    {"wait_for": {"message_from": "spearman"}},
                    {"chat": {"to": ["weaponsmith", "spearman"], "message": "Now: strike together."}},
                    {"attack": {"target": "rime_matriarch"}},
                ],
                equipment={"weapon": "frostbark_bow"},
                vantage=("rime_matriarch", 5, (0, -1)),
                kind="know+fight",
            ),
        ],
        checkpoints=[
            (
                "edges_tempered",
                "Blackglass has been tempered into edges.",
                {"holds": {"items": {"blackglass_edge": 2}}},
            ),
            ("spears_forged", "Two blackglass spears exist.", {"holds": {"items": {"blackglass_spear": 2}}}),
            (
                "spearman_armed",
                "The spearman wields a blackglass spear.",
                {"wields": {"agent": "spearman", "item": "blackglass_spear"}},
            ),
        ],
        shape="G+M+F>F,K:F*3",
        why="rime stalker matriarch (300 HP, closes 70 a round; only blackglass spears and frostbark arrows "
        "wound her): the smith (mining 55, smithing 60) mines and forges two spears and fights, the spearman "
        "wields the other, the huntress knows the den; no two of them outpace her regeneration",
        alternatives=[
            (
                "the smith carries the spear to the den and hands it over there",
                {
                    "spearman": [
                        {
                            "chat": {
                                "to": "weaponsmith",
                                "message": "I fight with a blackglass spear (blackglass_spear). Forge me one?",
                            }
                        },
                        {"wait_for": {"message_from": "huntress"}},
                        {"move_to": {"target": "@vantage:spearman"}},
                        {"wait_for": {"item": "blackglass_spear"}},
                        {"equip": {"item": "blackglass_spear"}},
                        {"chat": {"to": "huntress", "message": "Both of us armed and beside the den."}},
                        {"wait_for": {"message_from": "huntress"}},
                        {"attack": {"target": "rime_matriarch"}},
                    ],
                    "weaponsmith": [
                        {"move_to": {"target": "@node:blackglass_seam"}},
                        {"gather": {"target": "blackglass_seam", "count": 4}},
                        {"move_to": {"target": "furnace#mine"}},
                        {"craft": {"recipe": "blackglass_edge", "count": 2}},
                        {"wait_for": {"message_from": "spearman"}},
                        {"wait_for": {"message_from": "huntress"}},
                        {"move_to": {"target": "anvil#mine"}},
                        {"craft": {"recipe": "blackglass_spear", "count": 2}},
                        {"equip": {"item": "blackglass_spear"}},
                        {"move_to": {"target": "@vantage:weaponsmith"}},
                        {"give": {"to": "spearman", "item": "blackglass_spear"}},
                        {"wait_for": {"message_from": "huntress"}},
                        {"attack": {"target": "rime_matriarch"}},
                    ],
                },
            )
        ],
    )


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


def _ready(to: str | list[str], message: str) -> dict:
    return {"chat": {"to": to, "message": message}}


def _task_59() -> Draft:
    """Two at the troll, the tailor waiting for its hides: the fen warden knows the troll and calls the
    strike, the huntress shoots with her, the tailor gathers silk and sews the cloaks from the hides."""
    troll = "old_mire_troll"
    tail = [
        {"move_to": {"target": "tanning_rack#town"}},
        {"give": {"to": "tailor", "item": "mire_hide", "count": 4}},
    ]
    return warband(
        "task_59",
        "The Mire Troll's Hide",
        intro=(
            "An old mire troll has come up the stream to the Old Mill. Its hide makes the best cloaks of the "
            "vale, if anyone can bring it down: its cuts knit shut almost as fast as they open."
        ),
        outcome="The task is complete when the troll is dead and the team holds two mirehide cloaks.",
        beasts=[Beast(troll, "old_mill", (-1, 1), 7)],
        members=[
            Member(
                "fen_warden",
                "Fen warden",
                "old_mill",
                {"accuracy": 50, "strength": 42, "health": 40},
                "You are a warden of the fens: accuracy 50, strength 42, and a starsilver blade (melee). You "
                "carry 3 cooked perch (11 HP each). You start at the Old Mill (106, 148).\n"
                "You have followed the old mire troll up the stream: it lairs by the Old Mill at {den}. Its "
                "cuts knit 42 HP shut at the end of every round it fights, more than any one weapon opens, "
                "and only a starsilver blade or ghostpine arrows wound it; it fights only those who strike "
                "it. A bow reaches it unseen from {vantage:fen_huntress}.",
                [
                    _ready(
                        "fen_huntress",
                        "The old mire troll lairs by the Old Mill at {den}. Its cuts knit 42 HP a round, so "
                        "we strike together; only starsilver and ghostpine arrows wound it. Shoot from "
                        "{vantage:fen_huntress} and tell me when you are there.",
                    ),
                    {"move_to": {"target": "@vantage:fen_warden"}},
                    {"wait_for": {"message_from": "fen_huntress"}},
                    _ready("fen_huntress", "Now."),
                    {"attack": {"target": troll}},
                    *tail,
                ],
                inventory={"cooked_perch": 3},
                equipment={"weapon": "starsilver_blade"},
                vantage=(troll, 1, (0, 1)),
                kind="know+fight+carry",
            ),
            Member(
                "fen_huntress",
                "Fen huntress",
                "brindlemark_inn",
                {"archery": 44, "health": 40},
                "You are a huntress of the fen edge: archery 44 and a ghostpine bow (range 7; arrows need a "
                "clear line). You carry 3 cooked perch (11 HP each). You start at The Drowsy Gander Inn "
                "(124, 130).",
                [
                    {"wait_for": {"message_from": "fen_warden"}},
                    {"move_to": {"target": "@vantage:fen_huntress"}},
                    _ready("fen_warden", "In bowshot."),
                    {"wait_for": {"message_from": "fen_warden"}},
                    {"wait": {"rounds": 1}},
                    {"attack": {"target": troll}},
                    *tail,
                ],
                inventory={"cooked_perch": 3},
                equipment={"weapon": "ghostpine_bow"},
                vantage=(troll, 4, (1, 0)),
                kind="fight+carry",
            ),
            Member(
                "tailor",
                "Tailor",
                "greenhollow_farm",
                {"crafting": 55, "foraging": 55, "health": 40},
                "You are a tailor of fine hides: crafting 55 and foraging 55, with a knife. Silkmoth cocoons "
                "(foraging 50, with a knife) hang by Greenhollow Farm, where you start (158, 139). A mirehide "
                "cloak (`mirehide_cloak`) is 2 mire troll hides and 1 wild silk sewn at a tanning rack "
                "(crafting 50); Brindlemark's rack (`tanning_rack#town`) stands by the market. Mire hide comes "
                "only off a dead mire troll, and you cannot fight.",
                [
                    _ready(
                        ["fen_warden", "fen_huntress"],
                        "When the troll falls, bring me its four hides (mire_hide) at the town tanning rack "
                        "(tanning_rack#town): I sew them into mirehide cloaks there.",
                    ),
                    {"move_to": {"target": "@node:silkmoth_cocoons"}},
                    {"gather": {"target": "silkmoth_cocoons", "count": 2}},
                    {"move_to": {"target": "tanning_rack#town"}},
                    {"wait_for": {"item": "mire_hide", "count": 4}},
                    {"craft": {"recipe": "mirehide_cloak", "count": 2}},
                ],
                inventory={"knife": 1},
                nodes=[("silkmoth_cocoons", 1, (1, 1), 6)],
                kind="gather+make",
            ),
        ],
        checkpoints=[
            (
                "silk_gathered",
                "The tailor holds the wild silk.",
                {"holds": {"agent": "tailor", "items": {"wild_silk": 2}}},
            ),
            (
                "hides_delivered",
                "The tailor holds the troll's hides.",
                {"holds": {"agent": "tailor", "items": {"mire_hide": 4}}},
            ),
        ],
        success=[{"holds": {"items": {"mirehide_cloak": 2}}}],
        shape="F+K,F>M|G+M",
        why="old mire troll (280 HP, closes 42 a round; only starsilver and ghostpine wound it): the fen warden "
        "(who knows the lair) and the huntress must strike together; its four hides go to the tailor, who "
        "gathers the wild silk (foraging 50) and sews the two cloaks (crafting 50)",
        alternatives=[
            (
                "the tailor comes to the lair for the hides and sews at the rack afterwards",
                {
                    "tailor": [
                        _ready(
                            ["fen_warden", "fen_huntress"],
                            "When the troll falls, hand me its four hides (mire_hide): I come to you for them "
                            "and sew them at the town tanning rack (tanning_rack#town).",
                        ),
                        {"move_to": {"target": "@node:silkmoth_cocoons"}},
                        {"gather": {"target": "silkmoth_cocoons", "count": 2}},
                        {"move_to": {"target": "fen_warden"}},
                        {"wait_for": {"item": "mire_hide", "count": 4}},
                        {"move_to": {"target": "tanning_rack#town"}},
                        {"craft": {"recipe": "mirehide_cloak", "count": 2}},
                    ],
                    "fen_warden": [
                        _ready(
                            "fen_huntress",
                            "The old mire troll lairs by the Old Mill at {den}. Its cuts knit 42 HP a round, "
                            "so we strike together. Shoot from {vantage:fen_huntress}.",
                        ),
                        {"move_to": {"target": "@vantage:fen_warden"}},
                        {"wait_for": {"message_from": "fen_huntress"}},
                        _ready("fen_huntress", "Now."),
                        {"attack": {"target": troll}},
                        {"give": {"to": "tailor", "item": "mire_hide", "count": 4}},
                    ],
                    "fen_huntress": [
                        {"wait_for": {"message_from": "fen_warden"}},
                        {"move_to": {"target": "@vantage:fen_huntress"}},
                        _ready("fen_warden", "In bowshot."),
                        {"wait_for": {"message_from": "fen_warden"}},
                        {"wait": {"rounds": 1}},
                        {"attack": {"target": troll}},
                        {"give": {"to": "tailor", "item": "mire_hide", "count": 4}},
                    ],
                },
            )
        ],
    )


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
                    _ready(
                        ["prospector", "jeweller"],
                        "The basilisk dens at {den}. Its scales close 84 HP a round, so all three of us must "
                        "strike together; only ghostpine arrows, blackglass spears or emberheart fire wound it. "
                        "Come beside it and tell me when you are both there.",
                    ),
                    {"move_to": {"target": "@vantage:archer"}},
                    {"wait_for": {"message_from": "jeweller"}},
                    {"wait_for": {"message_from": "jeweller"}},
                    _ready(["prospector", "jeweller"], "Now."),
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
                    _ready("jeweller", "Beside the basilisk, spear ready."),
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
                    _ready(
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
                    _ready("archer", "The prospector and I are beside it."),
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
                        _ready(
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
                        _ready("archer", "The prospector and I are beside it."),
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
                        _ready("jeweller", "Beside the basilisk, spear ready."),
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
                    _ready(
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
                    _ready(["smelter", "archer_jeweller"], "Now."),
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
                    _ready(
                        "prospector", "I smelt starsilver at the smithy furnace (furnace#town): bring me ore."
                    ),
                    {"move_to": {"target": "furnace#town"}},
                    {"wait_for": {"item": "starsilver_ore", "count": 2}},
                    {"craft": {"recipe": "starsilver_bar"}},
                    {"wait_for": {"message_from": "prospector"}},
                    {"move_to": {"target": "@vantage:smelter"}},
                    {"give": {"to": "archer_jeweller", "item": "starsilver_bar"}},
                    _ready("prospector", "We are both beside it."),
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
                    _ready(
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
                        _ready(
                            "prospector",
                            "I smelt starsilver at the smithy furnace (furnace#town): bring me ore.",
                        ),
                        {"move_to": {"target": "furnace#town"}},
                        {"wait_for": {"item": "starsilver_ore", "count": 2}},
                        {"craft": {"recipe": "starsilver_bar"}},
                        {"wait_for": {"message_from": "prospector"}},
                        {"move_to": {"target": "@vantage:smelter"}},
                        _ready("prospector", "We are both beside it."),
                        {"wait_for": {"message_from": "prospector"}},
                        {"attack": {"target": beast}},
                        {"give": {"to": "archer_jeweller", "item": "starsilver_bar"}},
                    ],
                },
            )
        ],
    )


def _task_61() -> Draft:
    """The bowyer strings her bow with the weaver's cord and hunts with the spearwoman, who knows the
    boar; the weaver gathers and braids but does not fight."""
    boar = "briar_boar"
    return warband(
        "task_61",
        "The Bowyer's Own Hunt",
        intro=(
            "A briar boar has dug in below the Old Mill, and an old bow-maker of Brindlemark has a ghostpine "
            "stave and one last hunt in her. The boar's briars close over a cut within the round."
        ),
        outcome="The task is complete when the briar boar is dead.",
        beasts=[Beast(boar, "old_mill", (1, -1), 7)],
        members=[
            Member(
                "bowyer",
                "Bowyer",
                "brindlemark_market",
                {"fletching": 56, "archery": 44, "health": 40},
                "You are an old bowyer of Brindlemark: fletching 56 and archery 44. You carry a ghostpine "
                "stave; strung with a silk cord at a fletching bench it makes a ghostpine bow "
                "(`ghostpine_bow`, fletching 55, range 7). The town's fletching bench is beside you. You "
                "have no cord, and silk cord is braided on a loom from wild silk, which you cannot gather. "
                "You start at Brindlemark Market (122, 115).",
                [
                    _ready(
                        "weaver",
                        "I can string a ghostpine bow if someone brings me a silk cord (silk_cord). I work at "
                        "the town's fletching bench (fletching_bench#town).",
                    ),
                    {"move_to": {"target": "fletching_bench#town"}},
                    {"wait_for": {"item": "silk_cord"}},
                    {"craft": {"recipe": "ghostpine_bow"}},
                    {"equip": {"item": "ghostpine_bow"}},
                    {"wait_for": {"message_from": "spearwoman"}},
                    {"move_to": {"target": "@vantage:bowyer"}},
                    _ready("spearwoman", "In bowshot, strung."),
                    {"wait_for": {"message_from": "spearwoman"}},
                    {"attack": {"target": boar}},
                ],
                inventory={"ghostpine_stave": 1},
                vantage=(boar, 5, (1, 0)),
                kind="make+fight",
            ),
            Member(
                "weaver",
                "Weaver",
                "brindlemark_market",
                {"crafting": 50, "foraging": 55, "health": 40},
                "You are a weaver: crafting 50 and foraging 55, with a knife. Silkmoth cocoons (foraging 50, "
                "with a knife) hang by the market wall, where you start (122, 115); two wild silk braid into a "
                "silk cord on a loom (`silk_cord`, crafting 45), and the town's loom (`loom#town`) is by the "
                "market. You cannot fight.",
                [
                    {"move_to": {"target": "@node:silkmoth_cocoons"}},
                    {"gather": {"target": "silkmoth_cocoons", "count": 2}},
                    {"move_to": {"target": "loom#town"}},
                    {"craft": {"recipe": "silk_cord"}},
                    {"wait_for": {"message_from": "bowyer"}},
                    {"move_to": {"target": "fletching_bench#town"}},
                    {"give": {"to": "bowyer", "item": "silk_cord"}},
                ],
                inventory={"knife": 1},
                nodes=[("silkmoth_cocoons", 1, (-1, 1), 5)],
                kind="gather+make+carry",
            ),
            Member(
                "spearwoman",
                "Spearwoman",
                "old_mill",
                {"accuracy": 46, "strength": 42, "health": 40},
                "You are a spearwoman of the millstream: accuracy 46, strength 42 and a blackglass spear "
                "(melee, reach 2). You start at the Old Mill (106, 148).\n"
                "You have tracked the briar boar to its wallow at {den}; a bow reaches it from "
                "{vantage:bowyer}. Its briars close 40 HP of cuts at the end of every round it fights, more "
                "than your spear opens alone, and only ghostpine arrows or a blackglass spear wound it. It "
                "fights only those who strike it.",
                [
                    _ready(
                        "bowyer",
                        "The briar boar wallows at {den}; its briars close 40 HP a round, more than my spear "
                        "opens, and only ghostpine arrows or blackglass wound it. Shoot from {vantage:bowyer} "
                        "and tell me when you are there.",
                    ),
                    {"move_to": {"target": "@vantage:spearwoman"}},
                    {"wait_for": {"message_from": "bowyer"}},
                    _ready("bowyer", "Now."),
                    {"attack": {"target": boar}},
                ],
                equipment={"weapon": "blackglass_spear"},
                vantage=(boar, 1, (0, 1)),
                kind="know+fight",
            ),
        ],
        checkpoints=[
            ("cord_braided", "A silk cord has been braided.", {"holds": {"items": {"silk_cord": 1}}}),
            ("bow_strung", "The ghostpine bow is strung.", {"holds": {"items": {"ghostpine_bow": 1}}}),
        ],
        shape="G+M>M+F,K+F",
        why="briar boar (260 HP, closes 40 a round; only ghostpine and blackglass wound it): the spearwoman "
        "(who knows the wallow) cannot outpace it alone; the bowyer (fletching 55) strings her bow with the "
        "cord the weaver gathers and braids (foraging 50, crafting 45), and the two strike together",
        alternatives=[
            (
                "the bowyer walks to the weaver for the cord",
                {
                    "bowyer": [
                        _ready(
                            "weaver", "I need a silk cord (silk_cord) for a ghostpine bow; I come to you."
                        ),
                        {"move_to": {"target": "weaver"}},
                        {"wait_for": {"item": "silk_cord"}},
                        {"move_to": {"target": "fletching_bench#town"}},
                        {"craft": {"recipe": "ghostpine_bow"}},
                        {"equip": {"item": "ghostpine_bow"}},
                        {"wait_for": {"message_from": "spearwoman"}},
                        {"move_to": {"target": "@vantage:bowyer"}},
                        _ready("spearwoman", "In bowshot, strung."),
                        {"wait_for": {"message_from": "spearwoman"}},
                        {"attack": {"target": boar}},
                    ],
                    "weaver": [
                        {"move_to": {"target": "@node:silkmoth_cocoons"}},
                        {"gather": {"target": "silkmoth_cocoons", "count": 2}},
                        {"move_to": {"target": "loom#town"}},
                        {"craft": {"recipe": "silk_cord"}},
                        {"wait_for": {"message_from": "bowyer"}},
                        {"give": {"to": "bowyer", "item": "silk_cord"}},
                    ],
                },
            )
        ],
    )


def _task_75() -> Draft:
    """Two bows from one bench: the ranger fells the ghostpine, the silk gatherer (who knows the troll)
    brings the silk, the master bowyer cuts, braids and strings two bows, one for himself; all three strike."""
    troll = "millrace_troll"
    return warband(
        "task_75",
        "The Ranger Fells Her Own Bow",
        intro=(
            "A troll has crept up the millrace to the Old Mill. Only ghostpine arrows or starsilver find the "
            "flesh under its reeds, and its cuts knit within the round; the woods of Whisperwood hold the "
            "ghostpine for the bows."
        ),
        outcome="The task is complete when the millrace troll is dead.",
        beasts=[Beast(troll, "old_mill", (1, 1), 7)],
        members=[
            Member(
                "ranger",
                "Ranger",
                "woodcutters_camp",
                {"lumberjacking": 55, "archery": 44, "health": 40},
                "You are the ranger of Whisperwood: lumberjacking 55 and archery 44, with a bronze axe. "
                "Ghostpine trees (lumberjacking 50, with an axe) grow by the Woodcutters' Camp, where you start "
                "(72, 112). A ghostpine bow would suit you (it needs archery 40); you have none, and no skill "
                "to make one.",
                [
                    {"move_to": {"target": "@node:ghostpine_tree"}},
                    {"gather": {"target": "ghostpine_tree", "count": 4}},
                    {"wait_for": {"message_from": "silk_gatherer"}},
                    {"wait_for": {"message_from": "master_bowyer"}},
                    {"move_to": {"target": "fletching_bench#town"}},
                    {"give": {"to": "master_bowyer", "item": "ghostpine_log", "count": 4}},
                    {"wait_for": {"item": "ghostpine_bow"}},
                    {"equip": {"item": "ghostpine_bow"}},
                    {"move_to": {"target": "@vantage:ranger"}},
                    {"wait_for": {"message_from": "silk_gatherer"}},
                    {"attack": {"target": troll}},
                ],
                inventory={"bronze_axe": 1},
                nodes=[("ghostpine_tree", 2, (1, -1), 5)],
                vantage=(troll, 1, (-1, 0)),
                kind="gather+wield+fight",
            ),
            Member(
                "silk_gatherer",
                "Silk gatherer",
                "old_mill",
                {"foraging": 55, "accuracy": 46, "strength": 42, "health": 40},
                "You are a silk gatherer: foraging 55, with a knife. Silkmoth cocoons (foraging 50, with a "
                "knife) hang by the Old Mill, where you start (106, 148). You fight with a starsilver blade "
                "(accuracy 46, strength 42).\n"
                "A troll sleeps in the millrace at {den}. Its cuts knit 72 HP at the end of every round it "
                "fights, more than any two weapons open; only ghostpine arrows or a starsilver blade wound it. "
                "It fights only those who strike it.",
                [
                    _ready(
                        ["ranger", "master_bowyer"],
                        "A troll sleeps in the millrace at {den}. Its cuts knit 72 HP a round, so it takes "
                        "three of us striking together, with ghostpine arrows or starsilver. Come armed and I "
                        "give the word.",
                    ),
                    {"move_to": {"target": "@node:silkmoth_cocoons"}},
                    {"gather": {"target": "silkmoth_cocoons", "count": 4}},
                    {"wait_for": {"message_from": "master_bowyer"}},
                    {"move_to": {"target": "fletching_bench#town"}},
                    {"give": {"to": "master_bowyer", "item": "wild_silk", "count": 4}},
                    {"move_to": {"target": "@vantage:silk_gatherer"}},
                    {"wait_for": {"message_from": "master_bowyer"}},
                    _ready(["ranger", "master_bowyer"], "Now."),
                    {"attack": {"target": troll}},
                ],
                inventory={"knife": 1},
                equipment={"weapon": "starsilver_blade"},
                nodes=[("silkmoth_cocoons", 2, (-1, -1), 5)],
                vantage=(troll, 1, (0, 1)),
                kind="know+gather+fight",
            ),
            Member(
                "master_bowyer",
                "Master bowyer",
                "brindlemark_market",
                {"fletching": 56, "crafting": 50, "archery": 44, "health": 40},
                "You are the master bowyer of Brindlemark: fletching 56, crafting 50 and archery 44. You know "
                "the whole of a ghostpine bow: two ghostpine logs cut into a stave at a fletching bench "
                "(`ghostpine_stave`, fletching 50), two wild silk braid into a cord on a loom (`silk_cord`, "
                "crafting 45), and a stave strung with a cord at a fletching bench makes the bow "
                "(`ghostpine_bow`, fletching 55; it needs archery 40). You start at Brindlemark Market (122, "
                "115); the town's fletching bench and loom stand side by side there. You have neither logs nor "
                "silk, and gather neither.",
                [
                    _ready(
                        ["ranger", "silk_gatherer"],
                        "I can make ghostpine bows at the town fletching bench (fletching_bench#town): each "
                        "takes 2 ghostpine logs (ghostpine_log) and 2 wild silk (wild_silk). Bring me 4 of each "
                        "and there is a bow for the ranger and one for me.",
                    ),
                    {"move_to": {"target": "fletching_bench#town"}},
                    {"wait_for": {"item": "ghostpine_log", "count": 4}},
                    {"craft": {"recipe": "ghostpine_stave", "count": 2}},
                    {"wait_for": {"item": "wild_silk", "count": 4}},
                    {"move_to": {"target": "loom#town"}},
                    {"craft": {"recipe": "silk_cord", "count": 2}},
                    {"move_to": {"target": "fletching_bench#town"}},
                    {"craft": {"recipe": "ghostpine_bow", "count": 2}},
                    {"equip": {"item": "ghostpine_bow"}},
                    {"give": {"to": "ranger", "item": "ghostpine_bow"}},
                    {"wait_for": {"message_from": "silk_gatherer"}},
                    {"move_to": {"target": "@vantage:master_bowyer"}},
                    _ready("silk_gatherer", "The ranger and I are in bowshot."),
                    {"wait_for": {"message_from": "silk_gatherer"}},
                    {"attack": {"target": troll}},
                ],
                vantage=(troll, 1, (1, 0)),
                kind="make+fight",
            ),
        ],
        checkpoints=[
            (
                "logs_delivered",
                "The master bowyer holds the ghostpine logs.",
                {"holds": {"agent": "master_bowyer", "items": {"ghostpine_log": 4}}},
            ),
            ("staves_cut", "Two ghostpine staves are cut.", {"holds": {"items": {"ghostpine_stave": 2}}}),
            ("bows_strung", "Two ghostpine bows are strung.", {"holds": {"items": {"ghostpine_bow": 2}}}),
        ],
        shape="G>M+F>F,K+G>M+F",
        why="millrace troll (300 HP, closes 72 a round; only ghostpine and starsilver wound it): the ranger "
        "(lumberjacking 50) and the silk gatherer (foraging 50, who knows the troll) supply the master bowyer "
        "(fletching 50-55, crafting 45), who strings two bows; no two of the three outpace the troll",
        alternatives=[
            (
                "the master bowyer carries the ranger's bow to the mill",
                {
                    "master_bowyer": [
                        _ready(
                            ["ranger", "silk_gatherer"],
                            "I make ghostpine bows at the town fletching bench (fletching_bench#town): 2 "
                            "ghostpine logs (ghostpine_log) and 2 wild silk (wild_silk) each; bring me 4 of each.",
                        ),
                        {"move_to": {"target": "fletching_bench#town"}},
                        {"wait_for": {"item": "ghostpine_log", "count": 4}},
                        {"craft": {"recipe": "ghostpine_stave", "count": 2}},
                        {"wait_for": {"item": "wild_silk", "count": 4}},
                        {"move_to": {"target": "loom#town"}},
                        {"craft": {"recipe": "silk_cord", "count": 2}},
                        {"move_to": {"target": "fletching_bench#town"}},
                        {"craft": {"recipe": "ghostpine_bow", "count": 2}},
                        {"equip": {"item": "ghostpine_bow"}},
                        {"wait_for": {"message_from": "silk_gatherer"}},
                        {"move_to": {"target": "@vantage:master_bowyer"}},
                        {"give": {"to": "ranger", "item": "ghostpine_bow"}},
                        _ready("silk_gatherer", "The ranger and I are in bowshot."),
                        {"wait_for": {"message_from": "silk_gatherer"}},
                        {"attack": {"target": troll}},
                    ],
                    "ranger": [
                        {"move_to": {"target": "@node:ghostpine_tree"}},
                        {"gather": {"target": "ghostpine_tree", "count": 4}},
                        {"wait_for": {"message_from": "silk_gatherer"}},
                        {"wait_for": {"message_from": "master_bowyer"}},
                        {"move_to": {"target": "fletching_bench#town"}},
                        {"give": {"to": "master_bowyer", "item": "ghostpine_log", "count": 4}},
                        {"move_to": {"target": "@vantage:ranger"}},
                        {"wait_for": {"item": "ghostpine_bow"}},
                        {"equip": {"item": "ghostpine_bow"}},
                        {"wait_for": {"message_from": "silk_gatherer"}},
                        {"attack": {"target": troll}},
                    ],
                },
            )
        ],
    )


def _task_62() -> Draft:
    """Two beasts, two pairs: each needs two weapons at once. The battlemage knows the fen lurker and the
    vent smith mines and forges his own spear for it; the archer knows the hollow wyrm and the axeman
    forges his greataxe for it."""
    lurker, wyrm = "fen_lurker", "hollow_wyrm"
    return warband(
        "task_62",
        "Two Beasts of the Vale",
        intro=(
            "Two beasts have come into the vale at once: a fen lurker in the sedge above the Old Mill and a "
            "hollow wyrm out of the old well by North Crossroads. Each closes its wounds within the round."
        ),
        outcome="The task is complete when both are dead.",
        beasts=[Beast(lurker, "old_mill", (-1, -1), 7), Beast(wyrm, "north_crossroads", (-1, 1), 7)],
        members=[
            Member(
                "battlemage",
                "Battlemage",
                "old_mill",
                {"magic": 47, "health": 40},
                "You are a battlemage: magic 47 and an emberheart staff (range 6). You start at the Old Mill "
                "(106, 148).\n"
                "A fen lurker has settled in the sedge at {den:fen_lurker}; your staff reaches it from "
                "{vantage:battlemage}. It closes 46 HP of wounds at the end of every round it fights, more "
                "than your fire opens alone, and only emberheart fire or a blackglass spear wounds it. It "
                "fights only those who strike it.",
                [
                    _ready(
                        "vent_smith",
                        "A fen lurker sits in the sedge at {den:fen_lurker}. It heals 46 HP a round, more than "
                        "my staff opens; only emberheart fire or blackglass wounds it. Come beside it with a "
                        "blackglass spear and tell me.",
                    ),
                    {"move_to": {"target": "@vantage:battlemage"}},
                    {"wait_for": {"message_from": "vent_smith"}},
                    _ready("vent_smith", "Now."),
                    {"attack": {"target": lurker}},
                ],
                equipment={"weapon": "emberheart_staff"},
                vantage=(lurker, 4, (1, 1)),
                kind="know+fight",
            ),
            Member(
                "vent_smith",
                "Vent smith",
                "brindlemark_smithy",
                {"mining": 55, "smithing": 60, "accuracy": 46, "strength": 30, "health": 40},
                "You are a vent smith: mining 55 and smithing 60, with a bronze pickaxe, a hammer and 2 stick. "
                "Blackglass seams (mining 50, with a pick) crop out by Ashgrove Smithy, where you start "
                "(141, 114). Two blackglass temper into a blackglass edge at a furnace (`blackglass_edge`, "
                "smithing 50), and an edge hafted on two sticks at an anvil, hammer in hand, makes a blackglass "
                "spear (`blackglass_spear`, smithing 55); the smithy's furnace and anvil are beside you. You "
                "fight with a spear: accuracy 46, strength 30.",
                [
                    {"move_to": {"target": "@node:blackglass_seam"}},
                    {"gather": {"target": "blackglass_seam", "count": 2}},
                    {"move_to": {"target": "furnace#town"}},
                    {"craft": {"recipe": "blackglass_edge"}},
                    {"move_to": {"target": "anvil#town"}},
                    {"craft": {"recipe": "blackglass_spear"}},
                    {"equip": {"item": "blackglass_spear"}},
                    {"wait_for": {"message_from": "battlemage"}},
                    {"move_to": {"target": "@by_den:fen_lurker"}},
                    _ready("battlemage", "Beside it with a blackglass spear."),
                    {"wait_for": {"message_from": "battlemage"}},
                    {"attack": {"target": lurker}},
                ],
                inventory={"bronze_pickaxe": 1, "hammer": 1, "stick": 2},
                nodes=[("blackglass_seam", 1, (1, 1), 5)],
                kind="gather+make+fight",
            ),
            Member(
                "archer",
                "Archer",
                "north_crossroads",
                {"archery": 46, "health": 40},
                "You are an archer of the north road: archery 46 and a ghostpine bow (range 7; arrows need a "
                "clear line). You start at North Crossroads (130, 85).\n"
                "A hollow wyrm has crawled out of the old well at {den:hollow_wyrm}; {vantage:archer} is in "
                "bowshot. Its coils close 40 HP of wounds at the end of every round it fights, more than your "
                "arrows open alone, and only ghostpine arrows or a froststeel greataxe wound it. It fights "
                "only those who strike it.",
                [
                    _ready(
                        "axeman",
                        "A hollow wyrm lies by the old well at {den:hollow_wyrm}. It heals 40 HP a round, more "
                        "than my arrows open; only ghostpine or a froststeel greataxe wounds it. Come beside it "
                        "with your greataxe and tell me.",
                    ),
                    {"move_to": {"target": "@vantage:archer"}},
                    {"wait_for": {"message_from": "axeman"}},
                    _ready("axeman", "Now."),
                    {"attack": {"target": wyrm}},
                ],
                equipment={"weapon": "ghostpine_bow"},
                vantage=(wyrm, 5, (1, -1)),
                kind="know+fight",
            ),
            Member(
                "axeman",
                "Axeman",
                "brindlemark_smithy",
                {"smithing": 55, "strength": 42, "health": 40},
                "You are an axeman who forges his own: smithing 55 and strength 42. You carry a hammer, 3 froststeel "
                "bar and an ironwood plank. At an anvil, hammer in hand, the bars and the plank forge into "
                "a froststeel greataxe (`froststeel_greataxe`, smithing 50; it needs strength 35). You start "
                "at Ashgrove Smithy (141, 114), by its anvil.",
                [
                    {"move_to": {"target": "anvil#town"}},
                    {"craft": {"recipe": "froststeel_greataxe"}},
                    {"equip": {"item": "froststeel_greataxe"}},
                    {"wait_for": {"message_from": "archer"}},
                    {"move_to": {"target": "@by_den:hollow_wyrm"}},
                    _ready("archer", "Beside it with a froststeel greataxe."),
                    {"wait_for": {"message_from": "archer"}},
                    {"attack": {"target": wyrm}},
                ],
                inventory={"froststeel_bar": 3, "ironwood_plank": 1, "hammer": 1},
                kind="make+fight",
            ),
        ],
        checkpoints=[
            ("spear_forged", "The blackglass spear exists.", {"holds": {"items": {"blackglass_spear": 1}}}),
            (
                "axe_forged",
                "The froststeel greataxe exists.",
                {"holds": {"items": {"froststeel_greataxe": 1}}},
            ),
        ],
        shape="K+F,G+M+F|K+F,M+F",
        why="fen lurker (200 HP, closes 46 a round) and hollow wyrm (240 HP, closes 40): each needs two "
        "weapons at once; the battlemage knows the lurker and the vent smith (mining 50, smithing 55) mines "
        "and forges the spear for it; the archer knows the wyrm and the axeman (smithing 50) forges the "
        "greataxe for it",
        alternatives=[
            (
                "the vent smith forges at the smithy and walks to the battlemage before going in",
                {
                    "vent_smith": [
                        {"move_to": {"target": "@node:blackglass_seam"}},
                        {"gather": {"target": "blackglass_seam", "count": 2}},
                        {"move_to": {"target": "furnace#town"}},
                        {"craft": {"recipe": "blackglass_edge"}},
                        {"move_to": {"target": "anvil#town"}},
                        {"craft": {"recipe": "blackglass_spear"}},
                        {"equip": {"item": "blackglass_spear"}},
                        {"wait_for": {"message_from": "battlemage"}},
                        {"move_to": {"target": "battlemage"}},
                        {"move_to": {"target": "@by_den:fen_lurker"}},
                        _ready("battlemage", "Beside it with a blackglass spear."),
                        {"wait_for": {"message_from": "battlemage"}},
                        {"attack": {"target": lurker}},
                    ],
                },
            )
        ],
    )
