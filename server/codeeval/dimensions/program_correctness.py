"""Correctness of a stdin/stdout program: the share of the problem's tests whose output the checker accepts.

Each test is one call of the adapted script (sandbox/program_adapter.py) in the same sandboxed worker, in
batches; a time-out, a crash or an exhausted memory ends a batch and the next test gets a fresh worker.
"""

from __future__ import annotations

from functools import partial

from ..base.catalog import CORRECTNESS
from ..judging.case_runner import Deadline
from ..judging.program_judge import judge_program
from ..problem.definition import Problem
from ..results.result import DimensionResult
from ..sandbox import Session
from .correctness import run_tier, summarise


def evaluate(problem: Problem, candidate: Session, deadline: Deadline) -> DimensionResult:
    """Run every test; the score is the share passed (pass@k counts a sample only when all pass)."""
    assert problem.program is not None
    judge = partial(judge_program, checker=problem.program.checker)
    results = run_tier(problem, problem.tests, candidate, deadline, judge=judge)
    scored, _ = summarise(CORRECTNESS.name, results, problem.entry_point, noun="tests")
    return scored
