"""Showing decoded values to people: repr, made safe for values that cannot be shown whole."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

VALUE_TEXT_LIMIT = 400  # characters of a value shown in a report line


def short_repr(value: Any, limit: int = VALUE_TEXT_LIMIT) -> str:
    """`repr(value)` cut to `limit` characters; never raises for deep nesting or huge integers.

    Lists, tuples, sets and dicts are written piece by piece and only as far as the limit: a benchmark output
    of a million numbers (HumanEval/130's plus inputs) cost seconds of the evaluator's time, holding the GIL,
    to write whole and then cut."""
    try:
        text = _prefix(value, limit + 1)
    except (RecursionError, ValueError):  # nested deeper than the walk goes, or a huge int: as repr fares
        text = _whole(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _whole(value: Any) -> str:
    try:
        return repr(value)
    except RecursionError:
        return "<value nested too deeply to show>"
    except ValueError:  # an int beyond Python's int-to-str digit limit (sys.get_int_max_str_digits)
        return "<value holding an integer too large to show>"


def _prefix(value: Any, size: int) -> str:
    """The first `size` characters (or fewer: all) of repr(value)."""
    parts: list[str] = []
    written = 0
    for part in _pieces(value, set()):
        parts.append(part)
        written += len(part)
        if written >= size:
            break
    return "".join(parts)[:size]


def _pieces(value: Any, open_ids: set[int]) -> Iterator[str]:
    """repr(value) in pieces, in order, for the built-in containers (exact types: a subclass may write itself)."""
    kind = type(value)
    if kind not in (list, tuple, set, frozenset, dict):
        yield repr(value)
        return
    if id(value) in open_ids:  # a container inside itself, written as repr writes it
        yield "[...]" if kind is list else "{...}"
        return
    open_ids.add(id(value))
    try:
        yield from _container_pieces(value, kind, open_ids)
    finally:
        open_ids.discard(id(value))


_BRACKETS: dict[type, tuple[str, str]] = {
    list: ("[", "]"),
    tuple: ("(", ")"),
    set: ("{", "}"),
    frozenset: ("frozenset({", "})"),
    dict: ("{", "}"),
}


def _container_pieces(value: Any, kind: type, open_ids: set[int]) -> Iterator[str]:
    if kind in (set, frozenset) and not value:
        yield f"{kind.__name__}()"
        return
    opening, closing = _BRACKETS[kind]
    yield opening
    if kind in (list, tuple):
        yield from _sequence_pieces(value, open_ids)
        yield ",)" if kind is tuple and len(value) == 1 else closing
        return
    items = iter(value.items()) if kind is dict else iter(value)
    for index, item in enumerate(items):
        if index:
            yield ", "
        if kind is dict:
            yield from _pieces(item[0], open_ids)
            yield ": "
            yield from _pieces(item[1], open_ids)
        else:
            yield from _pieces(item, open_ids)
    yield closing


_ATOMS = (int, float, str, bool, type(None), bytes, complex)
_CHUNK = 256  # items of a long sequence written by one call of repr (in C), when none is a container


def _sequence_pieces(value: list | tuple, open_ids: set[int]) -> Iterator[str]:
    """A list's or tuple's items as repr separates them, a chunk of plain items at a time."""
    for start in range(0, len(value), _CHUNK):
        chunk = value[start : start + _CHUNK]
        if start:
            yield ", "
        if all(type(item) in _ATOMS for item in chunk):
            yield repr(list(chunk))[1:-1]
            continue
        for index, item in enumerate(chunk):
            if index:
                yield ", "
            yield from _pieces(item, open_ids)
