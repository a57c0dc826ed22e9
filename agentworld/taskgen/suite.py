"""The generated tasks: one call of a motif per task, with the parameters that make it distinct.

`scripts/generate_tasks.py` calibrates and writes every entry of `drafts()` to
agentworld/tasks/<id>.yaml. Ids continue after the hand-written tasks (task_17 onward).
"""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.motifs import Source, forge, haul, raise_site


def drafts() -> list[Draft]:
    return [
        forge("task_17", "The Seer's Pearl Circlet", intro=(
            "The seer of Brindlemark needs a pearl circlet: a starsilver band set with two moon pearls, "
            "which only the jeweller can set, from pearls only the pearl diver can raise."),
            sources=[Source("pearl_diver", "Pearl diver", "pearl_bed", 2, "mossy_pond", (-1, 1))],
            makers=[{"name": "jeweller", "title": "Jeweller", "recipes": [("pearl_circlet", 1)],
                     "station": "workbench#town", "spawn": "brindlemark_market",
                     "start": {"starsilver_bar": 1}, "fed_by": ["pearl_diver"]}],
            wielder={"name": "seer", "title": "Seer", "skills": {"magic": 45}, "spawn": "greenhollow_farm",
                     "item": "pearl_circlet"}),
        haul("task_18", "Stores for the Deep Forge", intro=(
            "The Deep Forge at Stonefoot Camp is lighting its furnaces again and needs rare stock: "
            "starsilver ore from the peaks and heartwood logs from Whisperwood."),
            sources=[Source("prospector", "Prospector", "starsilver_vein", 4, "deepdelve_mine", (-1, -1)),
                     Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 4, "woodcutters_camp", (0, 1))],
            keeper={"name": "forgemaster", "title": "Forgemaster", "spawn": "north_crossroads",
                    "place": "stonefoot_camp"}),
        raise_site("task_19", "The Lakeside Shrine Roof", intro=(
            "The roof of the lakeside shrine fell in: it must be rebuilt from heartwood beams lashed with "
            "wild silk, under a master joiner's hand."),
            sources=[Source("heartwood_feller", "Heartwood feller", "heartwood_tree", 3, "old_oak_grove", (1, 0)),
                     Source("silk_gatherer", "Silk gatherer", "silkmoth_cocoons", 3, "mirrorlake_causeway", (1, 1))],
            site={"id": "shrine_roof", "name": "Shrine roof", "near": "lakeview_hamlet",
                  "materials": {"heartwood_log": 3, "wild_silk": 3}, "work": 3, "skill": "crafting", "level": 50},
            builder={"name": "joiner", "title": "Master joiner", "spawn": "town_square"}),
    ]
