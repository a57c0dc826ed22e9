"""Objective truth: what a task's text asserts about the world, checked against the content and the built world.

A task's objective and its agents' documentation state facts the agents will act on. Seven kinds of
statement are read, in the phrasings the shipped tasks use, and each is checked exactly:

- *wounds*: a sentence saying only some weapon wounds (goes through, hurts) an enemy. The enemy is a
  mob named in the sentence (id, name, or the last word of the name of a mob the task places or must
  kill), else the task's one such mob type ("it"). It must have a `wounded_by` list (else any weapon, or bare hands,
  hurts it), and when the sentence names weapons, one of them must be in that list.
- *place*: a coordinate `(x, y)` right after a landmark's name is that landmark's position (within
  1 tile); a coordinate after a backquoted id of a node kind, mob type, NPC, station or landmark (with
  no other backquoted id in between, in the same sentence) is where one of those stands in the built
  world (nodes, stations and landmarks within 1 tile, NPCs within 2, mobs within 3 of their spawn).
- *start*: where an agent is said to start ("You start at Mossy Pond (70, 129)" in its own documentation,
  "the wizard, who starts at Greenhollow Farm (158, 139)" in anyone's; the phrase ends at a comma or at
  "beside", "by", "with", ...) is its spawn: every coordinate of the phrase within 2 tiles of it, or the landmark the phrase names within 8 (its slack as a place); an
  agent given two different starting places is false even where each alone could pass (audit/start_places.py).
- *count*: what an agent's own documentation says it starts with ("You carry 2 stick and a hammer",
  "You start at ... with 30 coins", "you have mining 55", "You are the team's spearman: accuracy 60,
  ...", "You have no coins", "You have 65 HP") is its start: item and coin counts exactly ("a" / "the"
  at least one), skill levels and HP exactly; a mob's HP or blow stated beside its id ("`rime_stalker`,
  190 HP, hits back for up to 4") is the content's.
- *demand*: a count the objective puts on an item the outcome demands ("they need two ghostpine bows",
  "the team holds 23 gale arrows", "... and the team holds two." when one count is demanded) is that
  `holds` count: a variant that raises the demand must raise every count written for it.
- *recipe*: a recipe written out ("`gale_shafts`: 1 ghostpine_shaft + 2 gale_feather -> 1 gale_shaft
  (fletching 45, by hand, anywhere)") is the content's, counts, skill, place and tool included
  (audit/recipe_lines.py).
- *price*: in a market task, a price list ("(a unit): driftwood 20 coins, woad 40 coins") is its
  price table, and "sell 18 driftwood for coins: 360 coins at the market's price" is 18 at that price
  (audit/price_lines.py).

A sentence no pattern reads is not judged: the check finds false statements, it does not prove the
text true. `check_truth` returns how many statements of each kind it read and every false one, with
its task, field and sentence (`agentworld validate` fails on them; `agentworld audit` prints them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agentworld.audit.price_lines import price_problems
from agentworld.audit.recipe_lines import recipe_problems
from agentworld.audit.start_places import COORD, StartPlaces
from agentworld.task_world import build_world

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.content import Content
    from agentworld.world.engine import World

TICKED = re.compile(r"`([a-z0-9_#]+)`")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(\"'])")
ONLY = re.compile(r"\bonly\b", re.IGNORECASE)
WOUND = re.compile(r"\b(wound|wounds|wounded|goes through|go through|hurts?)\b", re.IGNORECASE)
# tiles of slack per thing: a landmark's coordinate may be a spot of it ("the north edge of Saltreach
# Village (206, 196)", "the North Beacon is by the North Crossroads (128, 80)")
NEAR = {"node": 1, "station": 1, "npc": 2, "mob": 3, "landmark": 8}
PLACE_WINDOW = 60  # characters from a backquoted id to the coordinate said to be its place
LIST_GAP = re.compile(r"\s*(,|,? and|,? or)\s*")
SPELLED = (  # counts written in words, by value (the augmenter writes them too)
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty"
).split()
NUMBER_WORDS = {"a": 0, "an": 0} | {word: n for n, word in enumerate(SPELLED[1:7], start=1)}


@dataclass(frozen=True, slots=True)
class FalseStatement:
    """One statement of a task's text that the content or the built world contradicts."""

    task: str
    field: str  # "objective" or "agents.<name>.context"
    kind: str  # wounds | place | count | start | demand | recipe | price
    sentence: str  # the sentence quoted (whitespace collapsed)
    problem: str  # what the world says instead

    def to_json(self) -> dict:
        return {
            "task": self.task,
            "field": self.field,
            "kind": self.kind,
            "sentence": self.sentence,
            "problem": self.problem,
        }

    def __str__(self) -> str:
        return f'{self.task}: {self.field}: {self.problem}: "{self.sentence}"'


class Lexicon:
    """The content's names as the text spells them: ids, ids with spaces, names, plurals."""

    def __init__(self, content: Content):
        self.content = content
        self.items: dict[str, str] = {}
        for item in content.items.values():
            for form in name_forms(item.id.replace("_", " ")) + name_forms(item.name.lower()):
                self.items.setdefault(form, item.id)
            self.items.setdefault(item.id, item.id)
        self.weapons = {form: i for form, i in self.items.items() if content.items[i].slot == "weapon"}
        self.skills = set(content.skills)
        gmap = content.map
        # longest first, so "Mouth of the Ogre Den" is not read as "Ogre Den"
        self.landmark_names = sorted(
            ((name.lower(), lid) for lid, name in gmap.landmark_names.items()), key=lambda pair: -len(pair[0])
        )

    def item_at(self, words: list[str]) -> tuple[str | None, int]:
        """The item the longest prefix (up to 4 words) of `words` names, and how many words it took."""
        for n in range(min(4, len(words)), 0, -1):
            found = self.items.get(" ".join(words[:n]))
            if found:
                return found, n
        return None, 0


def name_forms(name: str) -> list[str]:
    """A name and its plurals (last word + s / es / ies)."""
    head, _, last = name.rpartition(" ")
    plural = [last + "s", last + "es"] + ([last[:-1] + "ies"] if last.endswith("y") else [])
    return [name] + [f"{head} {p}".strip() for p in plural]


@dataclass
class Truth:
    """What the check read in one task: statements per kind, and the false ones."""

    task: str
    read: dict[str, int]  # kind -> statements read (true or false)
    false: list[FalseStatement]

    def to_json(self) -> dict:
        return {"read": dict(self.read), "false": [f.to_json() for f in self.false]}


def check_truth(task: Task, content: Content | None = None, lexicon: Lexicon | None = None) -> Truth:
    """Every statement read in the task's objective and its agents' documentation, and the false ones."""
    if content is None:
        from agentworld.world.content import (
            load_content,  # the content loads once per process
        )

        content = load_content()
    lexicon = lexicon or Lexicon(content)
    world = build_world(task, content, seed=0)
    truth = Truth(
        task.id, {"wounds": 0, "place": 0, "count": 0, "start": 0, "demand": 0, "recipe": 0, "price": 0}, []
    )
    texts = [("objective", None, task.objective)] + [
        (f"agents.{a.name}.context", a.name, a.context) for a in task.agents
    ]
    starts = StartPlaces(task, lexicon)
    for field, agent, text in texts:
        for sentence in sentences(text):
            for kind, problem in _judge(sentence, agent, task, world, lexicon):
                truth.read[kind] += 1
                if problem is not None:
                    truth.false.append(FalseStatement(task.id, field, kind, sentence, problem))
            for problem in starts.read(sentence, agent):
                truth.read["start"] += 1
                if problem is not None:
                    truth.false.append(FalseStatement(task.id, field, "start", sentence, problem))
    truth.false += [
        FalseStatement(task.id, field, "start", sentence, problem)
        for field, sentence, problem in starts.doubled()
    ]
    return truth


def sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(" ".join(text.split())) if s]


def _judge(sentence: str, agent: str | None, task: Task, world: World, lexicon: Lexicon):
    """(kind, problem) per statement of the sentence; problem None when the world agrees."""
    yield from (("wounds", p) for p in wound_problems(sentence, task, lexicon))
    yield from (("place", p) for p in place_problems(sentence, world, lexicon))
    yield from (("count", p) for p in mob_stat_problems(sentence, lexicon))
    yield from (("recipe", p) for p in recipe_problems(sentence, lexicon))
    yield from (("price", p) for p in price_problems(sentence, task, lexicon))
    if agent is None:
        yield from (("demand", p) for p in demand_problems(sentence, task, lexicon))
    else:
        yield from (
            ("count", p) for p in start_problems(sentence, task.agent(agent), world.players[agent], lexicon)
        )


# --- wounds --------------------------------------------------------------------------------------------
def wound_problems(sentence: str, task: Task, lexicon: Lexicon) -> list[str | None]:
    """A claim that only some weapon wounds an enemy: the enemy has a wounded_by that holds it."""
    if not (ONLY.search(sentence) and WOUND.search(sentence)):
        return []
    mobs = lexicon.content.mobs
    mobs_named = _mobs_named(sentence, task, lexicon)
    if not mobs_named:
        return []
    weapons = _weapons_named(sentence, lexicon)
    problems: list[str | None] = []
    for mob in mobs_named:
        wounding = mobs[mob].wounded_by
        if not wounding:
            problems.append(f"every weapon (and a bare hand) wounds {mob}: it has no wounded_by list")
    union = {w for mob in mobs_named for w in mobs[mob].wounded_by}
    if weapons and union and not weapons & union:
        problems.append(
            f"{', '.join(sorted(weapons))} do(es) not wound {', '.join(mobs_named)}: only "
            f"{', '.join(sorted(union))} do"
        )
    return problems or [None]


def _mobs_named(sentence: str, task: Task, lexicon: Lexicon) -> list[str]:
    lower = sentence.lower()
    content = lexicon.content
    placed = list(
        dict.fromkeys(
            [m.type for m in task.world.mobs]
            + [c.mob for c in task.success if getattr(c, "kind", "") == "killed"]
        )
    )
    found = [
        m.id
        for m in content.mobs.values()
        if f"`{m.id}`" in sentence or re.search(rf"\b{re.escape(m.name.lower())}\b", lower)
    ]
    # a task's own mob named like a world mob it stands in for (task_76's woken guardians): the name
    # means the one the task places or kills
    names = {content.mobs[mob].name.lower() for mob in placed}
    found = [m for m in found if m in placed or content.mobs[m].name.lower() not in names]
    for mob in placed:
        head = content.mobs[mob].name.lower().split()[-1]
        if mob not in found and re.search(rf"\b{re.escape(head)}\b", lower):
            found.append(mob)
    if not found and len(placed) == 1:
        found = placed
    return found


def _weapons_named(sentence: str, lexicon: Lexicon) -> set[str]:
    lower = sentence.lower()
    return {
        item
        for form, item in lexicon.weapons.items()
        if len(form) > 3 and (re.search(rf"\b{re.escape(form)}\b", lower) or f"`{item}`" in sentence)
    }


# --- places --------------------------------------------------------------------------------------------
def place_problems(sentence: str, world: World, lexicon: Lexicon) -> list[str | None]:
    """Each coordinate said to be where a landmark, node, mob, NPC or station is (clause by clause)."""
    return [
        _misplaced(what, ident, tile, world, lexicon)
        for clause in sentence.split(";")
        for what, ident, tile in _placed(clause, world, lexicon)
    ]


def _placed(clause: str, world: World, lexicon: Lexicon) -> list[tuple[str, str, tuple[int, int]]]:
    """(kind, id, tile) for each coordinate the clause ties to a thing: right after a landmark's name; or
    the first within PLACE_WINDOW characters after a backquoted id (nothing else backquoted between),
    and the coordinates listed right after it ("at (61, 59) and (59, 61)")."""
    out = []
    lower = clause.lower()
    ticks = [(m.end(), m.group(1)) for m in TICKED.finditer(clause)]
    owner: tuple[str, str] | None = None  # the thing the previous coordinate belonged to
    last_end, used = -1, -1  # end of the previous coordinate; end of the last id that got one
    for match in COORD.finditer(clause):
        tile = (int(match.group(1)), int(match.group(2)))
        before = lower[: match.start()].rstrip()
        named = next((lid for name, lid in lexicon.landmark_names if before.endswith(name)), None)
        if named is not None:
            owner = ("landmark", named)
        elif (
            owner is not None
            and owner[0] != "landmark"
            and LIST_GAP.fullmatch(clause[last_end : match.start()])
        ):
            pass  # the next coordinate of a list keeps its owner (a landmark has one position)
        else:
            owner = None
            prior = [t for t in ticks if t[0] <= match.start()]
            if prior and prior[-1][0] != used and match.start() - prior[-1][0] <= PLACE_WINDOW:
                what = _entity_kind(prior[-1][1], world, lexicon)
                owner = (what, prior[-1][1]) if what else None
                used = prior[-1][0]
        last_end = match.end()
        if owner is not None:
            out.append((owner[0], owner[1], tile))
    return out


def _entity_kind(ident: str, world: World, lexicon: Lexicon) -> str | None:
    content = lexicon.content
    if ident in content.node_kinds:
        return "node"
    if ident in content.mobs:
        return "mob"
    if ident in world.npcs:
        return "npc"
    if ident in world.stations:
        return "station"
    if ident in content.map.landmarks:
        return "landmark"
    return None


def _misplaced(what: str, ident: str, tile: tuple[int, int], world: World, lexicon: Lexicon) -> str | None:
    """None when `ident` stands within NEAR[what] tiles of `tile` in the built world, else the problem."""
    if what == "landmark":
        spots = [tuple(lexicon.content.map.landmarks[ident])]
    elif what == "node":
        spots = [(n.x, n.y) for n in world.nodes.values() if n.kind == ident]
    elif what == "mob":
        spots = [tuple(m.spawn) for m in world.mobs.values() if m.type == ident]
    elif what == "npc":
        spots = [(world.npcs[ident].x, world.npcs[ident].y)]
    else:
        spots = [(world.stations[ident].x, world.stations[ident].y)]
    if not spots:
        return f"there is no {ident} in the world, so none at {tile}"
    nearest = min(spots, key=lambda s: max(abs(s[0] - tile[0]), abs(s[1] - tile[1])))
    gap = max(abs(nearest[0] - tile[0]), abs(nearest[1] - tile[1]))
    if gap <= NEAR[what]:
        return None
    return f"no {what} {ident} within {NEAR[what]} of {tile}: the nearest is at {nearest}, {gap} tiles away"


# --- demands -------------------------------------------------------------------------------------------
NUMBER = r"(\d+|" + "|".join(SPELLED[1:]) + r")"
COUNTED = re.compile(rf"\b{NUMBER}\s+(?=[a-z`])", re.IGNORECASE)
HOLDS_BARE = re.compile(rf"\bholds?\s+{NUMBER}\s*(?:[.;,)]|$)", re.IGNORECASE)


def demand_problems(sentence: str, task: Task, lexicon: Lexicon) -> list[str | None]:
    """Counts the objective puts on the items the `holds` conditions demand, against those counts."""
    demanded: dict[str, set[int]] = {}
    for condition in task.success:
        if condition.kind == "holds":
            for item, count in condition.items.items():
                demanded.setdefault(item, set()).add(count)
    problems: list[str | None] = []
    for match in COUNTED.finditer(sentence):
        words = [w.strip("`'\",.;:()").lower() for w in sentence[match.end() :].split()[:4]]
        item, _used = lexicon.item_at(words)
        if item in demanded:
            problems.append(_demand_problem(match.group(1), item, demanded[item]))
    counts = {(item, n) for item, ns in demanded.items() for n in ns}
    if len(counts) == 1:  # "... and the team holds two."
        ((item, n),) = counts
        problems += [_demand_problem(m.group(1), item, {n}) for m in HOLDS_BARE.finditer(sentence)]
    return problems


def said_count(said: str) -> int:
    """A count as written: digits, or a word of SPELLED in any case."""
    return int(said) if said.isdigit() else SPELLED.index(said.lower())


def _demand_problem(said: str, item: str, demanded: set[int]) -> str | None:
    if said_count(said) in demanded:
        return None
    return f"the outcome demands {' or '.join(map(str, sorted(demanded)))} {item}, not {said}"


# --- counts --------------------------------------------------------------------------------------------
MOB_STATS = re.compile(r"`([a-z0-9_]+)`,\s*(\d+) HP(?:,\s*hits back for up to (\d+))?")
CARRY = re.compile(r"\byou (?:carry|brought|start at [^.;:]*? with|start with)\s+([^.;:()]+)", re.IGNORECASE)
HAVE = re.compile(r"\byou have\s+([^.;:()]+)", re.IGNORECASE)
TEAM_ROLE = re.compile(r"\byou are the team's [^:.]*?: ([^.;()]+)", re.IGNORECASE)
SKILL_LEVEL = re.compile(r"\b([a-z]+) (\d+)\b")


def mob_stat_problems(sentence: str, lexicon: Lexicon) -> list[str | None]:
    """A mob's HP (and blow) stated beside its id, against the content."""
    problems: list[str | None] = []
    for match in MOB_STATS.finditer(sentence):
        mob = lexicon.content.mobs.get(match.group(1))
        if mob is None:
            continue
        problems.append(
            f"{mob.id} has {mob.hp} HP, not {match.group(2)}" if int(match.group(2)) != mob.hp else None
        )
        if match.group(3):
            problems.append(
                f"{mob.id} hits for up to {mob.max_hit}, not {match.group(3)}"
                if int(match.group(3)) != mob.max_hit
                else None
            )
    return problems


def start_problems(sentence: str, spec, player, lexicon: Lexicon) -> list[str | None]:
    """What the agent's own documentation says it starts with, against its start."""
    held = dict(spec.inventory)
    for item in spec.equipment.values():
        held[item] = held.get(item, 0) + 1
    problems: list[str | None] = []
    for match in CARRY.finditer(sentence):
        problems += _items_problems(match.group(1), held, lexicon)
    for match in HAVE.finditer(sentence):
        phrase = match.group(1)
        if re.match(r"no coins\b", phrase, re.IGNORECASE):
            coins = held.get("coins", 0)
            problems.append(f"{spec.name} starts with {coins} coins, not none" if coins else None)
            continue
        hp = re.match(r"(\d+) HP\b", phrase)
        if hp:
            problems.append(
                f"{spec.name} starts with {player.max_hp} HP, not {hp.group(1)}"
                if int(hp.group(1)) != player.max_hp
                else None
            )
            continue
        problems += _skill_problems(phrase, spec, lexicon) + _items_problems(phrase, held, lexicon)
    for match in TEAM_ROLE.finditer(sentence):
        problems += _skill_problems(match.group(1), spec, lexicon)
    return problems


def _skill_problems(phrase: str, spec, lexicon: Lexicon) -> list[str | None]:
    """`skill N` pairs of a list ("mining 55 and a bronze pickaxe", "accuracy 60, strength 60")."""
    problems: list[str | None] = []
    for part in re.split(r",\s*|\s+and\s+", phrase):
        match = SKILL_LEVEL.fullmatch(part.strip())
        if match is None or match.group(1) not in lexicon.skills:
            continue
        level = spec.skills.get(match.group(1), 1)
        problems.append(
            f"{spec.name} has {match.group(1)} {level}, not {match.group(2)}"
            if level != int(match.group(2))
            else None
        )
    return problems


def _items_problems(phrase: str, held: dict[str, int], lexicon: Lexicon) -> list[str | None]:
    """Counted items of a list ("2 stick and a hammer", "the 6 stormeels the oil needs", "30 coins")."""
    problems: list[str | None] = []
    for part in re.split(r",\s*|\s+and\s+", phrase):
        words = [w.strip("`'\"").lower() for w in part.split()]
        while words and words[0] in ("the", "your", "its", "their", "town's"):
            words = words[1:]
        if not words:
            continue
        count = int(words[0]) if words[0].isdigit() else NUMBER_WORDS.get(words[0])
        if count is None:
            continue  # not a counted thing ("it", "fishing 50", "no idea")
        item, _used = lexicon.item_at(words[1:])
        if item is None:
            continue
        have = held.get(item, 0)
        said = "one" if count == 0 else str(count)
        wrong = (count == 0 and have < 1) or (count > 0 and have != count)
        problems.append(f"the text says {said} {item}, the agent starts with {have}" if wrong else None)
    return problems
