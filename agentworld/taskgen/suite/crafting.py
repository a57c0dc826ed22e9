"""The generated crafting tasks (ids 17, 24, 25, 36, 40, 47, 67, 68, 69, 74, 88, 89, 90, 97): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, forge
from agentworld.taskgen.motifs_b import loop
from agentworld.taskgen.parts import recipe_line
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
    say,
    wait_for,
    walk,
    workshop,
)


def _old() -> list[Draft]:
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
    ]


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
                    "ridge around it. You cannot tap amber, polish a lens or mine."
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
                    "You start on the mine road at (62, 55), south of Deepdelve Mine."
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
                    "You start on the frost pass road at (80, 44), east of Stonefoot Camp."
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
                    "You start on the mine road at (58, 60), south of Deepdelve Mine; you have not surveyed "
                    "these slopes."
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
                    "You start in the Whisperwood at (86, 104), north-east of the Woodcutters' Camp."
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
            Patch("pines", "amberweep_pine", "workbench#camp", away=1, direction=(-1, 0)),
            Patch("stand", "amberweep_pine", "@pines", away=2, direction=(0, 1)),
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
                    "You start at the Woodcutters' Camp (72, 112), by the camp workbench (`workbench#camp`). "
                    "You cannot tap amber or dive for pearls yourself."
                ),
                [
                    say(
                        "team",
                        "Staffwright at the camp workbench `workbench#camp` (73, 115). Five staffs take 40 amber "
                        "tears (4 to a lens, 2 lenses a staff) and 5 moon pearls; I have the planks. Amberweep "
                        "pines (`amberweep_pine`) stand by the workbench at {pines} and {stand}: bring me "
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
                (60, 104),
                {"lumberjacking": 50},
                (
                    "You are an amber tapper: lumberjacking 50, so you can take amber from an amberweep pine by "
                    "hand (it needs lumberjacking 45, far beyond what anyone without your years could learn in "
                    "time), one amber tear a turn standing next to it (within 1 tile).\n"
                    "You start in the Whisperwood at (60, 104)."
                ),
                [
                    hear("staffwright"),
                    walk("@pines"),
                    gather("amberweep_pine", 20),
                    give("staffwright", "amber_tear", 20),
                ],
            ),
            Hand(
                "woodsman",
                "Woodsman",
                (84, 118),
                {"lumberjacking": 50, "fishing": 15},
                (
                    "You are a woodsman of the Whisperwood: lumberjacking 50, so you can take amber from an "
                    "amberweep pine by hand (lumberjacking 45, far beyond what anyone without your years could "
                    "learn in time), one tear a turn.\n"
                    "You start at (84, 118), east of the Woodcutters' Camp."
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
                "the amber tapper brings its tears in two loads",
                {
                    "amber_tapper": [
                        hear("staffwright"),
                        walk("@pines"),
                        gather("amberweep_pine", 8),
                        give("staffwright", "amber_tear", 8),
                        gather("amberweep_pine", 12),
                        give("staffwright", "amber_tear", 12),
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
            Patch("roost", "galehawk_roost", "greyhorn_lookout", away=3, direction=(1, 0)),
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
                    "You start at Greyhorn Lookout (40, 18), where the galehawks roost. You cannot fell trees."
                ),
                [
                    say(
                        "team",
                        "Scout fletcher at Greyhorn Lookout (40, 18). 18 gale shafts take 18 ghostpine shafts and "
                        "36 gale feathers. Galehawk roosts (`galehawk_roost`) stand by the lookout at {roost} and "
                        "{crag}; I pick at the first, a second picker at the other. Ghostpine shafts: 9 to me, 9 "
                        "to whoever picks the other roost.",
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
                    "You start at the Mouth of the Ogre Den (32, 46). The ghostpines (`ghostpine_tree`) of the "
                    "Greyhorn slopes stand at {ghostpines}."
                ),
                [
                    walk("@ghostpines"),
                    gather("ghostpine_tree", 3),
                    craft("ghostpine_shafts", 3),
                    hear("scout_fletcher"),
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
                        walk("@ghostpines"),
                        gather("ghostpine_tree", 3),
                        craft("ghostpine_shafts", 3),
                        hear("scout_fletcher"),
                        walk("@crag"),
                        give("falconer", "ghostpine_shaft", 9),
                        give("scout_fletcher", "ghostpine_shaft", 9),
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
    )


NEW = {
    "task_17": _task_17,
    "task_24": _task_24,
    "task_25": _task_25,
    "task_36": _task_36,
    "task_40": _task_40,
    "task_97": _task_97,
}


def drafts() -> list[Draft]:
    old = {d.id: d for d in _old()}
    ids = sorted(set(old) | set(NEW), key=lambda t: int(t.split("_")[1]))
    return [NEW[t]() if t in NEW else old[t] for t in ids]
