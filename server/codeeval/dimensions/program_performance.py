"""Performance of a stdin/stdout program: the candidate against the reference program on the problem's largest tests.

The measuring is the function problems' (dimensions/performance/): paired, interleaved CPU timings (or
instruction counts in deterministic mode), the same statistics, class fit and verdict. Only the inputs differ:
not an input expression built at chosen sizes, but the problem's own tests. Up to three are timed, picked by
input size from the largest down, each picked one at least SPACING times the size of the next; `n` is a test's
input length in bytes (UTF-8: what the script reads). Three such sizes span at least 2.25x, enough for the class
fit; with fewer the class is not fitted and the summary says why. Both answers at each test are judged by the
problem's checker against the test's expected output: a candidate whose answer is rejected is not timed (a wrong
answer's speed is not measured), and a reference whose answer is rejected stops the measuring there.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ..base.catalog import PERFORMANCE
from ..judging.case_runner import Deadline
from ..judging.output_checkers import check_output
from ..judging.program_judge import program_answer
from ..problem.definition import Case, PerformanceSpec, Problem
from ..problem.inputs import BuiltInput
from ..problem.program_definition import Checker, CheckerSpec
from ..results.result import DimensionResult
from ..sandbox import Session
from . import performance
from .performance.budget import Settings
from .performance.input_source import InputSource

MAX_SIZES = 3
SPACING = 1.5  # each test picked has at least 1.5x the input bytes of the next smaller one picked
CLASS_POINTS = 3  # sizes the complexity fit needs
TESTS_INPUT = "the program's largest tests"  # the spec's `input`: there is no expression to build from
NO_REFERENCE = "the problem has no reference program to time against"
CUSTOM_CHECKER = (
    "the problem's checker is custom (run in the sandbox), and timed answers are judged in the evaluator: "
    "not measured yet"
)
NO_INPUT = "no test gives the program any input to time it on"


@dataclass(frozen=True)
class TimedTest:
    """A test chosen for timing: its input's size in bytes (its `n`), the test, and its name."""

    n: int
    case: Case
    name: str


def input_bytes(case: Case) -> int:
    return len(str(case.args[0]).encode("utf-8", "surrogateescape"))


def largest_tests(tests: Sequence[Case]) -> list[TimedTest]:
    """Up to MAX_SIZES tests, smallest first: the largest input, then each time the largest input at most
    1/SPACING of the last one picked (the first such test in the file when several have its size)."""
    by_size = sorted(
        ((input_bytes(case), index, case) for index, case in enumerate(tests)), key=lambda t: (-t[0], t[1])
    )
    picked: list[TimedTest] = []
    for size, index, case in by_size:
        if size == 0 or len(picked) == MAX_SIZES:
            break  # an empty input times nothing but the run's fixed cost
        if not picked or size * SPACING <= picked[-1].n:
            picked.append(TimedTest(size, case, case.label(index)))
    return picked[::-1]


def _answer(value: Any) -> tuple[str, str]:
    """(stdout, "") for a run that finished with exit status 0, else ("", what went wrong instead)."""
    answer = program_answer(value)
    if answer is None:
        return "", "gave no output to judge"
    output, status = answer
    return (output, "") if status == 0 else ("", f"exited with status {status}")


class ProgramTests(InputSource):
    """The problem's largest tests, each one input (a program's run does not vary between calls)."""

    def __init__(self, tests: list[TimedTest], checker: CheckerSpec):
        self.tests = {test.n: test for test in tests}
        self.checker = checker
        # A function problem's defaults: 10 pairs at the largest size, a tolerance of 1.25x.
        self.spec = PerformanceSpec(sizes=[test.n for test in tests], input=TESTS_INPUT)
        digests = (hashlib.sha256(str(t.case.args[0]).encode("utf-8", "surrogateescape")).hexdigest() for t in tests)
        self._key = ("program tests", tuple(digests))

    @property
    def key(self) -> Hashable:
        return self._key

    def build(self, n: int, variant: int) -> BuiltInput:
        return BuiltInput(args=[self.tests[n].case.args[0]], kwargs={})

    def test_name(self, n: int) -> str | None:
        return self.tests[n].name

    def _judged(self, who: str, n: int, answer: Any) -> str | None:
        test = self.tests[n]
        output, failed = _answer(answer)
        if failed:
            return f"{who} {failed} on test {test.name}"
        difference = check_output(self.checker, str(test.case.expected), output)
        if difference is None:
            return None
        return f"{who}'s output for test {test.name} is not accepted ({difference.sentence()})"

    def rejection(self, n: int, answer: Any, reference: Any, args: Sequence[Any] | None) -> str | None:
        return self._judged("the candidate", n, answer)

    def reference_rejection(self, n: int, answer: Any) -> str | None:
        return self._judged("the reference", n, answer)


def not_applicable_reason(problem: Problem) -> str | None:
    """Why a program problem's performance cannot be measured, or None when it can."""
    if not problem.reference:
        return NO_REFERENCE
    if problem.program is not None and problem.program.checker.kind is Checker.CUSTOM:
        return CUSTOM_CHECKER
    if not largest_tests(problem.tests):
        return NO_INPUT
    return None


def class_not_fitted(sizes: int) -> str:
    return (
        f"complexity not fitted: only {sizes} test(s) with inputs at least {SPACING:g}x apart in size "
        f"(a class needs {CLASS_POINTS})"
    )


def evaluate(
    problem: Problem, candidate: Session, deadline: Deadline | None = None, settings: Settings | None = None
) -> DimensionResult:
    """The candidate against the reference program on the largest tests (see the module's docstring)."""
    reason = not_applicable_reason(problem)
    if reason is not None or problem.program is None:
        return DimensionResult.not_applicable(PERFORMANCE.name, reason or "not a program problem")
    tests = largest_tests(problem.tests)
    source = ProgramTests(tests, problem.program.checker)
    result = performance.evaluate_against_reference(problem, candidate, deadline, settings, source)
    if result.applicable and len(tests) < CLASS_POINTS:
        result.summary = "; ".join(part for part in (result.summary, class_not_fitted(len(tests))) if part)
    return result
