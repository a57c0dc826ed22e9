"""Render modes of the env (and the numeric wrapper): rgb_array, ansi, human, and unknown modes refused."""

from __future__ import annotations

import numpy as np
import pytest

import agentworld
from pettingzoo.test import render_test
from agentworld.env import AGENT_COLOURS, ENTITY_COLOURS, TILE_PIXELS
from agentworld.world.content import load_content
from agentworld.wrappers import make_numeric


def test_rgb_array_shows_terrain_entities_and_agents():
    env = agentworld.make("task_01", render_mode="rgb_array")
    obs, _ = env.reset(seed=0)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] % TILE_PIXELS == 0 and image.shape[0] > 20 * TILE_PIXELS
    tiles = image[::TILE_PIXELS, ::TILE_PIXELS]
    colours = {tuple(c) for c in tiles.reshape(-1, 3)}
    assert tuple(AGENT_COLOURS[0]) in colours and ENTITY_COLOURS["mob"] in colours
    # the frame's corner is terrain: the map's own colour at that tile
    radius = load_content().rules.view_radius
    xs = [o["position"][0] for o in obs.values()]
    ys = [o["position"][1] for o in obs.values()]
    x0, y0 = max(0, min(xs) - radius), max(0, min(ys) - radius)
    assert tuple(tiles[0, 0]) == tuple(load_content().map.terrain_rgb()[y0, x0])
    # the picture follows the world: the first agent walks east, its tile moves
    agent = env.possible_agents[0]
    x, y = obs[agent]["position"]
    env.step({agent: {"tool": "move_to", "args": {"target": "town_square"}}})
    assert not np.array_equal(env.render(), image)


def test_ansi_and_numeric_wrapper_render():
    env = make_numeric("task_01", render_mode="ansi")
    env.reset(seed=0)
    assert "round 1/" in env.render()
    env = make_numeric("task_01", render_mode="rgb_array")
    env.reset(seed=0)
    assert env.render().shape[2] == 3


def test_pettingzoo_render_test_passes_for_both_forms(capsys):
    """Issue 27: PettingZoo's own render_test builds the env with render_mode="human" first."""
    render_test(lambda render_mode=None: agentworld.aec_env("task_01", seed=0, render_mode=render_mode))
    assert "round 1/25" in capsys.readouterr().out  # human mode printed its frames


def test_human_mode_prints_the_ansi_frame_and_returns_none(capsys):
    for env in (
        agentworld.make("task_01", render_mode="human"),
        make_numeric("task_01", render_mode="human"),
    ):
        env.reset(seed=0)
        assert env.render() is None
        assert "[wizard]" in capsys.readouterr().out


@pytest.mark.parametrize("mode", ["humans", "rgb", ""])
def test_unknown_render_mode_is_an_error_at_construction(mode: str):
    with pytest.raises(ValueError, match="render_mode"):
        agentworld.make("task_01", render_mode=mode)
    with pytest.raises(ValueError, match="render_mode"):
        agentworld.make("task_01", api="aec", render_mode=mode)
