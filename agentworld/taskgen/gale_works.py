"""The `gale_works` survival motif (holdouts.py says what the survival motifs share): builders raise a
site inside a killing gale; each build costs them the gale less what protects them, so the team needs the
tailor's cloaks or the woodcutter's fire (the audit proves it: `Endure`), the cook's food to last, and more
hands than one to do the work in time. The members' sheets and plans are gale_members.py's.
"""

from __future__ import annotations

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
    content = places.content()
    spec = content.exposures[exposure]
    food = next(iter(content.recipes[cook.recipe].outputs))
    food_name = content.items[food].name.lower()
    main = sites[0]
    by_id = {s["id"]: s for s in sites}
    lead = hands[0]
    cloak = tailor.cloak() if tailor else None
    builders = [h.name for h in hands] + ([tailor.name] if tailor and tailor.builds else [])
    wearers = builders + ([cook.name] if cook.cloaked else [])
    meet = list(wait)
    agents: list[Agent] = []
    for hand in hands:
        work = by_id[hand.site or main["id"]]
        agents.append(hand_agent(hand, lead, work, sites, exposure, area, wait, cloak, firekeeper, cook))
        if hand is lead:
            agents[-1].plan[:0] = chats = lead_chats(
                hands, tailor, firekeeper, cook, sites, wait, hold, food_name, spec
            )
    if tailor:
        agents.append(tailor_agent(tailor, wearers, lead, meet, main))
    if firekeeper:
        agents.append(fire_keeper_agent(firekeeper, lead, spec, sites))
    agents.append(gale_cook_agent(cook, lead, food, meet, hold, cloak if cook.cloaked else None))
    word = {"wait_for": {"message_from": lead.name}}
    for agent in agents[1:]:  # the lead's word may take several messages: each waits for all of them
        if word in agent.plan:
            at = agent.plan.index(word)
            agent.plan[at : at + 1] = [word] * len(chats)

    world: dict[str, list] = {
        "nodes": [{"kind": cook.node, "position": list(h)} for h in cook.holes],
        "sites": [dict(s) for s in sites],
        "exposure": [exposure],
    }
    success: list[dict] = [{"site_built": {"site": s["id"]}} for s in sites]
    if firekeeper:
        world["nodes"] += [{"kind": "pine_tree", "position": list(t)} for t in firekeeper.trees]
        world["sites"].append(dict(firekeeper.fire))
        if firekeeper.tended:
            fire = firekeeper.fire["position"]
            success[0] = {"built_while_held": {"site": main["id"], "places": [fire], "within": 1}}
    success += [{"holds": {"items": {food: hold}}}, {"nobody_died": {}}]
    catch = next(iter(content.node_kinds[cook.node].yields))
    checkpoints = [
        checkpoint(f"{catch}_caught", "The first catch is in.", {"holds": {"items": {catch: 2}}}),
        checkpoint(f"{food}_cooked", f"The first {food_name} is cooked.", {"holds": {"items": {food: 2}}}),
        *(
            checkpoint(
                f"{s['id']}_built", f"The {s['name'].lower()} stands.", {"site_built": {"site": s["id"]}}
            )
            for s in sites
        ),
    ]
    if tailor:
        made = output_of(tailor.recipes[0])
        sewn = {"holds": {"items": {made: len(wearers) if made == cloak else main["materials"][made]}}}
        checkpoints.insert(0, checkpoint(f"{made}_sewn", "The tailor's first work is done.", sewn))
    if firekeeper:
        lit = {"site_built": {"site": firekeeper.fire["id"]}}
        checkpoints.insert(0, checkpoint("fire_lit", "The fire is lit.", lit))
    names = " and the ".join(s["name"].lower() for s in sites)
    tended = (
        f", the {main['name'].lower()} with its fire tended at every turn of its work,"
        if firekeeper and firekeeper.tended
        else ""
    )
    objective = (
        (
            f"{intro} The task is complete when the {names} stand{'s' if len(sites) == 1 else ''}{tended} the team "
            f"still holds {hold} {food_name} in store, and nobody on the team has died."
        )
        .replace("stands the team", "stands, the team")
        .replace("stand the team", "stand, the team")
    )
    alternatives = [_gale_alternative(agents, lead, cook, firekeeper)]
    warmth = "+".join((["cloaks"] if cloak else []) + (["fire"] if firekeeper else []))
    shape = (
        f"gale_works:{len(sites)}S{len(builders)}B+{warmth}{'(tended)' if tended else ''}"
        f"{'+screens' if tailor and any(r != cloak for r in tailor.recipes) else ''}+{cook.recipe}"
    )
    return Draft(
        task_id,
        name,
        "survival",
        objective,
        agents,
        success,
        checkpoints,
        "gale_works",
        shape,
        world=world,
        alternatives=alternatives,
        why=f"{' + '.join(str(s['work']) for s in sites)} turns of building in the {spec.name.lower()} by "
        f"{len(builders)} builders, kept alive by {warmth.replace('+', ' and ')} and the cook's {food_name}"
        f"{' (the fire tended throughout)' if tended else ''}; {hold} kept in store; nobody may die",
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
