"""Program edge cases end to end: the tests' inputs changed, the reference's output expected, a real sandbox."""

from __future__ import annotations

import pytest

from codeeval.engine.evaluator import evaluate
from codeeval.generation.program_inputs import Mutation, mutated_inputs
from codeeval.problem.io_problems import StdinTest, stdin_problem
from codeeval.report import to_markdown
from codeeval.results.edge_case_details import EdgeCaseDetails

MAXIMUM = """\
n = int(input())
values = list(map(int, input().split()))
print(max(values))
"""

LAST_IS_LARGEST = """\
n = int(input())
values = list(map(int, input().split()))
print(values[-1])
"""

NEEDS_TWO = """\
n = int(input())
values = list(map(int, input().split()))
print(max(values[0], values[1], *values[2:]))
"""

# Each test's largest value comes last, as a careless program assumes; the tests are not sorted.
TESTS = [StdinTest("3\n2 1 5\n", "5\n"), StdinTest("4\n0 -3 2 7\n", "7\n"), StdinTest("2\n4 9\n", "9\n")]


def maximum_problem(reference: str | None = MAXIMUM):
    return stdin_problem("maximum", TESTS, summary="Print the largest of N numbers.", reference=reference)


def edge_result(source: str, reference: str | None = MAXIMUM):
    return evaluate("solution.py", maximum_problem(reference), source=source, skip=("performance", "code_quality"))


def test_mutations_keep_the_layout_and_what_every_test_shares() -> None:
    made = mutated_inputs(["3\n2 1 5\n", "4\n0 -3 7 7\n"])  # a repeat: values may be equal
    by_kind: dict[Mutation, str] = {}
    for mutant in made:  # the first of each kind: made from the smallest test
        by_kind.setdefault(mutant.mutation, mutant.text)
    assert by_kind[Mutation.REVERSED] == "3\n5 1 2\n"
    assert by_kind[Mutation.SINGLE] == "1\n2\n"  # the count follows the array it counts
    assert by_kind[Mutation.ALL_LARGEST] == "3\n7 7 7\n"  # the largest value any test uses
    assert all(text not in ("3\n2 1 5\n", "4\n0 -3 7 7\n") for text in by_kind.values())
    # Sorted in every test and distinct in every test: no generated input unsorts or repeats them.
    kept = mutated_inputs(["3\n1 2 5\n", "4\n1 3 8 9\n"])
    assert {m.mutation for m in kept} == {Mutation.SINGLE, Mutation.RANDOM_VALUES}
    for mutant in kept:
        values = [int(v) for v in mutant.text.split("\n")[1].split()]
        assert values == sorted(set(values))
        assert min(values) >= 1 and max(values) <= 9
    # Pairs that happen to look like a count and an array are not read as one.
    assert mutated_inputs(["1 2\n3 4\n5 6\n"]) == []


def test_a_program_passing_its_tests_but_not_reordered_inputs_loses_edge_case_points() -> None:
    result = edge_result(LAST_IS_LARGEST)
    assert result.dimensions["correctness"].score == 100.0  # every test has its largest value last
    edge = result.dimensions["edge_cases"]
    assert edge.score is not None and edge.score < 70
    assert isinstance(edge.details, EdgeCaseDetails)
    kinds = {finding.kind for finding in edge.details.findings}
    assert "reversed" in kinds and "sorted" not in kinds
    assert any("reversed" in line and "expected" in line for line in edge.rationale)
    assert "reversed" in to_markdown(result)


def test_a_crash_on_one_element_is_found_and_a_correct_program_keeps_every_point() -> None:
    crashing = edge_result(NEEDS_TWO).dimensions["edge_cases"]
    assert isinstance(crashing.details, EdgeCaseDetails)
    assert [f.kind for f in crashing.details.findings] == ["a single element"]
    assert crashing.details.findings[0].verdict == "runtime_error"
    correct = edge_result(MAXIMUM.replace("max(values)", "sorted(values)[-1]")).dimensions["edge_cases"]
    assert correct.score == 100.0
    assert isinstance(correct.details, EdgeCaseDetails) and correct.details.total >= 6


@pytest.mark.parametrize("reference", [None])
def test_without_a_reference_edge_cases_say_why_they_do_not_apply(reference: str | None) -> None:
    edge = edge_result(MAXIMUM, reference).dimensions["edge_cases"]
    assert edge.score is None
    assert "no reference program" in edge.summary
