"""Correctness of a stdin/stdout program: the share of the problem's tests whose output the checker accepts.

Each test is one call of the adapted script (sandbox/program_adapter.py) in the same sandboxed worker, in
batches; a time-out, a crash or an exhausted memory ends a batch and the next test gets a fresh worker.
"""

from __future__ import annotations

from contextlib import closing

from ..base.catalog import CORRECTNESS
from ..judging.case_runner import CaseResult, Deadline, Expectation, call_input, skipped
from ..judging.program_judge import judge_program, stdin_text
from ..problem.definition import Problem
from ..results.result import DimensionResult
from ..sandbox import Session
from .correctness import summarise


def evaluate(problem: Problem, candidate: Session, deadline: Deadline) -> DimensionResult:
    """Run every test; the score is the share passed (pass@k counts a sample only when all pass)."""
    assert problem.program is not None
    checker = problem.program.checker
    results: list[CaseResult] = []
    with closing(candidate.call_each([call_input(case) for case in problem.tests])) as outcomes:
        for index, case in enumerate(problem.tests):
            if deadline.expired:
                unrun = skipped(case, index, Expectation.of(case), "evaluation time budget exhausted")
                unrun.shown_input = stdin_text(case)
                results.append(unrun)
                continue
            results.append(judge_program(next(outcomes), case, index, checker))
    scored, _ = summarise(CORRECTNESS.name, results, problem.entry_point, noun="tests")
    return scored
