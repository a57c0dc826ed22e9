"""World.reset places the map's entities in bulk: the state must be exactly what one `_place` per
entity gave (same tables, same insertion order in every dict and grid bucket)."""

from __future__ import annotations

import random

import pytest

from agentworld.episode import Episode
from agentworld.task_scope import world_for
from agentworld.task_world import build_world
from agentworld.tasks import load_task
from agentworld.world.content import load_content
from agentworld.world.engine import World
from agentworld.world.entities import Landmark, Mob, Node, Npc, Station
from agentworld.world.randomplay import random_action


def reference_reset(world: World, seed: int) -> None:
    """World.reset as it was before the bulk placement: one _place per entity."""
    world.seed = seed
    world.rng = random.Random(seed)
    world.round = 1
    world._clear()
    c, gmap = world.content, world.map
    for lid, (x, y) in gmap.landmarks.items():
        world._place(Landmark(lid, gmap.landmark_names.get(lid, lid), x, y), world.landmarks)
    for station, place, (x, y) in gmap.placed_stations:
        world._place(Station(f"{station}#{place}", station, c.stations[station].name, x, y), world.stations)
    for npc_id, (x, y) in gmap.npc_positions.items():
        spec = c.npcs[npc_id]
        stock = {s.item: s.quantity for s in spec.shop.stock} if spec.shop else {}
        world._place(Npc(npc_id, spec.name, x, y, stock), world.npcs)
    for ident, kind, x, y, capacity in world._ix.start_nodes:
        world._place(Node(ident, kind, x, y, capacity, capacity), world.nodes)
    for seq, (ident, mob_type, x, y, hp) in enumerate(world._ix.start_mobs):
        world._place(Mob(ident, mob_type, x, y, (x, y), hp, hp, seq=seq), world.mobs)
    world.counters = dict(world._ix.start_counters)


@pytest.mark.parametrize("task_id", ["task_01", "task_13"])
def test_reset_state_is_the_reference_state_byte_for_byte(task_id, monkeypatch):
    content = load_content()
    fast, slow = World(content), World(content)
    fast.reset(7)
    reference_reset(slow, 7)
    assert fast.snapshot() == slow.snapshot()
    # a task's world on top of each: players and the task's own entities land in the same places
    task = load_task(task_id)
    built = build_world(task, content, 3)
    monkeypatch.setattr(World, "reset", reference_reset)
    by_hand = build_world(task, content, 3)
    assert built.snapshot() == by_hand.snapshot()


@pytest.mark.parametrize("task_id", ["task_01", "task_08"])
def test_a_world_reset_in_place_is_a_new_world(task_id):
    """After episodes of random play (mobs fought and moved, nodes emptied, items dropped), resetting
    the same World object in place gives exactly the state a new world has."""
    task = load_task(task_id)
    content = world_for(task, load_content())  # the world the episode plays in (task_scope.py)
    episode = Episode(task, seed=1)
    rng = random.Random(1)
    for seed in (1, 2, 3):
        world = episode.world
        for _ in range(30):
            for agent in episode.agents:
                tool, args = random_action(world, agent, rng, world.observe(agent))
                episode.act(agent, {"tool": tool, "args": args})
            episode.end_round()
        assert world.events  # something happened
        episode.restart(seed + 1, renew=True)
        assert episode.world is world
        assert world.snapshot() == build_world(task, content, seed + 1).snapshot()
