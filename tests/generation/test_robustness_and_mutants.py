"""Robustness without a problem (the language server's use), and mechanical mutants (the benchmark's)."""

from codeeval.generation import check_robustness, robustness_cases
from codeeval.generation.mutants import mutants
from codeeval.sandbox import Limits

SOURCE = '''
def first(xs: list[int]) -> int:
    """The first item."""
    return xs[0]


def checked(n: int) -> int:
    if n < 0:
        raise ValueError("negative")
    return n * 2


def ratio(a: int, b: int) -> float:
    return a / b


def untyped(x):
    return x


def _private(x: int) -> int:
    return 1 // x
'''


def test_robustness_cases_come_from_hints_alone_and_run_nothing():
    targets = {t.function: t for t in robustness_cases(SOURCE, max_examples=20)}
    assert set(targets) == {"first", "checked", "ratio", "untyped"}
    assert len(targets["first"].cases) == 20 and targets["first"].cases[0].args == [[]]
    assert "no type hint" in targets["untyped"].reason and not targets["untyped"].cases
    again = robustness_cases(SOURCE, "ratio", max_examples=20)
    assert [c.args for c in again[0].cases] == [c.args for c in targets["ratio"].cases]  # deterministic
    assert robustness_cases(SOURCE, "nope")[0].reason == "no public module-level function named 'nope'"


def test_check_robustness_reports_crashes_not_deliberate_raises():
    findings, targets = check_robustness(SOURCE, max_examples=30, limits=Limits(time_per_call_s=1.0))
    by_function = {f.function: f for f in findings}
    assert set(by_function) == {"first", "ratio"}  # checked() raises ValueError on purpose
    assert by_function["first"].input == "first([])" and by_function["first"].exc_type == "IndexError"
    assert by_function["first"].line == 4
    assert by_function["ratio"].input == "ratio(0, 0)" and by_function["ratio"].exc_type == "ZeroDivisionError"
    assert "ratio(0, 0)" in by_function["ratio"].pytest and "assert" not in by_function["ratio"].pytest
    assert {t.function for t in targets if t.cases} == {"first", "checked", "ratio"}


def test_robustness_builds_dataclass_arguments_with_the_files_own_class():
    source = (
        "from dataclasses import dataclass\n\n\n@dataclass\nclass Box:\n    items: list[int]\n\n\n"
        "def heaviest(box: Box) -> int:\n    return max(box.items)\n"
    )
    findings, _ = check_robustness(source, max_examples=15, limits=Limits(time_per_call_s=1.0))
    assert [f.input for f in findings] == ["heaviest(Box(items=[]))"] and findings[0].exc_type == "ValueError"
    assert "from solution import Box, heaviest" in findings[0].pytest


def test_mutants_are_deterministic_single_changes_that_compile():
    source = (
        'def clip(xs, hi):\n    """Clip."""\n    if not xs:\n        return []\n'
        "    return [min(x, hi) for x in xs if x >= 0 and x < 100]\n"
    )
    found = mutants(source)
    operators = {m.operator for m in found}
    assert {"compare", "constant", "boolean", "drop_guard", "negate", "min_max"} <= operators
    assert [m.source for m in found] == [m.source for m in mutants(source)]
    assert all('"""Clip."""' in m.source for m in found)  # docstrings untouched
    assert len({m.source for m in found}) == len(found)
    for m in found:
        compile(m.source, "mutant", "exec")
    assert len(mutants(source, limit=3, seed="x")) == 3
