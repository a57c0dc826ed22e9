"""Tool-call parsing: accepted shapes, precise errors, hostile input never raises."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentworld.tool_calls import parse_action
from agentworld.tools import TOOL_NAMES, Craft, ParseError, ToolCall, schemas, tool_mask
from agentworld.world.content import load_content


def test_accepts_dict_json_openai_and_models():
    want = ToolCall("gather", {"target": "oak_tree#1"})
    assert parse_action({"tool": "gather", "args": {"target": "oak_tree#1"}}) == want
    assert parse_action(json.dumps({"tool": "gather", "args": {"target": "oak_tree#1"}})) == want
    assert parse_action({"name": "gather", "arguments": '{"target": "oak_tree#1"}'}) == want
    assert (
        parse_action(
            {"type": "function", "function": {"name": "gather", "arguments": {"target": "oak_tree#1"}}}
        )
        == want
    )
    assert parse_action(Craft(recipe="oak_stick")) == ToolCall("craft", {"recipe": "oak_stick", "count": 1})
    assert parse_action("wait") == ToolCall("wait", {})
    assert parse_action({"tool": "move_to", "args": {"target": [3, 4]}}) == ToolCall(
        "move_to", {"target": [3, 4]}
    )
    assert parse_action({"tool": "chat", "args": {"to": ["a", "b"], "message": "hi"}}).args["to"] == [
        "a",
        "b",
    ]


@pytest.mark.parametrize(
    "action, fragment",
    [
        ({"tool": "gahter", "args": {"target": "x"}}, "did you mean 'gather'"),
        ({"tool": "craft", "args": {"count": 2}}, "craft: missing argument 'recipe'"),
        ({"tool": "craft", "args": {"recipe": "stick", "colour": 2}}, "unexpected argument 'colour'"),
        ({"tool": "craft", "args": {"recipe": "stick", "count": "two"}}, "argument 'count'"),
        ({"tool": "craft", "args": {"recipe": "stick", "count": 0}}, "greater than or equal to 1"),
        ({"tool": "craft", "args": {"recipe": "stick", "count": True}}, "argument 'count'"),
        ({"tool": "move_to", "args": {"target": 5}}, "must be [x, y] or an id/name string"),
        ({"tool": "give", "args": "oak_log"}, "arguments must be an object"),
        ({"tool": "wait", "args": {}, "extra": 1}, "unexpected key"),
        ({"name": "gather", "arguments": "{oops"}, "'arguments' is not valid JSON"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ("", "empty action"),
        (None, "no action given"),
        (42, "got int"),
        ({"args": {}}, "no 'tool' key"),
        ({"tool": 7}, "tool name must be a string"),
    ],
)
def test_precise_errors(action, fragment):
    out = parse_action(action)
    assert isinstance(out, ParseError)
    assert fragment in out.error


def test_disabled_tool_is_an_error():
    out = parse_action({"tool": "chat", "args": {"to": "team", "message": "hi"}}, disabled={"chat"})
    assert isinstance(out, ParseError) and "disabled" in out.error
    assert tool_mask({"chat"})[TOOL_NAMES.index("chat")] == 0
    assert tool_mask().sum() == len(TOOL_NAMES)


def test_raw_is_kept_and_bounded():
    huge = "x" * 100_000
    out = parse_action(huge)
    assert isinstance(out, ParseError)
    assert len(out.raw) < 5_000
    json.dumps(out.raw)  # raw is always JSON-friendly
    weird = parse_action({"tool": "wait", "args": {"a": object()}})
    assert isinstance(weird, ParseError)
    json.dumps(weird.raw)


def test_schemas_are_openai_function_schemas():
    out = schemas()
    assert [s["function"]["name"] for s in out] == list(TOOL_NAMES)
    for s in out:
        assert s["type"] == "function"
        params = s["function"]["parameters"]
        assert params["type"] == "object" and params["additionalProperties"] is False
        assert "$ref" not in json.dumps(params)
    craft = next(s for s in out if s["function"]["name"] == "craft")["function"]["parameters"]
    assert craft["required"] == ["recipe"] and craft["properties"]["count"]["type"] == "integer"
    assert "chat" not in [s["function"]["name"] for s in schemas({"chat"})]
    message = next(s for s in out if s["function"]["name"] == "chat")["function"]["parameters"]["properties"][
        "message"
    ]
    limit = (
        load_content().rules.max_message_chars
    )  # the limit the world enforces, not the parser's outer bound
    assert message["maxLength"] == limit and f"at most {limit} characters" in message["description"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=50),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        json_values,
        st.text(max_size=300),
        st.builds(
            lambda t, a: {"tool": t, "args": a},
            st.sampled_from(TOOL_NAMES) | st.text(max_size=10),
            json_values,
        ),
    )
)
def test_hostile_input_never_raises(action):
    out = parse_action(action)
    assert isinstance(out, (ToolCall, ParseError))
    if isinstance(out, ParseError):
        assert out.error
        json.dumps(out.raw)


def test_pathological_nesting_never_raises():
    deep: list = []
    for _ in range(50_000):
        deep = [deep]
    nested: dict = {}
    for _ in range(5_000):
        nested = {"a": nested}
    for action in (
        deep,
        {"tool": "wait", "args": nested},
        {"tool": "chat", "args": {"to": deep, "message": "x"}},
        {1, 2},
    ):
        out = parse_action(action)
        assert isinstance(out, ParseError) and out.error
        json.dumps(out.raw)
