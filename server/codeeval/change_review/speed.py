"""Speed: paired timings of base and new on inputs of growing size, judged with the performance dimension's
statistics (`stats.ratio_estimate`: the median pair ratio and its 95% interval) and complexity fit
(`fit.fit_class`, `complexity.BANDS`). A slow-down is reported only when the evidence says so: the new
version's class is a band higher and its ratio to the base grows with n ("now O(n^2), was O(n)"), or the
interval of the ratio at the largest size lies wholly above the tolerance."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from ..base.findings import Confidence
from ..dimensions.performance.complexity import BANDS, classify
from ..dimensions.performance.fit import COUNT_MARGIN, fit_class
from ..dimensions.performance.stats import WIDE_HALF_WIDTH, RatioEstimate, ratio_estimate
from ..generation.plan import Plan
from ..generation.value_types import TupleT
from ..sandbox import Session, TimingOutcome, TimingStatus
from .report import SpeedResult
from .sized import sized_kind, sized_value

CONTAINER_SIZES = (64, 128, 256, 512, 1024, 2048, 4096, 8192)
INT_SIZES = (8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096)
PAIRS = 7  # paired timings per size
TARGET_TIMING_S = 0.004  # one timing runs enough calls to take about this long
STOP_PER_CALL_S = 0.03  # a size where a call takes this long is the last one
COUNT_PER_CALL_S = 0.005  # instructions are counted (about 10x the call's time) at sizes where calls are quicker
WARM_TIMEOUT_S = 2.0
SLOWDOWN = 1.3  # a ratio whose whole 95% interval is above this is a slow-down
TREND = 1.5  # a class a band higher counts when the ratio grew at least this much from the first size to the last


@dataclass
class SizeTiming:
    """The paired per-call times at one size."""

    n: int
    base: list[float] = field(default_factory=list)
    new: list[float] = field(default_factory=list)
    base_count: float | None = None  # bytecode instructions per call, where counting was cheap enough
    new_count: float | None = None

    @property
    def estimate(self) -> RatioEstimate:
        return ratio_estimate(self.new, self.base)


@dataclass
class Ladder:
    """The sizes measured so far, and how the walk up ended."""

    sizes: list[SizeTiming] = field(default_factory=list)
    new_timed_out_at: int | None = None
    base_seconds_then: float | None = None


def _per_call(outcome: TimingOutcome) -> float | None:
    return outcome.cpu_s[0] if outcome.status == TimingStatus.TIMED and outcome.cpu_s else None


def _measure(base: Session, new: Session, args: list, kwargs: dict, n: int, ladder: Ladder) -> float | None:
    """Time one size in pairs; the slower per-call time seen, or None when the walk must stop here."""
    warm_base = _per_call(base.time(args, kwargs, timeout=WARM_TIMEOUT_S))
    warm_new = _per_call(new.time(args, kwargs, timeout=WARM_TIMEOUT_S))
    if warm_base is None:
        return None
    if warm_new is None:
        ladder.new_timed_out_at, ladder.base_seconds_then = n, warm_base
        return None
    slowest = max(warm_base, warm_new, 1e-7)
    inner = max(1, min(1000, int(TARGET_TIMING_S / slowest)))
    timeout = max(WARM_TIMEOUT_S, 30 * inner * slowest)
    size = SizeTiming(n)
    for _ in range(PAIRS):
        b = _per_call(base.time(args, kwargs, inner=inner, timeout=timeout))
        m = _per_call(new.time(args, kwargs, inner=inner, timeout=timeout))
        if b is None or m is None:
            return None
        size.base.append(b)
        size.new.append(m)
    if slowest < COUNT_PER_CALL_S:
        size.base_count = _per_call(base.time(args, kwargs, mode="count", timeout=timeout))
        size.new_count = _per_call(new.time(args, kwargs, mode="count", timeout=timeout))
    ladder.sizes.append(size)
    return slowest


def measure_speed(base: Session, new: Session, plan: Plan) -> tuple[SpeedResult | None, str]:
    """Walk the sizes up in both loaded sessions; the result, or None and why speed was not measured."""
    top = plan.top
    if not isinstance(top, TupleT) or sized_kind(top) is None:
        return None, "no parameter grows (no list, string, dict or int to size)"
    ladder = Ladder()
    for n in CONTAINER_SIZES if sized_kind(top) == "containers" else INT_SIZES:
        value = sized_value(top, n)
        if value is None:
            return None, f"inputs of size {n} do not fit the parameters' types"
        case = plan.to_case(value)
        slowest = _measure(base, new, case.args, case.kwargs, n, ladder)
        if slowest is None or slowest > STOP_PER_CALL_S:
            break
    return _verdict(ladder)


def _verdict(ladder: Ladder) -> tuple[SpeedResult | None, str]:
    """What the ladder says: a time-out only the new version hit, or the fitted classes and the last ratio."""
    if ladder.new_timed_out_at is not None and ladder.base_seconds_then is not None:
        return _timed_out(ladder.new_timed_out_at, ladder.base_seconds_then), ""
    if len(ladder.sizes) < 3:
        return None, "too few sizes could be timed to compare growth"
    sizes = [s.n for s in ladder.sizes]
    base_class = _class_of(ladder, "base")
    new_class = _class_of(ladder, "new")
    last, first = ladder.sizes[-1].estimate, ladder.sizes[0].estimate
    band_worse = _band_higher(base_class, new_class) and last.ratio >= TREND * first.ratio
    slower = band_worse or last.ci95[0] > SLOWDOWN
    summary = _summary(band_worse, slower, last, sizes[-1], base_class, new_class)
    accuracy = 0.9 if last.half_width <= WIDE_HALF_WIDTH else 0.7
    confidence = Confidence(0.8, accuracy, 0.7, 0.6) if slower else None
    return SpeedResult(tuple(sizes), last.ratio, last.ci95, base_class, new_class, slower, summary, confidence), ""


def _timed_out(n: int, base_seconds: float) -> SpeedResult:
    summary = f"now times out at n={n}, where the base took {base_seconds * 1000:.1f} ms"
    infinite = float("inf")
    return SpeedResult((n,), infinite, (infinite, infinite), None, None, True, summary, Confidence(0.8, 0.85, 0.7, 0.7))


def _class_of(ladder: Ladder, side: str) -> str | None:
    """One side's class from its time curve and, where counted, its instruction counts (`classify`: counts
    settle log factors that timing cannot; time outgrowing them reveals work inside C, `x in some_list`)."""
    sizes = [s.n for s in ladder.sizes]
    times = [statistics.median(s.base if side == "base" else s.new) for s in ladder.sizes]
    counts = [s.base_count if side == "base" else s.new_count for s in ladder.sizes]
    time_fit = fit_class(sizes, times)
    count_fit = fit_class(sizes, counts, COUNT_MARGIN)
    call = classify(time_fit, count_fit)
    return call.best if call else None


def _band_higher(base_class: str | None, new_class: str | None) -> bool:
    return base_class is not None and new_class is not None and BANDS[new_class] > BANDS[base_class]


def _summary(
    band_worse: bool, slower: bool, last: RatioEstimate, n: int, base_class: str | None, new_class: str | None
) -> str:
    interval = f"95% interval {last.ci95[0]:.2f}-{last.ci95[1]:.2f}x"
    if band_worse:
        return f"now {new_class}, was {base_class}: {last.ratio:.1f}x slower at n={n} ({interval})"
    if slower:
        return f"{last.ratio:.2f}x slower at n={n} ({interval}); both fit {base_class or 'no class'}"
    return f"no clear slow-down: {last.ratio:.2f}x at n={n} ({interval})"
