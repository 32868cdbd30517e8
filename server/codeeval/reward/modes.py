"""A reward's value in each mode, and the test counts and reason that go with it.

`score` is the evaluation's 0-100 score / 100. `fraction` and `binary` read the correctness dimension
alone: for data with tests and no reference, correctness is the only dimension that says whether the
program solves the problem (docs/reward.md#reward-modes).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..base.catalog import CORRECTNESS
from ..results.case_details import CaseVerdict, CorrectnessDetails, LoadFailureDetails
from ..results.result import EvaluationResult
from .items import RewardMode

SHOWN_FAILURE_CHARS = 200  # of the first failing test's output or message, in the reason


@dataclass(frozen=True)
class TestTally:
    """How a sample's tests came out: passed of run, each failing verdict counted, the first failure."""

    __test__ = False  # not a pytest test class, despite its name

    passed: int
    run: int  # the tests the sample was given (after a cap); those skipped after a failure count as failed
    verdicts: dict[str, int]  # failing verdict -> how many
    first_failure: str = ""  # "tests[3]: timeout: no result within 2 s"

    @property
    def all_passed(self) -> bool:
        return self.run > 0 and self.passed == self.run

    def describe(self) -> str:
        """`3/5 tests passed (1 timeout, 1 wrong_answer); first failure tests[2]: ...`"""
        text = f"{self.passed}/{self.run} tests passed"
        if self.verdicts:
            text += " (" + ", ".join(f"{count} {verdict}" for verdict, count in self.verdicts.items()) + ")"
        if self.first_failure:
            text += f"; first failure {self.first_failure}"
        return text


def tally(result: EvaluationResult, tests: int) -> TestTally | None:
    """The correctness dimension's counts; None when it did not run (skipped, or not a kind with tests).
    `tests`: how many tests the problem gave this sample (a solution that does not load runs none)."""
    correctness = result.dimensions.get(CORRECTNESS.name)
    if correctness is None:
        return None
    details = correctness.details
    if isinstance(details, LoadFailureDetails):
        return TestTally(0, tests, {"not_loaded": tests} if tests else {}, f"(none ran): {details.load_error}")
    if not isinstance(details, CorrectnessDetails):
        return None
    verdicts = Counter(str(case.verdict) for case in details.cases if not case.passed)
    first = next((case for case in details.cases if case.verdict is not CaseVerdict.SKIPPED), None)
    first_failure = ""
    if first is not None:
        shown = first.actual.removeprefix(f"{first.verdict}: ")  # a time-out's message starts with its verdict
        shown = shown if len(shown) <= SHOWN_FAILURE_CHARS else shown[:SHOWN_FAILURE_CHARS] + "..."
        first_failure = f"{first.case}: {first.verdict}" + (f": {shown}" if shown else "")
    return TestTally(details.passed, details.total, dict(verdicts), first_failure)


def reward_value(mode: RewardMode, result: EvaluationResult, counts: TestTally | None) -> float | None:
    """The reward in [0, 1]; None when the mode needs test counts the result does not have."""
    if mode is RewardMode.SCORE:
        return result.score / 100.0
    if counts is None:
        return None
    if mode is RewardMode.BINARY:
        return 1.0 if counts.all_passed else 0.0
    return counts.passed / counts.run if counts.run else 0.0
