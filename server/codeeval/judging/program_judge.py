"""A stdin/stdout program's test, judged in the trusted parent from what the sandboxed call came to.

The adapted script returns `[stdout, exit status]` (sandbox/program_adapter.py); everything else is a call
that did not return: an exception is a runtime error (a MemoryError a memory limit, the adapter's
OutputLimitExceeded an output limit), a time-out the time limit, a crashed worker a runtime error. A run that
finished with status 0 is judged by the problem's checker: a built-in one here, at once (`judge_program`); a
custom one in its own sandboxed worker, all of a tier's outputs in one batch once they are collected
(`CheckedLater`, judging/custom_checker.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base.display import short_repr
from ..problem.definition import Case
from ..problem.program_definition import Checker, CheckerSpec
from ..results.case_details import CaseVerdict
from ..sandbox import CallOutcome, CallStatus
from ..sandbox.program_adapter import OUTPUT_LIMIT_ERROR
from .case_runner import CaseResult, failed_call
from .custom_checker import CheckerCall, CheckerVerdict, CustomChecker
from .output_checkers import check_output, shorten

SHOWN_CHARS = 300  # of an expected output in a report
TAIL_LINES = 12  # of a traceback


def _shortened(text: str) -> str:
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def _tail(traceback: str) -> str:
    return "\n".join(traceback.rstrip().splitlines()[-TAIL_LINES:])


@dataclass(frozen=True)
class FinishedRun:
    """A test's run that finished with exit status 0: its output, for the checker to judge."""

    case: Case
    index: int
    output: str
    duration_s: float | None


def judge_program(outcome: CallOutcome, case: Case, index: int, checker: CheckerSpec) -> CaseResult:
    """The test's verdict under a built-in checker: passed, wrong answer (the checker's first difference, both
    sides), runtime error, time, memory or output limit. (A custom checker judges a batch: `CheckedLater`.)"""
    if checker.kind is Checker.CUSTOM:
        raise ValueError("a custom checker runs in the sandbox, on a batch of outputs: use CheckedLater")
    ending = run_ending(outcome, case, index)
    if isinstance(ending, CaseResult):
        return ending
    difference = check_output(checker, str(case.expected), ending.output)
    if difference is None:
        return _passed(ending)
    where = difference.where
    return _failed(
        case, index, CaseVerdict.WRONG_ANSWER, f"{where}: {difference.expected}", f"{where}: {difference.actual}"
    )


def run_ending(outcome: CallOutcome, case: Case, index: int) -> CaseResult | FinishedRun:
    """The verdict of a run that gave no answer (runtime error, a limit, a non-zero exit status); else the
    finished run, for the checker."""
    if outcome.status != CallStatus.RETURNED:
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
    answer = program_answer(outcome.value)
    if answer is None:
        return _failed(
            case, index, CaseVerdict.WRONG_ANSWER, "(an answer)", f"returned {short_repr(outcome.value, 200)}"
        )
    output, status = answer
    if status != 0:
        return _failed(case, index, CaseVerdict.RUNTIME_ERROR, "exit status 0", f"exit status {status}")
    return FinishedRun(case, index, output, outcome.duration_s)


def program_answer(value: object) -> tuple[str, int] | None:
    """The adapted script's `[stdout, exit status]`; None for anything else (only the adapter returns, but a
    script can reach into it)."""
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int):
        return value[0], value[1]
    return None


def _failure_verdict(outcome: CallOutcome) -> CaseVerdict:
    if outcome.status == CallStatus.RAISED:
        if outcome.exc_type == OUTPUT_LIMIT_ERROR:
            return CaseVerdict.OUTPUT_LIMIT
        return CaseVerdict.MEMORY_LIMIT if outcome.exc_type == "MemoryError" else CaseVerdict.RUNTIME_ERROR
    if outcome.status == CallStatus.CRASHED:
        return CaseVerdict.RUNTIME_ERROR
    return failed_call(outcome.status)


class CheckedLater:
    """A judge (`run_tier`'s, or any loop's) for a problem with a custom checker: a run that gave no answer is
    judged at once, a finished one is kept, and `judged` has the checker judge all those kept in one batch.

    Until then a finished run's result is a placeholder, not passed."""

    def __init__(self) -> None:
        self.finished: list[FinishedRun] = []

    def __call__(self, outcome: CallOutcome, case: Case, index: int) -> CaseResult:
        ending = run_ending(outcome, case, index)
        if isinstance(ending, CaseResult):
            return ending
        self.finished.append(ending)
        return _failed(case, index, CaseVerdict.CHECKER_ERROR, "(the checker's verdict)", "not checked yet")

    def judged(self, results: list[CaseResult], checker: CustomChecker) -> list[CaseResult]:
        """`results` with each kept run's placeholder replaced by the checker's verdict on its output."""
        if not self.finished:
            return results  # every run failed on its own: no checker worker is started
        calls = [CheckerCall(str(run.case.args[0]), str(run.case.expected), run.output) for run in self.finished]
        verdicts = checker.verdicts(calls)
        checked = {run.index: _checked(run, verdict) for run, verdict in zip(self.finished, verdicts, strict=True)}
        return [checked.get(result.index, result) for result in results]


def _checked(run: FinishedRun, verdict: CheckerVerdict) -> CaseResult:
    """A finished run's result from the custom checker's verdict on its output."""
    if verdict.error:
        # The problem's fault: the run is not passed (nobody judged it), and its verdict says why.
        result = _failed(run.case, run.index, CaseVerdict.CHECKER_ERROR, "(a verdict from the checker)", verdict.error)
        result.traceback = verdict.traceback
        return result
    if verdict.accepted:
        return _passed(run)
    expected = f"an answer the checker accepts, such as `{shorten(str(run.case.expected))}`"
    actual = f"`{shorten(run.output)}`, which the checker rejected (it returned {verdict.said})"
    return _failed(run.case, run.index, CaseVerdict.WRONG_ANSWER, expected, actual)


def _passed(run: FinishedRun) -> CaseResult:
    return CaseResult(
        case=run.case,
        index=run.index,
        passed=True,
        verdict=CaseVerdict.PASSED,
        expected="",
        actual="",
        duration_s=run.duration_s,
    )


def _failed(case: Case, index: int, verdict: CaseVerdict, expected: str, actual: str) -> CaseResult:
    return CaseResult(case=case, index=index, passed=False, verdict=verdict, expected=expected, actual=actual)
