"""The oracle plans of a `watch` task (taskgen/posts.py): every member's steps for an assignment of
posts to holders. The opening carries by chat what the members must learn from each other (scouting,
the signal round, what holders can do, the survey with each holder's post); then makers work their
chains of stages and keepers their posts, each lighting build held back for its round.
"""

from __future__ import annotations

from agentworld.taskgen import places
from agentworld.taskgen.parts import _and, xy
from agentworld.taskgen.post_layout import Layout
from agentworld.taskgen.post_model import Maker, Post, Stage, Watch
from agentworld.taskgen.post_words import item_name, place_text, skills_text, timing_words, where_nodes


def _build(site: str, times: int | None = None) -> dict:
    return {"build": {"site": f"site#{site}", **({"times": times} if times else {})}}


def _keeper_work(w: Watch, post: Post, layout: Layout) -> list[dict]:
    """A keeper's steps at its post: walk there, gather, make, deliver and work; the lighting build waits
    for its round (together, order); in `held` mode it first tells the central builder it is in place.
    What makers bring is waited for at the post, or collected at `fetch` (with the station trip of the
    keeper's own recipe when that is the same place)."""
    stand = list(layout.stand[post.id])
    supply = {**post.supply, **(post.top.supply if post.top else {})}
    steps: list[dict] = [{"move_to": {"target": stand}}]
    if w.mode == "held" and w.central:
        steps.append({"chat": {"to": w.central.builder, "message": f"In place at the {post.name}."}})
    collected = False
    if post.node:
        steps.append({"gather": {"target": post.node, "count": post.gather}})
        if post.recipe and post.station:
            steps += [
                {"move_to": {"target": post.station}},
                {"craft": {"recipe": post.recipe, "count": post.times()}},
            ]
            if post.fetch == post.station and supply:
                steps += _collect(w, post, supply)
                collected = True
            steps.append({"move_to": {"target": stand}})
        elif post.recipe:
            steps.append({"craft": {"recipe": post.recipe, "count": post.times()}})
    delivered = 0  # builds made so far (deliveries)
    if post.also:  # the first materials in, then each other kind gathered and brought in
        steps.append(_build(post.id, 1))
        for kind, n in post.also.items():
            steps.append({"gather": {"target": kind, "count": n}})
            if post.also_recipe:
                recipe = places.content().recipes[post.also_recipe]
                steps.append(
                    {"craft": {"recipe": post.also_recipe, "count": n // next(iter(recipe.inputs.values()))}}
                )
            steps.append(_build(post.id, 1))
        delivered = 1 + len(post.also)
    lit = post.top is None and w.mode != "held"
    if post.supply:  # (not delivered apart from the local materials: a build delivers all it can)
        if not collected:
            steps += _fetched(w, post, post.supply, stand)
            collected = True
    if lit:  # every build but the last now; the last in its round
        pending = delivered == 0 or bool(post.supply)  # a delivery still to make
        before = (1 if pending else 0) + post.work - 1
        steps += [_build(post.id, before)] if before > 0 else []
        steps += [{"wait_for": {"until_round": w.rounds()[post.id]}}, _build(post.id)]
        return steps
    steps.append(_build(post.id))
    if post.top:
        t = post.top
        if not collected:
            steps += _fetched(w, post, t.supply, stand)
        steps.append(_build(t.id, t.work))
        steps += [{"wait_for": {"until_round": w.rounds()[post.id]}}, _build(t.id)]
    return steps


def _fetched(w: Watch, post: Post, items: dict[str, int], stand: list[int]) -> list[dict]:
    """Waiting at the post for what makers bring, or (with `fetch`) going to collect it and coming back."""
    if post.fetch is None:
        return [{"wait_for": {"item": i, "count": n}} for i, n in items.items()]
    where = list(post.fetch) if isinstance(post.fetch, tuple) else post.fetch
    return [{"move_to": {"target": where}}, *_collect(w, post, items), {"move_to": {"target": stand}}]


def _collect(w: Watch, post: Post, items: dict[str, int]) -> list[dict]:
    """At the collection place: tell the makers who hand these items over there, and wait for them."""
    makers = [
        m.name
        for m in w.makers
        if any(s.kind == "give" and s.meet and s.at == post.keeper and s.what in items for s in m.stages)
    ]
    what = post.top.name if post.top else post.name
    tell = [{"chat": {"to": makers, "message": f"I am here for what the {what} takes."}}] if makers else []
    return tell + [{"wait_for": {"item": i, "count": n}} for i, n in items.items()]


def _via(stage: Stage, layout: Layout) -> str | list[int] | None:
    """Where a giver walks first: a tile, a task site (where one stands to build on it), an id, or the
    recipient itself."""
    if isinstance(stage.via, tuple):
        return list(stage.via)
    if isinstance(stage.via, str) and stage.via in layout.stand:
        return list(layout.stand[stage.via])
    return stage.via or stage.at


def _maker_work(maker: Maker, layout: Layout) -> list[dict]:
    """A maker's chain, each stage where it happens; a hand-over it `meet`s waits for the member's word."""
    steps: list[dict] = []
    here: object = None
    for i, stage in enumerate(maker.stages):
        if stage.kind == "gather":
            where: object = list(layout.stand[f"{maker.name}:{i}"])
        elif stage.kind == "craft":
            where = stage.at if isinstance(stage.at, str) else None
        elif stage.kind == "give":
            where = (_via(stage, layout) if stage.via else None) if stage.meet else _via(stage, layout)
        else:
            where = list(stage.at) if isinstance(stage.at, tuple) else stage.at
        if where is not None and where != here:
            steps.append({"move_to": {"target": where}})
            here = where
        if stage.kind == "gather":
            steps.append({"gather": {"target": stage.what, "count": stage.count}})
        elif stage.kind == "craft":
            steps.append({"craft": {"recipe": stage.what, "count": stage.count}})
        elif stage.kind == "give":
            if stage.meet and not (
                steps and steps[-1].get("wait_for", {}).get("messages_from") == [stage.at]
            ):
                steps += _wait_word([stage.at])
            steps.append({"give": {"to": stage.at, "item": stage.what, "count": stage.count}})
        else:
            steps.append({"wait_for": {"item": stage.what, "count": stage.count}})
    return steps


def _wait_word(senders: list[str]) -> list[dict]:
    """Wait for a chat from each sender, in whatever order they come."""
    senders = list(dict.fromkeys(senders))
    return [{"wait_for": {"messages_from": senders}}] if senders else []


def member_plans(w: Watch, layout: Layout, assignment: dict[str, str]) -> dict[str, list[dict]]:
    """Every member's oracle plan for an assignment (post id -> keeper).

    The opening carries what the members must learn from each other: scouts tell makers where their
    nodes are; the herald tells the surveyor the signal round; holders may report what they can do;
    the surveyor then sends the survey with who takes which post and when (and where to collect)."""
    posts = {p.id: p for p in w.posts}
    mine = {k: pid for pid, k in assignment.items()}
    holders = w.holders()  # every member who holds a post (keepers, and makers who keep one too)
    reporters = [k for k in holders if k != w.surveyor] if w.reports else []
    # a maker who waits at a station for what another brings says where: (recipient, giver, item, place)
    asks = [
        (st.at, m.name, st.what, st.via)
        for m in w.makers
        for st in m.stages
        if st.kind == "give" and isinstance(st.via, str) and st.via not in layout.stand and not st.meet
    ]
    plans: dict[str, list[dict]] = {}
    for member in [*w.keepers, *w.makers]:
        name = member.name
        plan: list[dict] = [
            {"chat": {"to": m, "message": _scouting(w, m, layout)}}
            for m, scout in w.scouts.items()
            if scout == name
        ]
        plan += [
            {"chat": {"to": giver, "message": f"Bring the {item_name(item)} to me at {via}."}}
            for to, giver, item, via in asks
            if to == name
        ]
        if name == w.herald and w.herald != w.surveyor:
            plan.append({"chat": {"to": w.surveyor, "message": f"The signal comes in round {w.signal}."}})
        if name in reporters:
            plan.append(
                {"chat": {"to": w.surveyor, "message": f"{member.title}: {skills_text(member.skills)}."}}
            )
        heard = [scout for m, scout in w.scouts.items() if m == name]
        heard += [to for to, giver, _item, _via in asks if giver == name]
        if name != w.surveyor:
            heard.append(w.surveyor)
        if name == w.surveyor:
            heard += reporters + ([w.herald] if w.herald and w.herald != w.surveyor else [])
        plan += _wait_word(heard)
        if name == w.surveyor:
            plan += _survey_chats(w, layout, assignment)
        if isinstance(member, Maker):
            plan += _maker_work(member, layout)
        if name in mine:
            plan += _keeper_work(w, posts[mine[name]], layout)
        plans[name] = plan
    if w.central:
        c = w.central
        plans[c.builder] += [{"move_to": {"target": list(layout.stand[c.id])}}]
        plans[c.builder] += _wait_word([k for k in holders if k != c.builder])
        plans[c.builder] += [_build(c.id)]
    return plans


def _scouting(w: Watch, maker_name: str, layout: Layout) -> str:
    maker = next(m for m in w.makers if m.name == maker_name)
    return f"You will find {_and(where_nodes(maker, layout, with_ids=False))}."


CHAT_BUDGET = 480  # characters of one survey message (the engine's chat limit is 500)


def _survey_chats(w: Watch, layout: Layout, assignment: dict[str, str]) -> list[dict]:
    """The surveyor's messages: who takes which post (its site, place and, when timed, its round), and
    what all must know (the central site, the signal, how to time the lighting, where to collect). Long
    surveys go out in several messages, each to the members it names; makers hear the first."""
    rounds = w.rounds() if w.mode != "held" else {}
    lines = [
        f"{assignment[p.id]}: {p.name} site#{p.id} {xy(layout.site[p.id])}"
        + (f", lit in round {rounds[p.id]}" if w.mode == "order" else "")
        for p in w.posts
        if assignment[p.id] != w.surveyor
    ]
    common = ""
    if w.central:
        c = w.central
        common += f" The {c.name} site#{c.id} is at {xy(layout.site[c.id])}."
    if w.signal:
        common += f" The signal comes in round {w.signal}: no post may be lit before it."
    common += " " + timing_words(w)
    fetch = list(dict.fromkeys(p.fetch for p in w.posts if p.fetch is not None))
    if fetch:
        common += (
            " Collect what your post takes from the makers at " + _and([place_text(f) for f in fetch]) + "."
        )
    chunks: list[list[str]] = [[]]
    for line in lines:
        if chunks[-1] and len("; ".join(chunks[-1] + [line])) + len(common) > CHAT_BUDGET:
            chunks.append([])
        chunks[-1].append(line)
    makers = [m.name for m in w.makers if m.name not in assignment.values() and m.name != w.surveyor]
    chats = []
    for i, chunk in enumerate(chunks):
        to = [line.split(":", 1)[0] for line in chunk] + (makers if i == 0 else [])
        chats.append({"chat": {"to": to, "message": "Posts: " + "; ".join(chunk) + "." + common}})
    return chats
