"""The generated combat tasks (ids 32, 33, 51, 59, 60, 61, 62, 72, 73, 75): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, escort
from agentworld.taskgen.motifs_a import armed
from agentworld.taskgen.motifs_b import Dig, Keeper, survey_b
from agentworld.taskgen.warband import Beast, Member, warband


def drafts() -> list[Draft]:
    return [
        _task_32(),
        _task_33(),
        armed(
            "task_59",
            "The Mire Troll's Hide",
            trophy=True,
            intro=(
                "A mire troll blocks the fen road. The fen warden who kills it is to wear a cloak of its own hide, "
                "lined with wild silk and sewn by the tailor."
            ),
            sources=[Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 1, "old_mill", (-1, 1))],
            makers=[
                {
                    "name": "tailor",
                    "title": "Tailor",
                    "recipes": [("mirehide_cloak", 1)],
                    "station": "tanning_rack#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["silk_gatherer"],
                }
            ],
            fighter={
                "name": "fen_warden",
                "title": "Fen warden",
                "spawn": "witch_hut",
                "skills": {"accuracy": 60, "strength": 60, "defense": 45, "health": 40},
                "equipment": {"weapon": "starsilver_blade"},
            },
            beast={"type": "mire_troll", "near": "murkfen_landing", "direction": (1, 0), "away": 6},
        ),
        armed(
            "task_60",
            "The Basilisk's Eye",
            trophy=True,
            intro=(
                "A dune basilisk stares down travellers on the road to the Sunscar Oasis. Its eye, set in starsilver, "
                "makes a "
                "lens that shows every gap in a hide; the archer who kills it is to wear it."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "sunken_bazaar", (1, 0))],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("starsilver_bar", 1), ("basilisk_lens", 1)],
                    "station": "furnace#town",
                    "spawn": "mayors_hall",
                    "fed_by": ["prospector"],
                }
            ],
            fighter={
                "name": "archer",
                "title": "Desert archer",
                "spawn": "sunscar_oasis",
                "skills": {"archery": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "ghostpine_bow"},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (-1, -1), "away": 8},
        ),
        armed(
            "task_61",
            "The Bowyer's Own Hunt",
            intro=(
                "The old bowyer of Brindlemark has a ghostpine stave and one last hunt in her: a dune basilisk by "
                "the Sunscar Oasis. She will string the bow herself, with silk cord braided by the weaver from silk "
                "only the silk gatherer can reach."
            ),
            sources=[
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "greenhollow_farm", (1, 1))
            ],
            makers=[
                {
                    "name": "weaver",
                    "title": "Weaver",
                    "recipes": [("silk_cord", 1)],
                    "station": "loom#town",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["silk_gatherer"],
                },
                {
                    "name": "bowyer",
                    "title": "Bowyer",
                    "recipes": [("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "town_square",
                    "start": {"ghostpine_stave": 1},
                    "fed_by": [],
                },
            ],
            fighter={
                "name": "bowyer",
                "title": "Bowyer",
                "makes": True,
                "skills": {"archery": 60, "defense": 40, "health": 40},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (0, -1), "away": 8},
        ),
        armed(
            "task_62",
            "A Charm Against the Troll",
            intro=(
                "A mire troll has come up the stream to the Old Mill. The battlemage will face it only wearing a "
                "glasswing amulet: blackglass and a moon pearl, set by the jeweller."
            ),
            sources=[
                Source("vent_miner", "Vent miner", "blackglass_seam", 1, "broken_colonnade", (1, 0)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "mossy_pond", (0, 1)),
            ],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("glasswing_amulet", 1)],
                    "station": "workbench#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["vent_miner", "pearl_diver"],
                }
            ],
            fighter={
                "name": "battlemage",
                "title": "Battlemage",
                "spawn": "old_mill",
                "skills": {"magic": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "emberheart_staff"},
            },
            beast={"type": "mire_troll", "near": "old_mill", "direction": (-1, 1), "away": 6},
        ),
        armed(
            "task_73",
            "The Archer Who Set Her Own Lens",
            trophy=True,
            intro=(
                "The archer-jeweller of Sunscar will kill the dune basilisk herself and set its eye in a starsilver "
                "band to wear: the bar smelted by the smelter from ore only the prospector can cut."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "broken_colonnade", (0, 1))],
            makers=[
                {
                    "name": "smelter",
                    "title": "Smelter",
                    "recipes": [("starsilver_bar", 1)],
                    "station": "furnace#town",
                    "spawn": "brindlemark_smithy",
                    "fed_by": ["prospector"],
                },
                {
                    "name": "archer_jeweller",
                    "title": "Archer-jeweller",
                    "recipes": [("basilisk_lens", 1)],
                    "station": "workbench#town",
                    "spawn": "sunscar_oasis",
                    "fed_by": [],
                },
            ],
            fighter={
                "name": "archer_jeweller",
                "title": "Archer-jeweller",
                "makes": True,
                "skills": {"archery": 70, "defense": 40, "health": 40},
                "equipment": {"weapon": "ghostpine_bow"},
            },
            beast={"type": "dune_basilisk", "near": "sunscar_oasis", "direction": (0, -1), "away": 8},
        ),
        armed(
            "task_75",
            "The Ranger Fells Her Own Bow",
            intro=(
                "The ranger of Whisperwood fells the ghostpine for her bow herself; the master bowyer cuts the "
                "stave, braids the cord from the silk gatherer's silk and strings it, and she takes it straight to "
                "the mire troll that has crept up the stream to the Old Mill."
            ),
            sources=[
                Source("ranger", "Ranger", "ghostpine_tree", 2, "woodcutters_camp", (1, 1)),
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "murkfen_landing", (1, -1)),
            ],
            makers=[
                {
                    "name": "master_bowyer",
                    "title": "Master bowyer",
                    "recipes": [("ghostpine_stave", 1), ("silk_cord", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["ranger", "silk_gatherer"],
                }
            ],
            fighter={
                "name": "ranger",
                "title": "Ranger",
                "gathers": True,
                "spawn": "woodcutters_camp",
                "skills": {"archery": 70, "defense": 40, "health": 40},
            },
            beast={"type": "mire_troll", "near": "old_mill", "direction": (0, 1), "away": 8},
        ),
        # task_76 is to become the paper's ten-agent Elemental Bosses (combat); until then its exploration draft lives here
        survey_b(
            "task_76",
            "The Archivist's Charts",
            intro=(
                "The archivist of the Mayor's Hall has found old charts of two lost treasures: the bell of the "
                "drowned chapel and the seal of the old kings, buried in a cairn under Greyhorn."
            ),
            charts="keeper",
            digs=[
                Dig(
                    "bell_diver", "Bell diver", "drowned_belfry", "murkfen_landing", "drowned_chapel", (1, -1)
                ),
                Dig(
                    "cairn_miner", "Cairn miner", "kings_cairn", "stonefoot_camp", "greyhorn_lookout", (1, 1)
                ),
            ],
            keepers=[Keeper("archivist", "Archivist", "brindlemark_inn", "mayors_hall")],
        ),
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
                "You are a weaponsmith of the Deepdelve: smithing 60 and mining 55. You carry a bronze "
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
                "You are a spearman of the Irongrave watch: accuracy 48, strength 44, health 40. The weapon "
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
                "ghostpine bow (`ghostpine_bow`, range 7); the nearest bench is the town's "
                "(`fletching_bench#town`). You start at North Crossroads (130, 85).\n"
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
                "furnace are beside you; you have no plank and no way to saw one (the town workbench, "
                "`workbench#town`, is by the market).\n"
                "You fight with a blade: accuracy 42 and strength 42 (a starsilver blade needs accuracy 40). "
                "You start at Ashgrove Smithy (141, 114).",
                [
                    {
                        "chat": {
                            "to": "carpenter",
                            "message": "I can forge a starsilver blade if someone brings me a heartwood plank "
                            "(heartwood_plank). I am at the smithy anvil (anvil#town); the town workbench "
                            "(workbench#town) is by the market.",
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
                                "to": "carpenter",
                                "message": "I can forge a starsilver blade if someone brings me a heartwood "
                                "plank (heartwood_plank); the town workbench (workbench#town) is by the market.",
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
    ready = "In the gap, staff in hand."
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
