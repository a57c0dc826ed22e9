"""YAML from users (task files, task packs, run directories' task.yaml) read within fixed bounds.

`yaml.safe_load` runs no code, but it trusts the shape of its input: a few kilobytes of nested
aliases ("billion laughs") compose into a graph that expands to billions of nodes the moment
anything walks it (pydantic, an error message's repr), and a few thousand nested brackets end in a
RecursionError inside the composer. `load_yaml` composes with the pure-Python loader and counts as it
goes, so both are refused before any object is built:

- nesting deeper than MAX_DEPTH collections,
- more than MAX_NODES nodes once every alias is expanded (an alias counts as the whole subtree it
  names; the shipped tasks have about 1,200), and an alias to a collection it is inside (a cycle),
- a text longer than MAX_CHARS.

Every message, including PyYAML's own syntax errors, names the source and quotes at most
EXCERPT_CHARS of the input; `excerpt()` gives callers the same bound for values they quote.
"""

from __future__ import annotations

import reprlib
from typing import Any

import yaml

MAX_DEPTH = 100  # nested collections; a task file nests about 6 deep
MAX_NODES = 100_000  # nodes after alias expansion; the largest shipped task has 1,211
MAX_CHARS = 5_000_000  # characters of text; the largest shipped task has about 28,000
EXCERPT_CHARS = 200  # the most of the input any message quotes

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxdict, _REPR.maxlist, _REPR.maxtuple, _REPR.maxset = 3, 6, 6, 6, 6
_REPR.maxstring, _REPR.maxother, _REPR.maxlong = EXCERPT_CHARS, EXCERPT_CHARS, 40


class YAMLInputError(ValueError):
    """YAML that is malformed or exceeds a bound; the message names source, problem, place and excerpt."""


def excerpt(value: Any, limit: int = EXCERPT_CHARS) -> str:
    """A repr of `value` (a string as itself) of at most `limit` characters, in bounded time
    (reprlib visits a few elements per level, however large or deeply shared the value is)."""
    text = value if isinstance(value, str) else _REPR.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _BoundedLoader(yaml.SafeLoader):
    """SafeLoader whose composer counts depth and expanded nodes (see the module docstring)."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._text = stream
        self._depth = 0
        self._expanded = 0
        self._sizes: dict[str, int] = {}  # anchor -> nodes of its subtree, aliases expanded

    def fetch_flow_collection_start(self, token_class: type) -> None:
        """Refuse deep flow nesting ([[[...) as the scanner meets it: the scanner's look-ahead for
        keys grows with the flow level, so waiting for the composer would cost seconds."""
        if self.flow_level >= MAX_DEPTH:
            self._refuse(f"nested deeper than {MAX_DEPTH} levels", self.get_mark())
        super().fetch_flow_collection_start(token_class)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self.anchors and event.anchor not in self._sizes:
                self._refuse(
                    f"the alias *{event.anchor} is inside the collection &{event.anchor} it names (a cycle)",
                    event.start_mark,
                )
            self._count(self._sizes.get(event.anchor, 0), event.start_mark)
            return super().compose_node(parent, index)
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            self._depth += 1
            if self._depth > MAX_DEPTH:
                self._refuse(f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
        start = self._expanded
        self._count(1, event.start_mark)
        node = super().compose_node(parent, index)
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            self._depth -= 1
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            self._sizes[anchor] = self._expanded - start
        return node

    def _count(self, nodes: int, mark: yaml.Mark) -> None:
        self._expanded += nodes
        if self._expanded > MAX_NODES:
            self._refuse(
                f"more than {MAX_NODES:,} values once its aliases (*name) are expanded (an alias bomb?)", mark
            )

    def _refuse(self, problem: str, mark: yaml.Mark) -> None:
        raise YAMLInputError(f"{problem}, at line {mark.line + 1}: {_line_excerpt(self._text, mark)}")


def _line_excerpt(text: str, mark: yaml.Mark | None) -> str:
    """The input's line at `mark` (from near its column when that is far in), quoted, at most
    EXCERPT_CHARS long."""
    if mark is None:
        return excerpt(repr(text.lstrip()[:EXCERPT_CHARS]))
    start = text.rfind("\n", 0, mark.index) + 1
    end = text.find("\n", mark.index)
    line = text[start : end if end >= 0 else len(text)]
    column = mark.index - start
    if column > EXCERPT_CHARS // 2:
        line = "..." + line[column - 20 :]
    return excerpt(repr(line[:EXCERPT_CHARS]))


def _syntax_error(text: str, exc: yaml.YAMLError) -> str:
    """PyYAML's context and problem and the line, without its multi-line snippet."""
    said = [str(part) for part in (getattr(exc, "context", None), getattr(exc, "problem", None)) if part]
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    return f"invalid YAML: {excerpt(' '.join(said) or str(exc))}{where}: {_line_excerpt(text, mark)}"


def load_yaml(text: str) -> Any:
    """The one YAML document in `text` as Python data; YAMLInputError if malformed or out of bounds."""
    if len(text) > MAX_CHARS:
        raise YAMLInputError(f"{len(text):,} characters; a YAML file here may hold at most {MAX_CHARS:,}")
    try:
        loader = _BoundedLoader(text)  # the reader checks every character here
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position)
        column = exc.position - text.rfind("\n", 0, exc.position) - 1
        mark = yaml.Mark("", exc.position, line, column, None, None)
        raise YAMLInputError(
            f"invalid YAML: {exc.reason} (character #x{exc.character:04x}) at line {line + 1}: "
            f"{_line_excerpt(text, mark)}"
        ) from None
    try:
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        raise YAMLInputError(_syntax_error(text, exc)) from None
    except RecursionError:  # the depth bounds come first; this is a last guard, never a traceback
        raise YAMLInputError(f"nested too deeply to read: {_line_excerpt(text, None)}") from None
    finally:
        loader.dispose()
