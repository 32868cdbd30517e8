"""The performance dimension's entry points: the candidate against the reference at growing sizes."""

from __future__ import annotations

from ...judging.case_runner import Deadline
from ...judging.oracle import reference_session
from ...problem.definition import Problem
from ...results.result import DimensionResult
from ...sandbox import Session
from .budget import Budget, Settings
from .input_source import ExpressionInputs, InputSource
from .measure import measure_sizes
from .verdict import NAME, verdict

DETERMINISTIC_BUDGET_FACTOR = 10  # counting is ~30x slower; its budget is only a safety net


def evaluate_against_reference(
    problem: Problem,
    candidate: Session,
    deadline: Deadline | None = None,
    settings: Settings | None = None,
    source: InputSource | None = None,
) -> DimensionResult:
    """Score `candidate` against a reference session of its own: timings are paired with this candidate's."""
    with reference_session(problem, candidate.limits, candidate.launcher) as reference:
        loaded = reference.load()
        if not loaded.ok:
            return DimensionResult.not_applicable(NAME, f"the reference did not load: {loaded.describe()}")
        return evaluate(problem, candidate, reference, deadline, settings, source)


def evaluate(
    problem: Problem,
    candidate: Session,
    reference: Session,
    deadline: Deadline | None = None,
    settings: Settings | None = None,
    source: InputSource | None = None,
) -> DimensionResult:
    """Score `candidate` against `reference`, both loaded sessions of the problem's entry point, on the inputs
    of `source` (by default the problem's `performance` section: its input expression at its sizes)."""
    if source is None:
        if problem.performance is None:
            return DimensionResult.not_applicable(NAME, "the problem defines no performance inputs")
        source = ExpressionInputs(problem, problem.performance)
    settings = settings or Settings()
    seconds = settings.budget_s * (DETERMINISTIC_BUDGET_FACTOR if settings.deterministic else 1)
    budget = Budget(seconds, deadline)
    results = measure_sizes(problem, source, candidate, reference, settings, budget)
    return verdict(source.spec, results, settings, budget)
