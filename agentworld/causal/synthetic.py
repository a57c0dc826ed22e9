"""Hand-built and synthetic trajectories in the contract's record format.

Used by the CCE tests (episodes with a known causal graph) and by benchmarks/bench_cce.py
(a large episode with realistic links, walks and chat). Nothing here touches the engine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Iterable

from .graph import Record


class TrajectoryBuilder:
    """Append action records round by round; ids, rounds and turns are filled in."""

    def __init__(self) -> None:
        self.records: list[Record] = []
        self.round = 1
        self.turn = 0
        self.next_id = 0

    def act(
        self,
        agent: str,
        tool: str | None,
        args: dict[str, Any] | None = None,
        *,
        links: Iterable[tuple[int, str]] = (),
        checkpoints: Iterable[str] = (),
        ok: bool = True,
        events: Iterable[dict[str, Any]] = (),
        result: str = "",
    ) -> int:
        i = self.next_id
        self.records.append(
            {
                "type": "action",
                "id": i,
                "round": self.round,
                "turn": self.turn,
                "agent": agent,
                "tool": tool,
                "args": dict(args or {}),
                "raw": None,
                "ok": ok,
                "result": result if ok else "",
                "error": None if ok else "failed",
                "position": [0, 0],
                "events": list(events),
                "links": [{"from": src, "kind": kind, "detail": ""} for src, kind in links],
                "checkpoints": list(checkpoints),
                "t": 0.0,
            }
        )
        self.next_id += 1
        self.turn += 1
        return i

    def end_round(self, checkpoints: Iterable[str] = (), success: bool | None = None) -> None:
        rec: Record = {
            "type": "round_end",
            "round": self.round,
            "events": [],
            "checkpoints": list(checkpoints),
            "status": {"round": self.round},
            "t": 0.0,
        }
        if success is not None:
            rec["status"]["success"] = success
        self.records.append(rec)
        self.round += 1
        self.turn = 0

    def write_run(self, run_dir: str | Path, success: bool, task: dict[str, Any] | None = None) -> Path:
        """A minimal run directory: trajectory.jsonl, metrics.json and (optionally) task.yaml."""
        import yaml

        run_dir = Path(run_dir)
        run_dir.mkdir(parents=True, exist_ok=True)
        with (run_dir / "trajectory.jsonl").open("w", encoding="utf-8") as fh:
            for rec in self.records:
                fh.write(json.dumps(rec) + "\n")
        actions = [r for r in self.records if r["type"] == "action"]
        (run_dir / "metrics.json").write_text(
            json.dumps(
                {
                    "success": success,
                    "psr": 1.0 if success else 0.0,
                    "rounds": self.round - 1,
                    "actions": len(actions),
                    "messages": sum(r["tool"] == "chat" for r in actions),
                    "status": "ok",
                }
            ),
            encoding="utf-8",
        )
        if task is not None:
            (run_dir / "task.yaml").write_text(yaml.safe_dump(task), encoding="utf-8")
        return run_dir


def staff_episode() -> TrajectoryBuilder:
    """A Task-01-like episode: 3 agents x 9 rounds = 27 actions, of which 12 contribute.

    logs (lumberjack) -> given to the woodworker -> sticks -> staff -> given to the wizard,
    who equips it (the success action). Contributing: the lumberjack's walk (3, 12), gathers
    (6, 9) and give (15); the woodworker's message naming the tree (1), walk to the
    workbench (4), two crafts (19, 22) and give (25); the wizard's request naming the staff
    (20) and the equip (26). The rest is chatter, waiting and a pointless walk.
    """
    b = TrajectoryBuilder()
    L, W, Z = "lumberjack", "woodworker", "wizard"
    b.act(L, "chat", {"to": "team", "message": "hi team, starting work"})  # 0
    b.act(W, "chat", {"to": L, "message": "gather oak_log from oak_tree#3 please"})  # 1
    b.act(Z, "wait")  # 2
    b.end_round()
    b.act(L, "move_to", {"target": "oak_tree#3"})  # 3
    b.act(W, "move_to", {"target": "workbench#town"})  # 4
    b.act(Z, "chat", {"to": "team", "message": "hello"})  # 5
    b.end_round()
    b.act(L, "gather", {"target": "oak_tree#3"})  # 6
    b.act(W, "wait")  # 7
    b.act(Z, "wait")  # 8
    b.end_round()
    b.act(L, "gather", {"target": "oak_tree#3"})  # 9
    b.act(W, "chat", {"to": "team", "message": "nice weather"})  # 10
    b.act(Z, "move_to", {"target": [3, 3]})  # 11
    b.end_round()
    b.act(L, "move_to", {"target": W})  # 12
    b.act(W, "wait")  # 13
    b.act(Z, "wait")  # 14
    b.end_round()
    b.act(L, "give", {"to": W, "item": "oak_log", "count": 2}, links=[(6, "item"), (9, "item")])  # 15
    b.act(W, "wait")  # 16
    b.act(Z, "inspect", {"target": "woodworker"})  # 17
    b.end_round()
    b.act(L, "wait")  # 18
    b.act(W, "craft", {"recipe": "stick", "count": 2}, links=[(15, "item")])  # 19
    b.act(Z, "chat", {"to": W, "message": "please give me the magic_staff when ready"})  # 20
    b.end_round()
    b.act(L, "chat", {"to": "team", "message": "bye"})  # 21
    b.act(W, "craft", {"recipe": "magic_staff"}, links=[(19, "item")])  # 22
    b.act(Z, "wait")  # 23
    b.end_round()
    b.act(L, "wait")  # 24
    b.act(W, "give", {"to": Z, "item": "magic_staff"}, links=[(22, "item")])  # 25
    b.act(Z, "equip", {"item": "magic_staff"}, links=[(25, "item")], checkpoints=["staff_wielded"])  # 26
    b.end_round(success=True)
    return b


STAFF_CONTRIBUTING = {1, 3, 4, 6, 9, 12, 15, 19, 20, 22, 25, 26}
STAFF_TASK = {
    "id": "task_01",
    "name": "Cooperative Magic Staff Crafting",
    "objective": "Craft a magic staff and have the wizard wield it.",
    "agents": [
        {"name": "lumberjack", "role": "Lumberjack"},
        {"name": "woodworker", "role": "Woodworker"},
        {"name": "wizard", "role": "Wizard"},
    ],
}


SYNTHETIC_CHECKPOINTS = {
    "wolf_slain": "A wolf is dead.",
    "bridge_built": "The bridge is complete.",
    "armed": "agent_00 holds a product and an oak log and wields the iron sword.",
}


def _gain(agent: str, item: str, origin: int) -> dict[str, Any]:
    return {"kind": "item_gain", "agent": agent, "action": origin, "item": item, "count": 1, "origin": origin}


def _loss(agent: str, item: str, origin: int) -> dict[str, Any]:
    return {"kind": "item_loss", "agent": agent, "item": item, "count": 1, "lots": [[origin, 1]]}


def synthetic_episode(n_agents: int = 20, rounds: int = 55, seed: int = 0) -> TrajectoryBuilder:
    """A large, plausible episode: gatherers feed crafters who feed a leader, fighters kill
    mobs (missing now and then, drinking draughts), builders work on a site, everyone walks and chats; the leader's last action
    reaches the checkpoint. Links follow the engine's provenance rule."""
    return _Synthetic(n_agents, seed).play(rounds)


ITEMS = ["oak_log", "iron_ore", "stick", "iron_bar", "plank"]
ROLES = ["gatherer", "crafter", "fighter", "builder"]


class _Synthetic:
    """The state of one synthetic episode; one method per role's turn (the rng is drawn in a fixed order)."""

    def __init__(self, n_agents: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.names = [f"agent_{i:02d}" for i in range(n_agents)]
        self.roles = {n: ("leader" if i == 0 else ROLES[i % 4]) for i, n in enumerate(self.names)}
        self.crafters = [n for n in self.names if self.roles[n] == "crafter"] or [self.names[0]]
        self.lots: dict[str, list[tuple[str, int]]] = {n: [] for n in self.names}  # (item, origin action)
        self.mob_hits: dict[str, list[int]] = {}
        self.site_work: list[int] = []
        self.built = False
        self.walking: dict[str, int] = {n: 0 for n in self.names}
        self.b = TrajectoryBuilder()

    def play(self, rounds: int) -> TrajectoryBuilder:
        for r in range(1, rounds + 1):
            for n in self.names:
                self.turn(n, last_round=r == rounds)
            self.b.end_round(success=True if r == rounds else None)
        return self.b

    def turn(self, n: str, last_round: bool) -> None:
        role, roll = self.roles[n], self.rng.random()
        if last_round and role == "leader":
            self.finish(n)
        elif roll < 0.18:
            self.chat(n)
        elif roll < 0.45 or self.walking[n] > 0:
            self.walk(n)
        elif role in ("gatherer", "crafter", "fighter", "builder"):
            getattr(self, role)(n)
        else:
            self.b.act(n, self.rng.choice(["wait", "inspect"]), {})

    def finish(self, n: str) -> None:
        stock = self.lots[n][-3:]
        self.b.act(
            n,
            "equip",
            {"item": "iron_sword"},
            links=[(o, "item") for _, o in stock],
            checkpoints=["armed"],
            events=[_gain(n, "iron_sword", self.b.next_id)],
        )

    def chat(self, n: str) -> None:
        rng = self.rng
        peer = rng.choice(self.names)
        thing = rng.choice(
            [
                rng.choice(ITEMS),
                f"oak_tree#{rng.randrange(40)}",
                f"wolf#{rng.randrange(8)}",
                f"{rng.randrange(60)}, {rng.randrange(60)}",
                "town_square",
                peer,
            ]
        )
        to = "team" if rng.random() < 0.4 else peer
        self.b.act(n, "chat", {"to": to, "message": f"I will handle {thing}, meet me there"})

    def walk(self, n: str) -> None:
        rng = self.rng
        self.walking[n] = max(0, self.walking[n] - 1) if self.walking[n] else rng.randrange(3)
        target = rng.choice([[rng.randrange(60), rng.randrange(60)], "town_square", rng.choice(self.names)])
        self.b.act(n, "move_to", {"target": target})

    def give(self, n: str, to: str, given: list[tuple[str, int]], args: dict) -> None:
        i = self.b.act(
            n,
            "give",
            args,
            links=[(o, "item") for _, o in given],
            events=[e for it, o in given for e in (_loss(n, it, o), _gain(to, it, self.b.next_id))],
        )
        self.lots[to] += [(it, i) for it, _ in given]

    def gatherer(self, n: str) -> None:
        rng, lots = self.rng, self.lots
        if len(lots[n]) >= 2 and rng.random() < 0.5:
            to = rng.choice(self.crafters)
            given = [lots[n].pop() for _ in range(2)]
            self.give(n, to, given, {"to": to, "item": given[0][0], "count": 2})
        else:
            node = f"oak_tree#{rng.randrange(40)}"
            item = rng.choice(["oak_log", "iron_ore"])
            i = self.b.act(n, "gather", {"target": node}, events=[_gain(n, item, self.b.next_id)])
            lots[n].append((item, i))

    def crafter(self, n: str) -> None:
        rng, lots = self.rng, self.lots
        if len(lots[n]) >= 2:
            used = [lots[n].pop(0) for _ in range(2)]
            i = self.b.act(
                n,
                "craft",
                {"recipe": rng.choice(["stick", "iron_bar", "plank"])},
                links=[(o, "item") for _, o in used],
                events=[_loss(n, it, o) for it, o in used] + [_gain(n, "product", self.b.next_id)],
            )
            lots[n].append(("product", i))
        elif lots[n] and rng.random() < 0.5:
            given = [lots[n].pop()]
            self.give(n, self.names[0], given, {"to": self.names[0], "item": given[0][0]})
        else:
            self.b.act(n, "wait")

    def fighter(self, n: str) -> None:
        rng, b = self.rng, self.b
        mob = f"wolf#{rng.randrange(8)}"
        hits = self.mob_hits.setdefault(mob, [])
        fight = rng.random()
        if fight < 0.12:  # drinks a draught mid-fight (heal rule)
            events = [{"kind": "heal", "agent": n, "target": n, "amount": 20}]
            b.act(n, "use", {"item": "healing_draught"}, events=events)
        elif fight < 0.25:  # swings and misses (skipped by the heal rule)
            b.act(n, "attack", {"target": mob}, events=[{"kind": "miss", "target": mob}])
        elif len(hits) >= 3:
            first_kill = not any(r.get("checkpoints") == ["wolf_slain"] for r in b.records)
            i = b.act(
                n,
                "attack",
                {"target": mob},
                links=[(h, "damage") for h in hits],
                events=[{"kind": "kill", "target": mob, "contributors": {str(h): 5 for h in hits}}],
                checkpoints=["wolf_slain"] if first_kill else (),
            )
            self.mob_hits[mob] = []
            self.lots[n].append(("wolf_pelt", i))
        else:
            hits.append(b.act(n, "attack", {"target": mob}))

    def builder(self, n: str) -> None:
        if len(self.site_work) >= 4:
            self.b.act(
                n,
                "build",
                {"site": "site#bridge"},
                links=[(w, "labor") for w in self.site_work],
                checkpoints=["bridge_built"] if not self.built else (),
            )
            self.built = True
            self.site_work = []
        else:
            self.site_work.append(self.b.act(n, "build", {"site": "site#bridge"}))
