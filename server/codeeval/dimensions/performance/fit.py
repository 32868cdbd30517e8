"""Fitting complexity classes to one curve of time (or instruction counts) against n.

Each class f is fitted as t(n) = a + b f(n) with a, b >= 0 (a is the fixed
cost of a call), minimising relative error so that small and large sizes
count alike. Few sizes and real machines (caches make an O(n) loop a little
superlinear) mean several classes often fit nearly as well; the simplest
class whose error is within a margin of the best one is chosen, so a class
is only called higher when the data clearly demand it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import nnls

from ...results.performance_details import FitRecord

CLASSES = ("O(1)", "O(log n)", "O(n)", "O(n log n)", "O(n^2)", "O(n^3)", "O(2^n)")
RELATIVE_MARGIN = 1.5  # a simpler class is kept while its error is within 1.5x the best error...
TIME_MARGIN = 0.04  # ...or within 4 points of relative error of it, for times (noise, caches)...
COUNT_MARGIN = 0.01  # ...or 1 point for instruction counts, which are exact but for lower-order terms
MIN_GROWING_SHARE = 0.5  # a class must explain at least half the time at the largest size, not the fixed cost


def log_f(label: str, n: float) -> float:
    """log f(n) for a class; computed in logs so that 2^n cannot overflow."""
    n = max(float(n), 2.0)
    log_n = math.log(n)
    return {
        "O(1)": 0.0,
        "O(log n)": math.log(math.log2(n)),
        "O(n)": log_n,
        "O(n log n)": log_n + math.log(math.log2(n)),
        "O(n^2)": 2 * log_n,
        "O(n^3)": 3 * log_n,
        "O(2^n)": n * math.log(2),
    }[label]


def growth(label: str, small: float, large: float) -> float:
    """f(large) / f(small), capped so that 2^n stays a float."""
    return math.exp(min(700.0, log_f(label, large) - log_f(label, small)))


@dataclass
class ClassFit:
    """The classes fitted to one curve: each one's relative RMS error, and the chosen one."""

    best: str
    errors: dict[str, float]
    r_squared: float | None  # of the chosen class, on log times; None when the times do not vary
    coefficients: tuple[float, float] = (0.0, 0.0)  # a, b of the chosen class (b per scaled f)
    sizes: list[int] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    margin: float = TIME_MARGIN

    def consistent_with(self, label: str) -> bool:
        """Whether `label` fits within the margin of the best error (the data cannot rule it out)."""
        return self.errors.get(label, math.inf) <= _within(min(self.errors.values()), self.margin)

    def predict(self, n: int) -> float:
        """The fitted curve of the chosen class at `n` (the fit scales f to 1 at the largest size)."""
        a, b = self.coefficients
        if self.best == "O(1)":
            return a
        scale = log_f(self.best, n) - max(log_f(self.best, m) for m in self.sizes)
        return a + b * math.exp(min(scale, 700.0))

    def record(self) -> FitRecord:
        """The fit as the result reports it (rounded to 4 places)."""
        return FitRecord(
            best=self.best,
            error=round(self.errors[self.best], 4),
            r_squared=None if self.r_squared is None else round(self.r_squared, 4),
            errors={k: round(v, 4) for k, v in self.errors.items()},
        )


def _within(best_error: float, margin: float) -> float:
    return max(best_error * RELATIVE_MARGIN, best_error + margin)


def _fit_one(label: str, sizes: list[int], times: list[float]) -> tuple[float, float, float, list[float]]:
    """(relative RMS error, a, b, fitted values) of t = a + b f(n), a, b >= 0."""
    logs = [log_f(label, n) for n in sizes]
    top = max(logs)
    scaled = [math.exp(v - top) for v in logs]  # f / f(largest size): values in (0, 1]
    weights = [1.0 / t for t in times]
    if label == "O(1)":
        matrix = np.array([[w] for w in weights])
    else:
        matrix = np.array([[w, w * x] for w, x in zip(weights, scaled, strict=True)])
    solution, _ = nnls(matrix, np.ones(len(times)))
    a = float(solution[0])
    b = float(solution[1]) if len(solution) > 1 else 0.0
    fitted = [a + b * x for x in scaled]
    error = math.sqrt(sum(((f - t) / t) ** 2 for f, t in zip(fitted, times, strict=True)) / len(times))
    return error, a, b, fitted


def _r_squared(times: list[float], fitted: list[float]) -> float | None:
    logs = [math.log(t) for t in times]
    mean = sum(logs) / len(logs)
    total = sum((v - mean) ** 2 for v in logs)
    if total < 1e-12:
        return None
    residual = sum((math.log(max(f, 1e-300)) - v) ** 2 for f, v in zip(fitted, logs, strict=True))
    return 1.0 - residual / total


def fit_class(sizes: list[int], times: Sequence[float | None], margin: float = TIME_MARGIN) -> ClassFit | None:
    """The simplest class that fits the curve about as well as the best one; None with under 3 points.

    `margin` is how much worse (in relative error) a simpler class may fit and still be chosen:
    TIME_MARGIN for timings, COUNT_MARGIN for instruction counts.
    """
    points = [(n, t) for n, t in zip(sizes, times, strict=True) if t is not None and t > 0]
    if len(points) < 3:
        return None
    sizes, measured = [p[0] for p in points], [p[1] for p in points]
    fits = {label: _fit_one(label, sizes, measured) for label in CLASSES}
    # A steep class plus a large fixed cost can fit noise as "flat, then a jump at the last size";
    # such fits, where f(n) explains little of the largest time, are not candidates.
    eligible = {
        label: fit[0]
        for label, fit in fits.items()
        if label == "O(1)" or fit[2] >= MIN_GROWING_SHARE * (fit[1] + fit[2])
    }
    errors = {label: fit[0] for label, fit in fits.items()}
    limit = _within(min(eligible.values()), margin)
    best = next(label for label in CLASSES if label in eligible and eligible[label] <= limit)
    _, a, b, fitted = fits[best]
    return ClassFit(best, errors, _r_squared(measured, fitted), (a, b), list(sizes), list(measured), margin)


def index(label: str) -> int:
    return CLASSES.index(label)
