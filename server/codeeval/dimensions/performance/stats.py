"""Statistics of paired timings: the candidate/reference ratio, its 95% interval, and instability checks.

Each pair is one candidate timing and one reference timing taken back to back
on the same input, so drift on the machine hits both. Per pair we take the
log of the ratio (ratios are multiplicative: 2x slower and 2x faster are the
same distance from 1). The fastest and slowest pairs are dropped and the
median of the rest is the reported ratio. The 95% interval is the
Tukey-McLaughlin t-interval of the trimmed mean of the log ratios: the
t-interval that stays honest after trimming, because its spread comes from
the winsorized variance rather than from the already-trimmed values.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from functools import lru_cache

from scipy import stats

FLOOR = 1e-12  # a zero timing (a solution that did nothing measurable) still gives a finite ratio
TRIM = 0.2  # share dropped from each end (at least one value once there are four): heavy tails need 20%
WIDE_HALF_WIDTH = math.log(1.10)  # an interval wider than +-10% is "wide"
OUTLIER_SHARE = 0.2  # more outlying pairs than this makes an estimate unstable
CV_WARNING = 0.10  # pyperf's threshold: a standard deviation of 10% of the mean
EXTREME_WARNING = 0.50  # pyperf's threshold: a minimum or maximum 50% away from the mean


@dataclass
class RatioEstimate:
    """What the paired timings say about candidate / reference at one size."""

    ratio: float  # median of the kept pair ratios
    ci95: tuple[float, float]
    pairs: int
    kept: int
    outliers: int = 0  # pairs outside Tukey's fences on the log ratios
    half_width: float = 0.0  # of the interval, in log units
    warnings: list[str] = field(default_factory=list)

    @property
    def unstable(self) -> bool:
        return self.half_width > WIDE_HALF_WIDTH or self.outliers > OUTLIER_SHARE * self.pairs

    @classmethod
    def exact(cls, ratio: float) -> RatioEstimate:
        """A ratio known without noise (instruction counts)."""
        return cls(ratio, (ratio, ratio), pairs=1, kept=1)

    @classmethod
    def rough(cls, ratio: float, factor: float, warning: str) -> RatioEstimate:
        """A single pair: trusted only to within `factor` either way."""
        return cls(
            ratio, (ratio / factor, ratio * factor), pairs=1, kept=1, half_width=math.log(factor), warnings=[warning]
        )


def trim_count(n: int) -> int:
    """How many values to drop from each end of `n`."""
    return max(1, int(n * TRIM)) if n >= 4 else 0


@lru_cache(maxsize=256)
def _t_quantile(p: float, df: int) -> float:
    return float(stats.t.ppf(p, df))


def trimmed_interval(values: list[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """(trimmed mean, low, high): the Tukey-McLaughlin t-interval for the trimmed mean of `values`."""
    ordered = sorted(values)
    n = len(ordered)
    g = trim_count(n)
    kept = ordered[g : n - g]
    center = statistics.fmean(kept)
    if len(kept) < 2:
        return center, center, center
    winsorized = [ordered[g]] * g + kept + [ordered[n - g - 1]] * g
    se = statistics.stdev(winsorized) / ((len(kept) / n) * math.sqrt(n))
    half = _t_quantile(0.5 + confidence / 2, len(kept) - 1) * se
    return center, center - half, center + half


def tukey_outliers(values: list[float]) -> int:
    """Values outside [Q1 - 1.5 IQR, Q3 + 1.5 IQR], the rule pyperf's `stats` command counts."""
    if len(values) < 4:
        return 0
    q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
    spread = 1.5 * (q3 - q1)
    return sum(1 for v in values if v < q1 - spread or v > q3 + spread)


def ratio_estimate(candidate: list[float], reference: list[float]) -> RatioEstimate:
    """Ratio of paired per-call measurements, extremes dropped, with its 95% interval."""
    logs = [math.log(max(c, FLOOR) / max(r, FLOOR)) for c, r in zip(candidate, reference, strict=False)]
    if not logs:
        raise ValueError("no pairs to estimate from")
    g = trim_count(len(logs))
    kept = sorted(logs)[g : len(logs) - g]
    _, low, high = trimmed_interval(logs)
    estimate = RatioEstimate(
        ratio=math.exp(statistics.median(kept)),
        ci95=(math.exp(low), math.exp(high)),
        pairs=len(logs),
        kept=len(kept),
        outliers=tukey_outliers(logs),
        half_width=(high - low) / 2,
    )
    estimate.warnings = instability_warnings(estimate, candidate, reference)
    return estimate


def spread_warnings(label: str, values: list[float]) -> list[str]:
    """pyperf's checks on one side's timings: a large deviation, or an extreme far from the mean."""
    if len(values) < 2:
        return []
    mean = statistics.fmean(values)
    if mean <= 0:
        return []
    warnings = []
    deviation = statistics.stdev(values)
    if deviation >= CV_WARNING * mean:
        warnings.append(f"the {label}'s standard deviation is {100 * deviation / mean:.0f}% of its mean")
    for name, value in (("minimum", min(values)), ("maximum", max(values))):
        away = (value - mean) / mean
        if abs(away) >= EXTREME_WARNING:
            side = "greater" if away > 0 else "smaller"
            warnings.append(f"the {label}'s {name} is {100 * abs(away):.0f}% {side} than its mean")
    return warnings


def instability_warnings(estimate: RatioEstimate, candidate: list[float], reference: list[float]) -> list[str]:
    """Why a ratio estimate may be unreliable: spread samples, outliers, a wide interval."""
    warnings = spread_warnings("candidate", candidate) + spread_warnings("reference", reference)
    if estimate.outliers:
        warnings.append(f"{estimate.outliers} of {estimate.pairs} pairs are outliers")
    if estimate.half_width > WIDE_HALF_WIDTH:
        warnings.append(f"the 95% interval is wide (+-{100 * (math.exp(estimate.half_width) - 1):.0f}%)")
    return warnings


POINTS_PER_DOUBLING = 20.0  # each doubling of the ratio beyond the tolerance costs this many points


def ratio_price(tolerance: float, ratio: float) -> float:
    """The score a ratio earns: 100 up to the tolerance, then 20 points less per doubling (0 at 32x it).

    On a log scale because ratios are multiplicative and their noise is too: a
    run-to-run wobble of 7% in the ratio moves this score by at most 2 points,
    where 100 x tolerance / ratio would move it by up to 7.
    """
    if ratio <= tolerance:
        return 100.0
    return max(0.0, 100.0 - POINTS_PER_DOUBLING * math.log2(ratio / tolerance))


def speed_score(estimate: RatioEstimate, tolerance: float) -> float:
    """The price of the interval's lower bound: 100 while the interval reaches down to the tolerance.

    Using the lower bound keeps the score continuous at the tolerance and
    gives the benefit of the doubt to the candidate: the score is the one the
    most favourable ratio the data allow would earn.
    """
    return ratio_price(tolerance, estimate.ci95[0])


def score_uncertainty(estimate: RatioEstimate, tolerance: float) -> float:
    """Roughly how many points the score could move if the lower bound moved by the interval's half-width
    (a log-ratio half-width, priced at POINTS_PER_DOUBLING per doubling)."""
    score = speed_score(estimate, tolerance)
    return 0.0 if score >= 100 or score <= 0 else POINTS_PER_DOUBLING * estimate.half_width / math.log(2)
