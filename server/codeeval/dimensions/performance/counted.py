"""Counting executed bytecode instructions: deterministic mode, and the exact curve for class fitting.

The count does not depend on the machine, its load or the clock, so the same
solution gets the same numbers on every run. The instruction limit plays the
part of the time limit, and is itself derived only from counts (never from
time), so that where measuring stops is deterministic too.
"""

from __future__ import annotations

from collections.abc import Callable

from ...base.bounded_cache import BoundedCache
from ...problem.inputs import BuiltInput
from ...results.performance_details import Measure
from ...sandbox import Session, TimingOutcome, TimingStatus
from .protocol import TIMED_ANSWER_DIFFERS, Protocol
from .samples import SizeResult
from .stats import RatioEstimate

CANDIDATE_FACTOR = 1000  # a candidate may execute this many times the reference's instructions...
CANDIDATE_FLOOR = 1_000_000  # ...or this many, whichever is more, before it is stopped
TRACED_RATE = 1_000_000  # instructions per second under tracing, at the very least (for timeouts)
TRACED_SLOWDOWN = 60  # how much slower than untraced a counted call may be
CLASS_COUNT_LIMIT = 3_000_000  # in timed mode, counts only feed the class fit: a second or so at most

# Counts are deterministic, so the reference's are kept between evaluations (with the output sample
# the candidate's is compared with); bounded, for long-lived processes such as the language server,
# and locked: the runner's threads evaluate solutions of one problem at once.
REFERENCE_COUNTS_KEPT = 256
_reference_counts: BoundedCache[tuple, TimingOutcome] = BoundedCache(REFERENCE_COUNTS_KEPT)


def count_once(protocol: Protocol, session: Session, built: BuiltInput, limit: int) -> TimingOutcome | str:
    """One counted call on `built` (`cpu_s[0]` is `limit + 1` when stopped at the limit), or what went wrong."""
    timeout = max(protocol.limit * TRACED_SLOWDOWN, limit / TRACED_RATE)
    outcome = session.time(
        built.args,
        built.kwargs,
        built.calls,
        loops=1,
        inner=1,
        timeout=timeout,
        mode="count",
        max_count=limit,
        probe=protocol.probe_counts,
    )
    if outcome.status != TimingStatus.TIMED:
        return f"{outcome.status} while its instructions were counted" + (
            f": {outcome.message[:200]}" if outcome.message else ""
        )
    return outcome


def reference_count(protocol: Protocol, n: int, built: BuiltInput, limit: int) -> TimingOutcome | str:
    """The reference's instruction count at size `n`, counted once and kept; a string says why it failed."""
    key = (protocol.problem.reference, protocol.source.key, n, limit, protocol.probe_counts)
    kept = _reference_counts.get(key)
    if kept is not None:
        return kept
    # Counted without the lock (it takes a while): two threads may both count a size, and get the same.
    value = count_once(protocol, protocol.reference, built, limit)
    if not isinstance(value, str):
        _reference_counts.put(key, value)
    return value


class AnswerChanged(Exception):
    """The candidate answered differently while its instructions were counted."""


def candidate_count(protocol: Protocol, n: int, built: BuiltInput, limit: int, reference: TimingOutcome) -> float | str:
    """The candidate's count at size `n`, or why there is none; raises AnswerChanged (a performance failure)."""
    outcome = count_once(protocol, protocol.candidate, built, limit)
    if isinstance(outcome, str):
        return outcome
    if outcome.cpu_s[0] <= limit and protocol.samples_disagree(n, outcome, reference):
        raise AnswerChanged(TIMED_ANSWER_DIFFERS.format(what="counted"))
    return outcome.cpu_s[0]


PROBES_OFF = (
    "comparisons inside C functions were not counted: with probed ints {why}; both sides were counted without them"
)


def count_pair(
    protocol: Protocol,
    result: SizeResult,
    built: BuiltInput,
    reference_limit: int,
    candidate_limit: Callable[[float], int | None],
) -> tuple[TimingOutcome | str, float | str | None]:
    """The reference's counted call at this size and the candidate's count. `candidate_limit(reference
    count)` bounds the candidate, or is None to skip it; it is skipped too when the reference is over
    `reference_limit`. Raises AnswerChanged.

    At the first size counted, a side that fails or answers differently only with probed ints (a
    solution may check `type(x) is int`) makes both sides be counted without probes from then on.
    """
    reference = reference_count(protocol, result.n, built, reference_limit)
    candidate: float | str | AnswerChanged | None = None
    why = ""
    if isinstance(reference, str):
        why = f"the reference {reference}"
    elif reference.cpu_s[0] <= reference_limit and (limit := candidate_limit(reference.cpu_s[0])) is not None:
        try:
            candidate = candidate_count(protocol, result.n, built, limit, reference)
        except AnswerChanged as exc:
            candidate, why = exc, "the candidate answered differently"
        if isinstance(candidate, str):
            why = f"the candidate {candidate}"
    if why and protocol.probe_counts and not protocol.probes_decided:
        protocol.probe_counts, protocol.probes_decided = False, True
        result.notes.append(PROBES_OFF.format(why=why[:200]))
        return count_pair(protocol, result, built, reference_limit, candidate_limit)
    protocol.probes_decided = True
    if isinstance(candidate, AnswerChanged):
        raise candidate
    return reference, candidate


def count_both(protocol: Protocol, result: SizeResult, built: BuiltInput) -> None:
    """Best effort, for the class fit in timed mode: each side's count, until one passes the limit.

    Whether a count is taken depends only on earlier counts, never on time, so
    the sizes counted (and the class fitted from them) are the same every run.
    """
    limit = CLASS_COUNT_LIMIT
    over = protocol.counts_over_limit
    if "reference" in over:
        return
    try:
        reference, candidate = count_pair(
            protocol, result, built, limit, lambda _: None if "candidate" in over else limit
        )
    except AnswerChanged as exc:
        result.failure = str(exc)
        return
    if isinstance(reference, str) or reference.cpu_s[0] > limit:
        over.add("reference")
        return
    result.reference.instructions = reference.cpu_s[0]
    if "candidate" in over:
        return
    if isinstance(candidate, (int, float)) and candidate <= limit:
        result.candidate.instructions = candidate
    else:  # failed (a sentence saying why), or over the limit
        over.add("candidate")


CLASS_FIT_POINTS = 3  # counted sizes a class fit needs
SMALLEST_COUNTED = 16
COUNT_ONLY = "counted only, for the class fit: counts at larger sizes passed the {limit:,}-instruction limit"


def count_below(protocol: Protocol, results: list[SizeResult]) -> list[SizeResult]:
    """Sizes below the smallest measured one, counted only, when the class-fit limit stopped counting
    before three sizes were: halving n, so a quadratic candidate's class still comes from its counts.
    Smaller sizes count less, so they fit under the limit that larger ones passed."""
    counted = sum(r.candidate.instructions is not None for r in results)
    if not protocol.source.resizable:  # only the listed inputs exist (a program's tests)
        return []
    if not results or counted >= CLASS_FIT_POINTS or results[0].failure or results[0].reference_failure:
        return []
    extra: list[SizeResult] = []
    n = results[0].n
    while counted + len(extra) < CLASS_FIT_POINTS and n // 2 >= SMALLEST_COUNTED:
        n //= 2
        result = SizeResult(n, notes=[COUNT_ONLY.format(limit=CLASS_COUNT_LIMIT)])
        protocol.counts_over_limit = set()  # the limit is per size; these are smaller than any passed
        count_both(protocol, result, protocol.inputs(n).get(1))
        if result.candidate.instructions is None:
            break
        extra.insert(0, result)
        if result.failure:
            break
    return extra


class Counted(Protocol):
    """The deterministic protocol: candidate and reference compared by instructions counted, not time."""

    def measure(self, n: int, share: float, role: str) -> SizeResult:
        result = SizeResult(n, judged_on=Measure.INSTRUCTIONS)
        inputs = self.inputs(n)
        if self.verify(result, inputs.get(0)) is None:
            return result
        built = inputs.get(1)
        ceiling = self.settings.max_instructions

        def limit_for(reference: float) -> int:
            return min(ceiling, max(CANDIDATE_FACTOR * int(reference), CANDIDATE_FLOOR))

        try:
            counted, candidate = count_pair(self, result, built, ceiling, limit_for)
        except AnswerChanged as exc:
            result.failure = str(exc)
            return result
        if isinstance(counted, str):
            result.reference_failure = f"the reference {counted}"
            return result
        reference = counted.cpu_s[0]
        if reference > ceiling:
            result.reference_failure = f"the reference executed more than {ceiling:,} instructions"
            return result
        result.reference.add([reference], [])
        result.reference.instructions = reference
        if not isinstance(candidate, (int, float)):  # a sentence saying why there is no count
            result.failure = f"the candidate {candidate}"
            return result
        limit = limit_for(reference)
        if candidate > limit:
            result.failure = (
                f"the candidate executed more than {limit:,} instructions per call (the reference: {int(reference):,})"
            )
            result.exceeded = limit / max(reference, 1)
            return result
        result.candidate.add([candidate], [])
        result.candidate.instructions = candidate
        result.estimate = RatioEstimate.exact(max(candidate, 1) / max(reference, 1))
        return result
