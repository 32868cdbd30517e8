"""What was measured at one input size: both sides' per-call values and what they add up to."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from ...results.performance_details import Measure, SizeRecord
from .complexity import RatioPoint
from .stats import RatioEstimate


@dataclass
class Samples:
    """One side's per-call measurements at one size (seconds, or instructions in deterministic mode)."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    inner: int = 1
    instructions: float | None = None  # one exact count, for the class fit (None: not counted)

    def add(self, cpu: list[float], wall: list[float]) -> None:
        self.cpu += cpu
        self.wall += wall

    def median(self) -> float | None:
        return statistics.median(self.cpu) if self.cpu else None

    def median_wall(self) -> float | None:
        return statistics.median(self.wall) if self.wall else None

    def waiting(self) -> float | None:
        """Wall time over CPU time: how much of a call was spent off this process's CPU."""
        cpu, wall = self.median(), self.median_wall()
        return wall / cpu if cpu and wall else None


@dataclass
class SizeResult:
    n: int
    candidate: Samples = field(default_factory=Samples)
    reference: Samples = field(default_factory=Samples)
    estimate: RatioEstimate | None = None  # the one judged
    judged_on: Measure = Measure.CPU
    failure: str = ""  # the candidate could not be measured here (performance failure)
    exceeded: float | None = None  # when the candidate hit the limit: the least ratio that implies
    reference_failure: str = ""
    notes: list[str] = field(default_factory=list)
    rough: bool = False  # one pair only (the budget allowed no more): judged only if nothing better exists
    test: str | None = None  # the program test measured at this size (its input's length in bytes is n)

    @property
    def usable(self) -> bool:
        return self.estimate is not None and not self.failure and not self.reference_failure

    @property
    def known_estimate(self) -> RatioEstimate:
        """The estimate of a size known to be `usable` (or `measured`); a size without one is a caller's bug."""
        if self.estimate is None:
            raise ValueError(f"n={self.n} has no ratio estimate")
        return self.estimate

    @property
    def measured(self) -> bool:
        """Timed properly: repeated pairs (or exact counts)."""
        return self.usable and not self.rough

    def point(self) -> RatioPoint | None:
        """This size's ratio interval, for the trend across sizes."""
        if self.exceeded is not None:
            return RatioPoint(self.n, self.exceeded, math.inf)
        if self.measured:
            low, high = self.known_estimate.ci95
            return RatioPoint(self.n, low, high, ratio=self.known_estimate.ratio)
        return None

    def record(self) -> SizeRecord:
        """The size as the result reports it."""
        est = self.estimate
        counted = self.judged_on is Measure.INSTRUCTIONS  # deterministic mode: no seconds were measured
        return SizeRecord(
            n=self.n,
            candidate_s=None if counted else self.candidate.median(),
            reference_s=None if counted else self.reference.median(),
            wall_candidate_s=self.candidate.median_wall(),
            wall_reference_s=self.reference.median_wall(),
            candidate_instructions=self.candidate.instructions,
            reference_instructions=self.reference.instructions,
            ratio=est.ratio if est else None,
            ci95=est.ci95 if est else None,
            pairs=est.pairs if est else 0,
            inner=(self.candidate.inner, self.reference.inner),
            judged_on=self.judged_on,
            unstable=bool(est and est.unstable),
            rough=self.rough,
            warnings=tuple(est.warnings) if est else (),
            failure=self.failure,
            exceeded_ratio=self.exceeded,
            reference_failure=self.reference_failure,
            notes=tuple(self.notes),
            test=self.test,
        )


def judged_size(results: list[SizeResult]) -> SizeResult | None:
    """The size the score rests on: the largest timed properly, else the largest with any estimate."""
    for wanted in (lambda r: r.measured, lambda r: r.usable):
        found = [r for r in results if wanted(r)]
        if found:
            return found[-1]
    return None
