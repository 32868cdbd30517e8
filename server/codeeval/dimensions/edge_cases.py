"""Edge cases: hand-written boundary cases, judged against explicit expectations or the reference.

Cases come from sources: the problem's hand-written `edge_cases.cases`, and
(where a generator is plugged in through `CASE_SOURCES`) inputs generated from
the signature. Each source yields cases; the oracle supplies any missing
expectation, and inputs the reference itself cannot handle are discarded.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..result import DimensionResult
from ..sandbox import Session
from ..spec.model import Case, Problem
from .cases import CaseResult, Deadline, Expectation, run_case, skipped
from .correctness import summarise
from .oracle import Oracle

NAME = "edge_cases"
RELATIVE_TIMEOUT_FACTOR = 4.0  # a case may take 4x the reference's time (or the problem's limit, if larger)

# A case source takes (problem, oracle, deadline) and yields cases. Generation plugs in here.
CaseSource = Callable[[Problem, Oracle, Deadline], Iterable[Case]]


def hand_written(problem: Problem, oracle: Oracle, deadline: Deadline) -> Iterable[Case]:
    return problem.edge_cases.cases


CASE_SOURCES: list[CaseSource] = [hand_written]


def evaluate(problem: Problem, candidate: Session, oracle: Oracle, deadline: Deadline) -> DimensionResult:
    results: list[CaseResult] = []
    discarded: list[str] = []
    cases = [case for source in CASE_SOURCES for case in source(problem, oracle, deadline)]
    if not cases:
        return DimensionResult.not_applicable(NAME, "the problem has no edge cases")
    for index, case in enumerate(cases):
        if deadline.expired:
            results.append(skipped(case, index, Expectation.of(case), "evaluation time budget exhausted"))
            continue
        expectation, timeout = Expectation.of(case), problem.limits.time_per_call_s
        if not case.has_expectation or case.origin == "generated":
            answer = oracle.answer(case)
            if answer.expectation is None:
                discarded.append(f"{case.input_text(problem.entry_point, 120)}: {answer.note}")
                continue
            if not case.has_expectation:
                expectation = answer.expectation
            if answer.duration_s:
                timeout = max(timeout, RELATIVE_TIMEOUT_FACTOR * answer.duration_s)
        results.append(run_case(candidate, case, index, expectation, problem.compare, timeout=timeout))
    if not results:
        return DimensionResult.not_applicable(NAME, "the reference failed on every edge case", discarded=discarded)
    result = summarise(NAME, results, problem.entry_point, noun="edge cases")
    result.details["discarded"] = discarded
    result.details["by_origin"] = _by_origin(results)
    return result


def _by_origin(results: list[CaseResult]) -> dict:
    counts: dict[str, dict[str, int]] = {}
    for r in results:
        bucket = counts.setdefault(r.case.origin, {"passed": 0, "total": 0})
        bucket["total"] += 1
        bucket["passed"] += r.passed
    return counts
