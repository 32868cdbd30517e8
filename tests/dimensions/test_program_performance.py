"""A stdin/stdout program's performance: the candidate against the reference program on the largest tests,
through the real loader, the real sandbox and the real timing and counting protocols.

Differences are large on purpose (a quadratic loop in Python against a linear one, 50x and more at the largest
test), so no assertion depends on how busy the machine is.
"""

from __future__ import annotations

import json
import random

import pytest

from codeeval.dimensions.program_performance import CLASS_POINTS, NO_REFERENCE, largest_tests
from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.problem import load_problem
from codeeval.problem.definition import Case
from codeeval.report import to_markdown
from codeeval.results.performance_details import PerformanceDetails
from codeeval.results.result import DimensionResult

ONLY_PERFORMANCE = ("correctness", "edge_cases", "code_quality")

REFERENCE = """\
import sys
data = sys.stdin.read().split()
best, running = None, 0
for token in data[1:]:
    running += int(token)
    if best is None or running > best:
        best = running
print(best)
"""

# The same answers, as a function (faster locals): at least as fast as the reference.
LINEAR = """\
import sys


def main():
    numbers = [int(token) for token in sys.stdin.read().split()[1:]]
    best, running = numbers[0], 0
    for number in numbers:
        running += number
        if running > best:
            best = running
    print(best)


main()
"""

# Every prefix summed again from the start, in Python: quadratic, and visible to instruction counts too.
QUADRATIC = """\
import sys

numbers = [int(token) for token in sys.stdin.read().split()[1:]]
best = None
for end in range(len(numbers)):
    total = 0
    for index in range(end + 1):
        total += numbers[index]
    if best is None or total > best:
        best = total
print(best)
"""

WRONG = QUADRATIC.replace("print(best)", "print(best + 1)")


def max_prefix_test(count: int, seed: int) -> tuple[str, str]:
    rng = random.Random(seed)
    numbers = [rng.randint(-1000, 1000) for _ in range(count)]
    best, running = numbers[0], 0
    for number in numbers:
        running += number
        best = max(best, running)
    return f"{count}\n{' '.join(map(str, numbers))}\n", f"{best}\n"


def problem_yaml(counts: tuple[int, ...], reference: str | None = REFERENCE) -> str:
    lines = ["name: max_prefix", "kind: program", "summary: The largest prefix sum of a list of integers."]
    if reference is not None:
        lines += ["reference: |"] + [f"  {line}" for line in reference.splitlines()]
    lines.append("tests:")
    for index, count in enumerate(counts):
        stdin, stdout = max_prefix_test(count, index)
        lines += [f"  - name: n{count}", f"    input: {json.dumps(stdin)}", f"    output: {json.dumps(stdout)}"]
    lines.append("limits: {time_per_test_s: 2}")
    return "\n".join(lines) + "\n"


# Three tests of sizes at least 1.5x apart are timed (120, 240, 500 numbers); 360 is within 1.5x of 500, and 3 is
# not among the largest. The quadratic candidate's largest run adds about 125,000 numbers.
COUNTS = (3, 120, 240, 360, 500)


@pytest.fixture
def problem_path(write_problem):
    return write_problem(problem_yaml(COUNTS), "max_prefix.yaml")


def performance_of(problem_path, source: str, **options) -> DimensionResult:
    result = evaluate(
        "solution.py", problem_path, source=source, options=EvaluationOptions(skip=ONLY_PERFORMANCE, **options)
    )
    return result.dimensions["performance"]


def details_of(result: DimensionResult) -> PerformanceDetails:
    assert isinstance(result.details, PerformanceDetails)
    return result.details


def test_the_largest_tests_of_clearly_different_sizes_are_timed_smallest_first(problem_path):
    problem = load_problem(problem_path)
    picked = largest_tests(problem.tests)
    assert [test.name for test in picked] == ["n120", "n240", "n500"]  # n360 is within 1.5x of n500
    assert [test.n for test in picked] == sorted(len(str(t.case.args[0]).encode()) for t in picked)
    assert len(picked) == CLASS_POINTS


def test_sizes_too_close_to_fit_a_class_and_empty_inputs_are_left_out():
    tests = [Case(args=[stdin], expected="", stdin=True) for stdin in ("", "x" * 100, "x" * 90, "x" * 60)]
    picked = largest_tests(tests)
    assert [(test.name, test.n) for test in picked] == [("#4", 60), ("#2", 100)]


def test_a_quadratic_candidate_loses_points_to_a_linear_reference_with_a_rationale(problem_path):
    result = performance_of(problem_path, QUADRATIC)
    details = details_of(result)
    assert [size.test for size in details.sizes] == ["n120", "n240", "n500"]
    assert details.complexity is not None and details.complexity.worse
    assert details.complexity.candidate == "O(n^2)" and details.complexity.reference == "O(n)"
    assert details.ratio is not None and details.ratio > 10 and result.score is not None and result.score < 50
    assert "worse complexity class: O(n^2) against the reference's O(n)" in result.rationale[0]
    report = to_markdown_of(problem_path, QUADRATIC)
    assert "| n (input bytes) | test |" in report and "| n500 |" in report
    assert "slower than the reference at n=" in report and "input bytes, test n500 (95% interval" in report


def to_markdown_of(problem_path, source: str) -> str:
    return to_markdown(evaluate("solution.py", problem_path, source=source, skip=ONLY_PERFORMANCE))


def test_an_equally_fast_candidate_keeps_full_marks(problem_path):
    result = performance_of(problem_path, LINEAR)
    details = details_of(result)
    assert result.score == 100 and result.rationale == []
    assert details.complexity is not None and not details.complexity.worse
    assert details.ratio is not None and details.ratio < 1.25
    assert details.to_dict()["sizes"][-1]["test"] == "n500"  # the JSON names each size's test


def test_deterministic_mode_counts_instructions_and_finds_the_same_class(problem_path):
    linear = details_of(performance_of(problem_path, LINEAR, deterministic=True))
    quadratic_result = performance_of(problem_path, QUADRATIC, deterministic=True)
    quadratic = details_of(quadratic_result)
    assert linear.deterministic and linear.ratio is not None and linear.ratio < 1.25
    assert [size.candidate_s for size in quadratic.sizes] == [None, None, None]  # counted, not timed
    assert all(size.candidate_instructions for size in quadratic.sizes)
    assert quadratic.complexity is not None and quadratic.complexity.candidate == "O(n^2)"
    assert quadratic.complexity.worse and quadratic_result.score is not None and quadratic_result.score < 50
    again = details_of(performance_of(problem_path, QUADRATIC, deterministic=True))
    assert [s.candidate_instructions for s in again.sizes] == [s.candidate_instructions for s in quadratic.sizes]


def test_a_wrong_candidate_is_not_timed(problem_path):
    result = performance_of(problem_path, WRONG)
    details = details_of(result)
    assert result.score == 0
    [size] = details.sizes  # measuring stops at the first test it fails
    assert size.test == "n120" and size.pairs == 0 and size.candidate_s is None
    assert "not accepted" in size.failure and "a wrong answer's speed is not measured" in size.failure
    assert "line 1" in size.failure  # the checker's first difference


def test_without_a_reference_program_performance_does_not_apply(write_problem):
    path = write_problem(problem_yaml(COUNTS, reference=None), "no_reference.yaml")
    result = performance_of(path, LINEAR)
    assert not result.applicable and result.reason == NO_REFERENCE


def test_tests_too_close_in_size_are_timed_but_no_class_is_fitted(write_problem):
    path = write_problem(problem_yaml((400, 450, 500)), "close.yaml")
    result = performance_of(path, LINEAR)
    details = details_of(result)
    assert [size.test for size in details.sizes] == ["n500"]
    assert result.score == 100 and "complexity not fitted: only 1 test(s)" in result.summary
    report = to_markdown(evaluate("solution.py", path, source=LINEAR, skip=ONLY_PERFORMANCE))
    assert "not fitted (fewer than three tests with clearly different input sizes timed)" in report
