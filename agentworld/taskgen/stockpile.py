"""The gathering motif of issue 24: a stockpile whose volume needs several hands (taskgen/crew.py).

A task is written as data: the patches of nodes it places (`Field`) and each member's work in order
(`Role`, plan entries like `("pick", "lilies", 16)`); `stock` derives each member's skills and sheet
from that work and assembles the Draft. What makes the roles necessary is the world:

- a material so plentiful in the outcome that one gatherer cannot pick it all in the budget: its
  nodes take no tool (one unit a turn), so the audit's volume bound proves two hands of it are needed
  and that one agent with everyone's skills (the merged agent) cannot do it;
- a recipe only one member can work (levels 45-55, beyond every trainer), a second material of
  another skill, a keeper the outcome names, a site only one member can work.

Documentation informs, chat plans: a member's sheet says what it is and can do (its gathering and its
recipes, derived from its work), what it carries and what it knows (the surveys and places listed in
`knows`); who needs what and where to bring it is said in chat in the plan (`tell`), by the member who
needs it or holds the survey.

Plan entries (`Role.plan`):
- `("tell", to, what)`: a chat; `what` is a field handle (its survey), `("bring", item, place)` (bring
  me your <item> at <place>), `("station", id)` (that station stands close by), `("keep", place)` (what I
  hold counts at <place>), plain text or a list of
  these; `to` a name or a list of names;
- `("hear", sender)`: wait for a chat from `sender`;
- `("pick", field, n)`: walk to the field's centre (unless there) and gather n more;
- `("pool", field, n, m)`: the same, but keep picking until the pile holds n more plus the m a teammate
  hands over meanwhile (whoever finishes first, the pile is complete when both are done);
- `("make", recipe, times, station)`: walk to the station (unless there) and craft;
- `("give", name, item, n)` / `("give", name, item, n, place)`: hand over (walking to `place` first);
- `("take", item, n)`: wait until n more of the item have been handed over;
- `("go", place)` (a landmark, station, tile, field handle (its centre), site id, or `(place, toward)`: the
  tile next to the place nearest to `toward`), `("build", site)`;
- `("harvest", kind, n)`: gather n of a node kind the map grows (the step finds the nearest itself);
- exploration: `("seek", field)` walks to the landmark a clue names, then to the field (in view from
  there); `("inspect", item)` reads an item's description; `knows` may hold `"clue:<field>"` (the
  member's notes give the field's landmark and side, taskgen/clues.py), `("clue", field)` is the
  message passing it on and `("found", field)` the one reporting the field's tiles once seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentworld.taskgen import places
from agentworld.taskgen.build import Draft
from agentworld.taskgen.clues import site_clue
from agentworld.taskgen.crew import (
    Crew,
    Member,
    Patch,
    and_list,
    checkpoint,
    fetch,
    name_of,
    spot,
    stand,
    tile_of,
    yield_of,
)
from agentworld.taskgen.parts import TOOLS, Position, recipe_line, spawn_text, xy


@dataclass(frozen=True)
class Field:
    """A patch of nodes a task places: `count` nodes of `kind`, `away` tiles from `near` (a landmark or
    station) towards `direction`."""

    kind: str
    near: str
    count: int
    direction: Position = (1, 0)
    away: int = 12


@dataclass
class Role:
    """One member: who, where it starts, what else it is (skills/items beyond its work), what it knows,
    and its work in order."""

    name: str
    title: str
    spawn: str | Position
    plan: list[tuple]
    knows: list[str] = field(default_factory=list)  # field handles (surveys) and stations/places it knows
    skills: dict[str, int] = field(default_factory=dict)
    items: dict[str, int] = field(default_factory=dict)
    also: str = ""  # a last sheet line (what else the member is)


EXPEDITION_HEALTH = 45  # 155 HP: an expedition digs for many rounds where wolves and wights roam


def _level(level: int) -> int:
    return 55 if level >= 50 else 50


# --- sheets -----------------------------------------------------------------------------------------
def _sheet(
    member: Member,
    role: Role,
    patches: dict[str, Patch],
    spots: dict[str, tuple[str, Position]],
    recipes: list[str],
    kinds: list[str],
) -> None:
    """The member's documentation: its skills (what they open), what it carries, where it starts, what it
    knows."""
    content = places.content()
    levels = and_list([f"{s} {n}" for s, n in member.skills.items() if s != "health"] or ["no rare craft"])
    tools = [t for t in member.inventory if content.items[t].tool]
    carry = f", with {and_list([f'a {content.items[t].name.lower()}' for t in tools])}" if tools else ""
    member.note(f"You are the team's {member.title.lower()}: {levels}{carry}.")
    for kind in kinds:
        node = content.node_kinds[kind]
        how = (
            "by hand (no tool), one"
            if not node.tool
            else f"with your {TOOLS[node.skill].replace('_', ' ')}, one"
        )
        member.note(
            f"{node.skill.capitalize()} {member.skills[node.skill]} lets you work {node.name.lower()}s "
            f"({node.skill} {node.level}, which no trainer teaches): stand within 1 tile and `gather`, {how} "
            f"{name_of(yield_of(kind), 1)} a turn."
        )
    if recipes:
        member.note(
            "Recipes you know (no trainer teaches them): " + "; ".join(recipe_line(r) for r in recipes) + "."
        )
    others = {i: n for i, n in member.inventory.items() if not content.items[i].tool}
    carried = f" with {and_list([f'{n} {name_of(i, n)}' for i, n in others.items()])}" if others else ""
    member.note(f"You start at {spawn_text(member.spawn)}{carried}.")
    for known in role.knows:
        if known.startswith("clue:"):
            member.note(f'Your old notes say: "{_clue(known[5:], patches)}".')
        elif known in patches:
            member.note(
                f"You know where this season's {patches[known].name}s are: {patches[known].survey(False)}."
            )
        elif known in spots:
            member.note(f"You know {_site(known, spots)}.")
        else:
            member.note(f"You know {spot(known)}.")
    if role.also:
        member.note(role.also)


def _site(site_id: str, spots: dict[str, tuple[str, Position]]) -> str:
    name, tile = spots[site_id]
    return f"the {name.lower()} (`site#{site_id}`) at {xy(tile)}"


def _clue(handle: str, patches: dict[str, Patch]) -> str:
    """Where a field lies as a clue gives it: near which landmark and on which side, never its tile."""
    patch = patches[handle]
    return site_clue(patch.kind, patch.near, patch.center)


def _message(what, patches: dict[str, Patch], spots: dict[str, tuple[str, Position]]) -> str:
    if isinstance(what, list):
        return " ".join(_message(w, patches, spots) for w in what)
    if isinstance(what, tuple) and what[0] == "clue":
        return f"My notes say {_clue(what[1], patches)}."
    if isinstance(what, tuple) and what[0] == "found":
        return f"Found it: {patches[what[1]].survey()}."
    if isinstance(what, str) and what in spots:
        text = _site(what, spots)
        return f"{text[0].upper()}{text[1:]} is to be stocked: bring me what it takes."
    if isinstance(what, str) and what in patches:
        text = patches[what].survey()
        return text[0].upper() + text[1:] + "."
    if isinstance(what, tuple) and what[0] == "bring":
        return f"Bring me your {name_of(what[1])} at {spot(what[2])}."
    if isinstance(what, tuple) and what[0] == "station":
        return f"{spot(what[1])[0].upper()}{spot(what[1])[1:]} stands close by."
    if isinstance(what, tuple) and what[0] == "keep":
        return f"What I must hold is counted at {spot(what[1])}: bring it to me there."
    return str(what)


# --- the motif --------------------------------------------------------------------------------------
def stock(
    task_id: str,
    name: str,
    *,
    intro: str,
    fields: dict[str, Field],
    roles: list[Role],
    success: list[dict],
    outcome: str,
    signature: str,
    why: str,
    sites: list[dict] | None = None,
    category: str = "gathering",
    routes: list[tuple[str, dict[str, list[tuple]]]] | None = None,
) -> Draft:
    """A task from its fields, its sites ({id, name, near, materials, direction?, away?, work?, skill?,
    level?}) and its members' work (the module docstring lists the plan entries). `routes`: other legal
    routes, (what differs, {member: its plan entries}); besides them the draft offers a receiver fetching a
    load where it was gathered, and two gatherers of one field splitting it otherwise."""
    crew = Crew(task_id, name, category, intro)
    content = places.content()
    patches = {
        handle: crew.patch(f.kind, f.near, f.count, f.direction, f.away) for handle, f in fields.items()
    }
    spots = {
        s["id"]: (s["name"], crew.site(s["id"], **{k: v for k, v in s.items() if k != "id"}))
        for s in sites or []
    }
    members: dict[str, Member] = {}
    for role in roles:
        member = crew.join(role.name, role.title, role.spawn, dict(role.skills), dict(role.items))
        if category == "exploration":  # far afield for long: hardier than the usual traveller (build.py)
            member.skills.setdefault("health", EXPEDITION_HEALTH)
        members[role.name] = member
        recipes, kinds = [], []
        for entry in role.plan:
            if entry[0] in ("pick", "pool"):
                kind = patches[entry[1]].kind
                node = content.node_kinds[kind]
                member.skills[node.skill] = max(member.skills.get(node.skill, 1), _level(node.level))
                if node.tool:
                    member.inventory.setdefault(TOOLS[node.skill], 1)
                if kind not in kinds:
                    kinds.append(kind)
            elif entry[0] == "make" and entry[1] not in recipes:
                recipe = content.recipes[entry[1]]
                member.skills[recipe.skill] = max(member.skills.get(recipe.skill, 1), recipe.level + 5)
                for tool in recipe.tools:
                    member.inventory.setdefault(tool, 1)
                recipes.append(entry[1])
        member.holding = dict(member.inventory)
        _sheet(member, role, patches, spots, recipes, kinds)
        member.kind = "+".join(dict.fromkeys(e[0] for e in role.plan if e[0] in ("pick", "make", "build")))
    for role in roles:
        _write(members[role.name], role.plan, members, patches, spots)
    pairs = [(members[r.name], members[e[1]], e[2]) for r in roles for e in r.plan if e[0] == "give"]
    alternatives = [(what, _compile(plans, members, patches, spots)) for what, plans in routes or []]
    alternatives += _split(roles, members, patches, spots)
    alternatives += [alt for alt in (fetch(g, m, item) for g, m, item in pairs) if alt]
    return crew.draft(
        motif="stock",
        signature=signature,
        success=success,
        outcome=outcome,
        checkpoints=_checkpoints(success, pairs, members),
        alternatives=alternatives,
        why=why,
    )


def _compile(
    plans: dict[str, list[tuple]],
    members: dict[str, Member],
    patches: dict[str, Patch],
    spots: dict[str, tuple[str, Position]],
) -> dict[str, list]:
    """Oracle plans from plan entries, for members written afresh (their sheet and kit as in the task)."""
    out = {}
    for name, entries in plans.items():
        old = members[name]
        fresh = Member(old.name, old.title, old.spawn, dict(old.skills), dict(old.inventory))
        _write(fresh, entries, members, patches, spots)
        out[name] = fresh.plan
    return out


def _split(
    roles: list[Role],
    members: dict[str, Member],
    patches: dict[str, Patch],
    spots: dict[str, tuple[str, Position]],
) -> list[tuple[str, dict[str, list]]]:
    """Two members who each pick a field once and hand it all on: the same total, split two units the
    other way (the first picks two more, the second two fewer)."""

    def single(role: Role, handle: str) -> bool:
        picks = [e for e in role.plan if e[0] == "pick" and e[1] == handle]
        gives = [e for e in role.plan if e[0] == "give" and e[2] == yield_of(patches[handle].kind)]
        return len(picks) == 1 and len(gives) == 1 and picks[0][2] == gives[0][3] > 4

    out = []
    for handle in patches:
        pair = [r for r in roles if single(r, handle)]
        if len(pair) < 2:
            continue
        changed = {}
        for role, delta in zip(pair[:2], (2, -2)):
            plan = [
                (e[0], e[1], e[2] + delta)
                if e[0] == "pick" and e[1] == handle
                else (*e[:3], e[3] + delta, *e[4:])
                if e[0] == "give" and e[2] == yield_of(patches[handle].kind)
                else e
                for e in role.plan
            ]
            changed[role.name] = plan
        what = f"the {pair[0].title.lower()} {pair[0].name} picks two more and {pair[1].name} two fewer"
        out.append((what, _compile(changed, members, patches, spots)))
    return out


def _write(
    member: Member,
    plan: list[tuple],
    members: dict[str, Member],
    patches: dict[str, Patch],
    spots: dict[str, tuple[str, Position]],
) -> None:
    for entry in plan:
        verb, args = entry[0], entry[1:]
        if verb == "tell":
            member.tell(args[0], _message(args[1], patches, spots))
        elif verb == "hear":
            member.hear(args[0])
        elif verb == "pick":
            member.work(patches[args[0]], args[1])
        elif verb == "pool":
            item = yield_of(patches[args[0]].kind)
            member.holding[item] = member.holding.get(item, 0) + args[2]
            member.pooled[item] = member.pooled.get(item, 0) + args[2]
            member.work(patches[args[0]], args[1])
        elif verb == "make":
            member.craft(args[0], args[1], args[2] if len(args) > 2 else None)
        elif verb == "give":
            member.give(
                members[args[0]], args[1], args[2], _where(args[3], patches, spots) if len(args) > 3 else None
            )
        elif verb == "take":
            member.await_(args[0], args[1])
        elif verb == "seek":  # walk to the clue's landmark; from there the field is in view
            member.go(tile_of(patches[args[0]].near))
            member.go(patches[args[0]].center)
        elif verb == "harvest":  # a kind the map grows: the gather step walks to the nearest one itself
            item = yield_of(args[0])
            member.holding[item] = member.holding.get(item, 0) + args[1]
            member.plan.append({"gather": {"target": args[0], "count": member.holding[item]}})
        elif verb == "inspect":
            member.plan.append({"inspect": {"target": args[0]}})
        elif verb == "go":
            member.go(_where(args[0], patches, spots))
        elif verb == "build":
            if max(abs(member.at[0] - spots[args[0]][1][0]), abs(member.at[1] - spots[args[0]][1][1])) > 1:
                member.go(tuple(stand(spots[args[0]][1])))
            member.build(args[0])
        else:
            raise ValueError(f"{member.name}: unknown plan entry {entry}")


def _where(place, patches: dict[str, Patch], spots: dict[str, tuple[str, Position]]):
    """A place of a plan entry: a field handle is its centre, a site id the tile to stand on to build it, and
    a pair (place, toward) the tile next to the place nearest to `toward` (to work a station within reach of
    the gatherers at a field)."""
    if isinstance(place, tuple) and len(place) == 2 and isinstance(place[0], str):
        here = tile_of(place[0]) if place[0] not in spots else spots[place[0]][1]
        there = _where(place[1], patches, spots)
        there = tile_of(there) if isinstance(there, str) else there
        walkable = places.content().map.walkable
        ring = [(here[0] + dx, here[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        return min(
            (t for t in ring if walkable(*t) and t not in places.occupied()),
            key=lambda t: (max(abs(t[0] - there[0]), abs(t[1] - there[1])), t),
        )
    if isinstance(place, str) and place in patches:
        return patches[place].center
    if isinstance(place, str) and place in spots:
        return tuple(stand(spots[place][1]))
    return place


def _checkpoints(
    success: list[dict], pairs: list[tuple[Member, Member, str]], members: dict[str, Member]
) -> list[dict]:
    """Milestones (3-6): half of each item the team gathers (the whole of a single find), half of each
    counted item the outcome names, then each hand-over's first load received."""
    gathered: dict[str, int] = {}
    for member in members.values():
        totals: dict[str, int] = {}  # item -> what this member gathers itself (its last gather's total)
        for step in member.plan:
            if "gather" in step:
                item = yield_of(step["gather"]["target"])
                own = step["gather"]["count"] - member.inventory.get(item, 0) - member.pooled.get(item, 0)
                totals[item] = max(totals.get(item, 0), own)
        for item, n in totals.items():
            gathered[item] = gathered.get(item, 0) + n
    out = [
        checkpoint(
            f"{item}_gathered",
            f"{max(n // 2, 1)} {name_of(item, max(n // 2, 1))} {'has' if n < 4 else 'have'} been gathered.",
            {"holds": {"items": {item: max(n // 2, 1)}}},
        )
        for item, n in gathered.items()
    ]
    for condition in success:
        for item, n in condition.get("holds", {}).get("items", {}).items():
            if n >= 4 and item not in gathered:
                out.append(
                    checkpoint(
                        f"{item}_half",
                        f"The team holds {n // 2} {name_of(item, n // 2)}.",
                        {"holds": {"items": {item: n // 2}}},
                    )
                )
    seen = set()
    for _giver, receiver, item in pairs:
        if (receiver.name, item) not in seen:
            seen.add((receiver.name, item))
            out.append(
                checkpoint(
                    f"{item}_to_{receiver.name}",
                    f"The {receiver.title.lower()} holds {name_of(item)}.",
                    {"holds": {"agent": receiver.name, "items": {item: 1}}},
                )
            )
    return out[:6]


# --- exploration helpers ------------------------------------------------------------------------
def vault(site_id: str, name: str, near: str, materials: dict, direction=(0, 1), away=2, skill="smithing"):
    """A site the outcome needs finished: its materials, and one turn of work only `skill` 50 can do."""
    return {
        "id": site_id,
        "name": name,
        "near": near,
        "materials": materials,
        "direction": direction,
        "away": away,
        "work": 1,
        "skill": skill,
        "level": 50,
    }


def digger(
    name: str, title: str, spawn, field: str, n: int, to: str, item: str, hear: list[str], batches: int = 1
) -> Role:
    """A member who hears where to dig, finds the place, digs `n` and hands them over there (in `batches`
    loads, the first as soon as it is dug)."""
    loads = [n // batches + (1 if i < n % batches else 0) for i in range(batches)]
    work = [entry for load in loads for entry in (("pick", field, load), ("give", to, item, load))]
    return Role(name, title, spawn, plan=[*(("hear", h) for h in hear), ("seek", field), *work])
