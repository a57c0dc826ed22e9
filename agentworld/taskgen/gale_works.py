"""The `gale_works` survival motif (holdouts.py says what the survival motifs share): builders raise a
site inside a killing gale; each build costs them the gale less what protects them, so the team needs the
tailor's cloaks or the woodcutter's fire (the audit proves it: `Endure`), the cook's food to last, and more
hands than one to do the work in time. The members' sheets and plans are gale_members.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.gale_members import (
    FireKeeper,
    Hand,
    Tailor,
    fire_keeper_agent,
    gale_cook_agent,
    hand_agent,
    lead_chats,
    output_of,
    tailor_agent,
)
from agentworld.taskgen.holdouts import Cook, Position, chat, checkpoint
from agentworld.taskgen.parts import Agent

if TYPE_CHECKING:
    from agentworld.world.content_schema import Exposure


def gale_works(
    task_id: str,
    name: str,
    *,
    exposure: str,
    area: str,
    sites: list[dict],
    wait: Position,
    hands: list[Hand],
    cook: Cook,
    hold: int,
    intro: str,
    tailor: Tailor | None = None,
    firekeeper: FireKeeper | None = None,
) -> Draft:
    """Builders raise `sites` inside a killing gale (`exposure`; `area` says where in words) kept alive by the
    tailor's cloaks or the woodcutter's fire and the cook's food; the team must hold `hold` of the food at the
    end; nobody may die. The first hand has surveyed the works and tells the others what they need."""
    setting = _setting(exposure, area, sites, wait, hands, cook, hold, tailor, firekeeper)
    agents = _team(setting)
    tended = bool(firekeeper and firekeeper.tended)
    warmth = "+".join((["cloaks"] if setting.cloak else []) + (["fire"] if firekeeper else []))
    shape = (
        f"gale_works:{len(sites)}S{len(setting.builders)}B+{warmth}{'(tended)' if tended else ''}"
        f"{'+screens' if tailor and any(r != setting.cloak for r in tailor.recipes) else ''}+{cook.recipe}"
    )
    return Draft(
        task_id,
        name,
        "survival",
        _objective(setting, intro),
        agents,
        _success(setting),
        _checkpoints(setting),
        "gale_works",
        shape,
        world=_world(setting),
        alternatives=[_gale_alternative(agents, setting.lead, cook, firekeeper)],
        why=f"{' + '.join(str(s['work']) for s in sites)} turns of building in the "
        f"{setting.spec.name.lower()} by {len(setting.builders)} builders, kept alive by "
        f"{warmth.replace('+', ' and ')} and the cook's {setting.food_name}"
        f"{' (the fire tended throughout)' if tended else ''}; {hold} kept in store; nobody may die",
    )


@dataclass(frozen=True)
class _Setting:
    """The motif's arguments and what follows from them in the content: what every part is written from."""

    exposure: str
    area: str
    sites: list[dict]
    wait: Position  # where the team meets
    hands: list[Hand]
    cook: Cook
    hold: int  # food the team must keep in store
    tailor: Tailor | None
    firekeeper: FireKeeper | None
    spec: Exposure  # the gale
    food: str  # what the cook makes
    food_name: str
    main: dict  # the first site: the one the tailor and the fire serve
    lead: Hand  # the hand who surveyed the works
    cloak: str | None  # what the tailor sews to wear, if anything
    builders: list[str]
    wearers: list[str]  # who wears a cloak


def _setting(
    exposure: str,
    area: str,
    sites: list[dict],
    wait: Position,
    hands: list[Hand],
    cook: Cook,
    hold: int,
    tailor: Tailor | None,
    firekeeper: FireKeeper | None,
) -> _Setting:
    content = places.content()
    food = next(iter(content.recipes[cook.recipe].outputs))
    builders = [h.name for h in hands] + ([tailor.name] if tailor and tailor.builds else [])
    return _Setting(
        exposure,
        area,
        sites,
        wait,
        hands,
        cook,
        hold,
        tailor,
        firekeeper,
        spec=content.exposures[exposure],
        food=food,
        food_name=content.items[food].name.lower(),
        main=sites[0],
        lead=hands[0],
        cloak=tailor.cloak() if tailor else None,
        builders=builders,
        wearers=builders + ([cook.name] if cook.cloaked else []),
    )


def _team(setting: _Setting) -> list[Agent]:
    """The hands (the lead's briefing first in its plan), the tailor, the woodcutter and the cook."""
    by_id = {site["id"]: site for site in setting.sites}
    meet = list(setting.wait)
    agents: list[Agent] = []
    for hand in setting.hands:
        work = by_id[hand.site or setting.main["id"]]
        agents.append(
            hand_agent(
                hand,
                setting.lead,
                work,
                setting.sites,
                setting.exposure,
                setting.area,
                setting.wait,
                setting.cloak,
                setting.firekeeper,
                setting.cook,
            )
        )
        if hand is setting.lead:
            agents[-1].plan[:0] = chats = lead_chats(
                setting.hands,
                setting.tailor,
                setting.firekeeper,
                setting.cook,
                setting.sites,
                setting.wait,
                setting.hold,
                setting.food_name,
                setting.spec,
            )
    if setting.tailor:
        agents.append(tailor_agent(setting.tailor, setting.wearers, setting.lead, meet, setting.main))
    if setting.firekeeper:
        agents.append(fire_keeper_agent(setting.firekeeper, setting.lead, setting.spec, setting.sites))
    agents.append(
        gale_cook_agent(
            setting.cook,
            setting.lead,
            setting.food,
            meet,
            setting.hold,
            setting.cloak if setting.cook.cloaked else None,
        )
    )
    word = {"wait_for": {"message_from": setting.lead.name}}
    for agent in agents[1:]:  # the lead's word may take several messages: each waits for all of them
        if word in agent.plan:
            at = agent.plan.index(word)
            agent.plan[at : at + 1] = [word] * len(chats)
    return agents


def _world(setting: _Setting) -> dict[str, list]:
    cook, firekeeper = setting.cook, setting.firekeeper
    world: dict[str, list] = {
        "nodes": [{"kind": cook.node, "position": list(h)} for h in cook.holes],
        "sites": [dict(s) for s in setting.sites],
        "exposure": [setting.exposure],
    }
    if firekeeper:
        world["nodes"] += [{"kind": "pine_tree", "position": list(t)} for t in firekeeper.trees]
        world["sites"].append(dict(firekeeper.fire))
    return world


def _success(setting: _Setting) -> list[dict]:
    """Every site built (the main one with its fire tended throughout, if it must be), the food kept, nobody
    dead."""
    firekeeper = setting.firekeeper
    success: list[dict] = [{"site_built": {"site": s["id"]}} for s in setting.sites]
    if firekeeper and firekeeper.tended:
        fire = firekeeper.fire["position"]
        success[0] = {"built_while_held": {"site": setting.main["id"], "places": [fire], "within": 1}}
    return success + [{"holds": {"items": {setting.food: setting.hold}}}, {"nobody_died": {}}]


def _checkpoints(setting: _Setting) -> list[dict]:
    """The fire lit and the tailor's first work (when they take part), the first catch and meal, each site."""
    cook, food, tailor = setting.cook, setting.food, setting.tailor
    catch = next(iter(places.content().node_kinds[cook.node].yields))
    checkpoints = [
        checkpoint(f"{catch}_caught", "The first catch is in.", {"holds": {"items": {catch: 2}}}),
        checkpoint(
            f"{food}_cooked", f"The first {setting.food_name} is cooked.", {"holds": {"items": {food: 2}}}
        ),
        *(
            checkpoint(
                f"{s['id']}_built", f"The {s['name'].lower()} stands.", {"site_built": {"site": s["id"]}}
            )
            for s in setting.sites
        ),
    ]
    if tailor:
        made = output_of(tailor.recipes[0])
        count = len(setting.wearers) if made == setting.cloak else setting.main["materials"][made]
        sewn = {"holds": {"items": {made: count}}}
        checkpoints.insert(0, checkpoint(f"{made}_sewn", "The tailor's first work is done.", sewn))
    if setting.firekeeper:
        lit = {"site_built": {"site": setting.firekeeper.fire["id"]}}
        checkpoints.insert(0, checkpoint("fire_lit", "The fire is lit.", lit))
    return checkpoints


def _objective(setting: _Setting, intro: str) -> str:
    sites, firekeeper = setting.sites, setting.firekeeper
    names = " and the ".join(s["name"].lower() for s in sites)
    tended = (
        f", the {setting.main['name'].lower()} with its fire tended at every turn of its work,"
        if firekeeper and firekeeper.tended
        else ""
    )
    return (
        (
            f"{intro} The task is complete when the {names} stand{'s' if len(sites) == 1 else ''}{tended} "
            f"the team still holds {setting.hold} {setting.food_name} in store, and nobody on the team has "
            "died."
        )
        .replace("stands the team", "stands, the team")
        .replace("stand the team", "stand, the team")
    )


def _gale_alternative(agents: list[Agent], lead: Hand, cook: Cook, firekeeper) -> tuple[str, dict[str, list]]:
    """Another legal route: the lead briefs each trade in a message of its own, the cook hands the rations out
    in the other order, and the woodcutter feeds its fire a log at a time."""
    by_name = {a.name: a for a in agents}
    word = {"wait_for": {"message_from": lead.name}}
    team_chats = [s for s in by_name[lead.name].plan if "chat" in s and s["chat"]["to"] == "team"]
    text = " ".join(s["chat"]["message"] for s in team_chats)
    others = [a.name for a in agents if a.name != lead.name]
    plans: dict[str, list] = {}
    lead_plan = [s for s in by_name[lead.name].plan if s not in team_chats]
    plans[lead.name] = [chat(name, text[:480]) for name in others] + lead_plan
    for name in others:
        plan = [s for s in by_name[name].plan if s != word]
        plans[name] = [word] + plan
    plan = plans[cook.name]
    gives = [i for i, s in enumerate(plan) if "give" in s]
    if len(gives) > 1:  # each give with the walk to its builder before it, if any (`Cook.to_each`)
        rounds = [
            plan[i - 1 : i + 1]
            if plan[i - 1].get("move_to", {}).get("target") == plan[i]["give"]["to"]
            else [plan[i]]
            for i in gives
        ]
        start = gives[0] - (len(rounds[0]) - 1)
        plan[start : gives[-1] + 1] = [s for r in rounds[::-1] for s in r]
    if firekeeper:
        fire_id = firekeeper.fire["id"]
        plan = []
        for step in plans[firekeeper.name]:
            feed = step.get("build", {}).get("feed", 0) if "build" in step else 0
            if feed > 1 and step["build"]["site"] == fire_id:
                plan += [{"build": {"site": fire_id, "feed": 1}} for _ in range(feed)]
            else:
                plan.append(step)
        plans[firekeeper.name] = plan
    what = "the lead briefs each trade on its own, the cook hands the rations out in the other order"
    return (what + (", the fire is fed a log at a time" if firekeeper else ""), plans)
