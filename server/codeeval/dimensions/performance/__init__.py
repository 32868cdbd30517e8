"""Performance: the candidate against the reference, paired timings at growing input sizes.

- `measure` walks the sizes; `timed` (CPU time, paired and interleaved) or
  `counted` (bytecode instructions, deterministic) measures each one.
- `stats` turns pairs into a ratio with a 95% interval and instability warnings.
- `complexity` fits classes to both curves and decides whether the
  candidate's is clearly worse.
- `verdict` turns all that into a score and the sentences explaining it.
See docs/scoring.md, "Performance", for the reasoning behind each choice.
"""

from __future__ import annotations

from ...result import DimensionResult
from ...sandbox import Session
from ...spec.problem import Problem
from ..case_runner import Deadline
from .budget import Budget, Settings
from .measure import measure_sizes
from .verdict import NAME, verdict

DETERMINISTIC_BUDGET_FACTOR = 10  # counting is ~30x slower; its budget is only a safety net


def evaluate_against_reference(problem: Problem, candidate: Session, deadline: Deadline | None = None,
                               settings: Settings | None = None) -> DimensionResult:
    """Score `candidate` against a reference session of its own: timings are paired with this candidate's."""
    with Session(problem.reference, problem.entry_point, problem.reference_filename, candidate.limits,
                 launcher=candidate.launcher) as reference:
        loaded = reference.load()
        if not loaded.ok:
            return DimensionResult.not_applicable(NAME, f"the reference did not load: {loaded.describe()}")
        return evaluate(problem, candidate, reference, deadline, settings)


def evaluate(problem: Problem, candidate: Session, reference: Session, deadline: Deadline | None = None,
             settings: Settings | None = None) -> DimensionResult:
    """Score `candidate` against `reference`, both loaded sessions of the problem's entry point."""
    spec = problem.performance
    if spec is None:
        return DimensionResult.not_applicable(NAME, "the problem defines no performance inputs")
    settings = settings or Settings()
    seconds = settings.budget_s * (DETERMINISTIC_BUDGET_FACTOR if settings.deterministic else 1)
    budget = Budget(seconds, deadline)
    results = measure_sizes(problem, spec, candidate, reference, settings, budget)
    return verdict(spec, results, settings, budget)


__all__ = ["NAME", "Settings", "evaluate", "evaluate_against_reference"]
