"""Correctness: the share of the problem's own tests a solution passes.

With `--tests plus` the problem's extended tests (a benchmark's extra inputs)
count too, and the details report each tier's count, so the base verdict and
the extended one can be read apart (as EvalPlus reports base and plus).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace

from ..base.catalog import CORRECTNESS
from ..judging.case_runner import CaseResult, Deadline, Expectation, call_input, failure_sentence, judged, skipped
from ..judging.oracle import Oracle
from ..problem.definition import Case, Problem
from ..results.case_details import CaseVerdict, CorrectnessDetails, PassCounts
from ..results.result import DimensionResult
from ..results.test_tiers import TestSelection, Tier
from ..sandbox import CallInput, CallOutcome, Session
from .extended_tier import ExtendedTier, confirmed, extended_tier
from .suite_correctness import with_suite

NAME = CORRECTNESS.name
SHOWN_EXTENDED_FAILURES = 20  # an extended tier can fail a thousand inputs: the report shows the first few


def evaluate(
    problem: Problem,
    candidate: Session,
    deadline: Deadline,
    selection: TestSelection = TestSelection.BASE,
    oracle: Oracle | None = None,
    stop_at_first_failure: bool = False,
) -> DimensionResult:
    """Run the problem's tests on the candidate (and the extended tier when selected); the share that pass.

    A problem without extended tests has an empty extended tier, which passes: EvalPlus's plus verdict for a
    task without plus inputs (Mbpp/793 in MBPP+ v0.1) is its base verdict.

    The extended tier's stored inputs are judged against the reference's answers (`oracle`: the problem's,
    which computes them once for every solution); the time that takes is not the solution's.
    `stop_at_first_failure` (a binary reward): the tests after a failing one are skipped, not run.
    A problem with a test suite: its tests as above, then the suite's, counted together (suite_correctness)."""
    if problem.test_suite is not None:
        own = evaluate(replace(problem, test_suite=None), candidate, deadline, selection, oracle, stop_at_first_failure)
        return with_suite(problem, candidate, deadline, own, NAME)
    # A benchmark run (plus) stops a tier at its first time-out, as EvalPlus stops at its first failure.
    benchmark = selection is TestSelection.PLUS
    stop = stop_at_first_failure
    base = run_tier(problem, problem.tests, candidate, deadline, stop_on_timeout=benchmark, stop_on_failure=stop)
    if selection is TestSelection.BASE:
        result, details = summarise(NAME, base, problem.entry_point, noun="tests")
        result.details = replace(details, tiers={Tier.BASE.value: _counts(base)})
        return result
    started = time.monotonic()
    tier = extended_tier(problem, oracle) if oracle is not None else ExtendedTier(list(problem.extended_tests))
    deadline.end += time.monotonic() - started
    extended = run_tier(
        problem, tier.cases, candidate, deadline, stop_on_timeout=True, calls=tier.calls, stop_on_failure=stop
    )
    result, details = summarise(NAME, base + extended, problem.entry_point, noun="tests")
    result.summary += f" ({_counts(base).passed}/{len(base)} base, {_counts(extended).passed}/{len(extended)} extended)"
    if tier.unjudged:
        result.summary += f"; {tier.unjudged} extended inputs not judged ({tier.first_failure})"
    failed_extended = [r for r in extended if not r.passed]
    if len(failed_extended) > SHOWN_EXTENDED_FAILURES:
        hidden = {id(r) for r in failed_extended[SHOWN_EXTENDED_FAILURES:]}
        shown = [r for r in base + extended if not r.passed and id(r) not in hidden]
        each = 100.0 / (len(base) + len(extended))
        result.rationale = [f"-{each:.1f}: {failure_sentence(r, problem.entry_point)}" for r in shown]
        result.rationale.append(f"-{each * len(hidden):.1f}: {len(hidden)} more extended tests failed (not listed)")
        details = replace(details, cases=tuple(r.record(problem.entry_point) for r in shown))
    result.details = replace(details, tiers={Tier.BASE.value: _counts(base), Tier.EXTENDED.value: _counts(extended)})
    return result


def run_tier(
    problem: Problem,
    cases: list[Case],
    candidate: Session,
    deadline: Deadline,
    stop_on_timeout: bool = False,
    calls: list[CallInput] | None = None,
    judge: CaseJudge | None = None,
    stop_on_failure: bool = False,
) -> list[CaseResult]:
    """Every case of a tier. `stop_on_timeout` (a benchmark run): a time-out is run once more alone
    (extended_tier.confirmed), and after one is confirmed the rest fail unrun, as EvalPlus stops a tier at its
    first failure (a slow solution would otherwise spend the time limit on each of a thousand). `calls`: the
    cases as calls, with their own time limits (default: the problem's limit for each). `judge`: how a case's
    outcome is judged (default: against its expectation, by the problem's `compare`). `stop_on_failure`: after
    the first case that fails the rest are skipped (a binary reward needs no more: it is 0 already)."""
    results: list[CaseResult] = []
    stopped = ""
    calls = calls or [call_input(case) for case in cases]
    with closing(candidate.call_each(calls)) as outcomes:
        for index, case in enumerate(cases):
            expectation = Expectation.of(case)
            if not stopped and deadline.expired:
                stopped = "evaluation time budget exhausted"
            if stopped:
                results.append(skipped(case, index, expectation, stopped))
                continue
            outcome = next(outcomes)
            result = (
                judge(outcome, case, index) if judge else judged(outcome, case, index, expectation, problem.compare)
            )
            if stop_on_timeout:  # a benchmark's tier: a time-out counts only if the call times out alone too
                result = confirmed(result, candidate, problem.compare, calls[index].timeout)
            results.append(result)
            if stop_on_timeout and result.verdict is CaseVerdict.TIMEOUT:
                stopped = f"an earlier {case.origin} test timed out"
            elif stop_on_failure and not result.passed:
                stopped = f"stopped at the first failure ({case.label(index)})"
    return results


CaseJudge = Callable[[CallOutcome, Case, int], CaseResult]  # a case's result from what its call came to


def _counts(results: list[CaseResult]) -> PassCounts:
    return PassCounts(passed=sum(r.passed for r in results), total=len(results))


def summarise(
    name: str, results: list[CaseResult], entry_point: str, noun: str
) -> tuple[DimensionResult, CorrectnessDetails]:
    """Score = share passed; every failure gets a rationale line and a detailed case record (the details,
    also returned apart so the caller can add the tiers)."""
    total = len(results)
    passed = sum(r.passed for r in results)
    score = 100.0 * passed / total if total else 100.0
    failures = [r for r in results if not r.passed]
    rationale = []
    if failures:
        each = 100.0 / total
        rationale = [f"-{each:.1f}: {failure_sentence(r, entry_point)}" for r in failures]
    details = CorrectnessDetails(passed=passed, total=total, cases=tuple(r.record(entry_point) for r in failures))
    return DimensionResult(
        name=name, score=score, summary=f"{passed}/{total} {noun} passed", rationale=rationale, details=details
    ), details
