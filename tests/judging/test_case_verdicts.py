"""A case's verdict: every way a call can fail in the sandbox is a verdict of its own, under the same word."""

from __future__ import annotations

import pytest

from codeeval.judging.case_runner import VERDICT_TEXT, Expectation, failed_call, judge
from codeeval.problem.definition import Compare
from codeeval.results.case_details import CaseVerdict
from codeeval.sandbox import CallOutcome, CallStatus

FAILED_CALLS = [status for status in CallStatus if status is not CallStatus.RETURNED]


@pytest.mark.parametrize("status", FAILED_CALLS)
def test_a_failed_call_keeps_its_status_word_as_the_verdict_and_has_a_sentence(status):
    verdict = failed_call(status)
    assert verdict == status.value and verdict in VERDICT_TEXT


def test_a_returned_call_is_judged_on_its_value():
    assert judge(CallOutcome(CallStatus.RETURNED, value=2), Expectation(value=2), Compare()) == (
        True,
        CaseVerdict.PASSED,
    )
    assert judge(CallOutcome(CallStatus.RETURNED, value=3), Expectation(value=2), Compare()) == (
        False,
        CaseVerdict.WRONG_OUTPUT,
    )
    assert judge(CallOutcome(CallStatus.RETURNED, value=3), Expectation(raises="ValueError"), Compare()) == (
        False,
        CaseVerdict.NO_EXCEPTION,
    )


def test_every_failing_verdict_has_a_sentence_for_the_report():
    assert set(CaseVerdict) - set(VERDICT_TEXT) == {CaseVerdict.PASSED}
