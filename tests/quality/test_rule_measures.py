"""CQ104-CQ108 and CQ110: the measurement rules, their counts, limits, tiers and calibration."""

from __future__ import annotations

import argparse
import ast
import json.decoder
import textwrap
from pathlib import Path

import pytest
from radon.visitors import ComplexityVisitor

from codeeval.base.catalog import ProblemKind
from codeeval.problem import load_problem
from codeeval.quality.context import build
from codeeval.quality.metrics import measure_all
from codeeval.quality.source import SourceText

from .helpers import DATA, REPO, findings, generated_source


def metrics_of(source: str) -> dict:
    source = textwrap.dedent(source)
    ctx = build(SourceText(source), ast.parse(source))
    return {function.key: metrics for function, metrics in measure_all(ctx).items()}


def branchy(conditions: int) -> str:
    """A documented, typed function with `conditions` if-statements in a row."""
    body = "".join(f"    if value == {i}:\n        total += {i}\n" for i in range(conditions))
    return f'def branchy(value: int) -> int:\n    """Doc."""\n    total = 0\n{body}    return total\n'


def test_cognitive_complexity_of_the_published_example():
    # The "sum of primes" example from the cognitive-complexity paper, written with for/else: 7.
    metrics = metrics_of("""
        def sum_of_primes(limit: int) -> int:
            total = 0
            for i in range(2, limit):          # +1
                for j in range(2, i):          # +2 (nested once)
                    if i % j == 0:             # +3 (nested twice)
                        break
                else:                          # +1
                    total += i
            return total
    """)
    assert metrics["sum_of_primes"].cognitive == 7


def test_cognitive_complexity_counts_boolean_runs_elif_else_and_nesting_of_conditional_expressions():
    metrics = metrics_of("""
        def classify(a: int, b: int, c: int) -> str:
            if a and b and c:            # +1 if, +1 one run of `and`
                return "all"
            elif a or b and c:           # +1 elif, +2 two runs
                return "some"
            else:                        # +1
                return "x" if a else "y" # +2 (nested in `else`)
            items = [lambda v: v if v else 0]   # +2 (nested in the lambda)
    """)
    assert metrics["classify"].cognitive == 1 + 1 + 1 + 2 + 1 + 2 + 2


def test_nested_functions_are_measured_on_their_own():
    metrics = metrics_of("""
        def outer(values: list[int]) -> int:
            def inner(value: int) -> int:
                if value > 0:
                    if value > 10:
                        return 2
                    return 1
                return 0
            return sum(inner(value) for value in values)
    """)
    assert metrics["outer"].cognitive == 0 and metrics["outer"].nesting == 0
    assert metrics["outer.inner"].cognitive == 3 and metrics["outer.inner"].nesting == 2
    assert metrics["outer"].lines == 1  # the nested function's lines are its own


def radon_complexities(source: str) -> dict[tuple[int, int], int]:
    """radon's complexity of every function and method (closures included), by the position of the `def`."""
    visitor = ComplexityVisitor.from_code(source)
    pending = [*visitor.functions, *(m for cls in visitor.classes for m in cls.methods)]
    found = {}
    while pending:
        function = pending.pop()
        found[(function.lineno, function.col_offset)] = function.complexity
        pending += function.closures
    return found


def function_samples() -> list[Path]:
    """The bundled samples of function problems (plot scripts are module-level code, with no functions)."""
    return [
        path
        for path in sorted((REPO / "problems" / "samples").glob("*/*.py"))
        if load_problem(REPO / "problems" / f"{path.parent.name}.yaml").kind is ProblemKind.FUNCTION
    ]


CC_CORPUS = [
    *function_samples(),
    *sorted(DATA.glob("*.py")),
    Path(ast.__file__),
    Path(argparse.__file__),
    Path(json.decoder.__file__),
    Path(textwrap.__file__),
]


@pytest.mark.parametrize("path", CC_CORPUS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_cyclomatic_complexity_is_radons(path):
    source = path.read_text(encoding="utf-8")
    ctx = build(SourceText(source), ast.parse(source))
    ours = {(f.node.lineno, f.node.col_offset): m.complexity for f, m in measure_all(ctx).items()}
    theirs = radon_complexities(source)
    assert theirs and {position: ours[position] for position in theirs} == theirs


def test_cyclomatic_complexity_on_a_generated_file_is_radons():
    source = generated_source(2_000)
    ctx = build(SourceText(source), ast.parse(source))
    ours = {(f.node.lineno, f.node.col_offset): m.complexity for f, m in measure_all(ctx).items()}
    assert radon_complexities(source) == ours


def test_function_length_ignores_docstrings_comments_blank_lines_and_signatures():
    metrics = metrics_of('''
        def long_signature(
            first: int,
            second: int,
        ) -> int:
            """A docstring
            over several lines.
            """
            # a comment

            total = first + second
            return total
    ''')
    assert metrics["long_signature"].lines == 2


def test_branches_and_nesting_counts():
    metrics = metrics_of("""
        def walk(rows: list[list[int]]) -> int:
            total = 0
            for row in rows:                     # branch 1, depth 1
                for cell in row:                 # branch 2, depth 2
                    if cell > 0:                 # branch 3, depth 3
                        total += cell
                    elif cell < 0:               # branch 4
                        with open("log") as log: # depth 4
                            try:                 # depth 5
                                log.write("x")
                            except OSError:      # branch 5
                                pass
                    else:                        # branch 6
                        continue
            match total:
                case 0:                          # branch 7
                    return 0
                case _:                          # branch 8
                    return total
    """)
    assert metrics["walk"].branches == 8
    assert metrics["walk"].nesting == 5 and metrics["walk"].nesting_line == 10


def test_complexity_limit_default_tiers_and_configuration():
    assert findings(branchy(9), "CQ104") == []  # complexity 10: at the limit
    [just_over] = findings(branchy(10), "CQ104")
    [far_over] = findings(branchy(25), "CQ104")
    assert just_over.severity == "suggestion" and far_over.severity == "critical"
    assert just_over.details == {"value": 11, "limit": 10}
    assert just_over.confidence.severity_calibration < far_over.confidence.severity_calibration
    assert findings(branchy(10), "CQ104", {"max_complexity": 12}) == []
    assert findings(branchy(10), "CQ104", {"rules": {"CQ104": {"max": 12}}}) == []
    assert findings(branchy(10), "CQ104", {"rules": {"CQ104": False}}) == []


def test_branching_and_cognitive_limits():
    assert findings(branchy(8), "CQ107") == []
    [finding] = findings(branchy(13), "CQ107")
    assert finding.severity == "warning" and "13 branches (limit 8)" in finding.message
    assert findings(branchy(13), "CQ107", {"max_branches": 13}) == []
    assert findings(branchy(15), "CQ105") == []
    [cognitive] = findings(branchy(16), "CQ105")
    assert cognitive.severity == "suggestion"


def test_function_length_limit():
    body = "".join(f"    total += {i}\n" for i in range(45))
    source = f'def long(total: int) -> int:\n    """Doc."""\n{body}    return total\n'
    [finding] = findings(source, "CQ106")
    assert finding.details == {"value": 46, "limit": 40} and finding.severity == "suggestion"
    assert findings(source, "CQ106", {"max_function_lines": 50}) == []


def test_nesting_limit_and_elif_chains_do_not_nest():
    deep = '''
        def deep(rows: list[list[list[int]]]) -> int:
            """Doc."""
            total = 0
            for grid in rows:
                for row in grid:
                    for cell in row:
                        if cell:
                            while cell > 0:
                                cell -= 1
                                total += 1
            return total
    '''
    [finding] = findings(deep, "CQ108")
    assert "nests blocks 5 deep" in finding.message and finding.severity == "suggestion"
    chain = "".join(f"    elif value == {i}:\n        return {i}\n" for i in range(1, 12))
    flat = f'def flat(value: int) -> int:\n    """Doc."""\n    if value == 0:\n        return 0\n{chain}    return -1\n'
    assert findings(flat, "CQ108") == []


def test_parameter_count_skips_self_counts_star_args_and_is_gentler_on_keyword_only():
    positional = '''
        class Api:
            """Api."""
            def call(self, a: int, b: int, c: int, d: int, e: int, f: int, *rest: int) -> None:
                """Call."""
    '''
    [finding] = findings(positional, "CQ110")
    assert finding.details == {"value": 7, "limit": 6} and finding.severity == "suggestion"
    keyword = '''
        def plot(data: list[float], *, title: str = "", color: str = "k", width: int = 1,
                 height: int = 1, grid: bool = False, legend: bool = False) -> None:
            """Plot."""
    '''
    [gentle] = findings(keyword, "CQ110")
    assert gentle.confidence.relevance < finding.confidence.relevance
    assert findings(positional, "CQ110", {"max_parameters": 7}) == []
    assert findings('def f(a: int, b: int, c: int, d: int, e: int, f: int) -> None:\n    """Doc."""\n', "CQ110") == []


def test_except_star_handlers_are_decisions_too():
    # radon 6 does not count `except*` handlers; codeeval counts them like `except` handlers.
    metrics = metrics_of("""
        def run(jobs: list) -> None:
            try:
                start(jobs)
            except* ValueError:
                retry(jobs)
            except* OSError:
                pass
    """)
    assert metrics["run"].complexity == 3 and metrics["run"].branches == 2 and metrics["run"].cognitive == 2
