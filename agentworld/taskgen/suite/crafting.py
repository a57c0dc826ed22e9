"""The generated crafting tasks (ids 17, 24, 25, 36, 40, 47, 67, 68, 69, 74, 88, 89, 90, 97): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, forge
from agentworld.taskgen.motifs_b import loop
from agentworld.taskgen.parts import recipe_line
from agentworld.taskgen.workshop import Hand, Patch, checkpoint, workshop


def drafts() -> list[Draft]:
    return [
        forge(
            "task_17",
            "The Seer's Pearl Circlet",
            intro=(
                "The seer of Brindlemark needs a pearl circlet: a starsilver band set with two moon pearls, "
                "which only the jeweller can set, from pearls only the pearl diver can raise."
            ),
            sources=[Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "mossy_pond", (-1, 1))],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("pearl_circlet", 1)],
                    "station": "workbench#town",
                    "spawn": "brindlemark_market",
                    "start": {"starsilver_bar": 1},
                    "fed_by": ["pearl_diver"],
                }
            ],
            wielder={
                "name": "seer",
                "title": "Seer",
                "skills": {"magic": 45},
                "spawn": "greenhollow_farm",
                "item": "pearl_circlet",
            },
        ),
        forge(
            "task_24",
            "A Circlet from Scratch",
            intro=(
                "The oracle of Greenhollow wants a pearl circlet made from fresh starsilver and moon pearls: the "
                "master smith must both smelt the starsilver and set the pearls."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 2, "stonefoot_camp", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "mossy_pond", (-1, 1)),
            ],
            makers=[
                {
                    "name": "master_smith",
                    "title": "Master smith",
                    "recipes": [("starsilver_bar", 1), ("pearl_circlet", 1)],
                    "station": "furnace#town",
                    "spawn": "mayors_hall",
                    "fed_by": ["prospector", "pearl_diver"],
                }
            ],
            wielder={
                "name": "oracle_of_greenhollow",
                "title": "Oracle of Greenhollow",
                "skills": {"magic": 45},
                "spawn": "old_mill",
                "item": "pearl_circlet",
            },
        ),
        forge(
            "task_25",
            "The Ranger's Ghostpine Bow",
            intro=(
                "The ranger of the Frostmere needs a ghostpine bow: a ghostpine stave strung with silk cord. The "
                "weaver braids the cord, the bowyer cuts the stave and strings the bow."
            ),
            sources=[
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "murkfen_landing", (1, 0)),
                Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 2, "frostford", (1, 1)),
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
                    "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "north_crossroads",
                    "fed_by": ["mistwood_feller"],
                },
            ],
            wielder={
                "name": "ranger",
                "title": "Ranger",
                "skills": {"archery": 45},
                "spawn": "frostmere_camp",
                "item": "ghostpine_bow",
            },
        ),
        forge(
            "task_36",
            "The Archmage's Emberheart Staff",
            intro=(
                "The archmage of the Mayor's Hall will make and carry an emberheart staff: a heartwood plank, an "
                "ember core fused from emberstone and a moon pearl eye. Only the archmage can assemble it."
            ),
            sources=[
                Source("ember_miner", "Ember miner", "emberstone_seam", 2, "stonefoot_camp", (1, -1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "mossy_pond", (0, 1)),
            ],
            makers=[
                {
                    "name": "smith",
                    "title": "Smith",
                    "recipes": [("ember_core", 1)],
                    "station": "furnace#mine",
                    "spawn": "deepdelve_mine",
                    "fed_by": ["ember_miner"],
                },
                {
                    "name": "archmage",
                    "title": "Archmage",
                    "recipes": [("emberheart_staff", 1)],
                    "station": "workbench#town",
                    "spawn": "mayors_hall",
                    "start": {"heartwood_plank": 1},
                    "fed_by": ["pearl_diver"],
                },
            ],
            wields={"magic": 50},
        ),
        forge(
            "task_40",
            "A Bow for the Greyhorn Scout",
            intro=(
                "The scout of Greyhorn Lookout needs a ghostpine bow. The bowyer has the silk cord already; the "
                "stave must be cut from ghostpine logs that only the mistwood feller can bring down."
            ),
            sources=[Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 2, "frostford", (1, 1))],
            makers=[
                {
                    "name": "bowyer",
                    "title": "Bowyer",
                    "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#camp",
                    "spawn": "mossy_pond",
                    "start": {"silk_cord": 1},
                    "fed_by": ["mistwood_feller"],
                }
            ],
            wielder={
                "name": "scout",
                "title": "Greyhorn scout",
                "skills": {"archery": 45},
                "spawn": "stonefoot_camp",
                "item": "ghostpine_bow",
            },
        ),
        forge(
            "task_47",
            "The Jeweller's Own Circlet",
            intro=(
                "The old jeweller of Greenhollow will wear one last pearl circlet, smelted and set by her own hand "
                "from starsilver and moon pearls that others must raise for her."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 2, "broken_colonnade", (0, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "sunscar_oasis", (1, 0)),
            ],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("starsilver_bar", 1), ("pearl_circlet", 1)],
                    "station": "furnace#town",
                    "spawn": "greenhollow_farm",
                    "fed_by": ["prospector", "pearl_diver"],
                }
            ],
            wields={"magic": 45},
        ),
        forge(
            "task_67",
            "The Jeweller's Glasswing",
            intro=(
                "The jeweller of Brindlemark will set a glasswing amulet for herself: blackglass from the vent miner, "
                "a moon pearl from the pearl diver."
            ),
            sources=[
                Source("vent_miner", "Vent miner", "blackglass_seam", 1, "deepdelve_mine", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "old_mill", (-1, 1)),
            ],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("glasswing_amulet", 1)],
                    "station": "workbench#camp",
                    "spawn": "woodcutters_camp",
                    "fed_by": ["vent_miner", "pearl_diver"],
                }
            ],
            wields={"magic": 45},
        ),
        forge(
            "task_68",
            "The Shieldwright's Own Shield",
            intro=(
                "The shieldwright of Brindlemark has two heartwood planks put by for a shield of her own; it wants a "
                "starsilver boss, smelted by the smelter from ore only the prospector can cut."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 2, "deepdelve_mine", (1, 1))],
            makers=[
                {
                    "name": "smelter",
                    "title": "Smelter",
                    "recipes": [("starsilver_bar", 1)],
                    "station": "furnace#mine",
                    "spawn": "stonefoot_camp",
                    "fed_by": ["prospector"],
                },
                {
                    "name": "shieldwright",
                    "title": "Shieldwright",
                    "recipes": [("heartwood_shield", 1)],
                    "station": "workbench#town",
                    "spawn": "brindlemark_smithy",
                    "start": {"heartwood_plank": 2},
                    "fed_by": [],
                },
            ],
            wields={"defense": 45},
        ),
        forge(
            "task_69",
            "A Bow from the Last Logs",
            intro=(
                "The bowyer of Brindlemark has two ghostpine logs put by for a bow of her own; she will cut the "
                "stave and string it herself, once the weaver has braided a silk cord from the silk gatherer's silk."
            ),
            sources=[
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "mirrorlake_causeway", (0, 1))
            ],
            makers=[
                {
                    "name": "weaver",
                    "title": "Weaver",
                    "recipes": [("silk_cord", 1)],
                    "station": "loom#town",
                    "spawn": "mayors_hall",
                    "fed_by": ["silk_gatherer"],
                },
                {
                    "name": "bowyer",
                    "title": "Bowyer",
                    "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "brindlemark_smithy",
                    "start": {"ghostpine_log": 2},
                    "fed_by": [],
                },
            ],
            wields={"archery": 45},
        ),
        forge(
            "task_74",
            "The Whole Bow in One Hand",
            intro=(
                "The master bowyer of the Woodcutters' Camp will make a ghostpine bow from end to end, braiding the "
                "cord from her own wild silk and cutting the stave from logs only the mistwood feller can fell; the "
                "warden of Frostford is to carry it."
            ),
            sources=[
                Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 2, "old_oak_grove", (1, 1))
            ],
            makers=[
                {
                    "name": "master_bowyer",
                    "title": "Master bowyer",
                    "recipes": [("ghostpine_stave", 1), ("silk_cord", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "brindlemark_inn",
                    "start": {"wild_silk": 2},
                    "fed_by": ["mistwood_feller"],
                }
            ],
            wielder={
                "name": "ford_warden",
                "title": "Ford warden",
                "skills": {"archery": 45},
                "spawn": "north_crossroads",
                "item": "ghostpine_bow",
            },
        ),
        loop(
            "task_88",
            "A Lamp for the Gate Watch",
            intro=(
                "The watchman of the Hollowcrown Gate wants a stormlamp for the night watch, and he will catch the eels "
                "for its oil himself; the cook renders the oil and the lampwright sets it in a starsilver lamp."
            ),
            owner={
                "name": "watchman",
                "title": "Watchman",
                "spawn": "frostmere_camp",
                "place": "ruins_gate",
                "source": Source("watchman", "Watchman", "stormeel_run", 2, "frostmere_camp", (-1, -1)),
            },
            makers=[
                {
                    "name": "cook",
                    "title": "Cook",
                    "recipes": [("stormeel_oil", 1)],
                    "station": "cooking_range#frostmere",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["watchman"],
                },
                {
                    "name": "lampwright",
                    "title": "Lampwright",
                    "recipes": [("stormlamp", 1)],
                    "station": "workbench#ruins",
                    "spawn": "hollowcrown_keep",
                    "start": {"starsilver_bar": 1},
                    "fed_by": [],
                },
            ],
        ),
        loop(
            "task_89",
            "The Diver's Own Circlet",
            intro=(
                "The pearl diver of the Mossy Pond will wear a pearl circlet of her own pearls: the prospector brings "
                "starsilver, and the jeweller smelts the band and sets the pearls."
            ),
            owner={
                "name": "pearl_diver",
                "title": "Pearl diver",
                "spawn": "mossy_pond",
                "wields": {"magic": 45},
                "source": Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "mossy_pond", (-1, 1)),
            },
            helpers=[Source("prospector", "Prospector", "starsilver_vein", 2, "deepdelve_mine", (1, 1))],
            makers=[
                {
                    "name": "jeweller",
                    "title": "Jeweller",
                    "recipes": [("starsilver_bar", 1), ("pearl_circlet", 1)],
                    "station": "furnace#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["pearl_diver", "prospector"],
                }
            ],
        ),
        loop(
            "task_90",
            "The Weaver's Bow",
            intro=(
                "The silk weaver of the Murkfen wants a ghostpine bow strung with cord of her own silk: the cordwainer "
                "braids it, and the bowyer, who has the stave, strings the bow."
            ),
            owner={
                "name": "silk_weaver",
                "title": "Silk weaver",
                "spawn": "murkfen_landing",
                "wields": {"archery": 45},
                "source": Source(
                    "silk_weaver", "Silk weaver", "silkmoth_cocoons", 2, "murkfen_landing", (1, 0)
                ),
            },
            makers=[
                {
                    "name": "cordwainer",
                    "title": "Cordwainer",
                    "recipes": [("silk_cord", 1)],
                    "station": "loom#town",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["silk_weaver"],
                },
                {
                    "name": "bowyer",
                    "title": "Bowyer",
                    "recipes": [("ghostpine_bow", 1)],
                    "station": "fletching_bench#camp",
                    "spawn": "whisperwood_clearing",
                    "start": {"ghostpine_stave": 1},
                    "fed_by": [],
                },
            ],
        ),
        workshop(
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
                        "You start in the Murkfen at (58, 221), east of Morwen's Hut."
                    ),
                    [
                        {"wait_for": {"message_from": "alchemist"}},
                        {"move_to": {"target": "@border"}},
                        {"gather": {"target": "dawnlily_patch", "count": 13}},
                        {"give": {"to": "alchemist", "item": "dawnlily", "count": 13}},
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
        ),
    ]
