"""Correctness of a stdin/stdout program: the share of the problem's tests whose output the checker accepts.

Each test is one call of the adapted script (sandbox/program_adapter.py) in the same sandboxed worker, in
batches; a time-out, a crash or an exhausted memory ends a batch and the next test gets a fresh worker.
Under a custom checker the outputs are collected first, then judged in one batch by the checker in a worker
of its own (judging/custom_checker.py); the time that takes is the problem's, not the solution's.
"""

from __future__ import annotations

import time
from functools import partial

from ..base.catalog import CORRECTNESS
from ..judging.case_runner import CaseResult, Deadline
from ..judging.custom_checker import CustomChecker
from ..judging.program_judge import CheckedLater, judge_program
from ..problem.definition import Case, Problem
from ..problem.program_definition import Checker
from ..results.case_details import CaseVerdict
from ..results.result import DimensionResult
from ..sandbox import Session
from .correctness import run_tier, summarise


def evaluate(
    problem: Problem, candidate: Session, deadline: Deadline, stop_at_first_failure: bool = False
) -> DimensionResult:
    """Run every test; the score is the share passed (pass@k counts a sample only when all pass)."""
    results = run_program_cases(problem, problem.tests, candidate, deadline, stop_at_first_failure)
    scored, _ = summarise(CORRECTNESS.name, results, problem.entry_point, noun="tests")
    unjudged = sum(result.verdict is CaseVerdict.CHECKER_ERROR for result in results)
    if unjudged:
        scored.summary += (
            f"; {unjudged} not judged: the problem's checker failed (the problem's fault, not the solution's)"
        )
    return scored


def run_program_cases(
    problem: Problem, cases: list[Case], candidate: Session, deadline: Deadline, stop_at_first_failure: bool = False
) -> list[CaseResult]:
    """Each case (a test, or a generated input with the reference's output) run and judged by the checker."""
    assert problem.program is not None
    checker = problem.program.checker
    if checker.kind is Checker.CUSTOM:
        return _custom_checked(problem, cases, candidate, deadline)
    judge = partial(judge_program, checker=checker)
    return run_tier(problem, cases, candidate, deadline, judge=judge, stop_on_failure=stop_at_first_failure)


def _custom_checked(problem: Problem, cases: list[Case], candidate: Session, deadline: Deadline) -> list[CaseResult]:
    """Every test run, then every finished run's output judged by the custom checker in one batch. (A binary
    reward's stop at the first failure does not apply: a failure is known only once the checker has judged.)"""
    later = CheckedLater()
    results = run_tier(problem, cases, candidate, deadline, judge=later)
    started = time.monotonic()
    with CustomChecker.of_problem(problem, candidate.limits, candidate.launcher) as custom:
        results = later.judged(results, custom)
    deadline.end += time.monotonic() - started
    return results
