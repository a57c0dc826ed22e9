"""The observation fast paths give exactly what the general code gives, on odd inputs too.

The references below are the code as it was before the fast paths (clean() with only the
per-character test; one cleaned dict per nearby entry), kept here to compare against.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from agentworld import observation as om


def reference_clean(text, limit=om.SHORT_MAX):
    if text is None:
        return ""
    if type(text) is not str:
        text = str(text)
    if not (text.isascii() and (text.isprintable() or om._CHARSET_SET.issuperset(text))):
        text = text.translate(om._UNICODE_FIXES)
        text = "".join(c if c in om._CHARSET_SET else "?" for c in text)
    if len(text) > limit:
        text = text[: max(0, limit - 3)] + "..."
    return text


def reference_entity(e):
    return {
        "id": reference_clean(e.get("id")),
        "kind": reference_clean(e.get("kind")),
        "name": reference_clean(e.get("name")),
        "position": om._pos(e.get("position")),
        "distance": om._nat(e.get("distance")),
        "detail": reference_clean(e.get("detail")),
    }


# printable ASCII, the other CHARSET whitespace, control characters, and the unicode clean() maps
odd_text = st.text(
    alphabet=st.sampled_from(
        list("ab #-.\n\t\r\x0b\x0c\x00\x7f\x1b") + ["\u2014", "\u00e9", "\u2192", "\U0001f600"]
    ),
    max_size=300,
)
ints = st.one_of(st.integers(-5, 300), st.sampled_from([om.BIG - 1, om.BIG, om.BIG + 7, True, False]))
values = st.one_of(st.none(), odd_text, ints, st.floats(allow_nan=False, allow_infinity=False))


@settings(max_examples=400, deadline=None)
@given(odd_text, st.sampled_from([om.SHORT_MAX, 5, om.TEXT_MAX]))
def test_clean_matches_the_reference(text, limit):
    assert om.clean(text, limit) == reference_clean(text, limit)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                "id": values,
                "kind": values,
                "name": values,
                "detail": values,
                "distance": ints,
                "position": st.one_of(st.lists(ints, max_size=3), st.tuples(ints, ints), st.none()),
            },
        )
    )
)
def test_nearby_matches_the_reference(entries):
    got = om._nearby(entries)
    want = tuple(reference_entity(e) for e in entries)
    assert json.dumps(got) == json.dumps(want) and got == want
    assert all(type(g["position"]) is tuple for g in got)


def test_engine_entries_take_the_fast_path_unchanged():
    e = {
        "id": "oak_tree#3",
        "kind": "node",
        "name": "Oak tree",
        "position": [4, 5],
        "distance": 2,
        "detail": "lumberjacking 1; 3 left",
    }
    (got,) = om._nearby([e])
    assert got == {**e, "position": (4, 5)} and list(got) == list(e)
    (odd,) = om._nearby([{**e, "name": "Caf\u00e9 \u2014 bar", "distance": True}])
    assert odd["name"] == "Caf? - bar" and odd["distance"] == 1
