"""What every way of measuring one size starts with: the inputs, and a check that both answers agree."""

from __future__ import annotations

import math

from ...problem.definition import Problem
from ...problem.inputs import BuiltInput
from ...sandbox import CallStatus, Session, TimingOutcome
from .budget import Budget, Settings
from .input_source import InputSource
from .samples import SizeResult

VARIANTS = 3  # distinct inputs per size, cycled through the pairs
MIN_DURATION_S = 1e-7
TIMED_ANSWER_DIFFERS = (
    "the candidate's output while being {what} differs from the reference's on the same "
    "input (it was right when checked untimed): a solution that changes what it does when "
    "measured is not measured"
)


def seconds_text(value: float | None) -> str:
    """A duration for people: µs, ms or s; `?` when unknown."""
    if value is None or not math.isfinite(value):
        return "?"
    if value < 1e-3:
        return f"{value * 1e6:.0f} µs"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


class Inputs:
    """The inputs for one size, built on first use. Variant 0 is checked for agreement; the timed runs
    use variants 1..VARIANTS, so a solution that remembers answers across calls gains little."""

    def __init__(self, source: InputSource, n: int):
        self.source, self.n = source, n
        self._built: dict[int, BuiltInput] = {}

    def get(self, variant: int) -> BuiltInput:
        key = 0 if variant == 0 else 1 + (variant - 1) % VARIANTS
        if key not in self._built:
            self._built[key] = self.source.build(self.n, key)
        return self._built[key]


class Protocol:
    """Measures one size for one candidate against the reference, within the dimension's budget."""

    def __init__(
        self,
        problem: Problem,
        source: InputSource,
        candidate: Session,
        reference: Session,
        settings: Settings,
        budget: Budget,
    ):
        self.problem = problem
        self.source, self.spec = source, source.spec
        self.candidate, self.reference = candidate, reference
        self.settings, self.budget = settings, budget
        self.limit = candidate.limits.time_per_call_s
        self.counts_over_limit: set[str] = set()  # sides whose instruction count passed the class-fit limit
        # Counted with comparison probes (see the sandbox's `probes`) unless the first counted size shows
        # that a side behaves differently with them; decided once, so every size is counted alike.
        self.probe_counts = True
        self.probes_decided = False

    def inputs(self, n: int) -> Inputs:
        return Inputs(self.source, n)

    def verify(self, result: SizeResult, built: BuiltInput) -> tuple[float, float] | None:
        """Both answers on one input, compared: (reference, candidate) call durations, or None on failure."""
        ref = self.reference.call(built.args, built.kwargs, built.calls, timeout=self.limit)
        if not ref.returned:
            result.reference_failure = f"the reference {ref.describe()[:200]}"
            return None
        rejected = self.source.reference_rejection(result.n, ref.value)
        if rejected is not None:
            result.reference_failure = rejected
            return None
        t_ref = max(ref.duration_s or 0.0, MIN_DURATION_S)
        cand = self.candidate.call(built.args, built.kwargs, built.calls, timeout=self.limit)
        if cand.status == CallStatus.TIMEOUT:
            result.failure = (
                f"the candidate did not finish within the {self.limit:g} s per-call limit "
                f"(the reference took {seconds_text(t_ref)})"
            )
            result.exceeded = self.limit / t_ref
            return None
        if not cand.returned:
            result.failure = f"the candidate {cand.describe()[:200]}"
            return None
        rejected = self.source.rejection(result.n, cand.value, ref.value, built.args)
        if rejected is not None:
            result.failure = f"{rejected} (a wrong answer's speed is not measured)"
            return None
        return t_ref, max(cand.duration_s or 0.0, MIN_DURATION_S)

    def samples_disagree(self, n: int, candidate: TimingOutcome, reference: TimingOutcome) -> bool:
        """Whether the candidate's output from a timed (or counted) call at size `n` is not accepted beside the
        reference's on the same input: what a solution that behaves differently when it notices being timed shows."""
        if not reference.has_sample or not self.source.samples_comparable:
            return False  # nothing to compare with
        return (
            not candidate.has_sample or self.source.rejection(n, candidate.sample, reference.sample, None) is not None
        )

    def measure(self, n: int, share: float, role: str) -> SizeResult:
        """`role`: "scored" (the largest size), "bound" (the smallest) or "curve" (one in between)."""
        raise NotImplementedError
