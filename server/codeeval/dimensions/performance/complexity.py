"""Which class a solution is in, from time and instruction counts, and whether it is clearly worse.

See `fit` for how one curve is fitted. Here the two curves of one solution
are combined into one class, and the candidate's class is compared with the
reference's using the trend of their ratio across the sizes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...results.performance_details import ClassBasis, ClassCallRecord, ComplexityRecord
from .fit import ClassFit, growth, index

BANDS = {"O(1)": 0, "O(log n)": 0, "O(n)": 1, "O(n log n)": 1, "O(n^2)": 2, "O(n^3)": 3, "O(2^n)": 4}
HIDDEN_WORK_SLOPE = 0.45  # time must outgrow the instruction count by n^0.45 to reveal work inside C...
PAIRED_GAP = 0.3  # ...or the time ratio outgrow the count ratio by n^0.3, measured in pairs


def loglog_slope(sizes: list[int], values: list[float]) -> float:
    """Least-squares slope of log value against log n."""
    xs, ys = [math.log(n) for n in sizes], [math.log(v) for v in values]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / spread if spread else 0.0


@dataclass
class ClassCall:
    """The class of one solution, from its time curve, its instruction counts, or both.

    Counts are exact and blind to caches, so they settle log factors that
    timing over a decade of sizes cannot; but work inside a C function
    (`list.insert`, `x in some_list`, `sorted`) counts as one instruction.
    So the count decides, unless time grows clearly faster than the count: a
    whole polynomial band higher and by a clear margin in slope, which only
    hidden C work explains.
    """

    best: str
    basis: ClassBasis
    time_fit: ClassFit | None = None
    count_fit: ClassFit | None = None

    @property
    def fit(self) -> ClassFit:
        fit = self.count_fit if self.basis is ClassBasis.INSTRUCTIONS else self.time_fit
        assert fit is not None, "classify() keeps the curve its basis names"
        return fit

    def consistent_with(self, label: str) -> bool:
        return self.fit.consistent_with(label)

    def not_ruled_out(self) -> list[str]:
        """Classes of the same band that one of the two curves still fits within its margin: a log factor
        inside C (bisect, sorted) is invisible to counts and often too small for time to settle."""
        fits = [fit for fit in (self.time_fit, self.count_fit) if fit is not None]
        return [
            label
            for label in BANDS
            if BANDS[label] == BANDS[self.best]
            and (label == self.best or any(fit.consistent_with(label) for fit in fits))
        ]

    def record(self) -> ClassCallRecord:
        """The class as the result reports it."""
        return ClassCallRecord(
            best=self.best,
            basis=self.basis,
            not_ruled_out=tuple(self.not_ruled_out()),
            time=self.time_fit.record() if self.time_fit else None,
            instructions=self.count_fit.record() if self.count_fit else None,
        )


def classify(
    time_fit: ClassFit | None,
    count_fit: ClassFit | None,
    paired_gap: float | None = None,
    measured: ClassFit | None = None,
) -> ClassCall | None:
    """One class from both curves. `paired_gap`, for a candidate: how much faster (in log-log slope) its
    time grows than its count does, beyond what the reference's does, measured on the paired ratios;
    pairs cancel the machine's share (caches, load), so a smaller gap is proof enough. `measured`: the
    side's own medians when `time_fit` is a derived curve (the candidate's is the reference's fitted
    curve times the paired ratios, which would pass one slow reference size on to it)."""
    if count_fit is None:
        return None if time_fit is None else ClassCall(time_fit.best, ClassBasis.TIME, time_fit, None)
    if time_fit is None:
        return ClassCall(count_fit.best, ClassBasis.INSTRUCTIONS, None, count_fit)
    hidden = _time_outgrows_count(measured or time_fit, count_fit) or (
        paired_gap is not None and paired_gap >= PAIRED_GAP
    )
    if BANDS[time_fit.best] > BANDS[count_fit.best] and hidden:
        return ClassCall(_hidden_work_class(time_fit, count_fit), ClassBasis.HIDDEN_WORK, time_fit, count_fit)
    return ClassCall(count_fit.best, ClassBasis.INSTRUCTIONS, time_fit, count_fit)


def _hidden_work_class(time_fit: ClassFit, count_fit: ClassFit) -> str:
    """The time's class, but at most one polynomial band above the count's: one bytecode instruction
    (`list.insert`, `x in a_list`, a slice) touches at most a linear amount of data, so hidden C work
    multiplies the count by n at most; a steeper time curve is caches and load, not more work."""
    ceiling = BANDS[count_fit.best] + 1
    if BANDS[time_fit.best] <= ceiling:
        return time_fit.best
    allowed = [label for label in BANDS if BANDS[label] == ceiling]
    return min(allowed, key=lambda label: time_fit.errors.get(label, math.inf))


def _time_outgrows_count(time_fit: ClassFit, count_fit: ClassFit) -> bool:
    """Whether time grows faster than the count by HIDDEN_WORK_SLOPE, with any one size left out: hidden
    work shows at every size, while one size slowed by a burst of load only steepens the curves it is in."""
    common = [n for n in time_fit.sizes if n in count_fit.sizes]
    if len(common) < 2:
        return True  # nothing to compare against: the time band stands
    points = [(n, time_fit.values[time_fit.sizes.index(n)], count_fit.values[count_fit.sizes.index(n)]) for n in common]

    def gap(kept: list[tuple]) -> float:
        sizes = [n for n, _, _ in kept]
        return loglog_slope(sizes, [t for _, t, _ in kept]) - loglog_slope(sizes, [c for _, _, c in kept])

    subsets = [points[:i] + points[i + 1 :] for i in range(len(points))] if len(points) >= 3 else [points]
    return min(map(gap, subsets)) >= HIDDEN_WORK_SLOPE


GROWTH_FLOOR = 1.5  # the ratio must grow at least this much across the sizes to call a class worse
PROJECTION = 10  # a worse class is priced at this many times the largest size measured


@dataclass(init=False)
class RatioPoint:
    n: int
    low: float
    high: float
    ratio: float  # the point estimate (median); the bound itself when only a bound is known

    def __init__(self, n: int, low: float, high: float, ratio: float | None = None):
        self.n, self.low, self.high = n, low, high
        self.ratio = low if ratio is None else ratio


@dataclass
class ClassComparison:
    """Whether the candidate's class is clearly worse than the reference's, and what it would cost."""

    candidate: ClassCall | None
    reference: ClassCall | None
    worse: bool = False
    growth: float | None = None  # growth of the (median) ratio from the smallest size to the largest
    needed: float | None = None  # growth required before the class is called worse
    projected: float | None = None  # lowest ratio expected at PROJECTION x the largest size
    reason: str = ""

    def record(self) -> ComplexityRecord:
        """The comparison as the result reports it."""
        return ComplexityRecord(
            candidate=self.candidate.best if self.candidate else None,
            reference=self.reference.best if self.reference else None,
            candidate_fit=self.candidate.record() if self.candidate else None,
            reference_fit=self.reference.record() if self.reference else None,
            worse=self.worse,
            ratio_growth=None if self.growth is None else round(self.growth, 3),
            growth_needed=None if self.needed is None else round(self.needed, 3),
            projected_ratio=None if self.projected is None else round(self.projected, 3),
            reason=self.reason,
        )


def compare_classes(
    candidate: ClassCall | None, reference: ClassCall | None, points: list[RatioPoint]
) -> ClassComparison:
    """A worse class needs two independent signs: the fitted classes differ beyond the fitting margin,
    and the candidate/reference ratio itself grows with n by more than noise and memory effects explain.

    The growth is taken between the medians at the two ends: a median is steady even from a few pairs,
    while an interval from a few pairs can be wide enough to hide any growth.
    """
    result = ClassComparison(candidate, reference)
    if candidate is None or reference is None or len(points) < 2:
        result.reason = "too few sizes measured to compare classes"
        return result
    if index(candidate.best) <= index(reference.best):
        result.reason = "same class as the reference" if candidate.best == reference.best else "better class"
        return result
    first, last = points[0], points[-1]
    result.growth = last.ratio / first.ratio
    expected = growth(candidate.best, first.n, last.n) / growth(reference.best, first.n, last.n)
    # A third of the predicted growth (in logs): a candidate's slower term rarely dominates over the
    # whole range (c1 n + c2 n^2 grows less than n^2 does), and GROWTH_FLOOR keeps noise out.
    result.needed = max(GROWTH_FLOOR, expected ** (1 / 3))
    if candidate.consistent_with(reference.best):
        result.reason = f"the candidate's times also fit {reference.best} within the margin"
        return result
    if result.growth < result.needed:
        result.reason = (
            f"the ratio grew only {result.growth:.2f}x from n={first.n} to n={last.n}, "
            f"less than the {result.needed:.2f}x a class change needs"
        )
        return result
    result.worse = True
    far = last.n * PROJECTION
    # From the median: a few pairs at the largest size can leave its lower bound far below it.
    result.projected = last.ratio * growth(candidate.best, last.n, far) / growth(reference.best, last.n, far)
    result.reason = (
        f"the ratio grew {result.growth:.1f}x from n={first.n} to n={last.n}; "
        f"at n={far} the candidate would be about {result.projected:.3g}x slower"
    )
    return result
