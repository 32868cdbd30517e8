"""Minimal counterexamples: a candidate's failing generated inputs, shrunk, with a pytest test each."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..judging.case_runner import Expectation, judge
from ..problem.definition import Case, Compare
from ..results.case_details import CaseVerdict
from ..results.edge_case_details import CounterexampleRecord, GenerationPhase
from ..sandbox import CallOutcome, CallStatus, Session
from .plan import Plan
from .pytest_text import pytest_for
from .shrink import DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_SECONDS, shrink
from .suite import GuardedReference, ReferenceAnswer
from .values import safe_repr

SHRINK_CALL_FLOOR_S = 0.5


@dataclass
class Counterexample:
    """A shrunk failing input: the case, what was expected and what the candidate gave, and how it failed."""

    case: Case
    value: Any
    expected: Any
    actual: str
    verdict: CaseVerdict
    phase: GenerationPhase
    original: str  # the failing input before shrinking
    steps: int
    attempts: int
    traceback: str = ""
    actual_value: Any = None  # what the candidate returned (a returned value only)

    def record(self, entry_point: str, compare: Compare, number: int) -> CounterexampleRecord:
        """The counterexample as the result reports it, with its pytest test (`number` names the test)."""
        return CounterexampleRecord(
            input=self.case.input_text(entry_point, 2000),
            expected=safe_repr(self.expected, 2000),
            actual=self.actual[:2000],
            verdict=self.verdict,
            phase=self.phase,
            shrunk_from=self.original,
            shrink_steps=self.steps,
            pytest=pytest_for(entry_point, self.case, expected=self.expected, compare=compare, number=number),
            traceback=self.traceback,
        )


def failure_signature(verdict: CaseVerdict, outcome: CallOutcome | None) -> tuple:
    return (verdict, outcome.exc_type if outcome is not None and outcome.status == CallStatus.RAISED else None)


def minimal_counterexample(
    plan: Plan,
    guard: GuardedReference,
    session: Session,
    compare: Compare,
    value: Any,
    expected: Any,
    outcome: CallOutcome,
    verdict: CaseVerdict,
    phase: GenerationPhase,
    time_limit_s: float,
    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    should_stop: Callable[[], bool] | None = None,
    keep: Callable[[Any], bool] | None = None,
) -> Counterexample:
    """Shrink one failing input against the candidate's session; the reference (guarded) supplies expectations.

    `keep`: a simpler input is only tried when it holds (shrinking that must stay within a domain).
    """
    target = failure_signature(verdict, outcome)
    original = plan.to_case(value).input_text(plan.entry_point, 300)

    def still_fails(candidate: Any) -> tuple[Case, Any, CallOutcome, CaseVerdict] | None:
        if keep is not None and not keep(candidate):
            return None
        case = plan.to_case(candidate)
        status, reference_value, duration = guard.answer(case)
        if status != ReferenceAnswer.OK:
            return None
        timeout = min(time_limit_s, max(SHRINK_CALL_FLOOR_S, 4 * duration))
        result = session.call(case.args, case.kwargs, case.call_triples(), timeout=timeout)
        passed, result_verdict = judge(result, Expectation(value=reference_value), compare, case.args)
        if passed or failure_signature(result_verdict, result) != target:
            return None
        return case, reference_value, result, result_verdict

    start = (plan.to_case(value), expected, outcome, verdict)
    shrunk = shrink(
        value,
        start,
        plan.top.shrink,
        still_fails,
        max_attempts=max_attempts,
        max_seconds=max_seconds,
        should_stop=should_stop,
    )
    case, reference_value, result, result_verdict = shrunk.data
    return Counterexample(
        case=case,
        value=shrunk.value,
        expected=reference_value,
        actual=result.describe(),
        verdict=result_verdict,
        phase=phase,
        original=original,
        steps=shrunk.steps,
        attempts=shrunk.attempts,
        traceback=result.traceback,
        actual_value=result.value,
    )
