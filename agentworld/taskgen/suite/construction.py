"""The generated construction tasks (ids 19, 27, 45, 46, 82, 83, 84, 95, 96): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.building import Hand, Load, Stage, raise_works
from agentworld.taskgen.motifs import Source, raise_site
from agentworld.taskgen.motifs_b import Site, raise_sites


def drafts() -> list[Draft]:
    return [
        raise_works(
            "task_19",
            "The Lakeside Shrine Roof",
            intro=(
                "The roof of the lakeside shrine by Lakeview Hamlet fell in: its rubble must be cleared before a "
                "new roof of heartwood lashed with wild silk can go up."
            ),
            goal="the new roof stands on the cleared shrine",
            stages=[
                Stage("shrine_rubble", "Fallen roof", 46, near="lakeview_hamlet", direction=(0, -1)),
                Stage(
                    "shrine_roof",
                    "New roof",
                    3,
                    materials={"heartwood_log": 6, "wild_silk": 6},
                    skill="crafting",
                    on="shrine_rubble",
                    direction=(0, -1),
                ),
            ],
            hands=[
                Hand(
                    "joiner",
                    "Master joiner",
                    (232, 100),
                    finishes=("shrine_roof",),
                    digs=("shrine_rubble",),
                ),
                Hand(
                    "heartwood_feller",
                    "Heartwood feller",
                    (238, 134),
                    loads=(
                        Load("heartwood_tree", 6, "lakeview_hamlet", (0, 1), 14, known_by="silk_gatherer"),
                    ),
                    digs=("shrine_rubble",),
                    sends={"heartwood_log": "joiner"},
                ),
                Hand(
                    "silk_gatherer",
                    "Silk gatherer",
                    (226, 82),
                    loads=(
                        Load(
                            "silkmoth_cocoons", 6, "lakeview_hamlet", (1, -1), 14, known_by="heartwood_feller"
                        ),
                    ),
                    digs=("shrine_rubble",),
                    sends={"wild_silk": "joiner"},
                ),
            ],
            plan_with="joiner",
        ),
        raise_site(
            "task_27",
            "The Heartwood Bridge",
            intro=(
                "The old footbridge at the Old Mill is to be rebuilt of heartwood planks, sawn by the carpenter from "
                "logs only the heartwood feller can fell, and raised by the bridgewright."
            ),
            sources=[
                Source(
                    "heartwood_feller",
                    "Heartwood feller",
                    "heartwood_tree",
                    4,
                    "whisperwood_clearing",
                    (1, 0),
                )
            ],
            makers=[
                {
                    "name": "carpenter",
                    "title": "Carpenter",
                    "recipes": [("heartwood_plank", 2)],
                    "station": "workbench#camp",
                    "spawn": "mossy_pond",
                    "fed_by": ["heartwood_feller"],
                }
            ],
            site={
                "id": "heartwood_bridge",
                "name": "Heartwood bridge",
                "near": "old_mill",
                "materials": {"heartwood_plank": 2},
                "work": 3,
                "skill": "crafting",
                "level": 50,
            },
            builder={"name": "bridgewright", "title": "Bridgewright", "spawn": "brindlemark_inn"},
        ),
        raise_site(
            "task_45",
            "The Tarn Observatory",
            intro=(
                "An observatory is to rise beside Frostmere Camp: starsilver for its ring, heartwood for its frame and "
                "moon pearls for its lenses, set by the master builder."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 3, "stonefoot_camp", (1, 1)),
                Source(
                    "heartwood_feller",
                    "Heartwood feller",
                    "heartwood_tree",
                    3,
                    "woodcutters_camp",
                    (0, -1),
                ),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "frostford", (1, 1)),
            ],
            site={
                "id": "tarn_observatory",
                "name": "Tarn observatory",
                "near": "frostmere_camp",
                "materials": {"starsilver_ore": 3, "heartwood_log": 3, "moon_pearl": 2},
                "work": 3,
                "skill": "crafting",
                "level": 50,
            },
            builder={"name": "master_builder", "title": "Master builder", "spawn": "north_crossroads"},
        ),
        raise_site(
            "task_46",
            "The Starsilver Gate of Greenhollow",
            intro=(
                "Greenhollow Farm wants a gate of starsilver bars hung on heartwood posts; the smelter makes the bars, the "
                "gatewright raises the gate."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 4, "broken_colonnade", (0, 1)),
                Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 2, "mossy_pond", (1, 1)),
            ],
            makers=[
                {
                    "name": "smelter",
                    "title": "Smelter",
                    "recipes": [("starsilver_bar", 2)],
                    "station": "furnace#town",
                    "spawn": "brindlemark_smithy",
                    "fed_by": ["prospector"],
                }
            ],
            site={
                "id": "greenhollow_gate",
                "name": "Greenhollow gate",
                "near": "greenhollow_farm",
                "materials": {"starsilver_bar": 2, "heartwood_log": 2},
                "work": 3,
                "skill": "crafting",
                "level": 50,
            },
            builder={"name": "gatewright", "title": "Gatewright", "spawn": "sunscar_oasis"},
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
    ]
