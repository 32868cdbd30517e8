"""A stdin/stdout program's test, judged in the trusted parent from what the sandboxed call came to.

The adapted script returns `[stdout, exit status]` (sandbox/program_adapter.py); everything else is a call
that did not return: an exception is a runtime error (a MemoryError a memory limit, the adapter's
OutputLimitExceeded an output limit), a time-out the time limit, a crashed worker a runtime error.
"""

from __future__ import annotations

from ..base.display import short_repr
from ..problem.definition import Case
from ..problem.program_definition import CheckerSpec
from ..results.case_details import CaseVerdict
from ..sandbox import CallOutcome, CallStatus
from ..sandbox.program_adapter import OUTPUT_LIMIT_ERROR
from .case_runner import CaseResult, failed_call
from .output_checkers import check_output

SHOWN_CHARS = 300  # of an expected output in a report
TAIL_LINES = 12  # of a traceback


def _shortened(text: str) -> str:
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def _tail(traceback: str) -> str:
    return "\n".join(traceback.rstrip().splitlines()[-TAIL_LINES:])


def judge_program(outcome: CallOutcome, case: Case, index: int, checker: CheckerSpec) -> CaseResult:
    """The test's verdict: passed, wrong answer (the checker's first difference, both sides), runtime error,
    time, memory or output limit."""
    if outcome.status == CallStatus.RETURNED:
        return _returned(outcome, case, index, checker)
    return CaseResult(
        case=case,
        index=index,
        passed=False,
        verdict=_failure_verdict(outcome),
        expected=_shortened(str(case.expected)),
        actual=outcome.describe(),
        traceback=_tail(outcome.traceback),
        duration_s=outcome.duration_s,
    )


def _failure_verdict(outcome: CallOutcome) -> CaseVerdict:
    if outcome.status == CallStatus.RAISED:
        if outcome.exc_type == OUTPUT_LIMIT_ERROR:
            return CaseVerdict.OUTPUT_LIMIT
        return CaseVerdict.MEMORY_LIMIT if outcome.exc_type == "MemoryError" else CaseVerdict.RUNTIME_ERROR
    if outcome.status == CallStatus.CRASHED:
        return CaseVerdict.RUNTIME_ERROR
    return failed_call(outcome.status)


def _returned(outcome: CallOutcome, case: Case, index: int, checker: CheckerSpec) -> CaseResult:
    """A run that finished: a non-zero exit status is a runtime error, else the checker decides."""
    value = outcome.value
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int)):
        # Only the adapter returns here, but a script can reach into it: anything else is not an answer.
        return _failed(case, index, CaseVerdict.WRONG_ANSWER, "(an answer)", f"returned {short_repr(value, 200)}")
    output, status = value
    if status != 0:
        return _failed(case, index, CaseVerdict.RUNTIME_ERROR, "exit status 0", f"exit status {status}")
    difference = check_output(checker, str(case.expected), output)
    if difference is None:
        return CaseResult(
            case=case,
            index=index,
            passed=True,
            verdict=CaseVerdict.PASSED,
            expected="",
            actual="",
            duration_s=outcome.duration_s,
        )
    where = difference.where
    return _failed(
        case, index, CaseVerdict.WRONG_ANSWER, f"{where}: {difference.expected}", f"{where}: {difference.actual}"
    )


def _failed(case: Case, index: int, verdict: CaseVerdict, expected: str, actual: str) -> CaseResult:
    return CaseResult(case=case, index=index, passed=False, verdict=verdict, expected=expected, actual=actual)
