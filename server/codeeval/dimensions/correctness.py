"""Correctness: the share of the problem's own tests a solution passes."""

from __future__ import annotations

from ..result import DimensionResult
from ..sandbox import Session
from ..spec.problem import Problem
from .case_runner import CaseResult, Deadline, Expectation, failure_sentence, run_case, skipped
from .catalog import CORRECTNESS

NAME = CORRECTNESS.name


def evaluate(problem: Problem, candidate: Session, deadline: Deadline) -> DimensionResult:
    results: list[CaseResult] = []
    for index, case in enumerate(problem.tests):
        expectation = Expectation.of(case)
        if deadline.expired:
            results.append(skipped(case, index, expectation, "evaluation time budget exhausted"))
            continue
        results.append(run_case(candidate, case, index, expectation, problem.compare))
    return summarise(NAME, results, problem.entry_point, noun="tests")


def summarise(name: str, results: list[CaseResult], entry_point: str, noun: str) -> DimensionResult:
    """Score = share passed; every failure gets a rationale line and a detailed case record."""
    total = len(results)
    passed = sum(r.passed for r in results)
    score = 100.0 * passed / total if total else 100.0
    failures = [r for r in results if not r.passed]
    rationale = []
    if failures:
        each = 100.0 / total
        rationale = [f"-{each:.1f}: {failure_sentence(r, entry_point)}" for r in failures]
    return DimensionResult(
        name=name,
        score=score,
        summary=f"{passed}/{total} {noun} passed",
        rationale=rationale,
        details={"passed": passed, "total": total, "cases": [r.to_dict(entry_point) for r in failures]},
    )
