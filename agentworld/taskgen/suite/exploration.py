"""The generated exploration tasks (ids 34, 35, 76, 77, 78, 79, 80, 81, 94, 99): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, survey
from agentworld.taskgen.motifs_a import armed
from agentworld.taskgen.motifs_b import Dig, Keeper, survey_b


def drafts() -> list[Draft]:
    return [
        survey(
            "task_34",
            "The Three Lost Relics of the Old Kingdom",
            intro=(
                "Three relics of the old kingdom lie lost far from any road: a reliquary in the lake, a crown in a "
                "sealed barrow and an idol under the moss. The curator of the Mayor's Hall wants them all."
            ),
            diggers=[
                {
                    "name": "diver",
                    "title": "Relic diver",
                    "node": "sunken_reliquary",
                    "spawn": "gullwatch_pier",
                    "site_near": "mirrorlake_causeway",
                    "direction": (1, 1),
                    "away": 9,
                },
                {
                    "name": "delver",
                    "title": "Barrow delver",
                    "node": "sealed_barrow",
                    "spawn": "frostford",
                    "site_near": "greyhorn_lookout",
                    "direction": (1, 1),
                    "away": 9,
                },
                {
                    "name": "moss_digger",
                    "title": "Moss digger",
                    "node": "overgrown_idol",
                    "spawn": "witch_hut",
                    "site_near": "old_oak_grove",
                    "direction": (0, 1),
                    "away": 9,
                },
            ],
            curator={
                "name": "curator",
                "title": "Curator",
                "spawn": "greenhollow_farm",
                "place": "mayors_hall",
            },
        ),
        survey(
            "task_35",
            "Two Relics for the Lakeview Elders",
            intro=(
                "The elders of Brindlemark lost two relics in the old wars: a crown sealed in a barrow near the "
                "Hollowcrown Gate and an idol overgrown near the Murkfen Landing."
            ),
            diggers=[
                {
                    "name": "delver",
                    "title": "Barrow delver",
                    "node": "sealed_barrow",
                    "spawn": "saltreach_village",
                    "site_near": "ruins_gate",
                    "direction": (-1, 1),
                    "away": 9,
                },
                {
                    "name": "moss_digger",
                    "title": "Moss digger",
                    "node": "overgrown_idol",
                    "spawn": "old_mill",
                    "site_near": "murkfen_landing",
                    "direction": (1, 0),
                    "away": 9,
                },
            ],
            curator={
                "name": "elder",
                "title": "Elder",
                "spawn": "frostmere_camp",
                "place": "brindlemark_inn",
            },
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
        # task_72 is to become an exploration task (task_76 turns to combat); until then its combat draft lives here
        armed(
            "task_72",
            "The Stalker on the Ford Road",
            intro=(
                "A rime stalker has taken the road to Frostford Bridge. The huntress of Frostmere will cut a bow "
                "from her own ghostpine logs and string it with silk cord from the weaver, then go after it."
            ),
            sources=[
                Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 2, "north_crossroads", (1, 0))
            ],
            makers=[
                {
                    "name": "weaver",
                    "title": "Weaver",
                    "recipes": [("silk_cord", 1)],
                    "station": "loom#town",
                    "spawn": "brindlemark_market",
                    "fed_by": ["silk_gatherer"],
                },
                {
                    "name": "huntress",
                    "title": "Huntress",
                    "recipes": [("ghostpine_stave", 1), ("ghostpine_bow", 1)],
                    "station": "fletching_bench#town",
                    "spawn": "frostmere_camp",
                    "start": {"ghostpine_log": 2},
                    "fed_by": [],
                },
            ],
            fighter={
                "name": "huntress",
                "title": "Huntress",
                "makes": True,
                "skills": {"archery": 70, "defense": 40, "health": 40},
            },
            beast={"type": "rime_stalker", "near": "north_crossroads", "direction": (-1, -1), "away": 8},
        ),
    ]
