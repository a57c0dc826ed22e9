"""The generated coordination tasks 23, 28 and 98 (see coordination.py): lights lit one after another
from a signal, along the Gullwatch coast (23), the northern road (28) and the Deepdelve mine road
(98); one `watch` call each (taskgen/posts.py). `AXE`, `PICK` and `KNIFE` serve coordination.py
and coordination_held.py too."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.posts import Keeper, Maker, Post, Stage, Watch, watch


AXE, PICK, KNIFE = {"bronze_axe": 1}, {"bronze_pickaxe": 1}, {"knife": 1}  # the gathering tools keepers carry


def drafts() -> list[Draft]:
    return [task_23(), task_28(), task_98()]


def task_23(light=28) -> Draft:
    posts = [
        Post(
            "village_light",
            "Saltreach light",
            (199, 197),
            "first_keeper",
            node="palm_tree",
            gather=9,
            nodes=2,
            recipe="palm_stick",
            supply={"stormeel_oil": 1},
            work=4,
            skill="crafting",
            level=30,
            direction=(0, -1),
        ),
        Post(
            "strand_light",
            "Strand light",
            (226, 214),
            "second_keeper",
            node="reed_bed",
            gather=18,
            recipe="reed_basket",
            supply={"stormeel_oil": 1},
            work=4,
            skill="crafting",
            level=30,
            direction=(0, 1),
            nodes=3,
        ),
        Post(
            "lighthouse_light",
            "Lighthouse light",
            (232, 240),
            "third_keeper",
            node="sandstone_rock",
            gather=10,
            nodes=2,
            supply={"stormeel_oil": 1},
            work=4,
            skill="crafting",
            level=30,
            direction=(0, -1),
        ),
    ]
    keepers = [
        Keeper(
            "first_keeper",
            "Coast warden",
            "saltreach_village",
            {"crafting": 35, "lumberjacking": 20, "fletching": 20, "foraging": 10},
            {"bronze_axe": 1, "knife": 1},
            ["palm_stick", "reed_basket"],
        ),
        Keeper(
            "second_keeper",
            "Coast warden",
            (201, 199),
            {"crafting": 35, "foraging": 10, "mining": 10},
            {"knife": 1, "bronze_pickaxe": 1},
            ["reed_basket"],
        ),
        Keeper(
            "third_keeper",
            "Coast warden",
            (202, 201),
            {"crafting": 35, "mining": 10, "lumberjacking": 20, "fletching": 20},
            {"bronze_pickaxe": 1, "bronze_axe": 1},
            ["palm_stick"],
        ),
    ]
    makers = [
        Maker(
            "oil_renderer",
            "Oil renderer",
            (204, 205),
            {"fishing": 55, "cooking": 50},
            {"fishing_rod": 1},
            [
                Stage("gather", "stormeel_run", 6, (208, 210)),
                Stage("craft", "stormeel_oil", 3, "cooking_range#saltreach"),
                Stage("give", "stormeel_oil", 1, "first_keeper"),
                Stage("give", "stormeel_oil", 1, "second_keeper"),
                Stage("give", "stormeel_oil", 1, "third_keeper"),
            ],
        ),
    ]
    w = Watch(
        "order",
        posts,
        keepers,
        makers,
        surveyor="oil_renderer",
        herald="third_keeper",
        signal=light,
        light=light,
    )
    return watch(
        "task_23",
        "Three Lights on the Gullwatch Coast",
        intro=(
            "The Gullwatch lighthouse lens is cracked: until it is mended, ships find the channel by "
            "three oil lights along the coast, lit one after another from Saltreach to the lighthouse."
        ),
        w=w,
        tag="coast3",
        why=(
            "stormeel oil (only the renderer: cooking 45), brought to each post -> 3 coast lights raised "
            "from palm, reeds and sandstone by 3 keepers (crafting 30) and lit one a round from the "
            "signal the lighthouse keeper knows"
        ),
    )


def task_98(light=21) -> Draft:
    posts = [
        Post(
            "mouth_lamp",
            "Mine Mouth lamp",
            (56, 41),
            "first_keeper",
            node="sandstone_rock",
            gather=4,
            recipe="glass_vial",
            station="furnace#mine",
            work=4,
            skill="mining",
            level=30,
            direction=(0, 1),
        ),
        Post(
            "stonefoot_lamp",
            "Stonefoot lamp",
            (62, 54),
            "second_keeper",
            node="pine_tree",
            gather=8,
            recipe="pine_stick",
            work=4,
            skill="mining",
            level=30,
            direction=(0, 1),
        ),
        Post(
            "ridge_lamp",
            "East Ridge lamp",
            (80, 52),
            "third_keeper",
            node="coal_rock",
            gather=8,
            work=4,
            skill="mining",
            level=30,
            direction=(1, 0),
            nodes=2,
        ),
    ]
    keepers = [
        Keeper(
            "first_keeper",
            "Lamp miner",
            "stonefoot_camp",
            {"mining": 35, "lumberjacking": 15, "fletching": 10, "crafting": 5},
            {"bronze_pickaxe": 1, "bronze_axe": 1},
            ["glass_vial", "pine_stick"],
        ),
        Keeper(
            "second_keeper",
            "Lamp miner",
            "deepdelve_mine",
            {"mining": 35, "lumberjacking": 15, "fletching": 10},
            {"bronze_pickaxe": 1, "bronze_axe": 1},
            ["pine_stick"],
        ),
        Keeper(
            "third_keeper",
            "Lamp miner",
            (70, 49),
            {"mining": 35, "crafting": 5},
            {"bronze_pickaxe": 1},
            ["glass_vial"],
        ),
    ]
    w = Watch(
        "order", posts, keepers, surveyor="first_keeper", herald="second_keeper", signal=light, light=light
    )
    return watch(
        "task_98",
        "Three Lamps at Deepdelve",
        intro=(
            "The miners of Deepdelve will go down only when the lamps on the mine road are lit one after "
            "another from the mine mouth outwards."
        ),
        w=w,
        tag="mine3",
        why=(
            "3 lamps raised from glass blown at the furnace, pine sticks and coal by 3 miners (mining 30)"
            " who choose posts their skills allow, lit one a round from the signal"
        ),
    )


def task_28(light=19) -> Draft:
    raise_with = dict(skill="mining", level=30)
    posts = [
        Post(
            "mine_beacon",
            "Mine Road beacon",
            (56, 40),
            "beacon_keeper_1",
            node="pine_tree",
            gather=6,
            recipe="pine_stick",
            work=3,
            direction=(0, -1),
            **raise_with,
        ),
        Post(
            "crag_beacon",
            "Crag beacon",
            (72, 56),
            "beacon_keeper_2",
            node="sandstone_rock",
            gather=4,
            recipe="glass_vial",
            station="furnace#mine",
            work=3,
            direction=(0, 1),
            **raise_with,
        ),
        Post(
            "ridge_beacon",
            "Ridge beacon",
            (88, 46),
            "beacon_keeper_3",
            node="coal_rock",
            gather=4,
            also={"sandstone_rock": 3},
            work=4,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "hollow_beacon",
            "Hollow beacon",
            (116, 60),
            "beacon_keeper_4",
            node="oak_tree",
            gather=6,
            recipe="oak_stick",
            work=4,
            direction=(0, 1),
            **raise_with,
        ),
        Post(
            "tarn_road_beacon",
            "Tarn Road beacon",
            (115, 45),
            "beacon_keeper_5",
            node="iron_rock",
            gather=6,
            work=4,
            direction=(-1, 0),
            nodes=2,
            **raise_with,
        ),
        Post(
            "camp_beacon",
            "Camp beacon",
            (130, 50),
            "beacon_keeper_6",
            node="reed_bed",
            gather=6,
            recipe="reed_basket",
            also={"iron_rock": 3},
            work=4,
            direction=(0, -1),
            nodes=3,
            **raise_with,
        ),
        Post(
            "gate_road_beacon",
            "Gate Road beacon",
            (145, 46),
            "beacon_keeper_7",
            node="pine_tree",
            gather=5,
            also={"iron_rock": 3},
            work=5,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "gate_beacon",
            "Glacier Gate beacon",
            (150, 34),
            "beacon_keeper_8",
            node="sandstone_rock",
            gather=8,
            work=5,
            direction=(0, 1),
            nodes=2,
            **raise_with,
        ),
    ]

    def keeper(name, spawn, skills, inv, recipes):
        return Keeper(name, "Beacon keeper", spawn, {"mining": 35, **skills}, inv, recipes)

    keepers = [
        keeper(
            "beacon_keeper_1",
            "deepdelve_mine",
            {"lumberjacking": 20, "fletching": 10},
            {**AXE, **PICK},
            ["pine_stick", "oak_stick"],
        ),
        keeper("beacon_keeper_2", "stonefoot_camp", {"crafting": 5}, PICK, ["glass_vial"]),
        keeper("beacon_keeper_3", (86, 50), {"lumberjacking": 20}, {**PICK, **AXE}, []),
        keeper(
            "beacon_keeper_4",
            (114, 64),
            {"lumberjacking": 20, "fletching": 10},
            {**AXE, **PICK},
            ["oak_stick", "pine_stick"],
        ),
        keeper("beacon_keeper_5", (116, 56), {"crafting": 5}, PICK, ["glass_vial"]),
        keeper(
            "beacon_keeper_6",
            "frostmere_camp",
            {"foraging": 10, "crafting": 5},
            {**KNIFE, **PICK},
            ["reed_basket"],
        ),
        keeper("beacon_keeper_7", (132, 62), {"lumberjacking": 20}, {**AXE, **PICK}, []),
        keeper(
            "beacon_keeper_8",
            (134, 62),
            {"foraging": 10, "crafting": 5},
            {**KNIFE, **PICK},
            ["reed_basket", "glass_vial"],
        ),
    ]
    w = Watch(
        "order",
        posts,
        keepers,
        surveyor="beacon_keeper_1",
        herald="beacon_keeper_8",
        signal=light,
        light=light,
        reports=True,
    )
    return watch(
        "task_28",
        "The Eight Beacons of the North",
        intro=(
            "A blizzard is closing the northern passes: the beacons along the road from Deepdelve to the "
            "Glacier Gate must be lit one after another, from the mine eastwards, starting at the signal."
        ),
        w=w,
        tag="north8",
        why=(
            "8 beacons raised from what grows on the north road (pine, glass blown at the mine furnace, "
            "coal, oak, iron, reeds, sandstone) by 8 keepers (mining 30) who report what they can do, "
            "sent to posts by the surveyor, lit one a round from the signal the last keeper knows"
        ),
    )
