"""`fair_exchange`: a trading task can require that nobody ends poorer, so a gift cannot replace a trade.

The test task (tests/data/task_fair_market.yaml): the guard must wield the merchant's sabre, valued
at 120 coins, and nobody may end poorer than it began. The oracle trades; a gift fails; validate
names every malformed price table entry; the audit reads the condition into a worth requirement.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from task_play import play

from agentworld.audit.verdicts import audit_task
from agentworld.cli import main
from agentworld.conditions import FairExchange, dump_condition, parse_condition
from agentworld.tasks import TaskError, load_task, without_agent

MARKET = Path(__file__).parent / "data" / "task_fair_market.yaml"
GIFT = {
    "merchant": [{"move_to": {"target": "guard"}}, {"give": {"to": "guard", "item": "watch_sabre"}}],
    "guard": [{"move_to": {"target": "merchant"}}, {"equip": {"item": "watch_sabre"}}],
}


@pytest.fixture
def raw() -> dict:
    return yaml.safe_load(MARKET.read_text(encoding="utf-8"))


def fair(task) -> FairExchange:
    return next(c for c in task.success if isinstance(c, FairExchange))


def test_the_trade_passes():
    task = load_task(MARKET)
    ep = play(task)
    assert ep.status()["success"]
    assert fair(task).balances(ep.world, task) == {"guard": (150, 150), "merchant": (120, 120)}


def test_a_gift_alone_fails():
    task = load_task(MARKET)
    ep = play(task, GIFT)
    assert not ep.status()["success"]
    assert ep.world.players["guard"].equipment.get("weapon") == "watch_sabre"  # the rest of the outcome holds
    assert fair(task).balances(ep.world, task)["merchant"] == (120, 0)


def test_a_gift_paid_back_in_coins_is_fair():
    """The condition judges what everyone ends with: paying by `give` is still paying."""
    task = load_task(MARKET)
    paid = {
        **GIFT,
        "guard": [
            {"move_to": {"target": "merchant"}},
            {"give": {"to": "merchant", "item": "coins", "count": 120}},
            {"equip": {"item": "watch_sabre"}},
        ],
    }
    assert play(task, paid).status()["success"]


def test_underpaid_fails_and_only_covered_agents_count(raw):
    task = load_task(MARKET)
    cheap = {
        "merchant": [{"trade_offer": {"to": "guard", "give": {"watch_sabre": 1}, "want": {"coins": 100}}}]
    }
    assert not play(task, cheap).status()["success"]
    raw["success"][1] = {"fair_exchange": {"prices": {"watch_sabre": 120}, "agents": ["guard"]}}
    assert play(load_task(raw), GIFT).status()["success"]  # the guard got richer; the merchant is not covered


def test_an_absent_agent_has_nothing_to_lose():
    task = without_agent(load_task(MARKET), "merchant")
    ep = play(task)
    assert fair(task).balances(ep.world, task) == {"guard": (150, 150)}
    assert fair(task).met(ep.world, task)


def test_round_trip_and_describe():
    raw = {"fair_exchange": {"prices": {"watch_sabre": 120}, "agents": ["merchant"]}}
    condition = parse_condition(raw)
    assert dump_condition(condition) == raw
    assert condition.describe() == "none of merchant ends poorer than it began (coins 1, watch_sabre 120)"
    assert (
        parse_condition({"fair_exchange": {"prices": {"bead": 3}}})
        .describe()
        .startswith("nobody ends poorer")
    )


@pytest.mark.parametrize(
    "table, expected",
    [
        (
            {"prices": {"watch_sabr": 120}},
            (
                "task_fair_market.yaml: success[1]: fair_exchange.prices.watch_sabr: unknown item 'watch_sabr'; "
                "did you mean 'watch_sabre'?"
            ),
        ),
        (
            {"prices": {"watch_sabre": -5}},
            (
                "task_fair_market.yaml: success[1]: fair_exchange: prices.watch_sabre: a price is a whole number of coins "
                ">= 0, got -5"
            ),
        ),
        (
            {"prices": {"watch_sabre": 12.5}},
            (
                "task_fair_market.yaml: success[1]: fair_exchange.prices.watch_sabre: "
                "Input should be a valid integer"
            ),
        ),
        (
            {"prices": {"watch_sabre": True}},
            (
                "task_fair_market.yaml: success[1]: fair_exchange.prices.watch_sabre: "
                "Input should be a valid integer"
            ),
        ),
        (
            {"prices": {"coins": 2}},
            (
                "task_fair_market.yaml: success[1]: fair_exchange: prices.coins: coins are always "
                "worth 1 each; leave them out of the price table"
            ),
        ),
        (
            {"prices": {}},
            "task_fair_market.yaml: success[1]: fair_exchange.prices: Dictionary should have at least 1 item",
        ),
        (
            {"prices": {"watch_sabre": 120}, "agents": ["guard", "marchant"]},
            "task_fair_market.yaml: success[1]: fair_exchange.agents: unknown agent 'marchant'; did you mean 'merchant'?",
        ),
        (
            {"prices": {"watch_sabre": 120}, "price": 3},
            ("task_fair_market.yaml: success[1]: fair_exchange.price: Extra inputs are not permitted"),
        ),
    ],
)
def test_validate_names_bad_price_tables(tmp_path, raw, capsys, table, expected):
    raw["success"][1] = {"fair_exchange": table}
    path = tmp_path / "task_fair_market.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    with pytest.raises(TaskError) as info:
        load_task(path)
    assert any(p.startswith(expected) for p in info.value.problems), info.value.problems
    assert main(["validate", str(path)]) == 1
    assert expected in capsys.readouterr().out


def test_two_bad_entries_are_both_named(tmp_path, raw):
    raw["success"][1] = {
        "fair_exchange": {"prices": {"watch_sabr": 1, "rubi_amulet": 2}, "agents": ["ghost"]}
    }
    path = tmp_path / "task_fair_market.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    with pytest.raises(TaskError) as info:
        load_task(path)
    text = "\n".join(info.value.problems)
    assert "prices.watch_sabr: unknown item" in text and "prices.rubi_amulet: unknown item" in text
    assert "fair_exchange.agents: unknown agent 'ghost'" in text


def test_the_shipped_validate_accepts_the_test_task():
    assert main(["validate", str(MARKET)]) == 0


def _with_treasurer(raw: dict, price: int, covered: list[str] | None) -> dict:
    """The guard has no coins; a treasurer holds the price; fair_exchange covers `covered`."""
    raw["agents"][0]["inventory"] = {}
    raw["agents"].append(
        {
            "name": "treasurer",
            "role": "Treasurer",
            "spawn": "town_square",
            "inventory": {"coins": price},
            "context": "You keep the town's coins.",
        }
    )
    raw["success"][1] = {
        "fair_exchange": {"prices": {"watch_sabre": price}, **({"agents": covered} if covered else {})}
    }
    raw["oracle"]["treasurer"] = [{"give": {"to": "guard", "item": "coins", "count": price}}]
    raw["oracle"]["merchant"][0]["trade_offer"]["want"] = {"coins": price}
    return raw


def test_the_audit_reads_the_condition(raw):
    audit = audit_task(load_task(MARKET))
    worth = next(r for r in audit.requirements if r.key == "worth:fair_exchange")
    assert worth.kind == "volume" and not audit.team
    assert {p.agent for p in worth.providers} == {"guard", "merchant"}


def test_the_audit_makes_the_payer_necessary(raw):
    """Only the treasurer's coins can pay a price beyond what the others could ever raise: the worth
    requirement makes it necessary (by volume); without fair_exchange it is not."""
    task = load_task(_with_treasurer(raw, 10000, ["merchant"]))
    assert play(task).status()["success"]
    audit = audit_task(task)
    treasurer = next(r for r in audit.roles if r.agent == "treasurer")
    assert treasurer.verdict == "necessary" and treasurer.kinds == ["volume"]
    assert "worth 10000" in treasurer.reasons[0].reason
    gifts_allowed = audit_task(task, success=[c for c in task.success if not isinstance(c, FairExchange)])
    assert next(r for r in gifts_allowed.roles if r.agent == "treasurer").verdict == "unnecessary"


def test_covering_the_payer_makes_the_task_impossible_for_the_audit(raw):
    """A treasurer that must not end poorer cannot pay: the whole team fails the worth requirement."""
    task = load_task(_with_treasurer(raw, 10000, None))
    assert not play(task).status()["success"]
    assert [f.key for f in audit_task(task).team] == ["worth:fair_exchange"]
