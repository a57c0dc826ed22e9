"""Speed work must not change behaviour: fixed-seed plays through the env equal a golden file.

tests/data/env_golden.json.gz was written by the code BEFORE the env fast-path work (see git log)
with `python tests/test_env_golden.py --write`. Each scenario plays random valid actions (in every
accepted shape, plus malformed ones) or the oracle team through `agentworld.make`, and records
every trajectory record (minus `t`), every observation and every reward/termination/info, as the
exact JSON text (key order included). Regenerate only for an intended behaviour change. The tasks are
pinned copies in tests/data/golden_tasks/ (verifiers beside them), not the shipped files.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

import agentworld
from agentworld.agents import make_agent
from agentworld.episode import make_briefing
from agentworld.observation import observation_to_json
from agentworld.world.randomplay import random_action

GOLDEN = Path(__file__).parent / "data" / "env_golden.json.gz"
# Pinned copies of the tasks the scenarios play (with their verifiers), so that rewriting a shipped task
# (issue 24) does not move the engine's golden file: only engine behaviour may.
PINNED = Path(__file__).parent / "data" / "golden_tasks"

# name -> (task, api, seed, rounds, team, options, keep full observations)
SCENARIOS: dict[str, tuple[str, str, int, int, str, dict, bool]] = {
    "task01_random": ("task_01", "parallel", 7, 30, "random", {}, True),
    "task01_random_nochat": (
        "task_01",
        "parallel",
        11,
        12,
        "random",
        {"no_chat": True, "disabled_tools": ["craft"], "random_spawns": True},
        False,
    ),
    "task01_oracle": ("task_01", "parallel", 0, 30, "oracle", {}, False),
    "task01_oracle_aec": ("task_01", "aec", 1, 30, "oracle", {}, False),
    "task13_random": ("task_13", "parallel", 3, 8, "random", {}, False),
    "task08_oracle": ("task_08", "parallel", 0, 54, "oracle", {}, False),
    "task05_oracle": ("task_05", "parallel", 0, 25, "oracle", {}, False),
}

HOSTILE: list[Any] = [
    {"tool": "fly", "args": {}},
    {"tool": "gather", "args": {"target": 5}},
    "not json at all",
    None,
    {"tool": "craft", "args": {"recipe": "stick", "count": 0}},
    {"tool": "move_to", "args": {"target": [1]}},
    42,
    {"tool": "chat", "args": {"to": "team", "message": "caf\u00e9 \u2014 ok"}},
    {"name": "wait", "arguments": "{bad"},
]


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _digest(value: Any) -> str:
    return hashlib.sha256(_dump(value).encode()).hexdigest()[:20]


def _engine_view(obs: dict) -> dict:
    """The engine-style observation randomplay reads, rebuilt from the env observation only."""
    return {
        "nearby": list(obs["nearby"]),
        "inventory": {e["item"]: e["count"] for e in obs["inventory"]},
        "position": list(obs["position"]),
        "offers": list(obs["offers"]),
        "equipment": dict(obs["equipment"]),
        "round": obs["round"],
    }


def _shape(tool: str, args: dict, rng: random.Random) -> Any:
    """The same call in one of the shapes agents send, or now and then something malformed."""
    r = rng.random()
    if r < 0.55:
        return {"tool": tool, "args": args}
    if r < 0.70:
        return json.dumps({"tool": tool, "args": args})
    if r < 0.80:
        return {"name": tool, "arguments": json.dumps(args)}
    if r < 0.88:
        return {"type": "function", "function": {"name": tool, "arguments": args}}
    return HOSTILE[rng.randrange(len(HOSTILE))]


class _Team:
    def __init__(self, env: Any, kind: str, seed: int):
        self.env, self.kind, self.rng = env, kind, random.Random(seed)
        self.oracles = {}
        if kind == "oracle":
            for name in env.possible_agents:
                self.oracles[name] = make_agent("oracle")
                self.oracles[name].reset(name, make_briefing(env.task, name, include_plan=True))

    def act(self, agent: str, obs: dict) -> Any:
        if self.kind == "oracle":
            return self.oracles[agent].act(obs)
        world = self.env.backend.episode.world
        tool, args = random_action(world, agent, self.rng, _engine_view(obs))
        return _shape(tool, args, self.rng)


def play(name: str) -> dict:
    """Every output of one scenario as JSON text (observations in full or as digests)."""
    task, api, seed, rounds, kind, options, full = SCENARIOS[name]
    env = agentworld.make(str(PINNED / f"{task}.yaml"), seed=seed, api=api, **options)
    out: dict[str, list] = {"obs": [], "steps": []}
    show = (lambda o: _dump(observation_to_json(o))) if full else (lambda o: _digest(observation_to_json(o)))
    if api == "parallel":
        obs, infos = env.reset()
        team = _Team(env, kind, seed)
        out["obs"].append({a: show(obs[a]) for a in sorted(obs)})
        out["steps"].append(_dump(infos))
        for _ in range(rounds):
            if not env.agents:
                break
            actions = {a: team.act(a, obs[a]) for a in env.agents}
            obs, rewards, terms, truncs, infos = env.step(actions)
            out["obs"].append({a: show(obs[a]) for a in obs})
            out["steps"].append(_dump([rewards, terms, truncs, infos]))
    else:
        env.reset()
        team = _Team(env, kind, seed)
        for _ in range(rounds * len(env.possible_agents)):
            if not env.agents:
                break
            agent = env.agent_selection
            obs, reward, term, trunc, info = env.last()
            out["obs"].append({agent: show(obs)})
            out["steps"].append(_dump([reward, term, trunc, info, env.rewards, env.terminations]))
            env.step(None if term or trunc else team.act(agent, obs))
    out["trajectory"] = [_dump({k: v for k, v in r.items() if k != "t"}) for r in env.trajectory()]
    out["status"] = [_dump(env.backend.status())]
    return out


def _load() -> dict:
    return json.loads(gzip.decompress(GOLDEN.read_bytes()))


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_env_plays_match_the_golden_file(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = play(name)
    want = _load()[name]
    for part in ("trajectory", "steps", "obs", "status"):
        assert len(got[part]) == len(want[part]), (
            f"{name}: {part} length {len(got[part])} != {len(want[part])}"
        )
        for i, (g, w) in enumerate(zip(got[part], want[part])):
            assert g == w, f"{name}: {part}[{i}] differs\n got: {str(g)[:1500]}\nwant: {str(w)[:1500]}"


def test_golden_scenarios_exercise_what_they_should():
    """The golden plays reach checkpoints and succeed (oracle), hit parse errors and chat (random)."""
    data = _load()
    oracle = [json.loads(r) for r in data["task01_oracle"]["trajectory"]]
    assert any(r["checkpoints"] for r in oracle) and json.loads(data["task01_oracle"]["status"][0])["success"]
    rnd = [json.loads(r) for r in data["task01_random"]["trajectory"]]
    assert any(r["type"] == "action" and r["tool"] is None for r in rnd)
    assert any(r["type"] == "action" and r["tool"] == "chat" and r["ok"] for r in rnd)
    assert sum(r["type"] == "action" and r["ok"] for r in rnd) > 20


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/test_env_golden.py --write   (regenerates the golden file)")
    warnings.simplefilter("ignore")
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    data = {name: play(name) for name in SCENARIOS}
    GOLDEN.write_bytes(gzip.compress(_dump(data).encode(), mtime=0))
    print(f"wrote {GOLDEN} ({GOLDEN.stat().st_size} bytes)")
