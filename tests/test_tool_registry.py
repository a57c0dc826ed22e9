"""The tool registry (agentworld/tools.py): every tool declares what the rest of the package needs,
and a tool registered in one place reaches the schemas, the masks, the numeric actions and random play.

The second test registers a test-only tool `polish` (used on a station) in a fresh interpreter,
because the env, engine, affordances and wrappers read the tool lists once, when imported.
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import ClassVar

from agentworld import affordances, tools
from agentworld.agents.oracle import OracleAgent
from agentworld.episode import Episode
from agentworld.tasks import STEP_MODELS, Step
from agentworld.world import randomplay
from agentworld.world.content import load_content
from agentworld.world.engine import _HANDLERS
from agentworld.wrappers.actions import ENTITY_TOOLS, ActionTable
from agentworld.wrappers.vocabulary import task_vocabulary

ROOT = Path(__file__).resolve().parents[1]


def _numeric_verbs() -> set[str]:
    """Verbs of a real task's action table (task_08 has shops, usable items and teammates)."""
    content = load_content()
    ep = Episode("task_08", seed=0)
    table = ActionTable(task_vocabulary(ep.task, content), content, ep.agents[0])
    return {a.verb for a in table.table}


def test_every_tool_has_its_model_handler_step_affordance_numeric_action_and_random_play():
    verbs = _numeric_verbs()
    usable_source = inspect.getsource(affordances._usable_bits) + inspect.getsource(affordances._nearby_bits)
    random_choosers = randomplay._CHOOSERS  # tool -> its random-play chooser
    problems = []
    for name, model in tools.TOOLS.items():
        traits = model.traits
        if not (issubclass(model, tools.Tool) and model.name == name and model.description):
            problems.append(f"{name}: no argument model with a name and a description")
        if not callable(_HANDLERS.get(name)):
            problems.append(f"{name}: no engine handler")
        step = STEP_MODELS.get(traits.step)
        if step is None or not issubclass(step, Step) or not hasattr(OracleAgent, f"_step_{traits.step}"):
            problems.append(f"{name}: oracle step '{traits.step}' has no Step model or no OracleAgent._step_")
        if traits.affordance != "always" and f'_BIT["{name}"]' not in usable_source:
            problems.append(f"{name}: affordance '{traits.affordance}' but affordances.py never sets its bit")
        for verb in traits.numeric:
            if verb not in verbs or (verb == "apply" and ENTITY_TOOLS.get(traits.entity) != name):
                problems.append(f"{name}: numeric verb '{verb}' is not in the action table")
        if traits.weight <= 0 or (traits.entity is None and name not in random_choosers):
            problems.append(f"{name}: no random-play weight or branch")
    assert not problems, problems
    # the oracle's step kinds are the tools' steps plus wait_for (a step that waits for a teammate)
    assert set(STEP_MODELS) == {m.traits.step for m in tools.TOOLS.values()} | {"wait_for"}


def test_the_derived_lists_match_the_old_hand_written_ones():
    """The lists the registry replaced, written out once here: derivation must not change behaviour."""
    assert tools.TEAM_TOOLS == {"chat", "give", "trade_offer", "trade_accept", "trade_decline"}
    assert tools.READ_ONLY_TOOLS == {"wait", "inspect"}
    assert tools.TRANSPARENT_TOOLS == {"chat", "wait", "inspect"}
    assert tools.IDLE_TOOLS == {"wait", "chat"}
    assert tools.ALWAYS_USABLE == {"move_to", "chat", "wait", "inspect"}
    assert tools.RANGE_TOOLS == {
        "gather",
        "attack",
        "give",
        "talk",
        "craft",
        "buy",
        "sell",
        "build",
        "pick_up",
        "trade_offer",
        "trade_accept",
    }
    assert ENTITY_TOOLS == {
        "node": "gather",
        "mob": "attack",
        "npc": "talk",
        "ground": "pick_up",
        "site": "build",
        "station": None,
    }
    assert list(tools.TOOL_WEIGHTS.values()) == [14, 10, 6, 8, 3, 2, 5, 3, 3, 1, 3, 1, 2, 3, 3, 2, 3, 4, 2, 2]


def test_register_refuses_a_duplicate_or_a_tool_without_traits():
    import pytest

    with pytest.raises(ValueError, match="'wait' is already registered"):
        tools.register(tools.Wait)

    class Bare(tools.Tool):
        name = "bare"

    with pytest.raises(TypeError, match="needs `traits"):
        tools.register(Bare)
    assert "bare" not in tools.TOOLS

    class Chop(tools.Tool):
        name: ClassVar[str] = "chop"
        traits: ClassVar[tools.Traits] = tools.Traits(
            weight=1, step="gather", numeric=("apply",), entity="node"
        )

    with pytest.raises(ValueError, match="'gather' is already the tool used on a node"):
        tools.register(Chop)
    assert "chop" not in tools.TOOLS
    with pytest.raises(
        ValueError, match="affordance must be 'always', 'observed' or a function, got 'alway'"
    ):
        tools.Traits(weight=1, step="wait", affordance="alway", numeric=("wait",))
    with pytest.raises(ValueError, match="say in no_numeric why"):
        tools.Traits(weight=1, step="wait")


POLISH = """
from typing import ClassVar
import random

from pydantic import Field

from agentworld import tools


def do_polish(world, player, args, action_id):
    from agentworld.world.common import ActionError  # the world package is imported after register()
    from agentworld.world.entities import Station

    station = world._lookup(player, world._arg_str(args, "station"), Station)
    if station is None:
        raise ActionError("no such station")
    world._in_range(player, station, world.rules.interact_range, "polish")
    return f"you polish {station.id}"


def station_in_view(rules, view, raw):
    return any(e["kind"] == "station" for e in view.nearby)


class Polish(tools.Tool):
    name: ClassVar[str] = "polish"
    description: ClassVar[str] = "Polish a station next to you."
    traits: ClassVar[tools.Traits] = tools.Traits(
        weight=60, step="polish", affordance=station_in_view, numeric=("apply",), needs_range=True,
        entity="station", handler=do_polish)
    station: tools.Name = Field(description="station id")


tools.register(Polish)

from agentworld.episode import Episode
from agentworld.tools import TOOL_NAMES, schemas
from agentworld.world.content import load_content
from agentworld.world.randomplay import random_action
from agentworld.wrappers.actions import ActionTable
from agentworld.wrappers.vocabulary import task_vocabulary

assert [s["function"]["name"] for s in schemas()][-1] == "polish"
assert schemas()[-1]["function"]["parameters"]["required"] == ["station"]
polish = TOOL_NAMES.index("polish")

ep = Episode("task_04", seed=0)
masks = {a: ep.observe(a)["tool_mask"] for a in ep.agents}
assert len(masks["lumberjack"]) == len(TOOL_NAMES) == 21
assert masks["lumberjack"][polish] == 1 and masks["builder"][polish] == 0, "the tool's own check decides"

for _ in range(4):  # walk up to the town's workbench
    ep.act("lumberjack", {"tool": "move_to", "args": {"target": "workbench#town"}})
    for other in ep.agents[1:]:
        ep.act(other, {"tool": "wait", "args": {}})
    ep.end_round()
obs = ep.observe("lumberjack")
content = load_content()
table = ActionTable(task_vocabulary(ep.task, content), content, "lumberjack")
labels = [a.label for a in table.table]
index = labels.index("apply:station")  # the nearest station (index 0 drops from the label)
call = table.call(index, obs)
assert call["tool"] == "polish" and call["args"]["station"].endswith("#town"), call
assert table.mask(obs)[index] == 1

rng = random.Random(1)
drawn = [random_action(ep.world, "lumberjack", rng) for _ in range(200)]
assert any(tool == "polish" for tool, _ in drawn), "random play never picked the registered tool"

from agentworld.agents.random_agent import RandomAgent

baseline = RandomAgent(seed=0)
baseline.reset("lumberjack", {"tools": schemas(), "teammates": []})
picks = [baseline.act(obs) for _ in range(300)]
assert any(c["tool"] == "polish" and "station" in c["args"] for c in picks), "the random baseline never polished"

record = ep.act("lumberjack", call)
assert record["ok"] and record["result"].startswith("you polish "), record
print("polish reached schemas, masks, numeric actions, random play and the engine")
"""


def test_a_tool_registered_in_one_place_reaches_schemas_masks_numeric_actions_and_random_play(tmp_path):
    script = tmp_path / "polish.py"
    script.write_text(textwrap.dedent(POLISH))
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "polish reached" in done.stdout


def test_the_oracle_declines_an_offer(monkeypatch, tmp_path):
    """trade_decline's oracle step (the registry test found it missing): the offer is declined, not taken."""
    import types

    from agentworld.runner import run_episode
    from agentworld.tasks import load_task
    from agentworld.verifiers.helpers import held

    verifier = types.ModuleType("agentworld.verifiers.oracle_decline_test")
    verifier.CHECKPOINTS = {
        "kept": lambda w, t: held(w, "torch", "seller") == 1 and held(w, "coins", "buyer") == 5
    }
    monkeypatch.setitem(sys.modules, "agentworld.verifiers.oracle_decline_test", verifier)
    task = load_task(
        {
            "id": "oracle_decline",
            "name": "Oracle decline",
            "category": "coordination",
            "objective": "test",
            "max_rounds": 6,
            "verifier": "oracle_decline_test",
            "agents": [
                {"name": "seller", "role": "S", "spawn": "town_square", "inventory": {"torch": 1}},
                {"name": "buyer", "role": "B", "spawn": "town_square", "inventory": {"coins": 5}},
            ],
            "checkpoints": [{"id": "kept", "description": "kept"}],
            "success": [
                {"holds": {"agent": "seller", "items": {"torch": 1}}},
                {"at": {"agent": "buyer", "place": [134, 122]}},
            ],
            "oracle": {
                "seller": [{"trade_offer": {"to": "buyer", "give": {"torch": 1}, "want": {"coins": 5}}}],
                "buyer": [{"trade_decline": {"from": "seller"}}, {"move_to": {"target": [134, 122]}}],
            },
        }
    )
    result = run_episode(task, "oracle", seed=0, progress=False, out_dir=tmp_path)
    records = [json.loads(line) for line in (tmp_path / "trajectory.jsonl").read_text().splitlines()]
    tools_used = [r["tool"] for r in records if r.get("type") == "action" and r.get("ok")]
    assert "trade_decline" in tools_used and "trade_accept" not in tools_used, tools_used
    assert result["success"] and result["invalid_actions"] == 0


def test_the_rule_mixins_use_only_helpers_they_define_or_worldcore_declares():
    """Each `self._helper(...)` a world/ mixin calls is its own, WorldCore's, or declared in WorldCore
    (with the module that defines it): the coupling between mixins stays written down in core.py."""
    import re

    from agentworld.world.core import WorldCore
    from agentworld.world.engine import World

    core = {name for name in vars(WorldCore) if callable(vars(WorldCore)[name])} | set(
        WorldCore.__annotations__
    )
    undeclared = []
    for mixin in World.__mro__[1:-2]:  # the mixins between World and WorldCore
        own = set(vars(mixin))
        for name in sorted(set(re.findall(r"self\.(_[a-z_]+)\(", inspect.getsource(mixin)))):
            if name not in own and name not in core:
                undeclared.append(f"{mixin.__name__} calls self.{name}")
            elif name in WorldCore.__annotations__ and not hasattr(World, name):
                undeclared.append(f"WorldCore declares {name} but no mixin defines it")
    assert World.__mro__[-2] is WorldCore and not undeclared, undeclared
