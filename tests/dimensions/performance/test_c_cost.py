"""Work done inside C functions in instruction counts (deterministic mode): real workers, real sandbox."""

import gc
import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.sandbox import Session, default_launcher

CHILD = Path(__file__).resolve().parents[3] / "server" / "codeeval" / "sandbox" / "child"

INSERT_AT_FRONT = """
def reverse(xs):
    out = []
    [out.insert(0, x) for x in xs]
    return out
"""
APPEND_THEN_REVERSE = """
def reverse(xs):
    out = []
    [out.append(x) for x in xs]
    return out[::-1]
"""
REPLACE_LOOP = """
def strip_pairs(text):
    while "()" in text:
        text = text.replace("()", "")
    return text
"""
STACK = """
def strip_pairs(text):
    kept = []
    for ch in text:
        if ch == ")" and kept and kept[-1] == "(":
            kept.pop()
        else:
            kept.append(ch)
    return "".join(kept)
"""
IN_LIST = """
def unique(words):
    seen = []
    for word in words:
        if word not in seen:
            seen.append(word)
    return seen
"""
IN_SET = """
def unique(words):
    seen, kept = set(), []
    for word in words:
        if word not in seen:
            seen.add(word)
            kept.append(word)
    return kept
"""
INPUTS = {
    "reverse": lambda n: [list(range(n))],
    "strip_pairs": lambda n: ["(" * (n // 2) + ")" * (n // 2)],
    "unique": lambda n: [[f"w{i}" for i in range(n)]],
}
CASES = [  # (slow solution, a linear one, entry point)
    pytest.param(INSERT_AT_FRONT, APPEND_THEN_REVERSE, "reverse", id="list.insert(0, x)"),
    pytest.param(REPLACE_LOOP, STACK, "strip_pairs", id="str.replace loop"),
    pytest.param(IN_LIST, IN_SET, "unique", id="x in a_list"),
]


def counts(source: str, entry: str, sizes: tuple[int, ...]) -> list[float]:
    """Instructions per call at each size, counted by one real worker."""
    with Session(textwrap.dedent(source), entry, launcher=default_launcher()) as session:
        found = []
        for n in sizes:
            outcome = session.time(INPUTS[entry](n), mode="count", max_count=10**9, timeout=60)
            assert outcome.status == "timed", outcome
            found.append(outcome.cpu_s[0])
        return found


@pytest.mark.parametrize(("slow", "fast", "entry"), CASES)
def test_sized_work_inside_c_makes_the_count_grow_like_the_time(slow, fast, entry):
    slow_small, slow_large = counts(slow, entry, (1000, 4000))
    fast_small, fast_large = counts(fast, entry, (1000, 4000))
    # 4x the size: a quadratic curve grows about 16x (the linear part of it a little less), a linear one 4x.
    assert slow_large / slow_small > 10, (slow_small, slow_large)
    assert 3.5 < fast_large / fast_small < 4.5, (fast_small, fast_large)
    assert slow_large > 5 * fast_large


def test_counts_are_identical_in_two_separate_workers():
    sizes = (300, 1200)
    first = counts(REPLACE_LOOP, "strip_pairs", sizes) + counts(IN_LIST, "unique", sizes)
    second = counts(REPLACE_LOOP, "strip_pairs", sizes) + counts(IN_LIST, "unique", sizes)
    assert first == second and all(c > 0 for c in first)


PROBLEM = """
name: {entry}
summary: A problem whose slow solutions do their slow work inside C.
entry_point: {entry}
reference: |
{reference}
tests:
  - args: {example}
    expected: {expected}
performance:
  sizes: [1000, 2000, 4000, 8000]
  input: "{input}"
  complexity: O(n)
"""
DEQUE = """
from collections import deque

def reverse(xs):
    out = deque()
    for x in xs:
        out.appendleft(x)
    return list(out)
"""
PROBLEMS = {  # entry point: (reference, example args, expected, input expression)
    "reverse": (DEQUE, "[[1, 2, 3]]", "[3, 2, 1]", "args(ints(n))"),
    "strip_pairs": (STACK, "['(()']", "'('", "args('(' * n + ')' * n)"),
    "unique": (IN_SET, "[['a', 'b', 'a']]", "['a', 'b']", "args(strings(n, 8))"),
}


@pytest.mark.parametrize(("slow", "fast", "entry"), CASES)
def test_deterministic_mode_takes_points_from_work_hidden_in_c(slow, fast, entry, write_problem, write_solution):
    """Each slow one scored 100 here before: one instruction per insert, replace or `in`, like the reference's."""
    reference, example, expected, expression = PROBLEMS[entry]
    body = textwrap.indent(textwrap.dedent(reference).strip(), "  ")
    problem = write_problem(
        PROBLEM.format(entry=entry, reference=body, example=example, expected=expected, input=expression)
    )
    options = EvaluationOptions(skip=("correctness", "edge_cases", "code_quality"), deterministic=True)
    worse = evaluate(write_solution(slow, "slow.py"), problem, options=options).dimensions["performance"]
    fine = evaluate(write_solution(fast, "fine.py"), problem, options=options).dimensions["performance"]
    complexity = worse.details.complexity
    assert complexity.candidate == "O(n^2)" and complexity.reference == "O(n)" and complexity.worse, complexity
    assert worse.score < 50 and worse.details.ratio > 3
    assert fine.score > 90 and fine.details.complexity.candidate == "O(n)"


@pytest.fixture(scope="module")
def opcount():
    sys.path.insert(0, str(CHILD))
    try:
        yield importlib.import_module("opcount")
    finally:
        sys.path.remove(str(CHILD))


def counted(opcount, source: str, *args: object) -> int:
    namespace: dict = {}
    exec(compile(textwrap.dedent(source), "solution.py", "exec"), namespace)
    return opcount.count_instructions([lambda: namespace["f"](*args)])


def growth(opcount, source: str, make, small: int = 1000) -> float:
    return counted(opcount, source, make(4 * small)) / counted(opcount, source, make(small))


def ints(n: int) -> list[int]:
    return list(range(n))


def words(n: int) -> list[str]:
    return [str(i) for i in range(n)]


LINEAR = 3.5, 4.5  # growth of the count from n=1000 to 4000
QUADRATIC = 10, 17
SHAPES = {
    # Linear work stays linear: bounded slices, a str local appended to in place, set membership, pop().
    "bounded slices": ("def f(xs):\n    return [xs[i:i + 8] for i in range(0, len(xs), 8)]\n", ints, LINEAR),
    "str +=": ("def f(xs):\n    s = ''\n    for ch in xs:\n        s += ch\n    return s\n", "a".__mul__, LINEAR),
    "in a set": ("def f(xs):\n    s = set(xs)\n    return sum(1 for x in xs if x in s)\n", ints, LINEAR),
    "pop()": ("def f(xs):\n    t = 0\n    while xs:\n        t += xs.pop()\n    return t\n", ints, LINEAR),
    # Quadratic work in C, reached through an attribute, an alias, a slice to the end, `del`, a global.
    "attribute pop(0)": (
        "class Q:\n    def __init__(self, xs):\n        self.items = list(xs)\n"
        "def f(xs):\n    q, t = Q(xs), 0\n    while q.items:\n        t += q.items.pop(0)\n    return t\n",
        ints,
        QUADRATIC,
    ),
    "aliased insert": (
        "def f(xs):\n    out = []\n    put = out.insert\n    for x in xs:\n        put(0, x)\n    return out\n",
        ints,
        QUADRATIC,
    ),
    "slice to end": ("def f(xs):\n    return [sum(xs[i:]) for i in range(len(xs))]\n", ints, QUADRATIC),
    "del xs[0]": ("def f(xs):\n    while xs:\n        del xs[0]\n    return xs\n", ints, QUADRATIC),
    "global list": (
        "SEEN = []\ndef f(xs):\n    SEEN.clear()\n    return [SEEN.append(x) for x in xs if x not in SEEN]\n",
        words,
        QUADRATIC,
    ),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_charges_follow_the_size_each_instruction_works_on(opcount, shape):
    source, make, (low, high) = SHAPES[shape]
    assert low < growth(opcount, source, make) < high


def test_work_in_c_counts_against_the_limit(opcount):
    namespace: dict = {}
    source = "def f(s):\n    while True:\n        s.replace('a', 'b')\n"
    exec(compile(source, "solution.py", "exec"), namespace)
    assert opcount.count_instructions([lambda: namespace["f"]("a" * 100_000)], limit=1_000_000) == 1_000_001


COMPUTED_DICT = """
import sys

class Box:
    __slots__ = ("items",)

    @property
    def __dict__(self):  # the pricer must not run this: it would switch the counter off, uncounted
        sys.settrace(None)
        return {"items": self.items}

def f(xs):
    box, t = Box(), 0
    box.items = list(xs)
    while box.items:
        t += box.items.pop(0)
    return t
"""


def test_pricing_never_runs_the_solutions_code(opcount):
    """Operands are read from instance dicts through C descriptors only: a `__dict__` property is left alone."""
    namespace: dict = {}
    exec(compile(COMPUTED_DICT, "solution.py", "exec"), namespace)
    count = opcount.count_instructions([lambda: namespace["f"](list(range(1000)))])
    assert count > 1000 and sys.gettrace() is None


class HostileGlobals(dict):
    """A globals dict whose `get` would run the solution's code inside the tracer, if the pricer called it."""

    def get(self, *args):  # type: ignore[override]
        sys.settrace(None)
        return super().get(*args)


def test_pricing_reads_a_global_through_dicts_own_get_not_a_subclasss(opcount):
    namespace = HostileGlobals(__builtins__=__builtins__, SEEN=[])
    source = "def f(xs):\n    return [x for x in xs if x not in SEEN]\n"
    exec(compile(source, "solution.py", "exec"), namespace)
    count = opcount.count_instructions([lambda: namespace["f"](list(range(1000)))])
    assert count > 1000 and sys.gettrace() is None


def test_counting_leaves_no_garbage_per_call(opcount):
    """The collector is off while counting: tracing many calls must not leave a cycle per call."""
    namespace: dict = {}
    source = "def helper(x, xs):\n    return x in xs\ndef f(xs):\n    return sum(helper(x, xs[:3]) for x in xs)\n"
    exec(compile(source, "solution.py", "exec"), namespace)
    gc.disable()
    try:
        gc.collect()
        opcount.count_instructions([lambda: namespace["f"](list(range(20_000)))])
        assert gc.collect() < 1000
    finally:
        gc.enable()
