"""The transforms of an augmented variant: each proposes rewritten task mappings, easiest first.

A transform reads a task and the world content and returns `Candidate`s (the variant's YAML
mapping and one line saying what changed), in the order to try them; checks.py decides which pass.
Every transform keeps the objective, the team and the execution order, and raises
`NotApplicable` with the reason when it has nothing to change.

- heavier: every count the outcome demands (a `holds` item, a site's materials and work) is
  multiplied (x2, else x1.5, else x1.25, else x1.2; then one demand at a time), with the recipe inputs
  that make it, everywhere the count is written (success, checkpoints that state the demand, starting
  and ground stock of those items, plan steps, prose).
- holder-farther: the agents whose chat a teammate's plan waits for (the knowledge holders) spawn
  1-5 rounds' walk further from their first goal, so the team learns what it needs later.
- farther: agents spawn at a landmark 1-5 rounds' walk (A* tiles / move_speed) further from the
  first place their plan takes them than their own spawn.
- fewer-items: an agent loses a starting item it can get another way in the world: gather it
  itself (it has the level and the tool), or buy it (it gets the coins, and the walk to the shop).
- scarcer (by name only: `--transform scarcer`): fewer of the nodes of a kind the plans gather from
  (one, or half of them), every list of their coordinates in the prose without the removed ones. Not
  tried by default: on the shipped tasks it never passed (2026-12-07, 28 tasks tried), because their
  nodes either hold just what the team needs (one fewer and the oracle cannot finish within the
  budget) or have spares the team never walks to (no harder).
- stronger-enemy: a task-placed mob becomes a mob of the same kind (style, boss, aggressive, and
  the same sure strike or less, regenerating if it did, wounded by the same weapons) with at least its HP and max hit and
  more of one. A mob the task must kill that the world spawns once (not the task) is replaced the
  same way: the stronger mob is placed on its spawn with `replaces: true`, which removes the world's.
"""

from __future__ import annotations

from agentworld.augment.candidates import Candidate, NotApplicable, Transform
from agentworld.augment.farther import farther, holder_farther
from agentworld.augment.fewer_items import fewer_items
from agentworld.augment.heavier import heavier
from agentworld.augment.scarcer import scarcer
from agentworld.augment.stronger_enemy import stronger_enemy

__all__ = ["Candidate", "NotApplicable", "Transform", "TRANSFORMS", "DEFAULT_ORDER"]

TRANSFORMS: dict[str, Transform] = {
    "stronger-enemy": stronger_enemy,
    "heavier": heavier,
    "fewer-items": fewer_items,
    "scarcer": scarcer,
    "holder-farther": holder_farther,
    "farther": farther,
}
DEFAULT_ORDER = tuple(t for t in TRANSFORMS if t != "scarcer")  # tried in this order when none is named
