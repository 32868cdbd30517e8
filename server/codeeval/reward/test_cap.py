"""A cap on the tests a sample runs: the longest inputs first, as DeepCoder's reward does.

Some datasets give a problem hundreds of tests (CodeContests' generated ones); an RL step cannot wait for
each sample to run them all. The longest inputs are the ones most likely to catch a wrong or slow program,
so a capped problem keeps those, run in the order the problem gives them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..problem.definition import Case, Problem

_DEEPEST = 50  # an input nested deeper than this counts as its size so far (inputs come from datasets)


def longest_tests(problem: Problem, max_tests: int) -> Problem:
    """`problem` with only its `max_tests` longest tests (itself when it has no more than that)."""
    if len(problem.tests) <= max_tests:
        return problem
    ranked = sorted(range(len(problem.tests)), key=lambda i: input_size(problem.tests[i]), reverse=True)
    kept = sorted(ranked[:max_tests])  # ties keep the problem's order (a stable sort); run in that order
    return replace(problem, tests=[problem.tests[i] for i in kept])


def input_size(case: Case) -> int:
    """How long a test's input is: a program's stdin in characters; a call's arguments, about as written."""
    if case.stdin:
        return len(str(case.args[0]))
    return _size(case.args, 0) + _size(case.kwargs, 0)


def _size(value: Any, depth: int) -> int:
    """About the length of `value` written out, without writing it (a huge int's digits cost a conversion)."""
    if isinstance(value, (str, bytes)):
        return len(value)
    if isinstance(value, bool) or value is None:
        return 4
    if isinstance(value, int):
        return max(1, value.bit_length() * 3 // 10)  # its decimal digits, about
    if depth >= _DEEPEST:
        return 1
    if isinstance(value, dict):
        return 2 + sum(_size(k, depth + 1) + _size(v, depth + 1) + 2 for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return 2 + sum(_size(item, depth + 1) + 2 for item in value)
    if isinstance(value, float):
        return len(repr(value))
    return len(type(value).__name__)  # the rest (decoded from JSON, there is little): short
