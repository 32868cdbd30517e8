"""Running cases in a session and judging each outcome in the evaluator.

Shared by the correctness and edge-case dimensions: both send inputs only,
and compare what comes back against expectations the worker never saw.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..base.display import short_repr
from ..problem.definition import MISSING, Case, Compare
from ..results.case_details import CaseRecord, CaseVerdict
from ..sandbox import CallInput, CallOutcome, CallStatus, Session
from .compare import exception_matches, outputs_match


@dataclass
class Expectation:
    """What a case should do: return `value`, or raise `raises`."""

    value: Any = MISSING
    raises: str | None = None

    @classmethod
    def of(cls, case: Case) -> Expectation:
        return cls(value=case.expected, raises=case.raises)

    def text(self) -> str:
        return f"raises {self.raises}" if self.raises else short_repr(self.value)


@dataclass
class CaseResult:
    case: Case
    index: int
    passed: bool
    verdict: CaseVerdict
    expected: str  # what the reports show: written for a failing case only
    actual: str
    traceback: str = ""
    duration_s: float | None = None

    def record(self, entry_point: str) -> CaseRecord:
        """The case as the reports show it."""
        return CaseRecord(
            case=self.case.label(self.index),
            input=self.case.input_text(entry_point),
            passed=self.passed,
            verdict=self.verdict,
            expected=self.expected,
            actual=self.actual,
            origin=self.case.origin,
            line=self.case.line,
            traceback=self.traceback or None,
        )


def judge(
    outcome: CallOutcome, expectation: Expectation, compare: Compare, args: Sequence[Any] = ()
) -> tuple[bool, CaseVerdict]:
    """(passed, verdict) for one outcome against one expectation (`args`: the call's, for `root` mode)."""
    if expectation.raises is not None:
        if outcome.status == CallStatus.RAISED:
            if exception_matches(expectation.raises, outcome.exc_type, outcome.exc_mro):
                return True, CaseVerdict.PASSED
            return False, CaseVerdict.WRONG_EXCEPTION
        if outcome.status == CallStatus.RETURNED:
            return False, CaseVerdict.NO_EXCEPTION
        return False, failed_call(outcome.status)
    if outcome.status == CallStatus.RETURNED:
        matched = outputs_match(outcome.value, expectation.value, compare, args)
        return (True, CaseVerdict.PASSED) if matched else (False, CaseVerdict.WRONG_OUTPUT)
    return False, failed_call(outcome.status)


def failed_call(status: CallStatus) -> CaseVerdict:
    """The verdict on a call that did not return: its status's word (ValueError for RETURNED)."""
    return CaseVerdict(status.value)


def run_case(
    session: Session, case: Case, index: int, expectation: Expectation, compare: Compare, timeout: float | None = None
) -> CaseResult:
    outcome = session.call(case.args, case.kwargs, case.call_triples(), timeout=timeout)
    return judged(outcome, case, index, expectation, compare)


def call_input(case: Case, timeout: float | None = None) -> CallInput:
    """A case as one call of a batch (Session.call_each)."""
    return CallInput(case.args, case.kwargs, case.call_triples(), timeout)


def judged(outcome: CallOutcome, case: Case, index: int, expectation: Expectation, compare: Compare) -> CaseResult:
    """The result of one case's outcome. The texts are written for a failure only: a passing case is never shown,
    and writing a benchmark's big outputs (a million numbers) costs more than running the call."""
    passed, verdict = judge(outcome, expectation, compare, case.args)
    if passed:
        return CaseResult(
            case=case, index=index, passed=True, verdict=verdict, expected="", actual="", duration_s=outcome.duration_s
        )
    return CaseResult(
        case=case,
        index=index,
        passed=False,
        verdict=verdict,
        expected=expectation.text(),
        actual=outcome.describe(),
        traceback=outcome.traceback,
        duration_s=outcome.duration_s,
    )


def skipped(case: Case, index: int, expectation: Expectation, reason: str) -> CaseResult:
    """A case not run because the evaluation's time budget ran out: it counts as failed."""
    return CaseResult(
        case=case,
        index=index,
        passed=False,
        verdict=CaseVerdict.SKIPPED,
        expected=expectation.text(),
        actual=f"not run: {reason}",
    )


class Deadline:
    """The evaluation's overall time budget, shared by every dimension that runs code."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def remaining(self) -> float:
        return self.end - time.monotonic()

    @property
    def expired(self) -> bool:
        return self.remaining() <= 0


VERDICT_TEXT = {
    CaseVerdict.WRONG_OUTPUT: "wrong output",
    CaseVerdict.WRONG_EXCEPTION: "raised the wrong exception",
    CaseVerdict.NO_EXCEPTION: "returned instead of raising",
    CaseVerdict.RAISED: "raised an exception",
    CaseVerdict.TIMEOUT: "timed out",
    CaseVerdict.CRASHED: "crashed the worker",
    CaseVerdict.UNENCODABLE: "returned a value that cannot be compared",
    CaseVerdict.NOT_LOADED: "solution did not load",
    CaseVerdict.SKIPPED: "not run (time budget exhausted)",
    CaseVerdict.ERROR: "harness error",
    CaseVerdict.WRONG_ANSWER: "wrong answer",
    CaseVerdict.RUNTIME_ERROR: "runtime error",
    CaseVerdict.MEMORY_LIMIT: "memory limit exceeded",
    CaseVerdict.OUTPUT_LIMIT: "output limit exceeded",
    CaseVerdict.CHECKER_ERROR: "not judged: the problem's checker failed (the problem's fault, not the solution's)",
    CaseVerdict.FAILED: "failed its assertion",
}


def failure_sentence(result: CaseResult, entry_point: str) -> str:
    """One line for the report: `f([]) -> raised IndexError (expected [])`."""
    what = VERDICT_TEXT.get(result.verdict, result.verdict)
    shown = result.case.input_text(entry_point, 120).replace("\n", "\\n")  # one line: a program's stdin has several
    return f"`{shown}`: {what}; expected {result.expected}, got {result.actual[:200]}"
