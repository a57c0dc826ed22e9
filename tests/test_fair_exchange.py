"""`fair_exchange`: a market without credit, so a gift (even one paid back) cannot replace a trade.

The test task (tests/data/task_fair_market.yaml): the guard must wield the merchant's sabre, valued
at 120 coins, and nobody's worth may ever fall (world/market.py keeps the ledger). The oracle
trades; a gift fails, paid back or not, and so does the category test's gift rewrite of the oracle;
goods left on the ground or sold to a shop below the table's price are caught; the ledger survives
snapshots; validate names every malformed price table entry and a second market; the audit reads
the condition into a worth requirement.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from task_play import play

from agentworld.audit.suite_categories import gift_plans
from agentworld.audit.verdicts import audit_task
from agentworld.cli import main
from agentworld.conditions import FairExchange, dump_condition, parse_condition
from agentworld.task_world import build_world
from agentworld.tasks import TaskError, load_task, without_agent
from agentworld.world.content import load_content

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


def test_a_gift_paid_back_in_coins_is_credit_and_fails():
    """Paying by `give` after the sabre came is credit: the merchant's worth fell in between."""
    task = load_task(MARKET)
    paid = {
        **GIFT,
        "guard": [
            {"move_to": {"target": "merchant"}},
            {"wait_for": {"item": "watch_sabre"}},
            {"give": {"to": "merchant", "item": "coins", "count": 120}},
            {"equip": {"item": "watch_sabre"}},
        ],
    }
    ep = play(task, paid)
    assert not ep.status()["success"]
    assert fair(task).balances(ep.world, task) == {
        "guard": (150, 150),
        "merchant": (120, 120),
    }  # even at the end
    falls = [(f.player, f.by, f.tool, f.before, f.after) for f in fair(task).falls(ep.world)]
    # the sabre is a gift, and the coins another: the guard, richer by the sabre, falls when it pays
    assert falls == [("merchant", "merchant", "give", 120, 0), ("guard", "guard", "give", 270, 150)]
    given = next(r for r in ep.trajectory if r.get("agent") == "merchant" and r.get("tool") == "give")
    assert "worth fell from 120 to 0" in given["result"]


def test_the_category_tests_gift_rewrite_fails():
    """suite_categories' trading test: the oracle with the offer as a gift and the accept as a gift back."""
    task = load_task(MARKET)
    plans = gift_plans(task)
    assert plans["merchant"] == [{"give": {"to": "guard", "item": "watch_sabre", "count": 1}}]
    assert not play(task, plans).status()["success"]


def test_goods_left_on_the_ground_are_a_fall_even_when_picked_up_and_paid():
    task = load_task(MARKET)
    ground = {
        "merchant": [{"drop": {"item": "watch_sabre"}}],
        "guard": [
            {"move_to": {"target": "merchant"}},
            {"pick_up": {"target": "watch_sabre"}},
            {"give": {"to": "merchant", "item": "coins", "count": 120}},
            {"equip": {"item": "watch_sabre"}},
        ],
    }
    ep = play(task, ground)
    assert not ep.status()["success"]
    assert [(f.player, f.tool) for f in fair(task).falls(ep.world)] == [
        ("merchant", "drop"),
        ("guard", "give"),
    ]


def test_a_sale_to_a_shop_below_the_price_is_a_fall():
    """Mira buys at half the item's value: 60 coins for a sabre the table prices at 120."""
    task = load_task(MARKET)
    ep = play(task, {"merchant": [{"sell": {"npc": "mira", "item": "watch_sabre"}}]})
    [fall] = fair(task).falls(ep.world)
    assert (fall.player, fall.tool, fall.before, fall.after) == ("merchant", "sell", 120, 60)
    assert not fair(task).met(ep.world, task)


def test_a_trade_below_the_price_is_a_fall_the_seller_hears_of():
    """The merchant offers the sabre for 100 coins; the guard's accept lowers the merchant's worth by
    20, which the merchant reads in its news; the guard, 20 richer, is told nothing."""
    task = load_task(MARKET)
    world = build_world(task, load_content(), seed=0)
    guard = world.players["guard"]
    merchant = world.players["merchant"]
    guard.x, guard.y = merchant.x + 1, merchant.y
    offer = world.act(
        "merchant", "trade_offer", {"to": "guard", "give": {"watch_sabre": 1}, "want": {"coins": 100}}, 1
    )
    assert offer.ok and "market" not in offer.result
    accept = world.act("guard", "trade_accept", {"offer_id": 0}, 2)
    assert accept.ok and "merchant's worth fell from 120 to 100" in accept.result
    [fall] = world.market.falls
    assert (fall.player, fall.by, fall.tool, fall.before, fall.after) == (
        "merchant",
        "guard",
        "trade_accept",
        120,
        100,
    )
    assert any(
        "your worth fell from 120 to 100 by guard's trade_accept" in n
        for n in world.observe("merchant")["happened"]
    )
    assert not any("worth fell" in n for n in world.observe("guard")["happened"])
    assert world.market.worth == {"guard": 170, "merchant": 100}


def test_the_ledger_is_in_snapshots():
    task = load_task(MARKET)
    ep = play(task, GIFT)
    world = ep.world
    blob = world.snapshot()
    falls = list(world.market.falls)
    world.market.falls.clear()
    world.restore(blob)
    assert world.market.falls == falls and falls


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
    assert condition.describe() == "none of merchant's worth ever falls: no credit (coins 1, watch_sabre 120)"
    assert (
        parse_condition({"fair_exchange": {"prices": {"bead": 3}}})
        .describe()
        .startswith("nobody's worth ever falls")
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


def test_a_task_opens_one_market(tmp_path, raw):
    """A checkpoint may read the market, at the same table; another table is a second market."""
    raw["checkpoints"].append(
        {"id": "fair", "description": "x", "when": {"fair_exchange": {"prices": {"watch_sabre": 100}}}}
    )
    path = tmp_path / "task_fair_market.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    with pytest.raises(TaskError) as info:
        load_task(path)
    assert any(
        p.startswith(
            "task_fair_market.yaml: checkpoints[1].when: fair_exchange.prices: a task opens one market"
        )
        for p in info.value.problems
    ), info.value.problems
    raw["checkpoints"][1]["when"]["fair_exchange"]["prices"]["watch_sabre"] = 120
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    assert load_task(path).checkpoints[1].when.prices == {"watch_sabre": 120}


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
