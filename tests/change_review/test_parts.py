"""The review's pieces that run nothing: changed functions, module closures, determinism, inputs, sizes."""

from __future__ import annotations

import ast

from codeeval.change_review.call_inputs import doctest_calls
from codeeval.change_review.determinism import nondeterminism
from codeeval.change_review.examples import literal_calls
from codeeval.change_review.functions import changed_functions
from codeeval.change_review.modules import loadable, module_name
from codeeval.change_review.report import FunctionStatus
from codeeval.change_review.sized import sized_value
from codeeval.generation.plan import make_plan
from codeeval.generation.value_types import TupleT


def test_changed_functions_are_matched_by_qualified_name_decorators_included() -> None:
    base = "def f(x):\n    return x\n\n\ndef g():\n    pass\n\n\nclass C:\n    def m(self):\n        return 1\n"
    new = "@cache\ndef f(x):\n    return x\n\n\nclass C:\n    def m(self):\n        return 2\n\n\ndef h():\n    pass\n"
    changes = {c.qualname: c.status for c in changed_functions("m.py", base, new)}
    assert changes == {
        "f": FunctionStatus.CHANGED,
        "C.m": FunctionStatus.CHANGED,
        "h": FunctionStatus.ADDED,
        "g": FunctionStatus.REMOVED,
    }


def test_a_module_brings_the_closure_of_the_repository_modules_it_imports() -> None:
    files = {"pkg/__init__.py", "pkg/a.py", "pkg/b.py", "pkg/c.py", "other.py", "tests/test_a.py"}
    texts = {
        "pkg/__init__.py": "",
        "pkg/a.py": "from . import b\nimport json\n",
        "pkg/b.py": "from .c import helper\n",
        "pkg/c.py": "def helper():\n    pass\n",
        "other.py": "",
    }
    assert module_name("pkg/a.py", files) == ("", "pkg.a")
    assert module_name("tests/test_a.py", files) == ("tests", "test_a")
    module = loadable("pkg/a.py", texts["pkg/a.py"], files, texts.get)
    assert sorted(module.siblings) == ["pkg", "pkg.b", "pkg.c"]  # not json, not other.py
    assert "__package__ = 'pkg'" in module.prelude()


def _function(source: str) -> ast.FunctionDef:
    node = ast.parse(source).body[-1]
    assert isinstance(node, ast.FunctionDef)
    return node


def test_nondeterminism_is_read_from_the_names_a_function_uses() -> None:
    assert nondeterminism(_function("def f():\n    return random.choice([1, 2])\n")) == (
        "draws random numbers: random.choice()"
    )
    assert nondeterminism(_function("def f(p):\n    return open(p).read()\n")) == "reads or writes files: open()"
    assert nondeterminism(_function("def f():\n    global n\n    n += 1\n")) == "writes module state: global n"
    assert nondeterminism(_function("def f(d):\n    return d.get('a')\n")) is None


def test_literal_calls_and_doctests_become_inputs() -> None:
    files = {"tests/test_m.py": "def test():\n    assert area(2, h=3) == 6\n    area(x, 1)\n", "m.py": "area(1, 1)\n"}
    found = literal_calls("Box.area", files, files.get)
    assert [(f.case.args, f.case.kwargs, f.path) for f in found] == [
        ([2], {"h": 3}, "tests/test_m.py"),
        ([1, 1], {}, "m.py"),
    ]
    doc = '    """\n    >>> area(4, 5)\n    20\n    >>> area(w)\n    """'
    assert [c.args for c in doctest_calls(doc, "area")] == [[4, 5]]


def test_timing_inputs_grow_the_containers_and_hold_the_rest() -> None:
    plan = make_plan("def f(xs: list[int], k: int, s: str) -> int:\n    return 0\n", "f", [])
    assert isinstance(plan.top, TupleT)
    small, large = sized_value(plan.top, 10), sized_value(plan.top, 100)
    assert small is not None and large is not None
    assert (len(small[0]), len(small[2]), len(large[0]), len(large[2])) == (10, 10, 100, 100)
    assert len(set(large[0])) == 100  # distinct: the worst case for membership tests
    assert small[1] == large[1]
    counted = make_plan("def fib(n: int) -> int:\n    return n\n", "fib", [])
    assert isinstance(counted.top, TupleT)
    assert sized_value(counted.top, 64) == (64,)


def test_a_changed_functions_quality_is_compared_with_the_base() -> None:
    from codeeval.change_review.quality_change import quality_change

    base = 'def pick(x: int) -> int:\n    """The sign of x."""\n    return 1 if x > 0 else 0\n'
    worse = "def pick(x, flag=[]):\n    return 1 if x > 0 else 0\n"
    change = quality_change("pick", base, worse)
    assert change.before is not None and change.after is not None and change.after < change.before
    assert any(line.startswith("CQ111") for line in change.new_findings)  # the mutable default is new
    assert not any(line.startswith("CQ111") for line in quality_change("pick", worse, worse).new_findings)
    assert quality_change("pick", None, base).sentence().endswith("(new function)")
