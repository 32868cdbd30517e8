"""Measuring every size in turn, smallest first, within the dimension's budget."""

from __future__ import annotations

import math

from ...problem.definition import Problem
from ...results.performance_details import Measure
from ...sandbox import Session
from .budget import Budget, Settings
from .counted import Counted, count_below
from .input_source import InputSource
from .protocol import seconds_text
from .samples import SizeResult
from .timed import Timed

# Shares of the time budget: the largest size is scored, and it and the smallest one bound the
# ratio's growth (the class test); the sizes between only add points to the fitted curves.
FIRST_WEIGHT, MIDDLE_WEIGHT, LAST_WEIGHT = 2.0, 1.0, 3.0
MIN_STEP_S = 0.05
CALLS_PER_SIZE = 5  # the fewest candidate calls a size costs: checked once, warmed once, a pair of 3


def measure_sizes(
    problem: Problem, source: InputSource, candidate: Session, reference: Session, settings: Settings, budget: Budget
) -> list[SizeResult]:
    """Measure candidate against reference at each size the source's spec lists, while the budget allows."""
    sizes = source.spec.sizes
    protocol = (Counted if settings.deterministic else Timed)(problem, source, candidate, reference, settings, budget)
    weights = [FIRST_WEIGHT] + [MIDDLE_WEIGHT] * (len(sizes) - 2) + [LAST_WEIGHT] if len(sizes) > 1 else [1.0]
    results: list[SizeResult] = []
    for i, n in enumerate(sizes):
        if not _worth_trying(results, n, protocol.limit, budget, settings.deterministic):
            break
        share = budget.share(weights[i], sum(weights[i:]))
        result = protocol.measure(n, share, role=_role(i, len(sizes)))
        result.test = source.test_name(n)
        results.append(result)
        if result.failure or result.reference_failure:
            break
    if not settings.deterministic:
        results = count_below(protocol, results) + results
    return results


def _role(index: int, count: int) -> str:
    """scored (the largest size), bound (the smallest, the other end of the growth test) or curve."""
    return "scored" if index == count - 1 else "bound" if index == 0 else "curve"


def projected_call_s(results: list[SizeResult], n: int) -> float | None:
    """The candidate's per-call time at `n`, extrapolated from the last two sizes (or linearly from one)."""
    timed = [
        (r.n, median)
        for r in results
        if r.usable and r.judged_on is not Measure.INSTRUCTIONS and (median := r.candidate.median()) is not None
    ]
    if not timed:
        return None
    (n1, t1) = timed[-1]
    exponent = 1.0
    if len(timed) >= 2:
        (n0, t0) = timed[-2]
        exponent = max(1.0, math.log(t1 / t0) / math.log(n1 / n0)) if t0 > 0 and n1 > n0 else 1.0
    return t1 * (n / n1) ** exponent


def _worth_trying(results: list[SizeResult], n: int, limit: float, budget: Budget, deterministic: bool) -> bool:
    remaining = budget.remaining()
    if remaining < MIN_STEP_S:
        budget.stop(f"the performance time budget ran out before n={n}")
        return False
    if deterministic:
        return True
    projected = projected_call_s(results, n)
    # A candidate that will clearly take longer than what is left (a checked call, a warm-up
    # and a pair) is not started: its verdict is already clear from the smaller sizes.
    if projected is not None and min(projected, limit) * CALLS_PER_SIZE > remaining:
        budget.stop(
            f"n={n} skipped: the candidate would need about {seconds_text(projected)} per call, "
            f"more than the {seconds_text(remaining)} left of the performance budget"
        )
        return False
    return True
