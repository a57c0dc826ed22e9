"""The generated combat tasks 51 and 62 (see combat.py): blackglass spears mined and forged in the task,
three at once for the rime stalker (51), one beside a froststeel greataxe for two beasts (62); one
`warband` call each (taskgen/warband.py)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.warband import Beast, Member, warband
from agentworld.taskgen.suite.combat_basilisk import ready


def drafts() -> list[Draft]:
    return [_task_51(), _task_62()]


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
                    ready(
                        "vent_smith",
                        "A fen lurker sits in the sedge at {den:fen_lurker}. It heals 46 HP a round, more than "
                        "my staff opens; only emberheart fire or blackglass wounds it. Come beside it with a "
                        "blackglass spear and tell me.",
                    ),
                    {"move_to": {"target": "@vantage:battlemage"}},
                    {"wait_for": {"message_from": "vent_smith"}},
                    ready("vent_smith", "Now."),
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
                    ready("battlemage", "Beside it with a blackglass spear."),
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
                    ready(
                        "axeman",
                        "A hollow wyrm lies by the old well at {den:hollow_wyrm}. It heals 40 HP a round, more "
                        "than my arrows open; only ghostpine or a froststeel greataxe wounds it. Come beside it "
                        "with your greataxe and tell me.",
                    ),
                    {"move_to": {"target": "@vantage:archer"}},
                    {"wait_for": {"message_from": "axeman"}},
                    ready("axeman", "Now."),
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
                    ready("archer", "Beside it with a froststeel greataxe."),
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
                        ready("battlemage", "Beside it with a blackglass spear."),
                        {"wait_for": {"message_from": "battlemage"}},
                        {"attack": {"target": lurker}},
                    ],
                },
            )
        ],
    )
