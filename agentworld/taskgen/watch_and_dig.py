"""The `watch_and_dig` survival motif (holdouts.py says what the survival motifs share): a site is built
while a lookout holds a far post (`built_while_held`), the lookout digging the food's roots there, a baker
milling and baking them, everyone worn down by the weather until the food comes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.holdouts import (
    Position,
    below,
    chat,
    checkpoint,
    exposure_text,
    item_text,
    node_text,
    recipe_text,
)
from agentworld.taskgen.parts import TOOLS, Agent, spawn_text, xy

if TYPE_CHECKING:
    from agentworld.world.content_schema import NodeKind


def watch_and_dig(
    task_id: str,
    name: str,
    *,
    exposure: str,
    area: str,
    site: dict,
    post: Position,
    keeper: dict,
    digger: dict,
    baker: dict,
    hold: int,
    intro: str,
) -> Draft:
    """The keeper works `site` only while someone stands watch at `post` (`built_while_held`); the digger
    keeps the watch and lifts the roots that grow there, then carries them to the baker, who mills them by
    hand, bakes at its range and carries the bread out; the keeper, worn down all along, must hold `hold` loaves
    at the site at the end (it starts with a few rations it must eat). Nobody may die.

    keeper: {name, title, spawn, level, ration, rations}; digger: {name, title, spawn, node, tufts, count};
    baker: {name, title, spawn, station, recipes: [by hand, at the range]}."""
    setting = _setting(exposure, area, site, post, keeper, digger, baker, hold)
    keeper_agent = _keeper(setting)
    digger_agent = _digger(setting)
    baker_agent = _baker(setting)
    return Draft(
        task_id,
        name,
        "survival",
        _objective(setting, intro),
        agents=[digger_agent, baker_agent, keeper_agent],
        success=_success(setting),
        checkpoints=_checkpoints(setting),
        motif="watch_and_dig",
        signature=f"watch_and_dig:G{setting.roots}@post>M2>K{hold}",
        world=_world(setting),
        alternatives=[_baker_at_the_lookout(setting, digger_agent)],
        why=_why(setting),
    )


@dataclass(frozen=True)
class _Setting:
    """The motif's arguments and what follows from them in the content: what every part is written from."""

    exposure: str
    area: str
    site: dict
    post: Position
    keeper: dict
    digger: dict
    baker: dict
    hold: int  # loaves the keeper must hold at the end
    node: NodeKind  # the roots' node kind, growing at the lookout
    root: str  # the item it yields
    mill: str  # the recipe that mills the roots by hand
    bake: str  # the recipe that bakes the flour at the range
    flour: str
    loaf: str
    loaf_name: str
    tile: Position  # the site's
    site_id: str
    site_name: str
    roots: int  # how many the digger lifts
    loaves: int  # how many the baker makes of them
    tufts: str  # where the roots grow, in words
    watch: list[int]  # the lookout, as a plan's target


def _setting(
    exposure: str, area: str, site: dict, post: Position, keeper: dict, digger: dict, baker: dict, hold: int
) -> _Setting:
    content = places.content()
    node = content.node_kinds[digger["node"]]
    root = next(iter(node.yields))
    mill, bake = baker["recipes"]
    loaf = next(iter(content.recipes[bake].outputs))
    roots = digger["count"]
    return _Setting(
        exposure,
        area,
        site,
        post,
        keeper,
        digger,
        baker,
        hold,
        node=node,
        root=root,
        mill=mill,
        bake=bake,
        flour=next(iter(content.recipes[mill].outputs)),
        loaf=loaf,
        loaf_name=content.items[loaf].name.lower(),
        tile=(site["position"][0], site["position"][1]),
        site_id=site["id"],
        site_name=site["name"].lower(),
        roots=roots,
        loaves=roots // content.recipes[mill].inputs[root],
        tufts=" and ".join(xy(t) for t in digger["tufts"]),
        watch=list(post),
    )


def _keeper(setting: _Setting) -> Agent:
    """Knows where the raiders watch from and where the roots grow; builds while the lookout is held."""
    content = places.content()
    keeper, digger, baker, node = setting.keeper, setting.digger, setting.baker, setting.node
    lead = (
        f"You are the {keeper['title'].lower()}: crafting {keeper['level']}, enough for the "
        f"{setting.site_name} (`site#{setting.site_id}`, crafting {setting.site['level']}, "
        f"{setting.site['work']} turns of `build` within 1 tile) at {xy(setting.tile)}. You start at "
        f"{spawn_text(keeper['spawn'])} with 95 HP and {keeper['rations']} "
        f"{content.items[keeper['ration']].name.lower()}s, the last of the stores "
        f"({item_text(keeper['ration'])}).\n{exposure_text(setting.exposure, setting.area)}\nYour scouts' "
        f"reports: raiders watch the {setting.site_name} from the south, so any work on it counts only "
        f"while someone stands within 2 tiles of the lookout at {xy(setting.post)}; {node.name.lower()}s "
        f"grow right by the lookout, at {setting.tufts}."
    )
    keeper_plan = [
        chat(
            digger["name"],
            f"Raiders watch the {setting.site_name} from the lookout at {xy(setting.post)}: I can only work "
            f"while someone stands within 2 tiles of it. {node.name}s grow right there, at {setting.tufts}. "
            "Hold the lookout and dig, tell me when you are there, and stay until I say the work is done.",
        ),
        chat(
            baker["name"],
            f"We need {setting.loaf_name}s at the {setting.site_name}, {xy(setting.tile)}: {setting.hold} "
            f"for the stores and some to eat. The {setting.root} grows at the lookout, {xy(setting.post)}.",
        ),
        {"move_to": {"target": list(below(setting.tile, 1))}},
        {"wait_for": {"message_from": digger["name"]}},
        {"build": {"site": setting.site_id}},
        chat(digger["name"], f"The {setting.site_name} is done: you may leave the lookout."),
        {"use": {"item": keeper["ration"], "count": 1}},
        {"wait": {"rounds": 3}},
        {"use": {"item": keeper["ration"], "count": 1}},
    ]
    return Agent(
        keeper["name"],
        keeper["title"],
        keeper["spawn"],
        {"crafting": keeper["level"], "health": 25},
        lead,
        keeper_plan,
        inventory={keeper["ration"]: keeper["rations"]},
        kind="build+keep",
    )


def _digger(setting: _Setting) -> Agent:
    """The only one who can dig the roots: holds the lookout while digging, then carries them to the baker."""
    content = places.content()
    keeper, digger, baker, node = setting.keeper, setting.digger, setting.baker, setting.node
    level = node.level + 5
    return Agent(
        digger["name"],
        digger["title"],
        digger["spawn"],
        {node.skill: level, "health": 25},
        f"You are a {digger['title'].lower()}: {node.skill} {level} and a "
        f"{content.items[TOOLS[node.skill]].name.lower()}, enough for {node_text(digger['node'])}; nobody "
        f"else on the team could learn it in time. You start at {spawn_text(digger['spawn'])} with 95 HP"
        + "".join(f" and {n} {item_text(item)}" for item, n in digger.get("pack", {}).items())
        + f".\n{exposure_text(setting.exposure, setting.area)}",
        [
            {"wait_for": {"message_from": keeper["name"]}},
            {"move_to": {"target": setting.watch}},
            chat(keeper["name"], f"I hold the lookout at {xy(setting.post)}."),
            {"gather": {"target": digger["node"], "count": setting.roots}},
            {"wait_for": {"message_from": keeper["name"]}},
            {"move_to": {"target": baker["name"]}},
            {"give": {"to": baker["name"], "item": setting.root, "count": setting.roots}},
        ],
        inventory={TOOLS[node.skill]: 1, **digger.get("pack", {})},
        kind="gather+watch",
    )


def _baker(setting: _Setting) -> Agent:
    """Mills the roots by hand and bakes them at its range."""
    content = places.content()
    keeper, digger, baker = setting.keeper, setting.digger, setting.baker
    cook_level = max(content.recipes[r].level for r in (setting.mill, setting.bake)) + 5
    station = baker["station"]
    return Agent(
        baker["name"],
        baker["title"],
        baker["spawn"],
        {"cooking": cook_level, "health": 25},
        f"You are a {baker['title'].lower()}: cooking {cook_level}. {recipe_text(setting.mill)}; "
        f"{recipe_text(setting.bake)}; {item_text(setting.loaf)}. The nearest cooking range is `{station}` "
        f"at {xy(places.station(station))}. You start at {spawn_text(baker['spawn'])} with 95 "
        f"HP.\n{exposure_text(setting.exposure, setting.area)}",
        [
            {"move_to": {"target": station}},
            chat(
                digger["name"],
                f"I bake at `{station}`, {xy(places.station(station))}: bring me the {setting.root}.",
            ),
            {"wait_for": {"message_from": keeper["name"]}},
            {"wait_for": {"item": setting.root, "count": setting.roots}},
            {"craft": {"recipe": setting.mill, "count": setting.loaves}},
            {"craft": {"recipe": setting.bake, "count": setting.loaves}},
        ],
        kind="make",
    )


def _world(setting: _Setting) -> dict:
    return {
        "nodes": [{"kind": setting.digger["node"], "position": list(t)} for t in setting.digger["tufts"]],
        "sites": [dict(setting.site)],
        "exposure": [setting.exposure],
    }


def _success(setting: _Setting) -> list[dict]:
    return [
        {"built_while_held": {"site": setting.site_id, "places": [setting.watch], "within": 2}},
        {"holds": {"items": {setting.loaf: setting.hold}}},
        {"nobody_died": {}},
    ]


def _checkpoints(setting: _Setting) -> list[dict]:
    root, site_id = setting.root, setting.site_id
    return [
        checkpoint(f"{root}_dug", f"The first {root} is dug.", {"holds": {"items": {root: 2}}}),
        checkpoint(
            f"{site_id}_built", f"The {setting.site_name} is finished.", {"site_built": {"site": site_id}}
        ),
        checkpoint(
            f"{setting.flour}_milled",
            f"The {root} is milled.",
            {"holds": {"items": {setting.flour: setting.loaves}}},
        ),
        checkpoint(
            f"{setting.loaf}_stored",
            "The stores hold their bread.",
            {"holds": {"items": {setting.loaf: setting.hold}}},
        ),
    ]


def _objective(setting: _Setting, intro: str) -> str:
    return (
        f"{intro} The task is complete when the {setting.site_name} has been built with the lookout held at "
        f"every turn of its work, the team holds {setting.hold} {setting.loaf_name}s in store, and nobody "
        "on the team has died."
    )


def _baker_at_the_lookout(setting: _Setting, digger_agent: Agent) -> tuple[str, dict[str, list]]:
    """Another legal route: the baker fetches the roots at the lookout and mills them there."""
    digger, watch = setting.digger, setting.watch
    return (
        "the baker fetches the roots at the lookout and mills them there",
        {
            setting.baker["name"]: [
                {"wait_for": {"message_from": setting.keeper["name"]}},
                {"move_to": {"target": watch}},
                {"wait_for": {"item": setting.root, "count": setting.roots}},
                {"craft": {"recipe": setting.mill, "count": setting.loaves}},
                {"move_to": {"target": setting.baker["station"]}},
                {"craft": {"recipe": setting.bake, "count": setting.loaves}},
            ],
            digger["name"]: [
                step
                for step in digger_agent.plan
                if "move_to" not in step or step["move_to"]["target"] == watch
            ]
            + [{"move_to": {"target": digger.get("refuge", "north_crossroads")}}],  # out of the weather
        },
    )


def _why(setting: _Setting) -> str:
    spec = places.content().exposures[setting.exposure]
    return (
        f"the {setting.site_name} rises only while the lookout is held ({setting.digger['title'].lower()} "
        f"digs {setting.root} there) -> {setting.baker['title'].lower()} mills and bakes -> the "
        f"{setting.keeper['title'].lower()} eats and keeps {setting.hold}; {spec.name.lower()} all along; "
        "nobody may die"
    )
