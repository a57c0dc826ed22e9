"""Task 06, Siege of Frostmere Camp: icefish -> stew -> a fed sentinel kills the two rimefang
alphas, and nobody dies.

Success (task file): both rimefang wolves are killed and nobody has died. Why each role is needed
(`agentworld audit task_06` proves all three from the content):
- sentinel: only the rimeguard spear wounds a rimefang (accuracy 50 to wield; nobody else has it
  or can reach the level), and a rimefang bites surely (`sure_strike` 63 minus armour, every round
  of its fight, wherever its target stands): only the sentinel's pavise and iron (armour 31) leave
  anyone a bite they survive; the 35-HP angler and cook die to one bite.
- angler and cook: a wolf (220 HP) takes five spear hits, so it bites at least four times, and
  the sentinel (95 HP) loses 32 a bite while it spends its turns attacking; the best healing the
  team could get without Frostmere stew is 26 a use, so it falls. Stew (60 HP) needs raw icefish
  (fishing 35 and a rod: the angler) simmered at a range (cooking 70: only the cook, at 72); no
  trainer teaches either, no shop sells raw icefish or stew.
The plan is joined by chat: the sentinel asks the cook for stew at the north edge, the cook tells
the angler where the ice holes are and where the range stands; six fish, six bowls, twice.
Legal alternatives that pass: the angler hands all twelve fish over at once, the sentinel fetches
the stew from the range himself.
Checkpoints: four fish caught, four bowls cooked, the sentinel has eaten, one wolf slain (the
wolves' type is read from the task, so the stronger-enemy variant's elder wolves count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentworld.verifiers.common import any_event, held, killed_ids, target_type, task_mobs

if TYPE_CHECKING:
    from agentworld.tasks import Task
    from agentworld.world.engine import World


def fish_caught(world: World, task: Task) -> bool:
    return held(world, "raw_icefish") + held(world, "frostmere_stew") >= 4


def meals_cooked(world: World, task: Task) -> bool:
    return held(world, "frostmere_stew") >= 4


def sentinel_fed(world: World, task: Task) -> bool:
    """The sentinel has eaten (a `use` of food shows as a heal event)."""
    return any_event(world, "heal", agent="sentinel")


def first_wolf_slain(world: World, task: Task) -> bool:
    dead = killed_ids(world)
    return any(mob.id in dead for mob in task_mobs(world, task, target_type(task)))


CHECKPOINTS = {
    "fish_caught": fish_caught,
    "meals_cooked": meals_cooked,
    "sentinel_fed": sentinel_fed,
    "first_wolf_slain": first_wolf_slain,
}
