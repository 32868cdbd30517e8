"""One solution timed on its own at every size, for checking a problem's declared complexity class."""

from __future__ import annotations

import math

from ...problem.definition import PerformanceSpec
from ...problem.inputs import InputExpression
from ...sandbox import Session, TimingStatus
from .complexity import ClassCall, classify
from .fit import COUNT_MARGIN, fit_class

LOOPS = 5
TARGET_BATCH_S = 0.005
MAX_INNER = 1000
COUNT_LIMIT = 3_000_000  # instructions; beyond it the class rests on time alone


def curve(spec: PerformanceSpec, session: Session) -> tuple[list[int], list[float], list[float], str]:
    """(sizes, fastest per-call CPU seconds, instructions per call, why it stopped early or "")."""
    expression = InputExpression(spec.input)
    limit = session.limits.time_per_call_s
    sizes: list[int] = []
    times: list[float] = []
    counts: list[float] = []
    for n in spec.sizes:
        built = expression.build(n, spec.seed, 1)
        first = session.call(built.args, built.kwargs, built.calls, timeout=limit)
        if not first.returned:
            return sizes, times, counts, f"at n={n} it {first.describe()[:200]}"
        per_call = max(first.duration_s or 0.0, 1e-7)
        inner = max(1, min(MAX_INNER, math.ceil(TARGET_BATCH_S / per_call)))
        timing = session.time(
            built.args, built.kwargs, built.calls, loops=LOOPS, inner=inner, timeout=limit * LOOPS * inner + 2.0
        )
        if timing.status != TimingStatus.TIMED:
            return sizes, times, counts, f"at n={n} timing failed: {timing.status} {timing.message[:200]}"
        count = session.time(
            built.args,
            built.kwargs,
            built.calls,
            loops=1,
            inner=1,
            mode="count",
            max_count=COUNT_LIMIT,
            timeout=max(60.0, limit * 60),
        )
        sizes.append(n)
        times.append(min(timing.cpu_s))  # alone, there is no pair to cancel drift: the fastest is steadiest
        if count.status == TimingStatus.TIMED and count.cpu_s[0] <= COUNT_LIMIT:
            counts.append(count.cpu_s[0])
    return sizes, times, counts, ""


def fitted_class(spec: PerformanceSpec, session: Session) -> tuple[ClassCall | None, str]:
    """The complexity class fitted to the session's curve (times, and counts where complete), and why it stopped."""
    sizes, times, counts, stopped = curve(spec, session)
    count_fit = fit_class(sizes[: len(counts)], counts, COUNT_MARGIN) if len(counts) == len(sizes) else None
    return classify(fit_class(sizes, times), count_fit), stopped


def declared_class_problem(spec: PerformanceSpec, session: Session) -> str | None:
    """Why the reference's measured curve contradicts `performance.complexity`, or None if it does not.

    Only a clear contradiction counts: the declared class must fit within the
    fitting margin of the best class, not be the best one (O(n) and O(n log n)
    are often indistinguishable over a decade of sizes).
    """
    declared = spec.complexity
    if not declared:
        return None
    call, stopped = fitted_class(spec, session)
    if call is None:
        return (
            f"cannot check {declared}: the reference was timed at fewer than three sizes ({stopped or 'too few sizes'})"
        )
    # Either measure may vouch for the declared class: time for work inside C (a bisect's log factor),
    # the instruction count for Python-level work that caches make look superlinear in time.
    if call.best == declared or any(
        fit is not None and fit.consistent_with(declared) for fit in (call.time_fit, call.count_fit)
    ):
        return None
    fit = call.fit
    return (
        f"declared {declared}, but the reference's {call.basis} at n={fit.sizes} fit {call.best} "
        f"(relative error {100 * fit.errors[call.best]:.1f}%) and not {declared} "
        f"({100 * fit.errors[declared]:.1f}%)"
    )
