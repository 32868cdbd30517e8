"""Fake sessions for exercising the measuring protocol without processes or clocks."""

from __future__ import annotations

import random
from collections.abc import Callable

from codeeval.problem.definition import PerformanceSpec, Problem
from codeeval.sandbox import CallOutcome, CallStatus, Limits, TimingOutcome, TimingStatus

REFERENCE = "def total(xs):\n    return sum(xs)\n"


def problem(sizes=(1000, 2000, 4000, 8000), iterations=10, tolerance=1.25, **fields) -> Problem:
    spec = PerformanceSpec(
        sizes=list(sizes), input="args(ints(n))", iterations=iterations, tolerance=tolerance, **fields
    )
    return Problem(name="total", summary="sum", entry_point="total", reference=REFERENCE, tests=[], performance=spec)


class FakeSession:
    """Answers like a `Session`: each call of size n costs `cost(n)` seconds, times a noise factor.

    `noise` draws one multiplicative factor per timing; `wall` turns CPU seconds into wall seconds;
    `count(n)` gives instructions per call in count mode. Nothing runs and no time passes.
    """

    def __init__(
        self,
        cost: Callable[[int], float],
        *,
        limit: float = 2.0,
        noise=None,
        wall=None,
        count: Callable[[int], float] | None = None,
        answer=sum,
        source: str = REFERENCE,
    ):
        self.limits = Limits(time_per_call_s=limit)
        self.source = source
        self.cost, self.count, self.answer = cost, count, answer
        self.noise = noise or (lambda: 1.0)
        self.wall = wall or (lambda cpu: cpu * 1.05)
        self.requests: list[tuple] = []

    def call(self, args, kwargs=None, calls=None, timeout=None) -> CallOutcome:
        n = len(args[0])
        if self.cost(n) > (timeout or self.limits.time_per_call_s):
            return CallOutcome(CallStatus.TIMEOUT, message="no result")
        return CallOutcome(CallStatus.RETURNED, value=self.answer(args[0]), duration_s=self.cost(n))

    def time(
        self, args, kwargs=None, calls=None, *, loops=1, inner=1, timeout=None, mode="cpu", max_count=None, probe=False
    ) -> TimingOutcome:
        n = len(args[0])
        self.requests.append((n, mode, loops, inner))
        if mode == "count":
            value = self.count(n) if self.count else 10.0 * n
            return TimingOutcome(TimingStatus.TIMED, cpu_s=[min(value, (max_count or value) + 1)], wall_s=[0.0])
        if self.cost(n) * loops * inner > (timeout or 1e9):
            return TimingOutcome(TimingStatus.TIMEOUT, message="no result")
        cpu = [self.cost(n) * self.noise() for _ in range(loops)]
        return TimingOutcome(TimingStatus.TIMED, cpu_s=cpu, wall_s=[self.wall(c) for c in cpu])


def jitter(seed: int, spread: float = 0.03, outliers: float = 0.0, size: float = 3.0):
    """A reproducible noise source: log-normal jitter, plus occasional slow outliers."""
    rng = random.Random(seed)

    def draw() -> float:
        factor = rng.lognormvariate(0.0, spread)
        return factor * size if rng.random() < outliers else factor

    return draw
