"""The suite report (agentworld/audit/suite*.py, `agentworld audit --suite`): each measure on small
constructed cases that can fail, the CLI on a couple of tasks, and the README section being current."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentworld.audit.model import RoleVerdict, TaskAudit
from agentworld.audit.suite import (
    idle_agents,
    aggregate,
    coordination_steps,
    plan_shapes,
    shape,
    suite_report,
    task_report,
)
from agentworld.audit.suite_categories import (
    gift_plans,
    merged_agent,
    merged_spec,
    sought,
)
from agentworld.audit.suite_knowledge import (
    Argument,
    Knowledge,
    check_step,
    step_arguments,
)
from agentworld.audit.suite_run import run_oracle, work_counts
from agentworld.cli import main as cli_main
from agentworld.task_sources import TASKS_DIR
from agentworld.tasks import list_task_ids, load_task, parse_step
from agentworld.world.content import load_content
from script_module import load_script

FARM = [158, 139]  # Greenhollow Farm: far out of view of the Woodcutters' Camp


@pytest.fixture(scope="module")
def content():
    return load_content()


def _task(
    teller_plan: list,
    walker_plan: list,
    walker_context: str = "You walk where you are sent.",
    category: str = "exploration",
) -> dict:
    """Two agents at the Woodcutters' Camp; the walker must reach the farm, which only the teller knows."""
    return {
        "id": "suite_probe",
        "name": "Suite probe",
        "category": category,
        "objective": "One of you must stand at a place the other knows.",
        "max_rounds": 40,
        "agents": [
            {
                "name": "teller",
                "role": "Teller",
                "spawn": "woodcutters_camp",
                "context": "The place is Greenhollow Farm at (158, 139). Tell the walker.",
            },
            {"name": "walker", "role": "Walker", "spawn": "woodcutters_camp", "context": walker_context},
        ],
        "success": [{"at": {"agent": "walker", "place": FARM, "within": 2}}],
        "checkpoints": [
            {
                "id": "arrived",
                "description": "The walker is there.",
                "when": {"at": {"agent": "walker", "place": FARM, "within": 2}},
            }
        ],
        "oracle": {"teller": teller_plan, "walker": walker_plan},
    }


TOLD = [{"chat": {"to": "walker", "message": "Walk to (158, 139), the farm."}}]
WAIT_THEN_WALK = [{"wait_for": {"message_from": "teller", "rounds": 5}}, {"move_to": {"target": FARM}}]


# --- knowledge justification ---------------------------------------------------------------------
def test_an_unseen_target_is_unknown_until_an_observation_shows_it():
    known = Knowledge.of_briefing(
        {
            "context": "Fell the oak_tree#31 by the camp.",
            "objective": "",
            "name": "a",
            "role": "Feller",
            "teammates": [{"name": "b", "role": "Smith"}],
        }
    )
    step = parse_step({"gather": {"target": "oak_tree#3"}})
    check = check_step("a", 0, step, ["a", "b"], known, Knowledge(), 1)
    assert [str(a) for a in check.unknown] == ["target=oak_tree#3"], "ids match as whole tokens only"
    known.add_observation(
        {"nearby": [{"id": "oak_tree#3", "name": "Oak tree", "position": [5, 6], "detail": ""}]}
    )
    assert not check_step("a", 0, step, ["a", "b"], known, Knowledge(), 2).unknown
    # a kind is known from a seen id of it; a teammate from the teammate list
    assert known.knows(Argument("target", "oak_tree", "kind"))
    assert known.knows(Argument("to", "b", "agent")) and not known.knows(Argument("to", "c", "agent"))


def test_coordinates_match_in_both_notations_and_next_to_a_known_place_only():
    known = Knowledge.of_text("The ghostpines are at (108, 48) and [110,47].")
    at = lambda x, y: Argument("target", (x, y), "coord")  # noqa: E731
    assert known.knows(at(108, 48)) and known.knows(at(110, 47))
    assert not known.knows(at(109, 48)), "exactly, unless a distance is allowed"
    assert known.knows(at(109, 48), near=1) and not known.knows(at(112, 48), near=1)
    assert not Knowledge.of_text("108, 48").knows(at(108, 48)), "a bare pair is not a coordinate"


def test_a_site_is_known_by_its_id_or_the_worlds_site_name():
    site = Argument("site", "silk_jetty", "site")
    assert Knowledge.of_text("The jetty (`site#silk_jetty`) is marked.").knows(site)
    assert Knowledge.of_text("build silk_jetty").knows(Argument("site", "site#silk_jetty", "site"))
    assert not Knowledge.of_text("The silk jetty is marked.").knows(site)


def test_a_chat_delivered_coordinate_justifies_a_later_move(content):
    told = run_oracle(load_task(_task(TOLD, WAIT_THEN_WALK), content=content), content)
    walk = next(c for c in told.checks if c.agent == "walker" and c.kind == "move_to")
    assert told.success and not walk.unknown and not walk.stated
    untold = run_oracle(load_task(_task([{"wait": {"rounds": 1}}], WAIT_THEN_WALK), content=content), content)
    walk = next(c for c in untold.checks if c.agent == "walker" and c.kind == "move_to")
    assert [str(a) for a in walk.unknown] == ["target=(158, 139)"]


def test_a_chat_can_only_pass_on_what_its_sender_knows(content):
    step = parse_step({"chat": {"to": "team", "message": "the key is at (3, 4) by chest#2"}})
    assert [str(a) for a in step_arguments(step, ["a"])] == ["to=team", "message=chest#2", "message=(3, 4)"]
    check = check_step(
        "a", 0, step, ["a"], Knowledge.of_briefing({"name": "a", "context": "chest#2"}), Knowledge(), 1
    )
    assert [str(a) for a in check.unknown] == ["message=(3, 4)"]


def test_the_task_report_lists_unjustified_steps_and_plan_leakage(content):
    report = task_report(
        load_task(_task([{"wait": {"rounds": 1}}], WAIT_THEN_WALK), content=content), content
    )
    assert [u["agent"] for u in report["justification"]["unjustified"]] == ["walker"]
    stated = task_report(
        load_task(
            _task(
                [{"wait": {"rounds": 1}}], WAIT_THEN_WALK, walker_context="Go to Greenhollow Farm (158, 139)."
            ),
            content=content,
        ),
        content,
    )
    assert not stated["justification"]["unjustified"]
    assert stated["plan_leakage"] == {"steps": 1, "stated": 1, "share": 1.0}
    assert report["plan_leakage"] == {"steps": 1, "stated": 0, "share": 0.0}


# --- coordination leakage, work, shapes ------------------------------------------------------------
def test_coordination_leakage_counts_steps_with_a_teammate_and_whether_the_context_names_it(content):
    plans = {"teller": [{"move_to": {"target": "walker"}}], "walker": [{"wait": {"rounds": 2}}]}
    raw = _task(plans["teller"], plans["walker"])
    run = run_oracle(load_task(raw, content=content), content)
    steps = coordination_steps(run, content.rules.give_range)
    assert [(c.agent, mates, named) for c, mates, named in steps] == [("teller", ["walker"], True)]
    raw["agents"][0]["context"] = "Someone must go to the farm."
    run = run_oracle(load_task(raw, content=content), content)
    assert [named for _c, _m, named in coordination_steps(run, content.rules.give_range)] == [False]


def test_work_counts_leave_out_walking_waiting_chat_and_inspect():
    actions = [{"agent": "a", "tool": t} for t in ("move_to", "wait", "chat", "inspect", "gather", "give")]
    actions.append({"agent": "b", "tool": None})  # an unparsed action is no work
    assert work_counts(actions, ["a", "b"]) == {"a": 2, "b": 0}


def test_plan_shapes_merge_repeats_and_drop_chat(content):
    steps = [
        parse_step(s)
        for s in [
            {"move_to": {"target": "x"}},
            {"move_to": {"target": "y"}},
            {"chat": {"to": "team", "message": "hi"}},
            {"gather": {"target": "oak_tree"}},
            {"chat": {"to": "team", "message": "hi"}},
            {"gather": {"target": "oak_tree"}},
            {"move_to": {"target": "x"}},
        ]
    ]
    assert shape(steps) == "move_to, gather, move_to"
    raw = _task([{"move_to": {"target": FARM}}], [{"move_to": {"target": FARM}}])
    assert plan_shapes(load_task(raw, content=content))["team"] == "move_to", "identical roles collapse"


def test_aggregate_takes_shares_over_summed_counts_and_counts_distinct_team_shapes():
    def report(task, stated, steps, team, agents, idle=(), false=(), sparsity=1.0, agent_bridges=()):
        return {
            "task": task,
            "success": True,
            "justification": {"steps": steps, "unjustified": []},
            "plan_leakage": {"steps": steps, "stated": stated},
            "coordination_leakage": {"steps": 0, "named": 0},
            "work": {"actions": 4, "move_to": 1, "wait": 1, "per_agent": agents, "idle": list(idle)},
            "merged_agent": {"could": False},
            "category_test": {"passed": True},
            "plan_shapes": {"agents": {a: team for a in agents}, "team": team},
            "truth": {"read": {"place": 2, "count": 1}, "false": list(false)},
            "dependencies": {"sparsity": sparsity, "agent_bridges": len(agent_bridges)},
        }

    figures = aggregate(
        [
            report("t1", 1, 1, "move_to", {"a": 0, "b": 5}, idle=[{"agent": "a", "presence": False}]),
            report("t2", 0, 3, "move_to", {"c": 1}, false=[{"field": "objective"}], sparsity=0.5),
            report("t3", 0, 0, "gather", {"d": 2}, sparsity=0.6, agent_bridges=[("c", "d")]),
        ]
    )
    assert figures["statements_read"] == 9 and figures["false_statements"] == 1
    assert figures["tasks_with_false"] == ["t2"]
    assert figures["dependency_sparsity"] == 0.6 and figures["tasks_with_agent_bridge"] == 1
    assert figures["plan_leakage"] == 0.25 and figures["coordination_leakage"] is None
    assert figures["work_per_agent"] == {
        "agents": 4,
        "median": 1.5,
        "min": 0,
        "at_most_one": 2,
        "idle": 1,
        "idle_not_presence": ["t1:a"],
    }
    assert (
        figures["top_shape"] == {"shape": "move_to", "share": 0.75} and figures["distinct_team_shapes"] == 2
    )
    assert figures["move_wait_share"] == 0.5


def test_an_idle_agent_is_excused_only_by_a_presence_verdict(content):
    """An agent with no work action is idle; the rule of issue 24 accepts one only when the audit finds
    its role necessary by presence (its part is to be somewhere)."""
    run = run_oracle(load_task("task_01", content=content), content, seed=0)
    run.actions = [r for r in run.actions if r["agent"] != "wizard"]  # the wizard did nothing
    names = ["lumberjack", "woodworker", "wizard"]
    verdict = RoleVerdict("wizard", "Wizard", "necessary", ["outcome"])
    audit = TaskAudit("task_01", 25, [], [verdict], {}, [], [])
    assert idle_agents(run, names, audit) == [{"agent": "wizard", "presence": False}]
    verdict.kinds = ["presence"]
    assert idle_agents(run, names, audit) == [{"agent": "wizard", "presence": True}]


# --- merged agent and category tests ---------------------------------------------------------------
def test_the_merged_agent_sums_items_and_takes_the_best_skills(content):
    task = load_task("task_01", content=content)
    spec = merged_spec(task, task.agents[0].spawn)
    assert spec.skills["lumberjacking"] == 50 and spec.skills["crafting"] == 50
    assert spec.inventory == {"bronze_axe": 1, "bead": 1}
    assert merged_agent(task, content)["could"], "task_01 splits capabilities only"


def test_the_merged_agent_cannot_stand_in_two_places_at_once(content):
    crews = [
        t
        for t in list_task_ids()
        if any(getattr(c, "kind", "") == "built_while_held" for c in load_task(t, content=content).success)
    ]
    verdict = merged_agent(load_task(crews[0], content=content), content)
    assert not verdict["could"] and any("[presence]" in f for f in verdict["failures"])


def test_gift_plans_turn_an_offer_and_its_accept_into_two_gifts(content):
    raw = _task(
        [{"trade_offer": {"to": "walker", "give": {"bread": 2}, "want": {"coins": 5}}}],
        [{"trade_accept": {"from": "teller"}}, {"move_to": {"target": FARM}}],
        category="trading",
    )
    plans = gift_plans(load_task(raw, content=content))
    assert plans["teller"] == [{"give": {"to": "walker", "item": "bread", "count": 2}}]
    assert plans["walker"] == [
        {"give": {"to": "teller", "item": "coins", "count": 5}},
        {"move_to": {"target": FARM}},
    ]


def test_a_trading_task_that_gifts_can_solve_fails_its_category_test(content):
    """task_03 without its market (no fair_exchange): gifts paid back in kind reach the same holdings."""
    task = load_task("task_03", content=content)
    free = task.model_copy(update={"success": [c for c in task.success if c.kind != "fair_exchange"]})
    report = task_report(free, content)
    assert report["category_test"]["category"] == "trading"
    assert not report["category_test"]["passed"] and "succeeds" in report["category_test"]["detail"]
    assert task_report(task, content)["category_test"]["passed"]  # with it, the gift rewrite fails


def test_the_exploration_test_needs_a_sought_place_nobody_is_told_or_sees(content):
    told = load_task(_task(TOLD, WAIT_THEN_WALK), content=content)
    assert sought(told, content) == [("", (158, 139))]
    report = task_report(told, content)
    assert not report["category_test"]["passed"], "the teller's context names (158, 139)"
    raw = _task(TOLD, WAIT_THEN_WALK)
    raw["agents"][0]["context"] = "Ask around."
    assert task_report(load_task(raw, content=content), content)["category_test"]["passed"]


# --- the CLI and the README -------------------------------------------------------------------------
def test_the_cli_reports_named_tasks_as_json_and_as_a_table(capsys):
    code = cli_main(["audit", "--suite", "task_01", "task_40", "--json", "--jobs", "1"])
    report = json.loads(capsys.readouterr().out)
    assert [r["task"] for r in report["tasks"]] == ["task_01", "task_40"]
    assert set(report["sets"]) == {"named"} and report["suite"]["tasks"] == 2
    assert code == (1 if report["suite"]["unjustified_steps"] else 0)
    for key in (
        "justification",
        "plan_leakage",
        "coordination_leakage",
        "work",
        "merged_agent",
        "category_test",
        "plan_shapes",
    ):
        assert key in report["tasks"][0]
    cli_main(["audit", "--suite", "task_01", "--jobs", "1"])
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("task ") and "suite: 1 tasks" in text


@pytest.mark.parametrize(
    "argv, message",
    [
        (["audit", "--suite", "task_1x"], "unknown task 'task_1x'"),
        (["audit", "--set", "main"], "--set goes with --suite"),
        (["audit", "--suite", "--set", "main", "task_01"], "not both"),
        (["audit", "--suite", "--jobs", "0", "task_01"], "--jobs must be at least 1"),
    ],
)
def test_the_cli_refuses_bad_input_with_a_clear_message(argv, message, capsys):
    assert cli_main(argv) == 2
    assert message in capsys.readouterr().err


def _script():
    return load_script("suite_report_table")


@pytest.fixture(scope="module")
def shipped_report():
    """The suite report of both shipped sets (about a minute), shared by the tests below."""
    return suite_report({name: list_task_ids(name) for name in ("main", "augmented")}, jobs=2)


def test_the_readme_suite_figures_are_the_reports_output(shipped_report):
    script = _script()
    readme = (Path(TASKS_DIR) / "README.md").read_text()
    for name in ("main", "augmented"):
        for line in script.set_lines(shipped_report, name) + script.unjustified_lines(shipped_report, name):
            assert line in readme, f"run: python scripts/suite_report_table.py --write (stale: {line[:80]})"


@pytest.mark.parametrize("name", ["main", "augmented"])
def test_every_oracle_step_of_every_shipped_task_is_justified(shipped_report, name):
    """Issue 23's rule: each argument of each oracle step is known to the acting agent when it acts."""
    figures = shipped_report["sets"][name]
    unjustified = [
        f"{r['task']}: {u['agent']} step {u['step']} {u['kind']} {u['unknown']}"
        for r in shipped_report["tasks"]
        if r["set"] == name
        for u in r["justification"]["unjustified"]
    ]
    assert figures["steps_judged"] > 1000 and not figures["oracle_failures"]
    assert figures["unjustified_steps"] == 0, "\n".join(unjustified)


@pytest.mark.parametrize("name", ["main", "augmented"])
def test_the_suite_meets_the_rewrite_thresholds(shipped_report, name):
    """Issue 24's done-when, from `agentworld audit --suite --set main`: the world, not the text, makes
    a team plan, talk and work; issue 25 asks the same of the augmented variants (their text true of
    their changed world included)."""
    figures = shipped_report["sets"][name]
    work = figures["work_per_agent"]
    tasks = [r for r in shipped_report["tasks"] if r["set"] == name]
    assert figures["tasks"] == len(list_task_ids(name)) and figures["unjustified_steps"] == 0
    assert name != "main" or figures["tasks"] == 100
    assert figures["plan_leakage"] <= 0.40 and figures["coordination_leakage"] <= 0.20
    assert figures["move_wait_share"] <= 0.60
    assert work["median"] >= 5 and work["idle_not_presence"] == []
    assert [r["task"] for r in tasks if not r["category_test"]["passed"]] == []
    # the merged agent is excluded in >= 60%; >= 70 distinct team shapes per 100 tasks
    assert figures["tasks"] - figures["merged_agent_could"] >= 0.6 * figures["tasks"]
    assert figures["top_shape"]["share"] <= 0.10 and figures["distinct_team_shapes"] >= 0.7 * figures["tasks"]
    assert (
        figures["statements_read"] > 1000 and figures["false_statements"] == 0
    )  # its text is true of its world


def test_write_refuses_a_readme_without_the_section(tmp_path):
    script = _script()
    readme = tmp_path / "README.md"
    readme.write_text("# tasks\n")
    with pytest.raises(SystemExit, match="no suite-report section"):
        script.write(readme, "x")


def test_a_task_only_node_yielding_a_needed_item_is_sought_and_its_kind_name_is_not_its_place(content):
    """task_07's relics are dug from nodes the task alone places: their tiles are what must be found;
    naming the node kind (`buried_locket`) says what, not where."""
    task = load_task("task_07", content=content)
    found = dict(sought(task, content))
    assert set(found) >= {"buried_locket", "buried_tablet", "buried_key"}
    assert found["buried_locket"] == (22, 131)
    raw = load_task("task_07", content=content).model_dump(mode="json", by_alias=True, exclude_none=True)
    raw["world"]["nodes"] = [{"kind": "oak_tree", "position": [22, 131]}]  # also on the map: not sought
    assert "oak_tree" not in dict(sought(load_task(raw, content=content), content))
