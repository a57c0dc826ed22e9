"""Tasks 76-100 (issue 11, suite-b): one call of a motif per task, like suite.py's."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source
from agentworld.taskgen.motifs_b import (
    Dig,
    Keeper,
    Site,
    haul_b,
    loop,
    raise_sites,
    survey_b,
    vigil_b,
)


def drafts() -> list[Draft]:
    return [
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
        survey_b(
            "task_77",
            "The Warden's Own Relic",
            intro=(
                "The warden of Hollowcrown wants three relics brought to the Ruins Gate: a crown from a sealed "
                "barrow, a storm totem grown into a lightning-riven oak, and a brass orrery she will dig herself."
            ),
            digs=[
                Dig(
                    "delver", "Barrow delver", "sealed_barrow", "broken_colonnade", "hollowcrown_keep", (1, 0)
                ),
                Dig("totem_feller", "Totem feller", "riven_oak", "lakeview_hamlet", "water_shrine", (0, -1)),
                Dig("warden", "Warden", "sand_drift", "sunscar_oasis", "scorched_obelisk", (1, 1)),
            ],
            keepers=[Keeper("warden", "Warden", "sunscar_oasis", "ruins_gate")],
        ),
        survey_b(
            "task_78",
            "The Bell of the Drowned Chapel",
            intro=(
                "The drowned chapel's bell lies somewhere in the marsh water. The chaplain of the Murkfen wants it "
                "raised, recast at the town furnace and hung in the Old Mill, where the marsh folk now pray."
            ),
            charts="keeper",
            digs=[Dig("bell_diver", "Bell diver", "drowned_belfry", "murkfen_landing", "old_mill", (-1, 1))],
            keepers=[Keeper("chaplain", "Chaplain", "witch_hut", "old_mill")],
            restorer={
                "name": "bellfounder",
                "title": "Bellfounder",
                "spawn": "brindlemark_smithy",
                "station": "furnace#town",
                "recipe": "recast_bell",
            },
        ),
        survey_b(
            "task_79",
            "The Regalia of the Old Kingdom",
            intro=(
                "The herald of Lakeview will show the old kingdom's regalia at the hamlet: the king's seal from a "
                "cairn in the peaks, mounted on a storm totem from a riven oak in Whisperwood."
            ),
            digs=[
                Dig("cairn_miner", "Cairn miner", "kings_cairn", "frostford", "deepdelve_mine", (1, 1)),
                Dig("totem_feller", "Totem feller", "riven_oak", "woodcutters_camp", "old_oak_grove", (1, 1)),
            ],
            keepers=[Keeper("herald", "Herald", "shrine_steps", "lakeview_hamlet")],
            restorer={
                "name": "herald",
                "title": "Herald",
                "spawn": "shrine_steps",
                "station": "alchemy_table#town",
                "recipe": "kingdom_regalia",
            },
        ),
        survey_b(
            "task_80",
            "The Orrery Under the Sand",
            intro=(
                "A brass orrery lies under a singing sand drift of the Sunscar, out by the old bazaar. "
                "The astronomer of the Mayor's Hall "
                "wants it dug out, oiled with stormeel oil and tuned, and will tune it herself."
            ),
            charts="keeper",
            digs=[Dig("sand_digger", "Sand digger", "sand_drift", "sunscar_oasis", "sunken_bazaar", (-1, 0))],
            keepers=[Keeper("astronomer", "Astronomer", "scorched_obelisk", "mayors_hall")],
            restorer={
                "name": "astronomer",
                "title": "Astronomer",
                "spawn": "scorched_obelisk",
                "station": "workbench#town",
                "recipe": "tuned_orrery",
            },
            oil={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "spawn": "frostmere_camp",
                "station": "cooking_range#frostmere",
            },
        ),
        survey_b(
            "task_81",
            "Two Museums, Two Relics",
            intro=(
                "Two collectors each want one lost relic: the curator of the Mayor's Hall a moss idol from the "
                "Murkfen, the keeper of Frostmere Camp a tide reliquary from the lake."
            ),
            digs=[
                Dig("moss_digger", "Moss digger", "overgrown_idol", "sunscar_oasis", "witch_hut", (1, 0)),
                Dig(
                    "diver",
                    "Relic diver",
                    "sunken_reliquary",
                    "lakeview_hamlet",
                    "mirrorlake_causeway",
                    (1, 1),
                ),
            ],
            keepers=[
                Keeper("curator", "Curator", "old_mill", "mayors_hall", ["moss_digger"]),
                Keeper("camp_keeper", "Camp keeper", "north_crossroads", "frostmere_camp", ["diver"]),
            ],
        ),
        raise_sites(
            "task_82",
            "Two Waystones on the North Road",
            intro=(
                "The north road needs two new waystones: a starsilver marker at Frostford and a heartwood shrine at "
                "the North Crossroads, both raised by the same master mason."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 3, "stonefoot_camp", (1, 1)),
                Source(
                    "heartwood_feller", "Heartwood feller", "heartwood_tree", 3, "woodcutters_camp", (1, -1)
                ),
            ],
            feeds={"prospector": "frostford_marker", "heartwood_feller": "crossroads_shrine"},
            sites=[
                Site(
                    "frostford_marker",
                    "Frostford marker",
                    "frostford",
                    {"starsilver_ore": 3},
                    "crafting",
                    "mason",
                ),
                Site(
                    "crossroads_shrine",
                    "Crossroads shrine",
                    "north_crossroads",
                    {"heartwood_log": 3},
                    "crafting",
                    "mason",
                ),
            ],
            builders=[{"name": "mason", "title": "Master mason", "spawn": "mayors_hall"}],
        ),
        raise_sites(
            "task_83",
            "Hearth and Jetty at Saltreach",
            intro=(
                "Saltreach is rebuilding after the storm: a starsilver smoke-hearth for the smokehouse, raised by the "
                "hearthwright, and a silk-lashed jetty that the shipwright lashes from silk she gathers herself."
            ),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 3, "broken_colonnade", (0, 1))],
            feeds={"prospector": "smoke_hearth"},
            sites=[
                Site(
                    "smoke_hearth",
                    "Smoke-hearth",
                    "saltreach_village",
                    {"starsilver_ore": 3},
                    "smithing",
                    "hearthwright",
                    (-1, 0),
                ),
                Site(
                    "silk_jetty",
                    "Silk jetty",
                    "gullwatch_pier",
                    {"wild_silk": 3},
                    "crafting",
                    "shipwright",
                    (-1, 1),
                ),
            ],
            builders=[
                {"name": "hearthwright", "title": "Hearthwright", "spawn": "sunscar_oasis"},
                {
                    "name": "shipwright",
                    "title": "Shipwright",
                    "spawn": "smugglers_cove",
                    "own": Source(
                        "shipwright", "Shipwright", "silkmoth_cocoons", 3, "smugglers_cove", (1, -1)
                    ),
                },
            ],
        ),
        raise_sites(
            "task_84",
            "The Pearl Fountain of Brindlemark",
            intro=(
                "The town square's new fountain is a heartwood basin set with moon pearls and ringed with dawnlilies; "
                "the fountain-maker picks the dawnlilies herself and sets the rest."
            ),
            sources=[
                Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 3, "old_oak_grove", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "shrine_steps", (0, 1)),
            ],
            feeds={"heartwood_feller": "pearl_fountain", "pearl_diver": "pearl_fountain"},
            sites=[
                Site(
                    "pearl_fountain",
                    "Pearl fountain",
                    "town_square",
                    {"heartwood_log": 3, "moon_pearl": 2, "dawnlily": 2},
                    "crafting",
                    "fountain_maker",
                    (1, 1),
                )
            ],
            builders=[
                {
                    "name": "fountain_maker",
                    "title": "Fountain-maker",
                    "spawn": "greenhollow_farm",
                    "own": Source(
                        "fountain_maker", "Fountain-maker", "dawnlily_patch", 2, "greenhollow_farm", (1, 1)
                    ),
                }
            ],
        ),
        haul_b(
            "task_85",
            "Winter Stores for Two Camps",
            intro=(
                "Winter is coming to the north: Frostmere Camp and the Glacier Gate garrison each want starsilver ore "
                "for their forges and moon pearls for their lamps, and each quartermaster counts only what she holds."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 4, "stonefoot_camp", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 4, "north_crossroads", (1, 0)),
            ],
            shares={
                "prospector": {"camp_quartermaster": 2, "gate_quartermaster": 2},
                "pearl_diver": {"camp_quartermaster": 2, "gate_quartermaster": 2},
            },
            keepers=[
                {
                    "name": "camp_quartermaster",
                    "title": "Camp quartermaster",
                    "spawn": "brindlemark_inn",
                    "place": "frostmere_camp",
                },
                {
                    "name": "gate_quartermaster",
                    "title": "Gate quartermaster",
                    "spawn": "mayors_hall",
                    "place": "glacier_gate",
                },
            ],
        ),
        haul_b(
            "task_86",
            "Bars for the Stonefoot Forge",
            intro=(
                "The forge-warden of Stonefoot Camp will light the deep forge only with starsilver bars she smelted "
                "herself and heartwood logs for the bellows frame, all in her hands at the camp."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 4, "greyhorn_lookout", (1, 1)),
                Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 3, "mossy_pond", (0, 1)),
            ],
            shares={"prospector": {"forge_warden": 4}, "heartwood_feller": {"forge_warden": 3}},
            keepers=[
                {
                    "name": "forge_warden",
                    "title": "Forge-warden",
                    "spawn": "frostmere_camp",
                    "place": "stonefoot_camp",
                    "smelt": {"recipe": "starsilver_bar", "station": "furnace#mine", "times": 2},
                }
            ],
        ),
        haul_b(
            "task_87",
            "Lilies for the Mill and the Camp",
            intro=(
                "The Old Mill's miller and the hermit of the Frostmere each want dawnlilies for a festival; the "
                "hermit also brings stormeels she catches herself, and holds them with her lilies at Frostmere Camp."
            ),
            sources=[Source("lily_picker", "Lily picker", "dawnlily_patch", 4, "sunscar_oasis", (1, 1))],
            shares={"lily_picker": {"miller": 2, "hermit": 2}},
            keepers=[
                {"name": "miller", "title": "Miller", "spawn": "mossy_pond", "place": "old_mill"},
                {
                    "name": "hermit",
                    "title": "Hermit",
                    "spawn": "north_crossroads",
                    "place": "frostmere_camp",
                    "own": Source("hermit", "Hermit", "stormeel_run", 2, "frostmere_camp", (-1, -1)),
                },
            ],
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
        vigil_b(
            "task_91",
            "Lamps on the Coast Road",
            intro=(
                "A sea fog is rolling over the south: eight lamps must burn at once along the coast road, and the oil "
                "renderer and the lampwright each carry one of them too."
            ),
            keepers=[
                ("oasis_keeper", "Oasis keeper", "town_square", "sunscar_oasis"),
                ("bazaar_keeper", "Bazaar keeper", "brindlemark_inn", "sunken_bazaar"),
                ("obelisk_keeper", "Obelisk keeper", "old_mill", "scorched_obelisk"),
                ("cove_keeper", "Cove keeper", "greenhollow_farm", "smugglers_cove"),
                ("pier_keeper", "Pier keeper", "mirrorlake_causeway", "gullwatch_pier"),
                ("lighthouse_keeper", "Lighthouse keeper", "shrine_steps", "gullwatch_lighthouse"),
            ],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
                "post": "saltreach_village",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "mayors_hall",
                "post": "murkfen_landing",
            },
        ),
        vigil_b(
            "task_92",
            "Lamps and Charms for the Flood Night",
            intro=(
                "The spring flood is due: three places along the river need a stormlamp and three by the lake a "
                "tideward charm against the water, all shown at the same moment."
            ),
            keepers=[
                ("mill_keeper", "Mill keeper", "mossy_pond", "old_mill"),
                ("crossroads_keeper", "Crossroads keeper", "frostmere_camp", "north_crossroads"),
                ("camp_keeper", "Camp keeper", "stonefoot_camp", "frostmere_camp"),
            ],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "brindlemark_inn",
            },
            charmbinder={
                "name": "charmbinder",
                "title": "Charmbinder",
                "station": "alchemy_table#town",
                "spawn": "mayors_hall",
            },
            charm_keepers=[
                ("causeway_keeper", "Causeway keeper", "greenhollow_farm", "mirrorlake_causeway"),
                ("steps_keeper", "Steps keeper", "town_square", "shrine_steps"),
                ("hamlet_keeper", "Hamlet keeper", "brindlemark_smithy", "lakeview_hamlet"),
            ],
        ),
        vigil_b(
            "task_93",
            "Three Lights at Whisperwood",
            intro=(
                "The Whisperwood road is dark: three lamps must burn at once, at the woodcutters' camp, the clearing "
                "and the old oak grove; the renderer and the lampwright each keep one."
            ),
            keepers=[("grove_keeper", "Grove keeper", "mossy_pond", "old_oak_grove")],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#town",
                "spawn": "brindlemark_market",
                "post": "whisperwood_clearing",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#town",
                "spawn": "greenhollow_farm",
                "post": "woodcutters_camp",
            },
        ),
        survey_b(
            "task_94",
            "The Cartographer's Three Treasures",
            intro=(
                "The cartographer of Saltreach has charted three lost treasures: a brass orrery under the Sunscar sands, "
                "which she will dig herself, a bell in the Murkfen water and a totem in a riven oak of Whisperwood."
            ),
            charts="keeper",
            digs=[
                Dig("bell_diver", "Bell diver", "drowned_belfry", "old_mill", "witch_hut", (1, -1)),
                Dig("totem_feller", "Totem feller", "riven_oak", "woodcutters_camp", "mossy_pond", (-1, 1)),
                Dig(
                    "cartographer", "Cartographer", "sand_drift", "sunken_bazaar", "scorched_obelisk", (1, 0)
                ),
            ],
            keepers=[Keeper("cartographer", "Cartographer", "sunken_bazaar", "sunscar_oasis")],
        ),
        raise_sites(
            "task_95",
            "The Harbour Works of Saltreach",
            intro=(
                "Saltreach is building its harbour works: a heartwood crane hung with starsilver, a pearl-lit beacon "
                "house and a dawnlily smokehouse, each raised by its own master; eight hands in all."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 4, "broken_colonnade", (0, 1)),
                Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 3, "mossy_pond", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 3, "lakeview_hamlet", (-1, 1)),
                Source("lily_picker", "Lily picker", "dawnlily_patch", 3, "sunscar_oasis", (1, 0)),
            ],
            makers=[
                {
                    "name": "smelter",
                    "title": "Smelter",
                    "recipes": [("starsilver_bar", 2)],
                    "station": "furnace#town",
                    "spawn": "brindlemark_smithy",
                    "fed_by": ["prospector"],
                    "site": "harbour_crane",
                }
            ],
            feeds={
                "prospector": "smelter",
                "heartwood_feller": "harbour_crane",
                "pearl_diver": "beacon_house",
                "lily_picker": "smokehouse",
            },
            sites=[
                Site(
                    "harbour_crane",
                    "Harbour crane",
                    "saltreach_village",
                    {"starsilver_bar": 2, "heartwood_log": 3},
                    "crafting",
                    "cranewright",
                    (-1, -1),
                ),
                Site(
                    "beacon_house",
                    "Beacon house",
                    "gullwatch_pier",
                    {"moon_pearl": 3},
                    "alchemy",
                    "lensmaker",
                    (-1, 0),
                ),
                Site(
                    "smokehouse",
                    "Dawnlily smokehouse",
                    "saltreach_village",
                    {"dawnlily": 3},
                    "cooking",
                    "smokemaster",
                    (1, 1),
                ),
            ],
            builders=[
                {"name": "cranewright", "title": "Cranewright", "spawn": "town_square"},
                {"name": "lensmaker", "title": "Lensmaker", "spawn": "water_shrine"},
                {"name": "smokemaster", "title": "Smokemaster", "spawn": "sunken_bazaar"},
            ],
        ),
        raise_sites(
            "task_96",
            "The Ferryman's Landing",
            intro=(
                "The ferryman of the Murkfen will build his new landing of heartwood planks and stormeel-oiled "
                "boards: the carpenter saws the planks, the eels he catches himself."
            ),
            sources=[
                Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 4, "old_oak_grove", (1, 0))
            ],
            makers=[
                {
                    "name": "carpenter",
                    "title": "Carpenter",
                    "recipes": [("heartwood_plank", 2)],
                    "station": "workbench#camp",
                    "spawn": "whisperwood_clearing",
                    "fed_by": ["heartwood_feller"],
                    "site": "ferry_landing",
                }
            ],
            feeds={"heartwood_feller": "carpenter"},
            sites=[
                Site(
                    "ferry_landing",
                    "Ferry landing",
                    "murkfen_landing",
                    {"heartwood_plank": 2, "stormeel": 2},
                    "crafting",
                    "ferryman",
                    (1, 0),
                )
            ],
            builders=[
                {
                    "name": "ferryman",
                    "title": "Ferryman",
                    "spawn": "witch_hut",
                    "own": Source("ferryman", "Ferryman", "stormeel_run", 2, "witch_hut", (1, -1)),
                }
            ],
        ),
        loop(
            "task_97",
            "The Herbalist's Tincture",
            intro=(
                "The herbalist of Greenhollow needs a dawnlily tincture for the sick at the farm: she picks the "
                "dawnlilies herself, the pearl diver brings a moon pearl, and the alchemist steeps them."
            ),
            owner={
                "name": "herbalist",
                "title": "Herbalist",
                "spawn": "greenhollow_farm",
                "place": "greenhollow_farm",
                "source": Source("herbalist", "Herbalist", "dawnlily_patch", 2, "greenhollow_farm", (-1, 1)),
            },
            helpers=[Source("pearl_diver", "Pearl diver", "pearl_bed", 1, "mossy_pond", (1, 1))],
            makers=[
                {
                    "name": "alchemist",
                    "title": "Alchemist",
                    "recipes": [("dawnlily_tincture", 1)],
                    "station": "alchemy_table#town",
                    "spawn": "brindlemark_inn",
                    "fed_by": ["herbalist", "pearl_diver"],
                }
            ],
        ),
        vigil_b(
            "task_98",
            "Two Lamps at Deepdelve",
            intro=(
                "The miners of Deepdelve will go down only when lamps burn at the mine mouth and at Stonefoot Camp at "
                "once; the oil renderer keeps one of them herself."
            ),
            keepers=[("camp_keeper", "Camp keeper", "frostmere_camp", "stonefoot_camp")],
            lampwright={
                "name": "lampwright",
                "title": "Lampwright",
                "station": "workbench#camp",
                "spawn": "mossy_pond",
            },
            renderer={
                "name": "oil_renderer",
                "title": "Oil renderer",
                "station": "cooking_range#frostmere",
                "spawn": "north_crossroads",
                "post": "deepdelve_mine",
            },
        ),
        survey_b(
            "task_99",
            "The Regalia for the Keep",
            intro=(
                "The old kingdom's regalia is to be shown again at the Hollowcrown Gate: the king's seal from a cairn and a "
                "storm totem from a riven oak, mounted together by the alchemist of the Murkfen."
            ),
            digs=[
                Dig("cairn_miner", "Cairn miner", "kings_cairn", "stonefoot_camp", "ogre_den_mouth", (1, 1)),
                Dig(
                    "totem_feller", "Totem feller", "riven_oak", "mossy_pond", "whisperwood_clearing", (0, 1)
                ),
            ],
            keepers=[Keeper("castellan", "Castellan", "broken_colonnade", "ruins_gate")],
            restorer={
                "name": "alchemist",
                "title": "Alchemist",
                "spawn": "drowned_chapel",
                "station": "alchemy_table#town",
                "recipe": "kingdom_regalia",
            },
        ),
        haul_b(
            "task_100",
            "The Four Guild Stores",
            intro=(
                "Four guild stores at the four ends of the realm each want a share of four rare goods before the "
                "winter: starsilver, heartwood, moon pearls and dawnlilies, counted in each storekeeper's hands."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 4, "north_crossroads", (1, 1)),
                Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 4, "mossy_pond", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 4, "mirrorlake_causeway", (-1, 1)),
                Source("lily_picker", "Lily picker", "dawnlily_patch", 4, "greenhollow_farm", (1, 1)),
            ],
            shares={
                "prospector": {"north_store": 1, "west_store": 1, "south_store": 1, "east_store": 1},
                "heartwood_feller": {"west_store": 1, "south_store": 1, "east_store": 1, "north_store": 1},
                "pearl_diver": {"east_store": 1, "north_store": 1, "west_store": 1, "south_store": 1},
                "lily_picker": {"south_store": 1, "east_store": 1, "north_store": 1, "west_store": 1},
            },
            keepers=[
                {
                    "name": "north_store",
                    "title": "North storekeeper",
                    "spawn": "frostmere_camp",
                    "place": "north_crossroads",
                },
                {
                    "name": "west_store",
                    "title": "West storekeeper",
                    "spawn": "whisperwood_clearing",
                    "place": "mossy_pond",
                },
                {
                    "name": "south_store",
                    "title": "South storekeeper",
                    "spawn": "sunscar_oasis",
                    "place": "old_mill",
                },
                {
                    "name": "east_store",
                    "title": "East storekeeper",
                    "spawn": "shrine_steps",
                    "place": "greenhollow_farm",
                },
            ],
        ),
    ]
