"""The generated combat tasks 59, 61 and 75 (see combat.py): the hunts at the Old Mill, the mire troll
and its hides (59), the briar boar (61), the millrace troll (75); one `warband` call each
(taskgen/warband.py)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.warband import Beast, Member, warband
from agentworld.taskgen.suite.combat_basilisk import ready


def drafts() -> list[Draft]:
    return [_task_59(), _task_61(), _task_75()]


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
                    ready(
                        "fen_huntress",
                        "The old mire troll lairs by the Old Mill at {den}. Its cuts knit 42 HP a round, so "
                        "we strike together; only starsilver and ghostpine arrows wound it. Shoot from "
                        "{vantage:fen_huntress} and tell me when you are there.",
                    ),
                    {"move_to": {"target": "@vantage:fen_warden"}},
                    {"wait_for": {"message_from": "fen_huntress"}},
                    ready("fen_huntress", "Now."),
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
                    ready("fen_warden", "In bowshot."),
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
                    ready(
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
                        ready(
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
                        ready(
                            "fen_huntress",
                            "The old mire troll lairs by the Old Mill at {den}. Its cuts knit 42 HP a round, "
                            "so we strike together. Shoot from {vantage:fen_huntress}.",
                        ),
                        {"move_to": {"target": "@vantage:fen_warden"}},
                        {"wait_for": {"message_from": "fen_huntress"}},
                        ready("fen_huntress", "Now."),
                        {"attack": {"target": troll}},
                        {"give": {"to": "tailor", "item": "mire_hide", "count": 4}},
                    ],
                    "fen_huntress": [
                        {"wait_for": {"message_from": "fen_warden"}},
                        {"move_to": {"target": "@vantage:fen_huntress"}},
                        ready("fen_warden", "In bowshot."),
                        {"wait_for": {"message_from": "fen_warden"}},
                        {"wait": {"rounds": 1}},
                        {"attack": {"target": troll}},
                        {"give": {"to": "tailor", "item": "mire_hide", "count": 4}},
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
                    ready(
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
                    ready("spearwoman", "In bowshot, strung."),
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
                    ready(
                        "bowyer",
                        "The briar boar wallows at {den}; its briars close 40 HP a round, more than my spear "
                        "opens, and only ghostpine arrows or blackglass wound it. Shoot from {vantage:bowyer} "
                        "and tell me when you are there.",
                    ),
                    {"move_to": {"target": "@vantage:spearwoman"}},
                    {"wait_for": {"message_from": "bowyer"}},
                    ready("bowyer", "Now."),
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
                        ready("weaver", "I need a silk cord (silk_cord) for a ghostpine bow; I come to you."),
                        {"move_to": {"target": "weaver"}},
                        {"wait_for": {"item": "silk_cord"}},
                        {"move_to": {"target": "fletching_bench#town"}},
                        {"craft": {"recipe": "ghostpine_bow"}},
                        {"equip": {"item": "ghostpine_bow"}},
                        {"wait_for": {"message_from": "spearwoman"}},
                        {"move_to": {"target": "@vantage:bowyer"}},
                        ready("spearwoman", "In bowshot, strung."),
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
                    ready(
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
                    ready(["ranger", "master_bowyer"], "Now."),
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
                    ready(
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
                    ready("silk_gatherer", "The ranger and I are in bowshot."),
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
                        ready(
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
                        ready("silk_gatherer", "The ranger and I are in bowshot."),
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
