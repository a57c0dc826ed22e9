"""Combat arithmetic: attack/defence ratings, hit chance and damage rolls.

The formulas (also summarised in the README's world rules):

    style skill    melee: accuracy (to hit) and strength (damage); ranged: archery; magic: magic
    A (attack)     attacker's to-hit skill level + weapon accuracy bonus      (mob: its `accuracy`)
    D (defence)    defender's defense level + sum of worn items' defense      (mob: its `defense`)
    hit chance     p = (A + 12) / (A + D + 16), clamped to [0.05, 0.95]
    max hit        player: 1 + (damage skill level + weapon strength bonus) // 2   (mob: its `max_hit`)
    armour         player: (sum of worn items' defense) // 10                     (mob: 0)
    damage         on a hit: uniform integer in 1..max_hit, minus the target's armour, at least 0

Rolls use only the world's generator (`rng.random()` for the hit, then `rng.randint` for the
damage, in that order), so combat is deterministic for a seed and action sequence.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Mapping, NamedTuple

if TYPE_CHECKING:
    from agentworld.world.content_schema import Stats

STYLE_SKILLS = {
    "melee": ("accuracy", "strength"),
    "ranged": ("archery", "archery"),
    "magic": ("magic", "magic"),
}


def hit_chance(attack: int, defence: int) -> float:
    """p = (A + 12) / (A + D + 16), clamped to [0.05, 0.95]."""
    p = (attack + 12) / (attack + defence + 16)
    return 0.05 if p < 0.05 else 0.95 if p > 0.95 else p


def player_max_hit(damage_level: int, weapon_strength: int) -> int:
    """1 + (damage skill level + weapon strength bonus) // 2."""
    return 1 + max(0, damage_level + weapon_strength) // 2


def armour_of(total_item_defense: int) -> int:
    """Flat damage reduction from worn items: total defense bonus // 10."""
    return max(0, total_item_defense) // 10


def roll(rng: random.Random, attack: int, defence: int, max_hit: int, armour: int) -> int | None:
    """One swing: None for a miss, else the damage dealt (0 when armour absorbs it all)."""
    if rng.random() >= hit_chance(attack, defence):
        return None
    dmg = rng.randint(1, max_hit) if max_hit >= 1 else 0
    return dmg - armour if dmg > armour else 0


class Ratings(NamedTuple):
    """A player's combat numbers (see the module docstring for each formula)."""

    attack: int  # A: to-hit skill level + accuracy bonuses
    defence: int  # D: defense level + worn defense
    max_hit: int  # the largest damage one hit can deal
    armour: int  # flat damage reduction
    range: int  # the weapon's reach in tiles
    style: str  # melee, ranged or magic


def player_ratings(skills: Mapping[str, int], weapon_stats: Stats, worn_stats: list[Stats]) -> Ratings:
    """A player's Ratings given item Stats objects.

    `weapon_stats` is the Stats of the weapon slot (or the rules' unarmed stats); `worn_stats`
    are the Stats of every other equipped item with stats.
    """
    style = weapon_stats.style
    hit_skill, dmg_skill = STYLE_SKILLS.get(style, STYLE_SKILLS["melee"])
    acc_bonus = weapon_stats.accuracy + sum(s.accuracy for s in worn_stats)
    str_bonus = weapon_stats.strength + sum(s.strength for s in worn_stats)
    item_def = weapon_stats.defense + sum(s.defense for s in worn_stats)
    attack = skills.get(hit_skill, 1) + acc_bonus
    defence = skills.get("defense", 1) + item_def
    return Ratings(
        attack,
        defence,
        player_max_hit(skills.get(dmg_skill, 1), str_bonus),
        armour_of(item_def),
        weapon_stats.range,
        style,
    )
