"""The generated gathering tasks (ids 18, 26, 37, 44, 49, 85, 86, 87, 100): one motif call per task, with the parameters that make it
distinct."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, haul
from agentworld.taskgen.motifs_b import haul_b


def drafts() -> list[Draft]:
    return [
        haul(
            "task_18",
            "Stores for the Deep Forge",
            intro=(
                "The Deep Forge at Stonefoot Camp is lighting its furnaces again and needs rare stock: "
                "starsilver ore from the peaks and heartwood logs from Whisperwood."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 4, "deepdelve_mine", (-1, -1)),
                Source(
                    "heartwood_feller",
                    "Heartwood feller",
                    "heartwood_tree",
                    4,
                    "woodcutters_camp",
                    (0, 1),
                ),
            ],
            keeper={
                "name": "forgemaster",
                "title": "Forgemaster",
                "spawn": "north_crossroads",
                "place": "stonefoot_camp",
            },
        ),
        haul(
            "task_26",
            "Provisions for Saltreach",
            intro=(
                "The Saltreach guild pays for rare goods only when its factor holds them in the village: emberstone "
                "from the peaks, stormeels from the lake and dawnlilies from the meadows."
            ),
            sources=[
                Source("ember_miner", "Ember miner", "emberstone_seam", 3, "broken_colonnade", (1, -1)),
                Source("eel_fisher", "Eel fisher", "stormeel_run", 3, "shrine_steps", (0, 1)),
                Source("lily_picker", "Lily picker", "dawnlily_patch", 3, "greenhollow_farm", (1, 1)),
            ],
            keeper={
                "name": "factor",
                "title": "Guild factor",
                "spawn": "sunscar_oasis",
                "place": "saltreach_village",
            },
        ),
        haul(
            "task_37",
            "The Quartermaster's Own Load",
            intro=(
                "The Frostmere garrison's quartermaster must bring rare stock to Frostmere Camp: stormeels she "
                "catches herself, and dawnlilies and starsilver ore the others bring."
            ),
            sources=[
                Source("lily_picker", "Lily picker", "dawnlily_patch", 3, "north_crossroads", (1, 1)),
                Source("prospector", "Prospector", "starsilver_vein", 3, "stonefoot_camp", (1, 1)),
            ],
            own=Source("quartermaster", "Quartermaster", "stormeel_run", 3, "frostford", (-1, 1)),
            keeper={
                "name": "quartermaster",
                "title": "Quartermaster",
                "spawn": "frostford",
                "place": "frostmere_camp",
            },
        ),
        haul(
            "task_44",
            "Stock for the Guildhall Vaults",
            intro=(
                "The guildhall vaults under the Mayor's Hall are to be stocked with four rare goods, one from each "
                "kind of wild: mine, forest, water and field."
            ),
            sources=[
                Source("prospector", "Prospector", "starsilver_vein", 3, "stonefoot_camp", (1, 1)),
                Source("mistwood_feller", "Mistwood feller", "ghostpine_tree", 3, "frostford", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 3, "mossy_pond", (0, 1)),
                Source("lily_picker", "Lily picker", "dawnlily_patch", 3, "greenhollow_farm", (1, 1)),
            ],
            keeper={
                "name": "vault_warden",
                "title": "Vault warden",
                "spawn": "old_mill",
                "place": "mayors_hall",
            },
        ),
        haul(
            "task_49",
            "The Saltreach Provisioner",
            intro=(
                "The provisioner of Saltreach sails at dusk and will take only what she holds on the quay: her own "
                "wild silk, and emberstone, moon pearls and heartwood logs from three other hands."
            ),
            sources=[
                Source("ember_miner", "Ember miner", "emberstone_seam", 2, "ruins_gate", (1, 1)),
                Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "shrine_steps", (0, 1)),
                Source("lumber_hand", "Heartwood feller", "heartwood_tree", 2, "greenhollow_farm", (1, 1)),
            ],
            own=Source("provisioner", "Provisioner", "silkmoth_cocoons", 2, "sunscar_oasis", (1, 1)),
            keeper={
                "name": "provisioner",
                "title": "Provisioner",
                "spawn": "sunscar_oasis",
                "place": "saltreach_village",
            },
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
