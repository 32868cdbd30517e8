"""Performance: candidate against reference, timed in pairs on the same inputs.

For each size the two run interleaved (candidate, reference, candidate, ...),
each timing repeated `iterations` times on fresh copies of the input with the
collector off. Per pair we take the CPU-time ratio; the fastest and slowest
pairs are dropped and the median kept. A 95% confidence interval for the ratio
comes from a t-interval on the log ratios. Points are lost only when the
interval lies entirely above the problem's tolerance.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from scipy import stats

from ..compare import outputs_match
from ..inputs import InputExpression
from ..result import DimensionResult
from ..sandbox import Session
from ..spec.model import Problem
from .cases import Deadline

NAME = "performance"
TARGET_BATCH_S = 0.005  # calls faster than this are batched so a timing is not dominated by timer noise
MAX_INNER = 1000


@dataclass
class SizeTiming:
    n: int
    candidate_s: float | None = None  # median CPU seconds per call
    reference_s: float | None = None
    ratio: float | None = None
    ci95: tuple[float, float] | None = None
    pairs: int = 0
    inner: int = 1
    failure: str = ""
    wall_candidate_s: float | None = None
    wall_reference_s: float | None = None

    def to_dict(self) -> dict:
        return {"n": self.n, "candidate_s": self.candidate_s, "reference_s": self.reference_s, "ratio": self.ratio,
                "ci95": list(self.ci95) if self.ci95 else None, "pairs": self.pairs, "inner": self.inner,
                "failure": self.failure, "wall_candidate_s": self.wall_candidate_s,
                "wall_reference_s": self.wall_reference_s}


@dataclass
class RatioEstimate:
    ratio: float
    ci95: tuple[float, float]
    kept: list[float] = field(default_factory=list)


def ratio_estimate(candidate: list[float], reference: list[float]) -> RatioEstimate:
    """Median ratio of paired timings and a 95% t-interval on the log ratios, extremes dropped."""
    floor = 1e-9
    ratios = sorted(max(c, floor) / max(r, floor) for c, r in zip(candidate, reference))
    kept = ratios[1:-1] if len(ratios) >= 4 else ratios
    logs = [math.log(x) for x in kept]
    center = statistics.median(kept)
    if len(logs) < 2:
        return RatioEstimate(center, (center, center), kept)
    mean = statistics.fmean(logs)
    spread = statistics.stdev(logs) / math.sqrt(len(logs))
    half = stats.t.ppf(0.975, len(logs) - 1) * spread
    return RatioEstimate(center, (math.exp(mean - half), math.exp(mean + half)), kept)


def score_for(estimate: RatioEstimate, tolerance: float) -> float:
    """100 unless the whole interval lies above the tolerance; then it falls smoothly with the ratio."""
    if estimate.ci95[0] <= tolerance:
        return 100.0
    return max(0.0, min(100.0, 100.0 * tolerance / estimate.ratio))


def _calibrate(reference: Session, build, timeout: float) -> int:
    probe = reference.time(build.args, build.kwargs, build.calls, loops=1, inner=1, timeout=timeout)
    if probe.status != "timed" or not probe.cpu_s:
        return 1
    per_call = max(probe.wall_s[0], 1e-7)
    return max(1, min(MAX_INNER, math.ceil(TARGET_BATCH_S / per_call)))


def measure_size(problem: Problem, candidate: Session, reference: Session, n: int, deadline: Deadline) -> SizeTiming:
    spec = problem.performance
    assert spec is not None
    built = InputExpression(spec.input).build(n, spec.seed)
    timing = SizeTiming(n=n)
    limit = problem.limits.time_per_call_s
    ref_out = reference.call(built.args, built.kwargs, built.calls, timeout=limit)
    if not ref_out.returned:
        timing.failure = f"reference {ref_out.describe()}"
        return timing
    cand_out = candidate.call(built.args, built.kwargs, built.calls, timeout=limit)
    if not cand_out.returned:
        timing.failure = f"candidate {cand_out.describe()[:200]}"
        return timing
    if not outputs_match(cand_out.value, ref_out.value, problem.compare):
        timing.failure = "candidate's output differs from the reference's (a wrong answer's speed is not measured)"
        return timing
    inner = _calibrate(reference, built, limit)
    timing.inner = inner
    cand_cpu, ref_cpu, cand_wall, ref_wall = [], [], [], []
    for _ in range(spec.iterations):
        if deadline.expired:
            break
        c = candidate.time(built.args, built.kwargs, built.calls, inner=inner, timeout=limit * inner)
        if c.status != "timed":
            timing.failure = f"candidate {c.status} while timed: {c.message[:200]}"
            return timing
        r = reference.time(built.args, built.kwargs, built.calls, inner=inner, timeout=limit * inner)
        if r.status != "timed":
            timing.failure = f"reference {r.status} while timed: {r.message[:200]}"
            return timing
        cand_cpu += c.cpu_s
        ref_cpu += r.cpu_s
        cand_wall += c.wall_s
        ref_wall += r.wall_s
    if len(cand_cpu) < 3:
        timing.failure = "evaluation time budget exhausted before enough timings"
        return timing
    estimate = ratio_estimate(cand_cpu, ref_cpu)
    timing.candidate_s = statistics.median(cand_cpu)
    timing.reference_s = statistics.median(ref_cpu)
    timing.wall_candidate_s = statistics.median(cand_wall)
    timing.wall_reference_s = statistics.median(ref_wall)
    timing.ratio = estimate.ratio
    timing.ci95 = estimate.ci95
    timing.pairs = len(cand_cpu)
    return timing


def evaluate(problem: Problem, candidate: Session, reference: Session, deadline: Deadline) -> DimensionResult:
    spec = problem.performance
    if spec is None:
        return DimensionResult.not_applicable(NAME, "the problem defines no performance inputs")
    sizes: list[SizeTiming] = []
    for n in spec.sizes:
        timing = measure_size(problem, candidate, reference, n, deadline)
        sizes.append(timing)
        if timing.failure:
            break
    details = {"tolerance": spec.tolerance, "sizes": [s.to_dict() for s in sizes], "clock": "cpu"}
    failed = next((s for s in sizes if s.failure), None)
    measured = [s for s in sizes if s.ratio is not None]
    if failed is not None and failed.failure.startswith("reference"):
        if not measured:
            return DimensionResult.not_applicable(NAME, f"the reference failed at n={failed.n}: {failed.failure}",
                                                  **details)
    elif failed is not None:
        return DimensionResult(NAME, 0.0, summary=f"failed at n={failed.n}",
                               rationale=[f"-100: at n={failed.n} the {failed.failure}."], details=details)
    largest = measured[-1]
    estimate = RatioEstimate(largest.ratio, largest.ci95)
    score = score_for(estimate, spec.tolerance)
    details.update({"ratio": largest.ratio, "ci95": list(largest.ci95), "n": largest.n})
    low, high = largest.ci95
    summary = f"{largest.ratio:.2f}x reference at n={largest.n} (95% CI {low:.2f}-{high:.2f})"
    rationale = []
    if score < 100:
        rationale.append(f"-{100 - score:.1f}: {largest.ratio:.2f}x slower than the reference at n={largest.n}; the "
                         f"95% interval {low:.2f}-{high:.2f} lies above the tolerance {spec.tolerance:g}.")
    return DimensionResult(NAME, score, summary=summary, rationale=rationale, details=details)
