"""Why a result deserves a person's look: each reason typed, with a strength from 0 to 1 and a sentence.

A reason's strength says how strongly that one signal fires on this result; `weights.py` says how much each
kind of reason is worth, and `ranking.py` combines them into the queue's order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..base.vocabulary import Vocabulary
from ..results.detail_record import DetailRecord
from .run_facts import CODE_QUALITY, EDGE_CASES, FindingFacts, ResultFacts

PIVOT = 0.6  # the confidence at which a finding starts to cost points: the least sure verdicts sit here
SPREAD = 0.4  # a costing finding this far from PIVOT (1.0 from 0.6) is as sure as findings get
FULL_POINTS = 10.0  # a finding costing this many dimension points or more counts in full
MANY_FREE = 5  # free low-confidence findings (edge: failing inputs) that make the signal count in full
TIMEOUT_KIND = "times out"  # the edge-case finding kind of a generated input stopped at the time limit
MOST = 0.5  # "most edge cases fail": the generated inputs' pass share below this, the tests all passing
THIN = 100  # a clean pass judged on fewer generated inputs than this (half the generator's 200) rests on little


class ReasonKind(Vocabulary):
    """A typed reason a result is in the queue (or lower in it)."""

    UNCERTAIN_EDGE_FINDING = "uncertain edge finding"  # an edge finding costs points at confidence near 0.6
    UNCERTAIN_QUALITY_FINDING = "uncertain quality finding"  # the same for a code-quality finding
    TIME_LIMIT_FINDING = "time-limit edge finding"  # generated inputs failed by the time limit, not a wrong answer
    INCONCLUSIVE_TIMING = "inconclusive timing"  # the speed ratio's 95% interval straddles the tolerance
    DIMENSIONS_DISAGREE = "dimensions disagree"  # the tests and the generated inputs tell different stories
    THIN_EDGE_EVIDENCE = "thin edge evidence"  # a clean pass on few generated inputs: the generator was held back
    FREE_EDGE_FINDINGS = "free edge findings"  # low-confidence edge findings that cost nothing, on many inputs
    FREE_QUALITY_FINDINGS = "free quality findings"  # many low-confidence quality findings that cost nothing
    NEAR_THRESHOLD = "near threshold"  # the score is within the margin of the user's pass mark
    STALE_REVIEW = "stale review"  # a person decided on an earlier version of the code
    REVIEWED = "reviewed"  # a person's decisions apply: lower in the queue


@dataclass(frozen=True)
class Reason(DetailRecord):
    """One reason, how strongly it fires (0-1), and the sentence a reviewer reads."""

    kind: ReasonKind
    strength: float
    text: str


def closeness(confidence: float) -> float:
    """1 at the pivot confidence, falling linearly to 0 at SPREAD from it."""
    return max(0.0, 1.0 - abs(confidence - PIVOT) / SPREAD)


def reasons_for(facts: ResultFacts, threshold: float | None, margin: float) -> list[Reason]:
    """Every reason that fires on one result, strongest first."""
    found = [
        *_uncertain(facts, EDGE_CASES, ReasonKind.UNCERTAIN_EDGE_FINDING),
        *_uncertain(facts, CODE_QUALITY, ReasonKind.UNCERTAIN_QUALITY_FINDING),
        *_time_limit(facts),
        *_timing(facts),
        *_disagreement(facts),
        *_thin(facts),
        *_free(facts, EDGE_CASES, ReasonKind.FREE_EDGE_FINDINGS),
        *_free(facts, CODE_QUALITY, ReasonKind.FREE_QUALITY_FINDINGS),
        *_near_threshold(facts, threshold, margin),
        *_review(facts),
    ]
    return sorted(found, key=lambda reason: -reason.strength)


def _costing(facts: ResultFacts, dimension: str) -> list[FindingFacts]:
    return [f for f in facts.findings if f.dimension == dimension and f.costs and f.label != TIMEOUT_KIND]


def _uncertain(facts: ResultFacts, dimension: str, kind: ReasonKind) -> Iterator[Reason]:
    """The costing finding whose confidence is nearest the pivot, weighted by the points it puts at stake."""
    scored = [(closeness(f.confidence) * min(1.0, f.points / FULL_POINTS), f) for f in _costing(facts, dimension)]
    scored = [(strength, f) for strength, f in scored if strength > 0]
    if not scored:
        return
    strength, finding = max(scored, key=lambda pair: pair[0])
    others = f" (and {len(scored) - 1} more)" if len(scored) > 1 else ""
    yield Reason(
        kind,
        round(strength, 3),
        f"{_describe(finding)} costs {finding.points:g} points at confidence {finding.confidence:.2f}{others}",
    )


def _describe(finding: FindingFacts) -> str:
    if finding.dimension == EDGE_CASES:
        return f"edge finding `{finding.label}` on {finding.inputs} input(s) [{finding.fingerprint}]"
    return f"{finding.label} finding [{finding.fingerprint}]"


def _time_limit(facts: ResultFacts) -> Iterator[Reason]:
    """Edge findings that are time-outs: too slow, or a busy machine? A clock decided it, costing or not."""
    timeouts = [f for f in facts.findings if f.dimension == EDGE_CASES and f.label == TIMEOUT_KIND]
    if timeouts:
        inputs = sum(f.inputs for f in timeouts)
        points = sum(f.points for f in timeouts)
        cost = f"costing {points:g} points" if points else "shown at low confidence, costing nothing"
        yield Reason(
            ReasonKind.TIME_LIMIT_FINDING,
            1.0 if points else 0.5,
            f"{inputs} generated input(s) hit the time limit, {cost}: too slow, or a slow machine?",
        )


def _timing(facts: ResultFacts) -> Iterator[Reason]:
    """The speed verdict rests on an interval that straddles the tolerance, or on unstable timings."""
    timing = facts.timing
    if timing is None:
        return
    if timing.low <= timing.tolerance < timing.high:
        above = (timing.high - timing.tolerance) / (timing.high - timing.low)
        yield Reason(
            ReasonKind.INCONCLUSIVE_TIMING,
            round(max(0.25, above), 3),
            f"{timing.ratio:.2f}x the reference, 95% interval {timing.low:.2f}-{timing.high:.2f} straddles the "
            f"tolerance {timing.tolerance:g}: not scored as slow, not shown to be fast enough",
        )
    elif timing.unstable:
        yield Reason(ReasonKind.INCONCLUSIVE_TIMING, 0.5, f"{timing.ratio:.2f}x the reference on unstable timings")


def _disagreement(facts: ResultFacts) -> Iterator[Reason]:
    """Passing the tests while most generated inputs fail, or the reverse."""
    tests, generated = facts.correctness, facts.generated
    if tests is None or generated is None:
        return
    if tests.share == 1.0 and generated.share < MOST:
        yield Reason(
            ReasonKind.DIMENSIONS_DISAGREE,
            round(1.0 - generated.share, 3),
            f"passes all {tests.total} tests but only {generated.passed}/{generated.total} generated inputs",
        )
    elif tests.share < MOST and generated.share == 1.0:
        yield Reason(
            ReasonKind.DIMENSIONS_DISAGREE,
            round(1.0 - tests.share, 3),
            f"fails {tests.total - tests.passed}/{tests.total} tests but passes all {generated.total} generated inputs",
        )


def _thin(facts: ResultFacts) -> Iterator[Reason]:
    """A clean pass whose generated inputs were few: the edge cases' silence says little."""
    tests, generated = facts.correctness, facts.generated
    if tests is None or generated is None or tests.share < 1.0 or generated.share < 1.0 or generated.total >= THIN:
        return
    if any(f.costs for f in facts.findings if f.dimension == EDGE_CASES):
        return
    yield Reason(
        ReasonKind.THIN_EDGE_EVIDENCE,
        1.0,
        f"passes everything, but on only {generated.total} generated inputs (the generator aims at 200)",
    )


def _free(facts: ResultFacts, dimension: str, kind: ReasonKind) -> Iterator[Reason]:
    """Many low-confidence findings that cost nothing: each alone is unsure, together they may be right."""
    free = [f for f in facts.findings if f.dimension == dimension and f.low and not f.costs and f.label != TIMEOUT_KIND]
    count = sum(f.inputs for f in free)
    if count:
        what = "failing generated input(s)" if dimension == EDGE_CASES else "finding(s)"
        labels = ", ".join(sorted({f.label for f in free}))
        yield Reason(
            kind,
            round(min(1.0, count / MANY_FREE), 3),
            f"{count} low-confidence {what} that cost nothing ({labels})",
        )


def _near_threshold(facts: ResultFacts, threshold: float | None, margin: float) -> Iterator[Reason]:
    if threshold is None:
        return
    distance = abs(facts.score - threshold)
    if distance <= margin:
        side = "above" if facts.score >= threshold else "below"
        yield Reason(
            ReasonKind.NEAR_THRESHOLD,
            round(1.0 - distance / margin, 3) if margin else 1.0,
            f"score {facts.score:g} is {distance:.1f} points {side} the threshold {threshold:g}",
        )


def _review(facts: ResultFacts) -> Iterator[Reason]:
    review = facts.review
    if review is None:
        return
    who = ", ".join(review.reviewers)
    if review.stale:
        yield Reason(
            ReasonKind.STALE_REVIEW,
            1.0,
            f"{review.stale} decision(s) by {who} were made on an earlier version of the code and no longer apply",
        )
    elif review.applied:
        yield Reason(ReasonKind.REVIEWED, 1.0, f"reviewed: {review.applied} decision(s) by {who} apply")
