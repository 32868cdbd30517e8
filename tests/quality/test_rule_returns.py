"""CQ109 (consistent returns) and the fall-through analysis behind it."""

from __future__ import annotations

import ast
import textwrap

import pytest

from codeeval.quality.flow import falls_through

from .helpers import findings


def body_falls_through(source: str) -> bool:
    function = ast.parse(textwrap.dedent(source)).body[0]
    return falls_through(function.body)


@pytest.mark.parametrize(
    "source",
    [
        "def f(x):\n    if x:\n        return 1\n",
        "def f(xs):\n    for x in xs:\n        return x\n",
        "def f(x):\n    while x:\n        return 1\n",
        "def f():\n    while True:\n        if g():\n            break\n",
        "def f():\n    try:\n        return g()\n    except ValueError:\n        pass\n",
        "def f(x):\n    match x:\n        case 1:\n            return 1\n",
        "def f(xs):\n    for x in xs:\n        if x:\n            break\n    else:\n        return 0\n",
    ],
)
def test_paths_that_fall_off_the_end(source):
    assert body_falls_through(source)


@pytest.mark.parametrize(
    "source",
    [
        "def f(x):\n    if x:\n        return 1\n    else:\n        return 2\n",
        "def f(x):\n    if x:\n        return 1\n    raise ValueError(x)\n",
        "def f():\n    while True:\n        for y in g():\n            break\n",
        "def f():\n    while 1:\n        pass\n",
        "def f():\n    try:\n        return g()\n    except ValueError:\n        return 0\n",
        "def f():\n    try:\n        g()\n    finally:\n        return 0\n",
        "def f(x):\n    match x:\n        case 1:\n            return 1\n        case _:\n            return 2\n",
        "def f(x):\n    match x:\n        case 1:\n            return 1\n        case other:\n            return 2\n",
        "def f(xs):\n    for x in xs:\n        pass\n    else:\n        return 0\n",
        "def f():\n    import sys\n    sys.exit(1)\n",
        "def f():\n    assert False, 'unreachable'\n",
        "def f():\n    with g():\n        return 1\n",
    ],
)
def test_paths_that_always_return_or_raise(source):
    assert not body_falls_through(source)


def test_value_on_some_paths_and_implicit_none_on_others():
    [finding] = findings(
        '''
        def sign(x: int) -> int:
            """Sign."""
            if x > 0:
                return 1
            elif x < 0:
                return -1
    ''',
        "CQ109",
    )
    assert finding.severity == "warning" and "return `None` implicitly" in finding.message
    assert not finding.is_low_confidence


def test_bare_return_mixed_with_values():
    [finding] = findings(
        """
        def first(items):
            for item in items:
                if item:
                    return item
                if item is None:
                    return
            return 0
    """,
        "CQ109",
    )
    assert "bare `return` on line 7" in finding.message


def test_explicit_none_contradicting_the_annotation():
    [finding] = findings(
        '''
        def find(items: list[int], wanted: int) -> int:
            """Index of wanted."""
            for index, item in enumerate(items):
                if item == wanted:
                    return index
            return None
    ''',
        "CQ109",
    )
    assert "annotated `-> int`" in finding.message


def test_different_literal_types_on_different_paths():
    [finding] = findings(
        '''
        def lookup(table: dict, key: str):
            """Lookup."""
            if key in table:
                return [table[key]]
            return "missing"
    ''',
        "CQ109",
    )
    assert "`list` on line 5 and `str` on line 6" in finding.message


@pytest.mark.parametrize(
    "source",
    [
        # the "not found" idiom, unannotated or annotated Optional
        "def find(xs, y):\n    for x in xs:\n        if x == y:\n            return x\n    return None\n",
        "def find(xs: list[int], y: int) -> int | None:\n    for x in xs:\n        if x == y:\n            return x\n"
        "    return None\n",
        "from typing import Optional\ndef find(xs, y) -> Optional[int]:\n    if y in xs:\n        return y\n"
        "    return None\n",
        # numbers mixing ints and floats, unions declared, unknown types
        "def half(x: int):\n    if x % 2:\n        return x / 2\n    return 0\n",
        "def parse(text: str) -> int | str:\n    if text.isdigit():\n        return 1\n    return 'x'\n",
        "def pick(a, b):\n    if a:\n        return a.value\n    return b()\n",
        # procedures, generators and stubs
        "def log(x):\n    if not x:\n        return\n    print(x)\n",
        "def gen(xs):\n    for x in xs:\n        yield x\n    return 'done'\n",
        "def abstract(self):\n    raise NotImplementedError\n",
        # every path returns
        "def sign(x):\n    if x > 0:\n        return 1\n    elif x < 0:\n        return -1\n"
        "    else:\n        return 0\n",
    ],
)
def test_consistent_functions_are_not_flagged(source):
    assert findings(source, "CQ109") == []


def test_fall_through_after_a_match_is_a_low_confidence_suggestion():
    # The cases may be exhaustive for the argument's type, which a static reading cannot know.
    [finding] = findings(
        '''
        def describe(point: tuple[int, int]) -> str:
            """Describe."""
            match point:
                case (0, 0):
                    return "origin"
                case (x, y):
                    return f"at {x}, {y}"
    ''',
        "CQ109",
    )
    assert finding.severity == "suggestion" and finding.is_low_confidence
    assert finding.confidence.weakest()[0] == "accuracy"


def test_fall_through_after_a_call_is_a_less_certain_suggestion():
    # `fail(...)` may always raise; `print(...)` would be a forgotten return: the rule cannot tell which.
    [after_call] = findings(
        '''
        def check(value: int) -> int:
            """Check."""
            if value > 0:
                return value
            fail("negative")
    ''',
        "CQ109",
    )
    [plain] = findings(
        '''
        def check(value: int) -> int:
            """Check."""
            if value > 0:
                return value
            value += 1
    ''',
        "CQ109",
    )
    assert after_call.severity == "suggestion" and plain.severity == "warning"
    assert after_call.confidence.value < plain.confidence.value
