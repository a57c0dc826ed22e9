"""The generated coordination tasks 38, 91 and 93 (see coordination.py): posts kept while a central site
goes up, the signal mast at the Old Mill (38), the harbour beacon of Saltreach (91), the shrine of the
Old Oak Grove (93); one `watch` call each (taskgen/posts.py)."""

from __future__ import annotations

from agentworld.taskgen.build import Draft
from agentworld.taskgen.posts import Central, Keeper, Maker, Post, Stage, Watch, watch
from agentworld.taskgen.suite.coordination_in_order import AXE, KNIFE, PICK


def drafts() -> list[Draft]:
    return [task_38(), task_91(), task_93()]


def task_93() -> Draft:
    posts = [
        Post(
            "north_ward",
            "North ward",
            (20, 119),
            "first_keeper",
            node="oak_tree",
            gather=8,
            recipe="oak_stick",
            supply={"heartwood_stick": 2},
            work=4,
            skill="lumberjacking",
            level=30,
            direction=(0, -1),
        ),
        Post(
            "east_ward",
            "East ward",
            (29, 134),
            "second_keeper",
            node="willow_tree",
            gather=6,
            supply={"heartwood_stick": 2},
            work=4,
            skill="lumberjacking",
            level=30,
            direction=(1, 0),
            nodes=2,
        ),
    ]
    keepers = [
        Keeper(
            "first_keeper",
            "Forest warden",
            (36, 128),
            {"lumberjacking": 35, "fletching": 5},
            {"bronze_axe": 1},
            ["oak_stick"],
        ),
        Keeper(
            "second_keeper",
            "Forest warden",
            (36, 126),
            {"lumberjacking": 35, "fletching": 5},
            {"bronze_axe": 1},
            ["oak_stick"],
        ),
    ]
    makers = [
        Maker(
            "shrine_carver",
            "Shrine carver",
            (36, 130),
            {"lumberjacking": 50, "fletching": 50},
            {"bronze_axe": 1},
            [
                Stage("gather", "heartwood_tree", 5, (13, 124)),
                Stage("craft", "heartwood_stick", 5),
                Stage("give", "heartwood_stick", 2, "first_keeper"),
                Stage("give", "heartwood_stick", 2, "second_keeper"),
            ],
        ),
    ]
    central = Central(
        "grove_shrine",
        "Grove shrine",
        "old_oak_grove",
        "shrine_carver",
        {"heartwood_stick": 6},
        work=5,
        skill="fletching",
        level=50,
        within=3,
        direction=(0, 1),
    )
    w = Watch("held", posts, keepers, makers, central=central, surveyor="shrine_carver")
    return watch(
        "task_93",
        "The Shrine of the Old Oak Grove",
        intro=(
            "The old shrine in the Old Oak Grove must be carved anew in heartwood, and the carving holds "
            "only if the grove's north and east wards are kept while it is made."
        ),
        w=w,
        tag="shrine",
        why=(
            "heartwood sticks (only the carver: lumberjacking 45) for the shrine and both wards -> 2 "
            "wards raised by 2 wardens and held at every build of the shrine (fletching 50, the carver) "
            "until it is done"
        ),
        swaps=[("first_keeper", "second_keeper")],
    )


def task_38() -> Draft:
    posts = [
        Post(
            "north_watch",
            "North watch post",
            (106, 134),
            "first_watcher",
            node="oak_tree",
            gather=6,
            recipe="oak_stick",
            work=5,
            skill="lumberjacking",
            level=30,
            direction=(0, -1),
        ),
        Post(
            "west_watch",
            "West watch post",
            (98, 140),
            "second_watcher",
            node="sandstone_rock",
            gather=6,
            work=5,
            skill="lumberjacking",
            level=30,
            direction=(-1, 0),
        ),
        Post(
            "east_watch",
            "East watch post",
            (121, 151),
            "third_watcher",
            node="reed_bed",
            gather=12,
            recipe="reed_basket",
            work=5,
            skill="lumberjacking",
            level=30,
            direction=(1, 0),
            nodes=3,
        ),
    ]

    def watcher(name, spawn, skills, inv, recipes, pines):
        return Maker(
            name,
            "Watcher",
            spawn,
            skills,
            inv,
            [
                Stage("gather", "pine_tree", 4, pines, nodes=1),
                Stage("give", "pine_log", 4, "mastwright", via="signal_mast"),
            ],
            recipes=recipes,
        )

    makers = [
        watcher(
            "first_watcher",
            "old_mill",
            {"lumberjacking": 35, "fletching": 5},
            {"bronze_axe": 1},
            ["oak_stick"],
            (100, 142),
        ),
        watcher(
            "second_watcher",
            (104, 146),
            {"lumberjacking": 35, "mining": 10},
            {"bronze_axe": 1, "bronze_pickaxe": 1},
            [],
            (98, 156),
        ),
        watcher(
            "third_watcher",
            (108, 146),
            {"lumberjacking": 35, "foraging": 10, "crafting": 5},
            {"bronze_axe": 1, "knife": 1},
            ["reed_basket"],
            (114, 144),
        ),
        Maker(
            "mastwright",
            "Mastwright",
            (107, 150),
            {"fletching": 55, "foraging": 20, "crafting": 10},
            {"knife": 1},
            [Stage("gather", "flax_field", 4, (112, 156)), Stage("craft", "rope", 1)],
        ),
    ]
    central = Central(
        "signal_mast",
        "signal mast",
        (106, 150),
        "mastwright",
        {"pine_log": 12, "rope": 1},
        work=6,
        skill="fletching",
        level=50,
        within=3,
        direction=(0, 1),
    )
    w = Watch("held", posts, [], makers, central=central, surveyor="mastwright")
    return watch(
        "task_38",
        "The Signal Mast at the Old Mill",
        intro=(
            "Wolves have been seen on the mill road: a signal mast must be raised by the Old Mill, and "
            "the three watch posts around it kept while it goes up."
        ),
        w=w,
        tag="mast",
        why=(
            "3 watchers bring pine to the mastwright, then raise their watch posts; the mast (fletching "
            "50, only the mastwright, who twists its rope) is built while all three posts are held"
        ),
    )


def task_91() -> Draft:
    raise_with = dict(skill="crafting", level=30)
    posts = [
        Post(
            "north_cairn",
            "North Hill cairn",
            (211, 168),
            "shore_warden_1",
            node="sandstone_rock",
            gather=9,
            work=5,
            nodes=2,
            direction=(0, -1),
            **raise_with,
        ),
        Post(
            "dune_cairn",
            "Dune cairn",
            (218, 180),
            "shore_warden_2",
            node="palm_tree",
            gather=7,
            recipe="palm_stick",
            work=5,
            direction=(0, -1),
            **raise_with,
        ),
        Post(
            "west_cairn",
            "West Hill cairn",
            (181, 186),
            "shore_warden_3",
            node="reed_bed",
            gather=8,
            recipe="reed_basket",
            also={"sandstone_rock": 3},
            work=4,
            direction=(-1, 0),
            nodes=2,
            **raise_with,
        ),
        Post(
            "east_cairn",
            "East Shore cairn",
            (229, 197),
            "shore_warden_4",
            node="flax_field",
            gather=8,
            recipe="rope",
            work=4,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "cove_cairn",
            "Cove Road cairn",
            (175, 203),
            "shore_warden_5",
            node="palm_tree",
            gather=4,
            also={"sandstone_rock": 3},
            work=4,
            direction=(-1, 0),
            **raise_with,
        ),
        Post(
            "bay_cairn",
            "Crag cairn",
            (187, 177),
            "shore_warden_6",
            node="sandstone_rock",
            gather=8,
            work=5,
            direction=(1, 0),
            **raise_with,
        ),
        Post(
            "hill_cairn",
            "Beacon Hill cairn",
            (194, 191),
            "oil_renderer",
            node="reed_bed",
            gather=6,
            recipe="reed_basket",
            work=3,
            direction=(0, 1),
            **raise_with,
        ),
    ]

    def keeper(name, spawn, skills, inv, recipes):
        return Keeper(name, "Coast warden", spawn, {"crafting": 35, **skills}, inv, recipes)

    keepers = [
        keeper("shore_warden_1", (200, 186), {"mining": 10}, PICK, []),
        keeper("shore_warden_2", (202, 186), {"lumberjacking": 20, "fletching": 20}, AXE, ["palm_stick"]),
        keeper(
            "shore_warden_3",
            (204, 186),
            {"foraging": 10, "mining": 10},
            {**KNIFE, **PICK},
            ["reed_basket", "rope"],
        ),
        keeper("shore_warden_4", (200, 188), {"foraging": 10}, KNIFE, ["rope", "reed_basket"]),
        keeper(
            "shore_warden_5", (202, 188), {"lumberjacking": 20, "mining": 10}, {**AXE, **PICK}, ["palm_stick"]
        ),
        keeper("shore_warden_6", (204, 188), {"mining": 10}, PICK, []),
    ]
    makers = [
        Maker(
            "oil_renderer",
            "Oil renderer",
            (206, 188),
            {"fishing": 55, "cooking": 50, "crafting": 35, "foraging": 10},
            {"fishing_rod": 1, "knife": 1},
            [
                Stage("gather", "stormeel_run", 6, (198, 177)),
                Stage("craft", "stormeel_oil", 3, "cooking_range#saltreach"),
                Stage("give", "stormeel_oil", 3, "beaconwright", via="harbour_beacon"),
            ],
            recipes=["reed_basket"],
        ),
        Maker(
            "beaconwright",
            "Beaconwright",
            (206, 186),
            {"lumberjacking": 25, "crafting": 55},
            {"bronze_axe": 1},
            [Stage("gather", "duskwood_tree", 6, (212, 178))],
        ),
    ]
    central = Central(
        "harbour_beacon",
        "harbour beacon",
        (205, 182),
        "beaconwright",
        {"duskwood_log": 6, "stormeel_oil": 3},
        work=6,
        skill="crafting",
        level=50,
        within=3,
        direction=(0, 1),
    )
    w = Watch("held", posts, keepers, makers, central=central, surveyor="beaconwright")
    return watch(
        "task_91",
        "The Harbour Beacon of Saltreach",
        intro=(
            "A sea fog is rolling over the Gullwatch coast: the harbour beacon above Saltreach must be "
            "rebuilt, and it holds only if every cairn on the hills around it is kept while it goes up."
        ),
        w=w,
        tag="harbour",
        why=(
            "stormeel oil (only the renderer, who also keeps a cairn) and duskwood for the harbour beacon"
            " (crafting 50, only the beaconwright), built while all 7 shore cairns are held and raised"
        ),
    )
