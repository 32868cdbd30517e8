"""short_repr: repr cut to a limit, written only as far as the limit goes."""

import sys

from codeeval.base.display import short_repr
from codeeval.sandbox import Opaque


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def test_the_text_is_repr_cut_to_the_limit_for_every_kind_of_value():
    nested: list = [
        1,
        (2,),
        {3: "x'y\"z"},
        {4.5},
        frozenset({6}),
        set(),
        frozenset(),
        (),
        [],
        {},
        None,
        True,
        b"\x00",
        1e300,
        float("nan"),
        -0.0,
        2 + 3j,
        "é\n",
    ]
    values = [
        nested,
        tuple(nested),
        {"k": nested, (1, 2): [nested]},
        [nested] * 5,
        "a" * 1000,
        12345,
        {frozenset({1, 2}): (3,)},
        Opaque("Foo", "<Foo object>"),
        ([nested],),
        list(range(300)) + [[1, (2,)]] + list(range(10)),
        tuple(range(600)) + ((),),
    ]
    for value in values:
        for limit in (3, 4, 10, 37, 400, 10_000):
            assert short_repr(value, limit) == _cut(repr(value), limit), (value, limit)


def test_a_container_holding_itself_is_written_as_repr_writes_it():
    loop: list = [1]
    loop.append(loop)
    table: dict = {}
    table["me"] = table
    assert short_repr(loop) == repr(loop) == "[1, [...]]" and short_repr(table) == repr(table)


def test_a_huge_output_is_written_only_as_far_as_the_limit():
    """A list of a million ints is not written whole (the walk stops at the limit): an int too large for
    str() far beyond the limit does not spoil the prefix, where writing it whole would."""
    beyond = 10 ** (sys.get_int_max_str_digits() + 10)
    value = list(range(1_000_000)) + [beyond]
    assert short_repr(value, 20) == "[0, 1, 2, 3, 4, 5..."
    assert short_repr([beyond]) == "<value holding an integer too large to show>"


def test_nesting_too_deep_to_show():
    deep: list = []
    for _ in range(20_000):
        deep = [deep]
    assert short_repr(deep, 10) == "[[[[[[[..."  # the limit comes first
    assert short_repr(deep, 10_000) == "<value nested too deeply to show>"
    shallow: list = []
    for _ in range(600):  # deeper than the walk goes, shallow enough for repr
        shallow = [shallow]
    assert short_repr(shallow, 10_000) == _cut(repr(shallow), 10_000)
