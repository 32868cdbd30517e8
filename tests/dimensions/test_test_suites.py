"""Test suites (`test_suite:`) as a function problem's tests: the real loader, the real sandbox, each test a case."""

from __future__ import annotations

import textwrap

import pytest

from codeeval.base.errors import ProblemErrors
from codeeval.engine.evaluator import evaluate
from codeeval.engine.validation import validate_problem
from codeeval.problem import load_problem
from codeeval.report import to_markdown
from codeeval.results.case_details import CaseVerdict, CorrectnessDetails
from codeeval.results.result import EvaluationResult

GOOD = "def task_func(a, b):\n    return a + b\n"

UNITTEST_SUITE = """\
import os
import unittest


class TestCases(unittest.TestCase):
    def test_adds(self):
        self.assertEqual(task_func(1, 2), 3)

    def test_wrong_on_purpose(self):
        self.assertEqual(task_func(2, 2), 5, "two and two")

    def test_error(self):
        task_func(1, None)

    @unittest.skip("not today")
    def test_skipped(self):
        pass

    def test_writes_a_file(self):
        assert not os.path.exists("left_behind.txt"), "a file from another task is visible"
        with open("left_behind.txt", "w") as handle:
            handle.write("x")

    def test_hangs(self):
        while True:
            pass

    def test_after_the_hang(self):
        from solution import task_func as imported

        self.assertEqual(imported(5, 5), 10)
"""

PYTEST_SUITE = """\
def test_adds():
    assert task_func(1, 2) == 3


def test_bare_assert():
    assert task_func(2, 2) == 5


def test_tmp_path(tmp_path):
    (tmp_path / "a.txt").write_text("hi")
    assert (tmp_path / "a.txt").read_text() == "hi"
"""


def problem_text(suite: str, reference: str = GOOD, extra: str = "", long_form: str = "") -> str:
    head = f"name: add\nsummary: adds two numbers\nentry_point: task_func\n{extra}"
    if reference:
        head += "reference: |\n" + textwrap.indent(reference, "  ")
    if long_form:
        return head + "test_suite:\n  source: |\n" + textwrap.indent(suite, "    ") + long_form
    return head + "test_suite: |\n" + textwrap.indent(suite, "  ")


def run(path, source: str = GOOD) -> EvaluationResult:
    return evaluate("solution.py", path, source=source, skip=("code_quality", "edge_cases", "performance"))


def failures(result: EvaluationResult) -> dict[str, tuple[CaseVerdict, str, str]]:
    details = result.dimensions["correctness"].details
    assert isinstance(details, CorrectnessDetails)
    return {case.case: (case.verdict, case.actual, case.traceback or "") for case in details.cases}


@pytest.fixture
def unittest_problem(tmp_path):
    path = tmp_path / "suite.yaml"
    timing = "  time_per_test_s: 1.5\n  time_per_task_s: 60\n"
    path.write_text(problem_text(UNITTEST_SUITE, long_form=timing), encoding="utf-8")
    return path


def test_each_unittest_method_is_a_case_with_its_own_verdict(unittest_problem):
    result = run(unittest_problem)
    correctness = result.dimensions["correctness"]
    found = failures(result)
    assert set(found) == {
        "TestCases.test_wrong_on_purpose",
        "TestCases.test_error",
        "TestCases.test_hangs",
        "TestCases.test_skipped",  # listed with its reason, counted neither way
    }
    assert found["TestCases.test_skipped"][:2] == (CaseVerdict.SKIPPED, "not today")
    verdict, message, trace = found["TestCases.test_wrong_on_purpose"]
    assert verdict is CaseVerdict.FAILED and message == "4 != 5 : two and two"
    assert 'File "test_suite.py"' in trace and "self.assertEqual(task_func(2, 2), 5" in trace
    verdict, message, trace = found["TestCases.test_error"]
    assert verdict is CaseVerdict.ERROR and message.startswith("TypeError: unsupported operand")
    assert 'File "solution.py", line 2, in task_func' in trace  # the solution's frame, not the runner's
    assert found["TestCases.test_hangs"][0] is CaseVerdict.TIMEOUT
    # 7 tests, one skipped (counted neither way): 3 of the 6 others pass, the one after the hang among them.
    assert correctness.summary == "3/6 tests passed (3/6 suite tests; 1 skipped)"
    assert correctness.score == pytest.approx(50.0)
    assert correctness.details.tiers == {"base": correctness.details.tiers["base"]}
    assert not correctness.details.tiers["base"].all_passed
    markdown = to_markdown(result)
    assert "### Tests of the test suite that did not pass" in markdown and "4 != 5 : two and two" in markdown


def test_a_file_written_by_one_task_is_not_seen_by_the_next(unittest_problem):
    for _ in range(2):  # the second run would fail test_writes_a_file if the first one's file were visible
        assert "TestCases.test_writes_a_file" not in failures(run(unittest_problem))


def test_pytest_style_functions_with_plain_asserts_and_tmp_path(write_problem):
    path = write_problem(problem_text(PYTEST_SUITE))
    result = run(path)
    assert failures(result) == {
        "test_bare_assert": (
            CaseVerdict.FAILED,
            "assert task_func(2, 2) == 5",
            failures(result)["test_bare_assert"][2],
        )
    }
    assert result.dimensions["correctness"].summary == "2/3 tests passed (2/3 suite tests)"


def test_a_suite_beside_tests_counts_both_and_pass_at_k_needs_all(write_problem):
    tests = "tests:\n  - args: [1, 1]\n    expected: 2\n  - args: [1, 2]\n    expected: 4\n"
    result = run(write_problem(problem_text(PYTEST_SUITE, extra=tests)))
    correctness = result.dimensions["correctness"]
    assert correctness.summary == "3/5 tests passed (1/2 tests, 2/3 suite tests)"
    assert correctness.details.tiers["base"].passed == 3 and correctness.details.tiers["base"].total == 5


def test_a_suite_that_does_not_parse_is_an_error_at_its_line(write_problem):
    broken = "import unittest\n\nclass TestCases(unittest.TestCase):\n    def test_one(self)\n        pass\n"
    path = write_problem(problem_text(broken))
    with pytest.raises(ProblemErrors) as raised:
        load_problem(path)
    # name, summary, entry_point, reference (3 lines), `test_suite: |`: the suite's 4th line is the file's 11th
    assert raised.value.errors[0].line == 11
    assert "test_suite: syntax error" in raised.value.errors[0].message


def test_a_suite_whose_import_fails_makes_every_test_an_error_with_the_reason(write_problem):
    suite = "import no_such_module_here\n\n\ndef test_one():\n    pass\n\n\ndef test_two():\n    pass\n"
    result = run(write_problem(problem_text(suite)))
    found = failures(result)
    assert set(found) == {"test_one", "test_two"}
    for verdict, message, _ in found.values():
        assert verdict is CaseVerdict.ERROR
        assert "the test suite raised while loading: ModuleNotFoundError" in message
    assert result.dimensions["correctness"].score == 0.0


def test_patching_unittest_from_the_solution_does_not_turn_a_failure_into_a_pass(write_problem):
    suite = (
        "import unittest\n\n\nclass TestCases(unittest.TestCase):\n"
        "    def test_wrong(self):\n        self.assertEqual(task_func(2, 2), 5)\n"
    )
    at_import = "import unittest\nunittest.TestCase.assertEqual = lambda *a, **k: None\n" + GOOD
    during_call = (
        "import unittest\n\n\ndef task_func(a, b):\n"
        "    unittest.TestCase.assertEqual = lambda *a, **k: None\n    return a + b\n"
    )
    path = write_problem(problem_text(suite))
    assert failures(run(path, at_import))["TestCases.test_wrong"][0] is CaseVerdict.FAILED
    verdict, message, _ = failures(run(path, during_call))["TestCases.test_wrong"]
    assert verdict is CaseVerdict.ERROR and "tampered with" in message and "TestCase.assertEqual" in message


def test_validate_runs_the_reference_against_the_suite(write_problem):
    assert (
        validate_problem(load_problem(write_problem(problem_text(PYTEST_SUITE.split("\n\n\ndef test_bare")[0])))) == []
    )
    errors = validate_problem(load_problem(write_problem(problem_text(PYTEST_SUITE), "failing.yaml")))
    assert [error.message for error in errors] == [
        "test_suite: the reference fails test_bare_assert: failed: assert task_func(2, 2) == 5"
    ]
    assert errors[0].line == 12  # `def test_bare_assert` in the file


def test_a_problem_needs_tests_or_a_suite(write_problem):
    with pytest.raises(ProblemErrors) as raised:
        load_problem(write_problem("name: x\nsummary: y\nentry_point: f\n"))
    assert "tests: missing (give `tests`, `test_suite` or both)" in raised.value.errors[0].message
