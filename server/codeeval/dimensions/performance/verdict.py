"""From measurements to the dimension's score, with one sentence for each reason points were lost.

Three things can cost points, and the lowest of their scores counts:
- speed at the largest size measured: only when the 95% interval of the
  ratio lies entirely above the tolerance, then 20 points less per doubling
  of the lower bound beyond it;
- a worse complexity class than the reference's, even if the largest size is
  still fast enough: at most 50, less as the projected ratio grows;
- a candidate stopped at the time (or instruction) limit: priced by the
  least ratio that implies; other failures at a performance size score 0.
"""

from __future__ import annotations

from dataclasses import replace

from ...base.catalog import PERFORMANCE
from ...problem.definition import PerformanceSpec
from ...results.performance_details import BudgetRecord, Measure, PerformanceDetails
from ...results.result import DimensionResult
from .budget import Budget, Settings
from .complexity import (
    ClassCall,
    ClassComparison,
    classify,
    compare_classes,
    loglog_slope,
)
from .fit import COUNT_MARGIN, ClassFit, fit_class
from .samples import SizeResult, judged_size
from .stats import ratio_price, speed_score

NAME = PERFORMANCE.name
CLASS_CAP = 50.0  # a clearly worse complexity class never keeps more than half the dimension


def _count_fit(results: list[SizeResult], side: str) -> ClassFit | None:
    counts = [
        (r.n, getattr(r, side).instructions)
        for r in results  # count-only sizes included
        if not (r.failure or r.reference_failure) and getattr(r, side).instructions is not None
    ]
    return fit_class([n for n, _ in counts], [c for _, c in counts], COUNT_MARGIN)


def _time_fit(results: list[SizeResult], side: str) -> ClassFit | None:
    measured = [r for r in results if r.measured]
    return fit_class([r.n for r in measured], [getattr(r, side).median() for r in measured])


def _paired_time_fit(results: list[SizeResult], reference_fit: ClassFit | None) -> ClassFit | None:
    """The candidate's curve as the reference's fitted curve times the paired ratio at each size.

    Each side's own medians carry the machine's noise; the ratio of a pair does not (drift hits both),
    and the reference's fitted curve is smooth. Their product is the candidate's curve, denoised.
    """
    measured = [r for r in results if r.measured and r.judged_on is Measure.CPU]
    if reference_fit is None or len(measured) < 3:
        return None
    return fit_class([r.n for r in measured], [reference_fit.predict(r.n) * r.known_estimate.ratio for r in measured])


def classes(results: list[SizeResult], deterministic: bool) -> tuple[ClassCall | None, ClassCall | None]:
    """(candidate, reference) classes, from counts alone in deterministic mode."""
    if deterministic:  # the counts are the measurement: no time curve to consult
        return classify(None, _count_fit(results, "candidate")), classify(None, _count_fit(results, "reference"))
    reference_time = _time_fit(results, "reference")
    measured = _time_fit(results, "candidate")
    candidate_time = _paired_time_fit(results, reference_time) or measured
    candidate = classify(candidate_time, _count_fit(results, "candidate"), paired_gap(results), measured)
    return candidate, classify(reference_time, _count_fit(results, "reference"))


def paired_gap(results: list[SizeResult]) -> float | None:
    """Slope of the paired time ratio against n, less the slope of the instruction-count ratio; and never
    more than the time ratio's own slope: a candidate whose time keeps pace with the reference's does no
    hidden work, even when its count ratio falls (C `bisect` against a reference bisecting in Python)."""
    points = [
        (r.n, r.known_estimate.ratio, r.candidate.instructions / r.reference.instructions)
        for r in results
        if r.measured and r.judged_on is Measure.CPU and r.candidate.instructions and r.reference.instructions
    ]
    if len(points) < 3:
        return None
    sizes = [n for n, _, _ in points]
    time_slope = loglog_slope(sizes, [t for _, t, _ in points])
    return min(time_slope, time_slope - loglog_slope(sizes, [c for _, _, c in points]))


def compare(results: list[SizeResult], deterministic: bool = False) -> ClassComparison:
    candidate, reference = classes(results, deterministic)
    points = [p for p in (r.point() for r in results) if p is not None]
    return compare_classes(candidate, reference, points)


def _reasons(spec: PerformanceSpec, results: list[SizeResult], comparison: ClassComparison) -> list[tuple[float, str]]:
    """(score this reason alone allows, why) for every reason that costs points."""
    tolerance = spec.tolerance
    # In the order a reader needs them when two reasons cost the same: failing, class, then speed.
    reasons = []
    failed = next((r for r in results if r.failure), None)
    if failed is not None and failed.exceeded is not None:
        reasons.append(
            (
                ratio_price(tolerance, failed.exceeded),
                (
                    f"at n={failed.n} {failed.failure}: at least {failed.exceeded:.3g}x slower than the "
                    "reference. A performance failure: the answer was not wrong, it was too slow"
                ),
            )
        )
    elif failed is not None:
        reasons.append((0.0, f"at n={failed.n} {failed.failure}, so its performance could not be measured"))
    candidate, reference = comparison.candidate, comparison.reference
    if comparison.worse and candidate and reference and comparison.projected is not None:  # all set when worse
        score = min(CLASS_CAP, ratio_price(tolerance, comparison.projected))
        reasons.append(
            (
                score,
                (
                    f"worse complexity class: {candidate.best} against the reference's "
                    f"{reference.best}; {comparison.reason}"
                ),
            )
        )
    judged = judged_size(results)
    if judged is not None:
        estimate = judged.known_estimate
        low, high = estimate.ci95
        score = speed_score(estimate, tolerance)
        span = "the rough range (too few timings; 5x either way)" if judged.rough else "the 95% interval"
        if score < 100:
            reasons.append(
                (
                    score,
                    (
                        f"{estimate.ratio:.2f}x the reference's {_unit(judged)} at n={judged.n}; "
                        f"{span} {low:.2f}-{high:.2f} lies entirely above the tolerance "
                        f"{tolerance:g}, scored as 100 - 20 x log2({low:.2f} / {tolerance:g})"
                    ),
                )
            )
    return reasons


def _unit(result: SizeResult) -> str:
    return {Measure.CPU: "CPU time", Measure.WALL: "wall time", Measure.INSTRUCTIONS: "instruction count"}[
        result.judged_on
    ]


def _summary(results: list[SizeResult], comparison: ClassComparison, budget: Budget) -> str:
    failed = next((r for r in results if r.failure), None)
    judged = judged_size(results)
    parts = []
    if judged is not None:
        low, high = judged.known_estimate.ci95
        interval = "exact" if judged.judged_on is Measure.INSTRUCTIONS else f"95% CI {low:.2f}-{high:.2f}"
        parts.append(f"{judged.known_estimate.ratio:.2f}x reference at n={judged.n} ({interval})")
    if failed is not None:
        parts.append(f"too slow at n={failed.n}" if failed.exceeded is not None else f"failed at n={failed.n}")
    if comparison.candidate and comparison.reference:
        parts.append(f"{comparison.candidate.best} vs reference {comparison.reference.best}")
    if budget.cut_short:
        parts.append("cut short by the time budget")
    return "; ".join(parts)


def verdict(spec: PerformanceSpec, results: list[SizeResult], settings: Settings, budget: Budget) -> DimensionResult:
    """The performance dimension's result from the measured sizes: score, summary and details."""
    details = PerformanceDetails(
        tolerance=spec.tolerance,
        clock=Measure.INSTRUCTIONS if settings.deterministic else Measure.CPU,
        deterministic=settings.deterministic,
        sizes=tuple(r.record() for r in results),
        budget=BudgetRecord(budget_s=budget.seconds, used_s=round(budget.used(), 3), cut_short=budget.cut_short),
    )
    reference_failed = next((r for r in results if r.reference_failure), None)
    judged = judged_size(results)
    if judged is None and not any(r.failure for r in results):
        if reference_failed is not None:
            why = f"the reference failed at n={reference_failed.n}: {reference_failed.reference_failure}"
        else:
            why = budget.cut_short or "no size could be measured"
        return DimensionResult.not_applicable(NAME, why, details)
    comparison = compare(results, settings.deterministic)
    details = replace(details, complexity=comparison.record())
    if judged is not None:
        estimate = judged.known_estimate
        details = replace(
            details,
            ratio=estimate.ratio,
            ci95=estimate.ci95,
            n=judged.n,
            judged_on=judged.judged_on,
            unstable=estimate.unstable,
        )
    reasons = sorted(_reasons(spec, results, comparison), key=lambda r: r[0])
    score = reasons[0][0] if reasons else 100.0
    rationale = [f"-{100 - score:.1f}: {reasons[0][1]}."] if reasons else []
    rationale += [f"Also: {why}." for _, why in reasons[1:]]
    if reference_failed is not None:
        rationale.append(f"Not measured beyond n={reference_failed.n}: {reference_failed.reference_failure}.")
    return DimensionResult(
        NAME, score, summary=_summary(results, comparison, budget), rationale=rationale, details=details
    )
